//! The coordinate tables the two-phase search needs besides its pruning tables — move
//! tables, flip-slice and corner-permutation classes, the corner × slice-perm
//! distances — kept together as one cached table file.
//!
//! Computing them takes a good part of a second; reading them back from the file
//! takes milliseconds, which is what lets a process that solves one cube start fast.

use super::cornersym::{CornerSym, N_CORNER_CLASS};
use super::flipslice::{FlipSliceSym, N_FLIPSLICE_CLASS};
use super::moves::MoveTables;
use super::pruning;
use super::symmetry::N_SYM_D4H;
use super::*;
use cubist_tables::TableSpec;
use std::path::Path;

/// Version of the file; bump when the content or layout of any table in it changes.
const VERSION: u32 = 1;

/// The coordinate tables of the two-phase search.
pub struct Coords {
    /// Move tables of every coordinate.
    pub moves: MoveTables,
    /// Flip-slice classes and twist conjugation.
    pub flipslice: FlipSliceSym,
    /// Corner-permutation classes and edge8 conjugation.
    pub corners: CornerSym,
    /// Phase-2 distances over corner perm × slice perm.
    pub corner_slice: Vec<u8>,
}

/// The 16-bit tables in file order, with their lengths.
const U16_LENS: [usize; 9] = [
    N_TWIST * 18,
    N_FLIP * 18,
    N_SLICE_SORTED * 18,
    N_CORNER_PERM * 18,
    N_EDGE8_PERM * 10,
    N_FLIPSLICE_CLASS,
    N_TWIST * N_SYM_D4H,
    N_CORNER_CLASS * 2,
    N_EDGE8_PERM * N_SYM_D4H,
];
/// The 32-bit tables in file order (after the 16-bit ones), with their lengths.
const U32_LENS: [usize; 3] = [N_FLIPSLICE, N_FLIPSLICE_CLASS, N_CORNER_PERM];
/// The corner × slice-perm distances, last.
const CORNER_SLICE_LEN: usize = N_CORNER_PERM * N_SLICE_PERM;

/// Bytes of the file's payload.
const fn payload_len() -> usize {
    let mut n = CORNER_SLICE_LEN;
    let mut i = 0;
    while i < U16_LENS.len() {
        n += U16_LENS[i] * 2;
        i += 1;
    }
    let mut i = 0;
    while i < U32_LENS.len() {
        n += U32_LENS[i] * 4;
        i += 1;
    }
    n
}

/// The file.
const SPEC: TableSpec<'static> = TableSpec {
    name: "twophase-coords",
    version: VERSION,
    len: payload_len(),
};

impl Coords {
    /// Compute every table (a good part of a second).
    pub fn build() -> Coords {
        let moves = MoveTables::build();
        let (flipslice, (corners, corner_slice)) = rayon::join(FlipSliceSym::build, || {
            (CornerSym::build(), pruning::build_corner_slice(&moves))
        });
        Coords {
            moves,
            flipslice,
            corners,
            corner_slice,
        }
    }

    /// The tables, read from the cache directory `dir` or computed and stored there.
    pub fn load_in(dir: &Path) -> Coords {
        let table =
            cubist_tables::cache::load_or_build_in(dir, &SPEC, || Coords::build().to_bytes());
        Coords::from_bytes(&table).unwrap_or_else(Coords::build)
    }

    /// The tables as the file's payload.
    fn to_bytes(&self) -> Vec<u8> {
        let (m, f, c) = (&self.moves, &self.flipslice, &self.corners);
        let wide: [&[u16]; 9] = [
            &m.twist,
            &m.flip,
            &m.slice_sorted,
            &m.corner_perm,
            &m.edge8_perm,
            &f.stabilizer,
            &f.twist_conj,
            &[&c.rep[..], &c.stabilizer[..]].concat(),
            &c.edge8_conj,
        ];
        let wider: [&[u32]; 3] = [&f.class_sym, &f.rep, &c.class_sym];
        let mut out = Vec::with_capacity(SPEC.len);
        for (t, &len) in wide.iter().zip(&U16_LENS) {
            assert_eq!(t.len(), len, "a coordinate table has an unexpected size");
            out.extend(t.iter().flat_map(|x| x.to_le_bytes()));
        }
        for (t, &len) in wider.iter().zip(&U32_LENS) {
            assert_eq!(t.len(), len, "a coordinate table has an unexpected size");
            out.extend(t.iter().flat_map(|x| x.to_le_bytes()));
        }
        assert_eq!(self.corner_slice.len(), CORNER_SLICE_LEN);
        out.extend_from_slice(&self.corner_slice);
        out
    }

    /// The tables from the file's payload; `None` when it has another length.
    fn from_bytes(bytes: &[u8]) -> Option<Coords> {
        if bytes.len() != SPEC.len {
            return None;
        }
        let mut rest = bytes;
        let mut take = |n: usize| {
            let (head, tail) = rest.split_at(n);
            rest = tail;
            head
        };
        let mut wide: Vec<Vec<u16>> = U16_LENS
            .iter()
            .map(|&len| {
                take(len * 2)
                    .chunks_exact(2)
                    .map(|b| u16::from_le_bytes([b[0], b[1]]))
                    .collect()
            })
            .collect();
        let mut wider: Vec<Vec<u32>> = U32_LENS
            .iter()
            .map(|&len| {
                take(len * 4)
                    .chunks_exact(4)
                    .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                    .collect()
            })
            .collect();
        let corner_slice = take(CORNER_SLICE_LEN).to_vec();
        let mut next16 = || wide.remove(0);
        let moves = MoveTables {
            twist: next16(),
            flip: next16(),
            slice_sorted: next16(),
            corner_perm: next16(),
            edge8_perm: next16(),
        };
        let (f_stabilizer, twist_conj, mut c_rep) = (next16(), next16(), next16());
        let c_stabilizer = c_rep.split_off(N_CORNER_CLASS);
        let edge8_conj = next16();
        let mut next32 = || wider.remove(0);
        let flipslice = FlipSliceSym {
            class_sym: next32(),
            rep: next32(),
            stabilizer: f_stabilizer,
            twist_conj,
        };
        let corners = CornerSym {
            class_sym: next32(),
            rep: c_rep,
            stabilizer: c_stabilizer,
            edge8_conj,
        };
        Some(Coords {
            moves,
            flipslice,
            corners,
            corner_slice,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables read back from the file are the ones computed.
    #[test]
    fn tables_read_back_are_the_ones_computed() {
        let dir = std::env::temp_dir().join(format!("cubist-coords-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let built = Coords::build();
        let stored = Coords::load_in(&dir);
        let read = Coords::load_in(&dir);
        for c in [&stored, &read] {
            assert_eq!(c.to_bytes(), built.to_bytes());
            assert_eq!(c.moves.corner_perm, built.moves.corner_perm);
            assert_eq!(c.flipslice.class_sym, built.flipslice.class_sym);
            assert_eq!(c.corners.rep, built.corners.rep);
            assert_eq!(c.corners.stabilizer, built.corners.stabilizer);
            assert_eq!(c.corner_slice, built.corner_slice);
        }
        assert!(Coords::from_bytes(&built.to_bytes()[1..]).is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
