//! Odd cubes bigger than the 3×3×3 (the 5×5×5 first) by reduction: the centres
//! ([`centre_stages`]), then the edges, each edge's wings joined to its midge
//! ([`pairing`]), then the 3×3×3 the cube has become (its corners, midges and fixed
//! centres), finished by the project's two-phase solver.
//!
//! An odd cube has no parity of its own beyond the edges': the centre stages leave each
//! wing orbit an even permutation, which every pairing sequence keeps, so the last
//! edges pair and the reduced cube is a reachable 3×3×3.

use super::revenge::{merged, three_by_three};
use super::views::ReductionError;
use super::{centre_stages, pairing, views};
use crate::cube::Cube;
use crate::moves::{Alg, Move};
use cubist_rubik::{Face, Facelets};
use cubist_tables::Cancel;

/// The 3×3×3 a reduced odd cube stands for: its corners, midges and fixed centres.
fn reduced(cube: &Cube) -> Facelets {
    let g = cube.geometry();
    let n = cube.n();
    let at = [0, n / 2, n - 1];
    let mut f = Facelets::solved();
    for face in Face::ALL {
        for r in 0..3 {
            for c in 0..3 {
                f.0[face.index() * 9 + r * 3 + c] = cube.stickers()[g.sticker(face, at[r], at[c])];
            }
        }
    }
    f
}

/// The whole-cube views an odd N×N×N is reduced from ([`views`]): the 5×5×5 from all
/// six orders of the axes; a bigger cube, whose stages take longer, from its own view.
fn views_of(n: usize) -> &'static [&'static str] {
    if n <= 5 {
        &views::ALL
    } else {
        &views::ALL[..1]
    }
}

/// A solution of a reachable odd N×N×N (N ≥ 5) in any orientation, the shortest of its
/// reductions from `views_of` (no further one once `cancel` is cancelled).
pub fn solve(cube: &Cube, cancel: &Cancel) -> Result<Alg, ReductionError> {
    views::best_of(cube, views_of(cube.n()), &solve_seen, cancel)
}

/// A solution of a reachable odd N×N×N (N ≥ 5) whose colours are named with the fixed
/// centres home ([`crate::validity::renamed`]).
fn solve_seen(cube: &Cube) -> Result<Alg, ReductionError> {
    let n = cube.n();
    let mut moves: Vec<Move> = centre_stages::solve(cube).ok_or(ReductionError::Centres)?;
    let mut c = cube.after(&Alg(moves.clone()));
    let pairs = pairing::solve(&c, &|_| 0).ok_or(ReductionError::Pairing)?;
    c.apply_alg(&pairs);
    moves.extend(pairs.0);
    let three = reduced(&c)
        .to_cubie()
        .map_err(|_| ReductionError::Reduced)?;
    if !three.is_reachable() {
        return Err(ReductionError::Reduced);
    }
    moves.extend(three_by_three(&three)?);
    Ok(crate::simplify::simplify(&merged(moves), n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn scrambled_five_cubes_are_solved() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(55);
        for _ in 0..3 {
            let (_, cube) = crate::scramble::random_moves(&mut rng, 5, 60);
            let named = crate::validity::renamed(&cube).unwrap();
            let alg = solve(&named, &Cancel::new()).unwrap();
            assert!(cube.after(&alg).is_solved(), "{alg}");
            eprintln!("{} moves", alg.len());
        }
    }
}
