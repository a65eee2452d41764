//! The digit-cube solver: an anytime search whose answers get shorter as its budget
//! grows, every answer checked by applying it.
//!
//! `plan` is the solver, top to bottom: which strategies run on which cubes, with
//! what share of the budget, and how their answers are combined. The strategies:
//!
//! - `undo`: a beam search that undoes a scramble move by move (`beam`, scored by
//!   misplaced cells and broken bonds), the repair of its path (`mend`, `repair`,
//!   `pairs`), and the finish of what it leaves: commutators put into the path
//!   (`insert`), an outside-in sweep (`sweep`) and short commutators (`endgame`).
//! - `anneal`: whole move sequences annealed toward the solved cube, which finds the
//!   order of overlapping scramble moves that no beam does.
//! - the symmetries (`crate::symmetry`): each strategy on the cube seen through one
//!   of its twelve symmetries ends in another answer.
//!
//! And the passes, moves in and no longer moves out (`polish`): `peephole` merges
//! turns of one block, `shorten` replaces runs by fewer moves, `tighten`, `takeback`
//! and `untangle` take out detours.

// The annealing's measuring functions are public to the research examples alone (the
// `research` feature); the solver's public surface has none of them.
#[cfg(feature = "research")]
pub mod anneal;
#[cfg(not(feature = "research"))]
mod anneal;
mod beam;
mod block_sums;
mod bonds;
mod endgame;
mod finish;
mod frame;
mod insert;
mod lanes;
mod lead;
mod mend;
mod pairs;
mod peephole;
mod plan;
mod polish;
mod relocation;
mod repair;
mod shorten;
mod sweep;
mod takeback;
mod tighten;
mod tuning;
mod undo;
mod untangle;
mod weights;

pub use peephole::simplify;
pub use plan::{solve, DEFAULT_WORK};

use crate::cube::Cube;
use crate::moves::Move;
use cubist_tables::Cancel;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What the solver reports while it works: stage name and cells still misplaced.
#[derive(Clone, Debug)]
pub struct Progress {
    /// `beam`, `sweep`, `anneal`, `endgame` or `polish`.
    pub stage: &'static str,
    /// Cells still differing from the solved cube.
    pub misplaced: usize,
    /// Moves so far.
    pub moves: usize,
    /// Moves in the shortest answer found so far, if any.
    pub best: Option<usize>,
    /// The symmetry the strategy at work sees the cube through (0: as given; see
    /// [`crate::symmetry`]).
    pub symmetry: usize,
    /// How far the stage is, in percent, when it can tell (the annealing).
    pub percent: Option<u8>,
}

/// Callback receiving [`Progress`] reports.
pub type ProgressFn = Arc<dyn Fn(&Progress) + Send + Sync>;

/// What a solve may spend, and how to reach it while it works.
///
/// The budget is time, work or both: with `work` alone the same cube and `seed` get
/// the same answer on every machine; `time` is a cap on top that returns the shortest
/// answer found when it is spent. With neither, [`DEFAULT_WORK`] applies.
#[derive(Clone, Default)]
pub struct SolveOptions {
    /// Wall-clock budget of the whole solve.
    pub time: Option<Duration>,
    /// Work budget, in the solver's work units (see `plan`).
    pub work: Option<u64>,
    /// Seed of the random choices (the annealing's).
    pub seed: u64,
    /// Stops the solve early (Ctrl-C, a client gone); it then returns the shortest
    /// answer found so far, which exists once the first strategy has ended.
    pub cancel: Option<Cancel>,
    /// Optional progress reports.
    pub progress: Option<ProgressFn>,
}

/// A solution: moves that take the given cube to the solved cube.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The moves, in order.
    pub moves: Vec<Move>,
    /// Wall time the solve took.
    pub elapsed: Duration,
    /// Wall time to the first verified answer.
    pub first: Duration,
}

/// The solver failed to produce a checked solution (a defect, never expected).
#[derive(Debug, Clone, thiserror::Error)]
pub enum SolveError {
    /// The found moves did not solve the cube when applied.
    #[error("internal error: the solver's moves leave {0} cells misplaced")]
    NotVerified(usize),
    /// The endgame found no move sequence that makes progress.
    #[error("internal error: the endgame is stuck with {0} cells misplaced")]
    Stuck(usize),
}

/// Settings of one strategy run inside the plan.
#[derive(Clone, Default)]
pub(crate) struct RunOptions {
    /// Time the run may take: a beam stops early when its share is used up (the later
    /// stages always finish, so a run always ends in an answer).
    pub time_budget: Option<Duration>,
    /// Stops the beams at once.
    pub cancel: Option<Cancel>,
    /// Optional progress reports.
    pub progress: Option<ProgressFn>,
}

/// What the stages of one strategy run share: its settings.
pub(crate) struct Ctx {
    pub opts: RunOptions,
}

impl Ctx {
    /// Whether a beam started at `started`, one of `runs` sharing the beam stage,
    /// should stop after trying `work` moves: past its own `limit` of work if it has
    /// one, else its share of [`BEAM_WORK`](tuning::BEAM_WORK), or sooner, past its
    /// share of the time budget's first half when one is given, or when the run is
    /// cancelled.
    pub fn beam_done(&self, work: u64, started: Instant, runs: u32, limit: Option<u64>) -> bool {
        let worked = match limit {
            Some(limit) => work >= limit,
            None => work * runs as u64 >= tuning::BEAM_WORK,
        };
        worked
            || self
                .opts
                .time_budget
                .is_some_and(|b| started.elapsed() >= b / (2 * runs))
            || self.opts.cancel.as_ref().is_some_and(Cancel::is_cancelled)
    }

    /// Whether a stage that takes about `took` can end before the run's deadline
    /// (always, without one).
    pub fn has_time_for(&self, took: Duration) -> bool {
        let cancel = self.opts.cancel.as_ref();
        !cancel.is_some_and(Cancel::is_cancelled)
            && cancel
                .and_then(Cancel::remaining)
                .is_none_or(|left| left >= took)
    }

    pub fn report(&self, stage: &'static str, cube: &Cube, moves: usize) {
        if let Some(p) = &self.opts.progress {
            p(&Progress {
                stage,
                misplaced: cube.misplaced(),
                moves,
                best: None,
                symmetry: 0,
                percent: None,
            });
        }
    }
}

/// `cube` after `moves`.
fn played(cube: &Cube, moves: &[Move]) -> Cube {
    let mut after = cube.clone();
    after.apply_all(moves);
    after
}
