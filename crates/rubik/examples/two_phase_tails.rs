//! The two-phase solver's slowest cubes: over seeded random states (the set of
//! `cubist bench --puzzle 333`), the work each search did, counted, and its CPU time.
//!
//! `cargo run --release -p cubist-rubik --example two_phase_tails [-- COUNT SEED]`

use cubist_rubik::scramble::random_state;
use cubist_rubik::solve::{two_phase, Options};
use cubist_rubik::CubieCube;
use rand::SeedableRng;

/// Time this process has spent on the processors, in milliseconds (wall time
/// misleads on a shared, busy machine); 0 where the system does not tell it.
fn cpu_ms() -> f64 {
    #[cfg(unix)]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: clock_gettime only writes the timespec it is given.
        unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
        ts.tv_sec as f64 * 1e3 + ts.tv_nsec as f64 / 1e6
    }
    #[cfg(not(unix))]
    0.0
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let count = args.first().copied().unwrap_or(1000) as usize;
    let seed = args.get(1).copied().unwrap_or(1);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let cubes: Vec<CubieCube> = (0..count).map(|_| random_state(&mut rng)).collect();
    two_phase::Tables::keep_resident();
    two_phase::Tables::get();
    let opts = Options::default();
    let mut rows = Vec::new();
    let mut lengths = Vec::new();
    for (k, cube) in cubes.iter().enumerate() {
        let (w0, c0) = (std::time::Instant::now(), cpu_ms());
        let (answer, work) = two_phase::solve_counted(cube, &opts);
        let (wall, cpu) = (w0.elapsed().as_secs_f64() * 1e3, cpu_ms() - c0);
        let moves = answer.expect("a solution").moves;
        assert!(moves.len() <= 20 && cube.apply_alg(&moves).is_solved());
        lengths.push(moves.len());
        rows.push((work, cpu, wall, k));
    }
    rows.sort_by_key(|r| std::cmp::Reverse(r.0.phase1_nodes));
    let total: u64 = rows.iter().map(|r| r.0.phase1_nodes).sum();
    let stats = |pick: fn(&(two_phase::Work, f64, f64, usize)) -> f64| {
        let mut v: Vec<f64> = rows.iter().map(pick).collect();
        v.sort_by(f64::total_cmp);
        let mean = v.iter().sum::<f64>() / count as f64;
        format!(
            "median {:.3} mean {mean:.3} max {:.3}",
            v[count / 2],
            v[count - 1]
        )
    };
    println!(
        "{count} cubes, seed {seed}: phase-1 nodes total {total}, {}; CPU ms {}; wall ms {}",
        stats(|r| r.0.phase1_nodes as f64),
        stats(|r| r.1),
        stats(|r| r.2),
    );
    println!(
        "moves: mean {:.3}, most {}",
        lengths.iter().sum::<usize>() as f64 / count as f64,
        lengths.iter().max().unwrap_or(&0)
    );
    for (work, cpu, wall, k) in rows.iter().take(8) {
        println!(
            "cube {:>4}: phase-1 nodes {} solutions {}, phase-2 searches {} nodes {}; CPU {cpu:.1} ms, wall {wall:.1} ms",
            k + 1,
            work.phase1_nodes,
            work.phase1_solutions,
            work.phase2_searches,
            work.phase2_nodes
        );
    }
}
