//! Corner-permutation classes: the 40,320 corner permutations folded under the 16
//! symmetries keeping the U–D axis into 2,768 classes, so that a phase-2 table over
//! corner class × edge8 perm fits in 56 MB.
//!
//! As for [flip-slice classes](super::flipslice), every corner permutation `x` is
//! `S⁻¹ · rep · S` for its class representative and a symmetry `S`, and the edge8
//! permutation is carried along by [`CornerSym::edge8_conj`].

use super::cubie_coords::*;
use super::symmetry::{self, N_SYM_D4H};
use crate::cubie::CubieCube;

/// Number of corner-permutation classes under the 16 symmetries keeping the U–D axis.
pub const N_CORNER_CLASS: usize = 2768;

/// Corner-permutation symmetry tables.
pub struct CornerSym {
    /// Class of every corner permutation with the symmetry mapping it to its
    /// representative in the low 4 bits: `class << 4 | sym`.
    pub class_sym: Vec<u32>,
    /// Corner permutation of each class's representative.
    pub rep: Vec<u16>,
    /// For each class, the bit set of symmetries that fix its representative.
    pub stabilizer: Vec<u16>,
    /// `edge8_conj[e * 16 + s]`: the edge8 perm of `S · E · S⁻¹`.
    pub edge8_conj: Vec<u16>,
}

impl CornerSym {
    /// Compute the classes and conjugation tables.
    pub fn build() -> CornerSym {
        let sym = symmetry::tables();
        let mut edge8_conj = vec![0u16; N_EDGE8_PERM * N_SYM_D4H];
        for e in 0..N_EDGE8_PERM {
            let mut c = CubieCube::SOLVED;
            set_edge8_perm(&mut c, e);
            for s in 0..N_SYM_D4H {
                edge8_conj[e * N_SYM_D4H + s] = edge8_perm(&symmetry::conjugate(&c, s)) as u16;
            }
        }
        let mut class_sym = vec![u32::MAX; N_CORNER_PERM];
        let mut rep = Vec::with_capacity(N_CORNER_CLASS);
        let mut stabilizer = Vec::with_capacity(N_CORNER_CLASS);
        for raw in 0..N_CORNER_PERM {
            if class_sym[raw] != u32::MAX {
                continue;
            }
            let class = rep.len() as u32;
            let mut cube = CubieCube::SOLVED;
            set_corner_perm(&mut cube, raw);
            let mut stab = 0u16;
            for s in 0..N_SYM_D4H {
                let image = symmetry::multiply(
                    &symmetry::multiply(&sym.cubes[sym.inverse[s] as usize], &cube),
                    &sym.cubes[s],
                );
                let x = corner_perm(&image);
                if class_sym[x] == u32::MAX {
                    class_sym[x] = class << 4 | s as u32;
                }
                if x == raw {
                    stab |= 1 << s;
                }
            }
            rep.push(raw as u16);
            stabilizer.push(stab);
        }
        assert_eq!(rep.len(), N_CORNER_CLASS);
        CornerSym {
            class_sym,
            rep,
            stabilizer,
            edge8_conj,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord::moves::PHASE2_MOVES;
    use crate::moves::Move;
    use rand::{Rng, SeedableRng};

    #[test]
    fn classes_map_back_to_representatives() {
        let cs = CornerSym::build();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
        let mut c = CubieCube::SOLVED;
        for _ in 0..3000 {
            let m = PHASE2_MOVES[rng.gen_range(0..10)] as usize;
            c = c.apply_move(Move::from_index(m));
            let x = cs.class_sym[corner_perm(&c)];
            let (class, s) = ((x >> 4) as usize, (x & 15) as usize);
            let image = symmetry::conjugate(&c, s);
            assert_eq!(corner_perm(&image), cs.rep[class] as usize);
            assert_eq!(
                edge8_perm(&image) as u16,
                cs.edge8_conj[edge8_perm(&c) * N_SYM_D4H + s]
            );
        }
    }
}
