//! Repair of a nearly right undo sequence.
//!
//! When the beam undoes a shallow scramble it usually finds the right blocks but can
//! slip in two ways: it undoes two overlapping blocks in the wrong order, or it picks a
//! turn of the right block that fits the digits around it equally well but leaves a few
//! cells wrong inside (turns that differ by a third of a turn about the block's
//! diagonal look alike on a block of unbroken digits). Both leave a small residue that
//! no single further move fixes. This pass edits the sequence itself: it tries every
//! other turn of each move's block, placed up to [`SHIFT`] positions earlier or later,
//! and deleting each move, and keeps any edit that leaves fewer cells misplaced (or as
//! few with fewer moves), until no edit helps.

use crate::cube::{CELLS, SOLVED};
use crate::moves::{play_all, Move};
use rayon::prelude::*;

/// How far (in positions) an edited move may move along the sequence.
const SHIFT: usize = 5;

/// Most rounds of edits (each round keeps the best single edit).
const ROUNDS: usize = 40;

/// Misplaced cells after playing `path` on `start`.
fn misplaced_after(start: &[u8; CELLS], path: &[Move]) -> usize {
    let mut cells = *start;
    play_all(&mut cells, path);
    cells
        .iter()
        .zip(SOLVED.iter())
        .filter(|(a, b)| a != b)
        .count()
}

/// Every single edit of `path`: a move replaced by another turn of its block (possibly
/// shifted along the sequence), or a move deleted.
fn edits(path: &[Move]) -> Vec<Vec<Move>> {
    let mut out = Vec::new();
    for i in 0..path.len() {
        let block = path[i].block();
        let mut rest = path.to_vec();
        rest.remove(i);
        for k in 0..9 {
            let mv = Move::from_index(block * 9 + k);
            for j in i.saturating_sub(SHIFT)..=(i + SHIFT).min(rest.len()) {
                if j == i && mv == path[i] {
                    continue;
                }
                let mut q = rest.clone();
                q.insert(j, mv);
                out.push(q);
            }
        }
        out.push(rest);
    }
    out
}

/// Improve `path` (moves played on `start`) by single edits while any helps; returns
/// the edited path, which never leaves more cells misplaced than `path` does.
pub fn run(start: &[u8; CELLS], path: &[Move]) -> Vec<Move> {
    let mut best = path.to_vec();
    let mut best_mis = misplaced_after(start, &best);
    for _ in 0..ROUNDS {
        if best_mis == 0 {
            break;
        }
        let candidate = edits(&best)
            .into_par_iter()
            .map(|q| (misplaced_after(start, &q), q.len(), q))
            .min_by_key(|(mis, len, _)| (*mis, *len));
        match candidate {
            Some((mis, len, q)) if mis < best_mis || (mis == best_mis && len < best.len()) => {
                best = q;
                best_mis = mis;
            }
            _ => break,
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::Cube;
    use crate::moves::Axis;

    fn undo_of(scramble: &[Move]) -> Vec<Move> {
        scramble.iter().rev().map(|m| m.inverse()).collect()
    }

    #[test]
    fn fixes_a_wrong_turn_and_a_swapped_pair() {
        // Two overlapping blocks and one far away.
        let scramble = [
            Move::new(3, 2, 6, Axis::Z, 3).unwrap(),
            Move::new(2, 3, 7, Axis::Z, 1).unwrap(),
            Move::new(6, 6, 2, Axis::X, 1).unwrap(),
        ];
        let mut cube = Cube::solved();
        cube.apply_all(&scramble);
        let right = undo_of(&scramble);
        // Wrong turn on the far block, and the overlapping pair undone in the wrong order.
        let slipped = vec![Move::new(6, 6, 2, Axis::Y, 2).unwrap(), right[2], right[1]];
        assert!(misplaced_after(cube.cells(), &slipped) > 0);
        let repaired = run(cube.cells(), &slipped);
        assert_eq!(misplaced_after(cube.cells(), &repaired), 0);
        assert!(repaired.len() <= slipped.len());
    }

    #[test]
    fn never_makes_things_worse() {
        let mut cube = Cube::solved();
        let far = Move::new(1, 1, 1, Axis::X, 1).unwrap();
        cube.apply(far);
        let junk = vec![Move::new(7, 7, 7, Axis::Y, 2).unwrap()];
        let before = misplaced_after(cube.cells(), &junk);
        let after = misplaced_after(cube.cells(), &run(cube.cells(), &junk));
        assert!(after <= before);
    }
}
