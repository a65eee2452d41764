//! The twelve symmetries of the digit cube: maps of the cube onto itself that keep the
//! solved cube solved and send every block move to a block move.
//!
//! The solved cube holds `((x+y+z) mod 9) + 1` at (x, y, z), so any reordering of the
//! three axes keeps it (the sum does not change), and so does the point reflection
//! `(x, y, z) → (8−x, 8−y, 8−z)` when each digit `d` is renamed `((25 − d) mod 9) + 1`
//! (the sum `s` becomes `24 − s`). Six orders of the axes, each with or without the
//! reflection: twelve maps, a group. Seen through one of them a cube is a different
//! cube of the same difficulty: a move list solves it exactly when the mapped list
//! solves the original. The solver's searches break ties and prune by the cube's
//! layout, so they end in different solutions on the mapped cubes, and the shortest
//! of several is kept (see `solve`).

use crate::cube::{coords, index, Cube, CELLS};
use crate::moves::{move_table, Move, MOVE_COUNT};
use std::collections::HashMap;
use std::sync::OnceLock;

/// Number of symmetries; index 0 is the identity.
pub const SYMMETRIES: usize = 12;

/// One symmetry of the digit cube: where each cell goes, how each digit is renamed,
/// and which move each move becomes.
pub struct Symmetry {
    /// `cell[i]`: the cell that cell `i` is sent to.
    cell: Vec<u16>,
    /// `digit[d]`: the name digit `d` gets (index 0 unused).
    digit: [u8; 10],
    /// `forward[m]`: the move that does on the mapped cube what move `m` does on the
    /// cube.
    forward: Vec<u16>,
    /// `back[m]`: the inverse of `forward`.
    back: Vec<u16>,
}

impl Symmetry {
    /// The symmetry with axis order `axes` (new axis k is old axis `axes[k]`), with the
    /// point reflection when `reflect`.
    fn new(axes: [usize; 3], reflect: bool) -> Symmetry {
        let cell: Vec<u16> = (0..CELLS)
            .map(|i| {
                let (x, y, z) = coords(i);
                let c = [x, y, z];
                let n: [usize; 3] = std::array::from_fn(|k| {
                    let v = c[axes[k]];
                    if reflect {
                        8 - v
                    } else {
                        v
                    }
                });
                index(n[0], n[1], n[2]) as u16
            })
            .collect();
        let mut digit = [0u8; 10];
        for (d, name) in digit.iter_mut().enumerate().skip(1) {
            *name = if reflect {
                ((25 - d) % 9) as u8 + 1
            } else {
                d as u8
            };
        }
        // A move's cell pairs (after it, `dst` holds what `src` held) mapped cell by
        // cell are the pairs of the move it becomes; find that move by its pairs.
        let key = |pairs: &mut Vec<(u16, u16)>| {
            pairs.sort_unstable();
            pairs.clone()
        };
        let table = move_table();
        let by_pairs: HashMap<Vec<(u16, u16)>, u16> = table
            .iter()
            .enumerate()
            .map(|(m, cyc)| (key(&mut cyc.to_vec()), m as u16))
            .collect();
        let forward: Vec<u16> = table
            .iter()
            .map(|cyc| {
                let mut pairs: Vec<(u16, u16)> = cyc
                    .iter()
                    .map(|&(d, s)| (cell[d as usize], cell[s as usize]))
                    .collect();
                by_pairs[&key(&mut pairs)]
            })
            .collect();
        let mut back = vec![0u16; MOVE_COUNT];
        for (m, &f) in forward.iter().enumerate() {
            back[f as usize] = m as u16;
        }
        Symmetry {
            cell,
            digit,
            forward,
            back,
        }
    }

    /// The cube seen through this symmetry.
    pub fn cube(&self, cube: &Cube) -> Cube {
        let mut cells = [0u8; CELLS];
        for (i, &d) in cube.cells().iter().enumerate() {
            cells[self.cell[i] as usize] = self.digit[d as usize];
        }
        Cube::from_cells(cells)
    }

    /// The move that does on the mapped cube what `m` does on the cube.
    pub fn forward(&self, m: Move) -> Move {
        Move::from_index(self.forward[m.index()] as usize)
    }

    /// The move that does on the cube what `m` does on the mapped cube: a solution of
    /// the mapped cube, taken back move by move, solves the cube.
    pub fn back(&self, m: Move) -> Move {
        Move::from_index(self.back[m.index()] as usize)
    }
}

/// The twelve symmetries, built once; index 0 is the identity.
pub fn symmetries() -> &'static [Symmetry] {
    static ALL: OnceLock<Vec<Symmetry>> = OnceLock::new();
    ALL.get_or_init(|| {
        const ORDERS: [[usize; 3]; 6] = [
            [0, 1, 2],
            [1, 2, 0],
            [2, 0, 1],
            [0, 2, 1],
            [2, 1, 0],
            [1, 0, 2],
        ];
        [false, true]
            .into_iter()
            .flat_map(|reflect| ORDERS.map(|axes| Symmetry::new(axes, reflect)))
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scramble::scramble;
    use rand::SeedableRng;

    #[test]
    fn every_symmetry_keeps_the_solved_cube() {
        for s in symmetries() {
            assert!(s.cube(&Cube::solved()).is_solved());
        }
    }

    #[test]
    fn a_mapped_move_does_on_the_mapped_cube_what_the_move_does() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let (cube, _) = scramble(&mut rng, 40);
        for s in symmetries() {
            for m in (0..MOVE_COUNT).step_by(7).map(Move::from_index) {
                let mut turned = cube.clone();
                turned.apply(m);
                let mut mapped = s.cube(&cube);
                mapped.apply(s.forward(m));
                assert_eq!(mapped, s.cube(&turned), "{m}");
                assert_eq!(s.back(s.forward(m)), m);
            }
        }
    }

    #[test]
    fn a_solution_of_the_mapped_cube_taken_back_solves_the_cube() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
        let (cube, moves) = scramble(&mut rng, 30);
        for s in symmetries() {
            let mapped = s.cube(&cube);
            let undo: Vec<Move> = crate::moves::invert(&moves)
                .iter()
                .map(|&m| s.forward(m))
                .collect();
            let mut solved = mapped.clone();
            solved.apply_all(&undo);
            assert!(solved.is_solved());
            let back: Vec<Move> = undo.iter().map(|&m| s.back(m)).collect();
            let mut c = cube.clone();
            c.apply_all(&back);
            assert!(c.is_solved());
        }
    }

    #[test]
    fn the_symmetries_are_twelve_different_maps() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let (cube, _) = scramble(&mut rng, 20);
        let seen: std::collections::HashSet<Vec<u8>> = symmetries()
            .iter()
            .map(|s| s.cube(&cube).cells().to_vec())
            .collect();
        assert_eq!(seen.len(), SYMMETRIES);
    }
}
