//! Flip-slice classes: the phase-1 coordinate flip × UD slice (1,013,760 values) with
//! states that are images of each other under the 16 symmetries keeping the U–D axis
//! folded into one class (64,430 classes), which makes a phase-1 pruning table over
//! flip-slice class × twist fit in 70 MB.
//!
//! Every raw flip-slice value `x` is `S⁻¹ · rep · S` for its class representative `rep`
//! and some symmetry `S`; the same `S` carries the twist along: the state
//! (x, twist t) is as far from phase 1's goal as (rep, [`FlipSliceSym::twist_conj`]
//! of t by S).

use super::cubie_coords::*;
use super::symmetry::{self, N_SYM_D4H};
use crate::cubie::CubieCube;

/// Number of flip-slice classes under the 16 symmetries keeping the U–D axis.
pub const N_FLIPSLICE_CLASS: usize = 64430;

/// Flip-slice symmetry tables.
pub struct FlipSliceSym {
    /// Class of every raw flip-slice value (`slice * 2048 + flip`), with the symmetry
    /// that maps it to its representative in the low 4 bits: `class << 4 | sym`.
    pub class_sym: Vec<u32>,
    /// The raw flip-slice value of each class's representative.
    pub rep: Vec<u32>,
    /// For each class, the bit set of symmetries that fix its representative.
    pub stabilizer: Vec<u16>,
    /// `twist_conj[t * 16 + s]`: the twist of `S · T · S⁻¹`.
    pub twist_conj: Vec<u16>,
}

fn flipslice_cube(raw: usize) -> CubieCube {
    let mut c = CubieCube::SOLVED;
    set_slice_sorted(&mut c, (raw / N_FLIP) * 24);
    set_flip(&mut c, raw % N_FLIP);
    c
}

fn flipslice_of(c: &CubieCube) -> usize {
    slice(c) * N_FLIP + flip(c)
}

/// `a · c · b` on the edges only (corners left solved).
pub(crate) fn conjugate_edges(c: &CubieCube, a: &CubieCube, b: &CubieCube) -> CubieCube {
    let mut r = CubieCube::SOLVED;
    for i in 0..12 {
        let j = b.ep[i] as usize;
        let k = c.ep[j] as usize;
        r.ep[i] = a.ep[k];
        r.eo[i] = (a.eo[k] + c.eo[j] + b.eo[i]) % 2;
    }
    r
}

impl FlipSliceSym {
    /// Compute the classes and conjugation tables.
    pub fn build() -> FlipSliceSym {
        let sym = symmetry::tables();
        let mut twist_conj = vec![0u16; N_TWIST * N_SYM_D4H];
        for t in 0..N_TWIST {
            let mut c = CubieCube::SOLVED;
            set_twist(&mut c, t);
            for s in 0..N_SYM_D4H {
                twist_conj[t * N_SYM_D4H + s] = twist(&symmetry::conjugate(&c, s)) as u16;
            }
        }
        let mut class_sym = vec![u32::MAX; N_FLIPSLICE];
        let mut rep = Vec::with_capacity(N_FLIPSLICE_CLASS);
        let mut stabilizer = Vec::with_capacity(N_FLIPSLICE_CLASS);
        for raw in 0..N_FLIPSLICE {
            if class_sym[raw] != u32::MAX {
                continue;
            }
            let class = rep.len() as u32;
            let cube = flipslice_cube(raw);
            let mut stab = 0u16;
            for s in 0..N_SYM_D4H {
                // S⁻¹ · rep · S, edges only (the corners are solved).
                let x = flipslice_of(&conjugate_edges(
                    &cube,
                    &sym.cubes[sym.inverse[s] as usize],
                    &sym.cubes[s],
                ));
                if class_sym[x] == u32::MAX {
                    class_sym[x] = class << 4 | s as u32;
                }
                if x == raw {
                    stab |= 1 << s;
                }
            }
            rep.push(raw as u32);
            stabilizer.push(stab);
        }
        assert_eq!(rep.len(), N_FLIPSLICE_CLASS);
        FlipSliceSym {
            class_sym,
            rep,
            stabilizer,
            twist_conj,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;
    use rand::{Rng, SeedableRng};

    #[test]
    fn classes_map_back_to_representatives() {
        let fs = FlipSliceSym::build();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut c = CubieCube::SOLVED;
        for _ in 0..3000 {
            c = c.apply_move(Move::from_index(rng.gen_range(0..18)));
            let cs = fs.class_sym[flipslice_of(&c)];
            let (class, s) = ((cs >> 4) as usize, (cs & 15) as usize);
            let image = symmetry::conjugate(&c, s);
            assert_eq!(flipslice_of(&image), fs.rep[class] as usize);
            assert_eq!(
                twist(&image) as u16,
                fs.twist_conj[twist(&c) * N_SYM_D4H + s]
            );
        }
        assert_eq!(fs.class_sym[0], 0);
        assert_eq!(fs.stabilizer[0], 0xFFFF);
    }
}
