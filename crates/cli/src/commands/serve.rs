//! `cubist serve`: the web viewer and JSON API on 127.0.0.1.

use anyhow::{Context, Result};
use clap::Args;
use std::process::ExitCode;
use std::time::Duration;

/// Arguments of `cubist serve`.
#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  cubist serve                      open http://127.0.0.1:8080/ in a browser
  cubist serve --port 0             any free port (the address is printed)
  curl -H 'Content-Type: application/json' -d '{\"cube\":\"...\"}' http://127.0.0.1:8080/api/solve

Only the page itself and local tools may call the API: requests from other web pages
(another Origin or Host) get 403, posts not sent as application/json get 415.")]
pub struct ServeArgs {
    /// Port on 127.0.0.1 (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Long solves (digit cubes, optimal 3×3×3, bigger cubes) running at once, 1 to 256
    /// (default: the number of cores); quick 3×3×3 solves have their own line beside
    /// them.
    #[arg(long, value_name = "N", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=256))]
    pub workers: Option<usize>,
    /// Time budget of each request in milliseconds, 1 to 86400000 (a day), counted
    /// from its arrival: its solve is stopped then (a request may ask for less).
    #[arg(long, value_name = "MS", default_value_t = 10_000,
          value_parser = clap::value_parser!(u64).range(1..=crate::commands::solve::MAX_MILLIS))]
    pub timeout: u64,
}

/// Run `cubist serve` until interrupted.
pub fn run(args: &ServeArgs) -> Result<ExitCode> {
    let mut config = cubist_web::Config {
        budget: Duration::from_millis(args.timeout),
        ..Default::default()
    };
    if let Some(n) = args.workers {
        config.workers = n.max(1);
    }
    cubist_web::run(args.port, &config)
        .with_context(|| format!("cannot serve on 127.0.0.1:{}", args.port))?;
    Ok(ExitCode::SUCCESS)
}
