//! A block's ten arrangements (as it stands and after each of its nine moves) added up
//! in 32-byte lanes: the beam's hot loop on a CPU with AVX2.
//!
//! The beam scores a block's nine moves by what each arrangement of its 27 cells adds
//! up to: each digit's cost in its place, and the bonds across the block's surface
//! that are intact (and aligned). Held as bytes, an arrangement is a byte shuffle of
//! the block's digits; a digit's cost is looked up by another byte shuffle in the row
//! of its place's coordinate sum (the 27 places have seven sums, each row 16 bytes);
//! and a bond is intact when its two digits differ by 1 or 8. Elsewhere
//! `beam::Scoring::block` adds up the same from tables, cell by cell; a test checks
//! that both agree on every block.

use super::frame::Frame;
use crate::cube::CELLS;

/// What one arrangement of a block adds up to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sums {
    /// The costs of the block's 27 digits where they stand (see
    /// [`by_sum`](super::weights::by_sum)).
    pub cost: i32,
    /// Intact bonds across the block's surface.
    pub intact: i32,
    /// Aligned bonds across it, when asked for (else 0).
    pub aligned: i32,
}

/// Digit of the padding past a block's real surface bonds: far from every digit, so
/// that no padding bond counts as intact or aligned.
const PAD_DIGIT: u8 = 0x40;

/// The sums of `f`'s block on `cells` as it stands (0) and after each of its nine
/// moves (1..=9), counting aligned bonds when `with_aligned`; `None` on a CPU without
/// AVX2.
#[inline]
pub fn arrangements(cells: &[u8; CELLS], f: &Frame, with_aligned: bool) -> Option<[Sums; 10]> {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // The block's 27 digits, then the outside digit of each surface bond (the
            // frame numbers them in bond order), then padding.
            let mut local = [PAD_DIGIT; 96];
            for (l, &g) in local.iter_mut().zip(f.cells.iter()) {
                *l = cells[g as usize];
            }
            // SAFETY: the CPU has AVX2, checked just above.
            return Some(unsafe { avx2::arrangements(&local, f, with_aligned) });
        }
    }
    let _ = (cells, f, with_aligned);
    None
}

/// For each of the seven coordinate sums of a block's places (centre's less 3 to
/// centre's plus 3), 0 in the lanes of the places with that sum and 0x80 elsewhere
/// (a byte shuffle gives 0 for an index with its top bit set).
#[cfg(target_arch = "x86_64")]
const GROUPS: [[u8; 32]; 7] = {
    let mut t = [[0x80u8; 32]; 7];
    let mut p = 0;
    while p < 27 {
        // Local order: dy, then dz, then dx, each -1..=1 (see the frame).
        let g = p / 9 + (p / 3) % 3 + p % 3;
        t[g][p] = 0;
        p += 1;
    }
    t
};

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::{Sums, GROUPS};
    use crate::solve::frame::Frame;
    use crate::solve::lanes::avx2::{halves, pick};
    use crate::solve::weights::by_sum_bytes;
    use std::arch::x86_64::*;

    /// 32 bytes from `bytes` (unaligned).
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn load(bytes: &[u8]) -> __m256i {
        debug_assert!(bytes.len() >= 32);
        // SAFETY: the slice holds at least 32 bytes.
        unsafe { _mm256_loadu_si256(bytes.as_ptr() as *const __m256i) }
    }

    /// How many bytes of `a` or `b` equal `x` or `y`.
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn count_either(a: __m256i, b: __m256i, x: i8, y: i8) -> i32 {
        let (x, y) = (_mm256_set1_epi8(x), _mm256_set1_epi8(y));
        let ma = _mm256_or_si256(_mm256_cmpeq_epi8(a, x), _mm256_cmpeq_epi8(a, y));
        let mb = _mm256_or_si256(_mm256_cmpeq_epi8(b, x), _mm256_cmpeq_epi8(b, y));
        ((_mm256_movemask_epi8(ma) as u32).count_ones()
            + (_mm256_movemask_epi8(mb) as u32).count_ones()) as i32
    }

    /// [`super::arrangements`] from the gathered digits `local`.
    #[target_feature(enable = "avx2")]
    pub unsafe fn arrangements(local: &[u8; 96], f: &Frame, with_aligned: bool) -> [Sums; 10] {
        let digits = unsafe { load(&local[..32]) };
        let (low, high) = halves(digits);
        // The outside digit of each surface bond; the move leaves them all in place.
        let (out1, out2) = unsafe { (load(&local[27..59]), load(&local[59..91])) };
        // SAFETY: 64 signs, read as two unaligned halves.
        let (sign1, sign2) = unsafe {
            let at = f.bond_sign.as_ptr() as *const __m256i;
            (_mm256_loadu_si256(at), _mm256_loadu_si256(at.add(1)))
        };
        // The cost rows of the seven coordinate sums, each in both halves.
        let centre = (f.sums[13] >> 4) as usize;
        let costs = by_sum_bytes();
        let rows: [__m256i; 7] = std::array::from_fn(|g| {
            let at = (centre + g - 3) << 4;
            // SAFETY: a row of 16 bytes inside the table (sums 0..=24).
            unsafe {
                _mm256_broadcastsi128_si256(_mm_loadu_si128(
                    costs[at..at + 16].as_ptr() as *const __m128i
                ))
            }
        });
        let groups: [__m256i; 7] = std::array::from_fn(|g| unsafe { load(&GROUPS[g]) });
        let mut out = [Sums::default(); 10];
        for (a, sums) in out.iter_mut().enumerate() {
            let placed = if a == 0 {
                digits
            } else {
                unsafe { pick(low, high, load(&f.from[a - 1])) }
            };
            let mut acc = _mm256_setzero_si256();
            for (row, group) in rows.iter().zip(&groups) {
                let cost = _mm256_shuffle_epi8(*row, _mm256_or_si256(placed, *group));
                acc = _mm256_add_epi8(acc, cost);
            }
            let sad = _mm256_sad_epu8(acc, _mm256_setzero_si256());
            let two = _mm_add_epi64(
                _mm256_castsi256_si128(sad),
                _mm256_extracti128_si256::<1>(sad),
            );
            sums.cost = (_mm_cvtsi128_si64(two) + _mm_extract_epi64::<1>(two)) as i32;
            // Each bond's inside digit under this arrangement, less its outside one.
            let inside = &f.bond_in[a];
            let (in1, in2) = unsafe {
                (
                    pick(low, high, load(&inside[..32])),
                    pick(low, high, load(&inside[32..])),
                )
            };
            let (d1, d2) = (_mm256_sub_epi8(in1, out1), _mm256_sub_epi8(in2, out2));
            sums.intact = unsafe { count_either(_mm256_abs_epi8(d1), _mm256_abs_epi8(d2), 1, 8) };
            if with_aligned {
                // Signed so that an aligned bond differs by 1 or -8 whichever way the
                // outside cell lies.
                let (s1, s2) = (_mm256_sign_epi8(d1, sign1), _mm256_sign_epi8(d2, sign2));
                sums.aligned = unsafe { count_either(s1, s2, 1, -8) };
            }
        }
        out
    }
}
