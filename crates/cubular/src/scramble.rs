//! Random-move scrambles as the puzzle's original randomiser makes them (SPEC 1.5).

use crate::cube::Cube;
use crate::moves::{Axis, Move};
use rand::Rng;

/// One random move: uniform centre 1..=7 on each axis, uniform axis, uniform 1..=3 turns.
pub fn random_move<R: Rng + ?Sized>(rng: &mut R) -> Move {
    let x = rng.gen_range(1..=7);
    let y = rng.gen_range(1..=7);
    let z = rng.gen_range(1..=7);
    let axis = Axis::ALL[rng.gen_range(0..3)];
    let turns = rng.gen_range(1..=3);
    Move {
        x,
        y,
        z,
        axis,
        turns,
    }
}

/// Apply `moves` random moves to the solved cube; returns the cube and the moves.
pub fn scramble<R: Rng + ?Sized>(rng: &mut R, moves: usize) -> (Cube, Vec<Move>) {
    let list: Vec<Move> = (0..moves).map(|_| random_move(rng)).collect();
    let mut cube = Cube::solved();
    cube.apply_all(&list);
    (cube, list)
}
