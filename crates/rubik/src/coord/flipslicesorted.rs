//! Flip-slice-sorted classes: edge orientation × places and order of the four UD-slice
//! edges (2048 × 11880 = 24,330,240 values), folded under the 16 symmetries keeping
//! the U–D axis into 1,523,864 classes. The optimal solver's sorted table is indexed by
//! this class × twist; unlike the phase-1 coordinate it also knows the order of the
//! slice edges, so its bounds are about a move higher.
//!
//! As for [flip-slice classes](super::flipslice), every raw value `x` is
//! `S⁻¹ · rep · S` for its class representative `rep` and a symmetry `S`, and the twist
//! is carried along by [`FlipSliceSym::twist_conj`](super::flipslice::FlipSliceSym).

use super::cubie_coords::*;
use super::flipslice::conjugate_edges;
use super::symmetry::{self, N_SYM_D4H};
use crate::cubie::CubieCube;

/// Raw flip-slice-sorted values: `slice_sorted * 2048 + flip`.
pub const N_FLIPSLICESORTED: usize = N_SLICE_SORTED * N_FLIP;
/// Number of flip-slice-sorted classes under the 16 symmetries keeping the U–D axis.
pub const N_FLIPSLICESORTED_CLASS: usize = 1_523_864;

/// Flip-slice-sorted symmetry tables.
pub struct FlipSliceSortedSym {
    /// Class of every raw value (`slice_sorted * 2048 + flip`) with the symmetry that
    /// maps it to its class representative in the low 4 bits: `class << 4 | sym`.
    pub class_sym: Vec<u32>,
    /// The raw value of each class's representative.
    pub rep: Vec<u32>,
}

/// The edges-only cube with raw flip-slice-sorted value `raw`.
fn cube_of(raw: usize) -> CubieCube {
    let mut c = CubieCube::SOLVED;
    set_slice_sorted(&mut c, raw / N_FLIP);
    set_flip(&mut c, raw % N_FLIP);
    c
}

/// The raw flip-slice-sorted value of `c`.
pub fn raw_of(c: &CubieCube) -> usize {
    slice_sorted(c) * N_FLIP + flip(c)
}

/// `S⁻¹ · c · S` on the edges, for each of the 16 symmetries keeping the U–D axis.
fn images(c: &CubieCube) -> [usize; N_SYM_D4H] {
    let sym = symmetry::tables();
    std::array::from_fn(|s| {
        raw_of(&conjugate_edges(
            c,
            &sym.cubes[sym.inverse[s] as usize],
            &sym.cubes[s],
        ))
    })
}

impl FlipSliceSortedSym {
    /// Compute the classes (a few seconds; the class of each raw value is kept in the
    /// table cache by the optimal solver, see [`FlipSliceSortedSym::from_class_sym_bytes`]).
    pub fn build() -> FlipSliceSortedSym {
        let mut class_sym = vec![u32::MAX; N_FLIPSLICESORTED];
        let mut rep = Vec::with_capacity(N_FLIPSLICESORTED_CLASS);
        for raw in 0..N_FLIPSLICESORTED {
            if class_sym[raw] != u32::MAX {
                continue;
            }
            let class = rep.len() as u32;
            for (s, x) in images(&cube_of(raw)).into_iter().enumerate() {
                if class_sym[x] == u32::MAX {
                    class_sym[x] = class << 4 | s as u32;
                }
            }
            rep.push(raw as u32);
        }
        assert_eq!(rep.len(), N_FLIPSLICESORTED_CLASS);
        FlipSliceSortedSym { class_sym, rep }
    }

    /// The tables again from `class_sym` alone (as saved by [`Self::class_sym_bytes`]):
    /// each representative is the one raw value of its class whose symmetry is the
    /// identity. `None` when the bytes are not such a table.
    pub fn from_class_sym_bytes(bytes: &[u8]) -> Option<FlipSliceSortedSym> {
        if bytes.len() != N_FLIPSLICESORTED * 4 {
            return None;
        }
        let class_sym: Vec<u32> = bytes
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        let mut rep = vec![u32::MAX; N_FLIPSLICESORTED_CLASS];
        for (raw, &x) in class_sym.iter().enumerate() {
            let class = (x >> 4) as usize;
            if class >= N_FLIPSLICESORTED_CLASS {
                return None;
            }
            if x & 15 == 0 {
                rep[class] = raw as u32;
            }
        }
        rep.iter()
            .all(|&r| r != u32::MAX)
            .then_some(FlipSliceSortedSym { class_sym, rep })
    }

    /// `class_sym` as little-endian bytes, for the table cache.
    pub fn class_sym_bytes(&self) -> Vec<u8> {
        self.class_sym
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect()
    }

    /// Bit set of the symmetries that fix the representative of `class`.
    pub fn stabilizer(&self, class: usize) -> u16 {
        let raw = self.rep[class] as usize;
        images(&cube_of(raw))
            .iter()
            .enumerate()
            .filter(|&(_, &x)| x == raw)
            .fold(0, |acc, (s, _)| acc | 1 << s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord::flipslice::FlipSliceSym;
    use crate::moves::Move;
    use rand::{Rng, SeedableRng};

    #[test]
    fn classes_map_back_to_representatives() {
        let fss = FlipSliceSortedSym::build();
        let fs = FlipSliceSym::build();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(15);
        let mut c = CubieCube::SOLVED;
        for _ in 0..3000 {
            c = c.apply_move(Move::from_index(rng.gen_range(0..18)));
            let x = fss.class_sym[raw_of(&c)];
            let (class, s) = ((x >> 4) as usize, (x & 15) as usize);
            let image = symmetry::conjugate(&c, s);
            assert_eq!(raw_of(&image), fss.rep[class] as usize);
            assert_eq!(
                twist(&image) as u16,
                fs.twist_conj[twist(&c) * N_SYM_D4H + s]
            );
        }
        assert_eq!(fss.class_sym[0], 0);
        assert_eq!(fss.stabilizer(0), 0xFFFF);
        let back = FlipSliceSortedSym::from_class_sym_bytes(&fss.class_sym_bytes()).unwrap();
        assert_eq!(back.rep, fss.rep);
        assert!(FlipSliceSortedSym::from_class_sym_bytes(&[0; 8]).is_none());
    }
}
