//! Pruning tables: for each state of a coordinate space, how many moves at least it
//! takes to reach the goal. Built by breadth-first search from the goal.
//!
//! - Phase 1 (reach ⟨U, D, R2, L2, F2, B2⟩): flip-slice class × twist, 140,908,410
//!   entries of 4 bits (70 MB), kept in the table cache.
//! - Phase 2 (solve within that group): corner perm × slice perm and edge8 perm ×
//!   slice perm, 967,680 byte entries each, computed in memory in milliseconds.

use super::cubie_coords::*;
use super::flipslice::{FlipSliceSym, N_FLIPSLICE_CLASS};
use super::moves::{MoveTables, PHASE2_MOVES};
use super::symmetry::N_SYM_D4H;
use cubist_search::nibbles::{bytes_for, AtomicNibbles, EMPTY};
use cubist_search::Progress;
use rayon::prelude::*;

/// Entries of the phase-1 table.
pub const N_PHASE1: usize = N_FLIPSLICE_CLASS * N_TWIST;
/// Bytes of the phase-1 table.
pub const PHASE1_BYTES: usize = N_PHASE1.div_ceil(2);

/// Index of the phase-1 entry for a flip-slice class and twist.
#[inline(always)]
pub fn phase1_index(class: usize, twist: usize) -> usize {
    class * N_TWIST + twist
}

/// The 18 neighbours of a class representative: `(class, symmetry)` after each move.
fn class_neighbours(mt: &MoveTables, fs: &FlipSliceSym, class: usize) -> [(u32, u8); 18] {
    let rep = fs.rep[class] as usize;
    let (flip, slice) = (rep % N_FLIP, rep / N_FLIP);
    let mut out = [(0u32, 0u8); 18];
    for (m, o) in out.iter_mut().enumerate() {
        let f = mt.flip[flip * 18 + m] as usize;
        let s = mt.slice_sorted[slice * 24 * 18 + m] as usize / 24;
        let cs = fs.class_sym[s * N_FLIP + f];
        *o = (cs >> 4, (cs & 15) as u8);
    }
    out
}

/// Build the phase-1 table (flip-slice class × twist, distances to phase 1's goal as
/// 4-bit entries). Deterministic; uses all cores; about ten seconds.
pub fn build_phase1(mt: &MoveTables, fs: &FlipSliceSym) -> Vec<u8> {
    let table = AtomicNibbles::new(N_PHASE1);
    table.set_empty(0, 0);
    let progress = Progress::new("building the phase-1 pruning table", N_PHASE1 as u64);
    progress.inc(1);
    let mut filled = 1usize;
    let mut level = 1usize;
    let mut depth = 0u8;
    while filled < N_PHASE1 {
        let empty = N_PHASE1 - filled;
        let pull = level > empty / 3;
        let new: usize = (0..N_FLIPSLICE_CLASS)
            .into_par_iter()
            .map(|class| {
                let nb = class_neighbours(mt, fs, class);
                let mut count = 0;
                for t in 0..N_TWIST {
                    let here = table.get(phase1_index(class, t));
                    if pull {
                        if here != EMPTY {
                            continue;
                        }
                        for (m, &(c2, s2)) in nb.iter().enumerate() {
                            let t1 = mt.twist[t * 18 + m] as usize;
                            let t2 = fs.twist_conj[t1 * N_SYM_D4H + s2 as usize] as usize;
                            if table.get(phase1_index(c2 as usize, t2)) == depth {
                                if table.set_empty(phase1_index(class, t), depth + 1) {
                                    count += 1;
                                }
                                break;
                            }
                        }
                    } else {
                        if here != depth {
                            continue;
                        }
                        for (m, &(c2, s2)) in nb.iter().enumerate() {
                            let t1 = mt.twist[t * 18 + m] as usize;
                            let t2 = fs.twist_conj[t1 * N_SYM_D4H + s2 as usize] as usize;
                            let c2 = c2 as usize;
                            if table.get(phase1_index(c2, t2)) != EMPTY {
                                continue;
                            }
                            if table.set_empty(phase1_index(c2, t2), depth + 1) {
                                count += 1;
                            }
                            // A class fixed by some symmetries: the images of this
                            // twist under them are the same state.
                            let stab = fs.stabilizer[c2];
                            if stab != 1 {
                                for s in 1..N_SYM_D4H {
                                    if stab & (1 << s) != 0 {
                                        let t3 = fs.twist_conj[t2 * N_SYM_D4H + s] as usize;
                                        if table.set_empty(phase1_index(c2, t3), depth + 1) {
                                            count += 1;
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                count
            })
            .sum();
        assert!(new > 0, "phase-1 search stalled at depth {depth}");
        filled += new;
        level = new;
        depth += 1;
        progress.inc(new as u64);
    }
    progress.finish();
    table.into_bytes()
}

/// Distances in phase 2 over a pair (coordinate `a`, slice perm), `a * 24 + slice perm`,
/// where `step(a, k)` moves `a` by phase-2 move number `k`.
fn build_phase2_pair(n_a: usize, mt: &MoveTables, step: impl Fn(usize, usize) -> usize) -> Vec<u8> {
    let n = n_a * N_SLICE_PERM;
    let mut dist = vec![u8::MAX; n];
    dist[0] = 0;
    let mut frontier = vec![0u32];
    let mut depth = 0u8;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &i in &frontier {
            let (a, p) = (i as usize / N_SLICE_PERM, i as usize % N_SLICE_PERM);
            for (k, &m) in PHASE2_MOVES.iter().enumerate() {
                let a2 = step(a, k);
                let p2 = mt.slice_sorted[p * 18 + m as usize] as usize;
                let j = a2 * N_SLICE_PERM + p2;
                if dist[j] == u8::MAX {
                    dist[j] = depth + 1;
                    next.push(j as u32);
                }
            }
        }
        frontier = next;
        depth += 1;
    }
    dist
}

/// Phase-2 distances over corner perm × slice perm.
pub fn build_corner_slice(mt: &MoveTables) -> Vec<u8> {
    build_phase2_pair(N_CORNER_PERM, mt, |a, k| {
        mt.corner_perm[a * 18 + PHASE2_MOVES[k] as usize] as usize
    })
}

/// Phase-2 distances over edge8 perm × slice perm.
pub fn build_edge_slice(mt: &MoveTables) -> Vec<u8> {
    build_phase2_pair(N_EDGE8_PERM, mt, |a, k| mt.edge8_perm[a * 10 + k] as usize)
}

/// Bytes for a table of `n` 4-bit entries.
pub fn nibble_bytes(n: usize) -> usize {
    bytes_for(n)
}
