//! Front end for the 9×9×9 digit cube.

use crate::commands::{bench::BenchArgs, scramble::ScrambleArgs, show::ShowArgs, solve::SolveArgs};
use crate::input::Input;
use anyhow::{bail, Result};
use std::process::ExitCode;

const NOT_YET: &str = "not available for the 9×9×9 digit cube in this build";

/// `cubist solve` for the 9×9×9 digit cube.
pub fn solve(_args: &SolveArgs, _input: &Input) -> Result<ExitCode> {
    bail!("solve: {NOT_YET}")
}

/// `cubist check` for the 9×9×9 digit cube.
pub fn check(_input: &Input, _format: Option<&str>) -> Result<ExitCode> {
    bail!("check: {NOT_YET}")
}

/// `cubist verify` for the 9×9×9 digit cube.
pub fn verify(_cube: &Input, _format: Option<&str>, _moves: &Input) -> Result<ExitCode> {
    bail!("verify: {NOT_YET}")
}

/// `cubist apply` for the 9×9×9 digit cube.
pub fn apply(_cube: &Input, _format: Option<&str>, _moves: &Input) -> Result<ExitCode> {
    bail!("apply: {NOT_YET}")
}

/// `cubist scramble` for the 9×9×9 digit cube.
pub fn scramble(_args: &ScrambleArgs) -> Result<ExitCode> {
    bail!("scramble: {NOT_YET}")
}

/// `cubist show` for the 9×9×9 digit cube.
pub fn show(_args: &ShowArgs, _input: &Input) -> Result<ExitCode> {
    bail!("show: {NOT_YET}")
}

/// `cubist bench` for the 9×9×9 digit cube.
pub fn bench(_args: &BenchArgs) -> Result<()> {
    bail!("bench: {NOT_YET}")
}
