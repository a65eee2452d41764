//! N×N×N cubes other than the 3×3×3 (2×2×2, 4×4×4 and up) through `cubist-nxn`, as
//! the command line's big-cube front end calls it.

use super::{AnyPuzzle, PuzzleError, Scrambled, Solved, Verified};
use cubist_nxn::solve::{pocket, SolveError};
use cubist_nxn::{scramble as scrambles, Alg, CubeError, ParsedCube};
use cubist_tables::Cancel;
use rand::SeedableRng;

pub use cubist_nxn::geometry::{MAX_N, MIN_N};

/// The size of a text that reads as an N×N×N other than the 3×3×3, if it does.
pub fn detect(text: &str) -> Option<usize> {
    cubist_nxn::format::detect(text).map(|(n, _)| n)
}

fn cube_error(e: CubeError) -> PuzzleError {
    if e.is_unreachable() {
        PuzzleError::Unsolvable(e.to_string())
    } else {
        PuzzleError::Malformed(e.to_string())
    }
}

/// The one N×N×N of `text`, in any of its formats.
fn read(text: &str, n: usize) -> Result<ParsedCube, PuzzleError> {
    cubist_nxn::parse_one(text, None, Some(n)).map_err(cube_error)
}

/// The cube as the viewer draws it: 6N² letters URFDLB. When the input wrote its
/// stickers with those letters they are kept as written (an even cube's letters need
/// not name the faces the reader chose for them, and the picture must show what was
/// pasted); other symbols (colour names, numbers) are named by their faces.
fn start(parsed: &ParsedCube) -> String {
    let mut letters: Vec<&str> = parsed.scheme.iter().map(String::as_str).collect();
    letters.sort_unstable();
    if letters == ["B", "D", "F", "L", "R", "U"] {
        parsed
            .cube
            .stickers()
            .iter()
            .map(|f| parsed.scheme[f.index()].as_str())
            .collect()
    } else {
        parsed.cube.to_letters()
    }
}

fn wca(alg: &Alg) -> Vec<String> {
    alg.0.iter().map(ToString::to_string).collect()
}

/// Solve with the size's one solver (no method to choose). Once `cancel` (the request's
/// token: its budget, its client gone, the server stopping) is cancelled, the
/// reduction begins no further view of the cube and answers with the shortest so far.
pub fn solve(
    text: &str,
    n: usize,
    method: Option<&str>,
    cancel: &Cancel,
) -> Result<Solved, PuzzleError> {
    if let Some(m) = method {
        return Err(PuzzleError::Malformed(format!(
            "method {m:?}: the {} has one solver, so no method is chosen",
            AnyPuzzle::Big(n)
        )));
    }
    let parsed = read(text, n)?;
    // The reductions run on rayon's threads (one view of the cube each) and end with the
    // two-phase 3×3×3 solver. Their tables are loaded here first, outside rayon: the
    // server may be loading the two-phase ones on another thread (at start-up, or for
    // a 3×3×3 solve), and that loading needs rayon's threads, which would otherwise all
    // be waiting for it.
    cubist_nxn::solve::prepare(n);
    let moves = cubist_nxn::solve::solve(&parsed.cube, cancel).map_err(|e| match e {
        SolveError::Unreachable(r) => PuzzleError::Unsolvable(r.to_string()),
        e @ SolveError::NoSolver { .. } => PuzzleError::NoSolver(e.to_string()),
        e => PuzzleError::Unsolvable(e.to_string()),
    })?;
    Ok(Solved {
        puzzle: AnyPuzzle::Big(n),
        moves: wca(&moves),
        start: start(&parsed),
    })
}

/// As `cubist scramble --puzzle 222|444|…`: `moves` random outer and wide turns
/// (default: the WCA's length for the size), or for the 2×2×2 without `moves` a
/// uniformly random state; the same cube as the command line for the same seed.
pub fn scramble(n: usize, moves: Option<usize>, seed: Option<u64>) -> Scrambled {
    let mut rng = match seed {
        Some(s) => rand_chacha::ChaCha8Rng::seed_from_u64(s),
        None => rand_chacha::ChaCha8Rng::from_entropy(),
    };
    let (cube, alg) = match (moves, n) {
        (None, 2) => (pocket::random_state(&mut rng), Alg(Vec::new())),
        (moves, _) => {
            let len = moves.unwrap_or_else(|| scrambles::wca_length(n));
            let (alg, cube) = scrambles::random_moves(&mut rng, n, len);
            (cube, alg)
        }
    };
    let letters = cube.to_letters();
    Scrambled {
        puzzle: AnyPuzzle::Big(n),
        cube: letters.clone(),
        start: letters,
        moves: wca(&alg),
    }
}

/// Apply WCA/SiGN moves (wide, slice, rotations) and count the stickers unlike the
/// colour most common on their face.
pub fn verify(text: &str, n: usize, moves: &str) -> Result<Verified, PuzzleError> {
    let cube = read(text, n)?.cube;
    let alg = Alg::parse(moves, n).map_err(|e| PuzzleError::Malformed(format!("moves: {e}")))?;
    Ok(Verified {
        puzzle: AnyPuzzle::Big(n),
        wrong: cube.after(&alg).wrong_stickers(),
        length: alg.len(),
    })
}
