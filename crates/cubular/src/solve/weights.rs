//! Cell costs for scoring: how far the digit in a cell is from belonging there.
//!
//! The digits of the solved cube grow along the diagonal x+y+z, so a piece whose digit
//! belongs k diagonal steps away has been carried away by moves (a turn moves a piece
//! at most four steps); undoing a scramble brings these distances down gradually,
//! which plain misplaced-counting misses.

use crate::cube::{coords, CELLS};
use std::sync::OnceLock;

/// Diagonal steps (change of x+y+z) from a cell with coordinate sum `s` (0..=24) to the
/// nearest cell where digit `d` (1..=9) belongs among those of the cell's parity (the
/// only ones its piece can reach): 0 when it belongs here.
pub fn sum_distance(s: usize, d: usize) -> usize {
    (0..=24usize)
        .filter(|&t| t % 9 == d - 1 && t % 2 == s % 2)
        .map(|t| t.abs_diff(s))
        .min()
        .expect("every kind of piece has cells of both parities' sums")
}

/// Cost of digit `d` (1..=9) in a cell with coordinate sum `s` (0..=24): 0 when it
/// belongs, else 3 plus half the diagonal steps to the nearest cell where it does
/// (see [`sum_distance`]), 4..=11.
///
/// A piece keeps its parity, so a digit one off (mod 9) is not one step from home but
/// eight or more: the steps its parity allows count, not the digits' difference.
pub fn cost(s: usize, d: usize) -> i32 {
    match sum_distance(s, d) {
        0 => 0,
        steps => 3 + steps as i32 / 2,
    }
}

/// The same costs by the cell's coordinate sum: digit `d` (1..=9) in a cell whose
/// coordinate sum is `s` costs `by_sum()[s << 4 | d]`. A table of 512 entries, so that
/// an index built from two small numbers needs no bounds check in the beam's hot loop.
pub fn by_sum() -> &'static [i32; 512] {
    static T: OnceLock<[i32; 512]> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = [0i32; 512];
        for s in 0..=24 {
            for d in 1..=9 {
                t[s << 4 | d] = cost(s, d);
            }
        }
        t
    })
}

/// [`by_sum`] as bytes (every cost is at most 11), rows of 16 that a byte shuffle can
/// look digits up in.
pub fn by_sum_bytes() -> &'static [u8; 512] {
    static T: OnceLock<[u8; 512]> = OnceLock::new();
    T.get_or_init(|| by_sum().map(|c| u8::try_from(c).expect("a cost fits in a byte")))
}

/// Cost of digit `d` (1..=9) in cell `i` is `table[i * 10 + d]`; 0 when it belongs.
pub fn cost_table() -> &'static [i32] {
    static T: OnceLock<Vec<i32>> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = vec![0i32; CELLS * 10];
        for i in 0..CELLS {
            let (x, y, z) = coords(i);
            for d in 1..=9usize {
                t[i * 10 + d] = cost(x + y + z, d);
            }
        }
        t
    })
}

/// What a cell holding `digit` costs where the rest of the sequence needs `wanted`
/// there: nothing when they agree, else 3 plus the diagonal steps (changes of x+y+z by
/// one, at most 7 counted, so that a move's 24 cells' costs fit in a byte) from where
/// the rest carries the piece to the nearest cell its digit belongs in. Weighing cells so, not counting them, gives the annealing a slope towards
/// pieces near home: on twelve scrambles of 50-66 moves it left 614 cells where the
/// count left 849 (see "Annealing whole sequences" in `docs/cubular-solver.md`).
///
/// The steps depend on the two digits alone: the piece ends in a cell whose home
/// digit is `wanted`; its own digit's cells have x+y+z differing from that cell's by
/// `digit - wanted` (mod 9), and by an even number, as a piece keeps its parity
/// class: `d` steps for an even `d = (digit - wanted) mod 9`, `9 - d` for an odd one.
#[inline(always)]
pub(super) fn cell_cost(digit: u8, wanted: u8) -> u8 {
    CELL_COSTS[(digit + 9 - wanted) as usize % CELL_COSTS.len()]
}

/// [`cell_cost`] by `digit + 9 - wanted` (1-17 for digits 1-9), so that the hot loops
/// look it up.
pub(super) const CELL_COSTS: [u8; 32] = {
    let mut table = [0u8; 32];
    let mut t = 1;
    while t < 18 {
        let d = if t >= 9 { t - 9 } else { t };
        table[t] = cell_cost_of_difference(d as u8);
        t += 1;
    }
    table
};

/// [`cell_cost`] of a digit `d` (0..9, mod 9) above the one wanted.
#[inline(always)]
pub(super) const fn cell_cost_of_difference(d: u8) -> u8 {
    let steps = if d & 1 == 1 { 9 - d } else { d };
    if d == 0 {
        0
    } else {
        3 + if steps < 7 { steps } else { 7 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_digit_one_off_is_far_from_home_because_pieces_keep_their_parity() {
        // Cell (0,0,0): sum 0, digit 1. Digit 3 belongs at sum 2 (even, like 0):
        // two steps. Digit 2 belongs at sums 1, 10, 19, and only 10 is even.
        assert_eq!(sum_distance(0, 1), 0);
        assert_eq!(sum_distance(0, 3), 2);
        assert_eq!(sum_distance(0, 2), 10);
        // In the middle (sum 12, digit 4) a digit one off is eight steps away: 5 belongs
        // at even sum 4, 3 at even sum 20. Digit 9 is only four steps away (sum 8).
        assert_eq!(sum_distance(12, 5), 8);
        assert_eq!(sum_distance(12, 3), 8);
        assert_eq!(sum_distance(12, 9), 4);
        assert_eq!((cost(12, 4), cost(12, 5), cost(12, 9)), (0, 7, 5));
        // Every cell's own digit costs nothing, every other digit something.
        for s in 0..=24 {
            for d in 1..=9 {
                assert_eq!(cost(s, d) == 0, d == s % 9 + 1, "sum {s}, digit {d}");
            }
        }
    }
}
