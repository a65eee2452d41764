//! The bridge to the puzzle crates: request text in, plain answers out.
//!
//! Every function here is synchronous and may be slow; the handlers run them on the
//! worker pool. Error messages are the puzzle crates' own, as the command line prints
//! them.

mod cubular;
mod nxn;
mod rubik;

use cubist_tables::Cancel;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::time::Duration;

/// Which puzzle a request names; `auto` detects it from the text. In JSON: `auto`,
/// `cubular`, `333`, or an N×N×N's size as the command line's `--puzzle` writes it
/// (`222`, `444` … `999`, or `NxNxN`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PuzzleChoice {
    /// Detect: 100 or more digits is a digit cube, 6·N² letters (or a net or arrays of
    /// N×N faces) an N×N×N, anything else a 3×3×3.
    #[default]
    Auto,
    /// The 9×9×9 digit cube.
    Cubular,
    /// The Rubik's Cube.
    Rubik,
    /// An N×N×N cube other than the 3×3×3.
    Big(usize),
}

impl PuzzleChoice {
    /// The choice a name stands for, or a message listing the names.
    pub fn from_name(name: &str) -> Result<Self, String> {
        match name {
            "auto" => Ok(PuzzleChoice::Auto),
            _ => AnyPuzzle::from_name(name).map(|p| match p {
                AnyPuzzle::Cubular => PuzzleChoice::Cubular,
                AnyPuzzle::Rubik => PuzzleChoice::Rubik,
                AnyPuzzle::Big(n) => PuzzleChoice::Big(n),
            }),
        }
    }
}

impl Serialize for PuzzleChoice {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            PuzzleChoice::Auto => s.serialize_str("auto"),
            PuzzleChoice::Cubular => AnyPuzzle::Cubular.serialize(s),
            PuzzleChoice::Rubik => AnyPuzzle::Rubik.serialize(s),
            PuzzleChoice::Big(n) => AnyPuzzle::Big(*n).serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for PuzzleChoice {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        PuzzleChoice::from_name(&name).map_err(serde::de::Error::custom)
    }
}

/// The digit cube or the 3×3×3: what [`detect`] tells apart by counting digits, as the
/// command line does once it knows a text is no bigger cube (see [`AnyPuzzle`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Puzzle {
    /// The 9×9×9 digit cube.
    Cubular,
    /// The Rubik's Cube.
    #[serde(rename = "333")]
    Rubik,
}

impl Puzzle {
    /// The name used in messages and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Puzzle::Cubular => "cubular",
            Puzzle::Rubik => "333",
        }
    }
}

/// Decide between the digit cube and the 3×3×3 as the command line does: a forced
/// choice wins; otherwise 100 or more digits is a digit cube (a 3×3×3 in any format
/// holds at most 54 digits). The command line asks this once it knows the text is no
/// bigger cube; [`resolve`] also tells the N×N×N apart.
pub fn detect(text: &str, choice: PuzzleChoice) -> Puzzle {
    match choice {
        PuzzleChoice::Cubular => Puzzle::Cubular,
        PuzzleChoice::Rubik | PuzzleChoice::Big(_) => Puzzle::Rubik,
        PuzzleChoice::Auto => {
            if text.bytes().filter(u8::is_ascii_digit).count() >= 100 {
                Puzzle::Cubular
            } else {
                Puzzle::Rubik
            }
        }
    }
}

/// Any puzzle the server handles: the two of [`Puzzle`], and N×N×N cubes by size. In
/// JSON the same names as [`PuzzleChoice`] (a 3×3×3 is always `333`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyPuzzle {
    /// The 9×9×9 digit cube.
    Cubular,
    /// The Rubik's Cube.
    Rubik,
    /// An N×N×N cube other than the 3×3×3, N in 2..=64.
    Big(usize),
}

impl AnyPuzzle {
    /// The puzzle a name stands for (`cubular`, `333`, `444`, `12x12x12`…), or a
    /// message listing the names.
    pub fn from_name(name: &str) -> Result<Self, String> {
        let size = |n: &str| n.parse::<usize>().ok();
        let n = match name.as_bytes() {
            b"cubular" => return Ok(AnyPuzzle::Cubular),
            [a, b, c] if a == b && b == c && a.is_ascii_digit() => size(&name[..1]),
            _ => match name.split('x').collect::<Vec<_>>()[..] {
                [a, b, c] if a == b && b == c => size(a),
                _ => None,
            },
        };
        match n {
            Some(3) => Ok(AnyPuzzle::Rubik),
            Some(n) if (nxn::MIN_N..=nxn::MAX_N).contains(&n) => Ok(AnyPuzzle::Big(n)),
            _ => Err(format!(
                "unknown puzzle {name:?}: expected auto, cubular, 333, or an N×N×N as 222, \
                 444 … 999 or NxNxN for N = {} to {}",
                nxn::MIN_N,
                nxn::MAX_N
            )),
        }
    }

    /// The name used in messages and JSON: `cubular`, `333`, `444`, `12x12x12`.
    pub fn name(self) -> String {
        self.to_string()
    }
}

impl From<Puzzle> for AnyPuzzle {
    fn from(p: Puzzle) -> Self {
        match p {
            Puzzle::Cubular => AnyPuzzle::Cubular,
            Puzzle::Rubik => AnyPuzzle::Rubik,
        }
    }
}

impl fmt::Display for AnyPuzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            AnyPuzzle::Cubular => f.write_str("cubular"),
            AnyPuzzle::Rubik => f.write_str("333"),
            AnyPuzzle::Big(n) if n < 10 => write!(f, "{n}{n}{n}"),
            AnyPuzzle::Big(n) => write!(f, "{n}x{n}x{n}"),
        }
    }
}

impl Serialize for AnyPuzzle {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for AnyPuzzle {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        AnyPuzzle::from_name(&name).map_err(serde::de::Error::custom)
    }
}

/// Decide the puzzle of a request: a forced choice wins; otherwise 100 or more digits
/// is a digit cube, a text that reads as an N×N×N other than the 3×3×3 (6·N² letters,
/// a net of 3·N rows, arrays of N×N faces) is one, and anything else a 3×3×3.
pub fn resolve(text: &str, choice: PuzzleChoice) -> AnyPuzzle {
    match choice {
        PuzzleChoice::Big(n) => AnyPuzzle::Big(n),
        PuzzleChoice::Auto => match detect(text, choice) {
            Puzzle::Rubik => nxn::detect(text).map_or(AnyPuzzle::Rubik, AnyPuzzle::Big),
            p => p.into(),
        },
        _ => detect(text, choice).into(),
    }
}

/// Why a cube or move list was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PuzzleError {
    /// The text is not a cube or move list of the puzzle.
    #[error("{0}")]
    Malformed(String),
    /// A well-formed cube that cannot be solved (e.g. a twisted corner).
    #[error("{0}")]
    Unsolvable(String),
    /// The solve was stopped (its budget ran out) before it had any answer.
    #[error("no answer within the time budget")]
    TimedOut,
    /// A well-formed, solvable cube of a size this build has no solver for.
    #[error("{0}")]
    NoSolver(String),
}

/// A solved cube.
#[derive(Debug, Clone)]
pub struct Solved {
    /// Which puzzle.
    pub puzzle: AnyPuzzle,
    /// The moves, in the puzzle's notation.
    pub moves: Vec<String>,
    /// The cube before the moves, as the viewer draws it.
    pub start: String,
}

/// A scrambled cube.
#[derive(Debug, Clone)]
pub struct Scrambled {
    /// Which puzzle.
    pub puzzle: AnyPuzzle,
    /// The cube in the puzzle's usual text format.
    pub cube: String,
    /// The cube as the viewer draws it.
    pub start: String,
    /// The moves that made it (empty for a random state).
    pub moves: Vec<String>,
}

/// The outcome of applying moves to a cube.
#[derive(Debug, Clone)]
pub struct Verified {
    /// Which puzzle.
    pub puzzle: AnyPuzzle,
    /// Cells or stickers out of place afterwards (0: solved).
    pub wrong: usize,
    /// Number of moves applied.
    pub length: usize,
}

/// Whether a solve may take long (seconds or more): every digit cube, every N×N×N
/// other than the 3×3×3 and the optimal 3×3×3 search. Long solves run in their own
/// line so that quick ones never wait behind them.
pub fn is_long(text: &str, choice: PuzzleChoice, method: Option<&str>) -> bool {
    match resolve(text, choice) {
        AnyPuzzle::Cubular | AnyPuzzle::Big(_) => true,
        AnyPuzzle::Rubik => rubik::is_long(method),
    }
}

/// Solve `text` with `method` (None: the puzzle's default) within `budget`, stopping
/// when `cancel` does.
pub fn solve(
    text: &str,
    choice: PuzzleChoice,
    method: Option<&str>,
    budget: Duration,
    cancel: &Cancel,
) -> Result<Solved, PuzzleError> {
    match resolve(text, choice) {
        AnyPuzzle::Cubular => cubular::solve(text, method, budget, cancel),
        AnyPuzzle::Rubik => rubik::solve(text, method, budget, cancel),
        AnyPuzzle::Big(n) => nxn::solve(text, n, method, cancel),
    }
}

/// A scrambled cube: `moves` random moves (None: the puzzle's default), repeatable
/// with `seed`.
pub fn scramble(
    puzzle: AnyPuzzle,
    moves: Option<usize>,
    seed: Option<u64>,
) -> Result<Scrambled, PuzzleError> {
    match puzzle {
        AnyPuzzle::Cubular => cubular::scramble(moves, seed),
        AnyPuzzle::Rubik => Ok(rubik::scramble(moves, seed)),
        AnyPuzzle::Big(n) => Ok(nxn::scramble(n, moves, seed)),
    }
}

/// Apply `moves` to `text` and count what is out of place.
pub fn verify(text: &str, choice: PuzzleChoice, moves: &str) -> Result<Verified, PuzzleError> {
    match resolve(text, choice) {
        AnyPuzzle::Cubular => cubular::verify(text, moves),
        AnyPuzzle::Rubik => rubik::verify(text, moves),
        AnyPuzzle::Big(n) => nxn::verify(text, n, moves),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn puzzles_are_named_as_on_the_command_line() {
        for (name, puzzle) in [
            ("cubular", AnyPuzzle::Cubular),
            ("333", AnyPuzzle::Rubik),
            ("3x3x3", AnyPuzzle::Rubik),
            ("222", AnyPuzzle::Big(2)),
            ("777", AnyPuzzle::Big(7)),
            ("7x7x7", AnyPuzzle::Big(7)),
            ("12x12x12", AnyPuzzle::Big(12)),
        ] {
            assert_eq!(AnyPuzzle::from_name(name), Ok(puzzle), "{name}");
        }
        assert_eq!(AnyPuzzle::Big(7).name(), "777");
        assert_eq!(AnyPuzzle::Big(12).name(), "12x12x12");
        for bad in ["111", "000", "65x65x65", "4x4x5", "444 ", "x", "", "auto"] {
            let e = AnyPuzzle::from_name(bad).unwrap_err();
            assert!(e.contains("unknown puzzle"), "{bad}: {e}");
        }
        assert_eq!(PuzzleChoice::from_name("auto"), Ok(PuzzleChoice::Auto));
        assert_eq!(PuzzleChoice::from_name("555"), Ok(PuzzleChoice::Big(5)));
    }

    #[test]
    fn detection_tells_big_cubes_apart() {
        let four = "U".repeat(16) + &"R".repeat(16) + &"F".repeat(16);
        let four = four.clone() + &four.replace('U', "D").replace('R', "L").replace('F', "B");
        assert_eq!(resolve(&four, PuzzleChoice::Auto), AnyPuzzle::Big(4));
        let three = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
        assert_eq!(resolve(three, PuzzleChoice::Auto), AnyPuzzle::Rubik);
        assert_eq!(
            resolve(&"1".repeat(729), PuzzleChoice::Auto),
            AnyPuzzle::Cubular
        );
        assert_eq!(resolve("UF", PuzzleChoice::Big(4)), AnyPuzzle::Big(4));
    }
}
