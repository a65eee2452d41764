//! The server's limits: stalled connections are closed, connections beyond the cap are
//! turned away, a full line answers 503 with `Retry-After`, a request that waits past
//! its budget gets its 504 with that budget in the message, a solve whose client has
//! gone is cancelled, and quick 3×3×3 solves never wait behind long solves.

mod common;

use common::{post, start};
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// A random 3×3×3 state: the optimal search with the small tables takes about an hour
/// on it, and polls its cancel token, so it holds a long-line worker until stopped.
async fn hard_cube(client: &reqwest::Client, base: &str) -> String {
    let (_, a) = post(
        client,
        base,
        "/api/scramble",
        &json!({"puzzle": "333", "seed": 3}),
    )
    .await;
    a["cube"].as_str().unwrap().to_string()
}

/// Whether the server closes `stream` (end of file or reset) before `wait` runs out.
fn closed_within(mut stream: TcpStream, wait: Duration) -> bool {
    stream.set_read_timeout(Some(wait)).unwrap();
    let mut buf = [0u8; 1024];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return true,
            Err(_) => return false,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stalled_connections_are_closed_and_extra_ones_turned_away() {
    let config = cubist_web::Config {
        idle_timeout: Duration::from_millis(300),
        max_connections: 8,
        ..Default::default()
    };
    let base = start(config).await;
    let addr = base.trim_start_matches("http://").to_string();
    let verdicts = tokio::task::spawn_blocking(move || {
        // Eight connections that never finish their headers fill the cap.
        let stalled: Vec<TcpStream> = (0..8)
            .map(|k| {
                let mut s = TcpStream::connect(&addr).unwrap();
                if k % 2 == 0 {
                    s.write_all(b"POST /api/solve HTTP/1.1\r\nHost: ").unwrap();
                }
                s
            })
            .collect();
        std::thread::sleep(Duration::from_millis(100));
        // The ninth is answered 503 at once.
        let mut extra = TcpStream::connect(&addr).unwrap();
        extra
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let mut answer = String::new();
        let _ = extra.read_to_string(&mut answer);
        let closed: Vec<bool> = stalled
            .into_iter()
            .map(|s| closed_within(s, Duration::from_secs(30)))
            .collect();
        (answer, closed)
    })
    .await
    .unwrap();
    let (answer, closed) = verdicts;
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer:?}");
    assert!(
        answer.to_ascii_lowercase().contains("retry-after: 1"),
        "{answer:?}"
    );
    assert!(closed.iter().all(|&c| c), "{closed:?}");
    // With the stalled ones gone, the server answers again.
    let client = reqwest::Client::new();
    let (status, _) = post(&client, &base, "/api/verify", &json!({"cube": "UF UR UB UL DF DR DB DL FR FL BR BL UFR URB UBL ULF DRF DFL DLB DBR", "moves": ""})).await;
    assert_eq!(status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_line_answers_503_a_late_one_504_and_quick_solves_pass() {
    let config = cubist_web::Config {
        workers: 1,
        max_waiting: 1,
        ..Default::default()
    };
    let base = start(config).await;
    let client = reqwest::Client::new();
    let cube = hard_cube(&client, &base).await;
    let long = |timeout: u64| json!({ "cube": cube, "method": "optimal", "timeout": timeout });
    // The only long-line worker, busy for 4 s.
    let holder = {
        let (client, base, ask) = (client.clone(), base.clone(), long(4000));
        tokio::spawn(async move { post(&client, &base, "/api/solve", &ask).await })
    };
    tokio::time::sleep(Duration::from_millis(500)).await;
    // One waits in line with a budget of 1.5 s...
    let waiter = {
        let (client, base, ask) = (client.clone(), base.clone(), long(1500));
        tokio::spawn(async move { post(&client, &base, "/api/solve", &ask).await })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    // ...so the next is turned away.
    let res = client
        .post(format!("{base}/api/solve"))
        .json(&long(1000))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 503);
    let retry: u64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(retry >= 1);
    // A two-phase solve goes by the long line.
    let ask = json!({ "cube": cube, "method": "two-phase" });
    let (status, answer) = post(&client, &base, "/api/solve", &ask).await;
    assert_eq!(status, 200, "{answer}");
    // The waiter's budget ran out in line: 504, naming its own budget.
    let (status, answer) = waiter.await.unwrap();
    assert_eq!(status, 504, "{answer}");
    assert!(
        answer["error"].as_str().unwrap().contains("1500 ms"),
        "{answer}"
    );
    // The holder is stopped at its budget with the best it knows (unproven).
    let (status, answer) = holder.await.unwrap();
    assert_eq!(status, 200, "{answer}");
    assert!(answer["length"].as_u64().unwrap() <= 20);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_solve_whose_client_hangs_up_is_cancelled() {
    let config = cubist_web::Config {
        workers: 1,
        budget: Duration::from_secs(60),
        ..Default::default()
    };
    let base = start(config).await;
    let client = reqwest::Client::new();
    let cube = hard_cube(&client, &base).await;
    let addr = base.trim_start_matches("http://").to_string();
    // A client posts an hour-long solve and goes away.
    let body = json!({ "cube": cube, "method": "optimal" }).to_string();
    tokio::task::spawn_blocking(move || {
        let mut s = TcpStream::connect(&addr).unwrap();
        write!(
            s,
            "POST /api/solve HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        std::thread::sleep(Duration::from_millis(500));
    })
    .await
    .unwrap();
    // Its worker is free again: the next long solve runs, rather than waiting out its
    // budget behind the abandoned one.
    let ask = json!({ "cube": cube, "method": "optimal", "timeout": 3000 });
    let (status, answer): (u16, Value) = post(&client, &base, "/api/solve", &ask).await;
    assert_eq!(status, 200, "{answer}");
}

/// A solve asking for an hour gets the server's second: the optimal search, which
/// would take about an hour on this cube, answers with the best it knows by then.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_caps_every_requests_budget() {
    let config = cubist_web::Config {
        budget: Duration::from_millis(1000),
        ..Default::default()
    };
    let base = start(config).await;
    let client = reqwest::Client::new();
    let cube = hard_cube(&client, &base).await;
    let ask = json!({ "cube": cube, "method": "optimal", "timeout": 3_600_000 });
    let (status, answer) = post(&client, &base, "/api/solve", &ask).await;
    assert!(status == 200 || status == 504, "{answer}");
    if status == 200 {
        assert!(answer["millis"].as_u64().unwrap() < 60_000, "{answer}");
    }
}
