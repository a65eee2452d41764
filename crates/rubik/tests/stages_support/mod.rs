//! Shared helpers for the staged-solver tests: seeded random cubes and the reference
//! model's verdict on solutions.

#![allow(dead_code)]

use cubist_rubik::scramble::random_state;
use cubist_rubik::{Alg, CubieCube, Facelets};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::PathBuf;

/// `n` random cubes from a fixed seed.
pub fn random_cubes(seed: u64, n: usize) -> Vec<CubieCube> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..n).map(|_| random_state(&mut rng)).collect()
}

/// Whether `alg` solves `cube`, checked on the cubie model and on the stickers.
pub fn solves(cube: &CubieCube, alg: &Alg) -> bool {
    let end = cube.apply_alg(alg);
    end.is_solved() && Facelets::from_cubie(&end).is_solved()
}

/// The folder holding `rubik_ref.py`, or `None` (and a note) when it is not available.
pub fn oracle_dir() -> Option<PathBuf> {
    cubist_testkit::oracle_dir(&["rubik_ref.py"])
}

/// For each (cube, moves) pair, whether the reference model finds the cube solved after
/// the moves (it is given the facelet string and the moves in WCA notation).
pub fn oracle_solved(dir: &std::path::Path, cases: &[(CubieCube, Alg)]) -> Vec<bool> {
    let script = "import sys\nsys.path.insert(0, sys.argv[1])\nimport rubik_ref as r\n\
                  for line in sys.stdin.read().split('\\n')[:-1]:\n    \
                  state, moves = line.split('|')\n    \
                  print('yes' if r.is_solved(r.apply(list(state), r.parse_moves(moves))) else 'no')\n";
    let input: String = cases
        .iter()
        .map(|(c, a)| format!("{}|{}\n", Facelets::from_cubie(c).to_letters(), a))
        .collect();
    let text = cubist_testkit::run_snippet(dir, script, &input);
    let verdicts: Vec<bool> = text.lines().map(|l| l == "yes").collect();
    assert_eq!(verdicts.len(), cases.len());
    verdicts
}
