//! Colour arrays: JSON `[U, L, F, R, B, D]`, each face N rows of N integers 0..5 or of
//! strings, rows and columns as the net draws them.

use super::{FormatError, Sheet};
use crate::format::Format;
use crate::geometry::{MAX_N, MIN_N};
use cubist_rubik::Face;
use serde_json::Value;

/// The order of the faces in the JSON array.
pub const FACE_ORDER: [Face; 6] = [Face::U, Face::L, Face::F, Face::R, Face::B, Face::D];

/// The size the first face of well-formed JSON shows, if it has six faces.
pub fn size(text: &str) -> Option<usize> {
    let value: Value = serde_json::from_str(text).ok()?;
    let faces = value.as_array().filter(|a| a.len() == 6)?;
    faces[0].as_array().map(Vec::len)
}

/// The one cube of colour arrays: of size `n`, or as many rows as its first face has.
pub fn read(text: &str, n: Option<usize>) -> Result<Sheet, FormatError> {
    let expected = |n: Option<usize>| match n {
        Some(n) => {
            format!("JSON [U, L, F, R, B, D], each face {n} rows of {n} integers 0..5 or strings")
        }
        None => {
            "JSON [U, L, F, R, B, D], each face N rows of N integers 0..5 or strings".to_string()
        }
    };
    let value: Value = serde_json::from_str(text).map_err(|e| {
        let msg = e.to_string();
        let reason = msg
            .find(" at line ")
            .map_or(msg.as_str(), |i| &msg[..i])
            .to_string();
        let err = FormatError::new(e.line(), format!("malformed JSON ({reason})"), expected(n));
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
            .filter(|k| (MIN_N..=MAX_N).contains(k))
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
    Ok(Sheet {
        n,
        format: Format::Arrays,
        line,
        symbols,
        numeric: numeric.unwrap_or(true),
    })
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

/// Colour arrays, one face per line.
pub fn write(n: usize, symbols: &[&str], numeric: bool) -> String {
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
