//! The 3×3×3 through `cubist-rubik`.

use super::{AnyPuzzle, PuzzleError, Scrambled, Solved, Verified};
use cubist_rubik::solve::{layers, optimal, thistlethwaite, two_phase, Options, SolveError};
use cubist_rubik::{parse_one, scramble as scrambles, Alg, CubeError, CubieCube, Face, Facelets};
use cubist_tables::Cancel;
use std::time::Duration;

/// The methods of SPEC §2.6 that this build can run, default first.
pub const METHODS: &[&str] = &["two-phase", "optimal", "thistlethwaite", "layers"];

fn cube_error(e: CubeError) -> PuzzleError {
    if e.is_unreachable() {
        PuzzleError::Unsolvable(e.to_string())
    } else {
        PuzzleError::Malformed(e.to_string())
    }
}

fn unknown_method(method: &str) -> PuzzleError {
    PuzzleError::Malformed(format!(
        "method {method:?} is not one of {} for the 3×3×3",
        METHODS.join(", ")
    ))
}

fn read(text: &str) -> Result<CubieCube, PuzzleError> {
    Ok(parse_one(text, None).map_err(cube_error)?.cube)
}

fn wca(alg: &Alg) -> Vec<String> {
    alg.0.iter().map(ToString::to_string).collect()
}

fn facelets(cube: &CubieCube) -> String {
    Facelets::from_cubie(cube).to_letters()
}

/// Whether `method` may take long (it then runs beside the digit cubes, not in the
/// quick line): only the optimal search.
pub fn is_long(method: Option<&str>) -> bool {
    method == Some("optimal")
}

/// Solve with `method` (default: the first of [`METHODS`]) within `budget`, stopping
/// when `cancel` does (with the best found so far where the method has one).
pub fn solve(
    text: &str,
    method: Option<&str>,
    budget: Duration,
    cancel: &Cancel,
) -> Result<Solved, PuzzleError> {
    let method = method.unwrap_or(METHODS[0]);
    if !METHODS.contains(&method) {
        return Err(unknown_method(method));
    }
    let cube = read(text)?;
    let opts = Options {
        max_length: 20,
        timeout: Some(budget),
    };
    let unsolvable = |e: SolveError| match e {
        SolveError::TimedOut => PuzzleError::TimedOut,
        e => PuzzleError::Unsolvable(e.to_string()),
    };
    let alg = match method {
        "two-phase" => {
            two_phase::solve_with_cancel(&cube, &opts, cancel)
                .map_err(unsolvable)?
                .moves
        }
        "optimal" => {
            // Its own threads: in rayon's shared pool a cancelled search would wait for
            // another search's iteration to end before its own tasks saw the token.
            let threads = rayon::ThreadPoolBuilder::new()
                .thread_name(|k| format!("cubist-optimal-{k}"))
                .build()
                .map_err(|e| PuzzleError::Unsolvable(format!("cannot start threads: {e}")))?;
            threads
                .install(|| {
                    optimal::solve_sized_with_cancel(
                        &cube,
                        &opts,
                        optimal::TableSize::Small,
                        cancel,
                    )
                })
                .map_err(unsolvable)?
                .moves
        }
        "thistlethwaite" => thistlethwaite::solve_with_cancel(&cube, cancel)
            .map_err(unsolvable)?
            .merged(),
        "layers" => layers::solve_with_cancel(&cube, cancel)
            .map_err(unsolvable)?
            .merged(),
        _ => return Err(unknown_method(method)),
    };
    Ok(Solved {
        puzzle: AnyPuzzle::Rubik,
        moves: wca(&alg),
        start: facelets(&cube),
    })
}

/// A uniformly random state, or `moves` random turns.
pub fn scramble(moves: Option<usize>, seed: Option<u64>) -> Scrambled {
    let mut rng = scrambles::rng(seed);
    let (cube, alg) = match moves {
        None => (scrambles::random_state(&mut rng), Alg(Vec::new())),
        Some(n) => {
            let alg = scrambles::random_moves(&mut rng, n);
            (CubieCube::from_alg(&alg), alg)
        }
    };
    let start = facelets(&cube);
    Scrambled {
        puzzle: AnyPuzzle::Rubik,
        cube: start.clone(),
        start,
        moves: wca(&alg),
    }
}

/// Apply WCA or counted moves and count the stickers unlike their centre.
pub fn verify(text: &str, moves: &str) -> Result<Verified, PuzzleError> {
    let cube = read(text)?;
    let alg = Alg::parse(moves).map_err(|e| PuzzleError::Malformed(format!("moves: {e}")))?;
    let after = Facelets::from_cubie(&cube.apply_alg(&alg));
    let wrong = after
        .0
        .iter()
        .enumerate()
        .filter(|&(k, &face)| face != Face::from_index(k / 9))
        .count();
    Ok(Verified {
        puzzle: AnyPuzzle::Rubik,
        wrong,
        length: alg.len(),
    })
}
