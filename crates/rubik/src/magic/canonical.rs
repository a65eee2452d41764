//! Canonical move sequences: no two turns of the same face in a row, and turns of
//! opposite faces (which commute) always in the order U before D, R before L, F before
//! B. Every sequence of face turns equals a canonical one that is no longer, so a search
//! over canonical sequences misses nothing and tries each effect far fewer times.

use crate::cubie::CubieCube;
use crate::moves::{Face, Move};

/// Whether a turn of `next` may follow a turn of `prev` in a canonical sequence.
pub fn may_follow(prev: Option<Face>, next: Face) -> bool {
    match prev {
        None => true,
        Some(p) => p != next && !(p.axis() == next.axis() && next.index() < p.index()),
    }
}

/// Whether a whole sequence is canonical.
pub fn is_canonical(moves: &[Move]) -> bool {
    moves
        .windows(2)
        .all(|w| may_follow(Some(w[0].face), w[1].face))
}

/// The effect of each of the 18 face turns, in [`Move::ALL`] order.
pub fn move_effects() -> [CubieCube; 18] {
    std::array::from_fn(|i| CubieCube::SOLVED.apply_move(Move::from_index(i)))
}

/// Visit every canonical sequence of exactly `len` turns, in a fixed order, with its
/// effect on the solved cube. `visit` returns `false` to stop early; the function
/// returns `false` if it was stopped.
pub fn for_each_canonical(len: usize, visit: &mut dyn FnMut(&[Move], &CubieCube) -> bool) -> bool {
    let effects = move_effects();
    let mut moves = Vec::with_capacity(len);
    walk(len, &effects, &mut moves, &CubieCube::SOLVED, visit)
}

fn walk(
    len: usize,
    effects: &[CubieCube; 18],
    moves: &mut Vec<Move>,
    state: &CubieCube,
    visit: &mut dyn FnMut(&[Move], &CubieCube) -> bool,
) -> bool {
    if moves.len() == len {
        return visit(moves, state);
    }
    let prev = moves.last().map(|m| m.face);
    for (i, m) in Move::ALL.iter().enumerate() {
        if !may_follow(prev, m.face) {
            continue;
        }
        moves.push(*m);
        let next = state.then(&effects[i]);
        let go_on = walk(len, effects, moves, &next, visit);
        moves.pop();
        if !go_on {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Alg;
    use std::collections::HashSet;

    #[test]
    fn counts_match_the_known_sequence() {
        // Canonical sequences of the face-turn metric: 1, 18, 243, 3240, 43254.
        for (len, want) in [(1, 18u64), (2, 243), (3, 3240), (4, 43254)] {
            let mut n = 0u64;
            for_each_canonical(len, &mut |moves, state| {
                assert!(is_canonical(moves));
                assert_eq!(*state, CubieCube::from_alg(&Alg(moves.to_vec())));
                n += 1;
                true
            });
            assert_eq!(n, want, "length {len}");
        }
    }

    #[test]
    fn reaches_every_state_of_short_sequences() {
        // Every state of <= 3 arbitrary turns is reached by a canonical sequence of <= 3.
        let mut canonical = HashSet::new();
        for len in 0..=3 {
            for_each_canonical(len, &mut |_, s| {
                canonical.insert(*s);
                true
            });
        }
        let mut all = HashSet::new();
        let mut frontier = vec![CubieCube::SOLVED];
        all.insert(CubieCube::SOLVED);
        for _ in 0..3 {
            let mut next = Vec::new();
            for s in &frontier {
                for m in Move::ALL {
                    let t = s.apply_move(m);
                    if all.insert(t) {
                        next.push(t);
                    }
                }
            }
            frontier = next;
        }
        assert_eq!(canonical, all);
    }

    #[test]
    fn stops_when_asked() {
        let mut n = 0;
        let done = for_each_canonical(3, &mut |_, _| {
            n += 1;
            n < 10
        });
        assert!(!done);
        assert_eq!(n, 10);
    }
}
