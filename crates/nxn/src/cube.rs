//! The sticker model: the colour of each of an N×N×N cube's 6N² stickers.

use crate::geometry::Geometry;
use crate::moves::{Alg, Move};
use cubist_rubik::Face;

/// An N×N×N cube as sticker colours, each named by the face it belongs to when solved;
/// stickers are numbered as in the facelet string (faces U R F D L B, row by row).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cube {
    n: usize,
    stickers: Vec<Face>,
}

impl Cube {
    /// The solved N×N×N cube.
    ///
    /// # Panics
    /// When `n` is outside the modelled sizes ([`crate::geometry::MIN_N`]..=[`crate::geometry::MAX_N`]).
    pub fn solved(n: usize) -> Cube {
        let g = Geometry::of(n);
        Cube {
            n,
            stickers: (0..g.len()).map(|i| g.face(i)).collect(),
        }
    }

    /// A cube from its 6N² sticker colours, unchecked (see [`crate::validity`]).
    ///
    /// # Panics
    /// When the count is not 6N² for a modelled N.
    pub fn from_stickers(n: usize, stickers: Vec<Face>) -> Cube {
        assert_eq!(stickers.len(), Geometry::of(n).len());
        Cube { n, stickers }
    }

    /// Layers per axis.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The sticker colours in facelet-string order.
    pub fn stickers(&self) -> &[Face] {
        &self.stickers
    }

    /// The geometry of this cube's size.
    pub fn geometry(&self) -> &'static Geometry {
        Geometry::of(self.n)
    }

    /// Turn the cube by one move (its layers must exist; parsing checks them).
    pub fn apply(&mut self, m: &Move) {
        turn(self.geometry(), m, &mut self.stickers);
    }

    /// Turn the cube by each move in turn.
    pub fn apply_alg(&mut self, alg: &Alg) {
        for m in &alg.0 {
            self.apply(m);
        }
    }

    /// The cube after `alg`.
    pub fn after(&self, alg: &Alg) -> Cube {
        let mut c = self.clone();
        c.apply_alg(alg);
        c
    }

    /// Solved: every face one colour, in whatever whole-cube orientation.
    pub fn is_solved(&self) -> bool {
        let k = self.n * self.n;
        self.stickers
            .chunks(k)
            .all(|f| f.iter().all(|&c| c == f[0]))
    }

    /// How many stickers differ from the colour most common on their face.
    pub fn wrong_stickers(&self) -> usize {
        let k = self.n * self.n;
        self.stickers
            .chunks(k)
            .map(|f| {
                let most = Face::ALL
                    .iter()
                    .map(|&c| f.iter().filter(|&&s| s == c).count())
                    .max()
                    .unwrap_or(0);
                k - most
            })
            .sum()
    }

    /// The facelet string in face letters (`UUUU…BBBB` when solved).
    pub fn to_letters(&self) -> String {
        self.stickers.iter().map(|f| f.letter()).collect()
    }

    /// The cube whose facelet string is `letters` (face letters U R F D L B), unchecked.
    pub fn from_letters(n: usize, letters: &str) -> Option<Cube> {
        let stickers: Option<Vec<Face>> = letters.chars().map(Face::from_letter).collect();
        let stickers = stickers?;
        (stickers.len() == 6 * n * n).then_some(Cube { n, stickers })
    }
}

/// Turn any per-sticker values (colours, labels) of an N×N×N cube by one move.
pub fn turn<T: Copy>(g: &Geometry, m: &Move, stickers: &mut [T]) {
    let mut moved: Vec<(u32, T)> = Vec::new();
    for k in m.lo..=m.hi {
        let pairs = g.quarter_turn(m.face, k);
        for _ in 0..m.turns {
            moved.clear();
            moved.extend(
                pairs
                    .iter()
                    .map(|&(from, to)| (to, stickers[from as usize])),
            );
            for &(to, c) in &moved {
                stickers[to as usize] = c;
            }
        }
    }
}

/// Where each sticker comes from after `alg`: entry `to` is the sticker `from` whose
/// place it takes.
pub fn permutation(n: usize, alg: &Alg) -> Vec<usize> {
    let g = Geometry::of(n);
    let mut labels: Vec<usize> = (0..g.len()).collect();
    for m in &alg.0 {
        turn(g, m, &mut labels);
    }
    labels
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turned(n: usize, moves: &str) -> Cube {
        Cube::solved(n).after(&Alg::parse(moves, n).unwrap())
    }

    #[test]
    fn four_quarter_turns_are_no_turn() {
        for n in 2..=7 {
            for m in [
                "R", "2R", "Rw", "3Uw", "2-3Fw", "x", "y", "z", "B", "D", "L",
            ] {
                let Ok(alg) = Alg::parse(&format!("{m} {m} {m} {m}"), n) else {
                    continue; // layers this size lacks
                };
                assert!(Cube::solved(n).after(&alg).is_solved(), "{m} on {n}");
            }
        }
    }

    #[test]
    fn rotations_keep_the_cube_solved_and_turns_do_not() {
        assert!(turned(4, "x y' z2").is_solved());
        assert!(!turned(4, "R").is_solved());
        assert!(!turned(5, "M").is_solved());
        assert!(turned(4, "Rw Lw'").is_solved()); // the whole cube turned
    }

    #[test]
    fn r_moves_the_front_column_up() {
        // R turns the right layer clockwise seen from R: F's right column goes to U.
        let c = turned(3, "R");
        assert_eq!(&c.to_letters()[..9], "UUFUUFUUF");
    }

    #[test]
    fn wrong_stickers_counts_the_odd_ones_out() {
        assert_eq!(turned(4, "").wrong_stickers(), 0);
        assert_eq!(turned(4, "R").wrong_stickers(), 16);
    }
}
