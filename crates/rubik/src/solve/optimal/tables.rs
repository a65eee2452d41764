//! The optimal solver's tables — the corner table and the edge table of each
//! [`TableSize`] — and [`Lookup`], the slices of them the search reads at every node.

use crate::coord::cornercomb::CornerCombTables;
use crate::coord::flipslicesorted::{FlipSliceSortedSym, N_FLIPSLICESORTED};
use crate::coord::moves::MoveTables;
use crate::coord::pruning::{self, N_CORNERS, N_FLIPSLICESORTED_TWIST, N_FLIPSLICE_COMB_TWIST};
use crate::coord::symmetry::{self, N_SYM_D4H, SYM_URF3};
use crate::coord::*;
use crate::cubie::CubieCube;
use crate::moves::{Face, Move};
use crate::solve::two_phase::Tables as TwoPhaseTables;
use cubist_tables::twobit::{self, TwoBit};
use cubist_tables::{Nibbles, Table, TableSpec};
use std::path::Path;
use std::sync::OnceLock;

/// The symmetry turning the cube into each frame: none, URF3, URF3².
pub(super) const FRAME_SYM: [usize; 3] = [0, SYM_URF3, 2 * SYM_URF3];

/// Version of the corner table file; bump when its content changes.
const CORNERS_VERSION: u32 = 1;
/// Version of the flip-slice-sorted class file; bump when its content changes.
const CLASSES_VERSION: u32 = 1;
/// An edge table built with 4-bit distances and stored at 2 bits an entry (see
/// [`TwoBit`]), in rows of the twist's 2,187 entries.
struct Packed {
    name: &'static str,
    /// Version of its file; bump when the content changes. Version 1 was the same
    /// distances at 4 bits an entry.
    version: u32,
    entries: usize,
    /// The depth the entries are stored against: the one that keeps exact the
    /// distances that rule nodes out, chosen by the nodes a search expands
    /// (docs/benchmarks.md, "The comb table at 2 bits an entry").
    base: u8,
}

/// The sorted table of `--table-size default`.
const SORTED: Packed = Packed {
    name: "optimal-flipslicesorted-twist",
    version: 2,
    entries: N_FLIPSLICESORTED_TWIST,
    base: 8,
};

/// The comb table of `--table-size large`.
const COMB: Packed = Packed {
    name: "optimal-flipslice-comb-twist",
    version: 2,
    entries: N_FLIPSLICE_COMB_TWIST,
    base: 9,
};

impl Packed {
    /// The table's entries in its loaded bytes.
    fn entries<'a>(&self, bytes: &'a [u8]) -> Entries<'a> {
        Entries::TwoBit(
            TwoBit::new(bytes, self.entries, N_TWIST, self.base)
                .expect("the cache checked the table's length"),
        )
    }
}

/// A packed table from `dir`: made from its first version's 4-bit file when one is
/// there (which is then removed), else built by `build` (4-bit distances) and packed.
fn load_packed(dir: &Path, t: &Packed, build: impl FnOnce() -> Vec<u8>) -> Table {
    let spec = TableSpec {
        name: t.name,
        version: t.version,
        len: twobit::packed_len(t.entries, N_TWIST),
    };
    cubist_tables::cache::load_or_build_in(dir, &spec, || {
        let pack = |full: &[u8]| twobit::pack(full, t.entries, N_TWIST, t.base);
        let v1 = TableSpec {
            version: 1,
            len: t.entries.div_ceil(2),
            ..spec
        };
        cubist_tables::cache::take_earlier(dir, &v1, pack).unwrap_or_else(|| pack(&build()))
    })
}

/// The corner table's file.
pub(super) const CORNER_SPEC: TableSpec<'static> = TableSpec {
    name: "optimal-corners-twist",
    version: CORNERS_VERSION,
    len: N_CORNERS.div_ceil(2),
};

/// Which edge table the optimal solver prunes with (`--table-size`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TableSize {
    /// The phase-1 table shared with two-phase (70 MB): built in seconds, but random
    /// cubes take about an hour.
    Small,
    /// Flip-slice-sorted class × twist at 2 bits an entry (0.78 GiB): built once in
    /// minutes, random cubes in seconds to minutes.
    #[default]
    Default,
    /// Flip-slice class × corner comb × twist at 2 bits an entry (2.3 GiB): built on
    /// request in minutes; it also knows which corners are in the U layer.
    Large,
}

impl TableSize {
    /// Every size, smallest first.
    pub const ALL: [TableSize; 3] = [TableSize::Small, TableSize::Default, TableSize::Large];

    /// The name typed on the command line.
    pub fn name(self) -> &'static str {
        match self {
            TableSize::Small => "small",
            TableSize::Default => "default",
            TableSize::Large => "large",
        }
    }
}

impl std::str::FromStr for TableSize {
    type Err = String;
    fn from_str(s: &str) -> Result<TableSize, String> {
        TableSize::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| format!("unknown table size {s:?} (expected small, default or large)"))
    }
}

/// The table bounding the edges (with the twist) in each frame.
enum EdgeTable {
    /// The two-phase phase-1 table: flip-slice class × twist; a copy of it in memory
    /// when the two-phase tables only map it.
    Phase1(Option<Table>),
    /// Flip-slice-sorted class × twist, packed at 2 bits an entry in rows of the
    /// twist's 2,187, with the class of every raw flip-slice-sorted value
    /// (`class << 4 | sym`, 4 little-endian bytes each).
    Sorted { classes: Table, table: Table },
    /// Flip-slice class (the phase-1 table's) × corner comb × twist, packed at 2 bits
    /// an entry in rows of the twist's 2,187.
    Comb(Table),
}

/// The optimal solver's tables: the two-phase tables, an edge table and the corner
/// table.
pub struct Tables {
    /// Move tables, phase-1 table and symmetry classes.
    pub two_phase: &'static TwoPhaseTables,
    /// Corner distances: corner-perm class × twist, 4 bits each.
    pub corner_table: Table,
    /// Which edge table bounds the search.
    edges: EdgeTable,
    /// The corner comb's move and conjugation tables.
    comb: CornerCombTables,
    /// Each move as seen in each frame.
    frame_moves: [[u8; 18]; 3],
    /// Each move as a cube.
    move_cubes: [CubieCube; 18],
    /// The frame in which each move is a U or D turn.
    axis_frame: [u8; 18],
}

impl Tables {
    /// The tables of one size, built or loaded on first use and shared by every thread.
    pub fn get(size: TableSize) -> &'static Tables {
        static SMALL: OnceLock<Tables> = OnceLock::new();
        static DEFAULT: OnceLock<Tables> = OnceLock::new();
        static LARGE: OnceLock<Tables> = OnceLock::new();
        let cell = match size {
            TableSize::Small => &SMALL,
            TableSize::Default => &DEFAULT,
            TableSize::Large => &LARGE,
        };
        cell.get_or_init(|| Tables::load_in(&cubist_tables::cache_dir(), size))
    }

    /// The tables of one size, with the optimal solver's own table files in `dir`
    /// (the two-phase tables come from [`TwoPhaseTables::get`]). A missing or corrupt
    /// file is rebuilt.
    pub fn load_in(dir: &Path, size: TableSize) -> Tables {
        // Long searches: worth the tables' copy in memory.
        TwoPhaseTables::keep_resident();
        let tp = TwoPhaseTables::get();
        let corner_table = cubist_tables::cache::load_or_build_in(dir, &CORNER_SPEC, || {
            pruning::build_corners(&tp.moves, &tp.corners, &tp.flipslice)
        });
        let comb = CornerCombTables::build();
        let edges = match size {
            TableSize::Small => {
                EdgeTable::Phase1((!tp.phase1.is_resident()).then(|| tp.phase1.resident_copy()))
            }
            TableSize::Default => {
                let class_spec = TableSpec {
                    name: "optimal-flipslicesorted-class",
                    version: CLASSES_VERSION,
                    len: N_FLIPSLICESORTED * 4,
                };
                let classes = cubist_tables::cache::load_or_build_in(dir, &class_spec, || {
                    FlipSliceSortedSym::build().class_sym_bytes()
                })
                .resident();
                let table = load_packed(dir, &SORTED, || {
                    let fss = FlipSliceSortedSym::from_class_sym_bytes(&classes)
                        .unwrap_or_else(FlipSliceSortedSym::build);
                    pruning::build_flipslicesorted_twist(&tp.moves, &fss, &tp.flipslice)
                })
                .resident();
                EdgeTable::Sorted { classes, table }
            }
            TableSize::Large => {
                let table = load_packed(dir, &COMB, || {
                    pruning::build_flipslice_comb_twist(&tp.moves, &tp.flipslice, &comb)
                });
                EdgeTable::Comb(table.resident())
            }
        };
        let sym = symmetry::tables();
        Tables {
            two_phase: tp,
            corner_table: corner_table.resident(),
            edges,
            comb,
            frame_moves: std::array::from_fn(|k| sym.conj_move[FRAME_SYM[k]]),
            move_cubes: std::array::from_fn(|m| CubieCube::SOLVED.apply_move(Move::from_index(m))),
            axis_frame: std::array::from_fn(|m| {
                (0..3)
                    .find(|&k| {
                        let face = Move::from_index(sym.conj_move[FRAME_SYM[k]][m] as usize).face;
                        matches!(face, Face::U | Face::D)
                    })
                    .expect("each axis is U-D in one frame") as u8
            }),
        }
    }

    /// The slices a search reads at every node, resolved once.
    pub(super) fn lookup(&self) -> Lookup<'_> {
        let tp = self.two_phase;
        let (classes, edges) = match &self.edges {
            EdgeTable::Phase1(copy) => (
                Classes::Phase1(&tp.flipslice.class_sym[..]),
                Entries::Nibbles(&copy.as_ref().unwrap_or(&tp.phase1)[..]),
            ),
            EdgeTable::Sorted { classes, table } => {
                (Classes::Sorted(&classes[..]), SORTED.entries(table))
            }
            EdgeTable::Comb(table) => (
                Classes::Comb(&tp.flipslice.class_sym[..]),
                COMB.entries(table),
            ),
        };
        Lookup {
            classes,
            edges,
            twist_conj: &tp.flipslice.twist_conj,
            comb_moves: &self.comb.moves,
            comb_conj: &self.comb.conj,
            corner_class: &tp.corners.class_sym,
            corners: &self.corner_table,
            moves: &tp.moves,
            frame_moves: &self.frame_moves,
            move_cubes: &self.move_cubes,
            axis_frame: &self.axis_frame,
        }
    }
}

/// The coordinates the edge tables are indexed by, in one frame: flip, twist, slice
/// sorted and corner comb.
pub(super) type FrameCoords = [u16; 4];

/// Where the symmetry class of a frame's edges is read from.
#[derive(Clone, Copy)]
pub(super) enum Classes<'a> {
    /// Flip-slice classes, `class << 4 | sym` by `slice * 2048 + flip`.
    Phase1(&'a [u32]),
    /// Flip-slice-sorted classes, the same as 4 little-endian bytes, by
    /// `slice_sorted * 2048 + flip`.
    Sorted(&'a [u8]),
    /// Flip-slice classes as for `Phase1`, for a table that also has the corner comb.
    Comb(&'a [u32]),
}

/// An edge table's entries.
#[derive(Clone, Copy)]
pub(super) enum Entries<'a> {
    /// Exact distances, 4 bits each.
    Nibbles(&'a [u8]),
    /// 2 bits each against a base depth.
    TwoBit(TwoBit<'a>),
}

/// The tables of [`Tables`] as plain slices, for the node loop (reading a cached
/// table through its handle at every look-up costs a call each time).
#[derive(Clone, Copy)]
pub(super) struct Lookup<'a> {
    pub(super) classes: Classes<'a>,
    /// The edge table.
    pub(super) edges: Entries<'a>,
    /// `twist_conj[twist * 16 + sym]`.
    pub(super) twist_conj: &'a [u16],
    /// `comb_moves[comb * 18 + m]`.
    pub(super) comb_moves: &'a [u16],
    /// `comb_conj[comb * 16 + sym]`.
    pub(super) comb_conj: &'a [u16],
    /// Corner-perm class and symmetry of each corner permutation.
    pub(super) corner_class: &'a [u32],
    /// The corner table, 4 bits per entry.
    pub(super) corners: &'a [u8],
    pub(super) moves: &'a MoveTables,
    pub(super) frame_moves: &'a [[u8; 18]; 3],
    pub(super) move_cubes: &'a [CubieCube; 18],
    pub(super) axis_frame: &'a [u8; 18],
}

impl Lookup<'_> {
    /// Where the class of a frame's coordinates is stored (to prefetch).
    #[inline(always)]
    pub(super) fn class_entry(&self, f: &FrameCoords) -> &u8 {
        match self.classes {
            Classes::Phase1(cs) | Classes::Comb(cs) => {
                let x = &cs[(f[2] as usize / 24) * N_FLIP + f[0] as usize];
                // SAFETY: a reference to the first byte of a live u32.
                unsafe { &*(x as *const u32 as *const u8) }
            }
            Classes::Sorted(cs) => &cs[(f[2] as usize * N_FLIP + f[0] as usize) * 4],
        }
    }

    /// The edge-table index of a frame's coordinates.
    #[inline(always)]
    pub(super) fn edge_index(&self, f: &FrameCoords) -> usize {
        let (cs, comb) = match self.classes {
            Classes::Phase1(cs) => (
                cs[(f[2] as usize / 24) * N_FLIP + f[0] as usize] as usize,
                None,
            ),
            Classes::Sorted(cs) => {
                let i = (f[2] as usize * N_FLIP + f[0] as usize) * 4;
                let cs = u32::from_le_bytes(cs[i..i + 4].try_into().unwrap()) as usize;
                (cs, None)
            }
            Classes::Comb(cs) => {
                let cs = cs[(f[2] as usize / 24) * N_FLIP + f[0] as usize] as usize;
                (
                    cs,
                    Some(self.comb_conj[f[3] as usize * N_SYM_D4H + (cs & 15)]),
                )
            }
        };
        let tw = self.twist_conj[f[1] as usize * N_SYM_D4H + (cs & 15)] as usize;
        match comb {
            None => (cs >> 4) * N_TWIST + tw,
            Some(k) => ((cs >> 4) * N_CORNER_COMB + k as usize) * N_TWIST + tw,
        }
    }

    /// The edge-table entry at `index` (to prefetch).
    #[inline(always)]
    pub(super) fn edge_entry(&self, index: usize) -> &u8 {
        match self.edges {
            Entries::Nibbles(t) => &t[index >> 1],
            Entries::TwoBit(t) => t.entry(index),
        }
    }

    /// The edge-table distance at `index` (a lower bound on it where the table keeps
    /// only some distances exactly).
    #[inline(always)]
    pub(super) fn edge(&self, index: usize) -> usize {
        match self.edges {
            Entries::Nibbles(t) => Nibbles(t).get(index) as usize,
            Entries::TwoBit(t) => t.get(index) as usize,
        }
    }

    /// The corner-table index of (corner perm, twist).
    #[inline(always)]
    pub(super) fn corner_index(&self, cp: usize, twist: usize) -> usize {
        let x = self.corner_class[cp] as usize;
        let tw = self.twist_conj[twist * N_SYM_D4H + (x & 15)] as usize;
        (x >> 4) * N_TWIST + tw
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Alg;
    use crate::solve::optimal::solve_with;
    use crate::solve::Options;

    #[test]
    fn corrupt_table_file_is_detected_and_rebuilt() {
        use cubist_tables::cache::{self, TableError, HEADER_LEN};
        let dir = std::env::temp_dir().join(format!("cubist-optimal-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let first = Tables::load_in(&dir, TableSize::Small);
        let path = CORNER_SPEC.path_in(&dir);
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[HEADER_LEN + 123_457] ^= 0x40;
        std::fs::write(&path, &bytes).unwrap();
        assert!(matches!(
            cache::open(&path, &CORNER_SPEC),
            Err(TableError::Corrupt { .. })
        ));
        let again = Tables::load_in(&dir, TableSize::Small);
        assert_eq!(&first.corner_table[..], &again.corner_table[..]);
        assert!(cache::open(&path, &CORNER_SPEC).is_ok());
        let cube = CubieCube::from_alg(&Alg::parse("R U2 F' L D2 B").unwrap());
        let sol = solve_with(&again, &cube, &Options::default()).unwrap();
        assert!(cube.apply_alg(&sol.moves).is_solved());
        let before = solve_with(&first, &cube, &Options::default()).unwrap();
        assert_eq!(sol.moves, before.moves);
        assert!(sol.moves.len() <= 6);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The comb table's index of a frame is its flip-slice class, then the comb and the
    /// twist of the cube turned by the class's symmetry, as the cubie model has them.
    #[test]
    fn comb_index_follows_the_cubie_model() {
        use crate::scramble::random_state;
        use crate::solve::optimal::bounds::frame_coords;
        use rand::SeedableRng;
        let t = Tables::get(TableSize::Small);
        let fs = &t.two_phase.flipslice;
        let mut lk = t.lookup();
        lk.classes = Classes::Comb(&fs.class_sym);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
        for _ in 0..2000 {
            let cube = random_state(&mut rng);
            let cs = fs.class_sym[slice(&cube) * N_FLIP + flip(&cube)] as usize;
            let image = symmetry::conjugate(&cube, cs & 15);
            let expected = ((cs >> 4) * N_CORNER_COMB + corner_comb(&image)) * N_TWIST;
            assert_eq!(
                lk.edge_index(&frame_coords(&cube)),
                expected + twist(&image)
            );
        }
    }

    #[test]
    fn table_sizes_by_name() {
        for size in TableSize::ALL {
            assert_eq!(size.name().parse::<TableSize>(), Ok(size));
        }
        assert!("huge".parse::<TableSize>().is_err());
    }
}
