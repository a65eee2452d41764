//! The solvers' tables and the long work around them, shared by the puzzle crates:
//! table files on disk (built once, versioned, checksummed, memory-mapped), packed
//! 4-bit and 2-bit distance tables, the progress a long build or search shows, and the
//! [`Cancel`] token every long search polls.
//!
//! Pruning tables make fast solvers; they are expensive to compute and large, so they
//! are built once, written to a cache directory and mapped into memory on later runs.
//! A file that is missing, of the wrong version or size, or whose checksum does not
//! match is rebuilt, never trusted (reading checks a sample of a large table; [`verify`]
//! checks every byte).
//!
//! - [`TableSpec`] names a table file (name, version, length); [`load_or_build`] maps
//!   it from [`cache_dir`] or builds it with the given function, writes it and returns
//!   a [`Table`] (bytes, memory-mapped or copied into memory with [`Table::resident`]).
//! - [`Nibbles`] reads a table of 4-bit entries (a distance bound per state);
//!   [`AtomicNibbles`] is written by the parallel breadth-first builds; [`TwoBit`]
//!   reads one packed at 2 bits an entry against a base depth.
//! - [`Progress`] and [`Spinner`] show a long build or search on a terminal and stay
//!   quiet otherwise.
//! - [`Cancel`] is a shared flag and deadline that a long search polls to stop early.

pub mod cache;
pub mod cancel;
pub mod nibbles;
pub mod progress;
pub mod twobit;

pub use cache::{
    cache_dir, checksum, load_or_build, verify, verify_file, Table, TableError, TableSpec,
};
pub use cancel::Cancel;
pub use nibbles::{AtomicNibbles, Nibbles};
pub use progress::{Progress, Spinner, SpinnerMessages};
pub use twobit::TwoBit;
