//! Iterative-deepening A* towards a goal given as accepted codes per piece, bounded
//! below by pattern databases: the shortest move sequence reaching the goal.

use super::pattern::{Masks, Pattern};
use super::pieces::{turns, Pieces, Turns, PIECES};
use crate::moves::Move;
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

    /// Whether some pattern database proves the goal is more than `left` turns away.
    #[inline]
    fn exceeds(&self, codes: &Pieces, left: u8) -> bool {
        self.patterns.iter().any(|p| p.bound(codes) > left)
    }

    /// A shortest move sequence from `start` to the goal (none longer than `max`).
    pub fn shortest(&self, start: &Pieces, max: u8) -> Option<Vec<Move>> {
        let mut path = Vec::new();
        let t = turns();
        for depth in self.bound(start)..=max {
            if self.dfs(t, start, depth, 6, &mut path) {
                return Some(path.into_iter().map(Move::from_index).collect());
            }
        }
        None
    }

    fn dfs(
        &self,
        t: &Turns,
        codes: &Pieces,
        left: u8,
        last_face: usize,
        path: &mut Vec<usize>,
    ) -> bool {
        if left == 0 {
            return self.reached(codes);
        }
        for m in 0..18 {
            let face = m / 3;
            // Never turn a face twice running; turn opposite faces in one order only.
            if face == last_face || face == last_face + 3 {
                continue;
            }
            let next = t.apply(codes, m);
            if self.exceeds(&next, left - 1) {
                continue;
            }
            path.push(m);
            if self.dfs(t, &next, left - 1, face, path) {
                return true;
            }
            path.pop();
        }
        false
    }
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
            if self.bound(&next) >= left {
                continue;
            }
            path.push(m);
            self.walk(t, &next, left - 1, face, path, found);
            path.pop();
        }
    }
}
