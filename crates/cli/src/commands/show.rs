//! `cubist show`: draw a cube in the terminal or as SVG.

use crate::input::{self, Puzzle, PuzzleChoice};
use crate::puzzles;
use crate::settings::{ColorChoice, ShowSettings};
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `cubist show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    /// The cube to draw; standard input when absent or `-`.
    pub file: Option<PathBuf>,
    /// Which puzzle the input holds.
    #[arg(long, value_enum, default_value_t = PuzzleChoice::Auto)]
    pub puzzle: PuzzleChoice,
    /// Force an input format (see `cubist solve --help`).
    #[arg(long, value_name = "FORMAT")]
    pub input: Option<String>,
    /// Write an SVG picture to OUT instead of drawing in the terminal (`-`: standard
    /// output).
    #[arg(long, value_name = "OUT")]
    pub svg: Option<PathBuf>,
    /// When to colour terminal output.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

/// Run `cubist show`.
pub fn run(args: &ShowArgs) -> Result<ExitCode> {
    let input = input::read(args.file.as_deref())?;
    let settings = ShowSettings {
        input: args.input.clone(),
        svg: args.svg.clone(),
        color: args.color,
    };
    if let Some(n) = puzzles::nxn::size(&input.text, args.puzzle) {
        return puzzles::nxn::show(&settings, &input, n);
    }
    match input::detect(&input.text, args.puzzle) {
        Puzzle::Cubular => puzzles::cubular::show(&settings, &input),
        Puzzle::Rubik => puzzles::rubik::show(&settings, &input),
    }
}
