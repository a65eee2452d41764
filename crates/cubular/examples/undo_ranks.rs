//! How well a score ranks the undo of a scramble's last moves among all 3087 moves.
//!
//! For seeded scrambles of each length given (the cubes `cubist scramble --puzzle
//! cubular --seed S --moves N` prints, seeds 1000 on), every move is played on the
//! scrambled cube and scored; of the scramble moves that no later move overlaps (those
//! whose undo may go first), the best-ranked undo's rank is taken, ties counting half.
//! Prints, per length and score, the median rank and how often it is within the best
//! 10. The figures in `docs/cubular-solver.md` ("Why scrambles of more than about 45
//! moves are not undone") come from:
//!
//! ```sh
//! cargo run --release -p cubist-cubular --example undo_ranks -- 20 35 50 65 80 100
//! ```

#[path = "common/bonds.rs"]
mod bonds;
#[path = "common/lengths.rs"]
mod lengths;

use bonds::bond;
use cubist_cubular::cube::{Cube, CELLS, SIZE};
use cubist_cubular::moves::{Move, MOVE_COUNT};
use cubist_cubular::scramble::scramble;
use rand::SeedableRng;

/// Scrambles of each length.
const COUNT: u64 = 12;
/// Seed of the first scramble.
const FIRST_SEED: u64 = 1000;

/// The scores compared, higher is better.
const SCORES: [&str; 3] = ["bonds", "cells", "squares"];

/// Intact bonds, minus misplaced cells, and 2×2 squares of digits that run as in a
/// turned solved block (all four bonds, opposite ones the same way).
fn scores(cube: &Cube) -> [i64; 3] {
    let c = cube.cells();
    let step = [1usize, SIZE * SIZE, SIZE]; // x, y, z in cell-index steps
    let diff = |p: usize, q: usize| (c[q] + 9 - c[p]) % 9;
    let (mut bonds, mut squares) = (0i64, 0i64);
    for i in 0..CELLS {
        let at = [i % SIZE, i / (SIZE * SIZE), i / SIZE % SIZE];
        for a in 0..3 {
            if at[a] + 1 < SIZE && bond(c[i], c[i + step[a]]) {
                bonds += 1;
            }
            for b in a + 1..3 {
                if at[a] + 1 < SIZE && at[b] + 1 < SIZE {
                    let (ia, ib) = (i + step[a], i + step[b]);
                    let (da, db) = (diff(i, ia), diff(i, ib));
                    if bond(c[i], c[ia])
                        && bond(c[i], c[ib])
                        && diff(ib, ib + step[a]) == da
                        && diff(ia, ia + step[b]) == db
                    {
                        squares += 1;
                    }
                }
            }
        }
    }
    [bonds, -(cube.misplaced() as i64), squares]
}

/// For each score, the rank of the best-ranked undo of a scramble move that no later
/// move overlaps.
fn best_ranks(cube: &Cube, scramble: &[Move]) -> [f64; 3] {
    let base = scores(cube);
    let gains: Vec<[i64; 3]> = (0..MOVE_COUNT)
        .map(|m| {
            let mut turned = cube.clone();
            turned.apply(Move::from_index(m));
            let s = scores(&turned);
            std::array::from_fn(|k| s[k] - base[k])
        })
        .collect();
    let undoable: Vec<usize> = (0..scramble.len())
        .filter(|&i| scramble[i + 1..].iter().all(|m| m.disjoint(scramble[i])))
        .map(|i| scramble[i].inverse().index())
        .collect();
    std::array::from_fn(|k| {
        undoable
            .iter()
            .map(|&u| {
                let g = gains[u][k];
                let above = gains.iter().filter(|x| x[k] > g).count() as f64;
                let equal = gains.iter().filter(|x| x[k] == g).count() as f64;
                1.0 + above + (equal - 1.0) / 2.0
            })
            .fold(f64::MAX, f64::min)
    })
}

fn main() {
    let lengths = lengths::lengths(&[20, 35, 50, 65, 80, 100]);
    for n in lengths {
        let mut ranks: [Vec<f64>; 3] = Default::default();
        for seed in FIRST_SEED..FIRST_SEED + COUNT {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let (cube, moves) = scramble(&mut rng, n);
            for (k, r) in best_ranks(&cube, &moves).into_iter().enumerate() {
                ranks[k].push(r);
            }
        }
        for (name, mut r) in SCORES.iter().zip(ranks) {
            r.sort_by(f64::total_cmp);
            let within = r.iter().filter(|&&x| x <= 10.0).count();
            println!(
                "{n:3} moves  {name:8} median rank {:7.1}  within the best 10: {within}/{}",
                r[r.len() / 2],
                r.len()
            );
        }
    }
}
