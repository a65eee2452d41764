//! One module per subcommand: its arguments and its `run`.
//!
//! Commands that serve both puzzles read the input, detect the puzzle and call the
//! matching front end in [`crate::puzzles`].

pub mod apply;
pub mod bench;
pub mod check;
pub mod judge;
pub mod magic;
pub mod scramble;
pub mod serve;
pub mod show;
pub mod solve;
pub mod verify;
