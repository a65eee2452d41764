//! The big-cube bad-input catalogue (`tests/data/bad/nxn/expected.txt`): `cubist check`
//! on each file (with the `--puzzle` listed) exits 1 or 2 as listed, prints one line on
//! standard error containing the listed phrase and the file's name, and nothing on
//! standard output.

use assert_cmd::Command;
use std::path::PathBuf;

fn bad_dir() -> PathBuf {
    cubist_testkit::data("bad/nxn")
}

/// `(file, puzzle, exit status, phrase)` for each catalogue entry.
fn catalogue() -> Vec<(String, String, i32, String)> {
    let text = std::fs::read_to_string(bad_dir().join("expected.txt")).expect("catalogue");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.split_whitespace();
            let file = parts.next().unwrap().to_string();
            let puzzle = parts.next().unwrap().to_string();
            let code = parts.next().unwrap().parse().unwrap();
            let phrase = parts.collect::<Vec<_>>().join(" ");
            (file, puzzle, code, phrase)
        })
        .collect()
}

#[test]
fn every_bad_big_cube_fails_cleanly_with_its_reason() {
    let entries = catalogue();
    for (file, puzzle, code, phrase) in &entries {
        let out = Command::cargo_bin("cubist")
            .unwrap()
            .args(["check", "--puzzle", puzzle])
            .arg(bad_dir().join(file))
            .output()
            .unwrap();
        let stderr = cubist_testkit::failure_stderr(&out, *code);
        assert_eq!(stderr.lines().count(), 1, "{file}: {stderr}");
        assert!(stderr.starts_with("cubist: "), "{file}: {stderr}");
        assert!(stderr.contains(file.as_str()), "{file}: {stderr}");
        assert!(
            stderr.contains(phrase.as_str()),
            "{file}: want {phrase:?} in {stderr}"
        );
    }
    let unreachable = entries.iter().filter(|e| e.2 == 1).count();
    let malformed = entries.iter().filter(|e| e.2 == 2).count();
    assert!(
        unreachable >= 8 && malformed >= 8,
        "{unreachable} {malformed}"
    );
}

#[test]
fn catalogue_lists_every_file() {
    let listed: Vec<String> = catalogue().into_iter().map(|e| e.0).collect();
    for entry in std::fs::read_dir(bad_dir()).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().to_string();
        if name != "expected.txt" {
            assert!(listed.contains(&name), "{name} is not in expected.txt");
        }
    }
}
