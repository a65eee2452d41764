//! Colour nets: 3N rows, U; then L F R B side by side; then D. Every character that is
//! not a space is one sticker (spaces between stickers are optional, indentation free).

use super::{stickers, FormatError, Sheet};
use crate::format::Format;
use crate::geometry::{MAX_N, MIN_N};
use cubist_rubik::Face;

/// The one cube of a net: of size `n`, or a third of its rows.
pub fn read(text: &str, n: Option<usize>) -> Result<Sheet, FormatError> {
    let rows: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| (i + 1, l))
        .collect();
    let first = rows.first().map_or(1, |r| r.0);
    let n = match n {
        Some(n) => n,
        None if rows.len().is_multiple_of(3) && (MIN_N..=MAX_N).contains(&(rows.len() / 3)) => {
            rows.len() / 3
        }
        None => {
            return Err(FormatError::new(
                first,
                format!("a net of {} rows", rows.len()),
                "3·N rows (U; L F R B; D)",
            ))
        }
    };
    if rows.len() != 3 * n {
        let at = rows.get(3 * n).map_or(0, |r| r.0);
        return Err(FormatError::new(
            at,
            format!("a net of {} rows", rows.len()),
            format!("{} rows for a {n}×{n}×{n}", 3 * n),
        ));
    }
    let mut symbols = vec![String::new(); 6 * n * n];
    for (k, &(line, text)) in rows.iter().enumerate() {
        let cells: Vec<(usize, char)> = text
            .chars()
            .enumerate()
            .filter(|(_, c)| !c.is_whitespace())
            .collect();
        let faces: &[Face] = if (n..2 * n).contains(&k) {
            &[Face::L, Face::F, Face::R, Face::B]
        } else if k < n {
            &[Face::U]
        } else {
            &[Face::D]
        };
        if cells.len() != faces.len() * n {
            return Err(FormatError::new(
                line,
                format!("row {} has {}", k + 1, stickers(cells.len())),
                format!("{}", faces.len() * n),
            ));
        }
        for (j, &(col, c)) in cells.iter().enumerate() {
            if !c.is_ascii_alphabetic() {
                return Err(
                    FormatError::new(line, format!("sticker {c:?}"), "a letter").at_column(col + 1)
                );
            }
            let face = faces[j / n];
            let r = k % n;
            symbols[(face.index() * n + r) * n + j % n] = c.to_string();
        }
    }
    Ok(Sheet {
        n,
        format: Format::Net,
        line: first,
        symbols,
        numeric: false,
    })
}

/// The net of 6N² symbols: stickers separated by spaces, U and D indented to sit above
/// and below F.
pub fn write(n: usize, symbols: &[&str]) -> String {
    let row = |face: Face, r: usize| -> Vec<&str> {
        (0..n)
            .map(|c| symbols[(face.index() * n + r) * n + c])
            .collect()
    };
    let indent = " ".repeat(2 * n);
    let mut lines = Vec::with_capacity(3 * n);
    for r in 0..n {
        lines.push(format!("{indent}{}", row(Face::U, r).join(" ")));
    }
    for r in 0..n {
        let cells: Vec<&str> = [Face::L, Face::F, Face::R, Face::B]
            .into_iter()
            .flat_map(|f| row(f, r))
            .collect();
        lines.push(cells.join(" "));
    }
    for r in 0..n {
        lines.push(format!("{indent}{}", row(Face::D, r).join(" ")));
    }
    lines.join("\n")
}
