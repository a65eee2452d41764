//! One iteration of deepening: a depth-first search of exactly one length, the top of
//! the tree cut into subtrees that the cores share in a fixed order: move order, or
//! densest first by the iteration before.

use super::bounds::{edge_bound, frame_coords, frames_bound, may_follow, Frames, Node};
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

/// A node of a group whose children are found together: which member of its parent's
/// group it is a child of, the move that made it ([`NO_MOVE`] for the root of a whole
/// search), and the node.
#[derive(Clone, Copy)]
struct Member {
    parent: u8,
    m: u8,
    node: Node,
}

/// The move before the root of a whole search.
const NO_MOVE: u8 = u8::MAX;

/// A child still in the running while a group is expanded: which member and move made
/// it, and what is known of it so far.
#[derive(Clone, Copy)]
struct Candidate {
    member: u8,
    m: u8,
    frames: Frames,
    index: [usize; 3],
    inverse: [CubieCube; 3],
    inverse_coords: Frames,
    inverse_index: [usize; 3],
    corner_perm: u16,
    corner_index: usize,
}

/// Buffers a search reuses: the children of the group on each level of the path, and
/// the candidates of the group being expanded.
struct Scratch {
    kids: Vec<Vec<Member>>,
    candidates: Vec<Candidate>,
    keep: Vec<usize>,
}

impl Scratch {
    fn new(depth: usize) -> Scratch {
        Scratch {
            kids: (0..=depth).map(|_| Vec::with_capacity(64)).collect(),
            candidates: Vec::with_capacity(18 * 18),
            keep: Vec::with_capacity(18 * 18),
        }
    }
}

/// Depth-first search of exactly `togo` more moves below each member of `group`, the
/// children of one node (in move order) at the end of `path`; true when solved, with
/// the solution's moves in `path`.
///
/// The members' children are found together (see [`expand`]); then each member's
/// children, as a group, are searched in turn.
fn dfs(
    sh: &Shared,
    task: usize,
    group: &[Member],
    path: &mut Vec<u8>,
    togo: usize,
    nodes: &mut u64,
    scratch: &mut Scratch,
) -> bool {
    if togo == 0 {
        return match group.iter().find(|x| x.node.is_solved()) {
            Some(x) => {
                if x.m != NO_MOVE {
                    path.push(x.m);
                }
                true
            }
            None => false,
        };
    }
    let before = *nodes;
    *nodes += group.len() as u64;
    if *nodes >> 12 != before >> 12 {
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
    let mut kids = std::mem::take(&mut scratch.kids[togo]);
    kids.clear();
    expand(
        &sh.lk,
        group,
        path.last().copied(),
        togo,
        scratch,
        &mut kids,
    );
    let mut solved = false;
    let mut start = 0;
    for (i, member) in group.iter().enumerate() {
        let end = start
            + kids[start..]
                .iter()
                .take_while(|k| k.parent as usize == i)
                .count();
        if end > start {
            if member.m != NO_MOVE {
                path.push(member.m);
            }
            if dfs(sh, task, &kids[start..end], path, togo - 1, nodes, scratch) {
                solved = true;
                break;
            }
            if member.m != NO_MOVE {
                path.pop();
            }
        }
        start = end;
    }
    scratch.kids[togo] = kids;
    solved
}

/// The children of all members of `group` (children of a node whose last move is
/// `last`) whose bound allows a solution in `togo - 1` more moves, into `kids` by
/// member, then move.
///
/// All the members' children are bounded in stages, each stage over every child still
/// in the running, so that the cache misses of one stage overlap: a few dozen at once,
/// where one node's children alone make a few. First the inverse distance each child
/// inherits (no look-up at all); then the cube in frame 0 (its class, then its
/// distance), which alone rules out most children deep in the tree; then frames 1 and
/// 2 for the rest; then the inverse cube in the two other frames and the corners for
/// the few left.
fn expand(
    lk: &Lookup,
    group: &[Member],
    last: Option<u8>,
    togo: usize,
    scratch: &mut Scratch,
    kids: &mut Vec<Member>,
) {
    let cands = &mut scratch.candidates;
    let keep = &mut scratch.keep;
    cands.clear();
    // Every child's coordinates in frame 0; fetch their class.
    for (member, x) in group.iter().enumerate() {
        let last = if x.m == NO_MOVE { last } else { Some(x.m) };
        let node = &x.node;
        for m in 0..18 {
            if last.is_some_and(|l| !may_follow(l as usize, m)) {
                continue;
            }
            // The child's inverse distance in the frame of this move's axis is the
            // node's (see [`Node`]).
            if node.inverse_dist[lk.axis_frame[m] as usize] as usize >= togo {
                continue;
            }
            let f0 = node.frame_after(lk, 0, m);
            prefetch(lk.class_entry(&f0));
            cands.push(Candidate {
                member: member as u8,
                m: m as u8,
                frames: [f0, [0; 4], [0; 4]],
                index: [0; 3],
                inverse: [CubieCube::SOLVED; 3],
                inverse_coords: [[0; 4]; 3],
                inverse_index: [0; 3],
                corner_perm: 0,
                corner_index: 0,
            });
        }
    }
    // Frame 0's distance.
    for c in cands.iter_mut() {
        c.index[0] = lk.edge_index(&c.frames[0]);
        prefetch(lk.edge_entry(c.index[0]));
    }
    // The children frame 0 keeps, in the other frames; fetch their classes.
    keep.clear();
    for (i, c) in cands.iter_mut().enumerate() {
        if lk.edge(c.index[0]) >= togo {
            continue;
        }
        let node = &group[c.member as usize].node;
        for k in 1..3 {
            c.frames[k] = node.frame_after(lk, k, c.m as usize);
            prefetch(lk.class_entry(&c.frames[k]));
        }
        keep.push(i);
    }
    for &i in keep.iter() {
        let c = &mut cands[i];
        for k in 1..3 {
            c.index[k] = lk.edge_index(&c.frames[k]);
            prefetch(lk.edge_entry(c.index[k]));
        }
    }
    // The children all three frames keep, with their inverse cubes; fetch the
    // classes of those cubes in the two frames whose distance is not inherited.
    keep.retain(|&i| {
        let c = &mut cands[i];
        if edge_bound(lk, &c.index) >= togo {
            return false;
        }
        let node = &group[c.member as usize].node;
        let m = c.m as usize;
        for k in 0..3 {
            if k != lk.axis_frame[m] as usize {
                c.inverse[k] = node.inverse_frame_after(lk, k, m);
                c.inverse_coords[k] = frame_coords(&c.inverse[k]);
                prefetch(lk.class_entry(&c.inverse_coords[k]));
            }
        }
        true
    });
    // The inverse cubes' distances and the corners' (which rarely rule out what the
    // edges keep, so they come last, for the few children left).
    for &i in keep.iter() {
        let c = &mut cands[i];
        let node = &group[c.member as usize].node;
        for k in 0..3 {
            if k != lk.axis_frame[c.m as usize] as usize {
                c.inverse_index[k] = lk.edge_index(&c.inverse_coords[k]);
                prefetch(lk.edge_entry(c.inverse_index[k]));
            }
        }
        c.corner_perm = lk.moves.corner_perm[node.corner_perm as usize * 18 + c.m as usize];
        c.corner_index = lk.corner_index(c.corner_perm as usize, c.frames[0][1] as usize);
        prefetch(&lk.corners[c.corner_index >> 1]);
    }
    for &i in keep.iter() {
        let c = &cands[i];
        let node = &group[c.member as usize].node;
        let m = c.m as usize;
        let a = lk.axis_frame[m] as usize;
        let inverse_dist: [usize; 3] = std::array::from_fn(|k| {
            if k == a {
                node.inverse_dist[a] as usize
            } else {
                lk.edge(c.inverse_index[k])
            }
        });
        let bound =
            frames_bound(inverse_dist).max(Nibbles(lk.corners).get(c.corner_index) as usize);
        if bound >= togo {
            continue;
        }
        // The frame whose distance is inherited needs its cube only now.
        let mut inverse = c.inverse;
        inverse[a] = node.inverse_frame_after(lk, a, m);
        let child = Node {
            frames: c.frames,
            corner_perm: c.corner_perm,
            inverse,
            inverse_dist: inverse_dist.map(|d| d as u8),
        };
        kids.push(Member {
            parent: c.member,
            m: c.m,
            node: child,
        });
    }
}

/// How many moves down the tree is cut into subtrees, searched in parallel in move
/// order: three levels make a few thousand, so threads rarely wait for one another at
/// the end of an iteration, and the list takes milliseconds to build.
pub(super) const SPLIT_LEVELS: usize = 3;

/// The roots of the subtrees of a search of `depth` moves from `root`: every node
/// `levels` moves down whose bound allows a solution, with its moves, in the order a
/// depth-first search meets them (found by the search's own [`expand`]).
pub(super) fn subtrees(
    lk: &Lookup,
    root: &Node,
    depth: usize,
    levels: usize,
) -> Vec<(Node, Vec<u8>)> {
    let mut level = vec![(*root, Vec::new())];
    for n in 1..=levels {
        let togo = depth + 1 - n;
        let children: Vec<Vec<(Node, Vec<u8>)>> = level
            .par_chunks(64)
            .map(|chunk| {
                let mut scratch = Scratch::new(0);
                let mut kids = Vec::new();
                let mut out = Vec::new();
                for (node, path) in chunk {
                    let group = [Member {
                        parent: 0,
                        m: NO_MOVE,
                        node: *node,
                    }];
                    kids.clear();
                    expand(
                        lk,
                        &group,
                        path.last().copied(),
                        togo,
                        &mut scratch,
                        &mut kids,
                    );
                    out.extend(kids.iter().map(|k| {
                        let mut p = path.clone();
                        p.push(k.m);
                        (k.node, p)
                    }));
                }
                out
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
        let mut scratch = Scratch::new(depth);
        let group = [Member {
            parent: 0,
            m: NO_MOVE,
            node: *root,
        }];
        let found = dfs(&sh, 0, &group, &mut path, depth, &mut nodes, &mut scratch).then_some(path);
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
        let work = || {
            let mut scratch = Scratch::new(depth);
            loop {
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
                let (&m, before) = prefix.split_last().expect("subtrees are below the root");
                let mut path = before.to_vec();
                let group = [Member {
                    parent: 0,
                    m,
                    node: *node,
                }];
                let mut nodes = 0;
                if dfs(
                    &sh,
                    task,
                    &group,
                    &mut path,
                    depth - levels,
                    &mut nodes,
                    &mut scratch,
                ) {
                    sh.found.fetch_min(task, Ordering::Relaxed);
                    solutions.lock().unwrap().push((task, path));
                }
                counts[task].store(nodes, Ordering::Relaxed);
                total.fetch_add(nodes, Ordering::Relaxed);
            }
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
