//! `cubist tables --verify`: every byte of every cached table is checked; a corrupt
//! file is named and removed, and the exit status says so.

use assert_cmd::Command;
use cubist_tables::cache::{self, HEADER_LEN};
use cubist_tables::TableSpec;

/// Writes a sound table file named `name` into `dir`; returns its path.
fn table(dir: &std::path::Path, name: &'static str) -> std::path::PathBuf {
    let spec = TableSpec {
        name,
        version: 1,
        len: 5000,
    };
    let data: Vec<u8> = (0..5000u32).map(|i| (i * 31 % 251) as u8).collect();
    let path = spec.path_in(dir);
    cache::write(&path, &spec, &data).unwrap();
    path
}

#[test]
fn verify_names_and_removes_a_corrupt_table() {
    let dir = tempfile::tempdir().unwrap();
    let good = table(dir.path(), "sound");
    let bad = table(dir.path(), "spoiled");
    let mut bytes = std::fs::read(&bad).unwrap();
    bytes[HEADER_LEN + 4321] ^= 0x02;
    std::fs::write(&bad, &bytes).unwrap();
    let run = || {
        Command::cargo_bin("cubist")
            .unwrap()
            .args(["tables", "--verify"])
            .env("CUBIST_CACHE", dir.path())
            .output()
            .unwrap()
    };
    let out = run();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(out.status.code(), Some(1), "{text}");
    let line = |name: &str| text.lines().find(|l| l.starts_with(name)).unwrap_or("");
    assert!(line("sound.v1.tbl").ends_with("ok"), "{text}");
    assert!(line("spoiled.v1.tbl").contains("BAD"), "{text}");
    assert!(good.exists() && !bad.exists());
    let again = run();
    assert_eq!(again.status.code(), Some(0));
    // Without --verify: the list alone.
    let listed = Command::cargo_bin("cubist")
        .unwrap()
        .arg("tables")
        .env("CUBIST_CACHE", dir.path())
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&listed.stdout).contains("sound.v1.tbl  5064 bytes"));
}
