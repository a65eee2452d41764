//! How well two signs read a scramble's length off the cube: misplaced cells and
//! broken bonds (neighbouring cells whose digits do not differ by one, mod 9). For
//! lengths 30, 35, ... 100, 200 scrambles each (`scramble` from `ChaCha8Rng` seed
//! `1000 * length + k`): each sign's median, then the mean error, in moves, of the
//! length read back off those medians for the scrambles of 60-80 and 80-100 moves.
//!
//! ```sh
//! cargo run --release -p cubist-cubular --features research --example depth_signs
//! ```

use cubist_cubular::scramble::scramble;
use cubist_cubular::solve::anneal::broken_bonds;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const PER_LENGTH: u64 = 200;

fn main() {
    let lengths: Vec<usize> = (30..=100).step_by(5).collect();
    let signs: Vec<Vec<(usize, usize)>> = lengths
        .iter()
        .map(|&n| {
            (0..PER_LENGTH)
                .map(|k| {
                    let mut rng = ChaCha8Rng::seed_from_u64(1000 * n as u64 + k);
                    let (cube, _) = scramble(&mut rng, n);
                    (cube.misplaced(), broken_bonds(&cube))
                })
                .collect()
        })
        .collect();
    for (name, pick) in [("misplaced cells", 0usize), ("broken bonds", 1usize)] {
        let sign = |s: &(usize, usize)| if pick == 0 { s.0 } else { s.1 };
        let medians: Vec<(usize, usize)> = lengths
            .iter()
            .zip(&signs)
            .map(|(&n, s)| {
                let mut v: Vec<usize> = s.iter().map(sign).collect();
                v.sort_unstable();
                (n, v[v.len() / 2])
            })
            .collect();
        println!("{name}: {medians:?}");
        for (lo, hi) in [(60, 80), (80, 100)] {
            let errors: Vec<f64> = lengths
                .iter()
                .zip(&signs)
                .filter(|(&n, _)| (lo..=hi).contains(&n))
                .flat_map(|(&n, s)| s.iter().map(move |x| (n, x)))
                .map(|(n, x)| (read_off(&medians, sign(x)) - n as f64).abs())
                .collect();
            let mean = errors.iter().sum::<f64>() / errors.len() as f64;
            println!("  mean error, scrambles of {lo}-{hi} moves: {mean:.1} moves");
        }
    }
}

/// The length whose median sign is `x`, read between the medians.
fn read_off(medians: &[(usize, usize)], x: usize) -> f64 {
    let (first, last) = (medians[0], medians[medians.len() - 1]);
    if x <= first.1 {
        return first.0 as f64;
    }
    if x >= last.1 {
        return last.0 as f64;
    }
    let k = medians.iter().position(|&(_, m)| m >= x).expect("within");
    let ((n0, m0), (n1, m1)) = (medians[k - 1], medians[k]);
    n0 as f64 + (n1 - n0) as f64 * (x - m0) as f64 / (m1 - m0).max(1) as f64
}
