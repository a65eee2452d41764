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
pub mod tables;
pub mod verify;

use crate::input::{self, Input, Puzzle, PuzzleChoice};
use clap::Args;
use std::path::PathBuf;

/// The arguments `apply` and `verify` share: a cube, a move list for it and how to read
/// the cube.
#[derive(Args, Debug)]
pub struct CubeAndMoves {
    /// The cube file (`-` for standard input).
    pub cube: PathBuf,
    /// The move list file (`-` for standard input).
    pub moves: PathBuf,
    /// Which puzzle the cube is.
    #[arg(long, value_enum, default_value_t = PuzzleChoice::Auto)]
    pub puzzle: PuzzleChoice,
    /// Force the cube's input format (see `cubist solve --help`).
    #[arg(long, value_name = "FORMAT")]
    pub input: Option<String>,
}

impl CubeAndMoves {
    /// Read the cube and the move list (at most one of them from standard input) and
    /// decide which puzzle the cube is.
    pub fn read(&self) -> anyhow::Result<(Puzzle, Input, Input)> {
        if self.cube.as_os_str() == "-" && self.moves.as_os_str() == "-" {
            anyhow::bail!("only one of CUBE and MOVES can be standard input");
        }
        let cube = input::read(Some(&self.cube))?;
        let moves = input::read(Some(&self.moves))?;
        Ok((input::detect(&cube.text, self.puzzle), cube, moves))
    }
}
