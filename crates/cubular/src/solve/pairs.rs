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
use super::repair::{self, gathered, misplaced_after, Played};
use super::sweep::blocks_of;
use super::tuning::{KEPT, MIN_WRONG_EACH, MIN_WRONG_HELD};
use crate::cube::{index, CELLS, SOLVED};
use crate::moves::{local_perm, Move};
use rayon::prelude::*;
use std::sync::OnceLock;

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

/// A pair found: (cells it changes, the first turn's place, the first turn, the
/// second turn's place, the second turn), places counted on the path it goes into.
type Pair = (i32, usize, usize, usize, usize);

/// The best pairs found so far, fewest cells changed first, at most `keep`.
struct Kept {
    best: Vec<Pair>,
    keep: usize,
    /// Places (a first turn's time, a block, a second turn's time) scored.
    scored: u64,
}

impl Kept {
    fn new(keep: usize) -> Kept {
        Kept {
            best: Vec::with_capacity(keep + 1),
            keep,
            scored: 0,
        }
    }

    /// The change the worst pair kept makes: a pair must do better.
    fn bar(&self) -> i32 {
        if self.best.len() < self.keep {
            0
        } else {
            self.best[self.keep - 1].0
        }
    }

    fn offer(&mut self, pair: Pair) {
        if pair.0 < self.bar() {
            let at = self.best.partition_point(|p| *p < pair);
            self.best.insert(at, pair);
            self.best.truncate(self.keep);
        }
    }

    fn merge(mut self, other: Kept) -> Kept {
        self.best.extend(other.best);
        self.best.sort_unstable();
        self.best.truncate(self.keep);
        self.scored += other.scored;
        self
    }
}

/// What each of a block's nine turns does at the first turn's time: the digits it
/// brings into each of the block's cells (padded to 32 lanes), and how many more of
/// them are wrong than before, against where their pieces belong in the end.
struct FirstTurns {
    brought: [Lanes; 9],
    base: [i32; 9],
}

impl FirstTurns {
    /// From the block's digits `before` the first turn and where their pieces belong
    /// (`home`), both in the local order of [`cells_of`] (as [`gathered`] reads them).
    fn new(before: &Lanes, home: &Lanes) -> FirstTurns {
        let perms = local_perms();
        let wrong: i32 = (0..27).map(|l| (before[l] != home[l]) as i32).sum();
        let brought: [Lanes; 9] = std::array::from_fn(|k| {
            std::array::from_fn(|l| {
                if l < 27 {
                    before[perms[k][l] as usize]
                } else {
                    0
                }
            })
        });
        let base = std::array::from_fn(|k| {
            (0..27)
                .map(|l| (brought[k][l] != home[l]) as i32)
                .sum::<i32>()
                - wrong
        });
        FirstTurns { brought, base }
    }
}

/// Every pair of turns of block `b`, the first at place `i` (see `first`) and the
/// second at place `j`, offered to `kept` (the caller counts the place as scored):
/// `here` is the block's digits at `j` without the first turn, `from` which of the
/// block's cells at `i` each piece was in (or [`NONE`]), `home` where each belongs in
/// the end.
fn score_place(
    kept: &mut Kept,
    first: &FirstTurns,
    (i, b, j): (usize, usize, usize),
    here: &Lanes,
    from: &[u8; 27],
    home: &Lanes,
) {
    // The block's cells then, under each first turn, counted wrong against where
    // their pieces belong in the end, with no second turn and with each (padded to
    // 32 to compare at once).
    let take: Lanes = std::array::from_fn(|l| if l < 27 && from[l] != NONE { 0xFF } else { 0 });
    let from_padded: Turn = std::array::from_fn(|l| match from.get(l) {
        Some(&k) if k != NONE => k,
        _ => l as u8,
    });
    let place = PairPlace {
        brought: &first.brought,
        here,
        from: &from_padded,
        take: &take,
        home,
    };
    let wrongs = pair_wrongs(&place, local_inverse_turns());
    for k1 in 0..9 {
        let wrong_now = wrongs.now[k1];
        // The second turn fixes at most the cells then wrong.
        if first.base[k1] - wrong_now >= kept.bar() {
            continue;
        }
        for (k2, &wrong_after) in wrongs.after[k1].iter().enumerate() {
            // Two turns about one axis at one time are one move (or none).
            if i == j && k1 / 3 == k2 / 3 {
                continue;
            }
            let delta = first.base[k1] + wrong_after - wrong_now;
            kept.offer((delta, i, b * 9 + k1, j, b * 9 + k2));
        }
    }
}

/// `path` with the pairs of `kept` put in, each with the cells it leaves (`misplaced`
/// left by `path`).
fn paths_with(kept: Kept, path: &[Move], misplaced: usize) -> (Vec<(usize, Vec<Move>)>, u64) {
    let pairs = kept
        .best
        .into_iter()
        .map(|(delta, i, m1, j, m2)| {
            let mut path = path.to_vec();
            path.insert(j, Move::from_index(m2));
            path.insert(i, Move::from_index(m1));
            ((misplaced as i32 + delta) as usize, path)
        })
        .collect();
    (pairs, kept.scored)
}

/// The `keep` best pairs of turns of one block added to the played path (the first
/// after the path's first `i` moves, the second after its first `j >= i`) that leave
/// fewer cells misplaced than now, best first, each with the cells it leaves; and how
/// many places were scored. `starts` is [`starts`] of `played`.
///
/// Each pair is scored from the block's 27 cells at both times. What the first turn
/// does to the final cube does not depend on `j`; the second turn sees the pieces the
/// first one moved only where the block holds them again after the first `j` moves.
/// Where it holds none of them the two turns act apart, and each alone is no better
/// than the single added moves [`repair::run`] already tried, so such places are
/// skipped. Each turn is tried only at the start or just past a move that overlaps
/// its block: a later place before the next such move gives the same cube, and a kept
/// list of equal pairs would crowd out different ones.
fn best_pairs(
    played: &Played,
    starts: &[[u16; CELLS]],
    keep: usize,
) -> (Vec<(usize, Vec<Move>)>, u64) {
    let n = played.path.len();
    let held = wrong_held(played);
    let kept = (0..=n)
        .into_par_iter()
        .map(|i| {
            let mut kept = Kept::new(keep);
            for b in 0..343 {
                if (held[i][b] as usize) < MIN_WRONG_EACH {
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
                let cells = cells_of(b);
                let local = &local_cells()[b];
                let first = FirstTurns::new(
                    &gathered(&played.states[i], cells[0]),
                    &gathered(&played.needs[i], cells[0]),
                );
                for j in i..=n {
                    if j > i && !moved_before(j) {
                        continue;
                    }
                    // A pair fixes no more cells than it turns pieces ending wrong.
                    let wrong = held[i][b] as usize + held[j][b] as usize;
                    if (held[j][b] as usize) < MIN_WRONG_EACH
                        || wrong < MIN_WRONG_HELD
                        || wrong as i32 <= -kept.bar()
                    {
                        continue;
                    }
                    // For each cell of the block after the first `j` moves: which of the
                    // block's cells its piece was in after the first `i`, if any.
                    kept.scored += 1;
                    let end_j = &played.ends[j];
                    let from: [u8; 27] = std::array::from_fn(|l| {
                        local[starts[i][end_j[cells[l]] as usize] as usize]
                    });
                    if from.iter().all(|&f| f == NONE) {
                        continue;
                    }
                    score_place(
                        &mut kept,
                        &first,
                        (i, b, j),
                        &gathered(&played.states[j], cells[0]),
                        &from,
                        &gathered(&played.needs[j], cells[0]),
                    );
                }
            }
            kept
        })
        .reduce(|| Kept::new(keep), Kept::merge);
    paths_with(kept, played.path, played.misplaced)
}

/// The best pair of turns of the block of the path's move `k` put into the path
/// without that move, the first turn at or before its place and the second at or
/// after it (as [`best_pairs`] would find on that path, pairs of turns apart
/// included, since one of them stands in for the move taken out); and how many
/// places were scored. Read from the whole path's `played` and `starts` without
/// playing the shorter path: before its place the shorter path's cubes are the
/// path's own, and after it where each piece ends is.
fn best_pair_without(
    played: &Played,
    starts: &[[u16; CELLS]],
    k: usize,
) -> (Vec<(usize, Vec<Move>)>, u64) {
    let path = played.path;
    let taken = path[k];
    let b = taken.block();
    let block = Move::from_index(b * 9);
    let cells = cells_of(b);
    let local = &local_cells()[b];
    let turn = taken.index() % 9;
    let (perm, inverse) = (&local_perms()[turn], &local_inverses()[turn]);
    let (start_after, end_after) = (&starts[k + 1], &played.ends[k + 1]);
    // Where a piece ending in cell `f` after the whole path ends without move `k`
    // (`sigma`), and the other way round; only pieces the move turned differ.
    let sigma = |f: usize, turn_back: bool| -> usize {
        let at = start_after[f] as usize;
        match local[at] {
            NONE => f,
            l => {
                let was = if turn_back {
                    perm[l as usize]
                } else {
                    inverse[l as usize]
                };
                end_after[cells[was as usize]] as usize
            }
        }
    };
    // The shorter path's moves, and its cubes from place `k` on.
    let mut rest = path.to_vec();
    rest.remove(k);
    let state_at = &played.states[k];
    let state_rest = |j: usize, c: usize| -> u8 {
        state_at[start_after[played.ends[j + 1][c] as usize] as usize]
    };
    let misplaced = (0..CELLS)
        .filter(|&c| state_rest(rest.len(), c) != SOLVED[c])
        .count();
    let moved_before = |at: usize| at == 0 || !rest[at - 1].disjoint(block);
    let mut kept = Kept::new(1);
    for i in (0..=k).filter(|&i| moved_before(i)) {
        let home_i: Lanes = std::array::from_fn(|l| match cells.get(l) {
            Some(&c) => SOLVED[sigma(played.ends[i][c] as usize, true)],
            None => 0,
        });
        let first = FirstTurns::new(&gathered(&played.states[i], cells[0]), &home_i);
        for j in k..=rest.len() {
            if j > k && !moved_before(j) {
                continue;
            }
            kept.scored += 1;
            let end_j = &played.ends[j + 1];
            let from: [u8; 27] = std::array::from_fn(|l| {
                local[starts[i][sigma(end_j[cells[l]] as usize, false)] as usize]
            });
            let here: Lanes = std::array::from_fn(|l| match cells.get(l) {
                Some(&c) => state_rest(j, c),
                None => 0,
            });
            score_place(
                &mut kept,
                &first,
                (i, b, j),
                &here,
                &from,
                &gathered(&played.needs[j + 1], cells[0]),
            );
        }
    }
    paths_with(kept, &rest, misplaced)
}

/// Improve `path` (played on `start`) by pairs of turns of one block, added or put in
/// place of one of its turns of that block: each round the [`KEPT`] best pairs are
/// each followed by the single edits of [`repair::run`], and the best result is kept
/// while it leaves fewer cells, for at most `rounds` rounds and while fewer than
/// `work` places have been scored (see [`WORK`](super::tuning::WORK)).
pub fn run(start: &[u8; CELLS], path: &[Move], rounds: usize, work: u64) -> Vec<Move> {
    let mut best = path.to_vec();
    let mut best_mis = misplaced_after(start, &best);
    let mut spent = 0u64;
    for _ in 0..rounds {
        if best_mis == 0 || spent >= work {
            break;
        }
        let played = Played::new(start, &best);
        let starts = starts(&played);
        let (mut pairs, scored) = best_pairs(&played, &starts, KEPT);
        spent += scored;
        // Each of the path's moves taken out, in parallel (the order kept).
        let removals: Vec<_> = (0..best.len())
            .into_par_iter()
            .map(|k| best_pair_without(&played, &starts, k))
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
    use super::super::tuning::WORK;
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

    /// Fewest cells left by a pair of turns of block `b` put into `rest` (the first at
    /// place `i <= k`, the second at `j >= k`, not two turns about one axis at one
    /// place), found by playing every such path; `None` when none leaves fewer than
    /// `rest` itself.
    fn fewest_by_playing(start: &[u8; CELLS], rest: &[Move], b: usize, k: usize) -> Option<usize> {
        let now = misplaced_after(start, rest);
        let mut fewest = None;
        for i in 0..=k {
            for j in k..=rest.len() {
                for k1 in 0..9 {
                    for k2 in 0..9 {
                        if i == j && k1 / 3 == k2 / 3 {
                            continue;
                        }
                        let mut q = rest.to_vec();
                        q.insert(j, Move::from_index(b * 9 + k2));
                        q.insert(i, Move::from_index(b * 9 + k1));
                        let left = misplaced_after(start, &q);
                        if left < now && fewest.is_none_or(|f| left < f) {
                            fewest = Some(left);
                        }
                    }
                }
            }
        }
        fewest
    }

    #[test]
    fn a_pair_in_place_of_a_move_is_scored_as_if_the_shorter_path_were_played() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for _ in 0..3 {
            // Overlapping blocks near the centre, undone with slips: two undos left
            // out and one turned the wrong way.
            let scramble: Vec<Move> = (0..10)
                .map(|_| {
                    let c = |rng: &mut rand_chacha::ChaCha8Rng| rng.gen_range(3..=5u8);
                    let (x, y, z) = (c(&mut rng), c(&mut rng), c(&mut rng));
                    let block = Move::new(x, y, z, crate::moves::Axis::X, 1).expect("a move");
                    Move::from_index(block.block() * 9 + rng.gen_range(0..9))
                })
                .collect();
            let cube = scrambled_by(&scramble);
            let mut path = undo_of(&scramble);
            path.remove(6);
            path.remove(2);
            path[4] = Move::from_index(path[4].block() * 9 + (path[4].index() + 1) % 9);
            let played = Played::new(cube.cells(), &path);
            let starts = starts(&played);
            let mut found_any = false;
            for k in 0..path.len() {
                let mut rest = path.clone();
                let taken = rest.remove(k);
                let (found, _) = best_pair_without(&played, &starts, k);
                let found = found.first().map(|(left, q)| {
                    assert_eq!(misplaced_after(cube.cells(), q), *left);
                    *left
                });
                found_any |= found.is_some();
                assert_eq!(
                    found,
                    fewest_by_playing(cube.cells(), &rest, taken.block(), k),
                    "move {k} taken out"
                );
            }
            assert!(found_any, "no pair in place of any move helps");
        }
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
        let (pairs, _) = best_pairs(&played, &starts(&played), KEPT);
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
