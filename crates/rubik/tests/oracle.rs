//! Cross-checks the face turns of the cubie and facelet models against the independent
//! Python reference model, so a wrong turn direction cannot pass self-consistent tests.

use cubist_rubik::{Alg, CubieCube, Facelets, Move};
use rand::{Rng, SeedableRng};
use std::path::PathBuf;

/// The folder holding `rubik_ref.py`, or `None` (and a note) when it is not available.
fn oracle_dir() -> Option<PathBuf> {
    cubist_testkit::oracle_dir(&["rubik_ref.py"])
}

cubist_testkit::oracle_test! {
#[test]
fn random_sequences_match_reference_model() {
    let Some(dir) = oracle_dir() else { return };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2026);
    let algs: Vec<Alg> = (0..500)
        .map(|_| {
            let n = rng.gen_range(0..30);
            Alg((0..n)
                .map(|_| Move::from_index(rng.gen_range(0..18)))
                .collect())
        })
        .collect();
    let script = "import sys\nsys.path.insert(0, sys.argv[1])\nimport rubik_ref as r\n\
                  for line in sys.stdin.read().split('\\n')[:-1]:\n    \
                  print(''.join(r.apply(r.solved(), r.parse_moves(line))))\n";
    let input: String = algs.iter().map(|a| format!("{a}\n")).collect();
    let expected = cubist_testkit::run_snippet(&dir, script, &input);
    let expected: Vec<&str> = expected.lines().collect();
    assert_eq!(expected.len(), algs.len());
    for (alg, want) in algs.iter().zip(expected) {
        let ours = Facelets::from_cubie(&CubieCube::from_alg(alg)).to_letters();
        assert_eq!(ours, want, "after {alg}");
    }
}
}
