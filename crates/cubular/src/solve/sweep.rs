//! Stage two: place cells from the outside in with "free" moves.
//!
//! Cells are taken in an outside-in order, those covered by the fewest blocks (near the
//! cube's corners, edges and faces) first; cells equally far inside are taken in one of
//! 48 symmetric orders, and the solver keeps the shortest of the orders it tries. A
//! placed cell is locked, and a block is free while it holds no locked cell: turning it
//! cannot undo earlier work. For each cell the
//! shortest sequence of free moves (found by a backward breadth-first search over where
//! pieces come from) that brings a right piece there is played, preferring the one that
//! also fixes the most other cells. Cells no free block reaches are left to the
//! commutator endgame.

use super::Ctx;
use crate::cube::{coords, index, Cube, CELLS, SOLVED};
use crate::moves::{feeders, move_table, play, Move, MOVE_COUNT};
use std::sync::OnceLock;

/// Longest free-move sequence tried for one cell.
const MAX_DEPTH: usize = 3;

/// For each cell, the blocks (0..343) containing it.
fn blocks_of() -> &'static Vec<Vec<u16>> {
    static B: OnceLock<Vec<Vec<u16>>> = OnceLock::new();
    B.get_or_init(|| {
        let mut b = vec![Vec::new(); CELLS];
        for mi in (0..MOVE_COUNT).step_by(9) {
            let m = Move::from_index(mi);
            for (i, list) in b.iter_mut().enumerate() {
                if m.holds(i) {
                    list.push(m.block() as u16);
                }
            }
        }
        b
    })
}

/// Number of distinct sweep orders: the cube's 48 symmetries (6 orders of the axes times
/// 8 mirrorings) applied to the tie-break between cells equally far inside.
pub const ORDERS: usize = 48;

/// The order cells are placed in: fewest covering blocks first, then by distance from
/// the nearest face; cells equally far inside are taken in index order of the cube
/// seen through symmetry `variant` (0..[`ORDERS`]; 0 is the identity). Different
/// variants place the same shells in different sequences and so end in solutions of
/// different lengths: the solver tries several and keeps the shortest.
fn order(variant: usize) -> Vec<usize> {
    let mut v: Vec<usize> = (0..CELLS).collect();
    let edge = |c: usize| c.min(8 - c);
    let axes = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ][variant % 6];
    let mirror = variant / 6 % 8;
    v.sort_by_key(|&i| {
        let (x, y, z) = coords(i);
        let mut d = [edge(x), edge(y), edge(z)];
        d.sort_unstable();
        let c = [x, y, z];
        let seen: [usize; 3] = std::array::from_fn(|k| {
            let v = c[axes[k]];
            if mirror >> k & 1 == 1 {
                8 - v
            } else {
                v
            }
        });
        (d, index(seen[0], seen[1], seen[2]))
    });
    v
}

/// Place what can be placed with free moves, taking cells in sweep order `variant`
/// (see [`order`]); returns the moves played.
pub fn run(cube: &Cube, _ctx: &Ctx, variant: usize) -> Vec<Move> {
    let mut cells = *cube.cells();
    let mut locked_in = [0u16; 343];
    let mut out = Vec::new();
    let feed = feeders();
    let bl = blocks_of();
    let mut prev: Vec<(u16, u16)> = vec![(0, 0); CELLS];
    let mut seen = vec![u32::MAX; CELLS];
    let mut stamp = 0u32;
    let mut done = vec![false; CELLS];
    let mut locked = [false; CELLS];
    let table = move_table();
    let list = order(variant);
    for t in list.iter().copied().chain(list.iter().copied()) {
        if done[t] {
            continue;
        }
        let want = SOLVED[t];
        if cells[t] != want {
            // Backward search: level k holds cells whose piece reaches t in k free moves.
            stamp += 1;
            seen[t] = stamp;
            let mut frontier = vec![t];
            let mut found: Vec<usize> = Vec::new();
            for _ in 0..MAX_DEPTH {
                let mut next = Vec::new();
                for &v in &frontier {
                    for &(mi, u) in &feed[v] {
                        let u = u as usize;
                        if seen[u] == stamp {
                            continue;
                        }
                        // A move may turn locked cells only if they stay right.
                        if locked_in[mi as usize / 9] != 0
                            && !table[mi as usize].iter().all(|&(d, s)| {
                                !locked[d as usize] || cells[s as usize] == SOLVED[d as usize]
                            })
                        {
                            continue;
                        }
                        seen[u] = stamp;
                        prev[u] = (mi, v as u16);
                        next.push(u);
                        if cells[u] == want {
                            found.push(u);
                        }
                    }
                }
                if !found.is_empty() || next.is_empty() {
                    break;
                }
                frontier = next;
            }
            // Among the shortest paths, the one leaving the fewest cells misplaced.
            let mut best: Option<(usize, Vec<usize>)> = None;
            for &u in &found {
                let mut path = Vec::new();
                let mut c = u;
                while c != t {
                    let (mi, v) = prev[c];
                    path.push(mi as usize);
                    c = v as usize;
                }
                let mut trial = cells;
                for &m in &path {
                    play(&mut trial, m);
                }
                if (0..CELLS).any(|i| locked[i] && trial[i] != SOLVED[i]) {
                    continue;
                }
                let wrong = (0..CELLS).filter(|&i| trial[i] != SOLVED[i]).count();
                if best.as_ref().is_none_or(|(w, _)| wrong < *w) {
                    best = Some((wrong, path));
                }
            }
            let Some((_, path)) = best else {
                continue;
            };
            for &m in &path {
                play(&mut cells, m);
                out.push(Move::from_index(m));
            }
            debug_assert_eq!(cells[t], want);
        }
        done[t] = true;
        locked[t] = true;
        for &b in &bl[t] {
            locked_in[b as usize] += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scramble::scramble;
    use rand::SeedableRng;
    use std::collections::HashSet;

    /// The shell key of a cell: how far inside it lies, as the order sorts it first.
    fn shell(i: usize) -> [usize; 3] {
        let (x, y, z) = coords(i);
        let mut d = [x.min(8 - x), y.min(8 - y), z.min(8 - z)];
        d.sort_unstable();
        d
    }

    #[test]
    fn every_order_takes_all_cells_outside_in_and_orders_differ() {
        let mut distinct = HashSet::new();
        for variant in 0..ORDERS {
            let list = order(variant);
            let mut sorted = list.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..CELLS).collect::<Vec<_>>(), "variant {variant}");
            assert!(
                list.windows(2).all(|w| shell(w[0]) <= shell(w[1])),
                "variant {variant} is not outside-in"
            );
            distinct.insert(list);
        }
        assert_eq!(distinct.len(), ORDERS);
    }

    #[test]
    fn every_order_places_most_cells_by_its_own_route() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let (cube, _) = scramble(&mut rng, 300);
        let ctx = Ctx {
            start: std::time::Instant::now(),
            opts: Default::default(),
        };
        let mut lengths = HashSet::new();
        for variant in [0, 1, 6, 47] {
            let moves = run(&cube, &ctx, variant);
            let mut after = cube.clone();
            after.apply_all(&moves);
            assert!(
                after.misplaced() * 2 < cube.misplaced(),
                "variant {variant}: {} -> {}",
                cube.misplaced(),
                after.misplaced()
            );
            lengths.insert(moves.len());
        }
        // Different orders take different routes.
        assert!(lengths.len() > 1);
    }
}
