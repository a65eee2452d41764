//! N×N×N cubes for N = 2 and up (SPEC §2.8): the sticker model, WCA/SiGN moves (wide,
//! slice and rotations), formats, validity and scrambles.
//!
//! - [`Geometry`]: where each of the 6N² stickers is and which a layer turn moves,
//!   computed once per size; pieces (corners, wings, midges, centre orbits) by slot.
//! - [`Cube`]: the sticker colours, each named by its solved face; `apply`, `is_solved`.
//! - [`Move`], [`Alg`]: moves as SiGN writes them, parsed for one N (a layer the cube
//!   lacks is an error naming the move); [`Metric`] counts their length.

pub mod cube;
pub mod geometry;
pub mod moves;
mod once;

pub use cube::Cube;
pub use geometry::Geometry;
pub use moves::{Alg, Kind, Metric, Move, MoveError};
pub mod format;
pub mod read;
pub mod scramble;
pub mod simplify;
pub mod validity;

pub use format::{read_sheets, Format, FormatError, Sheet};
pub use read::{parse, parse_one, CubeError, ParsedCube};
pub use validity::Invalidity;
pub mod solve;
