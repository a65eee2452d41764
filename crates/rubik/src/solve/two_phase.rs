//! Kociemba's two-phase algorithm.
//!
//! Phase 1 turns the cube into the subgroup ⟨U, D, R2, L2, F2, B2⟩ (corners untwisted,
//! edges unflipped, UD-slice edges in the slice); phase 2 solves it with those moves.
//! Phase 1 is searched by iterative deepening over the symmetry-reduced flip-slice
//! class × twist table; every phase-1 solution is finished by a phase-2 search bounded
//! by the length still allowed. Longer phase-1 solutions often allow much shorter
//! phase-2 ones, so the search goes on until the total is within the target. Each
//! phase-1 tree is searched a level at a time, in the order a depth-first search meets
//! its nodes, so that the table look-ups of many nodes are in flight together; a cheap
//! bound that stays in cache rules out most moves before the large table is read.
//!
//! The search runs on six versions of the cube at once — the cube seen along each of
//! its three axes, and its inverse along each — raising their phase-1 depth together,
//! since one of them usually reaches the target much sooner. At each depth the
//! versions take turns by first move, so a version with a solution early in its tree
//! does not wait for the others' whole trees. Each version is also searched preceded
//! by each quarter turn outside phase 2's group (pre-moves, as in min2phase): one move
//! more, but other phase-1 trees, one of which often ends in a short phase 2 before
//! the six versions need a depth more. Without a time budget, two threads take
//! these searches in turn, giving the answer one thread would.
//!
//! Near the target most phase-1 solutions leave too few moves for phase 2. The corner
//! reach tables rule out a phase-1 path early when its corners cannot reach, by the end
//! of phase 1, a permutation that the phase 2 left solves.

use super::{Options, Solution, SolveError};
use crate::coord::cornersym::CornerSym;
use crate::coord::flipslice::FlipSliceSym;
use crate::coord::moves::{is_phase2_move, MoveTables, PHASE2_MOVES};
use crate::coord::pruning::{
    self, phase1_index, N_CORNERS, N_SLICE_TWIST, PHASE1_BYTES, PHASE2_BYTES, REACH_ENDINGS,
    SLICE_BOUNDS_BYTES,
};
use crate::coord::stored::Coords;
use crate::coord::symmetry::{self, N_SYM_D4H, SYM_URF3};
use crate::coord::*;
use crate::cubie::CubieCube;
use crate::moves::{Alg, Move};
use cubist_tables::cache::load_or_build_in;
use cubist_tables::{Cancel, Nibbles, Table, TableSpec};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

/// Set by [`Tables::keep_resident`].
static KEEP_RESIDENT: AtomicBool = AtomicBool::new(false);

/// Version of the phase-1 table file; bump when its content changes.
const PHASE1_VERSION: u32 = 1;
/// Version of the phase-2 table file; bump when its content changes.
const PHASE2_VERSION: u32 = 1;
/// Version of the slice bounds file; bump when its content changes.
const SLICE_BOUNDS_VERSION: u32 = 1;
/// Version of the corner reach table file; bump when its content changes.
const REACH_VERSION: u32 = 2;
/// Bytes of one corner reach table (one length of phase-2 ending).
const REACH_BYTES: usize = N_CORNERS.div_ceil(2);
/// More than any entry of the corner reach tables (a test checks it): a phase-1 path
/// with this many moves left is never ruled out by them.
const REACH_MAX: usize = 9;

/// Everything the two-phase search looks up.
pub struct Tables {
    /// Move tables of every coordinate.
    pub moves: MoveTables,
    /// Flip-slice classes and twist conjugation.
    pub flipslice: FlipSliceSym,
    /// Phase-1 distances: flip-slice class × twist, 4 bits each.
    pub phase1: Table,
    /// Weaker phase-1 bounds that fit in the processor's cache, tested first: UD slice
    /// × twist, then UD slice × flip (see [`pruning::build_slice_bounds`]).
    slice_bounds: Table,
    /// Corner-permutation classes and edge8 conjugation.
    pub corners: CornerSym,
    /// Phase-2 distances: corner-perm class × edge8 perm, 4 bits each.
    pub phase2: Table,
    /// Phase-2 distances over corner perm × slice perm.
    pub corner_slice: Vec<u8>,
    /// Corner reach tables, one after another for each length of phase-2 ending in
    /// [`REACH_ENDINGS`]: see [`pruning::build_corner_reach`].
    corner_reach: Table,
    /// Edge permutation of each of the 18 face turns (for phase-2 start coordinates).
    edge_turns: [[u8; 12]; 18],
}

impl Tables {
    /// Load the tables from the cache directory, building and storing those missing.
    ///
    /// The pruning tables stay mapped from their files rather than copied into
    /// memory: a process that solves one cube reads only the few pages it looks up.
    pub fn load() -> Tables {
        Tables::load_in(&cubist_tables::cache_dir())
    }

    /// [`Tables::load`] from the cache directory `dir`.
    pub fn load_in(dir: &Path) -> Tables {
        let Coords {
            moves,
            flipslice,
            corners,
            corner_slice,
        } = Coords::load_in(dir);
        let (mt, fs, cs) = (&moves, &flipslice, &corners);
        let phase1_spec = TableSpec {
            name: "twophase-flipslice-twist",
            version: PHASE1_VERSION,
            len: PHASE1_BYTES,
        };
        let phase2_spec = TableSpec {
            name: "twophase-corner-edge8",
            version: PHASE2_VERSION,
            len: PHASE2_BYTES,
        };
        // Phase 1's and phase 2's tables are independent: built side by side when
        // missing.
        let reach_spec = TableSpec {
            name: "twophase-corner-reach",
            version: REACH_VERSION,
            len: REACH_BYTES * REACH_ENDINGS.count(),
        };
        let (phase1, phase2) = rayon::join(
            || load_or_build_in(dir, &phase1_spec, || pruning::build_phase1(mt, fs)),
            || load_or_build_in(dir, &phase2_spec, || pruning::build_phase2(mt, cs)),
        );
        let bounds_spec = TableSpec {
            name: "twophase-slice-bounds",
            version: SLICE_BOUNDS_VERSION,
            len: SLICE_BOUNDS_BYTES,
        };
        let slice_bounds = load_or_build_in(dir, &bounds_spec, || pruning::build_slice_bounds(mt));
        let corner_reach = load_or_build_in(dir, &reach_spec, || {
            REACH_ENDINGS
                .flat_map(|ending| pruning::build_corner_reach(mt, cs, fs, ending))
                .collect()
        });
        let (phase1, phase2, corner_reach, slice_bounds) = if KEEP_RESIDENT.load(Ordering::Relaxed)
        {
            (
                phase1.resident(),
                phase2.resident(),
                corner_reach.resident(),
                slice_bounds.resident(),
            )
        } else {
            (phase1, phase2, corner_reach, slice_bounds)
        };
        let edge_turns =
            std::array::from_fn(|m| CubieCube::SOLVED.apply_move(Move::from_index(m)).ep);
        Tables {
            moves,
            flipslice,
            phase1,
            slice_bounds,
            corners,
            phase2,
            corner_slice,
            corner_reach,
            edge_turns,
        }
    }

    /// Have the pruning tables loaded after this call copied into memory backed by
    /// huge pages (see [`Table::resident`]) instead of left mapped: worth its tens of
    /// milliseconds when many cubes are solved, not for one.
    pub fn keep_resident() {
        KEEP_RESIDENT.store(true, Ordering::Relaxed);
    }

    /// The tables, loaded on first use and shared by every thread.
    pub fn get() -> &'static Tables {
        static TABLES: OnceLock<Tables> = OnceLock::new();
        TABLES.get_or_init(Tables::load)
    }

    /// Lower bound on the phase-1 distance of (flip, UD slice, twist).
    #[inline(always)]
    pub(crate) fn phase1_distance(&self, flip: usize, slice: usize, twist: usize) -> usize {
        let cs = self.flipslice.class_sym[slice * N_FLIP + flip] as usize;
        let t = self.flipslice.twist_conj[twist * N_SYM_D4H + (cs & 15)] as usize;
        Nibbles(&self.phase1).get(phase1_index(cs >> 4, t)) as usize
    }

    /// Lower bound on the phase-1 distance of (UD slice, twist, flip) from the slice
    /// bounds: weaker than [`Tables::phase1_distance`], but its look-ups stay in cache.
    #[inline(always)]
    fn slice_bound(&self, slice: usize, twist: usize, flip: usize) -> usize {
        let (by_twist, by_flip) = self.slice_bounds.split_at(N_SLICE_TWIST.div_ceil(2));
        let tw = Nibbles(by_twist).get(slice * N_TWIST + twist);
        let fl = Nibbles(by_flip).get(slice * N_FLIP + flip);
        tw.max(fl) as usize
    }

    /// Start loading the entries [`Tables::slice_bound`] reads.
    #[inline(always)]
    fn prefetch_slice_bound(&self, slice: usize, twist: usize, flip: usize) {
        let (by_twist, by_flip) = self.slice_bounds.split_at(N_SLICE_TWIST.div_ceil(2));
        prefetch(&by_twist[(slice * N_TWIST + twist) >> 1]);
        prefetch(&by_flip[(slice * N_FLIP + flip) >> 1]);
    }

    /// The corner reach table for phase-2 endings of at most `ending` moves: for each
    /// (corner perm, twist), at [`Tables::corner_index`], a lower bound on the moves
    /// that bring the corners into phase 2's group with a permutation such an ending
    /// solves. None for endings too long to have a table (they rule out too little).
    #[inline(always)]
    fn reach_table(&self, ending: usize) -> Option<&[u8]> {
        if ending > *REACH_ENDINGS.end() {
            return None;
        }
        // A shorter ending needs at least as many moves as the shortest with a table.
        let k = ending.max(*REACH_ENDINGS.start()) - REACH_ENDINGS.start();
        Some(&self.corner_reach[k * REACH_BYTES..(k + 1) * REACH_BYTES])
    }

    /// Index of (corner perm, twist) in the corner-class × twist tables.
    #[inline(always)]
    fn corner_index(&self, cp: usize, twist: usize) -> usize {
        let x = self.corners.class_sym[cp] as usize;
        let tw = self.flipslice.twist_conj[twist * N_SYM_D4H + (x & 15)] as usize;
        (x >> 4) * N_TWIST + tw
    }

    /// Start loading the entries [`Tables::phase2_distance`] reads.
    #[inline(always)]
    fn prefetch_phase2(&self, cp: usize, e8: usize) {
        let x = self.corners.class_sym[cp] as usize;
        let e = self.corners.edge8_conj[e8 * N_SYM_D4H + (x & 15)] as usize;
        prefetch(&self.phase2[((x >> 4) * N_EDGE8_PERM + e) >> 1]);
    }

    /// Lower bound on the phase-2 distance of (corner perm, edge8 perm), ignoring the
    /// slice edges.
    #[inline(always)]
    fn phase2_distance(&self, cp: usize, e8: usize) -> usize {
        let x = self.corners.class_sym[cp] as usize;
        let e = self.corners.edge8_conj[e8 * N_SYM_D4H + (x & 15)] as usize;
        Nibbles(&self.phase2).get((x >> 4) * N_EDGE8_PERM + e) as usize
    }
}

/// Solve `cube` with at most `opts.max_length` moves (20 by default, which every
/// cube allows), or return the best found when the time budget runs out.
pub fn solve(cube: &CubieCube, opts: &Options) -> Result<Solution, SolveError> {
    solve_with(Tables::get(), cube, opts)
}

/// [`solve`] that also stops when `cancel` does, as when its time budget runs out:
/// with the best solution found so far, or [`SolveError::TimedOut`] if there is none.
pub fn solve_with_cancel(
    cube: &CubieCube,
    opts: &Options,
    cancel: &Cancel,
) -> Result<Solution, SolveError> {
    solve_in(Tables::get(), cube, opts, cancel)
}

/// One of the six versions of the cube the search starts from: the cube turned by a
/// multiple of 120° about the URF–DBL diagonal, possibly inverted.
struct Start {
    rotation: usize,
    inverted: bool,
    /// A move made before this version's state (see [`starts`]): its solutions are
    /// followed by this move, so they count one move more.
    pre: Option<u8>,
    edges: [u8; 12],
    flip: usize,
    twist: usize,
    slice_sorted: usize,
    corner_perm: usize,
    h1: usize,
}

impl Start {
    fn new(t: &Tables, cube: &CubieCube, k: usize, pre: Option<u8>) -> Start {
        let rotation = k % 3;
        let inverted = k >= 3;
        let mut c = *cube;
        for _ in 0..rotation {
            c = symmetry::conjugate(&c, SYM_URF3);
        }
        if inverted {
            c = c.inverse();
        }
        if let Some(p) = pre {
            c = CubieCube::SOLVED
                .apply_move(Move::from_index(p as usize))
                .then(&c);
        }
        let (flip, twist, slice_sorted) = (flip(&c), twist(&c), slice_sorted(&c));
        Start {
            rotation,
            inverted,
            pre,
            edges: c.ep,
            flip,
            twist,
            slice_sorted,
            corner_perm: corner_perm(&c),
            h1: t.phase1_distance(flip, slice_sorted / 24, twist),
        }
    }

    /// Whether a phase-1 search of `d` moves from this version beginning with `first`
    /// may end phase 1: false when the first move leads too far (most of them, near the
    /// version's distance), so that the search is not even set up.
    fn may_begin(&self, t: &Tables, first: Option<u8>, d: usize) -> bool {
        let Some(m) = first.map(usize::from).filter(|_| d > 0) else {
            return true;
        };
        let mt = &t.moves;
        let flip = mt.flip[self.flip * 18 + m] as usize;
        let twist = mt.twist[self.twist * 18 + m] as usize;
        let slice = mt.slice_sorted[self.slice_sorted * 18 + m] as usize / N_SLICE_PERM;
        t.slice_bound(slice, twist, flip) < d && t.phase1_distance(flip, slice, twist) < d
    }

    /// Moves this version's solutions have beyond those its search finds.
    fn extra(&self) -> usize {
        usize::from(self.pre.is_some())
    }

    /// Turn moves that solve this version into moves that solve the original cube.
    fn translate(&self, moves: &[u8]) -> Alg {
        let sym = symmetry::tables();
        let mut out: Vec<Move> = moves
            .iter()
            .chain(&self.pre)
            .map(|&m| {
                let mut m = m as usize;
                // Undo the rotation: conjugate by its inverse, once per 120° turn.
                for _ in 0..self.rotation {
                    m = sym.conj_move[sym.inverse[SYM_URF3] as usize][m] as usize;
                }
                Move::from_index(m)
            })
            .collect();
        if self.inverted {
            out = out.iter().rev().map(|m| m.inverse()).collect();
        }
        // A phase 2 ending on the pre-move's face merges with it.
        let alg = Alg(out);
        if self.pre.is_some() {
            alg.simplified()
        } else {
            alg
        }
    }
}

/// The versions of `cube` the search starts from: the six views (three axes, cube and
/// inverse), then each of them preceded by each quarter turn that leaves phase 2's
/// group (R, L, F, B and their inverses). A version with a pre-move `p` solved by `s`
/// gives the solution `s p` — one move more, but from another phase-1 tree, whose
/// solutions the six views' trees do not hold: more trees of one depth less, so one of
/// them often has a short phase 2 before the six views need a depth more.
fn starts(t: &Tables, cube: &CubieCube) -> Vec<Start> {
    let pres = (0..18u8).filter(|&m| !is_phase2_move(m as usize));
    let mut v: Vec<Start> = (0..6).map(|k| Start::new(t, cube, k, None)).collect();
    for k in 0..6 {
        v.extend(pres.clone().map(|p| Start::new(t, cube, k, Some(p))));
    }
    v
}

/// What a search did, counted rather than timed (the same on any host).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Phase-1 nodes expanded, over all six versions.
    pub phase1_nodes: u64,
    /// Phase-1 solutions reached (each checked for a short enough phase 2).
    pub phase1_solutions: u64,
    /// Phase-1 solutions whose phase-2 bounds allowed a phase-2 search.
    pub phase2_searches: u64,
    /// Phase-2 nodes visited.
    pub phase2_nodes: u64,
}

impl Work {
    /// Add another search's work to this one's.
    fn add(&mut self, other: &Work) {
        self.phase1_nodes += other.phase1_nodes;
        self.phase1_solutions += other.phase1_solutions;
        self.phase2_searches += other.phase2_searches;
        self.phase2_nodes += other.phase2_nodes;
    }
}

/// What a search tells of each solution it finds: its moves and the version it solves.
type Report<'a> = dyn Fn(&[u8], usize) + 'a;

/// The state of one solve: the current path, the bound and the best found.
struct Search<'a> {
    t: &'a Tables,
    /// Moves of the current phase-1 path followed by phase-2 moves.
    path: [u8; 32],
    /// Edge permutation of the version being searched (for phase-2 start coordinates).
    edges: [u8; 12],
    /// Longest total length a new solution may have.
    limit: usize,
    /// Stop as soon as a solution this short is found.
    target: usize,
    /// Shortest found so far: its moves and the version it solves.
    best: Option<(Vec<u8>, usize)>,
    /// Which version is being searched.
    version: usize,
    /// The only first move searched, when the search is split by first move.
    first: Option<u8>,
    /// Work done so far.
    work: Work,
    /// Polled every thousand nodes: the time budget and any outside request to stop.
    cancel: &'a Cancel,
    /// Asked every thousand nodes whether to end the search (as if the time had run
    /// out); it may also hold the search back by taking its time to answer.
    stop: Option<&'a dyn Fn() -> bool>,
    /// Told each solution as it is found (its moves and version), shortest last.
    on_found: Option<&'a Report<'a>>,
    /// Most nodes a level holds before its nodes are searched one at a time.
    level_cap: usize,
    timed_out: bool,
}

/// The coordinates of a phase-1 search node and its phase-1 distance bound.
#[derive(Clone, Copy)]
struct Phase1Node {
    flip: usize,
    twist: usize,
    slice_sorted: usize,
    corner_perm: usize,
    h: usize,
}

/// A node of one level of a phase-1 search: its coordinates, its phase-1 distance, the
/// move that reached it and the place of its parent in the level above.
#[derive(Clone, Copy)]
struct LevelNode {
    flip: u16,
    twist: u16,
    slice_sorted: u16,
    corner_perm: u16,
    h: u8,
    last: u8,
    parent: u32,
}

impl LevelNode {
    /// Start loading this node's rows of the move tables.
    #[inline(always)]
    fn prefetch_rows(&self, mt: &MoveTables) {
        prefetch_row(&mt.flip, self.flip as usize);
        prefetch_row(&mt.slice_sorted, self.slice_sorted as usize);
        prefetch_row(&mt.twist, self.twist as usize);
        prefetch_row(&mt.corner_perm, self.corner_perm as usize);
    }
}

/// Start loading the move-table rows of chunk `c` of `level` (of [`LEVEL_CHUNK`]
/// nodes), so that they are in the cache by the time that chunk is searched.
#[inline(always)]
fn prefetch_chunk(level: &[LevelNode], c: usize, mt: &MoveTables) {
    for node in level.iter().skip(c * LEVEL_CHUNK).take(LEVEL_CHUNK) {
        node.prefetch_rows(mt);
    }
}

/// A move from a node of a level, weighed by [`Search::expand`]: its parent, the move,
/// the coordinates it leads to, and its places in the tables as they are found.
#[derive(Clone, Copy, Default)]
struct Child {
    parent: u32,
    m: u8,
    flip: u16,
    slice_sorted: u16,
    twist: u16,
    corner_perm: u16,
    index: usize,
    reach_index: usize,
}

impl Child {
    /// The UD slice coordinate (where the slice edges are, not their order).
    #[inline(always)]
    fn slice(&self) -> usize {
        self.slice_sorted as usize / N_SLICE_PERM
    }
}

/// A phase-1 solution found by [`Search::last_moves`]: the node of the last level it
/// comes from, its last move, the phase-2 coordinates it reaches, and its edge8
/// coordinate once its corners are found to allow a phase 2 short enough.
#[derive(Clone, Copy, Default)]
struct Leaf {
    node: u32,
    m: u8,
    corner_perm: u16,
    slice_perm: u8,
    edge8: Option<u16>,
}

/// Nodes of a level whose moves [`Search::expand`] weighs together, so that their
/// table look-ups overlap.
const LEVEL_CHUNK: usize = 8;

/// Most nodes a level of a phase-1 search holds before its nodes are searched one at a
/// time (about a megabyte).
const LEVEL_CAP: usize = 1 << 16;

/// Ask the processor to start loading `x` into the cache.
#[inline(always)]
pub(crate) fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint; it never faults, even on a bad address, and
    // this one is a valid reference.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            x as *const T as *const i8,
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

/// Ask the processor to start loading the 18 entries of coordinate `x` in the move
/// table `table` (`x * 18 + m`), which may straddle two cache lines.
#[inline(always)]
fn prefetch_row(table: &[u16], x: usize) {
    prefetch(&table[x * 18]);
    prefetch(&table[x * 18 + 17]);
}

/// Whether move `m` may follow move `last`: never the same face twice, and of two
/// opposite faces (which commute) only one order.
#[inline(always)]
fn may_follow(last: usize, m: usize) -> bool {
    let (lf, f) = (last / 3, m / 3);
    f != lf && f + 3 != lf
}

/// Longest path a search can hold; far above what any cube needs.
const MAX_PATH: usize = 30;

impl<'a> Search<'a> {
    /// A search for solutions of at most `limit` moves that stops at one of `target`
    /// or fewer, or when `cancel` stops.
    fn new(t: &'a Tables, limit: usize, target: usize, cancel: &'a Cancel) -> Self {
        Search {
            t,
            path: [0; 32],
            edges: [0; 12],
            limit,
            target,
            best: None,
            version: 0,
            first: None,
            work: Work::default(),
            cancel,
            stop: None,
            on_found: None,
            level_cap: LEVEL_CAP,
            timed_out: false,
        }
    }

    fn out_of_time(&mut self) -> bool {
        self.work.phase1_nodes += 1;
        if self.work.phase1_nodes & 1023 == 0 {
            if self.cancel.is_cancelled() {
                self.timed_out = true;
            }
            if self.stop.is_some_and(|stop| stop()) {
                self.timed_out = true;
            }
        }
        self.timed_out
    }

    /// Phase-1 search of exactly `togo` moves from `root`, a level at a time; true to
    /// stop. Each level is expanded in order, so its nodes, and at the end the phase-1
    /// solutions, come in the order a depth-first search meets them; but the table
    /// look-ups of many nodes' moves are in flight at once, instead of one node's.
    fn phase1(&mut self, root: Phase1Node, togo: usize) -> bool {
        if togo == 0 {
            return self.phase2_start(root.corner_perm, root.slice_sorted, 0);
        }
        let root = LevelNode {
            flip: root.flip as u16,
            twist: root.twist as u16,
            slice_sorted: root.slice_sorted as u16,
            corner_perm: root.corner_perm as u16,
            h: root.h as u8,
            last: 0,
            parent: 0,
        };
        self.phase1_from(root, 0, togo)
    }

    /// [`Search::phase1`] below `root`, a node at `base` moves (the path to it already
    /// set), with `togo` more moves to make. A level grown past [`LEVEL_CAP`] nodes
    /// is searched one node at a time, in order, so that memory stays bounded when the
    /// trees are large (a target far below what the cube needs).
    fn phase1_from(&mut self, root: LevelNode, base: usize, togo: usize) -> bool {
        let mut levels = vec![vec![root]];
        for d in 0..togo - 1 {
            let Some(next) = self.expand(&levels[d], base + d, togo - d) else {
                return true;
            };
            if next.is_empty() {
                return false;
            }
            levels.push(next);
            if levels[d + 1].len() > self.level_cap {
                let below = d + 1;
                for (i, &node) in levels[below].iter().enumerate() {
                    self.set_path_to(&levels, base, below, i);
                    if self.phase1_from(node, base + below, togo - below) {
                        return true;
                    }
                }
                return false;
            }
        }
        self.last_moves(&levels, base)
    }

    /// The nodes one move below `level` (at `depth`, `togo` moves from the end of
    /// phase 1) that can still end phase 1 in time, in order; None to stop.
    fn expand(&mut self, level: &[LevelNode], depth: usize, togo: usize) -> Option<Vec<LevelNode>> {
        let t = self.t;
        let mt = &t.moves;
        // The phase 2 after this path may have only so many moves: a child's corners
        // must be able to reach a permutation it can solve by the end of phase 1.
        let reach = t.reach_table(self.limit.saturating_sub(depth + togo));
        let check_reach = reach.is_some() && togo - 1 < REACH_MAX;
        let phase1 = &*t.phase1;
        let mut next = Vec::with_capacity(level.len() * 2);
        let mut kids = [Child::default(); LEVEL_CHUNK * 18];
        for (c, chunk) in level.chunks(LEVEL_CHUNK).enumerate() {
            prefetch_chunk(level, c + 1, mt);
            // Passes over the children so that their table look-ups, which mostly miss
            // the cache, overlap: coordinates first, then the slice bounds and the
            // class look-ups, then the tables' indices, then the distances.
            let mut n = 0;
            for (j, node) in chunk.iter().enumerate() {
                if self.out_of_time() {
                    return None;
                }
                let (flip, ss) = (node.flip as usize, node.slice_sorted as usize);
                let (twist, cp) = (node.twist as usize, node.corner_perm as usize);
                // Already in phase 2's group with few moves left: a phase-2 move now
                // would keep the rest inside the group, and those endings are phase 2's.
                let skip_phase2_moves = node.h == 0 && togo < 5;
                for m in 0..18 {
                    if depth > 0 && !may_follow(node.last as usize, m) {
                        continue;
                    }
                    if depth == 0 && self.first.is_some_and(|f| f as usize != m) {
                        continue;
                    }
                    if skip_phase2_moves && is_phase2_move(m) {
                        continue;
                    }
                    let kid = Child {
                        parent: (c * LEVEL_CHUNK + j) as u32,
                        m: m as u8,
                        flip: mt.flip[flip * 18 + m],
                        slice_sorted: mt.slice_sorted[ss * 18 + m],
                        twist: mt.twist[twist * 18 + m],
                        corner_perm: mt.corner_perm[cp * 18 + m],
                        ..Child::default()
                    };
                    t.prefetch_slice_bound(kid.slice(), kid.twist as usize, kid.flip as usize);
                    kids[n] = kid;
                    n += 1;
                }
            }
            // Most moves lead too far from phase 1's goal: the slice bounds, in cache,
            // rule out most of those before the large table is touched.
            let mut k = 0;
            for i in 0..n {
                let kid = kids[i];
                let slice = kid.slice();
                if t.slice_bound(slice, kid.twist as usize, kid.flip as usize) >= togo {
                    continue;
                }
                let fs = slice * N_FLIP + kid.flip as usize;
                prefetch(&t.flipslice.class_sym[fs]);
                if check_reach {
                    prefetch(&t.corners.class_sym[kid.corner_perm as usize]);
                }
                kids[k] = Child { index: fs, ..kid };
                k += 1;
            }
            for kid in &mut kids[..k] {
                let cs = t.flipslice.class_sym[kid.index] as usize;
                let tc = t.flipslice.twist_conj[kid.twist as usize * N_SYM_D4H + (cs & 15)];
                kid.index = phase1_index(cs >> 4, tc as usize);
                prefetch(&phase1[kid.index >> 1]);
                if let (true, Some(reach)) = (check_reach, reach) {
                    kid.reach_index = t.corner_index(kid.corner_perm as usize, kid.twist as usize);
                    prefetch(&reach[kid.reach_index >> 1]);
                }
            }
            for kid in &kids[..k] {
                let h2 = Nibbles(phase1).get(kid.index) as usize;
                // One move from the end, a child already in phase 2's group cannot end
                // phase 1 with a move out of it.
                if h2 >= togo || togo == 2 && h2 == 0 {
                    continue;
                }
                if let (true, Some(reach)) = (check_reach, reach) {
                    if Nibbles(reach).get(kid.reach_index) as usize > togo - 1 {
                        continue;
                    }
                }
                next.push(LevelNode {
                    flip: kid.flip,
                    twist: kid.twist,
                    slice_sorted: kid.slice_sorted,
                    corner_perm: kid.corner_perm,
                    h: h2 as u8,
                    last: kid.m,
                    parent: kid.parent,
                });
            }
        }
        Some(next)
    }

    /// The last phase-1 move from each node of the last level of `levels`: a child ends
    /// phase 1 exactly when its twist, flip and slice coordinates are those of phase
    /// 2's group, which the small move tables tell without a look-up in the distance
    /// table. True to stop.
    fn last_moves(&mut self, levels: &[Vec<LevelNode>], base: usize) -> bool {
        let t = self.t;
        let mt = &t.moves;
        let depth = base + levels.len() - 1;
        let level = &levels[levels.len() - 1];
        let mut leaves = [Leaf::default(); LEVEL_CHUNK * 18];
        for (c, chunk) in level.chunks(LEVEL_CHUNK).enumerate() {
            prefetch_chunk(level, c + 1, mt);
            let mut n = 0;
            for (j, node) in chunk.iter().enumerate() {
                if self.out_of_time() {
                    return true;
                }
                for m in 0..18 {
                    // A phase-2 move would have ended phase 1 one move sooner.
                    if is_phase2_move(m) || depth > 0 && !may_follow(node.last as usize, m) {
                        continue;
                    }
                    if depth == 0 && self.first.is_some_and(|f| f as usize != m) {
                        continue;
                    }
                    let ss2 = mt.slice_sorted[node.slice_sorted as usize * 18 + m] as usize;
                    if ss2 >= N_SLICE_PERM
                        || mt.flip[node.flip as usize * 18 + m] != 0
                        || mt.twist[node.twist as usize * 18 + m] != 0
                    {
                        continue;
                    }
                    let cp2 = mt.corner_perm[node.corner_perm as usize * 18 + m] as usize;
                    prefetch(&t.corner_slice[cp2 * N_SLICE_PERM + ss2]);
                    prefetch(&t.corners.class_sym[cp2]);
                    leaves[n] = Leaf {
                        node: (c * LEVEL_CHUNK + j) as u32,
                        m: m as u8,
                        corner_perm: cp2 as u16,
                        slice_perm: ss2 as u8,
                        edge8: None,
                    };
                    n += 1;
                }
            }
            // The edges of those whose corners allow a phase 2 short enough, and the
            // look-ups of their phase-2 bounds started.
            for leaf in &mut leaves[..n] {
                let (cp, sp) = (leaf.corner_perm as usize, leaf.slice_perm as usize);
                if self.corners_may_end(cp, sp, depth + 1) {
                    self.set_path(levels, base, leaf);
                    let e8 = self.path_edge8(depth + 1);
                    t.prefetch_phase2(cp, e8);
                    leaf.edge8 = Some(e8 as u16);
                }
            }
            for leaf in &leaves[..n] {
                self.work.phase1_solutions += 1;
                let Some(e8) = leaf.edge8 else {
                    continue;
                };
                self.set_path(levels, base, leaf);
                let (cp, sp) = (leaf.corner_perm as usize, leaf.slice_perm as usize);
                if self.phase2_from(cp, e8 as usize, sp, depth + 1) {
                    return true;
                }
            }
        }
        false
    }

    /// Set the path to `leaf` (a phase-1 solution one move below the last of
    /// `levels`, whose root is at `base` moves) from the levels' parent links.
    fn set_path(&mut self, levels: &[Vec<LevelNode>], base: usize, leaf: &Leaf) {
        let last = levels.len() - 1;
        self.set_path_to(levels, base, last, leaf.node as usize);
        self.path[base + last] = leaf.m;
    }

    /// Set the path from the root of `levels` (at `base` moves) to node `i` of level
    /// `d`, from the levels' parent links.
    fn set_path_to(&mut self, levels: &[Vec<LevelNode>], base: usize, d: usize, i: usize) {
        let mut at = i;
        for d in (1..=d).rev() {
            let up = levels[d][at];
            self.path[base + d - 1] = up.last;
            at = up.parent as usize;
        }
    }

    /// A phase-1 solution of `depth1` moves: look for the shortest phase 2 that keeps
    /// the total within the limit. True to stop the whole search.
    fn phase2_start(&mut self, cp: usize, slice_perm: usize, depth1: usize) -> bool {
        debug_assert!(slice_perm < N_SLICE_PERM);
        self.work.phase1_solutions += 1;
        if !self.corners_may_end(cp, slice_perm, depth1) {
            return false;
        }
        let e8 = self.path_edge8(depth1);
        self.phase2_from(cp, e8, slice_perm, depth1)
    }

    /// Whether the corners and slice edges of a phase-1 solution of `depth1` moves
    /// allow a phase 2 within the limit.
    #[inline(always)]
    fn corners_may_end(&self, cp: usize, slice_perm: usize, depth1: usize) -> bool {
        self.limit.checked_sub(depth1).is_some_and(|allowed| {
            self.t.corner_slice[cp * N_SLICE_PERM + slice_perm] as usize <= allowed
        })
    }

    /// The edge8 coordinate at the end of the first `depth1` moves of the path.
    fn path_edge8(&self, depth1: usize) -> usize {
        let mut ep = self.edges;
        for &m in &self.path[..depth1] {
            let turn = &self.t.edge_turns[m as usize];
            ep = std::array::from_fn(|i| ep[turn[i] as usize]);
        }
        crate::coord::perm_rank(&ep[..8])
    }

    /// The shortest phase 2 from (corner perm, edge8, slice perm) after a phase 1 of
    /// `depth1` moves (the path so far) that keeps the total within the limit. True to
    /// stop the whole search.
    fn phase2_from(&mut self, cp: usize, e8: usize, slice_perm: usize, depth1: usize) -> bool {
        let Some(allowed) = self.limit.checked_sub(depth1) else {
            return false;
        };
        let t = self.t;
        let dc = t.corner_slice[cp * N_SLICE_PERM + slice_perm] as usize;
        if dc > allowed {
            return false;
        }
        let de = t.phase2_distance(cp, e8);
        if dc.max(de) <= allowed {
            self.work.phase2_searches += 1;
        }
        for d2 in dc.max(de)..=allowed {
            if self.phase2(cp, e8, slice_perm, depth1, d2) {
                let len = depth1 + d2;
                self.best = Some((self.path[..len].to_vec(), self.version));
                if let Some(report) = self.on_found {
                    report(&self.path[..len], self.version);
                }
                self.limit = len.saturating_sub(1);
                return len <= self.target;
            }
        }
        false
    }

    /// Phase-2 search of exactly `togo` more moves; true when it solved the cube.
    fn phase2(&mut self, cp: usize, e8: usize, sp: usize, depth: usize, togo: usize) -> bool {
        self.work.phase2_nodes += 1;
        if togo == 0 {
            return cp == 0 && e8 == 0 && sp == 0;
        }
        let t = self.t;
        let mt = &t.moves;
        for (k, &m) in PHASE2_MOVES.iter().enumerate() {
            let m = m as usize;
            if depth > 0 && !may_follow(self.path[depth - 1] as usize, m) {
                continue;
            }
            let cp2 = mt.corner_perm[cp * 18 + m] as usize;
            let sp2 = mt.slice_sorted[sp * 18 + m] as usize;
            if t.corner_slice[cp2 * N_SLICE_PERM + sp2] as usize >= togo {
                continue;
            }
            let e82 = mt.edge8_perm[e8 * 10 + k] as usize;
            if t.phase2_distance(cp2, e82) >= togo {
                continue;
            }
            self.path[depth] = m as u8;
            if self.phase2(cp2, e82, sp2, depth + 1, togo - 1) {
                return true;
            }
        }
        false
    }
}

impl Search<'_> {
    /// Iterative deepening of phase 1 over all six versions together, in the order of
    /// [`SearchesAt`]; true when a solution within the target was found.
    fn run(&mut self, starts: &[Start]) -> bool {
        for depth in 0..=self.limit {
            let searches = SearchesAt::new(depth, starts);
            for (k, first) in (0..searches.len()).map(|i| searches.get(i)) {
                let start = &starts[k];
                if depth > self.limit {
                    return false;
                }
                self.edges = start.edges;
                self.version = k;
                self.first = first;
                let root = Phase1Node {
                    flip: start.flip,
                    twist: start.twist,
                    slice_sorted: start.slice_sorted,
                    corner_perm: start.corner_perm,
                    h: start.h1,
                };
                if !start.may_begin(self.t, first, depth - start.extra()) {
                    continue;
                }
                // The version's own moves: its solutions end with its pre-move.
                let (extra, target) = (start.extra(), self.target);
                self.limit -= extra;
                self.target = target.saturating_sub(extra);
                let stop = target >= extra && self.phase1(root, depth - extra);
                self.limit += extra;
                self.target = target;
                if stop {
                    return !self.timed_out;
                }
            }
        }
        false
    }
}

/// The phase-1 searches of one depth (counting pre-moves), in the order they are run:
/// each version's tree cut by its first move, the versions taken in turn for each
/// first move, so that a version with a solution early in its tree is not kept waiting
/// for the others' whole trees. Versions whose phase-1 distance is above the depth left
/// them have none; those with no move left have one, uncut.
struct SearchesAt {
    /// Versions searched whole (phase-1 depth 0).
    whole: Vec<usize>,
    /// Versions searched by first move.
    split: Vec<usize>,
}

impl SearchesAt {
    fn new(depth: usize, starts: &[Start]) -> SearchesAt {
        // The phase-1 depth of version k's search at this depth, if it has one.
        let at = |k: &usize| {
            let s = &starts[*k];
            depth.checked_sub(s.extra()).filter(|&d| s.h1 <= d)
        };
        SearchesAt {
            whole: (0..starts.len()).filter(|k| at(k) == Some(0)).collect(),
            split: (0..starts.len())
                .filter(|k| at(k).is_some_and(|d| d > 0))
                .collect(),
        }
    }

    fn len(&self) -> usize {
        self.whole.len() + 18 * self.split.len()
    }

    /// The `i`th search: its version and first move.
    fn get(&self, i: usize) -> (usize, Option<u8>) {
        match self.whole.get(i) {
            Some(&k) => (k, None),
            None => {
                let j = i - self.whole.len();
                let n = self.split.len();
                (self.split[j % n], Some((j / n) as u8))
            }
        }
    }
}

/// The first solution of at most `limit` moves, as [`Search::run`] finds it, found by
/// two threads: the searches of [`SearchesAt`], depth by depth, are taken in order by
/// whichever thread is free, and a solution found in one ends only the searches after
/// it, so the answer is the one a single thread would give. Returns the solution,
/// whether `cancel` stopped the search, and the work of both threads.
fn run_on_two_threads(
    t: &Tables,
    starts: &[Start],
    limit: usize,
    cancel: &Cancel,
) -> (Option<(Vec<u8>, usize)>, bool, Work) {
    // The searches of each depth in turn, numbered from the first of depth 0.
    let by_depth: Vec<SearchesAt> = (0..=limit).map(|d| SearchesAt::new(d, starts)).collect();
    let unit = |mut u: usize| {
        for (depth, searches) in by_depth.iter().enumerate() {
            if u < searches.len() {
                let (k, first) = searches.get(u);
                return (depth, k, first);
            }
            u -= searches.len();
        }
        unreachable!("a search past the last depth")
    };
    let n_units: usize = by_depth.iter().map(SearchesAt::len).sum();
    let next = AtomicUsize::new(0);
    // The earliest search that found a solution (n_units while none has).
    let first_found = AtomicUsize::new(n_units);
    let found: Mutex<Option<(usize, Vec<u8>)>> = Mutex::new(None);
    let worker = || {
        let mut work = Work::default();
        let mut timed_out = false;
        loop {
            let u = next.fetch_add(1, Ordering::Relaxed);
            if u >= first_found.load(Ordering::Acquire) {
                break;
            }
            let (depth, k, first) = unit(u);
            let start = &starts[k];
            if !start.may_begin(t, first, depth - start.extra()) {
                continue;
            }
            let later = || u > first_found.load(Ordering::Relaxed);
            let own = limit - start.extra();
            let mut search = Search {
                stop: Some(&later),
                edges: start.edges,
                version: k,
                first,
                ..Search::new(t, own, own, cancel)
            };
            let root = Phase1Node {
                flip: start.flip,
                twist: start.twist,
                slice_sorted: start.slice_sorted,
                corner_perm: start.corner_perm,
                h: start.h1,
            };
            search.phase1(root, depth - start.extra());
            work.add(&search.work);
            if let Some((moves, _)) = search.best {
                let mut found = found.lock().unwrap_or_else(|e| e.into_inner());
                if found.as_ref().is_none_or(|(v, _)| u < *v) {
                    *found = Some((u, moves));
                    first_found.fetch_min(u, Ordering::Release);
                }
                break;
            }
            if search.timed_out && cancel.is_cancelled() {
                timed_out = true;
                break;
            }
        }
        (work, timed_out)
    };
    let ((w1, t1), (w2, t2)) = rayon::join(worker, worker);
    let mut work = w1;
    work.add(&w2);
    let best = found
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .map(|(u, moves)| (moves, unit(u).1));
    let timed_out = best.is_none() && (t1 || t2);
    (best, timed_out, work)
}

/// [`solve`] with explicitly given tables.
pub fn solve_with(t: &Tables, cube: &CubieCube, opts: &Options) -> Result<Solution, SolveError> {
    solve_in(t, cube, opts, &Cancel::new())
}

/// [`solve_with`] that also stops when `cancel` does.
pub(crate) fn solve_in(
    t: &Tables,
    cube: &CubieCube,
    opts: &Options,
    cancel: &Cancel,
) -> Result<Solution, SolveError> {
    solve_counted_in(t, cube, opts, cancel).0
}

/// [`solve`] that also tells the work its search did.
pub fn solve_counted(cube: &CubieCube, opts: &Options) -> (Result<Solution, SolveError>, Work) {
    solve_counted_in(Tables::get(), cube, opts, &Cancel::new())
}

/// [`solve_in`] that also tells the work its search did.
fn solve_counted_in(
    t: &Tables,
    cube: &CubieCube,
    opts: &Options,
    cancel: &Cancel,
) -> (Result<Solution, SolveError>, Work) {
    if !cube.is_reachable() {
        return (Err(SolveError::Unreachable), Work::default());
    }
    if cube.is_solved() {
        let solved = Solution {
            moves: Alg::default(),
            complete: true,
        };
        return (Ok(solved), Work::default());
    }
    let starts = starts(t, cube);
    // With a time budget, accept longer solutions at first so that there is something
    // to return; each one found tightens the bound.
    let limit = match opts.timeout {
        Some(_) => opts.max_length.max(24),
        None => opts.max_length,
    }
    .min(MAX_PATH);
    let cancel = cancel.child(opts.timeout);
    let (best, timed_out, work) = if opts.timeout.is_none() {
        run_on_two_threads(t, &starts, limit, &cancel)
    } else {
        let mut search = Search::new(t, limit, opts.max_length, &cancel);
        search.run(&starts);
        (search.best, search.timed_out, search.work)
    };
    let answer = match best {
        Some((moves, k)) => {
            let alg = starts[k].translate(&moves);
            debug_assert!(cube.apply_alg(&alg).is_solved());
            Ok(Solution {
                complete: alg.len() <= opts.max_length,
                moves: alg,
            })
        }
        None if timed_out => Err(SolveError::TimedOut),
        None => Err(SolveError::NoSolution(opts.max_length)),
    };
    (answer, work)
}

/// Search for ever shorter solutions of `cube`, shorter than `shorter_than` moves,
/// telling `found` each one as it is found (shortest last), until `stop` says so,
/// `cancel` stops, or a solution of `enough` moves or fewer is found. Run beside the
/// optimal solver, it often finds a solution of the optimal length long before the
/// optimal search would, which then only has to prove that none is shorter.
pub(crate) fn tighten(
    t: &Tables,
    cube: &CubieCube,
    shorter_than: usize,
    enough: usize,
    cancel: &Cancel,
    stop: &dyn Fn() -> bool,
    found: &dyn Fn(Alg),
) {
    let Some(limit) = shorter_than.checked_sub(1) else {
        return;
    };
    let starts = starts(t, cube);
    let report = |moves: &[u8], version: usize| found(starts[version].translate(moves));
    let mut search = Search {
        stop: Some(stop),
        on_found: Some(&report),
        ..Search::new(t, limit.min(MAX_PATH), enough, cancel)
    };
    search.run(&starts);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scramble::random_state;
    use rand::SeedableRng;

    #[test]
    fn solves_random_cubes_within_twenty() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for _ in 0..50 {
            let cube = random_state(&mut rng);
            let sol = solve(&cube, &Options::default()).unwrap();
            assert!(sol.complete);
            assert!(sol.moves.len() <= 20, "{} moves", sol.moves.len());
            assert!(cube.apply_alg(&sol.moves).is_solved());
        }
    }

    #[test]
    fn short_scrambles_get_short_solutions() {
        let solved = solve(&CubieCube::SOLVED, &Options::default()).unwrap();
        assert!(solved.moves.is_empty());
        for text in ["R", "U2", "F' B", "R U R' U'", "D L2 B' U F2 R'"] {
            let alg = Alg::parse(text).unwrap();
            let cube = CubieCube::from_alg(&alg);
            let opts = Options {
                max_length: alg.len(),
                timeout: None,
            };
            let sol = solve(&cube, &opts).unwrap();
            assert!(sol.moves.len() <= alg.len(), "{text}: {}", sol.moves);
            assert!(
                cube.apply_alg(&sol.moves).is_solved(),
                "{text}: {}",
                sol.moves
            );
        }
    }

    #[test]
    fn tighten_reports_ever_shorter_solutions_until_stopped() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
        for _ in 0..5 {
            let cube = random_state(&mut rng);
            let found = std::sync::Mutex::new(Vec::<Alg>::new());
            // Stop once a solution of 19 moves or fewer is known.
            let stop = || found.lock().unwrap().last().is_some_and(|a| a.len() <= 19);
            tighten(Tables::get(), &cube, 21, 0, &Cancel::new(), &stop, &|alg| {
                found.lock().unwrap().push(alg)
            });
            let found = found.into_inner().unwrap();
            assert!(found.last().is_some_and(|a| a.len() <= 19));
            assert!(found[0].len() < 21);
            assert!(found.windows(2).all(|w| w[1].len() < w[0].len()));
            assert!(found.iter().all(|a| cube.apply_alg(a).is_solved()));
        }
    }

    #[test]
    fn tighten_ends_by_itself_at_a_solution_short_enough() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(13);
        let cube = random_state(&mut rng);
        let found = std::sync::Mutex::new(Vec::<Alg>::new());
        // Never told to stop: without the end at 19 moves it would go on for hours
        // looking for shorter solutions.
        tighten(
            Tables::get(),
            &cube,
            21,
            19,
            &Cancel::new(),
            &|| false,
            &|alg| found.lock().unwrap().push(alg),
        );
        let found = found.into_inner().unwrap();
        assert!(found.last().is_some_and(|a| a.len() <= 19));
        assert!(cube.apply_alg(found.last().unwrap()).is_solved());
    }

    /// Asked for 14 moves, which a random cube almost never allows, the search would
    /// run for hours; cancelled from another thread it ends with nothing found.
    #[test]
    fn a_cancelled_search_ends_without_a_solution() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(14);
        let cube = random_state(&mut rng);
        let opts = Options {
            max_length: 14,
            timeout: None,
        };
        let cancel = Cancel::new();
        let stopper = cancel.clone();
        let answer = std::thread::scope(|s| {
            s.spawn(move || {
                std::thread::sleep(std::time::Duration::from_millis(50));
                stopper.cancel();
            });
            solve_with_cancel(&cube, &opts, &cancel)
        });
        assert_eq!(answer, Err(SolveError::TimedOut));
        // The same token's budget: a solution within 20 moves needs no more than
        // an uncancelled token gives.
        let opts = Options::default();
        assert_eq!(
            solve_with_cancel(&cube, &opts, &Cancel::new()),
            solve(&cube, &opts)
        );
    }

    /// The slice bounds never exceed the phase-1 distance, and are often below it.
    #[test]
    fn slice_bounds_are_lower_bounds() {
        let t = Tables::get();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
        let mut below = 0;
        for _ in 0..2000 {
            let c = random_state(&mut rng);
            let (f, tw, sl) = (flip(&c), twist(&c), slice(&c));
            let exact = t.phase1_distance(f, sl, tw);
            let bound = t.slice_bound(sl, tw, f);
            assert!(bound <= exact, "{bound} > {exact}");
            below += usize::from(bound < exact);
        }
        assert!(below > 100, "{below}");
        assert_eq!(t.slice_bound(0, 0, 0), 0);
    }

    /// Every corner reach entry is a true lower bound: corners that a phase 2 of
    /// `ending` moves solves, then turned `k` times, are at most `k` turns from such
    /// corners; and every entry is below [`REACH_MAX`].
    #[test]
    fn corner_reach_tables_are_lower_bounds() {
        use rand::Rng;
        let t = Tables::get();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(15);
        let mut ruled_out = 0;
        for ending in 0..=*REACH_ENDINGS.end() {
            let reach = t
                .reach_table(ending)
                .expect("a table up to the longest ending");
            assert!((0..N_CORNERS).all(|i| (Nibbles(reach).get(i) as usize) < REACH_MAX));
            for _ in 0..300 {
                let mut c = CubieCube::SOLVED;
                for _ in 0..rng.gen_range(0..=ending) {
                    let m = PHASE2_MOVES[rng.gen_range(0..10)] as usize;
                    c = c.apply_move(Move::from_index(m));
                }
                let k = rng.gen_range(0..=8);
                for _ in 0..k {
                    c = c.apply_move(Move::from_index(rng.gen_range(0..18)));
                }
                let bound = Nibbles(reach).get(t.corner_index(corner_perm(&c), twist(&c)));
                assert!(bound as usize <= k, "ending {ending}: {bound} > {k}");
                ruled_out += usize::from(k > 0 && bound as usize == k);
            }
        }
        // The bounds are not all zero: many of the turned corners are as far as turned.
        assert!(ruled_out > 100, "{ruled_out}");
        assert!(t.reach_table(*REACH_ENDINGS.end() + 1).is_none());
    }

    /// Levels searched a node at a time once they grow past the cap give the answer
    /// of whole levels: the phase-1 solutions come in the same order.
    #[test]
    fn levels_split_at_the_cap_give_the_same_answer() {
        let t = Tables::get();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(18);
        let cancel = Cancel::new();
        for _ in 0..20 {
            let cube = random_state(&mut rng);
            let starts = starts(t, &cube);
            let mut whole = Search::new(t, 20, 20, &cancel);
            whole.run(&starts);
            let mut split = Search {
                level_cap: 3,
                ..Search::new(t, 20, 20, &cancel)
            };
            split.run(&starts);
            assert!(whole.best.is_some());
            assert_eq!(split.best, whole.best);
        }
    }

    /// The two threads' answer is the one a single thread finds: same moves, same
    /// version of the cube.
    #[test]
    fn two_threads_give_the_single_thread_answer() {
        let t = Tables::get();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(16);
        let cancel = Cancel::new();
        for _ in 0..40 {
            let cube = random_state(&mut rng);
            let starts = starts(t, &cube);
            let mut single = Search::new(t, 20, 20, &cancel);
            single.run(&starts);
            let (best, timed_out, work) = run_on_two_threads(t, &starts, 20, &cancel);
            assert!(!timed_out);
            assert!(best.is_some());
            assert_eq!(best, single.best);
            assert!(work.phase1_nodes >= single.work.phase1_nodes);
        }
    }

    /// Every version, pre-moved ones included, turns its own solutions into solutions
    /// of the cube, within the limit counting the pre-move.
    #[test]
    fn every_version_solves_the_cube() {
        let t = Tables::get();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(19);
        let cancel = Cancel::new();
        for _ in 0..3 {
            let cube = random_state(&mut rng);
            let starts = starts(t, &cube);
            assert_eq!(starts.len(), 54);
            for k in 0..starts.len() {
                let mut search = Search::new(t, 21, 21, &cancel);
                assert!(search.run(&starts[k..=k]));
                let (moves, version) = search.best.expect("a solution");
                assert_eq!(version, 0);
                let alg = starts[k].translate(&moves);
                assert!(alg.len() <= 21, "version {k}: {} moves", alg.len());
                assert!(cube.apply_alg(&alg).is_solved(), "version {k}: {alg}");
            }
        }
    }

    #[test]
    fn unreachable_cube_is_refused() {
        let mut c = CubieCube::SOLVED;
        c.co[0] = 1;
        assert_eq!(solve(&c, &Options::default()), Err(SolveError::Unreachable));
    }
}
