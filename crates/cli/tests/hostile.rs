//! The hostile command-line catalogue (`tests/data/bad/commands.txt`): inputs that are
//! endless, binary, huge, missing or of the wrong kind, numbers out of range for every
//! numeric option, a full standard output. Each command must end within seconds with
//! its exit status, one line on standard error holding the listed phrase, no panic and
//! nothing on standard output.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The longest any catalogue command may take.
const DEADLINE: Duration = Duration::from_secs(20);

/// One catalogue line: status, phrase and arguments.
struct Case {
    status: i32,
    phrase: String,
    args: String,
}

fn catalogue() -> Vec<Case> {
    let path = cubist_testkit::data("bad/commands.txt");
    let text = std::fs::read_to_string(path).expect("catalogue");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.splitn(3, '|').map(str::trim);
            let status = parts.next().unwrap().parse().expect("a status");
            let phrase = parts.next().expect("a phrase").to_string();
            let args = parts.next().unwrap_or("").to_string();
            Case {
                status,
                phrase,
                args,
            }
        })
        .collect()
}

/// The files the catalogue's `{name}`s stand for, made in `dir`.
fn fixtures(dir: &Path) -> Vec<(&'static str, PathBuf)> {
    let examples = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    };
    let cube333 = examples.join("rubik/singmaster-sample.txt");
    let cubular = examples.join("cubular/challenge-1.txt");
    let cubular_text = std::fs::read_to_string(&cubular).unwrap();
    // 50 MB of facelet lines, made here rather than kept in the repository.
    let big = dir.join("big.txt");
    {
        let line = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB\n".repeat(1000);
        let mut f = std::io::BufWriter::new(File::create(&big).unwrap());
        while f.get_ref().metadata().unwrap().len() < 50_000_000 {
            f.write_all(line.as_bytes()).unwrap();
            f.flush().unwrap();
        }
    }
    let utf16: Vec<u8> = std::iter::once(0xfeff_u16)
        .chain("UF UR UB UL DF DR DB DL FR FL BR BL UFR URB UBL ULF DRF DFL DLB DBR".encode_utf16())
        .flat_map(u16::to_le_bytes)
        .collect();
    let full_width: String = cubular_text
        .chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => char::from_u32(0xff10 + d).unwrap(),
            None => c,
        })
        .collect();
    let dir_path = dir.join("a-directory");
    std::fs::create_dir_all(&dir_path).unwrap();
    vec![
        ("{333}", cube333),
        ("{cubular}", cubular),
        (
            "{333moves}",
            examples.join("rubik/singmaster-sample.solution"),
        ),
        ("{judge}", examples.join("rubik/judge-sample.in")),
        ("{dir}", dir_path),
        ("{missing}", dir.join("no-such-file.txt")),
        ("{big}", big),
        (
            "{moves1m}",
            write("moves1m.txt", "111X1\n".repeat(1_000_000).as_bytes()),
        ),
        (
            "{moves1m333}",
            write("moves1m333.txt", "R U ".repeat(500_000).as_bytes()),
        ),
        ("{lower}", write("lower.txt", b"r u f'\n")),
        ("{utf16}", write("utf16.txt", &utf16)),
        (
            "{crlf}",
            write(
                "crlf.txt",
                b"UF UR UB UL DF DR DB DL FR FL BR BL UFR URB UBL ULF DRF DFL DLB DBR\r\n",
            ),
        ),
        ("{nul}", write("nul.txt", b"UF \0UR")),
        ("{fullwidth}", write("fullwidth.txt", full_width.as_bytes())),
        ("{badmove}", write("badmove.txt", b"111X1\n888X1\n")),
    ]
}

/// Run `cubist` with the catalogue's `args`, at most [`DEADLINE`].
fn run(args: &str, files: &[(&str, PathBuf)]) -> (Output, Duration) {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("cubist"));
    cmd.env("CUBIST_MAX_INPUT", "32M")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for word in args.split_whitespace() {
        let mut word = word.to_string();
        for (name, path) in files {
            word = word.replace(name, path.to_str().unwrap());
        }
        if let Some(path) = word.strip_prefix('<') {
            cmd.stdin(File::open(path).unwrap());
        } else if let Some(path) = word.strip_prefix('>') {
            cmd.stdout(File::options().write(true).open(path).unwrap());
        } else {
            cmd.arg(word);
        }
    }
    let start = Instant::now();
    let child = cmd.spawn().expect("cubist starts");
    let id = child.id();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || tx.send(child.wait_with_output()));
    match rx.recv_timeout(DEADLINE) {
        Ok(out) => (out.expect("cubist ends"), start.elapsed()),
        Err(_) => {
            let _ = Command::new("kill").arg(id.to_string()).status();
            panic!("`cubist {args}` still running after {DEADLINE:?}");
        }
    }
}

#[test]
fn every_hostile_command_fails_cleanly_with_its_reason() {
    let dir = tempfile::tempdir().unwrap();
    let files = fixtures(dir.path());
    let cases = catalogue();
    assert!(cases.len() >= 90, "only {} commands", cases.len());
    // Build the 3×3×3 tables first where they are not cached yet (minutes on a fresh
    // machine), so that the deadline measures the commands, not a first-use build.
    let warm = assert_cmd::Command::cargo_bin("cubist")
        .unwrap()
        .arg("solve")
        .arg(&files[0].1)
        .output()
        .unwrap();
    cubist_testkit::success_stdout(&warm);
    let mut failures = Vec::new();
    for case in &cases {
        let (out, took) = run(&case.args, &files);
        let all = String::from_utf8_lossy(&out.stderr);
        let stderr = cubist_testkit::error_lines(&all).join("\n");
        let problem = if out.status.code() != Some(case.status) {
            Some(format!(
                "exit {:?}, expected {}",
                out.status.code(),
                case.status
            ))
        } else if !out.stdout.is_empty() {
            Some("standard output not empty".to_string())
        } else if stderr.lines().count() != 1 || !stderr.starts_with("cubist: ") {
            Some("not one `cubist: ` line on standard error".to_string())
        } else if !stderr.contains(&case.phrase) {
            Some(format!("no {:?}", case.phrase))
        } else if all.contains("panicked") {
            Some("a panic".to_string())
        } else {
            None
        };
        if let Some(p) = problem {
            failures.push(format!("`cubist {}`: {p} ({took:?}): {stderr}", case.args));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn endless_inputs_are_refused_at_once() {
    for args in ["check /dev/zero", "solve /dev/urandom", "judge /dev/zero"] {
        let (out, took) = run(args, &[]);
        assert_eq!(out.status.code(), Some(2), "{args}");
        assert!(took < Duration::from_secs(2), "{args}: {took:?}");
    }
}

#[test]
fn a_reader_that_goes_away_ends_the_program_quietly() {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("cubist"))
        .args([
            "scramble",
            "--puzzle",
            "333",
            "--moves",
            "1000000",
            "--show-moves",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(141));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_batch_answers_each_bad_cube_with_a_placeholder_line() {
    let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    let text = format!("{solved}\nUUU\n{solved}\n");
    for (args, line) in [
        (&["check"][..], "valid 333 (facelets)"),
        (&["solve"][..], ""),
        (
            &["solve", "--json"][..],
            r#"{"puzzle":"333","moves":[],"length":0,"#,
        ),
    ] {
        let out = assert_cmd::Command::cargo_bin("cubist")
            .unwrap()
            .args(args)
            .write_stdin(text.clone())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stdout = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 3, "{args:?}: {stdout}");
        assert!(
            lines[0].starts_with(line) && lines[2].starts_with(line),
            "{stdout}"
        );
        if args.contains(&"--json") {
            assert!(
                lines[1].starts_with(r#"{"puzzle":"333","error":"<stdin>: line 2: "#),
                "{stdout}"
            );
        } else {
            assert_eq!(lines[1], "error");
        }
        let stderr = String::from_utf8(out.stderr).unwrap();
        let lines = cubist_testkit::error_lines(&stderr);
        assert_eq!(lines.len(), 1, "{stderr}");
        assert!(lines[0].contains("line 2: 3 stickers"), "{stderr}");
    }
}

#[test]
fn json_is_alike_for_both_puzzles() {
    let examples = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    for cube in ["cubular/solved.txt", "rubik/singmaster-sample.txt"] {
        let out = assert_cmd::Command::cargo_bin("cubist")
            .unwrap()
            .args(["solve", "--json"])
            .arg(examples.join(cube))
            .output()
            .unwrap();
        let text = cubist_testkit::success_stdout(&out);
        let keys: Vec<&str> = ["\"puzzle\"", "\"moves\"", "\"length\"", "\"millis\""]
            .into_iter()
            .filter(|k| text.contains(k))
            .collect();
        assert_eq!(keys.len(), 4, "{cube}: {text}");
        let at = |k: &str| text.find(k).unwrap();
        assert!(
            at("\"puzzle\"") < at("\"moves\"") && at("\"length\"") < at("\"millis\""),
            "{text}"
        );
        let v = &cubist_testkit::json_lines(&text)[0];
        assert!(v["millis"].is_f64(), "{cube}: {text}");
        assert!(
            text.contains(&format!("{:.3}", v["millis"].as_f64().unwrap())),
            "{text}"
        );
    }
}

#[test]
fn show_svg_dash_writes_to_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let examples = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    for cube in ["cubular/challenge-1.txt", "rubik/singmaster-sample.txt"] {
        let out = assert_cmd::Command::cargo_bin("cubist")
            .unwrap()
            .current_dir(dir.path())
            .args(["show", "--svg", "-"])
            .arg(examples.join(cube))
            .output()
            .unwrap();
        let text = cubist_testkit::success_stdout(&out);
        assert!(text.starts_with("<svg"), "{cube}");
        assert!(!dir.path().join("-").exists(), "{cube}: a file named -");
    }
}
