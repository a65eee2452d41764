//! A block's 27 cells held as 32 bytes, so that turning and comparing them runs on all
//! at once.
//!
//! The repair scores a turn of a block put in at some place of a path by the block's
//! cells there (`now`) and the digits their pieces need where they end (`home`): how
//! many cells the turned block holds wrong. That count, for every block at every
//! place where it changes and each of its nine turns, is the repair's hot loop. On a
//! CPU with AVX2 it is a byte shuffle, a compare and a bit count; elsewhere the same
//! count is taken cell by cell.

/// A block's cells (or the digits they need) in local order, padded with zeros to 32.
pub type Lanes = [u8; 32];

/// A turn of a block as [`Frame::from`](super::frame::Frame) gives it (the local cell
/// each of the 27 takes its digit from), padded to 32 with the padding in place.
pub type Turn = [u8; 32];

/// `from` (27 local cells) padded to a [`Turn`].
pub fn padded(from: &[u8; 27]) -> Turn {
    std::array::from_fn(|l| if l < 27 { from[l] } else { l as u8 })
}

/// How many of a block's cells hold a digit other than `home`'s.
#[inline]
pub fn wrong_in(cells: &Lanes, home: &Lanes) -> i32 {
    let mut n = 0u8;
    for l in 0..32 {
        n += (cells[l] != home[l]) as u8;
    }
    n as i32
}

/// How many of the block's cells `now`, turned by `turn`, hold a digit other than
/// `home`'s: [`wrong_in`] of the turned block.
#[inline]
pub fn wrong_turned(now: &Lanes, turn: &Turn, home: &Lanes) -> i32 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2, checked just above.
            return unsafe { avx2::wrong_turned(now, turn, home) };
        }
    }
    wrong_turned_by_cell(now, turn, home)
}

/// [`wrong_turned`] one cell at a time.
fn wrong_turned_by_cell(now: &Lanes, turn: &Turn, home: &Lanes) -> i32 {
    wrong_in(&turned_by_cell(now, turn), home)
}

/// The lanes `v` turned by `turn` (each lane takes the one `turn` names), one at a time.
fn turned_by_cell(v: &Lanes, turn: &Turn) -> Lanes {
    std::array::from_fn(|l| v[turn[l] as usize & 31])
}

/// Wrong cells a pair of turns of one block leaves in it (see `pairs::best_pairs`),
/// for every first turn `k1` and second turn `k2`: `now[k1]` after the first alone
/// (against `home`), `after[k1][k2]` after both (against `home` turned back by
/// `k2`).
#[derive(Debug, PartialEq, Eq)]
pub struct PairWrongs {
    pub now: [i32; 9],
    pub after: [[i32; 9]; 9],
}

/// One place of the pairs pass (a block, a first turn's time and a second's), as
/// [`pair_wrongs`] reads it: the block's cells at the second turn's time under each
/// first turn `k1` are the piece `brought[k1]` holds in the cell `from` names where
/// `take` is set (the block holds that piece again), else the cell's own in `here`;
/// `home` is where each of those pieces belongs in the end.
pub struct PairPlace<'a> {
    pub brought: &'a [Lanes; 9],
    pub here: &'a Lanes,
    pub from: &'a Turn,
    pub take: &'a Lanes,
    pub home: &'a Lanes,
}

/// [`PairWrongs`] of a place: its cells under each first turn counted against `home`
/// and against `home` turned back by each second turn (`inverses`, padded in place).
pub fn pair_wrongs(place: &PairPlace, inverses: &[Turn; 9]) -> PairWrongs {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2, checked just above.
            return unsafe { avx2::pair_wrongs(place, inverses) };
        }
    }
    pair_wrongs_by_cell(place, inverses)
}

/// [`pair_wrongs`] one cell at a time.
fn pair_wrongs_by_cell(place: &PairPlace, inverses: &[Turn; 9]) -> PairWrongs {
    let homes: [Lanes; 9] = std::array::from_fn(|k2| turned_by_cell(place.home, &inverses[k2]));
    let mut out = PairWrongs {
        now: [0; 9],
        after: [[0; 9]; 9],
    };
    for (k1, brought) in place.brought.iter().enumerate() {
        let moved = turned_by_cell(brought, place.from);
        let now: Lanes = std::array::from_fn(|l| {
            if place.take[l] != 0 {
                moved[l]
            } else {
                place.here[l]
            }
        });
        out.now[k1] = wrong_in(&now, place.home);
        for (k2, h) in homes.iter().enumerate() {
            out.after[k1][k2] = wrong_in(&now, h);
        }
    }
    out
}

#[cfg(target_arch = "x86_64")]
pub(super) mod avx2 {
    use super::{Lanes, PairPlace, PairWrongs, Turn};
    use std::arch::x86_64::*;

    /// 32 bytes, read unaligned.
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn load(v: &[u8; 32]) -> __m256i {
        // SAFETY: the array is 32 bytes.
        unsafe { _mm256_loadu_si256(v.as_ptr() as *const __m256i) }
    }

    /// `v`'s low 16 bytes in both halves, and its high 16 in both: what [`pick`]
    /// shuffles (a byte shuffle reaches only within its own half).
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(in crate::solve) fn halves(v: __m256i) -> (__m256i, __m256i) {
        (
            _mm256_permute2x128_si256::<0x00>(v, v),
            _mm256_permute2x128_si256::<0x11>(v, v),
        )
    }

    /// The byte of the 32 whose [`halves`] are `low` and `high` that each index of
    /// `at` (0..32) names: each half shuffled, and the half each index names picked
    /// (indices below 128, so the shuffle never zeroes a byte, and the signed compare
    /// picks the high half for 16 and over).
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(in crate::solve) fn pick(low: __m256i, high: __m256i, at: __m256i) -> __m256i {
        let from_low = _mm256_shuffle_epi8(low, at);
        let from_high = _mm256_shuffle_epi8(high, at);
        _mm256_blendv_epi8(
            from_low,
            from_high,
            _mm256_cmpgt_epi8(at, _mm256_set1_epi8(15)),
        )
    }

    /// `v` shuffled by the indices (0..32) of `at`.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn turned(v: __m256i, at: __m256i) -> __m256i {
        let (low, high) = halves(v);
        pick(low, high, at)
    }

    /// How many bytes of `a` and `b` differ.
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn differ(a: __m256i, b: __m256i) -> i32 {
        32 - (_mm256_movemask_epi8(_mm256_cmpeq_epi8(a, b)) as u32).count_ones() as i32
    }

    /// [`super::pair_wrongs`] with AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn pair_wrongs(place: &PairPlace, inverses: &[Turn; 9]) -> PairWrongs {
        let PairPlace {
            brought,
            here,
            from,
            take,
            home,
        } = *place;
        // SAFETY (every load below): 32-byte arrays.
        let (here, from, take, home) = unsafe { (load(here), load(from), load(take), load(home)) };
        let homes: [__m256i; 9] =
            std::array::from_fn(|k2| unsafe { turned(home, load(&inverses[k2])) });
        let mut out = PairWrongs {
            now: [0; 9],
            after: [[0; 9]; 9],
        };
        for k1 in 0..9 {
            let moved = unsafe { turned(load(&brought[k1]), from) };
            let now = _mm256_blendv_epi8(here, moved, take);
            out.now[k1] = unsafe { differ(now, home) };
            for (k2, &h) in homes.iter().enumerate() {
                out.after[k1][k2] = unsafe { differ(now, h) };
            }
        }
        out
    }

    /// [`super::wrong_turned`] with AVX2: each half of `now` shuffled by the turn's
    /// indices (a byte shuffle reaches only within its 16-byte half), the half each
    /// index names picked, and the bytes equal to `home` counted.
    #[target_feature(enable = "avx2")]
    pub unsafe fn wrong_turned(now: &Lanes, turn: &Turn, home: &Lanes) -> i32 {
        // SAFETY: the three arrays are 32 bytes each.
        unsafe { differ(turned(load(now), load(turn)), load(home)) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::frame::frames;
    use rand::{Rng, SeedableRng};

    #[test]
    fn a_pairs_wrong_cells_are_counted_alike_both_ways() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        let f = &frames()[171];
        let inverses: [Turn; 9] = std::array::from_fn(|k| {
            let mut inverse = [0u8; 27];
            for (l, &m) in f.from[k][..27].iter().enumerate() {
                inverse[m as usize] = l as u8;
            }
            padded(&inverse)
        });
        let digits = |rng: &mut rand_chacha::ChaCha8Rng| -> Lanes {
            std::array::from_fn(|l| if l < 27 { rng.gen_range(1..=9) } else { 0 })
        };
        for _ in 0..200 {
            let brought: [Lanes; 9] = std::array::from_fn(|_| digits(&mut rng));
            let (here, home) = (digits(&mut rng), digits(&mut rng));
            let from: Turn = std::array::from_fn(|l| {
                if l < 27 {
                    rng.gen_range(0..27)
                } else {
                    l as u8
                }
            });
            let take: Lanes =
                std::array::from_fn(|l| if l < 27 && rng.gen_bool(0.5) { 0xFF } else { 0 });
            let place = PairPlace {
                brought: &brought,
                here: &here,
                from: &from,
                take: &take,
                home: &home,
            };
            let both = pair_wrongs(&place, &inverses);
            assert_eq!(both, pair_wrongs_by_cell(&place, &inverses));
            // One entry the long way: the first turn's pieces, then the second turn.
            let (k1, k2) = (rng.gen_range(0..9), rng.gen_range(0..9));
            let now: Vec<u8> = (0..27)
                .map(|l| {
                    if take[l] != 0 {
                        brought[k1][from[l] as usize]
                    } else {
                        here[l]
                    }
                })
                .collect();
            let wrong = (0..27)
                .filter(|&m| now[m] != home[inverses[k2][m] as usize])
                .count() as i32;
            assert_eq!(both.after[k1][k2], wrong);
        }
    }

    #[test]
    fn a_turned_blocks_wrong_cells_are_counted_alike_both_ways() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for f in frames().iter().step_by(17) {
            for turn in &f.from {
                assert_eq!(turn[27..], [27, 28, 29, 30, 31]);
                for _ in 0..20 {
                    let mut now = [0u8; 32];
                    let mut home = [0u8; 32];
                    for l in 0..27 {
                        now[l] = rng.gen_range(1..=9);
                        home[l] = rng.gen_range(1..=9);
                    }
                    let by_cell = wrong_turned_by_cell(&now, turn, &home);
                    let expected = (0..27)
                        .filter(|&l| now[turn[l] as usize] != home[l])
                        .count() as i32;
                    assert_eq!(by_cell, expected);
                    assert_eq!(wrong_turned(&now, turn, &home), expected);
                }
            }
        }
    }
}
