//! The 48 symmetries of the cube as cubie states, and how they act on moves.
//!
//! Symmetries are built from four generators: a 120° turn of the whole cube about the
//! URF–DBL diagonal, a 180° turn about the F–B axis, a 90° turn about the U–D axis and
//! the left–right mirror. Symmetry `16·a + 8·b + 2·c + d` is
//! `URF3^a · F2^b · U4^c · LR2^d`, so the first 16 are those that keep the U–D axis
//! (the group D4h that two-phase coordinates are reduced by).
//!
//! A mirror turns clockwise twists anticlockwise, so symmetry cubes carry corner
//! orientations 3..5 ("mirrored" 0..2), and [`multiply`] knows how to combine them.

use crate::cubie::CubieCube;
use crate::moves::Move;
use std::sync::OnceLock;

/// Number of symmetries of the cube.
pub const N_SYM: usize = 48;
/// Symmetries keeping the U–D axis (the first 16).
pub const N_SYM_D4H: usize = 16;
/// Index of the 120° turn about the URF–DBL diagonal.
pub const SYM_URF3: usize = 16;

/// 120° turn of the whole cube about the URF–DBL diagonal.
const ROT_URF3: CubieCube = CubieCube {
    cp: [0, 4, 5, 1, 3, 7, 6, 2],
    co: [1, 2, 1, 2, 2, 1, 2, 1],
    ep: [1, 8, 5, 9, 3, 11, 7, 10, 0, 4, 6, 2],
    eo: [1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1],
};
/// 180° turn of the whole cube about the F–B axis.
const ROT_F2: CubieCube = CubieCube {
    cp: [5, 4, 7, 6, 1, 0, 3, 2],
    co: [0; 8],
    ep: [6, 5, 4, 7, 2, 1, 0, 3, 9, 8, 11, 10],
    eo: [0; 12],
};
/// 90° turn of the whole cube about the U–D axis.
const ROT_U4: CubieCube = CubieCube {
    cp: [3, 0, 1, 2, 7, 4, 5, 6],
    co: [0; 8],
    ep: [3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10],
    eo: [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1],
};
/// Mirror image through the plane between L and R.
const MIRR_LR2: CubieCube = CubieCube {
    cp: [1, 0, 3, 2, 5, 4, 7, 6],
    co: [3; 8],
    ep: [2, 1, 0, 3, 6, 5, 4, 7, 9, 8, 11, 10],
    eo: [0; 12],
};

/// `a` followed by `b`, like [`CubieCube::then`], but also for mirrored states (corner
/// orientations 3..5).
pub fn multiply(a: &CubieCube, b: &CubieCube) -> CubieCube {
    let mut r = CubieCube::SOLVED;
    for i in 0..8 {
        let from = b.cp[i] as usize;
        r.cp[i] = a.cp[from];
        let (oa, ob) = (a.co[from], b.co[i]);
        r.co[i] = match (oa < 3, ob < 3) {
            (true, true) => (oa + ob) % 3,
            (true, false) => {
                let o = oa + ob;
                if o >= 6 {
                    o - 3
                } else {
                    o
                }
            }
            (false, true) => {
                let o = oa as i8 - ob as i8;
                if o < 3 {
                    (o + 3) as u8
                } else {
                    o as u8
                }
            }
            (false, false) => {
                let o = oa as i8 - ob as i8;
                if o < 0 {
                    (o + 3) as u8
                } else {
                    o as u8
                }
            }
        };
    }
    for i in 0..12 {
        let from = b.ep[i] as usize;
        r.ep[i] = a.ep[from];
        r.eo[i] = (a.eo[from] + b.eo[i]) % 2;
    }
    r
}

/// The symmetry tables: the 48 symmetry cubes, their inverses and their action on the
/// 18 face turns.
pub struct Symmetries {
    /// Each symmetry as a cube.
    pub cubes: [CubieCube; N_SYM],
    /// `inverse[s]` undoes symmetry `s`.
    pub inverse: [u8; N_SYM],
    /// `conj_move[s][m]`: the move `S m S⁻¹` (index as in [`Move::ALL`]).
    pub conj_move: [[u8; 18]; N_SYM],
}

/// `S · c · S⁻¹` for symmetry `s` (of a cube `c` without mirrored orientations).
pub fn conjugate(c: &CubieCube, s: usize) -> CubieCube {
    let t = tables();
    multiply(&multiply(&t.cubes[s], c), &t.cubes[t.inverse[s] as usize])
}

/// The symmetry tables, computed on first use.
pub fn tables() -> &'static Symmetries {
    static TABLES: OnceLock<Symmetries> = OnceLock::new();
    TABLES.get_or_init(build)
}

fn build() -> Symmetries {
    let mut cubes = [CubieCube::SOLVED; N_SYM];
    let mut c = CubieCube::SOLVED;
    let mut i = 0;
    for _urf3 in 0..3 {
        for _f2 in 0..2 {
            for _u4 in 0..4 {
                for _lr2 in 0..2 {
                    cubes[i] = c;
                    i += 1;
                    c = multiply(&c, &MIRR_LR2);
                }
                c = multiply(&c, &ROT_U4);
            }
            c = multiply(&c, &ROT_F2);
        }
        c = multiply(&c, &ROT_URF3);
    }
    let mut inverse = [0u8; N_SYM];
    for s in 0..N_SYM {
        inverse[s] = (0..N_SYM)
            .find(|&t| multiply(&cubes[s], &cubes[t]) == CubieCube::SOLVED)
            .expect("every symmetry has an inverse") as u8;
    }
    let mut conj_move = [[0u8; 18]; N_SYM];
    for s in 0..N_SYM {
        for m in 0..18 {
            let turn = CubieCube::SOLVED.apply_move(Move::from_index(m));
            let image = multiply(&multiply(&cubes[s], &turn), &cubes[inverse[s] as usize]);
            conj_move[s][m] = (0..18)
                .find(|&k| CubieCube::SOLVED.apply_move(Move::from_index(k)) == image)
                .expect("a symmetry maps face turns to face turns")
                as u8;
        }
    }
    Symmetries {
        cubes,
        inverse,
        conj_move,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Face;

    #[test]
    fn symmetries_are_distinct_and_map_turns_to_turns() {
        let t = tables();
        for a in 0..N_SYM {
            for b in 0..a {
                assert_ne!(t.cubes[a], t.cubes[b], "symmetries {a} and {b}");
            }
        }
        for s in 0..N_SYM {
            let mut images = t.conj_move[s].to_vec();
            images.sort();
            images.dedup();
            assert_eq!(images.len(), 18, "symmetry {s} is a bijection on moves");
        }
    }

    #[test]
    fn first_sixteen_keep_the_ud_axis() {
        let t = tables();
        for s in 0..N_SYM {
            let u = Move::from_index(t.conj_move[s][0] as usize);
            assert_eq!(
                s < N_SYM_D4H,
                matches!(u.face, Face::U | Face::D),
                "symmetry {s} sends U to {u}"
            );
        }
        // The diagonal turn conjugates U into F, and mirrors reverse turning direction.
        assert_eq!(
            Move::from_index(t.conj_move[SYM_URF3][0] as usize).to_string(),
            "F"
        );
        assert_eq!(
            Move::from_index(t.conj_move[1][3] as usize).to_string(),
            "L'"
        );
    }
}
