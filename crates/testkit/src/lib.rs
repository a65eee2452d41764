//! Test support shared by the cubist crates' integration tests.
//!
//! Tests check the project's answers with independent reference models written in
//! Python (`rubik_ref.py`, `cubular_ref.py`), kept beside the checkout in
//! `../shared/tools` or wherever `CUBIST_ORACLE_DIR` points. A test that needs them is
//! wrapped in [`oracle_test!`]: where they or `python3` are missing when the tests are
//! built, the runner lists it as ignored, not as passed; `CUBIST_REQUIRE_ORACLE=1` (as
//! in CI) makes it run, and fail, instead. Tests that only add a reference check to
//! their own use [`oracle_dir`], which skips that check with a note.
//!
//! [`oracle_dir`] finds the models (or skips), [`run_snippet`] runs a short Python
//! program that imports them on the moves a test printed, and [`success_stdout`],
//! [`failure_stderr`] and [`json_lines`] read what the `cubist` binary printed.
//! [`data`] locates the sample inputs and bad-input catalogues in `tests/data`.

/// Wraps test functions that need the reference models: unchanged where they are
/// present (or `CUBIST_REQUIRE_ORACLE=1` demands them), otherwise marked
/// `#[ignore]` with the reason, so that a missing model is never reported as a pass.
///
/// ```text
/// cubist_testkit::oracle_test! {
///     #[test]
///     fn agrees_with_the_reference_model() { /* uses oracle_dir() */ }
/// }
/// ```
#[cfg(not(cubist_oracle_missing))]
#[macro_export]
macro_rules! oracle_test {
    ($($item:item)*) => {
        $($item)*
    };
}

/// See the other definition: this one is used where the reference models are missing.
#[cfg(cubist_oracle_missing)]
#[macro_export]
macro_rules! oracle_test {
    ($($item:item)*) => {
        $(
            #[ignore = "needs python3 and the reference models in ../shared/tools or CUBIST_ORACLE_DIR"]
            $item
        )*
    };
}

/// Wraps the browser test: unchanged where chromium, node and `npm ci` in `tests/e2e`
/// are there (or `CUBIST_E2E=1` demands them), otherwise marked `#[ignore]` with the
/// reason, as [`oracle_test!`] does for the reference models.
#[cfg(not(cubist_browser_missing))]
#[macro_export]
macro_rules! browser_test {
    ($($item:item)*) => {
        $($item)*
    };
}

/// See the other definition: this one is used where the browser test cannot run.
#[cfg(cubist_browser_missing)]
#[macro_export]
macro_rules! browser_test {
    ($($item:item)*) => {
        $(
            #[ignore = "needs chromium, node and `npm ci` in tests/e2e (CUBIST_E2E=1 requires them)"]
            $item
        )*
    };
}

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

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

/// Run `python3` with `args`, feed it `input` on standard input and return its standard
/// output.
///
/// # Panics
/// When python3 cannot be started, fails, or prints something that is not UTF-8.
pub fn run_python<I, S>(args: I, input: &str) -> String
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    use std::io::Write;
    let mut child = Command::new("python3")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes())
        .expect("python3 reads its input");
    let out = child.wait_with_output().expect("python3 finishes");
    assert!(out.status.success(), "python3 failed: {}", out.status);
    String::from_utf8(out.stdout).expect("python3 prints UTF-8")
}

/// Run a Python `snippet` that imports the reference models from `dir` (passed to it as
/// `sys.argv[1]`) on `input`; its standard output.
pub fn run_snippet(dir: &std::path::Path, snippet: &str, input: &str) -> String {
    run_python(
        [
            std::ffi::OsStr::new("-c"),
            snippet.as_ref(),
            dir.as_os_str(),
        ],
        input,
    )
}

/// The file or folder `rel` in the workspace's `tests/data` (sample cubes, move lists
/// and the bad-input catalogues).
pub fn data(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(rel)
}

/// Standard output of a finished command that must have succeeded; when it did not,
/// the failure shows the command's standard error.
///
/// # Panics
/// When the command failed or printed something that is not UTF-8.
pub fn success_stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).expect("standard output is UTF-8")
}

/// Standard error of a finished command that must have failed with exit status `code`
/// and printed nothing on standard output (the command line never half-writes).
///
/// # Panics
/// When the status differs or standard output is not empty.
pub fn failure_stderr(out: &Output, code: i32) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(code), "{err}");
    assert!(out.stdout.is_empty(), "standard output not empty; {err}");
    err
}

/// The lines of a command's standard error other than the table cache's notes (a table
/// being built or waited for, an unusable cache directory), which any command that
/// solves a 3×3×3 may print on a machine that has not built its tables yet.
pub fn error_lines(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| !l.starts_with("cubist: table ") && !l.starts_with("cubist: cache "))
        .collect()
}

/// Each line of `text` parsed as one JSON value (the commands' `--json` output).
///
/// # Panics
/// When a line is not JSON.
pub fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}
