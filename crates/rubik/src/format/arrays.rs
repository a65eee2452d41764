//! Colour arrays: JSON `[U, L, F, R, B, D]`, each face an N×N array (rows of the net of
//! SPEC §2.1) of integers 0..5 or of strings; the centres say which value is which face.
//! One reader and writer serve every size: the bigger cubes' formats call them too.

use super::{ColourScheme, Format, FormatError, Sheet};
use crate::facelet::Facelets;
use crate::moves::Face;
use serde_json::Value;
use std::ops::RangeInclusive;

/// The order of the faces in the JSON array.
pub const FACE_ORDER: [Face; 6] = [Face::U, Face::L, Face::F, Face::R, Face::B, Face::D];

/// Colour arrays of any size, read before their symbols are named by faces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Faces {
    /// Rows (and columns) per face.
    pub n: usize,
    /// 1-based line where the JSON starts.
    pub line: usize,
    /// The 6N² symbols in facelet-string order: face by [`Face::index`], then row by
    /// row.
    pub symbols: Vec<String>,
    /// Whether the symbols were JSON numbers.
    pub numeric: bool,
}

/// The size the first face of well-formed JSON shows, if it has six faces.
pub fn size(text: &str) -> Option<usize> {
    let value: Value = serde_json::from_str(text).ok()?;
    let faces = value.as_array().filter(|a| a.len() == 6)?;
    faces[0].as_array().map(Vec::len)
}

/// Colour arrays of `n` rows a face, or, when `n` is `None`, of as many as the first
/// face has (one of `sizes`): the one reader of every cube size.
pub fn read_faces(
    text: &str,
    n: Option<usize>,
    sizes: RangeInclusive<usize>,
) -> Result<Faces, FormatError> {
    let expected = |n: Option<usize>| {
        let n = n.map_or("N".to_string(), |n| n.to_string());
        format!("JSON [U, L, F, R, B, D], each face {n} rows of {n} integers 0..5 or strings")
    };
    let value: Value = serde_json::from_str(text).map_err(|e| {
        let err = FormatError::new(
            e.line(),
            format!("malformed JSON ({})", json_reason(&e)),
            expected(n),
        );
        match e.column() {
            0 => err,
            c => err.at_column(c),
        }
    })?;
    let line = text
        .lines()
        .position(|l| !l.trim().is_empty())
        .map_or(1, |i| i + 1);
    let shape = |what: String, n: Option<usize>| FormatError::new(line, what, expected(n));
    let faces = value
        .as_array()
        .filter(|a| a.len() == 6)
        .ok_or_else(|| shape(format!("{} at the top", describe(&value)), n))?;
    let n = match n {
        Some(n) => n,
        None => faces[0]
            .as_array()
            .map(Vec::len)
            .filter(|k| sizes.contains(k))
            .ok_or_else(|| shape(format!("face U: {}", describe(&faces[0])), None))?,
    };
    let mut symbols = vec![String::new(); 6 * n * n];
    let mut numeric = None;
    for (k, face_value) in faces.iter().enumerate() {
        let face = FACE_ORDER[k];
        let rows = face_value
            .as_array()
            .filter(|a| a.len() == n)
            .ok_or_else(|| shape(format!("face {face}: {}", describe(face_value)), Some(n)))?;
        for (r, row_value) in rows.iter().enumerate() {
            let row = row_value
                .as_array()
                .filter(|a| a.len() == n)
                .ok_or_else(|| {
                    shape(
                        format!("face {face}, row {}: {}", r + 1, describe(row_value)),
                        Some(n),
                    )
                })?;
            for (c, cell) in row.iter().enumerate() {
                let at = || format!("face {face}, row {}, column {}", r + 1, c + 1);
                let (symbol, is_number) = match cell {
                    Value::Number(x) => match x.as_u64().filter(|&v| v <= 5) {
                        Some(v) => (v.to_string(), true),
                        None => {
                            return Err(FormatError::new(
                                line,
                                format!("{}: the number {x}", at()),
                                "an integer 0..5",
                            ))
                        }
                    },
                    Value::String(s) if !s.trim().is_empty() => (s.clone(), false),
                    other => {
                        return Err(FormatError::new(
                            line,
                            format!("{}: {}", at(), describe(other)),
                            "an integer 0..5 or a colour name",
                        ))
                    }
                };
                match numeric {
                    None => numeric = Some(is_number),
                    Some(was) if was != is_number => {
                        return Err(FormatError::new(
                            line,
                            format!("{}: numbers and strings mixed", at()),
                            "all stickers integers, or all strings",
                        ))
                    }
                    _ => {}
                }
                symbols[(face.index() * n + r) * n + c] = symbol;
            }
        }
    }
    Ok(Faces {
        n,
        line,
        symbols,
        numeric: numeric.unwrap_or(true),
    })
}

/// Read a whole text holding one 3×3×3 as colour arrays.
pub fn read(text: &str) -> Result<Sheet, FormatError> {
    let faces = read_faces(text, Some(3), 3..=3)?;
    Ok(Sheet {
        format: Format::Arrays,
        line: faces.line,
        stickers: faces.symbols,
        numeric: faces.numeric,
    })
}

fn json_reason(e: &serde_json::Error) -> String {
    // serde_json's message ends with " at line L column C"; the position is reported
    // separately.
    let msg = e.to_string();
    match msg.find(" at line ") {
        Some(i) => msg[..i].to_string(),
        None => msg,
    }
}

/// A short description of a JSON value for messages.
fn describe(v: &Value) -> String {
    match v {
        Value::Array(a) => format!("an array of {}", a.len()),
        Value::Object(_) => "an object".into(),
        Value::String(s) => format!("the string {s:?}"),
        Value::Number(n) => format!("the number {n}"),
        Value::Bool(b) => format!("{b}"),
        Value::Null => "null".into(),
    }
}

/// Colour arrays of `n` rows a face, one face per line (the layout of the sample
/// file), from 6N² symbols in facelet-string order; JSON strings unless `numeric`.
pub fn write_faces(n: usize, symbols: &[&str], numeric: bool) -> String {
    let cell = |s: &str| {
        if numeric {
            s.to_string()
        } else {
            Value::String(s.to_string()).to_string()
        }
    };
    let faces: Vec<String> = FACE_ORDER
        .iter()
        .map(|&face| {
            let rows: Vec<String> = (0..n)
                .map(|r| {
                    let cells: Vec<String> = (0..n)
                        .map(|c| cell(symbols[(face.index() * n + r) * n + c]))
                        .collect();
                    format!("[{}]", cells.join(", "))
                })
                .collect();
            format!("[{}]", rows.join(", "))
        })
        .collect();
    format!("[{}]", faces.join(",\n "))
}

/// Write stickers as colour arrays, one face per line (the layout of the sample file).
pub fn write(scheme: &ColourScheme, stickers: &Facelets) -> String {
    let symbols: Vec<&str> = stickers.0.iter().map(|&f| scheme.symbol(f)).collect();
    write_faces(3, &symbols, scheme.is_numeric())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::parse_one;

    #[test]
    fn sample_round_trips_exactly() {
        let text = include_str!("../../../../examples/rubik/colour-arrays-sample.json");
        let cube = parse_one(text, None).unwrap();
        assert_eq!(cube.format, Format::Arrays);
        assert!(cube.scheme.is_numeric());
        assert_eq!(cube.to_text(), text.trim_end());
    }

    #[test]
    fn strings_work_too() {
        let text = write(&ColourScheme::face_letters(), &Facelets::solved());
        assert!(text.starts_with(r#"[[["U", "U", "U"]"#), "{text}");
        let cube = parse_one(&text, None).unwrap();
        assert!(cube.cube.is_solved());
        assert!(!cube.scheme.is_numeric());
    }

    #[test]
    fn bad_json_names_line_and_column() {
        let e = read("[[[0, 0, 0],\n  [0, 0 0]").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.column.is_some());
        let e = read("[1, 2]").unwrap_err();
        assert!(e.to_string().contains("an array of 2"), "{e}");
        let e = read("[[[9]]]").unwrap_err();
        assert!(e.to_string().contains("array of 1"), "{e}");
    }
}
