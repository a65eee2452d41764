//! Move tables and breadth-first distance tables for one Thistlethwaite stage.
//!
//! A stage's position is a tuple of coordinates (see `coords`), each with a move
//! table over the stage's allowed moves; the tuple is packed into one index (first
//! coordinate most significant) and a distance table gives, for each index, the
//! fewest allowed moves to the stage's target group.

use crate::cubie::CubieCube;
use crate::moves::Move;

/// A coordinate function on cube states.
pub type Coordinate = fn(&CubieCube) -> usize;

/// One coordinate's values and where each allowed move takes them.
struct MoveTable {
    size: usize,
    coordinate: Coordinate,
    /// `next[value * moves + j]`: the value after allowed move `j`.
    next: Vec<u32>,
}

impl MoveTable {
    /// Explore the coordinate breadth first from the solved state, keeping one cube per
    /// value to turn; every value must be reachable with the allowed moves.
    fn build(size: usize, coordinate: Coordinate, moves: &[Move]) -> MoveTable {
        let mut next = vec![u32::MAX; size * moves.len()];
        let mut seen = vec![false; size];
        let mut reps = vec![CubieCube::SOLVED];
        seen[coordinate(&CubieCube::SOLVED)] = true;
        let mut at = 0;
        while at < reps.len() {
            let cube = reps[at];
            at += 1;
            let value = coordinate(&cube);
            for (j, &m) in moves.iter().enumerate() {
                let turned = cube.apply_move(m);
                let v = coordinate(&turned);
                next[value * moves.len() + j] = v as u32;
                if !seen[v] {
                    seen[v] = true;
                    reps.push(turned);
                }
            }
        }
        assert_eq!(reps.len(), size, "coordinate not covered by its moves");
        MoveTable {
            size,
            coordinate,
            next,
        }
    }
}

/// A stage: its allowed moves, coordinates and distance table.
pub struct StageTable {
    /// The moves allowed in this stage (the generators of the group it starts in).
    pub moves: Vec<Move>,
    coords: Vec<MoveTable>,
    /// Stride of each coordinate in the packed index.
    strides: Vec<usize>,
    /// Fewest allowed moves from each packed index to the target (`u8::MAX`: never).
    pub dist: Vec<u8>,
}

impl StageTable {
    /// Build the move tables of `coords` (with their sizes) and the distance table by a
    /// breadth-first search from the solved cube's index.
    pub fn build(moves: Vec<Move>, coords: &[(usize, Coordinate)]) -> StageTable {
        let tables: Vec<MoveTable> = coords
            .iter()
            .map(|&(size, f)| MoveTable::build(size, f, &moves))
            .collect();
        let mut strides = vec![1; tables.len()];
        for k in (0..tables.len().saturating_sub(1)).rev() {
            strides[k] = strides[k + 1] * tables[k + 1].size;
        }
        let total = strides[0] * tables[0].size;
        let mut stage = StageTable {
            moves,
            coords: tables,
            strides,
            dist: vec![u8::MAX; total],
        };
        let start = stage.index(&CubieCube::SOLVED);
        stage.dist[start] = 0;
        let mut frontier = vec![start as u32];
        let mut depth = 0u8;
        while !frontier.is_empty() {
            let mut next_frontier = Vec::new();
            let n_moves = stage.moves.len();
            let mut rows = Vec::with_capacity(stage.coords.len());
            for &i in &frontier {
                // Each coordinate's row of its move table, found once per position.
                rows.clear();
                rows.extend(stage.coords.iter().zip(&stage.strides).map(|(t, &s)| {
                    let value = i as usize / s % t.size;
                    (&t.next[value * n_moves..(value + 1) * n_moves], s)
                }));
                for j in 0..n_moves {
                    let n: usize = rows.iter().map(|(row, s)| row[j] as usize * s).sum();
                    if stage.dist[n] == u8::MAX {
                        stage.dist[n] = depth + 1;
                        next_frontier.push(n as u32);
                    }
                }
            }
            frontier = next_frontier;
            depth += 1;
        }
        stage
    }

    /// The packed index of a cube state.
    pub fn index(&self, c: &CubieCube) -> usize {
        self.coords
            .iter()
            .zip(&self.strides)
            .map(|(t, s)| (t.coordinate)(c) * s)
            .sum()
    }

    /// The packed index after allowed move `j`.
    pub fn step(&self, index: usize, j: usize) -> usize {
        let n = self.moves.len();
        self.coords
            .iter()
            .zip(&self.strides)
            .map(|(t, &s)| {
                let value = index / s % t.size;
                t.next[value * n + j] as usize * s
            })
            .sum()
    }

    /// Distance of a packed index to the target group.
    pub fn distance(&self, index: usize) -> u8 {
        self.dist[index]
    }
}
