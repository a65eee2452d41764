//! Distance tables at 2 bits an entry against a base depth: half the memory of
//! [`Nibbles`], for searches that read a table at every node.
//!
//! An entry holds `d − base` for the distances `base + 1` and `base + 2`, 3 for
//! `base + 3` or more, and 0 for `base` or less. For a 0 the least distance of the
//! entry's row (a run of `row` consecutive entries, capped at `base`) stands in: still
//! a lower bound, only a weaker one. An iterative-deepening search rules a node out
//! when its bound exceeds the moves left, and almost all of its nodes are many moves
//! from the end, where the distances that decide are above the base and stay exact. So
//! with the base chosen from the table's distribution (a few per cent of entries at or
//! below it) a search expands about the nodes it would with the full distances.
//!
//! A packed table's bytes are the entries, four to a byte (entry `i` in bits
//! `2 (i mod 4)` of byte `i / 4`), then one byte per row: its least distance.

use crate::nibbles::Nibbles;
use rayon::prelude::*;

/// Read-only view of a packed 2-bit table.
#[derive(Clone, Copy, Debug)]
pub struct TwoBit<'a> {
    entries: &'a [u8],
    row_min: &'a [u8],
    row: usize,
    base: u8,
}

impl<'a> TwoBit<'a> {
    /// The table of `n` entries in rows of `row` packed in `bytes` by [`pack`] with this
    /// `base`; `None` when `bytes` is not the length [`packed_len`] gives.
    pub fn new(bytes: &'a [u8], n: usize, row: usize, base: u8) -> Option<TwoBit<'a>> {
        if bytes.len() != packed_len(n, row) {
            return None;
        }
        let (entries, row_min) = bytes.split_at(n.div_ceil(4));
        Some(TwoBit {
            entries,
            row_min,
            row,
            base,
        })
    }

    /// The depth the entries are stored against: distances above it are exact.
    pub fn base(&self) -> u8 {
        self.base
    }

    /// The byte holding entry `i` (to prefetch).
    #[inline(always)]
    pub fn entry(&self, i: usize) -> &'a u8 {
        &self.entries[i >> 2]
    }

    /// A lower bound on the distance of entry `i`: exact above the base, up to
    /// `base + 3`.
    #[inline(always)]
    pub fn get(&self, i: usize) -> u8 {
        match (self.entries[i >> 2] >> ((i & 3) << 1)) & 3 {
            0 => self.row_min[i / self.row],
            v => self.base + v,
        }
    }
}

/// Bytes of a packed table of `n` entries in rows of `row`.
pub fn packed_len(n: usize, row: usize) -> usize {
    n.div_ceil(4) + n.div_ceil(row)
}

/// The `n` 4-bit distances of `nibbles` packed at 2 bits against `base`, with the least
/// distance of each row of `row` entries. Deterministic; uses all cores.
pub fn pack(nibbles: &[u8], n: usize, row: usize, base: u8) -> Vec<u8> {
    assert!(nibbles.len() * 2 >= n && row > 0);
    let table = Nibbles(nibbles);
    let mut out = vec![0u8; packed_len(n, row)];
    let (entries, row_min) = out.split_at_mut(n.div_ceil(4));
    const CHUNK: usize = 1 << 16;
    entries
        .par_chunks_mut(CHUNK)
        .enumerate()
        .for_each(|(c, chunk)| {
            for (j, byte) in chunk.iter_mut().enumerate() {
                let first = (c * CHUNK + j) * 4;
                *byte = (first..(first + 4).min(n))
                    .map(|i| match table.get(i) {
                        d if d <= base => 0,
                        d => (d - base).min(3),
                    })
                    .enumerate()
                    .fold(0, |b, (k, e)| b | e << (2 * k));
            }
        });
    row_min.par_iter_mut().enumerate().for_each(|(r, m)| {
        let rows = r * row..((r + 1) * row).min(n);
        *m = rows.map(|i| table.get(i)).min().unwrap_or(0).min(base);
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every entry reads back as its distance when that is above the base (up to
    /// `base + 3`), and as its row's least distance (at most the base) otherwise.
    #[test]
    fn packed_entries_read_back_as_lower_bounds() {
        let (n, row, base): (usize, usize, u8) = (10_007, 37, 5);
        // Distances 0..=9 in a fixed scatter, with rows whose least entry varies.
        let d = |i: usize| ((i * 7919 + i / row * 13) % 10) as u8;
        let mut nibbles = vec![0u8; n.div_ceil(2)];
        for i in 0..n {
            nibbles[i / 2] |= d(i) << (4 * (i % 2));
        }
        let bytes = pack(&nibbles, n, row, base);
        let t = TwoBit::new(&bytes, n, row, base).unwrap();
        for i in 0..n {
            let row_min = (i / row * row..((i / row + 1) * row).min(n))
                .map(d)
                .min()
                .unwrap();
            let want = if d(i) > base {
                d(i).min(base + 3)
            } else {
                row_min.min(base)
            };
            assert_eq!(t.get(i), want, "entry {i} (distance {})", d(i));
            assert!(t.get(i) <= d(i));
        }
        assert!(TwoBit::new(&bytes[1..], n, row, base).is_none());
    }
}
