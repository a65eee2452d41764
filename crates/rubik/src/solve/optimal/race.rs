//! The race: deepening proves lengths one by one while a two-phase search beside it
//! looks for ever shorter solutions; the first length both agree on is optimal.

use super::bounds::Node;
use super::search::{iterate, path_alg};
use super::tables::Tables;
use crate::cubie::CubieCube;
use crate::moves::Alg;
use crate::solve::two_phase;
use crate::solve::{Options, Solution, SolveError};
use cubist_tables::Cancel;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// [`solve_with`] that also stops when `cancel` does.
pub(super) fn solve_in(
    t: &Tables,
    cube: &CubieCube,
    opts: &Options,
    outside: &Cancel,
) -> Result<Solution, SolveError> {
    if !cube.is_reachable() {
        return Err(SolveError::Unreachable);
    }
    let cancel = outside.child(opts.timeout);
    // An upper bound to return if time runs out, and to stop deepening at (found in
    // milliseconds, so only a stop from outside cuts it short, not the budget).
    let first = two_phase::solve_in(t.two_phase, cube, &Options::default(), outside)?.moves;
    let root = Node::new(cube, &t.lookup());
    let lower = root.bound(&t.lookup());
    let known = AtomicUsize::new(first.len());
    let best = Mutex::new(first);
    let done = AtomicBool::new(false);
    // The depth the deepening is on: every shorter length is ruled out.
    let proving = AtomicUsize::new(lower);
    // A solution shorter than the best known, from either search.
    let offer = |alg: Alg| {
        let mut best = best.lock().unwrap();
        if alg.len() < best.len() {
            known.store(alg.len(), Ordering::Relaxed);
            *best = alg;
        }
    };
    let complete = std::thread::scope(|s| {
        if lower < known.load(Ordering::Relaxed) {
            s.spawn(|| {
                let pace = Pace::new();
                let stop = || {
                    let racing =
                        known.load(Ordering::Relaxed) <= proving.load(Ordering::Relaxed) + 1;
                    pace.share(if racing { RACE_SHARE } else { 1.0 });
                    done.load(Ordering::Relaxed)
                };
                two_phase::tighten(
                    t.two_phase,
                    cube,
                    known.load(Ordering::Relaxed),
                    lower,
                    &cancel,
                    &stop,
                    &offer,
                )
            });
        }
        let complete = deepen(t, &root, lower, &cancel, &known, &proving, &offer);
        done.store(true, Ordering::Relaxed);
        complete
    });
    let moves = best.into_inner().unwrap();
    debug_assert!(cube.apply_alg(&moves).is_solved());
    Ok(Solution { moves, complete })
}

/// Share of its time the two-phase search beside the deepening runs while it looks for
/// the very length the deepening is on (the rest it sleeps, leaving the cores to the
/// deepening): the best trade measured (docs/benchmarks.md, the optimal solver).
const RACE_SHARE: f64 = 0.25;

/// Holds a thread to a share of its time: [`Pace::share`], called often, sleeps in
/// proportion to the time run since the last call.
struct Pace {
    last: std::cell::Cell<Instant>,
}

impl Pace {
    fn new() -> Pace {
        Pace {
            last: std::cell::Cell::new(Instant::now()),
        }
    }

    /// Sleep so that the time since the last call is `share` of the time that will
    /// have passed (no sleep for a share of 1).
    fn share(&self, share: f64) {
        if share < 1.0 {
            let ran = self.last.get().elapsed();
            std::thread::sleep(ran.mul_f64((1.0 - share) / share));
        }
        self.last.set(Instant::now());
    }
}

/// Iterative deepening from `depth` until a depth reaches the length of the shortest
/// solution `known`; solutions it finds go to `offer`, and the depth being searched
/// to `proving`. True when it got there (the shortest known is then optimal), false
/// when the time ran out first.
pub(super) fn deepen(
    t: &Tables,
    root: &Node,
    mut depth: usize,
    cancel: &Cancel,
    known: &AtomicUsize,
    proving: &AtomicUsize,
    offer: &dyn Fn(Alg),
) -> bool {
    let mut previous = None;
    while depth < known.load(Ordering::Relaxed) {
        proving.store(depth, Ordering::Relaxed);
        let it = iterate(t, root, depth, cancel, known, previous.as_ref());
        if let Some(path) = it.found {
            offer(path_alg(&path));
            return true;
        }
        if it.timed_out {
            return false;
        }
        previous = Some(it.subtree_nodes);
        // Ruled out (or, when the other search found one of this length, cut short).
        if known.load(Ordering::Relaxed) <= depth {
            return true;
        }
        depth += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::optimal::tests::with_distance;
    use crate::solve::optimal::{solve_sized_with_cancel, TableSize};
    use rand::SeedableRng;

    #[test]
    fn deepening_ends_below_a_known_solution_and_finds_one_otherwise() {
        let t = Tables::get(TableSize::Small);
        // The first seed whose cube's bound is below its distance, so that the
        // deepening has lengths to rule out.
        let (cube, d, root) = (32..)
            .map(|seed| with_distance(t, seed, 9))
            .find(|(_, d, root)| root.bound(&t.lookup()) + 1 < *d)
            .unwrap();
        let lower = root.bound(&t.lookup());
        let offered = Mutex::new(Vec::new());
        let offer = |alg: Alg| offered.lock().unwrap().push(alg);
        // Told of a solution of the optimal length, it only rules out the shorter.
        let proving = AtomicUsize::new(0);
        assert!(deepen(
            t,
            &root,
            lower,
            &Cancel::new(),
            &AtomicUsize::new(d),
            &proving,
            &offer
        ));
        assert!(offered.lock().unwrap().is_empty());
        assert_eq!(proving.load(Ordering::Relaxed), d - 1);
        // Told of a longer one, it finds an optimal solution itself.
        assert!(deepen(
            t,
            &root,
            lower,
            &Cancel::new(),
            &AtomicUsize::new(d + 2),
            &proving,
            &offer
        ));
        let offered = offered.into_inner().unwrap();
        assert_eq!(offered.len(), 1);
        assert_eq!(offered[0].len(), d);
        assert!(cube.apply_alg(&offered[0]).is_solved());
    }

    /// A random cube takes the small tables about an hour; cancelled from another
    /// thread, the solve ends at once with the shortest solution known, unproven.
    #[test]
    fn a_cancelled_solve_returns_the_best_known() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(15);
        let cube = crate::scramble::random_state(&mut rng);
        Tables::get(TableSize::Small);
        let cancel = Cancel::new();
        let stopper = cancel.clone();
        let sol = std::thread::scope(|s| {
            s.spawn(move || {
                std::thread::sleep(std::time::Duration::from_millis(200));
                stopper.cancel();
            });
            solve_sized_with_cancel(&cube, &Options::default(), TableSize::Small, &cancel)
        })
        .unwrap();
        assert!(!sol.complete);
        assert!(sol.moves.len() <= 20);
        assert!(cube.apply_alg(&sol.moves).is_solved());
        let stopped = Cancel::new();
        stopped.cancel();
        // Stopped before it starts: nothing, or the first two-phase answer, unproven.
        match solve_sized_with_cancel(&cube, &Options::default(), TableSize::Small, &stopped) {
            Err(e) => assert_eq!(e, SolveError::TimedOut),
            Ok(sol) => assert!(!sol.complete && cube.apply_alg(&sol.moves).is_solved()),
        }
    }
}
