//! Block moves (SPEC 1.3): notation `426Y3`, parsing move lists, inverting them, and the
//! precomputed cell permutation of each of the 3087 moves.

use crate::geometry::{coords, index, CELLS};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

/// Number of distinct moves: 343 blocks × 3 axes × 3 turn counts.
pub const MOVE_COUNT: usize = 7 * 7 * 7 * 9;
/// Cells a move changes: all 27 cells of the block but the 3 on the turning axis.
pub const MOVED: usize = 24;

/// The axis a block turns about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Axis {
    /// Left–right axis; a quarter turn goes towards the back.
    X,
    /// Bottom–top axis; a quarter turn is anticlockwise seen from above.
    Y,
    /// Back–front axis; a quarter turn is anticlockwise seen from the front.
    Z,
}

impl Axis {
    /// All three axes in notation order.
    pub const ALL: [Axis; 3] = [Axis::X, Axis::Y, Axis::Z];

    /// The axis letter.
    pub fn letter(self) -> char {
        match self {
            Axis::X => 'X',
            Axis::Y => 'Y',
            Axis::Z => 'Z',
        }
    }

    fn ordinal(self) -> usize {
        self as usize
    }
}

/// One block rotation: the block centred at (x, y, z), each 1..=7, turned `turns`
/// quarter turns (1..=3) about `axis`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Centre x, 1..=7.
    pub x: u8,
    /// Centre y, 1..=7.
    pub y: u8,
    /// Centre z, 1..=7.
    pub z: u8,
    /// The turning axis.
    pub axis: Axis,
    /// Quarter turns, 1..=3.
    pub turns: u8,
}

impl Move {
    /// A move; `None` when a centre is outside 1..=7 or turns outside 1..=3.
    pub fn new(x: u8, y: u8, z: u8, axis: Axis, turns: u8) -> Option<Move> {
        let ok = |c: u8| (1..=7).contains(&c);
        (ok(x) && ok(y) && ok(z) && (1..=3).contains(&turns)).then_some(Move {
            x,
            y,
            z,
            axis,
            turns,
        })
    }

    /// Dense number 0..3087 of this move (block, axis, turns).
    pub fn index(self) -> usize {
        (self.block() * 3 + self.axis.ordinal()) * 3 + (self.turns as usize - 1)
    }

    /// The move with dense number `i` (inverse of [`Move::index`]).
    pub fn from_index(i: usize) -> Move {
        let turns = (i % 3) as u8 + 1;
        let axis = Axis::ALL[(i / 3) % 3];
        let b = i / 9;
        Move {
            x: (b / 49) as u8 + 1,
            y: ((b / 7) % 7) as u8 + 1,
            z: (b % 7) as u8 + 1,
            axis,
            turns,
        }
    }

    /// Dense number 0..343 of the block this move turns.
    pub fn block(self) -> usize {
        (self.x as usize - 1) * 49 + (self.y as usize - 1) * 7 + (self.z as usize - 1)
    }

    /// The move that undoes this one.
    pub fn inverse(self) -> Move {
        Move {
            turns: 4 - self.turns,
            ..self
        }
    }

    /// Whether this move's block holds `cell` (it may sit on the turning axis and stay).
    pub fn holds(self, cell: usize) -> bool {
        let (x, y, z) = coords(cell);
        (self.x as usize).abs_diff(x) <= 1
            && (self.y as usize).abs_diff(y) <= 1
            && (self.z as usize).abs_diff(z) <= 1
    }

    /// Moves saved when `next` is played right after this one: 2 when it undoes it, 1
    /// when it turns the same block about the same axis (the two make one move), else
    /// 0. Searches that put moves next to others count their cost with it. (Two half
    /// turns of a block about different axes make one move too, a half turn about
    /// the third; only the final clean-up pass takes that.)
    pub fn merge_saving(self, next: Move) -> usize {
        match (
            self.block() == next.block() && self.axis == next.axis,
            (self.turns + next.turns) % 4,
        ) {
            (false, _) => 0,
            (true, 0) => 2,
            (true, _) => 1,
        }
    }

    /// Whether the two moves' blocks share no cell (then they commute).
    pub fn disjoint(self, other: Move) -> bool {
        self.x.abs_diff(other.x) >= 3
            || self.y.abs_diff(other.y) >= 3
            || self.z.abs_diff(other.z) >= 3
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}{}{}{}",
            self.x,
            self.y,
            self.z,
            self.axis.letter(),
            self.turns
        )
    }
}

/// Why a move or move list could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// A move token that is not five characters `XYZAn` in range.
    #[error("line {line}: bad move `{text}`: {why}")]
    Bad {
        /// 1-based line of the move list.
        line: usize,
        /// The offending text.
        text: String,
        /// What was expected.
        why: &'static str,
    },
}

impl FromStr for Move {
    type Err = MoveError;

    fn from_str(s: &str) -> Result<Move, MoveError> {
        parse_one(s, 1)
    }
}

fn parse_one(s: &str, line: usize) -> Result<Move, MoveError> {
    let bad = |why| MoveError::Bad {
        line,
        text: s.to_string(),
        why,
    };
    let b: Vec<char> = s.chars().collect();
    if b.len() != 5 {
        return Err(bad(
            "a move is five characters: centre x y z, axis X/Y/Z, turns 1-3",
        ));
    }
    let mut centre = [0u8; 3];
    for (c, ch) in centre.iter_mut().zip(&b[..3]) {
        match ch.to_digit(10) {
            Some(d @ 1..=7) => *c = d as u8,
            Some(_) => return Err(bad("centre coordinates must be 1..7")),
            None => return Err(bad("centre coordinates must be digits 1..7")),
        }
    }
    let axis = match b[3] {
        'X' | 'x' => Axis::X,
        'Y' | 'y' => Axis::Y,
        'Z' | 'z' => Axis::Z,
        _ => return Err(bad("axis must be X, Y or Z")),
    };
    let turns = match b[4].to_digit(10) {
        Some(t @ 1..=3) => t as u8,
        _ => return Err(bad("turn count must be 1, 2 or 3")),
    };
    Ok(Move {
        x: centre[0],
        y: centre[1],
        z: centre[2],
        axis,
        turns,
    })
}

/// Read a move list: moves separated by whitespace (or commas), or run together
/// (`111X1426Y3`). Errors name the move and its line.
pub fn parse_moves(text: &str) -> Result<Vec<Move>, MoveError> {
    let mut out = Vec::new();
    for (ln, line) in text.lines().enumerate() {
        for tok in line.split(|c: char| c.is_whitespace() || c == ',' || c == ';') {
            if tok.is_empty() {
                continue;
            }
            let chars: Vec<char> = tok.chars().collect();
            if !chars.len().is_multiple_of(5) {
                return Err(MoveError::Bad {
                    line: ln + 1,
                    text: tok.to_string(),
                    why: "moves are five characters each (like 426Y3)",
                });
            }
            for chunk in chars.chunks(5) {
                let s: String = chunk.iter().collect();
                out.push(parse_one(&s, ln + 1)?);
            }
        }
    }
    Ok(out)
}

/// The move list that undoes `moves`: reversed, each move inverted.
pub fn invert(moves: &[Move]) -> Vec<Move> {
    moves.iter().rev().map(|m| m.inverse()).collect()
}

/// Moves written one per line, each line ending in a newline.
pub fn format_moves(moves: &[Move]) -> String {
    let mut s = String::with_capacity(moves.len() * 6);
    for m in moves {
        s.push_str(&m.to_string());
        s.push('\n');
    }
    s
}

/// Local permutation of a 3×3×3 block for one quarter turn: `perm[new] = old`, local
/// index `y*9 + z*3 + x`.
fn quarter_turn(axis: Axis) -> [usize; 27] {
    let mut p = [0usize; 27];
    for y in 0..3 {
        for z in 0..3 {
            for x in 0..3 {
                // new[y][z][x] = old[..] per the worked examples of SPEC 1.3.
                let (oy, oz, ox) = match axis {
                    Axis::X => (2 - z, y, x),
                    Axis::Y => (y, x, 2 - z),
                    Axis::Z => (2 - x, z, y),
                };
                p[y * 9 + z * 3 + x] = oy * 9 + oz * 3 + ox;
            }
        }
    }
    p
}

/// Local permutation for `turns` quarter turns about `axis`.
pub(crate) fn local_perm(axis: Axis, turns: u8) -> [usize; 27] {
    let q = quarter_turn(axis);
    let mut p: [usize; 27] = std::array::from_fn(|i| i);
    for _ in 0..turns {
        // Applying one more quarter turn: new[i] = prev[q[i]].
        p = std::array::from_fn(|i| p[q[i]]);
    }
    p
}

/// Each move's changed cells as `(destination, source)` pairs: after the move, cell
/// `destination` holds what cell `source` held.
pub type MoveCycle = [(u16, u16); MOVED];

/// The table of all 3087 moves' cell pairs, built once.
pub fn move_table() -> &'static [MoveCycle] {
    static TABLE: OnceLock<Vec<MoveCycle>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..MOVE_COUNT)
            .map(|i| {
                let m = Move::from_index(i);
                let perm = local_perm(m.axis, m.turns);
                let mut cyc = [(0u16, 0u16); MOVED];
                let mut k = 0;
                for (dst, &src) in perm.iter().enumerate() {
                    if dst == src {
                        continue;
                    }
                    let abs = |l: usize| {
                        let (ly, lz, lx) = (l / 9, (l / 3) % 3, l % 3);
                        index(
                            m.x as usize - 1 + lx,
                            m.y as usize - 1 + ly,
                            m.z as usize - 1 + lz,
                        ) as u16
                    };
                    cyc[k] = (abs(dst), abs(src));
                    k += 1;
                }
                debug_assert_eq!(k, MOVED);
                cyc
            })
            .collect()
    })
}

/// Turn one block of a bare cell array by move index `m`: the solvers' inner loops
/// work on arrays, without a [`Cube`](crate::cube::Cube) around them.
pub(crate) fn play(cells: &mut [u8; CELLS], m: usize) {
    let cyc = &move_table()[m];
    let mut moved = [0u8; MOVED];
    for (v, &(_, s)) in moved.iter_mut().zip(cyc.iter()) {
        *v = cells[s as usize];
    }
    for (&v, &(d, _)) in moved.iter().zip(cyc.iter()) {
        cells[d as usize] = v;
    }
}

/// The cell whose piece `cell` holds after move number `m` (the cell itself outside the
/// block): one step of tracing a position back through a move list, without playing
/// the moves on a whole cube. Read from a table of every move and cell (4.5 MB), since
/// the endgame asks it millions of times.
#[inline]
pub(crate) fn source_of(m: usize, cell: usize) -> usize {
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t: Vec<u16> = (0..MOVE_COUNT * CELLS)
            .map(|i| (i % CELLS) as u16)
            .collect();
        for (mi, cyc) in move_table().iter().enumerate() {
            for &(d, s) in cyc.iter() {
                t[mi * CELLS + d as usize] = s;
            }
        }
        t
    });
    table[m * CELLS + cell] as usize
}

/// Play a move list on a bare cell array (see [`play`]).
pub(crate) fn play_all(cells: &mut [u8; CELLS], moves: &[Move]) {
    for &m in moves {
        play(cells, m.index());
    }
}

/// For each cell, every move touching it with the other cell of its (destination,
/// source) pair: `pick(dst, src)` says which cell the entry is filed under and which
/// is recorded with the move.
fn moves_by_cell(pick: fn(u16, u16) -> (u16, u16)) -> Vec<Vec<(u16, u16)>> {
    let mut by_cell = vec![Vec::new(); CELLS];
    for (mi, cyc) in move_table().iter().enumerate() {
        for &(d, s) in cyc.iter() {
            let (cell, other) = pick(d, s);
            by_cell[cell as usize].push((mi as u16, other));
        }
    }
    by_cell
}

/// For each cell, the moves that bring a piece into it: (move index, source cell).
/// Backward searches follow these to find where a wanted piece can come from.
pub(crate) fn feeders() -> &'static [Vec<(u16, u16)>] {
    static F: OnceLock<Vec<Vec<(u16, u16)>>> = OnceLock::new();
    F.get_or_init(|| moves_by_cell(|d, s| (d, s)))
}

/// For each cell, the moves that carry its piece elsewhere: (move index, destination).
/// Forward searches follow these to walk one piece across the cube.
pub(crate) fn carriers() -> &'static [Vec<(u16, u16)>] {
    static C: OnceLock<Vec<Vec<(u16, u16)>>> = OnceLock::new();
    C.get_or_init(|| moves_by_cell(|d, s| (s, d)))
}

/// The cell at the corner (lowest x, y, z) of block number `block`.
pub(crate) const fn corner_cell(block: usize) -> usize {
    let (x, y, z) = (block / 49, (block / 7) % 7, block % 7);
    y * 81 + z * 9 + x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn source_of_traces_each_cell_back_through_a_move() {
        for (mi, cyc) in move_table().iter().enumerate() {
            let m = Move::from_index(mi);
            let mut want: Vec<usize> = (0..CELLS).collect();
            for &(d, s) in cyc.iter() {
                want[d as usize] = s as usize;
            }
            for (cell, &w) in want.iter().enumerate() {
                assert_eq!(source_of(mi, cell), w, "move {m}, cell {cell}");
            }
        }
    }

    /// Where each cell's piece comes from after playing `moves` in order.
    fn sources(moves: &[usize]) -> Vec<usize> {
        (0..CELLS)
            .map(|cell| moves.iter().rev().fold(cell, |c, &m| source_of(m, c)))
            .collect()
    }

    #[test]
    fn merge_saving_counts_what_two_moves_in_a_row_save() {
        let identity: Vec<usize> = (0..CELLS).collect();
        // Every pair of moves of one block, and pairs on other blocks near and far.
        let block = Move::new(4, 3, 5, Axis::X, 1).unwrap().block() * 9;
        let others = [
            Move::new(5, 3, 5, Axis::X, 1).unwrap(),
            Move::new(7, 7, 7, Axis::Y, 3).unwrap(),
        ];
        let singles: Vec<Vec<usize>> = (block..block + 9).map(|c| sources(&[c])).collect();
        for a in block..block + 9 {
            for b in block..block + 9 {
                let (ma, mb) = (Move::from_index(a), Move::from_index(b));
                let both = sources(&[a, b]);
                let saving = ma.merge_saving(mb);
                assert_eq!(saving == 2, both == identity, "{ma} {mb}");
                if saving == 1 {
                    assert!(singles.contains(&both), "{ma} {mb} is one move");
                }
                if ma.axis != mb.axis {
                    assert_eq!(saving, 0, "{ma} {mb}");
                }
            }
            for o in others {
                assert_eq!(Move::from_index(a).merge_saving(o), 0);
                assert_eq!(o.merge_saving(Move::from_index(a)), 0);
            }
        }
    }

    #[test]
    fn index_round_trip() {
        for i in 0..MOVE_COUNT {
            assert_eq!(Move::from_index(i).index(), i);
        }
    }

    #[test]
    fn notation_round_trip() {
        let m: Move = "426Y3".parse().unwrap();
        assert_eq!(m, Move::new(4, 2, 6, Axis::Y, 3).unwrap());
        assert_eq!(m.to_string(), "426Y3");
    }

    #[test]
    fn parses_run_together_and_reports_lines() {
        let v = parse_moves("111X1426Y3\n  777Z2\n").unwrap();
        assert_eq!(v.len(), 3);
        let e = parse_moves("111X1\n811X1\n").unwrap_err();
        assert!(e.to_string().contains("line 2"), "{e}");
        assert!(e.to_string().contains("811X1"), "{e}");
        assert!(parse_moves("111W1").is_err());
        assert!(parse_moves("111X4").is_err());
        assert!(parse_moves("111X0").is_err());
        assert!(parse_moves("111X").is_err());
        assert!(parse_moves("").unwrap().is_empty());
    }

    #[test]
    fn every_move_is_24_distinct_cells() {
        for cyc in move_table() {
            let mut d: Vec<u16> = cyc.iter().map(|p| p.0).collect();
            let mut s: Vec<u16> = cyc.iter().map(|p| p.1).collect();
            d.sort_unstable();
            s.sort_unstable();
            assert_eq!(d, s);
            d.dedup();
            assert_eq!(d.len(), MOVED);
        }
    }
}
