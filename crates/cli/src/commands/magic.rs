//! `cubist magic`: search for short sequences that change only a few pieces (SPEC §2.7).

use anyhow::{bail, Result};
use clap::Args;
use std::process::ExitCode;

/// Arguments of `cubist magic`.
#[derive(Args, Debug)]
pub struct MagicArgs {}

/// Run `cubist magic`.
pub fn run(_args: &MagicArgs) -> Result<ExitCode> {
    bail!("magic sequence search is not available in this build")
}
