//! What makes a beam's path better before the finish: only the part that pays for
//! itself is kept ([`worth_keeping`]), repaired from the whole path and its prefixes
//! ([`repaired`]), then edited several moves at once, with pairs of turns of one block
//! and with two moves added at once ([`edited`]); from effort 3 a large residue gets a
//! narrow beam more ([`continue_beam`]). The same pairs also better a sweep's last
//! moves before the endgame ([`paired_sweep`]).

use super::{pairs, played, repair};
use crate::cube::Cube;
use crate::moves::Move;

/// Misplaced cells left by the beam up to which its moves and its runners-up's are
/// worth repairing (a slip of the beam leaves a few dozen cells).
pub(super) const RESIDUE_FOR_REPAIR: usize = 80;

/// Misplaced cells left by the beam up to which its best path is repaired (not the
/// runners-up: a repair of a path this long takes 0.2-0.5 s). On a mid-depth scramble
/// the beam undoes many overlapping blocks in the wrong order, and each leaves a small
/// tangle that moving a move back undoes. On the bench's challenge cubes and 10-100-move
/// scrambles at the default effort this shortened five cubes (challenge-1 458 -> 363
/// moves, scramble-17 360 -> 306) and lengthened none; up to 400 cells, it shortened
/// six more and lengthened six (the finish a smaller residue gets is not always
/// shorter).
pub(super) const RESIDUE_FOR_BEST_REPAIR: usize = 200;

/// Every how many moves a best path leaving more than [`RESIDUE_FOR_REPAIR`] cells is
/// cut for [`repair::run_from_prefixes`], from half its length (a smaller residue's
/// path is cut after every move from a quarter of its length). On 60 scrambles of
/// 10-100 moves (seed 7) prefixes from half the path of small residues took 17,574
/// moves in all to 17,022 (10 to 13 undone within their length) for 2% more CPU time;
/// the large residues' too, every 8 moves, to 16,552 for 10% more (every 4 moves,
/// 16,451 for 25% more; from a quarter, 16,287 for 15% more). Small residues' prefixes
/// from a quarter instead of half the path: 16,535, for 2% more, and on 25 scrambles
/// of 25 moves 8 to 11 within their length.
const PREFIX_STEP_FOR_LARGE_RESIDUE: usize = 8;

/// Misplaced cells left after the repairs up to which [`repair::run_retuned`] tries
/// wider edits of the moves that turn them. On 75 scrambles of 25, 30 and 35 moves
/// this undid three more within their length (33 moves to 25, 50 to 30, 41 to 35)
/// and changed no other answer; inside every repair (prefixes and runners-up too) it
/// undid a fourth of 60 more but took up to 0.8 s more a cube.
const RESIDUE_FOR_RETUNE: usize = 24;

/// Misplaced cells left after the repairs and retunes up to which the edit beam
/// ([`repair::edit_beam`]) looks for edits that help only together. On 60 scrambles of
/// 10-100 moves (seed 7) it undid 18 within their length instead of 13, and took the
/// total from 17,228 moves to 16,992, for 3% more CPU time. With the parity-aware cell
/// costs, up to 24 cells gave 16,803 moves, up to 60 16,742, up to 120 16,675 (for 20%
/// more CPU time). Since the widest beam on cubes of 401-450 cells (see
/// [`WIDEST_BOND_MISPLACED`](super::lead::WIDEST_BOND_MISPLACED)), the edit beam and
/// the pairs ([`PAIR_RESIDUE`]) both up to 100 cells took its 58 cubes from 18,382
/// moves to 17,969 (11 shorter, 1 longer) and the 60 scrambles of seed 7 with the
/// challenge and 5000-move cubes from 14,205 to 13,990 (6 shorter, 3 longer: a 46-move
/// scramble 108 -> 168), none more undone within its length, for 4-5% more CPU time and
/// the slowest cube 2.8 -> 3.3 s.
const RESIDUE_FOR_EDIT_BEAM: usize = 60;

/// Cells left after the edit beam up to which pairs of turns of one block are put into
/// the path ([`pairs::run`]): a block the scramble turned twice, with overlapping
/// moves in between, is the beam's commonest slip on a shallow cube. Measured at the
/// default effort, against none: 40 scrambles of 20-45 moves (seed 77) 16 -> 18
/// undone within their length, 3,391 -> 2,891 moves in all; 40 of 10-30 moves (seed
/// 78) 34 -> 33 within (one path finished by pairs in 29 moves, where the second
/// beam's took 27), 890 -> 862 moves; 60 of 10-100 moves (seed 7) 18 -> 19 within,
/// 16,705 -> 16,560; the bench's challenge cubes and scrambles 9,139 -> 9,044. Up to
/// 200 cells took the bench to 8,924, but at up to 5.6 s a cube (under
/// [`pairs::WORK`], 9,003 for 18% more CPU time, challenge-1 208 -> 214).
///
/// Since then up to 200 cells (with [`doubled`] still only for cubes that came to
/// the edit beam with at most [`DOUBLE_RESIDUE`]): a round of pairs, followed by its
/// single edits, fixes two to three cells for two moves even on residues of 60-200
/// cells, where the endgame spends about three and a half a cell and the sweep more.
/// 160 scrambles of 40-60 moves (`cubist scramble --seed` 601-760, `40 + seed % 21`
/// moves) went from 39,867 moves in all to 36,175, 80 of 33-50 moves (seeds 501-580)
/// from 8,564 to 8,038, 60 of 10-100 moves with the challenge and 5000-move cubes
/// (`cubist bench --count 60`) from 13,942 to 13,490 (seed 7; 16 shorter, 1 longer)
/// and from 20,798 to 20,395 (seed 12; 14 shorter, none longer), the same ones undone
/// within their length, for 7-15% more CPU time and the slowest cube of those sets
/// 1.58 -> 1.68 s. Up to 400 cells lengthened large residues' finishes (challenge-2
/// 565 -> 590 moves, challenge-3 613 -> 666): a sweep costs about as much from 170
/// cells as from 250. Up to 100 cells with [`doubled`] after them too: the 80
/// scrambles 7,789 moves, but up to 2.2 s a cube. Then (with [`LARGE_PAIR_ROUNDS`])
/// up to 240 cells, every residue the commutators finish (from more, a sweep does):
/// the bench 7,982 -> 7,876, seeds 7 and 12 13,244 -> 13,190 and 20,170 -> 19,856
/// (9 shorter, 1 longer), the 160 35,295 -> 35,149, their slowest 1.65 -> 1.75 s.
const PAIR_RESIDUE: usize = 240;

/// Cells up to which [`doubled`] runs at the default effort, counted both before the
/// edit beam and after the pairs: each round costs 0.1-0.15 s, and after pairs that
/// took a larger residue below this, the rounds gave no fewer moves in all on 16 slow
/// cubes of 40-60-move scrambles, at 0.5 s more a cube.
const DOUBLE_RESIDUE: usize = 60;

/// Single additions [`repair::double_insertion`] tries a second move with. Up to 100
/// cells, on 60 scrambles of 10-100 moves (seeds 7 and 12), 300 gave 12,764 and 19,451
/// moves in all, 1000 gave 12,510 and 19,348; up to 60 cells 3000 gave 12,792 and
/// 19,571 against 12,800 and 19,571, up to 2.7 s a cube.
const DOUBLE_FIRSTS: usize = 1000;

/// At the default effort, a round of [`doubled`] that fixes fewer cells than this is
/// kept and ends the rounds (from [`WIDE_DOUBLE_EFFORT`] they go on while any cell is
/// fixed). Past the first few rounds two added moves mostly fix one cell each, which
/// the endgame would fix for about three and a half moves, and each round costs about
/// 0.1-0.15 s. On 80 scrambles of 33-50 moves (`cubist scramble --seed` 501-580,
/// `33 + seed % 18` moves) the slowest cube went from 2.03 s to 1.45 s of wall time
/// (one of the 80 over two seconds before, none after), for 8,687 moves in all ->
/// 8,731 (3 cubes shorter, 8 longer), 25 undone within their length either way; 60
/// scrambles of 10-100 moves (seeds 7 and 12) 12,798 -> 12,800 and 19,571 -> 19,575,
/// 40 of 20-45 moves 2,082 -> 2,080, the same ones undone within their length, and
/// the bench's answers unchanged.
const DOUBLE_LEAST_FIXED: usize = 2;

/// Most rounds of [`pairs::run`] (see also [`pairs::WORK`]). On the 40 scrambles of
/// 20-45 moves, with the best pair of each round kept: 4 rounds 2,906 moves, 8 rounds
/// 2,842, 16 rounds 2,788 for 10% more time and up to 4.5 s a cube.
const PAIR_ROUNDS: usize = 8;

/// Most rounds of [`pairs::run`] on a residue that came with more than
/// [`double_residue`] cells (no double additions follow): later rounds still fix two
/// cells or so for two moves there. Against 8 rounds, 160 scrambles of 40-60 moves
/// (`cubist scramble --seed` 601-760) 36,175 moves in all -> 35,295 with 12 rounds,
/// `--count 60` of seeds 7 and 12 13,490 -> 13,244 and 20,395 -> 20,170 (28 cubes
/// shorter, 3 longer), the bench 8,029 -> 7,982, for 5% more CPU time on the 160.
/// Once the rounds were cheaper, 24 rounds under [`LARGE_PAIR_WORK`] instead of 12
/// under [`pairs::WORK`]: the 160 35,149 -> 33,959 (slowest cube 1.55 -> 1.85 s, 9%
/// more time), 80 scrambles of 33-50 moves (seeds 501-580) 7,939 -> 7,853, seeds 7
/// and 12 13,190 -> 13,014 and 19,856 -> 19,660 (28 shorter, 12 longer), the bench
/// 7,876 -> 7,819 (6 shorter, 1 longer); 24 rounds under [`pairs::WORK`] 34,692,
/// 7,935, 13,226, 19,831 and 7,786; 32 rounds under [`LARGE_PAIR_WORK`] 33,905 on the
/// 160.
const LARGE_PAIR_ROUNDS: usize = 24;

/// The bound on the pairs' work ([`pairs::WORK`]) for a residue of more than
/// [`double_residue`] cells: a round there scores 40,000-60,000 places, so
/// [`LARGE_PAIR_ROUNDS`] rounds need twice the usual bound.
const LARGE_PAIR_WORK: u64 = 2 * pairs::WORK;

/// Paths the edit beam keeps each round.
const EDIT_BEAM_WIDTH: usize = 256;

/// Most rounds of the edit beam: on 40 scrambles of 20-45 moves, three rounds undid
/// 11 within their length, five 15 (eight without the edit beam).
const EDIT_BEAM_ROUNDS: usize = 5;

/// The edit beam's work, in moves replayed (about 0.6 s on two cores): on 40
/// scrambles of 20-45 moves, 12 million undid 12 within their length, 24 million 16,
/// as many as without a limit.
const EDIT_BEAM_WORK: u64 = 24_000_000;

/// Moves a cell the beam leaves costs, about, when its path is cut
/// ([`worth_keeping`]): less than the endgame's 3.4
/// ([`ENDGAME_MOVES_PER_CELL`](super::ENDGAME_MOVES_PER_CELL)), since the pairs fix
/// the first cells of a residue of up to [`PAIR_RESIDUE`] for about one move each.
/// Against 3.4: `--count 60 --seed 12` 19,660 moves -> 19,536 (5 shorter, none
/// longer); the bench, seed 7 and 80 scrambles of 33-50 moves the same, 160 of 40-60
/// moves one a move longer (33,959 -> 33,960). 4.2 took seed 7 13,014 -> 13,041.
const KEEP_MOVES_PER_CELL: f64 = 2.8;

/// The prefix of the beam's path worth playing: the one with the fewest moves plus
/// what the finish would spend on the cells it leaves misplaced (see
/// [`KEEP_MOVES_PER_CELL`]). A long beam's last moves often fix a cell or two each,
/// which costs more than leaving them.
pub(super) fn worth_keeping(cube: &Cube, mut path: Vec<Move>) -> Vec<Move> {
    let mut work = cube.clone();
    let mut best = (work.misplaced() as f64 * KEEP_MOVES_PER_CELL, 0);
    for (k, &m) in path.iter().enumerate() {
        work.apply(m);
        let cost = (k + 1) as f64 + work.misplaced() as f64 * KEEP_MOVES_PER_CELL;
        if cost < best.0 {
            best = (cost, k + 1);
        }
    }
    path.truncate(best.1);
    path
}

/// Moves at the end of a sweep's path that [`paired_sweep`] puts pairs of turns into.
/// The last placements of a sweep (the innermost cells) leave 50-60 cells to the
/// endgame, which spends about three and a half moves on each of the last ones; pairs
/// put among those placements fix many of them for about a move each (challenge-3's
/// sweeps: 55-64 cells left, 28-35 after eight rounds on the last 60 moves, for 28-37
/// moves). On the bench's challenge cubes and 10-100-move scrambles: the last 20
/// moves 7,819 moves in all -> 7,712, 30 7,714, 45 7,722, 60 7,694, 100 7,700
/// (eight rounds each; 30 with twelve 7,690), for 10% (30) to 25% (60) more CPU time.
const SWEEP_TAIL: usize = 30;

/// Most rounds of [`pairs::run`] on a sweep's last moves.
const SWEEP_TAIL_ROUNDS: usize = 8;

/// A sweep's `path` from `cube` with pairs of turns of one block put into its last
/// [`SWEEP_TAIL`] moves ([`pairs::run`]) while that leaves fewer cells misplaced: the
/// endgame then has fewer to fix.
pub(super) fn paired_sweep(cube: &Cube, mut path: Vec<Move>) -> Vec<Move> {
    let cut = path.len().saturating_sub(SWEEP_TAIL);
    let before_tail = played(cube, &path[..cut]);
    let tail = pairs::run(
        before_tail.cells(),
        &path[cut..],
        SWEEP_TAIL_ROUNDS,
        pairs::WORK,
    );
    path.truncate(cut);
    path.extend(tail);
    path
}

/// The beam's paths (best first) made into one: the best path's worthwhile prefix,
/// repaired (with its prefixes, and for a small residue the runners-up) when it leaves
/// at most [`RESIDUE_FOR_BEST_REPAIR`] cells, and retuned when it leaves a few; with
/// the cube it leaves.
pub(super) fn repaired(cube: &Cube, paths: Vec<Vec<Move>>) -> (Vec<Move>, Cube) {
    let mut paths = paths.into_iter();
    let mut beam_moves = worth_keeping(cube, paths.next().unwrap_or_default());
    let mut work = played(cube, &beam_moves);
    let residue = work.misplaced();
    if (1..=RESIDUE_FOR_BEST_REPAIR).contains(&residue) {
        // Repair the best path, and for a small residue the runners-up while none is
        // finished.
        let runners_up = if residue <= RESIDUE_FOR_REPAIR {
            usize::MAX
        } else {
            0
        };
        for (i, path) in std::iter::once(beam_moves.clone())
            .chain(paths.take(runners_up))
            .enumerate()
        {
            let repaired = repair::run(cube.cells(), &path);
            let after = played(cube, &repaired);
            if after.misplaced() < work.misplaced() {
                (beam_moves, work) = (repaired, after);
            }
            // Cells the best path's repair leaves: its prefixes are repaired too (from
            // effort 3 the runners-up's as well).
            let prefixes = i == 0;
            if prefixes && !work.is_solved() {
                let (shortest, step) = if residue <= RESIDUE_FOR_REPAIR {
                    (path.len() / 4, 1)
                } else {
                    (path.len() / 2, PREFIX_STEP_FOR_LARGE_RESIDUE)
                };
                let repaired = repair::run_from_prefixes(cube.cells(), &path, shortest, step);
                let after = played(cube, &repaired);
                if after.misplaced() < work.misplaced()
                    || (after.misplaced() == work.misplaced() && repaired.len() < beam_moves.len())
                {
                    (beam_moves, work) = (repaired, after);
                }
            }
            if work.is_solved() {
                break;
            }
        }
    }
    // A few cells left: wider edits of the moves that turn them.
    if (1..=RESIDUE_FOR_RETUNE).contains(&work.misplaced()) {
        let retuned = repair::run_retuned(cube.cells(), &beam_moves);
        let after = played(cube, &retuned);
        if after.misplaced() < work.misplaced() {
            (beam_moves, work) = (retuned, after);
        }
    }
    (beam_moves, work)
}

/// A path that leaves a few cells after the repairs, with the cube it leaves, improved
/// by the edit beam (edits of the moves that turn those cells, several at once; for at
/// most [`RESIDUE_FOR_EDIT_BEAM`] cells) and then by pairs of turns of one block
/// ([`pairs::run`]; for at most [`PAIR_RESIDUE`] cells, in up to [`PAIR_ROUNDS`] rounds,
/// [`LARGE_PAIR_ROUNDS`] under [`LARGE_PAIR_WORK`] without double additions after them), each kept when it leaves
/// fewer; then [`doubled`] when the cells before the edit beam were at most
/// [`double_residue`].
pub(super) fn edited(cube: &Cube, (beam_moves, work): (Vec<Move>, Cube)) -> (Vec<Move>, Cube) {
    let doubles = work.misplaced() <= DOUBLE_RESIDUE;
    let (mut beam_moves, mut work) = if (1..=RESIDUE_FOR_EDIT_BEAM).contains(&work.misplaced()) {
        let edited = repair::edit_beam(
            cube.cells(),
            &beam_moves,
            EDIT_BEAM_WIDTH,
            EDIT_BEAM_ROUNDS,
            EDIT_BEAM_WORK,
        );
        let after = played(cube, &edited);
        if after.misplaced() < work.misplaced() {
            (edited, after)
        } else {
            (beam_moves, work)
        }
    } else {
        (beam_moves, work)
    };
    // Still cells left: two turns of one block put in at once.
    if (1..=PAIR_RESIDUE).contains(&work.misplaced()) {
        let (rounds, bound) = if doubles {
            (PAIR_ROUNDS, pairs::WORK)
        } else {
            (LARGE_PAIR_ROUNDS, LARGE_PAIR_WORK)
        };
        let paired = pairs::run(cube.cells(), &beam_moves, rounds, bound);
        let after = played(cube, &paired);
        if after.misplaced() < work.misplaced() {
            (beam_moves, work) = (paired, after);
        }
    }
    if doubles {
        doubled(cube, (beam_moves, work))
    } else {
        (beam_moves, work)
    }
}

/// Two moves added at once ([`repair::double_insertion`]), each time followed by the
/// repair and, for at most [`RESIDUE_FOR_EDIT_BEAM`] cells, the edit beam, while that
/// leaves fewer cells and at most [`double_residue`] are left; at the default effort
/// only until a round fixes fewer than [`DOUBLE_LEAST_FIXED`].
fn doubled(cube: &Cube, (mut moves, mut work): (Vec<Move>, Cube)) -> (Vec<Move>, Cube) {
    let least = DOUBLE_LEAST_FIXED;
    while (1..=DOUBLE_RESIDUE).contains(&work.misplaced()) {
        let Some(q) = repair::double_insertion(cube.cells(), &moves, DOUBLE_FIRSTS) else {
            break;
        };
        let mut q = repair::run(cube.cells(), &q);
        let left = played(cube, &q);
        if (1..=RESIDUE_FOR_EDIT_BEAM).contains(&left.misplaced()) {
            q = repair::edit_beam(
                cube.cells(),
                &q,
                EDIT_BEAM_WIDTH,
                EDIT_BEAM_ROUNDS,
                EDIT_BEAM_WORK,
            );
        }
        let after = played(cube, &q);
        if after.misplaced() >= work.misplaced() {
            break;
        }
        let fixed = work.misplaced() - after.misplaced();
        (moves, work) = (q, after);
        if fixed < least {
            break;
        }
    }
    (moves, work)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Axis;
    use crate::solve::undo::tests::{seeded_scramble, two_moves_to_undo};
    use crate::solve::{Ctx, RunOptions};

    #[test]
    fn pairs_put_into_a_sweeps_last_moves_leave_fewer_cells_to_the_endgame() {
        let cube = seeded_scramble(3, 5000);
        let swept = super::super::sweep::run(
            &cube,
            &Ctx {
                opts: RunOptions::default(),
            },
            0,
            0,
        );
        let left = played(&cube, &swept).misplaced();
        let paired = paired_sweep(&cube, swept.clone());
        let now = played(&cube, &paired).misplaced();
        // 42 -> 21 cells for 19 moves more (measured): fixed for fewer moves than the
        // endgame would spend on them.
        assert!(now < left, "{left} -> {now} cells");
        let added = paired.len() - swept.len();
        assert!(
            added < 2 * (left - now),
            "{added} moves for {} cells",
            left - now
        );
        assert_eq!(
            paired[..swept.len() - SWEEP_TAIL],
            swept[..swept.len() - SWEEP_TAIL]
        );
    }

    #[test]
    fn the_double_additions_stop_after_a_round_that_fixes_one_cell() {
        // A 48-move scramble (`cubist scramble --puzzle cubular --seed 519 --moves 48`)
        // and the path its second beam, repairs, edit beam and pairs left with 38
        // cells misplaced (recorded). Its first double addition fixes one cell; the
        // rounds after it fix one to three each, about 0.15 s a round.
        let cube = seeded_scramble(519, 48);
        let path = crate::moves::parse_moves(
            "157Z3 342Z3 243X3 311X1 421Z1 332X2 751X1 631Z2 545Y2 543X1 336Y1 337X1 157Z1 \
             337X3 157Y1 336Y3 166Z3 365X1 247Y2 365X3 347X2 724Z2 543X3 357Z1 256Y1 666Y3 \
             454Y1 131Z2 333Y1 525Y1 333Y3 345Z3 454Y3 326Z3 526Z2 513X2 564Y2 656Z2 557Z3 \
             647Y1 776Y2 662X1 562Z1 453X1 364X2 551Y2 372Y2 773X2 754Y2 275Y1 223Z2 671Z1 \
             255Z1 333X2 222Y1 211Z3 422X3 211X1 255X1 477Z2 355X2 764Z3 573Z2",
        )
        .unwrap();
        let work = played(&cube, &path);
        assert_eq!(work.misplaced(), 38);
        let (moves, left) = doubled(&cube, (path.clone(), work.clone()));
        assert_eq!((moves.len(), left.misplaced()), (path.len() + 2, 37));
        assert_eq!(played(&cube, &moves), left);
    }

    #[test]
    fn a_residue_of_more_than_sixty_cells_gets_pairs_but_no_double_additions() {
        // Six blocks each turned twice around a turn of an overlapping block, far
        // apart; the path undoes only the turns in between, which leaves more than 60
        // cells that single edits cannot mend.
        let scramble = crate::moves::parse_moves(
            "222X2 333Y1 222X2 666X2 656Y1 666X2 262X2 363Y1 262X2 626X2 727Y1 626X2 \
             226X2 336Y1 226X2 662X2 753Y1 662X2",
        )
        .unwrap();
        let mut cube = Cube::solved();
        cube.apply_all(&scramble);
        let path = crate::moves::parse_moves("333Y3 656Y3 363Y3 727Y3 336Y3 753Y3").unwrap();
        let work = played(&cube, &path);
        assert!(
            (DOUBLE_RESIDUE + 1..=PAIR_RESIDUE).contains(&work.misplaced()),
            "{} cells",
            work.misplaced()
        );
        let (moves, left) = edited(&cube, (path.clone(), work.clone()));
        assert!(left.misplaced() < work.misplaced());
        assert_eq!(played(&cube, &moves), left);
        // The pairs alone, in their larger number of rounds: no double additions after
        // them at the default effort.
        let paired = pairs::run(cube.cells(), &path, LARGE_PAIR_ROUNDS, LARGE_PAIR_WORK);
        assert_eq!(moves, paired);
    }

    #[test]
    fn worth_keeping_drops_a_tail_that_does_not_pay() {
        let (cube, undo) = two_moves_to_undo();
        // The undo, then moves that only scramble more.
        let mut path = undo.to_vec();
        path.push(Move::new(4, 4, 4, Axis::Z, 1).unwrap());
        path.push(Move::new(2, 6, 4, Axis::Y, 3).unwrap());
        assert_eq!(worth_keeping(&cube, path), undo.to_vec());
        // A path that pays all the way is kept whole.
        assert_eq!(worth_keeping(&cube, undo.to_vec()), undo.to_vec());
        assert!(worth_keeping(&cube, Vec::new()).is_empty());
    }
}
