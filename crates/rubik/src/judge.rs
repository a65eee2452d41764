//! The batch simulator of SPEC §2.4: data sets of a colour net and named operations;
//! for each, is the cube solved (every face one colour) after the operations?
//!
//! The simulation moves stickers, not pieces, so it answers for any colouring of the
//! net, reachable or not, exactly as a physical cube with those stickers would.

use crate::cubie::CubieCube;
use crate::facelet::{CORNER_FACELETS, EDGE_FACELETS};
use crate::format::{net, shorten, FormatError};
use crate::moves::{Alg, Move};
use crate::named;
use std::sync::OnceLock;

/// One data set: the net's stickers (facelet-string order) and its operations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataSet {
    /// 1-based line of its `START`.
    pub line: usize,
    /// The 54 sticker symbols as written.
    pub stickers: Vec<String>,
    /// The operations, as face turns.
    pub moves: Alg,
}

impl DataSet {
    /// Whether the cube is solved after the operations.
    pub fn solved_after(&self) -> bool {
        // Work on small colour numbers rather than the symbols as written.
        let mut ids = [0u8; 54];
        let mut seen: Vec<&str> = Vec::new();
        for (k, s) in self.stickers.iter().enumerate() {
            ids[k] = match seen.iter().position(|x| x == s) {
                Some(i) => i as u8,
                None => {
                    seen.push(s);
                    (seen.len() - 1) as u8
                }
            };
        }
        for &m in &self.moves.0 {
            let from = &turn_table()[m.index()];
            let old = ids;
            for k in 0..54 {
                ids[k] = old[from[k]];
            }
        }
        ids.chunks(9).all(|face| face.iter().all(|&s| s == face[0]))
    }
}

/// Where each sticker's colour comes from after a state's permutation:
/// `new[i] = old[from[i]]`, for stickers in facelet-string order.
pub fn sticker_sources(c: &CubieCube) -> [usize; 54] {
    let mut from: [usize; 54] = std::array::from_fn(|i| i);
    for i in 0..8 {
        let (piece, twist) = (c.cp[i] as usize, c.co[i] as usize);
        for n in 0..3 {
            from[CORNER_FACELETS[i][(n + twist) % 3]] = CORNER_FACELETS[piece][n];
        }
    }
    for i in 0..12 {
        let (piece, flip) = (c.ep[i] as usize, c.eo[i] as usize);
        for n in 0..2 {
            from[EDGE_FACELETS[i][(n + flip) % 2]] = EDGE_FACELETS[piece][n];
        }
    }
    from
}

/// [`sticker_sources`] of each of the 18 face turns, indexed by [`Move::index`].
fn turn_table() -> &'static [[usize; 54]; 18] {
    static TABLE: OnceLock<[[usize; 54]; 18]> = OnceLock::new();
    TABLE.get_or_init(|| {
        std::array::from_fn(|i| sticker_sources(&CubieCube::SOLVED.apply_move(Move::from_index(i))))
    })
}

/// Turn one face of a cube given by any 54 sticker values.
pub fn turn_stickers<T: Clone>(stickers: &[T], m: Move) -> Vec<T> {
    turn_table()[m.index()]
        .iter()
        .map(|&k| stickers[k].clone())
        .collect()
}

/// Read every data set; the first malformed line fails the whole input, so no answer is
/// printed out of step with its data set.
pub fn read(text: &str) -> Result<Vec<DataSet>, FormatError> {
    let mut sets = Vec::new();
    each_set(text, |set| sets.push(set))?;
    Ok(sets)
}

/// Reads the data sets of `text` one at a time and hands each to `each`, so that a
/// large input is never held as data sets all at once (a set's stickers take far more
/// room than its text). Fails on the first malformed line.
fn each_set(text: &str, mut each: impl FnMut(DataSet)) -> Result<(), FormatError> {
    let mut lines = text.lines().enumerate().peekable();
    let mut any = false;
    // 1-based number of the last line read.
    let mut last;
    let expect_start = "START, or ENDOFINPUT after the last data set";
    loop {
        while lines.next_if(|(_, l)| l.trim().is_empty()).is_some() {}
        let Some((i, line)) = lines.next() else {
            if !any {
                return Err(FormatError::new(0, "no data set", expect_start));
            }
            return Ok(()); // a missing ENDOFINPUT at the very end is forgiven
        };
        last = i + 1;
        match line.trim() {
            "ENDOFINPUT" => return Ok(()),
            "START" => {}
            other => {
                return Err(FormatError::new(
                    i + 1,
                    format!("{:?}", shorten(other)),
                    expect_start,
                ))
            }
        }
        let start = i + 1;
        let mut rows = Vec::new();
        while rows.len() < 9 {
            let Some((i, line)) = lines.next() else { break };
            last = i + 1;
            if !line.trim().is_empty() {
                rows.push((i + 1, line));
            }
        }
        let sheet = net::read_rows(&rows, last)?;
        let mut moves = Vec::new();
        loop {
            let Some((i, line)) = lines.next() else {
                return Err(FormatError::new(
                    last,
                    format!("the data set of line {start} has no END"),
                    "END after its operations",
                ));
            };
            last = i + 1;
            match line.trim() {
                "" => {}
                "END" => break,
                op => moves.push(named::parse_operation(op, i + 1).map_err(|e| {
                    FormatError::new(
                        e.line,
                        format!("{:?}", shorten(&e.found)),
                        "an operation such as \"front left\" or \"top right\", or END",
                    )
                })?),
            }
        }
        any = true;
        each(DataSet {
            line: start,
            stickers: sheet.stickers,
            moves: Alg(moves),
        });
    }
}

/// The whole answer for an input: `Yes` or `No` per data set, one per line. Each set is
/// judged as it is read; nothing is answered unless every set reads.
pub fn judge(text: &str) -> Result<String, FormatError> {
    let mut answer = String::new();
    each_set(text, |set| {
        answer.push_str(if set.solved_after() { "Yes\n" } else { "No\n" })
    })?;
    Ok(answer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facelet::Facelets;

    #[test]
    fn sample_gives_sample_answer() {
        let input = include_str!("../../../examples/rubik/judge-sample.in");
        let output = include_str!("../../../examples/rubik/judge-sample.out");
        assert_eq!(judge(input).unwrap(), output);
    }

    #[test]
    fn sticker_turns_match_the_cubie_model() {
        let alg = Alg::parse("R U F' D2 L B' U2").unwrap();
        let mut s: Vec<char> = Facelets::solved().to_letters().chars().collect();
        for &m in &alg.0 {
            s = turn_stickers(&s, m);
        }
        let want = Facelets::from_cubie(&CubieCube::from_alg(&alg)).to_letters();
        assert_eq!(s.into_iter().collect::<String>(), want);
    }

    #[test]
    fn malformed_sets_name_their_line() {
        let e = judge("START\nO O O\n").unwrap_err();
        assert!(e.to_string().contains("after 1 rows"), "{e}");
        let e = judge("HELLO\n").unwrap_err();
        assert_eq!(e.line, 1);
        let sample = include_str!("../../../examples/rubik/judge-sample.in");
        let e = judge(&sample.replace("top right", "top sideways")).unwrap_err();
        assert_eq!(e.line, 12);
        let e = judge(&sample.replace("END\nSTART", "START")).unwrap_err();
        assert!(e.to_string().contains("\"START\""), "{e}");
    }
}
