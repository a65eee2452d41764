//! `cubist scramble`: print a scrambled cube.

use crate::puzzles;
use crate::settings::{ScramblePuzzle, ScrambleSettings};
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

/// Run `cubist scramble`.
pub fn run(args: &ScrambleArgs) -> Result<ExitCode> {
    let settings = ScrambleSettings {
        moves: args.moves,
        seed: args.seed,
        show_moves: args.show_moves,
    };
    match args.puzzle {
        ScramblePuzzle::Cubular => puzzles::cubular::scramble(&settings),
        ScramblePuzzle::Rubik => puzzles::rubik::scramble(&settings),
        ScramblePuzzle::Big(n) => puzzles::nxn::scramble(&settings, n),
    }
}
