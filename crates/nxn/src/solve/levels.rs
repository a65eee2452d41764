//! Distance tables filled level by level on every core, for state spaces of up to
//! hundreds of millions of states whose moves include their inverses.
//!
//! Each level is found from the last one while that is the smaller side, each state
//! of the last level marking its neighbours not reached yet; once the states not yet
//! reached are fewer, from them instead, each looking for a neighbour on the last
//! level (a neighbour one way is one the other way too). Near the end of a search the
//! last levels hold most states, and looking from the few left reads far less.

use cubist_tables::nibbles::{AtomicNibbles, EMPTY};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, Ordering};

/// Distances several threads fill at once: an entry goes from [`Distances::UNSEEN`]
/// to its distance in one atomic step.
pub(super) trait Distances: Sync {
    /// The value of an entry not reached yet; also one more than the largest distance
    /// stored.
    const UNSEEN: u8;
    /// Entry `i`.
    fn get(&self, i: usize) -> u8;
    /// Set entry `i` to `d` if it is not reached yet; true when this call set it.
    fn reach(&self, i: usize, d: u8) -> bool;
}

impl Distances for [AtomicU8] {
    const UNSEEN: u8 = 0xff;
    fn get(&self, i: usize) -> u8 {
        self[i].load(Ordering::Relaxed)
    }
    fn reach(&self, i: usize, d: u8) -> bool {
        self[i]
            .compare_exchange(Self::UNSEEN, d, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
    }
}

impl Distances for AtomicNibbles {
    const UNSEEN: u8 = EMPTY;
    fn get(&self, i: usize) -> u8 {
        AtomicNibbles::get(self, i)
    }
    fn reach(&self, i: usize, d: u8) -> bool {
        self.set_empty(i, d)
    }
}

/// Fill `dist` (all unseen, `size` states) with each state's distance from `start`,
/// `neighbours(i)` giving the states one move from state `i`. States farther than the
/// largest value `dist` stores are left unseen.
pub(super) fn fill<D, N, I>(dist: &D, size: usize, start: usize, neighbours: N)
where
    D: Distances + ?Sized,
    N: Fn(usize) -> I + Sync,
    I: Iterator<Item = usize>,
{
    dist.reach(start, 0);
    let (mut level, mut unseen) = (1usize, size - 1);
    for depth in 0..D::UNSEEN - 1 {
        if level == 0 || unseen == 0 {
            break;
        }
        let next = depth + 1;
        let states = (0..size).into_par_iter().with_min_len(1 << 12);
        level = if level < unseen {
            states
                .filter(|&i| dist.get(i) == depth)
                .map(|i| neighbours(i).filter(|&j| dist.reach(j, next)).count())
                .sum()
        } else {
            states
                .filter(|&i| {
                    dist.get(i) == D::UNSEEN
                        && neighbours(i).any(|j| dist.get(j) == depth)
                        && dist.reach(i, next)
                })
                .count()
        };
        unseen -= level;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::VecDeque;

    /// States on a ring of `N`, a move adding or taking one of `STEPS`: its distances
    /// by a plain queue.
    const N: usize = 100_003;
    const STEPS: [usize; 3] = [1, 37, 1_000];

    fn ring(i: usize) -> impl Iterator<Item = usize> {
        STEPS
            .iter()
            .flat_map(move |&s| [(i + s) % N, (i + N - s) % N])
    }

    fn plain(cap: u8) -> Vec<u8> {
        let mut dist = vec![u8::MAX; N];
        dist[0] = 0;
        let mut queue = VecDeque::from([0]);
        while let Some(i) = queue.pop_front() {
            for j in ring(i) {
                if dist[j] == u8::MAX {
                    dist[j] = dist[i] + 1;
                    queue.push_back(j);
                }
            }
        }
        dist.into_iter()
            .map(|d| if d >= cap { cap } else { d })
            .collect()
    }

    /// Both ways of finding a level (from the last level, from the states left) give
    /// the distances a plain breadth-first search does, in bytes and in nibbles (where
    /// states farther than 14 stay unseen).
    #[test]
    fn levels_match_a_plain_breadth_first_search() {
        let bytes: Vec<AtomicU8> = (0..N).map(|_| AtomicU8::new(0xff)).collect();
        fill(&bytes[..], N, 0, ring);
        let bytes: Vec<u8> = bytes.into_iter().map(AtomicU8::into_inner).collect();
        assert_eq!(bytes, plain(0xff));
        assert!(
            bytes.iter().max() > Some(&15),
            "some states beyond the nibbles' reach"
        );

        let nibbles = AtomicNibbles::new(N);
        fill(&nibbles, N, 0, ring);
        let got: Vec<u8> = (0..N).map(|i| nibbles.get(i)).collect();
        assert_eq!(got, plain(EMPTY));
    }
}
