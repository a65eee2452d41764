//! The colour net of SPEC §2.1: nine rows, U on rows 1-3, then L F R B side by side
//! (12 stickers a row), then D. Stickers are single letters separated by spaces (a row
//! may also be written without spaces); indentation and blank lines are free.

use super::pieces::tokens_with_columns;
use super::{shorten, ColourScheme, Format, FormatError, Sheet};
use crate::facelet::{sticker, Facelets};
use crate::moves::Face;

/// The faces drawn side by side on rows 4-6, left to right.
pub const SIDE_FACES: [Face; 4] = [Face::L, Face::F, Face::R, Face::B];

/// How many stickers each of the nine rows holds.
const ROW_LENGTHS: [usize; 9] = [3, 3, 3, 12, 12, 12, 3, 3, 3];

/// Read a whole text holding one net.
pub fn read(text: &str) -> Result<Sheet, FormatError> {
    let rows: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| (i + 1, l))
        .collect();
    let last_line = text.lines().count();
    read_rows(&rows, last_line)
}

/// Read nine numbered rows (blank rows already dropped) into a sheet; `end_line` is the
/// line to name when rows are missing. Used by the net format and by the batch judge.
pub fn read_rows(rows: &[(usize, &str)], end_line: usize) -> Result<Sheet, FormatError> {
    let mut stickers = vec![String::new(); 54];
    for (r, &(line, text)) in rows.iter().take(9).enumerate() {
        let want = ROW_LENGTHS[r];
        let mut tokens = tokens_with_columns(text);
        // A row written in groups without spaces (`OOO`, `LLL FFF RRR BBB`): split
        // the groups into letters when that gives exactly the row's stickers.
        let letters: usize = tokens.iter().map(|(_, t)| t.chars().count()).sum();
        if tokens.len() < want && letters == want {
            tokens = tokens
                .iter()
                .flat_map(|&(col, t)| {
                    t.char_indices()
                        .enumerate()
                        .map(move |(k, (b, c))| (col + k, &t[b..b + c.len_utf8()]))
                })
                .collect();
        }
        if tokens.len() != want {
            return Err(FormatError::new(
                line,
                format!("row {} has {} stickers", r + 1, tokens.len()),
                format!("{want} single letters"),
            ));
        }
        if let Some(&(col, t)) = tokens
            .iter()
            .find(|(_, t)| t.chars().count() != 1 || !t.chars().all(char::is_alphanumeric))
        {
            return Err(FormatError::new(
                line,
                format!("sticker {:?}", shorten(t)),
                "a single letter",
            )
            .at_column(col));
        }
        for (k, &(_, t)) in tokens.iter().enumerate() {
            stickers[position(r, k)] = t.to_string();
        }
    }
    if rows.len() < 9 {
        return Err(FormatError::new(
            end_line.max(1),
            format!("the net ends after {} rows", rows.len()),
            "9 rows: 3 for U, 3 for L F R B side by side, 3 for D",
        ));
    }
    if rows.len() > 9 {
        return Err(FormatError::new(
            rows[9].0,
            format!("a 10th row {:?}", shorten(rows[9].1.trim())),
            "a net of exactly 9 rows",
        ));
    }
    Ok(Sheet {
        format: Format::Net,
        line: rows[0].0,
        stickers,
        numeric: false,
    })
}

/// The facelet index of the `k`-th sticker on net row `r`.
fn position(r: usize, k: usize) -> usize {
    match r {
        0..=2 => sticker(Face::U, r, k),
        3..=5 => sticker(SIDE_FACES[k / 3], r - 3, k % 3),
        _ => sticker(Face::D, r - 6, k),
    }
}

/// Write stickers as a net: U and D indented to sit over and under F.
pub fn write(scheme: &ColourScheme, stickers: &Facelets) -> String {
    let row = |r: usize| -> String {
        (0..ROW_LENGTHS[r])
            .map(|k| scheme.symbol(stickers.0[position(r, k)]))
            .collect::<Vec<_>>()
            .join(" ")
    };
    (0..9)
        .map(|r| {
            if ROW_LENGTHS[r] == 3 {
                format!("      {}", row(r))
            } else {
                row(r)
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solved_net_round_trips() {
        let text = write(&ColourScheme::face_letters(), &Facelets::solved());
        assert_eq!(text.lines().nth(3).unwrap(), "L L L F F F R R R B B B");
        let sheet = read(&text).unwrap();
        assert_eq!(sheet.stickers.concat(), Facelets::solved().to_letters());
    }

    #[test]
    fn accepts_free_indentation_and_compact_rows() {
        let text = "\n  UUU\nU U U\n      U U U\nLLLFFFRRRBBB\nLLL FFF RRR BBB\n \
                    L L L F F F R R R B B B\nDDD\n D D D\n\tD D D\n\n";
        let sheet = read(text).unwrap();
        assert_eq!(sheet.stickers.concat(), Facelets::solved().to_letters());
        assert_eq!(sheet.line, 2);
    }

    #[test]
    fn short_row_names_its_line() {
        let text = "U U U\nU U U\nU U U\nL L L F F F R R R B B\n";
        let e = read(text).unwrap_err();
        assert_eq!(e.line, 4);
        assert!(e.to_string().contains("11 stickers"), "{e}");
        let e = read("U U U\nU U U\n").unwrap_err();
        assert!(e.to_string().contains("after 2 rows"), "{e}");
    }
}
