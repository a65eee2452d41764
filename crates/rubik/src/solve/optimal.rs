//! Optimal solutions in the face-turn metric: iterative-deepening A* (IDA*).
//!
//! The search tracks the cube in three frames — as it is, and turned by 120° and 240°
//! about the URF–DBL diagonal — so the phase-1 table (flip-slice class × twist) gives
//! three lower bounds, one per axis; a corner table (corner-perm class × twist) gives
//! a fourth. The largest of them prunes. The edges are solved exactly when the
//! UD-slice edges are home and in order in all three frames.
//!
//! A two-phase solution found first bounds the search; each deeper iteration that
//! fails proves more, and the first solution found by deepening is optimal. The
//! subtrees below the first two moves are searched in parallel on all cores, and the
//! answer does not depend on their timing. With a time budget, the shortest solution
//! known when it runs out is returned, marked incomplete.

use super::two_phase::{self, prefetch, Tables as TwoPhaseTables};
use super::{Options, Solution, SolveError};
use crate::coord::cornersym::CornerSym;
use crate::coord::pruning::{self, N_CORNERS};
use crate::coord::symmetry::{self, N_SYM_D4H, SYM_URF3};
use crate::coord::*;
use crate::cubie::CubieCube;
use crate::moves::{Alg, Move};
use cubist_search::Nibbles;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

/// The optimal solver's tables: the two-phase tables plus the corner table.
pub struct Tables {
    /// Move tables, phase-1 table and symmetry classes.
    pub two_phase: &'static TwoPhaseTables,
    /// Corner-perm classes (for the corner table's index).
    pub corners: CornerSym,
    /// Corner distances: corner-perm class × twist, 4 bits each.
    pub corner_table: Vec<u8>,
    /// Each move as seen in each frame.
    frame_moves: [[u8; 18]; 3],
}

impl Tables {
    /// The tables, built or loaded on first use and shared by every thread.
    pub fn get() -> &'static Tables {
        static TABLES: OnceLock<Tables> = OnceLock::new();
        TABLES.get_or_init(|| {
            let tp = TwoPhaseTables::get();
            let corners = CornerSym::build();
            let corner_table = pruning::build_corners(&tp.moves, &corners, &tp.flipslice);
            debug_assert_eq!(corner_table.len(), N_CORNERS.div_ceil(2));
            let sym = symmetry::tables();
            Tables {
                two_phase: tp,
                corners,
                corner_table,
                frame_moves: std::array::from_fn(|k| sym.conj_move[FRAME_SYM[k]]),
            }
        })
    }

    /// Lower bound on the moves needed to solve the corners.
    #[inline(always)]
    fn corner_distance(&self, cp: usize, twist: usize) -> usize {
        let x = self.corners.class_sym[cp] as usize;
        let tw = self.two_phase.flipslice.twist_conj[twist * N_SYM_D4H + (x & 15)] as usize;
        Nibbles(&self.corner_table).get((x >> 4) * N_TWIST + tw) as usize
    }
}

/// A search node: flip, twist and slice-sorted coordinates in each of the three
/// frames, and the corner permutation.
#[derive(Clone, Copy, Debug)]
struct Node {
    frames: [[u16; 3]; 3],
    corner_perm: u16,
}

impl Node {
    fn new(cube: &CubieCube) -> Node {
        let mut frames = [[0u16; 3]; 3];
        let mut c = *cube;
        for f in &mut frames {
            *f = [flip(&c) as u16, twist(&c) as u16, slice_sorted(&c) as u16];
            c = symmetry::conjugate(&c, SYM_URF3);
        }
        Node {
            frames,
            corner_perm: corner_perm(cube) as u16,
        }
    }

    fn is_solved(&self) -> bool {
        self.corner_perm == 0
            && self.frames[0][0] == 0
            && self.frames[0][1] == 0
            && self.frames.iter().all(|f| f[2] == 0)
    }

    /// The node after move `m` (in the cube's own frame).
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
        }
    }

    /// Where the bounds of [`Node::bound`] are stored: the phase-1 table index in each
    /// frame and the corner table index.
    #[inline(always)]
    fn bound_indices(&self, t: &Tables) -> [usize; 4] {
        let fs = &t.two_phase.flipslice;
        let mut out = [0usize; 4];
        for (k, f) in self.frames.iter().enumerate() {
            let cs = fs.class_sym[(f[2] as usize / 24) * N_FLIP + f[0] as usize] as usize;
            let tw = fs.twist_conj[f[1] as usize * N_SYM_D4H + (cs & 15)] as usize;
            out[k] = (cs >> 4) * N_TWIST + tw;
        }
        let x = t.corners.class_sym[self.corner_perm as usize] as usize;
        let tw = fs.twist_conj[self.frames[0][1] as usize * N_SYM_D4H + (x & 15)] as usize;
        out[3] = (x >> 4) * N_TWIST + tw;
        out
    }

    /// Lower bound on the distance to solved.
    #[inline(always)]
    fn bound(&self, t: &Tables) -> usize {
        let mut h = t.corner_distance(self.corner_perm as usize, self.frames[0][1] as usize);
        for f in &self.frames {
            let d = t
                .two_phase
                .phase1_distance(f[0] as usize, f[2] as usize / 24, f[1] as usize);
            h = h.max(d);
        }
        h
    }
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
    let fs = &t.two_phase.flipslice;
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
            prefetch(&fs.class_sym[(f[2] as usize / 24) * N_FLIP + f[0] as usize]);
        }
        prefetch(&t.corners.class_sym[next.corner_perm as usize]);
        kids[n] = (m as u8, next);
        n += 1;
    }
    let mut index = [[0usize; 4]; 18];
    for i in 0..n {
        index[i] = kids[i].1.bound_indices(t);
        for &x in &index[i][..3] {
            prefetch(&t.two_phase.phase1[x >> 1]);
        }
        prefetch(&t.corner_table[index[i][3] >> 1]);
    }
    for i in 0..n {
        let p1 = Nibbles(&t.two_phase.phase1);
        let bound = index[i][..3]
            .iter()
            .map(|&x| p1.get(x))
            .chain([Nibbles(&t.corner_table).get(index[i][3])])
            .max()
            .unwrap_or(0) as usize;
        if bound >= togo {
            continue;
        }
        let (m, next) = kids[i];
        path.push(m);
        if dfs(sh, task, next, path, togo - 1, nodes) {
            return true;
        }
        path.pop();
    }
    false
}

/// The shortest solution of `cube`, proven optimal unless the time budget runs out
/// (then the shortest known, marked incomplete). `opts.max_length` is not used.
pub fn solve(cube: &CubieCube, opts: &Options) -> Result<Solution, SolveError> {
    solve_with(Tables::get(), cube, opts)
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
    // Subtrees below every allowed pair of first moves (or single moves, or none).
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
    let mut depth = root.bound(t);
    while depth < best.len() {
        let sh = Shared {
            t,
            deadline,
            timed_out: AtomicBool::new(false),
            found: AtomicUsize::new(usize::MAX),
        };
        let found = if depth < 2 {
            let mut path = Vec::new();
            let mut nodes = 0;
            dfs(&sh, 0, root, &mut path, depth, &mut nodes).then_some(path)
        } else {
            let solutions: Mutex<Vec<(usize, Vec<u8>)>> = Mutex::new(Vec::new());
            prefixes.par_iter().enumerate().for_each(|(task, prefix)| {
                if sh.found.load(Ordering::Relaxed) < task {
                    return;
                }
                let mut node = root;
                for &m in prefix {
                    node = node.turn(t, m as usize);
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
            });
            let mut solutions = solutions.into_inner().unwrap();
            solutions.sort();
            solutions.into_iter().next().map(|(_, p)| p)
        };
        if let Some(path) = found {
            best = Alg(path.iter().map(|&m| Move::from_index(m as usize)).collect());
            break;
        }
        if sh.timed_out.load(Ordering::Relaxed) {
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

    #[test]
    fn agrees_with_breadth_first_distances() {
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
            let sol = solve(&cube, &Options::default()).unwrap();
            assert!(sol.complete);
            assert!(cube.apply_alg(&sol.moves).is_solved());
            assert_eq!(sol.moves.len(), distance, "scramble of {n}: {}", sol.moves);
        }
        assert!(seen_depths[7], "some cube at distance 7");
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
