//! Annealing whole move sequences: a fixed number of slots, each empty or holding a
//! move, scored by the cells the whole sequence leaves misplaced, each weighed by how
//! far its piece is from a cell where it belongs (see [`cell_cost`]; about 4 points a
//! cell), and 1 point a move. One step in [`REFILL_EVERY`] empties a slot and refills
//! it from all 3087 moves or none, each drawn with chance `exp(-points / t)` (a
//! heat-bath step); every other step moves one move to another slot and is kept when
//! no worse, or worse by `d` points with chance `exp(-d / t)`. The temperature falls
//! geometrically from [`HOT`] to [`COLD`] (to [`LONG_COLD`] in runs of
//! [`LONG_STEPS`] or more). Judged on the finished cube, not part-way, this finds orders
//! of overlapping scramble moves that no beam does (see "The annealing strategy" in
//! `docs/cubular-solver.md`).
//!
//! The cube before each slot and the digits each slot's cells must have for the rest of
//! the sequence to solve the cube are kept, and rebuilt lazily after a change; a step
//! that moves a move counts only the cells that changes (see `relocation`).

use super::bonds;
use super::relocation::{Relocation, NONE};
use super::tuning::{
    COLD, HOT, LONG_COLD, LONG_STEPS, MOST_SLOTS, PER_COST, PER_MOVE, REFILL_EVERY, SPARE_SLOTS,
};
use super::weights::{cell_cost, cell_cost_of_difference};
use crate::cube::{Cube, CELLS, SOLVED};
use crate::moves::{self, corner_cell, move_table, Move, MoveCycle, MOVED, MOVE_COUNT};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The median cells misplaced by random scrambles of 30, 40, ... 100 moves (200 of
/// each, from seeded `ChaCha8Rng`s). The spread is wide, so a length read off this is a
/// guess, which the second run of a long annealing hedges with [`MOST_SLOTS`].
const DEPTHS: [(usize, usize); 8] = [
    (30, 308),
    (40, 354),
    (50, 391),
    (60, 420),
    (70, 445),
    (80, 463),
    (90, 479),
    (100, 492),
];

/// The scramble length whose median misplaced cells is `misplaced` (read between the
/// lengths of [`DEPTHS`]; 30 below, 100 above).
pub fn likely_length(misplaced: usize) -> usize {
    read_between(&DEPTHS, misplaced)
}

/// The length in `table` (lengths and their medians, both rising) whose median is
/// `x`, read between the rows; the first length below the table, the last above.
fn read_between(table: &[(usize, usize)], x: usize) -> usize {
    let (first, last) = (table[0], table[table.len() - 1]);
    if x <= first.1 {
        return first.0;
    }
    if x >= last.1 {
        return last.0;
    }
    let k = table
        .iter()
        .position(|&(_, m)| m >= x)
        .expect("within the table");
    let ((n0, m0), (n1, m1)) = (table[k - 1], table[k]);
    n0 + (n1 - n0) * (x - m0) / (m1 - m0)
}

/// The median broken bonds (see `bonds::broken`) of random scrambles of 30, 35, ...
/// 100 moves (200 of each; made by `examples/depth_signs.rs`): a sharper sign of a
/// scramble's length than [`DEPTHS`], as fewer broken bonds are mended by chance.
const BOND_DEPTHS: [(usize, usize); 15] = [
    (30, 544),
    (35, 606),
    (40, 654),
    (45, 702),
    (50, 747),
    (55, 788),
    (60, 830),
    (65, 858),
    (70, 891),
    (75, 926),
    (80, 951),
    (85, 978),
    (90, 1006),
    (95, 1024),
    (100, 1048),
];

/// Broken bonds of `cube`: neighbouring cells whose digits do not differ by one (mod
/// 9), the sign [`BOND_DEPTHS`] reads a scramble's length off.
pub fn broken_bonds(cube: &Cube) -> usize {
    bonds::broken(cube.cells()) as usize
}

/// The scramble length whose median broken bonds is `broken` (read between the lengths
/// of [`BOND_DEPTHS`]; 30 below, 100 above): a sharper guess than [`likely_length`].
pub fn likely_length_by_bonds(broken: usize) -> usize {
    read_between(&BOND_DEPTHS, broken)
}

/// Slots of run number `run` on `cube`: the likely scramble length by misplaced cells
/// plus [`SPARE_SLOTS`] for run 0 and [`MOST_SLOTS`] for run 1, as that length is only
/// a guess; later runs size by broken bonds, the sharper guess (plus [`SPARE_SLOTS`],
/// and half as many again for odd runs).
pub(super) fn slots(cube: &Cube, run: u64) -> usize {
    match run {
        0 => (likely_length(cube.misplaced()) + SPARE_SLOTS).min(MOST_SLOTS),
        1 => MOST_SLOTS,
        _ => {
            let likely = likely_length_by_bonds(broken_bonds(cube));
            (likely + SPARE_SLOTS + (run as usize % 2) * SPARE_SLOTS / 2).min(MOST_SLOTS)
        }
    }
}

/// How often a run reports its steps and reads how much of its time is spent.
const CHECK_EVERY: u64 = 1 << 16;

/// Largest cost of one cell: 3 plus 7 steps.
const MAX_COST: usize = 10;
/// Gains a move can make in one slot, in cost: from all its cells' worst to their best.
const GAINS: usize = 2 * MOVED * MAX_COST + 1;
/// The index of gain 0 among the [`GAINS`].
const NO_GAIN: i32 = (MOVED * MAX_COST) as i32;

/// The sequence an annealing run met that left the fewest cells (then had the fewest
/// moves), and those cells.
#[derive(Clone, Debug)]
pub(super) struct Annealed {
    /// The sequence's moves, empty slots left out.
    pub moves: Vec<Move>,
    /// Cells it leaves misplaced.
    pub left: usize,
}

/// How a run cools: its steps, over which the temperature falls geometrically from
/// [`HOT`], and the temperature at the last of them.
#[derive(Clone, Copy, Debug)]
pub(super) struct Cooling {
    /// Steps of the run (`u64::MAX`: as many as its time allows).
    pub steps: u64,
    /// Temperature at the last step: [`COLD`] or [`LONG_COLD`].
    pub cold: f64,
}

impl Cooling {
    /// A run of `steps` steps: one of [`LONG_STEPS`] or more cools to [`LONG_COLD`],
    /// a shorter one to [`COLD`].
    pub(super) fn for_steps(steps: u64) -> Cooling {
        let cold = if steps >= LONG_STEPS { LONG_COLD } else { COLD };
        Cooling { steps, cold }
    }
}

/// One run as the long runs make it (cooled from [`HOT`] to [`LONG_COLD`]) of `steps`
/// steps in `slots` slots from `seed`, for the examples that measure the runs: the
/// sequence it found (empty slots left out) and the cells that leaves.
#[cfg(feature = "research")]
pub fn long_run(cube: &Cube, slots: usize, steps: u64, seed: u64) -> (Vec<Move>, usize) {
    let cooling = Cooling {
        steps,
        cold: LONG_COLD,
    };
    let found = run(cube, slots, cooling, seed, &|_| 0.0);
    (found.moves, found.left)
}

/// Anneals a sequence of `slots` slots (all empty at first) on `cube`, cooling as
/// `cooling` says, with random choices from `seed`: the same arguments give the same
/// answer.
/// Every [`CHECK_EVERY`] steps `spent` is told what part of its steps the run has
/// made (for progress shown on a terminal) and tells what part of the run's time is
/// spent, 0 to 1, under a time budget: the run cools by that where it is ahead of
/// the steps, and ends when it reaches 1, so a run the budget cuts short still cools
/// all the way, where a run stopped part-way would end hot. Without a budget it
/// says 0, and the run is measured in steps alone.
pub(super) fn run(
    cube: &Cube,
    slots: usize,
    cooling: Cooling,
    seed: u64,
    spent: &(dyn Fn(f64) -> f64 + Sync),
) -> Annealed {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut seq = Sequence::new(cube, slots);
    let mut best = (seq.now.left, 0, seq.slots.clone());
    let mut draw = Draw::new();
    let mut by_time = 0.0f64;
    let Cooling { steps, cold } = cooling;
    for step in 0..steps {
        if step % CHECK_EVERY == 0 && step > 0 {
            by_time = spent(step as f64 / steps as f64);
            if by_time >= 1.0 {
                break;
            }
        }
        let progress = (step as f64 / steps as f64).max(by_time);
        let t = HOT * (cold / HOT).powf(progress);
        if step % REFILL_EVERY == 0 {
            let i = rng.gen_range(0..slots);
            seq.refill(i, t, &mut draw, &mut rng);
        } else {
            let (i, j) = (rng.gen_range(0..slots), rng.gen_range(0..slots));
            if i == j || seq.slots[i] == NONE {
                continue;
            }
            let now = seq.relocated(i, j);
            let delta = PER_COST * (now.cost as f64 - seq.now.cost as f64);
            if delta <= 0.0 || rng.gen::<f64>() < (-delta / t).exp() {
                seq.relocate(i, j, now);
            }
        }
        if (seq.now.left, seq.played) < (best.0, best.1) {
            best = (seq.now.left, seq.played, seq.slots.clone());
        }
    }
    Annealed {
        moves: best
            .2
            .iter()
            .filter(|&&m| m != NONE)
            .map(|&m| Move::from_index(m as usize))
            .collect(),
        left: best.0,
    }
}

/// A sequence of slots with the cubes before its slots and the digits wanted there.
struct Sequence {
    table: &'static [MoveCycle],
    /// Move number per slot, or [`NONE`].
    slots: Vec<u16>,
    /// `before[k]`: the cube after slots `..k`; valid for `k <= before_ok`. Boxed, so
    /// that a relocation past moves it commutes with can shift them cheaply (rotating
    /// boxes moves pointers, not 729 bytes each).
    #[allow(clippy::vec_box)]
    before: Vec<Box<[u8; CELLS]>>,
    before_ok: usize,
    /// `wanted[k]`: the digits the cube must have before slot `k` for slots `k..` to
    /// solve it; valid for `k >= wanted_ok`. Boxed as `before` is.
    #[allow(clippy::vec_box)]
    wanted: Vec<Box<[u8; CELLS]>>,
    wanted_ok: usize,
    /// What the whole sequence leaves.
    now: Residue,
    /// Slots holding a move.
    played: usize,
    /// Work space for a relocation's change.
    relocation: Relocation,
}

impl Sequence {
    /// `slots` empty slots on `cube`.
    fn new(cube: &Cube, slots: usize) -> Sequence {
        let mut before = vec![Box::new([0u8; CELLS]); slots + 1];
        *before[0] = *cube.cells();
        let mut wanted = vec![Box::new([0u8; CELLS]); slots + 1];
        *wanted[slots] = SOLVED;
        Sequence {
            table: move_table(),
            slots: vec![NONE; slots],
            before,
            before_ok: 0,
            wanted,
            wanted_ok: slots,
            now: Residue::between(cube.cells(), &SOLVED),
            played: 0,
            relocation: Relocation::new(),
        }
    }

    /// Makes `before[k]` valid.
    fn need_before(&mut self, k: usize) {
        while self.before_ok < k {
            let i = self.before_ok;
            let (done, rest) = self.before.split_at_mut(i + 1);
            *rest[0] = *done[i];
            play(&mut rest[0], self.slots[i]);
            self.before_ok += 1;
        }
    }

    /// Makes `wanted[k]` valid.
    fn need_wanted(&mut self, k: usize) {
        while self.wanted_ok > k {
            let i = self.wanted_ok - 1;
            let (rest, done) = self.wanted.split_at_mut(i + 1);
            *rest[i] = *done[0];
            if self.slots[i] != NONE {
                for &(dst, src) in &self.table[self.slots[i] as usize] {
                    rest[i][src as usize] = done[0][dst as usize];
                }
            }
            self.wanted_ok -= 1;
        }
    }

    /// Marks slots `lo..=hi` changed.
    fn changed(&mut self, lo: usize, hi: usize) {
        self.before_ok = self.before_ok.min(lo);
        self.wanted_ok = self.wanted_ok.max(hi + 1);
    }

    /// What is left when the move in slot `i` goes to slot `j` (the slots between
    /// shift), from the cells that changes (see [`Relocation::change`]).
    fn relocated(&mut self, i: usize, j: usize) -> Residue {
        let (lo, hi) = (i.min(j), i.max(j));
        self.need_before(hi + 1);
        self.need_wanted(hi + 1);
        let stretch = if i < j {
            &self.slots[i + 1..=j]
        } else {
            &self.slots[j..i]
        };
        let (cost, left) = self.relocation.change(
            self.slots[i],
            stretch,
            i < j,
            &self.before[lo],
            &self.before[hi + 1],
            &self.wanted[hi + 1],
        );
        Residue {
            cost: self.now.cost.wrapping_add_signed(cost),
            left: self.now.left.wrapping_add_signed(left as isize),
        }
    }

    /// Moves the move in slot `i` to slot `j`, which leaves `now`. When the last
    /// [`Sequence::relocated`] found that the move commutes with every move it passes
    /// (it turns none of their pieces), the cubes and wanted digits kept for the slots
    /// between are patched rather than rebuilt (see [`Sequence::commuted`]).
    fn relocate(&mut self, i: usize, j: usize, now: Residue) {
        let m = self.slots.remove(i);
        self.slots.insert(j, m);
        if self.relocation.touched {
            self.changed(i.min(j), i.max(j));
        } else {
            self.commuted(m, i, j);
        }
        self.now = now;
    }

    /// Patches the kept cubes and wanted digits after move `m` went from slot `i` to
    /// slot `j` past moves it commutes with. Only the slots between change: each
    /// takes its neighbour's cube (the one it now follows) with `m` played or taken
    /// back, which touches `m`'s 24 cells alone, so the boxes are shifted and patched
    /// where they were valid, instead of replayed whole. The outer slots keep theirs:
    /// the same moves come before and after them, in an order that gives the same cube.
    fn commuted(&mut self, m: u16, i: usize, j: usize) {
        let back = inverse(m);
        let (ok, wok) = (self.before_ok, self.wanted_ok);
        if i < j {
            // Slot k of i+1..=j now holds what slot k+1 held, without `m` before it.
            if ok > j {
                self.before[i + 1..=j + 1].rotate_left(1);
                *self.before[j + 1] = *self.before[j];
                (i + 1..=j).for_each(|k| play(&mut self.before[k], back));
            } else if ok > i {
                self.before[i + 1..=ok].rotate_left(1);
                (i + 1..ok).for_each(|k| play(&mut self.before[k], back));
                self.before_ok = ok - 1;
            }
            // Wanted before slot k of i+1..=j: what was wanted before slot k+1,
            // taken back through `m`, which now comes after it.
            let first = (i + 1).max(wok.saturating_sub(1));
            if first <= j {
                self.wanted[first..=j + 1].rotate_left(1);
                *self.wanted[j + 1] = *self.wanted[j];
                (first..=j).for_each(|k| play(&mut self.wanted[k], back));
                self.wanted_ok = wok.min(first);
            }
        } else {
            // Slot k of j+1..=i now holds what slot k-1 held, with `m` before it.
            if ok >= i {
                self.before[j..=i].rotate_right(1);
                *self.before[j] = *self.before[j + 1];
                (j + 1..=i).for_each(|k| play(&mut self.before[k], m));
            } else if ok >= j {
                self.before[j..=ok + 1].rotate_right(1);
                *self.before[j] = *self.before[j + 1];
                (j + 1..=ok + 1).for_each(|k| play(&mut self.before[k], m));
                self.before_ok = ok + 1;
            }
            // Wanted before slot k of j+1..=i: what was wanted before slot k-1, where
            // `m` came first, carried through it.
            if wok <= j {
                self.wanted[j..=i].rotate_right(1);
                *self.wanted[j] = *self.wanted[j + 1];
                (j + 1..=i).for_each(|k| play(&mut self.wanted[k], m));
            } else if wok <= i {
                self.wanted[wok..=i].rotate_right(1);
                (wok + 1..=i).for_each(|k| play(&mut self.wanted[k], m));
                self.wanted_ok = wok + 1;
            }
        }
    }

    /// Empties slot `i` and refills it by a heat-bath draw at temperature `t` among
    /// the moves that fix a cell there (and none); a move that fixes none would lose
    /// cells or at best keep them, and is left out.
    fn refill(&mut self, i: usize, t: f64, draw: &mut Draw, rng: &mut impl Rng) {
        self.need_before(i);
        self.need_wanted(i + 1);
        let before = &self.before[i];
        let wanted = &self.wanted[i + 1];
        let without = draw.gains(before, wanted);
        let mut count = [0u32; GAINS];
        let mut found = 0;
        for (block, &corner) in CORNERS.iter().enumerate() {
            let corner = corner as usize;
            for kind in 0..KINDS {
                // Every move is written and only those that fix a cell are kept: the
                // predictor cannot tell which way that test goes, and a branch on it
                // was the hottest instruction of a run.
                let fixes = (draw.fixes[kind][corner] > 0) as usize;
                let g = draw.gain(kind, corner);
                draw.moves[found] = ((block * KINDS + kind) as u16, g);
                found += fixes;
                count[(g as i32 + NO_GAIN) as usize] += fixes as u32;
            }
        }
        // Weights relative to the best move (or none), which weighs 1.
        let points = |g: i32| PER_MOVE - PER_COST * g as f64;
        let top = (0..GAINS)
            .rev()
            .find(|&k| count[k] > 0)
            .map_or(0, |k| k as i32 - NO_GAIN);
        let lowest = points(top).min(0.0);
        let weight = |p: f64| ((lowest - p) / t).exp();
        let mut per_gain = [0.0; GAINS];
        for (k, w) in per_gain.iter_mut().enumerate() {
            if count[k] > 0 {
                *w = weight(points(k as i32 - NO_GAIN)) * count[k] as f64;
            }
        }
        let none = weight(0.0);
        let mut x = rng.gen::<f64>() * (none + per_gain.iter().sum::<f64>());
        let pick = (0..GAINS).rev().find(|&k| {
            x -= per_gain[k];
            x < 0.0
        });
        let old = self.slots[i];
        self.played -= (old != NONE) as usize;
        match pick {
            Some(k) => {
                let g = (k as i32 - NO_GAIN) as i16;
                let nth = rng.gen_range(0..count[k] as usize);
                let (m, _) = *draw.moves[..found]
                    .iter()
                    .filter(|&&(_, h)| h == g)
                    .nth(nth)
                    .expect("a move with the drawn gain");
                self.slots[i] = m;
                self.played += 1;
                // The cells it fixes and breaks, from its own 24.
                let mut fixed = 0;
                for &(dst, src) in &self.table[m as usize] {
                    let w = wanted[dst as usize];
                    fixed +=
                        (before[src as usize] == w) as i32 - (before[dst as usize] == w) as i32;
                }
                self.now = Residue {
                    cost: (without.cost as i32 - g as i32) as u32,
                    left: (without.left as i32 - fixed) as usize,
                };
            }
            None => {
                self.slots[i] = NONE;
                self.now = without;
            }
        }
        if self.slots[i] != old {
            self.changed(i, i);
        }
    }
}

/// Blocks a move can turn: 7 × 7 × 7.
const BLOCKS: usize = 343;
/// Kinds of move on one block: 3 axes × 3 turn counts.
const KINDS: usize = 9;
/// Cells from the first block corner (cell 0) to one past the last (cell 6·81 + 6·9 +
/// 6): a move's cell is its block's corner cell plus an offset of its kind, so one
/// pass over this span, shifted by the offset, covers that cell of every block.
const SPAN: usize = 6 * 81 + 6 * 9 + 6 + 1;
/// Bytes in one vector register of AVX2.
const LANES: usize = 32;
/// [`cell_cost_of_difference`] of 0..9 (and 0 past it) in each 16-byte half of a
/// register, for the AVX2 pass to look a cell's cost up by a byte shuffle (which
/// looks each half up in its own copy).
const COST_TABLE: [u8; LANES] = {
    let mut table = [0u8; LANES];
    let mut k = 0;
    while k < LANES {
        let difference = (k % 16) as u8;
        if difference < 9 {
            table[k] = cell_cost_of_difference(difference);
        }
        k += 1;
    }
    table
};
/// [`SPAN`] rounded up to whole registers: the AVX2 passes run on past its end, on
/// copies of the cubes padded as far.
const PADDED_SPAN: usize = SPAN.div_ceil(LANES) * LANES;
/// The padded copies' length: the last pair's cells reach [`CELLS`] at [`SPAN`].
const PADDED_CELLS: usize = CELLS + PADDED_SPAN - SPAN;
const _: () = assert!(BLOCKS * KINDS == MOVE_COUNT);

/// [`corner_cell`] of every block, for the refills' walk.
const CORNERS: [u16; BLOCKS] = {
    let mut corners = [0u16; BLOCKS];
    let mut block = 0;
    while block < BLOCKS {
        corners[block] = corner_cell(block) as u16;
        block += 1;
    }
    corners
};

/// A refill's work space, kept between refills so as not to allocate: every move's
/// cells fixed and gain in the slot, by kind and corner cell, and the candidates.
struct Draw {
    /// Room for every move's number and gain; a refill's candidates are the first
    /// of them.
    moves: Vec<(u16, i16)>,
    /// Per kind and corner cell: cells the move fixes (misplaced before, right after).
    fixes: [[u8; PADDED_SPAN]; KINDS],
    /// Per kind and corner cell: the cost of the move's cells before it ...
    cost_before: [[u8; PADDED_SPAN]; KINDS],
    /// ... and after it (at most 24 × [`MAX_COST`], so a byte holds it).
    cost_after: [[u8; PADDED_SPAN]; KINDS],
    /// Padded copies of the cube before the slot and the digits wanted after it, for
    /// the AVX2 passes, and the cost of each cell of that cube where those digits are
    /// wanted, for both passes.
    padded: [[u8; PADDED_CELLS]; 3],
}

impl Draw {
    fn new() -> Draw {
        Draw {
            moves: vec![(0, 0); MOVE_COUNT],
            fixes: [[0; PADDED_SPAN]; KINDS],
            cost_before: [[0; PADDED_SPAN]; KINDS],
            cost_after: [[0; PADDED_SPAN]; KINDS],
            padded: [[0; PADDED_CELLS]; 3],
        }
    }

    /// The cost the move of `kind` on the block at `corner` takes off, once
    /// [`Draw::gains`] has run.
    fn gain(&self, kind: usize, corner: usize) -> i16 {
        self.cost_before[kind][corner] as i16 - self.cost_after[kind][corner] as i16
    }

    /// Fills `fixes` and the costs for every move played between `before` and `wanted`,
    /// and returns what is left with no move there. Each of a kind's 24 cell
    /// pairs is one pass of byte compares over the span, which the compiler vectorises:
    /// all 3087 moves cost about what a hundred did one by one.
    fn gains(&mut self, before: &[u8; CELLS], wanted: &[u8; CELLS]) -> Residue {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: the CPU has AVX2, checked just above.
                return unsafe { self.gains_avx2(before, wanted) };
            }
        }
        self.gains_here(before, wanted)
    }

    /// [`Draw::gains`] in AVX2: 32 corners at a time, a cell's cost looked up from
    /// the digits' difference by a byte shuffle, each 32 corners' counts kept in
    /// registers through a kind's 24 pairs.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn gains_avx2(&mut self, before: &[u8; CELLS], wanted: &[u8; CELLS]) -> Residue {
        use std::arch::x86_64::*;
        let [from, want, was] = &mut self.padded;
        from[..CELLS].copy_from_slice(before);
        want[..CELLS].copy_from_slice(wanted);
        let without = Residue::of_costs(&mut was[..CELLS], before, wanted);
        let table = load(&COST_TABLE);
        let nine = _mm256_set1_epi8(9);
        let zero = _mm256_setzero_si256();
        let shapes = &move_table()[..KINDS];
        for (kind, shape) in shapes.iter().enumerate() {
            for k in (0..PADDED_SPAN).step_by(LANES) {
                let (mut fixes, mut cost_before, mut cost_after) = (zero, zero, zero);
                for &(dst, src) in shape {
                    let (dst, src) = (dst as usize + k, src as usize + k);
                    let (f, w, c) = (load(&from[src..]), load(&want[dst..]), load(&was[dst..]));
                    let t = _mm256_sub_epi8(_mm256_add_epi8(f, nine), w);
                    let difference = _mm256_min_epu8(t, _mm256_sub_epi8(t, nine));
                    let now = _mm256_shuffle_epi8(table, difference);
                    let right = _mm256_cmpeq_epi8(now, zero);
                    let fixed = _mm256_andnot_si256(_mm256_cmpeq_epi8(c, zero), right);
                    // A fixed cell's lane is all ones, -1: subtracting it counts it.
                    fixes = _mm256_sub_epi8(fixes, fixed);
                    cost_before = _mm256_add_epi8(cost_before, c);
                    cost_after = _mm256_add_epi8(cost_after, now);
                }
                store(&mut self.fixes[kind][k..], fixes);
                store(&mut self.cost_before[kind][k..], cost_before);
                store(&mut self.cost_after[kind][k..], cost_after);
            }
        }
        without
    }

    /// [`Draw::gains`] for the CPU the caller was compiled for.
    #[inline(always)]
    fn gains_here(&mut self, before: &[u8; CELLS], wanted: &[u8; CELLS]) -> Residue {
        let was = &mut self.padded[2];
        let without = Residue::of_costs(&mut was[..CELLS], before, wanted);
        let shapes = &move_table()[..KINDS];
        let costs = self.cost_before.iter_mut().zip(&mut self.cost_after);
        for ((fixes, (cost_before, cost_after)), shape) in
            self.fixes.iter_mut().zip(costs).zip(shapes)
        {
            fixes.fill(0);
            cost_before.fill(0);
            cost_after.fill(0);
            for &(dst, src) in shape {
                let (dst, src) = (dst as usize, src as usize);
                let (fixes, cost_before, cost_after) = (
                    &mut fixes[..SPAN],
                    &mut cost_before[..SPAN],
                    &mut cost_after[..SPAN],
                );
                let from = &before[src..src + SPAN];
                let want = &wanted[dst..dst + SPAN];
                let was = &self.padded[2][dst..dst + SPAN];
                for k in 0..SPAN {
                    let now = cell_cost(from[k], want[k]);
                    fixes[k] += ((now == 0) & (was[k] != 0)) as u8;
                    cost_before[k] += was[k];
                    cost_after[k] += now;
                }
            }
        }
        without
    }
}

/// The first 32 bytes of `bytes` (which must have them) as an AVX2 register.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn load(bytes: &[u8]) -> std::arch::x86_64::__m256i {
    let bytes = &bytes[..LANES];
    // SAFETY: the 32 bytes read are in the slice.
    unsafe { std::arch::x86_64::_mm256_loadu_si256(bytes.as_ptr().cast()) }
}

/// Stores `v` in the first 32 bytes of `bytes` (which must have them).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn store(bytes: &mut [u8], v: std::arch::x86_64::__m256i) {
    let bytes = &mut bytes[..LANES];
    // SAFETY: the 32 bytes written are in the slice.
    unsafe { std::arch::x86_64::_mm256_storeu_si256(bytes.as_mut_ptr().cast(), v) }
}

/// The move that takes move number `m` back: the same block and axis, the other
/// way ([`NONE`] for none).
fn inverse(m: u16) -> u16 {
    if m == NONE {
        return NONE;
    }
    let turns = m % 3;
    m - turns + (2 - turns)
}

/// Plays move number `m` (nothing for [`NONE`]) on `cells`.
pub(super) fn play(cells: &mut [u8; CELLS], m: u16) {
    if m != NONE {
        moves::play(cells, m as usize);
    }
}

/// What a cube leaves where other digits are wanted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Residue {
    /// The cells' costs ([`cell_cost`]) in all.
    cost: u32,
    /// Cells misplaced.
    left: usize,
}

impl Residue {
    /// What `cells` leaves where `wanted` is wanted: a run's start (its steps count
    /// only what they change).
    fn between(cells: &[u8; CELLS], wanted: &[u8; CELLS]) -> Residue {
        let mut now = Residue { cost: 0, left: 0 };
        for (&x, &w) in cells.iter().zip(wanted) {
            now.cost += cell_cost(x, w) as u32;
            now.left += (x != w) as usize;
        }
        now
    }

    /// [`Residue::between`], with each cell's cost written to `costs`.
    fn of_costs(costs: &mut [u8], cells: &[u8; CELLS], wanted: &[u8; CELLS]) -> Residue {
        for ((cost, &x), &w) in costs.iter_mut().zip(cells).zip(wanted) {
            *cost = cell_cost(x, w);
        }
        Residue {
            cost: costs.iter().map(|&c| c as u32).sum(),
            left: costs.iter().filter(|&&c| c != 0).count(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scramble::scramble;

    /// Two cubes scrambled by `first` and `second` moves from `seed`: a cube before a
    /// slot and the digits wanted after it.
    fn two_scrambles(seed: u64, first: usize, second: usize) -> (Cube, Cube) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        (scramble(&mut rng, first).0, scramble(&mut rng, second).0)
    }

    /// `steps` steps cooled as a short run is.
    fn short(steps: u64) -> Cooling {
        Cooling { steps, cold: COLD }
    }

    /// Cells misplaced when `found`'s moves are played on `cube`.
    fn left_by(cube: &Cube, found: &Annealed) -> usize {
        let mut played = cube.clone();
        played.apply_all(&found.moves);
        played.misplaced()
    }

    #[test]
    fn the_sequence_found_leaves_the_cells_it_reports() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (cube, _) = scramble(&mut rng, 12);
        let found = run(&cube, 16, short(60_000), 1, &|_| 0.0);
        assert_eq!(left_by(&cube, &found), found.left);
        assert!(found.left < cube.misplaced());
    }

    #[test]
    fn the_kept_residue_is_what_the_slots_leave_after_every_step() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let (cube, _) = scramble(&mut rng, 40);
        let mut seq = Sequence::new(&cube, 30);
        random_steps(&mut seq, 3000, 3, &mut rng, |seq, step, _| {
            let mut cells = *cube.cells();
            for &m in &seq.slots {
                play(&mut cells, m);
            }
            assert_eq!(seq.now, Residue::between(&cells, &SOLVED), "step {step}");
        });
    }

    /// Makes `steps` random steps on `seq`: every `refill_every`-th refills a random
    /// slot, the others move a random move to a random slot, kept whatever it leaves.
    /// After each, `check` gets the sequence, the step and whether a moved move passed
    /// only moves it commutes with.
    fn random_steps(
        seq: &mut Sequence,
        steps: usize,
        refill_every: usize,
        rng: &mut ChaCha8Rng,
        mut check: impl FnMut(&Sequence, usize, bool),
    ) {
        let slots = seq.slots.len();
        let mut draw = Draw::new();
        for step in 0..steps {
            let mut commuted = false;
            if step % refill_every == 0 {
                seq.refill(rng.gen_range(0..slots), 2.0, &mut draw, rng);
            } else {
                let (i, j) = (rng.gen_range(0..slots), rng.gen_range(0..slots));
                if i != j && seq.slots[i] != NONE {
                    let now = seq.relocated(i, j);
                    commuted = !seq.relocation.touched;
                    seq.relocate(i, j, now);
                }
            }
            check(seq, step, commuted);
        }
    }

    #[test]
    fn the_kept_cubes_and_wanted_digits_stay_true_when_moves_pass_moves_they_commute_with() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let (cube, _) = scramble(&mut rng, 30);
        let slots = 40;
        let mut seq = Sequence::new(&cube, slots);
        let mut commuted = 0;
        random_steps(&mut seq, 4000, 4, &mut rng, |seq, step, passed| {
            commuted += passed as usize;
            // Every cube and wanted digit the sequence holds valid is what replaying
            // the slots gives.
            let mut cells = *cube.cells();
            for k in 0..=slots {
                if k <= seq.before_ok {
                    assert_eq!(*seq.before[k], cells, "before slot {k}, step {step}");
                }
                if k < slots {
                    play(&mut cells, seq.slots[k]);
                }
            }
            let mut wanted = SOLVED;
            for k in (0..=slots).rev() {
                if k >= seq.wanted_ok {
                    assert_eq!(*seq.wanted[k], wanted, "wanted at slot {k}, step {step}");
                }
                if k > 0 {
                    play(&mut wanted, inverse(seq.slots[k - 1]));
                }
            }
        });
        assert!(
            commuted > 500,
            "only {commuted} relocations past commuting moves"
        );
    }

    #[test]
    fn annealing_undoes_a_short_scramble() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let (cube, _) = scramble(&mut rng, 8);
        let found = run(&cube, 12, short(200_000), 0, &|_| 0.0);
        assert_eq!(found.left, 0, "{} cells left", found.left);
        assert!(found.moves.len() <= 12);
    }

    #[test]
    fn a_spent_allowance_ends_the_run_at_its_first_check_with_what_it_has() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        let (cube, _) = scramble(&mut rng, 8);
        let asked = AtomicUsize::new(0);
        let spent = |_| {
            asked.fetch_add(1, Ordering::Relaxed);
            1.0
        };
        let found = run(&cube, 12, short(10_000_000), 0, &spent);
        assert_eq!(asked.load(Ordering::Relaxed), 1);
        assert_eq!(left_by(&cube, &found), found.left);
    }

    #[test]
    fn a_run_ahead_of_its_steps_by_time_cools_as_far_and_still_undoes_a_short_scramble() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let (cube, _) = scramble(&mut rng, 8);
        // The allowance runs out over 4 checks' worth of steps (262,144), long before
        // the run's 10 million steps: the run cools by it and ends with it.
        let asked = AtomicUsize::new(0);
        let spent = |_| (asked.fetch_add(1, Ordering::Relaxed) + 1) as f64 / 4.0;
        let found = run(&cube, 12, short(10_000_000), 0, &spent);
        assert_eq!(asked.load(Ordering::Relaxed), 4);
        assert_eq!(found.left, 0, "{} cells left", found.left);
    }

    #[test]
    fn the_fixes_and_gain_of_every_move_match_playing_it() {
        let (before, wanted) = two_scrambles(9, 30, 5);
        let (before, wanted) = (before.cells(), wanted.cells());
        let mut draw = Draw::new();
        let without = draw.gains(before, wanted);
        let differing = (0..CELLS).filter(|&c| before[c] != wanted[c]).count();
        assert_eq!(without.left, differing);
        let cost: u32 = (0..CELLS)
            .map(|c| cell_cost(before[c], wanted[c]) as u32)
            .sum();
        assert_eq!(without.cost, cost);
        for m in 0..MOVE_COUNT {
            let mut after = *before;
            moves::play(&mut after, m);
            let fixed = (0..CELLS)
                .filter(|&c| before[c] != wanted[c] && after[c] == wanted[c])
                .count();
            let gain = cost as i32 - Residue::between(&after, wanted).cost as i32;
            let (kind, corner) = (m % KINDS, corner_cell(m / KINDS));
            assert_eq!(draw.fixes[kind][corner] as usize, fixed, "move {m}");
            assert_eq!(draw.gain(kind, corner) as i32, gain, "move {m}");
        }
    }

    #[test]
    fn the_portable_passes_give_what_the_avx2_ones_do() {
        let (before, wanted) = two_scrambles(10, 40, 8);
        let (before, wanted) = (before.cells(), wanted.cells());
        let (mut here, mut fast) = (Draw::new(), Draw::new());
        assert_eq!(here.gains_here(before, wanted), fast.gains(before, wanted));
        for kind in 0..KINDS {
            assert_eq!(here.fixes[kind][..SPAN], fast.fixes[kind][..SPAN]);
            assert_eq!(
                here.cost_before[kind][..SPAN],
                fast.cost_before[kind][..SPAN]
            );
            assert_eq!(here.cost_after[kind][..SPAN], fast.cost_after[kind][..SPAN]);
        }
    }

    #[test]
    fn a_cell_costs_three_plus_the_fewest_even_steps_to_its_digit_up_to_seven() {
        for digit in 1..=9u8 {
            for wanted in 1..=9u8 {
                // Even changes of x+y+z that take a cell of home digit `wanted` to one
                // of home digit `digit`.
                let steps = (-18i32..=18)
                    .filter(|s| {
                        s % 2 == 0 && (wanted as i32 - 1 + s).rem_euclid(9) == digit as i32 - 1
                    })
                    .map(i32::abs)
                    .min()
                    .unwrap();
                let expected = if digit == wanted { 0 } else { 3 + steps.min(7) };
                assert_eq!(
                    cell_cost(digit, wanted) as i32,
                    expected,
                    "{digit} for {wanted}"
                );
            }
        }
    }

    #[test]
    fn the_likely_length_follows_the_table_and_the_slots_stay_in_bounds() {
        for &(n, m) in &DEPTHS {
            assert_eq!(likely_length(m), n);
        }
        for &(n, b) in &BOND_DEPTHS {
            assert_eq!(likely_length_by_bonds(b), n);
        }
        assert_eq!(likely_length(0), 30);
        assert_eq!(likely_length(700), 100);
        assert_eq!(likely_length(405), 54);
        assert_eq!(likely_length_by_bonds(0), 30);
        assert_eq!(likely_length_by_bonds(2000), 100);
        assert_eq!(likely_length_by_bonds(917), 73);
        let mut last = (0, 0);
        for x in 0..=2000 {
            let now = (likely_length(x.min(729)), likely_length_by_bonds(x));
            assert!(now.0 >= last.0 && now.1 >= last.1, "{x}");
            last = now;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(31);
        for n in [10, 40, 70, 100] {
            let (cube, _) = scramble(&mut rng, n);
            let by_cells = likely_length(cube.misplaced());
            let by_bonds = likely_length_by_bonds(broken_bonds(&cube));
            assert_eq!(slots(&cube, 0), (by_cells + 10).min(MOST_SLOTS));
            assert_eq!(slots(&cube, 1), MOST_SLOTS);
            assert_eq!(slots(&cube, 2), (by_bonds + 10).min(MOST_SLOTS));
            assert_eq!(slots(&cube, 3), (by_bonds + 15).min(MOST_SLOTS));
        }
    }

    #[test]
    fn a_long_run_ends_warm_and_still_undoes_a_short_scramble() {
        let cooling = Cooling::for_steps(LONG_STEPS);
        assert_eq!(cooling.cold, LONG_COLD);
        assert_eq!(Cooling::for_steps(LONG_STEPS - 1).cold, COLD);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let (cube, _) = scramble(&mut rng, 8);
        let cooling = Cooling {
            steps: 200_000,
            ..cooling
        };
        let found = run(&cube, 12, cooling, 0, &|_| 0.0);
        assert_eq!(found.left, 0, "{} cells left", found.left);
        assert_eq!(left_by(&cube, &found), 0);
        assert!(found.moves.len() <= 12);
    }

    #[test]
    fn the_same_seed_gives_the_same_sequence() {
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        let (cube, _) = scramble(&mut rng, 10);
        let a = run(&cube, 14, short(20_000), 3, &|_| 0.0);
        let b = run(&cube, 14, short(20_000), 3, &|_| 0.0);
        assert_eq!(a.moves, b.moves);
    }
}
