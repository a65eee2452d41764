//! Annealing whole move sequences: a fixed number of slots, each empty or holding a
//! move, scored by the cells the whole sequence leaves misplaced (4 points a cell, 1 a
//! move). One step in [`REFILL_EVERY`] empties a slot and refills it from all 3087
//! moves or none, each drawn with chance `exp(-points / t)` (a heat-bath step); every
//! other step moves one move to another slot and is kept when no worse, or worse by
//! `d` points with chance `exp(-d / t)`. The temperature falls geometrically from
//! [`HOT`] to [`COLD`]. Judged on the finished cube, not part-way, this finds orders of
//! overlapping scramble moves that no beam does (see "Annealing whole sequences" in
//! `docs/cubular-solver.md`).
//!
//! The cube before each slot and the digits each slot's cells must have for the rest of
//! the sequence to solve the cube are kept, and rebuilt lazily after a change, so that
//! a step replays only the slots it changes.

use crate::cube::{Cube, CELLS, SOLVED};
use crate::moves::{self, move_table, Move, MoveCycle, MOVED, MOVE_COUNT};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::ops::RangeInclusive;

/// Lowest effort at which a cube gets annealed sequences.
pub(super) const ANNEAL_EFFORT: u32 = 3;
/// Misplaced cells of the cubes annealed: about the scrambles of 30-60 moves (fewer
/// the beams undo move by move; more leave residues of a hundred cells and more).
pub(super) const ANNEAL_MISPLACED: RangeInclusive<usize> = 250..=480;
/// A solution of at most this many moves is not annealed for: the beams undo
/// scrambles this short move by move.
pub(super) const ANNEAL_SHORTEST: usize = 30;
/// Largest residue of an annealed sequence that goes on to the finish.
pub(super) const ANNEAL_RESIDUE: usize = 80;
/// Slots of each sequence: room for a scramble of about 50 moves and some spare.
const SLOTS: usize = 60;
/// How often a run checks whether it should stop early.
const CHECK_EVERY: u64 = 1 << 16;

/// A slot that holds no move.
const NONE: u16 = u16::MAX;
/// Points per cell left misplaced.
const PER_CELL: f64 = 4.0;
/// Points per move played.
const PER_MOVE: f64 = 1.0;
/// One step in this many refills a slot.
const REFILL_EVERY: u64 = 20;
/// Temperature at the first step.
const HOT: f64 = 3.0;
/// Temperature at the last step.
const COLD: f64 = 0.3;
/// Gains a move can make in one slot: -24..=24 cells.
const GAINS: usize = 2 * MOVED + 1;

/// The sequence an annealing run met that left the fewest cells (then had the fewest
/// moves), and those cells.
#[derive(Clone, Debug)]
pub(super) struct Annealed {
    /// The sequence's moves, empty slots left out.
    pub moves: Vec<Move>,
    /// Cells it leaves misplaced.
    pub left: usize,
}

/// Runs and steps per run at `effort`: at effort 3 two runs of 16 million steps (about
/// 20 s on two cores), longer and more above. Runs differ only in their seeds; the
/// best of two is much better than one, as a run's end varies widely, but for the
/// same work a longer run is worth more than more runs (see "Longer runs, not more of
/// them" in `docs/cubular-solver.md`).
fn runs_and_steps(effort: u32) -> (u64, u64) {
    match effort {
        ..=3 => (2, 16_000_000),
        4 => (2, 48_000_000),
        _ => (4, 80_000_000),
    }
}

/// The effort's annealing runs on `cube` (seeds 0, 1, ...; on all cores), best first;
/// each stops early when `stop` says so (it is asked every [`CHECK_EVERY`] steps).
pub(super) fn runs(cube: &Cube, effort: u32, stop: &(dyn Fn() -> bool + Sync)) -> Vec<Annealed> {
    let (runs, steps) = runs_and_steps(effort);
    let mut found: Vec<Annealed> = (0..runs)
        .into_par_iter()
        .map(|seed| run(cube, SLOTS, steps, seed, stop))
        .collect();
    found.sort_by_key(|a| (a.left, a.moves.len()));
    found
}

/// Anneals a sequence of `slots` slots (all empty at first) on `cube` for `steps`
/// steps, with random choices from `seed`: the same arguments give the same answer
/// (unless `stop`, asked every [`CHECK_EVERY`] steps, ends the run early).
fn run(
    cube: &Cube,
    slots: usize,
    steps: u64,
    seed: u64,
    stop: &(dyn Fn() -> bool + Sync),
) -> Annealed {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut seq = Sequence::new(cube, slots);
    let mut best = (seq.left, 0, seq.slots.clone());
    let mut draw = Draw::new();
    for step in 0..steps {
        if step % CHECK_EVERY == 0 && step > 0 && stop() {
            break;
        }
        let t = HOT * (COLD / HOT).powf(step as f64 / steps as f64);
        if step % REFILL_EVERY == 0 {
            let i = rng.gen_range(0..slots);
            seq.refill(i, t, &mut draw, &mut rng);
        } else {
            let (i, j) = (rng.gen_range(0..slots), rng.gen_range(0..slots));
            if i == j || seq.slots[i] == NONE {
                continue;
            }
            let now = seq.relocated_left(i, j);
            let delta = PER_CELL * (now as f64 - seq.left as f64);
            if delta <= 0.0 || rng.gen::<f64>() < (-delta / t).exp() {
                seq.relocate(i, j, now);
            }
        }
        if (seq.left, seq.played) < (best.0, best.1) {
            best = (seq.left, seq.played, seq.slots.clone());
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
    /// `before[k]`: the cube after slots `..k`; valid for `k <= before_ok`.
    before: Vec<[u8; CELLS]>,
    before_ok: usize,
    /// `wanted[k]`: the digits the cube must have before slot `k` for slots `k..` to
    /// solve it; valid for `k >= wanted_ok`.
    wanted: Vec<[u8; CELLS]>,
    wanted_ok: usize,
    /// Cells the whole sequence leaves misplaced.
    left: usize,
    /// Slots holding a move.
    played: usize,
    /// A cube to replay a changed stretch on.
    scratch: [u8; CELLS],
}

impl Sequence {
    /// `slots` empty slots on `cube`.
    fn new(cube: &Cube, slots: usize) -> Sequence {
        let mut before = vec![[0u8; CELLS]; slots + 1];
        before[0] = *cube.cells();
        let mut wanted = vec![[0u8; CELLS]; slots + 1];
        wanted[slots] = SOLVED;
        Sequence {
            table: move_table(),
            slots: vec![NONE; slots],
            before,
            before_ok: 0,
            wanted,
            wanted_ok: slots,
            left: cube.misplaced(),
            played: 0,
            scratch: [0; CELLS],
        }
    }

    /// Makes `before[k]` valid.
    fn need_before(&mut self, k: usize) {
        while self.before_ok < k {
            let i = self.before_ok;
            let (done, rest) = self.before.split_at_mut(i + 1);
            rest[0] = done[i];
            play(&mut rest[0], self.slots[i]);
            self.before_ok += 1;
        }
    }

    /// Makes `wanted[k]` valid.
    fn need_wanted(&mut self, k: usize) {
        while self.wanted_ok > k {
            let i = self.wanted_ok - 1;
            let (rest, done) = self.wanted.split_at_mut(i + 1);
            rest[i] = done[0];
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

    /// Cells left when the move in slot `i` goes to slot `j` (the slots between shift).
    fn relocated_left(&mut self, i: usize, j: usize) -> usize {
        let (lo, hi) = (i.min(j), i.max(j));
        self.need_before(lo);
        self.need_wanted(hi + 1);
        self.scratch = self.before[lo];
        if i < j {
            for &m in &self.slots[i + 1..=j] {
                play(&mut self.scratch, m);
            }
            play(&mut self.scratch, self.slots[i]);
        } else {
            play(&mut self.scratch, self.slots[i]);
            for &m in &self.slots[j..i] {
                play(&mut self.scratch, m);
            }
        }
        differing(&self.scratch, &self.wanted[hi + 1])
    }

    /// Moves the move in slot `i` to slot `j`, which leaves `left` cells.
    fn relocate(&mut self, i: usize, j: usize, left: usize) {
        let m = self.slots.remove(i);
        self.slots.insert(j, m);
        self.changed(i.min(j), i.max(j));
        self.left = left;
    }

    /// Empties slot `i` and refills it by a heat-bath draw at temperature `t` among
    /// the moves that fix a cell there (and none); a move that fixes none would lose
    /// cells or at best keep them, and is left out.
    fn refill(&mut self, i: usize, t: f64, draw: &mut Draw, rng: &mut impl Rng) {
        self.need_before(i);
        self.need_wanted(i + 1);
        let before = &self.before[i];
        let wanted = &self.wanted[i + 1];
        draw.moves.clear();
        let without = draw.gains(before, wanted);
        let mut count = [0u32; GAINS];
        for block in 0..BLOCKS {
            let corner = corner_cell(block);
            for (kind, (fixes, gains)) in draw.fixes.iter().zip(&draw.gain).enumerate() {
                if fixes[corner] > 0 {
                    let g = gains[corner];
                    draw.moves.push(((block * KINDS + kind) as u16, g));
                    count[(g as i32 + MOVED as i32) as usize] += 1;
                }
            }
        }
        // Weights relative to the best move (or none), which weighs 1.
        let points = |g: i32| PER_MOVE - PER_CELL * g as f64;
        let top = (0..GAINS).rev().find(|&k| count[k] > 0).unwrap_or(MOVED) as i32 - MOVED as i32;
        let lowest = points(top).min(0.0);
        let weight = |p: f64| ((lowest - p) / t).exp();
        let mut per_gain = [0.0; GAINS];
        for (k, w) in per_gain.iter_mut().enumerate() {
            if count[k] > 0 {
                *w = weight(points(k as i32 - MOVED as i32)) * count[k] as f64;
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
                let g = (k as i32 - MOVED as i32) as i8;
                let nth = rng.gen_range(0..count[k] as usize);
                let (m, _) = *draw
                    .moves
                    .iter()
                    .filter(|&&(_, h)| h == g)
                    .nth(nth)
                    .expect("a move with the drawn gain");
                self.slots[i] = m;
                self.played += 1;
                self.left = (without as i32 - g as i32) as usize;
            }
            None => {
                self.slots[i] = NONE;
                self.left = without;
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
const _: () = assert!(BLOCKS * KINDS == MOVE_COUNT);

/// The cell at the corner (lowest x, y, z) of block number `block`.
fn corner_cell(block: usize) -> usize {
    let (x, y, z) = (block / 49, (block / 7) % 7, block % 7);
    y * 81 + z * 9 + x
}

/// A refill's work space, kept between refills so as not to allocate: every move's
/// cells fixed and gain in the slot, by kind and corner cell, and the candidates.
struct Draw {
    /// Candidate move numbers and their gains.
    moves: Vec<(u16, i8)>,
    /// 1 where the cube before the slot has the digit wanted after it.
    same: [u8; CELLS],
    /// Per kind and corner cell: cells the move fixes (misplaced before, right after).
    fixes: [[u8; SPAN]; KINDS],
    /// Per kind and corner cell: cells right after the move less cells right before.
    gain: [[i8; SPAN]; KINDS],
}

impl Draw {
    fn new() -> Draw {
        Draw {
            moves: Vec::with_capacity(MOVE_COUNT),
            same: [0; CELLS],
            fixes: [[0; SPAN]; KINDS],
            gain: [[0; SPAN]; KINDS],
        }
    }

    /// Fills `fixes` and `gain` for every move played between `before` and `wanted`,
    /// and returns the cells misplaced with no move there. Each of a kind's 24 cell
    /// pairs is one pass of byte compares over the span, which the compiler vectorises:
    /// all 3087 moves cost about what a hundred did one by one.
    fn gains(&mut self, before: &[u8; CELLS], wanted: &[u8; CELLS]) -> usize {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: the CPU has AVX2, checked just above.
                return unsafe { self.gains_avx2(before, wanted) };
            }
        }
        self.gains_here(before, wanted)
    }

    /// [`Draw::gains`] compiled for AVX2: twice the lanes.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn gains_avx2(&mut self, before: &[u8; CELLS], wanted: &[u8; CELLS]) -> usize {
        self.gains_here(before, wanted)
    }

    /// [`Draw::gains`] for the CPU the caller was compiled for.
    #[inline(always)]
    fn gains_here(&mut self, before: &[u8; CELLS], wanted: &[u8; CELLS]) -> usize {
        let mut right = 0;
        for ((s, b), w) in self.same.iter_mut().zip(before).zip(wanted) {
            *s = (b == w) as u8;
            right += *s as usize;
        }
        let shapes = &move_table()[..KINDS];
        for ((fixes, gain), shape) in self.fixes.iter_mut().zip(&mut self.gain).zip(shapes) {
            fixes.fill(0);
            gain.fill(0);
            for &(dst, src) in shape {
                let (dst, src) = (dst as usize, src as usize);
                let from = &before[src..src + SPAN];
                let want = &wanted[dst..dst + SPAN];
                let was = &self.same[dst..dst + SPAN];
                for k in 0..SPAN {
                    let now = (from[k] == want[k]) as u8;
                    fixes[k] += now & (1 - was[k]);
                    gain[k] += now as i8 - was[k] as i8;
                }
            }
        }
        CELLS - right
    }
}

/// Plays move number `m` (nothing for [`NONE`]) on `cells`.
fn play(cells: &mut [u8; CELLS], m: u16) {
    if m != NONE {
        moves::play(cells, m as usize);
    }
}

/// Cells where `a` and `b` differ.
fn differing(a: &[u8; CELLS], b: &[u8; CELLS]) -> usize {
    // Counted in 16 byte lanes (at most 46 each), which the compiler vectorises.
    let mut lanes = [0u8; 16];
    let (xs, ys) = (a.chunks_exact(16), b.chunks_exact(16));
    let rest = xs
        .remainder()
        .iter()
        .zip(ys.remainder())
        .filter(|(x, y)| x != y)
        .count();
    for (x, y) in xs.zip(ys) {
        for k in 0..16 {
            lanes[k] += (x[k] != y[k]) as u8;
        }
    }
    rest + lanes.iter().map(|&n| n as usize).sum::<usize>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scramble::scramble;

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
        let found = run(&cube, 16, 60_000, 1, &|| false);
        assert_eq!(left_by(&cube, &found), found.left);
        assert!(found.left < cube.misplaced());
    }

    #[test]
    fn annealing_undoes_a_short_scramble() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let (cube, _) = scramble(&mut rng, 8);
        let found = run(&cube, 12, 200_000, 0, &|| false);
        assert_eq!(found.left, 0, "{} cells left", found.left);
        assert!(found.moves.len() <= 12);
    }

    #[test]
    fn a_stop_ends_the_run_at_its_first_check_with_what_it_has() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        let (cube, _) = scramble(&mut rng, 8);
        let asked = AtomicUsize::new(0);
        let stop = || {
            asked.fetch_add(1, Ordering::Relaxed);
            true
        };
        let found = run(&cube, 12, 10_000_000, 0, &stop);
        assert_eq!(asked.load(Ordering::Relaxed), 1);
        assert_eq!(left_by(&cube, &found), found.left);
    }

    #[test]
    fn the_fixes_and_gain_of_every_move_match_playing_it() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let (before, _) = scramble(&mut rng, 30);
        let (wanted, _) = scramble(&mut rng, 5);
        let (before, wanted) = (before.cells(), wanted.cells());
        let mut draw = Draw::new();
        assert_eq!(draw.gains(before, wanted), differing(before, wanted));
        for m in 0..MOVE_COUNT {
            let mut after = *before;
            moves::play(&mut after, m);
            let fixed = (0..CELLS)
                .filter(|&c| before[c] != wanted[c] && after[c] == wanted[c])
                .count();
            let gain = differing(before, wanted) as i32 - differing(&after, wanted) as i32;
            let (kind, corner) = (m % KINDS, corner_cell(m / KINDS));
            assert_eq!(draw.fixes[kind][corner] as usize, fixed, "move {m}");
            assert_eq!(draw.gain[kind][corner] as i32, gain, "move {m}");
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_sequence() {
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        let (cube, _) = scramble(&mut rng, 10);
        let a = run(&cube, 14, 20_000, 3, &|| false);
        let b = run(&cube, 14, 20_000, 3, &|| false);
        assert_eq!(a.moves, b.moves);
    }
}
