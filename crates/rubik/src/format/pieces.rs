//! Singmaster's positional piece list: one line of 20 tokens giving, for the slots
//! `UF UR UB UL DF DR DB DL FR FL BR BL UFR URB UBL ULF DRF DFL DLB DBR`, the colours
//! (face letters) on that slot's stickers in the slot's own face order.

use super::{shorten, ColourScheme, Format, FormatError, Sheet};
use crate::facelet::{Facelets, CORNER_COLOURS, CORNER_FACELETS, EDGE_COLOURS, EDGE_FACELETS};
use crate::moves::Face;

/// The slots of a piece list, in order.
pub const SLOTS: [&str; 20] = [
    "UF", "UR", "UB", "UL", "DF", "DR", "DB", "DL", "FR", "FL", "BR", "BL", "UFR", "URB", "UBL",
    "ULF", "DRF", "DFL", "DLB", "DBR",
];

/// The solved cube as a piece list.
pub const SOLVED: &str = "UF UR UB UL DF DR DB DL FR FL BR BL UFR URB UBL ULF DRF DFL DLB DBR";

/// The sticker index (facelet-string order) of each letter position of each slot.
pub fn slot_stickers() -> [Vec<usize>; 20] {
    SLOTS.map(|name| {
        let faces: Vec<Face> = name.chars().filter_map(Face::from_letter).collect();
        let same = |colours: &[Face]| {
            colours.len() == faces.len() && faces.iter().all(|f| colours.contains(f))
        };
        let (colours, stickers): (Vec<Face>, Vec<usize>) = if faces.len() == 2 {
            let k = (0..12)
                .find(|&k| same(&EDGE_COLOURS[k]))
                .expect("edge slot");
            (EDGE_COLOURS[k].to_vec(), EDGE_FACELETS[k].to_vec())
        } else {
            let k = (0..8)
                .find(|&k| same(&CORNER_COLOURS[k]))
                .expect("corner slot");
            (CORNER_COLOURS[k].to_vec(), CORNER_FACELETS[k].to_vec())
        };
        // In the solved cube each sticker shows the face it lies on.
        faces
            .iter()
            .map(|f| stickers[colours.iter().position(|c| c == f).expect("face")])
            .collect()
    })
}

/// The face centres, in facelet-string order of their stickers.
fn centre(face: Face) -> usize {
    face.index() * 9 + 4
}

/// Read one line (numbered `line`) holding one piece list.
pub fn read_line(text: &str, line: usize) -> Result<Sheet, FormatError> {
    let tokens: Vec<(usize, &str)> = tokens_with_columns(text);
    if tokens.len() != 20 {
        return Err(FormatError::new(
            line,
            format!("{} pieces", tokens.len()),
            format!("20 pieces for the slots {SOLVED}"),
        ));
    }
    let mut stickers = vec![String::new(); 54];
    for face in Face::ALL {
        stickers[centre(face)] = face.letter().to_string();
    }
    let table = slot_stickers();
    for (i, &(column, token)) in tokens.iter().enumerate() {
        let slot = SLOTS[i];
        let letters: Vec<char> = token.chars().collect();
        let bad_letter = letters.iter().find(|c| Face::from_letter(**c).is_none());
        if letters.len() != slot.len() || bad_letter.is_some() {
            let what = if slot.len() == 2 { "edge" } else { "corner" };
            return Err(FormatError::new(
                line,
                format!("piece {} ({what} {slot}) is {:?}", i + 1, shorten(token)),
                format!("{} face letters from U R F D L B", slot.len()),
            )
            .at_column(column));
        }
        for (k, &c) in letters.iter().enumerate() {
            stickers[table[i][k]] = c.to_string();
        }
    }
    Ok(Sheet {
        format: Format::Pieces,
        line,
        stickers,
        numeric: false,
    })
}

/// Whitespace-separated tokens with their 1-based character columns.
pub(crate) fn tokens_with_columns(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte, column)
    let mut column = 0;
    for (byte, c) in text.char_indices() {
        column += 1;
        match (c.is_whitespace(), start) {
            (true, Some((b, col))) => {
                out.push((col, &text[b..byte]));
                start = None;
            }
            (false, None) => start = Some((byte, column)),
            _ => {}
        }
    }
    if let Some((b, col)) = start {
        out.push((col, &text[b..]));
    }
    out
}

/// Write stickers as one piece-list line.
pub fn write(scheme: &ColourScheme, stickers: &Facelets) -> String {
    let table = slot_stickers();
    table
        .iter()
        .map(|slot| {
            slot.iter()
                .map(|&s| scheme.symbol(stickers.0[s]))
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cubie::CubieCube;
    use crate::moves::Alg;
    use crate::read::parse_one;

    #[test]
    fn solved_is_the_slot_list() {
        let s = write(&ColourScheme::face_letters(), &Facelets::solved());
        assert_eq!(s, SOLVED);
        let sheet = read_line(SOLVED, 1).unwrap();
        assert_eq!(sheet.stickers.concat(), Facelets::solved().to_letters());
    }

    #[test]
    fn reads_the_sample_and_its_solution_solves_it() {
        let text = include_str!("../../../../examples/rubik/singmaster-sample.txt");
        let moves = include_str!("../../../../examples/rubik/singmaster-sample.solution");
        let cube = parse_one(text, None).unwrap();
        assert_eq!(cube.format, Format::Pieces);
        assert_eq!(cube.to_text(), text.trim());
        let alg = Alg::parse(moves).unwrap();
        assert!(cube.cube.apply_alg(&alg).is_solved());
    }

    #[test]
    fn a_turn_moves_pieces() {
        // After U, the UF slot holds the piece from UR.
        let c = CubieCube::from_alg(&Alg::parse("U").unwrap());
        let s = write(&ColourScheme::face_letters(), &Facelets::from_cubie(&c));
        assert!(s.starts_with("UR UB UL UF"), "{s}");
    }

    #[test]
    fn reports_bad_tokens_with_column() {
        let e = read_line("UF UX", 3).unwrap_err();
        assert_eq!(e.line, 3);
        let bad = SOLVED.replace("UBL", "UBX");
        let e = read_line(&bad, 1).unwrap_err();
        assert_eq!(e.column, Some(bad.find("UBX").unwrap() + 1));
        assert!(e.to_string().contains("corner UBL"), "{e}");
    }
}
