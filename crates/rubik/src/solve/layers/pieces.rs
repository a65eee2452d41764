//! Pieces tracked one by one: each corner or edge piece is a code 0..24 giving its slot
//! and twist (corners: slot × 3 + twist, edges: slot × 2 + flip), so a face turn moves
//! every piece by a small table lookup. This is the state the layer searches work on.

use crate::cubie::CubieCube;
use crate::moves::Move;
use std::sync::OnceLock;

/// Codes per piece: 8 slots × 3 twists, or 12 slots × 2 flips.
pub const CODES: usize = 24;
/// Pieces: corners 0..8 (URF UFL ULB UBR DFR DLF DBL DRB), then edges 8..20
/// (UR UF UL UB DR DF DL DB FR FL BL BR).
pub const PIECES: usize = 20;

/// Where every piece is: `codes[piece]`.
pub type Pieces = [u8; PIECES];

/// Whether piece `p` is a corner.
pub fn is_corner(p: usize) -> bool {
    p < 8
}

/// The slot a code names for a piece of the given kind.
pub fn slot_of(p: usize, code: u8) -> u8 {
    if is_corner(p) {
        code / 3
    } else {
        code / 2
    }
}

/// The code of piece `p` at home and unturned.
pub fn home(p: usize) -> u8 {
    if is_corner(p) {
        p as u8 * 3
    } else {
        (p as u8 - 8) * 2
    }
}

/// The pieces of a cube state.
pub fn from_cubie(c: &CubieCube) -> Pieces {
    let mut codes = [0u8; PIECES];
    for i in 0..8 {
        codes[c.cp[i] as usize] = i as u8 * 3 + c.co[i];
    }
    for i in 0..12 {
        codes[8 + c.ep[i] as usize] = i as u8 * 2 + c.eo[i];
    }
    codes
}

/// Per-move code tables: `[kind][code][move]`, kind 0 corners, 1 edges.
pub struct Turns {
    next: [[[u8; 18]; CODES]; 2],
}

impl Turns {
    /// Where a piece with `code` goes under move index `m` (0..18).
    #[inline]
    pub fn turn(&self, p: usize, code: u8, m: usize) -> u8 {
        self.next[usize::from(!is_corner(p))][code as usize][m]
    }

    /// All pieces after move index `m`.
    #[inline]
    pub fn apply(&self, codes: &Pieces, m: usize) -> Pieces {
        let mut out = *codes;
        for p in 0..8 {
            out[p] = self.next[0][codes[p] as usize][m];
        }
        for p in 8..PIECES {
            out[p] = self.next[1][codes[p] as usize][m];
        }
        out
    }
}

/// The move tables, derived from the cubie model's turns.
pub fn turns() -> &'static Turns {
    static TABLE: OnceLock<Turns> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut next = [[[0u8; 18]; CODES]; 2];
        for (m, &mv) in Move::ALL.iter().enumerate() {
            let t = CubieCube::SOLVED.apply_move(mv);
            // After the turn, slot i holds what slot t.cp[i] held, twisted by t.co[i].
            for i in 0..8 {
                let from = t.cp[i] as usize;
                for o in 0..3 {
                    next[0][from * 3 + o][m] = (i * 3 + (o + t.co[i] as usize) % 3) as u8;
                }
            }
            for i in 0..12 {
                let from = t.ep[i] as usize;
                for o in 0..2 {
                    next[1][from * 2 + o][m] = (i * 2 + (o + t.eo[i] as usize) % 2) as u8;
                }
            }
        }
        Turns { next }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Alg;

    #[test]
    fn tables_agree_with_cubie_model() {
        let alg = Alg::parse("R U2 F' L D B2 R' U F2 D' L2 B").unwrap();
        let mut codes = from_cubie(&CubieCube::SOLVED);
        let mut c = CubieCube::SOLVED;
        for &m in &alg.0 {
            codes = turns().apply(&codes, m.index());
            c = c.apply_move(m);
            assert_eq!(codes, from_cubie(&c));
        }
    }
}
