//! Moves of an N×N×N cube in WCA notation with SiGN's common extensions (SPEC §2.8),
//! and the metrics a solution's length is counted in.
//!
//! `R` turns the outer layer, `Rw` (or `r`) the outer two, `3Rw` (or `3r`) the outer
//! three, `2R` the second layer alone, `2-3Rw` layers 2 to 3; `M E S` the middle layer
//! of an odd cube (turned as L, D, F); `x y z` the whole cube (as R, U, F). Each takes
//! the suffix nothing (clockwise seen from that face), `2` or `'`.

use cubist_rubik::Face;
use std::fmt;

/// What a move turns, which decides how it is written and counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A block of layers counted from a face (`R`, `Rw`, `3Rw`, `2R`, `2-3Rw`).
    Layers,
    /// The middle layer of an odd cube (`M`, `E`, `S`).
    Slice,
    /// The whole cube (`x`, `y`, `z`).
    Rotation,
}

/// One move: `turns` clockwise quarter turns (1, 2 or 3), seen from `face`, of the
/// layers `lo..=hi` counted inwards from `face` (1 is the outer layer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The face the layers are counted from and the turn is seen from.
    pub face: Face,
    /// First layer turned, from 1.
    pub lo: usize,
    /// Last layer turned.
    pub hi: usize,
    /// Clockwise quarter turns, 1..=3.
    pub turns: u8,
    /// How the move was named.
    pub kind: Kind,
}

impl Move {
    /// `turns` quarter turns of the outer layer of `face`.
    pub fn face(face: Face, turns: u8) -> Move {
        Move::layers(face, 1, 1, turns)
    }

    /// `turns` quarter turns of layers `lo..=hi` counted from `face`.
    pub fn layers(face: Face, lo: usize, hi: usize, turns: u8) -> Move {
        Move {
            face,
            lo,
            hi,
            turns,
            kind: Kind::Layers,
        }
    }

    /// The move that undoes this one.
    pub fn inverse(self) -> Move {
        Move {
            turns: 4 - self.turns,
            ..self
        }
    }

    /// The letter the move is written with (`R`, `M`, `x`, …).
    fn letter(self) -> char {
        match (self.kind, self.face) {
            (Kind::Rotation, Face::R) => 'x',
            (Kind::Rotation, Face::U) => 'y',
            (Kind::Rotation, _) => 'z',
            (Kind::Slice, Face::L) => 'M',
            (Kind::Slice, Face::D) => 'E',
            (Kind::Slice, _) => 'S',
            (Kind::Layers, f) => f.letter(),
        }
    }

    /// This move's length in `metric`.
    pub fn cost(self, metric: Metric) -> usize {
        match metric {
            Metric::Obtm => usize::from(self.kind != Kind::Rotation),
            Metric::Sqtm => match self.kind {
                Kind::Rotation => 0,
                _ => (self.hi - self.lo + 1) * if self.turns == 2 { 2 } else { 1 },
            },
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.kind == Kind::Layers {
            match (self.lo, self.hi) {
                (1, 1) => {}
                (1, 2) => {}
                (1, k) => write!(f, "{k}")?,
                (a, b) if a == b => write!(f, "{a}")?,
                (a, b) => write!(f, "{a}-{b}")?,
            }
        }
        write!(f, "{}", self.letter())?;
        if self.kind == Kind::Layers && self.hi > self.lo {
            write!(f, "w")?;
        }
        f.write_str(match self.turns {
            1 => "",
            2 => "2",
            _ => "'",
        })
    }
}

/// How a solution's length is counted (SPEC §2.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// Outer-block turn metric: every move counts 1, wide or not, quarter or half; a
    /// cube rotation counts 0.
    Obtm,
    /// Slice quarter turn metric: each layer turned counts 1 for a quarter turn and 2
    /// for a half turn; a cube rotation counts 0.
    Sqtm,
}

/// Why a move list could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Text that is no move.
    #[error("line {line}, column {column}: {text:?} is not a move (expected WCA/SiGN: R U2 F' Rw 3Rw 2R 2-3Rw r M x …)")]
    NotAMove {
        /// 1-based line.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
        /// The offending text.
        text: String,
    },
    /// A move naming layers the cube does not have.
    #[error(
        "line {line}: move {text} needs layers {lo}..{hi}, but a {n}×{n}×{n} has layers 1..{n}"
    )]
    NoSuchLayer {
        /// 1-based line.
        line: usize,
        /// The move as written.
        text: String,
        /// First layer named.
        lo: usize,
        /// Last layer named.
        hi: usize,
        /// The cube's size.
        n: usize,
    },
    /// `M`, `E` or `S` on an even cube.
    #[error("line {line}: move {text} turns the middle layer, which a {n}×{n}×{n} does not have")]
    NoMiddleLayer {
        /// 1-based line.
        line: usize,
        /// The move as written.
        text: String,
        /// The cube's size.
        n: usize,
    },
}

/// A sequence of moves.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Alg(pub Vec<Move>);

impl Alg {
    /// Read moves for an N×N×N cube: tokens separated by spaces or run together
    /// (`R U2 F'`, `RU2F'`), parentheses ignored, each checked against the cube's
    /// layers.
    pub fn parse(text: &str, n: usize) -> Result<Alg, MoveError> {
        let mut moves = Vec::new();
        for (i, line) in text.lines().enumerate() {
            parse_line(line, i + 1, n, &mut moves)?;
        }
        Ok(Alg(moves))
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no moves.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The sequence that undoes this one.
    pub fn inverse(&self) -> Alg {
        Alg(self.0.iter().rev().map(|m| m.inverse()).collect())
    }

    /// The length in `metric`.
    pub fn length(&self, metric: Metric) -> usize {
        self.0.iter().map(|m| m.cost(metric)).sum()
    }
}

impl fmt::Display for Alg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, m) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{m}")?;
        }
        Ok(())
    }
}

/// Read one line's moves into `out`.
fn parse_line(line: &str, line_no: usize, n: usize, out: &mut Vec<Move>) -> Result<(), MoveError> {
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == '(' || c == ')' {
            i += 1;
            continue;
        }
        let start = i;
        let (m, next) = scan_move(&chars, i).ok_or_else(|| MoveError::NotAMove {
            line: line_no,
            column: start + 1,
            text: chars[start..]
                .iter()
                .take_while(|c| !c.is_whitespace())
                .collect(),
        })?;
        let text: String = chars[start..next].iter().collect();
        out.push(resolve(m, &text, line_no, n)?);
        i = next;
    }
    Ok(())
}

/// A move as written, before it is checked against the cube's size.
struct Written {
    letter: char,
    from: Option<usize>,
    to: Option<usize>,
    wide: bool,
    turns: u8,
}

/// Scan one move starting at `i`: `[a[-b]]letter[w][2|'|2']`; the move and the index
/// after it.
fn scan_move(chars: &[char], mut i: usize) -> Option<(Written, usize)> {
    let number = |i: &mut usize| -> Option<usize> {
        let start = *i;
        while *i < chars.len() && chars[*i].is_ascii_digit() {
            *i += 1;
        }
        if *i == start {
            return None;
        }
        chars[start..*i].iter().collect::<String>().parse().ok()
    };
    let from = number(&mut i);
    let mut to = None;
    if from.is_some() && chars.get(i) == Some(&'-') {
        i += 1;
        to = Some(number(&mut i)?);
    }
    let letter = *chars.get(i)?;
    if !"URFDLBurfdlbMESxyz".contains(letter) {
        return None;
    }
    i += 1;
    let mut wide = letter.is_ascii_lowercase() && "urfdlb".contains(letter);
    if chars.get(i) == Some(&'w') {
        if !"URFDLB".contains(letter) {
            return None;
        }
        wide = true;
        i += 1;
    }
    if (from.is_some() || wide) && !"URFDLBurfdlb".contains(letter) {
        return None;
    }
    let turns = match chars.get(i) {
        Some('2') => {
            i += 1;
            if chars.get(i) == Some(&'\'') {
                i += 1;
            }
            2
        }
        Some('\'') | Some('’') => {
            i += 1;
            3
        }
        _ => 1,
    };
    Some((
        Written {
            letter,
            from,
            to,
            wide,
            turns,
        },
        i,
    ))
}

/// The move a written one names on an N×N×N cube.
fn resolve(w: Written, text: &str, line: usize, n: usize) -> Result<Move, MoveError> {
    let turns = w.turns;
    let (face, lo, hi, kind) = match w.letter {
        'x' => (Face::R, 1, n, Kind::Rotation),
        'y' => (Face::U, 1, n, Kind::Rotation),
        'z' => (Face::F, 1, n, Kind::Rotation),
        'M' | 'E' | 'S' => {
            if n.is_multiple_of(2) {
                return Err(MoveError::NoMiddleLayer {
                    line,
                    text: text.to_string(),
                    n,
                });
            }
            let face = match w.letter {
                'M' => Face::L,
                'E' => Face::D,
                _ => Face::F,
            };
            (face, n.div_ceil(2), n.div_ceil(2), Kind::Slice)
        }
        c => {
            let face = Face::from_letter(c.to_ascii_uppercase()).expect("a face letter");
            let (lo, hi) = match (w.from, w.to) {
                (Some(a), Some(b)) => (a, b),
                (Some(k), None) if w.wide => (1, k),
                (Some(k), None) => (k, k),
                (None, _) if w.wide => (1, 2),
                (None, _) => (1, 1),
            };
            (face, lo, hi, Kind::Layers)
        }
    };
    if lo < 1 || hi > n || lo > hi {
        return Err(MoveError::NoSuchLayer {
            line,
            text: text.to_string(),
            lo,
            hi,
            n,
        });
    }
    Ok(Move {
        face,
        lo,
        hi,
        turns,
        kind,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str, n: usize) -> Move {
        let a = Alg::parse(text, n).unwrap();
        assert_eq!(a.len(), 1, "{text}");
        a.0[0]
    }

    #[test]
    fn wide_and_slice_moves_name_their_layers() {
        assert_eq!(one("R", 5), Move::layers(Face::R, 1, 1, 1));
        assert_eq!(one("Rw'", 5), Move::layers(Face::R, 1, 2, 3));
        assert_eq!(one("r2", 5), Move::layers(Face::R, 1, 2, 2));
        assert_eq!(one("3Rw", 5), Move::layers(Face::R, 1, 3, 1));
        assert_eq!(one("3u", 5), Move::layers(Face::U, 1, 3, 1));
        assert_eq!(one("2R", 5), Move::layers(Face::R, 2, 2, 1));
        assert_eq!(one("2-3Rw2'", 5), Move::layers(Face::R, 2, 3, 2));
        assert_eq!(one("M", 5).face, Face::L);
        assert_eq!((one("M", 5).lo, one("E", 7).hi), (3, 4));
        assert_eq!(one("x'", 4).kind, Kind::Rotation);
        assert_eq!((one("z", 4).face, one("z", 4).hi), (Face::F, 4));
    }

    #[test]
    fn moves_print_as_they_are_read() {
        for text in [
            "R", "U2", "F'", "Rw", "3Rw'", "2R2", "2-3Lw", "M", "E'", "S2", "x", "y'", "z2",
        ] {
            assert_eq!(one(text, 5).to_string(), text);
        }
        assert_eq!(one("r", 5).to_string(), "Rw");
        assert_eq!(one("3b'", 5).to_string(), "3Bw'");
    }

    #[test]
    fn moves_may_run_together_and_carry_parentheses() {
        let a = Alg::parse("(RU2F')\n3Rw2x", 4).unwrap();
        assert_eq!(a.to_string(), "R U2 F' 3Rw2 x");
    }

    #[test]
    fn a_move_beyond_the_cube_is_an_error_naming_it() {
        let e = Alg::parse("R U\nR 5Rw", 4).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: move 5Rw needs layers 1..5, but a 4×4×4 has layers 1..4"
        );
        assert!(matches!(
            Alg::parse("M", 4),
            Err(MoveError::NoMiddleLayer { .. })
        ));
        assert!(matches!(
            Alg::parse("3-2Rw", 4),
            Err(MoveError::NoSuchLayer { .. })
        ));
        assert!(matches!(
            Alg::parse("0R", 4),
            Err(MoveError::NoSuchLayer { .. })
        ));
    }

    #[test]
    fn text_that_is_no_move_is_an_error_naming_line_and_column() {
        let e = Alg::parse("R U\nR Q2", 4).unwrap_err();
        assert_eq!(
            e,
            MoveError::NotAMove {
                line: 2,
                column: 3,
                text: "Q2".into()
            }
        );
        for bad in ["rw", "xw", "2x", "Mw", "3M", "R3-", "2-R"] {
            assert!(Alg::parse(bad, 5).is_err(), "{bad}");
        }
    }

    #[test]
    fn metrics_count_blocks_or_layers() {
        let a = Alg::parse("R Rw2 3Rw' 2R2 x M", 5).unwrap();
        assert_eq!(a.length(Metric::Obtm), 5);
        assert_eq!(a.length(Metric::Sqtm), 1 + 4 + 3 + 2 + 1);
    }
}
