//! Reading and writing the 3×3×3 input formats of SPEC §2.2: piece lists, facelet
//! strings, colour nets and colour arrays, auto-detected or forced.
//!
//! Reading happens in two steps. A format reader turns text into 54 sticker symbols
//! (a [`Sheet`]) and reports malformed text as a [`FormatError`] with its line; then
//! [`crate::validity`] decides which face each symbol stands for (from the centres), and
//! whether the stickers form a cube reachable by face turns. [`crate::read`] does both:
//! its [`ParsedCube`](crate::read::ParsedCube) remembers its format and colour scheme so
//! that a turned cube can be written back exactly as its input was, with [`write()`].

pub mod arrays;
pub mod facelets;
pub mod net;
pub mod pieces;

use crate::facelet::Facelets;
use crate::moves::Face;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// The input formats of SPEC §2.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Singmaster's positional piece list: 20 tokens `UF UR ... DBR`, one cube per line.
    Pieces,
    /// The 54-letter facelet string, faces U R F D L B, one cube per line.
    Facelets,
    /// The 9-line unfolded colour net with any single-letter colours.
    Net,
    /// JSON colour arrays `[U, L, F, R, B, D]`, each face a 3×3 array.
    Arrays,
}

impl Format {
    /// Every format, in the order detection tries them.
    pub const ALL: [Format; 4] = [
        Format::Pieces,
        Format::Facelets,
        Format::Net,
        Format::Arrays,
    ];

    /// The name used by `--input` and in `cubist check`'s answer.
    pub fn name(self) -> &'static str {
        match self {
            Format::Pieces => "pieces",
            Format::Facelets => "facelets",
            Format::Net => "net",
            Format::Arrays => "arrays",
        }
    }

    /// Whether one text may hold several cubes, one per line.
    pub fn is_batch(self) -> bool {
        matches!(self, Format::Pieces | Format::Facelets)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = FormatError;
    /// Accepts the names of [`Format::name`] and common aliases (`singmaster`,
    /// `facelet`, `kociemba`, `colour-net`, `json`, ...), in any case.
    fn from_str(s: &str) -> Result<Format, FormatError> {
        match s.to_ascii_lowercase().replace('_', "-").as_str() {
            "pieces" | "piece" | "piece-list" | "singmaster" => Ok(Format::Pieces),
            "facelets" | "facelet" | "facelet-string" | "kociemba" => Ok(Format::Facelets),
            "net" | "colour-net" | "color-net" => Ok(Format::Net),
            "arrays" | "array" | "colour-arrays" | "color-arrays" | "json" => Ok(Format::Arrays),
            _ => Err(FormatError::new(
                0,
                format!("unknown input format {s:?}"),
                "pieces, facelets, net or arrays",
            )),
        }
    }
}

/// Malformed text: where, what was found and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{found}; expected {expected}", position(*.line, *.column))]
pub struct FormatError {
    /// 1-based line, 0 when the problem is not on one line (e.g. an empty input).
    pub line: usize,
    /// 1-based column (in characters) when known.
    pub column: Option<usize>,
    /// What was found.
    pub found: String,
    /// What was expected instead.
    pub expected: String,
}

/// `line L: ` or `line L, column C: ` before a message, or nothing for line 0.
pub fn position(line: usize, column: Option<usize>) -> String {
    match (line, column) {
        (0, _) => String::new(),
        (l, None) => format!("line {l}: "),
        (l, Some(c)) => format!("line {l}, column {c}: "),
    }
}

impl FormatError {
    /// An error on `line` (0 for none) without a column.
    pub fn new(line: usize, found: impl Into<String>, expected: impl Into<String>) -> Self {
        FormatError {
            line,
            column: None,
            found: found.into(),
            expected: expected.into(),
        }
    }

    /// The same error at a column.
    pub fn at_column(mut self, column: usize) -> Self {
        self.column = Some(column);
        self
    }
}

/// How a cube's colours were written: the symbol standing for each face, taken from the
/// centres (or the face letters themselves for piece lists).
///
/// The symbols are shared: a batch of a million cubes in the same colours holds them
/// once (see [`crate::read::parse`]), not a million times.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ColourScheme {
    /// Symbol of each face, indexed by [`Face::index`].
    symbols: Arc<[String; 6]>,
    /// Whether the symbols were JSON numbers (colour arrays) rather than letters/strings.
    numeric: bool,
}

impl Default for ColourScheme {
    fn default() -> Self {
        ColourScheme::face_letters()
    }
}

impl ColourScheme {
    /// Each face written as its own letter, `U R F D L B`.
    pub fn face_letters() -> ColourScheme {
        ColourScheme {
            symbols: Arc::new(Face::ALL.map(|f| f.letter().to_string())),
            numeric: false,
        }
    }

    /// The numbers of the colour-arrays sample: faces in the order U L F R B D are 0..5.
    pub fn numbered() -> ColourScheme {
        let mut symbols = Face::ALL.map(|_| String::new());
        for (n, f) in arrays::FACE_ORDER.iter().enumerate() {
            symbols[f.index()] = n.to_string();
        }
        ColourScheme {
            symbols: Arc::new(symbols),
            numeric: true,
        }
    }

    /// A scheme from each face's symbol (indexed by [`Face::index`]); `None` unless the
    /// six symbols are distinct and non-empty.
    pub fn new(symbols: [String; 6], numeric: bool) -> Option<ColourScheme> {
        let distinct = (0..6).all(|i| (0..i).all(|j| symbols[i] != symbols[j]));
        (distinct && symbols.iter().all(|s| !s.is_empty())).then(|| ColourScheme {
            symbols: Arc::new(symbols),
            numeric,
        })
    }

    /// The symbol written for `face`.
    pub fn symbol(&self, face: Face) -> &str {
        &self.symbols[face.index()]
    }

    /// The face a symbol stands for.
    pub fn face_of(&self, symbol: &str) -> Option<Face> {
        self.symbols
            .iter()
            .position(|s| s == symbol)
            .map(Face::from_index)
    }

    /// Whether the symbols were JSON numbers.
    pub fn is_numeric(&self) -> bool {
        self.numeric
    }

    /// Whether every symbol is one character (so it fits letter-based formats).
    pub fn is_single_letters(&self) -> bool {
        !self.numeric && self.symbols.iter().all(|s| s.chars().count() == 1)
    }

    /// This scheme if `format` can write it, else that format's usual scheme (face
    /// letters; numbers for colour arrays). Piece lists are always in face letters.
    pub fn for_format(&self, format: Format) -> ColourScheme {
        let fits = match format {
            // A piece list names colours by face letters only.
            Format::Pieces => *self == ColourScheme::face_letters(),
            Format::Facelets | Format::Net => self.is_single_letters(),
            Format::Arrays => true,
        };
        match (fits, format) {
            (true, _) => self.clone(),
            (false, Format::Arrays) => ColourScheme::numbered(),
            (false, _) => ColourScheme::face_letters(),
        }
    }
}

/// The 54 sticker symbols of one cube as written, in facelet-string order, before their
/// meaning is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// The format it was read in.
    pub format: Format,
    /// 1-based line where the cube starts.
    pub line: usize,
    /// Sticker symbols, facelet-string order (U1..U9 R1..R9 F.. D.. L.. B..).
    pub stickers: Vec<String>,
    /// Whether the symbols were JSON numbers.
    pub numeric: bool,
}

/// Write stickers in `format`, each face drawn with its symbol in `scheme` (or the
/// format's usual symbols when the scheme cannot be written in it). No trailing newline.
pub fn write(format: Format, scheme: &ColourScheme, stickers: &Facelets) -> String {
    let scheme = scheme.for_format(format);
    match format {
        Format::Pieces => pieces::write(&scheme, stickers),
        Format::Facelets => facelets::write(&scheme, stickers),
        Format::Net => net::write(&scheme, stickers),
        Format::Arrays => arrays::write(&scheme, stickers),
    }
}

/// Guess the format from the first non-blank line: `[` starts colour arrays; one token
/// of 54 letters (or six of nine) a facelet string; 3 or 12 single letters (or one
/// 3-letter token) a net row; tokens of two or three letters a piece list.
pub fn detect(text: &str) -> Result<Format, FormatError> {
    let Some((index, first)) = text.lines().enumerate().find(|(_, l)| !l.trim().is_empty()) else {
        return Err(FormatError::new(
            0,
            "the input is empty",
            "a cube: a piece list, a facelet string, a colour net or colour arrays",
        ));
    };
    let trimmed = first.trim();
    if trimmed == "START" {
        return Err(FormatError::new(
            index + 1,
            "a batch-simulator data set (START ... END)",
            "a single cube here; data sets are read by `cubist judge`",
        ));
    }
    if trimmed.starts_with('[') {
        return Ok(Format::Arrays);
    }
    let tokens: Vec<usize> = trimmed
        .split_whitespace()
        .map(|t| t.chars().count())
        .collect();
    let all = |n: usize| tokens.iter().all(|&k| k == n);
    if tokens.len() == 20 || (tokens.len() > 1 && tokens.iter().all(|&k| k == 2 || k == 3)) {
        return Ok(Format::Pieces);
    }
    if (tokens.len() == 1 && tokens[0] != 3) || (tokens.len() == 6 && all(9)) {
        return Ok(Format::Facelets);
    }
    if all(1) || (tokens.len() == 1 && tokens[0] == 3) {
        return Ok(Format::Net);
    }
    Err(FormatError::new(
        index + 1,
        format!("cannot tell the format from {:?}", shorten(trimmed)),
        "a piece list (20 tokens like UF UR ...), a facelet string (54 letters), \
         a colour net (rows of single letters) or colour arrays (JSON)",
    ))
}

/// The first 30 characters of `s`, with `...` when cut.
pub(crate) fn shorten(s: &str) -> String {
    let cut: String = s.chars().take(30).collect();
    if cut.len() < s.len() {
        format!("{cut}...")
    } else {
        cut
    }
}

/// Read the sticker sheets of every cube in `text` (several for piece lists and facelet
/// strings, one per non-blank line), in `format` or the detected one. The outer error is
/// for text whose format cannot be told or that holds no cube at all.
pub fn read_sheets(
    text: &str,
    format: Option<Format>,
) -> Result<Vec<Result<Sheet, FormatError>>, FormatError> {
    Ok(sheets(text, format)?.collect())
}

/// The sheets of [`read_sheets`], one at a time, so that a large batch need not hold
/// every cube's 54 sticker strings at once.
pub fn sheets(
    text: &str,
    format: Option<Format>,
) -> Result<Box<dyn Iterator<Item = Result<Sheet, FormatError>> + '_>, FormatError> {
    // A byte-order mark some editors write is not part of the cube.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let format = match format {
        Some(f) => f,
        None => detect(text)?,
    };
    let read: fn(&str, usize) -> Result<Sheet, FormatError> = match format {
        Format::Pieces => pieces::read_line,
        Format::Facelets => facelets::read_line,
        Format::Net => return Ok(Box::new(std::iter::once(net::read(text)))),
        Format::Arrays => return Ok(Box::new(std::iter::once(arrays::read(text)))),
    };
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .peekable();
    if lines.peek().is_none() {
        return Err(FormatError::new(
            0,
            "the input is empty",
            format!("a cube in {format} format"),
        ));
    }
    Ok(Box::new(lines.map(move |(i, l)| read(l, i + 1))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_each_format() {
        let solved_pieces = "UF UR UB UL DF DR DB DL FR FL BR BL UFR URB UBL ULF DRF DFL DLB DBR";
        assert_eq!(detect(solved_pieces).unwrap(), Format::Pieces);
        assert_eq!(
            detect(&Facelets::solved().to_letters()).unwrap(),
            Format::Facelets
        );
        assert_eq!(detect("\n   O O O\n").unwrap(), Format::Net);
        assert_eq!(detect("  [[[0]]]").unwrap(), Format::Arrays);
        assert!(detect(" \n\n").is_err());
        assert!(detect("hello world, this is text").is_err());
        let e = detect("START\nO O O\n").unwrap_err();
        assert!(e.to_string().contains("cubist judge"), "{e}");
    }

    #[test]
    fn format_names_parse_back() {
        for f in Format::ALL {
            assert_eq!(f.name().parse::<Format>().unwrap(), f);
        }
        assert_eq!("Singmaster".parse::<Format>().unwrap(), Format::Pieces);
        assert!("yaml".parse::<Format>().is_err());
    }

    #[test]
    fn a_batch_in_one_colouring_holds_its_symbols_once() {
        let solved = Facelets::solved().to_letters();
        let text = format!("{solved}\n{solved}\n{solved}\n");
        let cubes = crate::read::parse(&text, None).unwrap();
        let scheme = |k: usize| cubes[k].as_ref().unwrap().scheme.symbols.clone();
        assert!(Arc::ptr_eq(&scheme(0), &scheme(1)));
        assert!(Arc::ptr_eq(&scheme(0), &scheme(2)));
    }
}
