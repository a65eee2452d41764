//! Standalone SVG pictures of either puzzle, for `cubist show --svg OUT`.
//!
//! The functions take plain data (sticker symbols, digits) rather than library types,
//! so they can draw anything a parser could read, reachable or not. Colours match the
//! viewer page.

use std::fmt::Write;

/// Digit colours 1..9, as in the viewer.
pub const DIGIT_COLOURS: [&str; 9] = [
    "#e6194b", "#f58231", "#ffe119", "#9bd94a", "#2fae4e", "#36c6e0", "#4363d8", "#8f3fd1",
    "#f032e6",
];

/// Sticker colours by face, in facelet order U R F D L B (white, red, green, yellow,
/// orange, blue).
pub const FACE_COLOURS: [&str; 6] = [
    "#f4f4f4", "#c8102e", "#009b48", "#ffd500", "#ff6a13", "#0046ad",
];

/// Colour of a symbol no centre carries.
const UNKNOWN: &str = "#888888";

/// Position of each face's top-left sticker in the net (in sticker units), in facelet
/// order U R F D L B: U above F, then L F R B in a row, D below F.
const NET_ORIGIN: [(usize, usize); 6] = [(3, 0), (6, 3), (3, 3), (3, 6), (0, 3), (9, 3)];

/// The unfolded net of one or more 3×3×3 cubes, stacked top to bottom. Each cube is 54
/// sticker symbols in facelet order (U1..U9 R1..R9 F.. D.. L.. B..); a sticker is
/// painted with the colour of the face whose centre carries the same symbol.
pub fn rubik_net<S: AsRef<str>>(cubes: &[Vec<S>]) -> String {
    const CELL: usize = 30;
    const PAD: usize = 10;
    let (w, h) = (12 * CELL + 2 * PAD, 9 * CELL + 2 * PAD);
    let total_h = h * cubes.len().max(1);
    let mut svg = header(w, total_h, "3×3×3 net");
    for (k, stickers) in cubes.iter().enumerate() {
        let top = k * h + PAD;
        let centre = |f: usize| stickers.get(f * 9 + 4).map(AsRef::as_ref);
        for face in 0..6 {
            let (ox, oy) = NET_ORIGIN[face];
            for i in 0..9 {
                let symbol = stickers.get(face * 9 + i).map(AsRef::as_ref);
                let colour = (0..6)
                    .find(|&f| symbol.is_some() && centre(f) == symbol)
                    .map_or(UNKNOWN, |f| FACE_COLOURS[f]);
                let x = PAD + (ox + i % 3) * CELL;
                let y = top + (oy + i / 3) * CELL;
                let _ = writeln!(
                    svg,
                    r##"  <rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" rx="3" fill="{colour}" stroke="#111" stroke-width="2"/>"##
                );
            }
        }
    }
    svg.push_str("</svg>\n");
    svg
}

/// The nine layers of a digit cube, bottom layer (y = 0) first, three to a row as in
/// the `across` layout. `cells` are 729 digits 1..9 in text-format order (layer y, row
/// z, column x). Each cell shows its digit on its colour; cells not holding their home
/// digit are drawn dimmer with a dark outline, so the solved parts stand out.
pub fn cubular_layers(cells: &[u8]) -> String {
    const CELL: usize = 22;
    const GAP: usize = 24;
    const PAD: usize = 12;
    const TITLE: usize = 18;
    let layer = 9 * CELL;
    let w = 3 * layer + 2 * GAP + 2 * PAD;
    let h = 3 * (layer + TITLE) + 2 * GAP + 2 * PAD;
    let mut svg = header(w, h, "digit cube layers");
    for y in 0..9 {
        let ox = PAD + (y % 3) * (layer + GAP);
        let oy = PAD + (y / 3) * (layer + TITLE + GAP);
        let _ = writeln!(
            svg,
            r##"  <text x="{ox}" y="{}" font-size="13" fill="#333">layer y = {y}</text>"##,
            oy + 13
        );
        for z in 0..9 {
            for x in 0..9 {
                let digit = cells.get(y * 81 + z * 9 + x).copied().unwrap_or(0);
                let home = ((x + y + z) % 9 + 1) as u8;
                let colour = match digit {
                    1..=9 => DIGIT_COLOURS[usize::from(digit - 1)],
                    _ => UNKNOWN,
                };
                let (px, py) = (ox + x * CELL, oy + TITLE + z * CELL);
                let (opacity, stroke) = if digit == home {
                    ("1", "#ffffff")
                } else {
                    ("0.45", "#222222")
                };
                let _ = writeln!(
                    svg,
                    r##"  <rect x="{px}" y="{py}" width="{CELL}" height="{CELL}" fill="{colour}" fill-opacity="{opacity}" stroke="{stroke}" stroke-width="1"/>"##
                );
                let _ = writeln!(
                    svg,
                    r##"  <text x="{}" y="{}" font-size="13" text-anchor="middle" fill="#111">{digit}</text>"##,
                    px + CELL / 2,
                    py + CELL / 2 + 5
                );
            }
        }
    }
    svg.push_str("</svg>\n");
    svg
}

fn header(w: usize, h: usize, title: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
         font-family=\"DejaVu Sans Mono, monospace\">\n  <title>{title}</title>\n  \
         <rect width=\"{w}\" height=\"{h}\" fill=\"#fafafa\"/>\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(hay: &str, needle: &str) -> usize {
        hay.matches(needle).count()
    }

    #[test]
    fn net_paints_each_sticker_by_its_centre() {
        // A solved cube written with colour letters: each face one colour.
        let letters: Vec<String> = "WRGYOB"
            .chars()
            .flat_map(|c| std::iter::repeat_n(c.to_string(), 9))
            .collect();
        let svg = rubik_net(std::slice::from_ref(&letters));
        assert_eq!(count(&svg, "<rect x="), 54);
        for colour in FACE_COLOURS {
            assert_eq!(count(&svg, &format!("fill=\"{colour}\"")), 9, "{colour}");
        }
        // A symbol no centre carries is grey; two cubes stack.
        let mut odd = letters;
        odd[0] = "X".into();
        let svg = rubik_net(&[odd.clone(), odd]);
        assert_eq!(count(&svg, &format!("fill=\"{UNKNOWN}\"")), 2);
        assert_eq!(count(&svg, "<rect x="), 108);
    }

    #[test]
    fn layers_mark_misplaced_cells() {
        let mut cells: Vec<u8> = (0..729)
            .map(|i| {
                let (x, z, y) = (i % 9, (i / 9) % 9, i / 81);
                ((x + y + z) % 9 + 1) as u8
            })
            .collect();
        let svg = cubular_layers(&cells);
        assert_eq!(count(&svg, "fill-opacity=\"1\""), 729);
        assert_eq!(count(&svg, "layer y = "), 9);
        cells.swap(0, 1);
        let svg = cubular_layers(&cells);
        assert_eq!(count(&svg, "fill-opacity=\"0.45\""), 2);
    }
}
