//! The 9×9×9 digit cube ("Cubular"): state, block moves, formats, scrambler and solver.
//!
//! A cube is 729 cells of digits; a move turns one 3×3×3 block inside it (SPEC 1.3).
//! [`solve()`] finds a move list that restores the solved cube and checks it by applying
//! it before returning.

pub mod cube;
pub mod format;
pub mod magic;
pub mod moves;
pub mod scramble;
pub mod solve;
pub mod symmetry;

pub use cube::Cube;
pub use format::{parse, Layout, ParseError};
pub use moves::{format_moves, invert, parse_moves, Axis, Move, MoveError};
pub use scramble::{random_move, scramble};
pub use solve::{solve, Progress, ProgressFn, Solution, SolveError, SolveOptions, DEFAULT_WORK};
