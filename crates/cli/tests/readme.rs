//! README.md cannot rot: the example commands on its first screen run as shown, and
//! every figure it states is also in `docs/benchmarks.md`, the one home of figures.

use assert_cmd::Command;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(workspace().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// The README's first screen: everything before its first `## ` heading.
fn first_screen(readme: &str) -> &str {
    readme.find("\n## ").map_or(readme, |end| &readme[..end])
}

/// Example commands that are not run, each with the reason. Every entry must match a
/// command on the first screen, so that the list stays true.
const NOT_RUN: &[(&str, &str)] = &[
    ("cargo test", "runs this very test suite"),
    ("cubist serve", "serves until it is stopped"),
    (
        "cubist bench",
        "takes a minute; its figures are in docs/benchmarks.md",
    ),
];

/// The command lines of the ```sh blocks in `text`, comments (` # …`) stripped.
fn sh_commands(text: &str) -> Vec<String> {
    let mut commands = Vec::new();
    let mut in_sh = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with("```") {
            in_sh = !in_sh && trimmed == "```sh";
            continue;
        }
        if !in_sh || trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let command = trimmed.split(" # ").next().unwrap_or(trimmed).trim_end();
        commands.push(command.to_string());
    }
    commands
}

/// Each example on the README's first screen runs as written (`cargo run --release --`
/// standing for the `cubist` binary built for this test), from a folder that holds the
/// repository's `examples/`, and succeeds with something on standard output.
#[cfg(unix)]
#[test]
fn first_screen_examples_run() {
    let readme = read("README.md");
    let commands = sh_commands(first_screen(&readme));
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_cubist"));
    let path = std::env::join_paths(std::iter::once(bin.parent().unwrap().to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(workspace().join("examples"), dir.path().join("examples")).unwrap();
    let mut skipped = BTreeSet::new();
    let mut ran = 0;
    for command in &commands {
        if let Some((prefix, _)) = NOT_RUN.iter().find(|(p, _)| command.starts_with(p)) {
            skipped.insert(*prefix);
            continue;
        }
        let line = match command.strip_prefix("cargo run --release -- ") {
            Some(rest) => format!("cubist {rest}"),
            None => command.clone(),
        };
        assert!(
            line.starts_with("cubist "),
            "an example that is neither cubist nor listed in NOT_RUN: {command}"
        );
        let out = Command::new("bash")
            .args(["-c", &format!("set -o pipefail; {line}")])
            .current_dir(dir.path())
            .env("PATH", &path)
            .timeout(Duration::from_secs(300))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "README example failed ({}): {command}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!out.stdout.is_empty(), "no output: {command}");
        ran += 1;
    }
    assert!(ran >= 5, "only {ran} examples found on the first screen");
    for (prefix, why) in NOT_RUN {
        assert!(
            skipped.contains(prefix),
            "NOT_RUN lists {prefix:?} ({why}), which is no longer on the first screen"
        );
    }
}

/// Limits the program enforces, not measurements: they may stand in the README
/// without a figure in docs/benchmarks.md.
const LIMITS: &[&str] = &["64 KiB", "2 GiB", "64 MiB", "50 MB"];

/// Units that make a number a figure.
const UNITS: &[&str] = &[
    "ms", "s", "min", "minute", "minutes", "h", "hour", "hours", "KB", "MB", "GB", "KiB", "MiB",
    "GiB", "bytes", "%", "moves",
];

/// `text` with fenced code blocks and `code spans` blanked out, and dimensions such as
/// `3×3×3` too: numbers in commands, formats, moves and names are not figures.
fn prose(text: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            out.push('\n');
            continue;
        }
        if fenced {
            out.push('\n');
            continue;
        }
        let mut in_span = false;
        let chars: Vec<char> = line.chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            if c == '`' {
                in_span = !in_span;
                out.push(' ');
            } else if in_span
                || c == '×'
                || (c.is_ascii_digit()
                    && (chars.get(i + 1) == Some(&'×') || (i > 0 && chars[i - 1] == '×')))
            {
                out.push(' ');
            } else {
                out.push(c);
            }
        }
        out.push('\n');
    }
    out
}

/// The numbers in `text` with their byte ranges: digits, with `,` or `.` inside when a
/// digit follows (`6,576`, `0.27`).
fn numbers(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) {
            let start = i;
            while i < b.len()
                && (b[i].is_ascii_digit()
                    || ((b[i] == b',' || b[i] == b'.')
                        && b.get(i + 1).is_some_and(u8::is_ascii_digit)))
            {
                i += 1;
            }
            found.push((start, i));
        } else {
            i += 1;
        }
    }
    found
}

/// The figures of the README, as text. A figure is, outside code:
/// - a number followed by one of [`UNITS`], unless it is one of [`LIMITS`]; the numbers
///   of a range or list before the unit count too (`0.9–1.3 s`, `43 / 480 / 547 moves`);
/// - any number in the rows of the table that follows the "How good" line.
fn readme_figures(readme: &str) -> BTreeSet<String> {
    let text = prose(readme);
    let mut figures = BTreeSet::new();
    let mut in_how_good = false;
    for line in text.lines() {
        if line.starts_with("How good") {
            in_how_good = true;
            continue;
        }
        let row = line.starts_with('|');
        if in_how_good && !row && !line.trim().is_empty() && !line.starts_with("[") {
            in_how_good = false;
        }
        let nums = numbers(line);
        if in_how_good && row {
            figures.extend(nums.iter().map(|&(s, e)| line[s..e].to_string()));
            continue;
        }
        let mut k = 0;
        while k < nums.len() {
            // A range `a–b` or a list `a / b / c` is one group.
            let mut group = vec![nums[k]];
            while k + 1 < nums.len() {
                let gap = &line[nums[k].1..nums[k + 1].0];
                if ["–", "-", " / "].contains(&gap) {
                    k += 1;
                    group.push(nums[k]);
                } else {
                    break;
                }
            }
            let end = group.last().unwrap().1;
            let rest = line[end..].trim_start();
            let unit: String = rest
                .chars()
                .take_while(|c| c.is_alphabetic() || *c == '%')
                .collect();
            let limit = LIMITS.iter().any(|l| line[group[0].0..].starts_with(l));
            if UNITS.contains(&unit.as_str()) && !limit {
                figures.extend(group.iter().map(|&(s, e)| line[s..e].to_string()));
            }
            k += 1;
        }
    }
    figures
}

/// Every figure of the README (see [`readme_figures`]) appears in docs/benchmarks.md
/// as a whole number, so that the figures have one home and the README copies only a
/// few of them.
#[test]
fn readme_figures_are_in_benchmarks() {
    let readme = read("README.md");
    let figures = readme_figures(&readme);
    assert!(
        figures.len() >= 10,
        "the figure rule found only {figures:?}"
    );
    let bench = read("docs/benchmarks.md");
    let known: BTreeSet<&str> = numbers(&bench).iter().map(|&(s, e)| &bench[s..e]).collect();
    let missing: Vec<&String> = figures
        .iter()
        .filter(|f| !known.contains(f.as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "figures in README.md that docs/benchmarks.md does not have: {missing:?}"
    );
}

#[test]
fn the_figure_rule() {
    let text = "Solves 3×3×3 cubes in 0.9–1.3 s, median 0.27 ms (`--seed 7`, exit 2).\n\
                Bodies are capped at 64 KiB; 43 / 480 / 547 moves; a 45-move scramble.\n\
                How good:\n\n| a | b |\n|---|---|\n| x | 12 cubes, mean 19.8 |\n\nAfter.\n";
    let figures: Vec<String> = readme_figures(text).into_iter().collect();
    assert_eq!(
        figures,
        ["0.27", "0.9", "1.3", "12", "19.8", "43", "480", "547"]
    );
}

/// Every relative link of the README, CONTRIBUTING.md and docs/*.md names a file that
/// exists (anchors are not checked).
#[test]
fn document_links_point_at_files() {
    let mut docs = vec![PathBuf::from("README.md"), PathBuf::from("CONTRIBUTING.md")];
    for entry in std::fs::read_dir(workspace().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            docs.push(path.strip_prefix(workspace()).unwrap().to_path_buf());
        }
    }
    let mut broken = Vec::new();
    for doc in &docs {
        let text = read(doc.to_str().unwrap());
        let base = workspace().join(doc).parent().unwrap().to_path_buf();
        for (i, _) in text.match_indices("](") {
            let rest = &text[i + 2..];
            let target = &rest[..rest.find(')').unwrap_or(rest.len())];
            let file = target.split('#').next().unwrap();
            if file.is_empty() || file.contains("://") {
                continue;
            }
            if !base.join(file).exists() {
                broken.push(format!("{}: {target}", doc.display()));
            }
        }
    }
    assert!(broken.is_empty(), "links to missing files: {broken:?}");
}
