//! The digit cube through `cubist-cubular`.

use super::{PuzzleError, Scrambled, Solved, Verified};
use std::time::Duration;

const NOT_YET: &str = "not available for the digit cube in this build";

/// Solve a digit cube.
pub fn solve(text: &str, method: Option<&str>, budget: Duration) -> Result<Solved, PuzzleError> {
    let _ = (text, method, budget);
    Err(PuzzleError::Malformed(format!("solve: {NOT_YET}")))
}

/// A scrambled digit cube.
pub fn scramble(moves: Option<usize>, seed: Option<u64>) -> Result<Scrambled, PuzzleError> {
    let _ = (moves, seed);
    Err(PuzzleError::Malformed(format!("scramble: {NOT_YET}")))
}

/// Apply moves to a digit cube.
pub fn verify(text: &str, moves: &str) -> Result<Verified, PuzzleError> {
    let _ = (text, moves);
    Err(PuzzleError::Malformed(format!("verify: {NOT_YET}")))
}
