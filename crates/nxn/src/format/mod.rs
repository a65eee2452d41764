//! Big-cube text formats (SPEC §2.8): facelet strings of 6N² letters, colour nets of 3N
//! rows and JSON colour arrays of N×N faces; detection, reading into [`Sheet`]s of
//! symbols, and writing any cube back the way its input was written.
//!
//! Reading goes text → [`Sheet`] (malformed text is a [`FormatError`], exit 2); the
//! crate's `read` module names a sheet's colours by faces and checks it reachable.

mod arrays;
mod facelets;
mod net;

use crate::geometry::{MAX_N, MIN_N};

use std::fmt;
use std::str::FromStr;

/// How a cube is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// 6N² letters, faces U R F D L B, each row by row; one cube per line.
    Facelets,
    /// 3N rows: U; L F R B side by side; D.
    Net,
    /// JSON `[U, L, F, R, B, D]`, each face N rows of N integers 0..5 or strings.
    Arrays,
}

impl Format {
    /// The name `--input` takes and messages print.
    pub fn name(self) -> &'static str {
        match self {
            Format::Facelets => "facelets",
            Format::Net => "net",
            Format::Arrays => "arrays",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = FormatError;
    /// The names of [`Format::name`] and the aliases the 3×3×3 accepts, in any case.
    fn from_str(s: &str) -> Result<Format, FormatError> {
        match s.to_ascii_lowercase().replace('_', "-").as_str() {
            "facelets" | "facelet" | "facelet-string" | "kociemba" => Ok(Format::Facelets),
            "net" | "colour-net" | "color-net" => Ok(Format::Net),
            "arrays" | "array" | "colour-arrays" | "color-arrays" | "json" => Ok(Format::Arrays),
            _ => Err(FormatError::new(
                0,
                format!("unknown input format {s:?} for a big cube"),
                "facelets, net or arrays",
            )),
        }
    }
}

pub use cubist_rubik::format::{position, FormatError};

/// One cube as written: its size, format and the symbol of each sticker in
/// facelet-string order, before the symbols are named by faces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// Layers per axis.
    pub n: usize,
    /// How it was written.
    pub format: Format,
    /// 1-based line where it starts.
    pub line: usize,
    /// The 6N² symbols.
    pub symbols: Vec<String>,
    /// Whether the symbols were JSON numbers.
    pub numeric: bool,
}

/// Write 6N² symbols (facelet order) in `format`. No trailing newline.
pub fn write(format: Format, n: usize, symbols: &[&str], numeric: bool) -> String {
    match format {
        Format::Facelets => symbols.concat(),
        Format::Net => net::write(n, symbols),
        Format::Arrays => arrays::write(n, symbols, numeric),
    }
}

/// A size is one this crate models.
fn size_ok(n: usize) -> bool {
    (MIN_N..=MAX_N).contains(&n)
}

/// The N of a count of stickers that is 6N², if any.
fn size_of_count(count: usize) -> Option<usize> {
    let n = ((count / 6) as f64).sqrt().round() as usize;
    (6 * n * n == count && size_ok(n)).then_some(n)
}

/// The size and format of a text that reads as a big cube other than a 3×3×3, if it
/// does: a first line of 6N² letters (one run, or six runs of N²), 3N non-blank lines
/// whose first row holds N letters and fourth-N row 4N, or JSON whose first face has
/// N rows. Anything else is left to the 3×3×3's reader.
pub fn detect(text: &str) -> Option<(usize, Format)> {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let first = lines.first()?.trim();
    if first.starts_with('[') {
        let n = arrays::size(text)?;
        return (n != 3).then_some((n, Format::Arrays));
    }
    let tokens: Vec<&str> = first.split_whitespace().collect();
    let letters = |t: &str| t.chars().all(|c| c.is_ascii_alphabetic());
    if tokens.iter().all(|t| letters(t)) {
        let count: usize = tokens.iter().map(|t| t.len()).sum();
        if let Some(n) = size_of_count(count) {
            let runs =
                tokens.len() == 1 || (tokens.len() == 6 && tokens.iter().all(|t| t.len() == n * n));
            if n != 3 && runs {
                return Some((n, Format::Facelets));
            }
        }
    }
    let n = lines.len() / 3;
    let stickers = |l: &str| l.chars().filter(|c| !c.is_whitespace()).count();
    if lines.len().is_multiple_of(3)
        && n != 3
        && size_ok(n)
        && stickers(lines[0]) == n
        && stickers(lines[n]) == 4 * n
    {
        return Some((n, Format::Net));
    }
    None
}

/// Read every cube of a text as sheets: of size `n` when given (else the size the text
/// shows), in `format` when given (else the one detected). The outer error is a text
/// holding no cube at all; each inner result is one cube (a facelet string per
/// non-blank line; a net or arrays hold one).
pub fn read_sheets(
    text: &str,
    format: Option<Format>,
    n: Option<usize>,
) -> Result<Vec<Result<Sheet, FormatError>>, FormatError> {
    if let Some(n) = n.filter(|&n| !size_ok(n)) {
        return Err(FormatError::new(
            0,
            format!("a {n}×{n}×{n}"),
            format!("a cube of {MIN_N} to {MAX_N} layers"),
        ));
    }
    let Some(first) = text.lines().map(str::trim).find(|l| !l.is_empty()) else {
        return Err(FormatError::new(
            0,
            "the input is empty",
            "a big cube: a facelet string, a colour net or colour arrays",
        ));
    };
    let format = match format {
        Some(f) => f,
        None => match (detect(text), n) {
            (Some((_, f)), _) => f,
            (None, _) if first.starts_with('[') => Format::Arrays,
            (None, Some(n)) if first.chars().filter(|c| !c.is_whitespace()).count() > 4 * n => {
                Format::Facelets
            }
            (None, Some(_)) => Format::Net,
            (None, None) => {
                return Err(FormatError::new(
                    0,
                    "cannot tell the format",
                    "a big cube: 6·N² letters, a net of 3·N rows or JSON colour arrays",
                ))
            }
        },
    };
    match format {
        Format::Facelets => Ok(facelets::read(text, n)),
        Format::Net => Ok(vec![net::read(text, n)]),
        Format::Arrays => Ok(vec![arrays::read(text, n)]),
    }
}

/// Describe a count of stickers for messages: `53 stickers`.
fn stickers(count: usize) -> String {
    format!("{count} sticker{}", if count == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::Cube;

    #[test]
    fn detection_leaves_the_3x3x3_alone() {
        assert_eq!(detect(&"U".repeat(54)), None);
        assert_eq!(
            detect("UF UR UB UL DF DR DB DL FR FL BR BL UFR URB UBL ULF DRF DFL DLB DBR"),
            None
        );
        assert_eq!(
            detect(&format!("{}\n{}", "U".repeat(54), "U".repeat(54))),
            None
        );
        assert_eq!(detect("hello there"), None);
    }

    #[test]
    fn detection_reads_the_size_from_the_text() {
        assert_eq!(detect(&"U".repeat(24)), Some((2, Format::Facelets)));
        assert_eq!(detect(&"U".repeat(96)), Some((4, Format::Facelets)));
        let six: Vec<String> = (0..6).map(|_| "U".repeat(49)).collect();
        assert_eq!(detect(&six.join(" ")), Some((7, Format::Facelets)));
        let letters: Vec<String> = Cube::solved(5)
            .stickers()
            .iter()
            .map(|f| f.letter().to_string())
            .collect();
        let symbols: Vec<&str> = letters.iter().map(String::as_str).collect();
        let text = write(Format::Net, 5, &symbols, false);
        assert_eq!(detect(&text), Some((5, Format::Net)));
    }
}
