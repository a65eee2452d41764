//! Whether annealing can put a scramble's own moves in order, told which they are.
//!
//! The counterpart of `undo_known_moves`, which asks the same of a beam: for seeded
//! scrambles of each length given (the cubes `cubist scramble --puzzle cubular --seed
//! S --moves N` prints, seeds 1000 on), the undos of the scramble's moves are shuffled
//! and then reordered by simulated annealing. A step moves one undo to another place
//! and is scored by the cells the whole sequence leaves misplaced (4 points a cell),
//! kept when no worse, or worse by `d` points with chance `exp(-d / t)`, the
//! temperature `t` falling evenly from 20 to 0.05 over `30,000 × length` steps.
//! Prints, per length, how many scrambles were undone, the median of the fewest cells
//! left and the median steps taken. The figures in `docs/cubular-solver.md`
//! ("Annealing whole sequences") come from:
//!
//! ```sh
//! cargo run --release -p cubist-cubular --example order_anneal -- 30 60 100
//! ```

#[path = "common/anneal.rs"]
#[allow(dead_code)] // what only `slot_anneal` needs
mod anneal;
#[path = "common/lengths.rs"]
mod lengths;

use anneal::{accept, relocate, Replay, PER_CELL};
use cubist_cubular::cube::CELLS;
use cubist_cubular::scramble::scramble;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

/// Scrambles of each length.
const COUNT: u64 = 6;
/// Seed of the first scramble.
const FIRST_SEED: u64 = 1000;
/// Steps per scramble move.
const STEPS_PER_MOVE: u64 = 30_000;
/// Temperature at the start and added at the end.
const HOT: f64 = 20.0;
const COLD: f64 = 0.05;

/// The fewest cells left by any order met, and the steps taken to reach it.
fn anneal(replay: &Replay, start: &[u8; CELLS], undos: &[usize], seed: u64) -> (usize, u64) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut seq = undos.to_vec();
    seq.shuffle(&mut rng);
    let mut left = replay.misplaced(start, &seq);
    let mut best = (left, 0);
    let steps = STEPS_PER_MOVE * seq.len() as u64;
    for step in 0..steps {
        if best.0 == 0 {
            break;
        }
        let t = HOT * (1.0 - step as f64 / steps as f64) + COLD;
        let (i, j) = (rng.gen_range(0..seq.len()), rng.gen_range(0..seq.len()));
        if i == j {
            continue;
        }
        relocate(&mut seq, i, j);
        let now = replay.misplaced(start, &seq);
        if accept(&mut rng, PER_CELL * (now as f64 - left as f64), t) {
            left = now;
            if left < best.0 {
                best = (left, step + 1);
            }
        } else {
            relocate(&mut seq, j, i);
        }
    }
    best
}

fn main() {
    let replay = Replay::new();
    for n in lengths::lengths(&[30, 60, 100]) {
        let mut runs: Vec<(usize, u64)> = (FIRST_SEED..FIRST_SEED + COUNT)
            .into_par_iter()
            .map(|seed| {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                let (cube, moves) = scramble(&mut rng, n);
                let undos: Vec<usize> = moves.iter().map(|m| m.inverse().index()).collect();
                anneal(&replay, cube.cells(), &undos, seed)
            })
            .collect();
        let undone = runs.iter().filter(|r| r.0 == 0).count();
        runs.sort_unstable();
        let left = runs[runs.len() / 2].0;
        runs.sort_unstable_by_key(|r| r.1);
        println!(
            "{n} moves: {undone} of {COUNT} undone, median {left} cells left, median {} steps",
            runs[runs.len() / 2].1
        );
    }
}
