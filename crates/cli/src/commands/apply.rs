//! `cubist apply`: Apply MOVES to CUBE and print the result in the input's own format.

use crate::input::{self, Puzzle, PuzzleChoice};
use crate::puzzles;
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `cubist apply`.
#[derive(Args, Debug)]
pub struct ApplyArgs {
    /// The cube file (`-` for standard input).
    pub cube: PathBuf,
    /// The move list file (`-` for standard input).
    pub moves: PathBuf,
    /// Which puzzle the cube is.
    #[arg(long, value_enum, default_value_t = PuzzleChoice::Auto)]
    pub puzzle: PuzzleChoice,
    /// Force the cube's input format (see `cubist solve --help`).
    #[arg(long, value_name = "FORMAT")]
    pub input: Option<String>,
}

/// Run `cubist apply`.
pub fn run(args: &ApplyArgs) -> Result<ExitCode> {
    if args.cube.as_os_str() == "-" && args.moves.as_os_str() == "-" {
        anyhow::bail!("only one of CUBE and MOVES can be standard input");
    }
    let cube = input::read(Some(&args.cube))?;
    let moves = input::read(Some(&args.moves))?;
    match input::detect(&cube.text, args.puzzle) {
        Puzzle::Cubular => puzzles::cubular::apply(&cube, args.input.as_deref(), &moves),
        Puzzle::Rubik => puzzles::rubik::apply(&cube, args.input.as_deref(), &moves),
    }
}
