//! The 3×3×3 through `cubist-rubik`.

use super::{Puzzle, PuzzleError, Scrambled, Solved, Verified};
use cubist_rubik::solve::{layers, optimal, thistlethwaite, two_phase, Options};
use cubist_rubik::{parse_one, scramble as scrambles, Alg, CubeError, CubieCube, Face, Facelets};
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

/// Solve with `method` (default: the first of [`METHODS`]).
pub fn solve(text: &str, method: Option<&str>, budget: Duration) -> Result<Solved, PuzzleError> {
    let method = method.unwrap_or(METHODS[0]);
    if !METHODS.contains(&method) {
        return Err(unknown_method(method));
    }
    let cube = read(text)?;
    let opts = Options {
        max_length: 20,
        timeout: Some(budget),
    };
    let unsolvable = |e: cubist_rubik::solve::SolveError| PuzzleError::Unsolvable(e.to_string());
    let alg = match method {
        "two-phase" => two_phase::solve(&cube, &opts).map_err(unsolvable)?.moves,
        "optimal" => optimal::solve(&cube, &opts).map_err(unsolvable)?.moves,
        "thistlethwaite" => thistlethwaite::solve(&cube).merged(),
        "layers" => layers::solve(&cube).merged(),
        _ => return Err(unknown_method(method)),
    };
    Ok(Solved {
        puzzle: Puzzle::Rubik,
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
        puzzle: Puzzle::Rubik,
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
        puzzle: Puzzle::Rubik,
        wrong,
        length: alg.len(),
    })
}
