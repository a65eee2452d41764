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

/// Exit status when standard output's reader went away: what a shell shows for a
/// process ended by SIGPIPE, which is how such programs conventionally end.
pub const EXIT_BROKEN_PIPE: u8 = 141;

/// Print `err` as one line on standard error and choose the exit status. A closed pipe
/// on standard output ends the program quietly.
pub fn report(err: &anyhow::Error) -> ExitCode {
    if err
        .downcast_ref::<crate::output::StdoutError>()
        .is_some_and(|e| e.is_broken_pipe())
    {
        return ExitCode::from(EXIT_BROKEN_PIPE);
    }
    // One line: the chain joined with ": ", newlines folded.
    let line = format!("{err:#}").replace('\n', " ");
    let _ = writeln!(std::io::stderr(), "cubist: {line}");
    ExitCode::from(status(err))
}

/// The exit status of a batch with these failures (0 when there is none).
pub fn worst(errs: &[anyhow::Error]) -> u8 {
    errs.iter().map(status).max().unwrap_or(0)
}

/// A batch in which no cube could be answered is not a batch but a bad input: its first
/// failure, saying how many cubes failed with it, as the command's one error.
pub fn all_failed(mut errs: Vec<anyhow::Error>) -> anyhow::Error {
    let n = errs.len();
    let unsolvable = worst(&errs) == EXIT_UNSOLVABLE;
    let first = errs.swap_remove(0);
    let line = format!("{first:#} (and so do the other {} cubes of {n})", n - 1);
    if unsolvable {
        Unsolvable(line).into()
    } else {
        anyhow::anyhow!(line)
    }
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

/// Make a panic, which would be a bug, end as one line on standard error like every
/// other failure (still exit 101), unless `RUST_BACKTRACE` asks for the full report.
pub fn one_line_panics() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if std::env::var_os("RUST_BACKTRACE").is_some() {
            return default(info);
        }
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let at = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()));
        crate::output::note(&panic_line(&what, at.as_deref()));
    }));
}

/// The one line a panic prints.
fn panic_line(what: &str, at: Option<&str>) -> String {
    let at = at.map(|a| format!(" at {a}")).unwrap_or_default();
    format!(
        "cubist: internal error{at}: {}; please report it (RUST_BACKTRACE=1 shows more)",
        what.replace('\n', " ")
    )
}

/// End on a command-line error from clap: help and version go to standard output (exit
/// 0); anything else becomes one line on standard error, exit 2, with clap's tips kept
/// and its usage block left out (`--help` shows it).
pub fn command_line(err: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            return match crate::output::print(&err.render().to_string()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => report(&e.into()),
            };
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand => {
            crate::output::note("cubist: a command is needed (solve, check, verify, apply, scramble, judge, show, magic, bench or serve); see cubist --help");
            return ExitCode::from(EXIT_MALFORMED);
        }
        _ => {}
    }
    crate::output::note(&format!("cubist: {}", one_line(&err.render().to_string())));
    ExitCode::from(EXIT_MALFORMED)
}

/// The line [`command_line`] prints for a clap error that is not help or version.
#[cfg(test)]
pub fn one_line_for_tests(err: &clap::Error) -> String {
    one_line(&err.render().to_string())
}

/// clap's several-line message as one line: the error with its continuation lines
/// (possible values, missing arguments) and its tips, without the usage block.
fn one_line(text: &str) -> String {
    let mut blocks = text.split("\n\n").map(|b| {
        b.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
    });
    let first = blocks.next().unwrap_or_default();
    let mut line = first.join(" ");
    if let Some(rest) = line.strip_prefix("error: ") {
        line = rest.to_string();
    }
    if line.is_empty() {
        line = "invalid command line".to_string();
    }
    for tip in blocks.flatten().filter_map(|l| l.strip_prefix("tip: ")) {
        line.push_str("; ");
        line.push_str(tip);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_is_one_line() {
        assert_eq!(
            panic_line("index out of\nbounds", Some("src/x.rs:3")),
            "cubist: internal error at src/x.rs:3: index out of bounds; please report it \
             (RUST_BACKTRACE=1 shows more)"
        );
    }

    #[test]
    fn clap_errors_become_one_line() {
        let text = "error: invalid value 'slow' for '--method <METHOD>'\n  \
                    [possible values: two-phase, optimal]\n\n  tip: a similar value exists: \
                    'two-phase'\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line(text),
            "invalid value 'slow' for '--method <METHOD>' [possible values: two-phase, \
             optimal]; a similar value exists: 'two-phase'"
        );
        let text = "error: the following required arguments were not provided:\n  \
                    --puzzle <PUZZLE>\n\nUsage: cubist scramble --puzzle <PUZZLE>\n\n\
                    For more information, try '--help'.\n";
        assert_eq!(
            one_line(text),
            "the following required arguments were not provided: --puzzle <PUZZLE>"
        );
    }
}
