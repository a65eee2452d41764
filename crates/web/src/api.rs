//! The JSON API: request and answer shapes and their handlers.
//!
//! - `POST /api/solve` `{"cube", "puzzle": "auto|cubular|333", "method"}` →
//!   `{"puzzle", "moves": [...], "length", "millis", "start"}`
//! - `POST /api/scramble` `{"puzzle", "moves"?, "seed"?}` →
//!   `{"puzzle", "cube", "start", "scramble": [...]}`
//! - `POST /api/verify` `{"cube", "moves", "puzzle"}` →
//!   `{"puzzle", "solved", "wrong", "length"}`
//!
//! `start` is the cube as the viewer draws it: 729 digits in text-format order for the
//! digit cube, 54 facelet letters (order U R F D L B) for the 3×3×3. Anything wrong with
//! the request or the cube is a `400 {"error": "..."}` carrying the same message the
//! command line prints.

use crate::pool::{PoolError, SolvePool};
use crate::puzzles::{self, Puzzle, PuzzleChoice, PuzzleError};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What every handler shares.
#[derive(Debug)]
pub struct AppState {
    /// Where solves run.
    pub pool: SolvePool,
    /// Time budget handed to each solver.
    pub budget: Duration,
}

/// A failed request: a status and one readable line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// HTTP status (400 for bad input, 413, 503, 504, 500).
    pub status: StatusCode,
    /// The message, as the command line would print it.
    pub message: String,
}

impl ApiError {
    /// A 400 with `message`.
    pub fn bad_request(message: impl Into<String>) -> Self {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
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
        (
            self.status,
            Json(ErrorAnswer {
                error: self.message,
            }),
        )
            .into_response()
    }
}

impl From<PuzzleError> for ApiError {
    fn from(e: PuzzleError) -> Self {
        ApiError::bad_request(e.to_string())
    }
}

impl From<PoolError> for ApiError {
    fn from(e: PoolError) -> Self {
        let status = match e {
            PoolError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            PoolError::TimedOut(_) => StatusCode::GATEWAY_TIMEOUT,
            PoolError::Crashed => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError {
            status,
            message: e.to_string(),
        }
    }
}

/// Decode a JSON body, turning every way it can be wrong into a one-line 400 (or 413).
fn decode<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = body.map_err(|rejection| ApiError {
        status: rejection.status(),
        message: if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            format!(
                "request body is larger than {} bytes",
                crate::server::MAX_BODY
            )
        } else {
            format!("cannot read the request body: {rejection}")
        },
    })?;
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
    /// Solving method (3×3×3: two-phase, optimal, thistlethwaite, layers).
    #[serde(default)]
    pub method: Option<String>,
}

/// `POST /api/solve` answer.
#[derive(Debug, Deserialize, Serialize)]
pub struct SolveAnswer {
    /// `cubular` or `333`.
    pub puzzle: Puzzle,
    /// The solution, one move per entry (`426Y3`, `R2`).
    pub moves: Vec<String>,
    /// Number of moves.
    pub length: usize,
    /// Time spent solving, in milliseconds.
    pub millis: u64,
    /// The cube before the moves, as the viewer draws it.
    pub start: String,
}

/// `POST /api/solve`: solve a cube on the worker pool.
pub async fn solve(
    State(app): State<Arc<AppState>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<SolveAnswer>, ApiError> {
    let req: SolveRequest = decode(body)?;
    let budget = app.budget;
    let solved = app
        .pool
        .run(move || {
            let clock = Instant::now();
            puzzles::solve(&req.cube, req.puzzle, req.method.as_deref(), budget)
                .map(|s| (s, clock.elapsed()))
        })
        .await??;
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
    /// `cubular` or `333`.
    pub puzzle: Puzzle,
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
    /// `cubular` or `333`.
    pub puzzle: Puzzle,
    /// The scrambled cube in the puzzle's usual text format (what `cubist scramble`
    /// prints).
    pub cube: String,
    /// The cube as the viewer draws it.
    pub start: String,
    /// The moves that made it from the solved cube (empty for a random-state 3×3×3).
    pub scramble: Vec<String>,
}

/// Most random moves a scramble request may ask for: bounds a request's work and answer
/// (every move is echoed), at twice the deepest scramble `cubist bench` uses (5000).
pub const MAX_SCRAMBLE_MOVES: usize = 10_000;

/// `POST /api/scramble`: a scrambled cube.
pub async fn scramble(
    State(app): State<Arc<AppState>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<ScrambleAnswer>, ApiError> {
    let req: ScrambleRequest = decode(body)?;
    if req.moves.is_some_and(|n| n > MAX_SCRAMBLE_MOVES) {
        return Err(ApiError::bad_request(format!(
            "at most {MAX_SCRAMBLE_MOVES} scramble moves, asked for {}",
            req.moves.unwrap_or_default()
        )));
    }
    let s = app
        .pool
        .run(move || puzzles::scramble(req.puzzle, req.moves, req.seed))
        .await??;
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
    /// `"R U2 F'"` or one digit-cube move per line.
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
    /// `cubular` or `333`.
    pub puzzle: Puzzle,
    /// Whether the moves solve the cube.
    pub solved: bool,
    /// Cells (digit cube) or stickers (3×3×3) out of place afterwards.
    pub wrong: usize,
    /// Number of moves applied.
    pub length: usize,
}

/// `POST /api/verify`: do these moves solve this cube?
pub async fn verify(
    State(app): State<Arc<AppState>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<VerifyAnswer>, ApiError> {
    let req: VerifyRequest = decode(body)?;
    let v = app
        .pool
        .run(move || puzzles::verify(&req.cube, req.puzzle, &req.moves.to_text()))
        .await??;
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
    }
}
