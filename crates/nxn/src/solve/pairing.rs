//! Pairing the edges of a cube bigger than the 3×3×3 once its centres are solved: the
//! pieces along each edge (the 4×4×4's two wings, the 5×5×5's wings and midge, …)
//! brought together, the centres kept.
//!
//! A step is a setup of outer turns and one pairing sequence `W A W⁻¹`: a turn of inner
//! layers (the 4×4×4's wide turn, a bigger cube's single inner layer or block of inner
//! layers), which moves one row of edge pieces and centres around its axis (on a cube
//! bigger than the 4×4×4 also two layers at one depth from either side together, for
//! both wings of an orbit on an edge), around outer turns `A` that put
//! another edge in its way (`R U R'`, and around U the flip `R U R' F R' F' R` and the
//! last-two-edges `R F' U R' F`, …); only sequences that leave solved centres solved
//! are kept, one of each effect. A beam search over steps finds a short way to all
//! twelve edges. Every such sequence is an even permutation of each wing orbit, so the
//! wings' parity must be made even before (see [`super::revenge`]).

use crate::cube::{permutation, Cube};
use crate::geometry::Geometry;
use crate::moves::{Alg, Move};
use crate::once::{made_once, MadeOnce};
use crate::simplify;
use cubist_rubik::Face;
use std::sync::OnceLock;

/// Stickers of a cube as face indices.
type Stickers = Vec<u8>;

/// A run of turns about one axis (which may merge with a run of the same axis next to
/// it): the axis, the layers' turns as [`simplify`]'s pattern, and how many moves.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Run {
    axis: usize,
    pattern: usize,
    len: usize,
}

impl Run {
    /// The first run of `moves` (`first`) or the last.
    fn of(moves: &[Move], n: usize, first: bool) -> Option<Run> {
        let edge = if first { moves.first() } else { moves.last() }?;
        let axis = edge.face.axis();
        let len = if first {
            moves.iter().take_while(|m| m.face.axis() == axis).count()
        } else {
            moves
                .iter()
                .rev()
                .take_while(|m| m.face.axis() == axis)
                .count()
        };
        let run = if first {
            &moves[..len]
        } else {
            &moves[moves.len() - len..]
        };
        Some(Run {
            axis,
            pattern: simplify::run_pattern(run, n),
            len,
        })
    }
}

/// The moves saved where runs meet: runs next to each other (in order) about one axis
/// merged into the fewest block turns.
fn saving(n: usize, runs: &[Run]) -> usize {
    let mut saved = 0;
    let mut i = 0;
    while i < runs.len() {
        let mut group = runs[i];
        let mut j = i + 1;
        while j < runs.len() && runs[j].axis == group.axis {
            group.pattern = simplify::add_patterns(group.pattern, runs[j].pattern, n);
            group.len += runs[j].len;
            j += 1;
        }
        if j > i + 1 {
            saved += group.len - simplify::fewest(n, group.axis, group.pattern);
        }
        i = j;
    }
    saved
}

/// A move sequence with its sticker permutation (`perm[to] = from`) and its first and
/// last runs about one axis (equal when it has one).
struct Step {
    alg: Alg,
    perm: Vec<u16>,
    lead: Option<Run>,
    trail: Option<Run>,
    /// Which of the pairing sequences' distinct first runs is this one's.
    lead_id: usize,
}

impl Step {
    fn new(n: usize, alg: Alg) -> Step {
        let perm: Vec<u16> = permutation(n, &alg).into_iter().map(|p| p as u16).collect();
        let lead = Run::of(&alg.0, n, true);
        let trail = Run::of(&alg.0, n, false);
        Step {
            alg,
            perm,
            lead,
            trail,
            lead_id: 0,
        }
    }

    /// Whether all its moves turn about one axis.
    fn single_run(&self) -> bool {
        self.lead.is_some_and(|r| r.len == self.alg.len())
    }

    fn apply(&self, stickers: &[u8]) -> Stickers {
        self.perm
            .iter()
            .map(|&from| stickers[usize::from(from)])
            .collect()
    }
}
fn outer_moves() -> Vec<Move> {
    Face::ALL
        .into_iter()
        .flat_map(|f| (1..=3).map(move |t| Move::face(f, t)))
        .collect()
}

/// The inner blocks a pairing sequence turns: the 4×4×4's wide turn; a bigger cube's
/// single layers of the near half, short of any middle layer, and blocks of them (the
/// 6×6×6's and 7×7×7's `2-3R`, which carry two wings of an edge side by side).
fn slices(n: usize, face: Face, t: u8) -> Vec<Move> {
    if n == 4 {
        return vec![Move::layers(face, 1, 2, t)];
    }
    let mut out: Vec<Move> = (2..=n / 2).map(|k| Move::layers(face, k, k, t)).collect();
    for lo in 2..=n / 2 {
        for hi in lo + 1..=n / 2 {
            out.push(Move::layers(face, lo, hi, t));
        }
    }
    out
}

/// The inner turns `W` of the pairing sequences around `face`: each of [`slices`]; on
/// a cube bigger than the 4×4×4 also two layers at the same depth from either side
/// turned together, alike or oppositely, which carry both wings of an orbit on an edge
/// at once.
fn turns_of_slices(n: usize, face: Face) -> Vec<Vec<Move>> {
    let mut out: Vec<Vec<Move>> = (1..=3)
        .flat_map(|t| slices(n, face, t))
        .map(|w| vec![w])
        .collect();
    if n > 4 {
        for k in 2..=n / 2 {
            for t in 1..=3 {
                for u in [t, 4 - t] {
                    let pair = vec![
                        Move::layers(face, k, k, t),
                        Move::layers(face, n + 1 - k, n + 1 - k, u),
                    ];
                    if !out.contains(&pair) {
                        out.push(pair);
                    }
                }
            }
        }
    }
    out
}

/// The pairing sequences of an N×N×N, with what each does to the edges laid out flat
/// for the search's inner loop: sequence `j` moves the pieces of the edges
/// `edges[ends[j]..ends[j + 1]]`, and the piece brought to place `i` of the `t`-th of
/// those edges shows the colours at `sources[t * (N − 2) + i]` of
/// [`EdgeLayout::codes`].
struct Macros {
    steps: Vec<Step>,
    /// The sequences' distinct first runs (each step's `lead_id` numbers its own), so
    /// that a search works out once per cube and setup what each saves.
    leads: Vec<Option<Run>>,
    per_edge: usize,
    ends: Vec<u32>,
    edges: Vec<u8>,
    sources: Vec<u16>,
}

impl Macros {
    fn new(n: usize, mut steps: Vec<Step>) -> Macros {
        let mut leads: Vec<Option<Run>> = Vec::new();
        for step in &mut steps {
            step.lead_id = leads
                .iter()
                .position(|l| *l == step.lead)
                .unwrap_or_else(|| {
                    leads.push(step.lead);
                    leads.len() - 1
                });
        }
        let layout = EdgeLayout::of(n);
        let mut ends = vec![0];
        let (mut edges, mut sources) = (Vec::new(), Vec::new());
        for step in &steps {
            let moves = |e: &usize| {
                let pieces = layout.edge(*e).iter().flatten();
                pieces.into_iter().any(|&k| usize::from(step.perm[k]) != k)
            };
            for e in (0..12).filter(moves) {
                edges.push(e as u8);
                let from = layout.edge(e).iter().map(|p| usize::from(step.perm[p[0]]));
                sources.extend(from.map(|k| layout.code_of[k]));
            }
            ends.push(edges.len() as u32);
        }
        Macros {
            steps,
            leads,
            per_edge: layout.per_edge,
            ends,
            edges,
            sources,
        }
    }
}

/// The pairing sequences of an N×N×N: `W A W⁻¹` that keep solved centres solved.
fn macros(n: usize) -> &'static Macros {
    static MACROS: MadeOnce<usize, Macros> = OnceLock::new();
    made_once(&MACROS, n, || {
        let solved = Cube::solved(n);
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
        .map(|t| Alg::parse(t, n).expect("a sequence"))
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
            for w in turns_of_slices(n, face) {
                for a in &inner {
                    let mut moves = w.clone();
                    moves.extend(a.0.iter().copied());
                    moves.extend(w.iter().rev().map(|m| m.inverse()));
                    let alg = Alg(moves);
                    if centres_solved(&solved.after(&alg)) {
                        let step = Step::new(n, alg);
                        // One sequence of each effect: the first is the shortest.
                        if seen.insert(step.perm.clone()) {
                            out.push(step);
                        }
                    }
                }
            }
        }
        Box::leak(Box::new(Macros::new(n, out)))
    })
}

/// Whether every centre sticker shows its face's colour.
pub fn centres_solved(cube: &Cube) -> bool {
    let g = cube.geometry();
    g.centre_orbits
        .iter()
        .flatten()
        .chain(g.fixed_centres.iter().flatten())
        .all(|&s| cube.stickers()[s] == g.face(s))
}

/// The setups of exactly `depth` outer turns of an N×N×N as steps, made once.
fn setup_steps(n: usize, depth: usize) -> &'static [Step] {
    static SETUPS: MadeOnce<(usize, usize), [Step]> = OnceLock::new();
    made_once(&SETUPS, (n, depth), || {
        let steps: Vec<Step> = setups(depth).into_iter().map(|a| Step::new(n, a)).collect();
        Box::leak(steps.into_boxed_slice())
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

/// The edge pieces of an N×N×N (wings and midges), edge by edge and in order along
/// each edge, with the colours they show coded one byte a piece.
struct EdgeLayout {
    /// Pieces on an edge: N − 2.
    per_edge: usize,
    /// Each piece's two stickers, `edge * per_edge + place`.
    pieces: Vec<[usize; 2]>,
    /// For a sticker of an edge piece, where the colours a piece shows read from that
    /// sticker first are in [`EdgeLayout::codes`].
    code_of: Vec<u16>,
}

impl EdgeLayout {
    fn new(g: &Geometry) -> EdgeLayout {
        let pieces: Vec<[usize; 2]> = (0..12)
            .flat_map(|e| {
                let mut pieces: Vec<(usize, [usize; 2])> = g
                    .wings
                    .iter()
                    .flatten()
                    .filter(|w| w.edge == e)
                    .map(|w| (w.place, w.stickers))
                    .collect();
                if let Some(m) = g.midges {
                    pieces.push((g.n / 2, m[e]));
                }
                pieces.sort_unstable();
                pieces.into_iter().map(|p| p.1)
            })
            .collect();
        let mut code_of = vec![u16::MAX; 6 * g.n * g.n];
        for (q, p) in pieces.iter().enumerate() {
            code_of[p[0]] = q as u16;
            code_of[p[1]] = (pieces.len() + q) as u16;
        }
        EdgeLayout {
            per_edge: g.n - 2,
            pieces,
            code_of,
        }
    }

    /// The layout of an N×N×N, made once.
    fn of(n: usize) -> &'static EdgeLayout {
        static LAYOUTS: MadeOnce<usize, EdgeLayout> = OnceLock::new();
        made_once(&LAYOUTS, n, || {
            Box::leak(Box::new(EdgeLayout::new(Geometry::of(n))))
        })
    }

    /// Edge `e`'s pieces, in order along it.
    fn edge(&self, e: usize) -> &[[usize; 2]] {
        &self.pieces[e * self.per_edge..(e + 1) * self.per_edge]
    }

    /// The colours each piece shows as one byte, read from its first sticker (the
    /// first half) and from its second (the second half): equal bytes, equal colours.
    fn codes(&self, stickers: &[u8]) -> Vec<u8> {
        let code = |a: usize, b: usize| stickers[a] * 6 + stickers[b];
        let plain = self.pieces.iter().map(|p| code(p[0], p[1]));
        let turned = self.pieces.iter().map(|p| code(p[1], p[0]));
        plain.chain(turned).collect()
    }

    /// How far the edges are paired: the sum of [`edge_links`] over the edges of
    /// `codes`, `12 × (N − 3)` when all are paired.
    fn links(&self, codes: &[u8]) -> usize {
        codes[..self.pieces.len()]
            .chunks(self.per_edge)
            .map(edge_links)
            .sum()
    }
}

/// How far one edge is paired, from the codes of its pieces in order along it: how
/// many of its wings show the same two colours as its midge (an odd cube), or the most
/// of its pieces alike, less one (an even cube).
#[inline(always)]
fn edge_links(codes: &[u8]) -> usize {
    if let [a, b] = codes {
        // The 4×4×4's two wings, looked at directly.
        return usize::from(a == b);
    }
    let alike = |c: u8| codes.iter().filter(|&&x| x == c).count();
    if codes.len() % 2 == 1 {
        alike(codes[codes.len() / 2])
    } else {
        codes.iter().map(|&c| alike(c)).max().unwrap_or(1)
    }
    .saturating_sub(1)
}

/// How many edges of a cube (stickers as face indices) have all their pieces alike.
pub fn paired(stickers: &[u8]) -> usize {
    let n = ((stickers.len() / 6) as f64).sqrt().round() as usize;
    let layout = EdgeLayout::of(n);
    (0..12)
        .map(|e| layout.edge(e))
        .filter(|pieces| {
            pieces.iter().all(|p| {
                stickers[p[0]] == stickers[pieces[0][0]] && stickers[p[1]] == stickers[pieces[0][1]]
            })
        })
        .count()
}

/// A cube on the way: its stickers, the moves that led there and how many they come
/// to once the runs where steps meet are merged, its links.
#[derive(Clone)]
struct Node {
    stickers: Stickers,
    moves: Vec<Move>,
    cost: usize,
    links: usize,
}

impl Node {
    /// Moves so far plus a guess of those to come, a few a link.
    fn estimate(&self, all: usize) -> usize {
        self.cost + COST_PER_LINK * (all - self.links)
    }

    /// The moves saved where `setup` and then a step whose first run is `lead` meet
    /// the moves so far.
    fn saving(&self, n: usize, setup: &Step, lead: Option<Run>) -> usize {
        let mut runs: Vec<Run> = Vec::with_capacity(4);
        runs.extend(Run::of(&self.moves, n, false));
        runs.extend(setup.lead);
        if !setup.single_run() {
            runs.extend(setup.trail);
        }
        runs.extend(lead);
        saving(n, &runs)
    }

    /// The cube after `setup` and `step`, which save `saved` moves where they meet.
    fn child(
        &self,
        setup: &Step,
        step: &Step,
        stickers: Stickers,
        links: usize,
        saved: usize,
    ) -> Node {
        let mut moves = self.moves.clone();
        moves.extend(setup.alg.0.iter().copied());
        moves.extend(step.alg.0.iter().copied());
        Node {
            stickers,
            moves,
            cost: self.cost + setup.alg.len() + step.alg.len() - saved,
            links,
        }
    }
}

/// Cubes kept at each step of the search: 24; 12 on the 4×4×4, whose time bar is the
/// tightest; 48 on the 6×6×6, whose stages leave the time for it (the 7×7×7's do not).
fn beam_width(n: usize) -> usize {
    match n {
        4 => 12,
        6 => 48,
        _ => 24,
    }
}
/// Children kept from each cube before the beam is chosen.
const PER_NODE: usize = 8;
/// The guessed cost of each link still to make.
const COST_PER_LINK: usize = 2;

/// Each pairing sequence that links at least `least` more pieces of a cube whose
/// pieces show `codes` and whose edges have `before` links, passed to `keep` with how
/// many more: only the edges a sequence moves change their links, so only they are
/// looked at. `P` is the number of pieces on an edge, or 0 to read it from the macros.
#[inline(always)]
fn gains<const P: usize>(
    macros: &Macros,
    codes: &[u8],
    before: &[usize],
    least: usize,
    keep: &mut impl FnMut(usize, usize),
) {
    let per_edge = if P == 0 { macros.per_edge } else { P };
    let mut edge = [0u8; 32];
    for (j, ends) in macros.ends.windows(2).enumerate() {
        let (mut after, mut lost) = (0, 0);
        for t in ends[0] as usize..ends[1] as usize {
            let from = &macros.sources[t * per_edge..(t + 1) * per_edge];
            for (x, &k) in edge.iter_mut().zip(from) {
                *x = codes[usize::from(k)];
            }
            after += edge_links(&edge[..per_edge]);
            lost += before[usize::from(macros.edges[t])];
        }
        if after >= lost + least {
            keep(j, after - lost);
        }
    }
}

/// Every child of `node` through `setups` and one pairing sequence that links more.
fn children(n: usize, node: &Node, setups: &[Step], least: usize) -> Vec<Node> {
    let layout = EdgeLayout::of(n);
    let per_edge = layout.per_edge;
    let all = 12 * (n - 3);
    let macros = macros(n);
    let mut out: Vec<(usize, usize, usize, usize, usize)> = Vec::new();
    for (i, s) in setups.iter().enumerate() {
        let saved: Vec<usize> = macros
            .leads
            .iter()
            .map(|&lead| node.saving(n, s, lead))
            .collect();
        let codes = layout.codes(&s.apply(&node.stickers));
        let before: Vec<usize> = codes[..12 * per_edge]
            .chunks(per_edge)
            .map(edge_links)
            .collect();
        let total: usize = before.iter().sum();
        let least = (node.links + least).saturating_sub(total);
        let mut keep = |j: usize, gained: usize| {
            let m = &macros.steps[j];
            let save = saved[m.lead_id];
            let len = node.cost + s.alg.len() + m.alg.len() - save;
            let p = total + gained;
            out.push((len + COST_PER_LINK * (all - p), i, j, p, save));
        };
        // The edge's length known when compiled: the look-ups unrolled.
        match per_edge {
            2 => gains::<2>(macros, &codes, &before, least, &mut keep),
            3 => gains::<3>(macros, &codes, &before, least, &mut keep),
            4 => gains::<4>(macros, &codes, &before, least, &mut keep),
            5 => gains::<5>(macros, &codes, &before, least, &mut keep),
            _ => gains::<0>(macros, &codes, &before, least, &mut keep),
        }
    }
    // The best few, in the order a stable sort would give.
    let keep = PER_NODE.min(out.len());
    if keep < out.len() {
        out.select_nth_unstable_by_key(keep, |c| (c.0, c.1, c.2));
        out.truncate(keep);
    }
    out.sort_unstable_by_key(|c| (c.0, c.1, c.2));
    out.into_iter()
        .map(|(_, i, j, p, save)| {
            let step = &macros.steps[j];
            let after = step.apply(&setups[i].apply(&node.stickers));
            node.child(&setups[i], step, after, p, save)
        })
        .collect()
}

/// Moves that pair every edge of an N×N×N (N ≥ 4) whose centres are solved and whose
/// wing orbits are even permutations, keeping the centres; `None` when the search finds
/// no way on.
///
/// A beam search over steps (a setup of at most one outer turn and a pairing sequence
/// that links more pieces), the cubes ranked by moves so far (runs where steps meet
/// merged) plus two a link to come; a step no shallow setup gives is looked for behind
/// setups of two and three turns. Of the paired cubes found, the one with the fewest
/// moves plus its `penalty` (the moves it will still need beyond a 3×3×3's, such as a
/// parity fix) is kept.
pub fn solve(cube: &Cube, penalty: &dyn Fn(&Cube) -> usize) -> Option<Alg> {
    let n = cube.n();
    let all = 12 * (n - 3);
    let layout = EdgeLayout::of(n);
    let start: Stickers = cube.stickers().iter().map(|f| f.index() as u8).collect();
    let shallow: Vec<Step> = (0..=1).flat_map(setups).map(|a| Step::new(n, a)).collect();
    let start_links = layout.links(&layout.codes(&start));
    if start_links == all {
        return Some(Alg::default());
    }
    let mut beam = vec![Node {
        links: start_links,
        stickers: start,
        moves: Vec::new(),
        cost: 0,
    }];
    let mut best: Option<(usize, Vec<Move>)> = None;
    let mut visited = std::collections::HashSet::new();
    // Steps searched at most (a search that has lost its way gives up).
    let mut steps = 0;
    while !beam.is_empty() && steps < 200 {
        steps += 1;
        let mut next: Vec<Node> = beam
            .iter()
            .flat_map(|node| children(n, node, &shallow, 1))
            .collect();
        if next.is_empty() {
            for depth in [2, 3] {
                next = children(n, &beam[0], setup_steps(n, depth), 1);
                if !next.is_empty() {
                    break;
                }
            }
        }
        if next.is_empty() {
            // Stuck: a step that keeps the links but moves pieces, to a cube not seen.
            next = children(n, &beam[0], &shallow, 0);
            next.retain(|node| !visited.contains(&node.stickers));
        }
        next.sort_by_key(|node| node.estimate(all));
        let mut seen = std::collections::HashSet::new();
        beam = Vec::with_capacity(beam_width(n));
        for node in next {
            visited.insert(node.stickers.clone());
            if best.as_ref().is_some_and(|b| node.cost >= b.0)
                || !seen.insert(node.stickers.clone())
            {
                continue;
            }
            if node.links == all {
                let faces = node
                    .stickers
                    .iter()
                    .map(|&f| Face::from_index(usize::from(f)))
                    .collect();
                let moves = simplify::simplify(&simplify::merged(node.moves), n);
                let score = moves.len() + penalty(&Cube::from_stickers(n, faces));
                if best.as_ref().is_none_or(|b| score < b.0) {
                    best = Some((score, moves.0));
                }
            } else if beam.len() < beam_width(n) {
                beam.push(node);
            }
        }
    }
    best.map(|b| Alg(b.1))
}
