//! How the order in which a scramble is undone changes how well bonds point the way.
//!
//! For seeded scrambles of each length given (the cubes `cubist scramble --puzzle
//! cubular --seed S --moves N` prints, seeds 1000 on), the scramble is undone move by
//! move in three orders, each through cubes on a true undo path only:
//! - *latest first*: always the undo of the last scramble move left (the exact reverse);
//! - *best first*: always the undo, among those of moves no later move left overlaps
//!   (all of which may go next), that mends the most bonds;
//! - *clean first*: the same, among moves no later move left overlaps or touches (a
//!   block beside it, sharing a face plane).
//!
//! At every step all 3087 moves are scored by bonds mended, and the rank of the
//! best-ranked undo that may go next is taken (ties counting half). Prints, per
//! length and order, how many steps have it within the best 1, 3 and 10, and the
//! worst; then what the best-scored moves were (shared out among moves tied for
//! best): undos that may go next, undos of a move left that a later one overlaps,
//! other turns of a block a move left turns, or turns of any other block. The
//! figures in `docs/cubular-solver.md` ("Why scrambles of more than about 45 moves
//! are not undone") come from:
//!
//! ```sh
//! cargo run --release -p cubist-cubular --example undo_order -- 20 35 50 65 80 100
//! ```

#[path = "common/bonds.rs"]
mod bonds;
#[path = "common/lengths.rs"]
mod lengths;

use bonds::bond;
use cubist_cubular::cube::{CELLS, SIZE};
use cubist_cubular::moves::{move_table, Move, MOVE_COUNT};
use cubist_cubular::scramble::scramble;
use rand::SeedableRng;

/// Scrambles of each length.
const COUNT: u64 = 12;
/// Seed of the first scramble.
const FIRST_SEED: u64 = 1000;

/// One pair across a block's surface: where the inside cell's digit comes from after
/// the move, the inside cell, and its outside neighbour.
type Across = (usize, usize, usize);

/// For each move, the pairs across its block's surface (a turn keeps every bond
/// inside the block, so only these change).
fn surfaces() -> Vec<Vec<Across>> {
    let table = move_table();
    (0..MOVE_COUNT)
        .map(|m| {
            let mv = Move::from_index(m);
            let mut source: Vec<usize> = (0..CELLS).collect();
            for &(dst, src) in table[m].iter() {
                source[dst as usize] = src as usize;
            }
            let centre = [mv.x as i64, mv.y as i64, mv.z as i64];
            let index = |p: [i64; 3]| (p[1] * 81 + p[2] * 9 + p[0]) as usize;
            let mut out = Vec::new();
            for i in 0..27 {
                let p = [
                    centre[0] + i % 3 - 1,
                    centre[1] + i / 9 - 1,
                    centre[2] + i / 3 % 3 - 1,
                ];
                for axis in 0..3 {
                    for step in [-1, 1] {
                        let mut q = p;
                        q[axis] += step;
                        let outside = (q[axis] - centre[axis]).abs() == 2;
                        if outside && (0..SIZE as i64).contains(&q[axis]) {
                            out.push((source[index(p)], index(p), index(q)));
                        }
                    }
                }
            }
            out
        })
        .collect()
}

/// Bonds a move with surface `across` mends on `cells`, less those it breaks.
fn mended(cells: &[u8; CELLS], across: &[Across]) -> i32 {
    across
        .iter()
        .map(|&(from, inside, out)| {
            let o = cells[out];
            bond(cells[from], o) as i32 - bond(cells[inside], o) as i32
        })
        .sum()
}

/// The scramble moves left whose undo may go next: no later move left overlaps them.
fn may_go_next(left: &[Move]) -> Vec<usize> {
    (0..left.len())
        .filter(|&i| left[i + 1..].iter().all(|m| m.disjoint(left[i])))
        .collect()
}

/// Whether the blocks of `a` and `b` lie side by side, sharing a face plane: then the
/// bonds across it are on both their surfaces.
fn touches(a: Move, b: Move) -> bool {
    let apart = [a.x.abs_diff(b.x), a.y.abs_diff(b.y), a.z.abs_diff(b.z)];
    apart.iter().filter(|&&d| d == 3).count() == 1 && apart.iter().all(|&d| d <= 3)
}

/// The order in which a scramble's moves are undone.
#[derive(Clone, Copy, PartialEq)]
enum Order {
    Latest,
    Best,
    Clean,
}

/// The shares of a step's best-scored moves by kind (see [`kinds`]).
type Kinds = [f64; 4];

/// What the best-scored moves of a step are, shared out among those tied for best:
/// undos that may go next (`next`), undos of moves a later one overlaps, other turns
/// of a block a move `left` turns, and turns of other blocks.
fn kinds(gains: &[i32], left: &[Move], next: &[usize]) -> Kinds {
    let top = *gains.iter().max().expect("moves");
    let tied: Vec<usize> = (0..MOVE_COUNT).filter(|&m| gains[m] == top).collect();
    let mut out = [0.0; 4];
    for &m in &tied {
        let mv = Move::from_index(m);
        let undoes = |i: &usize| left[*i].inverse() == mv;
        let kind = if next.iter().any(undoes) {
            0
        } else if (0..left.len()).any(|i| undoes(&i)) {
            1
        } else if left.iter().any(|l| l.block() == mv.block()) {
            2
        } else {
            3
        };
        out[kind] += 1.0 / tied.len() as f64;
    }
    out
}

/// The rank of the best-ranked undo that may go next at each step of undoing
/// `moves` from `cells` in `order`, and the kinds of the best-scored moves.
fn ranks(
    mut cells: [u8; CELLS],
    moves: &[Move],
    surf: &[Vec<Across>],
    order: Order,
) -> (Vec<f64>, Vec<Kinds>) {
    let mut left = moves.to_vec();
    let mut out = Vec::new();
    let mut kinds_out = Vec::new();
    while !left.is_empty() {
        let gains: Vec<i32> = surf.iter().map(|s| mended(&cells, s)).collect();
        let next = may_go_next(&left);
        let gain_of = |i: usize| gains[left[i].inverse().index()];
        let best = next
            .iter()
            .map(|&i| gain_of(i))
            .max()
            .expect("the last move may go");
        let above = gains.iter().filter(|&&g| g > best).count() as f64;
        let equal = gains.iter().filter(|&&g| g == best).count() as f64;
        out.push(1.0 + above + (equal - 1.0) / 2.0);
        kinds_out.push(kinds(&gains, &left, &next));
        let clean = |&i: &usize| left[i + 1..].iter().all(|&m| !touches(m, left[i]));
        let i = match order {
            Order::Latest => left.len() - 1,
            Order::Best => *next.iter().max_by_key(|&&i| (gain_of(i), i)).expect("some"),
            Order::Clean => *next
                .iter()
                .filter(|i| clean(i))
                .max_by_key(|&&i| (gain_of(i), i))
                .expect("the last move is clean"),
        };
        let undo = left.remove(i).inverse();
        let table = &move_table()[undo.index()];
        let moved: Vec<u8> = table.iter().map(|&(_, src)| cells[src as usize]).collect();
        for (&(dst, _), digit) in table.iter().zip(moved) {
            cells[dst as usize] = digit;
        }
    }
    (out, kinds_out)
}

fn main() {
    let lengths = lengths::lengths(&[20, 35, 50, 65, 80, 100]);
    let surf = surfaces();
    for n in lengths {
        let orders = [
            ("latest first", Order::Latest),
            ("best first", Order::Best),
            ("clean first", Order::Clean),
        ];
        for (name, order) in orders {
            let mut all = Vec::new();
            let mut kinds = [0.0; 4];
            for seed in FIRST_SEED..FIRST_SEED + COUNT {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                let (cube, moves) = scramble(&mut rng, n);
                let (r, k) = ranks(*cube.cells(), &moves, &surf, order);
                all.extend(r);
                for step in k {
                    for (sum, share) in kinds.iter_mut().zip(step) {
                        *sum += share;
                    }
                }
            }
            let within = |k: f64| all.iter().filter(|&&r| r <= k).count();
            println!(
                "{n:3} moves  {name:12}  steps {}  best 1: {}  best 3: {}  best 10: {}  worst {}",
                all.len(),
                within(1.0),
                within(3.0),
                within(10.0),
                all.iter().copied().fold(0.0, f64::max)
            );
            let pc = |k: f64| 100.0 * k / all.len() as f64;
            println!(
                "{n:3} moves  {name:12}  best-scored: may go next {:.0}%  held back {:.0}%  \
                 other turn of a block left {:.0}%  other block {:.0}%",
                pc(kinds[0]),
                pc(kinds[1]),
                pc(kinds[2]),
                pc(kinds[3])
            );
        }
    }
}
