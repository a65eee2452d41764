//! Commutators put into a path where its own moves bring their pieces together.
//!
//! The endgame's commutators `A B A' B'` cycle three (or a few more) cells near the
//! overlap of two blocks. Played after a path, a commutator reaches the misplaced
//! cells only where they happen to lie that close; elsewhere setup moves must carry a
//! piece there and back (a carry: eight to twelve moves for a cell or two). But the
//! path's own moves carry the pieces about: at some point along it, the pieces that
//! end misplaced often lie where one commutator of four moves cycles them, and cycling
//! them there puts them right at the end (the insertion of fewest-moves solving).
//! Each scan traces every misplaced cell's piece back along the path and tries the
//! commutators into each place it passes through (just before and just after each move
//! that moves it), scored on the final cube through where each cell's piece ends, so
//! nothing is replayed; the commutators that fix most cells per move (a move that
//! merges with its neighbour in the path saves one) are put in, several a scan, each
//! scored again just before, as those put in before it change the cube. Once none is
//! left to put in and few cells are left, commutators under one setup move `S C S'`
//! are tried too (six moves, fewer where they merge), which still cost less than the
//! endgame's carries of eight to twelve moves.

use super::endgame::{patterns, placements_bringing, Placement};
use super::tuning::{CELLS_CHANGED, LEAST_GAIN, SCANS, SETUP_CELLS_CHANGED, SETUP_RESIDUE};
use crate::cube::{CELLS, SOLVED};
use crate::moves::{move_table, play_all, source_of, Move};
use rayon::prelude::*;

/// Where the piece at each cell after `i` moves of `path` ends, for every `i` from 0
/// to the path's length.
fn ends_of(path: &[Move]) -> Vec<[u16; CELLS]> {
    let table = move_table();
    let n = path.len();
    let mut ends = vec![[0u16; CELLS]; n + 1];
    ends[n] = std::array::from_fn(|p| p as u16);
    for i in (0..n).rev() {
        let mut e = ends[i + 1];
        for &(d, s) in table[path[i].index()].iter() {
            e[s as usize] = ends[i + 1][d as usize];
        }
        ends[i] = e;
    }
    ends
}

/// A commutator to put in, under a setup move or none: `S A B A' B' S'` cycles the
/// cells that `S` takes to the commutator's, and costs two moves more.
#[derive(Clone, Copy)]
struct Insert {
    pl: Placement,
    setup: Option<Move>,
}

impl Insert {
    /// The cell whose piece the move sequence puts where the commutator's cell `c`
    /// would: `c` itself, or where the setup takes a piece to `c` from.
    fn cell(&self, c: usize) -> usize {
        match self.setup {
            None => c,
            Some(m) => source_of(m.index(), c),
        }
    }

    /// The moves put in.
    fn moves(&self) -> Vec<Move> {
        let c = self.pl.moves();
        match self.setup {
            None => c.to_vec(),
            Some(m) => [&[m][..], &c[..], &[m.inverse()][..]].concat(),
        }
    }
}

/// Cells fixed (net) on the final cube `fin` by `ins` put in after `q` moves of
/// `path` (where the pieces then end is `ends`), and its cost in moves after merging
/// with the path's moves beside it; `None` when it cannot fix [`LEAST_GAIN`].
fn value(
    path: &[Move],
    ends: &[u16; CELLS],
    fin: &[u8; CELLS],
    q: usize,
    ins: Insert,
) -> Option<(i32, usize)> {
    let pl = ins.pl;
    let pairs = &patterns()[pl.pattern as usize].pairs;
    let mut gain = 0i32;
    let mut left = pairs.len() as i32;
    for &(d, s) in pairs {
        let (d, s) = (
            ends[ins.cell(pl.cell(d))] as usize,
            ends[ins.cell(pl.cell(s))] as usize,
        );
        gain += (fin[s] == SOLVED[d]) as i32 - (fin[d] == SOLVED[d]) as i32;
        left -= 1;
        if gain + left < LEAST_GAIN {
            return None;
        }
    }
    // The first and last moves put in, and how many, without building the list.
    let c = pl.moves();
    let (first, last, n) = match ins.setup {
        None => (c[0], c[3], 4usize),
        Some(m) => (m, m.inverse(), 6),
    };
    let before = q.checked_sub(1).map_or(0, |k| path[k].merge_saving(first));
    let after = path.get(q).map_or(0, |&m| last.merge_saving(m));
    Some((gain, n.saturating_sub(before + after).max(1)))
}

/// Each turn (move number) of a block holding cell `t` that moves it, with the cell
/// it takes t's piece to: the setups of [`Insert`] for a piece at `t`.
fn setups_of(t: usize) -> impl Iterator<Item = (usize, usize)> {
    super::sweep::blocks_of()[t].iter().flat_map(move |&block| {
        (block as usize * 9..block as usize * 9 + 9).filter_map(move |a| {
            move_table()[a]
                .iter()
                .find(|&&(_, s)| s as usize == t)
                .map(|&(c, _)| (a, c as usize))
        })
    })
}

/// A commutator worth putting in: cells fixed per move, cells fixed, where (moves of
/// the path before it) and which.
type Found = (f64, i32, usize, Insert);

/// The best commutator bringing a right piece into cell `t` after `i` moves, if any;
/// with `setups`, commutators under a setup move of a block holding `t` too.
fn best_into(
    path: &[Move],
    ends: &[u16; CELLS],
    fin: &[u8; CELLS],
    (i, t): (usize, usize),
    setups: bool,
) -> Option<Found> {
    let want = SOLVED[ends[t] as usize];
    let mut best: Option<Found> = None;
    let mut consider = |ins: Insert| {
        if let Some((gain, cost)) = value(path, ends, fin, i, ins) {
            let rate = gain as f64 / cost as f64;
            if best.as_ref().is_none_or(|b| (rate, gain) > (b.0, b.1)) {
                best = Some((rate, gain, i, ins));
            }
        }
    };
    for pl in placements_bringing(t, CELLS_CHANGED, |s| fin[ends[s] as usize] == want) {
        consider(Insert { pl, setup: None });
    }
    if setups {
        // The commutator's cells are where the setup takes t's piece.
        for (a, c) in setups_of(t) {
            let setup = Some(Move::from_index(a));
            let brings = |s: usize| fin[ends[source_of(a, s)] as usize] == want;
            for pl in placements_bringing(c, SETUP_CELLS_CHANGED, brings) {
                consider(Insert { pl, setup });
            }
        }
    }
    best
}

/// The places (moves before, cell) each misplaced cell's piece passes through along
/// `path`: just after each move that brings it there and just before the next.
fn places(path: &[Move], wrong: &[usize]) -> Vec<(usize, usize)> {
    let n = path.len();
    let mut out = Vec::new();
    for &c in wrong {
        let mut t = c;
        out.push((n, t));
        for i in (0..n).rev() {
            let before = source_of(path[i].index(), t);
            if before != t {
                out.push((i + 1, t));
                out.push((i, before));
                t = before;
            }
        }
        out.push((0, t));
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Put `moves` into `path` after its first `q` moves, keeping `ends` (see [`ends_of`])
/// true: the times after them are as before, the new ones are traced back from
/// there, and of the earlier ones only the cells whose pieces reach the cells the
/// moves change.
fn put_in(path: &mut Vec<Move>, ends: &mut Vec<[u16; CELLS]>, q: usize, moves: &[Move]) {
    let table = move_table();
    let old = ends[q];
    let mut new = vec![[0u16; CELLS]; moves.len()];
    let mut e = old;
    for k in (0..moves.len()).rev() {
        let mut before = e;
        for &(d, s) in table[moves[k].index()].iter() {
            before[s as usize] = e[d as usize];
        }
        new[k] = before;
        e = before;
    }
    for x in (0..CELLS).filter(|&x| new[0][x] != old[x]) {
        let mut at = x;
        for j in (0..q).rev() {
            at = source_of(path[j].index(), at);
            ends[j][at] = new[0][x];
        }
    }
    ends.splice(q..q, new);
    path.splice(q..q, moves.iter().copied());
}

/// `path` (played on `start`) with commutators put in wherever one fixes at least
/// [`LEAST_GAIN`] cells of what it leaves misplaced, most cells a move first;
/// simplified.
pub fn run(start: &[u8; CELLS], path: &[Move]) -> Vec<Move> {
    let mut path = path.to_vec();
    let mut ends = ends_of(&path);
    let mut fin = *start;
    play_all(&mut fin, &path);
    let mut setups = false;
    for _ in 0..SCANS {
        let wrong: Vec<usize> = (0..CELLS).filter(|&i| fin[i] != SOLVED[i]).collect();
        if wrong.is_empty() {
            break;
        }
        let mut found: Vec<Found> = places(&path, &wrong)
            .par_iter()
            .filter_map(|&(i, t)| best_into(&path, &ends[i], &fin, (i, t), setups))
            .collect();
        // Most cells a move first, then most cells, then earliest (a fixed order).
        found.sort_by(|a, b| {
            (b.0, b.1)
                .partial_cmp(&(a.0, a.1))
                .expect("finite")
                .then(a.2.cmp(&b.2))
        });
        // Put in while each still does what it was found to do; the times found are
        // those of the path before this scan's commutators: (time, moves put in).
        let mut put: Vec<(usize, usize)> = Vec::new();
        for (rate, _, i, ins) in found {
            let q = i + put
                .iter()
                .filter(|&&(a, _)| a <= i)
                .map(|&(_, n)| n)
                .sum::<usize>();
            let Some((gain, cost)) = value(&path, &ends[q], &fin, q, ins) else {
                continue;
            };
            if (gain as f64 / cost as f64) < rate {
                continue;
            }
            // The final cube changes only where the commutator's cells end.
            let before = fin;
            let pl = ins.pl;
            for &(d, s) in &patterns()[pl.pattern as usize].pairs {
                let (d, s) = (
                    ends[q][ins.cell(pl.cell(d))] as usize,
                    ends[q][ins.cell(pl.cell(s))] as usize,
                );
                fin[d] = before[s];
            }
            let moves = ins.moves();
            put_in(&mut path, &mut ends, q, &moves);
            put.push((i, moves.len()));
        }
        if put.is_empty() {
            // None left to put in as they are: under a setup move, once few cells are
            // left (they cost the endgame a carry each).
            if setups || wrong.len() > SETUP_RESIDUE {
                break;
            }
            setups = true;
        }
    }
    super::simplify(&path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::invert;
    use rand::SeedableRng;

    fn scramble(seed: u64, moves: usize) -> Vec<Move> {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        crate::scramble::scramble(&mut rng, moves).1
    }

    #[test]
    fn the_ends_kept_by_put_in_are_those_of_the_longer_path() {
        let mut path = scramble(5, 40);
        let mut ends = ends_of(&path);
        let pl = Placement {
            pattern: 0,
            anchor: patterns()[0].lo,
        };
        for q in [0, 17, 40] {
            put_in(&mut path, &mut ends, q, &pl.moves());
            assert!(ends == ends_of(&path), "after putting in at {q}");
        }
    }

    #[test]
    fn a_commutator_under_a_setup_fixes_what_its_value_says() {
        // A cube and a path that leaves it far from solved: the best commutators found
        // (with setups) at the places of its misplaced pieces, each put in and played.
        let mut start = SOLVED;
        play_all(&mut start, &scramble(9, 60));
        let path = scramble(5, 40);
        let ends = ends_of(&path);
        let mut fin = start;
        play_all(&mut fin, &path);
        let wrong_after = |p: &[Move]| {
            let mut c = start;
            play_all(&mut c, p);
            (0..CELLS).filter(|&i| c[i] != SOLVED[i]).count() as i32
        };
        let wrong: Vec<usize> = (0..CELLS).filter(|&i| fin[i] != SOLVED[i]).collect();
        let mut checked = 0;
        for (i, t) in places(&path, &wrong).into_iter().step_by(7).take(300) {
            let Some((_, gain, q, ins)) = best_into(&path, &ends[i], &fin, (i, t), true) else {
                continue;
            };
            if ins.setup.is_none() {
                continue;
            }
            let mut longer = path[..q].to_vec();
            longer.extend(ins.moves());
            longer.extend_from_slice(&path[q..]);
            assert_eq!(wrong_after(&path) - wrong_after(&longer), gain, "at {q}");
            checked += 1;
        }
        assert!(checked > 10, "{checked} checked");
        // And every commutator of three cells under every setup at a few places,
        // whether or not it pays: the value is the replayed gain when it is given.
        let mut quarter = 0;
        for (i, t) in places(&path, &wrong).into_iter().step_by(97).take(3) {
            for (a, c) in setups_of(t) {
                let setup = Move::from_index(a);
                for pl in placements_bringing(c, 3, |_| true) {
                    let ins = Insert {
                        pl,
                        setup: Some(setup),
                    };
                    let mut longer = path[..i].to_vec();
                    longer.extend(ins.moves());
                    longer.extend_from_slice(&path[i..]);
                    let replayed = wrong_after(&path) - wrong_after(&longer);
                    match value(&path, &ends[i], &fin, i, ins) {
                        Some((gain, _)) => {
                            assert_eq!(replayed, gain, "{setup} at {i}");
                            quarter += (setup.turns != 2) as usize;
                        }
                        None => assert!(replayed < LEAST_GAIN, "{setup} at {i}"),
                    }
                }
            }
        }
        assert!(quarter > 0);
    }

    #[test]
    fn a_commutator_left_out_of_an_undo_is_put_back() {
        // A cube that the undo of a 30-move scramble with a 3-cycle after its 12th move
        // solves; the undo without the 3-cycle leaves those three cells.
        let undo = invert(&scramble(8, 30));
        let three = patterns().iter().position(|p| p.pairs.len() == 3).unwrap();
        let pl = Placement {
            pattern: three as u32,
            anchor: [4, 4, 4],
        };
        let mut whole = undo[..12].to_vec();
        whole.extend(pl.moves());
        whole.extend_from_slice(&undo[12..]);
        let mut start = SOLVED;
        play_all(&mut start, &invert(&whole));
        let mut left = start;
        play_all(&mut left, &undo);
        assert!((1..=3).contains(&(0..CELLS).filter(|&i| left[i] != SOLVED[i]).count()));
        let mended = run(&start, &undo);
        let mut end = start;
        play_all(&mut end, &mended);
        assert_eq!(end, SOLVED);
        assert!(mended.len() <= undo.len() + 4, "{} moves", mended.len());
    }

    #[test]
    fn no_plain_commutator_fixing_even_one_cell_is_left_out() {
        // The undo of a 30-move scramble with six of its moves left out leaves cells;
        // after the insertion no plain commutator at any place of a misplaced piece
        // fixes a cell (net), not even one. (Putting in only those that fix two left
        // three cells here, with a one-cell commutator among them; now none are left.)
        let mut undo = invert(&scramble(8, 30));
        for k in [25, 21, 17, 13, 9, 5] {
            undo.remove(k);
        }
        let mut start = SOLVED;
        play_all(&mut start, &scramble(8, 30));
        let mended = run(&start, &undo);
        let ends = ends_of(&mended);
        let mut fin = start;
        play_all(&mut fin, &mended);
        let wrong: Vec<usize> = (0..CELLS).filter(|&i| fin[i] != SOLVED[i]).collect();
        for (i, t) in places(&mended, &wrong) {
            let e = &ends[i];
            for pl in placements_bringing(t, CELLS_CHANGED, |_| true) {
                let gain: i32 = patterns()[pl.pattern as usize]
                    .pairs
                    .iter()
                    .map(|&(d, s)| {
                        let (d, s) = (e[pl.cell(d)] as usize, e[pl.cell(s)] as usize);
                        (fin[s] == SOLVED[d]) as i32 - (fin[d] == SOLVED[d]) as i32
                    })
                    .sum();
                assert!(gain < 1, "a commutator fixing {gain} after {i} moves");
            }
        }
    }
}
