//! Front end for the 3×3×3 Rubik's Cube.

pub use super::rubik_solve::{bench, solve};
use crate::commands::{scramble::ScrambleArgs, show::ShowArgs};
use crate::input::Input;
use anyhow::{bail, Result};
use std::process::ExitCode;

const NOT_YET: &str = "not available for the 3×3×3 Rubik's Cube in this build";

/// `cubist check` for the 3×3×3 Rubik's Cube.
pub fn check(_input: &Input, _format: Option<&str>) -> Result<ExitCode> {
    bail!("check: {NOT_YET}")
}

/// `cubist verify` for the 3×3×3 Rubik's Cube.
pub fn verify(_cube: &Input, _format: Option<&str>, _moves: &Input) -> Result<ExitCode> {
    bail!("verify: {NOT_YET}")
}

/// `cubist apply` for the 3×3×3 Rubik's Cube.
pub fn apply(_cube: &Input, _format: Option<&str>, _moves: &Input) -> Result<ExitCode> {
    bail!("apply: {NOT_YET}")
}

/// `cubist scramble` for the 3×3×3 Rubik's Cube.
pub fn scramble(_args: &ScrambleArgs) -> Result<ExitCode> {
    bail!("scramble: {NOT_YET}")
}

/// `cubist show` for the 3×3×3 Rubik's Cube.
pub fn show(_args: &ShowArgs, _input: &Input) -> Result<ExitCode> {
    bail!("show: {NOT_YET}")
}

/// `cubist judge`: the batch simulator.
pub fn judge(_input: &Input) -> Result<ExitCode> {
    bail!("judge: {NOT_YET}")
}
