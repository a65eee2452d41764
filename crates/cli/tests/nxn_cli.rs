//! End-to-end tests of the big-cube commands (2×2×2, 4×4×4 and up): detection, check,
//! apply, verify, scramble, show, solve and bench.

use assert_cmd::Command;
use cubist_testkit::{data, failure_stderr, success_stdout};
use std::path::{Path, PathBuf};
use tempfile::TempDir;

fn sample(name: &str) -> PathBuf {
    data("nxn").join(name)
}

fn cubist(args: &[&str], files: &[&Path]) -> std::process::Output {
    Command::cargo_bin("cubist")
        .unwrap()
        .args(args)
        .args(files)
        .output()
        .unwrap()
}

fn file(dir: &TempDir, name: &str, text: &str) -> PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn check_names_the_size_and_the_format_it_detected() {
    for (name, want) in [
        ("random-222.txt", "valid 222 (facelets)"),
        ("scrambled-444.txt", "valid 444 (facelets)"),
        ("scrambled-555-net.txt", "valid 555 (net)"),
        ("scrambled-666-arrays.json", "valid 666 (arrays)"),
    ] {
        let out = success_stdout(&cubist(&["check"], &[&sample(name)]));
        assert_eq!(out.trim(), want, "{name}");
    }
}

#[test]
fn the_3x3x3_is_still_read_as_before() {
    let dir = tempfile::tempdir().unwrap();
    let cube = file(
        &dir,
        "333.txt",
        "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB\n",
    );
    assert_eq!(
        success_stdout(&cubist(&["check"], &[&cube])).trim(),
        "valid 333 (facelets)"
    );
    // Forced to another size, it is the wrong length for that size.
    let err = failure_stderr(&cubist(&["check", "--puzzle", "444"], &[&cube]), 2);
    assert!(
        err.contains("54 stickers; expected 96 for a 4×4×4"),
        "{err}"
    );
}

#[test]
fn apply_answers_in_the_input_format_and_undoes_the_scramble() {
    // The 6×6×6 arrays were made by these moves from solved: their inverse solves it.
    let dir = tempfile::tempdir().unwrap();
    let moves = std::fs::read_to_string(sample("scrambled-666-arrays.moves")).unwrap();
    let inverse = cubist_nxn::Alg::parse(&moves, 6).unwrap().inverse();
    let undo = file(&dir, "undo.txt", &inverse.to_string());
    let out = success_stdout(&cubist(
        &["apply"],
        &[&sample("scrambled-666-arrays.json"), &undo],
    ));
    assert!(out.starts_with("[[[0, 0, 0, 0, 0, 0], "), "{out}");
    let solved = serde_json::from_str::<serde_json::Value>(&out).unwrap();
    for (k, face) in solved.as_array().unwrap().iter().enumerate() {
        let want = [0, 4, 2, 1, 5, 3][k];
        assert!(face
            .to_string()
            .chars()
            .filter(char::is_ascii_digit)
            .all(|c| c == char::from(b'0' + want)));
    }
    // A net answers as a net, in its own letters.
    let r = file(&dir, "r.txt", "Rw 2-3Uw' M x");
    let net = success_stdout(&cubist(&["apply"], &[&sample("scrambled-555-net.txt"), &r]));
    assert_eq!(net.lines().count(), 15);
    assert!(net.chars().all(|c| "WRGYOB \n".contains(c)), "{net}");
}

#[test]
fn apply_agrees_with_the_reference_model() {
    let Some(dir) = cubist_testkit::oracle_dir(&["nxn_ref.py"]) else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let moves = file(&tmp, "m.txt", "Rw U2 3Fw' 2R 2-3Dw2 x' B y2 L'");
    let out = success_stdout(&cubist(&["apply"], &[&sample("scrambled-444.txt"), &moves]));
    let want = std::process::Command::new("python3")
        .arg(dir.join("nxn_ref.py"))
        .args(["apply", "4"])
        .arg(format!("@{}", sample("scrambled-444.txt").display()))
        .arg(format!("@{}", moves.display()))
        .output()
        .unwrap();
    assert_eq!(out, String::from_utf8(want.stdout).unwrap());
}

#[test]
fn verify_says_solved_or_how_many_stickers_are_wrong() {
    let cube = sample("scrambled-444.txt");
    let out = success_stdout(&cubist(
        &["verify"],
        &[&cube, &sample("scrambled-444.solution")],
    ));
    assert_eq!(out.trim(), "solved");
    let dir = tempfile::tempdir().unwrap();
    let wrong = file(&dir, "wrong.txt", "R");
    let err = failure_stderr(&cubist(&["verify"], &[&cube, &wrong]), 1);
    assert!(
        err.contains("not solved:") && err.contains("of 96 stickers are wrong after 1 moves"),
        "{err}"
    );
}

#[test]
fn a_move_the_cube_has_no_layer_for_is_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    for (moves, phrase) in [
        (
            "R U\n5Rw",
            "line 2: move 5Rw needs layers 1..5, but a 4×4×4 has layers 1..4",
        ),
        (
            "M",
            "move M turns the middle layer, which a 4×4×4 does not have",
        ),
        ("R Q", "line 1, column 3: \"Q\" is not a move"),
    ] {
        let m = file(&dir, "m.txt", moves);
        let err = failure_stderr(&cubist(&["apply"], &[&sample("scrambled-444.txt"), &m]), 2);
        assert!(err.contains(phrase), "{err}");
        assert_eq!(err.lines().count(), 1);
    }
}

#[test]
fn scrambles_have_the_wca_lengths_and_repeat_with_a_seed() {
    for (puzzle, len) in [("444", 40), ("555", 60), ("666", 80), ("777", 100)] {
        let out = success_stdout(&cubist(
            &[
                "scramble",
                "--puzzle",
                puzzle,
                "--seed",
                "9",
                "--show-moves",
            ],
            &[],
        ));
        let lines: Vec<&str> = out.lines().collect();
        let n = usize::from(puzzle.as_bytes()[0] - b'0');
        assert_eq!(lines[0].len(), 6 * n * n);
        assert_eq!(
            lines[1].split_whitespace().count(),
            len + 1,
            "{puzzle}: {}",
            lines[1]
        );
        let again = success_stdout(&cubist(
            &[
                "scramble",
                "--puzzle",
                puzzle,
                "--seed",
                "9",
                "--show-moves",
            ],
            &[],
        ));
        assert_eq!(out, again);
    }
    let short = success_stdout(&cubist(
        &[
            "scramble",
            "--puzzle",
            "5x5x5",
            "--moves",
            "7",
            "--show-moves",
        ],
        &[],
    ));
    assert_eq!(short.lines().nth(1).unwrap().split_whitespace().count(), 8);
}

#[test]
fn the_2x2x2_scramble_is_a_random_state_that_solve_solves_within_11_moves() {
    let dir = tempfile::tempdir().unwrap();
    let mut cubes = String::new();
    for seed in 1..=20 {
        cubes += &success_stdout(&cubist(
            &["scramble", "--puzzle", "222", "--seed", &seed.to_string()],
            &[],
        ));
    }
    let batch = file(&dir, "cubes.txt", &cubes);
    let answers = success_stdout(&cubist(&["solve"], &[&batch]));
    assert_eq!(answers.lines().count(), 20);
    for line in answers.lines() {
        assert!(line.split_whitespace().count() <= 11, "{line}");
    }
    let moves = file(&dir, "answers.txt", &answers);
    let verdicts = success_stdout(&cubist(&["verify"], &[&batch, &moves]));
    assert_eq!(verdicts, "solved\n".repeat(20));
    let err = failure_stderr(
        &cubist(&["scramble", "--puzzle", "222", "--show-moves"], &[]),
        2,
    );
    assert!(err.contains("--show-moves needs --moves N"), "{err}");
}

#[test]
fn solve_json_names_the_puzzle() {
    let out = success_stdout(&cubist(&["solve", "--json"], &[&sample("random-222.txt")]));
    let v = &cubist_testkit::json_lines(&out)[0];
    assert_eq!(v["puzzle"], "222");
    assert_eq!(
        v["length"].as_u64().unwrap() as usize,
        v["moves"].as_array().unwrap().len()
    );
}

#[test]
fn a_bad_cube_in_a_batch_gets_its_line_and_the_rest_are_answered() {
    let dir = tempfile::tempdir().unwrap();
    let good = std::fs::read_to_string(sample("random-222.txt")).unwrap();
    let mut twisted: Vec<char> = good.trim().chars().collect();
    // Turn the URF corner in place: U9's sticker R1's, R1's F3's, F3's U9's.
    let (u, r, f) = (3, 4, 9);
    (twisted[u], twisted[r], twisted[f]) = (twisted[f], twisted[u], twisted[r]);
    let text = format!("{good}{}\n{good}", twisted.iter().collect::<String>());
    let batch = file(&dir, "batch.txt", &text);
    let out = cubist(&["check"], &[&batch]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "valid 222 (facelets)\nvalid 222 (facelets)\n"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2: twisted corner"), "{err}");
}

#[test]
fn show_draws_the_net_plain_or_as_svg() {
    let net = sample("scrambled-555-net.txt");
    let plain = success_stdout(&cubist(&["show", "--color", "never"], &[&net]));
    assert_eq!(plain, std::fs::read_to_string(&net).unwrap());
    let coloured = success_stdout(&cubist(
        &["show", "--color", "always"],
        &[&sample("scrambled-444.txt")],
    ));
    assert!(coloured.contains("\x1b[41m"), "{coloured}");
    assert_eq!(coloured.lines().count(), 12);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("cube.svg");
    let _ = success_stdout(&cubist(
        &["show", "--svg", out.to_str().unwrap()],
        &[&sample("scrambled-666-arrays.json")],
    ));
    let svg = std::fs::read_to_string(out).unwrap();
    assert_eq!(svg.matches("<rect x=").count(), 6 * 36);
    for colour in cubist_web::svg::FACE_COLOURS {
        assert_eq!(
            svg.matches(&format!("fill=\"{colour}\"")).count(),
            36,
            "{colour}"
        );
    }
}

#[test]
fn bench_solves_a_seeded_set_and_verifies_every_answer() {
    let out = success_stdout(&cubist(&["bench", "--puzzle", "222", "--count", "30"], &[]));
    assert!(out.starts_with("222 random states: 30 cubes"), "{out}");
    assert!(out.contains("all verified"), "{out}");
    assert!(out.contains("budget 20000 ms a cube"), "{out}");
    // The tables are loaded before the first cube's clock, and the time it took said.
    assert!(out.contains("tables loaded in"), "{out}");
    let args = [
        "bench",
        "--puzzle",
        "222",
        "--count",
        "3",
        "--timeout",
        "2500",
    ];
    let out = success_stdout(&cubist(&args, &[]));
    assert!(out.contains("budget 2500 ms a cube"), "{out}");
}

#[test]
fn the_big_cubes_budget_is_refused_by_the_other_puzzles_benches() {
    for puzzle in ["333", "cubular"] {
        let out = cubist(&["bench", "--puzzle", puzzle, "--timeout", "5"], &[]);
        let err = failure_stderr(&out, 2);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("--timeout does not apply"), "{err}");
        assert!(err.contains("222 … 777"), "{err}");
    }
}

#[test]
fn a_4x4x4_is_solved_by_reduction_and_the_answer_verifies() {
    let cube = sample("scrambled-444.txt");
    let answer = success_stdout(&cubist(&["solve"], &[&cube]));
    assert_eq!(answer.lines().count(), 1);
    let dir = tempfile::tempdir().unwrap();
    let moves = file(&dir, "answer.txt", &answer);
    assert_eq!(
        success_stdout(&cubist(&["verify"], &[&cube, &moves])),
        "solved\n"
    );
}

#[test]
fn sizes_without_a_solver_say_so() {
    let dir = tempfile::tempdir().unwrap();
    let cube = file(
        &dir,
        "c.txt",
        &success_stdout(&cubist(
            &["scramble", "--puzzle", "888", "--seed", "1"],
            &[],
        )),
    );
    let err = failure_stderr(&cubist(&["solve"], &[&cube]), 2);
    assert!(err.contains("no solver for the 8×8×8 yet"), "{err}");
}

/// Solves the scrambles of `puzzle` with `seeds` and checks every answer with
/// `cubist verify` and, when it is at hand, the reference model.
fn answers_solve_their_cubes_in_the_reference_model(puzzle: &str, n: usize, seeds: &[u64]) {
    let dir = tempfile::tempdir().unwrap();
    let cubes: String = seeds
        .iter()
        .map(|seed| {
            success_stdout(&cubist(
                &["scramble", "--puzzle", puzzle, "--seed", &seed.to_string()],
                &[],
            ))
        })
        .collect();
    let path = file(&dir, "cubes.txt", &cubes);
    // A short budget: what is tested is that every answer solves its cube.
    let answers = success_stdout(&cubist(&["solve", "--timeout", "4000"], &[&path]));
    assert_eq!(answers.lines().count(), seeds.len(), "{answers}");
    let oracle = cubist_testkit::oracle_dir(&["nxn_ref.py"]);
    for (cube, moves) in cubes.lines().zip(answers.lines()) {
        assert!(!moves.is_empty());
        let cube_file = file(&dir, "cube.txt", cube);
        let moves_file = file(&dir, "moves.txt", moves);
        assert_eq!(
            success_stdout(&cubist(&["verify"], &[&cube_file, &moves_file])),
            "solved\n"
        );
        if let Some(oracle) = &oracle {
            let out = std::process::Command::new("python3")
                .arg(oracle.join("nxn_ref.py"))
                .args(["verify", &n.to_string(), cube, moves])
                .output()
                .unwrap();
            assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "solved");
        }
    }
}

#[test]
fn five_cube_answers_solve_their_cubes_in_the_reference_model() {
    answers_solve_their_cubes_in_the_reference_model("555", 5, &[1, 2]);
}

#[test]
fn six_cube_answers_solve_their_cubes_in_the_reference_model() {
    answers_solve_their_cubes_in_the_reference_model("666", 6, &[1]);
}

#[test]
fn seven_cube_answers_solve_their_cubes_in_the_reference_model() {
    answers_solve_their_cubes_in_the_reference_model("777", 7, &[1]);
}

#[test]
fn a_solved_cube_in_any_orientation_gets_an_empty_answer() {
    let dir = tempfile::tempdir().unwrap();
    for n in [2, 4] {
        let solved = cubist_nxn::Cube::solved(n);
        let turned = solved.after(&cubist_nxn::Alg::parse("x y", n).unwrap());
        let cubes = file(
            &dir,
            "solved.txt",
            &format!("{}\n{}\n", solved.to_letters(), turned.to_letters()),
        );
        assert_eq!(
            success_stdout(&cubist(&["solve"], &[&cubes])),
            "\n\n",
            "N = {n}"
        );
    }
}
