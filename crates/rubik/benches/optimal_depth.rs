//! Search effort of one deepening iteration of the optimal solver on
//! the random cubes of `cubist bench --puzzle 333 --optimal N --seed S`: nodes and
//! time per cube, to compare changes to the search.
//!
//! `cargo bench -p cubist-rubik --bench optimal_depth -- [DEPTH [CUBE...]]`: the
//! iteration at DEPTH (default 16) for the given cubes (1-based, default 1 2 3) of
//! seed 1 (env `CUBIST_BENCH_SEED` for another), with the default tables
//! (`CUBIST_BENCH_TABLE_SIZE=large` or `small` for others). Pin it to one core with `taskset`
//! and `RAYON_NUM_THREADS=1` for figures that can be compared.

use cubist_rubik::scramble::{random_moves, random_state};
use cubist_rubik::solve::optimal::{search_depth, TableSize, Tables};
use cubist_rubik::CubieCube;
use rand::SeedableRng;
use std::time::Instant;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .map(|a| a.parse().expect("numbers: depth, then cube numbers"))
        .collect();
    let depth = args.first().copied().unwrap_or(16);
    let picked: Vec<usize> = if args.len() > 1 {
        args[1..].to_vec()
    } else {
        vec![1, 2, 3]
    };
    let seed = std::env::var("CUBIST_BENCH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let count = picked.iter().copied().max().unwrap_or(0);
    // `CUBIST_BENCH_SCRAMBLE=N`: cubes of N random turns instead (nearer solved).
    let turns: Option<usize> = std::env::var("CUBIST_BENCH_SCRAMBLE")
        .ok()
        .and_then(|s| s.parse().ok());
    let cubes: Vec<_> = (0..count)
        .map(|_| match turns {
            Some(n) => CubieCube::from_alg(&random_moves(&mut rng, n)),
            None => random_state(&mut rng),
        })
        .collect();
    let loading = Instant::now();
    let size: TableSize = std::env::var("CUBIST_BENCH_TABLE_SIZE")
        .map(|s| s.parse().expect("a table size: small, default or large"))
        .unwrap_or_default();
    let t = Tables::get(size);
    println!("tables loaded in {:.1} s", loading.elapsed().as_secs_f64());
    let (mut all_nodes, mut all_secs) = (0, 0.0);
    for &k in &picked {
        let started = Instant::now();
        let found = search_depth(t, &cubes[k - 1], depth);
        let secs = started.elapsed().as_secs_f64();
        all_nodes += found.nodes;
        all_secs += secs;
        let solution = found.solution.map_or("none".to_string(), |s| s.to_string());
        println!(
            "cube {k} depth {depth}: {} nodes, {secs:.2} s, solution {solution}",
            found.nodes
        );
    }
    println!("total: {all_nodes} nodes, {all_secs:.2} s");
}
