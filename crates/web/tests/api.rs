//! The JSON API answers correctly for both puzzles (judged by the reference models,
//! which read the cube themselves), and refuses garbage with a 400 and one clear line.

mod common;

use common::{assert_oracle_solved, data, oracle_dir, oracle_output, post, start, verify};
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
        let (status, verdict) = verify(
            &client,
            &base,
            json!({ "cube": cube, "moves": answer["moves"] }),
        )
        .await;
        assert_eq!(status, 200, "{verdict}");
        assert_eq!(verdict["solved"], true, "{verdict}");
        cases.push(json!({ "puzzle": "333", "cube": cube, "moves": answer["moves"] }));
    }
    assert_oracle_solved(dir.as_deref(), &cases);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn verify_reports_unsolved_and_scramble_is_repeatable() {
    let base = start(server()).await;
    let client = reqwest::Client::new();
    let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    let (status, v) = verify(&client, &base, json!({"cube": solved, "moves": "R U"})).await;
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
    let (status, v) = verify(&client, &base, json!({"cube": a["cube"], "moves": undo})).await;
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
    assert_oracle_solved(oracle_dir().as_deref(), &cases);
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
        let (_, verdict) = verify(
            &client,
            &base,
            json!({ "cube": cube, "moves": answer["moves"] }),
        )
        .await;
        assert_eq!(verdict["solved"], true, "{verdict}");
        assert_eq!(verdict["wrong"], 0);
        cases.push(json!({ "puzzle": "cubular", "cube": cube, "moves": answer["moves"] }));
    }
    assert_oracle_solved(dir.as_deref(), &cases);
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
    let (_, v) = verify(&client, &base, json!({"cube": a["cube"], "moves": undo})).await;
    assert_eq!(v["solved"], true, "{v}");
    let (_, v) = verify(&client, &base, json!({"cube": a["cube"], "moves": "111X1"})).await;
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
    let (status, _) = verify(
        &client,
        &base,
        json!({"cube": data("cubular/solved.txt"), "moves": "888X1"}),
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
    let (_, verdict) = verify(
        &client,
        &base,
        json!({ "cube": a["cube"], "moves": answer["moves"] }),
    )
    .await;
    assert_eq!(verdict["solved"], true, "{verdict}");
}

/// A server whose budget leaves room for building the big cubes' tables (and the
/// two-phase tables they end with) when the cache lacks them, as on a fresh machine.
fn patient() -> cubist_web::Config {
    cubist_web::Config {
        budget: std::time::Duration::from_secs(600),
        ..Default::default()
    }
}

/// The reference model's folder when it holds `nxn_ref.py` (a note and `None` if not).
fn nxn_oracle() -> Option<std::path::PathBuf> {
    cubist_testkit::oracle_dir(&["nxn_ref.py"])
}

/// A 4×4×4 round trip: a seeded scramble (repeatable, and the cube its moves make by
/// the reference model), solved with the size detected from the text, the answer
/// verified by the server and by `nxn_ref.py`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn big_cube_scramble_solve_verify() {
    let base = start(patient()).await;
    let client = reqwest::Client::new();
    let ask = json!({"puzzle": "444", "seed": 5});
    let (s1, a) = post(&client, &base, "/api/scramble", &ask).await;
    let (s2, b) = post(&client, &base, "/api/scramble", &ask).await;
    assert_eq!((s1, s2), (200, 200), "{a}");
    assert_eq!(a["puzzle"], "444");
    assert_eq!(a["cube"], b["cube"]);
    let cube = a["cube"].as_str().unwrap().to_string();
    assert_eq!(cube.len(), 96);
    assert_eq!(a["start"], cube.as_str());
    let scramble: Vec<&str> = a["scramble"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(scramble.len(), 40, "the WCA's length for the 4×4×4");
    assert!(scramble.iter().any(|m| m.contains('w')), "{scramble:?}");
    let oracle = nxn_oracle();
    if let Some(dir) = &oracle {
        let solved = oracle_output(dir, "nxn_ref.py", &["solved", "4"]);
        let made = oracle_output(
            dir,
            "nxn_ref.py",
            &["apply", "4", solved.trim(), &scramble.join(" ")],
        );
        assert_eq!(made.trim(), cube, "the scramble's moves make its cube");
    }

    let (status, answer) = post(&client, &base, "/api/solve", &json!({ "cube": cube })).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["puzzle"], "444");
    assert_eq!(answer["start"], cube.as_str());
    let moves = answer["moves"].as_array().unwrap();
    assert_eq!(answer["length"].as_u64().unwrap() as usize, moves.len());
    assert!(!moves.is_empty());
    let (status, verdict) = verify(
        &client,
        &base,
        json!({ "cube": cube, "moves": answer["moves"], "puzzle": "444" }),
    )
    .await;
    assert_eq!(status, 200, "{verdict}");
    assert_eq!(verdict["puzzle"], "444");
    assert_eq!(verdict["solved"], true, "{verdict}");
    assert_eq!(verdict["length"].as_u64().unwrap() as usize, moves.len());
    if let Some(dir) = &oracle {
        let text: Vec<&str> = moves.iter().map(|m| m.as_str().unwrap()).collect();
        let out = std::process::Command::new("python3")
            .arg(dir.join("nxn_ref.py"))
            .args(["verify", "4", &cube, &text.join(" ")])
            .output()
            .expect("python3 runs");
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "solved");
    }
    // One turn more and it is not solved: 16 stickers of an outer quarter turn.
    let mut more: Vec<Value> = moves.clone();
    more.push(json!("Rw"));
    let (_, verdict) = verify(&client, &base, json!({ "cube": cube, "moves": more })).await;
    assert_eq!(verdict["solved"], false, "{verdict}");
    assert_eq!(verdict["wrong"], 32, "{verdict}");
}

/// The 2×2×2's scramble is a random state unless moves are asked for; sizes are
/// named `222` … and `NxNxN`, and old names keep their meaning.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn big_cube_names_and_the_2x2x2() {
    let base = start(patient()).await;
    let client = reqwest::Client::new();
    let (status, a) = post(&client, &base, "/api/scramble", &json!({"puzzle": "222"})).await;
    assert_eq!(status, 200, "{a}");
    assert_eq!(a["puzzle"], "222");
    assert_eq!(a["cube"].as_str().unwrap().len(), 24);
    assert_eq!(a["scramble"], json!([]));
    let (status, answer) = post(
        &client,
        &base,
        "/api/solve",
        &json!({"cube": a["cube"], "puzzle": "2x2x2"}),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["puzzle"], "222");
    let (_, verdict) = verify(
        &client,
        &base,
        json!({ "cube": a["cube"], "moves": answer["moves"] }),
    )
    .await;
    assert_eq!(verdict["solved"], true, "{verdict}");

    let (status, a) = post(
        &client,
        &base,
        "/api/scramble",
        &json!({"puzzle": "7x7x7", "moves": 12, "seed": 3}),
    )
    .await;
    assert_eq!(status, 200, "{a}");
    assert_eq!(a["puzzle"], "777");
    assert_eq!(a["cube"].as_str().unwrap().len(), 294);
    assert_eq!(a["scramble"].as_array().unwrap().len(), 12);
    let (status, a) = post(&client, &base, "/api/scramble", &json!({"puzzle": "333"})).await;
    assert_eq!((status, a["puzzle"].as_str()), (200, Some("333")));
}

/// A size with no solver yet is a 422 saying so, or, once it has one, an answer that
/// solves the cube.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_size_without_a_solver_says_so() {
    let base = start(patient()).await;
    let client = reqwest::Client::new();
    let ask = json!({"puzzle": "12x12x12", "moves": 20, "seed": 8});
    let (status, a) = post(&client, &base, "/api/scramble", &ask).await;
    assert_eq!(status, 200, "{a}");
    let ask = json!({ "cube": a["cube"], "puzzle": "12x12x12" });
    let (status, answer) = post(&client, &base, "/api/solve", &ask).await;
    if status == 200 {
        let (_, verdict) = verify(
            &client,
            &base,
            json!({ "cube": a["cube"], "moves": answer["moves"] }),
        )
        .await;
        assert_eq!(verdict["solved"], true, "{verdict}");
    } else {
        assert_eq!(status, 422, "{answer}");
        let msg = answer["error"].as_str().unwrap();
        assert!(msg.contains("no solver for the 12×12×12"), "{msg}");
    }
}

/// Bad big-cube requests get a 4xx and one line naming what is wrong.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_big_cubes_get_a_clear_400() {
    let base = start(patient()).await;
    let client = reqwest::Client::new();
    let solved4 = ["U", "R", "F", "D", "L", "B"]
        .map(|f| f.repeat(16))
        .concat();
    let mut two_swapped = solved4.clone().into_bytes();
    two_swapped.swap(0, 16);
    let two_swapped = String::from_utf8(two_swapped).unwrap();
    let cases: Vec<(&str, Value, &str)> = vec![
        (
            "/api/solve",
            json!({"cube": &solved4[..95], "puzzle": "444"}),
            "",
        ),
        (
            "/api/solve",
            json!({"cube": solved4, "puzzle": "444", "method": "optimal"}),
            "one solver",
        ),
        (
            "/api/solve",
            json!({"cube": two_swapped, "puzzle": "444"}),
            "",
        ),
        (
            "/api/verify",
            json!({"cube": solved4, "moves": "Rw M", "puzzle": "444"}),
            "middle layer",
        ),
        (
            "/api/verify",
            json!({"cube": solved4, "moves": "5R"}),
            "layers 1..4",
        ),
        ("/api/scramble", json!({"puzzle": "111"}), "unknown puzzle"),
        (
            "/api/scramble",
            json!({"puzzle": "65x65x65"}),
            "unknown puzzle",
        ),
        (
            "/api/solve",
            json!({"cube": "UF", "puzzle": "4"}),
            "unknown puzzle",
        ),
    ];
    for (path, body, says) in &cases {
        let (status, answer) = post(&client, &base, path, body).await;
        assert_eq!(status, 400, "{path} {body} -> {answer}");
        let msg = answer["error"].as_str().expect("an error line");
        assert!(!msg.is_empty() && !msg.contains('\n'), "{msg:?}");
        assert!(msg.contains(says), "{path} {body}: {msg:?} lacks {says:?}");
    }
}

/// The page's stored N×N×N states (tests/e2e/data/nxn-moves.json, made by nxn_ref.py)
/// are what `cubist-nxn` makes of the same moves, so the page, the server and the
/// reference model agree.
#[test]
fn page_test_states_are_the_crates() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/e2e/data/nxn-moves.json");
    let data: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let cases = data["cases"].as_array().unwrap();
    assert!(cases.len() >= 4);
    for case in cases {
        let n = case["n"].as_u64().unwrap() as usize;
        let moves = cubist_nxn::Alg::parse(case["moves"].as_str().unwrap(), n).unwrap();
        let after = cubist_nxn::Cube::solved(n).after(&moves);
        assert_eq!(
            after.to_letters(),
            case["expected"].as_str().unwrap(),
            "{case}"
        );
    }
}

/// A 4×4×4 written as a colour net in colour names' letters is detected and solved; the
/// viewer's `start` names each sticker by the face the reader gave its colour.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn big_cube_as_a_colour_net() {
    let base = start(patient()).await;
    let client = reqwest::Client::new();
    let ask = json!({"puzzle": "444", "moves": 30, "seed": 12});
    let (_, a) = post(&client, &base, "/api/scramble", &ask).await;
    let letters = a["cube"].as_str().unwrap();
    let colour = |f: char| match f {
        'U' => "W",
        'R' => "R",
        'F' => "G",
        'D' => "Y",
        'L' => "O",
        _ => "B",
    };
    let symbols: Vec<&str> = letters.chars().map(colour).collect();
    let net = cubist_nxn::format::write(cubist_nxn::Format::Net, 4, &symbols, false);
    assert_eq!(net.lines().count(), 12);
    let (status, answer) = post(&client, &base, "/api/solve", &json!({ "cube": net })).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["puzzle"], "444");
    let start = answer["start"].as_str().unwrap();
    assert_eq!(start.len(), 96);
    assert!(start.chars().all(|c| "URFDLB".contains(c)), "{start}");
    let (_, verdict) = verify(
        &client,
        &base,
        json!({ "cube": net, "moves": answer["moves"] }),
    )
    .await;
    assert_eq!(verdict["solved"], true, "{verdict}");
    // The viewer's start, turned by the answer, is solved too.
    let (_, verdict) = verify(
        &client,
        &base,
        json!({ "cube": start, "moves": answer["moves"], "puzzle": "444" }),
    )
    .await;
    assert_eq!(verdict["solved"], true, "{verdict}");
}
