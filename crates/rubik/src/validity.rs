//! Validity of SPEC §2.5: can these stickers be reached from a solved cube by face
//! turns? If not, say why: wrong colour counts, a piece that does not exist, a
//! duplicated piece, a twisted corner, a flipped edge, or a swap of two pieces.

use crate::cubie::{permutation_parity, CubieCube, CORNER_NAMES, EDGE_NAMES};
use crate::facelet::{Facelets, PieceError};
use crate::format::{pieces, position, ColourScheme, FormatError, Sheet};
use crate::moves::Face;

/// Why well-formed stickers are not a cube that face turns can reach.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Invalidity {
    /// Two centres show the same colour, so some colour has no face.
    #[error("impossible centres: the {a} and {b} centres are both {colour}; expected six different centre colours")]
    SharedCentre {
        /// One face.
        a: Face,
        /// The other face.
        b: Face,
        /// Their colour as written.
        colour: String,
    },
    /// Some colour does not appear exactly nine times.
    #[error("wrong colour counts: {counts}; expected 9 stickers of each colour")]
    ColourCount {
        /// The colours that are off and how often they appear, e.g. `W 10, Y 8`.
        counts: String,
    },
    /// A slot shows a colour combination that no piece has.
    #[error("impossible piece: the {kind} at {slot} shows {colours}, {why}")]
    ImpossiblePiece {
        /// `corner` or `edge`.
        kind: &'static str,
        /// The slot name as in a piece list, e.g. `UFR`, `UF`.
        slot: &'static str,
        /// Its colours as written.
        colours: String,
        /// What is wrong with them.
        why: &'static str,
    },
    /// A piece appears in two slots (and another piece is missing).
    #[error("duplicated piece: the {kind} {colours} appears at both {first} and {second}")]
    DuplicatePiece {
        /// `corner` or `edge`.
        kind: &'static str,
        /// The piece's colours as written.
        colours: String,
        /// The first slot holding it.
        first: &'static str,
        /// The second slot holding it.
        second: &'static str,
    },
    /// Corner twists do not add up to 0 mod 3.
    #[error("twisted corner: the corner twists add up to {sum} mod 3, expected 0 (a corner is turned in place)")]
    TwistedCorner {
        /// The sum of twists mod 3 (1 or 2).
        sum: u8,
    },
    /// Edge flips do not add up to 0 mod 2.
    #[error("flipped edge: an odd number of edges is flipped, expected an even number (an edge is flipped in place)")]
    FlippedEdge,
    /// The corner and edge permutations have different parities.
    #[error("parity: two pieces are swapped (the corner permutation is {corners}, the edges' {edges}; face turns keep them equal)")]
    Parity {
        /// `even` or `odd`.
        corners: &'static str,
        /// `even` or `odd`.
        edges: &'static str,
    },
}

/// Why one cube of an input was rejected: malformed (exit 2) or well-formed but not
/// reachable by face turns (exit 1).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CubeError {
    /// The text does not describe a cube.
    #[error("{0}")]
    Malformed(#[from] FormatError),
    /// The stickers describe a cube that face turns cannot reach.
    #[error("{}{reason}", position(*.line, None))]
    Unreachable {
        /// 1-based line where the cube starts (0 when it is not on one line).
        line: usize,
        /// The named reason of SPEC §2.5.
        reason: Invalidity,
    },
}

impl CubeError {
    /// Whether the text was well-formed and only the cube is impossible (exit 1 rather
    /// than 2).
    pub fn is_unreachable(&self) -> bool {
        matches!(self, CubeError::Unreachable { .. })
    }
}

const CENTRES: [usize; 6] = [4, 13, 22, 31, 40, 49];

/// Decide what a sheet's symbols mean (from the centres) and check that the cube is
/// reachable. More than six colours is malformed; the rest are [`Invalidity`] reasons.
pub fn check_sheet(sheet: &Sheet) -> Result<(ColourScheme, CubieCube), CubeError> {
    let unreachable = |reason| CubeError::Unreachable {
        line: sheet.line,
        reason,
    };
    let mut colours: Vec<(&str, usize)> = Vec::new();
    for s in &sheet.stickers {
        match colours.iter_mut().find(|(c, _)| *c == s.as_str()) {
            Some((_, n)) => *n += 1,
            None => colours.push((s, 1)),
        }
    }
    if colours.len() > 6 {
        let names: Vec<&str> = colours.iter().map(|(c, _)| *c).collect();
        return Err(FormatError::new(
            sheet.line,
            format!("{} colours ({})", colours.len(), names.join(" ")),
            "6 colours, nine stickers each",
        )
        .into());
    }
    let centres: [String; 6] = CENTRES.map(|i| sheet.stickers[i].clone());
    for a in 0..6 {
        for b in 0..a {
            if centres[a] == centres[b] {
                return Err(unreachable(Invalidity::SharedCentre {
                    a: Face::from_index(b),
                    b: Face::from_index(a),
                    colour: centres[a].clone(),
                }));
            }
        }
    }
    let off: Vec<String> = colours
        .iter()
        .filter(|(_, n)| *n != 9)
        .map(|(c, n)| format!("{c} {n}"))
        .collect();
    if !off.is_empty() {
        return Err(unreachable(Invalidity::ColourCount {
            counts: off.join(", "),
        }));
    }
    let scheme = ColourScheme::new(centres, sheet.numeric).expect("distinct centres");
    let mut faces = [Face::U; 54];
    for (k, s) in sheet.stickers.iter().enumerate() {
        faces[k] = scheme.face_of(s).expect("every colour is a centre's");
    }
    let cube = check_facelets(&Facelets(faces), &scheme).map_err(unreachable)?;
    Ok((scheme, cube))
}

/// Check stickers named by face (colours shown through `scheme` in messages) and return
/// their cubie state if face turns can reach it.
pub fn check_facelets(f: &Facelets, scheme: &ColourScheme) -> Result<CubieCube, Invalidity> {
    let show = |faces: &[Face]| -> String {
        faces
            .iter()
            .map(|&x| scheme.symbol(x))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let clash = |faces: &[Face]| -> Option<&'static str> {
        for i in 0..faces.len() {
            for j in 0..i {
                if faces[i] == faces[j] {
                    return Some("the same colour twice");
                }
                if faces[i] == faces[j].opposite() {
                    return Some("two colours of opposite faces");
                }
            }
        }
        None
    };
    // Slots are named and read as in a piece list (UFR: its U, F and R stickers).
    let table = pieces::slot_stickers();
    let seen = |slot: usize| -> Vec<Face> { table[slot].iter().map(|&k| f.0[k]).collect() };
    let kind = |slot: usize| if slot < 12 { "edge" } else { "corner" };
    for slot in 0..20 {
        let faces = seen(slot);
        if let Some(why) = clash(&faces) {
            return Err(Invalidity::ImpossiblePiece {
                kind: kind(slot),
                slot: pieces::SLOTS[slot],
                colours: show(&faces),
                why,
            });
        }
    }
    let cube = f.to_cubie().map_err(|e| {
        let name = match &e {
            PieceError::NoSuchCorner { slot, .. } | PieceError::NoSuchEdge { slot, .. } => *slot,
        };
        let slot = singmaster_slot(name);
        Invalidity::ImpossiblePiece {
            kind: kind(slot),
            slot: pieces::SLOTS[slot],
            colours: show(&seen(slot)),
            why: "colours in mirror-image order",
        }
    })?;
    // A piece is named by its colours as they sit in its home slot.
    let home = |slot: usize| -> Vec<Face> {
        pieces::SLOTS[slot]
            .chars()
            .filter_map(Face::from_letter)
            .collect()
    };
    let duplicates = [
        (duplicate(&cube.cp), &CORNER_NAMES[..]),
        (duplicate(&cube.ep), &EDGE_NAMES[..]),
    ];
    for (found, names) in duplicates {
        if let Some((piece, first, second)) = found {
            let (piece, first, second) = (
                singmaster_slot(names[piece]),
                singmaster_slot(names[first]),
                singmaster_slot(names[second]),
            );
            return Err(Invalidity::DuplicatePiece {
                kind: kind(piece),
                colours: if scheme.is_single_letters() {
                    home(piece).iter().map(|&x| scheme.symbol(x)).collect()
                } else {
                    show(&home(piece))
                },
                first: pieces::SLOTS[first],
                second: pieces::SLOTS[second],
            });
        }
    }
    let twist = cube.co.iter().map(|&o| o as u32).sum::<u32>() % 3;
    if twist != 0 {
        return Err(Invalidity::TwistedCorner { sum: twist as u8 });
    }
    if cube.eo.iter().map(|&o| o as u32).sum::<u32>() % 2 != 0 {
        return Err(Invalidity::FlippedEdge);
    }
    let (cp, ep) = (permutation_parity(&cube.cp), permutation_parity(&cube.ep));
    if cp != ep {
        let name = |p| if p == 0 { "even" } else { "odd" };
        return Err(Invalidity::Parity {
            corners: name(cp),
            edges: name(ep),
        });
    }
    debug_assert!(cube.is_reachable());
    Ok(cube)
}

/// The piece-list slot (index into [`pieces::SLOTS`]) with the same faces as a
/// cubie-model slot name (`URF` is `UFR`).
fn singmaster_slot(cubie_name: &str) -> usize {
    let mut want: Vec<char> = cubie_name.chars().collect();
    want.sort_unstable();
    pieces::SLOTS
        .iter()
        .position(|s| {
            let mut have: Vec<char> = s.chars().collect();
            have.sort_unstable();
            have == want
        })
        .expect("every slot has a piece-list name")
}

/// The first piece found in two slots: (piece, first slot, second slot).
fn duplicate(p: &[u8]) -> Option<(usize, usize, usize)> {
    for i in 0..p.len() {
        for j in 0..i {
            if p[i] == p[j] {
                return Some((p[i] as usize, j, i));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::pieces::SOLVED;
    use crate::read::parse_one;

    fn reason(text: &str) -> Invalidity {
        match parse_one(text, None) {
            Err(CubeError::Unreachable { reason, .. }) => reason,
            other => panic!("expected an unreachable cube, got {other:?}"),
        }
    }

    #[test]
    fn names_each_reason() {
        // Twist one corner in place: UFR read as FRU.
        let twisted = SOLVED.replace("UFR", "FRU");
        assert!(matches!(
            reason(&twisted),
            Invalidity::TwistedCorner { sum: 1 }
        ));
        let flipped = SOLVED.replacen("UF", "FU", 1);
        assert_eq!(reason(&flipped), Invalidity::FlippedEdge);
        let swapped = SOLVED.replacen("UF UR", "UR UF", 1);
        assert!(matches!(reason(&swapped), Invalidity::Parity { .. }));
        let opposite = SOLVED.replacen("UF", "UD", 1);
        assert!(matches!(reason(&opposite), Invalidity::ColourCount { .. }));
        // UF twice and DR twice keeps the colour counts right.
        let dup = SOLVED.replacen("UR", "UF", 1).replacen("DF", "DR", 1);
        assert!(matches!(
            reason(&dup),
            Invalidity::DuplicatePiece { kind: "edge", .. }
        ));
        // Swap one sticker of UF with one of DB: counts stay right, pieces do not.
        let mut f = Facelets::solved().to_letters().into_bytes();
        f.swap(7, 19 + 27 + 6); // U8 (of UF) with a D sticker
        let text = String::from_utf8(f).unwrap();
        let r = reason(&text);
        assert!(matches!(r, Invalidity::ImpossiblePiece { .. }), "{r}");
        // A mirror-image corner: UFR showing U R F.
        let mirror = SOLVED.replace("UFR", "URF");
        let r = reason(&mirror);
        assert!(r.to_string().contains("mirror"), "{r}");
    }

    #[test]
    fn seven_colours_is_malformed() {
        let mut text = Facelets::solved().to_letters();
        text.replace_range(0..1, "X");
        let e = parse_one(&text, None).unwrap_err();
        assert!(!e.is_unreachable());
        assert!(e.to_string().contains("7 colours"), "{e}");
    }

    #[test]
    fn shared_centre_is_named() {
        let mut text = Facelets::solved().to_letters();
        text.replace_range(13..14, "U");
        assert!(matches!(reason(&text), Invalidity::SharedCentre { .. }));
    }
}
