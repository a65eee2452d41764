//! The bond the examples score by, written out here rather than taken from the
//! solver, so that what they measure does not lean on the code measured.

/// Whether neighbouring digits `a`, `b` differ by one (mod 9): a bond.
pub fn bond(a: u8, b: u8) -> bool {
    matches!((b + 9 - a) % 9, 1 | 8)
}
