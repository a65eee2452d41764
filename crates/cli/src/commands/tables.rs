//! `cubist tables`: list the table files in the cache directory; with `--verify`,
//! check every byte of each and remove those that are corrupt.

use crate::output::outln;
use anyhow::{anyhow, Result};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `cubist tables`.
#[derive(Args)]
pub struct TablesArgs {
    /// Check every byte of every table file against its checksum (using a table
    /// checks only its header, its size and a sample of it); a corrupt file is
    /// removed, to be rebuilt when next needed, and the exit status is 1
    #[arg(long)]
    pub verify: bool,
}

/// Run `cubist tables`.
pub fn run(args: &TablesArgs) -> Result<ExitCode> {
    let dir = cubist_tables::cache_dir();
    let mut files: Vec<PathBuf> = match std::fs::read_dir(&dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "tbl"))
            .collect(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(anyhow!("cache {}: {e}", dir.display())),
    };
    files.sort();
    outln!("{} ({} table files)", dir.display(), files.len());
    let mut corrupt = 0;
    for path in &files {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        if !args.verify {
            outln!("{name}  {bytes} bytes");
            continue;
        }
        match cubist_tables::verify_file(path) {
            Ok(()) => outln!("{name}  {bytes} bytes  ok"),
            Err(e) => {
                corrupt += 1;
                let removed = match std::fs::remove_file(path) {
                    Ok(()) => "removed, rebuilt when next needed",
                    Err(_) => "could not be removed",
                };
                outln!("{name}  {bytes} bytes  BAD: {e} ({removed})");
            }
        }
    }
    Ok(if corrupt > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
