//! The digit-cube solver.
//!
//! Three stages: a beam search over single block moves scored by misplaced cells and
//! broken bonds (it undoes shallow scrambles move by move), an outside-in sweep that
//! places cells with moves that keep already placed cells right, and an endgame of short
//! commutators `[A, B]` (a few cells of one parity class cycled) for the rest, carried to
//! far pieces by setup moves. A cube between shallow and deep gets two beams, one led
//! by cells and one by bonds (see `Lead`; at the default effort, up to 450 misplaced
//! cells, a wider bond-led beam alone); a shallow cube the bond-led beam does not
//! undo gets a second, differently scored one (`Lead::Aligned`; at the default effort
//! only the better-repaired of the two paths is finished). A beam may also take a move
//! in front of its cube's last one, so that it can undo overlapping scramble moves in
//! the right order after all. Only the part of a beam's path that pays for itself is
//! kept, and repaired (moves moved, turned, deleted or added) when it leaves at most
//! 200 cells, from the whole path and from its prefixes, and for at most 60 cells by a
//! beam over such edits (several at once), by pairs of turns of one block put in at
//! once (see `pairs`) and by two moves of overlapping blocks added at once; from
//! effort 3 a larger residue gets a continued, narrow beam, and a cube of about 30-60
//! scramble moves gets annealed whole sequences (see `anneal`; from effort 4 a cube
//! of up to about 100, in long runs), finished as the beam's paths are. A modest
//! residue then goes straight to the commutators, a large one to sweep and endgame;
//! before the endgame, commutators are put into the path where its own moves bring
//! their pieces together (see `insert`). A solution of at most 100 moves is tightened
//! (see `tighten`), and a final pass merges and cancels moves and replaces runs by
//! fewer; last of all, undos played too early, taken back and played again are put
//! where they belong (see `takeback`), and from effort 4 tangles of a few blocks
//! turned back and forth are cut out and mended (see `untangle`), on each long run's
//! answer and on the last. Every solution is checked by applying it before it is
//! returned.
//!
//! This module runs the stages and keeps the shortest answer; `effort` says how hard
//! each stage searches ([`Effort`]), `lead` which beams a cube gets and which of their
//! paths goes on to the finish, and `mend` what makes that path better before the
//! finish (kept in part, repaired, edited, continued).

#[doc(hidden)]
pub mod anneal;
mod beam;
mod block_sums;
mod bonds;
mod effort;
mod endgame;
mod finish;
mod frame;
mod insert;
mod lanes;
mod lead;
mod mend;
mod pairs;
mod peephole;
mod relocation;
mod repair;
mod shorten;
mod sweep;
mod takeback;
mod tighten;
mod untangle;
mod weights;

pub use effort::Effort;
pub use peephole::simplify;

use lead::{
    likelier_shorter, picks_second_beam, second_attempts, skips_cell_led_beam,
    spread_promises_shorter, Lead, BOTH_LEADS_MISPLACED, FINISH_BOTH_EFFORT, PICKED_SPREAD_EFFORT,
    PICK_MOVES_PER_CELL, SECOND_BEAM_EFFORT, SHALLOW_MISPLACED, SPREAD_EFFORT,
    START_FINISH_MISPLACED, WIDE_BOND_MISPLACED,
};
use mend::{
    continue_beam, edited, paired_sweep, repaired, CONTINUED_BEAM_EFFORT, PAIRED_SWEEP_EFFORT,
    RESIDUE_FOR_CONTINUED_BEAM,
};

use crate::cube::{Cube, SOLVED};
use crate::moves::Move;
use crate::symmetry::{symmetries, SYMMETRIES};
use rayon::prelude::*;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What the solver reports while it works: stage name and cells still misplaced.
#[derive(Clone, Debug)]
pub struct Progress {
    /// `beam`, `anneal` or `endgame`.
    pub stage: &'static str,
    /// Cells still differing from the solved cube.
    pub misplaced: usize,
    /// Moves so far.
    pub moves: usize,
    /// The effort of the run at work (see [`solve`], which may make several).
    pub effort: u32,
    /// Moves in the shortest solution of the runs already ended, if any.
    pub best: Option<usize>,
    /// The symmetry the run at work sees the cube through (0: as given; see
    /// [`crate::symmetry`]).
    pub symmetry: usize,
    /// How far the stage is, in percent, when it can tell (the annealing runs, which
    /// take about 37 minutes at effort 5).
    pub percent: Option<u8>,
}

/// Callback receiving [`Progress`] reports.
pub type ProgressFn = Arc<dyn Fn(&Progress) + Send + Sync>;

/// Settings of one solve.
#[derive(Clone, Default)]
pub struct SolveOptions {
    /// Search effort (beam width and patience).
    pub effort: Effort,
    /// Soft time budget: a beam stops early when its share is used up, though never
    /// later than the effort's work would stop it (the later stages always finish, so
    /// a solution is always returned).
    pub time_budget: Option<Duration>,
    /// With a time budget, spend what the effort's answer leaves of it on the higher
    /// efforts in turn, each begun only when it is likely to end in time, and keep the
    /// shortest answer (see [`solve`]).
    pub anytime: bool,
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

pub(crate) struct Ctx {
    pub start: Instant,
    pub opts: SolveOptions,
}

impl Ctx {
    /// Whether a beam started at `started`, one of `runs` sharing the beam stage,
    /// should stop after trying `work` moves: past its own `limit` of work if it has
    /// one, else its share of the effort's work, or sooner, past its share of the time
    /// budget's first half when one is given. (A budget only ever cuts a beam short:
    /// when it let a beam run on past its work, the answers were not better, on
    /// challenge-2 577 moves with 10 s against 565 without.)
    pub fn beam_done(&self, work: u64, started: Instant, runs: u32, limit: Option<u64>) -> bool {
        let worked = match limit {
            Some(limit) => work >= limit,
            None => work * runs as u64 >= self.opts.effort.beam_work(),
        };
        worked
            || self
                .opts
                .time_budget
                .is_some_and(|b| started.elapsed() >= b / (2 * runs))
    }

    /// What part of their time the annealing runs begun at `began` (into the solve)
    /// have spent: 0 without a time budget (they are measured in steps), else the
    /// part spent of what was left of the budget's first three quarters when they
    /// began (the finish of what they found still follows). The runs cool by it where
    /// it is ahead of their steps, and end at 1.
    pub fn annealing_spent(&self, began: Duration) -> f64 {
        let Some(budget) = self.opts.time_budget else {
            return 0.0;
        };
        let end = budget * 3 / 4;
        if end <= began {
            return 1.0;
        }
        let now = self.start.elapsed().saturating_sub(began);
        now.as_secs_f64() / (end - began).as_secs_f64()
    }

    pub fn report(&self, stage: &'static str, cube: &Cube, moves: usize) {
        self.report_part(stage, cube, moves, None);
    }

    /// [`Ctx::report`] with how far the stage is, 0 to 1, when it can tell.
    pub fn report_part(&self, stage: &'static str, cube: &Cube, moves: usize, part: Option<f64>) {
        if let Some(p) = &self.opts.progress {
            p(&Progress {
                stage,
                misplaced: cube.misplaced(),
                moves,
                effort: self.opts.effort.level(),
                best: None,
                symmetry: 0,
                percent: part.map(|f| (f.clamp(0.0, 1.0) * 100.0) as u8),
            });
        }
    }
}

/// Sweep and endgame from `cube`, after the moves `so_far`; the whole list, simplified.
/// The sweep is run in the effort's number of cell orders (on all cores), each with
/// pairs of turns put into its last moves ([`paired_sweep`]), and the shortest result
/// is kept.
fn finish(cube: &Cube, so_far: Vec<Move>, ctx: &Ctx) -> Result<Vec<Move>, SolveError> {
    if cube.is_solved() {
        return Ok(simplify(&so_far));
    }
    let tries: Vec<Result<Vec<Move>, SolveError>> = (0..ctx.opts.effort.sweep_orders())
        .into_par_iter()
        .map(|variant| {
            let mut moves = so_far.clone();
            let mut work = cube.clone();
            // With the insertion to follow, the sweep leaves the innermost cells to it.
            let insertion = ctx.opts.effort.level() >= INSERTION_EFFORT;
            let leave = if insertion {
                sweep::LEFT_FOR_INSERTION
            } else {
                0
            };
            let mut more = sweep::run(&work, ctx, variant, leave);
            if ctx.opts.effort.level() >= PAIRED_SWEEP_EFFORT {
                more = paired_sweep(&work, more);
            }
            if insertion {
                more = insert::run(work.cells(), &more);
            }
            work.apply_all(&more);
            moves.extend(more);
            ctx.report("sweep", &work, moves.len());
            if !work.is_solved() {
                moves.extend(endgame::run(&work, ctx)?);
            }
            Ok(simplify(&moves))
        })
        .collect();
    // The first shortest in variant order, so that the choice does not depend on timing.
    let mut best: Option<Vec<Move>> = None;
    for t in tries {
        let moves = t?;
        keep_shorter(&mut best, moves);
    }
    Ok(best.expect("at least one sweep order"))
}

/// Misplaced cells left by the beam up to which commutators finish (alone, or beside
/// a sweep from [`RESIDUE_FOR_BOTH`]); above it, sweep and endgame do. Measured on the
/// bench's challenge cubes and 10-100-move scrambles: up to about 230 commutators
/// alone were shorter in every case (by 5-60%), from about 240 a sweep (from the
/// beam's cube or from the start) was; since the sweep favours the cells due next,
/// sweeps win some residues of 150-240.
const RESIDUE_FOR_ENDGAME: usize = 240;

/// Misplaced cells left by the beam from which a sweep is tried beside the
/// commutators (up to [`RESIDUE_FOR_ENDGAME`]) and the shorter finish kept. On the
/// bench's challenge cubes and 10-100-move scrambles trying both from 150 cells took
/// 11,517 moves in all to 11,467 (challenge-2 734 to 699); from 100 or 60 cells the
/// same, at more time.
const RESIDUE_FOR_BOTH: usize = 150;

/// Cells the bond-led beam's repaired path may leave on a shallow scramble for its
/// edit beam to run before the second beam (see [`shallow_picked`]); when the edit
/// beam leaves nothing, the second beam is not run. On 40 scrambles of 20-45 moves
/// (seed 77) it undid one more within its length (76 moves to 31) and cut the
/// second beam on five; on 40 of 10-30 moves (seed 78), the same answers, with the
/// second beam cut on three and the early edit beam in vain on six (where the
/// second path was picked). The bench's answers are the same; scramble-8 took 1.2 s
/// instead of 1.5. From up to 60 cells, the edit beam ran in vain on two more of the
/// first set (residues of 37 and 56, 0.6 s each). (Measured before the pairs, which
/// now run with the edit beam; up to 60 cells still changed no answer.)
const EARLY_EDIT_RESIDUE: usize = 30;

/// Longest solution that [`tighten`] tries to make shorter.
const TIGHTEN_MOST: usize = 100;

/// Lowest effort at which commutators are put into the path before the endgame (see
/// [`insert`]), both into a sweep's moves and into a beam's whose residue the
/// commutators finish. On the bench's challenge cubes and 10-100-move scrambles,
/// 7,714 moves in all -> 7,453 with the sweeps' (8 shorter, none longer), -> 7,050
/// with the beams' too (8 more shorter, none longer), for no more CPU time (the
/// endgame after them has fewer cells to fix); its 5000-move scrambles 751 / 782 /
/// 831 -> 725 / 745 / 811.
const INSERTION_EFFORT: u32 = 2;

/// Cells left by a beam up to which its residue is also finished by the commutators
/// alone, without [`insert`], and the shorter kept: on a shallow scramble the beam
/// all but undid, a commutator put in can get in the way of what the final passes
/// make of the path. Above it, on 80 scrambles of 33-50 moves (`cubist scramble
/// --seed` 501-580) and 160 of 40-60 moves (seeds 601-760), the commutators alone
/// never gave the shorter answer, and skipping them took the slowest cube of the 160
/// from 2.09 s to 1.71 s.
const PLAIN_ENDGAME_RESIDUE: usize = 60;

/// Moves the endgame spends on one misplaced cell, about (measured on deep scrambles).
pub(super) const ENDGAME_MOVES_PER_CELL: f64 = 3.4;

/// `cube` after `moves`.
fn played(cube: &Cube, moves: &[Move]) -> Cube {
    let mut after = cube.clone();
    after.apply_all(moves);
    after
}

/// Find moves that restore `cube`, checked by applying them.
///
/// An effort above the default searches differently, not only for longer (wider
/// beams slip elsewhere), and now and then finishes a cube the default undoes in
/// more moves. From effort 3 on it also runs the default effort on the cube seen
/// through each of its twelve symmetries (see [`crate::symmetry`]; each ends in a
/// different solution) and keeps the shortest, so that more effort is never longer.
/// The long annealing runs of efforts 4 and 5 (minutes a cube) come after all that,
/// and only when the shortest answer so far is longer than the scramble the cube's
/// misplaced cells suggest: an answer that short the runs seldom beat.
/// With [`SolveOptions::anytime`] and a time budget, those runs and the higher
/// efforts follow while the budget lasts (on a deep cube the higher efforts first).
/// Under a budget each further run gets what is left of it, and is begun only when it
/// is likely to end in time, judged by how long the first run took and how much
/// longer its effort usually takes; with an ample budget every run does its full
/// work, so the answer is the same on every machine.
pub fn solve(cube: &Cube, opts: &SolveOptions) -> Result<Solution, SolveError> {
    let start = Instant::now();
    let mut moves = solve_at(cube, opts, false)?;
    let first = start.elapsed();
    for run in further_runs(opts, cube.misplaced() > BOTH_LEADS_MISPLACED) {
        let time_budget = match opts.time_budget {
            Some(budget) => {
                let left = budget.saturating_sub(start.elapsed());
                let ratio = EFFORT_TIME[run.effort.level() as usize - 1]
                    / EFFORT_TIME[opts.effort.level() as usize - 1];
                if first.mul_f64(ratio) > left {
                    continue;
                }
                Some(left)
            }
            None => None,
        };
        let symmetry = &symmetries()[run.symmetry];
        let seen = symmetry.cube(cube);
        let other = solve_at(
            &seen,
            &SolveOptions {
                effort: run.effort,
                time_budget,
                anytime: false,
                progress: for_further_run(&opts.progress, moves.len(), run.symmetry),
            },
            true,
        )?;
        let back = other.iter().map(|&m| symmetry.back(m)).collect();
        take_if_shorter(cube, &mut moves, back)?;
    }
    let level = opts.effort.level();
    if anneal::long_runs(level) && anneal::anneals(level, cube.misplaced()) {
        let ctx = Ctx {
            start,
            opts: SolveOptions {
                progress: for_further_run(&opts.progress, moves.len(), 0),
                ..opts.clone()
            },
        };
        let mut best = Some(moves.clone());
        annealed(cube, &mut best, &std::cell::OnceCell::new(), &ctx)?;
        take_if_shorter(cube, &mut moves, best.expect("kept"))?;
    }
    // Last, undos played too early and taken back come out (see `takeback`), and from
    // effort 4 tangles (see `untangle`) while a time budget lasts: after everything
    // else, so that the passes only ever shorten the answer.
    let untangles = anneal::long_runs(level) && !out_of_time(opts.time_budget, start);
    let loose = loosened(cube, &moves, untangles);
    if loose.len() < moves.len() {
        take_if_shorter(cube, &mut moves, loose)?;
    }
    Ok(Solution {
        moves,
        elapsed: start.elapsed(),
    })
}

/// Makes `other` the answer in `moves` when it is shorter, once it is checked to
/// solve `cube`: a further run's answer is played on the cube as given (a symmetry's
/// moves seen back, or a long run's finish) before it replaces the one in hand.
fn take_if_shorter(cube: &Cube, moves: &mut Vec<Move>, other: Vec<Move>) -> Result<(), SolveError> {
    if other.len() < moves.len() {
        let left = played(cube, &other).misplaced();
        if left > 0 {
            return Err(SolveError::NotVerified(left));
        }
        *moves = other;
    }
    Ok(())
}

/// `progress` for a further run: every report says that the shortest solution so far
/// has `best` moves, and which symmetry the run sees the cube through.
fn for_further_run(
    progress: &Option<ProgressFn>,
    best: usize,
    symmetry: usize,
) -> Option<ProgressFn> {
    progress.clone().map(|p| -> ProgressFn {
        Arc::new(move |r: &Progress| {
            p(&Progress {
                best: Some(best),
                symmetry,
                ..r.clone()
            })
        })
    })
}

/// About how long each effort takes against the default (effort 1 first), from
/// `cubist solve --effort 1..5` on a 5000-move scramble, challenge-3 and a 40-move
/// scramble, rounded up: a further run at effort `e` after a first one at `f` is
/// expected to take the first one's time times `EFFORT_TIME[e] / EFFORT_TIME[f]`.
const EFFORT_TIME: [f64; 5] = [0.2, 1.0, 14.0, 32.0, 150.0];

/// Lowest effort at which [`solve`] also runs the default effort on the cube seen
/// through each of its symmetries and keeps the shortest solution. Each symmetry
/// gives the solver's searches a different cube to break ties and prune on, so the
/// solutions differ, often by a lot on cubes the beam does not quite undo. On 60
/// scrambles of 10-100 moves (`cubist bench --count 60 --seed 7`): the default
/// effort 12,866 moves in all, 22 undone within their length; effort 3 before
/// (with the default) 11,874 and 24; the default in all twelve symmetries 11,440
/// and 26 (in six, 11,863 and 26), in 1.5 times effort 3's time; both together
/// 11,196 and 26.
const SYMMETRY_EFFORT: u32 = 3;

/// One further run of [`solve`]: the stages at `effort` on the cube seen through
/// symmetry number `symmetry` (see [`symmetries`]; 0 is the cube as given).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    effort: Effort,
    symmetry: usize,
}

/// The runs [`solve`] makes after the one asked for, in turn: from
/// [`SYMMETRY_EFFORT`] on, the default effort in every symmetry (so that more effort
/// is never longer); with [`SolveOptions::anytime`] and a time budget, those (but the
/// first run's own) at any effort, and every effort above both on the cube as given.
/// Under a budget a run that is not likely to end in time is passed over, and a
/// cheaper one after it may still run, so the order says what comes first. On a cube
/// of up to [`BOTH_LEADS_MISPLACED`] cells (a scramble of up to about 100 moves) the
/// default's symmetries go first: each takes about the first run's time, so they fill
/// a budget no higher effort would fit in, and on the set above they were worth more
/// than effort 3 for the time. On a deeper cube the higher efforts go first: on a
/// 5000-move scramble (`--seed 1`) the default took 819 moves, effort 3 773 in
/// about six times the default's time, the eleven other symmetries 789 in eleven.
fn further_runs(opts: &SolveOptions, deep: bool) -> Vec<Run> {
    let level = opts.effort.level();
    let anytime = opts.anytime && opts.time_budget.is_some();
    let default = Effort::DEFAULT;
    let mut symmetric = Vec::new();
    if level >= SYMMETRY_EFFORT || anytime {
        symmetric.extend(
            (0..SYMMETRIES)
                .filter(|&symmetry| level != default.level() || symmetry != 0)
                .map(|symmetry| Run {
                    effort: default,
                    symmetry,
                }),
        );
    }
    let mut higher = Vec::new();
    if anytime {
        let above = (level + 1).max(default.level() + 1);
        higher.extend((above..=Effort::MAX).map(|level| Run {
            effort: Effort::new(level),
            symmetry: 0,
        }));
    }
    if deep {
        higher.append(&mut symmetric);
        higher
    } else {
        symmetric.append(&mut higher);
        symmetric
    }
}

/// [`solve`] at the effort of `opts` alone; with the long annealing runs of efforts 4
/// and 5 (see [`annealed`]) only when `long_inline`.
fn solve_at(cube: &Cube, opts: &SolveOptions, long_inline: bool) -> Result<Vec<Move>, SolveError> {
    let ctx = Ctx {
        start: Instant::now(),
        opts: opts.clone(),
    };
    let leads = Lead::to_try(cube, opts.effort);
    // The sweep and endgame from the start, which every lead may compare with (and
    // the whole answer for a deep cube that gets no beam).
    let from_start = std::cell::OnceCell::new();
    let mut best: Option<Vec<Move>> = None;
    // Undo what the beams can (all of a shallow scramble, often), then finish.
    let mut beams: Vec<(Lead, Vec<Vec<Move>>)> = leads
        .iter()
        .filter(|&&lead| !skips_cell_led_beam(cube, opts, lead))
        .map(|&lead| (lead, beam::run(cube, &ctx, lead, leads.len() as u32)))
        .collect();
    if beams.len() > 1 && opts.effort.level() < FINISH_BOTH_EFFORT {
        let pick = likelier_shorter(cube, &beams);
        beams = vec![beams.swap_remove(pick)];
    }
    let mut undone = false;
    for (_, paths) in beams {
        let (moves, all) = if leads == [Lead::Bonds] && picks_second_beam(opts) {
            shallow_picked(cube, paths, &from_start, &ctx)?
        } else {
            after_beam(cube, paths, &from_start, &ctx)?
        };
        undone |= all;
        keep_shorter(&mut best, moves);
    }
    // A shallow scramble the bond-led beam did not undo gets a second beam, scored a
    // little differently: where the first slips, the second often does not.
    if leads == [Lead::Bonds] && !undone && opts.effort.level() >= SECOND_BEAM_EFFORT {
        let paths = beam::run(cube, &ctx, Lead::Aligned, 1);
        let (moves, _) = after_beam(cube, paths, &from_start, &ctx)?;
        keep_shorter(&mut best, moves);
    }
    // So does a cube of 331-400 misplaced cells (a scramble of about 33-50 moves): a
    // wider bond-led beam (from [`SPREAD_EFFORT`], where the first is wider already,
    // one whose cubes spread wider), repaired, and finished when it promises to be
    // shorter (from [`SPREAD_EFFORT`] always).
    let band = (SHALLOW_MISPLACED + 1..=WIDE_BOND_MISPLACED).contains(&cube.misplaced());
    if !undone && band && opts.effort.level() >= PICKED_SPREAD_EFFORT {
        let always = opts.effort.level() >= SPREAD_EFFORT;
        for lead in second_attempts(opts) {
            let paths = beam::run(cube, &ctx, lead, leads.len() as u32);
            let (moves, left) = repaired(cube, paths, &ctx);
            let first = best.as_ref().map_or(usize::MAX, Vec::len);
            if always || spread_promises_shorter(moves.len(), left.misplaced(), first) {
                let (moves, _) = finished(cube, moves, left, true, &from_start, &ctx)?;
                keep_shorter(&mut best, moves);
            }
        }
    }
    // From effort 3, a cube of about 30-60 scramble moves (from effort 4 up to about
    // 100, in long runs, which [`solve`] makes last unless `long_inline`): annealed
    // whole sequences (see [`anneal`]), each finished as a beam's path would be when
    // [`anneal::finishes`] says so (and all compared polished); not when the best so
    // far, polished, is short already.
    let level = opts.effort.level();
    let anneals =
        anneal::anneals(level, cube.misplaced()) && (long_inline || !anneal::long_runs(level));
    if anneals {
        best = best.map(|b| polished(cube, b, opts));
        annealed(cube, &mut best, &from_start, &ctx)?;
    }
    // A cube no beam ran on (a deep one, below effort 3) is finished from the start.
    // What the annealing stage saw is polished already.
    let moves = match best {
        Some(best) if anneals => best,
        Some(best) => polished(cube, best, opts),
        None => polished(
            cube,
            finished_from_start(cube, &from_start, &ctx)?.clone(),
            opts,
        ),
    };
    let check = played(cube, &moves);
    if !check.is_solved() {
        return Err(SolveError::NotVerified(check.misplaced()));
    }
    Ok(moves)
}

/// The annealing stage: the effort's runs on `cube` (see [`anneal`]), round by round
/// while [`anneal::another_round`] says the `best` solution so far (polished) is long
/// enough to be worth it; each run's sequence that [`anneal::finishes`] says is worth
/// it (one leaving few cells; a long run's always) is finished as a beam's path is,
/// polished, and kept in `best` when shorter. A long run's sequence is finished on
/// the cube seen through each of its twelve symmetries (while a time budget lasts):
/// a large residue's finishes differ by tens of moves from one symmetry to another,
/// and they cost seconds against the run's minutes.
fn annealed(
    cube: &Cube,
    best: &mut Option<Vec<Move>>,
    from_start: &std::cell::OnceCell<Vec<Move>>,
    ctx: &Ctx,
) -> Result<(), SolveError> {
    let level = ctx.opts.effort.level();
    for round in 0.. {
        let began = ctx.start.elapsed();
        let budget_spent = ctx.annealing_spent(began) >= 1.0;
        let best_len = best.as_ref().map(Vec::len);
        if !anneal::another_round(level, round, cube.misplaced(), best_len, budget_spent) {
            break;
        }
        ctx.report("anneal", cube, 0);
        let spent = |steps: f64| {
            let by_time = ctx.annealing_spent(began);
            ctx.report_part("anneal", cube, 0, Some(steps.max(by_time)));
            by_time
        };
        for found in anneal::runs(cube, level, round, &spent) {
            let left = played(cube, &found.moves);
            ctx.report("anneal", &left, found.moves.len());
            if !anneal::finishes(level, found.left) {
                continue;
            }
            let views = if anneal::long_runs(level) {
                SYMMETRIES
            } else {
                1
            };
            let moves = finished_in_views(cube, &found.moves, views, from_start, ctx)?;
            // A long run's answer is often the undo but for a tangle or two, which
            // the last pass would cut out of the best answer only: cut out of each,
            // a run's answer may become the best.
            let moves = if anneal::long_runs(level) {
                loosened(cube, &moves, !out_of_time(ctx.opts.time_budget, ctx.start))
            } else {
                moves
            };
            keep_shorter(best, moves);
        }
    }
    Ok(())
}

/// Whether a solve begun at `start` has spent its time `budget` (never without one):
/// the one test of the further symmetries' finishes and of the untangling.
fn out_of_time(budget: Option<Duration>, start: Instant) -> bool {
    budget.is_some_and(|b| start.elapsed() >= b)
}

/// `moves`, which solve `cube`, with pairs of a move and its undo taken out (see
/// [`takeback`], milliseconds) and, when `untangles` (in the long runs' efforts, see
/// [`anneal::long_runs`], while a time budget lasts: it takes seconds), tangles cut
/// out and mended (see [`untangle`]), the rest shortened, while that helps. Never
/// longer than `moves`.
fn loosened(cube: &Cube, moves: &[Move], untangles: bool) -> Vec<Move> {
    let mut best = moves.to_vec();
    loop {
        let mut next = takeback::take_back(cube.cells(), &SOLVED, &best);
        if untangles {
            next = untangle::untangle(cube.cells(), &next);
        }
        if next.len() >= best.len() {
            return best;
        }
        best = shorten::shorten(cube.cells(), &SOLVED, &next);
    }
}

/// The shortest of the finishes of `moves` (played on `cube`) on the cube seen through
/// each of the first `views` symmetries (while a time budget lasts; the first, the
/// cube as given, always), each polished. `from_start` is the cube's own finish from
/// the start.
fn finished_in_views(
    cube: &Cube,
    moves: &[Move],
    views: usize,
    from_start: &std::cell::OnceCell<Vec<Move>>,
    ctx: &Ctx,
) -> Result<Vec<Move>, SolveError> {
    let mut best = None;
    for (k, symmetry) in symmetries()[..views].iter().enumerate() {
        if k > 0 && out_of_time(ctx.opts.time_budget, ctx.start) {
            break;
        }
        let seen = symmetry.cube(cube);
        let moves: Vec<Move> = moves.iter().map(|&m| symmetry.forward(m)).collect();
        let left = played(&seen, &moves);
        let own = std::cell::OnceCell::new();
        let from_start = if k == 0 { from_start } else { &own };
        let (moves, _) = finished(&seen, moves, left, true, from_start, ctx)?;
        let back = moves.iter().map(|&m| symmetry.back(m)).collect();
        keep_shorter(&mut best, polished(cube, back, &ctx.opts));
    }
    Ok(best.expect("the first view is always finished"))
}

/// `moves`, which solve `cube`, with moves taken out and the rest mended (see
/// [`tighten`]) when there are at most [`TIGHTEN_MOST`], then runs of moves that fewer
/// do the work of replaced (see [`shorten`]).
fn polished(cube: &Cube, mut moves: Vec<Move>, opts: &SolveOptions) -> Vec<Move> {
    if opts.effort.level() >= Effort::DEFAULT.level() && moves.len() <= TIGHTEN_MOST {
        moves = tighten::tighten(cube.cells(), &moves);
    }
    shorten::shorten(cube.cells(), &SOLVED, &moves)
}

/// [`after_beam`] for a shallow scramble below [`SECOND_BEAM_EFFORT`]: when the repairs
/// of the bond-led beam's `paths` leave cells, a second beam ([`Lead::Aligned`]) is run
/// and repaired too, and only the one with fewer moves plus [`PICK_MOVES_PER_CELL`]
/// per cell left goes on to the edit beam and the finish. A beam takes about 0.2-0.4
/// s here, its repairs 0.3-0.4 s, the edit beam up to 0.6 s: finishing only one keeps
/// the default effort near its two seconds a cube. A first path leaving at most
/// [`EARLY_EDIT_RESIDUE`] cells gets its edit beam first, and the second beam only if
/// that leaves cells.
fn shallow_picked(
    cube: &Cube,
    paths: Vec<Vec<Move>>,
    from_start: &std::cell::OnceCell<Vec<Move>>,
    ctx: &Ctx,
) -> Result<(Vec<Move>, bool), SolveError> {
    let first = repaired(cube, paths, ctx);
    let key =
        |(moves, left): &(Vec<Move>, Cube)| left.misplaced() * PICK_MOVES_PER_CELL + moves.len();
    let first_key = key(&first);
    // A small residue gets the edit beam it would get when picked before the second
    // beam is run: when that leaves nothing, the second beam is not needed.
    let early = first.1.misplaced() <= EARLY_EDIT_RESIDUE;
    let first = if early {
        edited(cube, first, ctx)
    } else {
        first
    };
    if first.1.is_solved() {
        return finished(cube, first.0, first.1, false, from_start, ctx);
    }
    let second = repaired(cube, beam::run(cube, ctx, Lead::Aligned, 1), ctx);
    if key(&second) < first_key {
        finished(cube, second.0, second.1, true, from_start, ctx)
    } else {
        finished(cube, first.0, first.1, !early, from_start, ctx)
    }
}

/// Keeps `moves` as the `best` solution when there is none yet or it is shorter (of
/// equal lengths the first stays, so the choice does not depend on timing).
fn keep_shorter(best: &mut Option<Vec<Move>>, moves: Vec<Move>) {
    if best.as_ref().is_none_or(|b| moves.len() < b.len()) {
        *best = Some(moves);
    }
}

/// The whole solution after the beam found `paths` (best first): its worthwhile
/// prefix, repaired when it leaves at most
/// [`RESIDUE_FOR_BEST_REPAIR`](mend::RESIDUE_FOR_BEST_REPAIR) cells, then finished by
/// commutators or by sweep and endgame as the residue calls for; and whether the beam's
/// moves (repaired) solved the cube by themselves. `from_start` caches the finish from
/// `cube` itself, which a large residue compares with.
fn after_beam(
    cube: &Cube,
    paths: Vec<Vec<Move>>,
    from_start: &std::cell::OnceCell<Vec<Move>>,
    ctx: &Ctx,
) -> Result<(Vec<Move>, bool), SolveError> {
    let (beam_moves, work) = repaired(cube, paths, ctx);
    finished(cube, beam_moves, work, true, from_start, ctx)
}

/// The rest of [`after_beam`] after [`repaired`]: the edit beam and pairs for a small
/// residue ([`edited`], unless `edit` is false: they ran already), the continued beam
/// (from effort 3) for a large one, then the finish.
fn finished(
    cube: &Cube,
    beam_moves: Vec<Move>,
    work: Cube,
    edit: bool,
    from_start: &std::cell::OnceCell<Vec<Move>>,
    ctx: &Ctx,
) -> Result<(Vec<Move>, bool), SolveError> {
    let (mut beam_moves, mut work) = if edit {
        edited(cube, (beam_moves, work), ctx)
    } else {
        (beam_moves, work)
    };
    // From effort 3 a large residue gets a narrow bond-led beam more, from the
    // repaired cube, whose tangles no longer hide the scramble moves around them.
    let continued = ctx.opts.effort.level() >= CONTINUED_BEAM_EFFORT
        && work.misplaced() > RESIDUE_FOR_CONTINUED_BEAM;
    if continued {
        (beam_moves, work) = continue_beam(cube, beam_moves, work, ctx);
    }
    if let Some(last) = finish::run(&work) {
        work.apply_all(&last);
        beam_moves.extend(last);
    }
    ctx.report("beam", &work, beam_moves.len());
    let undone = work.is_solved();
    let moves = if undone {
        simplify(&beam_moves)
    } else if work.misplaced() <= RESIDUE_FOR_ENDGAME {
        // A small residue, in the few tangled regions the beam could not undo:
        // commutators, which disturb nothing else, fix it in fewer moves than a sweep,
        // mostly; towards the top of the range both are tried.
        // Commutators put into the beam's moves first (see [`insert`]); for a residue
        // of at most [`PLAIN_ENDGAME_RESIDUE`] cells the commutators alone are tried
        // too, and the shorter kept.
        let insertion = ctx.opts.effort.level() >= INSERTION_EFFORT;
        let mut direct: Option<Vec<Move>> = None;
        if !insertion || work.misplaced() <= PLAIN_ENDGAME_RESIDUE {
            let mut plain = beam_moves.clone();
            plain.extend(endgame::run(&work, ctx)?);
            direct = Some(simplify(&plain));
        }
        if insertion {
            let mut inserted = insert::run(cube.cells(), &beam_moves);
            inserted.extend(endgame::run(&played(cube, &inserted), ctx)?);
            let inserted = simplify(&inserted);
            if direct.as_ref().is_none_or(|d| inserted.len() < d.len()) {
                direct = Some(inserted);
            }
        }
        let direct = direct.expect("a finish of the residue");
        if work.misplaced() >= RESIDUE_FOR_BOTH {
            let swept = finish(&work, beam_moves, ctx)?;
            let mut best = if swept.len() < direct.len() {
                swept
            } else {
                direct
            };
            // A residue the continued beam brought into this range was a large
            // one, which the finish from the start may still beat.
            if continued {
                let fresh = finished_from_start(cube, from_start, ctx)?;
                if fresh.len() < best.len() {
                    best = fresh.clone();
                }
            }
            best
        } else {
            direct
        }
    } else {
        // A large residue is a deep scramble in all but name: sweep and endgame, from
        // the beam's cube and (when the beam played something on a cube of more than
        // [`START_FINISH_MISPLACED`] cells) from the start.
        let from_start_too = compares_with_start(cube, &beam_moves);
        let mut moves = finish(&work, beam_moves, ctx)?;
        if from_start_too {
            let direct = finished_from_start(cube, from_start, ctx)?;
            if direct.len() < moves.len() {
                moves = direct.clone();
            }
        }
        moves
    };
    Ok((moves, undone))
}

/// Whether the finish of a large residue that the beam's `beam_moves` left on `cube` is
/// compared with the finish from `cube` itself: only when the beam played something,
/// on a cube of more than [`START_FINISH_MISPLACED`] cells.
fn compares_with_start(cube: &Cube, beam_moves: &[Move]) -> bool {
    !beam_moves.is_empty() && cube.misplaced() > START_FINISH_MISPLACED
}

/// Sweep and endgame from `cube` itself, computed once and kept in `from_start`.
fn finished_from_start<'a>(
    cube: &Cube,
    from_start: &'a std::cell::OnceCell<Vec<Move>>,
    ctx: &Ctx,
) -> Result<&'a Vec<Move>, SolveError> {
    if from_start.get().is_none() {
        let _ = from_start.set(finish(cube, Vec::new(), ctx)?);
    }
    Ok(from_start.get().expect("just set"))
}

#[cfg(test)]
mod tests {
    use super::lead::{WIDEST_BOND_MISPLACED, WIDE_SECOND_BEAM};
    use super::mend::{RESIDUE_FOR_BEST_REPAIR, RESIDUE_FOR_REPAIR, RUNNER_UP_PREFIXES_EFFORT};
    use super::*;
    use crate::moves::Axis;

    /// `solve` at `opts`, its answer checked by playing it.
    fn solved_checked(cube: &Cube, opts: &SolveOptions) -> Solution {
        let solution = solve(cube, opts).unwrap();
        assert!(played(cube, &solution.moves).is_solved());
        solution
    }

    /// Moves in the checked solution of `cube` at effort `level` alone (without the
    /// default effort's run that [`solve`] adds above it, so that what the level's
    /// own stages find is what is measured).
    fn length_at_effort(cube: &Cube, level: u32) -> usize {
        let opts = SolveOptions {
            effort: Effort::new(level),
            ..SolveOptions::default()
        };
        let moves = solve_at(cube, &opts, true).unwrap();
        assert!(played(cube, &moves).is_solved());
        moves.len()
    }

    #[test]
    fn more_effort_never_gives_a_longer_solution() {
        // A 27-move scramble the default undoes in 27 moves; effort 3's own stages
        // took 41 (measured).
        let cube = seeded_scramble(631, 27);
        let default = length_at_effort(&cube, Effort::DEFAULT.level());
        let opts = SolveOptions {
            effort: Effort::new(3),
            ..SolveOptions::default()
        };
        let higher = solved_checked(&cube, &opts).moves.len();
        assert!(higher <= default, "{higher} moves against {default}");
        assert!(default <= 27, "{default} moves");
    }

    /// A context at effort 4 whose time budget is spent at once (each annealing run
    /// ends at its first check), reporting to `progress`.
    fn effort_4_budget_spent(progress: ProgressFn) -> Ctx {
        Ctx {
            start: Instant::now(),
            opts: SolveOptions {
                effort: Effort::new(4),
                time_budget: Some(Duration::from_millis(1)),
                progress: Some(progress),
                ..SolveOptions::default()
            },
        }
    }

    #[test]
    fn long_runs_are_made_only_for_an_answer_longer_than_the_likely_scramble() {
        use rand::SeedableRng;
        use std::sync::Mutex;
        // A 40-move scramble: its cells suggest about 40 moves.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let (cube, scramble) = crate::scramble::scramble(&mut rng, 40);
        let undo = crate::moves::invert(&scramble);
        let likely = anneal::likely_length(cube.misplaced());
        assert!(undo.len() <= likely, "{} cells", cube.misplaced());
        // The same answer with cancelling pairs added, longer than the likely length.
        let mut longer = undo.clone();
        let spare = undo[0];
        for _ in 0..=likely - undo.len() {
            longer.extend([spare, spare.inverse()]);
        }
        let stages = |answer: &Vec<Move>| {
            let seen = Arc::new(Mutex::new(Vec::new()));
            let record = seen.clone();
            let ctx = effort_4_budget_spent(Arc::new(move |p: &Progress| {
                record.lock().unwrap().push(p.stage)
            }));
            let mut best = Some(answer.clone());
            annealed(&cube, &mut best, &std::cell::OnceCell::new(), &ctx).unwrap();
            assert!(played(&cube, best.as_ref().unwrap()).is_solved());
            assert!(best.unwrap().len() <= answer.len());
            let seen = seen.lock().unwrap().clone();
            seen
        };
        assert_eq!(stages(&undo), Vec::<&str>::new());
        assert!(stages(&longer).contains(&"anneal"));
    }

    #[test]
    fn a_long_run_leaving_many_cells_is_still_finished() {
        use std::sync::Mutex;
        // An 80-move scramble; runs ended at their first check (a budget spent at
        // once) leave hundreds of cells, more than effort 3 would finish.
        let cube = seeded_scramble(21, 80);
        let seen = Arc::new(Mutex::new(Vec::new()));
        let record = seen.clone();
        let ctx = effort_4_budget_spent(Arc::new(move |p: &Progress| {
            record.lock().unwrap().push((p.stage, p.misplaced, p.moves))
        }));
        let mut best = None;
        annealed(&cube, &mut best, &std::cell::OnceCell::new(), &ctx).unwrap();
        let seen = seen.lock().unwrap().clone();
        // The runs' reports: their sequences and the cells they leave.
        let runs: Vec<_> = seen
            .iter()
            .filter(|&&(stage, _, moves)| stage == "anneal" && moves > 0)
            .collect();
        assert_eq!(runs.len(), 2, "{seen:?}");
        assert!(runs.iter().all(|&&(_, left, _)| !anneal::finishes(3, left)));
        let answer = best.expect("a finished sequence");
        assert!(played(&cube, &answer).is_solved());
    }

    #[test]
    fn a_sequence_finished_in_every_symmetry_solves_the_cube_and_is_no_longer_than_as_given() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
        let (cube, scramble) = crate::scramble::scramble(&mut rng, 24);
        // The undo without its last four moves: a residue of a few dozen cells.
        let mut undo = crate::moves::invert(&scramble);
        undo.truncate(20);
        let ctx = Ctx {
            start: Instant::now(),
            opts: SolveOptions {
                effort: Effort::new(4),
                ..SolveOptions::default()
            },
        };
        let finish = |views| {
            let moves =
                finished_in_views(&cube, &undo, views, &std::cell::OnceCell::new(), &ctx).unwrap();
            assert!(played(&cube, &moves).is_solved(), "{views} views");
            moves.len()
        };
        let (as_given, all) = (finish(1), finish(SYMMETRIES));
        assert!(all <= as_given, "{all} against {as_given}");
    }

    #[test]
    fn further_runs_are_the_default_in_every_symmetry_and_with_a_budget_every_higher_effort() {
        let runs_on = |deep, level, budget: Option<Duration>, anytime| -> Vec<(u32, usize)> {
            let opts = SolveOptions {
                effort: Effort::new(level),
                time_budget: budget,
                anytime,
                ..SolveOptions::default()
            };
            further_runs(&opts, deep)
                .iter()
                .map(|r| (r.effort.level(), r.symmetry))
                .collect()
        };
        let runs = |level, budget, anytime| runs_on(false, level, budget, anytime);
        let default = |from| (from..SYMMETRIES).map(|s| (2, s)).collect::<Vec<_>>();
        let then = |mut runs: Vec<(u32, usize)>, levels: &[u32]| {
            runs.extend(levels.iter().map(|&l| (l, 0)));
            runs
        };
        let hour = Some(Duration::from_secs(3600));
        assert_eq!(runs(2, None, false), []);
        assert_eq!(runs(1, None, false), []);
        assert_eq!(runs(3, None, false), default(0));
        assert_eq!(runs(5, None, false), default(0));
        assert_eq!(runs(2, None, true), []);
        assert_eq!(runs(2, hour, false), []);
        assert_eq!(runs(2, hour, true), then(default(1), &[3, 4, 5]));
        assert_eq!(runs(1, hour, true), then(default(0), &[3, 4, 5]));
        assert_eq!(runs(4, hour, true), then(default(0), &[5]));
        assert_eq!(runs(5, hour, true), default(0));
        // On a deep cube the higher efforts come first.
        let mut expected = vec![(3, 0), (4, 0), (5, 0)];
        expected.extend(default(1));
        assert_eq!(runs_on(true, 2, hour, true), expected);
    }

    #[test]
    fn a_time_budget_is_spent_on_higher_efforts_and_a_spent_one_begins_none() {
        // A 22-move scramble that effort 1 finishes in 47 moves, the default in 41 and
        // efforts 3 and 5 in 21 (measured), each in seconds.
        let cube = seeded_scramble(50, 22);
        let at = |budget: Duration, anytime| SolveOptions {
            effort: Effort::new(1),
            time_budget: Some(budget),
            anytime,
            ..SolveOptions::default()
        };
        // An ample budget: a week, so that effort 5 (750 times effort 1's time) is
        // begun even when effort 1's run waited for the thread pool behind the long
        // annealing runs of tests running beside this one.
        let week = Duration::from_secs(7 * 24 * 3600);
        let alone = solved_checked(&cube, &at(week, false));
        let default = length_at_effort(&cube, Effort::DEFAULT.level());
        let reports = Arc::new(std::sync::Mutex::new(Vec::new()));
        let log = reports.clone();
        let ample = solved_checked(
            &cube,
            &SolveOptions {
                progress: Some(Arc::new(move |p: &Progress| {
                    log.lock().unwrap().push((p.effort, p.best, p.symmetry))
                })),
                ..at(week, true)
            },
        );
        assert!(
            ample.moves.len() < alone.moves.len(),
            "{} moves",
            ample.moves.len()
        );
        // The further runs report their effort, symmetry and the best answer so far:
        // the default in every symmetry first, then the higher efforts.
        // The best so far is the first run's answer, before the taking back that
        // follows everything.
        let first = solve_at(&cube, &at(week, false), false).unwrap().len();
        let reports = reports.lock().unwrap();
        assert!(reports.contains(&(1, None, 0)));
        assert!(reports.contains(&(2, Some(first), 0)));
        for symmetry in 1..SYMMETRIES {
            assert!(reports.iter().any(|&(e, _, s)| e == 2 && s == symmetry));
        }
        assert!(reports
            .iter()
            .any(|&(e, best, s)| e == 5 && best.is_some() && s == 0));
        assert!(
            ample.moves.len() < default,
            "{} against {default}",
            ample.moves.len()
        );
        // With nothing left after the first run, no further one is begun.
        let spent = solved_checked(&cube, &at(Duration::ZERO, true));
        assert_eq!(
            spent.moves,
            solved_checked(&cube, &at(Duration::ZERO, false)).moves
        );
    }

    /// Scramble number `index` of `cubist bench --puzzle cubular --seed SEED`'s set of
    /// 10-100-move scrambles.
    fn bench_scramble(seed: u64, index: usize) -> Cube {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut cube = Cube::solved();
        for _ in 0..=index {
            let n = rng.gen_range(10..=100);
            cube = crate::scramble::scramble(&mut rng, n).0;
        }
        cube
    }

    #[test]
    fn from_effort_3_the_default_runs_in_every_symmetry_and_the_shortest_is_kept() {
        // A 30-move scramble (`--count 60 --seed 7`, scramble-11) that the default
        // effort finishes in 38 moves, and in 30 when seen through symmetry 4
        // (measured).
        let cube = bench_scramble(7, 11);
        assert_eq!(cube.misplaced(), 317);
        let default = length_at_effort(&cube, Effort::DEFAULT.level());
        let symmetry = &symmetries()[4];
        let seen = solve_at(&symmetry.cube(&cube), &SolveOptions::default(), true).unwrap();
        let back: Vec<Move> = seen.iter().map(|&m| symmetry.back(m)).collect();
        assert!(played(&cube, &back).is_solved());
        assert!(back.len() < default, "{} against {default}", back.len());
        let opts = SolveOptions {
            effort: Effort::new(SYMMETRY_EFFORT),
            ..SolveOptions::default()
        };
        let higher = solved_checked(&cube, &opts).moves.len();
        assert!(higher <= back.len(), "{higher} against {}", back.len());
    }

    /// The cube `moves` random moves from solved, as `cubist scramble --seed` makes it.
    pub(super) fn seeded_scramble(seed: u64, moves: usize) -> Cube {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        crate::scramble::scramble(&mut rng, moves).0
    }

    #[test]
    fn a_shallow_scramble_the_bond_led_beam_slips_on_is_undone_by_the_second_at_the_default_effort()
    {
        // Without the second beam the default effort took 78 moves here (measured).
        let cube = seeded_scramble(22, 25);
        assert_eq!(Lead::to_try(&cube, Effort::DEFAULT), &[Lead::Bonds]);
        assert!(picks_second_beam(&SolveOptions::default()));
        let moves = solved_checked(&cube, &SolveOptions::default()).moves;
        assert!(moves.len() <= 25, "{} moves", moves.len());
    }

    #[test]
    fn of_the_two_repaired_shallow_paths_the_one_likelier_shorter_is_finished() {
        // The fewest cells left deciding, this took 63 moves (measured); moves plus two
        // per cell left pick the other path, which the finish takes to 53.
        let cube = seeded_scramble(10, 27);
        assert_eq!(Lead::to_try(&cube, Effort::DEFAULT), &[Lead::Bonds]);
        let moves = solved_checked(&cube, &SolveOptions::default()).moves;
        assert!(moves.len() <= 56, "{} moves", moves.len());
    }

    #[test]
    fn a_shallow_path_its_edit_beam_finishes_is_kept_without_a_second_beam() {
        // The bond-led path leaves 7 cells, which its edit beam undoes; picked by the
        // repaired paths alone, the second beam's path took 30 moves.
        let cube = seeded_scramble(3, 28);
        assert!(picks_second_beam(&SolveOptions::default()));
        assert!(length_at_effort(&cube, Effort::DEFAULT.level()) <= 28);
    }

    #[test]
    fn a_block_the_scramble_turned_twice_is_put_back_by_a_pair_of_turns() {
        // Without the pairs the repaired path leaves cells that the endgame finishes
        // in 66 moves in all.
        let cube = seeded_scramble(104, 28);
        assert!(length_at_effort(&cube, Effort::DEFAULT.level()) <= 28);
    }

    /// A cube two disjoint moves from solved, and the two moves that undo it.
    pub(super) fn two_moves_to_undo() -> (Cube, [Move; 2]) {
        let undo = [
            Move::new(2, 2, 2, Axis::X, 1).unwrap(),
            Move::new(6, 6, 6, Axis::Y, 2).unwrap(),
        ];
        let mut cube = Cube::solved();
        for m in undo.iter().rev() {
            cube.apply(m.inverse());
        }
        (cube, undo)
    }

    #[test]
    fn a_39_move_scramble_gets_a_wide_bond_led_beam_at_the_default_effort() {
        let cube = seeded_scramble(306, 39);
        assert!(Effort::DEFAULT.wide_bond_beam(cube.misplaced()).is_some());
        let length = solved_checked(&cube, &SolveOptions::default()).moves.len();
        // Measured: 81 moves with the bond-led beam 32 wide and 5 million moves.
        assert!(length <= 39, "{length} moves");
    }

    #[test]
    fn from_effort_3_a_band_cube_the_beams_do_not_undo_gets_a_spread_second_attempt() {
        // A 49-move scramble of 386 misplaced cells. Measured at effort 3: 268 moves
        // from the first attempt alone, 248 with the second.
        let cube = seeded_scramble(556, 49);
        let length = length_at_effort(&cube, SPREAD_EFFORT);
        assert!(length <= 258, "{length} moves");
    }

    #[test]
    fn at_the_default_effort_a_band_cube_the_first_beam_does_not_undo_may_get_a_second() {
        // A 40-move scramble in the band: 77 moves from the first attempt alone
        // (measured), undone in 40 by the wide second attempt, whose repaired path
        // promised a shorter solution.
        let cube = seeded_scramble(547, 40);
        assert!((SHALLOW_MISPLACED + 1..=WIDE_BOND_MISPLACED).contains(&cube.misplaced()));
        let length = length_at_effort(&cube, Effort::DEFAULT.level());
        assert!(length <= 45, "{length} moves");
    }

    #[test]
    fn at_the_default_effort_a_cube_of_401_to_450_cells_gets_the_widest_bond_led_beam_alone() {
        // A 48-move scramble of 410 misplaced cells. Measured: 222 moves with a
        // cell-led beam and a bond-led one 32 wide; undone in 48 by the widest one.
        let cube = seeded_scramble(659, 48);
        assert!((WIDE_BOND_MISPLACED + 1..=WIDEST_BOND_MISPLACED).contains(&cube.misplaced()));
        assert_eq!(
            Effort::DEFAULT.wide_bond_beam(cube.misplaced()),
            Some(WIDE_SECOND_BEAM)
        );
        assert!(skips_cell_led_beam(
            &cube,
            &SolveOptions::default(),
            Lead::Cells
        ));
        let length = solved_checked(&cube, &SolveOptions::default()).moves.len();
        assert!(length <= 52, "{length} moves");
    }

    #[test]
    fn only_a_cube_of_more_than_450_cells_is_also_finished_from_the_start() {
        let played = [Move::new(4, 4, 4, Axis::X, 1).unwrap()];
        let band = seeded_scramble(659, 48);
        assert!(band.misplaced() <= START_FINISH_MISPLACED);
        assert!(!compares_with_start(&band, &played));
        let deeper = seeded_scramble(0, 100);
        assert!(deeper.misplaced() > START_FINISH_MISPLACED);
        assert!(compares_with_start(&deeper, &played));
        assert!(!compares_with_start(&deeper, &[]));
    }

    #[test]
    fn a_mid_depth_cube_gains_from_the_bond_led_beam() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
        let (cube, _) = crate::scramble::scramble(&mut rng, 50);
        assert_eq!(Lead::to_try(&cube, Effort::DEFAULT).len(), 2);
        let length = length_at_effort(&cube, FINISH_BOTH_EFFORT);
        // Measured: the cell-led beam alone finished in 474 moves, with both 365.
        assert!(length < 474, "{length} moves");
    }

    #[test]
    fn effort_3_also_tries_the_default_efforts_wide_second_attempt() {
        // Challenge-1 (382 misplaced cells): the default effort's wide second beam
        // undoes it in 45 moves; effort 3's spread beam alone gave 221 (measured).
        let text = include_str!("../../../../tests/data/cubular/challenge-1.txt");
        let (cube, _) = crate::format::parse(text, None).unwrap();
        let length = length_at_effort(&cube, SPREAD_EFFORT);
        assert!(length <= 60, "{length} moves");
        let attempts = |level| {
            second_attempts(&SolveOptions {
                effort: Effort::new(level),
                ..SolveOptions::default()
            })
        };
        assert_eq!(attempts(2), [Lead::Wide]);
        assert_eq!(attempts(3), [Lead::Wide, Lead::Spread]);
        assert_eq!(attempts(4), [Lead::Spread]);
    }

    #[test]
    fn from_effort_3_both_beams_are_finished_and_the_shorter_kept() {
        // On challenge-2 the estimate picks the bond-led beam (649 moves in all) where
        // the cell-led one finishes in 626 (measured).
        let text = include_str!("../../../../tests/data/cubular/challenge-2.txt");
        let (cube, _) = crate::format::parse(text, None).unwrap();
        let length = length_at_effort(&cube, FINISH_BOTH_EFFORT);
        assert!(length < 649, "{length} moves");
    }

    #[test]
    fn a_best_path_the_repair_cannot_finish_is_repaired_from_its_prefixes() {
        // 30 random moves: the beam slips and plays on; the repair of its whole path
        // leaves cells (85 moves in all, measured), the repair of a prefix undoes the
        // scramble in 30.
        let length = length_at_effort(&seeded_scramble(1430, 30), Effort::DEFAULT.level());
        assert!(length <= 30, "{length} moves");
    }

    #[test]
    fn a_few_cells_left_after_the_repairs_are_retuned() {
        // 30 random moves: 50 moves without the retune (measured).
        let length = length_at_effort(&seeded_scramble(1130, 30), Effort::DEFAULT.level());
        assert!(length <= 30, "{length} moves");
    }

    #[test]
    fn a_small_residues_path_is_repaired_from_its_first_quarter_on() {
        // 25 random moves: 100 moves with prefixes from half the path (measured).
        let length = length_at_effort(&seeded_scramble(425, 25), Effort::DEFAULT.level());
        assert!(length <= 25, "{length} moves");
    }

    #[test]
    fn from_effort_3_the_runners_up_are_repaired_from_their_prefixes_too() {
        // 25 random moves: 34 moves at effort 3 without (measured).
        let length = length_at_effort(&seeded_scramble(225, 25), RUNNER_UP_PREFIXES_EFFORT);
        assert!(length <= 25, "{length} moves");
    }

    #[test]
    fn a_shallow_scramble_the_bond_led_beam_slips_on_gets_a_second_beam() {
        // 25 random moves: at effort 3 the bond-led beam slips (41 moves without the
        // second beam, measured) and the second, aligned beam undoes the scramble.
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1007);
        let (cube, _) = crate::scramble::scramble(&mut rng, 25);
        assert_eq!(Lead::to_try(&cube, Effort::DEFAULT), &[Lead::Bonds]);
        let length = length_at_effort(&cube, SECOND_BEAM_EFFORT);
        assert!(length <= 25, "{length} moves");
    }

    #[test]
    fn progress_reports_follow_the_beam_down_and_leave_the_answer_as_it_is() {
        use rand::SeedableRng;
        use std::sync::Mutex;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let (cube, _) = crate::scramble::scramble(&mut rng, 40);
        let quiet = solve(&cube, &SolveOptions::default()).unwrap().moves;
        let reports = Arc::new(Mutex::new(Vec::new()));
        let sink = reports.clone();
        let opts = SolveOptions {
            progress: Some(Arc::new(move |p: &Progress| {
                sink.lock().unwrap().push((p.stage, p.misplaced))
            })),
            ..SolveOptions::default()
        };
        assert_eq!(solve(&cube, &opts).unwrap().moves, quiet);
        let reports = reports.lock().unwrap();
        let beam: Vec<usize> = reports
            .iter()
            .filter(|(stage, _)| *stage == "beam")
            .map(|&(_, left)| left)
            .collect();
        // One report a level at least, starting near the cube's own count.
        assert!(beam.len() >= 10, "{reports:?}");
        assert!(beam[0] <= cube.misplaced() + 26, "{reports:?}");
        assert!(beam.iter().min() < Some(&cube.misplaced()), "{reports:?}");
    }

    #[test]
    fn the_beam_stops_on_work_and_a_time_budget_only_cuts_it_short() {
        let ctx = |budget: Option<Duration>| Ctx {
            start: Instant::now(),
            opts: SolveOptions {
                time_budget: budget,
                ..SolveOptions::default()
            },
        };
        let work = Effort::DEFAULT.beam_work();
        let now = Instant::now();
        // Right away, so only the work counted can stop it.
        let by_work = ctx(None);
        assert!(!by_work.beam_done(work - 1, now, 1, None));
        assert!(by_work.beam_done(work, now, 1, None));
        // Two beams share the work.
        assert!(!by_work.beam_done(work / 2 - 1, now, 2, None));
        assert!(by_work.beam_done(work / 2, now, 2, None));
        assert!(!by_work.beam_done(99, now, 2, Some(100)));
        assert!(by_work.beam_done(100, now, 2, Some(100)));
        // With an ample budget the work still decides; a spent one stops it at once.
        let ample = ctx(Some(Duration::from_secs(3600)));
        assert!(!ample.beam_done(work - 1, now, 1, None));
        assert!(ample.beam_done(work, now, 1, None));
        assert!(!ample.beam_done(99, now, 2, Some(100)));
        assert!(ample.beam_done(100, now, 2, Some(100)));
        assert!(ctx(Some(Duration::ZERO)).beam_done(0, now, 2, None));
    }

    #[test]
    fn a_sweep_is_tried_beside_the_commutators_on_a_large_residue() {
        // The beam leaves 220 cells of challenge-2; commutators alone finished them in
        // 734 moves in all, a sweep from the beam's cube in 699 (measured).
        let text = include_str!("../../../../tests/data/cubular/challenge-2.txt");
        let (cube, _) = crate::format::parse(text, None).unwrap();
        let solution = solved_checked(&cube, &SolveOptions::default());
        assert!(solution.moves.len() < 734, "{} moves", solution.moves.len());
    }

    /// The undo of a 60-move scramble with overlapping blocks undone in the wrong
    /// order here and there, as a beam slips on a mid-depth scramble: more cells are
    /// left than a slip of a shallow scramble's beam leaves.
    fn tangled_undo() -> (Cube, usize, Vec<Move>) {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(40);
        let (cube, scramble) = crate::scramble::scramble(&mut rng, 60);
        let mut path = crate::moves::invert(&scramble);
        // Here and there a move goes before the five before it when it overlaps one.
        let mut i = 0;
        while played(&cube, &path).misplaced() <= RESIDUE_FOR_REPAIR + 20 {
            if path[i..i + 5].iter().any(|m| !m.disjoint(path[i + 5])) {
                path[i..i + 6].rotate_right(1);
                i += 3;
            }
            i = (i + 1) % (path.len() - 5);
        }
        (cube, scramble.len(), path)
    }

    #[test]
    fn a_beam_path_leaving_a_hundred_cells_is_repaired() {
        let (cube, scramble, path) = tangled_undo();
        let residue = played(&cube, &path).misplaced();
        assert!(
            residue > RESIDUE_FOR_REPAIR && residue <= RESIDUE_FOR_BEST_REPAIR,
            "{residue} cells left"
        );
        let ctx = Ctx {
            start: Instant::now(),
            opts: SolveOptions::default(),
        };
        let (moves, undone) =
            after_beam(&cube, vec![path], &std::cell::OnceCell::new(), &ctx).unwrap();
        assert!(played(&cube, &moves).is_solved());
        // Finished by the commutators, the residue would have cost hundreds of moves.
        assert!(undone, "{} moves", moves.len());
        assert!(moves.len() <= scramble, "{} moves", moves.len());
    }
}
