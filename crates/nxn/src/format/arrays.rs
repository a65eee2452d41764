//! Colour arrays: JSON `[U, L, F, R, B, D]`, each face N rows of N integers 0..5 or of
//! strings, rows and columns as the net draws them; read and written by the 3×3×3's
//! reader and writer, which take any size.

use super::{FormatError, Sheet};
use crate::format::Format;
use crate::geometry::{MAX_N, MIN_N};
use cubist_rubik::format::arrays::{read_faces, write_faces};

pub use cubist_rubik::format::arrays::size;

/// The one cube of colour arrays: of size `n`, or as many rows as its first face has.
pub fn read(text: &str, n: Option<usize>) -> Result<Sheet, FormatError> {
    let faces = read_faces(text, n, MIN_N..=MAX_N)?;
    Ok(Sheet {
        n: faces.n,
        format: Format::Arrays,
        line: faces.line,
        symbols: faces.symbols,
        numeric: faces.numeric,
    })
}

/// Colour arrays, one face per line.
pub fn write(n: usize, symbols: &[&str], numeric: bool) -> String {
    write_faces(n, symbols, numeric)
}
