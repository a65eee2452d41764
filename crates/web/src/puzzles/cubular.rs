//! The digit cube through `cubist-cubular`.

use super::{AnyPuzzle, PuzzleError, Scrambled, Solved, Verified};
use cubist_cubular::{parse, parse_moves, Cube, Layout, Move, SolveOptions};
use cubist_tables::Cancel;
use rand::{Rng, SeedableRng};
use std::time::Duration;

/// The method names accepted for the digit cube: `default` spends the request's time
/// budget, `fast` at most [`FAST`] of it.
pub const METHODS: &[&str] = &["default", "fast"];

/// The time budget of the `fast` method.
const FAST: Duration = Duration::from_secs(1);
/// Part of a request's time left that the solver plans to spend: the rest lets it
/// wrap up its last passes before the request's deadline, where its token stops it.
const PLANNED_SHARE: f64 = 0.85;

fn read(text: &str) -> Result<Cube, PuzzleError> {
    parse(text, None)
        .map(|(cube, _)| cube)
        .map_err(|e| PuzzleError::Malformed(e.to_string()))
}

/// The time budget of `method` within the request's `budget`.
fn budget_of(method: Option<&str>, budget: Duration) -> Result<Duration, PuzzleError> {
    match method {
        None | Some("default") => Ok(budget),
        Some("fast") => Ok(budget.min(FAST)),
        Some(m) => Err(PuzzleError::Malformed(format!(
            "method {m:?} is not one of {} for the digit cube",
            METHODS.join(", ")
        ))),
    }
}

/// The 729 digits in text-format order, as the viewer reads them.
pub fn digits(cube: &Cube) -> String {
    cube.cells().iter().map(|&d| char::from(b'0' + d)).collect()
}

fn texts(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}

/// Solve a digit cube within `budget`: the shortest answer the method's time finds,
/// sooner when `cancel` (the request's token: its budget, its client gone, the server
/// stopping) stops the solve.
pub fn solve(
    text: &str,
    method: Option<&str>,
    budget: Duration,
    cancel: &Cancel,
) -> Result<Solved, PuzzleError> {
    let time = budget_of(method, budget)?.mul_f64(PLANNED_SHARE);
    let cube = read(text)?;
    let opts = SolveOptions {
        time: Some(time),
        cancel: Some(cancel.clone()),
        ..SolveOptions::default()
    };
    let solution =
        cubist_cubular::solve(&cube, &opts).map_err(|e| PuzzleError::Unsolvable(e.to_string()))?;
    Ok(Solved {
        puzzle: AnyPuzzle::Cubular,
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
        puzzle: AnyPuzzle::Cubular,
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
        puzzle: AnyPuzzle::Cubular,
        wrong: cube.misplaced(),
        length: list.len(),
    })
}
