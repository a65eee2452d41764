//! Last pass: an undo played too early, taken back and played again.
//!
//! A long annealing run's finished answer is often the scramble's undo but for a
//! tangle like `A … B M B' A' X Y A B`: the undos `A` and `B` were played before `X`
//! and `Y`, which had to come first, so the finish took them back, played `X` and
//! `Y`, and played them again, four moves more than the undo. Here every pair of a
//! move and, later, the move that takes it back is tried out of the answer, with the
//! moves between them put anywhere before the first of the pair or after the second;
//! the shortest result that still solves the cube is kept, and the pass is repeated
//! until none helps. A candidate costs one playing of the answer, and there are few
//! pairs, so the pass takes milliseconds.

use super::shorten::played;
use super::simplify;
use super::tuning::{MOST_AWAY, TAKEBACK_MOST_BETWEEN};
use crate::cube::CELLS;
use crate::moves::Move;

/// `moves`, which take `start` to `target`, with taken-back pairs out where the
/// moves between them, put elsewhere, make the pair needless (see the module's doc).
/// Never longer than `moves`, and it still takes `start` to `target`.
pub fn take_back(start: &[u8; CELLS], target: &[u8; CELLS], moves: &[Move]) -> Vec<Move> {
    let mut path = moves.to_vec();
    while let Some(shorter) = shortened(start, target, &path) {
        path = shorter;
    }
    path
}

/// The first candidate (pairs in path order, then places in order) that takes `start`
/// to `target` in fewer moves than `path`, if any.
fn shortened(start: &[u8; CELLS], target: &[u8; CELLS], path: &[Move]) -> Option<Vec<Move>> {
    let n = path.len();
    for q in 0..n {
        let back = path[q].inverse();
        for r in q + 1..n.min(q + 2 + TAKEBACK_MOST_BETWEEN) {
            if path[r] != back {
                continue;
            }
            let between = &path[q + 1..r];
            let rest: Vec<Move> = path[..q].iter().chain(&path[r + 1..]).copied().collect();
            // The moves between, put before what stood at `at` in the rest: at `q` or
            // before, or past where the pair ended (at most `MOST_AWAY` moves away).
            let before = q.saturating_sub(MOST_AWAY)..=q;
            let after = q + 1..=rest.len().min(q + MOST_AWAY);
            for at in before.chain(after) {
                let mut candidate = Vec::with_capacity(n - 2);
                candidate.extend_from_slice(&rest[..at]);
                candidate.extend_from_slice(between);
                candidate.extend_from_slice(&rest[at..]);
                let candidate = simplify(&candidate);
                if candidate.len() < n && played(start, &candidate) == *target {
                    return Some(candidate);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::SOLVED;
    use crate::format::parse;
    use crate::moves::{invert, parse_moves};
    use crate::scramble::scramble;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn the_undos_taken_back_in_an_annealed_answer_are_played_once_where_they_belong() {
        // The bench's 95-move scramble-9 and an answer a long annealing run finished
        // for it: `A … B M B' A' X Y A B`, four moves over the scramble.
        let text = include_str!("../../../../tests/data/cubular/taken-back/scramble-9.txt");
        let answer =
            include_str!("../../../../tests/data/cubular/taken-back/scramble-9-effort-4.moves");
        let (cube, _) = parse(text, None).unwrap();
        let answer = parse_moves(answer).unwrap();
        assert_eq!(played(cube.cells(), &answer), SOLVED);
        assert_eq!(answer.len(), 99);
        let found = take_back(cube.cells(), &SOLVED, &answer);
        assert_eq!(played(cube.cells(), &found), SOLVED);
        assert!(found.len() <= 95, "{} moves", found.len());
    }

    #[test]
    fn an_answer_without_such_pairs_is_left_as_it_is() {
        let mut rng = ChaCha8Rng::seed_from_u64(22);
        let (cube, moves) = scramble(&mut rng, 25);
        let undo = invert(&moves);
        assert_eq!(take_back(cube.cells(), &SOLVED, &undo), undo);
        assert!(take_back(&SOLVED, &SOLVED, &[]).is_empty());
    }
}
