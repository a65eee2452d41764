//! `cubist solve`: print a solution.

use crate::input::{self, Puzzle, PuzzleChoice};
use crate::puzzles;
use crate::settings::{Method, Notation, SolveSettings};
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `cubist solve`.
#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  cubist solve examples/cubular/challenge-1.txt
  cubist solve --time 60 examples/cubular/challenge-2.txt
  cubist solve --work 20 --seed 3 examples/cubular/challenge-2.txt
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
    /// 3×3×3: time budget per cube in milliseconds; the best solution found so far is
    /// printed. Digit cube: a cap on top of --time. Bigger cubes (default 20000): no
    /// further whole-cube view is begun once the time left has no room for one (the
    /// first always ends). At most 86400000 (a day).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(0..=MAX_MILLIS))]
    pub timeout: Option<u64>,
    /// Digit cube: time budget in seconds, spent on all cores; the shortest answer found
    /// is printed (10 when neither --time nor --work is given). A first answer comes
    /// within about a second, so a budget of 1 is a fast mode.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, allow_negative_numbers = true)]
    pub time: Option<f64>,
    /// Digit cube: work budget in the solver's units (one undo run, or a million
    /// annealing steps); with --work and no time budget the same cube and --seed get
    /// the same answer on every machine.
    #[arg(long, value_name = "UNITS", value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub work: Option<u64>,
    /// Digit cube: seed of the solver's random choices.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// Print each stage's moves on its own labelled line (thistlethwaite, layers).
    #[arg(long)]
    pub stages: bool,
    /// Optimal solver: which pruning table to use: `default` (0.78 GiB, built once in
    /// minutes and cached), `large` (2.3 GiB, built once in about eight minutes; faster
    /// searches) or `small` (the two-phase tables only; far slower searches).
    #[arg(long, value_name = "SIZE")]
    pub table_size: Option<String>,
    /// Also print length and time on standard error.
    #[arg(long)]
    pub stats: bool,
    /// Print one JSON object per cube instead of moves.
    #[arg(long)]
    pub json: bool,
}

/// The longest time budget accepted, in seconds (a day).
const MOST_SECONDS: f64 = 86_400.0;

/// A time budget in seconds: a number above 0 and at most [`MOST_SECONDS`].
pub fn parse_seconds(text: &str) -> Result<f64, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if seconds > 0.0 && seconds <= MOST_SECONDS {
        Ok(seconds)
    } else {
        Err(format!("{text} is not in (0, {MOST_SECONDS}] seconds"))
    }
}

/// The longest time budget accepted, in milliseconds: a day.
pub const MAX_MILLIS: u64 = 86_400_000;

impl SolveArgs {
    /// What the front ends are asked: every option but the file and the puzzle.
    fn settings(&self) -> SolveSettings {
        SolveSettings {
            input: self.input.clone(),
            method: self.method,
            notation: self.notation,
            max_length: self.max_length,
            timeout: self.timeout,
            time: self.time,
            work: self.work,
            seed: self.seed,
            stages: self.stages,
            table_size: self.table_size.clone(),
            stats: self.stats,
            json: self.json,
        }
    }
}

/// Run `cubist solve`.
pub fn run(args: &SolveArgs) -> Result<ExitCode> {
    let input = input::read(args.file.as_deref())?;
    let settings = args.settings();
    if let Some(n) = puzzles::nxn::size(&input.text, args.puzzle) {
        return puzzles::nxn::solve(&settings, &input, n);
    }
    let puzzle = input::detect(&input.text, args.puzzle);
    other_puzzles_options(args, puzzle)?;
    match puzzle {
        Puzzle::Cubular => puzzles::cubular::solve(&settings, &input),
        Puzzle::Rubik => puzzles::rubik::solve(&settings, &input),
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
        Puzzle::Rubik => &[
            ("--time", args.time.is_some()),
            ("--work", args.work.is_some()),
            ("--seed", args.seed != 0),
        ],
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
