//! Reading the input text (a file or standard input) and deciding which puzzle it is.

use anyhow::{bail, Context, Result};
use std::io::Read;
use std::path::Path;

/// Which puzzle an input holds; `Auto` detects it from the text. (`--puzzle` reads it
/// as `crate::puzzles::nxn::choice` says.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PuzzleChoice {
    /// Detect from the text: 729 digits is a digit cube, anything else a 3×3×3.
    #[default]
    Auto,
    /// The 9×9×9 digit cube.
    Cubular,
    /// The Rubik's Cube.
    Rubik,
    /// An N×N×N cube other than the 3×3×3 (`222`, `444`, …).
    Big(usize),
}

/// The puzzle an input was found to hold: the server's own type, so that the command
/// line and the JSON API name and detect puzzles alike.
pub use cubist_web::puzzles::Puzzle;

/// An input's text together with the name to use for it in messages.
pub struct Input {
    /// `<stdin>` or the path as given.
    pub name: String,
    /// The whole text.
    pub text: String,
}

/// Read `path` (`None` or `-` is standard input) as UTF-8 text. A leading byte-order
/// mark (which some Windows editors write) is dropped, as it is no part of the cube.
pub fn read(path: Option<&Path>) -> Result<Input> {
    let (name, bytes) = match path {
        None => read_stdin()?,
        Some(p) if p.as_os_str() == "-" => read_stdin()?,
        Some(p) => {
            let name = p.display().to_string();
            let bytes = std::fs::read(p).with_context(|| format!("cannot read {name}"))?;
            (name, bytes)
        }
    };
    let bytes = match bytes.strip_prefix(BYTE_ORDER_MARK) {
        Some(rest) => rest.to_vec(),
        None => bytes,
    };
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => bail!(
            "{name}: not text (byte {} is not valid UTF-8)",
            e.utf8_error().valid_up_to() + 1
        ),
    };
    if text.contains('\0') {
        bail!("{name}: not text (holds a NUL byte)");
    }
    Ok(Input { name, text })
}

/// UTF-8's byte-order mark.
const BYTE_ORDER_MARK: &[u8] = b"\xef\xbb\xbf";

fn read_stdin() -> Result<(String, Vec<u8>)> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .read_to_end(&mut bytes)
        .context("cannot read standard input")?;
    Ok(("<stdin>".to_string(), bytes))
}

/// Decide the puzzle: a forced choice wins; otherwise a text with 100 or more digits is
/// a digit cube (a 3×3×3 in any format holds at most 54 digits), anything else a 3×3×3.
pub fn detect(text: &str, choice: PuzzleChoice) -> Puzzle {
    use cubist_web::puzzles::{detect, PuzzleChoice as Choice};
    let choice = match choice {
        PuzzleChoice::Auto => Choice::Auto,
        PuzzleChoice::Cubular => Choice::Cubular,
        PuzzleChoice::Rubik | PuzzleChoice::Big(_) => Choice::Rubik,
    };
    detect(text, choice)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_is_dropped() {
        let dir = std::env::temp_dir().join(format!("cubist-bom-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("cube.txt");
        std::fs::write(&path, b"\xef\xbb\xbfUF UR").unwrap();
        let input = read(Some(&path)).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(input.text, "UF UR");
    }

    #[test]
    fn detects_by_digit_count() {
        let digits = "1".repeat(729);
        assert_eq!(detect(&digits, PuzzleChoice::Auto), Puzzle::Cubular);
        let pieces = "UF UR UB UL DF DR DB DL FR FL BR BL UFR URB UBL ULF DRF DFL DLB DBR";
        assert_eq!(detect(pieces, PuzzleChoice::Auto), Puzzle::Rubik);
        assert_eq!(detect(pieces, PuzzleChoice::Cubular), Puzzle::Cubular);
    }
}
