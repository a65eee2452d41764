//! Only the server's own page and local tools can call it: a post from another origin,
//! to another host name, or not marked as JSON is refused, and no answer carries a CORS
//! header that would let another page read it.

mod common;

use common::start;
use serde_json::{json, Value};

const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

/// POST `body` to `base`/api/solve with extra headers; the status, the headers and the
/// decoded answer.
async fn post_with(
    base: &str,
    headers: &[(&str, &str)],
    body: String,
) -> (u16, reqwest::header::HeaderMap, Value) {
    let client = reqwest::Client::new();
    let mut req = client.post(format!("{base}/api/solve")).body(body);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let res = req.send().await.expect("request sent");
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    (status, headers, res.json().await.expect("a JSON answer"))
}

fn no_cors(headers: &reqwest::header::HeaderMap) {
    assert!(
        !headers
            .keys()
            .any(|k| k.as_str().starts_with("access-control-")),
        "{headers:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cross_origin_post_is_refused() {
    let base = start(cubist_web::Config::default()).await;
    let body = json!({ "cube": SOLVED }).to_string();
    let json_type = ("content-type", "application/json");
    // The page's own origin is fine, and so is a tool that sends none.
    let (status, headers, answer) =
        post_with(&base, &[json_type, ("origin", &base)], body.clone()).await;
    assert_eq!(status, 200, "{answer}");
    no_cors(&headers);
    let (status, _, answer) = post_with(&base, &[json_type], body.clone()).await;
    assert_eq!(status, 200, "{answer}");
    // Another origin, a browser's cross-site mark, another host name: 403.
    for headers in [
        vec![json_type, ("origin", "http://evil.example")],
        vec![json_type, ("origin", "null")],
        vec![json_type, ("sec-fetch-site", "cross-site")],
        vec![json_type, ("host", "evil.example")],
    ] {
        let (status, got, answer) = post_with(&base, &headers, body.clone()).await;
        assert_eq!(status, 403, "{headers:?}: {answer}");
        no_cors(&got);
        let msg = answer["error"].as_str().expect("an error line");
        assert!(!msg.contains('\n'), "{msg:?}");
    }
    // A preflight gets no permission either.
    let res = reqwest::Client::new()
        .request(reqwest::Method::OPTIONS, format!("{base}/api/solve"))
        .header("origin", "http://evil.example")
        .header("access-control-request-method", "POST")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 403);
    no_cors(res.headers());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_not_marked_as_json_is_refused() {
    let base = start(cubist_web::Config::default()).await;
    let body = json!({ "cube": SOLVED }).to_string();
    for headers in [
        vec![("content-type", "text/plain")],
        vec![("content-type", "application/x-www-form-urlencoded")],
        vec![],
    ] {
        let (status, _, answer) = post_with(&base, &headers, body.clone()).await;
        assert_eq!(status, 415, "{headers:?}: {answer}");
        assert!(
            answer["error"]
                .as_str()
                .unwrap()
                .contains("application/json"),
            "{answer}"
        );
    }
}
