//! `cubist serve` end to end: the real binary on a free loopback port answers the JSON
//! API, a bad cube gets a 400 carrying the same message `cubist solve` prints, posts
//! from other origins or not sent as JSON are refused, and Ctrl-C stops it promptly
//! even in the middle of a long solve.

use assert_cmd::cargo::CommandCargoExt;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

/// The server, stopped when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve() -> Server {
    serve_with(&[])
}

fn serve_with(extra: &[&str]) -> Server {
    let mut child = Command::cargo_bin("cubist")
        .unwrap()
        .args(["serve", "--port", "0", "--workers", "2"])
        .args(extra)
        .stdout(Stdio::piped())
        .spawn()
        .expect("cubist serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address announced: {line:?}"))
        .to_string();
    Server { child, addr }
}

/// A minimal HTTP/1.1 POST; the status and the body.
fn post(addr: &str, path: &str, body: &str) -> (u16, String) {
    post_with(addr, path, "Content-Type: application/json\r\n", body)
}

/// A minimal HTTP/1.1 POST with `headers` (each line ending in CRLF) besides Host.
fn post_with(addr: &str, path: &str, headers: &str, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).expect("connect");
    write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\n{headers}\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .expect("a status line");
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status, body.to_string())
}

/// What `cubist check` (which reads a cube exactly as `cubist solve` does) prints on
/// standard error for `cube` given on standard input.
fn cli_error(cube: &str) -> String {
    let out = assert_cmd::Command::cargo_bin("cubist")
        .unwrap()
        .arg("check")
        .write_stdin(cube)
        .output()
        .unwrap();
    assert!(!out.status.success());
    String::from_utf8(out.stderr)
        .unwrap()
        .trim_end()
        .to_string()
}

#[test]
fn bad_cubes_get_the_command_line_message() {
    let server = serve();
    let challenge = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/cubular/challenge-1.txt"
    ))
    .unwrap();
    let bad = [
        "UF UR UB UL DF DR DB DL FR FL BR BL FRU URB UBL ULF DRF DFL DLB DBR".to_string(),
        "UF UR UB UL DF DR DB DL FR FL BR BL UFR URB UBL ULF DRF DFL DLB".to_string(),
        "not a cube at all".to_string(),
        challenge.replacen('1', "2", 1),
        challenge.replacen('5', "", 1),
    ];
    for cube in &bad {
        let (status, body) = post(
            &server.addr,
            "/api/solve",
            &serde_json::json!({ "cube": cube }).to_string(),
        );
        assert_eq!(status, 400, "{body}");
        let answer: serde_json::Value = serde_json::from_str(&body).unwrap();
        let api = answer["error"].as_str().unwrap();
        let cli = cli_error(cube);
        // The command line names its input first: `cubist: <stdin>: <message>`.
        assert_eq!(cli, format!("cubist: <stdin>: {api}"));
    }
}

#[test]
fn solves_the_sample_over_http() {
    let server = serve();
    let cube = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/rubik/singmaster-sample.txt"
    ))
    .unwrap();
    let (status, body) = post(
        &server.addr,
        "/api/solve",
        &serde_json::json!({ "cube": cube }).to_string(),
    );
    assert_eq!(status, 200, "{body}");
    let answer: serde_json::Value = serde_json::from_str(&body).unwrap();
    let moves: Vec<&str> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    // Check the answer with the command line's own verify.
    let dir = std::env::temp_dir().join(format!("cubist-serve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let moves_file = dir.join("moves.txt");
    std::fs::write(&moves_file, moves.join(" ")).unwrap();
    let cube_file = dir.join("cube.txt");
    std::fs::write(&cube_file, &cube).unwrap();
    let verify = Command::cargo_bin("cubist")
        .unwrap()
        .arg("verify")
        .arg(&cube_file)
        .arg(&moves_file)
        .output()
        .unwrap();
    cubist_testkit::success_stdout(&verify);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn other_origins_and_plain_text_are_refused() {
    let server = serve();
    let body = serde_json::json!({ "cube": "UF UR UB UL DF DR DB DL FR FL BR BL UFR URB UBL ULF DRF DFL DLB DBR" })
        .to_string();
    let json = "Content-Type: application/json\r\n";
    let (status, answer) = post_with(
        &server.addr,
        "/api/solve",
        &format!("{json}Origin: http://evil.example\r\n"),
        &body,
    );
    assert_eq!(status, 403, "{answer}");
    assert!(!answer.contains('\n'), "{answer}");
    let (status, answer) = post_with(
        &server.addr,
        "/api/solve",
        "Content-Type: text/plain\r\n",
        &body,
    );
    assert_eq!(status, 415, "{answer}");
    // What the curl example of docs/web.md sends.
    let (status, answer) = post_with(&server.addr, "/api/solve", json, &body);
    assert_eq!(status, 200, "{answer}");
}

/// Ctrl-C during a solve that would run for two minutes ends the server at once (the
/// solve is cancelled); the time it took is printed.
#[test]
fn ctrl_c_stops_the_server_during_a_long_solve() {
    let mut server = serve_with(&["--timeout", "120000"]);
    let addr = server.addr.clone();
    let (status, scrambled) = post(
        &addr,
        "/api/scramble",
        &serde_json::json!({"puzzle": "333", "seed": 5}).to_string(),
    );
    assert_eq!(status, 200);
    let cube = serde_json::from_str::<serde_json::Value>(&scrambled).unwrap()["cube"].clone();
    let ask = serde_json::json!({ "cube": cube, "method": "optimal" }).to_string();
    // The optimal search with the small tables takes about an hour on a random cube.
    let client = std::thread::spawn(move || {
        let mut s = TcpStream::connect(&addr).expect("connect");
        let _ = write!(
            s,
            "POST /api/solve HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n{ask}",
            ask.len()
        );
        let mut answer = String::new();
        let _ = s.read_to_string(&mut answer);
    });
    std::thread::sleep(std::time::Duration::from_secs(1));
    let interrupted = std::time::Instant::now();
    let kill = Command::new("kill")
        .args(["-INT", &server.child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(kill.success());
    let mut status = None;
    while interrupted.elapsed() < std::time::Duration::from_secs(20) {
        status = server.child.try_wait().unwrap();
        if status.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    eprintln!(
        "cubist serve ended {:?} after Ctrl-C",
        interrupted.elapsed()
    );
    assert!(status.is_some_and(|s| s.success()), "{status:?}");
    client.join().unwrap();
}
