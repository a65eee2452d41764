//! `cubist solve`: print a solution.

use crate::input::{self, Puzzle, PuzzleChoice};
use crate::puzzles;
use anyhow::Result;
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `cubist solve`.
#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  cubist solve examples/cubular/challenge-1.txt
  cubist solve --effort 3 examples/cubular/challenge-2.txt
  cubist solve < examples/rubik/singmaster-sample.txt
  cubist solve --method thistlethwaite --stages cube.txt
  cubist solve --notation counted --json cubes.txt")]
pub struct SolveArgs {
    /// The cube(s) to solve; standard input when absent or `-`.
    pub file: Option<PathBuf>,
    /// Which puzzle the input holds.
    #[arg(long, value_enum, default_value_t = PuzzleChoice::Auto)]
    pub puzzle: PuzzleChoice,
    /// Force an input format (3×3×3: pieces, facelets, net, arrays;
    /// digit cube: layers, across, json, rows, digits).
    #[arg(long, value_name = "FORMAT")]
    pub input: Option<String>,
    /// Solving method for the 3×3×3.
    #[arg(long, value_enum, default_value_t = Method::TwoPhase)]
    pub method: Method,
    /// Move notation for 3×3×3 output.
    #[arg(long, value_enum, default_value_t = Notation::Wca)]
    pub notation: Notation,
    /// Two-phase: longest solution accepted.
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub max_length: usize,
    /// Time budget per cube in milliseconds; the best solution found so far is printed.
    /// Digit cube: the effort's answer first (its beams cut short if the budget runs
    /// out), then the default effort on the cube seen through each of its 12
    /// symmetries and the higher efforts (on a deeply scrambled cube those first) while
    /// the budget lasts, each begun only when it is likely to end in time; the
    /// shortest answer is printed.
    #[arg(long, value_name = "MS")]
    pub timeout: Option<u64>,
    /// Digit cube: how hard to search for a short solution (1 fastest .. 5 shortest;
    /// 2 by default; from 3 the default also runs on the cube seen through each of its
    /// 12 symmetries, and the shortest answer is kept, and a cube of about 30-60
    /// scramble moves gets annealed whole sequences, which take tens of seconds; from
    /// 4 a cube of up to about 100 scramble moves gets long runs of them, about 5
    /// minutes at 4 (5 more for a second round when the first leaves the answer longer
    /// than that scramble, and 10 more for a third when the second does too) and about
    /// 37 minutes at 5, which --timeout shortens,
    /// unless the answer found before is no longer than the scramble its misplaced
    /// cells suggest). Without
    /// --timeout the search is measured in work, not time, so the same cube always
    /// gets the same answer.
    #[arg(long, value_name = "LEVEL", value_parser = clap::value_parser!(u32).range(1..=5))]
    pub effort: Option<u32>,
    /// Print each stage's moves on its own labelled line (thistlethwaite, layers).
    #[arg(long)]
    pub stages: bool,
    /// Optimal solver: which pruning table to use: `default` (1.55 GiB, built once in
    /// minutes and cached) or `small` (the two-phase tables only; far slower searches).
    #[arg(long, value_name = "SIZE")]
    pub table_size: Option<String>,
    /// Also print length and time on standard error.
    #[arg(long)]
    pub stats: bool,
    /// Print one JSON object per cube instead of moves.
    #[arg(long)]
    pub json: bool,
}

/// Solving methods for the 3×3×3 (SPEC §2.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// Kociemba's two-phase algorithm: near-optimal, fast.
    TwoPhase,
    /// Shortest solution in the face-turn metric.
    Optimal,
    /// The four Thistlethwaite group-reduction stages.
    Thistlethwaite,
    /// Human-style layer-by-layer stages.
    Layers,
}

/// Move notations for 3×3×3 output (SPEC §2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Notation {
    /// `R U2 F'`
    Wca,
    /// `R1U2F3`
    Counted,
}

/// Run `cubist solve`.
pub fn run(args: &SolveArgs) -> Result<ExitCode> {
    let input = input::read(args.file.as_deref())?;
    if let Some(n) = puzzles::nxn::size(&input.text, args.puzzle) {
        return puzzles::nxn::solve(args, &input, n);
    }
    match input::detect(&input.text, args.puzzle) {
        Puzzle::Cubular => puzzles::cubular::solve(args, &input),
        Puzzle::Rubik => puzzles::rubik::solve(args, &input),
    }
}
