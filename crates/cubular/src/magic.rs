//! Magic sequences for the digit cube: short block-move sequences whose whole effect is
//! a small cycle of cells (a 3-cycle, usually) inside a chosen box.
//!
//! Two blocks that overlap in few cells make a commutator `a b a' b'` that only
//! disturbs cells near the overlap; blocks sharing a single corner cell give a pure
//! 3-cycle in four moves. Conjugating such a commutator by one more move `s` (`s a b a'
//! b' s'`, six moves) carries its cells elsewhere, which yields 3-cycles of many more
//! shapes. A solver's endgame can use these to place its last few pieces: pieces of
//! one kind are interchangeable, so a 3-cycle of cells is all it ever needs.
//!
//! Every answer is replayed on a labelled cube (every cell its own label) before it is
//! returned, so the reported cycles are what the moves really do.

use crate::cube::{coords, index, CELLS};
use crate::moves::{move_table, Axis, Move, MOVED};
use std::collections::HashSet;
use std::fmt;
use std::time::{Duration, Instant};

/// Why a magic-sequence query cannot be run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MagicError {
    /// A region that is not three ranges inside 0..=8.
    #[error(
        "region {text:?}: {why}; expected X0-X1,Y0-Y1,Z0-Z1 with cells 0..8, e.g. 2-6,2-6,2-6"
    )]
    BadRegion {
        /// The text given.
        text: String,
        /// What is wrong with it.
        why: String,
    },
    /// A limit outside its range.
    #[error("{what} is {value}, expected {range}")]
    OutOfRange {
        /// Which limit.
        what: &'static str,
        /// The value given.
        value: usize,
        /// The accepted range.
        range: &'static str,
    },
}

/// A box of cells, bounds inclusive, each coordinate 0..=8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// Smallest x, y, z inside.
    pub lo: [u8; 3],
    /// Largest x, y, z inside.
    pub hi: [u8; 3],
}

impl Region {
    /// The whole cube.
    pub const WHOLE: Region = Region {
        lo: [0; 3],
        hi: [8; 3],
    };

    /// A box from its smallest and largest corner, checked to lie in the cube.
    pub fn new(lo: [u8; 3], hi: [u8; 3]) -> Result<Region, MagicError> {
        let r = Region { lo, hi };
        if (0..3).any(|i| lo[i] > hi[i] || hi[i] > 8) {
            return Err(MagicError::BadRegion {
                text: r.to_string(),
                why: "a range is empty or leaves the cube".into(),
            });
        }
        Ok(r)
    }

    /// Read `X0-X1,Y0-Y1,Z0-Z1` (a single number stands for a one-cell range).
    pub fn parse(text: &str) -> Result<Region, MagicError> {
        let bad = |why: &str| MagicError::BadRegion {
            text: text.to_string(),
            why: why.to_string(),
        };
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        if parts.len() != 3 {
            return Err(bad("it needs three comma-separated ranges"));
        }
        let mut lo = [0u8; 3];
        let mut hi = [0u8; 3];
        for (i, p) in parts.iter().enumerate() {
            let (a, b) = p.split_once('-').unwrap_or((p, p));
            let num = |s: &str| {
                s.trim()
                    .parse::<u8>()
                    .ok()
                    .filter(|&v| v <= 8)
                    .ok_or_else(|| bad(&format!("{s:?} is not a cell coordinate 0..8")))
            };
            lo[i] = num(a)?;
            hi[i] = num(b)?;
            if lo[i] > hi[i] {
                return Err(bad(&format!("range {p} runs backwards")));
            }
        }
        Region::new(lo, hi)
    }

    /// Whether the cell with index `cell` lies inside.
    pub fn contains(&self, cell: usize) -> bool {
        let (x, y, z) = coords(cell);
        [x, y, z]
            .iter()
            .enumerate()
            .all(|(i, &c)| self.lo[i] as usize <= c && c <= self.hi[i] as usize)
    }
}

impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}-{},{}-{},{}-{}",
            self.lo[0], self.hi[0], self.lo[1], self.hi[1], self.lo[2], self.hi[2]
        )
    }
}

/// A cell written as `(x,y,z)`.
pub fn cell_name(cell: usize) -> String {
    let (x, y, z) = coords(cell);
    format!("({x},{y},{z})")
}

/// A sequence found by the search, with what it does to the cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellSequence {
    /// The moves, in order.
    pub moves: Vec<Move>,
    /// The effect as disjoint cycles of cell indices: the piece in `c[0]` goes to
    /// `c[1]`, ..., the piece in the last cell to `c[0]`.
    pub cycles: Vec<Vec<usize>>,
}

impl CellSequence {
    /// Number of moves.
    pub fn length(&self) -> usize {
        self.moves.len()
    }

    /// The cells it changes, in cycle order.
    pub fn changed(&self) -> Vec<usize> {
        self.cycles.iter().flatten().copied().collect()
    }

    /// The moves in digit notation separated by spaces: `435Y1 635Y1 435Y3 635Y3`.
    pub fn moves_text(&self) -> String {
        self.moves
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The cycles as text: `((4,5,5) (3,5,5) (5,5,7))`.
    pub fn cycles_text(&self) -> String {
        self.cycles
            .iter()
            .map(|c| {
                let cells: Vec<String> = c.iter().map(|&i| cell_name(i)).collect();
                format!("({})", cells.join(" "))
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// What to search for.
#[derive(Clone, Debug)]
pub struct CellQuery {
    /// Every changed cell must lie in this box.
    pub region: Region,
    /// At most this many cells may change (3 for a 3-cycle; 2 is impossible, every
    /// move being an even permutation).
    pub max_changed: usize,
    /// 4 (commutators of two moves) or 6 (also their conjugates by one move).
    pub max_length: usize,
    /// Stop once this many answers are known.
    pub count: usize,
    /// Give up after this long, returning what was found.
    pub budget: Duration,
}

impl Default for CellQuery {
    fn default() -> Self {
        CellQuery {
            region: Region::WHOLE,
            max_changed: 3,
            max_length: 6,
            count: 10,
            budget: Duration::from_secs(10),
        }
    }
}

/// The outcome of a search.
#[derive(Clone, Debug, Default)]
pub struct CellReport {
    /// Answers, shortest first.
    pub found: Vec<CellSequence>,
    /// Whether the time budget ran out first.
    pub timed_out: bool,
    /// How many candidate sequences were tried.
    pub tried: u64,
}

/// Run a query: commutators `[a, b]` of two overlapping blocks and, for `max_length`
/// 6, their conjugates `s [a, b] s'`, keeping those whose effect changes between 1 and
/// `max_changed` cells, all inside the region. Moves commute with translation, so each
/// shape is worked out once around the cube's centre block and then slid to every
/// position where its blocks fit.
pub fn search(query: &CellQuery) -> Result<CellReport, MagicError> {
    if !(4..=6).contains(&query.max_length) {
        return Err(MagicError::OutOfRange {
            what: "max length",
            value: query.max_length,
            range: "4..=6",
        });
    }
    if query.max_changed < 3 || query.max_changed > 48 {
        return Err(MagicError::OutOfRange {
            what: "max changed",
            value: query.max_changed,
            range: "3..=48 (a 3-cycle is the smallest change)",
        });
    }
    if query.count == 0 {
        return Err(MagicError::OutOfRange {
            what: "count",
            value: 0,
            range: "at least 1",
        });
    }
    let mut s = Searcher::new(query);
    let commutators = s.commutator_shapes();
    s.place(&commutators);
    if query.max_length >= 6 && !s.enough() && !s.timed_out {
        let conjugates = s.conjugate_shapes(&commutators);
        s.place(&conjugates);
    }
    Ok(s.finish())
}

/// 3-cycles of cells inside `region` made by commutators of two moves (four moves
/// each), the building blocks of an endgame. Empty when the region is too small to
/// hold one.
pub fn three_cycles(region: Region) -> Vec<CellSequence> {
    let query = CellQuery {
        region,
        max_changed: 3,
        max_length: 4,
        count: usize::MAX,
        budget: Duration::from_secs(3600),
    };
    search(&query).map(|r| r.found).unwrap_or_default()
}

/// A cell or block centre relative to the centre of the cube (4, 4, 4).
type Offset = [i8; 3];

/// A sequence worked out around the centre block, to be slid across the cube.
struct Shape {
    /// Moves as (centre offset, axis, turns).
    moves: Vec<(Offset, Axis, u8)>,
    /// Its cycles, as cell offsets.
    cycles: Vec<Vec<Offset>>,
}

const CENTRE: i8 = 4;

fn at(o: Offset, axis: Axis, turns: u8, shift: Offset) -> Option<Move> {
    let c = |i: usize| u8::try_from(CENTRE + o[i] + shift[i]).ok();
    Move::new(c(0)?, c(1)?, c(2)?, axis, turns)
}

fn cell_at(o: Offset, shift: Offset) -> Option<usize> {
    let c = |i: usize| {
        usize::try_from(CENTRE + o[i] + shift[i])
            .ok()
            .filter(|&v| v < 9)
    };
    Some(index(c(0)?, c(1)?, c(2)?))
}

fn offset_of(cell: usize) -> Offset {
    let (x, y, z) = coords(cell);
    [x as i8 - CENTRE, y as i8 - CENTRE, z as i8 - CENTRE]
}

struct Searcher<'q> {
    query: &'q CellQuery,
    /// `lab[c]` = the cell whose piece is now in `c`; identity between uses.
    lab: Vec<u16>,
    found: Vec<CellSequence>,
    effects: HashSet<Vec<Vec<usize>>>,
    deadline: Instant,
    timed_out: bool,
    tried: u64,
}

impl<'q> Searcher<'q> {
    fn new(query: &'q CellQuery) -> Searcher<'q> {
        Searcher {
            query,
            lab: (0..CELLS as u16).collect(),
            found: Vec::new(),
            effects: HashSet::new(),
            deadline: Instant::now() + query.budget,
            timed_out: false,
            tried: 0,
        }
    }

    fn enough(&self) -> bool {
        self.found.len() >= self.query.count
    }

    fn tick(&mut self) -> bool {
        self.tried += 1;
        if self.tried.is_multiple_of(4096) && Instant::now() >= self.deadline {
            self.timed_out = true;
        }
        !self.timed_out
    }

    /// The cycles of `moves` (applied to the labelled cube), or `None` when more than
    /// `limit` cells change. Leaves the labelled cube as it found it.
    fn effect(&mut self, moves: &[Move], limit: usize) -> Option<Vec<Vec<usize>>> {
        let table = move_table();
        for &m in moves {
            let cyc = &table[m.index()];
            let mut moved = [0u16; MOVED];
            for (v, &(_, src)) in moved.iter_mut().zip(cyc.iter()) {
                *v = self.lab[src as usize];
            }
            for (&v, &(dst, _)) in moved.iter().zip(cyc.iter()) {
                self.lab[dst as usize] = v;
            }
        }
        // Only cells of the turned blocks can have changed.
        let mut changed: Vec<usize> = Vec::with_capacity(limit.min(64) + 1);
        'scan: for m in moves {
            for &(d, _) in table[m.index()].iter() {
                let c = d as usize;
                if self.lab[c] as usize != c && !changed.contains(&c) {
                    changed.push(c);
                    if changed.len() > limit {
                        break 'scan;
                    }
                }
            }
        }
        let result = (changed.len() <= limit).then(|| {
            changed.sort_unstable();
            // The piece from cell lab[d] went to d.
            let mut cycles = Vec::new();
            let mut seen = Vec::with_capacity(changed.len());
            for &start in &changed {
                if seen.contains(&start) {
                    continue;
                }
                let mut cycle = Vec::new();
                let mut c = start;
                while !seen.contains(&c) {
                    seen.push(c);
                    cycle.push(c);
                    c = *changed
                        .iter()
                        .find(|&&d| self.lab[d] as usize == c)
                        .unwrap();
                }
                cycles.push(cycle);
            }
            cycles
        });
        for m in moves {
            for &(d, _) in table[m.index()].iter() {
                self.lab[d as usize] = d;
            }
        }
        result
    }

    /// Commutators `[a, b]` with `a` the centre block and `b` any block overlapping it,
    /// that change at most `max_changed` cells.
    fn commutator_shapes(&mut self) -> Vec<Shape> {
        let mut shapes = Vec::new();
        let zero = [0i8; 3];
        for ax_a in Axis::ALL {
            for ta in 1..=3u8 {
                let a = at(zero, ax_a, ta, zero).expect("centre block");
                for i in 0..125 {
                    let o: Offset = [
                        (i / 25) as i8 - 2,
                        ((i / 5) % 5) as i8 - 2,
                        (i % 5) as i8 - 2,
                    ];
                    if o == zero {
                        continue;
                    }
                    for ax_b in Axis::ALL {
                        for tb in 1..=3u8 {
                            let b = at(o, ax_b, tb, zero).expect("near the centre");
                            let moves = [a, b, a.inverse(), b.inverse()];
                            let Some(cycles) = self.effect(&moves, self.query.max_changed) else {
                                continue;
                            };
                            if cycles.is_empty() {
                                continue;
                            }
                            shapes.push(Shape {
                                moves: vec![
                                    (zero, ax_a, ta),
                                    (o, ax_b, tb),
                                    (zero, ax_a, 4 - ta),
                                    (o, ax_b, 4 - tb),
                                ],
                                cycles: cycles
                                    .iter()
                                    .map(|c| c.iter().map(|&x| offset_of(x)).collect())
                                    .collect(),
                            });
                        }
                    }
                }
            }
        }
        shapes
    }

    /// `s [a, b] s'` for each commutator shape and each move `s` that turns one of its
    /// cells: the conjugate cycles the cells `s'` carries the commutator's cells to.
    fn conjugate_shapes(&mut self, bases: &[Shape]) -> Vec<Shape> {
        let table = move_table();
        let mut shapes = Vec::new();
        for base in bases {
            let cells: Vec<Offset> = base.cycles.iter().flatten().copied().collect();
            // Blocks containing a cell: centres within one step of it.
            let mut centres: Vec<Offset> = Vec::new();
            for c in &cells {
                for i in 0..27 {
                    let o = [
                        c[0] + (i / 9) as i8 - 1,
                        c[1] + ((i / 3) % 3) as i8 - 1,
                        c[2] + (i % 3) as i8 - 1,
                    ];
                    if !centres.contains(&o) && o.iter().all(|v| v.abs() <= 3) {
                        centres.push(o);
                    }
                }
            }
            for &o in &centres {
                for axis in Axis::ALL {
                    for turns in 1..=3u8 {
                        if o == base.moves[0].0 && axis == base.moves[0].1 {
                            continue;
                        }
                        let Some(s) = at(o, axis, turns, [0; 3]) else {
                            continue;
                        };
                        // Where s' sends each piece: its table lists (destination, source).
                        let back = &table[s.inverse().index()];
                        let carry = |c: Offset| {
                            let cell = cell_at(c, [0; 3]).expect("near the centre");
                            back.iter()
                                .find(|&&(_, src)| src as usize == cell)
                                .map_or(c, |&(dst, _)| offset_of(dst as usize))
                        };
                        if cells.iter().all(|&c| carry(c) == c) {
                            continue;
                        }
                        let mut moves = vec![(o, axis, turns)];
                        moves.extend_from_slice(&base.moves);
                        moves.push((o, axis, 4 - turns));
                        shapes.push(Shape {
                            moves,
                            cycles: base
                                .cycles
                                .iter()
                                .map(|cy| cy.iter().map(|&c| carry(c)).collect())
                                .collect(),
                        });
                    }
                }
            }
        }
        shapes
    }

    /// Slide each shape to every position where its blocks fit and its cells lie in
    /// the region; replay and record the ones found.
    fn place(&mut self, shapes: &[Shape]) {
        let region = self.query.region;
        for shape in shapes {
            // Shifts that keep every cell of the shape inside the region.
            let mut lo = [i8::MIN; 3];
            let mut hi = [i8::MAX; 3];
            for o in shape.cycles.iter().flatten() {
                for k in 0..3 {
                    lo[k] = lo[k].max(region.lo[k] as i8 - CENTRE - o[k]);
                    hi[k] = hi[k].min(region.hi[k] as i8 - CENTRE - o[k]);
                }
            }
            if (0..3).any(|k| lo[k] > hi[k]) {
                continue;
            }
            let span = |k: usize| (hi[k] - lo[k] + 1) as usize;
            for i in 0..span(0) * span(1) * span(2) {
                let shift: Offset = [
                    lo[0] + (i / (span(1) * span(2))) as i8,
                    lo[1] + ((i / span(2)) % span(1)) as i8,
                    lo[2] + (i % span(2)) as i8,
                ];
                let Some(cycles) = shape
                    .cycles
                    .iter()
                    .map(|c| {
                        c.iter()
                            .map(|&o| cell_at(o, shift))
                            .collect::<Option<Vec<_>>>()
                    })
                    .collect::<Option<Vec<_>>>()
                else {
                    continue;
                };
                if !cycles.iter().flatten().all(|&c| region.contains(c)) {
                    continue;
                }
                let Some(moves) = shape
                    .moves
                    .iter()
                    .map(|&(o, axis, turns)| at(o, axis, turns, shift))
                    .collect::<Option<Vec<_>>>()
                else {
                    continue;
                };
                if !self.tick() {
                    return;
                }
                let mut key = canonical(&cycles);
                key.shrink_to_fit();
                if self.effects.contains(&key) {
                    continue;
                }
                let replayed = self.effect(&moves, CELLS).expect("no limit");
                assert_eq!(canonical(&replayed), key, "effect of {moves:?} recomputed");
                self.effects.insert(key);
                self.found.push(CellSequence {
                    moves,
                    cycles: replayed,
                });
                if self.enough() {
                    return;
                }
            }
        }
    }

    fn finish(mut self) -> CellReport {
        // Stable: shorter first, then fewer cells, then the order found.
        self.found.sort_by_key(|s| (s.length(), s.changed().len()));
        self.found.truncate(self.query.count);
        CellReport {
            found: self.found,
            timed_out: self.timed_out,
            tried: self.tried,
        }
    }
}

/// Cycles in a fixed form (each starting at its smallest cell, sorted) for comparison.
fn canonical(cycles: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = cycles
        .iter()
        .map(|c| {
            let k = (0..c.len()).min_by_key(|&i| c[i]).unwrap_or(0);
            c[k..].iter().chain(&c[..k]).copied().collect()
        })
        .collect();
    out.sort();
    out
}

/// The index of the cell at (x, y, z), for callers naming cells by coordinates.
pub fn cell(x: usize, y: usize, z: usize) -> usize {
    index(x, y, z)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::Cube;

    /// Apply moves to a cube of distinct labels the slow, obvious way: through
    /// [`Cube::apply`] on nine digit "colourings" that together tell cells apart.
    fn moved_cells(moves: &[Move]) -> Vec<(usize, usize)> {
        // Label cell i by its base-9 digits; each colouring is one digit of the label.
        let mut label = vec![0usize; CELLS];
        for d in 0..3 {
            // A cube whose digit at cell i is the d-th base-9 digit of i, plus 1.
            let mut cells = [0u8; CELLS];
            for (i, v) in cells.iter_mut().enumerate() {
                *v = ((i / 9usize.pow(d)) % 9) as u8 + 1;
            }
            let mut cube = Cube::from_cells(cells);
            cube.apply_all(moves);
            for (i, &v) in cube.cells().iter().enumerate() {
                label[i] += (v as usize - 1) * 9usize.pow(d);
            }
        }
        (0..CELLS)
            .filter(|&i| label[i] != i)
            .map(|i| (label[i], i))
            .collect()
    }

    fn check(seq: &CellSequence) {
        let mut pairs = moved_cells(&seq.moves);
        let mut want: Vec<(usize, usize)> = Vec::new();
        for c in &seq.cycles {
            for k in 0..c.len() {
                want.push((c[k], c[(k + 1) % c.len()]));
            }
        }
        pairs.sort_unstable();
        want.sort_unstable();
        assert_eq!(pairs, want, "{}", seq.moves_text());
    }

    #[test]
    fn corner_touching_blocks_make_three_cycles() {
        let region = Region::parse("2-6,2-6,2-6").unwrap();
        let found = three_cycles(region);
        assert!(!found.is_empty());
        for s in &found {
            assert_eq!(s.length(), 4);
            assert_eq!(s.cycles.len(), 1);
            assert_eq!(s.cycles[0].len(), 3);
            assert!(s.changed().iter().all(|&c| region.contains(c)));
            check(s);
        }
    }

    #[test]
    fn conjugates_reach_a_small_box() {
        let query = CellQuery {
            // Too thin for any four-move commutator: only conjugates fit.
            region: Region::parse("3-4,3-4,3-5").unwrap(),
            count: 20,
            ..CellQuery::default()
        };
        let report = search(&query).unwrap();
        assert!(!report.found.is_empty());
        for s in &report.found {
            assert_eq!(s.length(), 6);
            assert_eq!(s.moves[5], s.moves[0].inverse());
            assert!(s.changed().len() == 3);
            assert!(s.changed().iter().all(|&c| query.region.contains(c)));
            check(s);
        }
    }

    #[test]
    fn regions_parse_and_reject() {
        let r = Region::parse("0-2, 3 ,4-8").unwrap();
        assert_eq!(r, Region::new([0, 3, 4], [2, 3, 8]).unwrap());
        assert_eq!(r.to_string(), "0-2,3-3,4-8");
        for bad in ["", "1-2,3", "0-9,0-0,0-0", "3-1,0-0,0-0", "a,b,c"] {
            assert!(Region::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn limits_are_checked() {
        for q in [
            CellQuery {
                max_length: 3,
                ..CellQuery::default()
            },
            CellQuery {
                max_changed: 2,
                ..CellQuery::default()
            },
            CellQuery {
                count: 0,
                ..CellQuery::default()
            },
        ] {
            assert!(search(&q).is_err());
        }
    }
}
