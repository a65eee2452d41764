//! What makes a beam's path better before the finish: only the part that pays for
//! itself is kept ([`worth_keeping`]), repaired from the whole path and its prefixes
//! ([`repaired`]), then edited several moves at once, with pairs of turns of one block
//! and with two moves added at once ([`edited`]). The same pairs also better a
//! sweep's last moves before the endgame ([`paired_sweep`]).

use super::tuning::{
    self, DOUBLE_FIRSTS, DOUBLE_LEAST_FIXED, DOUBLE_RESIDUE, EDIT_BEAM_ROUNDS, EDIT_BEAM_WIDTH,
    EDIT_BEAM_WORK, KEEP_MOVES_PER_CELL, LARGE_PAIR_ROUNDS, LARGE_PAIR_WORK, PAIR_RESIDUE,
    PAIR_ROUNDS, PREFIX_STEP_FOR_LARGE_RESIDUE, RESIDUE_FOR_BEST_REPAIR, RESIDUE_FOR_EDIT_BEAM,
    RESIDUE_FOR_REPAIR, RESIDUE_FOR_RETUNE, SWEEP_TAIL, SWEEP_TAIL_ROUNDS,
};
use super::{pairs, played, repair};
use crate::cube::Cube;
use crate::moves::Move;

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
        tuning::WORK,
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
            // Cells the best path's repair leaves: its prefixes are repaired too.
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
        let retuned = repair::run_retuned(cube.cells(), &beam_moves, &|| false);
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
/// [`LARGE_PAIR_ROUNDS`] under [`LARGE_PAIR_WORK`] when no double additions follow),
/// each kept when it leaves fewer; then [`doubled`] when the cells before the edit beam
/// were at most [`DOUBLE_RESIDUE`].
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
            (PAIR_ROUNDS, tuning::WORK)
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
/// leaves fewer cells and at most [`DOUBLE_RESIDUE`] are left, until a round fixes
/// fewer than [`DOUBLE_LEAST_FIXED`].
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
        // Fewer moves than the endgame would spend (measured: 21 cells for 19 moves).
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
        // rounds after it fix one to three each.
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
        // them.
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
