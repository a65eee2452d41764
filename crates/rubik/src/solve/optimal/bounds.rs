//! A search node in three frames and its lower bound on the distance to solved
//! (edge table in each frame, for the cube and its inverse, corner table, and de
//! Bondt's rule).

use super::tables::{FrameCoords, Lookup};
use crate::coord::symmetry::{self, SYM_URF3};
use crate::coord::*;
use crate::cubie::CubieCube;
use cubist_tables::Nibbles;

/// A search node: flip, twist, slice-sorted and corner-comb coordinates in each of the
/// three frames, the corner permutation, and the inverse cube in each frame (whose
/// coordinates cannot follow moves through move tables: a move on the cube is a move
/// made *before* the inverse) with its edge-table distance.
///
/// A turn made before the inverse about the U–D axis of its frame leaves that frame's
/// distance as it was: each edge table's goal set (no twist, no flip, slice edges home
/// in order or only in the slice, and for the comb table the U-layer corners in the U
/// layer) is a group that contains the turn, so `dist(U·x) = dist(x)`. Each child therefore
/// inherits one of the three inverse distances from its parent.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub(super) frames: Frames,
    pub(super) corner_perm: u16,
    pub(super) inverse: [CubieCube; 3],
    pub(super) inverse_dist: [u8; 3],
}

/// [`FrameCoords`] in each of the three frames.
pub(super) type Frames = [FrameCoords; 3];

/// A cube's [`FrameCoords`].
pub(super) fn frame_coords(c: &CubieCube) -> FrameCoords {
    [
        flip(c) as u16,
        twist(c) as u16,
        slice_sorted(c) as u16,
        corner_comb(c) as u16,
    ]
}

impl Node {
    pub(super) fn new(cube: &CubieCube, lk: &Lookup) -> Node {
        let mut frames = [[0u16; 4]; 3];
        let mut inverse = [CubieCube::SOLVED; 3];
        let mut c = *cube;
        for (f, inv) in frames.iter_mut().zip(&mut inverse) {
            *f = frame_coords(&c);
            *inv = c.inverse();
            c = symmetry::conjugate(&c, SYM_URF3);
        }
        Node {
            frames,
            corner_perm: corner_perm(cube) as u16,
            inverse,
            inverse_dist: [0; 3],
        }
        .with_inverse_dist(lk)
    }

    /// The node with its inverse distances looked up.
    pub(super) fn with_inverse_dist(mut self, lk: &Lookup) -> Node {
        let index = self.inverse_indices(lk);
        self.inverse_dist = index.map(|i| lk.edge(i) as u8);
        self
    }

    /// Frame `k`'s coordinates after move `m` (in the cube's own frame).
    #[inline(always)]
    pub(super) fn frame_after(&self, lk: &Lookup, k: usize, m: usize) -> FrameCoords {
        let mt = lk.moves;
        let f = &self.frames[k];
        let mk = lk.frame_moves[k][m] as usize;
        [
            mt.flip[f[0] as usize * 18 + mk],
            mt.twist[f[1] as usize * 18 + mk],
            mt.slice_sorted[f[2] as usize * 18 + mk],
            lk.comb_moves[f[3] as usize * 18 + mk],
        ]
    }

    /// The inverse cube in frame `k` after move `m`.
    #[inline(always)]
    pub(super) fn inverse_frame_after(&self, lk: &Lookup, k: usize, m: usize) -> CubieCube {
        let undo = m - m % 3 + 2 - m % 3;
        lk.move_cubes[lk.frame_moves[k][undo] as usize].then(&self.inverse[k])
    }

    /// The node after move `m`, made one look-up at a time: what the search's staged
    /// expansion must agree with.
    #[cfg(test)]
    pub(super) fn after(&self, lk: &Lookup, m: usize) -> Node {
        Node {
            frames: std::array::from_fn(|k| self.frame_after(lk, k, m)),
            corner_perm: lk.moves.corner_perm[self.corner_perm as usize * 18 + m],
            inverse: std::array::from_fn(|k| self.inverse_frame_after(lk, k, m)),
            inverse_dist: [0; 3],
        }
        .with_inverse_dist(lk)
    }

    pub(super) fn is_solved(&self) -> bool {
        self.corner_perm == 0
            && self.frames[0][0] == 0
            && self.frames[0][1] == 0
            && self.frames.iter().all(|f| f[2] == 0)
    }

    /// Edge-table indices of the cube in each frame.
    pub(super) fn edge_indices(&self, lk: &Lookup) -> [usize; 3] {
        std::array::from_fn(|k| lk.edge_index(&self.frames[k]))
    }

    /// Edge-table indices of the inverse cube in each frame.
    pub(super) fn inverse_indices(&self, lk: &Lookup) -> [usize; 3] {
        std::array::from_fn(|k| lk.edge_index(&frame_coords(&self.inverse[k])))
    }

    /// Lower bound on the distance to solved.
    pub(super) fn bound(&self, lk: &Lookup) -> usize {
        let corners = lk.corner_index(self.corner_perm as usize, self.frames[0][1] as usize);
        edge_bound(lk, &self.edge_indices(lk))
            .max(frames_bound(self.inverse_dist.map(usize::from)))
            .max(Nibbles(lk.corners).get(corners) as usize)
    }
}

/// The lower bound from the edge-table entries of one cube in the three frames: the
/// largest of them, or one more when all three are the same `p > 0`.
///
/// Why one more (de Bondt's rule): in frame `k` the table gives the distance `h_k`
/// from the cube, seen along axis `k`, to the goal set `G` of that view — corners
/// untwisted, edges unflipped, the four slice edges home in order; the solved cube is
/// in `G`. A U or D turn keeps `G`: it twists no corner (orientations are measured
/// against the U/D faces), flips no edge, does not touch the slice and keeps the
/// U-layer corners in the U layer. So `G` is
/// closed under turns of the frame's own axis. Suppose the cube were exactly
/// `p = h_0 = h_1 = h_2` moves from solved. A shortest solution has a last move `m`,
/// a turn about one of the three axes, say that of frame `k`; the state before it is
/// `m⁻¹`, a turn of that axis applied to solved, hence in frame `k`'s `G`, and the cube
/// reaches it in `p − 1` moves: `h_k ≤ p − 1`, a contradiction.
/// The cube is therefore at least `p + 1` away. (An entry capped at its largest value
/// means "at least that", and the argument still holds; so does any entry that is only
/// a lower bound on `h_k`, as the comb table's are at or below its base. The phase-1 table's goal
/// leaves the slice edges in any order, also kept by U and D turns; the comb table's
/// also asks for the U-layer corners in the U layer, which U and D turns keep.)
#[inline(always)]
pub(super) fn edge_bound(lk: &Lookup, index: &[usize; 3]) -> usize {
    frames_bound([lk.edge(index[0]), lk.edge(index[1]), lk.edge(index[2])])
}

/// [`edge_bound`] from the three distances.
#[inline(always)]
pub(super) fn frames_bound([a, b, c]: [usize; 3]) -> usize {
    a.max(b).max(c) + (a == b && b == c && a > 0) as usize
}

/// Whether move `m` may follow move `last` (no face twice; opposite faces in one order).
#[inline(always)]
pub(super) fn may_follow(last: usize, m: usize) -> bool {
    let (lf, f) = (last / 3, m / 3);
    f != lf && f + 3 != lf
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::optimal::tables::Entries;
    use crate::solve::optimal::tests::ball;
    use crate::solve::optimal::{TableSize, Tables};

    /// The pruning bound (de Bondt's rule included) never exceeds the true distance,
    /// for every cube within 5 moves of solved, and is exact on single turns.
    #[test]
    fn bound_is_admissible() {
        check_admissible(TableSize::Small);
    }

    /// [`bound_is_admissible`] with the comb table.
    #[test]
    #[ignore = "builds the 2.3 GiB comb table"]
    fn comb_table_bound_is_admissible() {
        check_admissible(TableSize::Large);
    }

    fn check_admissible(size: TableSize) {
        let lk = Tables::get(size).lookup();
        let mut raised = 0;
        for (cube, d) in ball(CubieCube::SOLVED, 5) {
            let node = Node::new(&cube, &lk);
            let bound = node.bound(&lk);
            assert!(bound <= d, "bound {bound} > distance {d}");
            assert_eq!(bound == 0, d == 0);
            let plain = [node.edge_indices(&lk), node.inverse_indices(&lk)]
                .iter()
                .flatten()
                .map(|&i| lk.edge(i))
                .max()
                .unwrap();
            raised += (edge_bound(&lk, &node.edge_indices(&lk)) > plain) as usize;
            if d < 5 {
                for m in 0..18 {
                    let a = lk.axis_frame[m] as usize;
                    let (child, parent) =
                        (node.after(&lk, m).inverse_dist[a], node.inverse_dist[a]);
                    // Equal distances, where the table keeps them exactly.
                    let exact_from = match lk.edges {
                        Entries::Nibbles(_) => 0,
                        Entries::TwoBit(t) => t.base() + 1,
                    };
                    assert!(child == parent || child.max(parent) < exact_from);
                }
            }
        }
        assert!(raised > 0, "the rule raises some bound");
    }

    /// The sorted table's bounds on uniformly random cubes: one lookup averages about
    /// 10.3 moves and the six (three axes, cube and inverse, one more when the three
    /// agree) about 11.15, as good as the best published tables of this size, so
    /// what separates solvers of this size is the cost of a node.
    #[test]
    #[ignore = "builds the sorted table"]
    fn sorted_table_bounds_random_cubes_by_eleven_moves() {
        let (one, six) = average_bounds(TableSize::Default);
        assert!((10.2..10.4).contains(&one), "{one}");
        assert!((11.05..11.25).contains(&six), "{six}");
    }

    /// The comb table's bounds on uniformly random cubes: one lookup averages about
    /// 10.6 moves and the six about 11.6, each about 0.4 more than the sorted table's.
    #[test]
    #[ignore = "builds the 2.3 GiB comb table"]
    fn comb_table_bounds_random_cubes_by_eleven_and_a_half_moves() {
        let (one, six) = average_bounds(TableSize::Large);
        assert!((10.6..10.8).contains(&one), "{one}");
        assert!((11.5..11.7).contains(&six), "{six}");
    }

    /// The average of one edge-table lookup and of the whole bound over 50,000
    /// uniformly random cubes.
    fn average_bounds(size: TableSize) -> (f64, f64) {
        use crate::scramble::random_state;
        use rand::SeedableRng;
        let lk = Tables::get(size).lookup();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let n = 50_000;
        let (mut one, mut six) = (0, 0);
        for _ in 0..n {
            let node = Node::new(&random_state(&mut rng), &lk);
            one += lk.edge(node.edge_indices(&lk)[0]);
            six += node.bound(&lk);
        }
        let (one, six) = (one as f64 / n as f64, six as f64 / n as f64);
        eprintln!("average bound: one lookup {one:.3}, all {six:.3}");
        (one, six)
    }
}
