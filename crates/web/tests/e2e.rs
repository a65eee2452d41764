//! Runs the real-browser viewer test (tests/e2e/viewer.e2e.mjs: playwright-core driving
//! chromium) against an in-process server.
//!
//! It runs when CUBIST_E2E=1 (then missing chromium, node or `npm ci` is a failure), or
//! when everything it needs is already installed; otherwise it is skipped with a note.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// What is missing for the browser test, if anything.
fn missing(e2e: &Path, chromium: &Path) -> Option<String> {
    if !chromium.exists() {
        return Some(format!("{} not found", chromium.display()));
    }
    if !e2e.join("node_modules/playwright-core").exists() {
        return Some(format!(
            "playwright-core not installed (run `npm ci` in {})",
            e2e.display()
        ));
    }
    if Command::new("node").arg("--version").output().is_err() {
        return Some("node not found".into());
    }
    None
}

cubist_testkit::browser_test! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn viewer_solves_in_a_real_browser() {
        let e2e = workspace().join("tests/e2e");
        let chromium = std::env::var_os("CHROMIUM")
            .map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from);
        let required = std::env::var("CUBIST_E2E").is_ok_and(|v| v == "1");
        if let Some(why) = missing(&e2e, &chromium) {
            assert!(!required, "CUBIST_E2E=1 but {why}");
            eprintln!("note: browser test skipped: {why}");
            return;
        }
        // A generous budget: challenge-1 takes seconds, more on a busy machine.
        let config = cubist_web::Config {
            budget: std::time::Duration::from_secs(120),
            ..Default::default()
        };
        let base = common::start(config).await;
        let shots = std::env::var_os("CUBIST_SCREENSHOTS")
            .map_or_else(|| workspace().join("target/e2e"), PathBuf::from);
        let mut node = Command::new("node");
        node.arg(e2e.join("viewer.e2e.mjs"))
            .env("CUBIST_URL", &base)
            .env("CUBIST_SCREENSHOTS", &shots)
            .env("CHROMIUM", &chromium);
        // The server answers on this runtime while node waits on a blocking thread.
        let out = tokio::task::spawn_blocking(move || node.output())
            .await
            .expect("node runs")
            .expect("node runs");
        let text = String::from_utf8_lossy(&out.stdout);
        let errors = String::from_utf8_lossy(&out.stderr);
        eprintln!("{text}{errors}");
        assert!(
            out.status.success(),
            "the browser test failed:\n{text}{errors}"
        );
        assert!(shots.join("viewer.png").exists());
    }
}

/// The page's own move simulation (crates/web/page/sim.mjs) against the worked examples
/// of SPEC 1.3 and the reference models: needs node only.
#[test]
fn page_simulation_follows_the_rules() {
    let required = std::env::var("CUBIST_E2E").is_ok_and(|v| v == "1");
    let test = workspace().join("tests/e2e/sim.test.mjs");
    let out = match Command::new("node").arg("--test").arg(&test).output() {
        Ok(out) => out,
        Err(e) => {
            assert!(!required, "CUBIST_E2E=1 but node does not run: {e}");
            eprintln!("note: page simulation test skipped: node does not run ({e})");
            return;
        }
    };
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("# fail 0"), "{text}");
}
