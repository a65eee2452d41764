//! Cubes bigger than the 4×4×4 by reduction: the centres ([`centre_stages`]), then the
//! edges, each edge's wings joined to its midge or, on an even cube, to each other
//! ([`pairing`]), then the 3×3×3 the cube has become, finished by the project's
//! two-phase solver.
//!
//! The centre stages leave each wing orbit an even permutation, which every pairing
//! sequence keeps, so the last edges pair (no edge is left flipped). An odd cube has
//! no other parity. An even cube's reduced edges may be an odd permutation where its
//! corners are even (or the other way round, the 4×4×4's PLL parity); a sequence of
//! inner half turns that swaps two whole edges and keeps the rest mends it.

use super::revenge::three_by_three;
use super::views::ReductionError;
use super::{centre_stages, pairing, views};
use crate::cube::Cube;
use crate::moves::{Alg, Move};
use crate::simplify::merged;
use cubist_rubik::{Face, Facelets};
use cubist_tables::Cancel;

/// The 3×3×3 a reduced cube stands for: its corners, the piece of each edge and of
/// each face's centre in the middle row or column (on an even cube, the one just past
/// the middle), read from the stickers.
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

/// Swaps the edges at UF and UB of an even N×N×N (all their wings), keeping centres,
/// corners and the other edges: the 4×4×4's `2R2 U2 2R2 U2 2U2 2R2 2U2` with every
/// inner layer of one half in place of the second.
fn pll_parity(n: usize) -> Alg {
    let h = n / 2;
    let text = format!("2-{h}R2 U2 2-{h}R2 U2 2-{h}U2 2-{h}R2 2-{h}U2");
    Alg::parse(&text, n).expect("a sequence")
}

/// Whether a paired cube's reduced corners and edges are of different parity (it needs
/// [`pll_parity`]); never on an odd cube, whose midges and corners agree.
fn needs_pll_parity(cube: &Cube) -> bool {
    cube.n().is_multiple_of(2)
        && reduced(cube)
            .to_cubie()
            .is_ok_and(|t| t.corner_parity() != t.edge_parity())
}

/// How many of the 5×5×5's views, those with the shortest centres, are paired and
/// finished.
const FIVE_FINISHED: usize = 4;

/// How many of the 6×6×6's and 7×7×7's views, those with the shortest centres, are
/// paired and finished: one a core.
const BIG_FINISHED: usize = 2;

/// The whole-cube views an N×N×N is reduced from ([`views`]) and how many of them,
/// those with the shortest centres, are finished: the 5×5×5's centres from all
/// twelve of [`views::TWELVE`], [`FIVE_FINISHED`] finished; a bigger cube's, whose
/// stages take longer, from the six of [`views::ALL`], [`BIG_FINISHED`] finished.
fn views_of(n: usize) -> (&'static [&'static str], usize) {
    if n <= 5 {
        (&views::TWELVE, FIVE_FINISHED)
    } else {
        (&views::ALL, BIG_FINISHED)
    }
}

/// A solution of a reachable N×N×N (N ≥ 5) in any orientation, the shortest of its
/// reductions from `views_of` (no further one once `cancel`'s budget has no room for
/// it: [`views::best_of_ranked`]).
pub fn solve(cube: &Cube, cancel: &Cancel) -> Result<Alg, ReductionError> {
    let (seen_from, keep) = views_of(cube.n());
    let reduction = views::Ranked {
        first: &|c: &Cube| centre_stages::solve(c).ok_or(ReductionError::Centres),
        rank: &Vec::len,
        rest: &finish_seen,
    };
    views::best_of_ranked(cube, seen_from, keep, &reduction, cancel)
}

/// A solution of a reachable N×N×N (N ≥ 5) whose colours are named with the fixed
/// centres (or, on an even cube, the corner at DBL) home
/// ([`crate::validity::renamed`]), from the moves `centres` that solve its centres
/// ([`centre_stages::solve`]).
fn finish_seen(cube: &Cube, centres: Vec<Move>) -> Result<Alg, ReductionError> {
    let n = cube.n();
    let mut moves = centres;
    let mut c = cube.after(&Alg(moves.clone()));
    let parity = pll_parity(n);
    let penalty = |c: &Cube| {
        if needs_pll_parity(c) {
            parity.len()
        } else {
            0
        }
    };
    let pairs = pairing::solve(&c, &penalty).ok_or(ReductionError::Pairing)?;
    c.apply_alg(&pairs);
    moves.extend(pairs.0);
    if needs_pll_parity(&c) {
        c.apply_alg(&parity);
        moves.extend(parity.0);
    }
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
    fn the_pll_parity_sequence_swaps_two_whole_edges_and_nothing_else() {
        for n in [6, 8] {
            let c = Cube::solved(n).after(&pll_parity(n));
            assert!(pairing::centres_solved(&c));
            let s: Vec<u8> = c.stickers().iter().map(|f| f.index() as u8).collect();
            assert_eq!(pairing::paired(&s), 12);
            assert!(needs_pll_parity(&c));
            let three = reduced(&c).to_cubie().unwrap();
            assert_eq!(three.corner_parity(), 0, "{n}");
        }
    }

    #[test]
    fn scrambled_six_cubes_are_solved() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(66);
        for _ in 0..2 {
            let (_, cube) = crate::scramble::random_moves(&mut rng, 6, 80);
            let named = crate::validity::renamed(&cube).unwrap();
            let alg = solve(&named, &Cancel::new()).unwrap();
            assert!(cube.after(&alg).is_solved(), "{alg}");
            eprintln!("{} moves", alg.len());
        }
    }

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
