//! The corner comb (which four slots hold the U-layer corners, see
//! [`corner_comb`]): where it goes under each move and under each of the 16
//! symmetries that keep the U–D axis. Those symmetries send the U-layer corners to the
//! U or the D layer, so the image of a comb is again a comb.

use super::cubie_coords::*;
use super::moves::table18;
use super::symmetry::{self, N_SYM_D4H};
use crate::cubie::CubieCube;

/// Move and conjugation tables of the corner comb (a few microseconds to compute).
pub struct CornerCombTables {
    /// `moves[k * 18 + m]`.
    pub moves: Vec<u16>,
    /// `conj[k * 16 + s]`: the comb of `S⁻¹ · c · S`, as [`symmetry::conjugate`].
    pub conj: Vec<u16>,
}

impl CornerCombTables {
    /// Compute both tables.
    pub fn build() -> CornerCombTables {
        let mut conj = vec![0u16; N_CORNER_COMB * N_SYM_D4H];
        for k in 0..N_CORNER_COMB {
            let mut c = CubieCube::SOLVED;
            set_corner_comb(&mut c, k);
            for s in 0..N_SYM_D4H {
                conj[k * N_SYM_D4H + s] = corner_comb(&symmetry::conjugate(&c, s)) as u16;
            }
        }
        CornerCombTables {
            moves: table18(N_CORNER_COMB, corner_comb, set_corner_comb),
            conj,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;
    use rand::{Rng, SeedableRng};

    /// The tables agree with the cubie model on cubes whose other corners are anywhere,
    /// so the comb's images depend on the comb alone.
    #[test]
    fn comb_tables_follow_the_cubie_model() {
        let t = CornerCombTables::build();
        assert_eq!(corner_comb(&CubieCube::SOLVED), 0);
        for k in 0..N_CORNER_COMB {
            let mut c = CubieCube::SOLVED;
            set_corner_comb(&mut c, k);
            assert_eq!(corner_comb(&c), k);
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        let mut c = CubieCube::SOLVED;
        for _ in 0..3000 {
            let m = rng.gen_range(0..18);
            let next = c.apply_move(Move::from_index(m));
            let k = corner_comb(&c);
            assert_eq!(t.moves[k * 18 + m] as usize, corner_comb(&next));
            let s = rng.gen_range(0..N_SYM_D4H);
            assert_eq!(
                t.conj[k * N_SYM_D4H + s] as usize,
                corner_comb(&symmetry::conjugate(&c, s))
            );
            c = next;
        }
    }
}
