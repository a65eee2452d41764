//! Reading and writing the digit cube in every layout of SPEC 1.2, with validation of
//! the digit counts per kind of piece (digit × parity class).

use crate::cube::{coords, home_digit, parity, Cube, CELLS, SOLVED};
use serde_json::Value;

/// How a cube is laid out as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Nine blocks of nine rows of nine digits, blocks separated by a blank line.
    Layers,
    /// Three blocks side by side per line group (layers 0-2, 3-5, 6-8).
    Across,
    /// A JSON 3-D array `[y][z][x]` of digits or one-character strings.
    Json3d,
    /// A JSON array of 81 strings of nine digits, in text-format order.
    JsonRows,
    /// A bare stream of 729 digits in text-format order.
    Digits,
}

impl Layout {
    /// Every layout, in the order of SPEC 1.2.
    pub const ALL: [Layout; 5] = [
        Layout::Layers,
        Layout::Across,
        Layout::Json3d,
        Layout::JsonRows,
        Layout::Digits,
    ];

    /// The layout's name on the command line (`--input NAME`) and in messages.
    pub fn name(self) -> &'static str {
        match self {
            Layout::Layers => "layers",
            Layout::Across => "across",
            Layout::Json3d => "json",
            Layout::JsonRows => "rows",
            Layout::Digits => "digits",
        }
    }

    /// The layout called `name` (`layers`, `across`, `json`, `rows`, `digits`).
    pub fn from_name(name: &str) -> Option<Layout> {
        Layout::ALL.into_iter().find(|l| l.name() == name)
    }
}

/// Why a text is not a valid digit cube.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// Nothing but whitespace.
    #[error("empty input: expected 729 digits")]
    Empty,
    /// A character that does not belong in the layout.
    #[error("line {line}, column {column}: found {found}, expected a digit 1-9")]
    BadChar {
        /// 1-based line.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
        /// The character, quoted.
        found: String,
    },
    /// The layout's shape is wrong (rows, layers, groups).
    #[error("{0}")]
    Shape(String),
    /// The JSON text does not parse or has the wrong shape.
    #[error("JSON: {0}")]
    Json(String),
    /// A digit appears the wrong number of times.
    #[error("digit {digit} appears {count} times, expected 81")]
    DigitCount {
        /// The digit.
        digit: u8,
        /// How often it appears.
        count: usize,
    },
    /// A piece sits in the wrong parity class.
    #[error(
        "cell ({x},{y},{z}) holds an {class}-position piece that belongs on {other} positions \
         (digit {digit} appears on {found} {class} cells, expected {expected})"
    )]
    WrongClass {
        /// Cell coordinates.
        x: usize,
        /// Cell coordinates.
        y: usize,
        /// Cell coordinates.
        z: usize,
        /// The digit.
        digit: u8,
        /// `even` or `odd`: the class with too many of this digit.
        class: &'static str,
        /// The other class.
        other: &'static str,
        /// Count found on `class` cells.
        found: usize,
        /// Count expected on `class` cells.
        expected: usize,
    },
}

/// Read a cube, detecting the layout unless `forced`; checks the counts per kind.
pub fn parse(text: &str, forced: Option<Layout>) -> Result<(Cube, Layout), ParseError> {
    if text.trim().is_empty() {
        return Err(ParseError::Empty);
    }
    let layout = forced.unwrap_or_else(|| detect(text));
    let digits = match layout {
        Layout::Layers => read_layers(text)?,
        Layout::Across => read_across(text)?,
        Layout::Digits => read_digits(text)?,
        Layout::Json3d | Layout::JsonRows => read_json(text, layout)?,
    };
    let cells: [u8; CELLS] = digits.try_into().map_err(|v: Vec<u8>| {
        ParseError::Shape(format!("found {} digits, expected 729", v.len()))
    })?;
    validate(&cells)?;
    Ok((Cube::from_cells(cells), layout))
}

/// Guess the layout from the text's shape.
fn detect(text: &str) -> Layout {
    let t = text.trim_start();
    if t.starts_with('[') || t.starts_with('{') || t.starts_with('"') {
        let rows = serde_json::from_str::<Value>(t).ok().and_then(|v| {
            v.as_array()
                .map(|a| a.iter().all(Value::is_string) && a.len() > 9)
        });
        return if rows == Some(true) {
            Layout::JsonRows
        } else {
            Layout::Json3d
        };
    }
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    if lines.iter().any(|l| l.split_whitespace().count() >= 2) {
        Layout::Across
    } else if lines.len() > 9 {
        Layout::Layers
    } else {
        Layout::Digits
    }
}

/// Reject any character other than 1-9 and whitespace, naming where it is.
fn check_chars(text: &str) -> Result<(), ParseError> {
    for (ln, line) in text.lines().enumerate() {
        for (col, ch) in line.chars().enumerate() {
            if ch.is_whitespace() || ('1'..='9').contains(&ch) {
                continue;
            }
            let found = if ch == '0' {
                "digit 0".to_string()
            } else if ch.is_control() {
                format!("control character U+{:04X}", ch as u32)
            } else {
                format!("'{ch}'")
            };
            return Err(ParseError::BadChar {
                line: ln + 1,
                column: col + 1,
                found,
            });
        }
    }
    Ok(())
}

/// Blocks of consecutive non-blank lines: (first line number, lines).
fn blocks(text: &str) -> Vec<(usize, Vec<&str>)> {
    let mut out: Vec<(usize, Vec<&str>)> = Vec::new();
    let mut cur: Option<(usize, Vec<&str>)> = None;
    for (ln, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            if let Some(b) = cur.take() {
                out.push(b);
            }
        } else {
            cur.get_or_insert_with(|| (ln + 1, Vec::new()))
                .1
                .push(line.trim());
        }
    }
    out.extend(cur);
    out
}

/// The blocks of `text`, except that a single unbroken run of exactly
/// `expected` × 9 lines is cut into `expected` blocks of nine, so files
/// written without blank separators read the same as those with them.
fn blocks_of_nine(text: &str, expected: usize) -> Vec<(usize, Vec<&str>)> {
    let bl = blocks(text);
    if bl.len() == 1 && bl[0].1.len() == expected * 9 {
        let first = bl[0].0;
        bl[0]
            .1
            .chunks(9)
            .enumerate()
            .map(|(k, c)| (first + 9 * k, c.to_vec()))
            .collect()
    } else {
        bl
    }
}

fn read_layers(text: &str) -> Result<Vec<u8>, ParseError> {
    check_chars(text)?;
    // Blank lines between layers are expected; 81 rows without them are accepted too.
    let layers = blocks_of_nine(text, 9);
    if layers.len() != 9 {
        return Err(ParseError::Shape(format!(
            "found {} layers (blocks of rows separated by a blank line), expected 9",
            layers.len()
        )));
    }
    let mut out = Vec::with_capacity(CELLS);
    for (k, (first, rows)) in layers.iter().enumerate() {
        if rows.len() != 9 {
            return Err(ParseError::Shape(format!(
                "line {first}: layer {k} has {} rows, expected 9",
                rows.len()
            )));
        }
        for (j, row) in rows.iter().enumerate() {
            let n = row.chars().filter(|c| !c.is_whitespace()).count();
            if n != 9 || row.split_whitespace().count() != 1 {
                return Err(ParseError::Shape(format!(
                    "line {}: row {j} of layer {k} has {n} digits, expected 9",
                    first + j
                )));
            }
            out.extend(row.bytes().map(|b| b - b'0'));
        }
    }
    Ok(out)
}

fn read_across(text: &str) -> Result<Vec<u8>, ParseError> {
    check_chars(text)?;
    // Blank lines between groups are expected; 27 lines without them are accepted too.
    let groups = blocks_of_nine(text, 3);
    if groups.len() != 3 {
        return Err(ParseError::Shape(format!(
            "found {} line groups, expected 3 (each holding three layers side by side)",
            groups.len()
        )));
    }
    let mut layers = vec![vec![0u8; 81]; 9];
    for (g, (first, rows)) in groups.iter().enumerate() {
        if rows.len() != 9 {
            return Err(ParseError::Shape(format!(
                "line {first}: group {g} has {} lines, expected 9",
                rows.len()
            )));
        }
        for (j, row) in rows.iter().enumerate() {
            let toks: Vec<&str> = row.split_whitespace().collect();
            if toks.len() != 3 {
                return Err(ParseError::Shape(format!(
                    "line {}: holds {} rows, expected 3 side by side",
                    first + j,
                    toks.len()
                )));
            }
            for (c, tok) in toks.iter().enumerate() {
                let k = 3 * g + c;
                if tok.len() != 9 {
                    return Err(ParseError::Shape(format!(
                        "line {}: row {j} of layer {k} has {} digits, expected 9",
                        first + j,
                        tok.len()
                    )));
                }
                for (i, b) in tok.bytes().enumerate() {
                    layers[k][j * 9 + i] = b - b'0';
                }
            }
        }
    }
    Ok(layers.concat())
}

fn read_digits(text: &str) -> Result<Vec<u8>, ParseError> {
    check_chars(text)?;
    let out: Vec<u8> = text
        .bytes()
        .filter(|b| b.is_ascii_digit())
        .map(|b| b - b'0')
        .collect();
    if out.len() != CELLS {
        return Err(ParseError::Shape(format!(
            "found {} digits, expected 729",
            out.len()
        )));
    }
    Ok(out)
}

fn json_digit(v: &Value, place: impl Fn() -> String) -> Result<u8, ParseError> {
    let d = match v {
        Value::Number(n) => n.as_u64().filter(|d| (1..=9).contains(d)).map(|d| d as u8),
        Value::String(s) => {
            let mut ch = s.chars();
            match (ch.next(), ch.next()) {
                (Some(c @ '1'..='9'), None) => Some(c as u8 - b'0'),
                _ => None,
            }
        }
        _ => None,
    };
    d.ok_or_else(|| ParseError::Json(format!("{} is {v}, expected a digit 1-9", place())))
}

fn read_json(text: &str, layout: Layout) -> Result<Vec<u8>, ParseError> {
    let v: Value = serde_json::from_str(text).map_err(|e| ParseError::Json(e.to_string()))?;
    let top = v
        .as_array()
        .ok_or_else(|| ParseError::Json("expected an array".to_string()))?;
    let mut out = Vec::with_capacity(CELLS);
    if layout == Layout::JsonRows {
        if top.len() != 81 {
            return Err(ParseError::Json(format!(
                "found {} rows, expected 81 strings of 9 digits",
                top.len()
            )));
        }
        for (r, row) in top.iter().enumerate() {
            let (k, j) = (r / 9, r % 9);
            let s = row.as_str().ok_or_else(|| {
                ParseError::Json(format!("row {j} of layer {k} is {row}, expected a string"))
            })?;
            let n = s.chars().count();
            if n != 9 {
                return Err(ParseError::Json(format!(
                    "row {j} of layer {k} has {n} characters, expected 9 digits"
                )));
            }
            for (i, c) in s.chars().enumerate() {
                match c {
                    '1'..='9' => out.push(c as u8 - b'0'),
                    _ => {
                        return Err(ParseError::Json(format!(
                            "cell ({i},{k},{j}) is {c:?}, expected a digit 1-9"
                        )))
                    }
                }
            }
        }
        return Ok(out);
    }
    if top.len() != 9 {
        return Err(ParseError::Json(format!(
            "found {} layers, expected 9 (array indexed [y][z][x])",
            top.len()
        )));
    }
    for (y, layer) in top.iter().enumerate() {
        let rows = layer
            .as_array()
            .filter(|a| a.len() == 9)
            .ok_or_else(|| ParseError::Json(format!("layer {y} is not an array of 9 rows")))?;
        for (z, row) in rows.iter().enumerate() {
            let cells = row.as_array().filter(|a| a.len() == 9).ok_or_else(|| {
                ParseError::Json(format!("row {z} of layer {y} is not an array of 9 cells"))
            })?;
            for (x, c) in cells.iter().enumerate() {
                out.push(json_digit(c, || format!("cell ({x},{y},{z})"))?);
            }
        }
    }
    Ok(out)
}

/// Check that `cells` holds exactly the solved cube's pieces: each digit 81 times,
/// and per digit the solved number on even and on odd cells.
pub fn validate(cells: &[u8; CELLS]) -> Result<(), ParseError> {
    let mut count = [0usize; 10];
    let mut by_class = [[0usize; 2]; 10];
    let mut want = [[0usize; 2]; 10];
    for (i, &d) in cells.iter().enumerate() {
        if !(1..=9).contains(&d) {
            let (x, y, z) = coords(i);
            return Err(ParseError::Shape(format!(
                "cell ({x},{y},{z}) holds {d}, expected a digit 1-9"
            )));
        }
        count[d as usize] += 1;
        by_class[d as usize][parity(i)] += 1;
        want[SOLVED[i] as usize][parity(i)] += 1;
    }
    for d in 1..=9u8 {
        if count[d as usize] != 81 {
            return Err(ParseError::DigitCount {
                digit: d,
                count: count[d as usize],
            });
        }
    }
    for d in 1..=9u8 {
        for p in 0..2 {
            if by_class[d as usize][p] > want[d as usize][p] {
                // Name a cell of class p holding d where it does not belong.
                let i = (0..CELLS)
                    .rev()
                    .find(|&i| cells[i] == d && parity(i) == p && home_digit(i) != d)
                    .unwrap_or(0);
                let (x, y, z) = coords(i);
                let name = |p: usize| if p == 0 { "even" } else { "odd" };
                return Err(ParseError::WrongClass {
                    x,
                    y,
                    z,
                    digit: d,
                    class: name(p),
                    other: name(1 - p),
                    found: by_class[d as usize][p],
                    expected: want[d as usize][p],
                });
            }
        }
    }
    Ok(())
}

impl Cube {
    /// The cube as text in `layout` (ends with a newline).
    pub fn to_text(&self, layout: Layout) -> String {
        let c = self.cells();
        let row = |y: usize, z: usize| -> String {
            (0..9)
                .map(|x| char::from(b'0' + c[y * 81 + z * 9 + x]))
                .collect()
        };
        match layout {
            Layout::Layers => {
                let layers: Vec<String> = (0..9)
                    .map(|y| (0..9).map(|z| row(y, z) + "\n").collect())
                    .collect();
                layers.join("\n")
            }
            Layout::Across => {
                let groups: Vec<String> = (0..3)
                    .map(|g| {
                        (0..9)
                            .map(|z| {
                                let parts: Vec<String> =
                                    (0..3).map(|k| row(3 * g + k, z)).collect();
                                parts.join("   ") + "\n"
                            })
                            .collect()
                    })
                    .collect();
                groups.join("\n")
            }
            Layout::Json3d => {
                let layers: Vec<String> = (0..9)
                    .map(|y| {
                        let rows: Vec<String> = (0..9)
                            .map(|z| {
                                let ds: Vec<String> =
                                    (0..9).map(|x| c[y * 81 + z * 9 + x].to_string()).collect();
                                format!("[{}]", ds.join(","))
                            })
                            .collect();
                        format!("  [{}]", rows.join(","))
                    })
                    .collect();
                format!("[\n{}\n]\n", layers.join(",\n"))
            }
            Layout::JsonRows => {
                let rows: Vec<String> = (0..81)
                    .map(|r| format!("  \"{}\"", row(r / 9, r % 9)))
                    .collect();
                format!("[\n{}\n]\n", rows.join(",\n"))
            }
            Layout::Digits => {
                let mut s: String = c.iter().map(|&d| char::from(b'0' + d)).collect();
                s.push('\n');
                s
            }
        }
    }
}
