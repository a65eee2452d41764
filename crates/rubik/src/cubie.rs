//! The cubie model: which piece sits in each slot and how it is twisted or flipped.
//!
//! Slots and pieces follow Kociemba's numbering, the lingua franca of two-phase solvers:
//! corners `URF UFL ULB UBR DFR DLF DBL DRB`, edges
//! `UR UF UL UB DR DF DL DB FR FL BL BR`. A corner's orientation counts clockwise twists
//! of its U/D sticker away from the U/D face (0..3); an edge's is its flip (0..2).

use crate::moves::{Alg, Face, Move};

/// Corner slot names in index order.
pub const CORNER_NAMES: [&str; 8] = ["URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"];
/// Edge slot names in index order.
pub const EDGE_NAMES: [&str; 12] = [
    "UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR",
];

/// A cube state as a permutation and orientation of the 8 corners and 12 edges.
///
/// `cp[i]` is the piece in corner slot `i`, `co[i]` its twist; likewise `ep`/`eo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CubieCube {
    /// Corner permutation: piece in each corner slot.
    pub cp: [u8; 8],
    /// Corner orientation: clockwise twist 0..3 of the piece in each slot.
    pub co: [u8; 8],
    /// Edge permutation: piece in each edge slot.
    pub ep: [u8; 12],
    /// Edge orientation: flip 0..2 of the piece in each slot.
    pub eo: [u8; 12],
}

impl Default for CubieCube {
    fn default() -> Self {
        CubieCube::SOLVED
    }
}

impl CubieCube {
    /// The solved cube.
    pub const SOLVED: CubieCube = CubieCube {
        cp: [0, 1, 2, 3, 4, 5, 6, 7],
        co: [0; 8],
        ep: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        eo: [0; 12],
    };

    /// The effect of one clockwise quarter turn of each face, in [`Face`] order.
    pub const BASIC_TURNS: [CubieCube; 6] = [
        // U
        CubieCube {
            cp: [3, 0, 1, 2, 4, 5, 6, 7],
            co: [0; 8],
            ep: [3, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11],
            eo: [0; 12],
        },
        // R
        CubieCube {
            cp: [4, 1, 2, 0, 7, 5, 6, 3],
            co: [2, 0, 0, 1, 1, 0, 0, 2],
            ep: [8, 1, 2, 3, 11, 5, 6, 7, 4, 9, 10, 0],
            eo: [0; 12],
        },
        // F
        CubieCube {
            cp: [1, 5, 2, 3, 0, 4, 6, 7],
            co: [1, 2, 0, 0, 2, 1, 0, 0],
            ep: [0, 9, 2, 3, 4, 8, 6, 7, 1, 5, 10, 11],
            eo: [0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0],
        },
        // D
        CubieCube {
            cp: [0, 1, 2, 3, 5, 6, 7, 4],
            co: [0; 8],
            ep: [0, 1, 2, 3, 5, 6, 7, 4, 8, 9, 10, 11],
            eo: [0; 12],
        },
        // L
        CubieCube {
            cp: [0, 2, 6, 3, 4, 1, 5, 7],
            co: [0, 1, 2, 0, 0, 2, 1, 0],
            ep: [0, 1, 10, 3, 4, 5, 9, 7, 8, 2, 6, 11],
            eo: [0; 12],
        },
        // B
        CubieCube {
            cp: [0, 1, 3, 7, 4, 5, 2, 6],
            co: [0, 0, 1, 2, 0, 0, 2, 1],
            ep: [0, 1, 2, 11, 4, 5, 6, 10, 8, 9, 3, 7],
            eo: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1],
        },
    ];

    /// `self` followed by `other`: the state reached by applying `other`'s permutation
    /// after `self`'s (so `SOLVED.then(&turn)` is the turn itself). Written without
    /// division: searches compose hundreds of millions of times.
    #[inline]
    pub fn then(&self, other: &CubieCube) -> CubieCube {
        let mut r = CubieCube::SOLVED;
        for i in 0..8 {
            let from = (other.cp[i] & 7) as usize;
            r.cp[i] = self.cp[from];
            let o = self.co[from] + other.co[i];
            r.co[i] = if o >= 3 { o - 3 } else { o };
        }
        for i in 0..12 {
            let from = other.ep[i] as usize;
            r.ep[i] = self.ep[from];
            r.eo[i] = self.eo[from] ^ other.eo[i];
        }
        r
    }

    /// The state that undoes this one: `c.then(&c.inverse()) == SOLVED`.
    pub fn inverse(&self) -> CubieCube {
        let mut r = CubieCube::SOLVED;
        for i in 0..8 {
            let p = self.cp[i] as usize;
            r.cp[p] = i as u8;
            r.co[p] = (3 - self.co[i]) % 3;
        }
        for i in 0..12 {
            let p = self.ep[i] as usize;
            r.ep[p] = i as u8;
            r.eo[p] = self.eo[i];
        }
        r
    }

    /// The state after turning `m` (a face turn) on this cube.
    pub fn apply_move(&self, m: Move) -> CubieCube {
        let mut c = *self;
        for _ in 0..m.turns {
            c = c.then(&CubieCube::BASIC_TURNS[m.face.index()]);
        }
        c
    }

    /// The state after the whole sequence.
    pub fn apply_alg(&self, alg: &Alg) -> CubieCube {
        alg.0.iter().fold(*self, |c, &m| c.apply_move(m))
    }

    /// The state a sequence produces from the solved cube.
    pub fn from_alg(alg: &Alg) -> CubieCube {
        CubieCube::SOLVED.apply_alg(alg)
    }

    /// Whether every piece is home and unturned.
    pub fn is_solved(&self) -> bool {
        *self == CubieCube::SOLVED
    }

    /// The cube after turning one face once clockwise.
    pub fn basic_turn(face: Face) -> CubieCube {
        CubieCube::BASIC_TURNS[face.index()]
    }

    /// Parity of the corner permutation (0 even, 1 odd); equals the edge parity on any
    /// reachable cube.
    pub fn corner_parity(&self) -> u8 {
        permutation_parity(&self.cp)
    }

    /// Parity of the edge permutation (0 even, 1 odd).
    pub fn edge_parity(&self) -> u8 {
        permutation_parity(&self.ep)
    }

    /// Whether the state can be reached by face turns: both permutations are
    /// permutations, twists sum to 0 mod 3, flips to 0 mod 2, and parities agree.
    pub fn is_reachable(&self) -> bool {
        is_permutation(&self.cp)
            && is_permutation(&self.ep)
            && self.co.iter().all(|&o| o < 3)
            && self.eo.iter().all(|&o| o < 2)
            && self.co.iter().map(|&o| o as u32).sum::<u32>() % 3 == 0
            && self.eo.iter().map(|&o| o as u32).sum::<u32>() % 2 == 0
            && self.corner_parity() == self.edge_parity()
    }
}

/// Whether `p` holds each of 0..p.len() exactly once.
pub fn is_permutation(p: &[u8]) -> bool {
    let mut seen = 0u32;
    for &x in p {
        if x as usize >= p.len() || seen & (1 << x) != 0 {
            return false;
        }
        seen |= 1 << x;
    }
    true
}

/// Parity (0 even, 1 odd) of a permutation of 0..p.len().
pub fn permutation_parity(p: &[u8]) -> u8 {
    let mut parity = 0;
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            if p[i] > p[j] {
                parity ^= 1;
            }
        }
    }
    parity
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_quarter_turns_are_identity() {
        for f in Face::ALL {
            let mut c = CubieCube::SOLVED;
            for _ in 0..4 {
                c = c.then(&CubieCube::basic_turn(f));
            }
            assert!(c.is_solved(), "{f}4");
        }
    }

    /// `then` (written without division) is the product by its definition.
    #[test]
    fn then_is_the_product() {
        let product = |a: &CubieCube, b: &CubieCube| {
            let mut r = CubieCube::SOLVED;
            for i in 0..8 {
                r.cp[i] = a.cp[b.cp[i] as usize];
                r.co[i] = (a.co[b.cp[i] as usize] + b.co[i]) % 3;
            }
            for i in 0..12 {
                r.ep[i] = a.ep[b.ep[i] as usize];
                r.eo[i] = (a.eo[b.ep[i] as usize] + b.eo[i]) % 2;
            }
            r
        };
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        for _ in 0..200 {
            let a = crate::scramble::random_state(&mut rng);
            let b = crate::scramble::random_state(&mut rng);
            assert_eq!(a.then(&b), product(&a, &b));
        }
    }

    #[test]
    fn inverse_undoes() {
        let alg = Alg::parse("R U R' U' F2 D L' B").unwrap();
        let c = CubieCube::from_alg(&alg);
        assert!(c.then(&c.inverse()).is_solved());
        assert!(c.apply_alg(&alg.inverse()).is_solved());
        assert!(c.is_reachable());
    }

    #[test]
    fn sexy_move_has_order_six() {
        let alg = Alg::parse("R U R' U'").unwrap();
        let mut c = CubieCube::SOLVED;
        for k in 1..=6 {
            c = c.apply_alg(&alg);
            assert_eq!(c.is_solved(), k == 6);
        }
    }

    #[test]
    fn detects_unreachable() {
        let mut c = CubieCube::SOLVED;
        c.co[0] = 1;
        assert!(!c.is_reachable());
        let mut c = CubieCube::SOLVED;
        c.ep.swap(0, 1);
        assert!(!c.is_reachable());
    }
}
