//! Pictures of big cubes: the net in the terminal and as SVG, for any sheet that reads,
//! reachable or not.

use cubist_nxn::validity::{name_colours, ColourError};
use cubist_nxn::Sheet;
use cubist_rubik::Face;
use std::fmt::Write;

/// Terminal colours (background, foreground) of each face, U R F D L B: white, red,
/// green, yellow, orange, blue.
const TERMINAL: [(&str, &str); 6] = [
    ("\x1b[107m", "\x1b[30m"),
    ("\x1b[41m", "\x1b[97m"),
    ("\x1b[42m", "\x1b[30m"),
    ("\x1b[103m", "\x1b[30m"),
    ("\x1b[48;5;208m", "\x1b[30m"),
    ("\x1b[44m", "\x1b[97m"),
];
/// A symbol no face is known for.
const GREY: (&str, &str) = ("\x1b[100m", "\x1b[97m");

/// The face index of a colour letter `W R G Y O B`, in face order.
fn named(symbol: &str) -> Option<usize> {
    let c = symbol.chars().next()?.to_ascii_uppercase();
    "WRGYOB".find(c).filter(|_| symbol.chars().count() == 1)
}

/// Which face's colour to paint each symbol: colour letters their own colours when the
/// six are six different ones; else the faces the cube's colours name (odd cubes by
/// their centres, even by the DBL corner), or where that fails, an odd cube's centres.
fn faces(sheet: &Sheet) -> Vec<Option<usize>> {
    let mut distinct: Vec<&str> = Vec::new();
    for s in &sheet.symbols {
        if !distinct.contains(&s.as_str()) {
            distinct.push(s);
        }
    }
    let by_name: Vec<Option<usize>> = distinct.iter().map(|s| named(s)).collect();
    let all_named = distinct.len() == 6
        && by_name.iter().all(Option::is_some)
        && (0..6).all(|i| (0..i).all(|j| by_name[i] != by_name[j]));
    let face_of = |s: &str| -> Option<usize> {
        if all_named {
            return named(s);
        }
        match name_colours(sheet) {
            Ok((scheme, _)) => scheme.iter().position(|x| x == s),
            Err(ColourError::Unreachable(_) | ColourError::Malformed(_)) => {
                let n = sheet.n;
                (n % 2 == 1)
                    .then(|| (0..6).find(|&f| sheet.symbols[(f * n + n / 2) * n + n / 2] == s))
                    .flatten()
            }
        }
    };
    sheet.symbols.iter().map(|s| face_of(s)).collect()
}

/// The net drawn for a terminal: coloured cells, or the plain net format.
pub fn terminal(sheet: &Sheet, colour: bool) -> String {
    let n = sheet.n;
    let paint = if colour { faces(sheet) } else { Vec::new() };
    let cell = |k: usize| -> String {
        let s = &sheet.symbols[k];
        if colour {
            let (bg, fg) = paint[k].map_or(GREY, |f| TERMINAL[f]);
            format!("{bg}{fg} {s} \x1b[0m")
        } else {
            s.clone()
        }
    };
    let row = |face: Face, r: usize| (0..n).map(move |c| (face.index() * n + r) * n + c);
    let sep = if colour { "" } else { " " };
    let indent = " ".repeat(if colour { 3 * n } else { 2 * n });
    let mut out = String::new();
    for (faces, pad) in [
        (&[Face::U][..], true),
        (&[Face::L, Face::F, Face::R, Face::B][..], false),
        (&[Face::D][..], true),
    ] {
        for r in 0..n {
            let cells: Vec<String> = faces.iter().flat_map(|&f| row(f, r)).map(cell).collect();
            if pad {
                out.push_str(&indent);
            }
            out.push_str(&cells.join(sep));
            out.push('\n');
        }
    }
    out
}

/// The nets of one or more cubes as one SVG picture, stacked top to bottom; each face
/// is 120 pixels wide whatever its size.
pub fn svg(sheets: &[Sheet]) -> String {
    const FACE: usize = 120;
    const PAD: usize = 10;
    let (w, h) = (4 * FACE + 2 * PAD, 3 * FACE + 2 * PAD);
    let total = h * sheets.len().max(1);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{total}\" \
         viewBox=\"0 0 {w} {total}\">\n  <title>big cube net</title>\n  \
         <rect width=\"{w}\" height=\"{total}\" fill=\"#fafafa\"/>\n"
    );
    // Each face's top-left corner in face units, U R F D L B.
    const ORIGIN: [(usize, usize); 6] = [(1, 0), (2, 1), (1, 1), (1, 2), (0, 1), (3, 1)];
    for (k, sheet) in sheets.iter().enumerate() {
        let n = sheet.n;
        let cell = FACE as f64 / n as f64;
        let paint = faces(sheet);
        for (i, f) in paint.iter().enumerate() {
            let face = i / (n * n);
            let (r, c) = ((i / n) % n, i % n);
            let (ox, oy) = ORIGIN[face];
            let x = (PAD + ox * FACE) as f64 + c as f64 * cell;
            let y = (k * h + PAD + oy * FACE) as f64 + r as f64 * cell;
            let fill = f.map_or("#888888", |f| cubist_web::svg::FACE_COLOURS[f]);
            let _ = writeln!(
                svg,
                r##"  <rect x="{x:.2}" y="{y:.2}" width="{cell:.2}" height="{cell:.2}" fill="{fill}" stroke="#111" stroke-width="1"/>"##
            );
        }
    }
    svg.push_str("</svg>\n");
    svg
}
