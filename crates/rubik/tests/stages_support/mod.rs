//! Shared helpers for the staged-solver tests: seeded random cubes and the reference
//! model's verdict on solutions.

#![allow(dead_code)]

use cubist_rubik::scramble::random_state;
use cubist_rubik::solve::StagedSolution;
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

/// Solve each of `cubes` with `solve` and check the staged answer: its stages carry
/// `names` in order, `check_stage(k, name, alg, reached)` (which asserts) accepts each
/// stage and the cube it reaches, and the whole solution solves the cube. Returns the
/// mean solution length.
pub fn check_stages(
    cubes: &[CubieCube],
    names: &[&str],
    solve: impl Fn(&CubieCube) -> StagedSolution,
    check_stage: impl Fn(usize, &str, &Alg, &CubieCube),
) -> f64 {
    let mut total = 0;
    for cube in cubes {
        let sol = solve(cube);
        let got: Vec<&str> = sol.stages.iter().map(|(n, _)| *n).collect();
        assert_eq!(got, names);
        let mut c = *cube;
        for (k, (name, alg)) in sol.stages.iter().enumerate() {
            c = c.apply_alg(alg);
            check_stage(k, name, alg, &c);
        }
        assert!(solves(cube, &sol.moves()));
        total += sol.moves().len();
    }
    total as f64 / cubes.len() as f64
}

/// Solve `n` random cubes from `seed` with `solve` and have the reference model judge
/// every solution solved, and the first cube with no moves (a control) unsolved. Does
/// nothing, after a note, when the reference model is not available.
pub fn check_with_reference_model(seed: u64, n: usize, solve: impl Fn(&CubieCube) -> Alg) {
    let Some(dir) = oracle_dir() else { return };
    let cubes = random_cubes(seed, n);
    let mut cases: Vec<(CubieCube, Alg)> = cubes.iter().map(|c| (*c, solve(c))).collect();
    cases.push((cubes[0], Alg::default()));
    let verdicts = oracle_solved(&dir, &cases);
    let (control, real) = verdicts.split_last().unwrap();
    assert!(!control, "reference model judged a scrambled cube solved");
    assert!(
        real.iter().all(|&v| v),
        "reference model rejects a solution"
    );
}
