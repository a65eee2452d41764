//! Every tuning value of the digit-cube solver's stages, in plan order: the numbers
//! to change when tuning it (see `docs/cubular-solver.md`, "Measuring a change").
//! The measurements behind them are in `docs/journal.md`.

use std::ops::RangeInclusive;
use std::time::Duration;

/// Which moves the beam's insertions try at each place: the `pool` of best gain
/// there, among those that worsen the score by less than `slack_score` and (in a
/// bond-led beam) break at most `slack_bonds` more bonds than they mend; of them, the
/// [`INSERT_COUNT`] that make the best children go on.
#[derive(Clone, Copy)]
pub(super) struct Insert {
    pub(super) pool: usize,
    pub(super) slack_bonds: i32,
    pub(super) slack_score: i32,
}

// ---- beam: the beam search (`beam.rs`)

/// Cells a beam level must fix on average, over the first levels, for the beam to go on.
pub(super) const SHALLOW_GAIN: usize = 6;
/// Last moves of a beam cube that a move may be put in front of: deeper costs time for no gain.
pub(super) const INSERT_DEPTH: usize = 1;
/// Moves put in at each place of a beam cube's path: fewer miss undos, more crowd the beam.
pub(super) const INSERT_COUNT: usize = 8;
/// Insertions on a shallow cube: only moves that gain where they go (a silent undo is rare there).
pub(super) const TIGHT_INSERT: Insert = Insert {
    pool: INSERT_COUNT,
    slack_bonds: 0,
    slack_score: 0,
};
/// Insertions past [`SHALLOW_MISPLACED`]: moves that may lose a few bonds, to take in silent undos.
pub(super) const WIDE_INSERT: Insert = Insert {
    pool: 64,
    slack_bonds: 3,
    slack_score: 100,
};
/// Best cubes over all levels whose paths a beam returns besides its best, for the repairs.
pub(super) const RUNNERS_UP: usize = 8;
/// Levels without a better cube after which a beam stops.
pub(super) const PATIENCE: usize = 4;
/// Most levels a beam runs: deep scrambles gain little from more.
pub(super) const MOST_LEVELS: usize = 80;
/// Moves the beams may try in all: a beam that has not undone a scramble by then rarely does.
pub(super) const BEAM_WORK: u64 = 10_000_000;

// ---- lead: which beams a cube gets (`lead.rs`)

/// Misplaced cells up to which a cube is shallow (30 moves leave 300-320): a bond-led beam alone.
pub(super) const SHALLOW_MISPLACED: usize = 330;
/// Misplaced cells up to which a cube gets both leads (100-move scrambles leave at most about 500).
pub(super) const BOTH_LEADS_MISPLACED: usize = 500;
/// Misplaced cells up to which a cube past [`SHALLOW_MISPLACED`] gets one bond-led beam, wider.
pub(super) const WIDE_BOND_MISPLACED: usize = 400;
/// Cells up to which the bond-led beam gets [`WIDE_SECOND_BEAM`]: above, it gains too little.
pub(super) const WIDEST_BOND_MISPLACED: usize = 450;
/// Misplaced cells up to which sweep and endgame from the start are skipped: never shorter there.
pub(super) const START_FINISH_MISPLACED: usize = WIDEST_BOND_MISPLACED;
/// Width of the bond-led beam up to [`WIDE_BOND_MISPLACED`] cells: it goes about twice as deep.
pub(super) const WIDE_BOND_WIDTH: usize = 160;
/// Moves the bond-led beam may try up to [`WIDE_BOND_MISPLACED`]: less loses moves, more time.
pub(super) const WIDE_BOND_WORK: u64 = 24_000_000;
/// Width and moves tried of the widest bond-led beam, also the second attempt: undoes challenge-1.
pub(super) const WIDE_SECOND_BEAM: (usize, u64) = (400, 60_000_000);
/// Share of the first answer under which a second attempt's repaired path is worth finishing.
pub(super) const SPREAD_FINISH_RATIO: f64 = 1.2;
/// How much more a reversed bond counts in the aligned beam: a different score, other slips.
pub(super) const ALIGNED_WEIGHT: i32 = 24;
/// What a cell left counts against a move when two repaired paths are compared.
pub(super) const PICK_MOVES_PER_CELL: usize = 2;

// ---- undo: which repairs and finishes a residue gets (`undo.rs`)

/// Cells a shallow cube's repaired path may leave for the edit beam to run before the second beam.
pub(super) const EARLY_EDIT_RESIDUE: usize = 30;
/// Cells left by the beam up to which commutators finish; above, sweep and endgame do.
pub(super) const RESIDUE_FOR_ENDGAME: usize = 240;
/// Cells left by the beam from which a sweep is tried beside the commutators, the shorter kept.
pub(super) const RESIDUE_FOR_BOTH: usize = 150;
/// Cells up to which commutators alone also finish: an inserted one can block the passes.
pub(super) const PLAIN_ENDGAME_RESIDUE: usize = 60;
/// Moves the endgame spends on a misplaced cell, about: the price of a cell left.
pub(super) const ENDGAME_MOVES_PER_CELL: f64 = 3.4;

// ---- mend: which part of a path is kept and repaired (`mend.rs`)

/// Cells left by the beam up to which its path and its runners-up's are repaired.
pub(super) const RESIDUE_FOR_REPAIR: usize = 80;
/// Cells left up to which the beam's best path alone is repaired: above, a repair takes too long.
pub(super) const RESIDUE_FOR_BEST_REPAIR: usize = 200;
/// Every how many moves a path above [`RESIDUE_FOR_REPAIR`] cells is cut for the prefix repairs.
pub(super) const PREFIX_STEP_FOR_LARGE_RESIDUE: usize = 8;
/// Cells left after the repairs up to which wider edits of the moves turning them are tried.
pub(super) const RESIDUE_FOR_RETUNE: usize = 24;
/// Cells up to which the edit beam runs: above it, single edits do as well for less time.
pub(super) const RESIDUE_FOR_EDIT_BEAM: usize = 60;
/// Cells left after the edit beam up to which pairs of turns of one block are put in.
pub(super) const PAIR_RESIDUE: usize = 240;
/// Cells up to which two moves are added at once, before the edit beam and after the pairs.
pub(super) const DOUBLE_RESIDUE: usize = 60;
/// Single additions each tried with a second move: more cost time for no gain.
pub(super) const DOUBLE_FIRSTS: usize = 1000;
/// Cells a round of double additions must fix for another to follow: later rounds cost too much.
pub(super) const DOUBLE_LEAST_FIXED: usize = 2;
/// Most rounds of pairs of turns: more gain little for their time.
pub(super) const PAIR_ROUNDS: usize = 8;
/// Most rounds of pairs on a residue above [`DOUBLE_RESIDUE`]: later rounds still pay there.
pub(super) const LARGE_PAIR_ROUNDS: usize = 24;
/// Pairs' work on a residue above [`DOUBLE_RESIDUE`], where a round scores 40,000-60,000 places.
pub(super) const LARGE_PAIR_WORK: u64 = 2 * WORK;
/// Paths the edit beam keeps each round.
pub(super) const EDIT_BEAM_WIDTH: usize = 256;
/// Most rounds of the edit beam: fewer undo fewer scrambles.
pub(super) const EDIT_BEAM_ROUNDS: usize = 5;
/// The edit beam's work, in moves replayed: as good as no limit.
pub(super) const EDIT_BEAM_WORK: u64 = 24_000_000;
/// Moves a cell left costs when a path is cut: below the endgame's, as pairs fix the first ones.
pub(super) const KEEP_MOVES_PER_CELL: f64 = 2.8;
/// Moves at the end of a sweep's path that pairs are put into: its costliest placements.
pub(super) const SWEEP_TAIL: usize = 30;
/// Most rounds of pairs on a sweep's last moves.
pub(super) const SWEEP_TAIL_ROUNDS: usize = 8;

// ---- repair: single edits and the edit beam (`repair.rs`)

/// How far (in positions) a move replaced by another turn of its block may move.
pub(super) const SHIFT: usize = 5;
/// Most rounds of single edits (each round keeps the best edit).
pub(super) const ROUNDS: usize = 40;
/// Most moves the retune edits among: its cost grows with their square.
pub(super) const MOST_INVOLVED: usize = 12;
/// Best paths of the edit beam also scored with every move added anywhere (costly).
pub(super) const EDIT_BEAM_INSERTIONS: usize = 32;
/// Paths of the edit beam expanded together between checks of its work budget.
pub(super) const EDIT_BEAM_CHUNK: usize = 16;
/// Work of scoring every added move after one position of a path, in moves replayed.
pub(super) const INSERTION_COST: u64 = 2_850;
/// Most edits the repairs of a path's prefixes may score a round, all prefixes together.
pub(super) const PREFIX_REPAIR_WORK: usize = 150_000;

// ---- pairs: pairs of turns of one block (`pairs.rs`)

/// Pieces ending misplaced a block must hold, both turns together, for a pair to be scored.
pub(super) const MIN_WRONG_HELD: usize = 3;
/// Best pairs of a round that each get single edits before the best result is taken.
pub(super) const KEPT: usize = 8;
/// Bound on the pairs' work, in places scored over all rounds (a round: 150,000-300,000).
pub(super) const WORK: u64 = 1_000_000;
/// Pieces ending misplaced a block must hold at each turn: a turn moving none cannot fix a cell.
pub(super) const MIN_WRONG_EACH: usize = 1;

// ---- insert: commutators put into a path (`insert.rs`)

/// Largest commutator (cells changed) put in: larger ones crowd out cheaper ones.
pub(super) const CELLS_CHANGED: usize = 6;
/// Fewest cells a commutator put in must fix: one cell for four moves beats the endgame's carries.
pub(super) const LEAST_GAIN: i32 = 1;
/// Cells left up to which commutators under a setup move are tried too.
pub(super) const SETUP_RESIDUE: usize = 12;
/// Largest commutator put in under a setup move: 3-cycles only.
pub(super) const SETUP_CELLS_CHANGED: usize = 3;
/// Scans of the path at most: five or six usually leave no commutator to put in.
pub(super) const SCANS: usize = 16;

// ---- sweep: the outside-in sweep (`sweep.rs`)

/// Longest free-move sequence tried to place one cell.
pub(super) const MAX_DEPTH: usize = 3;
/// Cells due next: a placement is chosen for the most of them it fixes too.
pub(super) const WINDOW: usize = 50;
/// What fixing a cell due next counts against any other cell: enough that those due decide.
pub(super) const DUE_WEIGHT: i32 = 30;
/// Levels past the shortest that free paths into a cell may take: a longer one may fix cells due.
pub(super) const LONGER_PATHS: usize = 1;
/// What a move counts against the cells a placement leaves wrong: half a cell due next.
pub(super) const MOVE_WEIGHT: i32 = 15;
/// Moves a conjugate costs: conjugates are looked for only when no free path is cheaper.
pub(super) const CONJUGATE_COST: i32 = 3;
/// Misplaced cells from which the sweep counts a cube as deep (100-move scrambles leave up to 500).
pub(super) const DEEP_MISPLACED: usize = 500;
/// Wrong cells due that the sweep compares before placing one on a deep cube.
pub(super) const DEEP_LOOK_AHEAD: usize = 3;
/// Misplaced cells at which a sweep stops for insertion: commutators fix the innermost cheaper.
pub(super) const LEFT_FOR_INSERTION: usize = 175;
/// Boards the sweep's beam keeps, and placements each tries: wider costs time for little.
pub(super) const SWEEP_BEAM: (usize, usize) = (6, 3);
/// Cell orders the sweep tries; the shortest finish is kept.
pub(super) const SWEEP_ORDERS: usize = 2;

// ---- endgame: short commutators carried by setups (`endgame.rs`)

/// Deepest setup (moves before and after) tried to carry a piece.
pub(super) const MAX_SETUP: usize = 4;
/// Largest commutator (cells changed) the endgame uses and carries near the end.
pub(super) const COMMUTATOR_CELLS: usize = 6;
/// Cells left up to which the endgame carries pieces far, and its larger commutators.
pub(super) const FAR_CARRY_CELLS: usize = 60;
/// Least gain of a commutator played under the setup of the carry just played.
pub(super) const FRAME_GAIN: i32 = 2;

// ---- shorten: runs of moves replaced by fewer (`shorten.rs`)

/// Longest run of moves put in question.
pub(super) const RUN: usize = 8;
/// Most moves put in a run's place.
pub(super) const MOST: usize = 2;

// ---- tighten: two turns of a block taken out, the rest mended (`polish.rs`)

/// Longest answer tightening tries to make shorter: its work grows with the answer's length.
pub(super) const TIGHTEN_MOST: usize = 100;

// ---- takeback: a move and the move taking it back (`takeback.rs`)

/// Longest stretch between a move and the move taking it back that is tried.
pub(super) const TAKEBACK_MOST_BETWEEN: usize = 24;
/// How far before the pair or after it the moves between are put.
pub(super) const MOST_AWAY: usize = 40;

// ---- untangle: tangles cut out and mended (`untangle.rs`)

/// Longest stretch, in moves, between two turns of one block that is cut out.
pub(super) const UNTANGLE_MOST_BETWEEN: usize = 16;
/// Most cells a cut may leave for the mending: a larger residue seldom ends solved.
pub(super) const MOST_LEFT: usize = 40;
/// Longest answer untangling looks at: its cuts grow with the answer.
pub(super) const MOST_MOVES: usize = 120;

// ---- plan: how the budget is shared (`plan.rs`)
/// Annealing runs side by side, one a core: the best of two is much better than one.
pub(super) const ANNEAL_RUNS: u64 = 2;
/// Part of the budget after the first answer that goes to the annealing: it beats the views on long cubes.
pub(super) const ANNEAL_SHARE: f64 = 0.7;
/// Time the first answer aims at under a time budget: a budget of a second is a fast mode.
pub(super) const FIRST_ANSWER_TIME: Duration = Duration::from_millis(1200);
/// A further run begins only while this many times its expected time is left (other views take up to twice as long).
pub(super) const RUN_TIME_MARGIN: f64 = 2.0;
/// The least a further run is expected to take, for [`RUN_TIME_MARGIN`].
pub(super) const SHORTEST_RUN: Duration = Duration::from_millis(700);
/// Time kept at the end of a budget for the last passes (an untangling round ends when stopped).
pub(super) const PASSES_RESERVE: Duration = Duration::from_millis(1500);
/// Time kept for finishing the annealed sequences, in first answers' times.
pub(super) const FINISH_RESERVE: f64 = 2.0;
/// Shortest time worth annealing for: a shorter run ends far from any undo.
pub(super) const MIN_ANNEAL: Duration = Duration::from_secs(2);

// ---- anneal: whole sequences annealed (`anneal.rs`)
/// Misplaced cells of the cubes worth annealing: scrambles of about 30-100 moves.
pub(super) const ANNEALED_MISPLACED: RangeInclusive<usize> = 250..=520;
/// Slots beyond the scramble's likely length (see `anneal::slots`).
pub(super) const SPARE_SLOTS: usize = 10;
/// The most slots: the scrambles annealed have at most about 100 moves.
pub(super) const MOST_SLOTS: usize = 100;
/// Points per unit of a misplaced cell's cost (4-10): about 4 points a cell.
pub(super) const PER_COST: f64 = 0.5;
/// Points per move played.
pub(super) const PER_MOVE: f64 = 1.0;
/// One annealing step in this many refills a slot; the others move a move.
pub(super) const REFILL_EVERY: u64 = 20;
/// Temperature at a run's first step.
pub(super) const HOT: f64 = 3.0;
/// Temperature at the last step of a short run.
pub(super) const COLD: f64 = 0.3;
/// Temperature at the last step of a long run, whose sequence takes its shape above it.
pub(super) const LONG_COLD: f64 = 1.3;
/// Steps from which a run is long and ends warm ([`LONG_COLD`]).
pub(super) const LONG_STEPS: u64 = 100_000_000;
