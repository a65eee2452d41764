//! Facelet strings: 6N² letters, faces U R F D L B, each face row by row; one cube per
//! non-blank line, spaces inside a line ignored.

use super::{size_of_count, stickers, FormatError, Sheet};
use crate::format::Format;

const EXPECTED: &str = "6·N² letters (24 for a 2×2×2, 96 for a 4×4×4, 150 for a 5×5×5, …)";

/// Every non-blank line as one cube: of size `n`, or the size its first line shows.
pub fn read(text: &str, n: Option<usize>) -> Vec<Result<Sheet, FormatError>> {
    let mut size = n;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let line = i + 1;
            let mut symbols = Vec::new();
            for (col, c) in l.chars().enumerate() {
                if c.is_whitespace() {
                    continue;
                }
                if !c.is_ascii_alphabetic() {
                    return Err(FormatError::new(
                        line,
                        format!("sticker {} is {c:?}", symbols.len() + 1),
                        "a letter",
                    )
                    .at_column(col + 1));
                }
                symbols.push(c.to_string());
            }
            let n = match size {
                Some(n) => n,
                None => {
                    let n = size_of_count(symbols.len())
                        .ok_or_else(|| FormatError::new(line, stickers(symbols.len()), EXPECTED))?;
                    size = Some(n);
                    n
                }
            };
            if symbols.len() != 6 * n * n {
                return Err(FormatError::new(
                    line,
                    stickers(symbols.len()),
                    format!("{} for a {n}×{n}×{n}", 6 * n * n),
                ));
            }
            Ok(Sheet {
                n,
                format: Format::Facelets,
                line,
                symbols,
                numeric: false,
            })
        })
        .collect()
}
