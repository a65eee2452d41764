//! Writing to standard output and standard error without panicking.
//!
//! `print!` panics when standard output is closed or full (`cubist solve > /dev/full`);
//! these helpers return the failure instead, so that it ends the program as one line on
//! standard error (or, for a reader that went away, quietly; see [`crate::failure`]).

use std::io::{self, Write};

/// Standard output could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write to standard output: {0}")]
pub struct StdoutError(pub io::Error);

impl From<io::Error> for StdoutError {
    fn from(e: io::Error) -> StdoutError {
        StdoutError(e)
    }
}

impl StdoutError {
    /// Whether the reader went away (`cubist solve ... | head -1`): not worth a message.
    pub fn is_broken_pipe(&self) -> bool {
        self.0.kind() == io::ErrorKind::BrokenPipe
    }
}

/// Write `text` to standard output and flush it.
pub fn print(text: &str) -> Result<(), StdoutError> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// Write `text` and a newline to standard error; a failure there has nowhere to be told.
pub fn note(text: &str) {
    let _ = writeln!(io::stderr().lock(), "{text}");
}

/// `println!` that returns a [`StdoutError`] from the enclosing function instead of
/// panicking.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::output::print(&format!("{}\n", format_args!($($arg)*)))?
    };
}
pub(crate) use outln;

/// What a batch prints on standard output in the place of a cube it could not answer
/// (its reason goes to standard error), so that output line k answers input cube k.
pub const PLACEHOLDER: &str = "error";

/// The `--json` object of one solution, the same for both puzzles: keys in the order
/// `puzzle`, `moves`, `length`, `millis` (a number with three decimals), then `extra`
/// (already-written `"key":value` pairs) when given.
pub fn solution_json(puzzle: &str, moves: &[String], millis: f64, extra: Option<&str>) -> String {
    let mut obj = format!(
        "{{\"puzzle\":{},\"moves\":{},\"length\":{},\"millis\":{millis:.3}",
        serde_json::Value::from(puzzle),
        serde_json::Value::from(moves.to_vec()),
        moves.len()
    );
    if let Some(extra) = extra {
        obj.push(',');
        obj.push_str(extra);
    }
    obj.push('}');
    obj
}

/// The `--json` line in the place of a cube of a batch that could not be answered.
pub fn error_json(puzzle: &str, message: &str) -> String {
    format!(
        "{{\"puzzle\":{},\"error\":{}}}",
        serde_json::Value::from(puzzle),
        serde_json::Value::from(message)
    )
}

/// Write an SVG picture to `out`, or to standard output when it is `-`.
pub fn write_svg(out: &std::path::Path, svg: &str) -> anyhow::Result<()> {
    if out.as_os_str() == "-" {
        print(svg)?;
        return Ok(());
    }
    std::fs::write(out, svg).map_err(|e| anyhow::anyhow!("cannot write {}: {e}", out.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solution_json_keeps_its_key_order_and_number_type() {
        let moves = vec!["R".to_string(), "U2".to_string()];
        assert_eq!(
            solution_json("333", &moves, 1.5, None),
            r#"{"puzzle":"333","moves":["R","U2"],"length":2,"millis":1.500}"#
        );
        assert_eq!(
            solution_json("cubular", &[], 0.0, Some(r#""stages":[]"#)),
            r#"{"puzzle":"cubular","moves":[],"length":0,"millis":0.000,"stages":[]}"#
        );
        assert_eq!(
            error_json("333", "line 2: \"x\""),
            r#"{"puzzle":"333","error":"line 2: \"x\""}"#
        );
    }
}
