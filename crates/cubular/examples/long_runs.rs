//! What one long annealing run (as efforts 4 and 5 make them) leaves on the bench's
//! scrambles of 10-100 moves (`cubist bench --puzzle cubular`, seed 1: the same cubes).
//!
//! Arguments: the run's steps in millions, the slots (0: as the effort's first run
//! sizes them, the likely length plus 10), the seeds (`A..B`), then the numbers of the
//! bench's scrambles. Prints, per scramble and seed, the cells the run's best sequence
//! leaves, its moves, how many of them undo a scramble move, and the seconds it took:
//!
//! ```sh
//! cargo run --release -p cubist-cubular --features research --example long_runs -- 50 0 0..2 3 7 9
//! ```

use cubist_cubular::moves::Move;
use cubist_cubular::scramble::scramble;
use cubist_cubular::solve::anneal::{likely_length, long_run};
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use std::time::Instant;

/// The bench's seed and its count of 10-100-move scrambles.
const BENCH_SEED: u64 = 1;
const BENCH_SCRAMBLES: usize = 20;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: long_runs MILLION_STEPS SLOTS SEEDS(A..B) SCRAMBLE...";
    let steps: f64 = args.first().and_then(|a| a.parse().ok()).expect(usage);
    let slots: usize = args.get(1).and_then(|a| a.parse().ok()).expect(usage);
    let (a, b) = args
        .get(2)
        .and_then(|a| a.split_once(".."))
        .and_then(|(a, b)| Some((a.parse::<u64>().ok()?, b.parse::<u64>().ok()?)))
        .expect(usage);
    let picked: Vec<usize> = args[3..].iter().map(|a| a.parse().expect(usage)).collect();

    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(BENCH_SEED);
    let bench: Vec<_> = (0..BENCH_SCRAMBLES)
        .map(|_| {
            let n = rng.gen_range(10..=100);
            scramble(&mut rng, n)
        })
        .collect();
    let jobs: Vec<(usize, u64)> = picked
        .iter()
        .flat_map(|&k| (a..b).map(move |seed| (k, seed)))
        .collect();
    let lines: Vec<String> = jobs
        .par_iter()
        .map(|&(k, seed)| {
            let (cube, moves) = &bench[k];
            let slots = if slots == 0 {
                (likely_length(cube.misplaced()) + 10).min(100)
            } else {
                slots
            };
            let began = Instant::now();
            let (found, left) = long_run(cube, slots, (steps * 1e6) as u64, seed);
            format!(
                "scramble-{k} ({} moves, {} cells) seed {seed} slots {slots}: {left} cells left, {} moves, {} undos, {:.0} s",
                moves.len(),
                cube.misplaced(),
                found.len(),
                undos_held(moves, &found),
                began.elapsed().as_secs_f64()
            )
        })
        .collect();
    for line in lines {
        println!("{line}");
    }
}

/// How many moves of `found` undo a move of `scramble` (each scramble move counted once).
fn undos_held(scramble: &[Move], found: &[Move]) -> usize {
    let mut undos: Vec<Move> = scramble.iter().map(|m| m.inverse()).collect();
    found
        .iter()
        .filter(|m| {
            let hit = undos.iter().position(|u| u == *m);
            hit.map(|k| undos.swap_remove(k)).is_some()
        })
        .count()
}
