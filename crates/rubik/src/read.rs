//! Reading 3×3×3 cubes from text, the entry point of every command that takes one:
//! [`crate::format`] turns the text into sticker sheets, [`crate::validity`] checks
//! each sheet's colours and reachability, and a [`ParsedCube`] keeps the state with the
//! format and colours it was written in.

use crate::cubie::CubieCube;
use crate::facelet::Facelets;
use crate::format::{sheets, write, ColourScheme, Format, FormatError};
use crate::validity::{check_sheet, CubeError};

/// One cube read from text: its state, and how it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedCube {
    /// The format it was read in.
    pub format: Format,
    /// The symbol of each face in the input.
    pub scheme: ColourScheme,
    /// 1-based line where the cube starts (for messages about one cube of a batch).
    pub line: usize,
    /// The state, checked reachable by face turns.
    pub cube: CubieCube,
}

impl ParsedCube {
    /// The cube written back in its own format and colours (no trailing newline).
    pub fn to_text(&self) -> String {
        self.render(&self.cube)
    }

    /// Another state (e.g. this cube after some turns) written in this cube's format and
    /// colours, so `cubist apply` answers in the input's own terms.
    pub fn render(&self, state: &CubieCube) -> String {
        write(self.format, &self.scheme, &Facelets::from_cubie(state))
    }

    /// The stickers, each named by its face.
    pub fn facelets(&self) -> Facelets {
        Facelets::from_cubie(&self.cube)
    }
}

/// Read every cube in `text` (in `format`, or auto-detected) and check each one: the
/// entry point of every command that takes a 3×3×3.
///
/// Piece lists and facelet strings may hold several cubes, one per line; each gets its
/// own `Ok`/`Err` so a batch goes on past a bad cube. The outer error means the text as
/// a whole is not a cube in any format (empty, undetectable). Each line's stickers are
/// dropped once its cube is checked, and cubes in the colours of the one before share
/// its [`ColourScheme`], so a batch takes a small multiple of its text's size.
///
/// ```
/// use cubist_rubik::{parse, Format};
/// let cubes = parse("UF UR UB UL DF DR DB DL FR FL BR BL UFR URB UBL ULF DRF DFL DLB DBR", None)
///     .unwrap();
/// let cube = cubes[0].as_ref().unwrap();
/// assert_eq!(cube.format, Format::Pieces);
/// assert!(cube.cube.is_solved());
/// ```
pub fn parse(
    text: &str,
    format: Option<Format>,
) -> Result<Vec<Result<ParsedCube, CubeError>>, FormatError> {
    let mut last: Option<ColourScheme> = None;
    Ok(sheets(text, format)?
        .map(|sheet| {
            let sheet = sheet?;
            let (mut scheme, cube) = check_sheet(&sheet)?;
            match &last {
                Some(l) if *l == scheme => scheme = l.clone(),
                _ => last = Some(scheme.clone()),
            }
            Ok(ParsedCube {
                format: sheet.format,
                scheme,
                line: sheet.line,
                cube,
            })
        })
        .collect())
}

/// Read exactly one cube (the first error wins): for commands that take a single cube.
pub fn parse_one(text: &str, format: Option<Format>) -> Result<ParsedCube, CubeError> {
    let mut cubes = parse(text, format)?;
    if cubes.len() > 1 {
        let second = match &cubes[1] {
            Ok(c) => c.line,
            Err(CubeError::Malformed(e)) => e.line,
            Err(CubeError::Unreachable { line, .. }) => *line,
        };
        return Err(FormatError::new(
            second,
            format!("a second cube ({} cubes in all)", cubes.len()),
            "exactly one cube",
        )
        .into());
    }
    cubes.remove(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batch_keeps_going_past_a_bad_cube() {
        let solved = Facelets::solved().to_letters();
        let text = format!("{solved}\nUUU\n\n{solved}\n");
        let cubes = parse(&text, None).unwrap();
        assert_eq!(cubes.len(), 3);
        assert!(cubes[0].is_ok());
        assert!(matches!(&cubes[1], Err(CubeError::Malformed(e)) if e.line == 2));
        assert_eq!(cubes[2].as_ref().unwrap().line, 4);
        assert!(parse_one(&text, None).is_err());
    }
}
