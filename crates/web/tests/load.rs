//! Loopback load test: 200 solve requests at once (3×3×3s and some digit cubes)
//! against a server with two workers in each line.
//! Every one is answered, with a solution or a 503 (the line is full; none is expected
//! here), every solution must solve its cube according to the reference model, and the
//! process's peak memory stays bounded because at most two solves of each kind run at
//! a time. The answer times of each puzzle are printed (p50, p99): the 3×3×3s, in the
//! quick line, do not wait behind the digit cubes.

mod common;

use common::{oracle_dir, oracle_output, oracle_solved, post, start};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// Peak resident memory of this process in KiB (Linux), for the report.
fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_concurrent_solves_all_succeed() {
    const REQUESTS: usize = 200;
    let config = cubist_web::Config {
        workers: 2,
        quick_workers: 2,
        max_waiting: 1024,
        budget: Duration::from_secs(30),
        ..Default::default()
    };
    let base = start(config).await;
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .build()
        .unwrap();

    // The cubes: random states from the reference model when it is here, else the
    // sample piece list turned by repeatable scrambles from the server itself.
    let dir = oracle_dir();
    let cubes: Vec<String> = match &dir {
        Some(dir) => oracle_output(
            dir,
            "rubik_ref.py",
            &["random", &REQUESTS.to_string(), "200"],
        )
        .lines()
        .map(str::to_string)
        .collect(),
        None => {
            let mut v = Vec::new();
            for seed in 0..REQUESTS as u64 {
                let (_, a) = post(
                    &client,
                    &base,
                    "/api/scramble",
                    &json!({"puzzle": "333", "seed": seed}),
                )
                .await;
                v.push(a["cube"].as_str().unwrap().to_string());
            }
            v
        }
    };
    assert_eq!(cubes.len(), REQUESTS);
    // One in twenty is a digit cube scrambled by 10 moves (the server's own scrambler,
    // so this works without the reference models too).
    let mut cubes = cubes;
    for (k, cube) in cubes.iter_mut().enumerate().filter(|(k, _)| k % 20 == 0) {
        let ask = json!({"puzzle": "cubular", "moves": 10, "seed": k});
        let (_, a) = post(&client, &base, "/api/scramble", &ask).await;
        *cube = a["cube"].as_str().unwrap().to_string();
    }

    let before = peak_rss_kib();
    let tasks: Vec<_> = cubes
        .iter()
        .cloned()
        .map(|cube| {
            let (client, base) = (client.clone(), base.clone());
            tokio::spawn(async move {
                let clock = Instant::now();
                let (status, answer) =
                    post(&client, &base, "/api/solve", &json!({ "cube": cube })).await;
                (cube, status, answer, clock.elapsed())
            })
        })
        .collect();
    let mut cases: Vec<Value> = Vec::new();
    let mut lengths = Vec::new();
    let mut busy = 0;
    let mut times: [Vec<Duration>; 2] = Default::default();
    for (k, task) in tasks.into_iter().enumerate() {
        let (cube, status, answer, took) = task.await.expect("request task");
        times[usize::from(k % 20 == 0)].push(took);
        if status == 503 {
            assert!(answer["error"].is_string(), "{answer}");
            busy += 1;
            continue;
        }
        assert_eq!(status, 200, "{answer}");
        lengths.push(answer["length"].as_u64().unwrap());
        cases.push(json!({ "puzzle": answer["puzzle"], "cube": cube, "moves": answer["moves"] }));
    }
    let after = peak_rss_kib();
    let quantiles = |v: &mut Vec<Duration>| {
        v.sort();
        let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize].as_millis();
        format!("p50 {} ms, p99 {} ms", at(0.5), at(0.99))
    };
    eprintln!(
        "{REQUESTS} concurrent solves ({} digit cubes): {} answered 200, {busy} answered 503; \
         3×3×3 {}; digit cubes {}; peak RSS {before:?} KiB before, {after:?} KiB after; \
         longest solution {} moves",
        times[1].len(),
        cases.len(),
        quantiles(&mut times[0]),
        quantiles(&mut times[1]),
        lengths.iter().max().unwrap()
    );
    // Two workers, bodies capped at 64 KiB: memory stays far below this whatever the
    // number of clients (the solver tables dominate).
    if let Some(kib) = after {
        assert!(kib < 2 * 1024 * 1024, "peak RSS {kib} KiB");
    }
    if let Some(dir) = dir {
        let verdicts = oracle_solved(&dir, &cases);
        assert_eq!(verdicts.len(), cases.len());
        assert!(
            verdicts.iter().all(|&v| v),
            "some answers do not solve their cube"
        );
    }
}
