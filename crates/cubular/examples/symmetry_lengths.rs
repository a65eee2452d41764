//! How long the default effort's solutions are on a cube seen through each of its
//! twelve symmetries (see `cubist_cubular::symmetry`): the figures behind
//! `SYMMETRY_EFFORT` in `docs/cubular-solver.md` ("Effort, work and time").
//!
//! For each of the 60 scrambles of 10-100 moves that `cubist bench --puzzle cubular
//! --count 60 --seed SEED` solves, every symmetry's solution is checked by applying
//! it, and one line gives the scramble's length, the cube's misplaced cells, the
//! twelve lengths (the cube as given first) and the shortest. The last line sums the
//! cube as given, the shortest of the first 2, 3, 4, 6 and all 12, and how many of
//! each are within their scramble's length.
//!
//! ```sh
//! cargo run --release -p cubist-cubular --example symmetry_lengths -- 7
//! ```

use cubist_cubular::symmetry::{symmetries, SYMMETRIES};
use cubist_cubular::{scramble, solve, SolveOptions};
use rand::{Rng, SeedableRng};

/// Scrambles in the set, as `cubist bench --count 60`.
const COUNT: usize = 60;

fn main() {
    let seed: u64 = std::env::args()
        .nth(1)
        .map_or(7, |a| a.parse().expect("a seed, as a number"));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let kept = [1, 2, 3, 4, 6, SYMMETRIES];
    let mut totals = [(0usize, 0usize); 6];
    for i in 0..COUNT {
        let n = rng.gen_range(10..=100);
        let (cube, _) = scramble(&mut rng, n);
        let lengths: Vec<usize> = symmetries()
            .iter()
            .map(|s| {
                let seen = solve(&s.cube(&cube), &SolveOptions::default())
                    .expect("a checked solution")
                    .moves;
                let mut c = cube.clone();
                c.apply_all(&seen.iter().map(|&m| s.back(m)).collect::<Vec<_>>());
                assert!(c.is_solved(), "symmetry's solution taken back fails");
                seen.len()
            })
            .collect();
        for (total, &k) in totals.iter_mut().zip(kept.iter()) {
            let best = lengths[..k].iter().copied().min().unwrap_or(0);
            total.0 += best;
            total.1 += usize::from(best <= n);
        }
        println!(
            "scramble-{i} ({n} moves, {} cells): {lengths:?}, shortest {}",
            cube.misplaced(),
            lengths.iter().min().unwrap_or(&0)
        );
    }
    for (total, k) in totals.iter().zip(kept) {
        println!(
            "shortest of {k:>2}: {} moves, {} within their length",
            total.0, total.1
        );
    }
}
