//! Iterative-deepening A* towards a goal given as accepted codes per piece, bounded
//! below by pattern databases: the shortest move sequence reaching the goal, or, when
//! that takes too long, a short one found with inflated bounds.

use super::pattern::{Masks, Pattern};
use super::pieces::{turns, Pieces, Turns, PIECES};
use crate::moves::Move;
use cubist_tables::Cancel;
use std::sync::Arc;

/// A goal: the accepted codes of every piece, and pattern databases that bound the
/// distance to it (each over pieces whose accepted codes are those of the goal).
pub struct Goal {
    /// Accepted codes per piece (all ones: the piece may be anywhere).
    pub masks: Masks,
    /// Lower bounds; their maximum is used.
    pub patterns: Vec<Arc<Pattern>>,
}

impl Goal {
    /// Whether every piece is on an accepted code.
    pub fn reached(&self, codes: &Pieces) -> bool {
        (0..PIECES).all(|p| self.masks[p] >> codes[p] & 1 == 1)
    }

    /// The largest lower bound of the pattern databases.
    #[inline]
    fn bound(&self, codes: &Pieces) -> u8 {
        self.patterns
            .iter()
            .map(|p| p.bound(codes))
            .max()
            .unwrap_or(0)
    }

    /// Whether some pattern database, its bound scaled by `weight` halves, says the
    /// goal is more than `left` turns away (with weight 2 this is a proof).
    #[inline]
    fn exceeds(&self, codes: &Pieces, left: u8, weight: u16) -> bool {
        self.patterns
            .iter()
            .any(|p| p.bound(codes) as u16 * weight > left as u16 * 2)
    }

    /// A shortest move sequence from `start` to the goal (none longer than `max`) if one
    /// is found within `budget` search nodes; otherwise a short one, found quickly with
    /// doubled bounds (at most twice as long as the shortest).
    ///
    /// `Err(Stopped)` when `cancel` stops first (polled every few thousand nodes).
    pub fn short(
        &self,
        start: &Pieces,
        max: u8,
        budget: u64,
        cancel: &Cancel,
    ) -> Result<Option<Vec<Move>>, Stopped> {
        match self.deepen(start, max, 2, budget, cancel) {
            Ok(found) => Ok(found),
            Err(Halt::OutOfBudget) => match self.deepen(start, max, 4, u64::MAX, cancel) {
                Ok(found) => Ok(found),
                Err(Halt::OutOfBudget) => Ok(None),
                Err(Halt::Stopped) => Err(Stopped),
            },
            Err(Halt::Stopped) => Err(Stopped),
        }
    }

    /// Iterative deepening with bounds scaled by `weight` halves, giving up after
    /// `budget` nodes.
    fn deepen(
        &self,
        start: &Pieces,
        max: u8,
        weight: u16,
        budget: u64,
        cancel: &Cancel,
    ) -> Result<Option<Vec<Move>>, Halt> {
        let mut walk = Walk {
            t: turns(),
            weight,
            nodes_left: budget,
            nodes: 0,
            cancel,
            path: Vec::new(),
        };
        for depth in self.bound(start)..=max {
            if self.dfs(&mut walk, start, depth, 6)? {
                return Ok(Some(walk.path.into_iter().map(Move::from_index).collect()));
            }
        }
        Ok(None)
    }

    fn dfs(&self, w: &mut Walk, codes: &Pieces, left: u8, last_face: usize) -> Result<bool, Halt> {
        // With inflated bounds a goal may be met before the depth runs out.
        if left == 0 || w.weight != 2 {
            if self.reached(codes) {
                return Ok(true);
            }
            if left == 0 {
                return Ok(false);
            }
        }
        w.nodes_left = w.nodes_left.checked_sub(1).ok_or(Halt::OutOfBudget)?;
        w.nodes += 1;
        if w.nodes & 4095 == 0 && w.cancel.is_cancelled() {
            return Err(Halt::Stopped);
        }
        for m in 0..18 {
            let face = m / 3;
            // Never turn a face twice running; turn opposite faces in one order only.
            if face == last_face || face == last_face + 3 {
                continue;
            }
            let next = w.t.apply(codes, m);
            if self.exceeds(&next, left - 1, w.weight) {
                continue;
            }
            w.path.push(m);
            if self.dfs(w, &next, left - 1, face)? {
                return Ok(true);
            }
            w.path.pop();
        }
        Ok(false)
    }
}

/// Why a search gave up.
enum Halt {
    /// It met more nodes than it was allowed.
    OutOfBudget,
    /// It was cancelled.
    Stopped,
}

/// The search was cancelled before it found an answer.
#[derive(Debug)]
pub struct Stopped;

/// One search's moves tables, bound weight, node budget and count, stop signal and
/// current path.
struct Walk<'a> {
    t: &'static Turns,
    weight: u16,
    nodes_left: u64,
    nodes: u64,
    cancel: &'a Cancel,
    path: Vec<usize>,
}

impl Goal {
    /// Call `found` with every move sequence of at most `max` turns (never the same face
    /// twice running, opposite faces in one order) that takes `start` to the goal.
    pub fn every_path(&self, start: &Pieces, max: u8, found: &mut impl FnMut(&[usize], &Pieces)) {
        let mut path = Vec::new();
        self.walk(turns(), start, max, 6, &mut path, found);
    }

    fn walk(
        &self,
        t: &Turns,
        codes: &Pieces,
        left: u8,
        last_face: usize,
        path: &mut Vec<usize>,
        found: &mut impl FnMut(&[usize], &Pieces),
    ) {
        if self.reached(codes) {
            found(path, codes);
        }
        if left == 0 {
            return;
        }
        for m in 0..18 {
            let face = m / 3;
            if face == last_face || face == last_face + 3 {
                continue;
            }
            let next = t.apply(codes, m);
            if self.exceeds(&next, left - 1, 2) {
                continue;
            }
            path.push(m);
            self.walk(t, &next, left - 1, face, path, found);
            path.pop();
        }
    }
}
