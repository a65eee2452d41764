//! Commutators `[A, B] = A B A' B'`: when `A` and `B` overlap in few pieces, the
//! commutator changes only pieces near that overlap — the classic way to build a
//! corner 3-cycle (`[R U R', D]`) or a two-corner twist.

use super::canonical::for_each_canonical;
use super::{Found, MagicSequence, Query};
use crate::cubie::CubieCube;
use crate::moves::{Alg, Move};

/// Try `[A, B]` for every canonical `A` up to `max_length` and `B` up to
/// `max_b_length`, shortest `A` first, adding answers to `found`.
pub(crate) fn search(query: &Query, found: &mut Found) {
    let protected = found.protected;
    let mut bs: Vec<(Vec<Move>, CubieCube, CubieCube)> = Vec::new();
    for len in 1..=query.max_b_length {
        for_each_canonical(len, &mut |moves, effect| {
            bs.push((moves.to_vec(), *effect, effect.inverse()));
            true
        });
    }
    for len in 1..=query.max_length {
        if 2 * len + 2 > found.bound() {
            break;
        }
        let complete = for_each_canonical(len, &mut |moves, a| {
            if !found.tick() {
                return false;
            }
            let a_inv = a.inverse();
            let last_axis = moves[len - 1].face.axis();
            for (b_moves, b, b_inv) in &bs {
                // When B turns only faces on the axis of A's last turn, that turn
                // commutes with B and cancels: [A, B] equals [A minus its last turn, B],
                // already tried.
                if b_moves.iter().all(|m| m.face.axis() == last_axis) {
                    continue;
                }
                let c = a.then(b).then(&a_inv).then(b_inv);
                if !query.accepts(&c, &protected) {
                    continue;
                }
                let a_alg = Alg(moves.to_vec());
                let b_alg = Alg(b_moves.clone());
                let whole = Alg([moves, b_moves, &a_alg.inverse().0, &b_alg.inverse().0].concat())
                    .simplified();
                if whole.len() >= found.bound() {
                    continue;
                }
                found.add(MagicSequence {
                    base: whole,
                    repeat: 1,
                    commutator: Some((a_alg, b_alg)),
                    effect: c,
                });
            }
            true
        });
        if !complete || found.enough() {
            break;
        }
    }
}
