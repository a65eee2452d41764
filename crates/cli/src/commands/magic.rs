//! `cubist magic`: search for short sequences that change only a few pieces (SPEC §2.7).

use crate::failure::Unsolvable;
use anyhow::{bail, Result};
use clap::{Args, ValueEnum};
use cubist_cubular::magic::{cell_name, CellQuery, CellSequence, Region};
use cubist_rubik::magic::{self, Keep, MagicSequence, Method, Query};
use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Duration;

/// Arguments of `cubist magic`.
#[derive(Args, Debug)]
#[command(after_help = "\
How it works (3×3×3): every canonical sequence up to --max-length turns (no face turned
twice in a row, opposite faces in a fixed order) is repeated k = 1..--max-repeat times
until the protected pieces are home again; it is kept if the pieces it still changes
are few enough. --commutators instead tries [A, B] = A B A' B' for A up to --max-length
and B up to --b-length turns. The search stops once --count answers are known (after
finishing that length) or when --time-limit runs out; answers print shortest first.

Output, one answer per line: the sequence (`(S)k` is S done k times, `[A, B]` a
commutator), the repeat count, the total length and the changed pieces as cycles.
With --json, one object per answer: `sequence` is S, `repeat` is k and `moves` is
the whole answer written out (S played k times, `length` moves): play `moves` once,
or `sequence` `repeat` times. A commutator and a digit-cube answer have repeat 1.
`(UFR URB UBL)` sends the piece in UFR to URB, URB's to UBL and UBL's to UFR. A mark
after a cycle or a lone piece tells how pieces come back turned: `+` a corner twisted
clockwise or an edge flipped, `-` a corner twisted anticlockwise (`UFR+` is twisted
in place).

Examples:
  cubist magic --keep edges --max-changed 3 --same-face
      all edges kept, at most three corners changed, all on one face
  cubist magic --keep edges --keep corner-positions --max-changed 3 --same-face
      twist at most three corners of one face, nothing else
  cubist magic --keep corners --keep edge-positions --max-changed 2
      flip two edges, nothing else
  cubist magic --keep edges --keep corner-positions --max-changed 2 --commutators --max-length 5
      twist two corners with a commutator
  cubist magic --keep edges --max-changed 3 --commutators --count 3 --json
  cubist magic --puzzle cubular --region 3-5,3-5,3-5 --count 3
      digit cube: 3-cycles of cells inside the 3×3×3 box at the centre

Digit cube (--puzzle cubular): commutators a b a' b' of two overlapping blocks (four
moves) and, with --max-length 6, their conjugates s a b a' b' s' are slid across the
cube; those whose cells all lie in --region and change at most --max-changed cells
are printed, cells written (x,y,z) and cycles as above.")]
pub struct MagicArgs {
    /// Which puzzle to search on.
    #[arg(long, value_enum, default_value_t = MagicPuzzle::Rubik)]
    pub puzzle: MagicPuzzle,
    /// Pieces that must stay put: edges, corners, edge-positions, corner-positions
    /// (a position keeps the piece in its slot but lets it flip or twist). Repeatable.
    #[arg(long = "keep", value_name = "SET", value_parser = parse_keep)]
    pub keep: Vec<Keep>,
    /// Change at most this many pieces.
    #[arg(long, value_name = "K", default_value_t = 3)]
    pub max_changed: usize,
    /// All changed pieces must lie on one face.
    #[arg(long)]
    pub same_face: bool,
    /// Longest sequence tried before repeating (or longest A of a commutator).
    #[arg(long, value_name = "L", default_value_t = 6)]
    pub max_length: usize,
    /// Most repeats of a sequence (orbit method).
    #[arg(long, value_name = "R", default_value_t = 6)]
    pub max_repeat: usize,
    /// Search commutators [A, B] = A B A' B' instead of repeated sequences.
    #[arg(long)]
    pub commutators: bool,
    /// Longest B of a commutator.
    #[arg(long, value_name = "L", default_value_t = 1)]
    pub b_length: usize,
    /// Stop once this many answers are known.
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub count: usize,
    /// Time budget in seconds; what was found by then is printed.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub time_limit: f64,
    /// Digit cube: every changed cell must lie in this box of cells, given as
    /// X0-X1,Y0-Y1,Z0-Z1 with coordinates 0..8.
    #[arg(long, value_name = "BOX", default_value = "0-8,0-8,0-8")]
    pub region: String,
    /// Print one JSON object per answer: {"sequence": S, "repeat": k, "moves": M,
    /// "length": n, "changed": [...], "cycles": "...", "notation": "..."}, where M is S
    /// played k times, written out: play either S k times or M once, never M k times.
    #[arg(long)]
    pub json: bool,
}

/// The puzzles `cubist magic` searches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MagicPuzzle {
    /// The Rubik's Cube.
    #[value(name = "333")]
    Rubik,
    /// The 9×9×9 digit cube.
    Cubular,
}

/// Most answers one run may ask for (each is kept in memory until printed).
const MAX_COUNT: usize = 10_000;

fn parse_keep(s: &str) -> Result<Keep, String> {
    s.parse()
}

/// Run `cubist magic`.
pub fn run(args: &MagicArgs) -> Result<ExitCode> {
    if !(args.time_limit > 0.0 && args.time_limit <= 86_400.0) {
        bail!(
            "--time-limit {} is out of range, expected more than 0 and at most 86400 seconds",
            args.time_limit
        );
    }
    if args.count > MAX_COUNT {
        bail!(
            "--count {} is too many, expected at most {MAX_COUNT}",
            args.count
        );
    }
    match args.puzzle {
        MagicPuzzle::Rubik => run_rubik(args),
        MagicPuzzle::Cubular => run_cubular(args),
    }
}

fn run_rubik(args: &MagicArgs) -> Result<ExitCode> {
    if args.region != REGION_DEFAULT {
        bail!("--region applies to the digit cube only (--puzzle cubular)");
    }
    let query = Query {
        keep: args.keep.clone(),
        max_changed: args.max_changed,
        same_face: args.same_face,
        max_length: args.max_length,
        max_repeat: args.max_repeat,
        max_b_length: args.b_length,
        count: args.count,
        budget: Duration::from_secs_f64(args.time_limit),
        method: if args.commutators {
            Method::Commutator
        } else {
            Method::Orbit
        },
    };
    let report = magic::search(&query)?;
    print_found(
        &report.found,
        report.timed_out,
        report.tried,
        if args.json { rubik_json } else { rubik_line },
        || {
            format!(
            "no sequence found ({} candidates tried); allow longer sequences, more repeats or more changed pieces",
            report.tried
        )
        },
    )
}

/// Note on standard error when the time limit cut the search short, then print one line
/// per sequence found, all at once; when there is none, fail as unsolvable with the
/// message `none_found` gives.
fn print_found<T>(
    found: &[T],
    timed_out: bool,
    tried: u64,
    line: fn(&T) -> String,
    none_found: impl FnOnce() -> String,
) -> Result<ExitCode> {
    if timed_out {
        crate::output::note(&format!(
            "cubist: time limit reached after {tried} candidates; showing what was found"
        ));
    }
    if found.is_empty() {
        return Err(Unsolvable(none_found()).into());
    }
    let mut out = String::new();
    for seq in found {
        writeln!(out, "{}", line(seq))?;
    }
    crate::output::print(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// `--region`'s default, the whole digit cube; any other value asks for the digit cube.
const REGION_DEFAULT: &str = "0-8,0-8,0-8";

fn run_cubular(args: &MagicArgs) -> Result<ExitCode> {
    if !args.keep.is_empty() || args.same_face || args.commutators {
        bail!("--keep, --same-face and --commutators apply to the 3×3×3 only; the digit cube searches commutators of blocks");
    }
    let query = CellQuery {
        region: Region::parse(&args.region)?,
        max_changed: args.max_changed,
        max_length: args.max_length,
        count: args.count,
        budget: Duration::from_secs_f64(args.time_limit),
    };
    let report = cubist_cubular::magic::search(&query)?;
    print_found(
        &report.found,
        report.timed_out,
        report.tried,
        if args.json {
            cubular_json
        } else {
            cubular_line
        },
        || {
            format!(
                "no sequence of at most {} moves changes at most {} cells inside {}",
                args.max_length, args.max_changed, query.region
            )
        },
    )
}

/// A digit-cube answer as text: its moves, `length N` and the cycles of the cells it
/// changes.
fn cubular_line(seq: &CellSequence) -> String {
    format!(
        "{}  length {}  {}",
        seq.moves_text(),
        seq.length(),
        seq.cycles_text()
    )
}

/// A digit-cube answer as one JSON object, in the 3×3×3 answers' shape (played once,
/// so `sequence` and `moves` are the same).
fn cubular_json(seq: &CellSequence) -> String {
    let changed: Vec<String> = seq.changed().into_iter().map(cell_name).collect();
    let moves = serde_json::Value::from(seq.moves_text());
    format!(
        "{{\"sequence\": {moves}, \"repeat\": 1, \"moves\": {moves}, \"length\": {}, \"changed\": {}, \"cycles\": {}}}",
        seq.length(),
        serde_json::Value::from(changed),
        serde_json::Value::from(seq.cycles_text()),
    )
}

/// `(U R2 U2 F2 R2)4  repeat 4  length 20  (UFR DRF URB)`; a commutator also shows
/// its moves written out.
fn rubik_line(seq: &MagicSequence) -> String {
    let written = if seq.commutator.is_some() {
        format!("  = {}", seq.moves())
    } else {
        String::new()
    };
    format!(
        "{}{written}  repeat {}  length {}  {}",
        seq.notation(),
        seq.repeat,
        seq.length(),
        magic::cycles_text(&seq.effect)
    )
}

/// One JSON object, keys in the documented order: `sequence` played `repeat` times is
/// `moves`.
fn rubik_json(seq: &MagicSequence) -> String {
    let changed: Vec<&str> = seq.changed().iter().map(|p| p.name()).collect();
    format!(
        "{{\"sequence\": {}, \"repeat\": {}, \"moves\": {}, \"length\": {}, \"changed\": {}, \"cycles\": {}, \"notation\": {}}}",
        serde_json::Value::from(seq.base.to_string()),
        seq.repeat,
        serde_json::Value::from(seq.moves().to_string()),
        seq.length(),
        serde_json::Value::from(changed),
        serde_json::Value::from(magic::cycles_text(&seq.effect)),
        serde_json::Value::from(seq.notation()),
    )
}
