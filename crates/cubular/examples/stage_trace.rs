//! Where a solve's moves go: prints each change of stage with the cells left and the
//! moves so far, for one seeded scramble (`stage_trace SEED MOVES`).

use cubist_cubular::{scramble, solve, Progress, SolveOptions};
use rand::SeedableRng;
use std::sync::{Arc, Mutex};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers"))
        .collect();
    let (seed, moves) = (args[0], args[1] as usize);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let (cube, _) = scramble(&mut rng, moves);
    let last = Arc::new(Mutex::new(String::new()));
    let seen = last.clone();
    let opts = SolveOptions {
        work: Some(1),
        progress: Some(Arc::new(move |p: &Progress| {
            let mut last = seen.lock().unwrap();
            if *last != p.stage {
                println!(
                    "{:>8} {:>4} cells {:>4} moves",
                    p.stage, p.misplaced, p.moves
                );
                *last = p.stage.to_string();
            }
        })),
        ..SolveOptions::default()
    };
    let sol = solve(&cube, &opts).expect("solves");
    println!(
        "{} misplaced -> {} moves",
        cube.misplaced(),
        sol.moves.len()
    );
}
