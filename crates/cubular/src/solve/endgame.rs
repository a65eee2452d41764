//! Stage two: fix the remaining cells with commutators.
//!
//! A commutator `A B A' B'` of two overlapping blocks changes only the few cells near
//! their overlap (a 3-cycle when they share one corner cell). The patterns are found
//! once by trying every pair of moves on nearby blocks and kept when they touch few
//! cells; they are then translated across the cube. Each step applies the placement
//! that fixes the most cells; when none helps, or the best fixes only one cell and a
//! carry does better per move, setup moves carry a wanted piece next to its target
//! first and are undone afterwards; commutators that gain under the same setup are
//! played before it is undone (see [`in_frame`]).

use super::tuning::{COMMUTATOR_CELLS, FAR_CARRY_CELLS, FRAME_GAIN, MAX_SETUP};
use super::{Ctx, SolveError};
use crate::cube::{coords, index, parity, Cube, CELLS, SOLVED};
use crate::moves::{carriers, feeders, move_table, play_all, source_of, Axis, Move};
use rayon::prelude::*;
use std::collections::VecDeque;
use std::sync::OnceLock;

/// A cell relative to a commutator's first block centre.
pub(super) type Offset = [i8; 3];

/// Largest commutator kept (cells changed); a stage may use a prefix of them.
const LARGEST: usize = 12;

/// A commutator relative to its first block's centre.
pub(super) struct Pattern {
    /// The four moves: centre offset, axis, turns.
    moves: [(Offset, Axis, u8); 4],
    /// Changed cells as (destination, source) offsets.
    pub(super) pairs: Vec<(Offset, Offset)>,
    /// Range of anchor (first centre) coordinates that keep both blocks inside.
    pub(super) lo: [i8; 3],
    pub(super) hi: [i8; 3],
}

/// Every commutator kept, smallest (fewest cells changed) first.
pub(super) fn patterns() -> &'static [Pattern] {
    static P: OnceLock<Vec<Pattern>> = OnceLock::new();
    P.get_or_init(build_patterns)
}

fn build_patterns() -> Vec<Pattern> {
    let c = 4i8;
    let mut out = Vec::new();
    let mut effects = std::collections::HashSet::new();
    let table = move_table();
    for ox in -2i8..=2 {
        for oy in -2i8..=2 {
            for oz in -2i8..=2 {
                let o = [ox, oy, oz];
                if o.iter().all(|v| v.abs() < 2) {
                    continue;
                }
                for ax_a in Axis::ALL {
                    for ta in 1..=3u8 {
                        for ax_b in Axis::ALL {
                            for tb in 1..=3u8 {
                                let a = Move::new(4, 4, 4, ax_a, ta).expect("in range");
                                let b = Move::new(
                                    (c + ox) as u8,
                                    (c + oy) as u8,
                                    (c + oz) as u8,
                                    ax_b,
                                    tb,
                                )
                                .expect("in range");
                                let seq = [a, b, a.inverse(), b.inverse()];
                                let mut lab: Vec<u16> = (0..CELLS as u16).collect();
                                for m in seq {
                                    let cyc = &table[m.index()];
                                    let old = lab.clone();
                                    for &(d, s) in cyc.iter() {
                                        lab[d as usize] = old[s as usize];
                                    }
                                }
                                let changed: Vec<(usize, usize)> = (0..CELLS)
                                    .filter(|&i| lab[i] as usize != i)
                                    .map(|i| (i, lab[i] as usize))
                                    .collect();
                                if changed.is_empty() || changed.len() > LARGEST {
                                    continue;
                                }
                                // Keep one commutator per effect.
                                let key: Vec<(i32, i32)> = changed
                                    .iter()
                                    .map(|&(d, s)| {
                                        (
                                            d as i32 - index(4, 4, 4) as i32,
                                            s as i32 - index(4, 4, 4) as i32,
                                        )
                                    })
                                    .collect();
                                if !effects.insert(key) {
                                    continue;
                                }
                                let rel = |i: usize| {
                                    let (x, y, z) = coords(i);
                                    [x as i8 - c, y as i8 - c, z as i8 - c]
                                };
                                let mv = |m: Move| {
                                    (
                                        [m.x as i8 - c, m.y as i8 - c, m.z as i8 - c],
                                        m.axis,
                                        m.turns,
                                    )
                                };
                                let mut lo = [1i8; 3];
                                let mut hi = [7i8; 3];
                                for k in 0..3 {
                                    lo[k] = lo[k].max(1 - o[k]);
                                    hi[k] = hi[k].min(7 - o[k]);
                                }
                                out.push(Pattern {
                                    moves: [mv(seq[0]), mv(seq[1]), mv(seq[2]), mv(seq[3])],
                                    pairs: changed.iter().map(|&(d, s)| (rel(d), rel(s))).collect(),
                                    lo,
                                    hi,
                                });
                            }
                        }
                    }
                }
            }
        }
    }
    // Smallest first, so that a size limit is a prefix.
    out.sort_by_key(|p| p.pairs.len());
    out
}

/// A pattern placed with its first block centred at `anchor`.
#[derive(Clone, Copy)]
pub(super) struct Placement {
    pub(super) pattern: u32,
    pub(super) anchor: [i8; 3],
}

impl Placement {
    /// The cell at `off` from the anchor.
    pub(super) fn cell(&self, off: Offset) -> usize {
        let a = self.anchor;
        index(
            (a[0] + off[0]) as usize,
            (a[1] + off[1]) as usize,
            (a[2] + off[2]) as usize,
        )
    }

    /// The commutator's four moves.
    pub(super) fn moves(&self) -> [Move; 4] {
        let p = &patterns()[self.pattern as usize];
        p.moves.map(|(o, axis, turns)| Move {
            x: (self.anchor[0] + o[0]) as u8,
            y: (self.anchor[1] + o[1]) as u8,
            z: (self.anchor[2] + o[2]) as u8,
            axis,
            turns,
        })
    }

    /// The carry: `setup` (move numbers), this commutator, then `setup` undone.
    fn carried(&self, setup: &[u16]) -> Vec<Move> {
        let setup: Vec<Move> = setup
            .iter()
            .map(|&m| Move::from_index(m as usize))
            .collect();
        let mut seq = setup.clone();
        seq.extend(self.moves());
        seq.extend(crate::moves::invert(&setup));
        seq
    }

    /// Cells fixed minus cells broken by `setup`, this commutator, then `setup`
    /// undone. The three change only the cells the setup brings under the
    /// commutator: where cell `c` of the commutator is traced back through the setup
    /// (see [`source_of`]). So the gain is read from a dozen cells, without playing
    /// the moves on the cube, which makes trying every setup of every carry cheap.
    /// `None` as soon as the gain cannot reach `need` (each cell adds at most one).
    fn gain_after(&self, cells: &[u8; CELLS], setup: &mut Traced, need: i32) -> Option<i32> {
        let p = &patterns()[self.pattern as usize];
        let mut back = |c: usize| setup.back(c);
        let mut gain = 0;
        let mut left = p.pairs.len() as i32;
        for &(d, s) in &p.pairs {
            let (d, s) = (back(self.cell(d)), back(self.cell(s)));
            gain += (cells[s] == SOLVED[d]) as i32 - (cells[d] == SOLVED[d]) as i32;
            left -= 1;
            if gain + left < need {
                return None;
            }
        }
        Some(gain)
    }

    /// [`Placement::gain_after`] read from a cube whose cells hold `held` and want
    /// `wants` (the cube and the solved one, traced back through a setup).
    fn gain_framed(&self, held: &[u8; CELLS], wants: &[u8; CELLS], need: i32) -> Option<i32> {
        let p = &patterns()[self.pattern as usize];
        let mut gain = 0;
        let mut left = p.pairs.len() as i32;
        for &(d, s) in &p.pairs {
            let (d, s) = (self.cell(d), self.cell(s));
            gain += (held[s] == wants[d]) as i32 - (held[d] == wants[d]) as i32;
            left -= 1;
            if gain + left < need {
                return None;
            }
        }
        Some(gain)
    }

    /// Cells fixed minus cells broken.
    fn gain(&self, cells: &[u8; CELLS]) -> i32 {
        let p = &patterns()[self.pattern as usize];
        p.pairs
            .iter()
            .map(|&(d, s)| {
                let (d, s) = (self.cell(d), self.cell(s));
                (cells[s] == SOLVED[d]) as i32 - (cells[d] == SOLVED[d]) as i32
            })
            .sum()
    }
}

/// A setup (move numbers, in playing order) with the cells traced back through it so
/// far: the carries of one setup ask about the same few dozen cells again and again.
struct Traced<'a> {
    setup: &'a [u16],
    /// The traced cell of each cell, valid where `stamp` equals `now`.
    back: [u16; CELLS],
    stamp: [u32; CELLS],
    now: u32,
}

impl<'a> Traced<'a> {
    fn new() -> Traced<'a> {
        Traced {
            setup: &[],
            back: [0; CELLS],
            stamp: [0; CELLS],
            now: 0,
        }
    }

    /// Start over with another setup.
    fn set(&mut self, setup: &'a [u16]) {
        self.setup = setup;
        self.now += 1;
    }

    /// The cell whose piece `c` holds after the setup (see [`source_of`]).
    fn back(&mut self, c: usize) -> usize {
        if self.stamp[c] != self.now {
            self.stamp[c] = self.now;
            let traced = self
                .setup
                .iter()
                .rev()
                .fold(c, |c, &m| source_of(m as usize, c));
            self.back[c] = traced as u16;
        }
        self.back[c] as usize
    }
}

/// Every placement of a commutator of at most `limit` cells that moves some piece into
/// cell `t`, with the source cell.
fn placements_into(t: usize, limit: usize) -> impl Iterator<Item = (Placement, usize)> {
    let (x, y, z) = coords(t);
    let t3 = [x as i8, y as i8, z as i8];
    // Patterns are sorted by size.
    let sized = patterns()
        .iter()
        .take_while(move |p| p.pairs.len() <= limit);
    sized.enumerate().flat_map(move |(pi, p)| {
        p.pairs.iter().filter_map(move |&(d, s)| {
            let anchor = [t3[0] - d[0], t3[1] - d[1], t3[2] - d[2]];
            if (0..3).all(|k| anchor[k] >= p.lo[k] && anchor[k] <= p.hi[k]) {
                let pl = Placement {
                    pattern: pi as u32,
                    anchor,
                };
                let src = pl.cell(s);
                Some((pl, src))
            } else {
                None
            }
        })
    })
}

/// Pattern pairs (pattern, pair) sharing one step from destination to source.
type StepGroup = (Offset, Vec<(u32, u8)>);

/// Pattern pairs grouped by the step from destination to source: (step, [(pattern, pair)]).
fn by_step() -> &'static Vec<StepGroup> {
    static S: OnceLock<Vec<StepGroup>> = OnceLock::new();
    S.get_or_init(|| {
        let mut m: std::collections::BTreeMap<Offset, Vec<(u32, u8)>> = Default::default();
        for (pi, p) in patterns().iter().enumerate() {
            for (k, &(d, s)) in p.pairs.iter().enumerate() {
                let step = [s[0] - d[0], s[1] - d[1], s[2] - d[2]];
                m.entry(step).or_default().push((pi as u32, k as u8));
            }
        }
        m.into_iter().collect()
    })
}

/// The placement into misplaced cell `t` that gains most, among those bringing it a
/// right piece.
fn best_into(t: usize, cells: &[u8; CELLS], limit: usize) -> Option<(i32, Placement)> {
    let want = SOLVED[t];
    let mut best: Option<(i32, Placement)> = None;
    for pl in placements_bringing(t, limit, |s| cells[s] == want) {
        let g = pl.gain(cells);
        if g > 0 && best.is_none_or(|(bg, _)| g > bg) {
            best = Some((g, pl));
        }
    }
    best
}

/// Every placement of a commutator of at most `limit` cells that moves into cell `t`
/// the piece of a cell that `brings` accepts (asked once for each cell a commutator
/// can bring a piece from, before any of its placements is made).
pub(super) fn placements_bringing(
    t: usize,
    limit: usize,
    brings: impl Fn(usize) -> bool,
) -> impl Iterator<Item = Placement> {
    let (x, y, z) = coords(t);
    let t3 = [x as i8, y as i8, z as i8];
    by_step()
        .iter()
        .filter(move |(step, _)| {
            let s3 = [t3[0] + step[0], t3[1] + step[1], t3[2] + step[2]];
            s3.iter().all(|c| (0..9).contains(c))
                && brings(index(s3[0] as usize, s3[1] as usize, s3[2] as usize))
        })
        .flat_map(move |(_, list)| {
            list.iter()
                .take_while(move |&&(pi, _)| patterns()[pi as usize].pairs.len() <= limit)
                .filter_map(move |&(pi, k)| {
                    let p = &patterns()[pi as usize];
                    let d = p.pairs[k as usize].0;
                    let anchor = [t3[0] - d[0], t3[1] - d[1], t3[2] - d[2]];
                    (0..3)
                        .all(|i| anchor[i] >= p.lo[i] && anchor[i] <= p.hi[i])
                        .then_some(Placement {
                            pattern: pi,
                            anchor,
                        })
                })
        })
}

/// Run the endgame on `cube`; returns the moves that solve it.
pub fn run(cube: &Cube, ctx: &Ctx) -> Result<Vec<Move>, SolveError> {
    let mut cells = *cube.cells();
    let mut out: Vec<Move> = Vec::new();
    loop {
        let wrong: Vec<usize> = (0..CELLS).filter(|&i| cells[i] != SOLVED[i]).collect();
        if wrong.is_empty() {
            break;
        }
        let (ms, setup) = step(&cells, &wrong).ok_or(SolveError::Stuck(wrong.len()))?;
        play_all(&mut cells, &ms);
        // More commutators under the same setup, while they gain enough.
        let setup: Vec<u16> = ms[..setup].iter().map(|m| m.index() as u16).collect();
        out.extend(ms);
        if !setup.is_empty() {
            while let Some(more) = in_frame(&cells, &setup, COMMUTATOR_CELLS) {
                play_all(&mut cells, &more);
                out.extend(more);
            }
        }
        ctx.report("endgame", &Cube::from_cells(cells), out.len());
    }
    Ok(out)
}

/// The moves of one endgame step on `cells`, whose misplaced cells are `wrong`: the
/// direct commutators that gain most (several, when they still gain as much one
/// after another); a carry instead when the best of them fixes one cell (four moves a
/// cell) and a carry fixes more per move; a carry, or a general 3-cycle, when no
/// commutator gains. With the moves, how many of them are a carry's setup (0 for
/// anything else), so that [`in_frame`] can go on under it. `None` when nothing makes
/// progress.
fn step(cells: &[u8; CELLS], wrong: &[usize]) -> Option<(Vec<Move>, usize)> {
    let limit = COMMUTATOR_CELLS;
    let cands: Vec<(i32, Placement)> = wrong
        .par_iter()
        .filter_map(|&t| best_into(t, cells, limit))
        .collect();
    let top = cands.iter().map(|c| c.0).max();
    // The far carries find shorter ones at a cost that grows with the cube of the
    // cells left, so they are for the last cells only.
    let far = wrong.len() <= FAR_CARRY_CELLS;
    let carried = if far { COMMUTATOR_CELLS } else { 3 };
    if top == Some(1) {
        if let Some((rate, ms, setup)) = carry(cells, wrong, carried, far) {
            if rate > 0.25 {
                return Some((ms, setup));
            }
        }
    }
    if let Some(top) = top {
        let mut cands = cands;
        cands.sort_by_key(|c| -c.0);
        let mut after = *cells;
        let mut out = Vec::new();
        for (g, pl) in cands {
            if g == top && pl.gain(&after) >= g {
                play_all(&mut after, &pl.moves());
                out.extend(pl.moves());
            }
        }
        return Some((out, 0));
    }
    carry(cells, wrong, carried, far)
        .map(|(_, ms, setup)| (ms, setup))
        .or_else(|| cycle_three(cells, wrong).map(|ms| (ms, 0)))
}

/// A commutator of at most `limit` cells under `setup` (move numbers), the setup of the
/// carry just played, fixing at least [`FRAME_GAIN`] cells: as a carry with that setup
/// (setup, commutator, setup undone), whose setup cancels with the undoing of the
/// last one, so that it costs four moves. Only commutators through the cells the setup
/// moved are tried; any other is a direct one.
fn in_frame(cells: &[u8; CELLS], setup: &[u16], limit: usize) -> Option<Vec<Move>> {
    let moved = moved_by(setup);
    let (held, wants) = framed(cells, setup, &moved);
    let mut need = FRAME_GAIN;
    let mut best: Option<Placement> = None;
    for t in moved {
        for (pl, _) in placements_into(t, limit) {
            if let Some(gain) = pl.gain_framed(&held, &wants, need) {
                best = Some(pl);
                need = gain + 1;
            }
        }
    }
    best.map(|pl| pl.carried(setup))
}

/// The cells the moves of `setup` (move numbers) turn, in order, each once.
fn moved_by(setup: &[u16]) -> Vec<usize> {
    let mut moved: Vec<usize> = setup
        .iter()
        .flat_map(|&m| move_table()[m as usize].iter().map(|&(d, _)| d as usize))
        .collect();
    moved.sort_unstable();
    moved.dedup();
    moved
}

/// The cube `cells` as the commutators under `setup` see it: each cell's digit and
/// the digit it wants, traced back through the setup (see [`source_of`]); only the
/// cells in `moved`, those the setup turns, differ from `cells` and the solved cube.
fn framed(cells: &[u8; CELLS], setup: &[u16], moved: &[usize]) -> ([u8; CELLS], [u8; CELLS]) {
    let mut traced = Traced::new();
    traced.set(setup);
    let (mut held, mut wants) = (*cells, SOLVED);
    for &x in moved {
        let from = traced.back(x);
        (held[x], wants[x]) = (cells[from], SOLVED[from]);
    }
    (held, wants)
}

/// Cells fixed by playing `seq` on `cells` (negative when it breaks more than it
/// fixes).
fn gain_of(cells: &[u8; CELLS], seq: &[Move]) -> i32 {
    let table = move_table();
    let mut c = *cells;
    let mut touched = [false; CELLS];
    let mut gain = 0;
    for m in seq {
        for &(d, _) in table[m.index()].iter() {
            let d = d as usize;
            if !touched[d] {
                touched[d] = true;
                gain -= (c[d] == SOLVED[d]) as i32;
            }
        }
        crate::moves::play(&mut c, m.index());
    }
    for (i, &t) in touched.iter().enumerate() {
        if t {
            gain += (c[i] == SOLVED[i]) as i32;
        }
    }
    gain
}

/// Setup moves, a commutator of at most `limit` cells and the undoing of the setup,
/// fixing at least one cell: of the carries into every misplaced cell (tried on all
/// cores), the one fixing most cells per move (with that rate and its setup's length),
/// the first in `wrong`'s order on ties.
fn carry(
    cells: &[u8; CELLS],
    wrong: &[usize],
    limit: usize,
    far: bool,
) -> Option<(f64, Vec<Move>, usize)> {
    let found: Vec<Option<(f64, Vec<Move>, usize)>> = wrong
        .par_iter()
        .map(|&t| carry_into(cells, wrong, limit, far, t))
        .collect();
    let mut best: Option<(f64, Vec<Move>, usize)> = None;
    for (rate, seq, setup) in found.into_iter().flatten() {
        if best.as_ref().is_none_or(|(r, _, _)| rate > *r) {
            best = Some((rate, seq, setup));
        }
    }
    best
}

/// The carry into cell `t` fixing most cells per move, with that rate and its setup's
/// length. The setups take each right piece to the nearest entry cells where a
/// commutator gains, or with `far` to every entry cell within [`MAX_SETUP`] moves
/// (shorter solutions, several times the time; an entry cell whose largest commutator
/// cannot reach the best rate found so far is passed over).
fn carry_into(
    cells: &[u8; CELLS],
    wrong: &[usize],
    limit: usize,
    far: bool,
    t: usize,
) -> Option<(f64, Vec<Move>, usize)> {
    let want = SOLVED[t];
    let into = entries(t, limit);
    let sources = wrong
        .iter()
        .copied()
        .filter(|&a| a != t && cells[a] == want && parity(a) == parity(t));
    // The best carry so far: (gain, moves).
    let mut best: Option<(i32, Vec<Move>)> = None;
    let mut traced = Traced::new();
    for a in sources {
        for r in reach(a) {
            let Some((most, entry)) = into.at(r.cell as usize) else {
                continue;
            };
            let setup = &r.moves[..r.len as usize];
            let len = 2 * setup.len() as i32 + 4;
            // The least gain that beats the best rate so far: g / len > bg / blen.
            let mut need = best
                .as_ref()
                .map_or(1, |(bg, b)| bg * len / b.len() as i32 + 1);
            if far && (most as i32) < need {
                continue;
            }
            traced.set(setup);
            for pl in entry {
                let Some(gain) = pl.gain_after(cells, &mut traced, need) else {
                    continue;
                };
                let seq = pl.carried(setup);
                debug_assert_eq!(gain, gain_of(cells, &seq));
                best = Some((gain, seq));
                need = gain + 1;
            }
            if best.is_some() && !far {
                break;
            }
        }
    }
    best.map(|(gain, seq)| {
        let setup = (seq.len() - 4) / 2;
        (gain as f64 / seq.len() as f64, seq, setup)
    })
}

/// The entry cells of one cell `t`: where a piece must be for some commutator of at
/// most `limit` cells to bring it into `t`, each with those commutators and the most
/// cells any of them changes. They depend on `t` and `limit` alone, so they are
/// gathered once and kept.
struct Entries {
    /// For each cell, 1 + its place in `lists`, or 0 when it is no entry cell.
    slot: Vec<u16>,
    /// (most cells changed, the commutators), in the order first met.
    lists: Vec<(u8, Vec<Placement>)>,
}

impl Entries {
    fn of(t: usize, limit: usize) -> Entries {
        let mut slot = vec![0u16; CELLS];
        let mut lists: Vec<(u8, Vec<Placement>)> = Vec::new();
        for (pl, src) in placements_into(t, limit) {
            let n = patterns()[pl.pattern as usize].pairs.len() as u8;
            if slot[src] == 0 {
                lists.push((0, Vec::new()));
                slot[src] = lists.len() as u16;
            }
            let (most, list) = &mut lists[slot[src] as usize - 1];
            *most = (*most).max(n);
            list.push(pl);
        }
        Entries { slot, lists }
    }

    /// The most cells changed and the commutators of entry cell `u`, if it is one.
    fn at(&self, u: usize) -> Option<(u8, &[Placement])> {
        let k = self.slot[u] as usize;
        (k > 0).then(|| (self.lists[k - 1].0, &self.lists[k - 1].1[..]))
    }
}

/// [`Entries`] of cell `t` for commutators of at most `limit` cells.
fn entries(t: usize, limit: usize) -> &'static Entries {
    static E: [[OnceLock<Entries>; CELLS]; LARGEST + 1] =
        [const { [const { OnceLock::new() }; CELLS] }; LARGEST + 1];
    E[limit.min(LARGEST)][t].get_or_init(|| Entries::of(t, limit.min(LARGEST)))
}

/// A cell a piece can be taken to, and the shortest setup that takes it there.
struct Reached {
    cell: u16,
    len: u8,
    /// Move numbers, in playing order; the first `len` count.
    moves: [u16; MAX_SETUP],
}

/// Every cell the piece in cell `a` reaches within [`MAX_SETUP`] moves, nearest
/// first, with a shortest setup for each: the breadth-first walk is the same whatever
/// the cube holds, so it is done once per cell and kept (about 4 KB a cell).
fn reach(a: usize) -> &'static [Reached] {
    static REACH: [OnceLock<Vec<Reached>>; CELLS] = [const { OnceLock::new() }; CELLS];
    REACH[a].get_or_init(|| {
        let mut out = Vec::with_capacity(CELLS);
        walk_piece(
            a,
            &[],
            false,
            MAX_SETUP,
            |_| true,
            |u, path| {
                let mut moves = [0u16; MAX_SETUP];
                for (slot, m) in moves.iter_mut().zip(&path) {
                    *slot = m.index() as u16;
                }
                out.push(Reached {
                    cell: u as u16,
                    len: path.len() as u8,
                    moves,
                });
                false
            },
        );
        out
    })
}

/// Breadth-first path of one piece from `from` to the first cell satisfying `goal`,
/// never turning a block that holds a cell in `avoid`. `backward` searches the moves
/// that bring a piece *into* the cells instead (the path is still returned in playing
/// order, from the found cell to `from`). Returns (found cell, moves).
fn piece_path(
    from: usize,
    avoid: &[usize],
    backward: bool,
    max_depth: usize,
    goal: impl Fn(usize) -> bool,
) -> Option<(usize, Vec<Move>)> {
    let mut found = None;
    walk_piece(from, avoid, backward, max_depth, goal, |u, path| {
        found = Some((u, path));
        true
    });
    found
}

/// Breadth-first walk of one piece from `from`, at most `max_depth` moves, never turning
/// a block that holds a cell in `avoid` (`backward` as in [`piece_path`]). At each cell
/// satisfying `goal`, `take` gets the cell and the path to it in playing order; the walk
/// stops when `take` says so.
fn walk_piece(
    from: usize,
    avoid: &[usize],
    backward: bool,
    max_depth: usize,
    goal: impl Fn(usize) -> bool,
    mut take: impl FnMut(usize, Vec<Move>) -> bool,
) {
    let mut prev: Vec<(u16, u16)> = vec![(u16::MAX, u16::MAX); CELLS];
    let mut depth = vec![u8::MAX; CELLS];
    depth[from] = 0;
    let mut q = VecDeque::from([from]);
    let graph = if backward { feeders() } else { carriers() };
    // Blocks that must not turn, by block number (a move's index / 9).
    let mut blocked = [false; 343];
    for &c in avoid {
        for &b in &super::sweep::blocks_of()[c] {
            blocked[b as usize] = true;
        }
    }
    while let Some(u) = q.pop_front() {
        if goal(u) {
            let mut path = Vec::new();
            let mut v = u;
            while v != from {
                let (mi, w) = prev[v];
                path.push(Move::from_index(mi as usize));
                v = w as usize;
            }
            if !backward {
                path.reverse();
            }
            if take(u, path) {
                return;
            }
        }
        let du = depth[u] as usize;
        if du >= max_depth {
            continue;
        }
        for &(mi, d) in &graph[u] {
            if depth[d as usize] != u8::MAX || blocked[mi as usize / 9] {
                continue;
            }
            depth[d as usize] = (du + 1) as u8;
            prev[d as usize] = (mi, u as u16);
            q.push_back(d as usize);
        }
    }
}

/// Where the piece in `cell` is after move `m`.
fn after(m: Move, cell: usize) -> usize {
    move_table()[m.index()]
        .iter()
        .find(|&&(_, s)| s as usize == cell)
        .map_or(cell, |&(d, _)| d as usize)
}

/// The general 3-cycle: for a misplaced cell t, a piece it wants (at a) and a cell x
/// that may take t's piece, setup moves bring t into reach (at most one move), then x's
/// piece and a's piece into the places of a 3-cycle commutator through t; the setup is
/// undone afterwards.
fn cycle_three(cells: &[u8; CELLS], wrong: &[usize]) -> Option<Vec<Move>> {
    for &t0 in wrong {
        let want = SOLVED[t0];
        let sources: Vec<usize> = wrong
            .iter()
            .copied()
            .filter(|&a| a != t0 && cells[a] == want && parity(a) == parity(t0))
            .collect();
        let first: Vec<Option<Move>> = std::iter::once(None)
            .chain(
                (0..crate::moves::MOVE_COUNT)
                    .map(Move::from_index)
                    .filter(|&m| m.holds(t0))
                    .map(Some),
            )
            .collect();
        for s0 in first {
            let t = s0.map_or(t0, |m| after(m, t0));
            let back = |c: usize| match s0 {
                None => c,
                Some(m) => after(m.inverse(), c),
            };
            for (pl, p) in placements_into(t, 3) {
                let pat = &patterns()[pl.pattern as usize];
                if pat.pairs.len() != 3 {
                    continue;
                }
                // r: where t's piece goes.
                let Some(r) = pat
                    .pairs
                    .iter()
                    .map(|&(d, s)| (pl.cell(d), pl.cell(s)))
                    .find(|&(_, s)| s == t)
                    .map(|(d, _)| d)
                else {
                    continue;
                };
                for &a0 in &sources {
                    let a = s0.map_or(a0, |m| after(m, a0));
                    let ok_x = |x: usize| {
                        let x0 = back(x);
                        x0 != a0
                            && x0 != t0
                            && parity(x0) == parity(t0)
                            && (cells[x0] != SOLVED[x0] || SOLVED[x0] == cells[t0])
                    };
                    let Some((_, s1)) = piece_path(r, &[t], true, 3, ok_x) else {
                        continue;
                    };
                    let mut pos = a;
                    for &m in &s1 {
                        pos = after(m, pos);
                    }
                    if pos == r || pos == t {
                        continue;
                    }
                    let Some((_, s2)) = piece_path(pos, &[t, r], false, 4, |u| u == p) else {
                        continue;
                    };
                    let mut setup: Vec<Move> = s0.into_iter().collect();
                    setup.extend(s1);
                    setup.extend(s2);
                    let mut seq = setup.clone();
                    seq.extend(pl.moves());
                    seq.extend(crate::moves::invert(&setup));
                    if gain_of(cells, &seq) > 0 {
                        return Some(seq);
                    }
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cells_entries_hold_every_commutator_into_it_under_its_source() {
        for (t, limit) in [(0, 3), (364, 6), (100, 9), (728, LARGEST)] {
            let into = entries(t, limit);
            let mut listed = 0;
            for u in 0..CELLS {
                let Some((most, list)) = into.at(u) else {
                    continue;
                };
                let sizes = list
                    .iter()
                    .map(|pl| patterns()[pl.pattern as usize].pairs.len());
                assert_eq!(Some(most as usize), sizes.max());
                listed += list.len();
            }
            let all: Vec<(Placement, usize)> = placements_into(t, limit).collect();
            assert_eq!(listed, all.len());
            for (pl, src) in all {
                let (_, list) = into.at(src).expect("an entry cell");
                assert!(list
                    .iter()
                    .any(|p| p.pattern == pl.pattern && p.anchor == pl.anchor));
            }
        }
    }

    /// The solved cube with pairs of far-apart cells of one parity class swapped.
    fn swapped(pairs: &[(usize, usize)]) -> [u8; CELLS] {
        let mut cells = SOLVED;
        for &(a, b) in pairs {
            assert_eq!(parity(a), parity(b));
            cells.swap(a, b);
        }
        cells
    }

    fn rate(cells: &[u8; CELLS], seq: &[Move]) -> f64 {
        gain_of(cells, seq) as f64 / seq.len() as f64
    }

    #[test]
    fn a_carry_takes_the_best_rate_over_all_cells() {
        let cells = swapped(&[
            (index(0, 0, 0), index(4, 4, 2)),
            (index(8, 0, 8), index(2, 6, 4)),
        ]);
        let wrong: Vec<usize> = (0..CELLS).filter(|&i| cells[i] != SOLVED[i]).collect();
        assert_eq!(wrong.len(), 4);
        let (_, chosen, _) = carry(&cells, &wrong, 3, false).expect("some carry fixes a cell");
        assert!(rate(&cells, &chosen) > 0.0);
        for &t in &wrong {
            if let Some((r, seq, _)) = carry_into(&cells, &wrong, 3, false, t) {
                assert!((rate(&cells, &seq) - r).abs() < 1e-9);
                assert!(rate(&cells, &chosen) >= r, "cell {t} offers {r}");
            }
        }
    }

    #[test]
    fn a_carrys_gain_is_read_without_playing_it() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let moves = crate::moves::MOVE_COUNT;
        for _ in 0..300 {
            // A cube a few moves from solved, so that gains of every sign occur.
            let mut cells = SOLVED;
            for _ in 0..rng.gen_range(1..4) {
                crate::moves::play(&mut cells, rng.gen_range(0..moves));
            }
            let t = rng.gen_range(0..CELLS);
            let setup: Vec<u16> = (0..rng.gen_range(0..=MAX_SETUP))
                .map(|_| rng.gen_range(0..moves) as u16)
                .collect();
            let all: Vec<(Placement, usize)> = placements_into(t, LARGEST).collect();
            let (pl, _) = all[rng.gen_range(0..all.len())];
            let seq = pl.carried(&setup);
            let gain = gain_of(&cells, &seq);
            let mut traced = Traced::new();
            traced.set(&setup);
            assert_eq!(pl.gain_after(&cells, &mut traced, i32::MIN), Some(gain));
            assert_eq!(pl.gain_after(&cells, &mut traced, gain + 1), None);
            // The same read from the cube as the setup leaves it.
            let (held, wants) = framed(&cells, &setup, &moved_by(&setup));
            assert_eq!(pl.gain_framed(&held, &wants, i32::MIN), Some(gain));
            assert_eq!(pl.gain_framed(&held, &wants, gain + 1), None);
        }
    }

    #[test]
    fn reach_lists_each_cell_once_nearest_first_with_a_setup_that_takes_the_piece_there() {
        let a = index(1, 7, 3);
        let reached = reach(a);
        // Most cells of the piece's parity class, and no other.
        assert!(reached.len() > 300, "{}", reached.len());
        assert!(reached.iter().all(|r| parity(r.cell as usize) == parity(a)));
        assert!(reached.windows(2).all(|w| w[0].len <= w[1].len));
        let mut seen = [false; CELLS];
        for r in reached {
            assert!(!std::mem::replace(&mut seen[r.cell as usize], true));
            // Trace the cell back through the setup: it must come from `a`.
            let back = r.moves[..r.len as usize]
                .iter()
                .rev()
                .fold(r.cell as usize, |c, &m| source_of(m as usize, c));
            assert_eq!(back, a);
        }
    }

    #[test]
    fn commutators_under_the_setup_just_played_share_it() {
        // A cube two carries with one setup from solved: after the first, the second
        // commutator is found under the same setup, which cancels with the first's
        // undoing (four moves instead of six).
        let setup = [Move::new(4, 4, 4, Axis::X, 1).unwrap().index() as u16];
        let moved: Vec<usize> = move_table()[setup[0] as usize]
            .iter()
            .map(|&(d, _)| d as usize)
            .collect();
        // Two 3-cycles through cells the setup moves, apart from each other.
        let mut picked: Vec<Placement> = Vec::new();
        for &t in &moved {
            for (pl, _) in placements_into(t, 3) {
                let cells_of = |p: &Placement| -> Vec<usize> {
                    patterns()[p.pattern as usize]
                        .pairs
                        .iter()
                        .map(|&(d, _)| p.cell(d))
                        .collect()
                };
                let apart = picked.iter().all(|q| {
                    let (a, b) = (cells_of(q), cells_of(&pl));
                    a.iter().all(|c| !b.contains(c))
                });
                let mut undone = SOLVED;
                play_all(&mut undone, &crate::moves::invert(&pl.carried(&setup)));
                let breaks = (0..CELLS).filter(|&i| undone[i] != SOLVED[i]).count();
                if picked.len() < 2 && apart && breaks == 3 {
                    picked.push(pl);
                }
            }
        }
        assert_eq!(picked.len(), 2);
        let mut both = picked[0].carried(&setup);
        both.extend(picked[1].carried(&setup));
        let mut cells = SOLVED;
        play_all(&mut cells, &crate::moves::invert(&both));
        // After the first carry, the second commutator is found under its setup.
        play_all(&mut cells, &picked[0].carried(&setup));
        let more = in_frame(&cells, &setup, 3).expect("a commutator under the setup");
        assert_eq!(more[0].index() as u16, setup[0]);
        assert_eq!(more.len(), 6);
        assert_eq!(gain_of(&cells, &more), 3);
    }

    #[test]
    fn a_carry_goes_before_a_commutator_fixing_one_cell() {
        use rand::{Rng, SeedableRng};
        // Cubes one carry from solved: a 3-cycle conjugated by one move, played
        // backwards. Where no direct commutator fixes more than one cell, the step
        // must be a carry (setup, commutator, setup undone) fixing more per move.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let three: Vec<usize> = (0..patterns().len())
            .filter(|&p| patterns()[p].pairs.len() == 3)
            .collect();
        let mut tried = 0;
        for _ in 0..200 {
            let p = &patterns()[three[rng.gen_range(0..three.len())]];
            let anchor: [i8; 3] = std::array::from_fn(|k| rng.gen_range(p.lo[k]..=p.hi[k]));
            let pl = Placement {
                pattern: patterns().iter().position(|q| std::ptr::eq(q, p)).unwrap() as u32,
                anchor,
            };
            let undo = pl.carried(&[rng.gen_range(0..crate::moves::MOVE_COUNT) as u16]);
            let mut cells = SOLVED;
            play_all(&mut cells, &crate::moves::invert(&undo));
            let wrong: Vec<usize> = (0..CELLS).filter(|&i| cells[i] != SOLVED[i]).collect();
            let top = wrong
                .iter()
                .filter_map(|&t| best_into(t, &cells, 6))
                .map(|c| c.0)
                .max();
            if wrong.len() < 3 || top != Some(1) {
                continue;
            }
            tried += 1;
            let (ms, setup) = step(&cells, &wrong).expect("a step");
            assert!(setup > 0 && ms.len() == 2 * setup + 4);
            assert!(ms.len() > 4, "a carry, not a bare commutator: {ms:?}");
            assert!(rate(&cells, &ms) > 0.25, "{ms:?}");
        }
        assert!(
            tried >= 5,
            "only {tried} cubes where commutators fix one cell"
        );
    }
}
