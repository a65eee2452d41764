//! Cell costs for scoring: how far the digit in a cell is from belonging there.
//!
//! The digits of the solved cube grow along the diagonal x+y+z, so a piece whose digit
//! belongs k diagonal steps away (mod 9, k in 0..=4) has been carried away by moves;
//! undoing a scramble brings these distances down gradually, which plain
//! misplaced-counting misses.

use crate::cube::{coords, CELLS};
use std::sync::OnceLock;

/// The same costs by the cell's home digit: digit `d` (1..=9) in a cell whose solved
/// digit is `h + 1` costs `BY_HOME[h << 4 | d]`. A table of 256 entries, so that an
/// index built from two small numbers needs no bounds check in the beam's hot loop.
pub static BY_HOME: [i32; 256] = {
    let mut t = [0i32; 256];
    let mut s = 0;
    while s < 9 {
        let mut d = 1;
        while d <= 9 {
            let k = (s + 9 - (d - 1)) % 9;
            let k = if k < 9 - k { k } else { 9 - k };
            t[s << 4 | d] = if k > 0 { 4 + k as i32 } else { 0 };
            d += 1;
        }
        s += 1;
    }
    t
};

/// Cost of digit `d` (1..=9) in cell `i` is `table[i * 10 + d]`; 0 when it belongs.
pub fn cost_table() -> &'static [i32] {
    static T: OnceLock<Vec<i32>> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = vec![0i32; CELLS * 10];
        for i in 0..CELLS {
            let (x, y, z) = coords(i);
            let s = (x + y + z) % 9;
            for d in 1..=9usize {
                let k = (s + 9 - (d - 1)) % 9;
                let k = k.min(9 - k) as i32;
                t[i * 10 + d] = if k > 0 { 4 + k } else { 0 };
            }
        }
        t
    })
}
