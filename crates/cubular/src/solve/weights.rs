//! Cell costs for scoring: how far the digit in a cell is from belonging there.
//!
//! The digits of the solved cube grow along the diagonal x+y+z, so a piece whose digit
//! belongs k diagonal steps away (mod 9, k in 0..=4) has been carried away by moves;
//! undoing a scramble brings these distances down gradually, which plain
//! misplaced-counting misses.

use crate::cube::{coords, CELLS};
use std::sync::OnceLock;

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
