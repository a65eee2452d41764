//! Pairing the 4×4×4's edges once its centres are solved: the two wings of each edge
//! brought together, the centres kept.
//!
//! A step is a setup of outer turns and one pairing sequence `W A W⁻¹`: a wide turn
//! (which moves one row of wings and centres around its axis) around outer turns `A`
//! that put another edge in its way (`R U R'`, and around U the flip
//! `R U R' F R' F' R` and the last-two-edges `R F' U R' F`, …); only sequences that
//! leave solved centres solved are kept, one of each effect. A beam search over steps
//! finds a short way to all twelve pairs. Every such sequence is an even permutation
//! of the wings, so the wings' parity must be made even before (see
//! [`super::revenge`]).

use crate::cube::{permutation, Cube};
use crate::geometry::Geometry;
use crate::moves::{Alg, Move};
use cubist_rubik::Face;
use std::sync::OnceLock;

/// Stickers of a 4×4×4 as face indices.
type Stickers = [u8; 96];

/// A move sequence with its sticker permutation (`perm[to] = from`).
struct Step {
    alg: Alg,
    perm: Vec<u8>,
}

impl Step {
    fn new(alg: Alg) -> Step {
        let perm = permutation(4, &alg).into_iter().map(|p| p as u8).collect();
        Step { alg, perm }
    }

    fn apply(&self, stickers: &Stickers) -> Stickers {
        let mut out = [0u8; 96];
        for (o, &from) in out.iter_mut().zip(&self.perm) {
            *o = stickers[usize::from(from)];
        }
        out
    }
}
fn outer_moves() -> Vec<Move> {
    Face::ALL
        .into_iter()
        .flat_map(|f| (1..=3).map(move |t| Move::face(f, t)))
        .collect()
}

/// The pairing sequences: `W A W⁻¹` that keep solved centres solved.
fn macros() -> &'static [Step] {
    static MACROS: OnceLock<Vec<Step>> = OnceLock::new();
    MACROS.get_or_init(|| {
        let solved = Cube::solved(4);
        let mut out: Vec<Step> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let flips: Vec<Alg> = [
            "R U R' F R' F' R",
            "L' U' L F' L F L'",
            "R F' U R' F",
            "L' F U' L F'",
            "R' F R F'",
            "L F' L' F",
        ]
        .iter()
        .map(|t| Alg::parse(t, 4).expect("a sequence"))
        .collect();
        for face in Face::ALL {
            // Outer turns around the wide turn's own axis: X Y X⁻¹, X across it.
            let mut inner: Vec<Alg> = Vec::new();
            for side in Face::ALL.into_iter().filter(|f| f.axis() != face.axis()) {
                for t in 1..=3 {
                    for along in Face::ALL.into_iter().filter(|f| f.axis() == face.axis()) {
                        for u in 1..=3 {
                            let x = Move::face(side, t);
                            inner.push(Alg(vec![x, Move::face(along, u), x.inverse()]));
                        }
                    }
                }
            }
            if face.axis() == Face::U.axis() {
                inner.extend(flips.iter().cloned());
            }
            for t in 1..=3 {
                let w = Move::layers(face, 1, 2, t);
                for a in &inner {
                    let mut moves = vec![w];
                    moves.extend(a.0.iter().copied());
                    moves.push(w.inverse());
                    let alg = Alg(moves);
                    if super::centres::centres_solved(&solved.after(&alg)) {
                        let step = Step::new(alg);
                        // One sequence of each effect: the first is the shortest.
                        if seen.insert(step.perm.clone()) {
                            out.push(step);
                        }
                    }
                }
            }
        }
        out
    })
}

/// Setups of exactly `depth` outer turns, no face turned twice in a row.
fn setups(depth: usize) -> Vec<Alg> {
    let mut level = vec![Alg::default()];
    for _ in 0..depth {
        let mut next = Vec::new();
        for a in &level {
            for m in outer_moves() {
                if a.0.last().is_some_and(|l| l.face == m.face) {
                    continue;
                }
                let mut b = a.clone();
                b.0.push(m);
                next.push(b);
            }
        }
        level = next;
    }
    level
}

/// The wing slots of each edge, place 1 and place 2.
fn edges(g: &Geometry) -> Vec<([usize; 2], [usize; 2])> {
    (0..12)
        .map(|e| {
            let at = |place: usize| {
                g.wings[0]
                    .iter()
                    .find(|w| w.edge == e && w.place == place)
                    .expect("two wings an edge")
                    .stickers
            };
            (at(1), at(2))
        })
        .collect()
}

/// The wing stickers of each edge, place 1 and place 2.
fn edge_stickers() -> &'static [([usize; 2], [usize; 2])] {
    static EDGES: OnceLock<Vec<([usize; 2], [usize; 2])>> = OnceLock::new();
    EDGES.get_or_init(|| edges(Geometry::of(4)))
}

/// How many edges have their two wings alike.
pub fn paired(stickers: &[u8]) -> usize {
    edge_stickers()
        .iter()
        .filter(|(a, b)| stickers[a[0]] == stickers[b[0]] && stickers[a[1]] == stickers[b[1]])
        .count()
}

/// A cube on the way: its stickers, the moves that led there, its pairs.
#[derive(Clone)]
struct Node {
    stickers: Stickers,
    moves: Vec<Move>,
    pairs: usize,
}

impl Node {
    /// Moves so far plus a guess of those to come, a few a pair.
    fn estimate(&self) -> usize {
        self.moves.len() + COST_PER_PAIR * (12 - self.pairs)
    }

    /// The cube after `setup` and `step`.
    fn child(&self, setup: &Step, step: &Step, stickers: Stickers, pairs: usize) -> Node {
        let mut moves = self.moves.clone();
        moves.extend(setup.alg.0.iter().copied());
        moves.extend(step.alg.0.iter().copied());
        Node {
            stickers,
            moves,
            pairs,
        }
    }
}

/// Cubes kept at each step of the search.
const BEAM: usize = 24;
/// Children kept from each cube before the beam is chosen.
const PER_NODE: usize = 12;
/// The guessed cost of each edge still to pair.
const COST_PER_PAIR: usize = 3;

/// Every child of `node` through `setups` and one pairing sequence that pairs more.
fn children(node: &Node, setups: &[Step]) -> Vec<Node> {
    let edges = edge_stickers();
    let mut out: Vec<(usize, usize, usize, usize)> = Vec::new();
    for (i, s) in setups.iter().enumerate() {
        let set = s.apply(&node.stickers);
        for (j, m) in macros().iter().enumerate() {
            // Only the wings decide the pairs: look at them alone.
            let at = |k: usize| set[usize::from(m.perm[k])];
            let p = edges
                .iter()
                .filter(|(a, b)| at(a[0]) == at(b[0]) && at(a[1]) == at(b[1]))
                .count();
            if p > node.pairs {
                let len = node.moves.len() + s.alg.len() + m.alg.len();
                out.push((len + COST_PER_PAIR * (12 - p), i, j, p));
            }
        }
    }
    out.sort_by_key(|c| c.0);
    out.truncate(PER_NODE);
    out.into_iter()
        .map(|(_, i, j, p)| {
            let after = macros()[j].apply(&setups[i].apply(&node.stickers));
            node.child(&setups[i], &macros()[j], after, p)
        })
        .collect()
}

/// Moves that pair every edge of a 4×4×4 whose centres are solved and whose wings are
/// an even permutation, keeping the centres; `None` when the search finds no way on.
///
/// A beam search over steps (a setup of at most one outer turn and a pairing sequence
/// that pairs more edges), the cubes ranked by moves so far plus three a pair to come;
/// a step no shallow setup gives is looked for behind setups of two and three turns.
/// Of the paired cubes found, the one with the fewest moves plus its `penalty` (the
/// moves it will still need beyond a 3×3×3's, such as a parity fix) is kept.
pub fn solve(cube: &Cube, penalty: &dyn Fn(&Cube) -> usize) -> Option<Alg> {
    let mut start = [0u8; 96];
    for (s, f) in start.iter_mut().zip(cube.stickers()) {
        *s = f.index() as u8;
    }
    let shallow: Vec<Step> = (0..=1).flat_map(setups).map(Step::new).collect();
    if paired(&start) == 12 {
        return Some(Alg::default());
    }
    let mut beam = vec![Node {
        pairs: paired(&start),
        stickers: start,
        moves: Vec::new(),
    }];
    let mut best: Option<(usize, Vec<Move>)> = None;
    while !beam.is_empty() {
        let mut next: Vec<Node> = beam.iter().flat_map(|n| children(n, &shallow)).collect();
        if next.is_empty() {
            for depth in [2, 3] {
                let deep: Vec<Step> = setups(depth).into_iter().map(Step::new).collect();
                next = children(&beam[0], &deep);
                if !next.is_empty() {
                    break;
                }
            }
        }
        next.sort_by_key(Node::estimate);
        let mut seen = std::collections::HashSet::new();
        beam = Vec::with_capacity(BEAM);
        for node in next {
            if best.as_ref().is_some_and(|b| node.moves.len() >= b.0) || !seen.insert(node.stickers)
            {
                continue;
            }
            if node.pairs == 12 {
                let faces = node
                    .stickers
                    .iter()
                    .map(|&f| Face::from_index(usize::from(f)))
                    .collect();
                let score = node.moves.len() + penalty(&Cube::from_stickers(4, faces));
                if best.as_ref().is_none_or(|b| score < b.0) {
                    best = Some((score, node.moves));
                }
            } else if beam.len() < BEAM {
                beam.push(node);
            }
        }
    }
    best.map(|b| Alg(b.1))
}
