//! Which beams a cube gets and how their paths are weighed: what leads each beam's
//! score ([`Lead`]), the bands of misplaced cells that choose the leads and widths,
//! the second attempts at a cube the first beams do not undo, and which path goes on
//! to the finish.

use super::mend::worth_keeping;
use super::played;
use super::tuning::{
    ALIGNED_WEIGHT, BOTH_LEADS_MISPLACED, PICK_MOVES_PER_CELL, SHALLOW_MISPLACED,
    SPREAD_FINISH_RATIO, WIDEST_BOND_MISPLACED, WIDE_BOND_MISPLACED, WIDE_BOND_WIDTH,
    WIDE_BOND_WORK, WIDE_SECOND_BEAM,
};
use crate::cube::Cube;
use crate::moves::Move;

/// What leads the beam's score: misplaced cells or broken bonds.
///
/// Broken bonds rank the true undo of a scramble move among the best few of the 3087
/// moves, where misplaced cells often rank it in the hundreds (a third of the digits
/// survive any turn by chance); but turns of one block that differ by a third of a turn
/// about its diagonal mend the same bonds, so a bond-led beam needs a wider beam to
/// keep the right one, and [`repair`](super::repair) mends the slips it still makes. On
/// a deeply scrambled cube the bonds around most blocks are broken whatever the last
/// moves were; there the cell-led beam leaves a residue that the later stages finish in
/// fewer moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lead {
    /// Weighted misplaced cells lead; a broken bond counts [`Lead::bond_weight`].
    Cells,
    /// Broken bonds lead; moves that break more bonds than they mend are skipped.
    Bonds,
    /// As [`Lead::Bonds`], and a bond that runs against the solved cube's direction
    /// counts [`Lead::aligned_weight`] more: the second beam a shallow scramble gets
    /// when the first does not undo it (see [`solve()`](super::solve())).
    Aligned,
    /// As [`Lead::Bonds`], with the width and work of [`WIDE_SECOND_BEAM`]: the second
    /// attempt a cube of 331-400 misplaced cells gets.
    Wide,
}

/// Whether a second attempt's repaired path of `moves` moves that leaves `left` cells
/// is worth finishing against a first solution of `first` moves (see
/// [`SPREAD_FINISH_RATIO`]).
pub(super) fn spread_promises_shorter(moves: usize, left: usize, first: usize) -> bool {
    ((moves + left * PICK_MOVES_PER_CELL) as f64) < SPREAD_FINISH_RATIO * first as f64
}

/// Which of the beams' paths (by lead) likely finishes shortest: the one with fewest
/// moves kept (see [`worth_keeping`]) plus the finish's moves for the cells it leaves
/// (see [`Lead::finish_per_cell`]).
pub(super) fn likelier_shorter(cube: &Cube, beams: &[(Lead, Vec<Vec<Move>>)]) -> usize {
    let estimates: Vec<f64> = beams
        .iter()
        .map(|(lead, paths)| {
            let kept = worth_keeping(cube, paths.first().cloned().unwrap_or_default());
            kept.len() as f64 + played(cube, &kept).misplaced() as f64 * lead.finish_per_cell()
        })
        .collect();
    (0..estimates.len())
        .min_by(|&a, &b| estimates[a].total_cmp(&estimates[b]))
        .unwrap_or(0)
}

impl Lead {
    /// The leads to try on `cube`, each beam with its share of the work: bonds alone
    /// for a shallow scramble, both in between (see [`BOTH_LEADS_MISPLACED`]), none
    /// for a deep one (the sweep builds its answer).
    pub(crate) fn to_try(cube: &Cube) -> &'static [Lead] {
        match cube.misplaced() {
            n if n <= SHALLOW_MISPLACED => &[Lead::Bonds],
            n if n <= BOTH_LEADS_MISPLACED => &[Lead::Cells, Lead::Bonds],
            _ => &[],
        }
    }

    /// Moves the finish spends on a cell this lead's beam left misplaced, about: the
    /// bond-led beam's residue, in fewer tangled regions, finishes cheaper.
    pub(crate) fn finish_per_cell(self) -> f64 {
        match self {
            Lead::Cells => 2.8,
            Lead::Bonds | Lead::Aligned | Lead::Wide => 2.35,
        }
    }

    /// How much a broken bond counts against a misplaced cell (which counts 5..8).
    pub(crate) fn bond_weight(self) -> i32 {
        match self {
            Lead::Cells => 4,
            Lead::Bonds | Lead::Aligned | Lead::Wide => 24,
        }
    }

    /// How much more a bond counts when it runs against the solved cube's direction
    /// (a block turned over keeps the bonds inside it but reverses some). Not a
    /// sharper score than bonds alone, but a different one: the beam slips elsewhere.
    pub(crate) fn aligned_weight(self) -> i32 {
        match self {
            Lead::Aligned => ALIGNED_WEIGHT,
            _ => 0,
        }
    }
}

/// Whether the beam led by `lead` is left out on `cube`: the cell-led one, where the
/// bond-led beam beside it gets its own width and work (see [`wide_bond_beam`]).
/// There [`likelier_shorter`] picks the bond-led beam's path, so the cell-led beam
/// would only cost time.
pub(super) fn skips_cell_led_beam(cube: &Cube, lead: Lead) -> bool {
    lead == Lead::Cells && wide_bond_beam(cube.misplaced()).is_some()
}

/// Width and work of the bond-led beam beside the cell-led one on a cube of
/// `misplaced` cells, when they are not its share of the beam work (see
/// [`WIDE_BOND_MISPLACED`] and [`WIDEST_BOND_MISPLACED`]).
pub(crate) fn wide_bond_beam(misplaced: usize) -> Option<(usize, u64)> {
    match misplaced {
        n if n <= SHALLOW_MISPLACED => None,
        n if n <= WIDE_BOND_MISPLACED => Some((WIDE_BOND_WIDTH, WIDE_BOND_WORK)),
        n if n <= WIDEST_BOND_MISPLACED => Some(WIDE_SECOND_BEAM),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::undo::tests::{seeded_scramble, two_moves_to_undo};

    #[test]
    fn both_leads_are_tried_between_shallow_and_deep_and_a_deep_cube_gets_no_beam() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
        let (shallow, _) = crate::scramble::scramble(&mut rng, 15);
        let (middle, _) = crate::scramble::scramble(&mut rng, 60);
        let (deep, _) = crate::scramble::scramble(&mut rng, 1000);
        assert!(middle.misplaced() > SHALLOW_MISPLACED);
        assert!(middle.misplaced() <= BOTH_LEADS_MISPLACED);
        assert_eq!(Lead::to_try(&shallow), &[Lead::Bonds]);
        assert_eq!(Lead::to_try(&middle), &[Lead::Cells, Lead::Bonds]);
        assert!(Lead::to_try(&deep).is_empty());
    }

    #[test]
    fn a_second_attempt_is_finished_when_its_repaired_path_promises_a_shorter_solution() {
        // Against a first solution of 100 moves (the bound is 120): 50 moves leaving
        // 10 cells count 70, leaving 34 count 118, leaving 35 count 120.
        assert!(spread_promises_shorter(50, 10, 100));
        assert!(spread_promises_shorter(50, 34, 100));
        assert!(!spread_promises_shorter(50, 35, 100));
        assert!(spread_promises_shorter(100, 0, 100));
        assert!(!spread_promises_shorter(120, 0, 100));
    }

    #[test]
    fn only_the_wide_bond_led_beam_runs_on_a_band_cube() {
        let band = seeded_scramble(547, 40);
        assert!((SHALLOW_MISPLACED + 1..=WIDE_BOND_MISPLACED).contains(&band.misplaced()));
        assert!(skips_cell_led_beam(&band, Lead::Cells));
        assert!(!skips_cell_led_beam(&band, Lead::Bonds));
        let deeper = seeded_scramble(0, 100);
        assert!(deeper.misplaced() > WIDEST_BOND_MISPLACED);
        assert!(!skips_cell_led_beam(&deeper, Lead::Cells));
    }

    #[test]
    fn the_likelier_shorter_path_weighs_cells_left_by_lead() {
        let (cube, undo) = two_moves_to_undo();
        let left = played(&cube, &undo[..1]).misplaced() as f64;
        assert!(left > 0.0);
        let whole = vec![undo.to_vec()];
        let half = vec![undo[..1].to_vec()];
        // The path that solves wins, whichever lead found it.
        for lead in [Lead::Cells, Lead::Bonds] {
            let beams = [(lead, half.clone()), (lead, whole.clone())];
            assert_eq!(likelier_shorter(&cube, &beams), 1);
        }
        // The same path and cells left: the bond-led residue is the cheaper finish.
        let beams = [(Lead::Cells, half.clone()), (Lead::Bonds, half.clone())];
        assert_eq!(likelier_shorter(&cube, &beams), 1);
        let beams = [(Lead::Bonds, half.clone()), (Lead::Cells, half)];
        assert_eq!(likelier_shorter(&cube, &beams), 0);
    }
}
