//! Measures the staged solvers on seeded random cubes: mean and maximum length, mean
//! time per cube (tables ready), every solution checked.
//!
//! `cargo run --release -p cubist-rubik --example stages_timing [-- COUNT]`

use cubist_rubik::scramble::random_state;
use cubist_rubik::solve::{layers, thistlethwaite, StagedSolution};
use cubist_rubik::CubieCube;
use rand::SeedableRng;
use std::time::Instant;

/// Time this thread has spent on a processor, in milliseconds, where Linux reports it
/// (wall time misleads on a shared, busy machine).
fn cpu_ms() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e6)
}

fn measure(name: &str, cubes: &[CubieCube], solve: fn(&CubieCube) -> StagedSolution) {
    let t0 = Instant::now();
    solve(&CubieCube::SOLVED);
    let warm = t0.elapsed();
    let mut lengths = Vec::new();
    let mut stage_totals: Vec<(&str, usize)> = Vec::new();
    let mut times = Vec::new();
    let mut merged = 0;
    let mut cpu_times: Vec<f64> = Vec::new();
    let cpu_start = cpu_ms();
    let t = Instant::now();
    for c in cubes {
        let ts = Instant::now();
        let c0 = cpu_ms();
        let s = solve(c);
        times.push(ts.elapsed().as_secs_f64() * 1e3);
        if let (Some(a), Some(b)) = (c0, cpu_ms()) {
            cpu_times.push(b - a);
        }
        assert!(c.apply_alg(&s.moves()).is_solved(), "{name}: not solved");
        lengths.push(s.moves().len());
        merged += s.moves().simplified().len();
        for (k, (n, a)) in s.stages.iter().enumerate() {
            if stage_totals.len() <= k {
                stage_totals.push((n, 0));
            }
            stage_totals[k].1 += a.len();
        }
    }
    let per = t.elapsed().as_secs_f64() / cubes.len() as f64;
    let cpu_end = cpu_ms();
    println!(
        "  mean {:.2} moves once turns meeting across stage borders are merged",
        merged as f64 / cubes.len() as f64
    );
    let mean = lengths.iter().sum::<usize>() as f64 / cubes.len() as f64;
    times.sort_by(f64::total_cmp);
    lengths.sort();
    println!(
        "{name}: {} cubes, all solved; length min {} median {} mean {mean:.2} max {}; \
         time mean {:.3} ms, median {:.3} ms, max {:.3} ms per cube; tables {:.0} ms",
        cubes.len(),
        lengths[0],
        lengths[lengths.len() / 2],
        lengths[lengths.len() - 1],
        per * 1e3,
        times[times.len() / 2],
        times[times.len() - 1],
        warm.as_secs_f64() * 1e3
    );
    if let (Some(a), Some(b)) = (cpu_start, cpu_end) {
        println!(
            "  processor time mean {:.3} ms per cube, max {:.3} ms",
            (b - a) / cubes.len() as f64,
            cpu_times.iter().copied().fold(0.0, f64::max)
        );
    }
    for (n, tot) in stage_totals {
        println!("  {n}: mean {:.2}", tot as f64 / cubes.len() as f64);
    }
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    let which = std::env::args().nth(2).unwrap_or_default();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(333);
    let cubes: Vec<CubieCube> = (0..n).map(|_| random_state(&mut rng)).collect();
    if which.is_empty() || which == "thistlethwaite" {
        measure("thistlethwaite", &cubes, thistlethwaite::solve);
    }
    if which.is_empty() || which == "layers" {
        measure("layers", &cubes, layers::solve);
    }
}
