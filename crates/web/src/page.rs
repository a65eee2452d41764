//! The viewer page, embedded in the binary so `cubist serve` works offline.
//!
//! `index.html` holds the layout and styles, `sim.js` the move simulation of every
//! puzzle (the page's own model, so every animated frame is computed, not replayed),
//! and `viewer.js` the WebGL drawing, mouse handling and playback controls.

use axum::http::header;
use axum::response::IntoResponse;

/// The page itself.
pub const INDEX_HTML: &str = include_str!("../page/index.html");
/// Move simulation for every puzzle (an ES module, also loaded by the browser test).
pub const SIM_JS: &str = include_str!("../page/sim.mjs");
/// Drawing and controls (an ES module).
pub const VIEWER_JS: &str = include_str!("../page/viewer.js");

const JS: &str = "text/javascript; charset=utf-8";

/// `GET /`
pub async fn index() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        INDEX_HTML,
    )
}

/// `GET /sim.js`
pub async fn sim_js() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, JS)], SIM_JS)
}

/// `GET /viewer.js`
pub async fn viewer_js() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, JS)], VIEWER_JS)
}
