//! `cubist judge`: the batch simulator (SPEC §2.4).

use crate::input;
use crate::puzzles;
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `cubist judge`.
#[derive(Args, Debug)]
pub struct JudgeArgs {
    /// The data sets; standard input when absent or `-`.
    pub file: Option<PathBuf>,
}

/// Run `cubist judge`: one `Yes`/`No` line per data set.
pub fn run(args: &JudgeArgs) -> Result<ExitCode> {
    let input = input::read(args.file.as_deref())?;
    puzzles::rubik::judge(&input)
}
