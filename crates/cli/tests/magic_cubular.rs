//! End-to-end tests of `cubist magic --puzzle cubular`: every printed sequence is
//! replayed on a cube of distinct labels, by the library and by the Python reference
//! model, and must cycle exactly the cells it reports.

use assert_cmd::Command;
use cubist_cubular::{parse_moves, Cube};
use cubist_testkit::{failure_stderr, json_lines, success_stdout};
use std::path::PathBuf;

/// Parsed `--json` answers of one run.
fn run_json(args: &[&str]) -> Vec<serde_json::Value> {
    let out = Command::cargo_bin("cubist")
        .unwrap()
        .args(["magic", "--puzzle", "cubular", "--json"])
        .args(args)
        .output()
        .unwrap();
    let answers = json_lines(&success_stdout(&out));
    assert!(!answers.is_empty());
    answers
}

/// `(x,y,z)` → cell index `y*81 + z*9 + x`.
fn cell(name: &str) -> usize {
    let v: Vec<usize> = name
        .trim_matches(|c| c == '(' || c == ')')
        .split(',')
        .map(|s| s.parse().unwrap())
        .collect();
    v[1] * 81 + v[2] * 9 + v[0]
}

/// The (from, to) moves of pieces the answer's cycles claim, sorted. Cycles are
/// written `((x,y,z) (x,y,z) (x,y,z)) (...)`.
fn claimed(answer: &serde_json::Value) -> Vec<(usize, usize)> {
    let text = answer["cycles"].as_str().unwrap();
    let mut cycles: Vec<Vec<usize>> = Vec::new();
    let mut depth = 0;
    let mut cell_text = String::new();
    for ch in text.chars() {
        match ch {
            '(' => {
                depth += 1;
                if depth == 1 {
                    cycles.push(Vec::new());
                } else {
                    cell_text.clear();
                }
            }
            ')' => {
                if depth == 2 {
                    cycles.last_mut().unwrap().push(cell(&cell_text));
                }
                depth -= 1;
            }
            c if depth == 2 => cell_text.push(c),
            _ => {}
        }
    }
    let mut pairs = Vec::new();
    for cells in cycles {
        for k in 0..cells.len() {
            pairs.push((cells[k], cells[(k + 1) % cells.len()]));
        }
    }
    pairs.sort_unstable();
    pairs
}

/// The digits of the solved cube after the claimed permutation of cells.
fn digits_after(pairs: &[(usize, usize)]) -> Vec<u8> {
    let solved = Cube::solved();
    let mut cells = solved.cells().to_vec();
    for &(from, to) in pairs {
        cells[to] = solved.cells()[from];
    }
    cells
}

fn check_answers(answers: &[serde_json::Value], inside: impl Fn(usize) -> bool) {
    for a in answers {
        let moves_text = a["moves"].as_str().unwrap();
        let moves = parse_moves(moves_text).unwrap();
        assert_eq!(a["length"].as_u64().unwrap() as usize, moves.len());
        let pairs = claimed(a);
        assert_eq!(pairs.len(), 3, "a 3-cycle: {moves_text}");
        let changed: Vec<usize> = a["changed"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| cell(c.as_str().unwrap()))
            .collect();
        assert!(changed.iter().all(|&c| inside(c)), "{moves_text}");
        let mut cube = Cube::solved();
        cube.apply_all(&moves);
        assert_eq!(cube.cells().to_vec(), digits_after(&pairs), "{moves_text}");
    }
    oracle_check(answers);
}

#[test]
fn three_cycles_inside_the_centre_box() {
    let answers = run_json(&["--region", "3-5,3-5,3-5", "--count", "6"]);
    check_answers(&answers, |c| {
        let (x, y, z) = (c % 9, c / 81, (c / 9) % 9);
        [x, y, z].iter().all(|v| (3..=5).contains(v))
    });
}

#[test]
fn conjugated_three_cycles_in_a_thin_box() {
    let answers = run_json(&["--region", "3-4,3-4,3-5", "--count", "5"]);
    assert!(answers.iter().all(|a| a["length"] == 6));
    check_answers(&answers, |c| {
        let (x, y, z) = (c % 9, c / 81, (c / 9) % 9);
        (3..=4).contains(&x) && (3..=4).contains(&y) && (3..=5).contains(&z)
    });
}

#[test]
fn three_cycles_at_a_corner_of_the_cube() {
    let answers = run_json(&[
        "--region",
        "0-4,0-4,0-4",
        "--count",
        "4",
        "--max-length",
        "4",
    ]);
    check_answers(&answers, |c| {
        let (x, y, z) = (c % 9, c / 81, (c / 9) % 9);
        x <= 4 && y <= 4 && z <= 4
    });
}

#[test]
fn text_output_and_errors() {
    let out = Command::cargo_bin("cubist")
        .unwrap()
        .args([
            "magic",
            "--puzzle",
            "cubular",
            "--region",
            "3-5,3-5,3-5",
            "--count",
            "1",
        ])
        .output()
        .unwrap();
    let text = success_stdout(&out);
    assert!(text.contains("length 4  (("), "{text}");
    // Too small a box: valid but nothing to find.
    let out = Command::cargo_bin("cubist")
        .unwrap()
        .args(["magic", "--puzzle", "cubular", "--region", "4,4,3-5"])
        .output()
        .unwrap();
    failure_stderr(&out, 1);
    for args in [
        &["--region", "3-9,0,0"][..],
        &["--region", "1-2"],
        &["--keep", "edges"],
        &["--max-length", "3"],
        &["--max-changed", "2"],
    ] {
        let out = Command::cargo_bin("cubist")
            .unwrap()
            .args(["magic", "--puzzle", "cubular"])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        assert_eq!(String::from_utf8(out.stderr).unwrap().lines().count(), 1);
    }
}

/// The folder holding the Python reference models, or `None` (and a note).
/// `--json` as `cubist magic --help` documents it: `moves` is `sequence` played
/// `repeat` times (a digit-cube answer is played once), and playing it on the reference
/// model moves exactly the cells its cycles claim (see [`oracle_check`]).
#[test]
fn json_sequence_played_repeat_times_is_moves() {
    let answers = run_json(&["--region", "3-5,3-5,3-5", "--count", "3"]);
    for a in &answers {
        let sequence = a["sequence"].as_str().unwrap();
        let repeat = a["repeat"].as_u64().unwrap() as usize;
        assert_eq!(repeat, 1, "{sequence}");
        assert_eq!(
            vec![sequence; repeat].join(" "),
            a["moves"].as_str().unwrap()
        );
    }
    check_answers(&answers, |_| true);
}

fn oracle_dir() -> Option<PathBuf> {
    cubist_testkit::oracle_dir(&["cubular_ref.py"])
}

/// Replay every answer in the reference model on a cube of 729 distinct labels and
/// compare the moved pieces with the claimed cycles.
fn oracle_check(answers: &[serde_json::Value]) {
    let Some(dir) = oracle_dir() else { return };
    let script = "import sys\nsys.path.insert(0, sys.argv[1])\nimport cubular_ref as r\n\
        for line in sys.stdin.read().split('\\n')[:-1]:\n    \
            c = r.apply_moves(list(range(729)), r.parse_moves(line))\n    \
            print(' '.join('%d>%d' % (c[i], i) for i in range(729) if c[i] != i))\n";
    let input: String = answers
        .iter()
        .map(|a| format!("{}\n", a["moves"].as_str().unwrap()))
        .collect();
    let text = cubist_testkit::run_snippet(&dir, script, &input);
    assert_eq!(text.lines().count(), answers.len());
    for (line, a) in text.lines().zip(answers) {
        let mut pairs: Vec<(usize, usize)> = line
            .split_whitespace()
            .map(|p| {
                let (f, t) = p.split_once('>').unwrap();
                (f.parse().unwrap(), t.parse().unwrap())
            })
            .collect();
        pairs.sort_unstable();
        assert_eq!(pairs, claimed(a), "{}", a["moves"]);
    }
}
