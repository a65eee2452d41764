//! The 3×3×3 bad-input catalogue (`tests/data/bad/expected.txt`): `cubist check` and
//! `cubist solve` on each file exit 1 or 2 as listed, print one line on standard error
//! containing the listed phrase, print nothing on standard output, and do not panic.

use assert_cmd::Command;
use std::path::PathBuf;

fn bad_dir() -> PathBuf {
    cubist_testkit::data("bad")
}

/// `(file, exit status, phrase)` for each catalogue entry.
fn catalogue() -> Vec<(String, i32, String)> {
    let text = std::fs::read_to_string(bad_dir().join("expected.txt")).expect("catalogue");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.split_whitespace();
            let file = parts.next().unwrap().to_string();
            let code = parts.next().unwrap().parse().unwrap();
            let phrase = parts.collect::<Vec<_>>().join(" ");
            (file, code, phrase)
        })
        .collect()
}

#[test]
fn every_bad_input_fails_cleanly_with_its_reason() {
    let entries = catalogue();
    assert!(entries.len() >= 20, "only {} entries", entries.len());
    for ((file, code, phrase), command) in entries
        .iter()
        .flat_map(|e| ["check", "solve"].map(|c| (e, c)))
    {
        let out = Command::cargo_bin("cubist")
            .unwrap()
            .arg(command)
            .arg(bad_dir().join(file))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(*code), "{file}: {stderr}");
        assert!(out.stdout.is_empty(), "{file}: stdout not empty");
        assert_eq!(stderr.lines().count(), 1, "{file}: {stderr}");
        assert!(stderr.starts_with("cubist: "), "{file}: {stderr}");
        assert!(
            stderr.contains(file.as_str()),
            "{file}: input not named: {stderr}"
        );
        assert!(
            stderr.contains(phrase.as_str()),
            "{file}: want {phrase:?} in {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{file}: {stderr}");
    }
}

#[test]
fn catalogue_lists_every_file() {
    let listed: Vec<String> = catalogue().into_iter().map(|(f, _, _)| f).collect();
    for entry in std::fs::read_dir(bad_dir()).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().to_string();
        if entry.path().is_file() && name != "expected.txt" && name != "commands.txt" {
            assert!(listed.contains(&name), "{name} is not in expected.txt");
        }
    }
}

#[test]
fn both_kinds_of_failure_are_covered() {
    let entries = catalogue();
    let unreachable = entries.iter().filter(|e| e.1 == 1).count();
    let malformed = entries.iter().filter(|e| e.1 == 2).count();
    assert!(
        unreachable >= 8 && malformed >= 12,
        "{unreachable} {malformed}"
    );
}
