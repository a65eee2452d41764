//! Faces, face turns and move sequences, with the WCA (`R U2 F'`) and counted
//! (`R1U2F3`) notations of SPEC §2.3.

use std::fmt;
use std::str::FromStr;

/// A face of the cube, in Kociemba's order U R F D L B (the facelet-string order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    /// Up.
    U,
    /// Right.
    R,
    /// Front.
    F,
    /// Down.
    D,
    /// Left.
    L,
    /// Back.
    B,
}

impl Face {
    /// All faces in index order.
    pub const ALL: [Face; 6] = [Face::U, Face::R, Face::F, Face::D, Face::L, Face::B];

    /// Index 0..6 in the order U R F D L B.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The face with index `i` (0..6).
    pub fn from_index(i: usize) -> Face {
        Face::ALL[i]
    }

    /// The face's letter.
    pub fn letter(self) -> char {
        b"URFDLB"[self as usize] as char
    }

    /// The face named by a letter `U R F D L B`.
    pub fn from_letter(c: char) -> Option<Face> {
        match c {
            'U' => Some(Face::U),
            'R' => Some(Face::R),
            'F' => Some(Face::F),
            'D' => Some(Face::D),
            'L' => Some(Face::L),
            'B' => Some(Face::B),
            _ => None,
        }
    }

    /// The opposite face.
    pub fn opposite(self) -> Face {
        Face::ALL[(self as usize + 3) % 6]
    }

    /// The axis (0 = U/D, 1 = R/L, 2 = F/B): faces on one axis commute.
    pub fn axis(self) -> usize {
        self as usize % 3
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A face turn: `turns` clockwise quarter turns (1, 2 or 3) of `face`, seen from that face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The face turned.
    pub face: Face,
    /// Clockwise quarter turns, 1..=3 (3 is the anticlockwise quarter turn).
    pub turns: u8,
}

impl Move {
    /// All 18 face turns, indexed `face * 3 + turns - 1` (U U2 U' R R2 R' ...).
    pub const ALL: [Move; 18] = {
        let mut all = [Move {
            face: Face::U,
            turns: 1,
        }; 18];
        let mut i = 0;
        while i < 18 {
            all[i] = Move {
                face: Face::ALL[i / 3],
                turns: (i % 3) as u8 + 1,
            };
            i += 1;
        }
        all
    };

    /// Build a move; `turns` is taken modulo 4 and must not be 0 modulo 4.
    pub fn new(face: Face, turns: u8) -> Move {
        debug_assert!(!turns.is_multiple_of(4));
        Move {
            face,
            turns: turns % 4,
        }
    }

    /// Index 0..18 as in [`Move::ALL`].
    pub fn index(self) -> usize {
        self.face as usize * 3 + self.turns as usize - 1
    }

    /// The move with index `i` (0..18).
    pub fn from_index(i: usize) -> Move {
        Move::ALL[i]
    }

    /// The move that undoes this one.
    pub fn inverse(self) -> Move {
        Move {
            face: self.face,
            turns: 4 - self.turns,
        }
    }

    /// Counted notation: face letter and clockwise quarter turns, e.g. `F3`.
    pub fn counted(self) -> String {
        format!("{}{}", self.face.letter(), self.turns)
    }
}

impl fmt::Display for Move {
    /// WCA notation: `R`, `R2`, `R'`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = match self.turns {
            1 => "",
            2 => "2",
            _ => "'",
        };
        write!(f, "{}{}", self.face.letter(), suffix)
    }
}

/// Why a move sequence could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// A character that starts no move.
    #[error(
        "line {line}, column {column}: unexpected {found:?}, expected a face letter U R F D L B"
    )]
    Unexpected {
        /// 1-based line.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
        /// The character found.
        found: char,
    },
    /// A turn count outside 1..3.
    #[error("line {line}, column {column}: turn count {count} after {face}, expected 1, 2 or 3")]
    BadCount {
        /// 1-based line.
        line: usize,
        /// 1-based column of the count.
        column: usize,
        /// The face letter before it.
        face: char,
        /// The count found.
        count: char,
    },
}

/// A sequence of face turns (an algorithm, in cubers' words).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Alg(pub Vec<Move>);

impl Alg {
    /// Read WCA (`R U2 F'`, also `R2'` and `R’`) or counted (`R1U2F3`) notation; spaces,
    /// commas and line breaks between moves are optional.
    pub fn parse(text: &str) -> Result<Alg, MoveError> {
        let mut moves = Vec::new();
        for (li, line) in text.lines().enumerate() {
            let chars: Vec<char> = line.chars().collect();
            let mut i = 0;
            while i < chars.len() {
                let c = chars[i];
                if c.is_whitespace() || c == ',' || c == ';' {
                    i += 1;
                    continue;
                }
                let face = Face::from_letter(c).ok_or(MoveError::Unexpected {
                    line: li + 1,
                    column: i + 1,
                    found: c,
                })?;
                i += 1;
                let mut turns = 1u8;
                if let Some(&d) = chars.get(i) {
                    if d.is_ascii_digit() {
                        turns = match d {
                            '1' | '2' | '3' => d as u8 - b'0',
                            _ => {
                                return Err(MoveError::BadCount {
                                    line: li + 1,
                                    column: i + 1,
                                    face: c,
                                    count: d,
                                })
                            }
                        };
                        i += 1;
                        // `R2'` is a half turn written the other way round.
                        if turns == 2 && matches!(chars.get(i), Some('\'' | '’')) {
                            i += 1;
                        }
                    } else if d == '\'' || d == '’' {
                        turns = 3;
                        i += 1;
                    }
                }
                moves.push(Move { face, turns });
            }
        }
        Ok(Alg(moves))
    }

    /// Number of face turns (the face-turn metric, as every solver here counts).
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

    /// Counted notation with no separators: `F3R1U3`.
    pub fn to_counted(&self) -> String {
        self.0.iter().map(|m| m.counted()).collect()
    }

    /// Merge neighbouring turns of the same face (`R R` → `R2`, `R R'` → nothing), also
    /// across a turn of the opposite face (`R L R` → `R2 L`).
    pub fn simplified(&self) -> Alg {
        let mut out: Vec<Move> = Vec::with_capacity(self.0.len());
        for &m in &self.0 {
            let n = out.len();
            // The move it may merge with: the last one, or the one before it when the
            // last is on the opposite face (they commute).
            let target = if n >= 1 && out[n - 1].face == m.face {
                Some(n - 1)
            } else if n >= 2 && out[n - 1].face == m.face.opposite() && out[n - 2].face == m.face {
                Some(n - 2)
            } else {
                None
            };
            match target {
                Some(t) => {
                    let turns = (out[t].turns + m.turns) % 4;
                    if turns == 0 {
                        out.remove(t);
                    } else {
                        out[t].turns = turns;
                    }
                }
                None => out.push(m),
            }
        }
        Alg(out)
    }
}

impl FromStr for Alg {
    type Err = MoveError;
    fn from_str(s: &str) -> Result<Alg, MoveError> {
        Alg::parse(s)
    }
}

impl fmt::Display for Alg {
    /// WCA notation, moves separated by single spaces.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_both_notations() {
        let wca = Alg::parse("R U2 F' R2' L’").unwrap();
        assert_eq!(wca.to_string(), "R U2 F' R2 L'");
        let counted = Alg::parse("F3R1U3D3B1").unwrap();
        assert_eq!(counted.to_string(), "F' R U' D' B");
        assert_eq!(counted.to_counted(), "F3R1U3D3B1");
    }

    #[test]
    fn rejects_bad_text_with_position() {
        let e = Alg::parse("R U\nF X").unwrap_err();
        assert_eq!(
            e,
            MoveError::Unexpected {
                line: 2,
                column: 3,
                found: 'X'
            }
        );
        assert!(matches!(
            Alg::parse("R4").unwrap_err(),
            MoveError::BadCount { count: '4', .. }
        ));
    }

    #[test]
    fn indices_round_trip() {
        for (i, m) in Move::ALL.iter().enumerate() {
            assert_eq!(m.index(), i);
            assert_eq!(Move::from_index(i), *m);
            assert_eq!(m.inverse().inverse(), *m);
        }
    }

    #[test]
    fn simplifies() {
        let a = Alg::parse("R R U U' L R L'").unwrap().simplified();
        assert_eq!(a.to_string(), "R'");
    }
}
