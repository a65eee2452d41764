//! The JSON API answers correctly for both puzzles (judged by the reference models,
//! which read the cube themselves), and refuses garbage with a 400 and one clear line.

mod common;

use common::{data, oracle_dir, oracle_output, oracle_solved, post, start};
use serde_json::{json, Value};

fn server() -> cubist_web::Config {
    cubist_web::Config::default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn solves_3x3x3_sample_and_random_states() {
    let base = start(server()).await;
    let client = reqwest::Client::new();
    let mut cubes = vec![data("rubik/singmaster-sample.txt")];
    let dir = oracle_dir();
    if let Some(dir) = &dir {
        let random = oracle_output(dir, "rubik_ref.py", &["random", "12", "606"]);
        cubes.extend(random.lines().map(str::to_string));
    }
    let mut cases = Vec::new();
    for cube in &cubes {
        let (status, answer) = post(&client, &base, "/api/solve", &json!({ "cube": cube })).await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["puzzle"], "333");
        let moves = answer["moves"].as_array().unwrap();
        assert_eq!(answer["length"].as_u64().unwrap() as usize, moves.len());
        assert!(answer["millis"].is_u64());
        assert_eq!(answer["start"].as_str().unwrap().len(), 54);
        // The server's own verify agrees.
        let (status, verdict) = post(
            &client,
            &base,
            "/api/verify",
            &json!({ "cube": cube, "moves": answer["moves"] }),
        )
        .await;
        assert_eq!(status, 200, "{verdict}");
        assert_eq!(verdict["solved"], true, "{verdict}");
        cases.push(json!({ "puzzle": "333", "cube": cube, "moves": answer["moves"] }));
    }
    if let Some(dir) = dir {
        let verdicts = oracle_solved(&dir, &cases);
        assert_eq!(verdicts.len(), cases.len());
        assert!(verdicts.iter().all(|&v| v), "{verdicts:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn verify_reports_unsolved_and_scramble_is_repeatable() {
    let base = start(server()).await;
    let client = reqwest::Client::new();
    let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    let (status, v) = post(
        &client,
        &base,
        "/api/verify",
        &json!({"cube": solved, "moves": "R U"}),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(v["solved"], false);
    assert_eq!(v["length"], 2);
    assert!(v["wrong"].as_u64().unwrap() > 0);

    let ask = json!({"puzzle": "333", "moves": 25, "seed": 9});
    let (s1, a) = post(&client, &base, "/api/scramble", &ask).await;
    let (s2, b) = post(&client, &base, "/api/scramble", &ask).await;
    assert_eq!((s1, s2), (200, 200));
    assert_eq!(a["cube"], b["cube"]);
    assert_eq!(a["scramble"].as_array().unwrap().len(), 25);
    // Undoing the scramble moves solves the scrambled cube.
    let undo: Vec<String> = a["scramble"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .map(|m| {
            let m = m.as_str().unwrap();
            match m.chars().nth(1) {
                None => format!("{m}'"),
                Some('\'') => m[..1].to_string(),
                Some(_) => m.to_string(),
            }
        })
        .collect();
    let (status, v) = post(
        &client,
        &base,
        "/api/verify",
        &json!({"cube": a["cube"], "moves": undo}),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(v["solved"], true, "{v}");
}

/// Every kind of garbage gets a 400 (413 when too big) with one line in `error`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn garbage_gets_a_clear_400() {
    let base = start(server()).await;
    let client = reqwest::Client::new();
    let bad_bodies: Vec<(&str, Value)> = vec![
        ("/api/solve", json!({"cube": ""})),
        ("/api/solve", json!({"cube": "hello world"})),
        ("/api/solve", json!({"cube": "UF UR UB"})),
        ("/api/solve", json!({"cube": 42})),
        ("/api/solve", json!({"cube": "UF", "colour": "red"})),
        ("/api/solve", json!({"cube": "UF", "puzzle": "444"})),
        (
            "/api/solve",
            json!({"cube": data("rubik/singmaster-sample.txt"), "method": "guess"}),
        ),
        ("/api/solve", json!([1, 2, 3])),
        ("/api/scramble", json!({"puzzle": "auto"})),
        (
            "/api/scramble",
            json!({"puzzle": "333", "moves": 1_000_000}),
        ),
        (
            "/api/verify",
            json!({"cube": data("rubik/singmaster-sample.txt"), "moves": "R U X"}),
        ),
    ];
    for (path, body) in &bad_bodies {
        let (status, answer) = post(&client, &base, path, body).await;
        assert_eq!(status, 400, "{path} {body} -> {answer}");
        let msg = answer["error"].as_str().expect("an error line");
        assert!(!msg.is_empty() && !msg.contains('\n'), "{msg:?}");
    }
    // Not JSON at all.
    let res = client
        .post(format!("{base}/api/solve"))
        .header("content-type", "application/json")
        .body("{\"cube\": ")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 400);
    let answer: Value = res.json().await.unwrap();
    assert!(
        answer["error"].as_str().unwrap().contains("JSON"),
        "{answer}"
    );
    // Too big.
    let huge = json!({ "cube": "1".repeat(100_000) });
    let (status, answer) = post(&client, &base, "/api/solve", &huge).await;
    assert_eq!(status, 413);
    assert!(
        answer["error"].as_str().unwrap().contains("65536"),
        "{answer}"
    );
    // Unknown path.
    let res = client.get(format!("{base}/nothing")).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 404);
}

/// A cube's error message is the puzzle library's, word for word (the command line
/// prints the same after the input's name).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn errors_carry_the_library_message() {
    let base = start(server()).await;
    let client = reqwest::Client::new();
    let twisted = "UF UR UB UL DF DR DB DL FR FL BR BL FRU URB UBL ULF DRF DFL DLB DBR";
    let expected = cubist_rubik::parse_one(twisted, None)
        .unwrap_err()
        .to_string();
    let (status, answer) = post(&client, &base, "/api/solve", &json!({"cube": twisted})).await;
    assert_eq!(status, 400);
    assert_eq!(answer["error"], expected.as_str());
    assert!(expected.contains("twisted corner"), "{expected}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serves_the_page_and_its_scripts() {
    let base = start(server()).await;
    let client = reqwest::Client::new();
    for (path, needle, kind) in [
        ("/", "<canvas id=\"view\"", "text/html"),
        ("/viewer.js", "cubistState", "text/javascript"),
        ("/sim.js", "export class DigitCube", "text/javascript"),
    ] {
        let res = client.get(format!("{base}{path}")).send().await.unwrap();
        assert_eq!(res.status().as_u16(), 200);
        let ct = res.headers()["content-type"].to_str().unwrap().to_string();
        assert!(ct.starts_with(kind), "{path}: {ct}");
        let body = res.text().await.unwrap();
        assert!(body.contains(needle), "{path}");
        // Self-contained: nothing fetched from elsewhere.
        assert!(
            !body.contains("http://") && !body.contains("//cdn"),
            "{path} links out"
        );
    }
}

/// Each 3×3×3 method answers, and its answer solves the cube.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_3x3x3_method_solves_the_sample() {
    let base = start(server()).await;
    let client = reqwest::Client::new();
    let cube = data("rubik/singmaster-sample.txt");
    let mut cases = Vec::new();
    for method in ["two-phase", "thistlethwaite", "layers"] {
        let ask = json!({ "cube": cube, "puzzle": "333", "method": method });
        let (status, answer) = post(&client, &base, "/api/solve", &ask).await;
        assert_eq!(status, 200, "{method}: {answer}");
        if method == "two-phase" {
            assert!(answer["length"].as_u64().unwrap() <= 20, "{answer}");
        }
        let verdict_ask = json!({ "cube": cube, "moves": answer["moves"] });
        let (_, verdict) = post(&client, &base, "/api/verify", &verdict_ask).await;
        assert_eq!(verdict["solved"], true, "{method}: {verdict}");
        cases.push(json!({ "puzzle": "333", "cube": cube, "moves": answer["moves"] }));
    }
    if let Some(dir) = oracle_dir() {
        assert!(oracle_solved(&dir, &cases).iter().all(|&v| v));
    }
}

/// The digit cube: challenge-1 and scrambles made by the reference model are solved,
/// judged by the reference model reading the original text.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn solves_digit_cubes() {
    let base = start(server()).await;
    let client = reqwest::Client::new();
    let mut cubes = vec![data("cubular/challenge-1.txt")];
    let dir = oracle_dir();
    if let Some(dir) = &dir {
        for seed in ["11", "12"] {
            cubes.push(oracle_output(
                dir,
                "cubular_ref.py",
                &["scramble", "--moves", "30", "--seed", seed],
            ));
        }
    }
    let mut cases = Vec::new();
    for cube in &cubes {
        let (status, answer) = post(&client, &base, "/api/solve", &json!({ "cube": cube })).await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["puzzle"], "cubular");
        let start: String = cube.chars().filter(char::is_ascii_digit).collect();
        assert_eq!(answer["start"], start.as_str());
        let (_, verdict) = post(
            &client,
            &base,
            "/api/verify",
            &json!({ "cube": cube, "moves": answer["moves"] }),
        )
        .await;
        assert_eq!(verdict["solved"], true, "{verdict}");
        assert_eq!(verdict["wrong"], 0);
        cases.push(json!({ "puzzle": "cubular", "cube": cube, "moves": answer["moves"] }));
    }
    if let Some(dir) = dir {
        let verdicts = oracle_solved(&dir, &cases);
        assert_eq!(verdicts.len(), cases.len());
        assert!(verdicts.iter().all(|&v| v), "{verdicts:?}");
    }
}

/// Digit-cube scrambles: repeatable by seed, undone by their own inverse, and bad
/// digit cubes are refused with the library's message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn digit_cube_scramble_verify_and_errors() {
    let base = start(server()).await;
    let client = reqwest::Client::new();
    let ask = json!({"puzzle": "cubular", "moves": 15, "seed": 4});
    let (_, a) = post(&client, &base, "/api/scramble", &ask).await;
    let (_, b) = post(&client, &base, "/api/scramble", &ask).await;
    assert_eq!(a["cube"], b["cube"]);
    let moves = a["scramble"].as_array().unwrap();
    assert_eq!(moves.len(), 15);
    let undo: Vec<String> = moves
        .iter()
        .rev()
        .map(|m| {
            let m = m.as_str().unwrap();
            let turns = 4 - m[4..].parse::<u8>().unwrap();
            format!("{}{turns}", &m[..4])
        })
        .collect();
    let (_, v) = post(
        &client,
        &base,
        "/api/verify",
        &json!({"cube": a["cube"], "moves": undo}),
    )
    .await;
    assert_eq!(v["solved"], true, "{v}");
    let (_, v) = post(
        &client,
        &base,
        "/api/verify",
        &json!({"cube": a["cube"], "moves": "111X1"}),
    )
    .await;
    assert_eq!(v["solved"], false);

    let bad = data("cubular/challenge-1.txt").replacen('1', "2", 1);
    let expected = cubist_cubular::parse(&bad, None).unwrap_err().to_string();
    let (status, answer) = post(&client, &base, "/api/solve", &json!({"cube": bad})).await;
    assert_eq!(status, 400);
    assert_eq!(answer["error"], expected.as_str());
    let (status, answer) = post(
        &client,
        &base,
        "/api/solve",
        &json!({"cube": data("cubular/solved.txt"), "method": "two-phase"}),
    )
    .await;
    assert_eq!(status, 400);
    assert!(
        answer["error"].as_str().unwrap().contains("fast"),
        "{answer}"
    );
    let (status, _) = post(
        &client,
        &base,
        "/api/verify",
        &json!({"cube": data("cubular/solved.txt"), "moves": "888X1"}),
    )
    .await;
    assert_eq!(status, 400);
}

/// The optimal method finds no longer a solution than the scramble that made the cube.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn optimal_is_no_longer_than_the_scramble() {
    let base = start(server()).await;
    let client = reqwest::Client::new();
    let (_, a) = post(
        &client,
        &base,
        "/api/scramble",
        &json!({"puzzle": "333", "moves": 8, "seed": 21}),
    )
    .await;
    let ask = json!({ "cube": a["cube"], "method": "optimal" });
    let (status, answer) = post(&client, &base, "/api/solve", &ask).await;
    assert_eq!(status, 200, "{answer}");
    assert!(answer["length"].as_u64().unwrap() <= 8, "{answer}");
    let (_, verdict) = post(
        &client,
        &base,
        "/api/verify",
        &json!({ "cube": a["cube"], "moves": answer["moves"] }),
    )
    .await;
    assert_eq!(verdict["solved"], true, "{verdict}");
}
