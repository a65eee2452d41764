//! The HTTP server: routes, limits, the listening socket and its connections.
//!
//! Connections are served by hyper's HTTP/1 builder directly rather than
//! `axum::serve`, for the limits it does not set: a connection that does not send a
//! request's headers within `idle_timeout` (a stalled client, or an idle keep-alive)
//! is closed, and at most `max_connections` are open at once; beyond that a new one
//! gets a short 503 and is closed. On shutdown every running solve is cancelled.

use crate::api::{self, AppState};
use crate::guard::{self, Origins};
use crate::page;
use crate::pool::SolvePool;
use axum::routing::{get, post};
use axum::Router;
use cubist_tables::Cancel;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

/// How the server shares out its work and guards its connections.
#[derive(Clone, Debug)]
pub struct Config {
    /// Long solves (digit cubes, optimal 3×3×3, bigger cubes) running at once (default:
    /// the cores).
    pub workers: usize,
    /// Quick jobs (other 3×3×3 solves, scrambles, verifies) running at once, beside
    /// the long ones (default: the cores).
    pub quick_workers: usize,
    /// Requests allowed to wait for a worker in each line before the server answers
    /// 503 with `Retry-After`.
    pub max_waiting: usize,
    /// Time budget of each request, counted from its arrival, and the most a request
    /// may ask for; a solver answers with its best so far or is cancelled at it.
    pub budget: Duration,
    /// Connections open at once; more are answered 503 and closed.
    pub max_connections: usize,
    /// Longest wait for a request's headers, on a new or an idle kept-alive connection.
    pub idle_timeout: Duration,
    /// Longest wait for a request's body.
    pub body_timeout: Duration,
}

impl Default for Config {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Config {
            workers: cores,
            quick_workers: cores.max(2),
            max_waiting: 256,
            budget: Duration::from_secs(10),
            max_connections: 512,
            idle_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
        }
    }
}

/// All routes: the page and its scripts, and the JSON API, behind the origin guard.
/// `addr` is the address the server is reached at; `stop` is cancelled when it stops.
pub fn router(config: &Config, addr: SocketAddr, stop: Cancel) -> Router {
    let state = Arc::new(AppState {
        quick: SolvePool::new(config.quick_workers, config.max_waiting),
        long: SolvePool::new(config.workers, config.max_waiting).in_background(),
        budget: config.budget,
        body_timeout: config.body_timeout,
        stop,
    });
    Router::new()
        .route("/", get(page::index))
        .route("/sim.js", get(page::sim_js))
        .route("/viewer.js", get(page::viewer_js))
        .route("/api/solve", post(api::solve))
        .route("/api/scramble", post(api::scramble))
        .route("/api/verify", post(api::verify))
        .fallback(api::not_found)
        .with_state(state)
        .layer(axum::middleware::from_fn_with_state(
            Arc::new(Origins::for_addr(addr)),
            guard::guard,
        ))
}

/// Serve on an already bound listener until the process ends.
pub async fn serve(listener: TcpListener, config: &Config) -> std::io::Result<()> {
    serve_until(listener, config, std::future::pending()).await
}

/// Serve on an already bound listener until `shutdown` completes; then every running
/// solve is cancelled and no new connection is taken.
pub async fn serve_until(
    listener: TcpListener,
    config: &Config,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let addr = listener.local_addr()?;
    let stop = Cancel::new();
    let app = router(config, addr, stop.clone());
    // Load the 3×3×3 tables now rather than in the first request.
    tokio::task::spawn_blocking(|| {
        cubist_rubik::solve::two_phase::Tables::keep_resident();
        cubist_rubik::solve::two_phase::Tables::get();
    });
    let open = Arc::new(Semaphore::new(config.max_connections.max(1)));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(config.idle_timeout);
    tokio::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // Out of file descriptors and the like: wait for some to close.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Ok(permit) = Arc::clone(&open).try_acquire_owned() else {
            tokio::spawn(refuse(stream));
            continue;
        };
        let _ = stream.set_nodelay(true);
        let conn =
            http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(app.clone()));
        tokio::spawn(async move {
            let _permit = permit;
            let _ = conn.await;
        });
    }
    stop.cancel();
    Ok(())
}

/// Answer a connection beyond the cap with a 503 and close it (without waiting long
/// for a client that does not read).
async fn refuse(mut stream: TcpStream) {
    const BODY: &str = "{\"error\":\"the server has too many open connections, try again later\"}";
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         retry-after: 1\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{BODY}",
        BODY.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), stream.write_all(answer.as_bytes())).await;
}

/// Bind 127.0.0.1:`port` (0 picks a free port), announce the address on standard output
/// and serve until interrupted (Ctrl-C). Running solves are cancelled then, and the
/// process does not wait more than half a second for any that ignore it.
pub fn run(port: u16, config: &Config) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let served = runtime.block_on(async {
        let listener = TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, port))).await?;
        let addr = listener.local_addr()?;
        {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            writeln!(out, "cubist viewer on http://{addr}/ (Ctrl-C to stop)")?;
            out.flush()?;
        }
        let interrupted = async {
            // Without a signal handler, Ctrl-C ends the process anyway.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        };
        serve_until(listener, config, interrupted).await
    });
    runtime.shutdown_timeout(Duration::from_millis(500));
    served
}
