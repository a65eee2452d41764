//! A pass for answers from long runs: a tangle of a few blocks turned back and forth,
//! cut out and mended.
//!
//! A long annealing run's finished answer is often the scramble's undo but for a
//! tangle: a handful of overlapping blocks each turned two or more times within a
//! dozen moves (`237Z1 227Z1 237Z2 … 215Z1 127Z3 215Z3 127Z2 … 237Z3 … 237Z2`),
//! which together do what one or two undos the run never found would do. No single
//! edit shortens it: every move of the tangle is needed while the others stay. Here
//! each such tangle is cut out whole and the cells that leaves are mended by the
//! repair's single edits (see [`repair::run_retuned`]), which readily add a missing
//! undo once the tangle no longer hides where it acts; the shortest result that
//! solves the cube in fewer moves is kept, and the pass is repeated until none is.

use super::tuning::{MOST_LEFT, MOST_MOVES, UNTANGLE_MOST_BETWEEN};
use super::{repair, simplify};
use crate::cube::CELLS;
use crate::moves::Move;
use cubist_tables::Cancel;
use rayon::prelude::*;

/// `moves`, which solve `start`, with tangles cut out and mended while that makes them
/// shorter (see the module's doc). Never longer than `moves`; an answer of more than
/// [`MOST_MOVES`] is left as it is.
/// The pass stops early, with what it has, once `cancel` is cancelled.
pub fn untangle(start: &[u8; CELLS], moves: &[Move], cancel: &Cancel) -> Vec<Move> {
    let mut path = moves.to_vec();
    if path.len() > MOST_MOVES {
        return path;
    }
    while let Some(shorter) = shortened(start, &path, cancel) {
        path = shorter;
    }
    path
}

/// The places cut out of `path`: for each two turns of one block at most
/// [`UNTANGLE_MOST_BETWEEN`] apart, the turns from the first to the second (both
/// included) of blocks turned at least twice there; those of blocks overlapping the twice-turned
/// one; and the two turns alone.
fn cuts(path: &[Move]) -> Vec<Vec<usize>> {
    let n = path.len();
    let mut cuts: Vec<Vec<usize>> = Vec::new();
    for p in 0..n {
        for q in p + 1..n.min(p + 2 + UNTANGLE_MOST_BETWEEN) {
            if path[q].block() != path[p].block() {
                continue;
            }
            let window = p..=q;
            let turned = |b: usize| window.clone().filter(|&k| path[k].block() == b).count();
            let repeated = window
                .clone()
                .filter(|&k| turned(path[k].block()) >= 2)
                .collect();
            let overlapping = window
                .clone()
                .filter(|&k| !path[k].disjoint(path[p]))
                .collect();
            for cut in [repeated, overlapping, vec![p, q]] {
                if !cuts.contains(&cut) {
                    cuts.push(cut);
                }
            }
        }
    }
    cuts
}

/// The shortest mended cut of `path` that solves `start` in fewer moves, if any (the
/// first of the shortest, in the order of [`cuts`]).
fn shortened(start: &[u8; CELLS], path: &[Move], cancel: &Cancel) -> Option<Vec<Move>> {
    cuts(path)
        .into_par_iter()
        .filter_map(|cut| {
            if cancel.is_cancelled() {
                return None;
            }
            let rest: Vec<Move> = (0..path.len())
                .filter(|k| !cut.contains(k))
                .map(|k| path[k])
                .collect();
            let rest = simplify(&rest);
            if repair::misplaced_after(start, &rest) > MOST_LEFT {
                return None;
            }
            let mended = repair::run_retuned(start, &rest, &|| cancel.is_cancelled());
            (mended.len() < path.len() && repair::misplaced_after(start, &mended) == 0)
                .then_some(mended)
        })
        .min_by_key(|m| m.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::SOLVED;
    use crate::format::parse;
    use crate::moves::{invert, parse_moves};
    use crate::scramble::scramble;
    use crate::solve::shorten::played;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn the_tangles_of_an_annealed_answer_are_cut_out_and_mended() {
        // The bench's 88-move scramble-3 and a 97-move answer a long annealing run
        // finished for it, with a tangle of blocks 237, 227, 215 and 127 at its
        // start and `245Z2 427X1 245Z2 427X3` further on.
        let text = include_str!("../../../../tests/data/cubular/tangled/scramble-3.txt");
        let answer =
            include_str!("../../../../tests/data/cubular/tangled/scramble-3-effort-4.moves");
        let (cube, _) = parse(text, None).unwrap();
        let answer = parse_moves(answer).unwrap();
        assert_eq!(answer.len(), 97);
        assert_eq!(played(cube.cells(), &answer), SOLVED);
        let found = untangle(cube.cells(), &answer, &Cancel::new());
        assert_eq!(played(cube.cells(), &found), SOLVED);
        assert!(found.len() <= 88, "{} moves", found.len());
        // Cancelled, the pass gives the answer back as it was.
        let cancel = Cancel::new();
        cancel.cancel();
        assert_eq!(untangle(cube.cells(), &answer, &cancel), answer);
    }

    #[test]
    fn an_answer_without_tangles_or_too_long_is_left_as_it_is() {
        let mut rng = ChaCha8Rng::seed_from_u64(23);
        let (cube, moves) = scramble(&mut rng, 30);
        let undo = invert(&moves);
        assert_eq!(untangle(cube.cells(), &undo, &Cancel::new()), undo);
        let (cube, moves) = scramble(&mut rng, MOST_MOVES + 1);
        let undo = invert(&moves);
        assert_eq!(untangle(cube.cells(), &undo, &Cancel::new()), undo);
        assert!(untangle(&SOLVED, &[], &Cancel::new()).is_empty());
    }
}
