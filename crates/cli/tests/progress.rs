//! Long solves show where they are on a terminal, and nothing of it reaches a pipe,
//! a log or the answer.

use assert_cmd::Command;
use cubist_testkit::success_stdout;
use std::path::Path;

fn cubist() -> Command {
    Command::cargo_bin("cubist").unwrap()
}

/// A digit cube scrambled by 12 moves, written into `dir`.
fn scrambled(dir: &Path) -> std::path::PathBuf {
    let cube = success_stdout(
        &cubist()
            .args([
                "scramble", "--puzzle", "cubular", "--moves", "12", "--seed", "3",
            ])
            .output()
            .unwrap(),
    );
    let path = dir.join("cube.txt");
    std::fs::write(&path, cube).unwrap();
    path
}

#[test]
fn a_solve_into_a_pipe_prints_nothing_on_standard_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = cubist()
        .arg("solve")
        .arg(scrambled(dir.path()))
        .output()
        .unwrap();
    assert!(success_stdout(&out).lines().count() > 0);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_solve_on_a_terminal_shows_its_stage_and_clears_it() {
    // `script` (util-linux) runs the command on a pseudo-terminal.
    let has_script = std::process::Command::new("script")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_script {
        eprintln!("note: `script` not found; terminal progress not checked");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let cube = scrambled(dir.path());
    let (answer, log) = (dir.path().join("answer.txt"), dir.path().join("tty.log"));
    let bin = assert_cmd::cargo::cargo_bin("cubist");
    let command = format!(
        "'{}' solve '{}' > '{}'",
        bin.display(),
        cube.display(),
        answer.display()
    );
    let status = std::process::Command::new("script")
        .args(["-qec", &command])
        .arg(&log)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let shown = String::from_utf8_lossy(&std::fs::read(&log).unwrap()).into_owned();
    assert!(shown.contains("solving: beam, "), "{shown}");
    // The last thing drawn clears the line: nothing is left above the prompt.
    let cleared = shown.rfind("\u{1b}[2K").unwrap();
    let after = shown[cleared + 4..].trim_start();
    assert!(
        after.is_empty() || after.starts_with("Script done"),
        "{after}"
    );
    // The answer is the one a pipe gets.
    let piped = success_stdout(&cubist().arg("solve").arg(&cube).output().unwrap());
    assert_eq!(std::fs::read_to_string(&answer).unwrap(), piped);
}
