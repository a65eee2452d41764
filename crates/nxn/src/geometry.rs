//! Where each sticker of an N×N×N cube is, and which stickers a layer turn moves.
//!
//! A sticker is a cubie position and an outward normal, in doubled coordinates: each
//! coordinate of a cubie is one of −(N−1), −(N−3), …, N−1, with x towards R, y towards
//! U and z towards F. Stickers are numbered as in the facelet string of SPEC §2.8: faces
//! U R F D L B, each face row by row as drawn in the net. A clockwise quarter turn of a
//! layer, seen from the face it is counted from, turns its stickers −90° about that
//! face's outward normal.

use crate::once::{made_once, MadeOnce};
use cubist_rubik::Face;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The smallest cube this crate models.
pub const MIN_N: usize = 2;
/// The largest cube this crate models (6·64² = 24,576 stickers).
pub const MAX_N: usize = 64;

/// A point or direction in doubled cubie coordinates.
pub type Vec3 = [i32; 3];

/// The outward normal of a face.
pub fn normal(face: Face) -> Vec3 {
    match face {
        Face::U => [0, 1, 0],
        Face::D => [0, -1, 0],
        Face::R => [1, 0, 0],
        Face::L => [-1, 0, 0],
        Face::F => [0, 0, 1],
        Face::B => [0, 0, -1],
    }
}

/// The face whose outward normal is `v`.
pub fn face_of_normal(v: Vec3) -> Face {
    Face::ALL
        .into_iter()
        .find(|&f| normal(f) == v)
        .expect("a unit normal")
}

fn dot(a: Vec3, b: Vec3) -> i32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: Vec3, b: Vec3) -> Vec3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// det(a, b, c) = a · (b × c): +1 or −1 for three distinct axes, kept by rotations.
pub fn det(a: Vec3, b: Vec3, c: Vec3) -> i32 {
    dot(a, cross(b, c))
}

/// `v` turned a quarter turn anticlockwise about the unit vector `axis` (right-hand
/// rule), `q` times.
fn rotate(axis: Vec3, mut v: Vec3, q: usize) -> Vec3 {
    for _ in 0..q % 4 {
        let k = dot(axis, v);
        let c = cross(axis, v);
        v = [axis[0] * k + c[0], axis[1] * k + c[1], axis[2] * k + c[2]];
    }
    v
}

/// The cubie position and normal of the sticker in row `r`, column `c` of `face`'s
/// picture in the net.
fn place(n: usize, face: Face, r: usize, c: usize) -> (Vec3, Vec3) {
    let m = n as i32 - 1;
    let (a, b) = (2 * r as i32 - m, 2 * c as i32 - m);
    let p = match face {
        Face::U => [b, m, a],
        Face::D => [b, -m, -a],
        Face::F => [b, -a, m],
        Face::B => [-b, -a, -m],
        Face::R => [m, -a, -b],
        Face::L => [-m, -a, b],
    };
    (p, normal(face))
}

/// One edge cubie's place: which of the twelve edges (Kociemba's order UR UF UL UB DR
/// DF DL DB FR FL BL BR), how far along it (1..N−1, from the end the 3×3×3's sticker
/// order starts at) and its two stickers, U/D (else F/B) first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdgeSlot {
    /// Edge 0..12.
    pub edge: usize,
    /// Place along the edge, 1..N−1.
    pub place: usize,
    /// The two stickers.
    pub stickers: [usize; 2],
}

/// The names of the twelve edges, in Kociemba's order.
pub const EDGE_NAMES: [&str; 12] = [
    "UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR",
];

/// The names of the eight corners, in Kociemba's order.
pub const CORNER_NAMES: [&str; 8] = ["URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"];

/// The stickers of an N×N×N cube: where each is, which stickers each layer's quarter
/// turn moves, and the pieces (corners, edges, centres) they belong to.
#[derive(Debug)]
pub struct Geometry {
    /// Layers per axis.
    pub n: usize,
    /// Cubie position of each sticker.
    pub position: Vec<Vec3>,
    /// Outward normal of each sticker.
    pub normal: Vec<Vec3>,
    /// `(from, to)` sticker pairs of one clockwise quarter turn of layer `k` (1-based)
    /// counted from face `f`, at `turns[f.index() * n + k - 1]`.
    turns: Vec<Vec<(u32, u32)>>,
    /// The stickers of each corner slot, in Kociemba's order URF UFL ULB UBR DFR DLF
    /// DBL DRB, each starting with its U or D sticker and going clockwise.
    pub corners: [[usize; 3]; 8],
    /// The edge slots of each wing orbit (orbit `j` holds the cubies `j` and `N−1−j`
    /// places along an edge, `1 ≤ j < (N−1)/2`): 24 slots, each two stickers, the first
    /// on the U/D face (F/B for the middle layer's edges).
    pub wings: Vec<Vec<EdgeSlot>>,
    /// An odd cube's middle edges, in Kociemba's order UR UF UL UB DR DF DL DB FR FL
    /// BL BR, first sticker as for wings.
    pub midges: Option<[[usize; 2]; 12]>,
    /// The centre orbits of 24 stickers (four per face that one face turn cycles).
    pub centre_orbits: Vec<Vec<usize>>,
    /// An odd cube's fixed centre stickers, in face order U R F D L B.
    pub fixed_centres: Option<[usize; 6]>,
}

impl Geometry {
    /// The geometry of the N×N×N cube, computed once per size and shared.
    ///
    /// # Panics
    /// When `n` is outside [`MIN_N`]..=[`MAX_N`]; parsers check sizes first.
    pub fn of(n: usize) -> &'static Geometry {
        assert!((MIN_N..=MAX_N).contains(&n), "no {n}×{n}×{n} cube");
        static CACHE: MadeOnce<usize, Geometry> = OnceLock::new();
        made_once(&CACHE, n, || Box::leak(Box::new(Geometry::build(n))))
    }

    /// Sticker index of `face`, row `r`, column `c`.
    pub fn sticker(&self, face: Face, r: usize, c: usize) -> usize {
        (face.index() * self.n + r) * self.n + c
    }

    /// Number of stickers, 6N².
    pub fn len(&self) -> usize {
        6 * self.n * self.n
    }

    /// Whether the cube has no stickers (never).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The face a sticker lies on.
    pub fn face(&self, sticker: usize) -> Face {
        Face::from_index(sticker / (self.n * self.n))
    }

    /// The sticker pairs of one clockwise quarter turn of layer `k` counted from `face`.
    pub fn quarter_turn(&self, face: Face, k: usize) -> &[(u32, u32)] {
        &self.turns[face.index() * self.n + k - 1]
    }

    fn build(n: usize) -> Geometry {
        let mut position = Vec::with_capacity(6 * n * n);
        let mut normals = Vec::with_capacity(6 * n * n);
        for face in Face::ALL {
            for r in 0..n {
                for c in 0..n {
                    let (p, q) = place(n, face, r, c);
                    position.push(p);
                    normals.push(q);
                }
            }
        }
        let index: HashMap<(Vec3, Vec3), usize> = (0..position.len())
            .map(|i| ((position[i], normals[i]), i))
            .collect();
        let mut turns = Vec::with_capacity(6 * n);
        for face in Face::ALL {
            let axis = normal(face);
            for k in 1..=n {
                let depth = n as i32 + 1 - 2 * k as i32;
                let pairs = (0..position.len())
                    .filter(|&i| dot(position[i], axis) == depth)
                    .map(|i| {
                        let to =
                            index[&(rotate(axis, position[i], 3), rotate(axis, normals[i], 3))];
                        (i as u32, to as u32)
                    })
                    .collect();
                turns.push(pairs);
            }
        }
        let mut by_cubie: HashMap<Vec3, Vec<usize>> = HashMap::new();
        for (i, &p) in position.iter().enumerate() {
            by_cubie.entry(p).or_default().push(i);
        }
        let mut g = Geometry {
            n,
            position,
            normal: normals,
            turns,
            corners: [[0; 3]; 8],
            wings: Vec::new(),
            midges: None,
            centre_orbits: Vec::new(),
            fixed_centres: None,
        };
        g.find_corners();
        g.find_edges(&by_cubie);
        g.find_centres();
        g
    }

    /// Corner slots from the 3×3×3's corner facelets, row and column 2 made N−1.
    fn find_corners(&mut self) {
        let m = self.n - 1;
        for (slot, stickers) in cubist_rubik::facelet::CORNER_FACELETS.iter().enumerate() {
            for (k, &s) in stickers.iter().enumerate() {
                let (face, r, c) = (Face::from_index(s / 9), (s % 9) / 3, s % 3);
                self.corners[slot][k] = self.sticker(face, r / 2 * m, c / 2 * m);
            }
        }
    }

    /// Edge slots: the 3×3×3's edge facelets stretched along each edge, the partner
    /// sticker found through the shared cubie.
    fn find_edges(&mut self, by_cubie: &HashMap<Vec3, Vec<usize>>) {
        let n = self.n;
        let m = n - 1;
        let orbits = (n - 1) / 2; // wing orbits 1..orbits, j < (n-1)/2 strictly
        let wing_orbits = if n % 2 == 1 { orbits - 1 } else { orbits };
        let mut wings = vec![Vec::with_capacity(24); wing_orbits];
        let mut midges = [[0usize; 2]; 12];
        for (slot, stickers) in cubist_rubik::facelet::EDGE_FACELETS.iter().enumerate() {
            let s = stickers[0];
            let (face, r, c) = (Face::from_index(s / 9), (s % 9) / 3, s % 3);
            for j in 1..m {
                let (rr, cc) = if r == 1 {
                    (j, c / 2 * m)
                } else {
                    (r / 2 * m, j)
                };
                let first = self.sticker(face, rr, cc);
                let second = *by_cubie[&self.position[first]]
                    .iter()
                    .find(|&&t| t != first)
                    .expect("an edge cubie has two stickers");
                let orbit = j.min(m - j);
                if n % 2 == 1 && j == m / 2 {
                    midges[slot] = [first, second];
                } else {
                    wings[orbit - 1].push(EdgeSlot {
                        edge: slot,
                        place: j,
                        stickers: [first, second],
                    });
                }
            }
        }
        self.wings = wings;
        if n % 2 == 1 {
            self.midges = Some(midges);
        }
    }

    /// Centre orbits: a face's inner stickers grouped by the four places one face turn
    /// cycles, the same places on every face.
    fn find_centres(&mut self) {
        let n = self.n;
        let m = n - 1;
        let mut orbits: Vec<((usize, usize), Vec<usize>)> = Vec::new();
        for r in 1..m {
            for c in 1..m {
                let key = [(r, c), (c, m - r), (m - r, m - c), (m - c, r)]
                    .into_iter()
                    .min()
                    .expect("four places");
                if key == (r, c) && !(2 * r == m && 2 * c == m) {
                    let mut stickers = Vec::with_capacity(24);
                    for face in Face::ALL {
                        for (rr, cc) in [(r, c), (c, m - r), (m - r, m - c), (m - c, r)] {
                            stickers.push(self.sticker(face, rr, cc));
                        }
                    }
                    orbits.push(((r, c), stickers));
                }
            }
        }
        self.centre_orbits = orbits.into_iter().map(|(_, s)| s).collect();
        if n % 2 == 1 {
            let h = m / 2;
            self.fixed_centres = Some(Face::ALL.map(|f| self.sticker(f, h, h)));
        }
    }

    /// Row and column (0-based) of a sticker on its face.
    pub fn row_col(&self, sticker: usize) -> (usize, usize) {
        let k = sticker % (self.n * self.n);
        (k / self.n, k % self.n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sticker_has_its_own_place() {
        for n in 2..=9 {
            let g = Geometry::of(n);
            let mut seen = std::collections::HashSet::new();
            for i in 0..g.len() {
                assert!(seen.insert((g.position[i], g.normal[i])));
                assert_eq!(dot(g.position[i], g.normal[i]), n as i32 - 1);
            }
        }
    }

    #[test]
    fn pieces_cover_every_sticker_once() {
        for n in 2..=9 {
            let g = Geometry::of(n);
            let mut count = vec![0; g.len()];
            g.corners.iter().flatten().for_each(|&s| count[s] += 1);
            g.wings
                .iter()
                .flatten()
                .flat_map(|w| w.stickers)
                .for_each(|s| count[s] += 1);
            g.midges
                .iter()
                .flatten()
                .flatten()
                .for_each(|&s| count[s] += 1);
            g.centre_orbits
                .iter()
                .flatten()
                .for_each(|&s| count[s] += 1);
            g.fixed_centres
                .iter()
                .flatten()
                .for_each(|&s| count[s] += 1);
            assert!(count.iter().all(|&c| c == 1), "N = {n}");
            assert!(g.wings.iter().all(|o| o.len() == 24));
            assert!(g.centre_orbits.iter().all(|o| o.len() == 24));
        }
    }

    #[test]
    fn a_corner_reads_clockwise_from_its_u_or_d_sticker() {
        let g = Geometry::of(4);
        for c in g.corners {
            let [a, b, d] = c.map(|s| g.normal[s]);
            assert_eq!(det(a, b, d), -1);
            assert_eq!(a[1].abs(), 1);
        }
    }

    #[test]
    fn a_quarter_turn_moves_the_layer_and_the_face() {
        let g = Geometry::of(5);
        assert_eq!(g.quarter_turn(Face::R, 1).len(), 4 * 5 + 25);
        assert_eq!(g.quarter_turn(Face::R, 3).len(), 4 * 5);
        assert_eq!(g.quarter_turn(Face::R, 5).len(), 4 * 5 + 25);
    }
}
