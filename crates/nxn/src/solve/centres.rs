//! The 4×4×4's centres, solved in three stages, each optimal within its moves:
//!
//! 1. U and D centres onto U and D (any of 24 turns, outer or wide: C(24,8) = 735,471
//!    states);
//! 2. L and R centres onto L and R, keeping the first stage (outer turns, `Uw`, `Dw`
//!    and the wide half turns of the other faces: C(16,8) = 12,870 states);
//! 3. every centre home, keeping both (outer turns and wide half turns: 70³ = 343,000
//!    states).
//!
//! A state is which of the 24 centre places hold the colours a stage cares about, as
//! bit masks; each stage's distances come from a breadth-first search, built once and
//! cached.

use crate::cube::{permutation, Cube};
use crate::geometry::Geometry;
use crate::moves::{Alg, Move};
use cubist_rubik::Face;
use cubist_tables::cache::{self, Table, TableSpec};
use std::sync::OnceLock;

/// Centre places of the 4×4×4: four per face, faces in the order U R F D L B.
const PLACES: usize = 24;
/// A distance no search reached.
const UNSEEN: u8 = 0xff;

/// The places of a set of faces as a mask.
pub(crate) const fn faces_mask(faces: &[Face]) -> u32 {
    let mut mask = 0;
    let mut i = 0;
    while i < faces.len() {
        mask |= 0xf << (4 * faces[i].index());
        i += 1;
    }
    mask
}

/// Binomial coefficients C(n, k) for n, k ≤ 24, by Pascal's triangle.
const CHOOSE: [[u32; 25]; 25] = {
    let mut t = [[0u32; 25]; 25];
    let mut n = 0;
    while n < 25 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + t[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    t
};

/// C(n, k) for n ≤ 24.
pub(crate) fn choose(n: u32, k: u32) -> usize {
    if k > n {
        return 0;
    }
    CHOOSE[n as usize][k as usize] as usize
}

/// The rank of a set of bits among the sets of its size (combinatorial numbering).
pub(crate) fn rank(mask: u32) -> usize {
    let mut r = 0;
    let mut m = mask;
    let mut i = 1;
    while m != 0 {
        let p = m.trailing_zeros();
        r += choose(p, i);
        i += 1;
        m &= m - 1;
    }
    r
}

/// The bits of `mask` at the places in `within`, packed to the low end.
pub(crate) fn compress(mask: u32, within: u32) -> u32 {
    let (mut out, mut bit, mut w) = (0, 0, within);
    while w != 0 {
        let p = w.trailing_zeros();
        if mask & (1 << p) != 0 {
            out |= 1 << bit;
        }
        bit += 1;
        w &= w - 1;
    }
    out
}

/// [`rank`] of [`compress`]`(mask, within)` for one set of places `within`, by one
/// look-up for each byte of the mask: the centre searches rank every cube they meet
/// this way, several times over.
pub(crate) struct SetRank {
    within: u32,
    /// `rows[(byte * 25 + before) * 256 + bits]`: what the places of `within` among
    /// `bits` (the mask's byte `byte`) add to the rank, when `before` places of
    /// `within` in lower bytes are in the set.
    rows: Vec<u32>,
}

impl SetRank {
    pub(crate) fn new(within: u32) -> SetRank {
        let mut rows = vec![0u32; 3 * 25 * 256];
        for byte in 0..3 {
            for before in 0..25u32 {
                for bits in 0..256u32 {
                    let mut sum = 0;
                    let mut j = before;
                    for i in 0..8 {
                        let place = 8 * byte + i;
                        if bits & (1 << i) != 0 && within & (1 << place) != 0 {
                            j += 1;
                            sum += choose((within & ((1 << place) - 1)).count_ones(), j);
                        }
                    }
                    rows[(byte as usize * 25 + before as usize) * 256 + bits as usize] = sum as u32;
                }
            }
        }
        SetRank { within, rows }
    }

    /// The rank of the places of `within` in `mask` among the sets of their size.
    #[inline(always)]
    pub(crate) fn rank(&self, mask: u32) -> usize {
        let mut r = 0;
        let mut before = 0;
        for byte in 0..3 {
            let bits = (mask >> (8 * byte)) & 0xff;
            r += self.rows[(byte * 25 + before) * 256 + bits as usize] as usize;
            before += (bits & (self.within >> (8 * byte))).count_ones() as usize;
        }
        r
    }
}

/// A move's effect on masks of one centre orbit's 24 places, by byte look-up.
pub(crate) struct MaskTurn {
    bytes: [[u32; 256]; 3],
}

impl MaskTurn {
    /// The effect of `m` on centre orbit `orbit` of the N×N×N.
    pub(crate) fn new(n: usize, orbit: usize, m: &Move) -> MaskTurn {
        let g = Geometry::of(n);
        let places = &g.centre_orbits[orbit];
        let from = permutation(n, &Alg(vec![*m]));
        // to[q]: the place the centre at place q goes to.
        let mut to = [0usize; PLACES];
        for (p, &s) in places.iter().enumerate() {
            let q = places
                .iter()
                .position(|&t| t == from[s])
                .expect("centres stay centres");
            to[q] = p;
        }
        let mut bytes = [[0u32; 256]; 3];
        for (b, table) in bytes.iter_mut().enumerate() {
            for (v, out) in table.iter_mut().enumerate() {
                *out = (0..8)
                    .filter(|i| v & (1 << i) != 0)
                    .fold(0, |acc, i| acc | 1 << to[8 * b + i]);
            }
        }
        MaskTurn { bytes }
    }

    /// Where the centre at each place goes.
    pub(crate) fn places(&self) -> [u8; PLACES] {
        std::array::from_fn(|q| self.apply(1 << q).trailing_zeros() as u8)
    }

    /// The places the centres at `mask` go to.
    pub(crate) fn apply(&self, mask: u32) -> u32 {
        self.bytes[0][(mask & 0xff) as usize]
            | self.bytes[1][((mask >> 8) & 0xff) as usize]
            | self.bytes[2][(mask >> 16) as usize]
    }
}

/// One stage: its moves, how a state (up to three masks) is numbered, its goal.
struct Stage {
    name: &'static str,
    moves: Vec<Move>,
    turns: Vec<MaskTurn>,
    size: usize,
    index: fn(&[u32; 3]) -> usize,
    goal: [u32; 3],
}

impl Stage {
    fn step(&self, m: usize, s: &[u32; 3]) -> [u32; 3] {
        s.map(|mask| self.turns[m].apply(mask))
    }

    /// Every state's distance from the goal, by breadth-first search.
    fn build(&self) -> Vec<u8> {
        let mut dist = vec![UNSEEN; self.size];
        let mut queue = vec![self.goal];
        dist[(self.index)(&self.goal)] = 0;
        let mut head = 0;
        while head < queue.len() {
            let s = queue[head];
            head += 1;
            let d = dist[(self.index)(&s)];
            for m in 0..self.moves.len() {
                let t = self.step(m, &s);
                let i = (self.index)(&t);
                if dist[i] == UNSEEN {
                    dist[i] = d + 1;
                    queue.push(t);
                }
            }
        }
        dist
    }

    fn table(&self) -> Table {
        let spec = TableSpec {
            name: self.name,
            version: 1,
            len: self.size,
        };
        cache::load_or_build(&spec, || self.build())
    }
}

fn outer() -> Vec<Move> {
    Face::ALL
        .into_iter()
        .flat_map(|f| (1..=3).map(move |t| Move::face(f, t)))
        .collect()
}

fn wide(faces: &[Face], turns: &[u8]) -> Vec<Move> {
    faces
        .iter()
        .flat_map(|&f| turns.iter().map(move |&t| Move::layers(f, 1, 2, t)))
        .collect()
}

fn stage(
    name: &'static str,
    moves: Vec<Move>,
    size: usize,
    index: fn(&[u32; 3]) -> usize,
    goal: [u32; 3],
) -> Stage {
    let turns = moves.iter().map(|m| MaskTurn::new(4, 0, m)).collect();
    Stage {
        name,
        moves,
        turns,
        size,
        index,
        goal,
    }
}

const UD: [Face; 2] = [Face::U, Face::D];
const LR: [Face; 2] = [Face::L, Face::R];
const FB: [Face; 2] = [Face::F, Face::B];
const SIDES: [Face; 4] = [Face::R, Face::F, Face::L, Face::B];

/// The three stages with their tables.
struct Stages {
    stages: [Stage; 3],
    tables: [Table; 3],
}

/// Load (or build) the stages' tables.
pub(crate) fn prepare() {
    stages();
}

fn stages() -> &'static Stages {
    static STAGES: OnceLock<Stages> = OnceLock::new();
    STAGES.get_or_init(|| {
        let all_wide = wide(&Face::ALL, &[1, 2, 3]);
        let s1 = stage(
            "revenge-centres-ud",
            outer().into_iter().chain(all_wide).collect(),
            choose(24, 8),
            |s| rank(s[0]),
            [faces_mask(&UD), 0, 0],
        );
        let s2 = stage(
            "revenge-centres-lr",
            outer()
                .into_iter()
                .chain(wide(&UD, &[1, 2, 3]))
                .chain(wide(&SIDES, &[2]))
                .collect(),
            choose(16, 8),
            |s| rank(compress(s[0], faces_mask(&SIDES))),
            [faces_mask(&LR), 0, 0],
        );
        let s3 = stage(
            "revenge-centres-all",
            outer().into_iter().chain(wide(&Face::ALL, &[2])).collect(),
            70 * 70 * 70,
            |s| {
                (rank(compress(s[0], faces_mask(&UD))) * 70 + rank(compress(s[1], faces_mask(&LR))))
                    * 70
                    + rank(compress(s[2], faces_mask(&FB)))
            },
            [
                faces_mask(&[Face::U]),
                faces_mask(&[Face::R]),
                faces_mask(&[Face::F]),
            ],
        );
        let tables = [s1.table(), s2.table(), s3.table()];
        Stages {
            stages: [s1, s2, s3],
            tables,
        }
    })
}

/// The places holding each colour, as masks by face index.
type Colours = [u32; 6];

/// A stage's state: the masks it cares about.
fn state_of(k: usize, c: &Colours) -> [u32; 3] {
    let at = |f: Face| c[f.index()];
    match k {
        0 => [at(Face::U) | at(Face::D), 0, 0],
        1 => [at(Face::L) | at(Face::R), 0, 0],
        _ => [at(Face::U), at(Face::R), at(Face::F)],
    }
}

/// Distance of a cube's centres from stage `k`'s goal.
fn distance(st: &Stages, k: usize, c: &Colours) -> u8 {
    st.tables[k][(st.stages[k].index)(&state_of(k, c))]
}

/// Up to `cap` shortest move sequences of stage `k` from `c`, each with the centres it
/// leaves.
fn optimal_paths(st: &Stages, k: usize, c: Colours, cap: usize) -> Vec<(Vec<Move>, Colours)> {
    fn walk(
        st: &Stages,
        k: usize,
        c: Colours,
        path: &mut Vec<Move>,
        cap: usize,
        out: &mut Vec<(Vec<Move>, Colours)>,
    ) {
        let d = distance(st, k, &c);
        if d == 0 {
            out.push((path.clone(), c));
            return;
        }
        let stage = &st.stages[k];
        for (m, turn) in stage.turns.iter().enumerate() {
            if out.len() >= cap {
                return;
            }
            let next = c.map(|mask| turn.apply(mask));
            if distance(st, k, &next) < d {
                path.push(stage.moves[m]);
                walk(st, k, next, path, cap, out);
                path.pop();
            }
        }
    }
    let mut out = Vec::new();
    walk(st, k, c, &mut Vec::new(), cap, &mut out);
    out
}

/// Shortest sequences of stage `k` kept from each cube, to choose the one that leaves
/// the next stage least to do.
const PATHS: usize = 64;

/// Moves that bring every centre of a 4×4×4 home (its colours named with the DBL corner
/// home; [`crate::validity::renamed`]), in three stages, each as short as it can be;
/// among the shortest ways through the first two stages, one that leaves the next
/// stage the least to do.
pub fn solve(cube: &Cube) -> Alg {
    let st = stages();
    let places = &cube.geometry().centre_orbits[0];
    let mut start: Colours = [0; 6];
    for (p, &s) in places.iter().enumerate() {
        start[cube.stickers()[s].index()] |= 1 << p;
    }
    // Stage 1's shortest ways, those leaving stage 2 the least.
    let firsts = optimal_paths(st, 0, start, 4 * PATHS);
    let least = firsts
        .iter()
        .map(|(_, c)| distance(st, 1, c))
        .min()
        .unwrap_or(0);
    let mut best: Option<(u8, Vec<Move>, Vec<Move>, Colours)> = None;
    for (first, c) in firsts
        .iter()
        .filter(|(_, c)| distance(st, 1, c) == least)
        .take(PATHS / 2)
    {
        for (second, c2) in optimal_paths(st, 1, *c, PATHS) {
            let d3 = distance(st, 2, &c2);
            if best.as_ref().is_none_or(|b| d3 < b.0) {
                best = Some((d3, first.clone(), second, c2));
            }
        }
    }
    let Some((_, first, second, c2)) = best else {
        return Alg::default();
    };
    let third = optimal_paths(st, 2, c2, 1)
        .pop()
        .map(|p| p.0)
        .unwrap_or_default();
    Alg(first.into_iter().chain(second).chain(third).collect())
}

/// Whether every centre of a 4×4×4 shows its face's colour.
pub fn centres_solved(cube: &Cube) -> bool {
    let g = cube.geometry();
    g.centre_orbits[0]
        .iter()
        .all(|&s| cube.stickers()[s] == g.face(s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// The byte-table rank is the rank of the compressed mask, for any mask and set
    /// of places.
    #[test]
    fn set_ranks_agree_with_rank_of_compress() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let sides = faces_mask(&[Face::L, Face::F, Face::R, Face::B]);
        for within in [0xFF_FFFF, sides, faces_mask(&[Face::U, Face::D]), 0x5A_C3F0] {
            let ranks = SetRank::new(within);
            for _ in 0..20_000 {
                let mask = rng.gen_range(0..1u32 << 24);
                assert_eq!(ranks.rank(mask), rank(compress(mask, within)), "{mask:x}");
            }
        }
    }

    #[test]
    fn every_stage_reaches_every_state() {
        let st = stages();
        for (stage, table) in st.stages.iter().zip(&st.tables) {
            assert!(table.iter().all(|&d| d != UNSEEN), "{}", stage.name);
            let deepest = table.iter().max().unwrap();
            eprintln!("{}: {} states, deepest {deepest}", stage.name, stage.size);
        }
    }

    #[test]
    fn scrambled_centres_are_solved() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        for _ in 0..20 {
            let (_, cube) = crate::scramble::random_moves(&mut rng, 4, 40);
            let cube = crate::validity::renamed(&cube).unwrap();
            let alg = solve(&cube);
            assert!(centres_solved(&cube.after(&alg)), "{alg}");
        }
    }
}
