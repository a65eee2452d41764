//! Colour arrays: JSON `[U, L, F, R, B, D]`, each face a 3×3 array (rows of the net of
//! SPEC §2.1) of integers 0..5 or of strings; the centres say which value is which face.

use super::{ColourScheme, Format, FormatError, Sheet};
use crate::facelet::{sticker, Facelets};
use crate::moves::Face;
use serde_json::Value;

/// The order of the faces in the JSON array.
pub const FACE_ORDER: [Face; 6] = [Face::U, Face::L, Face::F, Face::R, Face::B, Face::D];

const EXPECTED: &str = "JSON [U, L, F, R, B, D], each face 3 rows of 3 integers 0..5 or strings";

/// Read a whole text holding one cube as colour arrays.
pub fn read(text: &str) -> Result<Sheet, FormatError> {
    let value: Value = serde_json::from_str(text).map_err(|e| {
        let err = FormatError::new(
            e.line(),
            format!("malformed JSON ({})", json_reason(&e)),
            EXPECTED,
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
    let shape = |what: String| FormatError::new(line, what, EXPECTED);
    let faces = value
        .as_array()
        .filter(|a| a.len() == 6)
        .ok_or_else(|| shape(format!("{} at the top", describe(&value))))?;
    let mut stickers = vec![String::new(); 54];
    let mut numeric = None;
    for (n, face_value) in faces.iter().enumerate() {
        let face = FACE_ORDER[n];
        let rows = face_value
            .as_array()
            .filter(|a| a.len() == 3)
            .ok_or_else(|| shape(format!("face {face}: {}", describe(face_value))))?;
        for (r, row_value) in rows.iter().enumerate() {
            let row = row_value
                .as_array()
                .filter(|a| a.len() == 3)
                .ok_or_else(|| {
                    shape(format!(
                        "face {face}, row {}: {}",
                        r + 1,
                        describe(row_value)
                    ))
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
                    Some(n) if n != is_number => {
                        return Err(FormatError::new(
                            line,
                            format!("{}: numbers and strings mixed", at()),
                            "all stickers integers, or all strings",
                        ))
                    }
                    _ => {}
                }
                stickers[sticker(face, r, c)] = symbol;
            }
        }
    }
    Ok(Sheet {
        format: Format::Arrays,
        line,
        stickers,
        numeric: numeric.unwrap_or(true),
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

/// Write stickers as colour arrays, one face per line (the layout of the sample file).
pub fn write(scheme: &ColourScheme, stickers: &Facelets) -> String {
    let cell = |f: Face| -> String {
        let s = scheme.symbol(f);
        if scheme.is_numeric() {
            s.to_string()
        } else {
            Value::String(s.to_string()).to_string()
        }
    };
    let faces: Vec<String> = FACE_ORDER
        .iter()
        .map(|&face| {
            let rows: Vec<String> = (0..3)
                .map(|r| {
                    let cells: Vec<String> = (0..3)
                        .map(|c| cell(stickers.0[sticker(face, r, c)]))
                        .collect();
                    format!("[{}]", cells.join(", "))
                })
                .collect();
            format!("[{}]", rows.join(", "))
        })
        .collect();
    format!("[{}]", faces.join(",\n "))
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
