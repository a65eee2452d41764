//! Which cubes turns can reach (SPEC §2.8), and the named reason when not.
//!
//! Colours are first named by faces: an odd cube's fixed centres say which colour is
//! which face; an even cube has none, so the corner at DBL names D, B and L and the
//! colours opposite them name U, F and R. Then, piece by piece: every corner a real
//! corner (three neighbouring colours, not a mirror image), each once, twists adding to
//! 0 mod 3; an odd cube's middle edges like a 3×3×3's (real, each once, flips even, the
//! same permutation parity as the corners); every wing a real wing and each once in its
//! orbit (a wing cannot flip in place: its handedness is what tells the two wings of one
//! colour pair apart); every centre orbit four stickers of each colour. Wings and
//! centres have no parity rule: one inner slice turn is an odd permutation of its wings
//! and centres alone.

use crate::cube::Cube;
use crate::format::{FormatError, Sheet};
use crate::geometry::{det, normal, Geometry, CORNER_NAMES, EDGE_NAMES};
use cubist_rubik::Face;

/// Why a well-formed cube cannot be reached by turns.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Invalidity {
    /// Not N² stickers of each of six colours.
    #[error("wrong colour counts: {counts}; expected {expected} stickers of each colour")]
    WrongCounts {
        /// The counts that are wrong, `W 17, G 15`.
        counts: String,
        /// N².
        expected: usize,
    },
    /// Two fixed centres of one colour.
    #[error("impossible centres: the {a} and {b} centres are both {colour}; expected six different centre colours")]
    SharedCentre {
        /// One face.
        a: Face,
        /// The other.
        b: Face,
        /// Their colour as written.
        colour: String,
    },
    /// A centre orbit without four stickers of each colour.
    #[error("impossible centres: the centres like row {row}, column {column} of each face hold {count} of {colour}, expected 4 of each colour")]
    CentreCounts {
        /// 1-based row of one place of the orbit.
        row: usize,
        /// 1-based column.
        column: usize,
        /// The colour found too often or too rarely (its face's letter until
        /// [`Invalidity::in_colours`] writes it as the input did).
        colour: String,
        /// How often.
        count: usize,
    },
    /// A piece no cube has.
    #[error("impossible piece: the {kind} at {slot} shows the colours {colours}, {why}")]
    ImpossiblePiece {
        /// `corner`, `edge` or `wing`.
        kind: &'static str,
        /// Where.
        slot: String,
        /// Its colours named by faces, in the slot's order.
        colours: String,
        /// What is wrong.
        why: &'static str,
    },
    /// One piece in two places.
    #[error("duplicated piece: the {kind} {piece} appears at both {first} and {second}")]
    Duplicated {
        /// `corner`, `edge` or `wing`.
        kind: &'static str,
        /// The piece.
        piece: String,
        /// One place.
        first: String,
        /// The other.
        second: String,
    },
    /// Corner twists not adding to 0 mod 3.
    #[error("twisted corner: the corner twists add up to {sum} mod 3, expected 0 (a corner is turned in place)")]
    TwistedCorner {
        /// The sum mod 3.
        sum: u8,
    },
    /// An odd number of middle edges flipped.
    #[error("flipped edge: an odd number of middle edges is flipped, expected an even number (an edge is flipped in place)")]
    FlippedEdge,
    /// Corner and middle-edge permutations of different parity.
    #[error("parity: two pieces are swapped (the corner permutation is {corners}, the middle edges' {edges}; turns keep them equal)")]
    Parity {
        /// `even` or `odd`.
        corners: &'static str,
        /// `even` or `odd`.
        edges: &'static str,
    },
}

impl Invalidity {
    /// The same reason with the colours it names written as the input wrote them
    /// (`scheme`: the symbol of each face), not as the faces they belong to.
    pub fn in_colours(self, scheme: &[String; 6]) -> Invalidity {
        let symbol = |letter: &str| {
            letter
                .chars()
                .next()
                .and_then(Face::from_letter)
                .map_or_else(|| letter.to_string(), |f| scheme[f.index()].clone())
        };
        match self {
            Invalidity::ImpossiblePiece {
                kind,
                slot,
                colours,
                why,
            } => Invalidity::ImpossiblePiece {
                kind,
                slot,
                colours: colours.split(' ').map(symbol).collect::<Vec<_>>().join(" "),
                why,
            },
            Invalidity::CentreCounts {
                row,
                column,
                colour,
                count,
            } => Invalidity::CentreCounts {
                row,
                column,
                colour: symbol(&colour),
                count,
            },
            other => other,
        }
    }
}

/// Why a sheet's colours cannot be named by faces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ColourError {
    /// Not six colours (exit 2).
    Malformed(FormatError),
    /// Six colours that no cube shows (exit 1).
    Unreachable(Invalidity),
}

/// Name a sheet's colours by faces: the symbol of each face and the cube in faces.
pub fn name_colours(sheet: &Sheet) -> Result<([String; 6], Cube), ColourError> {
    let n = sheet.n;
    let mut colours: Vec<(&str, usize)> = Vec::new();
    for s in &sheet.symbols {
        match colours.iter_mut().find(|c| c.0 == s) {
            Some(c) => c.1 += 1,
            None => colours.push((s, 1)),
        }
    }
    if colours.len() != 6 {
        let names: Vec<&str> = colours.iter().map(|c| c.0).collect();
        return Err(ColourError::Malformed(FormatError::new(
            sheet.line,
            format!("{} colours ({})", colours.len(), names.join(" ")),
            format!("6 colours, {} stickers each", n * n),
        )));
    }
    let wrong: Vec<String> = colours
        .iter()
        .filter(|c| c.1 != n * n)
        .map(|c| format!("{} {}", c.0, c.1))
        .collect();
    if !wrong.is_empty() {
        return Err(ColourError::Unreachable(Invalidity::WrongCounts {
            counts: wrong.join(", "),
            expected: n * n,
        }));
    }
    let g = Geometry::of(n);
    let scheme = match g.fixed_centres {
        Some(centres) => {
            let symbols = centres.map(|s| sheet.symbols[s].clone());
            for a in 0..6 {
                for b in a + 1..6 {
                    if symbols[a] == symbols[b] {
                        return Err(ColourError::Unreachable(Invalidity::SharedCentre {
                            a: Face::from_index(a),
                            b: Face::from_index(b),
                            colour: symbols[a].clone(),
                        }));
                    }
                }
            }
            symbols
        }
        None => even_scheme(sheet, g).map_err(ColourError::Unreachable)?,
    };
    let stickers = sheet
        .symbols
        .iter()
        .map(|s| Face::from_index(scheme.iter().position(|x| x == s).expect("one of six")))
        .collect();
    Ok((scheme, Cube::from_stickers(n, stickers)))
}

/// An even cube's colour scheme: DBL's colours name D, B and L; of the ways to give the
/// other three colours to U, F and R, the one with the fewest impossible corners.
fn even_scheme(sheet: &Sheet, g: &Geometry) -> Result<[String; 6], Invalidity> {
    let dbl = g.corners[6].map(|s| sheet.symbols[s].clone());
    let mut others: Vec<String> = Vec::new();
    for s in &sheet.symbols {
        if !dbl.contains(s) && !others.contains(s) {
            others.push(s.clone());
        }
    }
    if others.len() != 3 {
        // Already the input's symbols: no scheme exists to name them by.
        let colours = dbl.join(" ");
        return Err(Invalidity::ImpossiblePiece {
            kind: "corner",
            slot: "DBL".into(),
            colours,
            why: "a colour twice",
        });
    }
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut best: Option<(usize, [String; 6])> = None;
    for p in PERMS {
        // Faces U R F D L B; DBL gives D, B, L.
        let scheme = [
            others[p[0]].clone(),
            others[p[1]].clone(),
            others[p[2]].clone(),
            dbl[0].clone(),
            dbl[2].clone(),
            dbl[1].clone(),
        ];
        let bad = g
            .corners
            .iter()
            .filter(|c| {
                let faces = c.map(|s| {
                    scheme
                        .iter()
                        .position(|x| *x == sheet.symbols[s])
                        .expect("six colours")
                });
                corner_fault(faces.map(Face::from_index)).is_some()
            })
            .count();
        if best.as_ref().is_none_or(|b| bad < b.0) {
            best = Some((bad, scheme));
        }
    }
    Ok(best.expect("six schemes tried").1)
}

/// What is wrong with three colours read clockwise round a corner, if anything.
fn corner_fault(c: [Face; 3]) -> Option<&'static str> {
    if c[0] == c[1] || c[1] == c[2] || c[0] == c[2] {
        Some("a colour twice")
    } else if c[0].axis() == c[1].axis() || c[1].axis() == c[2].axis() || c[0].axis() == c[2].axis()
    {
        Some("two opposite colours")
    } else if det(normal(c[0]), normal(c[1]), normal(c[2])) != -1 {
        Some("a mirror image of a corner")
    } else {
        None
    }
}

/// What is wrong with the two colours of an edge cubie, if anything.
fn edge_fault(c: [Face; 2]) -> Option<&'static str> {
    if c[0] == c[1] {
        Some("a colour twice")
    } else if c[0].axis() == c[1].axis() {
        Some("two opposite colours")
    } else {
        None
    }
}

fn colours_text(c: &[Face]) -> String {
    c.iter()
        .map(|f| f.letter().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether a permutation (piece at each slot) is odd.
pub(crate) fn odd(perm: &[usize]) -> bool {
    let mut seen = vec![false; perm.len()];
    let mut odd = false;
    for i in 0..perm.len() {
        let mut j = i;
        let mut len = 0;
        while !seen[j] {
            seen[j] = true;
            j = perm[j];
            len += 1;
        }
        if len > 0 && len % 2 == 0 {
            odd = !odd;
        }
    }
    odd
}

fn parity_name(odd: bool) -> &'static str {
    if odd {
        "odd"
    } else {
        "even"
    }
}

/// Check any cube, in whatever whole-cube orientation: its colours are named afresh
/// (by the fixed centres, or by the corner at DBL) and then checked piece by piece.
pub fn check(cube: &Cube) -> Result<(), Invalidity> {
    check_named(&renamed(cube)?)
}

/// A cube's colours named afresh as [`name_colours`] names them: the same cube (solved
/// by the same moves) with its fixed centres home, or an even cube's DBL corner home.
pub fn renamed(cube: &Cube) -> Result<Cube, Invalidity> {
    let sheet = Sheet {
        n: cube.n(),
        format: crate::format::Format::Facelets,
        line: 1,
        symbols: cube
            .stickers()
            .iter()
            .map(|f| f.letter().to_string())
            .collect(),
        numeric: false,
    };
    match name_colours(&sheet) {
        Ok((_, named)) => Ok(named),
        Err(ColourError::Unreachable(reason)) => Err(reason),
        Err(ColourError::Malformed(_)) => Err(Invalidity::WrongCounts {
            counts: "not six colours".into(),
            expected: cube.n() * cube.n(),
        }),
    }
}

/// Check a cube whose colours are named as [`name_colours`] names them (fixed centres
/// home, or D, B and L named by the corner at DBL); the first reason it is unreachable.
pub fn check_named(cube: &Cube) -> Result<(), Invalidity> {
    let g = cube.geometry();
    let s = cube.stickers();
    let corner_perm = check_corners(g, s)?;
    if let Some(midges) = g.midges {
        let edge_perm = check_midges(&midges, s)?;
        let (c, e) = (odd(&corner_perm), odd(&edge_perm));
        if c != e {
            return Err(Invalidity::Parity {
                corners: parity_name(c),
                edges: parity_name(e),
            });
        }
    }
    for orbit in &g.wings {
        check_wings(g, orbit, s)?;
    }
    for orbit in &g.centre_orbits {
        for colour in Face::ALL {
            let count = orbit.iter().filter(|&&k| s[k] == colour).count();
            if count != 4 {
                let (r, c) = g.row_col(orbit[0]);
                return Err(Invalidity::CentreCounts {
                    row: r + 1,
                    column: c + 1,
                    colour: colour.letter().to_string(),
                    count,
                });
            }
        }
    }
    Ok(())
}

/// Corners: real, each once, twists adding to 0; the piece at each slot.
fn check_corners(g: &Geometry, s: &[Face]) -> Result<Vec<usize>, Invalidity> {
    let homes = g.corners.map(|c| c.map(|k| g.face(k)));
    let mut perm = Vec::with_capacity(8);
    let mut twist = 0u8;
    for (slot, stickers) in g.corners.iter().enumerate() {
        let c = stickers.map(|k| s[k]);
        if let Some(why) = corner_fault(c) {
            return Err(Invalidity::ImpossiblePiece {
                kind: "corner",
                slot: CORNER_NAMES[slot].into(),
                colours: colours_text(&c),
                why,
            });
        }
        let piece = homes
            .iter()
            .position(|h| h.iter().all(|f| c.contains(f)))
            .expect("a real corner is one of eight");
        if let Some(first) = perm.iter().position(|&p| p == piece) {
            return Err(Invalidity::Duplicated {
                kind: "corner",
                piece: CORNER_NAMES[piece].into(),
                first: CORNER_NAMES[first].into(),
                second: CORNER_NAMES[slot].into(),
            });
        }
        perm.push(piece);
        twist += c
            .iter()
            .position(|f| f.axis() == 0)
            .expect("a U or D colour") as u8;
    }
    if !twist.is_multiple_of(3) {
        return Err(Invalidity::TwistedCorner { sum: twist % 3 });
    }
    Ok(perm)
}

/// An odd cube's middle edges: real, each once, flips even; the piece at each slot.
fn check_midges(midges: &[[usize; 2]; 12], s: &[Face]) -> Result<Vec<usize>, Invalidity> {
    let homes = cubist_rubik::facelet::EDGE_COLOURS;
    let mut perm = Vec::with_capacity(12);
    let mut flips = 0;
    for (slot, stickers) in midges.iter().enumerate() {
        let c = stickers.map(|k| s[k]);
        if let Some(why) = edge_fault(c) {
            return Err(Invalidity::ImpossiblePiece {
                kind: "edge",
                slot: EDGE_NAMES[slot].into(),
                colours: colours_text(&c),
                why,
            });
        }
        let piece = homes
            .iter()
            .position(|h| h.contains(&c[0]) && h.contains(&c[1]))
            .expect("a real edge is one of twelve");
        if let Some(first) = perm.iter().position(|&p| p == piece) {
            return Err(Invalidity::Duplicated {
                kind: "edge",
                piece: EDGE_NAMES[piece].into(),
                first: EDGE_NAMES[first].into(),
                second: EDGE_NAMES[slot].into(),
            });
        }
        perm.push(piece);
        flips += usize::from(c[0] != homes[piece][0]);
    }
    if flips % 2 == 1 {
        return Err(Invalidity::FlippedEdge);
    }
    Ok(perm)
}

/// A wing's name: its edge and place along it, `UF2`.
fn wing_name(slot: &crate::geometry::EdgeSlot) -> String {
    format!("{}{}", EDGE_NAMES[slot.edge], slot.place)
}

/// A wing's identity, kept by every turn: its two colours and its handedness (which
/// side of the edge's middle it lies on, seen with the lower colour's face first).
pub(crate) fn wing_identity(
    g: &Geometry,
    stickers: [usize; 2],
    c: [Face; 2],
) -> (Face, Face, bool) {
    let (a, b) = if c[0] < c[1] { (0, 1) } else { (1, 0) };
    let p = g.position[stickers[0]];
    let hand = det(g.normal[stickers[a]], g.normal[stickers[b]], p) > 0;
    (c[a], c[b], hand)
}

/// One wing orbit: real wings, each once.
fn check_wings(
    g: &Geometry,
    orbit: &[crate::geometry::EdgeSlot],
    s: &[Face],
) -> Result<(), Invalidity> {
    let homes: Vec<(Face, Face, bool)> = orbit
        .iter()
        .map(|w| wing_identity(g, w.stickers, w.stickers.map(|k| g.face(k))))
        .collect();
    let mut seen: Vec<Option<usize>> = vec![None; orbit.len()];
    for (k, slot) in orbit.iter().enumerate() {
        let c = slot.stickers.map(|x| s[x]);
        if let Some(why) = edge_fault(c) {
            return Err(Invalidity::ImpossiblePiece {
                kind: "wing",
                slot: wing_name(slot),
                colours: colours_text(&c),
                why,
            });
        }
        let id = wing_identity(g, slot.stickers, c);
        let piece = homes
            .iter()
            .position(|h| *h == id)
            .expect("a real wing is one of its orbit's");
        if let Some(first) = seen[piece] {
            return Err(Invalidity::Duplicated {
                kind: "wing",
                piece: wing_name(&orbit[piece]),
                first: wing_name(&orbit[first]),
                second: wing_name(slot),
            });
        }
        seen[piece] = Some(k);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Alg;
    use crate::read::parse_one;

    fn scrambled(n: usize) -> Cube {
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(n as u64);
        crate::scramble::random_moves(&mut rng, n, 60).1
    }

    fn swap(cube: &Cube, a: usize, b: usize) -> Cube {
        let mut s = cube.stickers().to_vec();
        s.swap(a, b);
        Cube::from_stickers(cube.n(), s)
    }

    #[test]
    fn every_scrambled_cube_is_valid() {
        for n in 2..=9 {
            for moves in ["", "R", "Rw", "2R", "x", "R U Rw' 2-3Fw2"] {
                if let Ok(alg) = Alg::parse(moves, n) {
                    assert_eq!(check(&Cube::solved(n).after(&alg)), Ok(()), "{n} {moves}");
                }
            }
            assert_eq!(check(&scrambled(n)), Ok(()), "N = {n}");
        }
    }

    #[test]
    fn a_twisted_corner_is_named() {
        for n in [2, 4, 5] {
            let g = Geometry::of(n);
            let mut s = scrambled(n).stickers().to_vec();
            let [a, b, c] = g.corners[0];
            (s[a], s[b], s[c]) = (s[c], s[a], s[b]);
            let e = check(&Cube::from_stickers(n, s)).unwrap_err();
            assert!(matches!(e, Invalidity::TwistedCorner { .. }), "{e}");
        }
    }

    #[test]
    fn a_flipped_midge_and_a_parity_swap_are_named_on_odd_cubes() {
        let c = scrambled(5);
        let m = Geometry::of(5).midges.unwrap();
        assert_eq!(
            check(&swap(&c, m[0][0], m[0][1])),
            Err(Invalidity::FlippedEdge)
        );
        // Two midges swapped whole: parity.
        let t = swap(&swap(&c, m[0][0], m[1][0]), m[0][1], m[1][1]);
        assert!(matches!(check(&t), Err(Invalidity::Parity { .. })));
    }

    #[test]
    fn a_wing_flipped_in_place_is_a_duplicated_wing() {
        let c = Cube::solved(4);
        let w = Geometry::of(4).wings[0][0].stickers;
        let e = check(&swap(&c, w[0], w[1])).unwrap_err();
        assert!(
            e.to_string().starts_with("duplicated piece: the wing UR"),
            "{e}"
        );
        // Two wings of one edge swapped whole: reachable (the 4×4×4's edge parity).
        let o = &Geometry::of(4).wings[0];
        let (a, b) = (
            o[0].stickers,
            o.iter()
                .find(|x| x.edge == 0 && x.place == 2)
                .unwrap()
                .stickers,
        );
        let s = swap(&swap(&c, a[0], b[0]), a[1], b[1]);
        assert_eq!(check(&s), Ok(()));
    }

    #[test]
    fn centres_must_hold_four_of_each_colour_per_orbit() {
        let c = Cube::solved(5);
        let g = Geometry::of(5);
        // An x-centre of U swapped with a t-centre of F: each orbit has 5 of one colour.
        let x = g.centre_orbits[0][0];
        let t = g.centre_orbits[1][8];
        let e = check(&swap(&c, x, t)).unwrap_err();
        assert!(
            matches!(e, Invalidity::CentreCounts { count: 3 | 5, .. }),
            "{e}"
        );
        // Two x-centres swapped: centres of one colour are interchangeable.
        assert_eq!(
            check(&swap(&c, g.centre_orbits[0][0], g.centre_orbits[0][5])),
            Ok(())
        );
    }

    #[test]
    fn colours_are_named_by_centres_or_by_the_dbl_corner() {
        let solved4 = "W".repeat(16)
            + &"R".repeat(16)
            + &"G".repeat(16)
            + &"Y".repeat(16)
            + &"O".repeat(16)
            + &"B".repeat(16);
        let p = parse_one(&solved4, None, None).unwrap();
        assert_eq!(p.scheme, ["W", "R", "G", "Y", "O", "B"].map(String::from));
        // A whole-cube turn of an even cube renames its colours and nothing else.
        let turned = Cube::solved(4).after(&Alg::parse("x y", 4).unwrap());
        let letters = turned.to_letters();
        let p = parse_one(&letters, None, None).unwrap();
        assert!(p.cube.is_solved());
        assert_eq!(p.render(&p.cube), letters);
    }

    #[test]
    fn a_mirror_image_corner_is_impossible() {
        let c = Cube::solved(4);
        let [_, b, d] = Geometry::of(4).corners[0];
        let e = check(&swap(&c, b, d)).unwrap_err();
        assert!(e.to_string().contains("mirror image"), "{e}");
    }

    #[test]
    fn reasons_name_colours_as_the_input_wrote_them() {
        let n = 6;
        let mut letters: Vec<char> = Cube::solved(n)
            .to_letters()
            .chars()
            .map(|c| "WRGYOB".as_bytes()["URFDLB".find(c).unwrap()] as char)
            .collect();
        // A U-F wing's F sticker made D's colour, one of D's centres F's.
        let g = Geometry::of(n);
        let wing = g.wings[1].iter().find(|w| w.edge == 1).unwrap().stickers[1];
        let centre = g.centre_orbits[0]
            .iter()
            .copied()
            .find(|&k| g.face(k) == Face::D)
            .unwrap();
        letters[wing] = 'Y';
        letters[centre] = 'G';
        let text: String = letters.into_iter().collect();
        let e = parse_one(&text, None, None).unwrap_err().to_string();
        assert!(
            e.contains("shows the colours W Y, two opposite colours"),
            "{e}"
        );
    }
}
