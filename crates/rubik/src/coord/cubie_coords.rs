//! Reading each coordinate from a [`CubieCube`] and building a cube that has a given
//! coordinate value (the other pieces left solved where possible).

use crate::cubie::CubieCube;

/// Number of corner orientations (3^7).
pub const N_TWIST: usize = 2187;
/// Number of edge orientations (2^11).
pub const N_FLIP: usize = 2048;
/// Number of ways to place the four UD-slice edges (12 choose 4).
pub const N_SLICE: usize = 495;
/// Number of ways to place and order the four UD-slice edges (12·11·10·9).
pub const N_SLICE_SORTED: usize = 11880;
/// Orders of the four UD-slice edges (4!).
pub const N_SLICE_PERM: usize = 24;
/// Corner permutations (8!).
pub const N_CORNER_PERM: usize = 40320;
/// Permutations of the eight U- and D-layer edges (8!).
pub const N_EDGE8_PERM: usize = 40320;
/// Ways to place the four U-layer corners among the eight corner slots (8 choose 4).
pub const N_CORNER_COMB: usize = 70;
/// Flip × UD slice, before symmetry reduction.
pub const N_FLIPSLICE: usize = N_FLIP * N_SLICE;

/// Binomial coefficient C(n, k), 0 when k > n.
pub const fn choose(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut r = 1;
    let mut i = 0;
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

/// `CHOOSE[n][k]` = C(n, k) for n, k ≤ 12, for coordinates computed at every search
/// node.
const CHOOSE: [[u16; 13]; 13] = {
    let mut t = [[0u16; 13]; 13];
    let mut n = 0;
    while n < 13 {
        let mut k = 0;
        while k < 13 {
            t[n][k] = choose(n, k) as u16;
            k += 1;
        }
        n += 1;
    }
    t
};

/// Rank of a permutation of 0..p.len() (Lehmer code; the identity is 0).
pub fn perm_rank(p: &[u8]) -> usize {
    let n = p.len();
    let mut r = 0;
    for i in 0..n {
        let smaller = p[i + 1..].iter().filter(|&&x| x < p[i]).count();
        r = r * (n - i) + smaller;
    }
    r
}

/// The permutation of 0..n with rank `r` (inverse of [`perm_rank`]).
pub fn perm_unrank(mut r: usize, out: &mut [u8]) {
    let n = out.len();
    let mut digits = [0usize; 12];
    for i in (0..n).rev() {
        let base = n - i;
        digits[i] = r % base;
        r /= base;
    }
    let mut free: Vec<u8> = (0..n as u8).collect();
    for i in 0..n {
        out[i] = free.remove(digits[i]);
    }
}

/// Corner orientation coordinate, 0..2187; 0 when every corner is untwisted.
pub fn twist(c: &CubieCube) -> usize {
    c.co[..7].iter().fold(0, |t, &o| t * 3 + o as usize)
}

/// Set the corner orientations to twist `t` (the last corner makes the sum 0 mod 3).
pub fn set_twist(c: &mut CubieCube, mut t: usize) {
    let mut sum = 0;
    for i in (0..7).rev() {
        c.co[i] = (t % 3) as u8;
        sum += c.co[i];
        t /= 3;
    }
    c.co[7] = (3 - sum % 3) % 3;
}

/// Edge orientation coordinate, 0..2048; 0 when no edge is flipped.
pub fn flip(c: &CubieCube) -> usize {
    c.eo[..11].iter().fold(0, |f, &o| f * 2 + o as usize)
}

/// Set the edge orientations to flip `f` (the last edge makes the sum even).
pub fn set_flip(c: &mut CubieCube, mut f: usize) {
    let mut sum = 0;
    for i in (0..11).rev() {
        c.eo[i] = (f % 2) as u8;
        sum += c.eo[i];
        f /= 2;
    }
    c.eo[11] = sum % 2;
}

/// Whether edge piece `e` belongs to the UD slice (FR FL BL BR).
fn is_slice_edge(e: u8) -> bool {
    e >= 8
}

/// Places and order of the UD-slice edges, 0..11880: `slice * 24 + order`, where
/// `slice` ranks the set of slots they occupy (0 when they are home) and `order` ranks
/// their order in those slots (0 when FR FL BL BR appear in that order).
pub fn slice_sorted(c: &CubieCube) -> usize {
    let mut comb = 0;
    let mut found = 0;
    let mut order = [0u8; 4];
    for j in (0..12).rev() {
        if is_slice_edge(c.ep[j]) {
            comb += CHOOSE[11 - j][found + 1] as usize;
            order[3 - found] = c.ep[j] - 8;
            found += 1;
        }
    }
    comb * 24 + perm_rank(&order)
}

/// Place the UD-slice edges as coordinate `s` of [`slice_sorted`] says; the other
/// edges fill the remaining slots in order.
pub fn set_slice_sorted(c: &mut CubieCube, s: usize) {
    let mut comb = s / 24;
    let mut order = [0u8; 4];
    perm_unrank(s % 24, &mut order);
    let mut left = 4;
    let mut other = 0u8;
    for j in 0..12 {
        let c_ = if left > 0 {
            choose(11 - j, left)
        } else {
            usize::MAX
        };
        if left > 0 && comb >= c_ {
            comb -= c_;
            c.ep[j] = order[4 - left] + 8;
            left -= 1;
        } else {
            c.ep[j] = other;
            other += 1;
        }
    }
}

/// The UD-slice coordinate, 0..495: which slots the slice edges occupy.
pub fn slice(c: &CubieCube) -> usize {
    slice_sorted(c) / 24
}

/// `COMB_RANK[mask]`: the rank of a set of four corner slots (bit `j` for slot `j`),
/// 0 for the U layer's `0b1111`; sets of other sizes are 0 and never asked for.
const COMB_RANK: [u8; 256] = {
    let mut t = [0u8; 256];
    let (mut mask, mut rank) = (0, 0);
    while mask < 256 {
        if (mask as u32).count_ones() == 4 {
            t[mask] = rank;
            rank += 1;
        }
        mask += 1;
    }
    t
};

/// Which four slots hold the U-layer corners (URF UFL ULB UBR), 0..70 (0 when they are
/// in the U layer, in any order). With the twist, what the large optimal table knows
/// of the corners.
pub fn corner_comb(c: &CubieCube) -> usize {
    let mut mask = 0usize;
    for (j, &p) in c.cp.iter().enumerate() {
        mask |= ((p < 4) as usize) << j;
    }
    COMB_RANK[mask] as usize
}

/// Place the U-layer corners in the slots of comb `k` of [`corner_comb`]; the D-layer
/// corners fill the rest, each layer's in order.
pub fn set_corner_comb(c: &mut CubieCube, k: usize) {
    let mask = (0..256).find(|&m| COMB_RANK[m] as usize == k && (m as u32).count_ones() == 4);
    let mask = mask.expect("a corner comb below 70");
    let (mut up, mut down) = (0u8, 4u8);
    for j in 0..8 {
        if mask & (1 << j) != 0 {
            c.cp[j] = up;
            up += 1;
        } else {
            c.cp[j] = down;
            down += 1;
        }
    }
}

/// Corner permutation coordinate, 0..40320 (0 when solved).
pub fn corner_perm(c: &CubieCube) -> usize {
    perm_rank(&c.cp)
}

/// Set the corner permutation to rank `p`.
pub fn set_corner_perm(c: &mut CubieCube, p: usize) {
    perm_unrank(p, &mut c.cp);
}

/// Permutation of the U- and D-layer edges among their own slots, 0..40320; only
/// meaningful when the UD-slice edges are in the slice (phase 2).
pub fn edge8_perm(c: &CubieCube) -> usize {
    perm_rank(&c.ep[..8])
}

/// Set the U- and D-layer edges to permutation `p` and put the slice edges home.
pub fn set_edge8_perm(c: &mut CubieCube, p: usize) {
    perm_unrank(p, &mut c.ep[..8]);
    for j in 8..12 {
        c.ep[j] = j as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::{Alg, Move};
    use rand::{Rng, SeedableRng};

    #[test]
    fn solved_is_zero_everywhere() {
        let c = CubieCube::SOLVED;
        assert_eq!(twist(&c), 0);
        assert_eq!(flip(&c), 0);
        assert_eq!(slice_sorted(&c), 0);
        assert_eq!(corner_perm(&c), 0);
        assert_eq!(edge8_perm(&c), 0);
    }

    #[test]
    fn round_trips() {
        for t in 0..N_TWIST {
            let mut c = CubieCube::SOLVED;
            set_twist(&mut c, t);
            assert_eq!(twist(&c), t);
            assert_eq!(c.co.iter().map(|&o| o as usize).sum::<usize>() % 3, 0);
        }
        for f in 0..N_FLIP {
            let mut c = CubieCube::SOLVED;
            set_flip(&mut c, f);
            assert_eq!(flip(&c), f);
        }
        for s in 0..N_SLICE_SORTED {
            let mut c = CubieCube::SOLVED;
            set_slice_sorted(&mut c, s);
            assert!(crate::cubie::is_permutation(&c.ep));
            assert_eq!(slice_sorted(&c), s);
        }
        for p in (0..N_CORNER_PERM).step_by(7) {
            let mut c = CubieCube::SOLVED;
            set_corner_perm(&mut c, p);
            assert_eq!(corner_perm(&c), p);
            set_edge8_perm(&mut c, p);
            assert_eq!(edge8_perm(&c), p);
        }
    }

    #[test]
    fn phase_two_moves_keep_slice_home() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        let g1 = [0, 1, 2, 4, 7, 9, 10, 11, 13, 16];
        let mut c = CubieCube::SOLVED;
        for _ in 0..200 {
            c = c.apply_move(Move::from_index(g1[rng.gen_range(0..10)]));
            assert_eq!(twist(&c), 0);
            assert_eq!(flip(&c), 0);
            assert!(slice_sorted(&c) < 24);
        }
        let c = CubieCube::from_alg(&Alg::parse("R").unwrap());
        assert_ne!(slice(&c), 0);
    }
}
