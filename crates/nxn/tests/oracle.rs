//! Cross-checks against the independent Python reference model (`nxn_ref.py`): thousands
//! of random sequences of every kind of move, sticker for sticker, on N = 2..7 and 12;
//! and on N = 3 against the project's own 3×3×3 model.

use cubist_nxn::{Alg, Cube, Kind, Move};
use cubist_rubik::Face;
use cubist_tables::Cancel;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random move of any kind the notation has, valid on an N×N×N cube.
fn random_move(rng: &mut ChaCha8Rng, n: usize) -> Move {
    let face = Face::ALL[rng.gen_range(0..6)];
    let turns = rng.gen_range(1..=3);
    match rng.gen_range(0..10) {
        0 => {
            let face = [Face::R, Face::U, Face::F][rng.gen_range(0..3)];
            Move {
                face,
                lo: 1,
                hi: n,
                turns,
                kind: Kind::Rotation,
            }
        }
        1 if n % 2 == 1 => {
            let face = [Face::L, Face::D, Face::F][rng.gen_range(0..3)];
            let mid = n.div_ceil(2);
            Move {
                face,
                lo: mid,
                hi: mid,
                turns,
                kind: Kind::Slice,
            }
        }
        2..=4 => Move::face(face, turns),
        _ => {
            let lo = rng.gen_range(1..=n);
            let hi = rng.gen_range(lo..=n);
            Move::layers(face, lo, hi, turns)
        }
    }
}

/// The reference model's cube after each line's moves (from solved), one line each.
fn oracle_apply(dir: &std::path::Path, n: usize, lines: &[String]) -> Vec<String> {
    let script = "import sys\nsys.path.insert(0, sys.argv[1])\nimport nxn_ref as r\n\
        n = int(sys.stdin.readline())\n\
        for line in sys.stdin:\n    print(''.join(r.apply(r.solved(n), n, line)))\n";
    let input = format!("{n}\n{}\n", lines.join("\n"));
    cubist_testkit::run_snippet(dir, script, &input)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn random_moves_match_the_reference_model() {
    let Some(dir) = cubist_testkit::oracle_dir(&["nxn_ref.py"]) else {
        return;
    };
    let mut rng = ChaCha8Rng::seed_from_u64(66);
    for (n, count) in [
        (2, 600),
        (3, 600),
        (4, 600),
        (5, 500),
        (6, 400),
        (7, 300),
        (12, 60),
    ] {
        let algs: Vec<Alg> = (0..count)
            .map(|k| Alg((0..1 + k % 25).map(|_| random_move(&mut rng, n)).collect()))
            .collect();
        let texts: Vec<String> = algs.iter().map(Alg::to_string).collect();
        let want = oracle_apply(&dir, n, &texts);
        assert_eq!(want.len(), algs.len());
        for ((alg, text), w) in algs.iter().zip(&texts).zip(&want) {
            // The printed moves read back as the same moves.
            assert_eq!(&Alg::parse(text, n).unwrap(), alg, "{text}");
            let got = Cube::solved(n).after(alg).to_letters();
            assert_eq!(&got, w, "N = {n}: {text}");
        }
    }
}

#[test]
fn the_3x3x3_turns_agree_with_the_project_3x3x3_model() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..500 {
        let len = rng.gen_range(0..30);
        let alg = cubist_rubik::scramble::random_moves(&mut rng, len);
        let want = cubist_rubik::Facelets::from_cubie(&cubist_rubik::CubieCube::from_alg(&alg));
        let ours = Cube::solved(3).after(&Alg::parse(&alg.to_string(), 3).unwrap());
        assert_eq!(ours.to_letters(), want.to_letters(), "{alg}");
    }
}

/// Whether the reference model says each `(cube, moves)` pair ends solved.
fn oracle_solves(dir: &std::path::Path, n: usize, pairs: &[(String, String)]) -> Vec<bool> {
    let script = "import sys\nsys.path.insert(0, sys.argv[1])\nimport nxn_ref as r\n\
        n = int(sys.stdin.readline())\n\
        for line in sys.stdin:\n    cube, moves = line.rstrip('\\n').split('|')\n    \
        print(r.is_solved(r.apply(list(cube), n, moves), n))\n";
    let lines: Vec<String> = pairs.iter().map(|(c, m)| format!("{c}|{m}")).collect();
    let input = format!("{n}\n{}\n", lines.join("\n"));
    cubist_testkit::run_snippet(dir, script, &input)
        .lines()
        .map(|l| l == "True")
        .collect()
}

#[test]
fn pocket_cube_solutions_are_optimal_length_and_solve_in_the_reference_model() {
    let mut rng = ChaCha8Rng::seed_from_u64(22);
    let mut pairs = Vec::new();
    for k in 0..150 {
        // Random states, and random-move scrambles whole-cube turned.
        let cube = if k % 2 == 0 {
            cubist_nxn::solve::pocket::random_state(&mut rng)
        } else {
            let (_, c) = cubist_nxn::scramble::random_moves(&mut rng, 2, 1 + k % 12);
            let turn = ["", "x", "y2", "z'", "x y"][k % 5];
            c.after(&Alg::parse(turn, 2).unwrap())
        };
        let alg = cubist_nxn::solve::solve(&cube, &Cancel::new()).expect("solves");
        assert!(alg.len() <= 11, "{alg}");
        if k % 2 == 1 {
            assert!(alg.len() <= 1 + k % 12, "longer than its scramble: {alg}");
        }
        pairs.push((cube.to_letters(), alg.to_string()));
    }
    let Some(dir) = cubist_testkit::oracle_dir(&["nxn_ref.py"]) else {
        return;
    };
    let verdicts = oracle_solves(&dir, 2, &pairs);
    assert_eq!(verdicts.len(), pairs.len());
    for ((cube, moves), ok) in pairs.iter().zip(verdicts) {
        assert!(ok, "{cube}: {moves}");
    }
}

#[test]
fn revenge_solutions_solve_in_the_reference_model() {
    let mut rng = ChaCha8Rng::seed_from_u64(44);
    let mut pairs = Vec::new();
    for k in 0..8 {
        let (_, c) = cubist_nxn::scramble::random_moves(&mut rng, 4, 40);
        // Whole-cube turned too: an even cube has no fixed centres to hold it still.
        let turn = ["", "x", "y2", "z'", "x y", "y'", "z2", "x'"][k];
        let cube = c.after(&Alg::parse(turn, 4).unwrap());
        let alg = cubist_nxn::solve::solve(&cube, &Cancel::new()).expect("solves");
        assert!(cube.after(&alg).is_solved());
        pairs.push((cube.to_letters(), alg.to_string()));
    }
    let Some(dir) = cubist_testkit::oracle_dir(&["nxn_ref.py"]) else {
        return;
    };
    let verdicts = oracle_solves(&dir, 4, &pairs);
    assert_eq!(verdicts.len(), pairs.len());
    for ((cube, moves), ok) in pairs.iter().zip(verdicts) {
        assert!(ok, "{cube}: {moves}");
    }
}
