//! End-to-end tests of the digit-cube commands.

use assert_cmd::Command;
use cubist_testkit::{data, failure_stderr, success_stdout};

fn cubist() -> Command {
    Command::cargo_bin("cubist").unwrap()
}

fn stdout_of(args: &[&str]) -> String {
    success_stdout(&cubist().args(args).output().unwrap())
}

#[test]
fn bad_inputs_exit_2_with_one_line() {
    let dir = data("bad/cubular");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let out = cubist()
            .args(["check", "--puzzle", "cubular"])
            .arg(&path)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{}: {err}", path.display());
        assert!(
            out.stdout.is_empty(),
            "{}: stdout not empty",
            path.display()
        );
        assert_eq!(err.lines().count(), 1, "{}: {err}", path.display());
        assert!(err.starts_with("cubist: "), "{err}");
        assert!(!err.contains("panicked"), "{err}");
        n += 1;
    }
    assert!(n >= 10, "catalogue has only {n} files");
}

#[test]
fn examples_are_valid() {
    for name in [
        "challenge-1.txt",
        "challenge-2.txt",
        "challenge-3.txt",
        "solved.txt",
    ] {
        let p = data(&format!("cubular/{name}"));
        assert_eq!(
            stdout_of(&["check", p.to_str().unwrap()]),
            "valid cubular (layers)\n"
        );
    }
    let p = data("cubular/solved-across.txt");
    assert_eq!(
        stdout_of(&["check", p.to_str().unwrap()]),
        "valid cubular (across)\n"
    );
}

#[test]
fn solve_then_verify_challenge_1() {
    let cube = data("cubular/challenge-1.txt");
    let moves = stdout_of(&["solve", "--work", "1", cube.to_str().unwrap()]);
    assert_solves(&cube, &moves, "default");
}

#[test]
fn a_spent_time_budget_still_gives_a_solution() {
    // A millisecond cuts the beams short at once; sweep and endgame still finish.
    let cube = data("cubular/challenge-2.txt");
    let moves = stdout_of(&["solve", "--time", "0.001", cube.to_str().unwrap()]);
    assert_solves(&cube, &moves, "timeout");
}

#[test]
fn answers_through_a_symmetry_solve_the_cube_as_given() {
    // A 30-move scramble whose first answer takes 37 moves: the annealing's answers
    // and the symmetries' are found on the cube seen through a symmetry and taken
    // back, and must solve the cube as given.
    solves_scramble_within(11, 30, &["--work", "12"], "symmetry");
}

#[test]
fn annealing_undoes_a_41_move_scramble_the_beams_leave_tangled() {
    // The beams leave this scramble tangled (122 moves without annealing); the
    // annealed sequences undo it (at work 10 and more: measured).
    solves_scramble_within(548, 41, &["--work", "10"], "anneal");
}

#[test]
fn a_scramble_undone_with_two_moves_added_at_once_verifies_with_the_oracle() {
    // A 28-move scramble whose repaired path lacked two moves that help only
    // together: 46 moves before the double additions, 28 with them (measured).
    solves_scramble_within(606, 28, &["--work", "1"], "double");
}

#[test]
fn a_deep_scramble_goes_straight_to_sweep_and_endgame_and_verifies_with_the_oracle() {
    // 300 random moves leave more than 500 cells misplaced: at the default effort no
    // beam runs, only sweep and endgame from the start.
    let cube = stdout_of(&[
        "scramble", "--puzzle", "cubular", "--seed", "3", "--moves", "300",
    ]);
    let path = std::env::temp_dir().join(format!("cubist-cli-deep-{}.txt", std::process::id()));
    std::fs::write(&path, cube).unwrap();
    let answer = stdout_of(&["solve", "--work", "1", path.to_str().unwrap()]);
    assert_solves(&path, &answer, "deep");
    let _ = std::fs::remove_file(&path);
}

/// `cubist solve` with `options` undoes the `moves`-move scramble of `seed` in at most
/// that many moves, and its answer solves the cube (see [`assert_solves`]).
fn solves_scramble_within(seed: u64, moves: usize, options: &[&str], tag: &str) {
    let (seed_arg, moves_arg) = (seed.to_string(), moves.to_string());
    let cube = stdout_of(&[
        "scramble", "--puzzle", "cubular", "--seed", &seed_arg, "--moves", &moves_arg,
    ]);
    let path = std::env::temp_dir().join(format!("cubist-cli-{tag}-{}.txt", std::process::id()));
    std::fs::write(&path, cube).unwrap();
    let mut args = vec!["solve"];
    args.extend_from_slice(options);
    args.push(path.to_str().unwrap());
    let answer = stdout_of(&args);
    let count = answer.lines().count();
    assert!(count <= moves, "{count} moves");
    assert_solves(&path, &answer, tag);
    let _ = std::fs::remove_file(&path);
}

/// `moves` (one per line) solve the digit cube in `cube`, by `cubist verify` and by the
/// reference model when it is there.
fn assert_solves(cube: &std::path::Path, moves: &str, tag: &str) {
    assert!(moves.lines().count() > 0);
    assert!(moves.lines().all(|l| l.len() == 5), "one move per line");
    let tmp = std::env::temp_dir().join(format!("cubist-cli-{tag}-{}.moves", std::process::id()));
    std::fs::write(&tmp, moves).unwrap();
    assert_eq!(
        stdout_of(&["verify", cube.to_str().unwrap(), tmp.to_str().unwrap()]),
        "solved\n"
    );
    if let Some(dir) = cubist_testkit::oracle_dir(&["cubular_ref.py"]) {
        let status = std::process::Command::new("python3")
            .arg(dir.join("cubular_ref.py"))
            .args(["verify", cube.to_str().unwrap(), tmp.to_str().unwrap()])
            .stdout(std::process::Stdio::null())
            .status()
            .unwrap();
        assert!(
            status.success(),
            "the reference model rejects the {tag} answer"
        );
    }
    let _ = std::fs::remove_file(&tmp);
}

#[test]
fn verify_reports_an_unsolved_result_with_exit_1() {
    let cube = data("cubular/challenge-2.txt");
    let out = cubist()
        .args(["verify", cube.to_str().unwrap(), "-"])
        .write_stdin("111X1\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cells differ"));
}

#[test]
fn bad_moves_name_the_move_and_line() {
    let cube = data("cubular/solved.txt");
    let out = cubist()
        .args(["apply", cube.to_str().unwrap(), "-"])
        .write_stdin("111X1\n181Y2\n")
        .output()
        .unwrap();
    let err = failure_stderr(&out, 2);
    assert!(err.contains("line 2") && err.contains("181Y2"), "{err}");
}

#[test]
fn scramble_is_repeatable_and_its_inverse_solves() {
    let args = [
        "scramble",
        "--puzzle",
        "cubular",
        "--seed",
        "9",
        "--moves",
        "30",
        "--show-moves",
    ];
    let a = stdout_of(&args);
    assert_eq!(a, stdout_of(&args));
    let (cube, rest) = a.split_once("\nscramble").unwrap();
    let solution = rest
        .lines()
        .find_map(|l| l.strip_prefix("solution: "))
        .unwrap();
    let dir = std::env::temp_dir().join(format!("cubist-scr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("c.txt"), cube).unwrap();
    std::fs::write(dir.join("m.txt"), solution).unwrap();
    let c = dir.join("c.txt");
    let m = dir.join("m.txt");
    assert_eq!(
        stdout_of(&["verify", c.to_str().unwrap(), m.to_str().unwrap()]),
        "solved\n"
    );
    // apply prints the cube in the input's own layout: here the solved cube.
    let solved = std::fs::read_to_string(data("cubular/solved.txt")).unwrap();
    assert_eq!(
        stdout_of(&["apply", c.to_str().unwrap(), m.to_str().unwrap()]),
        solved
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn apply_keeps_the_across_layout() {
    let cube = data("cubular/solved-across.txt");
    let out = cubist()
        .args(["apply", cube.to_str().unwrap(), "-"])
        .write_stdin("444X1 444X3")
        .output()
        .unwrap();
    let want = std::fs::read_to_string(&cube).unwrap();
    assert_eq!(success_stdout(&out), want);
}

#[test]
fn show_draws_nine_layers() {
    let cube = data("cubular/challenge-1.txt");
    let out = stdout_of(&["show", "--color", "never", cube.to_str().unwrap()]);
    assert_eq!(out.lines().count(), 11);
    assert!(out.contains("382 of 729 cells misplaced"));
    let coloured = stdout_of(&["show", "--color", "always", cube.to_str().unwrap()]);
    assert!(coloured.contains("\x1b[31m") && coloured.contains("\x1b[32m"));
}

#[test]
fn json_output() {
    let cube = data("cubular/challenge-1.txt");
    let out = stdout_of(&["solve", "--json", "--work", "1", cube.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["puzzle"], "cubular");
    assert_eq!(
        v["length"].as_u64().unwrap() as usize,
        v["moves"].as_array().unwrap().len()
    );
}

#[test]
fn bench_refuses_empty_sets() {
    let out = cubist()
        .args(["bench", "--puzzle", "cubular", "--count", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("cubist: invalid value '0' for '--count"),
        "{err}"
    );
}

#[test]
fn bench_solves_only_the_sets_asked_for_and_writes_answers_the_oracle_accepts() {
    let dir = std::env::temp_dir().join(format!("cubist-bench-answers-{}", std::process::id()));
    let out = stdout_of(&[
        "bench",
        "--puzzle",
        "cubular",
        "--sets",
        "deep",
        "--count",
        "1",
        "--work",
        "1",
        "--answers",
        dir.to_str().unwrap(),
    ]);
    let moves = std::fs::read_to_string(dir.join("deep-0.moves")).unwrap();
    assert_solves(&dir.join("deep-0.txt"), &moves, "bench-answers");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.contains("scrambles of 5000 moves (tuning):"), "{out}");
    assert!(out.contains("deep-0 (5000 moves)"), "{out}");
    assert!(out.contains("verified"), "{out}");
    assert!(!out.contains("challenge"), "{out}");
    assert!(!out.contains("scrambles of 10-100 moves"), "{out}");
}

#[test]
fn a_budget_out_of_range_is_refused() {
    let cube = data("cubular/challenge-1.txt");
    for (option, value, says) in [
        ("--time", "0", "is not in (0, 86400] seconds"),
        ("--time", "-3", "is not in (0, 86400] seconds"),
        ("--time", "soon", "is not a number of seconds"),
        ("--work", "0", "is not in 1..=100000"),
        ("--work", "100001", "is not in 1..=100000"),
    ] {
        let out = cubist()
            .args(["solve", option, value])
            .arg(&cube)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{option} {value}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{option} {value}: {err}");
    }
}

#[test]
fn a_cube_saved_with_a_byte_order_mark_is_read() {
    let cube = std::fs::read(data("cubular/challenge-1.txt")).unwrap();
    let dir = std::env::temp_dir().join(format!("cubist-bom-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("cube.txt");
    std::fs::write(&path, [b"\xef\xbb\xbf".as_slice(), &cube].concat()).unwrap();
    let out = cubist().arg("check").arg(&path).output().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(success_stdout(&out).starts_with("valid cubular"));
}
