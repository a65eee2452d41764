//! Decides, when the test support is built, whether the reference models can run: when
//! `python3` or the models are missing (and `CUBIST_REQUIRE_ORACLE=1` does not demand
//! them), it sets `cubist_oracle_missing`, and every test wrapped in `oracle_test!` is
//! marked ignored, so the test runner reports it as such rather than as passed. So too
//! for the browser test (`browser_test!`): chromium, node and `npm ci` in `tests/e2e`,
//! unless `CUBIST_E2E=1` demands them.

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
    browser();
}

/// Sets `cubist_browser_missing` when the browser test cannot run.
fn browser() {
    println!("cargo:rustc-check-cfg=cfg(cubist_browser_missing)");
    println!("cargo:rerun-if-env-changed=CUBIST_E2E");
    println!("cargo:rerun-if-env-changed=CHROMIUM");
    let chromium = std::env::var_os("CHROMIUM")
        .map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from);
    let e2e =
        PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap()).join("../../tests/e2e");
    let playwright = e2e.join("node_modules/playwright-core/package.json");
    // Watch what exists (a missing path would rerun this on every build).
    for path in [&chromium, &playwright] {
        if path.exists() {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    }
    if !playwright.exists() && e2e.is_dir() {
        println!(
            "cargo:rerun-if-changed={}",
            e2e.join("package-lock.json").display()
        );
    }
    let present = chromium.exists()
        && playwright.exists()
        && Command::new("node")
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
    let required = std::env::var_os("CUBIST_E2E").is_some_and(|v| v == "1");
    if !present && !required {
        println!("cargo:rustc-cfg=cubist_browser_missing");
    }
}
