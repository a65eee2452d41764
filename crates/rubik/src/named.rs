//! Named operations of the batch simulator (SPEC §2.3): `front left`, `top right`, ...
//! `X right` turns face X a clockwise quarter turn seen from that face, `X left`
//! anticlockwise.

use crate::moves::{Alg, Face, Move};

/// Why a named operation could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {found:?} is not a named operation; expected a face (front, back, left, right, top, bottom) and a direction (left or right), e.g. \"front left\"")]
pub struct NamedError {
    /// 1-based line.
    pub line: usize,
    /// The text found.
    pub found: String,
}

/// The face a word names (`front`, `back`, `left`, `right`, `top`/`up`,
/// `bottom`/`down`), in any case.
pub fn face_word(word: &str) -> Option<Face> {
    match word.to_ascii_lowercase().as_str() {
        "front" => Some(Face::F),
        "back" => Some(Face::B),
        "left" => Some(Face::L),
        "right" => Some(Face::R),
        "top" | "up" => Some(Face::U),
        "bottom" | "down" => Some(Face::D),
        _ => None,
    }
}

/// Read one operation such as `front left`; `line` is used in the error.
pub fn parse_operation(text: &str, line: usize) -> Result<Move, NamedError> {
    let err = || NamedError {
        line,
        found: text.trim().to_string(),
    };
    let words: Vec<&str> = text.split_whitespace().collect();
    let [face, direction] = words[..] else {
        return Err(err());
    };
    let face = face_word(face).ok_or_else(err)?;
    let turns = match direction.to_ascii_lowercase().as_str() {
        "right" => 1,
        "left" => 3,
        _ => return Err(err()),
    };
    Ok(Move { face, turns })
}

/// Read operations one per line (blank lines skipped).
pub fn parse_operations(text: &str) -> Result<Alg, NamedError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| parse_operation(l, i + 1))
        .collect::<Result<Vec<_>, _>>()
        .map(Alg)
}

/// Whether a move text is written as named operations rather than WCA or counted
/// notation: its first word is a face word.
pub fn looks_named(text: &str) -> bool {
    text.split_whitespace()
        .next()
        .is_some_and(|w| w.len() > 1 && face_word(w).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_operations() {
        let alg = parse_operations("front right\n\n top left\nBOTTOM RIGHT\n").unwrap();
        assert_eq!(alg.to_string(), "F U' D");
        assert!(looks_named("front right"));
        assert!(!looks_named("F R U"));
        let e = parse_operations("front right\nfront sideways").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(parse_operation("front", 1).is_err());
        assert!(parse_operation("middle left", 1).is_err());
    }
}
