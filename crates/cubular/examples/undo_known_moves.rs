//! Whether a beam can put a scramble's own moves in order, told which they are.
//!
//! For seeded scrambles of each length given (the cubes `cubist scramble --puzzle
//! cubular --seed S --moves N` prints, seeds 1000 on), a beam search is offered only
//! the undos of the scramble's moves, each to be played once, in any order: all it
//! must find is the order. Each kept cube's children play one unused undo after its
//! moves, or put it in front of its last move (as the solver's beam may). Children are
//! ranked by a score, lower is better: `bonds` (broken bonds), `cells` (misplaced
//! cells) or `both` (four per broken bond plus one per misplaced cell), and the
//! `width` best distinct cubes go on. Prints, per length, score and width, how many
//! scrambles were undone and the median of the fewest cells any kept cube had
//! misplaced. The figures in `docs/cubular-solver.md` ("Why scrambles of more than
//! about 45 moves are not undone") come from:
//!
//! ```sh
//! cargo run --release -p cubist-cubular --example undo_known_moves -- 20 30 40 60
//! ```

#[path = "common/bonds.rs"]
mod bonds;
#[path = "common/lengths.rs"]
mod lengths;

use bonds::bond;
use cubist_cubular::cube::{Cube, CELLS, SIZE};
use cubist_cubular::moves::Move;
use cubist_cubular::scramble::scramble;
use rand::SeedableRng;
use rayon::prelude::*;
use std::collections::HashSet;

/// Scrambles of each length.
const COUNT: u64 = 6;
/// Seed of the first scramble.
const FIRST_SEED: u64 = 1000;
/// The scores compared.
const SCORES: [&str; 3] = ["bonds", "cells", "both"];
/// The beam widths compared.
const WIDTHS: [usize; 2] = [50, 300];

/// Pairs of neighbouring cells that do not hold a bond.
fn broken(c: &[u8; CELLS]) -> i64 {
    let step = [1usize, SIZE * SIZE, SIZE]; // x, y, z in cell-index steps
    let mut n = 0;
    for (i, &digit) in c.iter().enumerate() {
        let p = [i % SIZE, i / (SIZE * SIZE), (i / SIZE) % SIZE];
        for axis in 0..3 {
            if p[axis] + 1 < SIZE && !bond(digit, c[i + step[axis]]) {
                n += 1;
            }
        }
    }
    n
}

/// The named score of a cube, lower is better.
fn score(cube: &Cube, name: &str) -> i64 {
    let cells = cube.misplaced() as i64;
    match name {
        "bonds" => broken(cube.cells()),
        "cells" => cells,
        _ => 4 * broken(cube.cells()) + cells,
    }
}

/// One cube of the beam: which undos it has played (a bit each) and its last move.
#[derive(Clone)]
struct Node {
    cube: Cube,
    used: u128,
    last: Option<Move>,
    score: i64,
}

/// The fewest misplaced cells the beam reaches on `cube` with the undos `undos`.
fn ordered(cube: &Cube, undos: &[Move], name: &str, width: usize) -> usize {
    let mut beam = vec![Node {
        cube: cube.clone(),
        used: 0,
        last: None,
        score: score(cube, name),
    }];
    let mut fewest = cube.misplaced();
    while !beam.is_empty() && fewest > 0 {
        let mut children: Vec<Node> = beam
            .par_iter()
            .flat_map_iter(|node| {
                undos
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| node.used >> k & 1 == 0)
                    .flat_map(move |(k, &m)| {
                        let used = node.used | 1 << k;
                        let mut after = node.cube.clone();
                        after.apply(m);
                        let mut out = vec![(after, Some(m))];
                        // In front of the last move, where the two overlap.
                        if let Some(l) = node.last.filter(|l| !l.disjoint(m)) {
                            let mut front = node.cube.clone();
                            front.apply_all(&[l.inverse(), m, l]);
                            out.push((front, Some(l)));
                        }
                        out.into_iter().map(move |(cube, last)| Node {
                            score: score(&cube, name),
                            cube,
                            used,
                            last,
                        })
                    })
            })
            .collect();
        children.sort_by_key(|c| c.score);
        let mut seen = HashSet::new();
        beam = children
            .into_iter()
            .filter(|c| seen.insert(c.cube.clone()))
            .take(width)
            .collect();
        fewest = beam
            .iter()
            .map(|b| b.cube.misplaced())
            .fold(fewest, usize::min);
    }
    fewest
}

fn main() {
    for n in lengths::lengths(&[20, 30, 40, 60]) {
        assert!(n <= 128, "at most 128 moves (one bit each)");
        let scrambles: Vec<(Cube, Vec<Move>)> = (FIRST_SEED..FIRST_SEED + COUNT)
            .map(|seed| {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                let (cube, moves) = scramble(&mut rng, n);
                (cube, moves.iter().map(|m| m.inverse()).collect())
            })
            .collect();
        for name in SCORES {
            for width in WIDTHS {
                let mut left: Vec<usize> = scrambles
                    .iter()
                    .map(|(cube, undos)| ordered(cube, undos, name, width))
                    .collect();
                left.sort_unstable();
                println!(
                    "{n} moves, {name}, width {width}: {} of {COUNT} undone, median {} cells left",
                    left.iter().filter(|&&l| l == 0).count(),
                    left[left.len() / 2]
                );
            }
        }
    }
}
