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
    /// Two-phase: longest solution accepted (at most 30).
    #[arg(long, value_name = "N", default_value_t = 20,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=30))]
    pub max_length: usize,
    /// Time budget per cube in milliseconds; the best solution found so far is printed.
    /// Digit cube: the effort's answer first (its beams cut short if the budget runs
    /// out), then the default effort on the cube seen through each of its 12
    /// symmetries and the higher efforts (on a deeply scrambled cube those first) while
    /// the budget lasts, each begun only when it is likely to end in time; the
    /// shortest answer is printed. At most 86400000 (a day).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(0..=MAX_MILLIS))]
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

/// The longest time budget accepted, in milliseconds: a day.
pub const MAX_MILLIS: u64 = 86_400_000;

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
    let puzzle = input::detect(&input.text, args.puzzle);
    other_puzzles_options(args, puzzle)?;
    match puzzle {
        Puzzle::Cubular => puzzles::cubular::solve(args, &input),
        Puzzle::Rubik => puzzles::rubik::solve(args, &input),
    }
}

/// Refuse an option of the other puzzle's solver rather than ignore it silently (a
/// user who asks a digit cube for `--method optimal` would otherwise never know).
/// Options left at their defaults cannot be told from absent ones and pass.
fn other_puzzles_options(args: &SolveArgs, puzzle: Puzzle) -> Result<()> {
    let given: &[(&str, bool)] = match puzzle {
        Puzzle::Cubular => &[
            ("--method", args.method != Method::TwoPhase),
            ("--notation", args.notation != Notation::Wca),
            ("--max-length", args.max_length != 20),
            ("--stages", args.stages),
            ("--table-size", args.table_size.is_some()),
        ],
        Puzzle::Rubik => &[("--effort", args.effort.is_some())],
    };
    match (given.iter().find(|(_, g)| *g), puzzle) {
        (Some((name, _)), Puzzle::Cubular) => anyhow::bail!(
            "{name} applies to the 3×3×3 only, and this input is a digit cube (--puzzle 333 reads it as a 3×3×3)"
        ),
        (Some((name, _)), Puzzle::Rubik) => anyhow::bail!(
            "{name} applies to the digit cube only, and this input is a 3×3×3 (--puzzle cubular reads it as a digit cube)"
        ),
        (None, _) => Ok(()),
    }
}
