//! Exact finish of a nearly solved cube: one or two moves, tried exhaustively over the
//! blocks that hold a misplaced cell.

use crate::cube::{Cube, CELLS, SOLVED};
use crate::moves::{play, Move, MOVE_COUNT};

/// Cells changed by at most two moves.
const REACH: usize = 48;

/// Moves whose block holds at least one misplaced cell.
fn touching(cells: &[u8; CELLS]) -> Vec<usize> {
    let wrong: Vec<usize> = (0..CELLS).filter(|&i| cells[i] != SOLVED[i]).collect();
    (0..MOVE_COUNT)
        .filter(|&mi| {
            let m = Move::from_index(mi);
            wrong.iter().any(|&c| m.holds(c))
        })
        .collect()
}

/// One or two moves that solve `cube`, if there are any.
pub fn run(cube: &Cube) -> Option<Vec<Move>> {
    let cells = *cube.cells();
    if cube.misplaced() > REACH {
        return None;
    }
    let first = touching(&cells);
    for &m in &first {
        let mut c = cells;
        play(&mut c, m);
        if c == SOLVED {
            return Some(vec![Move::from_index(m)]);
        }
    }
    for &m1 in &first {
        let mut c = cells;
        play(&mut c, m1);
        let wrong = (0..CELLS).filter(|&i| c[i] != SOLVED[i]).count();
        if wrong > 24 {
            continue;
        }
        for m2 in touching(&c) {
            let mut d = c;
            play(&mut d, m2);
            if d == SOLVED {
                return Some(vec![Move::from_index(m1), Move::from_index(m2)]);
            }
        }
    }
    None
}
