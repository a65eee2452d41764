//! The bridge to the puzzle crates: request text in, plain answers out.
//!
//! Every function here is synchronous and may be slow; the handlers run them on the
//! worker pool. Error messages are the puzzle crates' own, as the command line prints
//! them.

mod cubular;
mod rubik;

use cubist_tables::Cancel;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// Which puzzle a request names; `auto` detects it from the text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PuzzleChoice {
    /// Detect: 100 or more digits is a digit cube, anything else a 3×3×3.
    #[default]
    Auto,
    /// The 9×9×9 digit cube.
    Cubular,
    /// The Rubik's Cube.
    #[serde(rename = "333")]
    Rubik,
}

/// A puzzle family.
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

/// Decide the puzzle as the command line does: a forced choice wins; otherwise 100 or
/// more digits is a digit cube (a 3×3×3 in any format holds at most 54 digits).
pub fn detect(text: &str, choice: PuzzleChoice) -> Puzzle {
    match choice {
        PuzzleChoice::Cubular => Puzzle::Cubular,
        PuzzleChoice::Rubik => Puzzle::Rubik,
        PuzzleChoice::Auto => {
            if text.bytes().filter(u8::is_ascii_digit).count() >= 100 {
                Puzzle::Cubular
            } else {
                Puzzle::Rubik
            }
        }
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
}

/// A solved cube.
#[derive(Debug, Clone)]
pub struct Solved {
    /// Which puzzle.
    pub puzzle: Puzzle,
    /// The moves, in the puzzle's notation.
    pub moves: Vec<String>,
    /// The cube before the moves, as the viewer draws it.
    pub start: String,
}

/// A scrambled cube.
#[derive(Debug, Clone)]
pub struct Scrambled {
    /// Which puzzle.
    pub puzzle: Puzzle,
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
    pub puzzle: Puzzle,
    /// Cells or stickers out of place afterwards (0: solved).
    pub wrong: usize,
    /// Number of moves applied.
    pub length: usize,
}

/// Whether a solve may take long (seconds or more): every digit cube and the optimal
/// 3×3×3 search. Long solves run in their own line so that quick ones never wait
/// behind them.
pub fn is_long(text: &str, choice: PuzzleChoice, method: Option<&str>) -> bool {
    match detect(text, choice) {
        Puzzle::Cubular => true,
        Puzzle::Rubik => rubik::is_long(method),
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
    match detect(text, choice) {
        Puzzle::Cubular => cubular::solve(text, method, budget, cancel),
        Puzzle::Rubik => rubik::solve(text, method, budget, cancel),
    }
}

/// A scrambled cube: `moves` random moves (None: the puzzle's default), repeatable
/// with `seed`.
pub fn scramble(
    puzzle: Puzzle,
    moves: Option<usize>,
    seed: Option<u64>,
) -> Result<Scrambled, PuzzleError> {
    match puzzle {
        Puzzle::Cubular => cubular::scramble(moves, seed),
        Puzzle::Rubik => Ok(rubik::scramble(moves, seed)),
    }
}

/// Apply `moves` to `text` and count what is out of place.
pub fn verify(text: &str, choice: PuzzleChoice, moves: &str) -> Result<Verified, PuzzleError> {
    match detect(text, choice) {
        Puzzle::Cubular => cubular::verify(text, moves),
        Puzzle::Rubik => rubik::verify(text, moves),
    }
}
