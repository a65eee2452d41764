//! What a command asks of a puzzle front end, as plain values: each command in
//! `commands` turns its command-line arguments into one of these settings, so that the
//! front ends in `puzzles` depend on no command's argument struct.
//!
//! The choices among named values (`--method`, `--sets`, `--color`, ...) are enums
//! here that the command line reads directly.

use clap::ValueEnum;
use std::path::PathBuf;

/// What `cubist solve` asks: how to read the cube, which solver and budget, and how to
/// print the answer.
#[derive(Clone, Debug)]
pub struct SolveSettings {
    /// The forced input format, if any.
    pub input: Option<String>,
    /// The 3×3×3 solving method.
    pub method: Method,
    /// The move notation of 3×3×3 answers.
    pub notation: Notation,
    /// Two-phase: the longest answer accepted.
    pub max_length: usize,
    /// 3×3×3: time budget per cube in milliseconds; digit cube: a cap on `time`.
    pub timeout: Option<u64>,
    /// Digit cube: time budget in seconds.
    pub time: Option<f64>,
    /// Digit cube: work budget in the solver's units.
    pub work: Option<u64>,
    /// Digit cube: seed of the solver's random choices.
    pub seed: u64,
    /// Print each stage's moves on its own line (staged 3×3×3 solvers).
    pub stages: bool,
    /// Optimal solver: which pruning table.
    pub table_size: Option<String>,
    /// Also print length and time on standard error.
    pub stats: bool,
    /// Print one JSON object per cube.
    pub json: bool,
}

/// What `cubist bench` asks of one puzzle's bench: its sets, their size and seed, and
/// the budget or methods to measure.
#[derive(Clone, Debug)]
pub struct BenchSettings {
    /// 3×3×3: which methods (comma-separated); all fast ones when absent.
    pub method: Option<String>,
    /// Random cubes per set (each set has its own default).
    pub count: Option<usize>,
    /// Seed of the random sets.
    pub seed: u64,
    /// Digit cube: time budget per cube in seconds.
    pub time: Option<f64>,
    /// Digit cube: work budget per cube.
    pub work: Option<u64>,
    /// Digit cube: which sets to solve (all when empty).
    pub sets: Vec<CubularSet>,
    /// Digit cube: the folder to write each cube and its answer to.
    pub answers: Option<PathBuf>,
    /// 3×3×3: how many seeded random cubes to solve optimally.
    pub optimal: Option<usize>,
    /// 3×3×3 optimal solver: which table size.
    pub table_size: Option<String>,
    /// Bigger cubes: time budget per cube in milliseconds.
    pub timeout: Option<u64>,
}

/// What `cubist show` asks: how to read the cube and where to draw it.
#[derive(Clone, Debug)]
pub struct ShowSettings {
    /// The forced input format, if any.
    pub input: Option<String>,
    /// Write an SVG picture here (`-`: standard output) instead of drawing in the
    /// terminal.
    pub svg: Option<PathBuf>,
    /// When to colour terminal output.
    pub color: ColorChoice,
}

/// What `cubist scramble` asks of one puzzle's scrambler.
#[derive(Clone, Debug)]
pub struct ScrambleSettings {
    /// Number of random moves (each puzzle has its own default).
    pub moves: Option<usize>,
    /// Seed for a repeatable scramble.
    pub seed: Option<u64>,
    /// Also print the scramble moves and their inverse.
    pub show_moves: bool,
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
    /// Scrambles of 10-100 moves, from `--seed` (the tuning set).
    Scrambles,
    /// Scrambles of 5000 moves, from `--seed` (the tuning set).
    Deep,
    /// Scrambles of 10-100 moves from the validation seed.
    #[value(name = "scrambles-validation")]
    ScramblesValidation,
    /// Scrambles of 5000 moves from the validation seed.
    #[value(name = "deep-validation")]
    DeepValidation,
}

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
