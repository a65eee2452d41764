//! The centres of a cube bigger than the 4×4×4 in the 4×4×4's three stages
//! ([`super::centres`]), each over the centre rings from the inside out:
//!
//! 1. U and D colours onto U and D, ring by ring;
//! 2. L and R colours onto L and R, ring by ring, keeping the first stage (the U–D
//!    axis's layers turned any way, the others' half turns), leaving the wing orbits
//!    that no later ring turns an even permutation, so that the edges can be paired;
//! 3. every centre home at once, keeping both (inner layers by half turns only).
//!
//! A ring is the centre orbits at one depth in from a face's edge: the 7×7×7's inner
//! 3×3 (its x- and +-centres next to the middle) is one ring, its outer ring of
//! sixteen pieces a face (x-, +- and both oblique centres) another. The innermost ring
//! is turned with every inner layer. A ring after it turns the layers up to one past
//! its depth freely, and the deeper layers only by the turns that keep the deeper
//! rings' stage done: a quarter turn of the U–D axis keeps U and D colours on U and D,
//! a half turn keeps every face's pair of colours. The deeper layers split the outer
//! ring's 1×3 (or 1×2) bars of centres, which the layers up to its depth only carry
//! whole. The middle layers of an odd cube never turn, so its fixed centres stay home.
//!
//! In the first two stages each orbit of 24 centre stickers has its own distance table
//! (the 4×4×4's numbering: which places hold the colours the stage cares about); an
//! outer ring's second stage also has one for each two orbits side by side in its
//! bars, together (the 6×6×6's two obliques; the 7×7×7's +-centre with either
//! oblique). In the last, where every piece stays on its axis, each group of up to
//! four orbits ([`last_groups`]) has one table per axis for all of them together
//! (which of an axis's places hold one of its colours, in each orbit), so the search
//! sees that a bar's pieces must agree. Each stage is a
//! beam search ranked by those distances; one the search brings close but does not
//! finish is finished by centre commutators ([`super::centre_cycles`]) that keep the
//! rings done before.

use super::centre_cycles::{cycled, cycles, Cycle, Keep};
use super::centres::{choose, compress, faces_mask, rank, MaskTurn, SetRank};
use super::levels;
use crate::cube::Cube;
use crate::moves::Move;
use crate::once::{made_once, MadeOnce};
use cubist_rubik::Face;
use cubist_tables::cache::{self, Table, TableSpec};
use cubist_tables::nibbles::{bytes_for, AtomicNibbles, Nibbles};
use std::sync::atomic::AtomicU8;
use std::sync::OnceLock;

/// A distance no search reached.
const UNSEEN: u8 = 0xff;

/// One orbit's state in a stage: the masks of the places holding the colours it cares
/// about.
type Masks = [u32; 3];

/// What a stage brings home.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Goal {
    /// U and D colours on U and D.
    Ud,
    /// L and R colours on L and R (U and D kept).
    Lr,
    /// Every colour home.
    All,
}

const UD: [Face; 2] = [Face::U, Face::D];
const LR: [Face; 2] = [Face::L, Face::R];
const SIDES: [Face; 4] = [Face::R, Face::F, Face::L, Face::B];
/// An orbit's places on U and D, and on the four side faces.
const UD_PLACES: u32 = faces_mask(&UD);
const SIDE_PLACES: u32 = faces_mask(&SIDES);

/// Why a last stage never asks for an orbit's own table.
const LAST_TABLES: &str = "the last stage's tables are a group's on an axis (GroupAxis)";

impl Goal {
    /// Entries of one orbit's table for a first or second stage.
    fn size(self) -> usize {
        match self {
            Goal::Ud => choose(24, 8),
            Goal::Lr => choose(16, 8),
            Goal::All => unreachable!("{LAST_TABLES}"),
        }
    }

    /// Where an orbit's state is in its table for a first or second stage.
    fn index(self, s: &Masks) -> usize {
        match self {
            Goal::Ud => place_ranks().all.rank(s[0]),
            Goal::Lr => place_ranks().sides.rank(s[0]),
            Goal::All => unreachable!("{LAST_TABLES}"),
        }
    }

    /// The goal's masks: where the pieces of each of a state's masks belong.
    fn solved(self) -> Masks {
        match self {
            Goal::Ud => [faces_mask(&UD), 0, 0],
            Goal::Lr => [faces_mask(&LR), 0, 0],
            Goal::All => [
                faces_mask(&[Face::U]),
                faces_mask(&[Face::R]),
                faces_mask(&[Face::F]),
            ],
        }
    }

    /// The masks this stage cares about, from the places of each colour.
    fn masks(self, colours: &[u32; 6]) -> Masks {
        let at = |f: Face| colours[f.index()];
        match self {
            Goal::Ud => [at(Face::U) | at(Face::D), 0, 0],
            Goal::Lr => [at(Face::L) | at(Face::R), 0, 0],
            Goal::All => [at(Face::U), at(Face::R), at(Face::F)],
        }
    }

    /// Pieces the stage still has to move: its colours on places they do not belong.
    fn wrong(self, s: &Masks) -> u32 {
        s.iter()
            .zip(self.solved())
            .map(|(m, home)| (m & !home).count_ones())
            .sum()
    }

    /// What the centre 3-cycles finishing this stage must keep.
    fn keep(self) -> Keep {
        match self {
            Goal::Ud => Keep::Nothing,
            Goal::Lr => Keep::Ud,
            Goal::All => Keep::Pairs,
        }
    }

    /// How many of a state's masks the stage uses.
    fn masks_used(self) -> usize {
        match self {
            Goal::Ud | Goal::Lr => 1,
            Goal::All => 3,
        }
    }

    fn label(self) -> &'static str {
        match self {
            Goal::Ud => "ud",
            Goal::Lr => "lr",
            Goal::All => "all",
        }
    }
}

/// One stage on an N×N×N: its moves, their effect on each orbit and on the wing
/// orbits' parities, and each orbit's distance table.
struct Stage {
    n: usize,
    goal: Goal,
    /// The centre orbits this stage brings home (indices into the geometry's).
    orbits: Vec<usize>,
    /// Orbits an earlier ring has brought home, which the stage's commutators must not
    /// move.
    done: Vec<usize>,
    /// The wing orbits (bits) this stage must leave even: those no later stage turns.
    parity: u32,
    moves: Vec<Move>,
    /// `turns[orbit][move]`, for the stage's orbits in order.
    turns: Vec<Vec<MaskTurn>>,
    /// For each move, the wing orbits (bits) whose permutation parity it flips.
    flips: Vec<u32>,
    distances: Distances,
    /// The centre commutators that finish this stage, listed on first use: the short
    /// list, and the whole one for a cube the short one cannot finish.
    finishers: [OnceLock<Vec<Finisher>>; 2],
}

/// The tables a stage ranks its cubes by.
enum Distances {
    /// The first two stages: each orbit's own table (orbits the moves permute alike
    /// share one) and, in an outer ring's second stage, its bars' neighbouring orbits
    /// together.
    Orbits {
        each: Vec<&'static Table>,
        bars: Vec<BarPair>,
    },
    /// The last stage: each group of orbits ([`last_groups`]) together, on each axis.
    Axes(Vec<GroupAxis>),
}

/// The last stage's distances for one group of orbits ([`last_groups`]) on the U–D
/// axis ([`build_axis`]), and the turns of the whole cube that bring the other axes'
/// places onto it.
struct GroupAxis {
    /// The group's orbits, as indices into the stage's.
    orbits: Vec<usize>,
    table: &'static Table,
    /// For each of the group's orbits, `z'` (L–R onto U–D) and `x` (F–B onto U–D).
    onto_ud: Vec<[MaskTurn; 2]>,
}

impl GroupAxis {
    /// The group's distance from home on `axis` (0 U–D, 1 L–R, 2 F–B) for a last-stage
    /// state (whose masks hold the U, R and F colours' places).
    fn distance(&self, axis: usize, s: &[Masks]) -> u8 {
        let ud = &place_ranks().ud;
        let index = self
            .orbits
            .iter()
            .zip(&self.onto_ud)
            .fold(0, |acc, (&o, rot)| {
                let m = s[o][axis];
                let m = if axis == 0 { m } else { rot[axis - 1].apply(m) };
                acc * AXIS_SETS + ud.rank(m)
            });
        self.table[index]
    }
}

/// The sets of places the stages' tables number, each with its byte-table ranks.
struct PlaceRanks {
    /// All 24 places of an orbit (the first stage).
    all: SetRank,
    /// The sixteen side places (the second stage).
    sides: SetRank,
    /// The eight U and D places (the last stage, each axis turned onto U–D).
    ud: SetRank,
}

/// The [`PlaceRanks`], made on first use.
fn place_ranks() -> &'static PlaceRanks {
    static RANKS: OnceLock<PlaceRanks> = OnceLock::new();
    RANKS.get_or_init(|| PlaceRanks {
        all: SetRank::new((1 << 24) - 1),
        sides: SetRank::new(SIDE_PLACES),
        ud: SetRank::new(UD_PLACES),
    })
}

/// Two orbits of an outer ring whose pieces lie side by side in its bars (the
/// 6×6×6's two obliques, the 7×7×7's +-centre and either oblique), with their
/// second-stage distances taken together ([`build_bar_pair`]).
struct BarPair {
    /// The orbits, as indices into the stage's.
    a: usize,
    b: usize,
    table: &'static Table,
}

impl BarPair {
    /// The two orbits' distance from the second stage's goal together.
    fn distance(&self, s: &[Masks]) -> u8 {
        let sides = &place_ranks().sides;
        let i = sides.rank(s[self.a][0]) * LR_SETS + sides.rank(s[self.b][0]);
        Nibbles(&self.table[..]).get(i)
    }
}

/// The neighbouring orbits along an outer ring's bars, as pairs of indices into
/// `orbits` (the ring's): the orbits between its x-centres, in the order their pieces
/// lie along a row, each with the next.
fn bar_pairs(n: usize, orbits: &[usize]) -> Vec<(usize, usize)> {
    let g = crate::geometry::Geometry::of(n);
    let depth = ring_depth(g, orbits[0]);
    let mut along: Vec<(usize, usize)> = orbits
        .iter()
        .enumerate()
        .filter_map(|(i, &o)| {
            g.centre_orbits[o]
                .iter()
                .map(|&p| g.row_col(p))
                .find(|&(r, c)| r == depth && c > depth && c < n - 1 - depth)
                .map(|(_, c)| (c, i))
        })
        .collect();
    along.sort_unstable();
    along.dedup_by_key(|(c, _)| *c);
    along.windows(2).map(|w| (w[0].1, w[1].1)).collect()
}

/// The most orbits one of the last stage's tables takes together (70⁴ entries, 24 MB).
const GROUP_MOST: usize = 4;

/// The groups of orbits the last stage's tables each take together: every orbit when
/// there are at most [`GROUP_MOST`] (the 5×5×5's two, the 6×6×6's four); otherwise
/// each ring, the innermost joined by the next ring's obliques, whose layers turn with
/// it (the 7×7×7's inner 3×3 with the outer ring's two oblique orbits).
fn last_groups(n: usize) -> Vec<Vec<usize>> {
    let mut groups = rings(n);
    let all: Vec<usize> = groups.iter().flatten().copied().collect();
    if all.len() <= GROUP_MOST {
        return vec![all];
    }
    let g = crate::geometry::Geometry::of(n);
    let depth = ring_depth(g, groups[1][0]);
    let obliques: Vec<usize> = groups[1]
        .iter()
        .copied()
        .filter(|&o| {
            g.centre_orbits[o].iter().any(|&p| {
                let (r, c) = g.row_col(p);
                r == depth && c > depth && c < n - 1 - depth && 2 * c != n - 1
            })
        })
        .collect();
    groups[0].extend(obliques);
    debug_assert!(groups.iter().all(|g| g.len() <= GROUP_MOST));
    groups
}

/// The inner blocks a stage turns on an odd N×N×N: single layers and blocks from the
/// outer layer, never reaching the middle layer.
fn inner_blocks(n: usize) -> Vec<(usize, usize)> {
    let half = n / 2; // the deepest layer before the middle
    let mut blocks: Vec<(usize, usize)> = (2..=half).map(|k| (1, k)).collect();
    for lo in 2..=half {
        for hi in lo..=half {
            blocks.push((lo, hi));
        }
    }
    blocks
}

fn outer() -> impl Iterator<Item = Move> {
    Face::ALL
        .into_iter()
        .flat_map(|f| (1..=3).map(move |t| Move::face(f, t)))
}

/// The wing orbits (bits) whose parity a move flips: orbit `j` (from 1) holds the
/// cubies in layers `j + 1` and `N − j` of each edge; a quarter turn of a block holding
/// one of those layers moves one 4-cycle of that orbit's wings.
fn parity_flips(n: usize, m: &Move) -> u32 {
    if m.turns == 2 {
        return 0;
    }
    let wing_orbits = (n - 1) / 2 - usize::from(n % 2 == 1);
    (1..=wing_orbits)
        .filter(|&j| {
            let holds = |k: usize| (m.lo..=m.hi).contains(&k);
            holds(j + 1) != holds(n - j)
        })
        .fold(0, |acc, j| acc | 1 << (j - 1))
}

/// How many places in from its face's edge an orbit's pieces lie: the depth of its
/// ring (the 7×7×7's inner 3×3 is at depth 2, its outer ring at depth 1). A ring is
/// solved by turning only the layers up to `depth + 1` from each face, which never
/// move a deeper ring's pieces off their face.
fn ring_depth(g: &crate::geometry::Geometry, orbit: usize) -> usize {
    let m = g.n - 1;
    let (r, c) = g.row_col(g.centre_orbits[orbit][0]);
    r.min(c).min(m - r).min(m - c)
}

/// The centre orbits by ring, the innermost ring first.
fn rings(n: usize) -> Vec<Vec<usize>> {
    let g = crate::geometry::Geometry::of(n);
    let deepest = (0..g.centre_orbits.len())
        .map(|o| ring_depth(g, o))
        .max()
        .unwrap_or(0);
    (1..=deepest)
        .rev()
        .map(|d| {
            (0..g.centre_orbits.len())
                .filter(|&o| ring_depth(g, o) == d)
                .collect()
        })
        .collect()
}

impl Stage {
    /// Stage `goal` (U–D or L–R) of ring `ring` (an index into [`rings`]): every inner
    /// layer for the innermost ring; for a ring after it, the layers up to one past its
    /// depth and the deeper layers' turns that keep the deeper rings' stage done.
    fn ring(n: usize, goal: Goal, ring: usize) -> Stage {
        let all_rings = rings(n);
        let orbits = all_rings[ring].clone();
        let done: Vec<usize> = all_rings[..ring].iter().flatten().copied().collect();
        let g = crate::geometry::Geometry::of(n);
        let depth = ring_depth(g, orbits[0]);
        let deepest_layer = if ring == 0 { n / 2 } else { depth + 1 };
        // Wing orbit j (bit j − 1) turns with layer j + 1, which no later stage turns
        // by a quarter once j + 1 ≥ depth + 1.
        let parity = match goal {
            Goal::Lr => (1..=g.wings.len())
                .filter(|&j| j >= depth)
                .fold(0, |acc, j| acc | 1 << (j - 1)),
            _ => 0,
        };
        let mut moves: Vec<Move> = outer().collect();
        for face in Face::ALL {
            let u_axis = face.axis() == Face::U.axis();
            for (lo, hi) in inner_blocks(n) {
                let quarter = match goal {
                    Goal::Ud => hi <= deepest_layer || u_axis,
                    Goal::Lr => hi <= deepest_layer && u_axis,
                    Goal::All => unreachable!("the last stage takes every ring at once"),
                };
                let turns: &[u8] = if quarter { &[1, 2, 3] } else { &[2] };
                for &t in turns {
                    moves.push(Move::layers(face, lo, hi, t));
                }
            }
        }
        let turns: Vec<Vec<MaskTurn>> = orbits
            .iter()
            .map(|&o| moves.iter().map(|m| MaskTurn::new(n, o, m)).collect())
            .collect();
        // Orbits whose pieces the moves permute alike (the same permutations, by
        // other moves) share one table, named after the first of them.
        let effects: Vec<Vec<[u8; 24]>> = turns
            .iter()
            .map(|ts| {
                let mut e: Vec<[u8; 24]> = ts.iter().map(MaskTurn::places).collect();
                e.sort_unstable();
                e.dedup();
                e
            })
            .collect();
        let mut built: Vec<(usize, &'static Table)> = Vec::new();
        let tables = (0..orbits.len())
            .map(|o| {
                if let Some(&(_, t)) = built
                    .iter()
                    .find(|(first, _)| effects[*first] == effects[o])
                {
                    return t;
                }
                let layers = if ring == 0 {
                    String::new()
                } else {
                    format!("-ring{depth}")
                };
                let name = format!("nxn{n}-centres-{}-{}{layers}", orbits[o], goal.label());
                let t = cached(&name, goal.size(), || build(goal, &turns[o]));
                built.push((o, t));
                t
            })
            .collect();
        let bars = if goal == Goal::Lr && ring > 0 {
            bar_pairs(n, &orbits)
                .into_iter()
                .map(|(a, b)| {
                    let name = format!("nxn{n}-centres-{}-{}-lr-ring{depth}", orbits[a], orbits[b]);
                    let table = cached(&name, bytes_for(LR_SETS * LR_SETS), || {
                        build_bar_pair(&turns[a], &turns[b])
                    });
                    BarPair { a, b, table }
                })
                .collect()
        } else {
            Vec::new()
        };
        let distances = Distances::Orbits { each: tables, bars };
        let mut stage = Stage::with(n, goal, orbits, moves, turns, distances);
        stage.done = done;
        stage.parity = parity;
        stage
    }

    /// The last stage: every ring's colours home at once, with outer turns and inner
    /// layers' half turns, ranked by each group's tables per axis ([`last_groups`]).
    fn last(n: usize) -> Stage {
        let all_rings = rings(n);
        let orbits: Vec<usize> = all_rings.iter().flatten().copied().collect();
        let mut moves: Vec<Move> = outer().collect();
        for face in Face::ALL {
            for (lo, hi) in inner_blocks(n) {
                moves.push(Move::layers(face, lo, hi, 2));
            }
        }
        let turns: Vec<Vec<MaskTurn>> = orbits
            .iter()
            .map(|&o| moves.iter().map(|m| MaskTurn::new(n, o, m)).collect())
            .collect();
        let axes = last_groups(n)
            .iter()
            .map(|group| {
                let at: Vec<usize> = group
                    .iter()
                    .map(|o| {
                        orbits
                            .iter()
                            .position(|p| p == o)
                            .expect("an orbit of the cube")
                    })
                    .collect();
                let names: Vec<String> = group.iter().map(usize::to_string).collect();
                let name = format!("nxn{n}-centres-{}-all-axis", names.join("-"));
                let size = AXIS_SETS.pow(group.len() as u32);
                let table = cached(&name, size, || {
                    build_axis(&at.iter().map(|&o| &turns[o][..]).collect::<Vec<_>>())
                });
                let rotation = |face, t| Move::layers(face, 1, n, t);
                let onto_ud = group
                    .iter()
                    .map(|&o| {
                        [
                            MaskTurn::new(n, o, &rotation(Face::F, 3)),
                            MaskTurn::new(n, o, &rotation(Face::R, 1)),
                        ]
                    })
                    .collect();
                GroupAxis {
                    orbits: at,
                    table,
                    onto_ud,
                }
            })
            .collect();
        Stage::with(n, Goal::All, orbits, moves, turns, Distances::Axes(axes))
    }

    /// A stage with nothing done before it to keep and no wing parity to mind.
    fn with(
        n: usize,
        goal: Goal,
        orbits: Vec<usize>,
        moves: Vec<Move>,
        turns: Vec<Vec<MaskTurn>>,
        distances: Distances,
    ) -> Stage {
        let flips = moves.iter().map(|m| parity_flips(n, m)).collect();
        Stage {
            n,
            goal,
            orbits,
            done: Vec::new(),
            parity: 0,
            moves,
            turns,
            flips,
            distances,
            finishers: Default::default(),
        }
    }

    /// The commutators that may finish this stage ([`cycles`]): those that keep the
    /// rings done before, with their parts on the stage's own orbits (numbered as in
    /// the stage).
    fn finishers(&self, whole: bool) -> &[Finisher] {
        self.finishers[usize::from(whole)].get_or_init(|| {
            cycles(self.n, self.goal.keep(), whole)
                .iter()
                .filter(|c| c.parts.iter().all(|(o, _)| !self.done.contains(o)))
                .filter_map(|c| {
                    let parts: Vec<(usize, Vec<(u8, u8)>)> = c
                        .parts
                        .iter()
                        .filter_map(|(o, to)| {
                            Some((self.orbits.iter().position(|p| p == o)?, to.clone()))
                        })
                        .collect();
                    let homes = self.goal.solved();
                    let mut enters = [[0u32; 3]; MAX_ORBITS];
                    for (o, to) in &parts {
                        for (k, home) in homes.iter().enumerate() {
                            enters[*o][k] = to
                                .iter()
                                .filter(|(_, t)| home & 1 << t != 0)
                                .fold(0, |m, (from, _)| m | 1 << from);
                        }
                    }
                    (!parts.is_empty()).then(|| Finisher {
                        cycle: Cycle {
                            moves: c.moves.clone(),
                            parts,
                        },
                        enters,
                    })
                })
                .collect()
        })
    }

    /// The distances a cube is ranked by: each orbit's (at least its bar pair's) in the
    /// first two stages, each group's on each axis in the last; how many there are.
    fn distances(&self, s: &[Masks]) -> ([u8; MAX_ORBITS], usize) {
        let mut out = [0u8; MAX_ORBITS];
        match &self.distances {
            Distances::Orbits { each, bars } => {
                for ((d, m), t) in out.iter_mut().zip(s).zip(each) {
                    *d = t[self.goal.index(m)];
                }
                // A bar's pieces are as far as the two orbits together.
                for bar in bars {
                    let d = bar.distance(s);
                    out[bar.a] = out[bar.a].max(d);
                    out[bar.b] = out[bar.b].max(d);
                }
                (out, s.len())
            }
            Distances::Axes(groups) => {
                let mut k = 0;
                for g in groups {
                    for axis in 0..3 {
                        out[k] = g.distance(axis, s);
                        k += 1;
                    }
                }
                (out, k)
            }
        }
    }

    /// A lower bound on the moves left (wing parities aside): the largest distance.
    fn bound(&self, s: &[Masks]) -> u8 {
        let (d, k) = self.distances(s);
        d[..k].iter().copied().max().unwrap_or(0)
    }

    /// The stage's orbits' masks for a cube.
    fn masks(&self, cube: &Cube) -> Vec<Masks> {
        let all = masks_of(cube, self.goal);
        self.orbits.iter().map(|&o| all[o]).collect()
    }
}

/// Every set of `ones` of the places in `within`, indexed by its rank among them
/// (`count` sets).
fn sets_by_rank(within: u32, ones: u32, count: usize) -> Vec<u32> {
    let mut sets = vec![0u32; count];
    for m in (0u32..1 << 24).filter(|&m| m & !within == 0 && m.count_ones() == ones) {
        sets[rank(compress(m, within))] = m;
    }
    sets
}

/// The places of an orbit's second-stage colours among the sixteen side places.
const LR_SETS: usize = 12870;

/// The second-stage distances of two orbits taken together: which eight of each orbit's
/// sixteen places on L, F, R and B hold the L and R colours, numbered `a · LR_SETS +
/// b`, four bits an entry (15: fifteen or more). Both orbits of a bar must agree, which
/// neither orbit's own table sees. Built level by level on every core ([`levels`]).
fn build_bar_pair(ta: &[MaskTurn], tb: &[MaskTurn]) -> Vec<u8> {
    let sides = SIDE_PLACES;
    let sets = sets_by_rank(sides, 8, LR_SETS);
    let moves = ta.len();
    let step = |ts: &[MaskTurn]| -> Vec<u16> {
        sets.iter()
            .flat_map(|&m| {
                ts.iter()
                    .map(move |t| rank(compress(t.apply(m), sides)) as u16)
            })
            .collect()
    };
    let (sa, sb) = (&step(ta), &step(tb));
    let table = AtomicNibbles::new(LR_SETS * LR_SETS);
    let home = rank(compress(faces_mask(&LR), sides));
    levels::fill(&table, LR_SETS * LR_SETS, home * LR_SETS + home, |i| {
        let (x, y) = (i / LR_SETS * moves, i % LR_SETS * moves);
        (0..moves).map(move |m| usize::from(sa[x + m]) * LR_SETS + usize::from(sb[y + m]))
    });
    table.into_bytes()
}

/// A distance table from the cache, built by `build` when missing.
fn cached(name: &str, len: usize, build: impl FnOnce() -> Vec<u8>) -> &'static Table {
    let spec = TableSpec {
        name,
        version: 1,
        len,
    };
    Box::leak(Box::new(cache::load_or_build(&spec, build)))
}

/// The sets of four of an axis's eight places of an orbit (the places of one colour
/// there, once the first two stages are done).
const AXIS_SETS: usize = 70;

/// The distances of a group of orbits from home on the U–D axis in the last stage, the
/// orbits taken together: which four of each orbit's eight U and D places hold the U
/// colour, numbered as one number in base [`AXIS_SETS`]. Every move of the last stage
/// keeps each piece on its axis, so this is a lower bound on the stage; the other
/// axes use the same table after a turn of the whole cube. Built level by level on
/// every core ([`levels`]).
fn build_axis(turns: &[&[MaskTurn]]) -> Vec<u8> {
    let k = turns.len();
    assert!(k <= 8, "at most eight orbits");
    let within = UD_PLACES;
    let sets = sets_by_rank(within, 4, AXIS_SETS);
    let sets = &sets;
    let moves = turns[0].len();
    // step[o][r * moves + m]: where move m takes orbit o's set numbered r, times the
    // orbit's place value in the state's number.
    let step: Vec<Vec<usize>> = turns
        .iter()
        .enumerate()
        .map(|(o, ts)| {
            let weight = AXIS_SETS.pow((k - 1 - o) as u32);
            (0..AXIS_SETS)
                .flat_map(|r| {
                    ts.iter()
                        .map(move |t| rank(compress(t.apply(sets[r]), within)) * weight)
                })
                .collect()
        })
        .collect();
    let size = AXIS_SETS.pow(k as u32);
    let dist: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(UNSEEN)).collect();
    let home = rank(compress(faces_mask(&[Face::U]), within));
    let start = (0..k).fold(0, |acc, _| acc * AXIS_SETS + home);
    let step = &step;
    levels::fill(&dist[..], size, start, |i| {
        // The state's digits, each ready to index `step`.
        let mut d = [0; 8];
        let mut rest = i;
        for o in (0..k).rev() {
            d[o] = (rest % AXIS_SETS) * moves;
            rest /= AXIS_SETS;
        }
        (0..moves).map(move |m| (0..k).map(|o| step[o][d[o] + m]).sum())
    });
    dist.into_iter().map(AtomicU8::into_inner).collect()
}

/// One orbit's distances from a stage's goal, by breadth-first search.
fn build(goal: Goal, turns: &[MaskTurn]) -> Vec<u8> {
    let mut dist = vec![UNSEEN; goal.size()];
    let start = goal.solved();
    dist[goal.index(&start)] = 0;
    let mut queue = vec![start];
    let mut head = 0;
    while head < queue.len() {
        let s = queue[head];
        head += 1;
        let d = dist[goal.index(&s)];
        for t in turns {
            let next = s.map(|m| t.apply(m));
            let i = goal.index(&next);
            if dist[i] == UNSEEN {
                dist[i] = d + 1;
                queue.push(next);
            }
        }
    }
    dist
}

/// The stages of an N×N×N's centres in the order they are solved (see the module
/// doc), built (or loaded) once.
fn stages(n: usize) -> &'static [Stage] {
    static ALL: MadeOnce<usize, [Stage]> = OnceLock::new();
    made_once(&ALL, n, || {
        let rings = rings(n).len();
        let mut plan: Vec<Stage> = [Goal::Ud, Goal::Lr]
            .into_iter()
            .flat_map(|goal| (0..rings).map(move |r| Stage::ring(n, goal, r)))
            .collect();
        plan.push(Stage::last(n));
        Box::leak(plan.into_boxed_slice())
    })
}

/// Load (or build) the tables of an N×N×N's centre stages.
pub(crate) fn prepare(n: usize) {
    stages(n);
}

/// Each orbit's masks for `goal`.
fn masks_of(cube: &Cube, goal: Goal) -> Vec<Masks> {
    cube.geometry()
        .centre_orbits
        .iter()
        .map(|places| {
            let mut colours = [0u32; 6];
            for (p, &s) in places.iter().enumerate() {
                colours[cube.stickers()[s].index()] |= 1 << p;
            }
            goal.masks(&colours)
        })
        .collect()
}

/// The wing orbits (bits) that are an odd permutation of their homes.
pub(crate) fn odd_wings(cube: &Cube) -> u32 {
    (0..cube.geometry().wings.len())
        .filter(|&j| super::revenge::wings_odd(cube, j))
        .fold(0, |acc, j| acc | 1 << j)
}

/// Cubes kept at each depth of a stage's beam search.
const BEAM: usize = 3000;

/// Cubes kept at each depth in the 6×6×6's outer ring's first two stages: its three
/// orbits leave the time for a wider beam, which shortens them (the 7×7×7's four
/// orbits gain nothing from it).
const SIX_OUTER_BEAM: usize = 6000;

impl Stage {
    /// Cubes kept at each depth of this stage's beam search.
    fn beam(&self) -> usize {
        if self.n == 6 && !self.done.is_empty() {
            SIX_OUTER_BEAM
        } else {
            BEAM
        }
    }
}

/// The most centre orbits a cube may have here (the 7×7×7's six).
const MAX_ORBITS: usize = 6;

/// A cube in a stage's search: each orbit's masks and the wing orbits' parities.
type State = ([Masks; MAX_ORBITS], u32);

impl Stage {
    /// How far a cube looks from the goal, to rank cubes by: the orbits' distances
    /// summed, plus the largest, plus two for a wrong wing parity when it matters.
    fn rank(&self, s: &State, orbits: usize) -> u32 {
        let (d, k) = self.distances(&s.0[..orbits]);
        let (sum, max) = d[..k].iter().fold((0, 0), |(sum, max), &d| {
            (sum + u32::from(d), max.max(u32::from(d)))
        });
        let parity = if s.1 & self.parity != 0 { 2 } else { 0 };
        sum + max + parity
    }

    /// The cube after move `m`.
    fn step(&self, s: &State, orbits: usize, m: usize) -> State {
        let mut out = ([[0; 3]; MAX_ORBITS], s.1 ^ self.flips[m]);
        let used = self.goal.masks_used();
        for o in 0..orbits {
            let t = &self.turns[o][m];
            for (to, from) in out.0[o][..used].iter_mut().zip(&s.0[o][..used]) {
                *to = t.apply(*from);
            }
        }
        out
    }

    /// A 64-bit digest of a cube in the search, to tell cubes apart (two cubes sharing
    /// one are taken for the same, which at worst drops a way).
    fn digest(&self, s: &State, orbits: usize) -> u64 {
        use std::hash::Hasher;
        let mut h = QuickHash::default();
        for m in &s.0[..orbits] {
            for &x in &m[..self.goal.masks_used()] {
                h.write_u32(x);
            }
        }
        h.write_u32(s.1);
        h.finish()
    }
}

/// A quick hash for search states (FxHash's multiply-and-rotate).
#[derive(Default, Clone, Copy)]
struct QuickHash(u64);

impl std::hash::Hasher for QuickHash {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u32(&mut self, v: u32) {
        self.write_u64(u64::from(v));
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// Depths searched at most.
const DEPTH_LIMIT: usize = 60;

/// A set of search states' digests ([`Stage::digest`]).
type StateSet = std::collections::HashSet<u64, std::hash::BuildHasherDefault<QuickHash>>;

/// The guessed moves a centre 3-cycle costs, to weigh a cube the beam search did not
/// finish against one it may finish deeper.
const CYCLE_COST: usize = 10;

/// Depths searched past the last one that brought a cube nearer the goal, before the
/// search stops and the nearest cube is finished by cycles.
const STALL: usize = 8;

/// Up to `cap` short move sequences that take `cube` through stage `k`, from a beam
/// search over depths: at each depth the `beam` cubes that look nearest their goal are
/// kept (none kept twice); the first depth holding a finished cube gives the answers.
/// A cube the search came close to is finished by centre 3-cycles instead ([`finish`])
/// when its depth plus a guess of the cycles' moves is less than the depths left to
/// search; `None` when neither way finishes.
fn shortest(stage: &Stage, cube: &Cube, cap: usize, beam: usize) -> (Vec<Vec<Move>>, bool) {
    let orbits = stage.orbits.len();
    assert!(orbits <= MAX_ORBITS, "a cube of at most seven layers");
    let mut start: State = ([[0; 3]; MAX_ORBITS], odd_wings(cube));
    for (o, m) in stage.masks(cube).into_iter().enumerate() {
        start.0[o] = m;
    }
    // Each depth's cubes: the state, the index of its parent a depth up, its move.
    let mut levels: Vec<Vec<(State, usize, usize)>> = vec![vec![(start, 0, usize::MAX)]];
    let mut kept = StateSet::default();
    kept.insert(stage.digest(&start, orbits));
    let path_to = |levels: &[Vec<(State, usize, usize)>], mut i: usize| {
        let mut path = Vec::new();
        for level in levels.iter().rev() {
            let (_, parent, m) = level[i];
            if m != usize::MAX {
                path.push(stage.moves[m]);
            }
            i = parent;
        }
        path.reverse();
        path
    };
    // The cube nearest a finish by cycles: its guessed total, depth and index.
    let mut close: Option<(usize, usize, usize)> = None;
    // The best rank seen and the depth it was first seen at.
    let mut best_rank = (u32::MAX, 0);
    // Buffers used again at each depth.
    // Each child's rank, parent and move (its state is made again for the few kept).
    let mut next: Vec<(u32, u32, u16)> = Vec::new();
    let mut seen = StateSet::default();
    for depth in 0..DEPTH_LIMIT {
        let level = levels.last().expect("a level");
        let finished: Vec<usize> = (0..level.len())
            .filter(|&i| stage.rank(&level[i].0, orbits) == 0)
            .take(cap)
            .collect();
        if !finished.is_empty() {
            return (
                finished.into_iter().map(|i| path_to(&levels, i)).collect(),
                true,
            );
        }
        for (i, (s, _, _)) in level.iter().enumerate() {
            if s.1 & stage.parity != 0 {
                continue;
            }
            let wrong: u32 = s.0[..orbits].iter().map(|m| stage.goal.wrong(m)).sum();
            let guess = depth + CYCLE_COST * wrong as usize;
            if close.is_none_or(|c| guess < c.0) {
                close = Some((guess, depth, i));
            }
        }
        if close.is_some_and(|c| c.0 <= depth + 1 || depth >= best_rank.1 + STALL) {
            break;
        }
        next.clear();
        seen.clear();
        for (i, (s, _, last)) in level.iter().enumerate() {
            for (m, mv) in stage.moves.iter().enumerate() {
                if let Some(last) = stage.moves.get(*last) {
                    // Turns of one axis commute: take them in one order only.
                    if last.face.axis() == mv.face.axis()
                        && (mv.face.index(), mv.lo, mv.hi) <= (last.face.index(), last.lo, last.hi)
                    {
                        continue;
                    }
                }
                let t = stage.step(s, orbits, m);
                let d = stage.digest(&t, orbits);
                if kept.contains(&d) || !seen.insert(d) {
                    continue;
                }
                next.push((stage.rank(&t, orbits), i as u32, m as u16));
            }
        }
        // The `beam` nearest, in the order found among equals.
        if next.len() > beam {
            next.select_nth_unstable(beam);
            next.truncate(beam);
        }
        next.sort_unstable();
        if let Some(c) = next.first() {
            if c.0 < best_rank.0 {
                best_rank = (c.0, depth + 1);
            }
        }
        let states: Vec<(State, usize, usize)> = next
            .iter()
            .map(|&(_, i, m)| {
                let (i, m) = (i as usize, usize::from(m));
                (stage.step(&level[i].0, orbits, m), i, m)
            })
            .collect();
        kept.extend(states.iter().map(|c| stage.digest(&c.0, orbits)));
        levels.push(states);
    }
    let Some((_, depth, i)) = close else {
        return (Vec::new(), false);
    };
    let mut path = path_to(&levels[..=depth], i);
    let state = levels[depth][i].0;
    let masks = &state.0[..orbits];
    match finish(stage, masks, false).or_else(|| finish(stage, masks, true)) {
        Some(cycles) => {
            path.extend(cycles);
            (vec![path], false)
        }
        None => (Vec::new(), false),
    }
}

/// A centre commutator that may finish a stage, with the places in each of the stage's
/// orbits whose piece it takes home, for each of a state's masks: one that takes no
/// piece of the stage's colours home cannot put fewer pieces wrong.
struct Finisher {
    cycle: Cycle,
    enters: [Masks; MAX_ORBITS],
}

/// Cubes kept at each step of the search over centre 3-cycles ([`finish`]).
const FINISH_BEAM: usize = 24;

/// The guessed moves each piece still wrong costs, to rank cubes in [`finish`].
const FINISH_PER_PIECE: usize = 4;

/// Centre 3-cycles that take each orbit's masks to the goal, each putting at least one
/// more piece where the stage wants it: a beam search over cycles, the cubes ranked by
/// moves so far plus a guess per piece still wrong and per piece of the worst orbit
/// (a cycle mends at most one piece of an orbit here, so that orbit bounds the cycles
/// left); the fewest moves found. Only cycles that keep the rings done before are
/// used. `None` when no cycle helps.
fn finish(stage: &Stage, masks: &[Masks], whole: bool) -> Option<Vec<Move>> {
    let goal = stage.goal;
    let all = stage.finishers(whole);
    let wrong_of = |m: &[Masks]| -> (usize, usize) {
        m.iter()
            .map(|m| goal.wrong(m) as usize)
            .fold((0, 0), |(sum, max), w| (sum + w, max.max(w)))
    };
    // A cube on the way: its masks, the cycles that led there, their moves.
    let mut beam: Vec<(Vec<Masks>, Vec<usize>, usize)> = vec![(masks.to_vec(), Vec::new(), 0)];
    let mut best: Option<(usize, Vec<usize>)> = None;
    while !beam.is_empty() {
        // Each way on: its rank, the cube it starts from and its cycle.
        let mut next: Vec<(usize, usize, usize)> = Vec::new();
        let after_of = |masks: &[Masks], c: &Cycle| {
            let mut after = masks.to_vec();
            for (o, to) in &c.parts {
                after[*o] = after[*o].map(|m| cycled(to, m));
            }
            after
        };
        for (b, (masks, _, len)) in beam.iter().enumerate() {
            let wrong: Vec<usize> = masks.iter().map(|m| goal.wrong(m) as usize).collect();
            let total: usize = wrong.iter().sum();
            let homes = goal.solved();
            let mut astray = [[0u32; 3]; MAX_ORBITS];
            for (to, m) in astray.iter_mut().zip(masks) {
                for k in 0..3 {
                    to[k] = m[k] & !homes[k];
                }
            }
            let mut after = wrong.clone();
            for (i, f) in all.iter().enumerate() {
                let helps = f
                    .enters
                    .iter()
                    .zip(&astray)
                    .any(|(e, a)| (e[0] & a[0]) | (e[1] & a[1]) | (e[2] & a[2]) != 0);
                if !helps {
                    continue;
                }
                let c = &f.cycle;
                let moves = len + c.moves.len();
                if best.as_ref().is_some_and(|(l, _)| moves >= *l) {
                    continue;
                }
                for (o, to) in &c.parts {
                    after[*o] = goal.wrong(&masks[*o].map(|m| cycled(to, m))) as usize;
                }
                let left: usize = after.iter().sum();
                let max = after.iter().copied().max().unwrap_or(0);
                for (o, _) in &c.parts {
                    after[*o] = wrong[*o];
                }
                if left >= total {
                    continue;
                }
                next.push((moves + FINISH_PER_PIECE * (left + max), b, i));
            }
        }
        next.sort_unstable();
        let mut seen = std::collections::HashSet::new();
        let mut kept = Vec::with_capacity(FINISH_BEAM);
        for (_, b, i) in next {
            if kept.len() == FINISH_BEAM {
                break;
            }
            let after = after_of(&beam[b].0, &all[i].cycle);
            if !seen.insert(after.clone()) {
                continue;
            }
            let mut path = beam[b].1.clone();
            path.push(i);
            let len = beam[b].2 + all[i].cycle.moves.len();
            if wrong_of(&after).0 == 0 {
                if best.as_ref().is_none_or(|(l, _)| len < *l) {
                    best = Some((len, path));
                }
            } else {
                kept.push((after, path, len));
            }
        }
        beam = kept;
    }
    let (_, path) = best?;
    Some(
        path.into_iter()
            .flat_map(|i| all[i].cycle.moves.iter().copied())
            .collect(),
    )
}

/// The most centre orbits a cube may have for a stage whose search did not finish to
/// be searched again with a wider beam (beyond, the search takes too long).
const WIDER_RETRY_ORBITS: usize = 2;

/// Shortest sequences kept from each stage, to choose the one that leaves the next
/// stage least to do.
const PATHS: usize = 32;

/// Moves that bring every centre of an odd N×N×N home (colours named with the fixed
/// centres home) and leave each wing orbit an even permutation; `None` when a stage's
/// search gives up. Among each stage's shortest ways, one that leaves the next stage
/// the least to do.
pub fn solve(cube: &Cube) -> Option<Vec<Move>> {
    let mut moves = Vec::new();
    let mut c = cube.clone();
    let all = stages(cube.n());
    for (k, stage) in all.iter().enumerate() {
        let then = all.get(k + 1).filter(|_| stage.goal != Goal::All);
        let cap = if then.is_some() { PATHS } else { 1 };
        // A beam that loses its way is tried again three times as wide.
        let (mut paths, searched) = shortest(stage, &c, cap, stage.beam());
        if !searched && stage.orbits.len() <= WIDER_RETRY_ORBITS {
            let (wider, _) = shortest(stage, &c, cap, 3 * stage.beam());
            let shortest_of = |p: &[Vec<Move>]| p.iter().map(Vec::len).min();
            if shortest_of(&wider).is_some_and(|w| shortest_of(&paths).is_none_or(|p| w < p)) {
                paths = wider;
            }
        }
        let best = paths.into_iter().min_by_key(|p| {
            then.map_or(0, |t| {
                t.bound(&t.masks(&c.after(&crate::moves::Alg(p.clone()))))
            })
        })?;
        c.apply_alg(&crate::moves::Alg(best.clone()));
        moves.extend(best);
    }
    Some(moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Alg;
    use rand::SeedableRng;

    #[test]
    fn a_quarter_turn_of_an_inner_layer_flips_its_wing_orbit_parity() {
        let m = |t: &str| Alg::parse(t, 7).unwrap().0[0];
        assert_eq!(parity_flips(7, &m("2R")), 0b01);
        assert_eq!(parity_flips(7, &m("3Rw'")), 0b11);
        assert_eq!(parity_flips(7, &m("2-3Rw2")), 0);
        assert_eq!(parity_flips(7, &m("R")), 0);
        for (t, want) in [("2R", 0b01), ("3R'", 0b10), ("Rw", 0b01), ("R2", 0)] {
            let c = Cube::solved(7).after(&Alg::parse(t, 7).unwrap());
            assert_eq!(odd_wings(&c), want, "{t}");
        }
    }

    /// The axis tables' level-by-level build, from the last level and then from the
    /// states not reached, gives the distances of a plain breadth-first search.
    #[test]
    fn axis_tables_match_a_plain_breadth_first_search() {
        let stage = Stage::last(5);
        let turns: Vec<&[MaskTurn]> = stage.turns.iter().map(|t| &t[..]).collect();
        assert_eq!(turns.len(), 2);
        let sets = sets_by_rank(UD_PLACES, 4, AXIS_SETS);
        let rank_of = |m: u32| rank(compress(m, UD_PLACES));
        let mut plain = vec![UNSEEN; AXIS_SETS * AXIS_SETS];
        let home = rank_of(faces_mask(&[Face::U]));
        plain[home * AXIS_SETS + home] = 0;
        let mut queue = std::collections::VecDeque::from([(home, home)]);
        while let Some((a, b)) = queue.pop_front() {
            let d = plain[a * AXIS_SETS + b];
            for (ta, tb) in turns[0].iter().zip(turns[1]) {
                let (x, y) = (rank_of(ta.apply(sets[a])), rank_of(tb.apply(sets[b])));
                if plain[x * AXIS_SETS + y] == UNSEEN {
                    plain[x * AXIS_SETS + y] = d + 1;
                    queue.push_back((x, y));
                }
            }
        }
        assert_eq!(build_axis(&turns), plain);
    }

    #[test]
    fn rings_go_from_the_inner_three_by_three_out() {
        assert_eq!(rings(5), vec![vec![0, 1]]);
        assert_eq!(rings(6), vec![vec![3], vec![0, 1, 2]]);
        assert_eq!(rings(7), vec![vec![4, 5], vec![0, 1, 2, 3]]);
    }

    #[test]
    fn every_stage_keeps_what_the_stages_before_it_did() {
        for n in [5, 6, 7] {
            let plan = stages(n);
            let goals: Vec<Goal> = plan.iter().map(|s| s.goal).collect();
            assert_eq!(goals.first(), Some(&Goal::Ud));
            assert_eq!(goals.last(), Some(&Goal::All));
            assert!(
                goals.windows(2).all(|w| w[0] as u8 <= w[1] as u8),
                "{goals:?}"
            );
            for (k, stage) in plan.iter().enumerate() {
                // A sequence keeps an earlier stage's work when, from the solved cube,
                // it leaves none of that stage's colours off the faces it wants them on.
                let keeps = |moves: &[Move]| {
                    let c = Cube::solved(n).after(&Alg(moves.to_vec()));
                    plan[..k].iter().all(|before| {
                        let masks = masks_of(&c, before.goal);
                        before
                            .orbits
                            .iter()
                            .all(|&o| before.goal.wrong(&masks[o]) == 0)
                    })
                };
                for m in &stage.moves {
                    assert!(keeps(&[*m]), "{n}, stage {k}: {m:?}");
                }
                for f in stage.finishers(false).iter().take(2000) {
                    assert!(
                        keeps(&f.cycle.moves),
                        "{n}, stage {k}: {}",
                        Alg(f.cycle.moves.clone())
                    );
                }
            }
        }
    }

    /// The whole list of commutators, which a stage the short list cannot finish falls
    /// back on, finishes what one of its own ten-move commutators (only in the whole
    /// list) did to the 7×7×7's outer ring in the first stage.
    #[test]
    fn the_whole_list_of_commutators_finishes_a_stage() {
        let stage = stages(7)
            .iter()
            .find(|s| s.goal == Goal::Ud && s.orbits.len() == 4)
            .expect("the outer ring's first stage");
        let short = stage.finishers(false).len();
        let whole = stage.finishers(true);
        assert!(whole.len() > short);
        let undone = |c: &Cube| {
            let masks = stage.masks(c);
            masks.iter().map(|m| stage.goal.wrong(m)).sum::<u32>()
        };
        let mut tried = 0;
        for f in whole
            .iter()
            .filter(|f| f.cycle.moves.len() == 10)
            .step_by(5000)
            .take(4)
        {
            let c = Cube::solved(7).after(&Alg(f.cycle.moves.clone()));
            if undone(&c) == 0 {
                continue;
            }
            let moves = finish(stage, &stage.masks(&c), true).expect("finished");
            assert_eq!(
                undone(&c.after(&Alg(moves))),
                0,
                "{}",
                Alg(f.cycle.moves.clone())
            );
            tried += 1;
        }
        assert!(tried > 0);
    }

    #[test]
    fn bar_pairs_are_neighbours_along_a_row_of_an_outer_ring() {
        for (n, want) in [(6, 1), (7, 2)] {
            let g = crate::geometry::Geometry::of(n);
            let ring = &rings(n)[1];
            let pairs = bar_pairs(n, ring);
            assert_eq!(pairs.len(), want, "{n}");
            for (a, b) in pairs {
                let side_by_side = g.centre_orbits[ring[a]].iter().any(|&p| {
                    g.centre_orbits[ring[b]].iter().any(|&q| {
                        let ((r, c), (s, d)) = (g.row_col(p), g.row_col(q));
                        g.face(p) == g.face(q) && r == s && r != c && s != d && c.abs_diff(d) == 1
                    })
                });
                assert!(side_by_side, "{n}: {a} {b}");
            }
        }
    }

    #[test]
    fn a_bar_pair_is_as_far_as_either_orbit_and_no_farther_than_the_moves() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let stage = stages(6)
            .iter()
            .find(|s| s.goal == Goal::Lr && !s.done.is_empty())
            .expect("the outer ring's second stage");
        let Distances::Orbits { each, bars } = &stage.distances else {
            panic!("a second stage ranks by orbits");
        };
        let bar = &bars[0];
        for k in 0..12 {
            let moves: Vec<Move> = (0..k)
                .map(|_| stage.moves[rand::Rng::gen_range(&mut rng, 0..stage.moves.len())])
                .collect();
            let masks = stage.masks(&Cube::solved(6).after(&Alg(moves.clone())));
            let d = bar.distance(&masks);
            let own = |o: usize| each[o][stage.goal.index(&masks[o])];
            assert!(d >= own(bar.a).max(own(bar.b)), "{}", Alg(moves.clone()));
            assert!(usize::from(d) <= k, "{}", Alg(moves));
        }
    }

    #[test]
    fn the_last_stage_groups_cover_every_orbit_four_at_most() {
        for n in [5, 6, 7] {
            let groups = last_groups(n);
            let mut covered: Vec<usize> = groups.iter().flatten().copied().collect();
            covered.sort_unstable();
            covered.dedup();
            assert_eq!(
                covered,
                (0..rings(n).iter().flatten().count()).collect::<Vec<_>>()
            );
            assert!(
                groups.iter().all(|g| g.len() <= GROUP_MOST),
                "{n}: {groups:?}"
            );
        }
        assert_eq!(last_groups(6).len(), 1);
        assert_eq!(last_groups(7).len(), 2);
    }

    #[test]
    fn the_last_stage_is_done_exactly_when_every_centre_is_home() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for n in [5, 6, 7] {
            let last = stages(n).last().expect("a last stage");
            let bound = |c: &Cube| last.bound(&last.masks(c));
            assert_eq!(bound(&Cube::solved(n)), 0);
            // Half turns keep every colour on its axis, as after the first two stages.
            for _ in 0..20 {
                let moves: Vec<Move> = (0..3)
                    .map(|_| last.moves[rand::Rng::gen_range(&mut rng, 0..last.moves.len())])
                    .map(|m| Move { turns: 2, ..m })
                    .collect();
                let c = Cube::solved(n).after(&Alg(moves.clone()));
                let home = c
                    .geometry()
                    .centre_orbits
                    .iter()
                    .flatten()
                    .all(|&s| c.stickers()[s] == c.geometry().face(s));
                assert_eq!(bound(&c) == 0, home, "{n}: {}", Alg(moves));
                assert!(bound(&c) as usize <= moves.len(), "{n}: {}", Alg(moves));
            }
        }
    }

    #[test]
    fn scrambled_centres_are_solved_with_even_wings() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for _ in 0..3 {
            let (_, cube) = crate::scramble::random_moves(&mut rng, 5, 60);
            let cube = crate::validity::renamed(&cube).unwrap();
            let moves = solve(&cube).expect("centres");
            let after = cube.after(&Alg(moves.clone()));
            let g = after.geometry();
            assert!(g
                .centre_orbits
                .iter()
                .flatten()
                .all(|&s| after.stickers()[s] == g.face(s)));
            assert_eq!(odd_wings(&after), 0);
            eprintln!("{} moves", moves.len());
        }
    }
}
