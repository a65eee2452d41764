//! Two turns of one block put into a path at once.
//!
//! A scramble that turns one block twice, with moves on overlapping blocks in between,
//! is the beam's commonest slip on a shallow cube: it undoes the moves in between
//! first and then finds neither turn worth playing alone, or it plays one turn that
//! does the work of both (a half turn about X, then one about Y, turn the block as a
//! half turn about Z does) in the wrong place. A single edit of the path cannot mend
//! either: each added turn alone leaves more cells wrong. This pass adds two turns of
//! one block anywhere in the path at once, with or without one of its turns of that
//! block taken out, scoring each pair from the few cells it changes.

use super::lanes::{padded, pair_wrongs, Lanes, PairPlace, Turn};
use super::repair::{self, misplaced_after, Played};
use super::sweep::blocks_of;
use crate::cube::{index, CELLS, SOLVED};
use crate::moves::{local_perm, Move};
use rayon::prelude::*;
use std::sync::OnceLock;

/// Pieces ending misplaced that a block must hold (at the first turn's time and the
/// second's together) for a pair of its turns to be scored: a pair that turns fewer
/// of them rarely fixes more cells than it breaks.
const MIN_WRONG_HELD: usize = 3;

/// Pairs of a round (the best by cells left) that are each followed by the single
/// edits of [`repair::run`] before the best result is taken: on 40 scrambles of 20-45
/// moves, 2,842 moves in all with the best pair alone, 2,828 with the best 8.
const KEPT: usize = 8;

/// The solver's bound on the pairs' work ([`run`]), in places (a first turn's time, a
/// block, a second turn's time) scored, counted over rounds and checked before each: a
/// residue of 40-50 cells on a path of 40-50 moves takes 150,000-300,000 a round and
/// about 0.1 s with its repairs. Without a bound, such a cube took up to 3 s in all;
/// on 40 scrambles of 20-45 moves this bound gave 2,891 moves in all against 2,828,
/// with 500,000 2,928.
pub(super) const WORK: u64 = 1_000_000;

/// Pieces ending misplaced that a block must hold at each turn's time: a turn that
/// moves none of them cannot fix a cell, only break some.
const MIN_WRONG_EACH: usize = 1;

/// The 27 cells of block `b` (0..343), in the local order of [`local_perm`].
fn cells_of(b: usize) -> [usize; 27] {
    let m = Move::from_index(b * 9);
    std::array::from_fn(|l| {
        let (ly, lz, lx) = (l / 9, (l / 3) % 3, l % 3);
        index(
            m.x as usize - 1 + lx,
            m.y as usize - 1 + ly,
            m.z as usize - 1 + lz,
        )
    })
}

/// A cell outside the block in [`local_cells`].
const NONE: u8 = u8::MAX;

/// For each block, each cell's place among the block's 27 (in the order of
/// [`cells_of`]), or [`NONE`]: where a piece was, read without arithmetic.
fn local_cells() -> &'static [[u8; CELLS]] {
    static LOCAL: OnceLock<Vec<[u8; CELLS]>> = OnceLock::new();
    LOCAL.get_or_init(|| {
        (0..343)
            .map(|b| {
                let mut local = [NONE; CELLS];
                for (l, &c) in cells_of(b).iter().enumerate() {
                    local[c] = l as u8;
                }
                local
            })
            .collect()
    })
}

/// The nine turns of a block as permutations of its 27 cells (each cell's piece comes
/// from the cell given), in the order of the moves' indices.
fn local_perms() -> &'static [[u8; 27]; 9] {
    static PERMS: OnceLock<[[u8; 27]; 9]> = OnceLock::new();
    PERMS.get_or_init(|| {
        std::array::from_fn(|k| {
            let m = Move::from_index(k);
            let perm = local_perm(m.axis, m.turns);
            std::array::from_fn(|l| perm[l] as u8)
        })
    })
}

/// The inverses of [`local_perms`]: where each turn takes the piece in each cell.
fn local_inverses() -> &'static [[u8; 27]; 9] {
    static INVERSES: OnceLock<[[u8; 27]; 9]> = OnceLock::new();
    INVERSES.get_or_init(|| {
        std::array::from_fn(|k| {
            let mut inverse = [0u8; 27];
            for (l, &m) in local_perms()[k].iter().enumerate() {
                inverse[m as usize] = l as u8;
            }
            inverse
        })
    })
}

/// [`local_inverses`] padded to 32 lanes (see [`pair_wrongs`]).
fn local_inverse_turns() -> &'static [Turn; 9] {
    static TURNS: OnceLock<[Turn; 9]> = OnceLock::new();
    TURNS.get_or_init(|| std::array::from_fn(|k| padded(&local_inverses()[k])))
}

/// For each prefix of the played path, the cell that then holds the piece ending in
/// each cell (the inverse of [`Played::ends`]).
fn starts(played: &Played) -> Vec<[u16; CELLS]> {
    played
        .ends
        .iter()
        .map(|end| {
            let mut start = [0u16; CELLS];
            for (c, &f) in end.iter().enumerate() {
                start[f as usize] = c as u16;
            }
            start
        })
        .collect()
}

/// For each prefix of the played path, how many pieces that end misplaced each block
/// then holds.
fn wrong_held(played: &Played) -> Vec<[u8; 343]> {
    let last = &played.states[played.path.len()];
    let wrong: Vec<bool> = (0..CELLS).map(|c| last[c] != SOLVED[c]).collect();
    played
        .ends
        .iter()
        .map(|end| {
            let mut held = [0u8; 343];
            for c in 0..CELLS {
                if wrong[end[c] as usize] {
                    for &b in &blocks_of()[c] {
                        held[b as usize] += 1;
                    }
                }
            }
            held
        })
        .collect()
}

/// The `keep` best pairs of turns of one block added to the played path (the first
/// after the path's first `i` moves, the second after its first `j >= i`) that leave
/// fewer cells misplaced than now, best first, each with the cells it leaves; and how
/// many places were scored. `only` restricts the pairs to one block and to places on
/// either side of one position (where a turn of that block was taken out).
///
/// Each pair is scored from the block's 27 cells at both times. What the first turn
/// does to the final cube does not depend on `j`; the second turn sees the pieces the
/// first one moved only where the block holds them again after the first `j` moves.
/// Where it holds none of them the two turns act apart, and each alone is no better
/// than the single added moves [`repair::run`] already tried, so the search over all
/// blocks skips such places. Each turn is tried only at the start or just past a move
/// that overlaps its block: a later place before the next such move gives the same
/// cube, and a kept list of equal pairs would crowd out different ones.
fn best_pairs(
    played: &Played,
    only: Option<(usize, usize)>,
    keep: usize,
) -> (Vec<(usize, Vec<Move>)>, u64) {
    let n = played.path.len();
    let starts = starts(played);
    // Only the search over all blocks filters by the pieces held.
    let held = if only.is_none() {
        wrong_held(played)
    } else {
        Vec::new()
    };
    let perms = local_perms();
    let inverses = local_inverse_turns();
    let blocks: Vec<usize> = match only {
        Some((block, _)) => vec![block],
        None => (0..343).collect(),
    };
    let (first_times, second_from) = match only {
        Some((_, at)) => (0..=at, at),
        None => (0..=n, 0),
    };
    let best = first_times
        .into_par_iter()
        .map(|i| {
            // (cells changed, i, first move, j, second move): the fewest first.
            let mut best: Vec<(i32, usize, usize, usize, usize)> = Vec::with_capacity(keep + 1);
            let mut scored = 0u64;
            // The change the worst pair kept makes: a pair must do better.
            let bar = |best: &Vec<(i32, usize, usize, usize, usize)>| {
                if best.len() < keep {
                    0
                } else {
                    best[keep - 1].0
                }
            };
            let before = &played.states[i];
            for &b in &blocks {
                if only.is_none() && (held[i][b] as usize) < MIN_WRONG_EACH {
                    continue;
                }
                // The block's cells, and where their pieces end, change only past the
                // path's moves that overlap it: a first turn later in a run of moves
                // apart from it, or a second turn later than the first place of such a
                // run, gives the same cube as at the run's first place.
                let block = Move::from_index(b * 9);
                let moved_before = |at: usize| at == 0 || !played.path[at - 1].disjoint(block);
                if !moved_before(i) {
                    continue;
                }
                let first_j = i.max(second_from);
                let cells = cells_of(b);
                let local = &local_cells()[b];
                // Where each cell's piece belongs in the end, and what each first turn
                // brings into each cell and changes in the cells left wrong.
                let home_i: [u8; 27] = std::array::from_fn(|l| played.needs[i][cells[l]]);
                let wrong_i: i32 = (0..27)
                    .map(|l| (before[cells[l]] != home_i[l]) as i32)
                    .sum();
                let brought: [Lanes; 9] = std::array::from_fn(|k| {
                    std::array::from_fn(|l| {
                        if l < 27 {
                            before[cells[perms[k][l] as usize]]
                        } else {
                            0
                        }
                    })
                });
                let base: [i32; 9] = std::array::from_fn(|k| {
                    (0..27)
                        .map(|l| (brought[k][l] != home_i[l]) as i32)
                        .sum::<i32>()
                        - wrong_i
                });
                for j in first_j..=n {
                    if j > first_j && !moved_before(j) {
                        continue;
                    }
                    // A pair fixes no more cells than it turns pieces ending wrong.
                    if only.is_none() {
                        let wrong = held[i][b] as usize + held[j][b] as usize;
                        if (held[j][b] as usize) < MIN_WRONG_EACH
                            || wrong < MIN_WRONG_HELD
                            || wrong as i32 <= -bar(&best)
                        {
                            continue;
                        }
                    }
                    let (at_j, end_j, needs_j) =
                        (&played.states[j], &played.ends[j], &played.needs[j]);
                    scored += 1;
                    // For each cell of the block after the first `j` moves: which of the
                    // block's cells its piece was in after the first `i`, if any.
                    let mut shared = false;
                    let from: [u8; 27] = std::array::from_fn(|l| {
                        let was = local[starts[i][end_j[cells[l]] as usize] as usize];
                        shared |= was != NONE;
                        was
                    });
                    if !shared && only.is_none() {
                        continue;
                    }
                    let home_j: [u8; 27] = std::array::from_fn(|l| needs_j[cells[l]]);
                    // The block's cells then, under each first turn, counted wrong
                    // against where their pieces belong in the end, with no second
                    // turn and with each (padded to 32 to compare at once).
                    let here: Lanes =
                        std::array::from_fn(|l| if l < 27 { at_j[cells[l]] } else { 0 });
                    let take: Lanes =
                        std::array::from_fn(|l| if l < 27 && from[l] != NONE { 0xFF } else { 0 });
                    let from_padded: Turn = std::array::from_fn(|l| match from.get(l) {
                        Some(&k) if k != NONE => k,
                        _ => l as u8,
                    });
                    let mut home_now = [0u8; 32];
                    home_now[..27].copy_from_slice(&home_j);
                    let place = PairPlace {
                        brought: &brought,
                        here: &here,
                        from: &from_padded,
                        take: &take,
                        home: &home_now,
                    };
                    let wrongs = pair_wrongs(&place, inverses);
                    for k1 in 0..9 {
                        let wrong_now = wrongs.now[k1];
                        // The second turn fixes at most the cells then wrong.
                        if base[k1] - wrong_now >= bar(&best) {
                            continue;
                        }
                        for (k2, &wrong_after) in wrongs.after[k1].iter().enumerate() {
                            // Two turns about one axis at one time are one move (or none).
                            if i == j && k1 / 3 == k2 / 3 {
                                continue;
                            }
                            let delta = base[k1] + wrong_after - wrong_now;
                            if delta < bar(&best) {
                                let pair = (delta, i, b * 9 + k1, j, b * 9 + k2);
                                let at = best.partition_point(|p| *p < pair);
                                best.insert(at, pair);
                                best.truncate(keep);
                            }
                        }
                    }
                }
            }
            (best, scored)
        })
        .reduce(
            || (Vec::new(), 0),
            |(mut a, m), (b, n)| {
                a.extend(b);
                a.sort_unstable();
                a.truncate(keep);
                (a, m + n)
            },
        );
    let (best, scored) = best;
    let pairs = best
        .into_iter()
        .map(|(delta, i, m1, j, m2)| {
            let mut path = played.path.to_vec();
            path.insert(j, Move::from_index(m2));
            path.insert(i, Move::from_index(m1));
            ((played.misplaced as i32 + delta) as usize, path)
        })
        .collect();
    (pairs, scored)
}

/// Improve `path` (played on `start`) by pairs of turns of one block, added or put in
/// place of one of its turns of that block: each round the [`KEPT`] best pairs are
/// each followed by the single edits of [`repair::run`], and the best result is kept
/// while it leaves fewer cells, for at most `rounds` rounds and while fewer than
/// `work` places have been scored (see [`WORK`]).
pub fn run(start: &[u8; CELLS], path: &[Move], rounds: usize, work: u64) -> Vec<Move> {
    let mut best = path.to_vec();
    let mut best_mis = misplaced_after(start, &best);
    let mut spent = 0u64;
    for _ in 0..rounds {
        if best_mis == 0 || spent >= work {
            break;
        }
        let played = Played::new(start, &best);
        let (mut pairs, scored) = best_pairs(&played, None, KEPT);
        spent += scored;
        // Each of the path's moves taken out, in parallel (the order kept).
        let removals: Vec<_> = (0..best.len())
            .into_par_iter()
            .map(|k| {
                let mut rest = best.clone();
                let taken = rest.remove(k);
                let played = Played::new(start, &rest);
                best_pairs(&played, Some((taken.block(), k)), 1)
            })
            .collect();
        for (more, scored) in removals {
            pairs.extend(more);
            spent += scored;
        }
        pairs.sort_by_key(|(mis, q)| (*mis, q.len()));
        pairs.truncate(KEPT);
        // Each of the best pairs followed by the single edits: the best result.
        let Some((mis, q)) = pairs
            .into_par_iter()
            .map(|(_, q)| {
                let q = repair::run(start, &q);
                (misplaced_after(start, &q), q)
            })
            .min_by_key(|(mis, q)| (*mis, q.len()))
        else {
            break;
        };
        if mis >= best_mis {
            break;
        }
        best = q;
        best_mis = misplaced_after(start, &best);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::Cube;

    fn mv(s: &str) -> Move {
        s.parse().expect("a move")
    }

    fn undo_of(scramble: &[Move]) -> Vec<Move> {
        scramble.iter().rev().map(|m| m.inverse()).collect()
    }

    fn scrambled_by(scramble: &[Move]) -> Cube {
        let mut cube = Cube::solved();
        cube.apply_all(scramble);
        cube
    }

    #[test]
    fn each_block_reads_its_own_cells_back_and_no_other() {
        for b in [0, 171, 342] {
            let local = &local_cells()[b];
            for (l, &c) in cells_of(b).iter().enumerate() {
                assert_eq!(local[c] as usize, l);
            }
            assert_eq!(local.iter().filter(|&&l| l != NONE).count(), 27);
        }
    }

    #[test]
    fn a_block_turned_twice_around_an_overlapping_move_is_put_back() {
        // 444X2, then 545Y1 on an overlapping block, then 444X2 again: the undo without
        // both half turns leaves cells that no single added move fixes.
        let scramble = [mv("444X2"), mv("545Y1"), mv("444X2")];
        let cube = scrambled_by(&scramble);
        let without = vec![mv("545Y3")];
        assert!(misplaced_after(cube.cells(), &without) > 0);
        let single = repair::run(cube.cells(), &without);
        assert!(misplaced_after(cube.cells(), &single) > 0);
        let paired = run(cube.cells(), &without, 4, WORK);
        assert_eq!(misplaced_after(cube.cells(), &paired), 0);
        assert_eq!(paired.len(), 3);
    }

    #[test]
    fn the_pairs_kept_all_give_different_cubes() {
        // Block 444 turned twice around 545Y1, then three moves apart from it: its
        // first turn back gives the same cube before or after any of their undos, so
        // only one of those places may fill the list kept.
        let scramble = [
            mv("444X2"),
            mv("545Y1"),
            mv("444X2"),
            mv("777X1"),
            mv("717Y1"),
            mv("171Z1"),
        ];
        let cube = scrambled_by(&scramble);
        let without = vec![mv("171Z3"), mv("717Y3"), mv("777X3"), mv("545Y3")];
        let played = Played::new(cube.cells(), &without);
        let (pairs, _) = best_pairs(&played, None, KEPT);
        assert!(pairs.iter().any(|(left, _)| *left == 0));
        let cubes: Vec<Cube> = pairs
            .iter()
            .map(|(_, q)| scrambled_by_then(&cube, q))
            .collect();
        for (a, first) in cubes.iter().enumerate() {
            for second in &cubes[a + 1..] {
                assert!(
                    first.cells() != second.cells(),
                    "two kept pairs give one cube"
                );
            }
        }
    }

    fn scrambled_by_then(cube: &Cube, moves: &[Move]) -> Cube {
        let mut after = cube.clone();
        after.apply_all(moves);
        after
    }

    #[test]
    fn the_rounds_stop_once_the_work_is_spent() {
        // Two blocks each turned twice around an overlapping move: one pair a round.
        let scramble = [
            mv("444X2"),
            mv("545Y1"),
            mv("444X2"),
            mv("222Z2"),
            mv("323X1"),
            mv("222Z2"),
        ];
        let cube = scrambled_by(&scramble);
        let without = vec![mv("323X3"), mv("545Y3")];
        let both = run(cube.cells(), &without, 4, WORK);
        assert_eq!(misplaced_after(cube.cells(), &both), 0);
        // A bound the first round spends: that round's pair only.
        let one = run(cube.cells(), &without, 4, 1);
        assert!(misplaced_after(cube.cells(), &one) > 0);
        assert!(misplaced_after(cube.cells(), &one) < misplaced_after(cube.cells(), &without));
    }

    #[test]
    fn a_turn_doing_the_work_of_two_is_split_around_the_moves_between() {
        // 444X2, 545Y1, 444Y2 undone as 444Z2 in one go after 545Y3.
        let scramble = [mv("444X2"), mv("545Y1"), mv("444Y2")];
        let cube = scrambled_by(&scramble);
        let merged = vec![mv("545Y3"), mv("444Z2")];
        assert!(misplaced_after(cube.cells(), &merged) > 0);
        let paired = run(cube.cells(), &merged, 4, WORK);
        assert_eq!(misplaced_after(cube.cells(), &paired), 0);
        assert_eq!(paired.len(), 3);
        assert_eq!(paired, undo_of(&scramble));
    }
}
