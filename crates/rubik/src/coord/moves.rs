//! Move tables: where each coordinate goes under each face turn, so search never
//! touches pieces.

use super::cubie_coords::*;
use crate::cubie::CubieCube;
use crate::moves::Move;

/// The ten face turns that keep phase 2's subgroup ⟨U, D, R2, L2, F2, B2⟩, as indices
/// into [`Move::ALL`], grouped by face in U R F D L B order.
pub const PHASE2_MOVES: [u8; 10] = [0, 1, 2, 4, 7, 9, 10, 11, 13, 16];

/// Whether move index `m` is one of [`PHASE2_MOVES`].
pub const fn is_phase2_move(m: usize) -> bool {
    let face = m / 3;
    face == 0 || face == 3 || m % 3 == 1
}

/// Build the table `coord × 18 → coord` from a getter and a setter, computing each
/// face's quarter turn from the cubie model and its half and three-quarter turns by
/// composing table entries.
pub(crate) fn table18(
    n: usize,
    get: fn(&CubieCube) -> usize,
    set: fn(&mut CubieCube, usize),
) -> Vec<u16> {
    let mut t = vec![0u16; n * 18];
    for i in 0..n {
        let mut c = CubieCube::SOLVED;
        set(&mut c, i);
        for f in 0..6 {
            let q = c.then(&CubieCube::BASIC_TURNS[f]);
            t[i * 18 + f * 3] = get(&q) as u16;
        }
    }
    for i in 0..n {
        for f in 0..6 {
            let q1 = t[i * 18 + f * 3] as usize;
            let q2 = t[q1 * 18 + f * 3] as usize;
            let q3 = t[q2 * 18 + f * 3];
            t[i * 18 + f * 3 + 1] = q2 as u16;
            t[i * 18 + f * 3 + 2] = q3;
        }
    }
    t
}

/// Move tables for every coordinate the two-phase and optimal searches track.
pub struct MoveTables {
    /// `twist[t * 18 + m]`.
    pub twist: Vec<u16>,
    /// `flip[f * 18 + m]`.
    pub flip: Vec<u16>,
    /// `slice_sorted[s * 18 + m]`.
    pub slice_sorted: Vec<u16>,
    /// `corner_perm[p * 18 + m]`.
    pub corner_perm: Vec<u16>,
    /// `edge8_perm[p * 10 + k]` for the phase-2 move `PHASE2_MOVES[k]`.
    pub edge8_perm: Vec<u16>,
}

impl MoveTables {
    /// Compute all move tables (a few milliseconds).
    pub fn build() -> MoveTables {
        let mut edge8 = vec![0u16; N_EDGE8_PERM * 10];
        for p in 0..N_EDGE8_PERM {
            let mut c = CubieCube::SOLVED;
            set_edge8_perm(&mut c, p);
            for (k, &m) in PHASE2_MOVES.iter().enumerate() {
                edge8[p * 10 + k] = edge8_perm(&c.apply_move(Move::from_index(m as usize))) as u16;
            }
        }
        MoveTables {
            twist: table18(N_TWIST, twist, set_twist),
            flip: table18(N_FLIP, flip, set_flip),
            slice_sorted: table18(N_SLICE_SORTED, slice_sorted, set_slice_sorted),
            corner_perm: table18(N_CORNER_PERM, corner_perm, set_corner_perm),
            edge8_perm: edge8,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    #[test]
    fn tables_follow_the_cubie_model() {
        let t = MoveTables::build();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let mut c = CubieCube::SOLVED;
        for _ in 0..2000 {
            let m = rng.gen_range(0..18);
            let next = c.apply_move(Move::from_index(m));
            assert_eq!(t.twist[twist(&c) * 18 + m] as usize, twist(&next));
            assert_eq!(t.flip[flip(&c) * 18 + m] as usize, flip(&next));
            assert_eq!(
                t.slice_sorted[slice_sorted(&c) * 18 + m] as usize,
                slice_sorted(&next)
            );
            assert_eq!(
                t.corner_perm[corner_perm(&c) * 18 + m] as usize,
                corner_perm(&next)
            );
            c = next;
        }
        let mut c = CubieCube::SOLVED;
        for _ in 0..2000 {
            let k = rng.gen_range(0..10);
            let next = c.apply_move(Move::from_index(PHASE2_MOVES[k] as usize));
            assert_eq!(
                t.edge8_perm[edge8_perm(&c) * 10 + k] as usize,
                edge8_perm(&next)
            );
            c = next;
        }
        for m in 0..18 {
            assert_eq!(is_phase2_move(m), PHASE2_MOVES.contains(&(m as u8)));
        }
    }
}
