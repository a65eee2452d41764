//! Pattern databases for the layer searches: for a few pieces (at most four) and the
//! codes each may end on, the fewest face turns that bring those pieces to an accepted
//! arrangement, for every arrangement, by a breadth-first search from all goals.

use super::pieces::{is_corner, slot_of, turns, Pieces, CODES};

/// The accepted codes of each piece, as bit masks over the 24 codes.
pub type Masks = [u32; super::pieces::PIECES];

/// A pattern database over some pieces.
pub struct Pattern {
    /// The pieces, unused places repeating the first (their index part is zero).
    pieces: [usize; 4],
    /// Index weight of each place (zero for unused places).
    weights: [usize; 4],
    /// Distances packed two to a byte (low half first), to keep the tables small
    /// enough to stay in cache while searching.
    packed: Vec<u8>,
}

impl Pattern {
    /// Build the table for `pieces` (at most four) with their accepted codes `masks`.
    pub fn build(pieces: &[usize], masks: &Masks) -> Pattern {
        assert!((1..=4).contains(&pieces.len()));
        let k = pieces.len();
        let size = CODES.pow(k as u32);
        // `scaled[a][code * 18 + m]`: piece `a`'s part of the index after move `m`.
        let t = turns();
        let scaled: Vec<Vec<u32>> = (0..k)
            .map(|a| {
                let weight = CODES.pow(a as u32) as u32;
                (0..CODES * 18)
                    .map(|i| t.turn(pieces[a], (i / 18) as u8, i % 18) as u32 * weight)
                    .collect()
            })
            .collect();
        let decode = |mut i: usize| {
            let mut codes = [0u8; 4];
            for c in codes.iter_mut().take(k) {
                *c = (i % CODES) as u8;
                i /= CODES;
            }
            codes
        };
        let mut dist = vec![u8::MAX; size];
        let mut frontier = Vec::new();
        for i in 0..size {
            let codes = decode(i);
            let accepted = (0..k).all(|a| masks[pieces[a]] >> codes[a] & 1 == 1);
            let distinct = (0..k).all(|a| {
                (0..a).all(|b| {
                    is_corner(pieces[a]) != is_corner(pieces[b])
                        || slot_of(pieces[a], codes[a]) != slot_of(pieces[b], codes[b])
                })
            });
            if accepted && distinct {
                dist[i] = 0;
                frontier.push(i as u32);
            }
        }
        // Index parts of absent pieces stay zero, so every pattern is walked as four.
        let mut table = vec![0u32; 4 * CODES * 18];
        for (a, part) in scaled.iter().enumerate() {
            table[a * CODES * 18..(a + 1) * CODES * 18].copy_from_slice(part);
        }
        let (t0, rest) = table.split_at(CODES * 18);
        let (t1, rest) = rest.split_at(CODES * 18);
        let (t2, t3) = rest.split_at(CODES * 18);
        let mut depth = 0;
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for &i in &frontier {
                let i = i as usize;
                let r0 = i % CODES * 18;
                let r1 = i / CODES % CODES * 18;
                let r2 = i / (CODES * CODES) % CODES * 18;
                let r3 = i / (CODES * CODES * CODES) % CODES * 18;
                let (a0, a1, a2, a3) = (
                    &t0[r0..r0 + 18],
                    &t1[r1..r1 + 18],
                    &t2[r2..r2 + 18],
                    &t3[r3..r3 + 18],
                );
                for m in 0..18 {
                    let n = (a0[m] + a1[m] + a2[m] + a3[m]) as usize;
                    if dist[n] == u8::MAX {
                        dist[n] = depth + 1;
                        next.push(n as u32);
                    }
                }
            }
            frontier = next;
            depth += 1;
        }
        Pattern {
            pieces: std::array::from_fn(|a| pieces[a.min(k - 1)]),
            weights: std::array::from_fn(|a| if a < k { CODES.pow(a as u32) } else { 0 }),
            packed: {
                debug_assert!(dist.iter().all(|&d| d < 15 || d == u8::MAX));
                pack(&dist)
            },
        }
    }

    /// A lower bound on the turns needed to bring this pattern's pieces to their goal.
    #[inline]
    pub fn bound(&self, codes: &Pieces) -> u8 {
        let [p0, p1, p2, p3] = self.pieces;
        let [w0, w1, w2, w3] = self.weights;
        let i = codes[p0] as usize * w0
            + codes[p1] as usize * w1
            + codes[p2] as usize * w2
            + codes[p3] as usize * w3;
        self.packed[i / 2] >> (i % 2 * 4) & 0xF
    }
}

/// Two distances per byte; unreachable arrangements (never met) read as 15.
fn pack(dist: &[u8]) -> Vec<u8> {
    dist.chunks(2)
        .map(|pair| {
            let lo = pair[0].min(15);
            let hi = pair.get(1).map_or(15, |&d| d.min(15));
            lo | hi << 4
        })
        .collect()
}
