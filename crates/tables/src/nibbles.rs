//! Tables of 4-bit values (distances 0..15, 15 meaning "not yet reached"), two per
//! byte: half the memory of bytes, which matters for tables of hundreds of millions of
//! entries.

use std::sync::atomic::{AtomicU8, Ordering};

/// The value of an entry that has not been reached yet.
pub const EMPTY: u8 = 0xF;

/// Read-only view of packed 4-bit entries (entry `i` is the low nibble of byte `i / 2`
/// when `i` is even, the high nibble when odd).
#[derive(Clone, Copy, Debug)]
pub struct Nibbles<'a>(pub &'a [u8]);

impl Nibbles<'_> {
    /// Entry `i`.
    #[inline(always)]
    pub fn get(&self, i: usize) -> u8 {
        (self.0[i >> 1] >> ((i & 1) << 2)) & 0xF
    }
}

/// Bytes needed for `n` entries.
pub fn bytes_for(n: usize) -> usize {
    n.div_ceil(2)
}

/// Packed 4-bit entries that several threads may fill at once: an entry only ever goes
/// from [`EMPTY`] to its final value, in one atomic step.
pub struct AtomicNibbles(Vec<AtomicU8>);

impl AtomicNibbles {
    /// `n` entries, all [`EMPTY`].
    pub fn new(n: usize) -> AtomicNibbles {
        AtomicNibbles((0..bytes_for(n)).map(|_| AtomicU8::new(0xFF)).collect())
    }

    /// Entry `i`.
    #[inline(always)]
    pub fn get(&self, i: usize) -> u8 {
        (self.0[i >> 1].load(Ordering::Relaxed) >> ((i & 1) << 2)) & 0xF
    }

    /// Set entry `i` to `v` if it is [`EMPTY`]; true when this call filled it (so
    /// threads racing to fill one entry count it once).
    #[inline(always)]
    pub fn set_empty(&self, i: usize, v: u8) -> bool {
        let shift = (i & 1) << 2;
        let mask = !(((!v) & 0xF) << shift);
        self.0[i >> 1]
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |b| {
                ((b >> shift) & 0xF == EMPTY).then_some(b & mask)
            })
            .is_ok()
    }

    /// The packed bytes.
    pub fn into_bytes(self) -> Vec<u8> {
        self.0.into_iter().map(AtomicU8::into_inner).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_and_get() {
        let t = AtomicNibbles::new(7);
        for i in 0..7 {
            assert_eq!(t.get(i), EMPTY);
        }
        assert!(t.set_empty(3, 5));
        assert!(!t.set_empty(3, 5));
        t.set_empty(2, 0);
        t.set_empty(6, 14);
        assert_eq!((t.get(2), t.get(3), t.get(4), t.get(6)), (0, 5, EMPTY, 14));
        let bytes = t.into_bytes();
        assert_eq!(bytes.len(), 4);
        let n = Nibbles(&bytes);
        assert_eq!((n.get(2), n.get(3), n.get(5), n.get(6)), (0, 5, EMPTY, 14));
    }
}
