//! The facelet model: the colour of each of the 54 stickers.
//!
//! Stickers are numbered as in the common facelet string (SPEC §2.2): faces in the order
//! U R F D L B, each face's nine stickers row by row as drawn in the net of SPEC §2.1
//! (`U1..U9` = 0..9, `R1..R9` = 9..18, and so on). A sticker's colour is named by the
//! face whose centre has that colour, so the solved cube reads `UUUUUUUUURRR...BBB`.

use crate::cubie::CubieCube;
use crate::moves::Face;

/// Sticker index of face `f`, row `r`, column `c` (each 0..3).
pub const fn sticker(f: Face, r: usize, c: usize) -> usize {
    f as usize * 9 + r * 3 + c
}

/// The stickers of each corner slot, starting with its U or D sticker and going
/// clockwise around the corner.
pub const CORNER_FACELETS: [[usize; 3]; 8] = [
    [8, 9, 20],   // URF: U9 R1 F3
    [6, 18, 38],  // UFL: U7 F1 L3
    [0, 36, 47],  // ULB: U1 L1 B3
    [2, 45, 11],  // UBR: U3 B1 R3
    [29, 26, 15], // DFR: D3 F9 R7
    [27, 44, 24], // DLF: D1 L9 F7
    [33, 53, 42], // DBL: D7 B9 L7
    [35, 17, 51], // DRB: D9 R9 B7
];

/// The stickers of each edge slot, U/D (or F/B for the middle layer) sticker first.
pub const EDGE_FACELETS: [[usize; 2]; 12] = [
    [5, 10],  // UR: U6 R2
    [7, 19],  // UF: U8 F2
    [3, 37],  // UL: U4 L2
    [1, 46],  // UB: U2 B2
    [32, 16], // DR: D6 R8
    [28, 25], // DF: D2 F8
    [30, 43], // DL: D4 L8
    [34, 52], // DB: D8 B8
    [23, 12], // FR: F6 R4
    [21, 41], // FL: F4 L6
    [50, 39], // BL: B6 L4
    [48, 14], // BR: B4 R6
];

/// The colours of each corner piece, in the same order as [`CORNER_FACELETS`].
pub const CORNER_COLOURS: [[Face; 3]; 8] = {
    use Face::*;
    [
        [U, R, F],
        [U, F, L],
        [U, L, B],
        [U, B, R],
        [D, F, R],
        [D, L, F],
        [D, B, L],
        [D, R, B],
    ]
};

/// The colours of each edge piece, in the same order as [`EDGE_FACELETS`].
pub const EDGE_COLOURS: [[Face; 2]; 12] = {
    use Face::*;
    [
        [U, R],
        [U, F],
        [U, L],
        [U, B],
        [D, R],
        [D, F],
        [D, L],
        [D, B],
        [F, R],
        [F, L],
        [B, L],
        [B, R],
    ]
};

/// The colour of every sticker, each named by the face it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Facelets(pub [Face; 54]);

/// Why a set of stickers is not a cube made of real pieces.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PieceError {
    /// A corner whose colours match no corner piece.
    #[error("corner {slot} has colours {colours}, which is not a corner piece")]
    NoSuchCorner {
        /// The slot name, e.g. `UFR`.
        slot: &'static str,
        /// Its colours as face letters.
        colours: String,
    },
    /// An edge whose colours match no edge piece.
    #[error("edge {slot} has colours {colours}, which is not an edge piece")]
    NoSuchEdge {
        /// The slot name, e.g. `UF`.
        slot: &'static str,
        /// Its colours as face letters.
        colours: String,
    },
}

impl Facelets {
    /// The solved cube's stickers.
    pub fn solved() -> Facelets {
        let mut f = [Face::U; 54];
        for (i, s) in f.iter_mut().enumerate() {
            *s = Face::from_index(i / 9);
        }
        Facelets(f)
    }

    /// The 54-letter facelet string (`UUUUUUUUURRR...`).
    pub fn to_letters(&self) -> String {
        self.0.iter().map(|f| f.letter()).collect()
    }

    /// Whether every face shows one colour.
    pub fn is_solved(&self) -> bool {
        self.0
            .chunks(9)
            .all(|face| face.iter().all(|&s| s == face[0]))
    }

    /// The stickers of a cubie state.
    pub fn from_cubie(c: &CubieCube) -> Facelets {
        let mut f = Facelets::solved();
        for i in 0..8 {
            let piece = c.cp[i] as usize;
            let twist = c.co[i] as usize;
            for n in 0..3 {
                f.0[CORNER_FACELETS[i][(n + twist) % 3]] = CORNER_COLOURS[piece][n];
            }
        }
        for i in 0..12 {
            let piece = c.ep[i] as usize;
            let flip = c.eo[i] as usize;
            for n in 0..2 {
                f.0[EDGE_FACELETS[i][(n + flip) % 2]] = EDGE_COLOURS[piece][n];
            }
        }
        f
    }

    /// Identify the piece in every slot. Fails on a sticker combination that is no
    /// piece; duplicated pieces and twists are left for the caller to judge
    /// (see [`CubieCube::is_reachable`]). Centres are assumed to be in place.
    pub fn to_cubie(&self) -> Result<CubieCube, PieceError> {
        let s = &self.0;
        let mut c = CubieCube::SOLVED;
        for i in 0..8 {
            let stickers = CORNER_FACELETS[i].map(|k| s[k]);
            let found = (0..3).find_map(|twist| {
                if !matches!(stickers[twist], Face::U | Face::D) {
                    return None;
                }
                let a = stickers[(twist + 1) % 3];
                let b = stickers[(twist + 2) % 3];
                (0..8)
                    .find(|&p| {
                        CORNER_COLOURS[p][0] == stickers[twist]
                            && CORNER_COLOURS[p][1] == a
                            && CORNER_COLOURS[p][2] == b
                    })
                    .map(|p| (p, twist))
            });
            let (piece, twist) = found.ok_or_else(|| PieceError::NoSuchCorner {
                slot: crate::cubie::CORNER_NAMES[i],
                colours: stickers.iter().map(|f| f.letter()).collect(),
            })?;
            c.cp[i] = piece as u8;
            c.co[i] = twist as u8;
        }
        for i in 0..12 {
            let stickers = EDGE_FACELETS[i].map(|k| s[k]);
            let found = (0..12).find_map(|p| {
                if EDGE_COLOURS[p] == stickers {
                    Some((p, 0))
                } else if EDGE_COLOURS[p] == [stickers[1], stickers[0]] {
                    Some((p, 1))
                } else {
                    None
                }
            });
            let (piece, flip) = found.ok_or_else(|| PieceError::NoSuchEdge {
                slot: crate::cubie::EDGE_NAMES[i],
                colours: stickers.iter().map(|f| f.letter()).collect(),
            })?;
            c.ep[i] = piece as u8;
            c.eo[i] = flip;
        }
        Ok(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Alg;

    #[test]
    fn solved_round_trips() {
        let f = Facelets::from_cubie(&CubieCube::SOLVED);
        assert_eq!(f, Facelets::solved());
        assert!(f.is_solved());
        assert_eq!(f.to_cubie().unwrap(), CubieCube::SOLVED);
    }

    #[test]
    fn scrambled_round_trips() {
        let c = CubieCube::from_alg(&Alg::parse("R U F' D2 L B' U2 R2 F").unwrap());
        let f = Facelets::from_cubie(&c);
        assert!(!f.is_solved());
        assert_eq!(f.to_cubie().unwrap(), c);
    }

    #[test]
    fn u_turn_moves_front_stickers_to_left() {
        // U clockwise seen from above: the top row of F goes to L.
        let c = CubieCube::from_alg(&Alg::parse("U").unwrap());
        let f = Facelets::from_cubie(&c);
        for col in 0..3 {
            assert_eq!(f.0[sticker(Face::L, 0, col)], Face::F);
            assert_eq!(f.0[sticker(Face::F, 0, col)], Face::R);
        }
    }
}
