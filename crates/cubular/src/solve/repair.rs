//! Repair of a nearly right undo sequence.
//!
//! When the beam undoes a shallow scramble it usually finds the right blocks but can
//! slip in two ways: it undoes two overlapping blocks in the wrong order, or it picks a
//! turn of the right block that fits the digits around it equally well but leaves a few
//! cells wrong inside (turns that differ by a third of a turn about the block's
//! diagonal look alike on a block of unbroken digits). Both leave a small residue that
//! no single further move fixes, and so does a scramble move it never undid. This pass
//! edits the sequence itself: it tries moving each move anywhere else in the sequence,
//! every other turn of its block up to [`SHIFT`] positions earlier or later, deleting
//! it, and adding any move anywhere; and keeps the edit that leaves fewest cells
//! misplaced (or as few with fewer moves), until no edit helps.

use super::frame::{frames, BLOCKS};
use super::lanes::{wrong_in, wrong_turned, Turn};
use super::tuning::{
    EDIT_BEAM_CHUNK, EDIT_BEAM_INSERTIONS, INSERTION_COST, MOST_INVOLVED, PREFIX_REPAIR_WORK,
    ROUNDS, SHIFT,
};
use crate::cube::{CELLS, SOLVED};
use crate::moves::{move_table, play, play_all, Move};
use rayon::prelude::*;

/// Misplaced cells of `cells`.
fn misplaced(cells: &[u8; CELLS]) -> usize {
    cells
        .iter()
        .zip(SOLVED.iter())
        .filter(|(a, b)| a != b)
        .count()
}

/// Misplaced cells after playing `path` on `start`.
pub(super) fn misplaced_after(start: &[u8; CELLS], path: &[Move]) -> usize {
    let mut cells = *start;
    play_all(&mut cells, path);
    misplaced(&cells)
}

/// A single edit of a path: its move at `removed` taken out and, when `put` is some,
/// a move put into what is left at the place given. The edited path equals the old
/// one before `start` and, from `end_new` on, the old one from `end_old` on. It is
/// kept as a description, not a path of its own, since most edits are only scored.
struct Edit {
    removed: usize,
    put: Option<(usize, Move)>,
    start: usize,
    end_new: usize,
    end_old: usize,
}

impl Edit {
    /// The `k`th move of the edited `path`.
    fn move_at(&self, path: &[Move], k: usize) -> Move {
        let rest = |k: usize| path[if k >= self.removed { k + 1 } else { k }];
        match self.put {
            Some((j, mv)) if k == j => mv,
            Some((j, _)) if k > j => rest(k - 1),
            _ => rest(k),
        }
    }

    /// Length of the edited `path`.
    fn len(&self, path: &[Move]) -> usize {
        path.len() - 1 + usize::from(self.put.is_some())
    }

    /// The edited `path` itself.
    fn apply(&self, path: &[Move]) -> Vec<Move> {
        (0..self.len(path)).map(|k| self.move_at(path, k)).collect()
    }
}

/// Where in `rest` (a path without its move `i`) move `mv` may go, at most `reach`
/// places from `i`, to give different cubes: `i` itself, and just past each move it
/// overlaps on either side (passing a move on a disjoint block changes nothing, as
/// the two commute).
fn places(rest: &[Move], i: usize, mv: Move, reach: usize) -> Vec<usize> {
    let mut out = vec![i];
    let later = (i..rest.len().min(i + reach)).filter(|&j| !rest[j].disjoint(mv));
    out.extend(later.map(|j| j + 1));
    let earlier = (i.saturating_sub(reach)..i).rev();
    out.extend(earlier.filter(|&j| !rest[j].disjoint(mv)));
    out
}

/// Every single edit of the moves at `which` but additions: each moved elsewhere,
/// replaced by another turn of its block (possibly shifted a little), or deleted.
fn edits_of(path: &[Move], which: impl IntoIterator<Item = usize>) -> Vec<Edit> {
    let mut out = Vec::new();
    for i in which {
        let block = path[i].block();
        let mut rest = path.to_vec();
        rest.remove(i);
        for k in 0..9 {
            let mv = Move::from_index(block * 9 + k);
            // The same turn anywhere; another turn of the block nearby.
            let reach = if mv == path[i] { rest.len() } else { SHIFT };
            for j in places(&rest, i, mv, reach) {
                if j == i && mv == path[i] {
                    continue;
                }
                let (start, end) = if j <= i { (j, i + 1) } else { (i, j + 1) };
                out.push(Edit {
                    removed: i,
                    put: Some((j, mv)),
                    start,
                    end_new: end,
                    end_old: end,
                });
            }
        }
        out.push(Edit {
            removed: i,
            put: None,
            start: i,
            end_new: i,
            end_old: i + 1,
        });
    }
    out
}

/// A path played on a cube, kept so that an edit is scored from the few cells it
/// changes: the cube after each prefix, where each cell's content ends after each
/// suffix, and the cells misplaced at the end.
pub(super) struct Played<'a> {
    pub(super) path: &'a [Move],
    /// The cube after each prefix of the path.
    pub(super) states: Vec<[u8; CELLS]>,
    /// For each prefix, where the piece in each cell then ends after the rest.
    pub(super) ends: Vec<[u16; CELLS]>,
    /// For each prefix, the digit the piece in each cell needs where it ends (the
    /// solved digit of its cell in [`Played::ends`]), so that a block's needs are
    /// gathered like its digits.
    pub(super) needs: Vec<[u8; CELLS]>,
    /// Cells misplaced after the whole path.
    pub(super) misplaced: usize,
}

impl<'a> Played<'a> {
    pub(super) fn new(start: &[u8; CELLS], path: &'a [Move]) -> Played<'a> {
        let table = move_table();
        let mut states = Vec::with_capacity(path.len() + 1);
        let mut cells = *start;
        states.push(cells);
        for &m in path {
            play(&mut cells, m.index());
            states.push(cells);
        }
        let mut ends: Vec<[u16; CELLS]> = vec![[0; CELLS]; path.len() + 1];
        ends[path.len()] = std::array::from_fn(|i| i as u16);
        for j in (0..path.len()).rev() {
            let mut e = ends[j + 1];
            for &(d, s) in table[path[j].index()].iter() {
                e[s as usize] = ends[j + 1][d as usize];
            }
            ends[j] = e;
        }
        let needs = ends
            .iter()
            .map(|end| std::array::from_fn(|c| SOLVED[end[c] as usize]))
            .collect();
        Played {
            path,
            misplaced: misplaced(&cells),
            states,
            ends,
            needs,
        }
    }

    /// Cells misplaced after the path with its moves from `start` to `end_old` (not
    /// included) replaced by `new`.
    fn misplaced_with(
        &self,
        new: impl Iterator<Item = Move>,
        start: usize,
        end_old: usize,
    ) -> usize {
        let table = move_table();
        let mut cells = self.states[start];
        // The cells turned, as a bit set: cheap to clear and to walk.
        let mut touched = [0u64; CELLS.div_ceil(64)];
        let mut mark = |m: &Move| {
            for &(d, _) in table[m.index()].iter() {
                touched[d as usize / 64] |= 1 << (d % 64);
            }
        };
        for m in new {
            play(&mut cells, m.index());
            mark(&m);
        }
        for m in &self.path[start..end_old] {
            mark(m);
        }
        let (old, end) = (&self.states[end_old], &self.ends[end_old]);
        let mut mis = self.misplaced as i32;
        for (w, &word) in touched.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let c = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let home = SOLVED[end[c] as usize];
                mis += (cells[c] != home) as i32 - (old[c] != home) as i32;
            }
        }
        mis as usize
    }
}

/// A block's 27 cells in `state` (as [`Frame::cells`](super::frame::Frame) numbers
/// them, from the block's low corner `corner`), padded to 32 so that comparisons run
/// on all at once. The block's cells lie in nine runs of three along x, copied a run
/// at a time.
pub(super) fn gathered(state: &[u8; CELLS], corner: usize) -> [u8; 32] {
    let mut out = [0u8; 32];
    for (r, run) in out[..27].chunks_exact_mut(3).enumerate() {
        let at = corner + (r / 3) * 81 + (r % 3) * 9;
        run.copy_from_slice(&state[at..at + 3]);
    }
    out
}

/// The edits of one move of a played path (see [`edits_of`]) scored together. Each is
/// the path without that move (`rest`) with a turn of its block put in at some place,
/// or with none; a turn put after the first `p` moves of `rest` changes only its
/// block's cells then, and each ends where the rest carries it. So the block's cells
/// after each prefix of `rest`, and the digits their pieces need where they end,
/// decide every such edit: 27 cells compared, not the moves between its ends replayed.
struct Removal {
    /// Frame (block) of the move taken out.
    block: usize,
    /// For each place in `rest`: the block's cells there, padded to 32 (see
    /// [`Played::best_insertion`]).
    now: Vec<[u8; 32]>,
    /// For each place: the digit each of those cells' pieces needs where it ends.
    home: Vec<[u8; 32]>,
    /// Cells misplaced after `rest`.
    misplaced: usize,
}

impl Removal {
    /// How many more cells are misplaced after `rest` with the turn of the block `from`
    /// (local cells, as [`Frame::from`](super::frame::Frame)) put in at `place`: the
    /// block's cells that the turn puts wrong less those it puts right.
    fn change(&self, place: usize, turn: &Turn) -> i32 {
        let (now, home) = (&self.now[place], &self.home[place]);
        wrong_turned(now, turn, home) - wrong_in(now, home)
    }

    /// Cells misplaced after the edit `e` (one of this move's).
    fn misplaced_after(&self, e: &Edit) -> usize {
        match e.put {
            None => self.misplaced,
            Some((j, mv)) => {
                let turn = &frames()[self.block].from[mv.index() - self.block * 9];
                (self.misplaced as i32 + self.change(j, turn)) as usize
            }
        }
    }
}

impl Played<'_> {
    /// The scoring of every edit of move `i` (see [`Removal`]), built in one pass over
    /// the path: the block's cells after each prefix of the path without move `i`
    /// (up to `i` the path's own, then played on from there) and where their pieces
    /// end (from `i` on the path's own, before it carried back from there).
    fn removal(&self, i: usize) -> Removal {
        let table = move_table();
        let path = self.path;
        let block = path[i].block();
        let corner = frames()[block].cells[0] as usize;
        let places = path.len();
        let mut now = Vec::with_capacity(places);
        let mut home = vec![[0u8; 32]; places];
        // Before move i: the path's own cells; what their pieces need, carried back
        // from past move i (the rest of the path without it).
        let mut need = self.needs[i + 1];
        home[i] = gathered(&need, corner);
        for p in (0..i).rev() {
            let cyc = &table[path[p].index()];
            let mut moved = [0u8; 24];
            for (v, &(d, _)) in moved.iter_mut().zip(cyc.iter()) {
                *v = need[d as usize];
            }
            for (&v, &(_, s)) in moved.iter().zip(cyc.iter()) {
                need[s as usize] = v;
            }
            home[p] = gathered(&need, corner);
        }
        now.extend(
            self.states[..=i]
                .iter()
                .map(|state| gathered(state, corner)),
        );
        // From move i on: the path played on without it; what pieces need is the path's own.
        let mut state = self.states[i];
        for p in i + 1..places {
            play(&mut state, path[p].index());
            now.push(gathered(&state, corner));
            home[p] = gathered(&self.needs[p + 1], corner);
        }
        let mut removal = Removal {
            block,
            now,
            home,
            misplaced: 0,
        };
        // The whole path is `rest` with move i put back at place i.
        let turn = &frames()[block].from[path[i].index() - block * 9];
        removal.misplaced = (self.misplaced as i32 - removal.change(i, turn)) as usize;
        removal
    }

    /// Every edit of the moves at `which` (see [`edits_of`]), each with the cells it
    /// leaves misplaced, in the order [`edits_of`] gives them.
    fn scored_edits(&self, which: &[usize]) -> Vec<(usize, Edit)> {
        which
            .par_iter()
            .flat_map_iter(|&i| {
                let removal = self.removal(i);
                edits_of(self.path, [i])
                    .into_iter()
                    .map(move |e| (removal.misplaced_after(&e), e))
            })
            .collect()
    }
}

impl Played<'_> {
    /// The edit of any move that leaves the fewest cells misplaced, then the fewest
    /// moves, with those two counts: the first such in the order of
    /// [`Played::scored_edits`] over all moves, found move by move on all cores
    /// without gathering every edit.
    fn best_edit(&self) -> Option<(usize, usize, Edit)> {
        let key = |&(mis, len, _): &(usize, usize, Edit)| (mis, len);
        let per_move: Vec<Option<(usize, usize, Edit)>> = (0..self.path.len())
            .into_par_iter()
            .map(|i| {
                let removal = self.removal(i);
                edits_of(self.path, [i])
                    .into_iter()
                    .map(|e| (removal.misplaced_after(&e), e.len(self.path), e))
                    .min_by_key(key)
            })
            .collect();
        // The first least of the moves' first least: the first least of all.
        per_move.into_iter().flatten().min_by_key(key)
    }

    /// Indices of the moves that turn a piece ending misplaced: the only moves whose
    /// turns can matter to the cells left.
    fn involved(&self) -> Vec<usize> {
        let table = move_table();
        let last = &self.states[self.path.len()];
        let wrong: Vec<bool> = (0..CELLS).map(|c| last[c] != SOLVED[c]).collect();
        (0..self.path.len())
            .filter(|&i| {
                let end = &self.ends[i + 1];
                table[self.path[i].index()]
                    .iter()
                    .any(|&(d, _)| wrong[end[d as usize] as usize])
            })
            .collect()
    }

    /// The best single move to add anywhere in the path: the cells it leaves
    /// misplaced, and the path with it (the earliest place, then the lowest move,
    /// among equals).
    ///
    /// Every move at every place is scored without replaying the path: a move added
    /// after the first `j` moves changes only its block's cells at that time, and each
    /// of them ends where the rest of the path carries it, so its 24 cells decide.
    /// Those cells, and where they end, change only past the path's moves that
    /// overlap the block, so each block is scored at the start and just past each of
    /// them: a later place before the next such move gives the same counts and loses
    /// the tie.
    fn best_insertion(&self) -> Option<(usize, Vec<Move>)> {
        self.best_insertion_in(|_| true)
    }

    /// [`Played::best_insertion`] among the blocks `keep` accepts.
    fn best_insertion_in(&self, keep: impl Fn(usize) -> bool + Sync) -> Option<(usize, Vec<Move>)> {
        let frames = frames();
        let (gain, j, m) = (0..BLOCKS)
            .into_par_iter()
            .filter(|&b| keep(b))
            .map(|b| {
                let frame = &frames[b];
                let mut best = (0i32, usize::MAX, usize::MAX);
                for j in self.insertion_places(b) {
                    // The block's cells now and the digits their pieces need where
                    // they end, padded to 32 to compare at once.
                    let corner = frame.cells[0] as usize;
                    let now = gathered(&self.states[j], corner);
                    let home = gathered(&self.needs[j], corner);
                    let wrong_now = wrong_in(&now, &home);
                    // A move fixes at most the cells its block holds wrong: a place
                    // where that cannot beat the best so far is skipped.
                    if -wrong_now >= best.0 {
                        continue;
                    }
                    // Cells on a move's axis stay and count the same before and after.
                    for (k, turn) in frame.from.iter().enumerate() {
                        let delta = wrong_turned(&now, turn, &home) - wrong_now;
                        if delta < best.0 {
                            best = (delta, j, b * 9 + k);
                        }
                    }
                }
                best
            })
            .min_by_key(|&(delta, j, m)| (delta, j, m))?;
        if m == usize::MAX {
            return None;
        }
        let mut q = self.path.to_vec();
        q.insert(j, Move::from_index(m));
        Some(((self.misplaced as i32 + gain) as usize, q))
    }
}

impl Played<'_> {
    /// The places where a move of `block` added to the path may give different cubes:
    /// the start and just past each move that overlaps the block (its cells, and
    /// where they end, change only there).
    fn insertion_places(&self, block: usize) -> impl Iterator<Item = usize> + '_ {
        let block = Move::from_index(block * 9);
        std::iter::once(0).chain(
            (0..self.path.len())
                .filter(move |&i| !self.path[i].disjoint(block))
                .map(|i| i + 1),
        )
    }

    /// The `most` best single moves to add (each with its change to the cells
    /// misplaced, its place and its move index), best first, at the places
    /// [`Played::best_insertion`] tries.
    fn insertions(&self, most: usize) -> Vec<(i32, usize, usize)> {
        let frames = frames();
        let mut all: Vec<(i32, usize, usize)> = (0..BLOCKS)
            .into_par_iter()
            .flat_map_iter(|b| {
                let frame = &frames[b];
                let corner = frame.cells[0] as usize;
                self.insertion_places(b).flat_map(move |j| {
                    let now = gathered(&self.states[j], corner);
                    let home = gathered(&self.needs[j], corner);
                    let wrong_now = wrong_in(&now, &home);
                    frame.from.iter().enumerate().map(move |(k, turn)| {
                        (wrong_turned(&now, turn, &home) - wrong_now, j, b * 9 + k)
                    })
                })
            })
            .collect();
        all.sort_unstable();
        all.truncate(most);
        all
    }
}

/// Two moves added at once: each of the `firsts` best single additions to `path`
/// (played on `start`), followed by the best addition of a move overlapping it; the
/// path that leaves fewest cells (then fewest moves), when fewer than `path` leaves.
///
/// The repair adds one move at a time, so it stops where a scramble move it never
/// undid needs another added with it: two overlapping blocks turned, often half
/// turns, neither of which fixes a cell alone. A second move on a block apart from
/// the first would act as it does alone, which the repair has already found no
/// help, so only overlapping blocks are tried.
pub fn double_insertion(start: &[u8; CELLS], path: &[Move], firsts: usize) -> Option<Vec<Move>> {
    let played = Played::new(start, path);
    let now = played.misplaced;
    played
        .insertions(firsts)
        .into_par_iter()
        .filter_map(|(_, j, m)| {
            let first = Move::from_index(m);
            let mut q = path.to_vec();
            q.insert(j, first);
            Played::new(start, &q).best_insertion_in(|b| !Move::from_index(b * 9).disjoint(first))
        })
        .filter(|(mis, _)| *mis < now)
        .min_by_key(|(mis, q)| (*mis, q.len()))
        .map(|(_, q)| q)
}

/// Improve `path` (moves played on `start`) by single edits while any helps; returns
/// the edited path, which never leaves more cells misplaced than `path` does.
pub fn run(start: &[u8; CELLS], path: &[Move]) -> Vec<Move> {
    run_until(start, path, &|| false)
}

/// [`run`], ending after the round under way once `stop` says so.
fn run_until(start: &[u8; CELLS], path: &[Move], stop: &dyn Fn() -> bool) -> Vec<Move> {
    let mut best = path.to_vec();
    let mut best_mis = misplaced_after(start, &best);
    for _ in 0..ROUNDS {
        if best_mis == 0 || stop() {
            break;
        }
        let played = Played::new(start, &best);
        let edited = played
            .best_edit()
            .map(|(mis, len, e)| (mis, len, e.apply(&best)));
        let added = played.best_insertion().map(|(mis, q)| (mis, q.len(), q));
        let candidate = [edited, added]
            .into_iter()
            .flatten()
            .min_by_key(|(mis, len, _)| (*mis, *len));
        match candidate {
            Some((mis, len, q)) if mis < best_mis || (mis == best_mis && len < best.len()) => {
                best = q;
                best_mis = mis;
            }
            _ => break,
        }
    }
    best
}

/// One move of those [`Played::involved`] in the cells left, turned any way and put
/// anywhere, and possibly another one turned in place: the combination that leaves
/// fewest cells, when fewer than `now`. The single edits of [`run`] shift another
/// turn of a move only a few places; a beam that took the wrong turn of a block and
/// undid it out of order too needs both at once, and two such slips on overlapping
/// blocks can hide each other.
fn retune(played: &Played, now: usize) -> Option<Vec<Move>> {
    let inv = played.involved();
    if inv.len() > MOST_INVOLVED {
        return None;
    }
    let path = played.path;
    let mut firsts: Vec<(usize, usize, usize)> = Vec::new();
    for &i in &inv {
        for t in 0..9 {
            for j in 0..path.len() {
                firsts.push((i, t, j));
            }
        }
    }
    firsts
        .into_par_iter()
        .filter_map(|(i, t, j)| {
            let mv = Move::from_index(path[i].block() * 9 + t);
            let mut q = path.to_vec();
            q.remove(i);
            q.insert(j, mv);
            // Each edit is scored from the moves between its ends, replayed (see
            // `Played::misplaced_with`); both paths are as long.
            let score = |r: Vec<Move>, first: usize, last: usize| {
                let new = r[first..=last].iter().copied();
                (played.misplaced_with(new, first, last + 1), r)
            };
            let (lo, hi) = (i.min(j), i.max(j));
            let mut best: Option<(usize, Vec<Move>)> = None;
            if q != path {
                let (mis, q) = score(q.clone(), lo, hi);
                if mis < now {
                    best = Some((mis, q));
                }
            }
            for &k in &inv {
                if k == i {
                    continue;
                }
                // Move k's place in q.
                let k2 = if k > i { k - 1 } else { k };
                let k2 = if k2 >= j { k2 + 1 } else { k2 };
                for t2 in 0..9 {
                    let m2 = Move::from_index(q[k2].block() * 9 + t2);
                    if m2 == q[k2] {
                        continue;
                    }
                    let mut r = q.clone();
                    r[k2] = m2;
                    let (mis, r) = score(r, lo.min(k2), hi.max(k2));
                    if mis < now && best.as_ref().is_none_or(|b| mis < b.0) {
                        best = Some((mis, r));
                    }
                }
            }
            best
        })
        .min_by_key(|(mis, q)| (*mis, q.len()))
        .map(|(_, q)| q)
}

/// [`run`] as far as it goes, then while the path leaves cells a wider edit of the
/// moves that turn them ([`retune`]) followed by [`run`] again, until neither helps or
/// `stop` says so (checked between rounds of edits).
pub fn run_retuned(start: &[u8; CELLS], path: &[Move], stop: &dyn Fn() -> bool) -> Vec<Move> {
    let mut best = run_until(start, path, stop);
    loop {
        let played = Played::new(start, &best);
        if played.misplaced == 0 || stop() {
            return best;
        }
        match retune(&played, played.misplaced) {
            Some(q) => best = run_until(start, &q, stop),
            None => return best,
        }
    }
}

/// A beam over single edits: each round every path kept has each of its moves that
/// turn a piece ending misplaced ([`Played::involved`]) edited every way [`run`] edits
/// them (the best paths also get their best added move), and the `width` best
/// distinct results (fewest cells left, then fewest moves) are kept, whether or not
/// they improve, for at most `rounds` rounds or until replaying the edits scored
/// would have taken about `budget` moves (they are scored without replaying, see
/// [`Removal`], but the work is counted in moves replayed, so that the answers do not
/// depend on how edits are scored). Returns the best path seen.
///
/// Greedy edits stop at a residue that only two or three edits together undo: a
/// block undone too early must wait for two neighbours undone before it, and no one
/// of them moved alone fixes a cell. The beam crosses such plateaus.
pub fn edit_beam(
    start: &[u8; CELLS],
    path: &[Move],
    width: usize,
    rounds: usize,
    budget: u64,
) -> Vec<Move> {
    use std::collections::HashSet;
    let mut best = (misplaced_after(start, path), path.to_vec());
    let mut frontier = vec![path.to_vec()];
    let mut seen: HashSet<Vec<Move>> = HashSet::new();
    seen.insert(path.to_vec());
    let mut work = 0u64;
    'rounds: for _ in 0..rounds {
        if best.0 == 0 {
            break;
        }
        // Each kept path's children, in the order they were scored.
        let mut groups: Vec<Vec<Reached>> = Vec::with_capacity(frontier.len());
        for (c, chunk) in frontier.chunks(EDIT_BEAM_CHUNK).enumerate() {
            if work > budget {
                break 'rounds;
            }
            let expanded: Vec<(u64, Vec<Reached>)> = chunk
                .par_iter()
                .enumerate()
                .map(|(k, p)| {
                    let parent = c * EDIT_BEAM_CHUNK + k;
                    let played = Played::new(start, p);
                    let edits = played.scored_edits(&played.involved());
                    // Work is counted as the moves replaying each edit would take,
                    // whatever scoring it takes, so that the answers do not change
                    // with how it is scored.
                    let mut cost: u64 = edits
                        .iter()
                        .map(|(_, e)| (e.end_new + e.end_old - 2 * e.start) as u64)
                        .sum();
                    let mut out: Vec<Reached> = edits
                        .into_iter()
                        .map(|(mis, e)| (mis, e.len(p), Child::Edit(e)))
                        .collect();
                    if parent < EDIT_BEAM_INSERTIONS {
                        out.extend(
                            played
                                .best_insertion()
                                .map(|(mis, q)| (mis, q.len(), Child::Path(q))),
                        );
                        cost += (p.len() as u64 + 1) * INSERTION_COST;
                    }
                    (cost, out)
                })
                .collect();
            for (cost, out) in expanded {
                work += cost;
                groups.push(out);
            }
        }
        let parents = std::mem::take(&mut frontier);
        for (group, k) in first_reached(&groups) {
            if frontier.len() >= width {
                break;
            }
            let (mis, len, child) = &groups[group][k];
            let q = match child {
                Child::Edit(e) => e.apply(&parents[group]),
                Child::Path(q) => q.clone(),
            };
            if seen.insert(q.clone()) {
                if (*mis, *len) < (best.0, best.1.len()) {
                    best = (*mis, q.clone());
                }
                frontier.push(q);
            }
        }
        if frontier.is_empty() {
            break;
        }
    }
    best.1
}

/// The children of the edit beam's paths (`groups`, one list a path) as (path,
/// child) indices, fewest cells left first, then fewest moves, then in the order they
/// were scored; lazily, as the beam takes only its width of them (and a few that
/// repeat a path). Only compact keys are sorted, and only as far as they are taken.
fn first_reached(groups: &[Vec<Reached>]) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut keys: Vec<(u64, u32, u32)> = groups
        .iter()
        .enumerate()
        .flat_map(|(g, out)| {
            out.iter().enumerate().map(move |(k, &(mis, len, _))| {
                (((mis as u64) << 32) | len as u64, g as u32, k as u32)
            })
        })
        .collect();
    // Sorted a batch at a time: the least `batch` keys of what is left, then on.
    let mut done = 0;
    let mut batch = 1024;
    std::iter::from_fn(move || {
        if done == keys.len() {
            return None;
        }
        let rest = &mut keys[done..];
        let take = batch.min(rest.len());
        if take < rest.len() {
            rest.select_nth_unstable(take - 1);
        }
        rest[..take].sort_unstable();
        let out: Vec<(usize, usize)> = rest[..take]
            .iter()
            .map(|&(_, g, k)| (g as usize, k as usize))
            .collect();
        done += take;
        batch *= 4;
        Some(out)
    })
    .flatten()
}

/// A result of the edit beam: the cells it leaves, its length, and how it came from
/// its path.
type Reached = (usize, usize, Child);

/// A path the edit beam reached: an edit of a path it kept, or a whole new path.
enum Child {
    Edit(Edit),
    Path(Vec<Move>),
}

/// Lengths of the prefixes of a `len`-move path that [`run_from_prefixes`] repairs:
/// from `shortest` every `step` moves, or every few more moves when that would pass
/// [`PREFIX_REPAIR_WORK`].
fn prefix_lengths(len: usize, shortest: usize, step: usize) -> Vec<usize> {
    let shortest = shortest.min(len);
    let work = |step: usize| -> usize { (shortest..len).step_by(step).map(|k| k * (k + 40)).sum() };
    let mut step = step.max(1);
    while work(step) > PREFIX_REPAIR_WORK {
        step += 1;
    }
    (shortest..len).step_by(step).collect()
}

/// The best [`run`] of the path's prefixes of `shortest`, `shortest + step`, ...
/// moves, short of the whole path: fewest cells left, then fewest moves. A beam that
/// slipped plays on with moves that each fix a cell or two; the repair climbs from its
/// whole path to a residue it cannot leave, where from a prefix without those moves it
/// often undoes the rest (it adds moves too).
pub fn run_from_prefixes(
    start: &[u8; CELLS],
    path: &[Move],
    shortest: usize,
    step: usize,
) -> Vec<Move> {
    prefix_lengths(path.len(), shortest, step)
        .into_par_iter()
        .map(|k| {
            let repaired = run(start, &path[..k]);
            (misplaced_after(start, &repaired), repaired.len(), repaired)
        })
        .min_by_key(|(mis, len, _)| (*mis, *len))
        .map_or_else(|| path.to_vec(), |(_, _, p)| p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::Cube;
    use crate::moves::Axis;

    fn undo_of(scramble: &[Move]) -> Vec<Move> {
        scramble.iter().rev().map(|m| m.inverse()).collect()
    }

    #[test]
    fn the_places_a_move_may_go_give_every_different_cube() {
        use rand::SeedableRng;
        use std::collections::HashSet;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let (cube, path) = crate::scramble::scramble(&mut rng, 30);
        let cube_with = |rest: &[Move], j: usize, mv: Move| {
            let mut q = rest.to_vec();
            q.insert(j, mv);
            let mut cells = *cube.cells();
            play_all(&mut cells, &q);
            cells
        };
        for i in 0..path.len() {
            let mut rest = path.clone();
            let mv = rest.remove(i);
            for reach in [SHIFT, rest.len()] {
                let lo = i.saturating_sub(reach);
                let every: HashSet<[u8; CELLS]> = (lo..=(i + reach).min(rest.len()))
                    .map(|j| cube_with(&rest, j, mv))
                    .collect();
                let kept: Vec<[u8; CELLS]> = places(&rest, i, mv, reach)
                    .into_iter()
                    .map(|j| cube_with(&rest, j, mv))
                    .collect();
                let distinct: HashSet<[u8; CELLS]> = kept.iter().copied().collect();
                assert_eq!(distinct, every, "move {i}, reach {reach}");
                // Rarely two places give the same cube by chance.
                assert!(
                    kept.len() <= every.len() + 1,
                    "move {i}: {} places",
                    kept.len()
                );
            }
        }
    }

    /// A scramble of `moves` moves and a slipped undo of it: the true one with three
    /// moves changed at random.
    fn slipped_undo(rng: &mut rand_chacha::ChaCha8Rng, moves: usize) -> (Cube, Vec<Move>) {
        use rand::Rng;
        let (cube, scramble) = crate::scramble::scramble(rng, moves);
        let mut path = undo_of(&scramble);
        for _ in 0..3 {
            let i = rng.gen_range(0..path.len());
            path[i] = Move::from_index(rng.gen_range(0..crate::moves::MOVE_COUNT));
        }
        (cube, path)
    }

    #[test]
    fn an_edit_is_scored_as_replaying_it_would() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let (cube, path) = slipped_undo(&mut rng, 12);
        let played = Played::new(cube.cells(), &path);
        let every: Vec<usize> = (0..path.len()).collect();
        let all = played.scored_edits(&every);
        assert!(all.len() > 300, "{} edits", all.len());
        for (mis, e) in &all {
            assert_eq!(
                *mis,
                misplaced_after(cube.cells(), &e.apply(&path)),
                "edit from {} to {}",
                e.start,
                e.end_old
            );
        }
    }

    #[test]
    fn the_best_edit_is_the_first_best_of_all_edits() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
        for _ in 0..6 {
            let (cube, path) = slipped_undo(&mut rng, 15);
            let played = Played::new(cube.cells(), &path);
            let every: Vec<usize> = (0..path.len()).collect();
            let expected = played
                .scored_edits(&every)
                .into_iter()
                .map(|(mis, e)| (mis, e.len(&path), e))
                .min_by_key(|(mis, len, _)| (*mis, *len))
                .map(|(mis, len, e)| (mis, len, e.apply(&path)));
            let best = played
                .best_edit()
                .map(|(mis, len, e)| (mis, len, e.apply(&path)));
            assert!(expected.is_some());
            assert_eq!(best, expected);
        }
    }

    #[test]
    fn the_edit_beams_children_come_in_the_order_of_a_stable_sort() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        // Enough children that the lazy sort takes several batches, with many ties.
        let groups: Vec<Vec<Reached>> = (0..40)
            .map(|_| {
                (0..rng.gen_range(0..300))
                    .map(|_| {
                        (
                            rng.gen_range(0..6),
                            rng.gen_range(20..24),
                            Child::Path(Vec::new()),
                        )
                    })
                    .collect()
            })
            .collect();
        let mut expected: Vec<(usize, usize, usize, usize)> = groups
            .iter()
            .enumerate()
            .flat_map(|(g, out)| {
                out.iter()
                    .enumerate()
                    .map(move |(k, &(mis, len, _))| (mis, len, g, k))
            })
            .collect();
        expected.sort_by_key(|&(mis, len, _, _)| (mis, len));
        let expected: Vec<(usize, usize)> = expected.iter().map(|&(_, _, g, k)| (g, k)).collect();
        assert!(expected.len() > 4 * 1024);
        assert_eq!(first_reached(&groups).collect::<Vec<_>>(), expected);
    }

    #[test]
    fn a_blocks_cells_are_gathered_run_by_run_as_the_frame_numbers_them() {
        let cube: [u8; CELLS] = std::array::from_fn(|c| (c * 7 % 251) as u8);
        for f in frames() {
            let by_cell: [u8; 32] =
                std::array::from_fn(|l| if l < 27 { cube[f.cells[l] as usize] } else { 0 });
            assert_eq!(gathered(&cube, f.cells[0] as usize), by_cell);
        }
    }

    #[test]
    fn fixes_a_wrong_turn_and_a_swapped_pair() {
        // Two overlapping blocks and one far away.
        let scramble = [
            Move::new(3, 2, 6, Axis::Z, 3).unwrap(),
            Move::new(2, 3, 7, Axis::Z, 1).unwrap(),
            Move::new(6, 6, 2, Axis::X, 1).unwrap(),
        ];
        let mut cube = Cube::solved();
        cube.apply_all(&scramble);
        let right = undo_of(&scramble);
        // Wrong turn on the far block, and the overlapping pair undone in the wrong order.
        let slipped = vec![Move::new(6, 6, 2, Axis::Y, 2).unwrap(), right[2], right[1]];
        assert!(misplaced_after(cube.cells(), &slipped) > 0);
        let repaired = run(cube.cells(), &slipped);
        assert_eq!(misplaced_after(cube.cells(), &repaired), 0);
        assert!(repaired.len() <= slipped.len());
    }

    /// The cube `scramble` makes.
    fn scrambled_by(scramble: &[Move]) -> Cube {
        let mut cube = Cube::solved();
        cube.apply_all(scramble);
        cube
    }

    /// Two overlapping blocks with ten far moves between them.
    fn long_scramble() -> Vec<Move> {
        let far = [
            (7, 1, 1),
            (7, 7, 1),
            (1, 7, 7),
            (7, 1, 7),
            (1, 1, 7),
            (7, 7, 7),
            (1, 7, 1),
            (1, 1, 1),
            (7, 4, 1),
            (1, 4, 7),
        ];
        let mut scramble = vec![Move::new(3, 3, 3, Axis::X, 1).unwrap()];
        for (k, &(x, y, z)) in far.iter().enumerate() {
            scramble.push(Move::new(x, y, z, Axis::ALL[k % 3], 1 + (k % 3) as u8).unwrap());
        }
        scramble.push(Move::new(4, 4, 4, Axis::Y, 1).unwrap());
        scramble
    }

    #[test]
    fn moves_a_move_past_many_others() {
        let scramble = long_scramble();
        let cube = scrambled_by(&scramble);
        let mut slipped = undo_of(&scramble);
        // The first block undone last of all, but before the block that overlaps it.
        let first = slipped.pop().unwrap();
        let overlapping = slipped.remove(0);
        slipped.insert(0, first);
        slipped.push(overlapping);
        assert!(misplaced_after(cube.cells(), &slipped) > 0);
        let repaired = run(cube.cells(), &slipped);
        assert_eq!(misplaced_after(cube.cells(), &repaired), 0);
        assert!(repaired.len() <= slipped.len());
    }

    #[test]
    fn adds_a_missing_move() {
        let scramble = long_scramble();
        let cube = scrambled_by(&scramble);
        let mut short = undo_of(&scramble);
        short.remove(6);
        let repaired = run(cube.cells(), &short);
        assert_eq!(misplaced_after(cube.cells(), &repaired), 0);
        assert_eq!(repaired.len(), scramble.len());
    }

    #[test]
    fn an_added_move_is_scored_as_playing_it() {
        let scramble = long_scramble();
        let cube = scrambled_by(&scramble);
        let mut short = undo_of(&scramble);
        short.truncate(8);
        let (mis, with) = Played::new(cube.cells(), &short)
            .best_insertion()
            .expect("some move helps");
        assert_eq!(with.len(), short.len() + 1);
        assert_eq!(mis, misplaced_after(cube.cells(), &with));
        assert!(mis < misplaced_after(cube.cells(), &short));
    }

    #[test]
    fn the_best_added_move_is_the_best_of_every_move_at_every_place() {
        // Skipping blocks that hold too few wrong pieces must not change the answer:
        // compare with every one of the 3087 moves played at every place.
        // Small residues, where the best move fixes only a cell or two: a commutator
        // of two overlapping blocks, and a path of a few moves and their undoing.
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for _ in 0..4 {
            let a = crate::scramble::random_move(&mut rng);
            let mut b = a;
            b.x = (a.x + 1).min(7);
            b.axis = crate::moves::Axis::ALL[rng.gen_range(0..3)];
            let mut cube = Cube::solved();
            cube.apply_all(&[a, b, a.inverse(), b.inverse()]);
            let there: Vec<Move> = (0..3)
                .map(|_| crate::scramble::random_move(&mut rng))
                .collect();
            let mut path = there.clone();
            path.extend(undo_of(&there));
            let brute = (0..=path.len())
                .flat_map(|j| (0..crate::moves::MOVE_COUNT).map(move |m| (j, m)))
                .map(|(j, m)| {
                    let mut q = path.clone();
                    q.insert(j, Move::from_index(m));
                    misplaced_after(cube.cells(), &q)
                })
                .min()
                .expect("some move");
            let now = misplaced_after(cube.cells(), &path);
            match Played::new(cube.cells(), &path).best_insertion() {
                Some((mis, with)) => {
                    assert_eq!(mis, brute);
                    assert_eq!(misplaced_after(cube.cells(), &with), mis);
                }
                None => assert!(brute >= now, "{brute} < {now} was missed"),
            }
        }
    }

    #[test]
    fn never_makes_things_worse() {
        let mut cube = Cube::solved();
        let far = Move::new(1, 1, 1, Axis::X, 1).unwrap();
        cube.apply(far);
        let junk = vec![Move::new(7, 7, 7, Axis::Y, 2).unwrap()];
        let before = misplaced_after(cube.cells(), &junk);
        let after = misplaced_after(cube.cells(), &run(cube.cells(), &junk));
        assert!(after <= before);
    }

    #[test]
    fn the_edit_beam_moves_two_blocks_that_help_only_together() {
        // A 15-move scramble, and the beam's undo of it: 764Y3 came too early, before
        // 734Z3 and 745Z3, which overlap it, and 6 cells are left. Moving either of
        // the two to the front alone fixes nothing; moving both undoes the scramble.
        let parse = |s: &str| crate::moves::parse_moves(s).unwrap();
        let scramble = parse(
            "175X2 111Z1 474Y3 741X1 137X3 735X1 151Z1 676Z2 452X3 764Y1 745Z1 711X3 367Z3 734Z1 \
             235X2",
        );
        let slipped = parse(
            "764Y3 676Z2 235X2 367Z1 452X1 474Y1 175X2 137X1 711Z1 741X3 151Y1 734Z3 745Z3 \
             735Y3 111Y1",
        );
        let mut cube = Cube::solved();
        cube.apply_all(&scramble);
        let start = cube.cells();
        assert_eq!(misplaced_after(start, &slipped), 6);
        let greedy = run_retuned(start, &slipped, &|| false);
        assert_eq!(misplaced_after(start, &greedy), 6);
        let edited = edit_beam(start, &slipped, 256, 5, 24_000_000);
        assert_eq!(misplaced_after(start, &edited), 0);
        assert_eq!(edited.len(), 15);
    }

    #[test]
    fn a_long_paths_prefixes_are_thinned_to_the_work_bound() {
        // A 60-move path: every prefix from a quarter fits.
        assert_eq!(prefix_lengths(60, 15, 1), (15..60).collect::<Vec<_>>());
        // A 120-move path: every few moves, within the bound, from the same start.
        let long = prefix_lengths(120, 30, 1);
        let work: usize = long.iter().map(|&k| k * (k + 40)).sum();
        assert!(
            long.len() < 90 && long.len() >= 10,
            "{} prefixes",
            long.len()
        );
        assert!(work <= PREFIX_REPAIR_WORK && long[0] == 30);
        assert!(prefix_lengths(10, 20, 1).is_empty());
    }

    #[test]
    fn the_insertions_listed_change_the_cells_as_replaying_them_would() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let (cube, path) = slipped_undo(&mut rng, 15);
        let played = Played::new(cube.cells(), &path);
        let listed = played.insertions(400);
        assert_eq!(listed.len(), 400);
        assert!(listed.windows(2).all(|w| w[0] <= w[1]), "best first");
        for &(delta, j, m) in &listed {
            let mut q = path.clone();
            q.insert(j, Move::from_index(m));
            let after = misplaced_after(cube.cells(), &q) as i32;
            assert_eq!(after - played.misplaced as i32, delta, "move {m} at {j}");
        }
    }

    #[test]
    fn two_overlapping_moves_left_out_are_added_back_together() {
        // A 23-move scramble (`cubist bench --count 60 --seed 7`, scramble-28) and its
        // undo without 152Y2 and 142Y2: two overlapping half turns, neither of which
        // fixes a cell alone.
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let (mut cube, mut scramble) = (Cube::solved(), Vec::new());
        for _ in 0..=28 {
            let n = rng.gen_range(10..=100);
            (cube, scramble) = crate::scramble::scramble(&mut rng, n);
        }
        let undo = undo_of(&scramble);
        let missing: Vec<Move> = ["152Y2", "142Y2"]
            .iter()
            .map(|m| crate::moves::parse_moves(m).unwrap()[0])
            .collect();
        let path: Vec<Move> = undo
            .iter()
            .copied()
            .filter(|m| !missing.contains(m))
            .collect();
        assert_eq!(path.len(), undo.len() - 2);
        let left = misplaced_after(cube.cells(), &path);
        assert!(left > 0);
        // One move at a time does not get there.
        let single = run(cube.cells(), &path);
        assert!(misplaced_after(cube.cells(), &single) > 0);
        // Two at once do.
        let doubled = double_insertion(cube.cells(), &single, 1000).expect("a double insertion");
        let mended = run(cube.cells(), &doubled);
        assert_eq!(misplaced_after(cube.cells(), &mended), 0);
        assert!(mended.len() <= undo.len() + 2, "{} moves", mended.len());
    }
}
