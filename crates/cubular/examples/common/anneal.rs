//! Annealing over move sequences, shared by the annealing examples: a whole sequence
//! is scored by the cells it leaves misplaced, replayed from the move table (about
//! two microseconds for 60 moves), so that millions of orders can be tried.

use cubist_cubular::cube::{Cube, CELLS};
use cubist_cubular::moves::{move_table, Move, MoveCycle};
use rand::Rng;

/// A sequence slot that holds no move.
pub const NONE: usize = usize::MAX;

/// Points per misplaced cell; a temperature of 4 takes a cell's loss one time in e.
pub const PER_CELL: f64 = 4.0;

/// The move table and the solved digits, for replaying sequences of move numbers.
pub struct Replay {
    table: &'static [MoveCycle],
    home: [u8; CELLS],
}

impl Replay {
    /// The replayer for the digit cube.
    pub fn new() -> Replay {
        Replay {
            table: move_table(),
            home: *Cube::solved().cells(),
        }
    }

    /// Plays move number `m` (or nothing for [`NONE`]) on `cells`.
    fn play<T: Copy + Default>(&self, cells: &mut [T; CELLS], m: usize) {
        if m == NONE {
            return;
        }
        let cycle = &self.table[m];
        let mut held = [T::default(); 24];
        for (k, &(_, src)) in cycle.iter().enumerate() {
            held[k] = cells[src as usize];
        }
        for (k, &(dst, _)) in cycle.iter().enumerate() {
            cells[dst as usize] = held[k];
        }
    }

    /// Cells left misplaced when `seq` is played on `start`.
    pub fn misplaced(&self, start: &[u8; CELLS], seq: &[usize]) -> usize {
        let mut cells = *start;
        for &m in seq {
            self.play(&mut cells, m);
        }
        cells.iter().zip(&self.home).filter(|(a, b)| a != b).count()
    }

    /// With slot `i` of `seq` emptied: the cells left misplaced, and in `gains` the
    /// cells each of the 3087 moves would fix in that slot. Each move changes 24 cells
    /// of the cube before the slot, and the rest of the sequence carries each of them
    /// to a cell whose solved digit it either has or not; nothing else is replayed.
    pub fn slot_gains(
        &self,
        start: &[u8; CELLS],
        seq: &[usize],
        i: usize,
        gains: &mut Vec<i32>,
    ) -> usize {
        let mut before = *start;
        for &m in &seq[..i] {
            self.play(&mut before, m);
        }
        let mut from: [u16; CELLS] = std::array::from_fn(|c| c as u16);
        for &m in &seq[i + 1..] {
            self.play(&mut from, m);
        }
        let mut wanted = [0u8; CELLS];
        for (end, &c) in from.iter().enumerate() {
            wanted[c as usize] = self.home[end];
        }
        gains.clear();
        gains.extend(self.table.iter().map(|cycle| {
            cycle
                .iter()
                .map(|&(dst, src)| {
                    let w = wanted[dst as usize];
                    (before[src as usize] == w) as i32 - (before[dst as usize] == w) as i32
                })
                .sum::<i32>()
        }));
        before.iter().zip(&wanted).filter(|(a, b)| a != b).count()
    }
}

/// Moves the move in slot `i` to slot `j` (the others shift).
pub fn relocate(seq: &mut Vec<usize>, i: usize, j: usize) {
    let m = seq.remove(i);
    seq.insert(j, m);
}

/// Metropolis acceptance of a change of `delta` points at temperature `t`.
pub fn accept(rng: &mut impl Rng, delta: f64, t: f64) -> bool {
    delta <= 0.0 || rng.gen::<f64>() < (-delta / t).exp()
}

/// The moves of `seq`, empty slots left out.
pub fn moves_of(seq: &[usize]) -> Vec<Move> {
    seq.iter()
        .filter(|&&m| m != NONE)
        .map(|&m| Move::from_index(m))
        .collect()
}
