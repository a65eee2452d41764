//! Solvers for big cubes. Each answer is checked by applying it before it is returned.
//!
//! - N = 2: [`pocket`], optimal in the face-turn metric from a table of every state.
//! - N = 4: [`revenge`], by reduction: [`centres`], [`pairing`], then the 3×3×3.
//! - N = 5 to 7: [`reduction`]: [`centre_stages`] (finished by [`centre_cycles`]),
//!   [`pairing`], then the 3×3×3, from several [`views`].

pub mod centre_cycles;
pub mod centre_stages;
pub mod centres;
mod levels;
pub mod pairing;
pub mod pocket;
pub mod reduction;
pub mod revenge;
pub mod views;

use crate::cube::Cube;
use crate::moves::Alg;
use crate::validity::{self, Invalidity};
use cubist_tables::Cancel;

/// Why a cube was not solved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// No turns reach the cube.
    #[error("{0}")]
    Unreachable(#[from] Invalidity),
    /// A reduction stopped short (a bug; never printed as an answer).
    #[error("internal error: {0}")]
    Reduction(String),
    /// No solver for this size yet.
    #[error("no solver for the {n}×{n}×{n} yet (the 2×2×2 and 4×4×4 to 7×7×7 are solved)")]
    NoSolver {
        /// The size.
        n: usize,
    },
    /// A solver's answer did not solve the cube (a bug; never printed as an answer).
    #[error("internal error: the {n}×{n}×{n} solver's answer {moves} does not solve the cube")]
    Unverified {
        /// The size.
        n: usize,
        /// The answer.
        moves: String,
    },
}

/// Load (building when missing, with a progress bar on a terminal) every table the
/// solver of an `n`-layer cube looks up, so that a caller can start a cube's time
/// budget after them: otherwise the first cube's budget goes to building them, on one
/// of the views' threads while the others wait. Nothing for a size without a solver.
pub fn prepare(n: usize) {
    match n {
        2 => pocket::prepare(),
        4 => centres::prepare(),
        5..=7 => centre_stages::prepare(n),
        _ => return,
    }
    if n >= 4 {
        cubist_rubik::solve::two_phase::Tables::get();
    }
}

/// A solution for `cube` in WCA notation, checked by applying it. The reductions solve
/// the cube from several whole-cube views and keep the shortest answer; they begin no
/// further view once `cancel` is cancelled (a caller gone) or when its deadline no
/// longer leaves room for one (as long as the views so far took).
pub fn solve(cube: &Cube, cancel: &Cancel) -> Result<Alg, SolveError> {
    let named = validity::renamed(cube)?;
    validity::check_named(&named)?;
    let alg = match cube.n() {
        2 => pocket::solve(&named),
        4 => revenge::solve(&named, cancel).map_err(|e| SolveError::Reduction(e.to_string()))?,
        5..=7 => {
            reduction::solve(&named, cancel).map_err(|e| SolveError::Reduction(e.to_string()))?
        }
        n => return Err(SolveError::NoSolver { n }),
    };
    if cube.after(&alg).is_solved() {
        Ok(alg)
    } else {
        Err(SolveError::Unverified {
            n: cube.n(),
            moves: alg.to_string(),
        })
    }
}
