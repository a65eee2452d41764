//! Which beams a cube gets and how their paths are weighed: what leads each beam's
//! score ([`Lead`]), the bands of misplaced cells that choose the leads and widths,
//! the second attempts at a cube the first beams do not undo, and which path goes on
//! to the finish.

use super::mend::worth_keeping;
use super::played;
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

/// Misplaced cells up to which a cube counts as shallowly scrambled (about 30 random
/// moves leave 300-320), so that the beam is led by bonds.
pub(super) const SHALLOW_MISPLACED: usize = 330;

/// Misplaced cells up to which a cube past [`SHALLOW_MISPLACED`] is tried by both
/// leads (random scrambles of up to about 100 moves leave 500 or fewer; 5000-move ones
/// about 640). A bond-led beam run to the end (not judged by cells fixed) undoes the
/// scramble moves of the less tangled regions, a cell-led one the cells; each gets
/// half the work.
pub(super) const BOTH_LEADS_MISPLACED: usize = 500;

/// Misplaced cells up to which a cube past [`SHALLOW_MISPLACED`] (a random scramble of
/// about 33-50 moves) gets, at the default effort, a bond-led beam
/// [`WIDE_BOND_WIDTH`] wide that may try [`WIDE_BOND_WORK`] moves, instead of 32 wide
/// with half the effort's work: it goes about twice as deep and undoes most of the
/// scramble where the narrow one slips early. On 28 such cubes (20 scrambles of 34-53
/// moves, seeds 301-320, and eight others) it took 5,630 moves in all to 4,903 (a
/// 39-move scramble 81 -> 38, one of 42 moves 84 -> 48), one cube longer (265 ->
/// 302), for a third more CPU time there; the slowest of them took as long as
/// before (2.2 s on a slow spell of the host). Width 128 with 20 million moves gave
/// 5,246 moves; 200 with 30 million 4,936, at 1.7 times the time; 400 with 60
/// million 4,710, at 2.4 times. Above 400 cells the cell-led beam's path is nearly
/// always the one finished.
pub(super) const WIDE_BOND_MISPLACED: usize = 400;

/// Misplaced cells up to which a cube past [`WIDE_BOND_MISPLACED`] (a random scramble
/// of about 40-60 moves) gets, at the default effort, a bond-led beam alone with the
/// width and work of [`WIDE_SECOND_BEAM`], instead of a cell-led beam and one 32 wide
/// sharing the effort's work. Binary against binary, one run after the other: 58
/// cubes of 401-450 cells among 160 scrambles of 40-60 moves (seeds 601-760), 22,029
/// moves in all -> 18,382 (48 shorter, 9 longer; 0 -> 3 undone within their length,
/// a 48-move scramble 222 -> 48), 75.6 -> 144.8 s of CPU time, the slowest cube 1.46
/// -> 2.05 s; 31 other cubes of 401-448 cells 12,690 -> 11,059 (challenge-2 557 ->
/// 567, the bench's scramble-0 295 -> 47), 58.1 -> 87.3 s, the slowest 1.90 -> 2.27
/// s. As a second attempt after the first (as on a cube of up to 400 cells) it took
/// those 31 to 10,905 moves, but for twice the CPU time; 320 wide with 48 million
/// moves gave 11,320, 240 with 36 million 11,698, 160 with 24 million 12,417. Up to
/// 480 cells, 25 cubes of 451-480 (scrambles of 48-70 moves, seeds 801-1040) went
/// from 13,608 moves to 13,087 (16 shorter, 8 longer), none undone within its
/// length, for a quarter more CPU time: too little for the time.
pub(super) const WIDEST_BOND_MISPLACED: usize = 450;

/// Misplaced cells up to which a cube is not finished by sweep and endgame from the
/// start beside the finish of its beam's residue (see [`finished`](super::finished)):
/// on the 63 cubes of 331-400 cells and the 31 of 401-448 above, the finish from the
/// start never came out shorter, and leaving it out saved 5% of their CPU time (at
/// effort 3, on 22 of them, the same answers for 4% less).
pub(super) const START_FINISH_MISPLACED: usize = WIDEST_BOND_MISPLACED;

/// Width of the bond-led beam on a cube up to [`WIDE_BOND_MISPLACED`] cells.
pub(super) const WIDE_BOND_WIDTH: usize = 160;

/// Moves the bond-led beam may try on a cube up to [`WIDE_BOND_MISPLACED`] cells. With
/// 16 million the band's cubes took 25-30% less time for 1-4% more moves (on 40
/// scrambles of 33-50 moves, 6,433 against 6,152); with 32 million, on the 28 cubes
/// above, 5,005 against 4,903. Challenge-1 (382 cells) is undone only from about 400
/// wide and 60 million moves (45 moves; 320 wide with 40 million: 104).
pub(super) const WIDE_BOND_WORK: u64 = 24_000_000;

/// Width and moves tried of the [`Lead::Wide`] beam, the default effort's second
/// attempt at a cube of 331-400 misplaced cells that the first did not undo: a bond-led
/// beam as wide as effort 4's, with the work that undoes challenge-1 at that width (the
/// first is 160 wide with 24 million moves, see [`WIDE_BOND_WORK`]). Wider is not
/// better beam for beam (as the first beam, 240, 320 and 400 wide gave 7,495, 6,882 and
/// 7,215 moves against 7,642 on 63 such cubes, each with 22-23 cubes longer), but it is
/// another draw: the shorter of two solutions, cube by cube, saves far more. Against
/// the [`Lead::Spread`] beam there (160 wide, 24 million moves), binary against binary:
/// the 63 cubes of 331-400 cells among 80 scrambles of 33-50 moves (seeds 501-580)
/// 7,642 -> 6,955 moves (16 shorter, 3 longer; 18 -> 19 undone within their length),
/// the 28 cubes of 329-433 cells 4,556 -> 4,141 (4 shorter, 1 longer; challenge-1 215
/// -> 45), for about a third more CPU time on those cubes (144.5 -> 192.3 s and 52.6 ->
/// 73.6 s). A [`Lead::Bonds`] beam 320 wide with 48 million moves gave 6,814 and 4,305
/// in the same time; the spread beam 320 wide 7,150 on the 63; the spread beam always
/// finished 7,378.
pub(crate) const WIDE_SECOND_BEAM: (usize, u64) = (400, 60_000_000);

/// Below [`SPREAD_EFFORT`], the second attempt's repaired path is finished only when
/// its moves plus [`PICK_MOVES_PER_CELL`] a cell left come to less than this share
/// of the first attempt's solution. On the 68 cubes of the first two sets above, of
/// the 558 moves that finishing every second attempt saved, a share of 0.8 kept 426
/// and finished 9 of the 37 second attempts; 0.9 kept 475 (21 finished), 1.0 496 (25),
/// 1.5 554 (35). (The beam's own path, unrepaired, predicts worse: a bound on it of
/// 1.25 kept 4,707 moves on the 28 cubes but only 6,011 on the 40.) It was 0.8 until
/// the double additions' rounds were cut short at the default effort (see
/// `mend::DOUBLE_LEAST_FIXED`), which left the slowest of these cubes time to
/// spare. Against 0.8, binary against binary on a quiet host: 80 scrambles of 33-50
/// moves (`cubist scramble --seed` 501-580) 8,731 -> 8,564 moves (4 shorter, none
/// longer; 25 -> 26 undone within their length; a 42-move scramble 81 -> 42), for 4%
/// more wall time and the slowest cube 1.35 -> 1.38 s; 60 of 10-100 moves (seed 7)
/// 12,800 -> 12,719 (4 shorter, none longer), the slowest 1.62 s; 40 of 20-45 moves
/// 2,080 -> 2,028 (a 42-move scramble 80 -> 42); seed 12 and the bench unchanged.
/// A share of 1.2 took the 80 to 8,520 (as finishing every second attempt does) but
/// their slowest cube to 1.77 s, too near the default's two seconds. Once
/// commutators were put into the paths (see `insert`), the first solutions came out
/// shorter and fewer second attempts were finished (a 42-move scramble that a second
/// attempt undoes, 42 -> 69 moves); 1.2 then took the 80 from 7,286 moves to 6,984
/// (25 -> 26 undone within their length) and 160 scrambles of 40-60 moves (seeds
/// 601-760) from 30,124 to 29,713 (22 shorter, none longer; 14 -> 15 within), the
/// slowest of either 1.71-1.88 s; 1.1 gave 7,079 and 29,886, 1.4 the same as 1.2.
const SPREAD_FINISH_RATIO: f64 = 1.2;

/// Whether a second attempt's repaired path of `moves` moves that leaves `left` cells
/// is worth finishing against a first solution of `first` moves (see
/// [`SPREAD_FINISH_RATIO`]).
pub(super) fn spread_promises_shorter(moves: usize, left: usize, first: usize) -> bool {
    ((moves + left * PICK_MOVES_PER_CELL) as f64) < SPREAD_FINISH_RATIO * first as f64
}

/// How much more a reversed bond counts for [`Lead::Aligned`] than an intact one
/// running the solved way (a broken bond counts [`Lead::bond_weight`], 24).
const ALIGNED_WEIGHT: i32 = 24;

/// What a cell left counts against a move when
/// [`shallow_picked`](super::shallow_picked) compares the two repaired paths. With the
/// fewest cells left first (moves breaking ties) 40 scrambles of 10-30 moves took 928
/// moves in all and 14 of 40 of 20-45 moves were undone within their length; at 1 or 2,
/// 890 and 15; at 3 or 4, 890 and 14. (A path that leaves a cell more in fewer moves
/// has often slipped less: it has yet to undo a scramble move, which the edit beam
/// adds.)
pub(super) const PICK_MOVES_PER_CELL: usize = 2;

/// Which of the beams' paths (by lead) likely finishes shortest: the one with fewest
/// moves kept (see [`worth_keeping`]) plus the finish's moves for the cells it leaves
/// (see [`Lead::finish_per_cell`]). On the nine mid-depth cubes measured at effort 3
/// (where both are finished) it names the shorter finish six times and loses 3-23
/// moves on the other three.
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
    /// The leads to try on `cube` at `effort`, each beam with its share of the work:
    /// bonds alone for a shallow scramble, cells alone for a deep one, both in
    /// between (see [`BOTH_LEADS_MISPLACED`]); none for a deep one below
    /// [`DEEP_BEAM_EFFORT`].
    pub(crate) fn to_try(cube: &Cube) -> &'static [Lead] {
        match cube.misplaced() {
            n if n <= SHALLOW_MISPLACED => &[Lead::Bonds],
            n if n <= BOTH_LEADS_MISPLACED => &[Lead::Cells, Lead::Bonds],
            _ => &[],
        }
    }

    /// Moves the finish spends on a cell this lead's beam left misplaced, about: the
    /// bond-led beam's residue, in fewer tangled regions, finishes cheaper (measured
    /// on the bench's mid-depth cubes at effort 3: 2.15-2.48 against 2.7-3.0).
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
    /// sharper score than bonds alone (the true undo ranks first on 88% of the steps
    /// of 40-move scrambles, against 87%), but a different one: the beam slips
    /// elsewhere.
    pub(crate) fn aligned_weight(self) -> i32 {
        match self {
            Lead::Aligned => ALIGNED_WEIGHT,
            _ => 0,
        }
    }
}

/// Whether the beam led by `lead` is left out on `cube`: the cell-led one, where the
/// default effort gives the bond-led beam beside it its own width and work (a cube of
/// 331-400 misplaced cells, see [`WIDE_BOND_MISPLACED`]). [`likelier_shorter`] picked
/// the bond-led beam's path on every such cube measured (about 75 of them, in the 28
/// cubes of 329-433 cells and 80 scrambles of 33-50 moves, seeds 501-580), so every
/// answer stays the same and the cell-led beam's CPU time is saved: 66.6 -> 56.5 s,
/// 99.6 -> 79.9 s and 101.8 -> 90.5 s on the three sets (runs a few minutes apart,
/// on a slow spell of the host). Above 400 cells the
/// cell-led path was picked on three cubes of 402-406.
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
