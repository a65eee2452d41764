//! Stage one: beam search over single block moves, scored by weighted misplaced cells.
//!
//! Each level expands every kept cube by all 3087 moves, scoring a child incrementally
//! from the 24 cells the move changes, and keeps the best distinct children. The search
//! returns the path to the best cube seen once it stops improving.

use super::weights::cost_table;
use super::Ctx;
use crate::cube::{Cube, CELLS};
use crate::moves::{move_table, Move, MOVE_COUNT};
use rayon::prelude::*;
use std::sync::OnceLock;

/// Random keys for hashing cube states (Zobrist hashing), from a fixed seed.
fn zobrist() -> &'static [[u64; 10]; CELLS] {
    static Z: OnceLock<[[u64; 10]; CELLS]> = OnceLock::new();
    Z.get_or_init(|| {
        let mut s: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            // splitmix64
            s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        std::array::from_fn(|_| std::array::from_fn(|_| next()))
    })
}

/// Weighted count of misplaced cells.
pub(crate) fn score(cells: &[u8; CELLS], w: &[i32]) -> i32 {
    (0..CELLS).map(|i| w[i * 10 + cells[i] as usize]).sum()
}

fn hash(cells: &[u8; CELLS]) -> u64 {
    let z = zobrist();
    (0..CELLS).fold(0, |h, i| h ^ z[i][cells[i] as usize])
}

struct Node {
    cells: Box<[u8; CELLS]>,
    score: i32,
    /// Index in the path arena.
    at: u32,
    /// Block and axis of the last move (moves on it again would merge), or MAX.
    last: usize,
}

#[derive(Clone, Copy)]
struct Child {
    score: i32,
    hash: u64,
    parent: u32,
    mv: u16,
}

/// Run the beam; returns the moves to the best cube found.
pub fn run(start: &Cube, ctx: &Ctx) -> Vec<Move> {
    let w = cost_table();
    let width = ctx.opts.effort.beam_width();
    let patience = 2 + ctx.opts.effort.level() as usize;
    let table = move_table();
    let z = zobrist();

    let root_cells: Box<[u8; CELLS]> = Box::new(*start.cells());
    let root_score = score(&root_cells, w);
    // Path arena: (parent, move); entry 0 is the root.
    let mut arena: Vec<(u32, u16)> = vec![(u32::MAX, u16::MAX)];
    let mut beam = vec![Node {
        cells: root_cells,
        score: root_score,
        at: 0,
        last: usize::MAX,
    }];
    let (mut best_score, mut best_at) = (root_score, 0u32);
    let mut stale = 0;
    let mut seen = std::collections::HashSet::new();
    seen.insert(hash(start.cells()));

    while best_score > 0 && stale < patience && !ctx.out_of_time() {
        let mut children: Vec<Child> = beam
            .par_iter()
            .enumerate()
            .flat_map_iter(|(pi, node)| {
                let cells = &node.cells;
                let h0 = hash(cells);
                (0..MOVE_COUNT).filter_map(move |mi| {
                    if mi / 3 == node.last {
                        return None;
                    }
                    let mut d = 0;
                    let mut h = h0;
                    for &(dst, src) in &table[mi] {
                        let (dst, src) = (dst as usize, src as usize);
                        let v = cells[src];
                        let old = cells[dst];
                        d += w[dst * 10 + v as usize] - w[dst * 10 + old as usize];
                        h ^= z[dst][old as usize] ^ z[dst][v as usize];
                    }
                    Some(Child {
                        score: node.score + d,
                        hash: h,
                        parent: pi as u32,
                        mv: mi as u16,
                    })
                })
            })
            .collect();
        let keep = (width * 4).min(children.len());
        if keep == 0 {
            break;
        }
        children.select_nth_unstable_by_key(keep - 1, |c| c.score);
        children.truncate(keep);
        children.sort_unstable_by_key(|c| c.score);
        let mut next = Vec::with_capacity(width);
        for c in children {
            if next.len() == width {
                break;
            }
            if !seen.insert(c.hash) {
                continue;
            }
            let parent = &beam[c.parent as usize];
            let mut cells = parent.cells.clone();
            let mut moved = [0u8; 24];
            let cyc = &table[c.mv as usize];
            for (v, &(_, src)) in moved.iter_mut().zip(cyc.iter()) {
                *v = cells[src as usize];
            }
            for (&v, &(dst, _)) in moved.iter().zip(cyc.iter()) {
                cells[dst as usize] = v;
            }
            arena.push((parent.at, c.mv));
            next.push(Node {
                cells,
                score: c.score,
                at: (arena.len() - 1) as u32,
                last: c.mv as usize / 3,
            });
        }
        if next.is_empty() {
            break;
        }
        beam = next;
        if beam[0].score < best_score {
            best_score = beam[0].score;
            best_at = beam[0].at;
            stale = 0;
        } else {
            stale += 1;
        }
    }
    let mut path = Vec::new();
    let mut at = best_at;
    while at != 0 {
        let (p, mv) = arena[at as usize];
        path.push(Move::from_index(mv as usize));
        at = p;
    }
    path.reverse();
    path
}
