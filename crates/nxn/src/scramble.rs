//! Random-move scrambles of big cubes: outer and wide turns of up to half the cube.

use crate::cube::Cube;
use crate::moves::{Alg, Move};
use cubist_rubik::Face;
use rand::Rng;

/// The WCA's random-move scramble length for an N×N×N cube: 40, 60, 80 and 100 moves
/// for 4×4×4 to 7×7×7 (the 2×2×2 and 3×3×3 get random states instead; 11 and 20 are
/// their God's numbers), and 20 more a layer beyond.
pub fn wca_length(n: usize) -> usize {
    match n {
        2 => 11,
        3 => 20,
        _ => 20 * (n - 2),
    }
}

/// `len` random turns of an N×N×N cube: a random face turned clockwise, twice or
/// anticlockwise, with a random block of its outer 1..=N/2 layers; never the same face
/// and block twice in a row, nor a block of the opposite face in between (`R L R`).
/// The moves and the cube they make.
pub fn random_moves<R: Rng + ?Sized>(rng: &mut R, n: usize, len: usize) -> (Alg, Cube) {
    let mut moves: Vec<Move> = Vec::with_capacity(len);
    while moves.len() < len {
        let face = Face::ALL[rng.gen_range(0..6)];
        let depth = rng.gen_range(1..=(n / 2).max(1));
        let m = Move::layers(face, 1, depth, rng.gen_range(1..=3));
        let k = moves.len();
        let same = |a: &Move| a.face == m.face && a.hi == m.hi;
        let repeat = k >= 1 && same(&moves[k - 1]);
        let sandwich = k >= 2 && moves[k - 1].face.axis() == face.axis() && same(&moves[k - 2]);
        if !repeat && !sandwich {
            moves.push(m);
        }
    }
    let alg = Alg(moves);
    let cube = Cube::solved(n).after(&alg);
    (alg, cube)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn scrambles_are_repeatable_and_use_blocks_up_to_half_the_cube() {
        let mut a = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut b = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let (x, cx) = random_moves(&mut a, 7, 100);
        let (y, cy) = random_moves(&mut b, 7, 100);
        assert_eq!((x.clone(), cx), (y, cy));
        assert_eq!(x.len(), 100);
        assert!(x.0.iter().all(|m| m.lo == 1 && m.hi <= 3));
        assert!(x.0.iter().any(|m| m.hi == 3));
        assert!(x
            .0
            .windows(2)
            .all(|w| (w[0].face, w[0].hi) != (w[1].face, w[1].hi)));
    }

    #[test]
    fn wca_lengths() {
        assert_eq!([4, 5, 6, 7].map(wca_length), [40, 60, 80, 100]);
    }
}
