//! Pairing the 4×4×4's edges once its centres are solved: the two wings of each edge
//! brought together, the centres kept.
//!
//! Each step tries every setup of up to two outer turns (three when none of those
//! helps) followed by one pairing sequence, and keeps the one that pairs most edges,
//! the shortest among those. A pairing sequence is `W A W⁻¹`: a wide turn of U or D
//! (which moves the upper or lower wings of the middle layer's edges and the side
//! centres) around outer turns `A` that put another edge in its way (`R U R'`, the
//! flip `R U R' F R' F' R`, the last-two-edges `R F' U R' F`, …); only those that
//! leave solved centres solved are kept. Every such sequence is an even permutation
//! of the wings, so the wings' parity must be made even before (see
//! [`super::revenge`]).

use crate::cube::{permutation, Cube};
use crate::geometry::Geometry;
use crate::moves::{Alg, Move};
use cubist_rubik::Face;
use std::sync::OnceLock;

/// A move sequence with its sticker permutation (`perm[to] = from`).
struct Step {
    alg: Alg,
    perm: Vec<usize>,
}

impl Step {
    fn new(alg: Alg) -> Step {
        let perm = permutation(4, &alg);
        Step { alg, perm }
    }

    fn apply(&self, stickers: &[Face]) -> Vec<Face> {
        self.perm.iter().map(|&from| stickers[from]).collect()
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
        let mut inner: Vec<Alg> = Vec::new();
        for side in [Face::R, Face::L, Face::F, Face::B] {
            for t in 1..=3 {
                for ud in [Face::U, Face::D] {
                    for u in 1..=3 {
                        let x = Move::face(side, t);
                        inner.push(Alg(vec![x, Move::face(ud, u), x.inverse()]));
                    }
                }
            }
        }
        for text in [
            "R U R' F R' F' R",
            "L' U' L F' L F L'",
            "R F' U R' F",
            "L' F U' L F'",
            "R' F R F'",
            "L F' L' F",
        ] {
            inner.push(Alg::parse(text, 4).expect("a sequence"));
        }
        let solved = Cube::solved(4);
        let mut out: Vec<Step> = Vec::new();
        for face in [Face::U, Face::D] {
            for t in 1..=3 {
                let w = Move::layers(face, 1, 2, t);
                for a in &inner {
                    let mut moves = vec![w];
                    moves.extend(a.0.iter().copied());
                    moves.push(w.inverse());
                    let alg = Alg(moves);
                    if super::centres::centres_solved(&solved.after(&alg)) {
                        out.push(Step::new(alg));
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

/// How many edges have their two wings alike.
pub fn paired(cube_stickers: &[Face]) -> usize {
    static EDGES: OnceLock<Vec<([usize; 2], [usize; 2])>> = OnceLock::new();
    let edges = EDGES.get_or_init(|| edges(Geometry::of(4)));
    edges
        .iter()
        .filter(|(a, b)| {
            cube_stickers[a[0]] == cube_stickers[b[0]] && cube_stickers[a[1]] == cube_stickers[b[1]]
        })
        .count()
}

/// Moves that pair every edge of a 4×4×4 whose centres are solved and whose wings are an
/// even permutation, keeping the centres; `None` when the steps find no way on.
pub fn solve(cube: &Cube) -> Option<Alg> {
    let mut stickers = cube.stickers().to_vec();
    let mut moves = Vec::new();
    let shallow: Vec<Step> = (0..=2).flat_map(setups).map(Step::new).collect();
    let mut deep: Option<Vec<Step>> = None;
    while paired(&stickers) < 12 {
        let now = paired(&stickers);
        let best = best_step(&stickers, &shallow, now).or_else(|| {
            let deep = deep.get_or_insert_with(|| setups(3).into_iter().map(Step::new).collect());
            best_step(&stickers, deep, now)
        });
        let best = best?;
        stickers = best.2;
        moves.extend(best.0 .0.iter().copied());
        moves.extend(best.1 .0.iter().copied());
    }
    Some(Alg(moves))
}

/// The setup and pairing sequence that pair the most edges (more than `now`), the
/// shortest among those; with the stickers they leave.
fn best_step(stickers: &[Face], setups: &[Step], now: usize) -> Option<(Alg, Alg, Vec<Face>)> {
    let mut best: Option<(usize, usize, usize, usize, Vec<Face>)> = None;
    for (i, s) in setups.iter().enumerate() {
        let set = s.apply(stickers);
        for (j, m) in macros().iter().enumerate() {
            let after = m.apply(&set);
            let p = paired(&after);
            let len = s.alg.len() + m.alg.len();
            if p > now
                && best
                    .as_ref()
                    .is_none_or(|b| (p, std::cmp::Reverse(len)) > (b.0, std::cmp::Reverse(b.1)))
            {
                best = Some((p, len, i, j, after));
            }
        }
    }
    best.map(|(_, _, i, j, after)| (setups[i].alg.clone(), macros()[j].alg.clone(), after))
}
