//! Stage two: place cells from the outside in with "free" moves.
//!
//! Cells are taken in an outside-in order, those covered by the fewest blocks (near the
//! cube's corners, edges and faces) first; cells equally far inside are taken in one of
//! 48 symmetric orders, and the solver keeps the shortest of the orders it tries. A
//! placed cell is locked, and a block is free while it holds no locked cell: turning it
//! cannot undo earlier work. For each cell a short sequence of free moves (found by a
//! backward breadth-first search over where pieces come from) that brings a right
//! piece there is played: of the shortest and those one move longer, the one that
//! fixes the most other cells for its moves. On a deeply scrambled cube the next few
//! wrong cells due are compared that way and the cheapest goes first. The sweep is a
//! narrow beam: several boards are kept, each trying its few cheapest placements (see
//! [`place`]).
//!
//! Where no free block reaches a cell (typically the middle of a row whose two ends are
//! already placed), a conjugate `A P A'` often does: the setup `A` turns locked pieces
//! out of the way, the single move `P` is free in what `A` left and brings a right
//! piece to where `A` took the cell, and `A'` puts everything back. Three moves for one
//! cell, and consecutive conjugates on one setup cancel in between; on a deeply
//! scrambled cube this leaves far fewer cells to the commutator endgame (which costs
//! about 3.4 moves a cell). On a deep cube the cell due may also take a conjugate
//! `A P Q A'` of two free moves, when a right piece is two moves from where the setup
//! took it (or two moves fix more of the cells due next), where nothing places it in
//! three moves without breaking a right cell (see [`Doubles`]).
//!
//! Among the shortest placements of a cell, the one fixing the most of the cells due
//! next is played, and those it fixes are locked at once, as if placed, so that the
//! next placements keep them. (Cells fixed further on are mostly broken again before
//! their turn, so counting them led the sweep astray.)

use super::tuning::{
    CONJUGATE_COST, DEEP_LOOK_AHEAD, DEEP_MISPLACED, DUE_WEIGHT, ENDGAME_MOVES_PER_CELL,
    LONGER_PATHS, MAX_DEPTH, MOVE_WEIGHT, SWEEP_BEAM, WINDOW,
};
use super::Ctx;
use crate::cube::{coords, index, Cube, CELLS, SOLVED};
use crate::moves::{feeders, move_table, play, Move, MOVED, MOVE_COUNT};
use std::sync::OnceLock;

/// For each cell, the blocks (0..343) containing it.
pub(super) fn blocks_of() -> &'static Vec<Vec<u16>> {
    static B: OnceLock<Vec<Vec<u16>>> = OnceLock::new();
    B.get_or_init(|| {
        let mut b = vec![Vec::new(); CELLS];
        for mi in (0..MOVE_COUNT).step_by(9) {
            let m = Move::from_index(mi);
            for (i, list) in b.iter_mut().enumerate() {
                if m.holds(i) {
                    list.push(m.block() as u16);
                }
            }
        }
        b
    })
}

/// The moves that bring a piece into one cell (see [`feeders`]), grouped by the cell
/// the piece comes from: a cell has about 100 such moves but only about 21 cells they
/// come from, so a search for a wanted piece reads each of those once (the sweep's
/// conjugates look for wanted pieces this way).
struct FeedersBySource {
    /// The cells pieces come from, in the order first met in [`feeders`].
    sources: Vec<u16>,
    /// Where each source's moves end in [`FeedersBySource::moves`].
    ends: Vec<u16>,
    /// The moves, grouped by source, each group in move-index order.
    moves: Vec<u16>,
}

impl FeedersBySource {
    /// The moves that bring the piece in `sources[k]` into the cell.
    fn moves_from(&self, k: usize) -> &[u16] {
        let start = if k == 0 { 0 } else { self.ends[k - 1] as usize };
        &self.moves[start..self.ends[k] as usize]
    }
}

/// [`FeedersBySource`] of every cell, built once.
fn feeders_by_source() -> &'static [FeedersBySource] {
    static F: OnceLock<Vec<FeedersBySource>> = OnceLock::new();
    F.get_or_init(|| {
        feeders()
            .iter()
            .map(|list| {
                let mut sources: Vec<u16> = Vec::new();
                for &(_, u) in list {
                    if !sources.contains(&u) {
                        sources.push(u);
                    }
                }
                let mut moves = Vec::with_capacity(list.len());
                let mut ends = Vec::with_capacity(sources.len());
                for &u in &sources {
                    moves.extend(list.iter().filter(|&&(_, w)| w == u).map(|&(mi, _)| mi));
                    ends.push(moves.len() as u16);
                }
                FeedersBySource {
                    sources,
                    ends,
                    moves,
                }
            })
            .collect()
    })
}

/// Each move's cells as [`move_table`] lists them, those nearest the cube's surface
/// first (by [`order`]'s shells): the sweep locks cells from the outside in, so a
/// move that breaks a locked cell mostly shows it at the first cells looked at, which
/// makes asking whether a move keeps the locked cells cheaper.
fn outside_first() -> &'static [[(u16, u16); MOVED]] {
    static T: OnceLock<Vec<[(u16, u16); MOVED]>> = OnceLock::new();
    T.get_or_init(|| {
        move_table()
            .iter()
            .map(|cyc| {
                let mut c = *cyc;
                c.sort_by_key(|&(d, _)| shell(d as usize));
                c
            })
            .collect()
    })
}

/// How far inside the cube cell `i` lies: its distances from the nearest faces on
/// the three axes, smallest first. Cells with fewer covering blocks come first.
fn shell(i: usize) -> [usize; 3] {
    let (x, y, z) = coords(i);
    let mut d = [x.min(8 - x), y.min(8 - y), z.min(8 - z)];
    d.sort_unstable();
    d
}

/// Number of distinct sweep orders: the cube's 48 symmetries (6 orders of the axes times
/// 8 mirrorings) applied to the tie-break between cells equally far inside.
#[cfg(test)]
pub const ORDERS: usize = 48;

/// The order cells are placed in: fewest covering blocks first, then by distance from
/// the nearest face; cells equally far inside are taken in index order of the cube
/// seen through symmetry `variant` (0..`ORDERS`; 0 is the identity). Different
/// variants place the same shells in different sequences and so end in solutions of
/// different lengths: the solver tries several and keeps the shortest.
fn order(variant: usize) -> Vec<usize> {
    let mut v: Vec<usize> = (0..CELLS).collect();
    let axes = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ][variant % 6];
    let mirror = variant / 6 % 8;
    v.sort_by_key(|&i| {
        let (x, y, z) = coords(i);
        let c = [x, y, z];
        let seen: [usize; 3] = std::array::from_fn(|k| {
            let v = c[axes[k]];
            if mirror >> k & 1 == 1 {
                8 - v
            } else {
                v
            }
        });
        (shell(i), index(seen[0], seen[1], seen[2]))
    });
    v
}

/// The sweep's working state: the cells, which of them are locked (placed and to be
/// kept), and how many locked cells each block holds.
#[derive(Clone)]
struct Board {
    cells: [u8; CELLS],
    locked: [bool; CELLS],
    locked_in: [u16; 343],
    /// How much fixing each cell counts when placements are compared:
    /// [`DUE_WEIGHT`] for the cells due next, else 1.
    weight: [i32; CELLS],
    /// Breadth-first search scratch: where each reached cell's piece goes next.
    prev: Vec<(u16, u16)>,
    seen: Vec<u32>,
    stamp: u32,
}

impl Board {
    fn new(cube: &Cube) -> Board {
        Board {
            cells: *cube.cells(),
            locked: [false; CELLS],
            locked_in: [0; 343],
            weight: [1; CELLS],
            prev: vec![(0, 0); CELLS],
            seen: vec![u32::MAX; CELLS],
            stamp: 0,
        }
    }

    /// Cells not holding their solved digit.
    fn misplaced(&self) -> usize {
        (0..CELLS).filter(|&i| self.cells[i] != SOLVED[i]).count()
    }

    fn lock(&mut self, t: usize) {
        self.locked[t] = true;
        for &b in &blocks_of()[t] {
            self.locked_in[b as usize] += 1;
        }
    }

    /// Whether move `mi` keeps every locked cell's digit as it is now.
    fn keeps_locked(&self, mi: usize) -> bool {
        self.locked_in[mi / 9] == 0 || self.keeps_locked_turned(mi)
    }

    /// [`Board::keeps_locked`] of move `mi`, asked at most once per move in `known`
    /// (0 not yet asked, 1 keeps, 2 does not): a search over where pieces come from
    /// meets each move once from each cell it turns.
    fn keeps_locked_known(&self, mi: usize, known: &mut [u8; MOVE_COUNT]) -> bool {
        if known[mi] == 0 {
            known[mi] = if self.keeps_locked(mi) { 1 } else { 2 };
        }
        known[mi] == 1
    }

    /// Turn move `mi` on the cells and carry the locks along with the pieces (the
    /// per-block lock counts are left as they were: the caller turns back before any
    /// search that reads them).
    fn turn(&mut self, mi: usize) {
        let cyc = &move_table()[mi];
        let mut was = [false; MOVED];
        for (w, &(_, s)) in was.iter_mut().zip(cyc.iter()) {
            *w = self.locked[s as usize];
        }
        play(&mut self.cells, mi);
        for (&now, &(d, _)) in was.iter().zip(cyc.iter()) {
            self.locked[d as usize] = now;
        }
    }

    /// [`Board::turn`] that keeps the per-block lock counts too: a cell's lock changes
    /// where the piece coming in and the one leaving differ in theirs.
    fn turn_counted(&mut self, mi: usize) {
        for &(d, s) in move_table()[mi].iter() {
            let (now, was) = (self.locked[s as usize], self.locked[d as usize]);
            if now != was {
                for &b in &blocks_of()[d as usize] {
                    if now {
                        self.locked_in[b as usize] += 1;
                    } else {
                        self.locked_in[b as usize] -= 1;
                    }
                }
            }
        }
        self.turn(mi);
    }

    /// [`Board::keeps_locked`] without the per-block counts (valid after [`Board::turn`]).
    fn keeps_locked_turned(&self, mi: usize) -> bool {
        outside_first()[mi].iter().all(|&(d, s)| {
            !self.locked[d as usize] || self.cells[s as usize] == self.cells[d as usize]
        })
    }

    /// The shortest sequences (at most `max_depth`) of moves that keep the locked cells
    /// and bring a `want` piece into cell `t`, and those up to [`LONGER_PATHS`] moves
    /// longer; found by a backward breadth-first search over where pieces come from.
    /// Returns them all (as move indices): one path on from each cell reached, but
    /// every first move that brings a wanted piece onto one and every last move into
    /// `t` (several blocks and turns do; the one that also fixes the most cells due
    /// next is picked later).
    fn paths_into(
        &mut self,
        t: usize,
        want: u8,
        max_depth: usize,
        known: &mut [u8; MOVE_COUNT],
    ) -> Vec<Vec<usize>> {
        let feed = feeders();
        self.stamp += 1;
        let stamp = self.stamp;
        self.seen[t] = stamp;
        let mut frontier = vec![t];
        // (first move, cell it takes a wanted piece to).
        let mut found: Vec<(u16, usize)> = Vec::new();
        let mut extra = LONGER_PATHS;
        for _ in 0..max_depth {
            let mut next = Vec::new();
            for &v in &frontier {
                for &(mi, u) in &feed[v] {
                    let u = u as usize;
                    if !self.keeps_locked_known(mi as usize, known) {
                        continue;
                    }
                    if self.cells[u] == want {
                        found.push((mi, v));
                        continue;
                    }
                    if self.seen[u] == stamp {
                        continue;
                    }
                    self.seen[u] = stamp;
                    self.prev[u] = (mi, v as u16);
                    next.push(u);
                }
            }
            if next.is_empty() {
                break;
            }
            if !found.is_empty() {
                if extra == 0 {
                    break;
                }
                extra -= 1;
            }
            frontier = next;
        }
        let mut paths = Vec::new();
        for &(mi, v) in &found {
            let mut path = vec![mi as usize];
            // The cell the piece is in before the path's last move.
            let (mut c, mut before_last) = (v, v);
            while c != t {
                let (mi, v) = self.prev[c];
                path.push(mi as usize);
                before_last = c;
                c = v as usize;
            }
            // Every last move that takes it from there into `t` (the first moves'
            // alternatives are in `found`).
            if path.len() >= 2 {
                let last = path[path.len() - 1];
                for &(mj, w) in &feed[t] {
                    if w as usize == before_last
                        && mj as usize != last
                        && self.keeps_locked_known(mj as usize, known)
                    {
                        let mut alt = path.clone();
                        *alt.last_mut().expect("two moves") = mj as usize;
                        paths.push(alt);
                    }
                }
            }
            paths.push(path);
        }
        paths
    }

    /// Change in misplaced cells from playing `seq`, each counted by its weight (see
    /// [`Board::weight`]), or `None` when it disturbs a locked cell or leaves `t`
    /// wrong. Only the cells the moves turn are looked at.
    fn outcome(&self, t: usize, seq: &[usize]) -> Option<i32> {
        let table = move_table();
        let mut trial = self.cells;
        for &m in seq {
            play(&mut trial, m);
        }
        if trial[t] != SOLVED[t] {
            return None;
        }
        // Each turned cell once, however many of the moves turn it.
        let mut counted = [0u64; CELLS.div_ceil(64)];
        let mut delta = 0;
        for &m in seq {
            for &(d, _) in table[m].iter() {
                let i = d as usize;
                let bit = 1u64 << (i % 64);
                if counted[i / 64] & bit != 0 {
                    continue;
                }
                counted[i / 64] |= bit;
                let (before, after) = (self.cells[i] == SOLVED[i], trial[i] == SOLVED[i]);
                if self.locked[i] && !after {
                    return None;
                }
                delta += self.weight[i] * (before as i32 - after as i32);
            }
        }
        Some(delta)
    }

    /// Conjugates `A P Q A'` of two free moves that place `t` and break no more than
    /// they fix (see [`Board::placings`]), with their weighted outcome, in the order
    /// a search of paths into where `A` took `t` meets them. For each setup `A` (a
    /// turn of a block holding `t` and a locked cell), the free second moves `Q` into
    /// where `t` went are listed, then the free first moves `P` that bring a wanted
    /// piece to where a `Q` starts. Each is scored in the turned cube on the cells `P`
    /// and `Q` turn (see [`Board::double_outcome`]), with no path built and no copy of
    /// the cube played.
    fn doubles_into(&mut self, t: usize) -> Vec<(Vec<usize>, i32)> {
        let want = SOLVED[t];
        let (feed, table) = (feeders(), move_table());
        // Where each cell of the turned cube is once the setup is undone.
        let mut home: [u16; CELLS] = std::array::from_fn(|i| i as u16);
        // Whether a move keeps the locked cells, asked once per setup (see
        // [`Board::keeps_locked_known`]): the setup's number times two, plus one if so.
        let mut known = vec![0u32; MOVE_COUNT];
        let mut setup = 0u32;
        let mut out = Vec::new();
        let mut seconds: Vec<(usize, usize)> = Vec::new();
        let mut firsts: Vec<usize> = Vec::new();
        let by_source = feeders_by_source();
        for &block in &blocks_of()[t] {
            let block = block as usize;
            // A setup holding no locked cell is itself free: the direct search covers it.
            if self.locked_in[block] == 0 {
                continue;
            }
            for a in block * 9..block * 9 + 9 {
                let t_after = table[a]
                    .iter()
                    .find(|&&(_, s)| s as usize == t)
                    .map_or(t, |&(d, _)| d as usize);
                self.turn_counted(a);
                for &(d, s) in table[a].iter() {
                    home[d as usize] = s;
                }
                setup += 1;
                let mut free = |board: &Board, mi: usize| {
                    if known[mi] >> 1 != setup {
                        known[mi] = setup << 1 | board.keeps_locked(mi) as u32;
                    }
                    known[mi] & 1 == 1
                };
                // Second moves `Q`: free, taking a piece that is not yet the wanted one
                // into where `t` went.
                seconds.clear();
                for &(q, v) in &feed[t_after] {
                    if self.cells[v as usize] != want && free(self, q as usize) {
                        seconds.push((q as usize, v as usize));
                    }
                }
                // First moves `P`: free, taking a wanted piece to where a `Q` starts
                // (each such cell once, in the order first reached).
                for i in 0..seconds.len() {
                    let v = seconds[i].1;
                    if seconds[..i].iter().any(|&(_, w)| w == v) {
                        continue;
                    }
                    // Free moves bringing a wanted piece there, in move-index order
                    // (as [`feeders`] lists them).
                    firsts.clear();
                    let into = &by_source[v];
                    for (k, &u) in into.sources.iter().enumerate() {
                        if self.cells[u as usize] == want {
                            firsts.extend(into.moves_from(k).iter().map(|&p| p as usize));
                        }
                    }
                    firsts.sort_unstable();
                    for &p in &firsts {
                        if !free(self, p) {
                            continue;
                        }
                        // The other second moves from there first, as the path search
                        // lists them.
                        for j in (i + 1..seconds.len()).chain(std::iter::once(i)) {
                            let (q, w) = seconds[j];
                            if w != v {
                                continue;
                            }
                            if let Some(w) = self.double_outcome(&home, (p, q), t_after) {
                                if w <= 0 {
                                    out.push((vec![a, p, q, inverse_index(a)], w));
                                }
                            }
                        }
                    }
                }
                self.turn_counted(inverse_index(a));
                for &(d, _) in table[a].iter() {
                    home[d as usize] = d;
                }
            }
        }
        out
    }

    /// [`Board::outcome`] of `A P Q A'` read in the cube turned by `A` (as it is when
    /// called): only the cells `P` and `Q` turn can change, and the cell `y` there is
    /// the cell `home[y]` once `A` is undone. `P` and `Q` are played on the board and
    /// taken back, which keeps every read within the board's own arrays.
    fn double_outcome(
        &mut self,
        home: &[u16; CELLS],
        (p, q): (usize, usize),
        t_after: usize,
    ) -> Option<i32> {
        let table = move_table();
        // The cells P and Q turn, each once, with whether it is right before them.
        let mut cells = [(0u16, false); 2 * MOVED];
        let mut n = 0;
        let mut counted = [0u64; CELLS.div_ceil(64)];
        for &(y, _) in table[q].iter().chain(table[p].iter()) {
            let (i, bit) = (y as usize / 64, 1u64 << (y % 64));
            if counted[i] & bit == 0 {
                counted[i] |= bit;
                let right = self.cells[y as usize] == SOLVED[home[y as usize] as usize];
                cells[n] = (y, right);
                n += 1;
            }
        }
        play(&mut self.cells, p);
        play(&mut self.cells, q);
        let mut delta = Some(0);
        if self.cells[t_after] != SOLVED[home[t_after] as usize] {
            delta = None;
        }
        for &(y, before) in &cells[..n] {
            let Some(d) = delta.as_mut() else { break };
            let (y, x) = (y as usize, home[y as usize] as usize);
            let now = self.cells[y] == SOLVED[x];
            if self.locked[y] && !now {
                delta = None;
                break;
            }
            *d += self.weight[x] * (before as i32 - now as i32);
        }
        play(&mut self.cells, inverse_index(q));
        play(&mut self.cells, inverse_index(p));
        delta
    }

    /// [`Board::placings`] with the cells `due` next weighted by [`DUE_WEIGHT`].
    fn placings_with_due(
        &mut self,
        t: usize,
        last: Option<usize>,
        due: &[usize],
        (keep, doubles): (usize, Doubles),
        known: &mut [u8; MOVE_COUNT],
    ) -> Vec<(i32, Vec<usize>)> {
        for &c in due {
            self.weight[c] = DUE_WEIGHT;
        }
        let found = self.placings(t, last, keep, doubles, known);
        for &c in due {
            self.weight[c] = 1;
        }
        found
    }

    /// The `keep` best ways to place `t` after the move `last` (best first): free
    /// paths, or conjugates `A P A'` of one move `P` (and `A P Q A'` of two when
    /// `doubles` allows; see the module doc) when no free path is shorter; ranked by
    /// their moves (counting what merges with `last`) at [`MOVE_WEIGHT`] each plus the
    /// cells they leave wrong (see [`Board::outcome`]), with that sum, by which
    /// placements of different cells compare too.
    fn placings(
        &mut self,
        t: usize,
        last: Option<usize>,
        keep: usize,
        doubles: Doubles,
        known: &mut [u8; MOVE_COUNT],
    ) -> Vec<(i32, Vec<usize>)> {
        // ((moves after merging with `last` at MOVE_WEIGHT each plus the weighted cells
        // left wrong, those moves), the moves).
        type Scored = ((i32, i32), Vec<usize>);
        let mut all: Vec<Scored> = Vec::new();
        let consider = |all: &mut Vec<Scored>, seq: Vec<usize>, wrong: i32| {
            let cost = seq.len() as i32
                - last.map_or(0, |l| {
                    Move::from_index(l).merge_saving(Move::from_index(seq[0]))
                }) as i32;
            all.push(((cost * MOVE_WEIGHT + wrong, cost), seq));
        };
        for path in self.paths_into(t, SOLVED[t], MAX_DEPTH, known) {
            if let Some(w) = self.outcome(t, &path) {
                consider(&mut all, path, w);
            }
        }
        let ranked = |mut all: Vec<Scored>| {
            all.sort_by_key(|a| a.0);
            all.truncate(keep);
            all.into_iter()
                .map(|((score, _), seq)| (score, seq))
                .collect()
        };
        if all
            .iter()
            .min_by_key(|(k, _)| *k)
            .is_some_and(|((_, cost), _)| *cost < CONJUGATE_COST)
        {
            return ranked(all);
        }
        // Setups turning t's piece away (a setup that leaves it in place never helped
        // enough to pay for the search).
        let want = SOLVED[t];
        for &block in &blocks_of()[t] {
            // A setup holding no locked cell is itself free: the direct search covers it.
            if self.locked_in[block as usize] == 0 {
                continue;
            }
            for a in block as usize * 9..block as usize * 9 + 9 {
                // Where t's piece went, and single moves into there in the turned cube.
                let t_after = move_table()[a]
                    .iter()
                    .find(|&&(_, s)| s as usize == t)
                    .map_or(t, |&(d, _)| d as usize);
                self.turn(a);
                let mut moves = Vec::new();
                let into = &feeders_by_source()[t_after];
                for (k, &u) in into.sources.iter().enumerate() {
                    if self.cells[u as usize] != want {
                        continue;
                    }
                    for &mi in into.moves_from(k) {
                        if self.keeps_locked_turned(mi as usize) {
                            moves.push(mi as usize);
                        }
                    }
                }
                // In the order of the moves, as [`feeders`] lists them.
                moves.sort_unstable();
                self.turn(inverse_index(a));
                for p in moves {
                    let seq = vec![a, p, inverse_index(a)];
                    // A conjugate that breaks more cells than it fixes is left to the
                    // endgame, whose commutators disturb nothing else.
                    if let Some(w) = self.outcome(t, &seq).filter(|&w| w <= 0) {
                        consider(&mut all, seq, w);
                    }
                }
            }
        }
        // Conjugates of two free moves `A P Q A'`, for the cell due itself: where no
        // right piece is one move from where the setup took the cell, or where two
        // moves fix more of the cells due next.
        let doubles = match doubles {
            Doubles::Never => false,
            Doubles::WhenStuck => all
                .iter()
                .all(|((key, _), _)| *key > CONJUGATE_COST * MOVE_WEIGHT),
        };
        if doubles {
            for (seq, w) in self.doubles_into(t) {
                consider(&mut all, seq, w);
            }
        }
        ranked(all)
    }
}

/// When the sweep may place the cell due by a conjugate `A P Q A'` of two free moves
/// (see [`Board::placings`]): they shorten deep sweeps but search 243 setups for
/// paths of two moves, which costs more than the rest of a placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Doubles {
    /// Never: single moves under a setup only.
    Never,
    /// Only when no free path or conjugate of one move places the cell in three moves
    /// (counting what merges with the move before) without breaking a right cell.
    WhenStuck,
}

/// The move undoing move index `mi`.
fn inverse_index(mi: usize) -> usize {
    Move::from_index(mi).inverse().index()
}

/// Place what can be placed with free moves, taking cells in sweep order `variant`
/// (see [`order`]), until at most `leave` cells are misplaced; returns the moves
/// played.
pub fn run(cube: &Cube, ctx: &Ctx, variant: usize, leave: usize) -> Vec<Move> {
    let ahead = if cube.misplaced() > DEEP_MISPLACED {
        DEEP_LOOK_AHEAD
    } else {
        1
    };
    let doubles = if cube.misplaced() > DEEP_MISPLACED {
        Doubles::WhenStuck
    } else {
        Doubles::Never
    };
    let _ = ctx;
    place(cube, variant, ahead, SWEEP_BEAM, doubles, leave)
}

/// One board of the sweep's beam (see [`place`]).
#[derive(Clone)]
struct Swept {
    /// The cells, and those placed (locked).
    board: Board,
    /// Moves played, as move numbers.
    out: Vec<usize>,
    /// Position in the order of the cell due.
    k: usize,
    /// Sum of the keys of the placements played (see [`Board::placings`]): moves at
    /// [`MOVE_WEIGHT`] each, less the cells due they fixed.
    key: i64,
    /// Whether every cell due has been placed or passed over, or at most the cells to
    /// leave are misplaced.
    finished: bool,
}

/// [`run`] as a beam over placements: each of the `width` boards kept tries its
/// `branch` cheapest placements of the next wrong cell due (on a deep cube, of the
/// next `ahead` wrong cells due, see [`choices`]), and the `width` distinct boards
/// whose placements' keys sum least go on; of the finished ones, the one with the
/// fewest moves plus the endgame's cost of the cells it leaves is returned. Width and
/// branch 1 is the greedy sweep: the cheapest placement each time.
///
/// The cheapest placement often takes the piece the next cell needs, or locks a cell
/// that shuts out the block the next one needs; a few boards kept side by side
/// recover from that (see [`SWEEP_BEAM`]).
fn place(
    cube: &Cube,
    variant: usize,
    ahead: usize,
    (width, branch): (usize, usize),
    doubles: Doubles,
    leave: usize,
) -> Vec<Move> {
    let list = order(variant);
    let twice: Vec<usize> = list.iter().chain(list.iter()).copied().collect();
    let mut beam = vec![Swept {
        board: Board::new(cube),
        out: Vec::new(),
        k: 0,
        key: 0,
        finished: false,
    }];
    while beam.iter().any(|b| !b.finished) {
        let mut next: Vec<Swept> = Vec::with_capacity(beam.len() * branch);
        for mut b in beam {
            if b.finished {
                next.push(b);
                continue;
            }
            if leave > 0 && b.board.misplaced() <= leave {
                b.finished = true;
                next.push(b);
                continue;
            }
            let Some(j) = next_wrong(&mut b.board, &twice, b.k) else {
                b.finished = true;
                next.push(b);
                continue;
            };
            b.k = j;
            let t = twice[j];
            let window = window_after(&twice, j, &b.board.locked);
            let last = b.out.last().copied();
            let options = choices(&mut b.board, t, &window, last, ahead, branch, doubles);
            if options.is_empty() {
                // No placement reaches `t`: left to the endgame.
                b.k = j + 1;
                next.push(b);
                continue;
            }
            for (key, _, seq) in options {
                let mut child = b.clone();
                settle(&mut child.board, t, &window, &seq);
                child.out.extend_from_slice(&seq);
                child.key += i64::from(key);
                next.push(child);
            }
        }
        next.sort_by_key(|b| b.key);
        let mut seen = std::collections::HashSet::new();
        next.retain(|b| seen.insert(b.board.cells));
        next.truncate(width);
        beam = next;
    }
    let left = |b: &Swept| b.board.misplaced();
    let best = beam
        .into_iter()
        .min_by(|a, b| {
            let cost = |s: &Swept| s.out.len() as f64 + left(s) as f64 * ENDGAME_MOVES_PER_CELL;
            cost(a).total_cmp(&cost(b))
        })
        .expect("the beam keeps at least one board");
    best.out.into_iter().map(Move::from_index).collect()
}

/// Position in `twice`, from `k` on, of the next cell due that is wrong, locking the
/// right ones passed on the way (as [`place`] does when it reaches them).
fn next_wrong(board: &mut Board, twice: &[usize], k: usize) -> Option<usize> {
    (k..twice.len()).find(|&j| {
        let c = twice[j];
        if board.locked[c] {
            return false;
        }
        if board.cells[c] == SOLVED[c] {
            board.lock(c);
            return false;
        }
        true
    })
}

/// The next [`WINDOW`] cells due after the one at position `k` of `twice` that are
/// not locked (nor that one again): what a placement is weighed against.
fn window_after(twice: &[usize], k: usize, locked: &[bool]) -> Vec<usize> {
    twice[k + 1..]
        .iter()
        .copied()
        .filter(|&c| !locked[c] && c != twice[k])
        .take(WINDOW)
        .collect()
}

/// The best `keep` placements (key, cell, moves) of `t` and, on a deep cube, the next
/// `ahead - 1` wrong cells due, best first; with `doubles`, the placements of `t`
/// include conjugates of two free moves (see [`Board::placings`]).
fn choices(
    board: &mut Board,
    t: usize,
    window: &[usize],
    last: Option<usize>,
    ahead: usize,
    keep: usize,
    doubles: Doubles,
) -> Vec<(i32, usize, Vec<usize>)> {
    let mut cands: Vec<usize> = vec![t];
    cands.extend(
        window
            .iter()
            .copied()
            .filter(|&c| board.cells[c] != SOLVED[c])
            .take(ahead - 1),
    );
    let mut all = Vec::new();
    // Which moves keep the locked cells, shared by the cells compared: the board is
    // the same for each (see [`Board::keeps_locked_known`]).
    let mut known = [0u8; MOVE_COUNT];
    for &c in &cands {
        let doubles = if c == t { doubles } else { Doubles::Never };
        let due: Vec<usize> = std::iter::once(t)
            .chain(window.iter().copied())
            .filter(|&d| d != c)
            .collect();
        for (key, seq) in board.placings_with_due(c, last, &due, (keep, doubles), &mut known) {
            all.push((key, c, seq));
        }
    }
    all.sort_by_key(|o| o.0);
    all.truncate(keep);
    all
}

/// Play `seq` on the board and lock the cells due next that it fixed (`t` aside:
/// [`next_wrong`] locks it when it comes to it): left unlocked, the next placements
/// would mostly break them again.
fn settle(board: &mut Board, t: usize, window: &[usize], seq: &[usize]) {
    let wrong: Vec<usize> = std::iter::once(t)
        .chain(window.iter().copied())
        .filter(|&d| board.cells[d] != SOLVED[d])
        .collect();
    for &m in seq {
        play(&mut board.cells, m);
    }
    for d in wrong {
        if d != t && !board.locked[d] && board.cells[d] == SOLVED[d] {
            board.lock(d);
        }
    }
    if cfg!(test) {
        assert!((0..CELLS).all(|i| !board.locked[i] || board.cells[i] == SOLVED[i]));
    }
}

#[cfg(test)]
mod tests {
    use super::super::tuning::LEFT_FOR_INSERTION;
    use super::*;
    use crate::scramble::scramble;
    use rand::SeedableRng;
    use std::collections::HashSet;

    #[test]
    fn the_feeders_grouped_by_source_are_the_feeders() {
        for (cell, list) in feeders().iter().enumerate() {
            let grouped = &feeders_by_source()[cell];
            let mut pairs: Vec<(u16, u16)> = Vec::new();
            for (k, &u) in grouped.sources.iter().enumerate() {
                let moves = grouped.moves_from(k);
                assert!(!moves.is_empty() && moves.windows(2).all(|w| w[0] < w[1]));
                pairs.extend(moves.iter().map(|&mi| (mi, u)));
            }
            pairs.sort_unstable();
            assert_eq!(&pairs, list, "cell {cell}");
        }
    }

    #[test]
    fn every_order_takes_all_cells_outside_in_and_orders_differ() {
        let mut distinct = HashSet::new();
        for variant in 0..ORDERS {
            let list = order(variant);
            let mut sorted = list.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..CELLS).collect::<Vec<_>>(), "variant {variant}");
            assert!(
                list.windows(2).all(|w| shell(w[0]) <= shell(w[1])),
                "variant {variant} is not outside-in"
            );
            distinct.insert(list);
        }
        assert_eq!(distinct.len(), ORDERS);
    }

    /// A solving context with the default options.
    fn default_ctx() -> Ctx {
        Ctx {
            opts: Default::default(),
        }
    }

    #[test]
    fn turning_and_turning_back_restores_cells_and_locks() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let (cube, _) = scramble(&mut rng, 200);
        let mut board = Board::new(&cube);
        for t in order(0).into_iter().take(300) {
            board.lock(t);
        }
        let (cells, locked) = (board.cells, board.locked);
        for a in [0, 1000, 3086] {
            board.turn(a);
            assert_ne!(board.cells, cells);
            board.turn(inverse_index(a));
            assert_eq!(board.cells, cells);
            assert_eq!(board.locked, locked);
        }
    }

    #[test]
    fn conjugates_reach_cells_that_free_moves_do_not() {
        // Free moves alone leave about 240 cells (measured). Placements never break a
        // locked cell (checked inside `run` under test).
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let (cube, _) = scramble(&mut rng, 5000);
        let moves = run(&cube, &default_ctx(), 0, 0);
        let mut after = cube.clone();
        after.apply_all(&moves);
        assert!(after.misplaced() < 120, "{} left", after.misplaced());
    }

    #[test]
    fn a_sweep_that_leaves_cells_stops_there_in_fewer_moves() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let (cube, _) = scramble(&mut rng, 5000);
        let left = |moves: &[Move]| {
            let mut after = cube.clone();
            after.apply_all(moves);
            after.misplaced()
        };
        let whole = run(&cube, &default_ctx(), 0, 0);
        let part = run(&cube, &default_ctx(), 0, LEFT_FOR_INSERTION);
        let n = left(&part);
        assert!(n <= LEFT_FOR_INSERTION && n > left(&whole), "{n} left");
        // Each board stops as soon as it gets there, and a placement fixes a few cells.
        assert!(n + 10 > LEFT_FOR_INSERTION, "{n} left");
        assert!(
            part.len() + 50 < whole.len(),
            "{} / {}",
            part.len(),
            whole.len()
        );
    }

    #[test]
    fn the_sweep_favours_and_keeps_the_cells_due_next() {
        // Six deep scrambles, sweep order 0, scored as moves plus 3.4 a cell left
        // (measured: 7466 with placements compared by all cells they fix).
        let ctx = default_ctx();
        let cost: f64 = (21..27)
            .map(|seed| {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                let (cube, _) = scramble(&mut rng, 5000);
                let moves = run(&cube, &ctx, 0, 0);
                let mut after = cube.clone();
                after.apply_all(&moves);
                assert!(after.misplaced() < 120);
                moves.len() as f64 + 3.4 * after.misplaced() as f64
            })
            .sum();
        assert!(cost < 5820.0, "cost {cost}");
    }

    #[test]
    fn the_sweeps_beam_shortens_a_deep_sweep() {
        // The six deep scrambles above, scored the same way: the greedy sweep (a beam
        // of one board trying one placement) against the sweep's beam.
        let (width, branch) = SWEEP_BEAM;
        assert!(width > 1 && branch > 1);
        let cost = |width: usize, branch: usize| -> f64 {
            (21..27)
                .map(|seed| {
                    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                    let (cube, _) = scramble(&mut rng, 5000);
                    let moves = place(
                        &cube,
                        0,
                        DEEP_LOOK_AHEAD,
                        (width, branch),
                        Doubles::Never,
                        0,
                    );
                    let mut after = cube.clone();
                    after.apply_all(&moves);
                    moves.len() as f64 + 3.4 * after.misplaced() as f64
                })
                .sum()
        };
        let (greedy, beam) = (cost(1, 1), cost(width, branch));
        eprintln!("greedy {greedy}, beam {beam}");
        assert!(beam < greedy * 0.98, "greedy {greedy}, beam {beam}");
    }

    #[test]
    fn conjugates_of_two_moves_shorten_a_deep_sweep() {
        // Four deep scrambles, sweep order 0, scored as moves plus the endgame's 3.4
        // moves a cell left: without the conjugates `A P Q A'`, and with them where
        // nothing places the cell cleanly in three moves. Every placement keeps the
        // locked cells (checked inside `place` under test).
        let beam = SWEEP_BEAM;
        let cost = |doubles: Doubles| -> f64 {
            (21..25)
                .map(|seed| {
                    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                    let (cube, _) = scramble(&mut rng, 5000);
                    let moves = place(&cube, 0, DEEP_LOOK_AHEAD, beam, doubles, 0);
                    let mut after = cube.clone();
                    after.apply_all(&moves);
                    moves.len() as f64 + 3.4 * after.misplaced() as f64
                })
                .sum()
        };
        let (never, stuck) = (cost(Doubles::Never), cost(Doubles::WhenStuck));
        assert!(stuck < never * 0.98, "never {never}, when stuck {stuck}");
    }

    #[test]
    fn every_order_places_most_cells_by_its_own_route() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let (cube, _) = scramble(&mut rng, 300);
        let ctx = default_ctx();
        let mut lengths = HashSet::new();
        for variant in [0, 1, 6, 47] {
            let moves = run(&cube, &ctx, variant, 0);
            let mut after = cube.clone();
            after.apply_all(&moves);
            assert!(
                after.misplaced() * 2 < cube.misplaced(),
                "variant {variant}: {} -> {}",
                cube.misplaced(),
                after.misplaced()
            );
            lengths.insert(moves.len());
        }
        // Different orders take different routes.
        assert!(lengths.len() > 1);
    }
}
