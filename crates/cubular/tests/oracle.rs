//! Cross-checks against the independent Python reference model (`cubular_ref.py`):
//! thousands of random moves, and solver answers.

use cubist_cubular::{format_moves, parse, scramble, solve, Cube, Layout, Move, SolveOptions};
use rand::SeedableRng;
use std::path::PathBuf;
use std::process::Command;

/// The oracle folder: env CUBIST_ORACLE_DIR, else `<workspace>/../shared/tools`.
fn oracle_dir() -> Option<PathBuf> {
    cubist_testkit::oracle_dir(&["cubular_ref.py"])
}

/// Run the oracle on lines of move lists; each line's result (from the solved cube)
/// comes back as a 729-digit line.
fn oracle_apply(dir: &std::path::Path, lists: &[Vec<Move>]) -> Vec<String> {
    let script = "import sys\nsys.path.insert(0, sys.argv[1])\nimport cubular_ref as r\n\
        for line in sys.stdin:\n    c = r.apply_moves(list(r.TARGET), r.parse_moves(line))\n    print(''.join(c))\n";
    let mut input = String::new();
    for l in lists {
        let s: Vec<String> = l.iter().map(Move::to_string).collect();
        input.push_str(&s.join(" "));
        input.push('\n');
    }
    cubist_testkit::run_snippet(dir, script, &input)
        .lines()
        .map(str::to_string)
        .collect()
}

fn digits(c: &Cube) -> String {
    c.cells().iter().map(|d| char::from(b'0' + d)).collect()
}

cubist_testkit::oracle_test! {
#[test]
fn random_moves_match_the_oracle() {
    let Some(dir) = oracle_dir() else { return };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(42);
    // 3087 single moves (every move once) and 300 random sequences of 1..=20 moves.
    let mut lists: Vec<Vec<Move>> = (0..cubist_cubular::moves::MOVE_COUNT)
        .map(|i| vec![Move::from_index(i)])
        .collect();
    for k in 0..300 {
        lists.push(scramble(&mut rng, 1 + k % 20).1);
    }
    let want = oracle_apply(&dir, &lists);
    assert_eq!(want.len(), lists.len());
    for (l, w) in lists.iter().zip(&want) {
        let mut c = Cube::solved();
        c.apply_all(l);
        assert_eq!(&digits(&c), w, "moves {l:?}");
    }
}
}

cubist_testkit::oracle_test! {
#[test]
fn solutions_verify_with_the_oracle() {
    let Some(dir) = oracle_dir() else { return };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let tmp = std::env::temp_dir().join(format!("cubist-oracle-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    for (k, n) in [12usize, 40, 90, 1000].into_iter().enumerate() {
        let (cube, _) = scramble(&mut rng, n);
        let sol = solve(&cube, &SolveOptions::default()).expect("solves");
        let cf = oracle_verifies(&dir, &tmp, &cube, &sol.moves, &k.to_string())
            .unwrap_or_else(|e| panic!("oracle rejects the solution of a {n}-move scramble: {e}"));
        // And our own parse of what we wrote gives the same cube back.
        let text = std::fs::read_to_string(&cf).unwrap();
        assert_eq!(parse(&text, None).unwrap().0, cube);
    }
    let _ = std::fs::remove_dir_all(&tmp);
}
}

#[test]
fn a_band_cube_answered_by_the_default_second_attempt_verifies_with_the_oracle() {
    // A 41-move scramble of 331-400 misplaced cells whose default-effort answer comes
    // from the second attempt (255 moves from the first alone, measured; 219 with it).
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(548);
    let (cube, _) = scramble(&mut rng, 41);
    let sol = solve(&cube, &SolveOptions::default()).expect("solves");
    assert!(sol.moves.len() <= 240, "{} moves", sol.moves.len());
    oracle_solves(&cube, &sol.moves, "band");
}

/// Writes `cube` and `moves` into `tmp` (named by `tag`) and asks the reference model
/// whether the moves solve the cube; the cube's file, or what the model said.
fn oracle_verifies(
    dir: &std::path::Path,
    tmp: &std::path::Path,
    cube: &Cube,
    moves: &[Move],
    tag: &str,
) -> Result<PathBuf, String> {
    let cf = tmp.join(format!("cube-{tag}.txt"));
    let mf = tmp.join(format!("moves-{tag}.txt"));
    std::fs::write(&cf, cube.to_text(Layout::Layers)).unwrap();
    std::fs::write(&mf, format_moves(moves)).unwrap();
    let out = Command::new("python3")
        .arg(dir.join("cubular_ref.py"))
        .arg("verify")
        .arg(&cf)
        .arg(&mf)
        .output()
        .unwrap();
    if out.status.success() {
        Ok(cf)
    } else {
        Err(String::from_utf8_lossy(&out.stdout).into_owned())
    }
}

#[test]
fn challenge_1_is_undone_within_100_moves_and_the_oracle_agrees() {
    // A work budget of the first answer and the eleven other symmetries: the same
    // answer on every machine.
    let text = include_str!("../../../examples/cubular/challenge-1.txt");
    let (cube, _) = parse(text, None).unwrap();
    let opts = SolveOptions {
        work: Some(12),
        ..SolveOptions::default()
    };
    let moves = solve(&cube, &opts).expect("solves").moves;
    let mut played = cube.clone();
    played.apply_all(&moves);
    assert!(played.is_solved());
    assert!(moves.len() <= 100, "{} moves", moves.len());
    oracle_solves(&cube, &moves, "challenge-1-work-12");
}

/// The reference model says `moves` solve `cube` (when python3 and the model are
/// there); `tag` names the temporary files.
fn oracle_solves(cube: &Cube, moves: &[Move], tag: &str) {
    let Some(dir) = oracle_dir() else { return };
    let tmp = std::env::temp_dir().join(format!("cubist-oracle-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let verdict = oracle_verifies(&dir, &tmp, cube, moves, tag);
    let _ = std::fs::remove_dir_all(&tmp);
    if let Err(e) = verdict {
        panic!("oracle rejects the solution ({tag}): {e}");
    }
}
