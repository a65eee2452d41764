//! The facelet string: 54 letters, faces in the order U R F D L B, each face's nine
//! stickers row by row. The centres say which letter is which face, so colour letters
//! (`WWWWWWWWWRRR...`) work as well as face letters. Spaces between the nine-letter
//! groups are allowed.

use super::{shorten, ColourScheme, Format, FormatError, Sheet};
use crate::facelet::Facelets;

/// Read one line (numbered `line`) holding one facelet string.
pub fn read_line(text: &str, line: usize) -> Result<Sheet, FormatError> {
    let letters: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    if letters.len() != 54 {
        return Err(FormatError::new(
            line,
            format!("{} stickers in {:?}", letters.len(), shorten(text.trim())),
            "54 letters (faces U R F D L B, nine stickers each)",
        ));
    }
    if let Some(p) = letters.iter().position(|c| !c.is_alphanumeric()) {
        return Err(FormatError::new(
            line,
            format!("sticker {} is {:?}", p + 1, letters[p]),
            "a letter",
        ));
    }
    Ok(Sheet {
        format: Format::Facelets,
        line,
        stickers: letters.iter().map(|c| c.to_string()).collect(),
        numeric: false,
    })
}

/// Write stickers as one 54-letter line.
pub fn write(scheme: &ColourScheme, stickers: &Facelets) -> String {
    stickers.0.iter().map(|&f| scheme.symbol(f)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes() {
        let solved = Facelets::solved().to_letters();
        let sheet = read_line(&solved, 1).unwrap();
        assert_eq!(sheet.stickers.concat(), solved);
        assert_eq!(
            write(&ColourScheme::face_letters(), &Facelets::solved()),
            solved
        );
        let grouped: Vec<String> = solved
            .as_bytes()
            .chunks(9)
            .map(|c| String::from_utf8(c.to_vec()).unwrap())
            .collect();
        assert_eq!(read_line(&grouped.join(" "), 1).unwrap(), sheet);
    }

    #[test]
    fn wrong_length_names_the_count() {
        let e = read_line("UUUU", 7).unwrap_err();
        assert_eq!(e.line, 7);
        assert!(e.to_string().contains("4 stickers"), "{e}");
    }
}
