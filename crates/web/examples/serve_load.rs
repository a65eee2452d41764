//! Measures the server under the loads of issue 65, against `cubist serve` at the URL
//! given as the first argument (or an in-process server with the default settings):
//!
//! 1. `quick`: the answer time of 3×3×3 solves posted while two long digit-cube
//!    solves run;
//! 2. `mixed`: 200 solves at once, one in twenty an long digit-cube: how many got
//!    200, 503 or 504, and the 3×3×3s' p50 and p99;
//! 3. `stalled`: 1,500 connections that never send a request, and how long until the
//!    server has closed them all.
//!
//! `cargo run --release -p cubist-web --example serve_load [URL] [quick|mixed|stalled]`
//! (all three by default). It prints the peak memory of the in-process server.

use serde_json::{json, Value};
use std::io::Read;
use std::net::TcpStream;
use std::time::{Duration, Instant};

fn rss_kib(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

async fn post(client: &reqwest::Client, base: &str, path: &str, body: &Value) -> (u16, Value) {
    match client.post(format!("{base}{path}")).json(body).send().await {
        Ok(res) => {
            let status = res.status().as_u16();
            (status, res.json().await.unwrap_or(Value::Null))
        }
        Err(e) => (0, json!({ "error": e.to_string() })),
    }
}

fn quantile(v: &mut [Duration], q: f64) -> u128 {
    v.sort();
    v[((v.len() - 1) as f64 * q).round() as usize].as_millis()
}

async fn digit_cube(client: &reqwest::Client, base: &str, seed: u64) -> String {
    let ask = json!({"puzzle": "cubular", "moves": 100, "seed": seed});
    let (_, a) = post(client, base, "/api/scramble", &ask).await;
    a["cube"].as_str().expect("a digit cube").to_string()
}

async fn rubik(client: &reqwest::Client, base: &str, seed: u64) -> String {
    let (_, a) = post(
        client,
        base,
        "/api/scramble",
        &json!({"puzzle": "333", "seed": seed}),
    )
    .await;
    a["cube"].as_str().expect("a 3×3×3").to_string()
}

async fn quick(client: &reqwest::Client, base: &str) {
    let mut long = Vec::new();
    for seed in 0..2 {
        let cube = digit_cube(client, base, seed).await;
        let (client, base) = (client.clone(), base.to_string());
        long.push(tokio::spawn(async move {
            let clock = Instant::now();
            let ask = json!({"cube": cube, "method": "default"});
            let (status, a) = post(&client, &base, "/api/solve", &ask).await;
            (status, a["error"].clone(), clock.elapsed())
        }));
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let mut times = Vec::new();
    for seed in 0..10 {
        let cube = rubik(client, base, 100 + seed).await;
        let clock = Instant::now();
        let (status, _) = post(client, base, "/api/solve", &json!({ "cube": cube })).await;
        times.push(clock.elapsed());
        println!(
            "quick: 3×3×3 #{seed}: {status} in {} ms",
            clock.elapsed().as_millis()
        );
    }
    println!(
        "quick: 3×3×3 while two long digit-cubes run: p50 {} ms, max {} ms",
        quantile(&mut times, 0.5),
        quantile(&mut times, 1.0)
    );
    for task in long {
        let (status, error, took) = task.await.unwrap();
        println!(
            "quick: long digit-cube: {status} after {} ms {error}",
            took.as_millis()
        );
    }
}

async fn mixed(client: &reqwest::Client, base: &str) {
    const REQUESTS: usize = 200;
    let mut cubes = Vec::new();
    for k in 0..REQUESTS {
        cubes.push(if k % 20 == 0 {
            (true, digit_cube(client, base, k as u64).await)
        } else {
            (false, rubik(client, base, k as u64).await)
        });
    }
    let clock = Instant::now();
    let tasks: Vec<_> = cubes
        .into_iter()
        .map(|(digits, cube)| {
            let (client, base) = (client.clone(), base.to_string());
            tokio::spawn(async move {
                let method = if digits { "default" } else { "two-phase" };
                let ask = json!({ "cube": cube, "method": method });
                let started = Instant::now();
                let (status, _) = post(&client, &base, "/api/solve", &ask).await;
                (digits, status, started.elapsed())
            })
        })
        .collect();
    let mut counts = std::collections::BTreeMap::new();
    let mut times = Vec::new();
    for task in tasks {
        let (digits, status, took) = task.await.unwrap();
        *counts.entry(status).or_insert(0) += 1;
        if !digits {
            times.push(took);
        }
    }
    println!(
        "mixed: {REQUESTS} at once (10 long digit-cubes) answered by status {counts:?} in {} ms; \
         3×3×3 p50 {} ms, p99 {} ms",
        clock.elapsed().as_millis(),
        quantile(&mut times, 0.5),
        quantile(&mut times, 0.99)
    );
}

fn stalled(base: &str) {
    const CONNECTIONS: usize = 1500;
    let addr = base.trim_start_matches("http://").trim_end_matches('/');
    let clock = Instant::now();
    let streams: Vec<TcpStream> = (0..CONNECTIONS)
        .filter_map(|_| TcpStream::connect(addr).ok())
        .collect();
    let opened = streams.len();
    let handles: Vec<_> = streams
        .into_iter()
        .map(|mut s| {
            std::thread::spawn(move || {
                s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
                let mut buf = [0u8; 512];
                loop {
                    match s.read(&mut buf) {
                        Ok(0) => return Some(clock.elapsed()),
                        Ok(_) => continue,
                        Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {
                            return Some(clock.elapsed())
                        }
                        Err(_) => return None,
                    }
                }
            })
        })
        .collect();
    let closed: Vec<Option<Duration>> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    let n = closed.iter().flatten().count();
    let last = closed.iter().flatten().max().copied().unwrap_or_default();
    println!(
        "stalled: {opened} of {CONNECTIONS} opened, {n} closed by the server, the last after {} ms",
        last.as_millis()
    );
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let url = args.iter().find(|a| a.starts_with("http://")).cloned();
    let which: Vec<&str> = args
        .iter()
        .filter(|a| !a.starts_with("http://"))
        .map(String::as_str)
        .collect();
    let base = match url {
        Some(u) => u.trim_end_matches('/').to_string(),
        None => {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let addr = listener.local_addr().unwrap();
            tokio::spawn(async move {
                cubist_web::serve(listener, &cubist_web::Config::default()).await
            });
            format!("http://{addr}")
        }
    };
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .build()
        .unwrap();
    let all = which.is_empty();
    if all || which.contains(&"quick") {
        quick(&client, &base).await;
    }
    if all || which.contains(&"mixed") {
        mixed(&client, &base).await;
    }
    if all || which.contains(&"stalled") {
        let base = base.clone();
        tokio::task::spawn_blocking(move || stalled(&base))
            .await
            .unwrap();
    }
    println!(
        "memory of this process: now {:?} KiB, peak {:?} KiB",
        rss_kib("VmRSS:"),
        rss_kib("VmHWM:")
    );
    // Solves still running (a digit cube that ignores its cancel token) need not end.
    std::process::exit(0);
}
