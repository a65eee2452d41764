//! The orbit method: repeat a short sequence until its effect on the protected pieces
//! vanishes, and keep it when what remains touches only a few pieces.
//!
//! A sequence's effect `P` restricted to the protected pieces has some order `m`;
//! `P^k` leaves them alone exactly when `m` divides `k`. So only multiples of `m` are
//! tried, and most sequences (whose `m` exceeds the repeat limit) cost one cycle count.

use super::canonical::for_each_canonical;
use super::{Found, MagicSequence, Query};
use crate::cubie::CubieCube;
use crate::moves::Alg;

/// Try every canonical base sequence, shortest first, adding answers to `found`.
pub(crate) fn search(query: &Query, found: &mut Found) {
    let protected = found.protected;
    for len in 1..=query.max_length {
        if len >= found.bound() {
            break;
        }
        let complete = for_each_canonical(len, &mut |moves, effect| {
            if !found.tick() {
                return false;
            }
            // Repeating a sequence whose ends turn the same face wastes moves: some
            // rotation of it is shorter and is tried instead.
            let cyclic = moves[0].face != moves[len - 1].face;
            let order = protected.order(effect) as usize;
            let bound = found.bound();
            let mut k = order;
            let mut power: Option<CubieCube> = None;
            while k <= query.max_repeat && len * k < bound && (k == 1 || cyclic) {
                let step = power.map_or(k, |_| order);
                let p = power.unwrap_or(CubieCube::SOLVED);
                let next = (0..step).fold(p, |c, _| c.then(effect));
                if query.accepts(&next, &protected) {
                    found.add(MagicSequence {
                        base: Alg(moves.to_vec()),
                        repeat: k,
                        commutator: None,
                        effect: next,
                    });
                    break;
                }
                power = Some(next);
                k += order;
            }
            true
        });
        if !complete || found.enough() {
            break;
        }
    }
}
