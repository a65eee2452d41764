//! How a failed command ends: one line on standard error and an exit status.
//!
//! Exit 2 is the default for any error (malformed input or command line); a command
//! returns [`Unsolvable`] to exit 1 ("read fine, but cannot be solved / is not solved").

use std::io::Write;
use std::process::ExitCode;

/// The input was read and is well-formed, but it is not solvable or not solved: exit 1.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Unsolvable(pub String);

/// Exit status for "valid but unsolvable / not solved".
pub const EXIT_UNSOLVABLE: u8 = 1;
/// Exit status for malformed input or command line.
pub const EXIT_MALFORMED: u8 = 2;

/// The exit status `err` calls for.
fn status(err: &anyhow::Error) -> u8 {
    if err.downcast_ref::<Unsolvable>().is_some() {
        EXIT_UNSOLVABLE
    } else {
        EXIT_MALFORMED
    }
}

/// Print `err` as one line on standard error and choose the exit status.
pub fn report(err: &anyhow::Error) -> ExitCode {
    // One line: the chain joined with ": ", newlines folded.
    let line = format!("{err:#}").replace('\n', " ");
    let _ = writeln!(std::io::stderr(), "cubist: {line}");
    ExitCode::from(status(err))
}

/// Report every failure of a batch, one line each, and exit with the worst status
/// (0 when there is none: the rest of the batch was answered).
pub fn report_all(errs: &[anyhow::Error]) -> ExitCode {
    let worst = errs
        .iter()
        .map(|e| {
            report(e);
            status(e)
        })
        .max()
        .unwrap_or(0);
    ExitCode::from(worst)
}
