//! Last stage: shorten a finished solution by putting fewer moves in place of a run.
//!
//! Pieces of one kind are interchangeable, so a run of moves can often be replaced by
//! fewer that leave the same digits while moving other pieces. The beam may take a
//! turn of a block that differs from the scramble's by a third of a turn about the
//! block's diagonal (on a block of unbroken digits they leave the same digits) and
//! the repair then mends the difference elsewhere with moves of its own; the pairs
//! put in two turns of one block where, past the moves between them, one would do;
//! and a solution may run on with moves that leave every digit as it is.
//!
//! Every run of up to [`RUN`] consecutive moves is compared with the cube the
//! solution holds after it (which the rest of the solution takes on to the end): where
//! at most [`MOST`] moves, fewer than the run, take the cube before the run there,
//! they replace it. The biggest savings go first (the earliest of equals), as many runs
//! apart from one another as are found; where none is, the same is tried with each
//! move taken as early, then as late, as the moves on blocks apart from it let it.
//! The search starts again on the new solution until no run can be shortened.

use super::simplify;
use super::sweep::blocks_of;
use super::tuning::{MOST, RUN};
use crate::cube::{coords, CELLS};
use crate::moves::{move_table, play, play_all, Move, MOVED};
use std::collections::HashSet;

/// Blocks along one edge (centres 1..=7).
const SPAN: usize = 7;

/// `moves`, which take the cube `start` to `target`, with runs of moves replaced by
/// fewer that take it there too (see the module's doc). Never longer than
/// [`simplify`] of `moves`, and it ends where `moves` ends.
pub fn shorten(start: &[u8; CELLS], target: &[u8; CELLS], moves: &[Move]) -> Vec<Move> {
    let mut path = simplify(moves);
    let mut barren = HashSet::new();
    loop {
        let mut found = replacements(start, &path, &mut barren);
        if found.is_empty() {
            for later in [false, true] {
                let packed = packed(&path, later);
                found = replacements(start, &packed, &mut barren);
                if !found.is_empty() {
                    path = packed;
                    break;
                }
            }
        }
        if found.is_empty() {
            // Each replacement ends where its run did, so this holds; checked all the
            // same, as the cost is one playing of the path.
            if &played(start, &path) == target {
                return path;
            }
            debug_assert!(false, "a replacement changed where the path ends");
            return simplify(moves);
        }
        // Latest first, so that the earlier runs keep their places.
        for (at, len, with) in found.into_iter().rev() {
            path.splice(at..at + len, with);
        }
        path = simplify(&path);
    }
}

/// `path` with each move taken as early (or, with `later`, as late) as the moves
/// whose blocks it shares no cell with let it: the same cube at the end, with the
/// moves that act on one another brought together.
fn packed(path: &[Move], later: bool) -> Vec<Move> {
    let mut out: Vec<Move> = path.to_vec();
    if later {
        out.reverse();
    }
    for i in 0..out.len() {
        let mut j = i;
        while j > 0 && out[j - 1].disjoint(out[j]) {
            out.swap(j - 1, j);
            j -= 1;
        }
    }
    if later {
        out.reverse();
    }
    out
}

/// The cube `start` after `moves`.
pub(super) fn played(start: &[u8; CELLS], moves: &[Move]) -> [u8; CELLS] {
    let mut cells = *start;
    play_all(&mut cells, moves);
    cells
}

/// Runs of `path` that fewer moves replace, none overlapping another, in path order:
/// each run's start, its length and the moves that replace it. The biggest savings
/// are taken first, the earliest and shortest run of equals.
/// `barren` holds the runs (as the cubes before and after them, hashed, and the most
/// moves that may replace them) known to have no replacement: after one round's
/// replacements most runs are as they were, and are not searched again.
fn replacements(
    start: &[u8; CELLS],
    path: &[Move],
    barren: &mut HashSet<(u64, u64, usize)>,
) -> Vec<(usize, usize, Vec<Move>)> {
    let n = path.len();
    // What the cube holds before each move (after the last, where the path ends): a
    // run replaced by moves that take the cube before it to the cube after it leaves
    // the rest of the path ending where it did.
    let mut states = Vec::with_capacity(n + 1);
    states.push(*start);
    for m in path {
        let mut next = *states.last().expect("start pushed");
        play(&mut next, m.index());
        states.push(next);
    }
    let hashes: Vec<u64> = states.iter().map(hash).collect();
    let mut found = Vec::new();
    let mut scratch = [0u8; CELLS];
    let mut wrong = Vec::with_capacity(MOST * MOVED);
    for at in 0..n {
        for len in 1..=RUN.min(n - at) {
            let most = MOST.min(len - 1);
            let key = (hashes[at], hashes[at + len], most);
            if barren.contains(&key)
                || !differing(&states[at], &states[at + len], most * MOVED, &mut wrong)
            {
                continue;
            }
            match replacement(&states[at], &states[at + len], &wrong, most, &mut scratch) {
                Some(with) => found.push((len - with.len(), at, len, with)),
                None => {
                    barren.insert(key);
                }
            }
        }
    }
    found.sort_by_key(|&(saving, at, len, _)| (std::cmp::Reverse(saving), at, len));
    let mut taken = vec![false; n];
    let mut kept = Vec::new();
    for (_, at, len, with) in found {
        if taken[at..at + len].iter().all(|&t| !t) {
            taken[at..at + len].iter_mut().for_each(|t| *t = true);
            kept.push((at, len, with));
        }
    }
    kept.sort_by_key(|&(at, _, _)| at);
    kept
}

/// A quick hash of a cube's cells (a missed replacement is all a collision costs).
fn hash(cells: &[u8; CELLS]) -> u64 {
    cells.chunks(8).fold(0u64, |h, chunk| {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        (h.rotate_left(5) ^ u64::from_le_bytes(word)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    })
}

/// Fills `wrong` with the cells where `from` and `to` differ; false (`wrong` then
/// incomplete) when there are more than `limit`.
fn differing(from: &[u8; CELLS], to: &[u8; CELLS], limit: usize, wrong: &mut Vec<usize>) -> bool {
    wrong.clear();
    const LANE: usize = 8;
    for (k, (a, b)) in from.chunks(LANE).zip(to.chunks(LANE)).enumerate() {
        if a == b {
            continue;
        }
        for (i, (x, y)) in a.iter().zip(b).enumerate() {
            if x != y {
                if wrong.len() == limit {
                    return false;
                }
                wrong.push(k * LANE + i);
            }
        }
    }
    true
}

/// The fewest moves, at most `most` (0, 1 or 2), that take `from` to `to`, where
/// `wrong` lists the cells in which they differ.
fn replacement(
    from: &[u8; CELLS],
    to: &[u8; CELLS],
    wrong: &[usize],
    most: usize,
    scratch: &mut [u8; CELLS],
) -> Option<Vec<Move>> {
    if wrong.is_empty() {
        return Some(Vec::new());
    }
    if most == 0 || wrong.len() > most * MOVED {
        return None;
    }
    if let Some(m) = one_move(from, to, wrong) {
        return Some(vec![m]);
    }
    if most < 2 {
        return None;
    }
    // Cells more than five apart on an axis: two blocks apart on it, which commute, so
    // each must take the cells on its side in one move.
    let (lo, hi) = bounds(wrong);
    if let Some(k) = (0..3).find(|&k| hi[k] - lo[k] > 4) {
        let (near, far): (Vec<usize>, Vec<usize>) = wrong.iter().partition(|&&c| {
            let (x, y, z) = coords(c);
            [x, y, z][k] <= lo[k] + 2
        });
        return Some(vec![one_move(from, to, &near)?, one_move(from, to, &far)?]);
    }
    // Two moves: the first turns a block holding a cell that differs, the second must
    // then take what is left in one move.
    scratch.copy_from_slice(from);
    let table = move_table();
    let mut moved = [false; CELLS];
    let mut tried = [false; SPAN * SPAN * SPAN];
    let mut left = Vec::with_capacity(MOVED * 2);
    let places: Vec<[u8; 3]> = wrong
        .iter()
        .map(|&c| {
            let (x, y, z) = coords(c);
            [x as u8, y as u8, z as u8]
        })
        .collect();
    for &cell in wrong {
        for &block in &blocks_of()[cell] {
            let block = block as usize;
            if std::mem::replace(&mut tried[block], true) || !one_block_beside(&places, block) {
                continue;
            }
            for first in block * 9..block * 9 + 9 {
                let cyc = &table[first];
                for &(d, s) in cyc.iter() {
                    scratch[d as usize] = from[s as usize];
                    moved[d as usize] = true;
                }
                left.clear();
                left.extend(wrong.iter().copied().filter(|&c| !moved[c]));
                left.extend(
                    cyc.iter()
                        .map(|&(d, _)| d as usize)
                        .filter(|&d| scratch[d] != to[d]),
                );
                let second = if left.len() <= MOVED {
                    one_move(scratch, to, &left)
                } else {
                    None
                };
                for &(d, _) in cyc.iter() {
                    scratch[d as usize] = from[d as usize];
                    moved[d as usize] = false;
                }
                if let Some(second) = second {
                    return Some(vec![Move::from_index(first), second]);
                }
            }
        }
    }
    None
}

/// The one move that takes `from` to `to`, where `wrong` (not empty) lists the cells
/// in which they differ.
fn one_move(from: &[u8; CELLS], to: &[u8; CELLS], wrong: &[usize]) -> Option<Move> {
    let (lo, hi) = bounds(wrong);
    if (0..3).any(|k| hi[k] - lo[k] > 2) {
        return None;
    }
    // Centres whose block holds every differing cell.
    let centres = |k: usize| hi[k].saturating_sub(1).max(1)..=(lo[k] + 1).min(SPAN);
    let table = move_table();
    for x in centres(0) {
        for y in centres(1) {
            for z in centres(2) {
                let block = (x - 1) * SPAN * SPAN + (y - 1) * SPAN + (z - 1);
                for m in block * 9..block * 9 + 9 {
                    let cyc = &table[m];
                    let takes = cyc.iter().all(|&(d, s)| from[s as usize] == to[d as usize]);
                    // A differing cell on the turning axis stays as it is.
                    if takes
                        && wrong
                            .iter()
                            .all(|&c| cyc.iter().any(|&(d, _)| d as usize == c))
                    {
                        return Some(Move::from_index(m));
                    }
                }
            }
        }
    }
    None
}

/// Whether the cells at `wrong` (coordinates) outside `block` fit in one block, as they
/// must when a turn of `block` and one more move take the cube where it should be.
fn one_block_beside(wrong: &[[u8; 3]], block: usize) -> bool {
    let centre = [
        (block / (SPAN * SPAN) + 1) as u8,
        (block / SPAN % SPAN + 1) as u8,
        (block % SPAN + 1) as u8,
    ];
    let mut lo = [u8::MAX; 3];
    let mut hi = [0u8; 3];
    for at in wrong {
        if (0..3).all(|k| at[k].abs_diff(centre[k]) <= 1) {
            continue;
        }
        for k in 0..3 {
            lo[k] = lo[k].min(at[k]);
            hi[k] = hi[k].max(at[k]);
        }
    }
    (0..3).all(|k| lo[k] == u8::MAX || hi[k] - lo[k] <= 2)
}

/// The least and greatest coordinates, on each axis, of the cells listed (not empty).
fn bounds(cells: &[usize]) -> ([usize; 3], [usize; 3]) {
    let mut lo = [usize::MAX; 3];
    let mut hi = [0usize; 3];
    for &c in cells {
        let (x, y, z) = coords(c);
        for (k, v) in [x, y, z].into_iter().enumerate() {
            lo[k] = lo[k].min(v);
            hi[k] = hi[k].max(v);
        }
    }
    (lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::{Cube, SOLVED};
    use crate::moves::Axis;

    fn mv(s: &str) -> Move {
        s.parse().expect("a move")
    }

    /// Two quarter turns of the block at `centre` that together turn it a third of a
    /// turn about its diagonal, which leaves a block of solved digits as it is.
    fn third_about_diagonal(centre: &str) -> [Move; 2] {
        let turns = |a: Axis, t: u8| mv(&format!("{centre}{}{t}", a.letter()));
        for (a, b) in [(Axis::X, Axis::Y), (Axis::Y, Axis::Z), (Axis::X, Axis::Z)] {
            for ta in 1..=3 {
                for tb in [1, 3] {
                    let pair = [turns(a, ta), turns(b, tb)];
                    let mut cube = Cube::solved();
                    cube.apply_all(&pair);
                    if cube.is_solved() {
                        return pair;
                    }
                }
            }
        }
        panic!("no third of a turn about the diagonal");
    }

    fn ends_solved(cube: &Cube, moves: &[Move]) -> bool {
        let mut check = cube.clone();
        check.apply_all(moves);
        check.is_solved()
    }

    #[test]
    fn a_run_that_leaves_every_digit_is_dropped() {
        let third = third_about_diagonal("444");
        assert!(shorten(&SOLVED, &SOLVED, &third).is_empty());
    }

    #[test]
    fn a_turn_done_the_long_way_is_replaced_by_one() {
        // One scramble move undone, then a third of a turn about the diagonal of the
        // now solved block, merged by the clean-up with the undo into two turns.
        let mut cube = Cube::solved();
        cube.apply(mv("345Z1"));
        let mut long = vec![mv("345Z3")];
        long.extend(third_about_diagonal("345"));
        assert!(ends_solved(&cube, &long));
        let short = shorten(cube.cells(), &SOLVED, &long);
        assert_eq!(short.len(), 1, "{short:?}");
        assert!(ends_solved(&cube, &short));
    }

    #[test]
    fn two_moves_are_found_where_no_single_one_takes_the_cube_there() {
        let scramble = [mv("333X1"), mv("355Y1")];
        let mut cube = Cube::solved();
        cube.apply_all(&scramble);
        let mut scratch = [0u8; CELLS];
        let mut wrong = Vec::new();
        assert!(differing(cube.cells(), &SOLVED, 2 * MOVED, &mut wrong));
        assert_eq!(
            replacement(cube.cells(), &SOLVED, &wrong, 1, &mut scratch),
            None
        );
        let two = replacement(cube.cells(), &SOLVED, &wrong, 2, &mut scratch).expect("two moves");
        assert_eq!(two.len(), 2);
        assert!(ends_solved(&cube, &two));
    }

    #[test]
    fn moves_apart_from_a_run_are_taken_out_of_its_way() {
        // A third of a turn about the diagonal of a block solved by the move before
        // it, split by three moves on blocks apart from it: no run of the path does
        // the work of fewer moves (measured: 6 moves kept), but with the three taken
        // out of the way the third is a run of its own.
        let scramble = [mv("345Z1"), mv("777X3"), mv("711Y3"), mv("177Z3")];
        let mut cube = Cube::solved();
        cube.apply_all(&scramble);
        let [a, b] = third_about_diagonal("444");
        let path = [mv("345Z3"), a, mv("777X1"), mv("711Y1"), mv("177Z1"), b];
        assert!(ends_solved(&cube, &path));
        assert_eq!(simplify(&path).len(), path.len());
        let short = shorten(cube.cells(), &SOLVED, &path);
        assert_eq!(short.len(), 4, "{short:?}");
        assert!(ends_solved(&cube, &short));
    }

    #[test]
    fn runs_that_leave_the_digits_are_taken_out_of_a_longer_solution() {
        // The undo of a 12-move scramble with thirds of a turn about the diagonal of
        // solved blocks put in wherever they leave the digits as they are.
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(5);
        let (cube, scramble) = crate::scramble::scramble(&mut rng, 12);
        let mut padded = Vec::new();
        let mut work = cube.clone();
        for (k, m) in crate::moves::invert(&scramble).into_iter().enumerate() {
            let centre = format!("{}{}{}", 1 + k % 7, 1 + (3 * k) % 7, 1 + (5 * k) % 7);
            let third = third_about_diagonal(&centre);
            let mut tried = work.clone();
            tried.apply_all(&third);
            if tried == work {
                padded.extend(third);
            }
            padded.push(m);
            work.apply(m);
        }
        assert!(padded.len() > scramble.len() + 4, "few thirds put in");
        assert!(ends_solved(&cube, &padded));
        assert!(
            simplify(&padded).len() > scramble.len(),
            "the clean-up alone does it"
        );
        let short = shorten(cube.cells(), &SOLVED, &padded);
        assert!(short.len() <= scramble.len(), "{} moves", short.len());
        assert!(ends_solved(&cube, &short));
    }
}
