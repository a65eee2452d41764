//! End-to-end tests of the 3×3×3 commands: check, verify, apply, scramble, show, judge.

use assert_cmd::Command;
use cubist_rubik::{format, Alg, CubieCube, Facelets, Format};
use std::path::{Path, PathBuf};
use tempfile::TempDir;

fn data(name: &str) -> PathBuf {
    cubist_testkit::data("rubik").join(name)
}

fn cubist() -> Command {
    Command::cargo_bin("cubist").unwrap()
}

/// A fresh temporary folder for one test's files, removed when it is dropped.
fn scratch() -> TempDir {
    tempfile::tempdir().unwrap()
}

/// A file named `name` holding `text` in the test's folder `dir`.
fn temp_file(dir: &TempDir, name: &str, text: &str) -> PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path
}

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn run(args: &[&str], files: &[&Path]) -> Run {
    let out = cubist().args(args).args(files).output().unwrap();
    Run {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// The first data set's net of the judge sample, as a colour-net file's text.
fn sample_net() -> String {
    let text = std::fs::read_to_string(data("judge-sample.in")).unwrap();
    text.lines().skip(1).take(9).collect::<Vec<_>>().join("\n") + "\n"
}

#[test]
fn judge_sample_is_exact() {
    let want = std::fs::read_to_string(data("judge-sample.out")).unwrap();
    cubist()
        .arg("judge")
        .pipe_stdin(data("judge-sample.in"))
        .unwrap()
        .assert()
        .success()
        .stdout(want);
}

#[test]
fn judge_rejects_a_broken_data_set() {
    let dir = scratch();
    let text = std::fs::read_to_string(data("judge-sample.in")).unwrap();
    let broken = temp_file(&dir, "broken.in", &text.replace("left left", "left"));
    let r = run(&["judge"], &[&broken]);
    assert_eq!(r.code, Some(2));
    assert!(r.stdout.is_empty());
    assert_eq!(r.stderr.lines().count(), 1);
    assert!(r.stderr.contains("line 13"), "{}", r.stderr);
}

#[test]
fn verify_sample_solution() {
    let r = run(
        &["verify"],
        &[
            &data("singmaster-sample.txt"),
            &data("singmaster-sample.solution"),
        ],
    );
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (Some(0), "solved\n"),
        "{}",
        r.stderr
    );
}

#[test]
fn verify_reports_wrong_stickers() {
    let dir = scratch();
    let moves = temp_file(&dir, "short.txt", "F3R1U3D3B1F2R1F2R3F2U1R1\n");
    let r = run(&["verify"], &[&data("singmaster-sample.txt"), &moves]);
    assert_eq!(r.code, Some(1));
    assert!(r.stdout.is_empty());
    assert_eq!(r.stderr.lines().count(), 1);
    assert!(r.stderr.contains("stickers are wrong"), "{}", r.stderr);
}

#[test]
fn check_names_each_format() {
    let dir = scratch();
    let cases = [
        (data("singmaster-sample.txt"), "pieces"),
        (data("colour-arrays-sample.json"), "arrays"),
        (temp_file(&dir, "net.txt", &sample_net()), "net"),
        (
            temp_file(&dir, "facelets.txt", &Facelets::solved().to_letters()),
            "facelets",
        ),
    ];
    for (file, name) in cases {
        let r = run(&["check"], &[&file]);
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        assert_eq!(r.stdout, format!("valid 333 ({name})\n"));
        assert!(r.stderr.is_empty());
    }
}

#[test]
fn forcing_the_wrong_format_is_malformed() {
    let r = run(
        &["check", "--input", "facelets"],
        &[&data("singmaster-sample.txt")],
    );
    assert_eq!(r.code, Some(2));
    assert!(r.stdout.is_empty());
    let r = run(
        &["check", "--input", "yaml"],
        &[&data("singmaster-sample.txt")],
    );
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("unknown input format"), "{}", r.stderr);
}

#[test]
fn a_batch_goes_on_past_a_bad_cube() {
    let dir = scratch();
    let good = std::fs::read_to_string(data("singmaster-sample.txt")).unwrap();
    let good = good.trim();
    let twisted = format::pieces::SOLVED.replace("UFR", "RUF");
    let text = format!("{good}\n{twisted}\n{}\n", format::pieces::SOLVED);
    let file = temp_file(&dir, "cubes.txt", &text);
    let r = run(&["check"], &[&file]);
    assert_eq!(r.code, Some(1));
    // The bad cube's line holds a placeholder, so output lines match input cubes.
    assert_eq!(r.stdout, "valid 333 (pieces)\nerror\nvalid 333 (pieces)\n");
    assert_eq!(r.stderr.lines().count(), 1);
    assert!(r.stderr.contains("line 2: twisted corner"), "{}", r.stderr);
}

#[test]
fn apply_answers_in_the_input_format_and_colours() {
    let dir = scratch();
    // The sample solution solves the sample: the answer is the solved piece list.
    let r = run(
        &["apply"],
        &[
            &data("singmaster-sample.txt"),
            &data("singmaster-sample.solution"),
        ],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.stdout, format!("{}\n", format::pieces::SOLVED));

    // A net in colour letters: turning and turning back gives the same cube, still
    // written in the same letters.
    let net = temp_file(&dir, "net.txt", &sample_net());
    let there = temp_file(&dir, "there.txt", "R U2 F' L");
    let back = temp_file(&dir, "back.txt", "L' F U2 R'");
    let r = run(&["apply"], &[&net, &there]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let letters: std::collections::BTreeSet<char> =
        r.stdout.chars().filter(|c| c.is_alphabetic()).collect();
    assert_eq!(letters.into_iter().collect::<String>(), "BGORWY");
    let turned = temp_file(&dir, "turned.txt", &r.stdout);
    let r2 = run(&["apply"], &[&turned, &back]);
    let original = cubist_rubik::parse_one(&sample_net(), None).unwrap();
    assert_eq!(r2.stdout, original.to_text() + "\n");

    // Colour arrays keep their numbers and layout.
    let r = run(&["apply"], &[&data("colour-arrays-sample.json"), &there]);
    let turned = temp_file(&dir, "turned.json", &r.stdout);
    let r2 = run(&["apply"], &[&turned, &back]);
    let want = std::fs::read_to_string(data("colour-arrays-sample.json")).unwrap();
    assert_eq!(r2.stdout.trim_end(), want.trim_end());
}

#[test]
fn apply_reads_named_operations() {
    let dir = scratch();
    let ops = temp_file(&dir, "ops.txt", "front right\ntop left\n");
    let solved = temp_file(&dir, "solved.txt", &Facelets::solved().to_letters());
    let r = run(&["apply"], &[&solved, &ops]);
    let want = CubieCube::from_alg(&Alg::parse("F U'").unwrap());
    assert_eq!(r.stdout.trim(), Facelets::from_cubie(&want).to_letters());
}

#[test]
fn scramble_is_repeatable_valid_and_uniform_by_default() {
    let a = run(&["scramble", "--puzzle", "333", "--seed", "42"], &[]);
    let b = run(&["scramble", "--puzzle", "333", "--seed", "42"], &[]);
    let c = run(&["scramble", "--puzzle", "333", "--seed", "43"], &[]);
    assert_eq!(a.code, Some(0));
    assert_eq!(a.stdout, b.stdout);
    assert_ne!(a.stdout, c.stdout);
    assert_eq!(a.stdout.trim().len(), 54);
    let cube = cubist_rubik::parse_one(&a.stdout, None).unwrap();
    assert_eq!(cube.format, Format::Facelets);
    assert!(!cube.cube.is_solved());
}

#[test]
fn scramble_moves_are_undone_by_the_printed_solution() {
    let dir = scratch();
    let r = run(
        &[
            "scramble",
            "--puzzle",
            "333",
            "--moves",
            "25",
            "--seed",
            "3",
            "--show-moves",
        ],
        &[],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    let scramble = Alg::parse(lines[1].strip_prefix("moves: ").unwrap()).unwrap();
    assert_eq!(scramble.len(), 25);
    let cube = temp_file(&dir, "cube.txt", lines[0]);
    let solution = temp_file(
        &dir,
        "solution.txt",
        lines[2].strip_prefix("solution: ").unwrap(),
    );
    let v = run(&["verify"], &[&cube, &solution]);
    assert_eq!(v.code, Some(0), "{}", v.stderr);
    let r = run(&["scramble", "--puzzle", "333", "--show-moves"], &[]);
    assert_eq!(r.code, Some(2));
}

#[test]
fn show_draws_plain_or_coloured() {
    let plain = run(&["show"], &[&data("singmaster-sample.txt")]);
    assert_eq!(plain.code, Some(0));
    assert!(!plain.stdout.contains('\x1b'));
    assert_eq!(plain.stdout.lines().count(), 9);
    // The plain drawing is itself a colour net of the same cube.
    let drawn = cubist_rubik::parse_one(&plain.stdout, None).unwrap();
    let sample = std::fs::read_to_string(data("singmaster-sample.txt")).unwrap();
    assert_eq!(drawn.format, Format::Net);
    assert_eq!(
        drawn.cube,
        cubist_rubik::parse_one(&sample, None).unwrap().cube
    );

    let coloured = run(
        &["show", "--color", "always"],
        &[&data("colour-arrays-sample.json")],
    );
    assert_eq!(coloured.code, Some(0));
    assert!(coloured.stdout.contains("\x1b["));
    let never = run(
        &["show", "--color", "never"],
        &[&data("colour-arrays-sample.json")],
    );
    assert!(!never.stdout.contains('\x1b'));
}
