//! The digit cube through `cubist-cubular`.

use super::{Puzzle, PuzzleError, Scrambled, Solved, Verified};
use cubist_cubular::{parse, parse_moves, Cube, Effort, Layout, Move, SolveOptions};
use cubist_search::Cancel;
use rand::{Rng, SeedableRng};
use std::time::Duration;

/// The method names accepted for the digit cube: `default`, or `effort-1` (fastest) to
/// `effort-5` (shortest).
pub const METHODS: &[&str] = &[
    "default", "effort-1", "effort-2", "effort-3", "effort-4", "effort-5",
];

fn read(text: &str) -> Result<Cube, PuzzleError> {
    parse(text, None)
        .map(|(cube, _)| cube)
        .map_err(|e| PuzzleError::Malformed(e.to_string()))
}

fn effort(method: Option<&str>) -> Result<Effort, PuzzleError> {
    match method {
        None | Some("default") => Ok(Effort::default()),
        Some(m) => m
            .strip_prefix("effort-")
            .and_then(|n| n.parse::<u32>().ok())
            .filter(|n| (Effort::MIN..=Effort::MAX).contains(n))
            .map(Effort::new)
            .ok_or_else(|| {
                PuzzleError::Malformed(format!(
                    "method {m:?} is not one of {} for the digit cube",
                    METHODS.join(", ")
                ))
            }),
    }
}

/// The 729 digits in text-format order, as the viewer reads them.
pub fn digits(cube: &Cube) -> String {
    cube.cells().iter().map(|&d| char::from(b'0' + d)).collect()
}

fn texts(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}

/// Solve a digit cube within `budget` (the solver's soft budget); `cancel` is the
/// request's token, for the solver to poll once it takes one (see the TODO below).
pub fn solve(
    text: &str,
    method: Option<&str>,
    budget: Duration,
    cancel: &Cancel,
) -> Result<Solved, PuzzleError> {
    let effort = effort(method)?;
    let cube = read(text)?;
    // TODO(merge): once `cubist_cubular::SolveOptions` has its `cancel` field, add
    // `cancel: Some(cancel.clone()),` here (and drop the `..Default::default()` and
    // this allow); until then the digit-cube solver stops only at its soft budget.
    let _ = cancel;
    #[allow(clippy::needless_update)]
    let opts = SolveOptions {
        effort,
        time_budget: Some(budget),
        // A request gets the effort's answer; the pool's budget only cuts it short.
        anytime: false,
        progress: None,
        ..Default::default()
    };
    let solution =
        cubist_cubular::solve(&cube, &opts).map_err(|e| PuzzleError::Unsolvable(e.to_string()))?;
    Ok(Solved {
        puzzle: Puzzle::Cubular,
        moves: texts(&solution.moves),
        start: digits(&cube),
    })
}

/// A scramble of `moves` random moves (default: 10..=100, as `cubist scramble`).
pub fn scramble(moves: Option<usize>, seed: Option<u64>) -> Result<Scrambled, PuzzleError> {
    let mut rng = match seed {
        Some(s) => rand_chacha::ChaCha8Rng::seed_from_u64(s),
        None => rand_chacha::ChaCha8Rng::from_entropy(),
    };
    let n = moves.unwrap_or_else(|| rng.gen_range(10..=100));
    let (cube, list) = cubist_cubular::scramble(&mut rng, n);
    Ok(Scrambled {
        puzzle: Puzzle::Cubular,
        cube: cube.to_text(Layout::Layers),
        start: digits(&cube),
        moves: texts(&list),
    })
}

/// Apply moves and count the misplaced cells.
pub fn verify(text: &str, moves: &str) -> Result<Verified, PuzzleError> {
    let mut cube = read(text)?;
    let list = parse_moves(moves).map_err(|e| PuzzleError::Malformed(format!("moves: {e}")))?;
    cube.apply_all(&list);
    Ok(Verified {
        puzzle: Puzzle::Cubular,
        wrong: cube.misplaced(),
        length: list.len(),
    })
}
