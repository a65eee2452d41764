//! `cubist bench`: solve fixed seeded sets, verify every answer, print statistics.

use crate::puzzles;
use anyhow::Result;
use clap::{Args, ValueEnum};
use std::process::ExitCode;

/// Arguments of `cubist bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Which puzzle's solvers to measure.
    #[arg(long, value_enum, default_value_t = BenchPuzzle::All)]
    pub puzzle: BenchPuzzle,
    /// 3×3×3: which methods (comma-separated); all fast ones when absent.
    #[arg(long, value_name = "LIST")]
    pub method: Option<String>,
    /// How many random cubes per set, at least one (each set has its own default).
    #[arg(long, value_name = "N", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub count: Option<usize>,
    /// Seed of the random sets.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Digit cube: solver effort (see `cubist solve --effort`).
    #[arg(long, value_name = "LEVEL", value_parser = clap::value_parser!(u32).range(1..=5))]
    pub effort: Option<u32>,
    /// Digit cube: which sets to solve (comma-separated; all when absent). The sets are
    /// made the same whichever are solved, so a set's cubes do not change.
    #[arg(long, value_enum, value_delimiter = ',', value_name = "LIST")]
    pub sets: Vec<CubularSet>,
    /// 3×3×3: also solve this many seeded uniformly random cubes optimally (slow:
    /// seconds to minutes each), printing each one's length and time.
    #[arg(long, value_name = "N")]
    pub optimal: Option<usize>,
    /// 3×3×3 optimal solver: which table size (see `cubist solve --table-size`).
    #[arg(long, value_name = "SIZE")]
    pub table_size: Option<String>,
}

/// The puzzles `cubist bench` can measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BenchPuzzle {
    /// Both puzzles.
    All,
    /// The digit cube.
    Cubular,
    /// The Rubik's Cube.
    Rubik,
    /// An N×N×N cube other than the 3×3×3.
    Big(usize),
}

/// The digit cube's bench sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CubularSet {
    /// The three challenge cubes.
    Challenge,
    /// Scrambles of 10-100 moves.
    Scrambles,
    /// Scrambles of 5000 moves.
    Deep,
}

/// Run `cubist bench`.
pub fn run(args: &BenchArgs) -> Result<ExitCode> {
    if let BenchPuzzle::Big(n) = args.puzzle {
        return puzzles::nxn::bench(args, n);
    }
    if matches!(args.puzzle, BenchPuzzle::All | BenchPuzzle::Cubular) {
        puzzles::cubular::bench(args)?;
    }
    if matches!(args.puzzle, BenchPuzzle::All | BenchPuzzle::Rubik) {
        puzzles::rubik::bench(args)?;
    }
    Ok(ExitCode::SUCCESS)
}
