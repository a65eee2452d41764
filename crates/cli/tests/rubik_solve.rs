//! End-to-end tests of `cubist solve` for the 3×3×3: batches, notations, JSON, stages,
//! bad cubes and time budgets. Every solution is checked by the independent reference
//! model (`rubik_ref.py`) when it is available.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn cubist() -> Command {
    Command::cargo_bin("cubist").unwrap()
}

/// The folder holding `rubik_ref.py`, or `None` (with a note) when it is not there.
fn oracle_dir() -> Option<PathBuf> {
    cubist_testkit::oracle_dir(&["rubik_ref.py"])
}

/// Run the reference model with `args`, returning its standard output.
fn oracle(dir: &Path, args: &[&str]) -> (bool, String) {
    let out = std::process::Command::new("python3")
        .arg(dir.join("rubik_ref.py"))
        .args(args)
        .output()
        .expect("python3 runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// Check with the reference model that each solution line solves the matching piece
/// list; returns the solutions' lengths.
fn oracle_check(dir: &Path, states: &str, solutions: &str, tag: &str) -> String {
    let tmp = std::env::temp_dir().join(format!("cubist-rubik-solve-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let (s, m) = (tmp.join("states.txt"), tmp.join("moves.txt"));
    std::fs::write(&s, states).unwrap();
    std::fs::write(&m, solutions).unwrap();
    let (ok, report) = oracle(dir, &["check", s.to_str().unwrap(), m.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(ok, "reference model rejects solutions: {report}");
    report
}

/// Standard output and standard error of a command that must succeed.
fn outputs_of(cmd: &mut Command) -> (String, String) {
    let out = cmd.output().unwrap();
    let stdout = cubist_testkit::success_stdout(&out);
    (stdout, String::from_utf8(out.stderr).unwrap())
}

fn stdout_of(cmd: &mut Command) -> String {
    outputs_of(cmd).0
}

#[test]
fn sample_is_solved_within_twenty() {
    let sample = workspace().join("examples/rubik/singmaster-sample.txt");
    let out = stdout_of(cubist().arg("solve").arg(&sample));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1);
    assert!(lines[0].split_whitespace().count() <= 20, "{out}");
    if let Some(dir) = oracle_dir() {
        let state = std::fs::read_to_string(&sample).unwrap();
        oracle_check(&dir, &state, &out, "sample");
    }
}

cubist_testkit::oracle_test! {
#[test]
fn random_batch_in_order_within_twenty() {
    let Some(dir) = oracle_dir() else { return };
    let (ok, states) = oracle(&dir, &["random", "40", "2026"]);
    assert!(ok);
    let out = stdout_of(
        cubist()
            .args(["solve", "--input", "pieces"])
            .write_stdin(states.clone()),
    );
    assert_eq!(out.lines().count(), 40);
    for line in out.lines() {
        assert!(line.split_whitespace().count() <= 20, "{line}");
    }
    let report = oracle_check(&dir, &states, &out, "batch");
    assert!(report.contains("unsolved 0"), "{report}");
    // The same batch in counted notation is the same solutions.
    let counted = stdout_of(
        cubist()
            .args(["solve", "--notation", "counted"])
            .write_stdin(states.clone()),
    );
    assert!(counted
        .lines()
        .all(|l| !l.contains(' ') && !l.contains('\'')));
    oracle_check(&dir, &states, &counted, "counted");
}
}

#[test]
fn json_objects_per_cube() {
    let sample = workspace().join("examples/rubik/singmaster-sample.txt");
    let text = std::fs::read_to_string(&sample).unwrap();
    let batch = format!("{text}{text}");
    let out = stdout_of(
        cubist()
            .args(["solve", "--json", "--notation", "counted"])
            .write_stdin(batch),
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    for line in lines {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["puzzle"], "333");
        let moves = v["moves"].as_array().unwrap();
        assert_eq!(v["length"].as_u64().unwrap() as usize, moves.len());
        assert!(v["millis"].as_f64().unwrap() >= 0.0);
        let joined: String = moves.iter().map(|m| m.as_str().unwrap()).collect();
        if let Some(dir) = oracle_dir() {
            oracle_check(&dir, &text, &joined, "json");
        }
    }
}

#[test]
fn bad_cubes_are_reported_and_the_rest_solved() {
    let sample =
        std::fs::read_to_string(workspace().join("examples/rubik/singmaster-sample.txt")).unwrap();
    let twisted = "UF UR UB UL DF DR DB DL FR FL BR BL FUR URB UBL ULF DRF DFL DLB DBR\n";
    let short = "UF UR UB UL DF DR\n";
    let batch = format!("{sample}{twisted}{sample}");
    let out = cubist()
        .args(["solve", "--input", "pieces"])
        .write_stdin(batch)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 3);
    assert_eq!(stdout.lines().nth(1), Some("error"));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(cubist_testkit::error_lines(&stderr).len(), 1, "{stderr}");
    assert!(stderr.contains("line 2"), "{stderr}");

    let out = cubist()
        .args(["solve", "--input", "pieces"])
        .write_stdin(format!("{sample}{short}"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 2);

    // A single bad cube: nothing on standard output, one line on standard error.
    let out = cubist().arg("solve").write_stdin(twisted).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(cubist_testkit::error_lines(&stderr).len(), 1, "{stderr}");
}

#[test]
fn max_length_below_the_optimum_is_refused() {
    // R U needs two moves; one is not enough, and the search proves it.
    let cube = "UUUUUUFFFUBBRRRRRRRRRFFDFFDDDBDDBDDBFFDLLLLLLLLLUBBUBB";
    let check = cubist().args(["check"]).write_stdin(cube).output().unwrap();
    assert!(check.status.success());
    let out = cubist()
        .args(["solve", "--max-length", "1"])
        .write_stdin(cube)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let ok = stdout_of(
        cubist()
            .args(["solve", "--max-length", "2"])
            .write_stdin(cube),
    );
    assert_eq!(ok.split_whitespace().count(), 2, "{ok}");
}

cubist_testkit::oracle_test! {
#[test]
fn time_budget_returns_the_best_found_with_a_note() {
    let Some(dir) = oracle_dir() else { return };
    let (ok, states) = oracle(&dir, &["random", "1", "7"]);
    assert!(ok);
    // Random cubes need 16 moves or more; a target of 12 cannot be met.
    let (stdout, stderr) = outputs_of(
        cubist()
            .args(["solve", "--max-length", "12", "--timeout", "1500"])
            .write_stdin(states.clone()),
    );
    assert!(stderr.contains("time budget"), "{stderr}");
    assert!(stdout.split_whitespace().count() > 12);
    oracle_check(&dir, &states, &stdout, "timeout");
}
}

#[test]
fn thistlethwaite_stages_are_labelled() {
    staged("thistlethwaite", 4);
}

#[test]
fn layers_stages_are_labelled() {
    staged("layers", 7);
}

fn staged(method: &str, stages: usize) {
    let sample = workspace().join("examples/rubik/singmaster-sample.txt");
    let out = stdout_of(
        cubist()
            .args(["solve", "--method", method, "--stages"])
            .arg(&sample),
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), stages, "{out}");
    let joined: Vec<&str> = lines
        .iter()
        .map(|l| l.split_once(':').expect("label: moves").1.trim())
        .collect();
    if let Some(dir) = oracle_dir() {
        let state = std::fs::read_to_string(&sample).unwrap();
        oracle_check(&dir, &state, &joined.join(" "), method);
    }
}

cubist_testkit::oracle_test! {
#[test]
fn optimal_solutions_are_shortest_and_budgeted() {
    let Some(dir) = oracle_dir() else { return };
    let (ok, states) = oracle(&dir, &["random", "1", "11"]);
    assert!(ok);
    let (stdout, stderr) = outputs_of(
        cubist()
            .args(["solve", "--method", "optimal", "--table-size", "small"])
            .args(["--timeout", "1000"])
            .write_stdin(states.clone()),
    );
    // A random cube takes far longer than a second to prove optimal.
    assert!(stderr.contains("not proven optimal"), "{stderr}");
    assert!(stdout.split_whitespace().count() <= 20);
    oracle_check(&dir, &states, &stdout, "optimal-budget");

    // F R U' L2: four moves with no shorter solution, and no other of that length.
    let script = "import sys\nsys.path.insert(0, sys.argv[1])\nimport rubik_ref as r\n\
                  print(''.join(r.apply(r.solved(), r.parse_moves(\"F R U' L2\"))))\n";
    let cube = cubist_testkit::run_snippet(&dir, script, "");
    let out = stdout_of(
        cubist()
            .args(["solve", "--method", "optimal", "--table-size", "small"])
            .write_stdin(cube),
    );
    assert_eq!(out.trim(), "L2 U R' F'");
}
}

#[test]
fn table_size_must_be_known_and_for_the_optimal_method() {
    let cube = std::fs::read_to_string(workspace().join("tests/data/rubik/singmaster-sample.txt"))
        .unwrap();
    for args in [
        &["--method", "optimal", "--table-size", "huge"][..],
        &["--method", "two-phase", "--table-size", "small"][..],
    ] {
        let out = cubist()
            .arg("solve")
            .args(args)
            .write_stdin(cube.clone())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.contains("--table-size"), "{stderr}");
        assert!(out.stdout.is_empty());
    }
}

/// A batch with the optimal method answers every cube, in input order, with a solution
/// of that cube as short as the one it gets alone.
#[test]
fn an_optimal_batch_answers_each_cube_as_short_as_alone() {
    let cubes: Vec<String> = (1..=4)
        .map(|seed| {
            let seed = seed.to_string();
            let args = [
                "scramble", "--puzzle", "333", "--moves", "7", "--seed", &seed,
            ];
            stdout_of(cubist().args(args)).trim().to_string()
        })
        .collect();
    let optimal = ["solve", "--method", "optimal", "--table-size", "small"];
    let batch = stdout_of(cubist().args(optimal).write_stdin(cubes.join("\n") + "\n"));
    let answers: Vec<&str> = batch.lines().collect();
    assert_eq!(answers.len(), cubes.len(), "{batch}");
    let tmp = std::env::temp_dir().join(format!("cubist-optimal-batch-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    for (k, (cube, answer)) in cubes.iter().zip(&answers).enumerate() {
        let alone = stdout_of(cubist().args(optimal).write_stdin(format!("{cube}\n")));
        assert_eq!(
            answer.split_whitespace().count(),
            alone.split_whitespace().count(),
            "cube {k}: {answer} against {alone}"
        );
        let file = tmp.join(format!("cube{k}.txt"));
        std::fs::write(&file, cube).unwrap();
        let after = stdout_of(
            cubist()
                .args(["apply", "--puzzle", "333", file.to_str().unwrap(), "-"])
                .write_stdin(answer.to_string()),
        );
        let solved: String = "URFDLB".chars().flat_map(|f| [f; 9]).collect();
        assert_eq!(after.trim(), solved, "cube {k}: {answer}");
    }
    let _ = std::fs::remove_dir_all(&tmp);
}
