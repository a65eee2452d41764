//! Pattern databases for the layer searches: for a few pieces (at most four) and the
//! codes each may end on, the fewest face turns that bring those pieces to an accepted
//! arrangement, for every arrangement, by a breadth-first search from all goals.

use super::pieces::{is_corner, slot_of, turns, Pieces, CODES};

/// The accepted codes of each piece, as bit masks over the 24 codes.
pub type Masks = [u32; super::pieces::PIECES];

/// A pattern database over some pieces.
pub struct Pattern {
    pieces: Vec<usize>,
    dist: Vec<u8>,
}

impl Pattern {
    /// Build the table for `pieces` (at most four) with their accepted codes `masks`.
    pub fn build(pieces: &[usize], masks: &Masks) -> Pattern {
        assert!(pieces.len() <= 4);
        let k = pieces.len();
        let size = CODES.pow(k as u32);
        let mut dist = vec![u8::MAX; size];
        let decode = |mut i: usize| {
            let mut codes = [0u8; 4];
            for c in codes.iter_mut().take(k) {
                *c = (i % CODES) as u8;
                i /= CODES;
            }
            codes
        };
        let encode = |codes: &[u8; 4]| {
            codes[..k]
                .iter()
                .rev()
                .fold(0usize, |a, &c| a * CODES + c as usize)
        };
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
        let t = turns();
        let mut depth = 0;
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for &i in &frontier {
                let codes = decode(i as usize);
                for m in 0..18 {
                    let mut moved = [0u8; 4];
                    for a in 0..k {
                        moved[a] = t.turn(pieces[a], codes[a], m);
                    }
                    let n = encode(&moved);
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
            pieces: pieces.to_vec(),
            dist,
        }
    }

    /// A lower bound on the turns needed to bring this pattern's pieces to their goal.
    #[inline]
    pub fn bound(&self, codes: &Pieces) -> u8 {
        let i = self
            .pieces
            .iter()
            .rev()
            .fold(0usize, |a, &p| a * CODES + codes[p] as usize);
        self.dist[i]
    }
}
