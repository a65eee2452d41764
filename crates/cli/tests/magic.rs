//! End-to-end tests of `cubist magic`: every answer printed is replayed on the solved
//! cube, by the library's cubie model and by the independent Python sticker model.

use assert_cmd::Command;
use cubist_rubik::{Alg, CubieCube};
use cubist_testkit::{failure_stderr, json_lines, success_stdout};
use std::path::PathBuf;

fn cubist() -> Command {
    Command::cargo_bin("cubist").unwrap()
}

/// The answers printed with `--json`, as parsed objects.
fn run_json(args: &[&str]) -> Vec<serde_json::Value> {
    let out = cubist()
        .arg("magic")
        .args(args)
        .arg("--json")
        .output()
        .unwrap();
    let answers = json_lines(&success_stdout(&out));
    assert!(!answers.is_empty());
    answers
}

/// The pieces a JSON answer reports as changed.
fn changed_names(answer: &serde_json::Value) -> Vec<&str> {
    answer["changed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect()
}

/// Whether every edge of `c` is home and unflipped.
fn edges_home(c: &CubieCube) -> bool {
    (0..12).all(|i| c.ep[i] as usize == i && c.eo[i] == 0)
}

/// Check one JSON answer against its own moves; returns the moves and the effect.
fn replay(answer: &serde_json::Value) -> (String, CubieCube) {
    let moves = answer["moves"].as_str().unwrap().to_string();
    let alg = Alg::parse(&moves).unwrap();
    assert_eq!(answer["length"].as_u64().unwrap() as usize, alg.len());
    let repeat = answer["repeat"].as_u64().unwrap() as usize;
    assert!(repeat >= 1 && alg.len().is_multiple_of(repeat));
    let effect = CubieCube::from_alg(&alg);
    let changed = changed_names(answer);
    // Singmaster names of the corner slots in Kociemba order, then the edges.
    const CORNERS: [&str; 8] = ["UFR", "ULF", "UBL", "URB", "DRF", "DFL", "DLB", "DBR"];
    let mut want = Vec::new();
    for i in 0..8 {
        if effect.cp[i] as usize != i || effect.co[i] != 0 {
            want.push(CORNERS[i]);
        }
    }
    for i in 0..12 {
        if effect.ep[i] as usize != i || effect.eo[i] != 0 {
            want.push(cubist_rubik::cubie::EDGE_NAMES[i]);
        }
    }
    assert_eq!(changed, want, "changed pieces of {moves}");
    (moves, effect)
}

/// Replay every answer (see [`replay`]) and hand it, its moves and its effect to
/// `check`; returns the answers' moves.
fn replay_all(
    answers: &[serde_json::Value],
    check: impl Fn(&serde_json::Value, &str, &CubieCube),
) -> Vec<String> {
    answers
        .iter()
        .map(|a| {
            let (moves, c) = replay(a);
            check(a, &moves, &c);
            moves
        })
        .collect()
}

fn lengths_ascend(answers: &[serde_json::Value]) {
    let lens: Vec<u64> = answers
        .iter()
        .map(|a| a["length"].as_u64().unwrap())
        .collect();
    assert!(lens.windows(2).all(|w| w[0] <= w[1]), "{lens:?}");
}

fn on_one_face(names: &[&str]) -> bool {
    "URFDLB"
        .chars()
        .any(|f| names.iter().all(|n| n.contains(f)))
}

#[test]
fn keep_edges_cycle_three_corners_on_one_face() {
    let answers = run_json(&["--keep", "edges", "--max-changed", "3", "--same-face"]);
    lengths_ascend(&answers);
    let all = replay_all(&answers, |a, moves, c| {
        assert!(edges_home(c), "{moves}");
        let names = changed_names(a);
        assert!(
            !names.is_empty() && names.len() <= 3 && on_one_face(&names),
            "{moves}"
        );
    });
    oracle_check(&all, 3);
}

#[test]
fn keep_edges_and_corner_positions_twist_three_corners() {
    let answers = run_json(&[
        "--keep",
        "edges",
        "--keep",
        "corner-positions",
        "--max-changed",
        "3",
        "--same-face",
    ]);
    let all = replay_all(&answers, |_, moves, c| {
        assert!(edges_home(c), "{moves}");
        assert_eq!(c.cp, CubieCube::SOLVED.cp, "{moves}");
        let twisted = c.co.iter().filter(|&&o| o != 0).count();
        assert!((1..=3).contains(&twisted), "{moves}");
    });
    oracle_check(&all, 3);
}

#[test]
fn repeats_flip_two_edges() {
    let answers = run_json(&[
        "--keep",
        "corners",
        "--keep",
        "edge-positions",
        "--max-changed",
        "2",
        "--count",
        "2",
    ]);
    replay_all(&answers, |_, moves, c| {
        assert!(c.cp == CubieCube::SOLVED.cp && c.co == [0; 8], "{moves}");
        assert_eq!(c.ep, CubieCube::SOLVED.ep, "{moves}");
        assert_eq!(c.eo.iter().filter(|&&o| o == 1).count(), 2, "{moves}");
    });
}

#[test]
fn commutators_twist_two_corners() {
    let answers = run_json(&[
        "--keep",
        "edges",
        "--keep",
        "corner-positions",
        "--max-changed",
        "2",
        "--commutators",
        "--max-length",
        "5",
        "--count",
        "2",
    ]);
    replay_all(&answers, |a, moves, c| {
        assert_eq!(c.cp, CubieCube::SOLVED.cp, "{moves}");
        assert_eq!(c.co.iter().filter(|&&o| o != 0).count(), 2, "{moves}");
        // The written-out moves are A B A' B' of the notation, merged where turns meet.
        let notation = a["notation"].as_str().unwrap();
        let (ab, _) = notation[1..].split_once(']').unwrap();
        let (a_text, b_text) = ab.split_once(", ").unwrap();
        let (x, y) = (Alg::parse(a_text).unwrap(), Alg::parse(b_text).unwrap());
        let whole = Alg([x.0.clone(), y.0.clone(), x.inverse().0, y.inverse().0].concat());
        assert_eq!(CubieCube::from_alg(&whole), *c, "{notation}");
    });
}

#[test]
fn text_output_shows_cycles() {
    let out = cubist()
        .args([
            "magic",
            "--keep",
            "edges",
            "--max-changed",
            "3",
            "--commutators",
            "--count",
            "1",
        ])
        .output()
        .unwrap();
    let text = success_stdout(&out);
    let line = text.lines().next().unwrap();
    assert!(line.starts_with('['), "{line}");
    assert!(line.contains("length 8"), "{line}");
    assert!(
        line.trim_end().ends_with(')'),
        "a 3-cycle of corners: {line}"
    );
}

#[test]
fn nothing_found_exits_one_with_one_line() {
    let out = cubist()
        .args([
            "magic",
            "--keep",
            "edges",
            "--max-changed",
            "3",
            "--max-length",
            "4",
            "--max-repeat",
            "1",
        ])
        .output()
        .unwrap();
    let err = failure_stderr(&out, 1);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("cubist: no sequence found"), "{err}");
}

#[test]
fn bad_arguments_exit_two() {
    for args in [
        &["magic", "--keep", "middles"][..],
        &["magic", "--keep", "edges", "--max-length", "0"],
        &["magic", "--keep", "edges", "--time-limit", "-1"],
        &["magic", "--keep", "edges", "--count", "0"],
    ] {
        let out = cubist().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn help_has_examples() {
    let out = cubist().args(["magic", "--help"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("cubist magic --keep edges --max-changed 3 --same-face"));
    assert!(text.contains("--commutators"));
}

/// `--json` as `cubist magic --help` documents it: `moves` is `sequence` played
/// `repeat` times, written out; playing `sequence` `repeat` times and playing `moves`
/// once give the same cube, which changes exactly the pieces `changed` names. Checked
/// by the library and by the reference sticker model.
#[test]
fn json_sequence_played_repeat_times_is_moves() {
    let mut answers = run_json(&["--keep", "edges", "--max-changed", "3", "--same-face"]);
    answers.extend(run_json(&[
        "--keep",
        "edges",
        "--max-changed",
        "3",
        "--commutators",
        "--count",
        "2",
    ]));
    assert!(
        answers.iter().any(|a| a["repeat"].as_u64().unwrap() > 1),
        "some answer repeats its sequence"
    );
    let mut lines = String::new();
    for a in &answers {
        let sequence = a["sequence"].as_str().unwrap();
        let repeat = a["repeat"].as_u64().unwrap() as usize;
        let moves = a["moves"].as_str().unwrap();
        assert_eq!(vec![sequence; repeat].join(" "), moves);
        let once = CubieCube::from_alg(&Alg::parse(moves).unwrap());
        let seq_alg = Alg::parse(sequence).unwrap();
        let mut played = CubieCube::SOLVED;
        for _ in 0..repeat {
            played = played.apply_alg(&seq_alg);
        }
        assert_eq!(played, once, "{sequence} x{repeat}");
        replay(a);
        lines.push_str(&format!("{sequence}\t{repeat}\t{moves}\n"));
    }
    let Some(dir) = oracle_dir() else { return };
    // For each answer: whether `sequence` played `repeat` times equals `moves` played
    // once, then the pieces (face letters, sorted) that `moves` leaves out of place.
    let script = "import sys\nsys.path.insert(0, sys.argv[1])\nimport rubik_ref as r\n\
        names = {v: k for k, v in r.FACES.items()}\n\
        for line in sys.stdin.read().split('\\n')[:-1]:\n    \
            seq, k, moves = line.split('\\t')\n    \
            a = r.solved()\n    \
            for _ in range(int(k)):\n        \
                a = r.apply(a, r.parse_moves(seq))\n    \
            s = r.apply(r.solved(), r.parse_moves(moves))\n    \
            bad = set()\n    \
            for i, (f, row, col) in enumerate(r.SLOTS):\n        \
                if s[i] != r.solved()[i]:\n            \
                    p, n = r.facelet(f, row, col)\n            \
                    bad.add(''.join(sorted(names[tuple(v if j == k else 0 for k in range(3))] for j, v in enumerate(p) if v)))\n    \
            print(a == s, ' '.join(sorted(bad)))\n";
    let text = cubist_testkit::run_snippet(&dir, script, &lines);
    assert_eq!(text.lines().count(), answers.len());
    for (line, a) in text.lines().zip(&answers) {
        let (same, pieces) = line.split_once(' ').unwrap();
        assert_eq!(same, "True", "{}", a["notation"]);
        let mut want: Vec<String> = changed_names(a)
            .iter()
            .map(|n| {
                let mut c: Vec<char> = n.chars().collect();
                c.sort_unstable();
                c.into_iter().collect()
            })
            .collect();
        want.sort();
        let got: Vec<&str> = pieces.split_whitespace().collect();
        assert_eq!(got, want, "{}", a["notation"]);
    }
}

/// The folder holding the Python reference models, or `None` (and a note).
fn oracle_dir() -> Option<PathBuf> {
    cubist_testkit::oracle_dir(&["rubik_ref.py"])
}

/// Replay each sequence in the reference sticker model and check that only corner
/// pieces changed, at most `max` of them, all on one face.
fn oracle_check(seqs: &[String], max: usize) {
    let Some(dir) = oracle_dir() else { return };
    // For each line of moves: the pieces (as sets of face letters) with a sticker out
    // of place.
    let script = "import sys\nsys.path.insert(0, sys.argv[1])\nimport rubik_ref as r\n\
        names = {v: k for k, v in r.FACES.items()}\n\
        for line in sys.stdin.read().split('\\n')[:-1]:\n    \
            s = r.apply(r.solved(), r.parse_moves(line))\n    \
            bad = set()\n    \
            for i, (f, row, col) in enumerate(r.SLOTS):\n        \
                if s[i] != r.solved()[i]:\n            \
                    p, n = r.facelet(f, row, col)\n            \
                    bad.add(''.join(sorted(names[tuple(v if j == k else 0 for k in range(3))] for j, v in enumerate(p) if v)))\n    \
            print(' '.join(sorted(bad)))\n";
    let input: String = seqs.iter().map(|s| format!("{s}\n")).collect();
    let text = cubist_testkit::run_snippet(&dir, script, &input);
    assert_eq!(text.lines().count(), seqs.len());
    for (line, seq) in text.lines().zip(seqs) {
        let pieces: Vec<&str> = line.split_whitespace().collect();
        assert!(!pieces.is_empty() && pieces.len() <= max, "{seq}: {line}");
        assert!(
            pieces.iter().all(|p| p.len() == 3),
            "only corners change: {seq}: {line}"
        );
        assert!(on_one_face(&pieces), "{seq}: {line}");
    }
}
