//! Optimal solutions in the face-turn metric: iterative-deepening A* (IDA*).
//!
//! The search tracks the cube in three frames — as it is, and turned by 120° and 240°
//! about the URF–DBL diagonal — so an edge table gives three lower bounds, one per
//! axis, and three more for the inverse cube (a cube and its inverse are equally far
//! from solved); a corner table (corner-perm class × twist) gives one more. The
//! largest of them prunes. The edge table is, by [`TableSize`], either the phase-1
//! table (flip-slice class × twist, 70 MB) or the large flip-slice-sorted class ×
//! twist table (1.55 GiB), which also knows the order of the UD-slice edges. The edges
//! are solved exactly when the UD-slice edges are home and in order in all three
//! frames.
//!
//! A two-phase solution found first bounds the search; each deeper iteration that
//! fails proves more, and the first solution found by deepening is optimal. The
//! subtrees below the first two moves are searched in parallel on all cores, and the
//! answer does not depend on their timing. With a time budget, the shortest solution
//! known when it runs out is returned, marked incomplete.

use super::two_phase::{self, prefetch, Tables as TwoPhaseTables};
use super::{Options, Solution, SolveError};
use crate::coord::flipslicesorted::{FlipSliceSortedSym, N_FLIPSLICESORTED};
use crate::coord::pruning::{self, FLIPSLICESORTED_TWIST_BYTES, N_CORNERS};
use crate::coord::symmetry::{self, N_SYM_D4H, SYM_URF3};
use crate::coord::*;
use crate::cubie::CubieCube;
use crate::moves::{Alg, Move};
use cubist_search::{Nibbles, Table, TableSpec};
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
        }
    }

    /// The edge table's bytes.
    #[inline(always)]
    fn edge_table(&self) -> &[u8] {
        match &self.edges {
            EdgeTable::Phase1 => &self.two_phase.phase1,
            EdgeTable::Sorted { table, .. } => table,
        }
    }

    /// Where the class of a frame's (flip, twist, slice sorted) is stored (to prefetch).
    #[inline(always)]
    fn class_entry(&self, f: &[u16; 3]) -> &u8 {
        match &self.edges {
            EdgeTable::Phase1 => {
                let x = &self.two_phase.flipslice.class_sym
                    [(f[2] as usize / 24) * N_FLIP + f[0] as usize];
                // SAFETY: a reference to the first byte of a live u32.
                unsafe { &*(x as *const u32 as *const u8) }
            }
            EdgeTable::Sorted { classes, .. } => {
                &classes[(f[2] as usize * N_FLIP + f[0] as usize) * 4]
            }
        }
    }

    /// The edge-table index of a frame's (flip, twist, slice sorted).
    #[inline(always)]
    fn edge_index(&self, f: &[u16; 3]) -> usize {
        let fs = &self.two_phase.flipslice;
        let cs = match &self.edges {
            EdgeTable::Phase1 => {
                fs.class_sym[(f[2] as usize / 24) * N_FLIP + f[0] as usize] as usize
            }
            EdgeTable::Sorted { classes, .. } => {
                let i = (f[2] as usize * N_FLIP + f[0] as usize) * 4;
                u32::from_le_bytes(classes[i..i + 4].try_into().unwrap()) as usize
            }
        };
        let tw = fs.twist_conj[f[1] as usize * N_SYM_D4H + (cs & 15)] as usize;
        (cs >> 4) * N_TWIST + tw
    }

    /// The corner-table index of (corner perm, twist).
    #[inline(always)]
    fn corner_index(&self, cp: usize, twist: usize) -> usize {
        let x = self.two_phase.corners.class_sym[cp] as usize;
        let tw = self.two_phase.flipslice.twist_conj[twist * N_SYM_D4H + (x & 15)] as usize;
        (x >> 4) * N_TWIST + tw
    }
}

/// A search node: flip, twist and slice-sorted coordinates in each of the three
/// frames, the corner permutation, and the inverse cube in each frame (whose
/// coordinates cannot follow moves through move tables: a move on the cube is a move
/// made *before* the inverse).
#[derive(Clone, Copy, Debug)]
struct Node {
    frames: [[u16; 3]; 3],
    corner_perm: u16,
    inverse: [CubieCube; 3],
}

/// The coordinates the edge table is indexed by: flip, twist, slice sorted.
fn frame_coords(c: &CubieCube) -> [u16; 3] {
    [flip(c) as u16, twist(c) as u16, slice_sorted(c) as u16]
}

impl Node {
    fn new(cube: &CubieCube) -> Node {
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
        }
    }

    /// The inverse cube in each frame after move `m`: the move's inverse comes first.
    #[inline(always)]
    fn inverse_after(&self, t: &Tables, m: usize) -> [CubieCube; 3] {
        let undo = m - m % 3 + 2 - m % 3;
        std::array::from_fn(|k| {
            t.move_cubes[t.frame_moves[k][undo] as usize].then(&self.inverse[k])
        })
    }

    /// The whole node after move `m`, inverse cubes included (the search proper
    /// updates those only for children the other bounds keep).
    fn after(&self, t: &Tables, m: usize) -> Node {
        let mut next = self.turn(t, m);
        next.inverse = self.inverse_after(t, m);
        next
    }

    /// Edge-table indices of the inverse cube in each frame.
    #[inline(always)]
    fn inverse_indices(&self, t: &Tables) -> [usize; 3] {
        std::array::from_fn(|k| t.edge_index(&frame_coords(&self.inverse[k])))
    }

    fn is_solved(&self) -> bool {
        self.corner_perm == 0
            && self.frames[0][0] == 0
            && self.frames[0][1] == 0
            && self.frames.iter().all(|f| f[2] == 0)
    }

    /// The node after move `m` (in the cube's own frame), except that the inverse
    /// cubes are left as they were (see [`Node::inverse_after`]).
    #[inline(always)]
    fn turn(&self, t: &Tables, m: usize) -> Node {
        let mt = &t.two_phase.moves;
        let mut frames = self.frames;
        for (k, f) in frames.iter_mut().enumerate() {
            let mk = t.frame_moves[k][m] as usize;
            *f = [
                mt.flip[f[0] as usize * 18 + mk],
                mt.twist[f[1] as usize * 18 + mk],
                mt.slice_sorted[f[2] as usize * 18 + mk],
            ];
        }
        Node {
            frames,
            corner_perm: mt.corner_perm[self.corner_perm as usize * 18 + m],
            inverse: self.inverse,
        }
    }

    /// Edge-table indices of the cube in each frame.
    #[inline(always)]
    fn edge_indices(&self, t: &Tables) -> [usize; 3] {
        std::array::from_fn(|k| t.edge_index(&self.frames[k]))
    }

    /// Lower bound on the distance to solved.
    fn bound(&self, t: &Tables) -> usize {
        let edges = t.edge_table();
        let corners = t.corner_index(self.corner_perm as usize, self.frames[0][1] as usize);
        edge_bound(edges, &self.edge_indices(t))
            .max(edge_bound(edges, &self.inverse_indices(t)))
            .max(Nibbles(&t.corner_table).get(corners) as usize)
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
fn edge_bound(edges: &[u8], index: &[usize; 3]) -> usize {
    let e = Nibbles(edges);
    let (a, b, c) = (e.get(index[0]), e.get(index[1]), e.get(index[2]));
    let top = a.max(b).max(c) as usize;
    top + (a == b && b == c && a > 0) as usize
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
    t: &'a Tables,
    deadline: Option<Instant>,
    timed_out: AtomicBool,
    /// Index of the first subtree that found a solution (subtrees after it stop).
    found: AtomicUsize,
}

/// Depth-first search of exactly `togo` more moves below `path`; true when solved.
fn dfs(
    sh: &Shared,
    task: usize,
    node: Node,
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
        if let Some(d) = sh.deadline {
            if Instant::now() >= d {
                sh.timed_out.store(true, Ordering::Relaxed);
            }
        }
    }
    if sh.timed_out.load(Ordering::Relaxed) {
        return false;
    }
    // Children first, then their table look-ups in passes so that the cache misses
    // overlap (class look-ups, then distances), then the search below them.
    let t = sh.t;
    let mut kids = [(0u8, node); 18];
    let mut n = 0;
    for m in 0..18 {
        if let Some(&last) = path.last() {
            if !may_follow(last as usize, m) {
                continue;
            }
        }
        let next = node.turn(t, m);
        for f in &next.frames {
            prefetch(t.class_entry(f));
        }
        kids[n] = (m as u8, next);
        n += 1;
    }
    let mut index = [[0usize; 3]; 18];
    let edges = t.edge_table();
    for i in 0..n {
        index[i] = kids[i].1.edge_indices(t);
        for &x in &index[i] {
            prefetch(&edges[x >> 1]);
        }
    }
    // The children the forward bounds keep, with their inverse cubes and those
    // cubes' edge-table entries (fetched together, as above).
    let mut keep = [0usize; 18];
    let mut inverse_coords = [[[0u16; 3]; 3]; 18];
    let mut kept = 0;
    for i in 0..n {
        if edge_bound(edges, &index[i]) >= togo {
            continue;
        }
        let (m, ref mut next) = kids[i];
        next.inverse = node.inverse_after(t, m as usize);
        for (k, c) in next.inverse.iter().enumerate() {
            inverse_coords[kept][k] = frame_coords(c);
            prefetch(t.class_entry(&inverse_coords[kept][k]));
        }
        keep[kept] = i;
        kept += 1;
    }
    let mut inverse_index = [[0usize; 3]; 18];
    let mut corner_index = [0usize; 18];
    for j in 0..kept {
        for k in 0..3 {
            let x = t.edge_index(&inverse_coords[j][k]);
            prefetch(&edges[x >> 1]);
            inverse_index[j][k] = x;
        }
        // The corner bound rarely prunes what the edge bounds keep: it is looked up
        // last, for the few children left.
        let next = &kids[keep[j]].1;
        corner_index[j] = t.corner_index(next.corner_perm as usize, next.frames[0][1] as usize);
        prefetch(&t.corner_table[corner_index[j] >> 1]);
    }
    for j in 0..kept {
        let bound = edge_bound(edges, &inverse_index[j])
            .max(Nibbles(&t.corner_table).get(corner_index[j]) as usize);
        if bound >= togo {
            continue;
        }
        let (m, next) = kids[keep[j]];
        path.push(m);
        if dfs(sh, task, next, path, togo - 1, nodes) {
            return true;
        }
        path.pop();
    }
    false
}

/// Every allowed pair of first moves: the roots of the subtrees searched in parallel.
fn first_moves() -> Vec<Vec<u8>> {
    let mut prefixes: Vec<Vec<u8>> = vec![vec![]];
    for _ in 0..2 {
        prefixes = prefixes
            .iter()
            .flat_map(|p| {
                (0..18u8)
                    .filter(|&m| p.last().is_none_or(|&l| may_follow(l as usize, m as usize)))
                    .map(|m| {
                        let mut q = p.clone();
                        q.push(m);
                        q
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    prefixes
}

/// One iteration of deepening: all paths of exactly `depth` moves from `root`, the
/// subtrees below `prefixes` in parallel. Returns the first solution in prefix order,
/// whether the time ran out, and the number of nodes expanded.
fn iterate(
    t: &Tables,
    root: &Node,
    prefixes: &[Vec<u8>],
    depth: usize,
    deadline: Option<Instant>,
) -> (Option<Vec<u8>>, bool, u64) {
    let sh = Shared {
        t,
        deadline,
        timed_out: AtomicBool::new(false),
        found: AtomicUsize::new(usize::MAX),
    };
    let total = AtomicU64::new(0);
    let found = if depth < 2 {
        let mut path = Vec::new();
        let mut nodes = 0;
        let found = dfs(&sh, 0, *root, &mut path, depth, &mut nodes).then_some(path);
        total.fetch_add(nodes, Ordering::Relaxed);
        found
    } else {
        let solutions: Mutex<Vec<(usize, Vec<u8>)>> = Mutex::new(Vec::new());
        prefixes.par_iter().enumerate().for_each(|(task, prefix)| {
            if sh.found.load(Ordering::Relaxed) < task {
                return;
            }
            let mut node = *root;
            for &m in prefix {
                node = node.after(t, m as usize);
            }
            if node.bound(t) > depth - prefix.len() {
                return;
            }
            let mut path = prefix.clone();
            let mut nodes = 0;
            if dfs(&sh, task, node, &mut path, depth - prefix.len(), &mut nodes) {
                sh.found.fetch_min(task, Ordering::Relaxed);
                solutions.lock().unwrap().push((task, path));
            }
            total.fetch_add(nodes, Ordering::Relaxed);
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
    let root = Node::new(cube);
    let (found, _, nodes) = iterate(t, &root, &first_moves(), depth, None);
    DepthSearch {
        solution: found.map(|p| Alg(p.iter().map(|&m| Move::from_index(m as usize)).collect())),
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

/// [`solve`] with explicitly given tables.
pub fn solve_with(t: &Tables, cube: &CubieCube, opts: &Options) -> Result<Solution, SolveError> {
    if !cube.is_reachable() {
        return Err(SolveError::Unreachable);
    }
    let started = Instant::now();
    let deadline = opts.timeout.map(|d| started + d);
    // An upper bound to return if time runs out, and to stop deepening at.
    let mut best = two_phase::solve_with(t.two_phase, cube, &Options::default())?.moves;
    let root = Node::new(cube);
    let prefixes = first_moves();
    let mut depth = root.bound(t);
    while depth < best.len() {
        let (found, timed_out, _) = iterate(t, &root, &prefixes, depth, deadline);
        if let Some(path) = found {
            best = Alg(path.iter().map(|&m| Move::from_index(m as usize)).collect());
            break;
        }
        if timed_out {
            debug_assert!(cube.apply_alg(&best).is_solved());
            return Ok(Solution {
                moves: best,
                complete: false,
            });
        }
        depth += 1;
    }
    debug_assert!(cube.apply_alg(&best).is_solved());
    Ok(Solution {
        moves: best,
        complete: true,
    })
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
        let t = Tables::get(TableSize::Small);
        let mut raised = 0;
        for (cube, d) in ball(CubieCube::SOLVED, 5) {
            let node = Node::new(&cube);
            let bound = node.bound(t);
            assert!(bound <= d, "bound {bound} > distance {d}");
            assert_eq!(bound == 0, d == 0);
            let edges = t.edge_table();
            let plain = [node.edge_indices(t), node.inverse_indices(t)]
                .iter()
                .flatten()
                .map(|&i| Nibbles(edges).get(i) as usize)
                .max()
                .unwrap();
            raised += (edge_bound(edges, &node.edge_indices(t)) > plain) as usize;
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
