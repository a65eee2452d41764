//! Coordinates: the cube's state cut into small numbers that index tables.
//!
//! Fast solvers never turn pieces during search; they look up where each coordinate
//! goes under a move ([`moves`]), fold states that are symmetric images of each other
//! into one class ([`symmetry`], [`flipslice`]) and bound the distance to a goal by
//! table look-ups ([`pruning`]). Names follow what each number counts:
//!
//! | coordinate | counts | size |
//! |---|---|---|
//! | twist | corner orientations | 2187 |
//! | flip | edge orientations | 2048 |
//! | slice sorted | places and order of the four UD-slice edges | 11880 |
//! | UD slice | places of the four UD-slice edges (slice sorted / 24) | 495 |
//! | slice perm | order of the UD-slice edges once they are home (phase 2) | 24 |
//! | corner perm | corner permutation | 40320 |
//! | corner comb | which slots hold the four U-layer corners | 70 |
//! | edge8 perm | permutation of the U and D layer edges (phase 2) | 40320 |
//! | flip-slice class | flip × UD slice up to the 16 symmetries keeping the U-D axis | 64430 |
//! | flip-slice-sorted class | flip × slice sorted up to the same symmetries | 1523864 |

pub mod cornercomb;
pub mod cornersym;
pub mod cubie_coords;
pub mod flipslice;
pub mod flipslicesorted;
pub mod moves;
pub mod pruning;
pub mod stored;
pub mod symmetry;

pub use cubie_coords::*;
