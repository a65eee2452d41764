//! `cubist serve`: the web viewer on 127.0.0.1.

use anyhow::{bail, Result};
use clap::Args;
use std::process::ExitCode;

/// Arguments of `cubist serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Port on 127.0.0.1.
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
}

/// Run `cubist serve`.
pub fn run(_args: &ServeArgs) -> Result<ExitCode> {
    bail!("the web viewer is not available in this build")
}
