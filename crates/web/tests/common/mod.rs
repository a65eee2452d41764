//! Shared by the API tests: an in-process server on a free loopback port, and the
//! Python reference models that judge its answers from outside.

#![allow(dead_code)]

use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

/// Start the server on 127.0.0.1 with `config`; returns its base URL.
pub async fn start(config: cubist_web::Config) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind a loopback port");
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { cubist_web::serve(listener, &config).await });
    format!("http://{addr}")
}

/// POST `body` as JSON to `base` + `path`; the status and the decoded answer.
pub async fn post(client: &reqwest::Client, base: &str, path: &str, body: &Value) -> (u16, Value) {
    let res = client
        .post(format!("{base}{path}"))
        .json(body)
        .send()
        .await
        .expect("request sent");
    let status = res.status().as_u16();
    let answer = res.json::<Value>().await.expect("a JSON answer");
    (status, answer)
}

/// POST `body` (`cube`, `moves`, maybe `puzzle`) to the verify endpoint.
pub async fn verify(client: &reqwest::Client, base: &str, body: Value) -> (u16, Value) {
    post(client, base, "/api/verify", &body).await
}

/// A file of the shared sample data.
pub fn data(path: &str) -> String {
    let p = cubist_testkit::data(path);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The folder holding the reference models, or `None` (and a note) when absent.
pub fn oracle_dir() -> Option<PathBuf> {
    cubist_testkit::oracle_dir(&["rubik_ref.py", "cubular_ref.py"])
}

/// Run a reference model command and return its standard output.
pub fn oracle_output(dir: &std::path::Path, script: &str, args: &[&str]) -> String {
    let out = Command::new("python3")
        .arg(dir.join(script))
        .args(args)
        .output()
        .expect("python3 runs");
    assert!(out.status.success(), "{script} {args:?} failed");
    String::from_utf8(out.stdout).unwrap()
}

const JUDGE: &str = r#"
import json, sys
sys.path.insert(0, sys.argv[1])
import rubik_ref as R, cubular_ref as C
verdicts = []
for case in json.load(sys.stdin):
    if case["puzzle"] == "333":
        state = R.from_singmaster(case["cube"].strip())
        after = R.apply(state, R.parse_moves(" ".join(case["moves"])))
        verdicts.append(R.is_solved(after))
    else:
        cube = C.parse_cube(case["cube"])
        after = C.apply_moves(list(cube), C.parse_moves("\n".join(case["moves"])))
        verdicts.append(after == C.TARGET)
print(json.dumps(verdicts))
"#;

/// For each case `{"puzzle", "cube", "moves"}` (3×3×3 cubes as piece lists), whether
/// the reference model, reading the cube itself, finds it solved after the moves.
pub fn oracle_solved(dir: &std::path::Path, cases: &[Value]) -> Vec<bool> {
    let out = cubist_testkit::run_snippet(dir, JUDGE, &serde_json::to_string(cases).unwrap());
    serde_json::from_str(&out).expect("verdicts")
}

/// Asserts that the reference models in `dir` (when at hand) find every case solved.
pub fn assert_oracle_solved(dir: Option<&std::path::Path>, cases: &[Value]) {
    if let Some(dir) = dir {
        let verdicts = oracle_solved(dir, cases);
        assert_eq!(verdicts.len(), cases.len());
        assert!(verdicts.iter().all(|&v| v), "{verdicts:?}");
    }
}
