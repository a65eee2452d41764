//! Scrambles: a uniformly random reachable state drawn straight from the cubie model
//! (the way contests scramble; random turns are not uniform), or random face turns.

use crate::cubie::{permutation_parity, CubieCube};
use crate::moves::{Alg, Move};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The random stream for scrambles: repeatable from a seed, else seeded by the system.
pub fn rng(seed: Option<u64>) -> ChaCha8Rng {
    match seed {
        Some(s) => ChaCha8Rng::seed_from_u64(s),
        None => ChaCha8Rng::from_entropy(),
    }
}

/// A uniformly random state among the 43,252,003,274,489,856,000 reachable ones: random
/// permutations of equal parity, random twists and flips summing to zero.
pub fn random_state<R: Rng + ?Sized>(rng: &mut R) -> CubieCube {
    let mut c = CubieCube::SOLVED;
    c.cp.shuffle(rng);
    c.ep.shuffle(rng);
    if permutation_parity(&c.cp) != permutation_parity(&c.ep) {
        // Swapping two edges flips the edge parity; each parity class is equally likely,
        // so the result stays uniform.
        c.ep.swap(0, 1);
    }
    for i in 0..7 {
        c.co[i] = rng.gen_range(0..3);
    }
    c.co[7] = (3 - c.co[..7].iter().map(|&o| o as u32).sum::<u32>() % 3) as u8 % 3;
    for i in 0..11 {
        c.eo[i] = rng.gen_range(0..2);
    }
    c.eo[11] = (c.eo[..11].iter().map(|&o| o as u32).sum::<u32>() % 2) as u8;
    c
}

/// `n` random face turns, never turning the same face twice in a row, nor a face right
/// after its opposite and then itself again (`R L R`), so no turns cancel.
pub fn random_moves<R: Rng + ?Sized>(rng: &mut R, n: usize) -> Alg {
    let mut moves: Vec<Move> = Vec::with_capacity(n);
    while moves.len() < n {
        let m = Move::from_index(rng.gen_range(0..18));
        let k = moves.len();
        let same = k >= 1 && moves[k - 1].face == m.face;
        let sandwich =
            k >= 2 && moves[k - 1].face == m.face.opposite() && moves[k - 2].face == m.face;
        if !same && !sandwich {
            moves.push(m);
        }
    }
    Alg(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_states_are_reachable_and_repeatable() {
        let mut a = ChaCha8Rng::seed_from_u64(5);
        let mut b = ChaCha8Rng::seed_from_u64(5);
        for _ in 0..200 {
            let c = random_state(&mut a);
            assert!(c.is_reachable());
            assert_eq!(c, random_state(&mut b));
        }
    }

    #[test]
    fn corner_twists_are_spread_evenly() {
        // Each slot's twist is uniform on 0..3, including the last, derived one.
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut counts = [[0u32; 3]; 8];
        for _ in 0..3000 {
            let c = random_state(&mut rng);
            for i in 0..8 {
                counts[i][c.co[i] as usize] += 1;
            }
        }
        for row in counts {
            for n in row {
                assert!((850..1150).contains(&n), "{row:?}");
            }
        }
    }

    #[test]
    fn random_moves_do_not_cancel() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let alg = random_moves(&mut rng, 200);
        assert_eq!(alg.len(), 200);
        assert_eq!(alg.simplified().len(), 200);
    }
}
