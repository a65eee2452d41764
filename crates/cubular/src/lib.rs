//! The 9×9×9 digit cube ("Cubular"): state, block moves, formats, scrambler and solver.
//!
//! A cube is 729 cells of digits; a move turns one 3×3×3 block inside it (SPEC 1.3).
//! [`solve()`] finds a move list that restores the solved cube and checks it by applying
//! it before returning.
//!
//! The main types, in the order data flows through them:
//!
//! - [`parse`] reads text in any [`Layout`] into a [`Cube`] (729 digits, checked to hold
//!   exactly the solved cube's pieces) or a [`ParseError`] naming the line or cell;
//!   [`Cube::to_text`] writes one back in a layout.
//! - [`Move`] is one block turn (block centre, [`Axis`], quarter turns), 3087 in all;
//!   [`parse_moves`] and [`format_moves`] read and write move lists, [`Cube::apply`]
//!   plays one, and [`scramble()`] makes seeded random cubes.
//! - [`solve()`] takes a [`Cube`] and [`SolveOptions`] (a time or work budget, a seed, a
//!   cancel token, a [`ProgressFn`]) and returns a verified [`Solution`], the shortest
//!   its strategies found, or a [`SolveError`]. How it works is in
//!   `docs/cubular-solver.md`.
//! - [`symmetry`] holds the twelve reorderings of the axes that keep the solved cube
//!   solved (used to solve a cube through each of them), and [`magic`] searches short
//!   commutators that cycle a few cells.

// The solver's module docs are written for its maintainers and link to its private
// tuning constants; `cargo doc --document-private-items` renders those links.
#![allow(rustdoc::private_intra_doc_links)]

pub mod cube;
pub mod format;
pub mod geometry;
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
