//! Decides, when the test support is built, whether the reference models can run: when
//! `python3` or the models are missing (and `CUBIST_REQUIRE_ORACLE=1` does not demand
//! them), it sets `cubist_oracle_missing`, and every test wrapped in `oracle_test!` is
//! marked ignored, so the test runner reports it as such rather than as passed.

use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The scripts the oracle tests run.
const SCRIPTS: [&str; 2] = ["rubik_ref.py", "cubular_ref.py"];

fn main() {
    println!("cargo:rustc-check-cfg=cfg(cubist_oracle_missing)");
    println!("cargo:rerun-if-env-changed=CUBIST_ORACLE_DIR");
    println!("cargo:rerun-if-env-changed=CUBIST_REQUIRE_ORACLE");
    println!("cargo:rerun-if-env-changed=PATH");
    let dir = std::env::var_os("CUBIST_ORACLE_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap())
                .join("../../../shared/tools")
        });
    // Watching a folder that is not there would rerun this (and rebuild every test)
    // on each build; where it is missing, only the variables above are watched.
    if dir.is_dir() {
        println!("cargo:rerun-if-changed={}", dir.display());
    }
    let present = SCRIPTS.iter().all(|s| dir.join(s).is_file())
        && Command::new("python3")
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
    let required = std::env::var_os("CUBIST_REQUIRE_ORACLE").is_some_and(|v| v == "1");
    if !present && !required {
        println!("cargo:rustc-cfg=cubist_oracle_missing");
    }
}
