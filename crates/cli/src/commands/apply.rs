//! `cubist apply`: Apply MOVES to CUBE and print the result in the input's own format.

use super::CubeAndMoves;
use crate::input::Puzzle;
use crate::puzzles;
use anyhow::Result;
use std::process::ExitCode;

/// Arguments of `cubist apply`: the cube, the moves and how to read the cube.
pub type ApplyArgs = CubeAndMoves;

/// Run `cubist apply`.
pub fn run(args: &ApplyArgs) -> Result<ExitCode> {
    let (puzzle, cube, moves) = args.read()?;
    if let Some(n) = puzzles::nxn::size(&cube.text, args.puzzle) {
        return puzzles::nxn::apply(&cube, args.input.as_deref(), &moves, n);
    }
    match puzzle {
        Puzzle::Cubular => puzzles::cubular::apply(&cube, args.input.as_deref(), &moves),
        Puzzle::Rubik => puzzles::rubik::apply(&cube, args.input.as_deref(), &moves),
    }
}
