//! `cubist verify`: Apply MOVES to CUBE; exit 0 and print `solved` if the result is solved, else exit 1.

use super::CubeAndMoves;
use crate::input::Puzzle;
use crate::puzzles;
use anyhow::Result;
use std::process::ExitCode;

/// Arguments of `cubist verify`: the cube, the moves and how to read the cube.
pub type VerifyArgs = CubeAndMoves;

/// Run `cubist verify`.
pub fn run(args: &VerifyArgs) -> Result<ExitCode> {
    let (puzzle, cube, moves) = args.read()?;
    if let Some(n) = puzzles::nxn::size(&cube.text, args.puzzle) {
        return puzzles::nxn::verify(&cube, args.input.as_deref(), &moves, n);
    }
    match puzzle {
        Puzzle::Cubular => puzzles::cubular::verify(&cube, args.input.as_deref(), &moves),
        Puzzle::Rubik => puzzles::rubik::verify(&cube, args.input.as_deref(), &moves),
    }
}
