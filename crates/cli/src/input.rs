//! Reading the input text (a file or standard input) and deciding which puzzle it is.

use anyhow::{bail, Context, Result};
use std::io::Read;
use std::path::Path;

/// Which puzzle an input holds; `Auto` detects it from the text. (`--puzzle` reads it
/// as `crate::puzzles::nxn::choice` says.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PuzzleChoice {
    /// Detect from the text: 100 or more digits is a digit cube (a 3×3×3 has at most
    /// 54), anything else a 3×3×3.
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

/// The most an input may hold unless `CUBIST_MAX_INPUT` says otherwise: well above the
/// largest real batch (a million facelet lines is 55 MB), and small enough that a
/// runaway input such as `/dev/zero` is refused before it costs much memory.
pub const DEFAULT_MAX_INPUT: u64 = 64 << 20;

/// The input size limit: `CUBIST_MAX_INPUT` (bytes, or with a `K`, `M` or `G` suffix
/// for binary multiples) when set, else [`DEFAULT_MAX_INPUT`].
pub fn max_input() -> Result<u64> {
    match std::env::var("CUBIST_MAX_INPUT") {
        Err(_) => Ok(DEFAULT_MAX_INPUT),
        Ok(v) => parse_size(&v).ok_or_else(|| {
            anyhow::anyhow!(
                "CUBIST_MAX_INPUT={v:?}: expected a size in bytes above 0, such as 1000000, 64M or 1G"
            )
        }),
    }
}

/// `123`, `64K`, `64M`, `1G` (binary multiples, case ignored, an optional `iB`/`B`).
fn parse_size(s: &str) -> Option<u64> {
    let s = s.trim().to_ascii_uppercase();
    let s = s
        .strip_suffix("IB")
        .or_else(|| s.strip_suffix('B'))
        .unwrap_or(&s);
    let (digits, shift) = match s.chars().last()? {
        'K' => (&s[..s.len() - 1], 10),
        'M' => (&s[..s.len() - 1], 20),
        'G' => (&s[..s.len() - 1], 30),
        _ => (s, 0),
    };
    let n: u64 = digits.trim().parse().ok()?;
    n.checked_mul(1 << shift).filter(|&n| n > 0)
}

/// A size for messages: `64 MiB`, `1000 bytes`.
fn human(n: u64) -> String {
    match n {
        n if n >= 1 << 30 && n % (1 << 30) == 0 => format!("{} GiB", n >> 30),
        n if n >= 1 << 20 && n % (1 << 20) == 0 => format!("{} MiB", n >> 20),
        n if n >= 1 << 10 && n % (1 << 10) == 0 => format!("{} KiB", n >> 10),
        n => format!("{n} bytes"),
    }
}

/// Read `path` (`None` or `-` is standard input) as UTF-8 text. A leading byte-order
/// mark (which some Windows editors write) is dropped, as it is no part of the cube.
///
/// Reading stops at the first byte that shows the input is not text (a NUL, invalid
/// UTF-8) and before it grows past [`max_input`], so an endless or binary input such
/// as `/dev/zero` is refused at once and memory stays near the input's size.
pub fn read(path: Option<&Path>) -> Result<Input> {
    let limit = max_input()?;
    let (name, text) = match path {
        None => read_stdin(limit)?,
        Some(p) if p.as_os_str() == "-" => read_stdin(limit)?,
        Some(p) => {
            let name = p.display().to_string();
            let file = std::fs::File::open(p).with_context(|| format!("cannot read {name}"))?;
            let meta = file
                .metadata()
                .with_context(|| format!("cannot read {name}"))?;
            if meta.is_dir() {
                bail!("cannot read {name}: it is a directory");
            }
            // A regular file's length is known: refuse a large one before reading it.
            if meta.is_file() && meta.len() > limit {
                bail!("{}", too_large(&name, limit));
            }
            let hint = if meta.is_file() { meta.len() } else { 0 };
            let text = read_text(&name, file, limit, hint)?;
            (name, text)
        }
    };
    Ok(Input { name, text })
}

/// The message for an input over the limit.
fn too_large(name: &str, limit: u64) -> String {
    format!(
        "{name}: input larger than {} (the limit; set CUBIST_MAX_INPUT to change it)",
        human(limit)
    )
}

/// UTF-8's byte-order mark.
const BYTE_ORDER_MARK: &[u8] = b"\xef\xbb\xbf";

fn read_stdin(limit: u64) -> Result<(String, String)> {
    let name = "<stdin>".to_string();
    let text = read_text(&name, std::io::stdin().lock(), limit, 0)?;
    Ok((name, text))
}

/// Read all of `reader` as text, in chunks, checking each as it comes: at most `limit`
/// bytes, valid UTF-8, no NUL. `hint` is the expected length (0 when unknown).
fn read_text(name: &str, mut reader: impl Read, limit: u64, hint: u64) -> Result<String> {
    let mut bytes: Vec<u8> = Vec::with_capacity(hint.min(limit) as usize + 1);
    let mut chunk = vec![0u8; 64 * 1024];
    // Bytes before `checked` are valid UTF-8 and hold no NUL.
    let mut checked = 0;
    loop {
        let n = match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e).with_context(|| format!("cannot read {name}")),
        };
        if (bytes.len() + n) as u64 > limit {
            bail!("{}", too_large(name, limit));
        }
        bytes.extend_from_slice(&chunk[..n]);
        checked = check_text(name, &bytes, checked, false)?;
    }
    check_text(name, &bytes, checked, true)?;
    if bytes.starts_with(BYTE_ORDER_MARK) {
        bytes.drain(..BYTE_ORDER_MARK.len());
    }
    String::from_utf8(bytes).map_err(|_| anyhow::anyhow!("{name}: not text"))
}

/// Check `bytes[from..]` for text; the length checked good so far. A multi-byte
/// character cut at the end of what has been read is left for the next chunk, unless
/// this is the `end`.
fn check_text(name: &str, bytes: &[u8], from: usize, end: bool) -> Result<usize> {
    let (good, bad) = match std::str::from_utf8(&bytes[from..]) {
        Ok(_) => (bytes.len(), false),
        Err(e) => (from + e.valid_up_to(), end || e.error_len().is_some()),
    };
    if let Some(k) = bytes[from..good].iter().position(|&b| b == 0) {
        // ASCII in UTF-16 (little-endian) alternates characters and NULs.
        let utf16 = from + k == 1 && matches!(bytes, [a, 0, c, 0, ..] if *a != 0 && *c != 0);
        if utf16 {
            bail!("{name}: not text (UTF-16; expected UTF-8)");
        }
        bail!("{name}: not text (byte {} is a NUL)", from + k + 1);
    }
    if bad {
        if bytes.starts_with(&[0xff, 0xfe]) || bytes.starts_with(&[0xfe, 0xff]) {
            bail!("{name}: not text (UTF-16; expected UTF-8)");
        }
        bail!("{name}: not text (byte {} is not valid UTF-8)", good + 1);
    }
    Ok(good)
}

/// Decide the puzzle: a forced choice wins; otherwise a text with 100 or more digits is
/// a digit cube (a 3×3×3 in any format holds at most 54 digits), anything else a 3×3×3.
pub fn detect(text: &str, choice: PuzzleChoice) -> Puzzle {
    use cubist_web::puzzles::{detect, PuzzleChoice as Choice};
    // Digits of other scripts (full-width `１`) count too, so that such a cube is read as
    // the digit cube it is meant to be and its reader names the odd character once,
    // instead of each of its 81 lines failing as a 3×3×3.
    if choice == PuzzleChoice::Auto
        && text.chars().filter(|c| c.is_numeric()).take(100).count() == 100
    {
        return Puzzle::Cubular;
    }
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
    fn text_is_checked_as_it_is_read() {
        let read = |b: &[u8], limit| read_text("in", b, limit, 0).map_err(|e| e.to_string());
        assert_eq!(read(b"UF UR", 100).unwrap(), "UF UR");
        assert_eq!(read("\u{feff}é".as_bytes(), 100).unwrap(), "é");
        let e = read(b"UF\0UR", 100).unwrap_err();
        assert_eq!(e, "in: not text (byte 3 is a NUL)");
        let e = read(b"UF\xffUR", 100).unwrap_err();
        assert_eq!(e, "in: not text (byte 3 is not valid UTF-8)");
        let e = read(b"UF\xc3", 100).unwrap_err();
        assert_eq!(e, "in: not text (byte 3 is not valid UTF-8)");
        let e = read(b"\xff\xfeU\0F\0", 100).unwrap_err();
        assert!(e.contains("UTF-16"), "{e}");
        let e = read(b"U\0F\0", 100).unwrap_err();
        assert!(e.contains("UTF-16"), "{e}");
        let e = read(&[b'U'; 101], 100).unwrap_err();
        assert!(e.starts_with("in: input larger than 100 bytes"), "{e}");
        assert_eq!(read(&[b'U'; 100], 100).unwrap().len(), 100);
    }

    #[test]
    fn an_endless_input_is_refused_at_the_limit() {
        let e = read_text("zero", std::io::repeat(b'U'), 1 << 20, 0).unwrap_err();
        assert!(e.to_string().contains("input larger than 1 MiB"), "{e}");
        let e = read_text("zero", std::io::repeat(0), 1 << 20, 0).unwrap_err();
        assert!(e.to_string().contains("byte 1 is a NUL"), "{e}");
    }

    #[test]
    fn sizes_read_with_binary_suffixes() {
        assert_eq!(parse_size("1000"), Some(1000));
        assert_eq!(parse_size("64M"), Some(64 << 20));
        assert_eq!(parse_size("64MiB"), Some(64 << 20));
        assert_eq!(parse_size("2k"), Some(2048));
        assert_eq!(parse_size("1G"), Some(1 << 30));
        assert_eq!(parse_size("0"), None);
        assert_eq!(parse_size("-1"), None);
        assert_eq!(parse_size("99999999999999999999G"), None);
        assert_eq!(parse_size("lots"), None);
        assert_eq!(human(64 << 20), "64 MiB");
    }

    #[test]
    fn detects_by_digit_count() {
        let digits = "1".repeat(729);
        assert_eq!(detect(&digits, PuzzleChoice::Auto), Puzzle::Cubular);
        let pieces = "UF UR UB UL DF DR DB DL FR FL BR BL UFR URB UBL ULF DRF DFL DLB DBR";
        assert_eq!(detect(pieces, PuzzleChoice::Auto), Puzzle::Rubik);
        assert_eq!(detect(pieces, PuzzleChoice::Cubular), Puzzle::Cubular);
        let full_width = "１２３".repeat(243);
        assert_eq!(detect(&full_width, PuzzleChoice::Auto), Puzzle::Cubular);
    }
}
