//! Front end for solving the 3×3×3: `cubist solve` and `cubist bench --puzzle 333`.

use crate::commands::{bench::BenchArgs, solve::SolveArgs};
use crate::input::Input;
use anyhow::{bail, Result};
use std::process::ExitCode;

/// `cubist solve` for the 3×3×3.
pub fn solve(_args: &SolveArgs, _input: &Input) -> Result<ExitCode> {
    bail!("solve: not available for the 3×3×3 in this build")
}

/// `cubist bench` for the 3×3×3.
pub fn bench(_args: &BenchArgs) -> Result<()> {
    bail!("bench: not available for the 3×3×3 in this build")
}
