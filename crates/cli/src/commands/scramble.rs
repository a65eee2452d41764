//! `cubist scramble`: print a scrambled cube.

use crate::puzzles;
use anyhow::Result;
use clap::Args;
use std::process::ExitCode;

/// Arguments of `cubist scramble`.
#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  cubist scramble --puzzle cubular --seed 7 --show-moves
  cubist scramble --puzzle 333 --seed 1")]
pub struct ScrambleArgs {
    /// Which puzzle to scramble.
    #[arg(long, value_enum)]
    pub puzzle: ScramblePuzzle,
    /// Number of random moves, at most 1000000 (digit cube default: random 10..100;
    /// 3×3×3 default: a uniformly random state instead of moves).
    #[arg(long, value_name = "N",
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=MAX_MOVES))]
    pub moves: Option<usize>,
    /// Seed for a repeatable scramble.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Also print the scramble moves and their inverse (a solution).
    #[arg(long)]
    pub show_moves: bool,
}

/// The most moves a scramble may have.
pub const MAX_MOVES: u64 = 1_000_000;

/// The puzzles `cubist scramble` can make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScramblePuzzle {
    /// The 9×9×9 digit cube.
    Cubular,
    /// The Rubik's Cube.
    Rubik,
    /// An N×N×N cube other than the 3×3×3.
    Big(usize),
}

/// Run `cubist scramble`.
pub fn run(args: &ScrambleArgs) -> Result<ExitCode> {
    match args.puzzle {
        ScramblePuzzle::Cubular => puzzles::cubular::scramble(args),
        ScramblePuzzle::Rubik => puzzles::rubik::scramble(args),
        ScramblePuzzle::Big(n) => puzzles::nxn::scramble(args, n),
    }
}
