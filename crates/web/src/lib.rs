//! `cubist serve`: the JSON API and the embedded 3-D viewer page, plus SVG pictures.
//!
//! The server is a thin front end over the puzzle crates, like the command line:
//! [`puzzles`] turns request text into calls on `cubist-cubular`, `cubist-rubik` and
//! `cubist-nxn`, [`pool`] runs the CPU-heavy solves on bounded sets of blocking threads
//! with a time budget and a cancel token, [`guard`] keeps other web pages from driving
//! the server, [`api`] holds the request and answer shapes and the HTTP handlers, and
//! [`page`] is the single self-contained viewer page (hand-written WebGL, no CDN), so
//! `cubist serve` works offline. [`svg`] draws the digit cube or the 3×3×3 as a
//! standalone SVG picture for `cubist show --svg`.
//!
//! [`run`] binds the port and runs [`serve`] on a runtime of its own; [`router`] builds
//! the routes from a [`Config`] (workers, waiting requests, time budget), and tests
//! mount it in-process.

pub mod api;
pub mod guard;
pub mod page;
pub mod pool;
pub mod puzzles;
pub mod server;
pub mod svg;

pub use server::{router, run, serve, serve_until, Config};
