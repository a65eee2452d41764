//! The 3×3×3 Rubik's Cube: facelet and cubie models, formats, notations, validity,
//! the batch judge, solvers and the magic-sequence search.
//!
//! The [`cubie`] model (pieces and their twists) is what solvers compute with; the
//! [`facelet`] model (54 sticker colours) is what formats read and write. Both agree on
//! the orientation of SPEC §2.1 and on Kociemba's slot numbering.

pub mod cubie;
pub mod facelet;
pub mod moves;
pub mod solve;

pub use cubie::CubieCube;
pub use facelet::Facelets;
pub use moves::{Alg, Face, Move, MoveError};
