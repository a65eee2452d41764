//! Reading a big cube whole: the text's sheets ([`Sheet`](crate::format::Sheet)),
//! their colours named by faces and checked reachable (SPEC §2.8), into
//! [`ParsedCube`]s that remember how they were written. Malformed text is a
//! [`FormatError`] (exit 2), an unreachable cube an [`Invalidity`] (exit 1).

use crate::cube::Cube;
use crate::format::{position, read_sheets, write, Format, FormatError};
use crate::validity::{self, Invalidity};

/// Why one cube of an input was rejected: malformed (exit 2) or well-formed but not
/// reachable by turns (exit 1).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CubeError {
    /// The text does not describe a cube.
    #[error("{0}")]
    Malformed(#[from] FormatError),
    /// The stickers describe a cube no turns can reach.
    #[error("{}{reason}", position(*.line, None))]
    Unreachable {
        /// 1-based line of a facelet string (0 for a net or arrays).
        line: usize,
        /// The named reason of SPEC §2.8.
        reason: Invalidity,
    },
}

impl CubeError {
    /// Whether the text was well-formed and only the cube is impossible (exit 1).
    pub fn is_unreachable(&self) -> bool {
        matches!(self, CubeError::Unreachable { .. })
    }
}

/// A well-formed, reachable cube and how its input wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedCube {
    /// How it was written.
    pub format: Format,
    /// 1-based line where it starts.
    pub line: usize,
    /// The symbol of each face, by [`Face::index`](cubist_rubik::Face::index).
    pub scheme: [String; 6],
    /// Whether the symbols were JSON numbers.
    pub numeric: bool,
    /// The stickers, each named by its face.
    pub cube: Cube,
}

impl ParsedCube {
    /// `state` written as this cube's input was: same format, same symbols.
    pub fn render(&self, state: &Cube) -> String {
        let symbols: Vec<&str> = state
            .stickers()
            .iter()
            .map(|f| self.scheme[f.index()].as_str())
            .collect();
        write(self.format, state.n(), &symbols, self.numeric)
    }
}

/// Read every cube of a text (see [`read_sheets`]), name its colours by faces and check
/// it is reachable.
pub fn parse(
    text: &str,
    format: Option<Format>,
    n: Option<usize>,
) -> Result<Vec<Result<ParsedCube, CubeError>>, FormatError> {
    Ok(read_sheets(text, format, n)?
        .into_iter()
        .map(|sheet| {
            let sheet = sheet?;
            let unreachable = |reason| CubeError::Unreachable {
                line: if sheet.format == Format::Facelets {
                    sheet.line
                } else {
                    0
                },
                reason,
            };
            let (scheme, cube) = validity::name_colours(&sheet).map_err(|e| match e {
                validity::ColourError::Malformed(f) => CubeError::Malformed(f),
                validity::ColourError::Unreachable(r) => unreachable(r),
            })?;
            validity::check_named(&cube).map_err(|r| unreachable(r.in_colours(&scheme)))?;
            Ok(ParsedCube {
                format: sheet.format,
                line: sheet.line,
                scheme,
                numeric: sheet.numeric,
                cube,
            })
        })
        .collect())
}

/// The one cube of a text; an error when it holds none or several.
pub fn parse_one(
    text: &str,
    format: Option<Format>,
    n: Option<usize>,
) -> Result<ParsedCube, CubeError> {
    let mut cubes = parse(text, format, n)?;
    if cubes.len() != 1 {
        return Err(FormatError::new(0, format!("{} cubes", cubes.len()), "one cube").into());
    }
    cubes.remove(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_writes_what_it_reads() {
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
        for n in [2, 4, 5, 6] {
            let cube = crate::scramble::random_moves(&mut rng, n, 30).1;
            for format in [Format::Facelets, Format::Net, Format::Arrays] {
                for numeric in [false, true] {
                    if numeric && format != Format::Arrays {
                        continue;
                    }
                    let scheme = if numeric {
                        ["0", "1", "2", "3", "4", "5"].map(String::from)
                    } else {
                        ["W", "R", "G", "Y", "O", "B"].map(String::from)
                    };
                    let p = ParsedCube {
                        format,
                        line: 1,
                        scheme,
                        numeric,
                        cube: cube.clone(),
                    };
                    let text = p.render(&cube);
                    let back = parse_one(&text, None, None)
                        .unwrap_or_else(|e| panic!("{format} {n}: {e}\n{text}"));
                    assert_eq!(back.format, format);
                    assert_eq!(back.render(&back.cube), text);
                }
            }
        }
    }
}
