//! The passes: moves in, no longer moves out. Each keeps the cube solved.

use super::tuning::TIGHTEN_MOST;
use super::{shorten, takeback, tighten, untangle};
use crate::cube::{Cube, SOLVED};
use crate::moves::Move;
use cubist_tables::Cancel;

/// `moves`, which solve `cube`, with pairs of a move and its undo taken out (see
/// [`takeback`], milliseconds) and, given a token, tangles cut out and mended until it
/// stops them (see [`untangle`], seconds), the rest shortened, while that helps. Never
/// longer than `moves`.
pub(super) fn loosened(cube: &Cube, moves: &[Move], untangle: Option<&Cancel>) -> Vec<Move> {
    let mut best = moves.to_vec();
    loop {
        let mut next = takeback::take_back(cube.cells(), &SOLVED, &best);
        if let Some(cancel) = untangle {
            next = untangle::untangle(cube.cells(), &next, cancel);
        }
        if next.len() >= best.len() {
            return best;
        }
        best = shorten::shorten(cube.cells(), &SOLVED, &next);
    }
}

/// `moves`, which solve `cube`, with moves taken out and the rest mended (see
/// [`tighten`]) when there are at most [`TIGHTEN_MOST`], then runs of moves that fewer
/// do the work of replaced (see [`shorten`]).
pub(super) fn polished(cube: &Cube, mut moves: Vec<Move>) -> Vec<Move> {
    if moves.len() <= TIGHTEN_MOST {
        moves = tighten::tighten(cube.cells(), &moves);
    }
    shorten::shorten(cube.cells(), &SOLVED, &moves)
}
