//! A reduction tried from several whole-cube orientations: each view puts another
//! pair of faces' centres first and another second, so the stages meet other work;
//! the shortest answer is kept, its moves turned back to the cube's own view (so it
//! holds no cube rotations).

use crate::cube::{permutation, Cube};
use crate::moves::{Alg, Move};
use cubist_rubik::Face;
use cubist_tables::Cancel;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Why the reduction stopped (never for a reachable cube; reported, not printed as an
/// answer).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReductionError {
    /// A centre stage's search gave up.
    #[error("the centre stages found no way on")]
    Centres,
    /// The pairing steps found no way on.
    #[error("the edge pairing found no way on")]
    Pairing,
    /// The reduced cube is no 3×3×3 state.
    #[error("the reduced cube is no 3×3×3 state")]
    Reduced,
    /// The two-phase solver failed.
    #[error("the 3×3×3 solver failed: {0}")]
    ThreeByThree(String),
}

/// Whole-cube turns that give each of the six orders of the three axes.
pub const ALL: [&str; 6] = ["", "y", "z", "z y", "x", "x y"];

/// [`ALL`] and each of them followed by `x2`: the same orders of the axes met from
/// another side, where the stages' searches break their ties otherwise.
pub const TWELVE: [&str; 12] = [
    "", "y", "z", "z y", "x", "x y", "x2", "y x2", "z x2", "z y x2", "x'", "x y x2",
];

/// A solver of a cube whose colours are named with its fixed centres (or DBL) home.
pub type SolveSeen = dyn Fn(&Cube) -> Result<Alg, ReductionError> + Sync;

/// The shortest of `solve`'s answers for the cube seen from each of `views` (side by
/// side), in the cube's own view; the first in `views`' order among the shortest. No
/// further view is begun once `cancel` is cancelled (its caller gone) or its deadline
/// no longer leaves room for one ([`VIEW_ROOM`] times as long as the views so far
/// took); the first is always solved, so there is an answer.
pub fn best_of(
    cube: &Cube,
    views: &[&str],
    solve: &SolveSeen,
    cancel: &Cancel,
) -> Result<Alg, ReductionError> {
    let whole = Ranked {
        first: &|_: &Cube| Ok(()),
        rank: &|_: &()| 0,
        rest: &|seen: &Cube, ()| solve(seen),
    };
    best_of_ranked(cube, views, views.len(), &whole, cancel)
}

/// A reduction in two parts, the first of which ranks the views: [`best_of_ranked`].
pub struct Ranked<'a, T> {
    /// The first part (the centres) of a cube whose colours are named with its fixed
    /// centres (or DBL) home.
    pub first: &'a (dyn Fn(&Cube) -> Result<T, ReductionError> + Sync),
    /// How promising a first part looks: less is better (its length).
    pub rank: &'a (dyn Fn(&T) -> usize + Sync),
    /// The whole solution, from the cube and its first part.
    pub rest: &'a (dyn Fn(&Cube, T) -> Result<Alg, ReductionError> + Sync),
}

/// Like [`best_of`], but only the `keep` views whose first part ranks best (the first
/// in `views`' order among equals) are finished, so that the time the others would
/// take goes where the answer is likelier to be short. As in [`best_of`], no further
/// view is begun once `cancel` leaves no room for it; once it is cancelled or its
/// deadline has passed, only the best-ranked is finished.
pub fn best_of_ranked<T: Send>(
    cube: &Cube,
    views: &[&str],
    keep: usize,
    reduction: &Ranked<'_, T>,
    cancel: &Cancel,
) -> Result<Alg, ReductionError> {
    use rayon::prelude::*;
    let n = cube.n();
    let timed = Timed::default();
    // Each view's number, turn, and cube with its first part.
    type Started<T> = (usize, Alg, Result<(Cube, T), ReductionError>);
    let firsts: Vec<Started<T>> = views
        .par_iter()
        .enumerate()
        .filter(|&(k, _)| k == 0 || timed.fits(cancel))
        .map(|(k, view)| {
            let began = Instant::now();
            let turn = Alg::parse(view, n).expect("a rotation");
            let started = crate::validity::renamed(&cube.after(&turn))
                .map_err(|_| ReductionError::Reduced)
                .and_then(|seen| (reduction.first)(&seen).map(|t| (seen, t)));
            timed.add(began.elapsed());
            (k, turn, started)
        })
        .collect();
    let mut last_error = None;
    let mut started: Vec<(usize, usize, Alg, Cube, T)> = Vec::new();
    for (k, turn, first) in firsts {
        match first {
            Ok((seen, t)) => started.push(((reduction.rank)(&t), k, turn, seen, t)),
            Err(e) => last_error = Some(e),
        }
    }
    started.sort_by_key(|s| (s.0, s.1));
    let rested = Timed::default();
    started.truncate(if cancel.is_cancelled() {
        1
    } else {
        keep.max(1)
    });
    let answers: Vec<(usize, Result<Alg, ReductionError>)> = started
        .into_par_iter()
        .enumerate()
        .filter(|(i, _)| *i == 0 || rested.fits(cancel))
        .map(|(_, (_, k, turn, seen, t))| {
            let began = Instant::now();
            let answer = (reduction.rest)(&seen, t)
                .map(|alg| Alg(alg.0.iter().map(|m| unrotate(n, m, &turn)).collect()));
            rested.add(began.elapsed());
            (k, answer)
        })
        .collect();
    let mut best: Option<(usize, usize, Alg)> = None;
    for (k, answer) in answers {
        match answer {
            Ok(alg) if best.as_ref().is_none_or(|b| (alg.len(), k) < (b.0, b.1)) => {
                best = Some((alg.len(), k, alg));
            }
            Ok(_) => {}
            Err(e) => last_error = Some(e),
        }
    }
    best.map(|b| b.2)
        .ok_or_else(|| last_error.unwrap_or(ReductionError::Pairing))
}

/// How much longer than an average view's first part the budget left must be for
/// another view to begin: room for the view and its share of the finishing.
const VIEW_ROOM: f64 = 1.5;

/// The time the views' first parts (or last parts) have taken so far, to tell whether
/// another still fits in a budget.
#[derive(Default)]
struct Timed(Mutex<(Duration, u32)>);

impl Timed {
    /// Counts one more view's part, which took `took`.
    fn add(&self, took: Duration) {
        let mut t = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        t.0 += took;
        t.1 += 1;
    }

    /// Whether another view may begin: `cancel` is not cancelled and, under a
    /// deadline, the time left holds [`VIEW_ROOM`] times an average view so far (any
    /// view before the first has ended may begin).
    fn fits(&self, cancel: &Cancel) -> bool {
        if cancel.is_cancelled() {
            return false;
        }
        let Some(left) = cancel.remaining() else {
            return true;
        };
        let (total, count) = *self.0.lock().unwrap_or_else(PoisonError::into_inner);
        count == 0 || left.as_secs_f64() >= VIEW_ROOM * total.as_secs_f64() / f64::from(count)
    }
}

/// The move that does in the cube's own view what `m` does in the view `turn` shows:
/// `turn m turn⁻¹`, a move of another face.
fn unrotate(n: usize, m: &Move, turn: &Alg) -> Move {
    if turn.is_empty() {
        return *m;
    }
    let mut conj = turn.clone();
    conj.0.push(*m);
    conj.0.extend(turn.inverse().0);
    let want = permutation(n, &conj);
    Face::ALL
        .into_iter()
        .map(|face| Move { face, ..*m })
        .find(|c| permutation(n, &Alg(vec![*c])) == want)
        .expect("a whole-cube turn maps faces to faces")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Runs `best_of_ranked` with a made-up reduction whose first part is the colour of
    /// one sticker of the seen cube and whose answer is that many quarter turns plus
    /// one; returns the answer's length and how often each part ran.
    fn made_up(cube: &Cube, keep: usize, cancel: &Cancel) -> (usize, usize, usize) {
        let (firsts, rests) = (AtomicUsize::new(0), AtomicUsize::new(0));
        let reduction = Ranked {
            first: &|c: &Cube| {
                firsts.fetch_add(1, Ordering::Relaxed);
                Ok(c.stickers()[1].index())
            },
            rank: &|t: &usize| *t,
            rest: &|_: &Cube, t: usize| {
                rests.fetch_add(1, Ordering::Relaxed);
                Ok(Alg(vec![Move::face(Face::U, 1); t + 1]))
            },
        };
        let alg = best_of_ranked(cube, &TWELVE, keep, &reduction, cancel).unwrap();
        (alg.len(), firsts.into_inner(), rests.into_inner())
    }

    #[test]
    fn a_view_begins_only_while_the_budget_left_has_room_for_it() {
        let timed = Timed::default();
        let budget = Cancel::new().child(Some(Duration::from_secs(60)));
        // Before any view has ended, and without a deadline, any view may begin.
        assert!(timed.fits(&budget));
        timed.add(Duration::from_secs(30));
        assert!(timed.fits(&Cancel::new()));
        // An average of 30 s needs 45 s left; an average of 50 s, 75 s.
        assert!(timed.fits(&budget));
        timed.add(Duration::from_secs(70));
        assert!(!timed.fits(&budget));
        let cancelled = Cancel::new();
        cancelled.cancel();
        assert!(!Timed::default().fits(&cancelled));
    }

    #[test]
    fn only_the_best_ranked_views_are_finished() {
        let cube = Cube::solved(5).after(&Alg::parse("R U 2F' D2 L B' 2U", 5).unwrap());
        let ranks: Vec<usize> = TWELVE
            .iter()
            .map(|v| {
                let seen = crate::validity::renamed(&cube.after(&Alg::parse(v, 5).unwrap()));
                seen.unwrap().stickers()[1].index()
            })
            .collect();
        let least = *ranks.iter().min().unwrap();
        assert!(ranks.iter().any(|&r| r != least), "{ranks:?}");
        assert_eq!(made_up(&cube, 3, &Cancel::new()), (least + 1, 12, 3));
        let cancelled = Cancel::new();
        cancelled.cancel();
        assert_eq!(made_up(&cube, 3, &cancelled), (ranks[0] + 1, 1, 1));
    }
}
