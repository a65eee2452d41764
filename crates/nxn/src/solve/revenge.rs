//! The 4×4×4 (Rubik's Revenge) by reduction: centres, then edge pairs, then the
//! 3×3×3 it has become, finished by the project's two-phase solver.
//!
//! Two parities a 3×3×3 never shows are dealt with on the way. Every pairing sequence
//! is an even permutation of the wings, and an odd one would end with one edge
//! flipped (OLL parity); a wide quarter turn is odd on the wings, so when the centres'
//! moves would leave the wings odd, one wide quarter turn goes first and the centres
//! are solved from there (when none of the twelve does, a sequence that swaps one
//! edge's wings and keeps the centres follows them). And the reduced cube may have its corners and edges of
//! different permutation parity (PLL parity): a sequence that swaps two edge pairs and
//! keeps everything else (`2R2 U2 2R2 U2 2U2 2R2 2U2`) mends it.

use super::views::ReductionError;
use super::{centres, pairing, views};
use crate::cube::Cube;
use crate::geometry::Geometry;
use crate::moves::{Alg, Move};
use crate::validity::{odd, wing_identity};
use cubist_rubik::{CubieCube, Face, Facelets};
use cubist_tables::Cancel;

/// Swaps the two wings of the UF edge, keeping the centres: an odd permutation of the
/// wings.
const OLL_PARITY: &str = "Rw2 B2 U2 Lw U2 Rw' U2 Rw U2 F2 Rw F2 Lw' B2 Rw2";

/// Swaps the edge pairs at UF and UB, keeping centres, corners and the other pairs.
const PLL_PARITY: &str = "2R2 U2 2R2 U2 2U2 2R2 2U2";

/// Whether the wings of orbit `j` (from 0) are an odd permutation of their homes.
pub(crate) fn wings_odd(cube: &Cube, j: usize) -> bool {
    let g = cube.geometry();
    let orbit = &g.wings[j];
    let homes: Vec<_> = orbit
        .iter()
        .map(|w| wing_identity(g, w.stickers, w.stickers.map(|k| g.face(k))))
        .collect();
    let perm: Vec<usize> = orbit
        .iter()
        .map(|w| {
            let id = wing_identity(g, w.stickers, w.stickers.map(|k| cube.stickers()[k]));
            homes.iter().position(|h| *h == id).unwrap_or(0)
        })
        .collect();
    odd(&perm)
}

/// The 3×3×3 a reduced 4×4×4 stands for: its corners, one wing of each pair and one
/// centre sticker of each face.
fn reduced(cube: &Cube) -> Facelets {
    let g = Geometry::of(4);
    let at = [0, 1, 3];
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

/// A solution of a reachable 4×4×4 in any orientation: the reduction run on the cube
/// seen from each of [`views::TWELVE`] (no further one once `cancel`'s budget has no
/// room for it), the shortest answer.
pub fn solve(cube: &Cube, cancel: &Cancel) -> Result<Alg, ReductionError> {
    views::best_of(cube, &views::TWELVE, &solve_seen, cancel)
}

/// A solution of a 4×4×4 whose colours are named with DBL home and which is
/// reachable ([`crate::validity::renamed`], [`crate::validity::check_named`]).
fn solve_seen(cube: &Cube) -> Result<Alg, ReductionError> {
    let mut moves: Vec<Move> = Vec::new();
    let mut c = cube.clone();
    // Centres, from a cube whose wings they leave even.
    let openings: Vec<Option<Move>> = std::iter::once(None)
        .chain(
            [Face::R, Face::U, Face::F, Face::L, Face::D, Face::B]
                .into_iter()
                .flat_map(|f| [1, 3].map(|t| Some(Move::layers(f, 1, 2, t)))),
        )
        .collect();
    let even = openings.iter().find_map(|&o| {
        let start = o.map_or_else(|| c.clone(), |m| c.after(&Alg(vec![m])));
        let alg = centres::solve(&start);
        (!wings_odd(&start.after(&alg), 0)).then_some((o, alg))
    });
    match even {
        Some((opening, centre_moves)) => {
            moves.extend(opening);
            moves.extend(centre_moves.0);
        }
        None => {
            // Rare: every opening tried leaves the wings odd. Solve the centres as
            // they are and flip one edge's wings, keeping the centres.
            moves.extend(centres::solve(&c).0);
            moves.extend(Alg::parse(OLL_PARITY, 4).expect("a sequence").0);
        }
    }
    c = cube.after(&Alg(moves.clone()));
    let pll_parity = Alg::parse(PLL_PARITY, 4).expect("a sequence");
    let penalty = |c: &Cube| {
        reduced(c).to_cubie().map_or(0, |t| {
            if t.corner_parity() != t.edge_parity() {
                pll_parity.len()
            } else {
                0
            }
        })
    };
    let pairs = pairing::solve(&c, &penalty).ok_or(ReductionError::Pairing)?;
    c.apply_alg(&pairs);
    moves.extend(pairs.0);
    let mut three = reduced(&c)
        .to_cubie()
        .map_err(|_| ReductionError::Reduced)?;
    if three.corner_parity() != three.edge_parity() {
        c.apply_alg(&pll_parity);
        moves.extend(pll_parity.0);
        three = reduced(&c)
            .to_cubie()
            .map_err(|_| ReductionError::Reduced)?;
    }
    if !three.is_reachable() {
        return Err(ReductionError::Reduced);
    }
    moves.extend(three_by_three(&three)?);
    Ok(crate::simplify::simplify(
        &crate::simplify::merged(moves),
        4,
    ))
}

/// The length the 3×3×3 finish aims for.
const THREE_TARGET: usize = 18;

/// How long the 3×3×3 finish looks for [`THREE_TARGET`] moves before it takes the best
/// it found.
const THREE_BUDGET: std::time::Duration = std::time::Duration::from_millis(100);

/// Outer turns that solve the 3×3×3 a reduced cube stands for, by the two-phase
/// solver: at most [`THREE_TARGET`] moves when it finds them within [`THREE_BUDGET`],
/// else the best it found, and never more than 20.
pub(crate) fn three_by_three(three: &CubieCube) -> Result<Vec<Move>, ReductionError> {
    use cubist_rubik::solve::{two_phase, Options};
    let failed = |e: cubist_rubik::solve::SolveError| ReductionError::ThreeByThree(e.to_string());
    let aimed = Options {
        max_length: THREE_TARGET,
        timeout: Some(THREE_BUDGET),
    };
    let mut finish = two_phase::solve(three, &aimed).map_err(failed)?;
    if finish.moves.len() > 20 {
        finish = two_phase::solve(three, &Options::default()).map_err(failed)?;
    }
    Ok(finish
        .moves
        .0
        .iter()
        .map(|m| Move::face(m.face, m.turns))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn the_oll_parity_sequence_keeps_the_centres_and_makes_the_wings_odd() {
        let c = Cube::solved(4).after(&Alg::parse(OLL_PARITY, 4).unwrap());
        assert!(centres::centres_solved(&c));
        assert!(wings_odd(&c, 0));
    }

    #[test]
    fn the_pll_parity_sequence_swaps_two_edge_pairs_and_nothing_else() {
        let c = Cube::solved(4).after(&Alg::parse(PLL_PARITY, 4).unwrap());
        assert!(centres::centres_solved(&c));
        let s: Vec<u8> = c.stickers().iter().map(|f| f.index() as u8).collect();
        assert_eq!(pairing::paired(&s), 12);
        let three = reduced(&c).to_cubie().unwrap();
        assert_ne!(three.corner_parity(), three.edge_parity());
    }

    #[test]
    fn merging_adds_turns_of_the_same_layers_and_drops_what_cancels() {
        let moves = Alg::parse("R R Rw Rw' U2 U2 F", 4).unwrap().0;
        assert_eq!(crate::simplify::merged(moves).to_string(), "R2 F");
    }

    #[test]
    fn cubes_already_reduced_or_solved_are_solved_too() {
        for moves in ["", "x y", "R U F' D2", "Rw", "2R U2 2R'", "Uw R U R' Uw'"] {
            let cube = Cube::solved(4).after(&Alg::parse(moves, 4).unwrap());
            let alg = solve(&crate::validity::renamed(&cube).unwrap(), &Cancel::new()).unwrap();
            assert!(cube.after(&alg).is_solved(), "{moves}: {alg}");
            if moves.is_empty() || moves == "x y" {
                assert!(alg.is_empty(), "{moves}: {alg}");
            }
        }
    }

    #[test]
    fn a_cancelled_solve_still_answers_from_its_first_view() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(45);
        let (_, cube) = crate::scramble::random_moves(&mut rng, 4, 40);
        let named = crate::validity::renamed(&cube).unwrap();
        let cancelled = Cancel::new();
        cancelled.cancel();
        let alg = solve(&named, &cancelled).unwrap();
        assert!(cube.after(&alg).is_solved(), "{alg}");
        let first = views::best_of(&named, &views::TWELVE[..1], &solve_seen, &Cancel::new());
        assert_eq!(alg, first.unwrap());
        let all = solve(&named, &Cancel::new()).unwrap();
        assert!(
            all.len() <= alg.len(),
            "{} against {}",
            all.len(),
            alg.len()
        );
    }

    #[test]
    fn scrambles_are_reduced_and_solved() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(44);
        for _ in 0..10 {
            let (_, cube) = crate::scramble::random_moves(&mut rng, 4, 40);
            let named = crate::validity::renamed(&cube).unwrap();
            let alg = solve(&named, &Cancel::new()).unwrap();
            assert!(cube.after(&alg).is_solved(), "{alg}");
            assert!(
                alg.0.iter().all(|m| m.kind == crate::moves::Kind::Layers),
                "{alg}"
            );
            eprintln!("{} moves", alg.len());
        }
    }
}
