//! A 4×4×4 solved right after the server starts, while it is still loading the
//! two-phase 3×3×3 tables on a thread of its own: that load runs on rayon's threads,
//! and the 4×4×4's reduction (one view of the cube on each of rayon's threads) ends
//! with the two-phase solver, so the solve must not reach rayon before the tables are
//! there, or every thread waits for the others. Its own test binary, so that no other
//! test has loaded the tables first.

mod common;

use common::{post, start};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_4x4x4_solved_while_the_tables_load() {
    // Room for building the tables when the cache lacks them.
    let config = cubist_web::Config {
        budget: std::time::Duration::from_secs(600),
        ..Default::default()
    };
    let base = start(config).await;
    let client = reqwest::Client::new();
    // A cube made here, so the first request to the server is the solve.
    let alg = cubist_nxn::Alg::parse("Rw U2 3Fw' 2R' B Dw2 L 2U' F2 Lw", 4).unwrap();
    let cube = cubist_nxn::Cube::solved(4).after(&alg).to_letters();
    let (status, answer) = post(&client, &base, "/api/solve", &json!({ "cube": cube })).await;
    assert_eq!(status, 200, "{answer}");
    let moves: Vec<&str> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let answer = cubist_nxn::Alg::parse(&moves.join(" "), 4).unwrap();
    let after = cubist_nxn::Cube::from_letters(4, &cube)
        .unwrap()
        .after(&answer);
    assert!(after.is_solved(), "{moves:?}");
}
