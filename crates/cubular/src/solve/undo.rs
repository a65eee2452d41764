//! The undo strategy: beam searches that undo a scramble move by move, the repair of
//! their paths, and the finish of what they leave (commutators put into the path, or
//! an outside-in sweep, then the endgame's commutators). About a second on any cube;
//! it undoes shallow scrambles whole.

use super::lead::{likelier_shorter, skips_cell_led_beam, spread_promises_shorter, Lead};
use super::mend::{edited, paired_sweep, repaired};
use super::polish::polished;
use super::tuning::{
    EARLY_EDIT_RESIDUE, LEFT_FOR_INSERTION, PICK_MOVES_PER_CELL, PLAIN_ENDGAME_RESIDUE,
    RESIDUE_FOR_BOTH, RESIDUE_FOR_ENDGAME, SHALLOW_MISPLACED, START_FINISH_MISPLACED, SWEEP_ORDERS,
    WIDE_BOND_MISPLACED,
};
use super::{beam, endgame, finish, insert, played, simplify, sweep, Ctx, RunOptions, SolveError};
use crate::cube::Cube;
use crate::moves::Move;
use rayon::prelude::*;

/// Sweep and endgame from `cube`, after the moves `so_far`; the whole list, simplified.
/// The sweep is run in [`SWEEP_ORDERS`] cell orders (on all cores), each with
/// pairs of turns put into its last moves ([`paired_sweep`]) and commutators put into
/// its path ([`insert`]), and the shortest result is kept.
pub(super) fn finish(cube: &Cube, so_far: Vec<Move>, ctx: &Ctx) -> Result<Vec<Move>, SolveError> {
    if cube.is_solved() {
        return Ok(simplify(&so_far));
    }
    let tries: Vec<Result<Vec<Move>, SolveError>> = (0..SWEEP_ORDERS)
        .into_par_iter()
        .map(|variant| {
            let mut moves = so_far.clone();
            let mut work = cube.clone();
            // The sweep leaves the innermost cells to the insertion.
            let more = sweep::run(&work, ctx, variant, LEFT_FOR_INSERTION);
            let more = insert::run(work.cells(), &paired_sweep(&work, more));
            work.apply_all(&more);
            moves.extend(more);
            ctx.report("sweep", &work, moves.len());
            if !work.is_solved() {
                moves.extend(endgame::run(&work, ctx)?);
            }
            Ok(simplify(&moves))
        })
        .collect();
    // The first shortest in variant order, so that the choice does not depend on timing.
    let mut best: Option<Vec<Move>> = None;
    for t in tries {
        let moves = t?;
        keep_shorter(&mut best, moves);
    }
    Ok(best.expect("at least one sweep order"))
}

/// The undo strategy on `cube` under `opts`: the beams (see `lead` for which a cube
/// gets), their paths repaired and finished, the shortest answer polished and
/// checked by applying it.
pub(super) fn undo(cube: &Cube, opts: &RunOptions) -> Result<Vec<Move>, SolveError> {
    let ctx = Ctx { opts: opts.clone() };
    let leads = Lead::to_try(cube);
    // The sweep and endgame from the start, which every lead may compare with (and
    // the whole answer for a deep cube that gets no beam).
    let from_start = std::cell::OnceCell::new();
    let mut best: Option<Vec<Move>> = None;
    // Undo what the beams can (all of a shallow scramble, often), then finish.
    let mut beams: Vec<(Lead, Vec<Vec<Move>>)> = leads
        .iter()
        .filter(|&&lead| !skips_cell_led_beam(cube, lead))
        .map(|&lead| (lead, beam::run(cube, &ctx, lead, leads.len() as u32)))
        .collect();
    if beams.len() > 1 {
        let pick = likelier_shorter(cube, &beams);
        beams = vec![beams.swap_remove(pick)];
    }
    let mut undone = false;
    for (_, paths) in beams {
        let (moves, all) = if leads == [Lead::Bonds] {
            shallow_picked(cube, paths, &from_start, &ctx)?
        } else {
            after_beam(cube, paths, &from_start, &ctx)?
        };
        undone |= all;
        keep_shorter(&mut best, moves);
    }
    // A cube of 331-400 misplaced cells (a scramble of about 33-50 moves) the first
    // beam did not undo gets a wider bond-led beam, repaired, and finished when it
    // promises to be shorter.
    let band = (SHALLOW_MISPLACED + 1..=WIDE_BOND_MISPLACED).contains(&cube.misplaced());
    if !undone && band {
        let paths = beam::run(cube, &ctx, Lead::Wide, leads.len() as u32);
        let (moves, left) = repaired(cube, paths);
        let first = best.as_ref().map_or(usize::MAX, Vec::len);
        if spread_promises_shorter(moves.len(), left.misplaced(), first) {
            let (moves, _) = finished(cube, moves, left, true, &from_start, &ctx)?;
            keep_shorter(&mut best, moves);
        }
    }
    // A cube no beam ran on (a deep one) is finished from the start.
    let moves = match best {
        Some(best) => polished(cube, best),
        None => polished(cube, finished_from_start(cube, &from_start, &ctx)?.clone()),
    };
    let check = played(cube, &moves);
    if !check.is_solved() {
        return Err(SolveError::NotVerified(check.misplaced()));
    }
    Ok(moves)
}

/// [`after_beam`] for a shallow scramble: when the repairs of the bond-led beam's
/// `paths` leave cells, a second beam ([`Lead::Aligned`]) is run and repaired too, and
/// only the one with fewer moves plus [`PICK_MOVES_PER_CELL`] per cell left goes on to
/// the edit beam and the finish, which are the slow part. A first path leaving at most
/// [`EARLY_EDIT_RESIDUE`] cells gets its edit beam first, and the second beam only if
/// that leaves cells.
fn shallow_picked(
    cube: &Cube,
    paths: Vec<Vec<Move>>,
    from_start: &std::cell::OnceCell<Vec<Move>>,
    ctx: &Ctx,
) -> Result<(Vec<Move>, bool), SolveError> {
    let first = repaired(cube, paths);
    let key =
        |(moves, left): &(Vec<Move>, Cube)| left.misplaced() * PICK_MOVES_PER_CELL + moves.len();
    let first_key = key(&first);
    // A small residue gets the edit beam it would get when picked before the second
    // beam is run: when that leaves nothing, the second beam is not needed.
    let early = first.1.misplaced() <= EARLY_EDIT_RESIDUE;
    let first = if early { edited(cube, first) } else { first };
    if first.1.is_solved() {
        return finished(cube, first.0, first.1, false, from_start, ctx);
    }
    let second = repaired(cube, beam::run(cube, ctx, Lead::Aligned, 1));
    if key(&second) < first_key {
        finished(cube, second.0, second.1, true, from_start, ctx)
    } else {
        finished(cube, first.0, first.1, !early, from_start, ctx)
    }
}

/// Keeps `moves` as the `best` solution when there is none yet or it is shorter (of
/// equal lengths the first stays, so the choice does not depend on timing).
pub(super) fn keep_shorter(best: &mut Option<Vec<Move>>, moves: Vec<Move>) {
    if best.as_ref().is_none_or(|b| moves.len() < b.len()) {
        *best = Some(moves);
    }
}

/// The whole solution after the beam found `paths` (best first): its worthwhile
/// prefix, repaired when it leaves at most
/// [`RESIDUE_FOR_BEST_REPAIR`](super::tuning::RESIDUE_FOR_BEST_REPAIR) cells, then finished by
/// commutators or by sweep and endgame as the residue calls for; and whether the beam's
/// moves (repaired) solved the cube by themselves. `from_start` caches the finish from
/// `cube` itself, which a large residue compares with.
fn after_beam(
    cube: &Cube,
    paths: Vec<Vec<Move>>,
    from_start: &std::cell::OnceCell<Vec<Move>>,
    ctx: &Ctx,
) -> Result<(Vec<Move>, bool), SolveError> {
    let (beam_moves, work) = repaired(cube, paths);
    finished(cube, beam_moves, work, true, from_start, ctx)
}

/// The rest of [`after_beam`] after [`repaired`]: the edit beam and pairs for a small
/// residue ([`edited`], unless `edit` is false: they ran already), then the finish.
pub(super) fn finished(
    cube: &Cube,
    beam_moves: Vec<Move>,
    work: Cube,
    edit: bool,
    from_start: &std::cell::OnceCell<Vec<Move>>,
    ctx: &Ctx,
) -> Result<(Vec<Move>, bool), SolveError> {
    let (mut beam_moves, mut work) = if edit {
        edited(cube, (beam_moves, work))
    } else {
        (beam_moves, work)
    };
    if let Some(last) = finish::run(&work) {
        work.apply_all(&last);
        beam_moves.extend(last);
    }
    ctx.report("beam", &work, beam_moves.len());
    let undone = work.is_solved();
    let moves = if undone {
        simplify(&beam_moves)
    } else if work.misplaced() <= RESIDUE_FOR_ENDGAME {
        // A small residue, in the few tangled regions the beam could not undo:
        // commutators, which disturb nothing else, fix it in fewer moves than a sweep,
        // mostly; towards the top of the range both are tried.
        // Commutators put into the beam's moves first (see [`insert`]); for a residue
        // of at most [`PLAIN_ENDGAME_RESIDUE`] cells the commutators alone are tried
        // too, and the shorter kept.
        let mut direct: Option<Vec<Move>> = None;
        if work.misplaced() <= PLAIN_ENDGAME_RESIDUE {
            let mut plain = beam_moves.clone();
            plain.extend(endgame::run(&work, ctx)?);
            direct = Some(simplify(&plain));
        }
        let mut inserted = insert::run(cube.cells(), &beam_moves);
        inserted.extend(endgame::run(&played(cube, &inserted), ctx)?);
        let inserted = simplify(&inserted);
        if direct.as_ref().is_none_or(|d| inserted.len() < d.len()) {
            direct = Some(inserted);
        }
        let direct = direct.expect("a finish of the residue");
        if work.misplaced() >= RESIDUE_FOR_BOTH {
            let swept = finish(&work, beam_moves, ctx)?;
            if swept.len() < direct.len() {
                swept
            } else {
                direct
            }
        } else {
            direct
        }
    } else {
        // A large residue is a deep scramble in all but name: sweep and endgame, from
        // the beam's cube and (when the beam played something on a cube of more than
        // [`START_FINISH_MISPLACED`] cells) from the start.
        let from_start_too = compares_with_start(cube, &beam_moves);
        let began = std::time::Instant::now();
        let mut moves = finish(&work, beam_moves, ctx)?;
        // The finish from the start takes about as long; under a time budget it is
        // begun only while that much is left.
        if from_start_too && (from_start.get().is_some() || ctx.has_time_for(began.elapsed())) {
            let direct = finished_from_start(cube, from_start, ctx)?;
            if direct.len() < moves.len() {
                moves = direct.clone();
            }
        }
        moves
    };
    Ok((moves, undone))
}

/// Whether the finish of a large residue that the beam's `beam_moves` left on `cube` is
/// compared with the finish from `cube` itself: only when the beam played something,
/// on a cube of more than [`START_FINISH_MISPLACED`] cells.
fn compares_with_start(cube: &Cube, beam_moves: &[Move]) -> bool {
    !beam_moves.is_empty() && cube.misplaced() > START_FINISH_MISPLACED
}

/// Sweep and endgame from `cube` itself, computed once and kept in `from_start`.
fn finished_from_start<'a>(
    cube: &Cube,
    from_start: &'a std::cell::OnceCell<Vec<Move>>,
    ctx: &Ctx,
) -> Result<&'a Vec<Move>, SolveError> {
    if from_start.get().is_none() {
        let _ = from_start.set(finish(cube, Vec::new(), ctx)?);
    }
    Ok(from_start.get().expect("just set"))
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::lead::wide_bond_beam;
    use super::super::tuning::{
        BEAM_WORK, RESIDUE_FOR_BEST_REPAIR, RESIDUE_FOR_REPAIR, WIDEST_BOND_MISPLACED,
        WIDE_SECOND_BEAM,
    };
    use super::super::{Progress, RunOptions};
    use super::*;
    use crate::moves::Axis;
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    /// Moves in the undo strategy's answer for `cube`, checked by playing it.
    fn undone_length(cube: &Cube) -> usize {
        let moves = undo(cube, &RunOptions::default()).unwrap();
        assert!(played(cube, &moves).is_solved());
        moves.len()
    }

    /// The cube `moves` random moves from solved, as `cubist scramble --seed` makes it.
    pub(crate) fn seeded_scramble(seed: u64, moves: usize) -> Cube {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        crate::scramble::scramble(&mut rng, moves).0
    }

    #[test]
    fn a_shallow_scramble_the_bond_led_beam_slips_on_is_undone_by_the_second() {
        // Without the second beam: 78 moves (measured).
        let cube = seeded_scramble(22, 25);
        assert_eq!(Lead::to_try(&cube), &[Lead::Bonds]);
        let moves = undone_length(&cube);
        assert!(moves <= 25, "{moves} moves");
    }

    #[test]
    fn of_the_two_repaired_shallow_paths_the_one_likelier_shorter_is_finished() {
        // Moves plus two per cell left pick the shorter (measured: 63 picking by cells).
        let cube = seeded_scramble(10, 27);
        assert_eq!(Lead::to_try(&cube), &[Lead::Bonds]);
        let moves = undone_length(&cube);
        assert!(moves <= 56, "{moves} moves");
    }

    #[test]
    fn a_shallow_path_its_edit_beam_finishes_is_kept_without_a_second_beam() {
        // Its edit beam undoes the 7 cells left (measured: 30 via the second beam).
        let cube = seeded_scramble(3, 28);
        assert!(undone_length(&cube) <= 28);
    }

    #[test]
    fn a_block_the_scramble_turned_twice_is_put_back_by_a_pair_of_turns() {
        // Undone by the pairs (measured: 66 moves without them).
        let cube = seeded_scramble(104, 28);
        assert!(undone_length(&cube) <= 28);
    }

    /// A cube two disjoint moves from solved, and the two moves that undo it.
    pub(crate) fn two_moves_to_undo() -> (Cube, [Move; 2]) {
        let undo = [
            Move::new(2, 2, 2, Axis::X, 1).unwrap(),
            Move::new(6, 6, 6, Axis::Y, 2).unwrap(),
        ];
        let mut cube = Cube::solved();
        for m in undo.iter().rev() {
            cube.apply(m.inverse());
        }
        (cube, undo)
    }

    #[test]
    fn a_39_move_scramble_gets_a_wide_bond_led_beam() {
        let cube = seeded_scramble(306, 39);
        assert!(wide_bond_beam(cube.misplaced()).is_some());
        let length = undone_length(&cube);
        // Undone by the wide bond-led beam (measured: 81 moves with a narrow one).
        assert!(length <= 39, "{length} moves");
    }

    #[test]
    fn a_band_cube_the_first_beam_does_not_undo_may_get_a_second() {
        // Undone by the wide second attempt (measured: 77 moves from the first alone).
        let cube = seeded_scramble(547, 40);
        assert!((SHALLOW_MISPLACED + 1..=WIDE_BOND_MISPLACED).contains(&cube.misplaced()));
        let length = undone_length(&cube);
        assert!(length <= 45, "{length} moves");
    }

    #[test]
    fn a_cube_of_401_to_450_cells_gets_the_widest_bond_led_beam_alone() {
        // 410 cells, undone by the widest bond-led beam (measured: 222 moves without).
        let cube = seeded_scramble(659, 48);
        assert!((WIDE_BOND_MISPLACED + 1..=WIDEST_BOND_MISPLACED).contains(&cube.misplaced()));
        assert_eq!(wide_bond_beam(cube.misplaced()), Some(WIDE_SECOND_BEAM));
        assert!(skips_cell_led_beam(&cube, Lead::Cells));
        let length = undone_length(&cube);
        assert!(length <= 52, "{length} moves");
    }

    #[test]
    fn only_a_cube_of_more_than_450_cells_is_also_finished_from_the_start() {
        let played = [Move::new(4, 4, 4, Axis::X, 1).unwrap()];
        let band = seeded_scramble(659, 48);
        assert!(band.misplaced() <= START_FINISH_MISPLACED);
        assert!(!compares_with_start(&band, &played));
        let deeper = seeded_scramble(0, 100);
        assert!(deeper.misplaced() > START_FINISH_MISPLACED);
        assert!(compares_with_start(&deeper, &played));
        assert!(!compares_with_start(&deeper, &[]));
    }

    #[test]
    fn a_best_path_the_repair_cannot_finish_is_repaired_from_its_prefixes() {
        // The repair of a prefix undoes it (measured: 85 moves from the whole path's).
        let length = undone_length(&seeded_scramble(1430, 30));
        assert!(length <= 30, "{length} moves");
    }

    #[test]
    fn a_few_cells_left_after_the_repairs_are_retuned() {
        // 30 random moves: 50 moves without the retune (measured).
        let length = undone_length(&seeded_scramble(1130, 30));
        assert!(length <= 30, "{length} moves");
    }

    #[test]
    fn a_small_residues_path_is_repaired_from_its_first_quarter_on() {
        // 25 random moves: 100 moves with prefixes from half the path (measured).
        let length = undone_length(&seeded_scramble(425, 25));
        assert!(length <= 25, "{length} moves");
    }

    #[test]
    fn progress_reports_follow_the_beam_down_and_leave_the_answer_as_it_is() {
        use rand::SeedableRng;
        use std::sync::Mutex;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let (cube, _) = crate::scramble::scramble(&mut rng, 40);
        let quiet = undo(&cube, &RunOptions::default()).unwrap();
        let reports = Arc::new(Mutex::new(Vec::new()));
        let sink = reports.clone();
        let opts = RunOptions {
            progress: Some(Arc::new(move |p: &Progress| {
                sink.lock().unwrap().push((p.stage, p.misplaced))
            })),
            ..RunOptions::default()
        };
        assert_eq!(undo(&cube, &opts).unwrap(), quiet);
        let reports = reports.lock().unwrap();
        let beam: Vec<usize> = reports
            .iter()
            .filter(|(stage, _)| *stage == "beam")
            .map(|&(_, left)| left)
            .collect();
        // One report a level at least, starting near the cube's own count.
        assert!(beam.len() >= 10, "{reports:?}");
        assert!(beam[0] <= cube.misplaced() + 26, "{reports:?}");
        assert!(beam.iter().min() < Some(&cube.misplaced()), "{reports:?}");
    }

    #[test]
    fn the_beam_stops_on_work_and_a_time_budget_only_cuts_it_short() {
        let ctx = |budget: Option<Duration>| Ctx {
            opts: RunOptions {
                time_budget: budget,
                ..RunOptions::default()
            },
        };
        let work = BEAM_WORK;
        let now = Instant::now();
        // Right away, so only the work counted can stop it.
        let by_work = ctx(None);
        assert!(!by_work.beam_done(work - 1, now, 1, None));
        assert!(by_work.beam_done(work, now, 1, None));
        // Two beams share the work.
        assert!(!by_work.beam_done(work / 2 - 1, now, 2, None));
        assert!(by_work.beam_done(work / 2, now, 2, None));
        assert!(!by_work.beam_done(99, now, 2, Some(100)));
        assert!(by_work.beam_done(100, now, 2, Some(100)));
        // With an ample budget the work still decides; a spent one stops it at once.
        let ample = ctx(Some(Duration::from_secs(3600)));
        assert!(!ample.beam_done(work - 1, now, 1, None));
        assert!(ample.beam_done(work, now, 1, None));
        assert!(!ample.beam_done(99, now, 2, Some(100)));
        assert!(ample.beam_done(100, now, 2, Some(100)));
        assert!(ctx(Some(Duration::ZERO)).beam_done(0, now, 2, None));
        // A cancelled run stops at once.
        let cancel = cubist_tables::Cancel::new();
        let cancelled = Ctx {
            opts: RunOptions {
                cancel: Some(cancel.clone()),
                ..RunOptions::default()
            },
        };
        assert!(!cancelled.beam_done(0, now, 1, None));
        cancel.cancel();
        assert!(cancelled.beam_done(0, now, 1, None));
    }

    #[test]
    fn a_sweep_is_tried_beside_the_commutators_on_a_large_residue() {
        // 220 cells left: a sweep beats commutators alone (measured: 699 against 734).
        let text = include_str!("../../../../tests/data/cubular/challenge-2.txt");
        let (cube, _) = crate::format::parse(text, None).unwrap();
        let length = undone_length(&cube);
        assert!(length < 734, "{length} moves");
    }

    /// The undo of a 60-move scramble with overlapping blocks undone in the wrong
    /// order here and there, as a beam slips on a mid-depth scramble: more cells are
    /// left than a slip of a shallow scramble's beam leaves.
    fn tangled_undo() -> (Cube, usize, Vec<Move>) {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(40);
        let (cube, scramble) = crate::scramble::scramble(&mut rng, 60);
        let mut path = crate::moves::invert(&scramble);
        // Here and there a move goes before the five before it when it overlaps one.
        let mut i = 0;
        while played(&cube, &path).misplaced() <= RESIDUE_FOR_REPAIR + 20 {
            if path[i..i + 5].iter().any(|m| !m.disjoint(path[i + 5])) {
                path[i..i + 6].rotate_right(1);
                i += 3;
            }
            i = (i + 1) % (path.len() - 5);
        }
        (cube, scramble.len(), path)
    }

    #[test]
    fn a_beam_path_leaving_a_hundred_cells_is_repaired() {
        let (cube, scramble, path) = tangled_undo();
        let residue = played(&cube, &path).misplaced();
        assert!(
            residue > RESIDUE_FOR_REPAIR && residue <= RESIDUE_FOR_BEST_REPAIR,
            "{residue} cells left"
        );
        let ctx = Ctx {
            opts: RunOptions::default(),
        };
        let (moves, undone) =
            after_beam(&cube, vec![path], &std::cell::OnceCell::new(), &ctx).unwrap();
        assert!(played(&cube, &moves).is_solved());
        // Finished by the commutators, the residue would have cost hundreds of moves.
        assert!(undone, "{} moves", moves.len());
        assert!(moves.len() <= scramble, "{} moves", moves.len());
    }
}
