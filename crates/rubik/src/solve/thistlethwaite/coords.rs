//! Coordinates for Thistlethwaite's stages: small integers that name which coset of a
//! stage's target group a cube state lies in, so that distance tables can be indexed
//! by them. Every coordinate here is unchanged when a move of the target group is made
//! *before* the state (`g.then(s)`), which is what makes per-move tables well defined.

use crate::cubie::CubieCube;
use crate::moves::{Face, Move};
use std::sync::OnceLock;

/// Edge orientations (stage 1): 2^11 flip patterns.
pub const EDGE_FLIPS: usize = 2048;
/// Corner orientations (stage 2): 3^7 twist patterns.
pub const CORNER_TWISTS: usize = 2187;
/// Places of the four E-slice edges among the twelve edge slots: C(12,4).
pub const E_SLICE: usize = 495;
/// Places of the four M-slice edges among the eight U/D-layer edge slots: C(8,4).
pub const M_SLICE: usize = 70;
/// Corner permutations up to the corner permutations of ⟨U2,D2,L2,R2,F2,B2⟩: 8!/96.
pub const CORNER_COSETS: usize = 420;
/// Corner permutations of the half-turn group ⟨U2,D2,L2,R2,F2,B2⟩.
pub const HALF_TURN_CORNERS: usize = 96;
/// Arrangements of one slice's four edges within that slice: 4!.
pub const SLICE_ARRANGEMENTS: usize = 24;

/// Edge slots of the M slice (between L and R): UF UB DF DB.
pub const M_SLOTS: [usize; 4] = [1, 3, 5, 7];
/// Edge slots of the S slice (between F and B): UR UL DR DL.
pub const S_SLOTS: [usize; 4] = [0, 2, 4, 6];
/// Edge slots of the E slice (between U and D): FR FL BL BR.
pub const E_SLOTS: [usize; 4] = [8, 9, 10, 11];

/// Which edges are flipped (relative to F/B quarter turns), 0..2048.
pub fn edge_flips(c: &CubieCube) -> usize {
    (0..11).fold(0, |a, i| a * 2 + c.eo[i] as usize)
}

/// How the corners are twisted, 0..2187.
pub fn corner_twists(c: &CubieCube) -> usize {
    (0..7).fold(0, |a, i| a * 3 + c.co[i] as usize)
}

/// Which slots hold the E-slice edges FR FL BL BR, 0..495.
pub fn e_slice(c: &CubieCube) -> usize {
    let mask = (0..12).filter(|&i| c.ep[i] >= 8).fold(0, |m, i| m | 1 << i);
    combination_rank(mask, 12)
}

/// Which U/D-layer slots hold the M-slice edges UF UB DF DB, 0..70 (meaningful once the
/// E-slice edges are in the E slice).
pub fn m_slice(c: &CubieCube) -> usize {
    let mask = (0..8)
        .filter(|&i| M_SLOTS.contains(&(c.ep[i] as usize)))
        .fold(0, |m, i| m | 1 << i);
    combination_rank(mask, 8)
}

/// The corner permutation up to the half-turn group's corner permutations, 0..420.
/// Together with [`m_slice`] it names the coset of ⟨U2,D2,L2,R2,F2,B2⟩ within
/// ⟨U,D,L2,R2,F2,B2⟩: corner tetrads, the extra factor of 6 and the permutation parity
/// (which the edges share) all follow from it.
pub fn corner_coset(c: &CubieCube) -> usize {
    half_turn_corners().coset[corner_rank(&c.cp)] as usize
}

/// The corner permutation as an index among the half-turn group's 96 (only meaningful
/// for states of ⟨U2,D2,L2,R2,F2,B2⟩).
pub fn half_turn_corner(c: &CubieCube) -> usize {
    let i = half_turn_corners().index[corner_rank(&c.cp)];
    debug_assert!(
        i != u8::MAX,
        "corner permutation outside the half-turn group"
    );
    i as usize
}

/// Arrangement of the four edges that belong in `slots` among those slots, 0..24
/// (only meaningful once each slice's edges are in their own slice).
pub fn slice_arrangement(c: &CubieCube, slots: [usize; 4]) -> usize {
    let mut local = [0u8; 4];
    for (k, &s) in slots.iter().enumerate() {
        let piece = c.ep[s] as usize;
        local[k] = slots.iter().position(|&x| x == piece).unwrap_or(0) as u8;
    }
    permutation_rank(&local)
}

/// [`slice_arrangement`] of the M slice.
pub fn m_arrangement(c: &CubieCube) -> usize {
    slice_arrangement(c, M_SLOTS)
}

/// [`slice_arrangement`] of the S slice.
pub fn s_arrangement(c: &CubieCube) -> usize {
    slice_arrangement(c, S_SLOTS)
}

/// [`slice_arrangement`] of the E slice.
pub fn e_arrangement(c: &CubieCube) -> usize {
    slice_arrangement(c, E_SLOTS)
}

/// Rank of a set of slots (bit mask over `n` slots) in the combinatorial number system.
fn combination_rank(mask: u32, n: usize) -> usize {
    let mut rank = 0;
    let mut k = 0;
    for pos in 0..n {
        if mask >> pos & 1 == 1 {
            k += 1;
            rank += binomial(pos, k);
        }
    }
    rank
}

fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// Lehmer rank of a permutation of 0..p.len().
fn permutation_rank(p: &[u8]) -> usize {
    let mut rank = 0;
    for i in 0..p.len() {
        let smaller = p[i + 1..].iter().filter(|&&x| x < p[i]).count();
        rank = rank * (p.len() - i) + smaller;
    }
    rank
}

/// Rank 0..40320 of a corner permutation.
fn corner_rank(cp: &[u8; 8]) -> usize {
    permutation_rank(cp)
}

/// The corner permutation with a given rank (inverse of [`corner_rank`]).
fn corner_unrank(mut rank: usize) -> [u8; 8] {
    let mut digits = [0usize; 8];
    for i in (0..8).rev() {
        let base = 8 - i;
        digits[i] = rank % base;
        rank /= base;
    }
    let mut free: Vec<u8> = (0..8).collect();
    let mut p = [0u8; 8];
    for i in 0..8 {
        p[i] = free.remove(digits[i]);
    }
    p
}

/// The half-turn group's corner permutations and the cosets of all corner permutations.
struct HalfTurnCorners {
    /// For each corner permutation rank, its index among the 96 (or `u8::MAX`).
    index: Vec<u8>,
    /// For each corner permutation rank, its coset number 0..420.
    coset: Vec<u16>,
}

fn half_turn_corners() -> &'static HalfTurnCorners {
    static TABLE: OnceLock<HalfTurnCorners> = OnceLock::new();
    TABLE.get_or_init(|| {
        // The group's corner permutations, found breadth first from the identity.
        let mut group = vec![CubieCube::SOLVED.cp];
        let mut index = vec![u8::MAX; 40320];
        index[corner_rank(&group[0])] = 0;
        let mut next = 0;
        while next < group.len() {
            let cp = group[next];
            next += 1;
            for face in Face::ALL {
                let mut c = CubieCube::SOLVED;
                c.cp = cp;
                let n = c.apply_move(Move::new(face, 2)).cp;
                let r = corner_rank(&n);
                if index[r] == u8::MAX {
                    index[r] = group.len() as u8;
                    group.push(n);
                }
            }
        }
        debug_assert_eq!(group.len(), HALF_TURN_CORNERS);
        // Cosets {h∘p}: the permutations reached by a half-turn state followed by p.
        let mut coset = vec![u16::MAX; 40320];
        let mut count = 0;
        for r in 0..40320 {
            if coset[r] != u16::MAX {
                continue;
            }
            let p = corner_unrank(r);
            for h in &group {
                let member: [u8; 8] = std::array::from_fn(|i| h[p[i] as usize]);
                coset[corner_rank(&member)] = count;
            }
            count += 1;
        }
        debug_assert_eq!(count as usize, CORNER_COSETS);
        HalfTurnCorners { index, coset }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_round_trip() {
        for r in [0, 1, 719, 5040, 40319] {
            assert_eq!(corner_rank(&corner_unrank(r)), r);
        }
        assert_eq!(combination_rank(0b1111, 12), 0);
        assert_eq!(combination_rank(0b1111 << 8, 12), E_SLICE - 1);
    }

    #[test]
    fn half_turn_corner_counts() {
        let t = half_turn_corners();
        assert_eq!(t.index.iter().filter(|&&i| i != u8::MAX).count(), 96);
        assert_eq!(*t.coset.iter().max().unwrap() as usize, CORNER_COSETS - 1);
        for k in 0..CORNER_COSETS as u16 {
            assert_eq!(t.coset.iter().filter(|&&c| c == k).count(), 96);
        }
    }
}
