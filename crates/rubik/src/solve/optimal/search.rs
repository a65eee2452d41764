//! One iteration of deepening: a depth-first search of exactly one length, the top of
//! the tree cut into subtrees that the cores share in a fixed order: move order, or
//! densest first by the iteration before.

use super::bounds::{edge_bound, frame_coords, frames_bound, may_follow, Node};
use super::tables::{Lookup, Tables};
use crate::cubie::CubieCube;
use crate::moves::{Alg, Move};
use crate::solve::two_phase::prefetch;
use cubist_tables::{Cancel, Nibbles};
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

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
    let mut frames = [[[0u16; 4]; 3]; 18];
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
    let mut inverse_coords = [[[0u16; 4]; 3]; 18];
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
pub(super) const SPLIT_LEVELS: usize = 3;

/// The roots of the subtrees of a search of `depth` moves from `root`: every node
/// `levels` moves down whose bound allows a solution, with its moves, in the order a
/// depth-first search meets them.
pub(super) fn subtrees(
    lk: &Lookup,
    root: &Node,
    depth: usize,
    levels: usize,
) -> Vec<(Node, Vec<u8>)> {
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

/// Nodes each subtree of a finished iteration expanded, by the subtree's moves: the
/// next iteration searches the densest first (see [`densest_first`]).
pub(super) type SubtreeNodes = HashMap<Vec<u8>, u64>;

/// What one iteration found (see [`iterate`]).
pub(super) struct Iteration {
    /// The first solution in the iteration's order of subtrees.
    pub(super) found: Option<Vec<u8>>,
    pub(super) timed_out: bool,
    /// Nodes expanded in all.
    pub(super) nodes: u64,
    /// Nodes each subtree expanded (complete only when nothing was found and the
    /// iteration ran to its end).
    pub(super) subtree_nodes: SubtreeNodes,
}

/// Order subtrees by how many nodes each expanded in the iteration before, most first,
/// per canonical sequence that may follow its last move (a U, R or F turn may be
/// followed by about √(3/2) times as many as a D, L or B turn, which cannot be
/// followed by its opposite face). A subtree that was larger than its place in the
/// tree makes likely keeps its bounds low, and so is likelier to hold a solution one
/// move longer; on random cubes the last iteration then meets its first solution
/// sooner. Ties, and subtrees the iteration before did not reach, keep move order.
fn densest_first(tasks: &mut [(Node, Vec<u8>)], previous: &SubtreeNodes) {
    let density = |path: &Vec<u8>| {
        let nodes = previous.get(path).copied().unwrap_or(0) as f64;
        let last_face = path.last().map_or(0, |&m| m / 3);
        if last_face >= 3 {
            nodes * 1.5f64.sqrt()
        } else {
            nodes
        }
    };
    tasks.sort_by(|a, b| density(&b.1).total_cmp(&density(&a.1)));
}

/// One iteration of deepening: all paths of exactly `depth` moves from `root`, the
/// subtrees [`SPLIT_LEVELS`] moves down in parallel, densest first by `previous` (the
/// iteration before) or else in move order. Returns the first solution in that order,
/// whether the time ran out, and the nodes expanded.
pub(super) fn iterate(
    t: &Tables,
    root: &Node,
    depth: usize,
    cancel: &Cancel,
    known: &AtomicUsize,
    previous: Option<&SubtreeNodes>,
) -> Iteration {
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
    let mut subtree_nodes = SubtreeNodes::new();
    let found = if depth <= levels {
        let mut path = Vec::new();
        let mut nodes = 0;
        let found = dfs(&sh, 0, root, &mut path, depth, &mut nodes).then_some(path);
        total.fetch_add(nodes, Ordering::Relaxed);
        found
    } else {
        let mut tasks = subtrees(&lk, root, depth, levels);
        if let Some(previous) = previous {
            densest_first(&mut tasks, previous);
        }
        let solutions: Mutex<Vec<(usize, Vec<u8>)>> = Mutex::new(Vec::new());
        let counts: Vec<AtomicU64> = tasks.iter().map(|_| AtomicU64::new(0)).collect();
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
            counts[task].store(nodes, Ordering::Relaxed);
            total.fetch_add(nodes, Ordering::Relaxed);
        };
        rayon::scope(|s| {
            for _ in 0..rayon::current_num_threads() {
                s.spawn(|_| work());
            }
        });
        subtree_nodes = tasks
            .into_iter()
            .zip(counts)
            .map(|((_, path), n)| (path, n.into_inner()))
            .collect();
        let mut solutions = solutions.into_inner().unwrap();
        solutions.sort();
        solutions.into_iter().next().map(|(_, p)| p)
    };
    Iteration {
        found,
        timed_out: sh.timed_out.load(Ordering::Relaxed),
        nodes: total.into_inner(),
        subtree_nodes,
    }
}

/// A search path (move indices) as moves.
pub(super) fn path_alg(path: &[u8]) -> Alg {
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
/// or rule them out. A measure of search effort, apart from the rest of [`super::solve`].
pub fn search_depth(t: &Tables, cube: &CubieCube, depth: usize) -> DepthSearch {
    let root = Node::new(cube, &t.lookup());
    let it = iterate(
        t,
        &root,
        depth,
        &Cancel::new(),
        &AtomicUsize::new(usize::MAX),
        None,
    );
    DepthSearch {
        solution: it.found.as_deref().map(path_alg),
        nodes: it.nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scramble::random_moves;
    use crate::solve::optimal::tests::with_distance;
    use crate::solve::optimal::{solve_with, TableSize};
    use crate::solve::Options;
    use rand::SeedableRng;

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

    /// What `f` returns in a pool of one, two and three threads.
    fn on_1_2_3_threads<T: Send>(f: impl Fn() -> T + Sync) -> Vec<T> {
        [1, 2, 3]
            .into_iter()
            .map(|threads| {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap();
                pool.install(&f)
            })
            .collect()
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
            let answers = on_1_2_3_threads(|| {
                let d = solve_with(t, &cube, &Options::default())
                    .unwrap()
                    .moves
                    .len();
                (d, search_depth(t, &cube, d).solution)
            });
            let first = answers[0].1.clone().expect("a solution of the optimum");
            assert!(cube.apply_alg(&first).is_solved());
            assert_eq!(answers[0], answers[1]);
            assert_eq!(answers[0], answers[2]);
        }
    }

    /// Ordered by the iteration before, an iteration still returns the first solution
    /// in its order whatever the number of threads, and its subtrees' node counts are
    /// the same as in move order.
    #[test]
    fn densest_first_answers_do_not_depend_on_threads() {
        let t = Tables::get(TableSize::Small);
        let (cube, d, root) = with_distance(t, 44, 10);
        assert!(d > SPLIT_LEVELS + 1);
        let never = || AtomicUsize::new(usize::MAX);
        let before = iterate(t, &root, d - 1, &Cancel::new(), &never(), None);
        assert!(before.found.is_none());
        assert!(before.subtree_nodes.values().all(|&n| n > 0));
        let answers = on_1_2_3_threads(|| {
            let again = iterate(t, &root, d - 1, &Cancel::new(), &never(), None);
            assert_eq!(again.subtree_nodes, before.subtree_nodes);
            let prev = Some(&before.subtree_nodes);
            iterate(t, &root, d, &Cancel::new(), &never(), prev).found
        });
        let first = answers[0].clone().expect("a solution of the optimum");
        assert_eq!(first.len(), d);
        assert!(cube.apply_alg(&path_alg(&first)).is_solved());
        assert_eq!(answers[0], answers[1]);
        assert_eq!(answers[0], answers[2]);
    }

    #[test]
    fn an_iteration_stops_when_a_solution_of_its_depth_is_known() {
        let t = Tables::get(TableSize::Small);
        let (_, d, root) = with_distance(t, 31, 9);
        assert!(d > SPLIT_LEVELS);
        let it = iterate(t, &root, d, &Cancel::new(), &AtomicUsize::new(d), None);
        assert!(it.found.is_none() && !it.timed_out);
        let it = iterate(t, &root, d, &Cancel::new(), &AtomicUsize::new(d + 1), None);
        assert_eq!(it.found.map(|p| p.len()), Some(d));
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
}
