//! `cubist show`: draw a cube in the terminal or as SVG.

use crate::input::{self, Puzzle, PuzzleChoice};
use crate::puzzles;
use anyhow::Result;
use clap::{Args, ValueEnum};
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

/// When to use ANSI colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colour when standard output is a terminal.
    Auto,
    /// Always colour.
    Always,
    /// Never colour: plain letters and digits.
    Never,
}

impl ColorChoice {
    /// Whether to colour, given whether standard output is a terminal.
    pub fn enabled(self) -> bool {
        use std::io::IsTerminal;
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => std::io::stdout().is_terminal(),
        }
    }
}

/// Run `cubist show`.
pub fn run(args: &ShowArgs) -> Result<ExitCode> {
    let input = input::read(args.file.as_deref())?;
    if let Some(n) = puzzles::nxn::size(&input.text, args.puzzle) {
        return puzzles::nxn::show(args, &input, n);
    }
    match input::detect(&input.text, args.puzzle) {
        Puzzle::Cubular => puzzles::cubular::show(args, &input),
        Puzzle::Rubik => puzzles::rubik::show(args, &input),
    }
}

/// Write an SVG picture to `out`, or to standard output when it is `-`.
pub fn write_svg(out: &std::path::Path, svg: &str) -> Result<()> {
    if out.as_os_str() == "-" {
        crate::output::print(svg)?;
        return Ok(());
    }
    std::fs::write(out, svg).map_err(|e| anyhow::anyhow!("cannot write {}: {e}", out.display()))
}
