//! Optimal solutions in the face-turn metric: iterative-deepening A* (IDA*).
//!
//! The search tracks the cube in three frames — as it is, and turned by 120° and 240°
//! about the URF–DBL diagonal — so an edge table gives three lower bounds, one per
//! axis, and three more for the inverse cube (a cube and its inverse are equally far
//! from solved); a corner table (corner-perm class × twist) gives one more. The
//! largest of them prunes, raised by one when the three axes of the cube (or of its
//! inverse) agree (de Bondt's rule, proved at `edge_bound`). The edge table is, by
//! [`TableSize`], either the phase-1 table (flip-slice class × twist, 70 MB) or the
//! large flip-slice-sorted class × twist table (1.55 GiB), which also knows the order
//! of the UD-slice edges. The edges are solved exactly when the UD-slice edges are home
//! and in order in all three frames.
//!
//! A two-phase solution found first bounds the search; each deeper iteration that
//! fails proves more, and the first solution found by deepening is optimal. The
//! subtrees three moves down are searched in parallel on all cores, each free core
//! taking the next one in move order, so all cores work on the subtrees before the
//! first solution and an iteration's answer does not depend on their timing. Beside
//! the deepening, a two-phase search looks for ever shorter solutions (see
//! [`solve_with`]): once the deepening has ruled out every length below the shortest
//! known, that one is optimal, and the costly iteration that would have found it is
//! never run. With a time budget, the shortest solution known when it runs out is
//! returned, marked incomplete.

use super::two_phase::{self, prefetch, Tables as TwoPhaseTables};
use super::{Options, Solution, SolveError};
use crate::coord::flipslicesorted::{FlipSliceSortedSym, N_FLIPSLICESORTED};
use crate::coord::moves::MoveTables;
use crate::coord::pruning::{self, FLIPSLICESORTED_TWIST_BYTES, N_CORNERS};
use crate::coord::symmetry::{self, N_SYM_D4H, SYM_URF3};
use crate::coord::*;
use crate::cubie::CubieCube;
use crate::moves::{Alg, Face, Move};
use cubist_search::{Cancel, Nibbles, Table, TableSpec};
use rayon::prelude::*;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

/// Version of the corner table file; bump when its content changes.
const CORNERS_VERSION: u32 = 1;
/// Version of the flip-slice-sorted class file; bump when its content changes.
const CLASSES_VERSION: u32 = 1;
/// Version of the large table file; bump when its content changes.
const LARGE_VERSION: u32 = 1;

/// The corner table's file.
const CORNER_SPEC: TableSpec<'static> = TableSpec {
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
    /// Flip-slice-sorted class × twist (1.55 GiB): built once in minutes, random cubes
    /// in seconds to minutes.
    #[default]
    Default,
}

impl TableSize {
    /// Every size, smallest first.
    pub const ALL: [TableSize; 2] = [TableSize::Small, TableSize::Default];

    /// The name typed on the command line.
    pub fn name(self) -> &'static str {
        match self {
            TableSize::Small => "small",
            TableSize::Default => "default",
        }
    }
}

impl std::str::FromStr for TableSize {
    type Err = String;
    fn from_str(s: &str) -> Result<TableSize, String> {
        TableSize::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| format!("unknown table size {s:?} (expected small or default)"))
    }
}

/// The table bounding the edges (with the twist) in each frame.
enum EdgeTable {
    /// The two-phase phase-1 table: flip-slice class × twist.
    Phase1,
    /// Flip-slice-sorted class × twist, with the class of every raw flip-slice-sorted
    /// value (`class << 4 | sym`, 4 little-endian bytes each).
    Sorted { classes: Table, table: Table },
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
        let cell = match size {
            TableSize::Small => &SMALL,
            TableSize::Default => &DEFAULT,
        };
        cell.get_or_init(|| Tables::load_in(&cubist_search::cache_dir(), size))
    }

    /// The tables of one size, with the optimal solver's own table files in `dir`
    /// (the two-phase tables come from [`TwoPhaseTables::get`]). A missing or corrupt
    /// file is rebuilt.
    pub fn load_in(dir: &Path, size: TableSize) -> Tables {
        let tp = TwoPhaseTables::get();
        let corner_table = cubist_search::cache::load_or_build_in(dir, &CORNER_SPEC, || {
            pruning::build_corners(&tp.moves, &tp.corners, &tp.flipslice)
        });
        let edges = match size {
            TableSize::Small => EdgeTable::Phase1,
            TableSize::Default => {
                let class_spec = TableSpec {
                    name: "optimal-flipslicesorted-class",
                    version: CLASSES_VERSION,
                    len: N_FLIPSLICESORTED * 4,
                };
                let classes = cubist_search::cache::load_or_build_in(dir, &class_spec, || {
                    FlipSliceSortedSym::build().class_sym_bytes()
                })
                .resident();
                let large_spec = TableSpec {
                    name: "optimal-flipslicesorted-twist",
                    version: LARGE_VERSION,
                    len: FLIPSLICESORTED_TWIST_BYTES,
                };
                let table = cubist_search::cache::load_or_build_in(dir, &large_spec, || {
                    let fss = FlipSliceSortedSym::from_class_sym_bytes(&classes)
                        .unwrap_or_else(FlipSliceSortedSym::build);
                    pruning::build_flipslicesorted_twist(&tp.moves, &fss, &tp.flipslice)
                })
                .resident();
                EdgeTable::Sorted { classes, table }
            }
        };
        let sym = symmetry::tables();
        Tables {
            two_phase: tp,
            corner_table: corner_table.resident(),
            edges,
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
    fn lookup(&self) -> Lookup<'_> {
        let tp = self.two_phase;
        let (classes, edges) = match &self.edges {
            EdgeTable::Phase1 => (Classes::Phase1(&tp.flipslice.class_sym[..]), &tp.phase1[..]),
            EdgeTable::Sorted { classes, table } => (Classes::Sorted(&classes[..]), &table[..]),
        };
        Lookup {
            classes,
            edges,
            twist_conj: &tp.flipslice.twist_conj,
            corner_class: &tp.corners.class_sym,
            corners: &self.corner_table,
            moves: &tp.moves,
            frame_moves: &self.frame_moves,
            move_cubes: &self.move_cubes,
            axis_frame: &self.axis_frame,
        }
    }
}

/// Where the symmetry class of a frame's edges is read from.
#[derive(Clone, Copy)]
enum Classes<'a> {
    /// Flip-slice classes, `class << 4 | sym` by `slice * 2048 + flip`.
    Phase1(&'a [u32]),
    /// Flip-slice-sorted classes, the same as 4 little-endian bytes, by
    /// `slice_sorted * 2048 + flip`.
    Sorted(&'a [u8]),
}

/// The tables of [`Tables`] as plain slices, for the node loop (reading a cached
/// table through its handle at every look-up costs a call each time).
#[derive(Clone, Copy)]
struct Lookup<'a> {
    classes: Classes<'a>,
    /// The edge table, 4 bits per entry.
    edges: &'a [u8],
    /// `twist_conj[twist * 16 + sym]`.
    twist_conj: &'a [u16],
    /// Corner-perm class and symmetry of each corner permutation.
    corner_class: &'a [u32],
    /// The corner table, 4 bits per entry.
    corners: &'a [u8],
    moves: &'a MoveTables,
    frame_moves: &'a [[u8; 18]; 3],
    move_cubes: &'a [CubieCube; 18],
    axis_frame: &'a [u8; 18],
}

impl Lookup<'_> {
    /// Where the class of a frame's (flip, twist, slice sorted) is stored (to prefetch).
    #[inline(always)]
    fn class_entry(&self, f: &[u16; 3]) -> &u8 {
        match self.classes {
            Classes::Phase1(cs) => {
                let x = &cs[(f[2] as usize / 24) * N_FLIP + f[0] as usize];
                // SAFETY: a reference to the first byte of a live u32.
                unsafe { &*(x as *const u32 as *const u8) }
            }
            Classes::Sorted(cs) => &cs[(f[2] as usize * N_FLIP + f[0] as usize) * 4],
        }
    }

    /// The edge-table index of a frame's (flip, twist, slice sorted).
    #[inline(always)]
    fn edge_index(&self, f: &[u16; 3]) -> usize {
        let cs = match self.classes {
            Classes::Phase1(cs) => cs[(f[2] as usize / 24) * N_FLIP + f[0] as usize] as usize,
            Classes::Sorted(cs) => {
                let i = (f[2] as usize * N_FLIP + f[0] as usize) * 4;
                u32::from_le_bytes(cs[i..i + 4].try_into().unwrap()) as usize
            }
        };
        let tw = self.twist_conj[f[1] as usize * N_SYM_D4H + (cs & 15)] as usize;
        (cs >> 4) * N_TWIST + tw
    }

    /// The edge-table entry at `index` (to prefetch).
    #[inline(always)]
    fn edge_entry(&self, index: usize) -> &u8 {
        &self.edges[index >> 1]
    }

    /// The edge-table distance at `index`.
    #[inline(always)]
    fn edge(&self, index: usize) -> usize {
        Nibbles(self.edges).get(index) as usize
    }

    /// The corner-table index of (corner perm, twist).
    #[inline(always)]
    fn corner_index(&self, cp: usize, twist: usize) -> usize {
        let x = self.corner_class[cp] as usize;
        let tw = self.twist_conj[twist * N_SYM_D4H + (x & 15)] as usize;
        (x >> 4) * N_TWIST + tw
    }
}

/// A search node: flip, twist and slice-sorted coordinates in each of the three
/// frames, the corner permutation, and the inverse cube in each frame (whose
/// coordinates cannot follow moves through move tables: a move on the cube is a move
/// made *before* the inverse) with its edge-table distance.
///
/// A turn made before the inverse about the U–D axis of its frame leaves that frame's
/// distance as it was: the goal set (no twist, no flip, slice edges home in order) is
/// a group that contains the turn, so `dist(U·x) = dist(x)`. Each child therefore
/// inherits one of the three inverse distances from its parent.
#[derive(Clone, Copy, Debug)]
struct Node {
    frames: Frames,
    corner_perm: u16,
    inverse: [CubieCube; 3],
    inverse_dist: [u8; 3],
}

/// Flip, twist and slice sorted in each of the three frames.
type Frames = [[u16; 3]; 3];

/// The coordinates the edge table is indexed by: flip, twist, slice sorted.
fn frame_coords(c: &CubieCube) -> [u16; 3] {
    [flip(c) as u16, twist(c) as u16, slice_sorted(c) as u16]
}

impl Node {
    fn new(cube: &CubieCube, lk: &Lookup) -> Node {
        let mut frames = [[0u16; 3]; 3];
        let mut inverse = [CubieCube::SOLVED; 3];
        let mut c = *cube;
        for (f, inv) in frames.iter_mut().zip(&mut inverse) {
            *f = frame_coords(&c);
            *inv = c.inverse();
            c = symmetry::conjugate(&c, SYM_URF3);
        }
        Node {
            frames,
            corner_perm: corner_perm(cube) as u16,
            inverse,
            inverse_dist: [0; 3],
        }
        .with_inverse_dist(lk)
    }

    /// The node with its inverse distances looked up.
    fn with_inverse_dist(mut self, lk: &Lookup) -> Node {
        let index = self.inverse_indices(lk);
        self.inverse_dist = index.map(|i| lk.edge(i) as u8);
        self
    }

    /// The frames' coordinates after move `m` (in the cube's own frame).
    fn frames_after(&self, lk: &Lookup, m: usize) -> Frames {
        [
            self.frame_after(lk, 0, m),
            self.frame_after(lk, 1, m),
            self.frame_after(lk, 2, m),
        ]
    }

    /// Frame `k`'s coordinates after move `m` (in the cube's own frame).
    #[inline(always)]
    fn frame_after(&self, lk: &Lookup, k: usize, m: usize) -> [u16; 3] {
        let mt = lk.moves;
        let f = &self.frames[k];
        let mk = lk.frame_moves[k][m] as usize;
        [
            mt.flip[f[0] as usize * 18 + mk],
            mt.twist[f[1] as usize * 18 + mk],
            mt.slice_sorted[f[2] as usize * 18 + mk],
        ]
    }

    /// The inverse cube in each frame after move `m`: the move's inverse comes first.
    #[inline(always)]
    fn inverse_after(&self, lk: &Lookup, m: usize) -> [CubieCube; 3] {
        std::array::from_fn(|k| self.inverse_frame_after(lk, k, m))
    }

    /// The inverse cube in frame `k` after move `m`.
    #[inline(always)]
    fn inverse_frame_after(&self, lk: &Lookup, k: usize, m: usize) -> CubieCube {
        let undo = m - m % 3 + 2 - m % 3;
        lk.move_cubes[lk.frame_moves[k][undo] as usize].then(&self.inverse[k])
    }

    /// The node after move `m`.
    fn after(&self, lk: &Lookup, m: usize) -> Node {
        Node {
            frames: self.frames_after(lk, m),
            corner_perm: lk.moves.corner_perm[self.corner_perm as usize * 18 + m],
            inverse: self.inverse_after(lk, m),
            inverse_dist: [0; 3],
        }
        .with_inverse_dist(lk)
    }

    fn is_solved(&self) -> bool {
        self.corner_perm == 0
            && self.frames[0][0] == 0
            && self.frames[0][1] == 0
            && self.frames.iter().all(|f| f[2] == 0)
    }

    /// Edge-table indices of the cube in each frame.
    fn edge_indices(&self, lk: &Lookup) -> [usize; 3] {
        std::array::from_fn(|k| lk.edge_index(&self.frames[k]))
    }

    /// Edge-table indices of the inverse cube in each frame.
    fn inverse_indices(&self, lk: &Lookup) -> [usize; 3] {
        std::array::from_fn(|k| lk.edge_index(&frame_coords(&self.inverse[k])))
    }

    /// Lower bound on the distance to solved.
    fn bound(&self, lk: &Lookup) -> usize {
        let corners = lk.corner_index(self.corner_perm as usize, self.frames[0][1] as usize);
        edge_bound(lk, &self.edge_indices(lk))
            .max(frames_bound(self.inverse_dist.map(usize::from)))
            .max(Nibbles(lk.corners).get(corners) as usize)
    }
}

/// The lower bound from the edge-table entries of one cube in the three frames: the
/// largest of them, or one more when all three are the same `p > 0`.
///
/// Why one more (de Bondt's rule): in frame `k` the table gives the distance `h_k`
/// from the cube, seen along axis `k`, to the goal set `G` of that view — corners
/// untwisted, edges unflipped, the four slice edges home in order; the solved cube is
/// in `G`. A U or D turn keeps `G`: it twists no corner (orientations are measured
/// against the U/D faces), flips no edge and does not touch the slice. So `G` is
/// closed under turns of the frame's own axis. Suppose the cube were exactly
/// `p = h_0 = h_1 = h_2` moves from solved. A shortest solution has a last move `m`,
/// a turn about one of the three axes, say that of frame `k`; the state before it is
/// `m⁻¹`, a turn of that axis applied to solved, hence in frame `k`'s `G`, and the cube
/// reaches it in `p − 1` moves: `h_k ≤ p − 1`, a contradiction.
/// The cube is therefore at least `p + 1` away. (An entry capped at its largest value
/// means "at least that", and the argument still holds. The phase-1 table's goal
/// leaves the slice edges in any order, also kept by U and D turns.)
#[inline(always)]
fn edge_bound(lk: &Lookup, index: &[usize; 3]) -> usize {
    frames_bound([lk.edge(index[0]), lk.edge(index[1]), lk.edge(index[2])])
}

/// [`edge_bound`] from the three distances.
#[inline(always)]
fn frames_bound([a, b, c]: [usize; 3]) -> usize {
    a.max(b).max(c) + (a == b && b == c && a > 0) as usize
}

/// The symmetry turning the cube into each frame: none, URF3, URF3².
const FRAME_SYM: [usize; 3] = [0, SYM_URF3, 2 * SYM_URF3];

/// Whether move `m` may follow move `last` (no face twice; opposite faces in one order).
#[inline(always)]
fn may_follow(last: usize, m: usize) -> bool {
    let (lf, f) = (last / 3, m / 3);
    f != lf && f + 3 != lf
}

/// Shared state of one depth iteration's parallel subtrees.
struct Shared<'a> {
    lk: Lookup<'a>,
    /// Polled every few thousand nodes and before each subtree: the time budget and
    /// any outside request to stop.
    cancel: &'a Cancel,
    /// Moves in the shortest solution known, which the two-phase search beside this
    /// one may lower: at or below the depth searched, the iteration has nothing left
    /// to find.
    known: &'a AtomicUsize,
    /// The depth this iteration searches.
    depth: usize,
    /// Set when the time ran out or a solution of the depth searched is known: every
    /// subtree stops.
    halted: AtomicBool,
    timed_out: AtomicBool,
    /// Index of the first subtree that found a solution (subtrees after it stop).
    found: AtomicUsize,
}

/// Depth-first search of exactly `togo` more moves below `path`; true when solved.
///
/// A node's children are bounded in stages, each over all children still in the
/// running, so that the cache misses of one stage overlap: first the inverse distance
/// each child inherits (no look-up at all); then the cube in frame 0 (its class, then
/// its distance), which alone rules out most children deep in the tree; then frames 1
/// and 2 for the rest; then the inverse cube in the two other frames and the corners
/// for the few left.
fn dfs(
    sh: &Shared,
    task: usize,
    node: &Node,
    path: &mut Vec<u8>,
    togo: usize,
    nodes: &mut u64,
) -> bool {
    if togo == 0 {
        return node.is_solved();
    }
    *nodes += 1;
    if *nodes & 4095 == 0 {
        if sh.found.load(Ordering::Relaxed) < task {
            return false;
        }
        if sh.cancel.is_cancelled() {
            sh.timed_out.store(true, Ordering::Relaxed);
            sh.halted.store(true, Ordering::Relaxed);
        }
        if sh.known.load(Ordering::Relaxed) <= sh.depth {
            sh.halted.store(true, Ordering::Relaxed);
        }
    }
    if sh.halted.load(Ordering::Relaxed) {
        return false;
    }
    let lk = &sh.lk;
    // Every child's coordinates in frame 0; fetch their class.
    let mut moves = [0u8; 18];
    let mut frames = [[[0u16; 3]; 3]; 18];
    let mut n = 0;
    let last = path.last().map(|&l| l as usize);
    for m in 0..18 {
        if last.is_some_and(|l| !may_follow(l, m)) {
            continue;
        }
        // The child's inverse distance in the frame of this move's axis is the
        // node's (see [`Node`]).
        if node.inverse_dist[lk.axis_frame[m] as usize] as usize >= togo {
            continue;
        }
        frames[n][0] = node.frame_after(lk, 0, m);
        prefetch(lk.class_entry(&frames[n][0]));
        moves[n] = m as u8;
        n += 1;
    }
    // Frame 0's distance.
    let mut index = [[0usize; 3]; 18];
    for i in 0..n {
        index[i][0] = lk.edge_index(&frames[i][0]);
        prefetch(lk.edge_entry(index[i][0]));
    }
    // The children frame 0 keeps, in the other frames; fetch their classes.
    let mut keep = [0usize; 18];
    let mut kept = 0;
    for i in 0..n {
        if lk.edge(index[i][0]) >= togo {
            continue;
        }
        for k in 1..3 {
            frames[i][k] = node.frame_after(lk, k, moves[i] as usize);
            prefetch(lk.class_entry(&frames[i][k]));
        }
        keep[kept] = i;
        kept += 1;
    }
    for &i in &keep[..kept] {
        for k in 1..3 {
            index[i][k] = lk.edge_index(&frames[i][k]);
            prefetch(lk.edge_entry(index[i][k]));
        }
    }
    // The children all three frames keep, with their inverse cubes; fetch the
    // classes of those cubes in the two frames whose distance is not inherited.
    let mut inverse = [[CubieCube::SOLVED; 3]; 18];
    let mut inverse_coords = [[[0u16; 3]; 3]; 18];
    let mut survivors = 0;
    for j in 0..kept {
        let i = keep[j];
        if edge_bound(lk, &index[i]) >= togo {
            continue;
        }
        let m = moves[i] as usize;
        for k in 0..3 {
            if k != lk.axis_frame[m] as usize {
                inverse[i][k] = node.inverse_frame_after(lk, k, m);
                inverse_coords[i][k] = frame_coords(&inverse[i][k]);
                prefetch(lk.class_entry(&inverse_coords[i][k]));
            }
        }
        keep[survivors] = i;
        survivors += 1;
    }
    // The inverse cubes' distances and the corners' (which rarely rule out what the
    // edges keep, so they come last, for the few children left).
    let mut inverse_index = [[0usize; 3]; 18];
    let mut corner_perm = [0u16; 18];
    let mut corner_index = [0usize; 18];
    for &i in &keep[..survivors] {
        for k in 0..3 {
            if k != lk.axis_frame[moves[i] as usize] as usize {
                inverse_index[i][k] = lk.edge_index(&inverse_coords[i][k]);
                prefetch(lk.edge_entry(inverse_index[i][k]));
            }
        }
        corner_perm[i] = lk.moves.corner_perm[node.corner_perm as usize * 18 + moves[i] as usize];
        corner_index[i] = lk.corner_index(corner_perm[i] as usize, frames[i][0][1] as usize);
        prefetch(&lk.corners[corner_index[i] >> 1]);
    }
    for &i in &keep[..survivors] {
        let a = lk.axis_frame[moves[i] as usize] as usize;
        let inverse_dist: [usize; 3] = std::array::from_fn(|k| {
            if k == a {
                node.inverse_dist[a] as usize
            } else {
                lk.edge(inverse_index[i][k])
            }
        });
        let bound =
            frames_bound(inverse_dist).max(Nibbles(lk.corners).get(corner_index[i]) as usize);
        if bound >= togo {
            continue;
        }
        // The frame whose distance is inherited needs its cube only now.
        inverse[i][a] = node.inverse_frame_after(lk, a, moves[i] as usize);
        let child = Node {
            frames: frames[i],
            corner_perm: corner_perm[i],
            inverse: inverse[i],
            inverse_dist: inverse_dist.map(|d| d as u8),
        };
        path.push(moves[i]);
        if dfs(sh, task, &child, path, togo - 1, nodes) {
            return true;
        }
        path.pop();
    }
    false
}

/// How many moves down the tree is cut into subtrees, searched in parallel in move
/// order: three levels make a few thousand, so threads rarely wait for one another at
/// the end of an iteration, and the list takes milliseconds to build.
const SPLIT_LEVELS: usize = 3;

/// The roots of the subtrees of a search of `depth` moves from `root`: every node
/// `levels` moves down whose bound allows a solution, with its moves, in the order a
/// depth-first search meets them.
fn subtrees(lk: &Lookup, root: &Node, depth: usize, levels: usize) -> Vec<(Node, Vec<u8>)> {
    let mut level = vec![(*root, Vec::new())];
    for n in 1..=levels {
        let children: Vec<Vec<(Node, Vec<u8>)>> = level
            .par_iter()
            .map(|(node, path)| {
                (0..18u8)
                    .filter(|&m| {
                        path.last()
                            .is_none_or(|&l| may_follow(l as usize, m as usize))
                    })
                    .filter_map(|m| {
                        let child = node.after(lk, m as usize);
                        (child.bound(lk) <= depth - n).then(|| {
                            let mut p = path.clone();
                            p.push(m);
                            (child, p)
                        })
                    })
                    .collect()
            })
            .collect();
        level = children.into_iter().flatten().collect();
    }
    level
}

/// One iteration of deepening: all paths of exactly `depth` moves from `root`, the
/// subtrees [`SPLIT_LEVELS`] moves down in parallel. Returns the first solution in the
/// order of [`subtrees`], whether the time ran out, and the number of nodes expanded.
fn iterate(
    t: &Tables,
    root: &Node,
    depth: usize,
    cancel: &Cancel,
    known: &AtomicUsize,
) -> (Option<Vec<u8>>, bool, u64) {
    let lk = t.lookup();
    let sh = Shared {
        lk,
        cancel,
        known,
        depth,
        halted: AtomicBool::new(false),
        timed_out: AtomicBool::new(false),
        found: AtomicUsize::new(usize::MAX),
    };
    let total = AtomicU64::new(0);
    let levels = SPLIT_LEVELS;
    let found = if depth <= levels {
        let mut path = Vec::new();
        let mut nodes = 0;
        let found = dfs(&sh, 0, root, &mut path, depth, &mut nodes).then_some(path);
        total.fetch_add(nodes, Ordering::Relaxed);
        found
    } else {
        let tasks = subtrees(&lk, root, depth, levels);
        let solutions: Mutex<Vec<(usize, Vec<u8>)>> = Mutex::new(Vec::new());
        // Free threads take the subtrees in order, so all of them work on the ones
        // before a solution (which must be finished to know it comes first) and none
        // on the ones after it.
        let next = AtomicUsize::new(0);
        let work = || loop {
            let task = next.fetch_add(1, Ordering::Relaxed);
            // A subtree may be too small to reach the poll in `dfs`.
            if sh.cancel.is_cancelled() {
                sh.timed_out.store(true, Ordering::Relaxed);
                sh.halted.store(true, Ordering::Relaxed);
            }
            if task >= tasks.len()
                || sh.found.load(Ordering::Relaxed) < task
                || sh.halted.load(Ordering::Relaxed)
                || sh.known.load(Ordering::Relaxed) <= depth
            {
                break;
            }
            let (node, prefix) = &tasks[task];
            let mut path = prefix.clone();
            let mut nodes = 0;
            if dfs(&sh, task, node, &mut path, depth - levels, &mut nodes) {
                sh.found.fetch_min(task, Ordering::Relaxed);
                solutions.lock().unwrap().push((task, path));
            }
            total.fetch_add(nodes, Ordering::Relaxed);
        };
        rayon::scope(|s| {
            for _ in 0..rayon::current_num_threads() {
                s.spawn(|_| work());
            }
        });
        let mut solutions = solutions.into_inner().unwrap();
        solutions.sort();
        solutions.into_iter().next().map(|(_, p)| p)
    };
    (
        found,
        sh.timed_out.load(Ordering::Relaxed),
        total.into_inner(),
    )
}

/// A search path (move indices) as moves.
fn path_alg(path: &[u8]) -> Alg {
    Alg(path.iter().map(|&m| Move::from_index(m as usize)).collect())
}

/// What one iteration of deepening did (see [`search_depth`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DepthSearch {
    /// A solution of exactly the searched length, if there is one.
    pub solution: Option<Alg>,
    /// Search nodes expanded (a node is expanded when its children are generated).
    pub nodes: u64,
}

/// One complete iteration of the optimal solver at `depth` on `cube`: whether a
/// solution of exactly that many moves exists, and how many nodes it took to find one
/// or rule them out. A measure of search effort, apart from the rest of [`solve`].
pub fn search_depth(t: &Tables, cube: &CubieCube, depth: usize) -> DepthSearch {
    let root = Node::new(cube, &t.lookup());
    let (found, _, nodes) = iterate(
        t,
        &root,
        depth,
        &Cancel::new(),
        &AtomicUsize::new(usize::MAX),
    );
    DepthSearch {
        solution: found.as_deref().map(path_alg),
        nodes,
    }
}

/// The shortest solution of `cube`, proven optimal unless the time budget runs out
/// (then the shortest known, marked incomplete). `opts.max_length` is not used.
///
/// Uses the small tables (quick to build, slow on random cubes); see [`solve_sized`].
pub fn solve(cube: &CubieCube, opts: &Options) -> Result<Solution, SolveError> {
    solve_sized(cube, opts, TableSize::Small)
}

/// [`solve`] with the tables of the given size.
pub fn solve_sized(
    cube: &CubieCube,
    opts: &Options,
    size: TableSize,
) -> Result<Solution, SolveError> {
    solve_with(Tables::get(size), cube, opts)
}

/// [`solve_sized`] that also stops when `cancel` does, as when its time budget runs
/// out: with the shortest solution known, marked incomplete, or
/// [`SolveError::TimedOut`] when cancelled before the first one is found.
pub fn solve_sized_with_cancel(
    cube: &CubieCube,
    opts: &Options,
    size: TableSize,
    cancel: &Cancel,
) -> Result<Solution, SolveError> {
    solve_in(Tables::get(size), cube, opts, cancel)
}

/// [`solve`] with explicitly given tables.
///
/// Two searches run side by side. Deepening proves, one depth after another, that no
/// shorter solution exists; a two-phase search looks for ever shorter solutions. On a
/// random cube the two-phase search often finds one of the optimal length while the
/// deepening is still ruling out the length below, which costs about a fourteenth of
/// searching the optimal length itself: as soon as the deepening has ruled out every
/// length below the shortest solution known, that solution is proven optimal.
/// Which of several optimal solutions is returned may depend on which search finds
/// one first; its length never does.
pub fn solve_with(t: &Tables, cube: &CubieCube, opts: &Options) -> Result<Solution, SolveError> {
    solve_in(t, cube, opts, &Cancel::new())
}

/// [`solve_with`] that also stops when `cancel` does.
fn solve_in(
    t: &Tables,
    cube: &CubieCube,
    opts: &Options,
    outside: &Cancel,
) -> Result<Solution, SolveError> {
    if !cube.is_reachable() {
        return Err(SolveError::Unreachable);
    }
    let cancel = outside.child(opts.timeout);
    // An upper bound to return if time runs out, and to stop deepening at (found in
    // milliseconds, so only a stop from outside cuts it short, not the budget).
    let first = two_phase::solve_in(t.two_phase, cube, &Options::default(), outside)?.moves;
    let root = Node::new(cube, &t.lookup());
    let lower = root.bound(&t.lookup());
    let known = AtomicUsize::new(first.len());
    let best = Mutex::new(first);
    let done = AtomicBool::new(false);
    // The depth the deepening is on: every shorter length is ruled out.
    let proving = AtomicUsize::new(lower);
    // A solution shorter than the best known, from either search.
    let offer = |alg: Alg| {
        let mut best = best.lock().unwrap();
        if alg.len() < best.len() {
            known.store(alg.len(), Ordering::Relaxed);
            *best = alg;
        }
    };
    let complete = std::thread::scope(|s| {
        if lower < known.load(Ordering::Relaxed) {
            s.spawn(|| {
                let pace = Pace::new();
                let stop = || {
                    let racing =
                        known.load(Ordering::Relaxed) <= proving.load(Ordering::Relaxed) + 1;
                    pace.share(if racing { RACE_SHARE } else { 1.0 });
                    done.load(Ordering::Relaxed)
                };
                two_phase::tighten(
                    t.two_phase,
                    cube,
                    known.load(Ordering::Relaxed),
                    lower,
                    &cancel,
                    &stop,
                    &offer,
                )
            });
        }
        let complete = deepen(t, &root, lower, &cancel, &known, &proving, &offer);
        done.store(true, Ordering::Relaxed);
        complete
    });
    let moves = best.into_inner().unwrap();
    debug_assert!(cube.apply_alg(&moves).is_solved());
    Ok(Solution { moves, complete })
}

/// Share of its time the two-phase search beside the deepening runs while it looks for
/// the very length the deepening is on (the rest it sleeps, leaving the cores to the
/// deepening): the best trade measured (docs/benchmarks.md, the optimal solver).
const RACE_SHARE: f64 = 0.25;

/// Holds a thread to a share of its time: [`Pace::share`], called often, sleeps in
/// proportion to the time run since the last call.
struct Pace {
    last: std::cell::Cell<Instant>,
}

impl Pace {
    fn new() -> Pace {
        Pace {
            last: std::cell::Cell::new(Instant::now()),
        }
    }

    /// Sleep so that the time since the last call is `share` of the time that will
    /// have passed (no sleep for a share of 1).
    fn share(&self, share: f64) {
        if share < 1.0 {
            let ran = self.last.get().elapsed();
            std::thread::sleep(ran.mul_f64((1.0 - share) / share));
        }
        self.last.set(Instant::now());
    }
}

/// Iterative deepening from `depth` until a depth reaches the length of the shortest
/// solution `known`; solutions it finds go to `offer`, and the depth being searched
/// to `proving`. True when it got there (the shortest known is then optimal), false
/// when the time ran out first.
fn deepen(
    t: &Tables,
    root: &Node,
    mut depth: usize,
    cancel: &Cancel,
    known: &AtomicUsize,
    proving: &AtomicUsize,
    offer: &dyn Fn(Alg),
) -> bool {
    while depth < known.load(Ordering::Relaxed) {
        proving.store(depth, Ordering::Relaxed);
        let (found, timed_out, _) = iterate(t, root, depth, cancel, known);
        if let Some(path) = found {
            offer(path_alg(&path));
            return true;
        }
        if timed_out {
            return false;
        }
        // Ruled out (or, when the other search found one of this length, cut short).
        if known.load(Ordering::Relaxed) <= depth {
            return true;
        }
        depth += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scramble::random_moves;
    use rand::SeedableRng;
    use std::collections::HashMap;

    /// Every state within `depth` moves of `from`, with its distance.
    fn ball(from: CubieCube, depth: usize) -> HashMap<CubieCube, usize> {
        let mut seen = HashMap::from([(from, 0)]);
        let mut frontier = vec![from];
        for d in 1..=depth {
            let mut next = Vec::new();
            for c in &frontier {
                for m in Move::ALL {
                    let n = c.apply_move(m);
                    if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(n) {
                        e.insert(d);
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        seen
    }

    /// The solver with tables `t` finds solutions exactly as long as breadth-first
    /// distances, for cubes up to 7 moves from solved.
    fn check_breadth_first_distances(t: &Tables) {
        // Meet in the middle: states within 4 of solved and within 3 of the cube give
        // the exact distance of any cube at most 7 moves away.
        let near_solved = ball(CubieCube::SOLVED, 4);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(77);
        let mut seen_depths = [false; 8];
        for k in 0..24 {
            let n = 3 + k % 5;
            let cube = CubieCube::from_alg(&random_moves(&mut rng, n));
            let distance = ball(cube, 3)
                .iter()
                .filter_map(|(c, a)| near_solved.get(&c.inverse()).map(|b| a + b))
                .min()
                .expect("within 7 moves");
            seen_depths[distance] = true;
            let sol = solve_with(t, &cube, &Options::default()).unwrap();
            assert!(sol.complete);
            assert!(cube.apply_alg(&sol.moves).is_solved());
            assert_eq!(sol.moves.len(), distance, "scramble of {n}: {}", sol.moves);
        }
        assert!(seen_depths[7], "some cube at distance 7");
    }

    /// The pruning bound (de Bondt's rule included) never exceeds the true distance,
    /// for every cube within 5 moves of solved, and is exact on single turns.
    #[test]
    fn bound_is_admissible() {
        let lk = Tables::get(TableSize::Small).lookup();
        let mut raised = 0;
        for (cube, d) in ball(CubieCube::SOLVED, 5) {
            let node = Node::new(&cube, &lk);
            let bound = node.bound(&lk);
            assert!(bound <= d, "bound {bound} > distance {d}");
            assert_eq!(bound == 0, d == 0);
            let plain = [node.edge_indices(&lk), node.inverse_indices(&lk)]
                .iter()
                .flatten()
                .map(|&i| lk.edge(i))
                .max()
                .unwrap();
            raised += (edge_bound(&lk, &node.edge_indices(&lk)) > plain) as usize;
            if d < 5 {
                for m in 0..18 {
                    let a = lk.axis_frame[m] as usize;
                    assert_eq!(node.after(&lk, m).inverse_dist[a], node.inverse_dist[a]);
                }
            }
        }
        assert!(raised > 0, "the rule raises some bound");
    }

    #[test]
    fn agrees_with_breadth_first_distances() {
        check_breadth_first_distances(Tables::get(TableSize::Small));
    }

    /// With the large table (built on first use: minutes, 1.55 GiB in the cache).
    #[test]
    #[ignore = "builds the 1.55 GiB table"]
    fn large_table_agrees_with_breadth_first_distances() {
        check_breadth_first_distances(Tables::get(TableSize::Default));
    }

    /// The large table's bounds on uniformly random cubes: one lookup averages about
    /// 10.3 moves and the six (three axes, cube and inverse, one more when the three
    /// agree) about 11.15, as good as the best published tables of this size, so
    /// what separates solvers of this size is the cost of a node.
    #[test]
    #[ignore = "builds the 1.55 GiB table"]
    fn large_table_bounds_random_cubes_by_eleven_moves() {
        use crate::scramble::random_state;
        use rand::SeedableRng;
        let t = Tables::get(TableSize::Default);
        let lk = t.lookup();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let n = 50_000;
        let (mut one, mut six) = (0, 0);
        for _ in 0..n {
            let node = Node::new(&random_state(&mut rng), &lk);
            one += lk.edge(node.edge_indices(&lk)[0]);
            six += node.bound(&lk);
        }
        let (one, six) = (one as f64 / n as f64, six as f64 / n as f64);
        eprintln!("average bound: one lookup {one:.3}, all {six:.3}");
        assert!((10.2..10.4).contains(&one), "{one}");
        assert!((11.05..11.25).contains(&six), "{six}");
    }

    /// Solve `alg`'s cube with the large table and check the length is `distance`.
    fn check_known_distance(alg: &str, distance: usize) -> CubieCube {
        let t = Tables::get(TableSize::Default);
        let cube = CubieCube::from_alg(&Alg::parse(alg).unwrap());
        let sol = solve_with(t, &cube, &Options::default()).unwrap();
        assert!(sol.complete);
        assert!(cube.apply_alg(&sol.moves).is_solved());
        assert_eq!(sol.moves.len(), distance, "{alg}: {}", sol.moves);
        cube
    }

    /// "Cube in a cube" needs 15 face turns (a classic pattern, proven optimal).
    #[test]
    #[ignore = "builds the 1.55 GiB table"]
    fn cube_in_a_cube_takes_fifteen() {
        check_known_distance("F L F U' R U F2 L2 U' L' B D' B' L2 U", 15);
    }

    /// The superflip (every edge flipped in place) needs 20 face turns (Reid, 1995).
    #[test]
    #[ignore = "builds the 1.55 GiB table, then searches for hours"]
    fn superflip_takes_twenty() {
        let flipped =
            check_known_distance("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2", 20);
        assert_eq!(flipped.eo, [1; 12]);
        assert_eq!(
            (flipped.cp, flipped.co, flipped.ep),
            (
                CubieCube::SOLVED.cp,
                CubieCube::SOLVED.co,
                CubieCube::SOLVED.ep
            )
        );
    }

    #[test]
    fn corrupt_table_file_is_detected_and_rebuilt() {
        use cubist_search::cache::{self, TableError, HEADER_LEN};
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

    #[test]
    fn table_sizes_by_name() {
        for size in TableSize::ALL {
            assert_eq!(size.name().parse::<TableSize>(), Ok(size));
        }
        assert!("huge".parse::<TableSize>().is_err());
    }

    #[test]
    fn one_iteration_finds_solutions_of_exactly_its_depth() {
        let t = Tables::get(TableSize::Small);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for n in [5, 8] {
            let cube = CubieCube::from_alg(&random_moves(&mut rng, n));
            let d = solve_with(t, &cube, &Options::default())
                .unwrap()
                .moves
                .len();
            let below = search_depth(t, &cube, d - 1);
            assert!(below.solution.is_none(), "nothing shorter than {d}");
            let at = search_depth(t, &cube, d)
                .solution
                .expect("a solution of the optimum");
            assert_eq!(at.len(), d);
            assert!(cube.apply_alg(&at).is_solved());
        }
    }

    /// An iteration's answer is the first solution in its order, whatever the number
    /// of threads sharing the subtrees (which optimal solution `solve` returns may
    /// depend on which of its two searches finds one first; its length does not).
    #[test]
    fn an_iterations_answer_does_not_depend_on_threads() {
        let t = Tables::get(TableSize::Small);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
        for _ in 0..4 {
            let cube = CubieCube::from_alg(&random_moves(&mut rng, 9));
            let answers: Vec<(usize, Option<Alg>)> = [1, 2, 3]
                .into_iter()
                .map(|threads| {
                    let pool = rayon::ThreadPoolBuilder::new()
                        .num_threads(threads)
                        .build()
                        .unwrap();
                    pool.install(|| {
                        let d = solve_with(t, &cube, &Options::default())
                            .unwrap()
                            .moves
                            .len();
                        (d, search_depth(t, &cube, d).solution)
                    })
                })
                .collect();
            let first = answers[0].1.clone().expect("a solution of the optimum");
            assert!(cube.apply_alg(&first).is_solved());
            assert_eq!(answers[0], answers[1]);
            assert_eq!(answers[0], answers[2]);
        }
    }

    /// A cube `n` random moves from solved (seed `seed`), its distance, and the
    /// solver's root node.
    fn with_distance(t: &Tables, seed: u64, n: usize) -> (CubieCube, usize, Node) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let cube = CubieCube::from_alg(&random_moves(&mut rng, n));
        let d = (0..=n)
            .find(|&d| search_depth(t, &cube, d).solution.is_some())
            .unwrap();
        (cube, d, Node::new(&cube, &t.lookup()))
    }

    #[test]
    fn an_iteration_stops_when_a_solution_of_its_depth_is_known() {
        let t = Tables::get(TableSize::Small);
        let (_, d, root) = with_distance(t, 31, 9);
        assert!(d > SPLIT_LEVELS);
        let (found, timed_out, _) = iterate(t, &root, d, &Cancel::new(), &AtomicUsize::new(d));
        assert!(found.is_none() && !timed_out);
        let (found, _, _) = iterate(t, &root, d, &Cancel::new(), &AtomicUsize::new(d + 1));
        assert_eq!(found.map(|p| p.len()), Some(d));
    }

    #[test]
    fn deepening_ends_below_a_known_solution_and_finds_one_otherwise() {
        let t = Tables::get(TableSize::Small);
        // The first seed whose cube's bound is below its distance, so that the
        // deepening has lengths to rule out.
        let (cube, d, root) = (32..)
            .map(|seed| with_distance(t, seed, 9))
            .find(|(_, d, root)| root.bound(&t.lookup()) + 1 < *d)
            .unwrap();
        let lower = root.bound(&t.lookup());
        let offered = Mutex::new(Vec::new());
        let offer = |alg: Alg| offered.lock().unwrap().push(alg);
        // Told of a solution of the optimal length, it only rules out the shorter.
        let proving = AtomicUsize::new(0);
        assert!(deepen(
            t,
            &root,
            lower,
            &Cancel::new(),
            &AtomicUsize::new(d),
            &proving,
            &offer
        ));
        assert!(offered.lock().unwrap().is_empty());
        assert_eq!(proving.load(Ordering::Relaxed), d - 1);
        // Told of a longer one, it finds an optimal solution itself.
        assert!(deepen(
            t,
            &root,
            lower,
            &Cancel::new(),
            &AtomicUsize::new(d + 2),
            &proving,
            &offer
        ));
        let offered = offered.into_inner().unwrap();
        assert_eq!(offered.len(), 1);
        assert_eq!(offered[0].len(), d);
        assert!(cube.apply_alg(&offered[0]).is_solved());
    }

    /// A random cube takes the small tables about an hour; cancelled from another
    /// thread, the solve ends at once with the shortest solution known, unproven.
    #[test]
    fn a_cancelled_solve_returns_the_best_known() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(15);
        let cube = crate::scramble::random_state(&mut rng);
        Tables::get(TableSize::Small);
        let cancel = Cancel::new();
        let stopper = cancel.clone();
        let sol = std::thread::scope(|s| {
            s.spawn(move || {
                std::thread::sleep(std::time::Duration::from_millis(200));
                stopper.cancel();
            });
            solve_sized_with_cancel(&cube, &Options::default(), TableSize::Small, &cancel)
        })
        .unwrap();
        assert!(!sol.complete);
        assert!(sol.moves.len() <= 20);
        assert!(cube.apply_alg(&sol.moves).is_solved());
        let stopped = Cancel::new();
        stopped.cancel();
        // Stopped before it starts: nothing, or the first two-phase answer, unproven.
        match solve_sized_with_cancel(&cube, &Options::default(), TableSize::Small, &stopped) {
            Err(e) => assert_eq!(e, SolveError::TimedOut),
            Ok(sol) => assert!(!sol.complete && cube.apply_alg(&sol.moves).is_solved()),
        }
    }

    /// The subtrees are every node the search would reach a few moves down, each
    /// once, in depth-first order.
    #[test]
    fn subtrees_cover_the_top_of_the_tree() {
        let t = Tables::get(TableSize::Small);
        let lk = t.lookup();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        for _ in 0..3 {
            let cube = CubieCube::from_alg(&random_moves(&mut rng, 9));
            let root = Node::new(&cube, &lk);
            let (depth, levels) = (11, 3);
            let tasks = subtrees(&lk, &root, depth, levels);
            let mut expected = Vec::new();
            let mut stack = vec![(root, Vec::<u8>::new())];
            while let Some((node, path)) = stack.pop() {
                if path.len() == levels {
                    expected.push(path);
                    continue;
                }
                for m in 0..18 {
                    if path.last().is_none_or(|&l| may_follow(l as usize, m)) {
                        let child = node.after(&lk, m);
                        if child.bound(&lk) + path.len() < depth {
                            let mut p = path.clone();
                            p.push(m as u8);
                            stack.push((child, p));
                        }
                    }
                }
            }
            let mut got: Vec<Vec<u8>> = tasks.iter().map(|(_, p)| p.clone()).collect();
            assert!(
                tasks.windows(2).all(|w| w[0].1 < w[1].1),
                "depth-first order"
            );
            for (node, path) in &tasks {
                let c = cube.apply_alg(&path_alg(path));
                assert_eq!(node.frames, Node::new(&c, &lk).frames);
            }
            got.sort();
            expected.sort();
            assert!(!got.is_empty());
            assert_eq!(got, expected);
        }
    }

    #[test]
    fn solved_and_single_turns() {
        assert!(solve(&CubieCube::SOLVED, &Options::default())
            .unwrap()
            .moves
            .is_empty());
        for m in Move::ALL {
            let sol = solve(&CubieCube::SOLVED.apply_move(m), &Options::default()).unwrap();
            assert_eq!(sol.moves.0, vec![m.inverse()]);
        }
    }
}
