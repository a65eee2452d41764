//! The plan: how a solve spends its budget. Read top to bottom, this is the solver.
//!
//! 1. **First answer.** The undo strategy (`undo`) on the cube as given: beams that
//!    undo a shallow scramble whole, then the finish of whatever they leave. About a
//!    second on any cube; every later answer has to beat it.
//! 2. **Annealing** (`anneal`), for a cube that looks like a scramble of 30-100 moves
//!    (see [`ANNEALED_MISPLACED`]) whose first answer is longer than that scramble
//!    likely is: a pair of runs, one a core, each sequence finished as a beam's path
//!    is, in every symmetry while time lasts, and its undos taken back.
//! 3. **Symmetries.** The undo strategy on the cube seen through each of its eleven
//!    other symmetries, on all cores, while the budget lasts: each breaks its ties
//!    differently and ends in another answer.
//! 4. **Passes** on the shortest answer: undos taken back, tangles cut out, runs
//!    shortened (`polish`).
//!
//! The budget is work, time or both (see [`SolveOptions`]). A work unit is one undo run
//! or a million annealing steps; work alone makes the answer the same on every machine.
//! A work budget gives [`ANNEAL_SHARE`] of its units after the first answer to the
//! annealing (when the cube gets it) and one to each symmetry; time alone is split the
//! same way. Every answer is checked by applying it before it counts.

use super::anneal::{self, likely_length, Annealed, Cooling};
use super::polish::{loosened, polished};
use super::tuning::{
    ANNEALED_MISPLACED, ANNEAL_RUNS, ANNEAL_SHARE, FINISH_RESERVE, FIRST_ANSWER_TIME, MIN_ANNEAL,
    PASSES_RESERVE, RUN_TIME_MARGIN, SHORTEST_RUN,
};
use super::undo::{finished, keep_shorter, undo};
use super::{played, Ctx, Progress, ProgressFn, RunOptions, Solution, SolveError, SolveOptions};
use crate::cube::Cube;
use crate::moves::Move;
use crate::symmetry::{symmetries, SYMMETRIES};
use cubist_tables::Cancel;
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Work of a solve given neither time nor work: the first answer and its passes.
pub const DEFAULT_WORK: u64 = 1;
/// Annealing steps in one work unit.
const STEPS_PER_UNIT: u64 = 1_000_000;

/// Find moves that restore `cube` within the budget of `opts`, checked by applying
/// them: the shortest answer the plan's strategies found.
pub fn solve(cube: &Cube, opts: &SolveOptions) -> Result<Solution, SolveError> {
    let start = Instant::now();
    let budget = Budget::new(opts);
    let best = Best::new(opts.progress.clone());

    // 1. The first answer, in about a second under a time budget.
    let first = undo(cube, &budget.first_run_options(&best))?;
    let first_time = start.elapsed();
    best.offer(cube, first)?;

    // 2. Annealing, for a cube that looks like a scramble of at most about 100 moves
    // whose first answer is longer than that scramble likely is. Under a time budget
    // the runs get a share of the time and leave time for their finishes, which take
    // about as long as the first answer each.
    let anneals = ANNEALED_MISPLACED.contains(&cube.misplaced())
        && best.len() > likely_length(cube.misplaced());
    let (anneal_units, views) = split(budget.work, anneals);
    let steps = anneal_units.map_or(u64::MAX, |u| u * STEPS_PER_UNIT / ANNEAL_RUNS);
    let reserve = first_time.mul_f64(FINISH_RESERVE) + PASSES_RESERVE;
    let until = budget.until(ANNEAL_SHARE, reserve);
    if anneals
        && steps > 0
        && until.is_none_or(|end| end > Instant::now() + MIN_ANNEAL)
        && !budget.cancel.is_cancelled()
    {
        let runs = annealing_runs(cube, steps, opts.seed, until, &budget, &best);
        let answers: Vec<Vec<Move>> = runs
            .par_iter()
            .map(|found| finished_in_views(cube, &found.moves, &budget, &best))
            .collect::<Result<_, _>>()?;
        for answer in answers {
            best.offer(cube, answer)?;
        }
    }

    // 3. The symmetries, on all cores, while the budget lasts.
    let answers: Vec<Option<Vec<Move>>> = (1..=views)
        .into_par_iter()
        .map(|k| {
            if !budget.has_time_for(first_time) {
                return Ok(None);
            }
            let symmetry = &symmetries()[k];
            let seen = undo(&symmetry.cube(cube), &budget.run_options(&best, k))?;
            Ok(Some(seen.iter().map(|&m| symmetry.back(m)).collect()))
        })
        .collect::<Result<_, SolveError>>()?;
    for answer in answers.into_iter().flatten() {
        best.offer(cube, answer)?;
    }

    // 4. The passes, on the shortest answer; the untangling stops early enough for a
    // round under way to end within the budget.
    let passes = budget.cancel.child(
        budget
            .cancel
            .remaining()
            .map(|left| left.saturating_sub(PASSES_RESERVE)),
    );
    let moves = loosened(cube, &best.take(), Some(&passes));
    let check = played(cube, &moves);
    if !check.is_solved() {
        return Err(SolveError::NotVerified(check.misplaced()));
    }
    Ok(Solution {
        moves,
        elapsed: start.elapsed(),
        first: first_time,
    })
}

/// The budget of one solve: a token that stops the work at the deadline or when the
/// caller cancels, and the work units, if counted.
struct Budget {
    work: Option<u64>,
    cancel: Cancel,
}

impl Budget {
    fn new(opts: &SolveOptions) -> Budget {
        let work = match (opts.work, opts.time) {
            (None, None) => Some(DEFAULT_WORK),
            (work, _) => work,
        };
        let cancel = match &opts.cancel {
            Some(c) => c.child(opts.time),
            None => Cancel::new().child(opts.time),
        };
        Budget { work, cancel }
    }

    /// The settings of one undo run: what is left of the time, the
    /// solve's token, and progress reports that say the view and the best so far.
    fn run_options(&self, best: &Best, symmetry: usize) -> RunOptions {
        RunOptions {
            time_budget: self.cancel.remaining(),
            cancel: Some(self.cancel.clone()),
            progress: best.progress_for(symmetry),
        }
    }

    /// The settings of the first answer's run: as [`Budget::run_options`], but under a
    /// time budget due within [`FIRST_ANSWER_TIME`]: a beam still going then stops,
    /// and what would not end by then is skipped (it always ends in an answer).
    fn first_run_options(&self, best: &Best) -> RunOptions {
        let mut opts = self.run_options(best, 0);
        if self.cancel.remaining().is_some() {
            opts.cancel = Some(self.cancel.child(Some(FIRST_ANSWER_TIME)));
        }
        opts
    }

    /// Whether a run that takes about `took` is likely to end within the time left.
    fn has_time_for(&self, took: Duration) -> bool {
        !self.cancel.is_cancelled()
            && self
                .cancel
                .remaining()
                .is_none_or(|left| left >= took.max(SHORTEST_RUN).mul_f64(RUN_TIME_MARGIN))
    }

    /// The instant by which a stage given `share` of the time left, less `reserve` for
    /// what must follow it, should end (`None`: no time budget).
    fn until(&self, share: f64, reserve: Duration) -> Option<Instant> {
        let left = self.cancel.remaining()?.saturating_sub(reserve);
        Some(Instant::now() + left.mul_f64(share))
    }
}

/// How a work budget (`None`: a time budget alone) is spent after the first answer,
/// when the cube `anneals` or not: the annealing's units ([`ANNEAL_SHARE`] of them;
/// `None`: as many as time allows) and the symmetries' runs, one unit each.
fn split(work: Option<u64>, anneals: bool) -> (Option<u64>, usize) {
    let views = SYMMETRIES as u64 - 1;
    match work {
        None => (None, views as usize),
        Some(w) => {
            let left = w.saturating_sub(1);
            let units = if anneals {
                (left as f64 * ANNEAL_SHARE).round() as u64
            } else {
                0
            };
            (Some(units), (left - units).min(views) as usize)
        }
    }
}

/// A pair of annealing runs on `cube` (seeds from `seed`), side by side: `steps` steps
/// each, or when that is unbounded as many as fit until `until`; cooled by the time
/// where that is ahead of the steps, so that a run cut short still cools all the way.
fn annealing_runs(
    cube: &Cube,
    steps: u64,
    seed: u64,
    until: Option<Instant>,
    budget: &Budget,
    best: &Best,
) -> Vec<Annealed> {
    let began = Instant::now();
    let cooling = Cooling::for_steps(steps);
    let spent = |part: f64| {
        let by_time = match until {
            _ if budget.cancel.is_cancelled() => 1.0,
            Some(end) => {
                let whole = end.saturating_duration_since(began).as_secs_f64();
                began.elapsed().as_secs_f64() / whole.max(1e-3)
            }
            None => 0.0,
        };
        best.report("anneal", cube.misplaced(), Some(part.max(by_time)));
        by_time
    };
    let mut found: Vec<Annealed> = (0..ANNEAL_RUNS)
        .into_par_iter()
        .map(|k| {
            let slots = anneal::slots(cube, k);
            anneal::run(cube, slots, cooling, seed * ANNEAL_RUNS + k, &spent)
        })
        .collect();
    found.sort_by_key(|a| (a.left, a.moves.len()));
    found
}

/// The shortest finish of an annealed sequence `moves` on `cube`, finished on the cube
/// seen through each symmetry while the budget lasts (a large residue's finishes differ
/// by tens of moves from one view to another), polished and loosened.
fn finished_in_views(
    cube: &Cube,
    moves: &[Move],
    budget: &Budget,
    best: &Best,
) -> Result<Vec<Move>, SolveError> {
    let began = Instant::now();
    let mut shortest = None;
    for (k, symmetry) in symmetries().iter().enumerate() {
        if k > 0 && !budget.has_time_for(began.elapsed() / k as u32 + PASSES_RESERVE) {
            break;
        }
        let ctx = Ctx {
            opts: budget.run_options(best, k),
        };
        let seen = symmetry.cube(cube);
        let moves: Vec<Move> = moves.iter().map(|&m| symmetry.forward(m)).collect();
        let left = played(&seen, &moves);
        let (moves, _) = finished(&seen, moves, left, true, &std::cell::OnceCell::new(), &ctx)?;
        let back = moves.iter().map(|&m| symmetry.back(m)).collect();
        keep_shorter(&mut shortest, polished(cube, back));
    }
    let moves = shortest.expect("the first view is always finished");
    Ok(loosened(cube, &moves, None))
}

/// The shortest answer so far, shared by the strategies for their progress reports.
struct Best {
    moves: std::sync::Mutex<Option<Vec<Move>>>,
    len: Arc<AtomicUsize>,
    progress: Option<ProgressFn>,
}

impl Best {
    fn new(progress: Option<ProgressFn>) -> Best {
        Best {
            moves: std::sync::Mutex::new(None),
            len: Arc::new(AtomicUsize::new(usize::MAX)),
            progress,
        }
    }

    /// Keeps `moves` when they are shorter than the best so far, once checked to solve
    /// `cube` (of equal lengths the first stays, so the choice does not depend on timing).
    fn offer(&self, cube: &Cube, moves: Vec<Move>) -> Result<(), SolveError> {
        let left = played(cube, &moves).misplaced();
        if left > 0 {
            return Err(SolveError::NotVerified(left));
        }
        let mut best = self.moves.lock().expect("no panics while held");
        keep_shorter(&mut best, moves);
        self.len.store(
            best.as_ref().map_or(usize::MAX, Vec::len),
            Ordering::Relaxed,
        );
        Ok(())
    }

    /// Moves in the best answer so far (`usize::MAX`: none yet).
    fn len(&self) -> usize {
        self.len.load(Ordering::Relaxed)
    }

    fn take(&self) -> Vec<Move> {
        self.moves
            .lock()
            .expect("no panics while held")
            .take()
            .expect("the first answer is always offered")
    }

    /// Progress reports of a run on the cube seen through symmetry `symmetry`, with the
    /// best answer so far.
    fn progress_for(&self, symmetry: usize) -> Option<ProgressFn> {
        let (p, len) = (self.progress.clone()?, self.len.clone());
        Some(Arc::new(move |r: &Progress| {
            let best = len.load(Ordering::Relaxed);
            p(&Progress {
                best: (best != usize::MAX).then_some(best),
                symmetry,
                ..r.clone()
            })
        }))
    }

    /// A report from the plan itself.
    fn report(&self, stage: &'static str, misplaced: usize, part: Option<f64>) {
        if let Some(p) = &self.progress {
            let best = self.len();
            p(&Progress {
                stage,
                misplaced,
                moves: 0,
                best: (best != usize::MAX).then_some(best),
                symmetry: 0,
                percent: part.map(|f| (f.clamp(0.0, 1.0) * 100.0) as u8),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::undo::tests::seeded_scramble;

    fn solved_with(cube: &Cube, opts: &SolveOptions) -> Vec<Move> {
        let moves = solve(cube, opts).unwrap().moves;
        assert!(played(cube, &moves).is_solved());
        moves
    }

    #[test]
    fn a_work_budget_gives_the_same_answer_every_time_and_more_work_no_longer_one() {
        // A 30-move scramble whose first answer takes 37 moves: work 3 anneals it
        // (two runs side by side) and tries one symmetry, which only add answers to
        // choose from.
        let cube = seeded_scramble(11, 30);
        let at = |work| {
            let opts = SolveOptions {
                work: Some(work),
                seed: 7,
                ..SolveOptions::default()
            };
            solved_with(&cube, &opts)
        };
        let (one, more) = (at(1), at(3));
        assert!(
            more.len() <= one.len(),
            "{} moves with more work against {}",
            more.len(),
            one.len()
        );
        assert_eq!(at(3), more);
    }

    #[test]
    fn a_cancelled_or_spent_solve_still_returns_a_checked_answer() {
        let cube = seeded_scramble(3, 60);
        let cancel = Cancel::new();
        cancel.cancel();
        let opts = SolveOptions {
            cancel: Some(cancel),
            work: Some(50),
            ..SolveOptions::default()
        };
        solved_with(&cube, &opts);
        let opts = SolveOptions {
            time: Some(Duration::from_millis(1)),
            ..SolveOptions::default()
        };
        solved_with(&cube, &opts);
    }

    #[test]
    fn only_a_time_budget_hurries_the_first_answer() {
        let best = Best::new(None);
        let timed = Budget::new(&SolveOptions {
            time: Some(Duration::from_secs(10)),
            ..SolveOptions::default()
        });
        let due = |budget: &Budget| {
            let first = budget.first_run_options(&best);
            first.cancel.and_then(|c| c.remaining())
        };
        assert!(due(&timed).unwrap() <= FIRST_ANSWER_TIME);
        // A shorter budget is due sooner; work alone leaves it unbounded, so that
        // the answer does not depend on the machine.
        let short = Budget::new(&SolveOptions {
            time: Some(Duration::from_millis(300)),
            ..SolveOptions::default()
        });
        assert!(due(&short).unwrap() <= Duration::from_millis(300));
        let counted = Budget::new(&SolveOptions {
            work: Some(3),
            ..SolveOptions::default()
        });
        assert_eq!(due(&counted), None);
    }

    #[test]
    fn a_work_budget_goes_to_the_annealing_first_and_the_rest_to_the_symmetries() {
        assert_eq!(split(None, true), (None, SYMMETRIES - 1));
        assert_eq!(split(Some(1), true), (Some(0), 0));
        assert_eq!(split(Some(11), true), (Some(7), 3));
        assert_eq!(split(Some(41), true), (Some(28), 11));
        assert_eq!(split(Some(5), false), (Some(0), 4));
        assert_eq!(split(Some(30), false), (Some(0), 11));
    }

    #[test]
    fn a_cube_whose_first_answer_is_long_is_annealed() {
        // A 60-move scramble whose first answer is longer than its likely length.
        let cube = seeded_scramble(2, 60);
        assert!(ANNEALED_MISPLACED.contains(&cube.misplaced()));
        let reports = Arc::new(std::sync::Mutex::new(Vec::new()));
        let sink = reports.clone();
        let opts = SolveOptions {
            work: Some(4),
            progress: Some(Arc::new(move |p: &Progress| {
                sink.lock().unwrap().push(p.stage)
            })),
            ..SolveOptions::default()
        };
        solved_with(&cube, &opts);
        assert!(reports.lock().unwrap().contains(&"anneal"));
    }
}
