//! The JSON API: request and answer shapes and their handlers.
//!
//! - `POST /api/solve` `{"cube", "puzzle": "auto|cubular|333|222|444|…", "method",
//!   "timeout"}` →
//!   `{"puzzle", "moves": [...], "length", "millis", "start"}`
//! - `POST /api/scramble` `{"puzzle", "moves"?, "seed"?}` →
//!   `{"puzzle", "cube", "start", "scramble": [...]}`
//! - `POST /api/verify` `{"cube", "moves", "puzzle"}` →
//!   `{"puzzle", "solved", "wrong", "length"}`
//!
//! `puzzle` names an N×N×N other than the 3×3×3 by its size as `--puzzle` does (`222`,
//! `444` … `999`, `12x12x12`); detected, 6·N² facelet letters (or a net or arrays of
//! N×N faces) are one. `start` is the cube as the viewer draws it: 729 digits in
//! text-format order for the digit cube, 6·N² facelet letters (order U R F D L B, each
//! naming the face whose colour the sticker shows) for the 3×3×3 and the N×N×N. Anything
//! wrong with the request or the cube is a `400 {"error": "..."}` carrying the same
//! message the command line prints; a cube of a size with no solver yet is a `422`.
//!
//! Every request has a time budget, counted from its arrival: the server's `--timeout`,
//! or less when a solve asks for less (`"timeout"` in ms). Waiting in line counts, so
//! the `504` comes at the budget, and the solve's [`Cancel`] token stops it then, or
//! as soon as the client hangs up.

use crate::pool::{PoolError, SolvePool};
use crate::puzzles::{self, AnyPuzzle, PuzzleChoice, PuzzleError};
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use cubist_tables::Cancel;
use http_body_util::{BodyExt, LengthLimitError, Limited};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What every handler shares.
#[derive(Debug)]
pub struct AppState {
    /// Where quick jobs run: 3×3×3 solves other than optimal, scrambles, verifies.
    pub quick: SolvePool,
    /// Where long solves run: digit cubes, optimal 3×3×3 searches and bigger cubes.
    pub long: SolvePool,
    /// The longest time budget a request may have (and the default).
    pub budget: Duration,
    /// Longest wait for a request body.
    pub body_timeout: Duration,
    /// Parent of every request's token: cancelled when the server stops.
    pub stop: Cancel,
}

impl AppState {
    /// A fresh token for a request with `budget`, stopped with the server.
    fn token(&self, budget: Duration) -> Cancel {
        self.stop.child(Some(budget))
    }
}

/// A failed request: a status and one readable line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// HTTP status (400 for bad input, 403, 408, 413, 415, 422, 503, 504, 500).
    pub status: StatusCode,
    /// The message, as the command line would print it.
    pub message: String,
    /// Seconds after which to try again (sent as `Retry-After`, with 503).
    pub retry_after: Option<u64>,
}

impl ApiError {
    /// A 400 with `message`.
    pub fn bad_request(message: impl Into<String>) -> Self {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
            retry_after: None,
        }
    }
}

/// The body of every error answer.
#[derive(Debug, Serialize, Deserialize)]
pub struct ErrorAnswer {
    /// One line saying what is wrong.
    pub error: String,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut res = (
            self.status,
            Json(ErrorAnswer {
                error: self.message,
            }),
        )
            .into_response();
        if let Some(secs) = self.retry_after {
            res.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        res
    }
}

/// A puzzle's refusal (400; 422 for a size with no solver yet), or its solver's stop
/// (504, naming the request's budget).
fn puzzle_error(e: PuzzleError, budget: Duration) -> ApiError {
    match e {
        PuzzleError::TimedOut => pool_error(PoolError::TimedOut(budget.as_millis()), budget),
        PuzzleError::NoSolver(message) => ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message,
            retry_after: None,
        },
        e => ApiError::bad_request(e.to_string()),
    }
}

/// The pool's refusal: 503 with `Retry-After` when the line is full, 504 when the
/// budget ran out, 500 for a crash.
fn pool_error(e: PoolError, budget: Duration) -> ApiError {
    let (status, retry_after) = match e {
        // A place in line frees up at the latest when a budget runs out.
        PoolError::Busy(_) => (
            StatusCode::SERVICE_UNAVAILABLE,
            Some(budget.as_secs().clamp(1, 60)),
        ),
        PoolError::TimedOut(_) => (StatusCode::GATEWAY_TIMEOUT, None),
        PoolError::Crashed => (StatusCode::INTERNAL_SERVER_ERROR, None),
    };
    ApiError {
        status,
        message: e.to_string(),
        retry_after,
    }
}

/// Largest request body accepted, in bytes; a 729-digit cube in any format fits many
/// times over.
pub const MAX_BODY: usize = 64 * 1024;

/// Read a body of at most [`MAX_BODY`] bytes within `within`: 408 when it
/// is too slow, 413 when it is too big.
async fn read_body(body: Body, within: Duration) -> Result<Bytes, ApiError> {
    let limit = MAX_BODY;
    let read = Limited::new(body, limit).collect();
    match tokio::time::timeout(within, read).await {
        Ok(Ok(collected)) => Ok(collected.to_bytes()),
        Ok(Err(e)) if e.downcast_ref::<LengthLimitError>().is_some() => Err(ApiError {
            status: StatusCode::PAYLOAD_TOO_LARGE,
            message: format!("request body is larger than {limit} bytes"),
            retry_after: None,
        }),
        Ok(Err(e)) => Err(ApiError::bad_request(format!(
            "cannot read the request body: {e}"
        ))),
        Err(_) => Err(ApiError {
            status: StatusCode::REQUEST_TIMEOUT,
            message: format!(
                "the request body did not arrive within {} ms",
                within.as_millis()
            ),
            retry_after: None,
        }),
    }
}

/// Read and decode a JSON body, turning every way it can be wrong into a one-line 400
/// (or 408, 413).
async fn decode<T: DeserializeOwned>(app: &AppState, body: Body) -> Result<T, ApiError> {
    let bytes = read_body(body, app.body_timeout).await?;
    serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::bad_request(format!("request is not the expected JSON: {e}")))
}

/// `POST /api/solve` body.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// The cube, in any format the command line accepts.
    pub cube: String,
    /// Which puzzle it is (default: detect).
    #[serde(default)]
    pub puzzle: PuzzleChoice,
    /// Solving method (3×3×3: two-phase, optimal, thistlethwaite, layers; digit cube:
    /// default, fast; none for the N×N×N, which has one solver a size).
    #[serde(default)]
    pub method: Option<String>,
    /// Time budget in milliseconds (default and most: the server's `--timeout`).
    #[serde(default)]
    pub timeout: Option<u64>,
}

/// `POST /api/solve` answer.
#[derive(Debug, Deserialize, Serialize)]
pub struct SolveAnswer {
    /// `cubular`, `333`, `444`…
    pub puzzle: AnyPuzzle,
    /// The solution, one move per entry (`426Y3`, `R2`, `3Rw'`).
    pub moves: Vec<String>,
    /// Number of moves.
    pub length: usize,
    /// Time spent solving, in milliseconds.
    pub millis: u64,
    /// The cube before the moves, as the viewer draws it.
    pub start: String,
}

/// `POST /api/solve`: solve a cube in the quick or the long line.
pub async fn solve(
    State(app): State<Arc<AppState>>,
    body: Body,
) -> Result<Json<SolveAnswer>, ApiError> {
    let arrived = Instant::now();
    let req: SolveRequest = decode(&app, body).await?;
    let budget = req
        .timeout
        .map_or(app.budget, Duration::from_millis)
        .min(app.budget);
    let pool = if puzzles::is_long(&req.cube, req.puzzle, req.method.as_deref()) {
        &app.long
    } else {
        &app.quick
    };
    // The budget counts from the request's arrival.
    let token = app.token(budget.saturating_sub(arrived.elapsed()));
    let solved = pool
        .run(&token, budget, move |cancel| {
            let clock = Instant::now();
            let left = cancel.remaining().unwrap_or(budget);
            puzzles::solve(&req.cube, req.puzzle, req.method.as_deref(), left, cancel)
                .map(|s| (s, clock.elapsed()))
        })
        .await
        .map_err(|e| pool_error(e, budget))?
        .map_err(|e| puzzle_error(e, budget))?;
    let (solved, took) = solved;
    Ok(Json(SolveAnswer {
        puzzle: solved.puzzle,
        length: solved.moves.len(),
        moves: solved.moves,
        millis: u64::try_from(took.as_millis()).unwrap_or(u64::MAX),
        start: solved.start,
    }))
}

/// `POST /api/scramble` body.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ScrambleRequest {
    /// `cubular`, `333`, `222`, `444`…
    pub puzzle: AnyPuzzle,
    /// Number of random moves (default: as `cubist scramble`).
    #[serde(default)]
    pub moves: Option<usize>,
    /// Seed for a repeatable scramble.
    #[serde(default)]
    pub seed: Option<u64>,
}

/// `POST /api/scramble` answer.
#[derive(Debug, Deserialize, Serialize)]
pub struct ScrambleAnswer {
    /// `cubular`, `333`, `444`…
    pub puzzle: AnyPuzzle,
    /// The scrambled cube in the puzzle's usual text format (what `cubist scramble`
    /// prints).
    pub cube: String,
    /// The cube as the viewer draws it.
    pub start: String,
    /// The moves that made it from the solved cube (empty for a random-state 3×3×3 or
    /// 2×2×2).
    pub scramble: Vec<String>,
}

/// Most random moves a scramble request may ask for: bounds a request's work and answer
/// (every move is echoed), at twice the deepest scramble `cubist bench` uses (5000).
pub const MAX_SCRAMBLE_MOVES: usize = 10_000;

/// `POST /api/scramble`: a scrambled cube.
pub async fn scramble(
    State(app): State<Arc<AppState>>,
    body: Body,
) -> Result<Json<ScrambleAnswer>, ApiError> {
    let req: ScrambleRequest = decode(&app, body).await?;
    if req.moves.is_some_and(|n| n > MAX_SCRAMBLE_MOVES) {
        return Err(ApiError::bad_request(format!(
            "at most {MAX_SCRAMBLE_MOVES} scramble moves, asked for {}",
            req.moves.unwrap_or_default()
        )));
    }
    let budget = app.budget;
    let s = app
        .quick
        .run(&app.token(budget), budget, move |_| {
            puzzles::scramble(req.puzzle, req.moves, req.seed)
        })
        .await
        .map_err(|e| pool_error(e, budget))?
        .map_err(|e| puzzle_error(e, budget))?;
    Ok(Json(ScrambleAnswer {
        puzzle: s.puzzle,
        cube: s.cube,
        start: s.start,
        scramble: s.moves,
    }))
}

/// The moves of a verify request: one text, or a list of move texts.
#[derive(Debug, Deserialize, Serialize)]
#[serde(untagged)]
pub enum MoveList {
    /// `"R U2 F'"`, `"Rw 3Uw' 2R"` or one digit-cube move per line.
    Text(String),
    /// `["R", "U2"]`
    List(Vec<String>),
}

impl MoveList {
    /// As one text, moves separated by newlines.
    pub fn to_text(&self) -> String {
        match self {
            MoveList::Text(t) => t.clone(),
            MoveList::List(l) => l.join("\n"),
        }
    }
}

/// `POST /api/verify` body.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct VerifyRequest {
    /// The cube, in any accepted format.
    pub cube: String,
    /// The moves to apply.
    pub moves: MoveList,
    /// Which puzzle it is (default: detect).
    #[serde(default)]
    pub puzzle: PuzzleChoice,
}

/// `POST /api/verify` answer.
#[derive(Debug, Deserialize, Serialize)]
pub struct VerifyAnswer {
    /// `cubular`, `333`, `444`…
    pub puzzle: AnyPuzzle,
    /// Whether the moves solve the cube.
    pub solved: bool,
    /// Cells (digit cube) or stickers (3×3×3, N×N×N) out of place afterwards.
    pub wrong: usize,
    /// Number of moves applied.
    pub length: usize,
}

/// `POST /api/verify`: do these moves solve this cube?
pub async fn verify(
    State(app): State<Arc<AppState>>,
    body: Body,
) -> Result<Json<VerifyAnswer>, ApiError> {
    let req: VerifyRequest = decode(&app, body).await?;
    let budget = app.budget;
    let v = app
        .quick
        .run(&app.token(budget), budget, move |_| {
            puzzles::verify(&req.cube, req.puzzle, &req.moves.to_text())
        })
        .await
        .map_err(|e| pool_error(e, budget))?
        .map_err(|e| puzzle_error(e, budget))?;
    Ok(Json(VerifyAnswer {
        puzzle: v.puzzle,
        solved: v.wrong == 0,
        wrong: v.wrong,
        length: v.length,
    }))
}

/// Any other path.
pub async fn not_found() -> ApiError {
    ApiError {
        status: StatusCode::NOT_FOUND,
        message: "no such page: the viewer is at / and the API under /api/".into(),
        retry_after: None,
    }
}
