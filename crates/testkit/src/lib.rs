//! Test support shared by the cubist crates' integration tests.
//!
//! Tests check the project's answers with independent reference models written in
//! Python (`rubik_ref.py`, `cubular_ref.py`), kept beside the checkout in
//! `../shared/tools` or wherever `CUBIST_ORACLE_DIR` points. Where they or `python3` are
//! missing, tests skip those checks with a note, unless `CUBIST_REQUIRE_ORACLE=1`
//! (as in CI) makes their absence a failure.

use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The folder holding every one of `scripts` (e.g. `["rubik_ref.py"]`), or `None` with a
/// note on standard error when they or `python3` are not available.
///
/// # Panics
/// When they are not available and `CUBIST_REQUIRE_ORACLE=1` is set.
pub fn oracle_dir(scripts: &[&str]) -> Option<PathBuf> {
    let dir = std::env::var_os("CUBIST_ORACLE_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/tools"));
    let usable = scripts.iter().all(|s| dir.join(s).is_file())
        && Command::new("python3")
            .arg("--version")
            .stdout(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
    if usable {
        Some(dir)
    } else if std::env::var_os("CUBIST_REQUIRE_ORACLE").is_some_and(|v| v == "1") {
        panic!(
            "reference models {scripts:?} not found in {}",
            dir.display()
        );
    } else {
        eprintln!(
            "note: reference models {scripts:?} not found in {}; skipped",
            dir.display()
        );
        None
    }
}
