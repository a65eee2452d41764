//! `cubist check`: is the cube well-formed and reachable?

use crate::input::{self, Puzzle, PuzzleChoice};
use crate::puzzles;
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `cubist check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The cube to check; standard input when absent or `-`.
    pub file: Option<PathBuf>,
    /// Which puzzle the input holds.
    #[arg(long, value_enum, default_value_t = PuzzleChoice::Auto)]
    pub puzzle: PuzzleChoice,
    /// Force an input format (see `cubist solve --help`).
    #[arg(long, value_name = "FORMAT")]
    pub input: Option<String>,
}

/// Run `cubist check`: prints `valid <puzzle> (<format>)`, or fails with the reason.
pub fn run(args: &CheckArgs) -> Result<ExitCode> {
    let input = input::read(args.file.as_deref())?;
    if let Some(n) = puzzles::nxn::size(&input.text, args.puzzle) {
        return puzzles::nxn::check(&input, args.input.as_deref(), n);
    }
    match input::detect(&input.text, args.puzzle) {
        Puzzle::Cubular => puzzles::cubular::check(&input, args.input.as_deref()),
        Puzzle::Rubik => puzzles::rubik::check(&input, args.input.as_deref()),
    }
}
