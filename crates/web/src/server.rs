//! The HTTP server: routes, limits and the listening socket.

use crate::api::{self, AppState};
use crate::page;
use crate::pool::SolvePool;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

/// Largest request body accepted, in bytes; a 729-digit cube in any format fits many
/// times over.
pub const MAX_BODY: usize = 64 * 1024;

/// How the server shares out its work.
#[derive(Clone, Debug)]
pub struct Config {
    /// Solves running at once (default: the number of cores).
    pub workers: usize,
    /// Solve requests allowed to wait for a worker before the server answers 503.
    pub max_waiting: usize,
    /// Time budget handed to each solver; it answers with its best so far.
    pub budget: Duration,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
            max_waiting: 1024,
            budget: Duration::from_secs(10),
        }
    }
}

impl Config {
    /// How long a request waits for a running solve before giving up: the solver's
    /// own budget plus room for it to notice and wrap up.
    pub fn deadline(&self) -> Duration {
        self.budget * 2 + Duration::from_secs(5)
    }
}

/// All routes: the page and its scripts, and the JSON API.
pub fn router(config: &Config) -> Router {
    let state = Arc::new(AppState {
        pool: SolvePool::new(config.workers, config.max_waiting, config.deadline()),
        budget: config.budget,
    });
    Router::new()
        .route("/", get(page::index))
        .route("/sim.js", get(page::sim_js))
        .route("/viewer.js", get(page::viewer_js))
        .route("/api/solve", post(api::solve))
        .route("/api/scramble", post(api::scramble))
        .route("/api/verify", post(api::verify))
        .fallback(api::not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(state)
}

/// Serve on an already bound listener until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, config: &Config) -> std::io::Result<()> {
    axum::serve(listener, router(config)).await
}

/// Bind 127.0.0.1:`port` (0 picks a free port), announce the address on standard output
/// and serve until interrupted.
pub fn run(port: u16, config: &Config) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener =
            tokio::net::TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, port))).await?;
        let addr = listener.local_addr()?;
        {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            writeln!(out, "cubist viewer on http://{addr}/ (Ctrl-C to stop)")?;
            out.flush()?;
        }
        tokio::select! {
            served = serve(listener, config) => served,
            _ = tokio::signal::ctrl_c() => Ok(()),
        }
    })
}
