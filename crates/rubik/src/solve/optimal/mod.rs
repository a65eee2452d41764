//! Optimal solutions in the face-turn metric: iterative-deepening A* (IDA*).
//!
//! The search tracks the cube in three frames — as it is, and turned by 120° and 240°
//! about the URF–DBL diagonal — so an edge table gives three lower bounds, one per
//! axis, and three more for the inverse cube (a cube and its inverse are equally far
//! from solved); a corner table (corner-perm class × twist) gives one more. The
//! largest of them prunes, raised by one when the three axes of the cube (or of its
//! inverse) agree (de Bondt's rule, proved at `edge_bound`). The edge table is, by
//! [`TableSize`], the phase-1 table (flip-slice class × twist, 70 MB), the sorted table
//! (flip-slice-sorted class × twist, 0.78 GiB), which also knows the order of the
//! UD-slice edges, or the comb table (flip-slice class × corner comb × twist,
//! 2.30 GiB), which also knows which corners are in the U layer; the last two at 2 bits
//! an entry. The edges are solved exactly when the UD-slice edges are home and in order
//! in all three frames.
//!
//! A two-phase solution found first bounds the search; each deeper iteration that
//! fails proves more, and the first solution found by deepening is optimal. The
//! subtrees three moves down are searched in parallel on all cores, each free core
//! taking the next one in a fixed order (after the first iteration, those that were
//! densest in the iteration before come first), so all cores work on the subtrees
//! before the first solution and an iteration's answer does not depend on their
//! timing. Beside
//! the deepening, a two-phase search looks for ever shorter solutions (see
//! [`solve_with`]): once the deepening has ruled out every length below the shortest
//! known, that one is optimal, and the costly iteration that would have found it is
//! never run. With a time budget, the shortest solution known when it runs out is
//! returned, marked incomplete.

mod bounds;
mod race;
mod search;
mod tables;

pub use search::{search_depth, DepthSearch};
pub use tables::{TableSize, Tables};

use super::{Options, Solution, SolveError};
use crate::cubie::CubieCube;
use cubist_tables::Cancel;

/// The shortest solution of `cube`, proven optimal unless the time budget runs out
/// (then the shortest known, marked incomplete). `opts.max_length` is not used.
///
/// Uses the small tables (quick to build, slow on random cubes); see [`solve_sized`].
pub fn solve(cube: &CubieCube, opts: &Options) -> Result<Solution, SolveError> {
    solve_sized(cube, opts, TableSize::Small)
}

/// [`solve`] with the tables of the given size.
pub fn solve_sized(
    cube: &CubieCube,
    opts: &Options,
    size: TableSize,
) -> Result<Solution, SolveError> {
    solve_with(Tables::get(size), cube, opts)
}

/// [`solve_sized`] that also stops when `cancel` does, as when its time budget runs
/// out: with the shortest solution known, marked incomplete, or
/// [`SolveError::TimedOut`] when cancelled before the first one is found.
pub fn solve_sized_with_cancel(
    cube: &CubieCube,
    opts: &Options,
    size: TableSize,
    cancel: &Cancel,
) -> Result<Solution, SolveError> {
    race::solve_in(Tables::get(size), cube, opts, cancel)
}

/// [`solve`] with explicitly given tables.
///
/// Two searches run side by side. Deepening proves, one depth after another, that no
/// shorter solution exists; a two-phase search looks for ever shorter solutions. On a
/// random cube the two-phase search often finds one of the optimal length while the
/// deepening is still ruling out the length below, which costs about a fourteenth of
/// searching the optimal length itself: as soon as the deepening has ruled out every
/// length below the shortest solution known, that solution is proven optimal.
/// Which of several optimal solutions is returned may depend on which search finds
/// one first; its length never does.
pub fn solve_with(t: &Tables, cube: &CubieCube, opts: &Options) -> Result<Solution, SolveError> {
    race::solve_in(t, cube, opts, &Cancel::new())
}

#[cfg(test)]
mod tests {
    use super::bounds::Node;
    use super::*;
    use crate::moves::{Alg, Move};
    use crate::scramble::random_moves;
    use rand::SeedableRng;
    use std::collections::HashMap;

    /// Every state within `depth` moves of `from`, with its distance.
    pub(super) fn ball(from: CubieCube, depth: usize) -> HashMap<CubieCube, usize> {
        let mut seen = HashMap::from([(from, 0)]);
        let mut frontier = vec![from];
        for d in 1..=depth {
            let mut next = Vec::new();
            for c in &frontier {
                for m in Move::ALL {
                    let n = c.apply_move(m);
                    if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(n) {
                        e.insert(d);
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        seen
    }

    /// The solver with tables `t` finds solutions exactly as long as breadth-first
    /// distances, for cubes up to 7 moves from solved.
    fn check_breadth_first_distances(t: &Tables) {
        // Meet in the middle: states within 4 of solved and within 3 of the cube give
        // the exact distance of any cube at most 7 moves away.
        let near_solved = ball(CubieCube::SOLVED, 4);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(77);
        let mut seen_depths = [false; 8];
        for k in 0..24 {
            let n = 3 + k % 5;
            let cube = CubieCube::from_alg(&random_moves(&mut rng, n));
            let distance = ball(cube, 3)
                .iter()
                .filter_map(|(c, a)| near_solved.get(&c.inverse()).map(|b| a + b))
                .min()
                .expect("within 7 moves");
            seen_depths[distance] = true;
            let sol = solve_with(t, &cube, &Options::default()).unwrap();
            assert!(sol.complete);
            assert!(cube.apply_alg(&sol.moves).is_solved());
            assert_eq!(sol.moves.len(), distance, "scramble of {n}: {}", sol.moves);
        }
        assert!(seen_depths[7], "some cube at distance 7");
    }

    /// A cube `n` random moves from solved (seed `seed`), its distance, and the
    /// solver's root node.
    pub(super) fn with_distance(t: &Tables, seed: u64, n: usize) -> (CubieCube, usize, Node) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let cube = CubieCube::from_alg(&random_moves(&mut rng, n));
        let d = (0..=n)
            .find(|&d| search_depth(t, &cube, d).solution.is_some())
            .unwrap();
        (cube, d, Node::new(&cube, &t.lookup()))
    }

    #[test]
    fn agrees_with_breadth_first_distances() {
        check_breadth_first_distances(Tables::get(TableSize::Small));
    }

    /// With the sorted table (built on first use: minutes, 0.78 GiB in the cache).
    #[test]
    #[ignore = "builds the sorted table"]
    fn sorted_table_agrees_with_breadth_first_distances() {
        check_breadth_first_distances(Tables::get(TableSize::Default));
    }

    /// With the comb table (built on first use: minutes, 2.3 GiB in the cache).
    #[test]
    #[ignore = "builds the 2.3 GiB comb table"]
    fn comb_table_agrees_with_breadth_first_distances() {
        check_breadth_first_distances(Tables::get(TableSize::Large));
        check_known_distance_with(
            TableSize::Large,
            "F L F U' R U F2 L2 U' L' B D' B' L2 U",
            15,
        );
    }

    /// Solve `alg`'s cube with the sorted table and check the length is `distance`.
    fn check_known_distance(alg: &str, distance: usize) -> CubieCube {
        check_known_distance_with(TableSize::Default, alg, distance)
    }

    /// [`check_known_distance`] with the tables of `size`.
    fn check_known_distance_with(size: TableSize, alg: &str, distance: usize) -> CubieCube {
        let t = Tables::get(size);
        let cube = CubieCube::from_alg(&Alg::parse(alg).unwrap());
        let sol = solve_with(t, &cube, &Options::default()).unwrap();
        assert!(sol.complete);
        assert!(cube.apply_alg(&sol.moves).is_solved());
        assert_eq!(sol.moves.len(), distance, "{alg}: {}", sol.moves);
        cube
    }

    /// "Cube in a cube" needs 15 face turns (a classic pattern, proven optimal).
    #[test]
    #[ignore = "builds the sorted table"]
    fn cube_in_a_cube_takes_fifteen() {
        check_known_distance("F L F U' R U F2 L2 U' L' B D' B' L2 U", 15);
    }

    /// The superflip (every edge flipped in place) needs 20 face turns (Reid, 1995).
    #[test]
    #[ignore = "builds the sorted table, then searches for hours"]
    fn superflip_takes_twenty() {
        let flipped =
            check_known_distance("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2", 20);
        assert_eq!(flipped.eo, [1; 12]);
        assert_eq!(
            (flipped.cp, flipped.co, flipped.ep),
            (
                CubieCube::SOLVED.cp,
                CubieCube::SOLVED.co,
                CubieCube::SOLVED.ep
            )
        );
    }

    #[test]
    fn solved_and_single_turns() {
        assert!(solve(&CubieCube::SOLVED, &Options::default())
            .unwrap()
            .moves
            .is_empty());
        for m in Move::ALL {
            let sol = solve(&CubieCube::SOLVED.apply_move(m), &Options::default()).unwrap();
            assert_eq!(sol.moves.0, vec![m.inverse()]);
        }
    }
}
