//! How far annealing gets when it must find the moves as well as their order.
//!
//! For seeded scrambles of each length given (the cubes `cubist scramble --puzzle
//! cubular --seed S --moves N` prints, seeds 1000 on), a sequence of `length + 10`
//! slots, all empty at first, is annealed. One step in 20 empties a random slot and
//! refills it from all 3087 moves or none, each drawn with chance `exp(-e / t)` for its
//! points `e` (4 a cell the whole sequence leaves misplaced, 1 a move); every other
//! step moves one move to another slot and is kept when no worse, or worse by `d`
//! points with chance `exp(-d / t)`. The temperature `t` falls geometrically from 3 to
//! 0.3 over `100,000 × length` steps. Prints, per scramble, the fewest cells left (and
//! the moves and true undos of that sequence), then how many were undone. The figures
//! in `docs/cubular-solver.md` ("Annealing whole sequences") come from:
//!
//! ```sh
//! cargo run --release -p cubist-cubular --example slot_anneal -- 30 50 60
//! ```

#[path = "common/anneal.rs"]
mod anneal;
#[path = "common/lengths.rs"]
mod lengths;

use anneal::{accept, moves_of, relocate, Replay, NONE, PER_CELL};
use cubist_cubular::cube::CELLS;
use cubist_cubular::moves::MOVE_COUNT;
use cubist_cubular::scramble::scramble;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

/// Scrambles of each length.
const COUNT: u64 = 4;
/// Seed of the first scramble.
const FIRST_SEED: u64 = 1000;
/// Empty slots beyond the scramble's length.
const SPARE_SLOTS: usize = 10;
/// Steps per scramble move.
const STEPS_PER_MOVE: u64 = 100_000;
/// One step in this many refills a slot.
const REFILL_EVERY: u64 = 20;
/// Points per move played.
const PER_MOVE: f64 = 1.0;
/// Temperature at the start and the end.
const HOT: f64 = 3.0;
const COLD: f64 = 0.3;

/// Points of a sequence leaving `left` cells with `moves` moves.
fn points(left: usize, moves: usize) -> f64 {
    PER_CELL * left as f64 + PER_MOVE * moves as f64
}

/// The sequence leaving the fewest cells (then fewest moves) met, as slots.
fn anneal(replay: &Replay, start: &[u8; CELLS], slots: usize, seed: u64) -> (usize, Vec<usize>) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut seq = vec![NONE; slots];
    let mut played = 0;
    let mut left = replay.misplaced(start, &seq);
    let mut best = (left, 0, seq.clone());
    let mut gains = Vec::with_capacity(MOVE_COUNT);
    let mut weights = vec![0.0; MOVE_COUNT + 1];
    let steps = STEPS_PER_MOVE * (slots - SPARE_SLOTS) as u64;
    for step in 0..steps {
        let t = HOT * (COLD / HOT).powf(step as f64 / steps as f64);
        if step % REFILL_EVERY == 0 {
            let i = rng.gen_range(0..slots);
            let without = replay.slot_gains(start, &seq, i, &mut gains);
            played -= (seq[i] != NONE) as usize;
            // Points relative to the empty slot; the lowest is weighed 1.
            let lowest = gains
                .iter()
                .map(|&g| PER_MOVE - PER_CELL * g as f64)
                .fold(0.0, f64::min);
            for (w, &g) in weights.iter_mut().zip(&gains) {
                *w = ((lowest - (PER_MOVE - PER_CELL * g as f64)) / t).exp();
            }
            weights[MOVE_COUNT] = (lowest / t).exp();
            let mut x = rng.gen::<f64>() * weights.iter().sum::<f64>();
            let pick = weights
                .iter()
                .position(|&w| {
                    x -= w;
                    x < 0.0
                })
                .unwrap_or(MOVE_COUNT);
            if pick == MOVE_COUNT {
                seq[i] = NONE;
                left = without;
            } else {
                seq[i] = pick;
                left = (without as i64 - gains[pick] as i64) as usize;
                played += 1;
            }
        } else {
            let (i, j) = (rng.gen_range(0..slots), rng.gen_range(0..slots));
            if i == j || seq[i] == NONE {
                continue;
            }
            relocate(&mut seq, i, j);
            let now = replay.misplaced(start, &seq);
            if accept(&mut rng, points(now, played) - points(left, played), t) {
                left = now;
            } else {
                relocate(&mut seq, j, i);
            }
        }
        if (left, played) < (best.0, best.1) {
            best = (left, played, seq.clone());
        }
    }
    (best.0, best.2)
}

fn main() {
    let replay = Replay::new();
    for n in lengths::lengths(&[30, 50, 60]) {
        let runs: Vec<usize> = (FIRST_SEED..FIRST_SEED + COUNT)
            .into_par_iter()
            .map(|seed| {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                let (mut cube, moves) = scramble(&mut rng, n);
                let (left, seq) = anneal(&replay, cube.cells(), n + SPARE_SLOTS, seed);
                let found = moves_of(&seq);
                let undos: Vec<_> = moves.iter().map(|m| m.inverse()).collect();
                let true_undos = found.iter().filter(|m| undos.contains(m)).count();
                cube.apply_all(&found);
                assert_eq!(cube.misplaced(), left, "the replay agrees with the cube");
                println!(
                    "{n} moves, seed {seed}: {left} cells left by {} moves ({true_undos} true undos)",
                    found.len()
                );
                left
            })
            .collect();
        let undone = runs.iter().filter(|&&l| l == 0).count();
        println!("{n} moves: {undone} of {COUNT} undone");
    }
}
