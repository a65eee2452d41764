//! Magic sequences (SPEC §2.7): short move sequences that leave a chosen set of pieces
//! alone and change only a few others — corner 3-cycles, twists, flips.
//!
//! Two ways of finding them:
//! - the **orbit method** ([`orbit`]): take each short canonical sequence and repeat it
//!   until its effect on the protected pieces vanishes; keep it if what is left is small;
//! - **commutators** ([`commutator`]): `[A, B] = A B A' B'` for short `A` and `B`, which
//!   only disturb pieces near where `A` and `B` overlap.
//!
//! Answers are re-checked by applying their moves to the solved cube before they are
//! returned, and come out shortest total first.

pub mod canonical;
pub mod commutator;
pub mod orbit;
pub mod pieces;

pub use pieces::{changed_pieces, cycles, cycles_text, Cycle, Keep, Piece, Protected};

use crate::cubie::CubieCube;
use crate::moves::Alg;
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// Which of the two search methods to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Repeat short sequences until the protected pieces come home.
    Orbit,
    /// Commutators `[A, B]` of short sequences.
    Commutator,
}

/// What to search for.
#[derive(Clone, Debug)]
pub struct Query {
    /// Pieces that must end where they started.
    pub keep: Vec<Keep>,
    /// At most this many pieces may change (moved, twisted or flipped).
    pub max_changed: usize,
    /// All changed pieces must lie on one face.
    pub same_face: bool,
    /// Longest base sequence tried (orbit), or longest `A` (commutators).
    pub max_length: usize,
    /// Most repeats of a base sequence (orbit method).
    pub max_repeat: usize,
    /// Longest `B` of a commutator.
    pub max_b_length: usize,
    /// Stop once this many answers are known (after finishing that length).
    pub count: usize,
    /// Give up after this long, returning what was found.
    pub budget: Duration,
    /// Search method.
    pub method: Method,
}

impl Default for Query {
    fn default() -> Self {
        Query {
            keep: Vec::new(),
            max_changed: 3,
            same_face: false,
            max_length: 6,
            max_repeat: 6,
            max_b_length: 1,
            count: 10,
            budget: Duration::from_secs(10),
            method: Method::Orbit,
        }
    }
}

/// Why a query cannot be run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
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

impl Query {
    /// Check the limits: lengths 1..=12, repeats 1..=1260 (the largest order of a cube
    /// element), count at least 1, at least one changed piece allowed.
    pub fn validate(&self) -> Result<(), QueryError> {
        let checks: [(&'static str, usize, usize, usize, &'static str); 5] = [
            ("max length", self.max_length, 1, 12, "1..=12"),
            ("max repeat", self.max_repeat, 1, 1260, "1..=1260"),
            ("B length", self.max_b_length, 1, 6, "1..=6"),
            ("count", self.count, 1, usize::MAX, "at least 1"),
            ("max changed", self.max_changed, 1, 20, "1..=20"),
        ];
        for (what, value, lo, hi, range) in checks {
            if value < lo || value > hi {
                return Err(QueryError::OutOfRange { what, value, range });
            }
        }
        Ok(())
    }

    /// Whether an effect answers the query: protected pieces alone, between 1 and
    /// `max_changed` pieces changed, all on one face if asked.
    pub fn accepts(&self, effect: &CubieCube, protected: &Protected) -> bool {
        if !protected.holds(effect) {
            return false;
        }
        let n = pieces::changed_count(effect);
        n >= 1 && n <= self.max_changed && (!self.same_face || pieces::on_one_face(effect))
    }
}

/// A sequence found by the search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MagicSequence {
    /// The sequence repeated (orbit method) or the whole commutator, written out.
    pub base: Alg,
    /// How many times `base` is applied.
    pub repeat: usize,
    /// The parts `A` and `B` when this is the commutator `[A, B]`.
    pub commutator: Option<(Alg, Alg)>,
    /// What the whole sequence does to the solved cube.
    pub effect: CubieCube,
}

impl MagicSequence {
    /// Every move, in order: `base` written `repeat` times.
    pub fn moves(&self) -> Alg {
        Alg(self
            .base
            .0
            .iter()
            .copied()
            .cycle()
            .take(self.base.len() * self.repeat)
            .collect())
    }

    /// Total number of face turns.
    pub fn length(&self) -> usize {
        self.base.len() * self.repeat
    }

    /// The pieces it changes, corners first.
    pub fn changed(&self) -> Vec<Piece> {
        changed_pieces(&self.effect)
    }

    /// How it is written for people: `(R U R' U')3`, `[R' D' R, U]`, or the moves.
    pub fn notation(&self) -> String {
        match (&self.commutator, self.repeat) {
            (Some((a, b)), _) => format!("[{a}, {b}]"),
            (None, 1) => self.base.to_string(),
            (None, k) => format!("({}){k}", self.base),
        }
    }
}

/// The outcome of a search.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Answers, shortest total first.
    pub found: Vec<MagicSequence>,
    /// Whether the time budget ran out before the search finished.
    pub timed_out: bool,
    /// How many candidate sequences were tried.
    pub tried: u64,
}

/// Run a query.
pub fn search(query: &Query) -> Result<Report, QueryError> {
    query.validate()?;
    let mut found = Found::new(query);
    match query.method {
        Method::Orbit => orbit::search(query, &mut found),
        Method::Commutator => commutator::search(query, &mut found),
    }
    Ok(found.finish())
}

/// Answers collected so far, with the bookkeeping every method shares: duplicates
/// dropped, the time budget, and when enough answers are known.
pub(crate) struct Found<'q> {
    query: &'q Query,
    protected: Protected,
    list: Vec<MagicSequence>,
    effects: HashSet<CubieCube>,
    deadline: Instant,
    timed_out: bool,
    tried: u64,
    bound: usize,
}

impl<'q> Found<'q> {
    fn new(query: &'q Query) -> Found<'q> {
        Found {
            query,
            protected: Protected::from_sets(&query.keep),
            list: Vec::new(),
            effects: HashSet::new(),
            deadline: Instant::now() + query.budget,
            timed_out: false,
            tried: 0,
            bound: usize::MAX,
        }
    }

    /// Count one candidate; every 4096 candidates, check the clock. Returns `false`
    /// once the budget is spent.
    pub(crate) fn tick(&mut self) -> bool {
        self.tried += 1;
        if self.tried.is_multiple_of(4096) && Instant::now() >= self.deadline {
            self.timed_out = true;
        }
        !self.timed_out
    }

    /// Whether enough answers are known to stop after the current length.
    pub(crate) fn enough(&self) -> bool {
        self.list.len() >= self.query.count
    }

    /// Total length that no longer answer needs to beat: the `count`-th shortest known.
    pub(crate) fn bound(&self) -> usize {
        self.bound
    }

    /// Add an answer unless an earlier one has the same effect. The moves are applied
    /// to the solved cube again, so an answer that does not do what it claims is never
    /// returned.
    pub(crate) fn add(&mut self, seq: MagicSequence) {
        let effect = CubieCube::from_alg(&seq.moves());
        assert_eq!(
            effect,
            seq.effect,
            "effect of {} recomputed",
            seq.notation()
        );
        debug_assert!(self.query.accepts(&effect, &self.protected));
        if self.effects.insert(effect) {
            self.list.push(seq);
            if self.enough() {
                let mut lens: Vec<usize> = self.list.iter().map(|s| s.length()).collect();
                lens.sort_unstable();
                self.bound = lens[self.query.count - 1];
            }
        }
    }

    fn finish(mut self) -> Report {
        // Stable: equal lengths stay in the order found (shorter bases first).
        self.list.sort_by_key(|s| s.length());
        self.list.truncate(self.query.count);
        Report {
            found: self.list,
            timed_out: self.timed_out,
            tried: self.tried,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Facts checked straight on the cubie arrays, not through the search's own helpers.
    fn corners_changed(c: &CubieCube) -> Vec<usize> {
        (0..8)
            .filter(|&i| c.cp[i] as usize != i || c.co[i] != 0)
            .collect()
    }

    fn edges_home(c: &CubieCube) -> bool {
        (0..12).all(|i| c.ep[i] as usize == i && c.eo[i] == 0)
    }

    fn share_a_face(slots: &[usize]) -> bool {
        "URFDLB".chars().any(|f| {
            slots
                .iter()
                .all(|&i| crate::cubie::CORNER_NAMES[i].contains(f))
        })
    }

    fn query(keep: &[Keep], method: Method) -> Query {
        Query {
            keep: keep.to_vec(),
            max_changed: 3,
            same_face: true,
            max_length: 5,
            count: 3,
            method,
            ..Query::default()
        }
    }

    #[test]
    fn orbit_finds_corner_cycles_on_one_face() {
        let report = search(&query(&[Keep::Edges], Method::Orbit)).unwrap();
        assert!(!report.found.is_empty());
        let mut last = 0;
        for s in &report.found {
            let c = CubieCube::from_alg(&s.moves());
            assert_eq!(c, s.effect);
            assert!(edges_home(&c), "{}", s.notation());
            let corners = corners_changed(&c);
            assert!((1..=3).contains(&corners.len()), "{}", s.notation());
            assert!(share_a_face(&corners), "{}", s.notation());
            assert!(s.repeat >= 1 && s.repeat <= 6 && s.base.len() <= 5);
            assert!(s.length() >= last, "shortest first");
            last = s.length();
        }
    }

    #[test]
    fn orbit_finds_pure_twists() {
        let q = query(&[Keep::Edges, Keep::CornerPositions], Method::Orbit);
        let report = search(&q).unwrap();
        assert!(!report.found.is_empty());
        for s in &report.found {
            let c = CubieCube::from_alg(&s.moves());
            assert!(edges_home(&c));
            assert_eq!(c.cp, CubieCube::SOLVED.cp, "{}", s.notation());
            let twisted: Vec<usize> = (0..8).filter(|&i| c.co[i] != 0).collect();
            assert!((1..=3).contains(&twisted.len()) && share_a_face(&twisted));
        }
    }

    #[test]
    fn shortest_corner_three_cycle_commutator_has_eight_moves() {
        let mut q = query(&[Keep::Edges], Method::Commutator);
        q.same_face = false;
        q.count = 1;
        let report = search(&q).unwrap();
        let s = &report.found[0];
        assert_eq!(s.length(), 8, "{}", s.notation());
        let (a, b) = s.commutator.clone().unwrap();
        let whole = Alg([a.0.clone(), b.0.clone(), a.inverse().0, b.inverse().0].concat());
        let c = CubieCube::from_alg(&whole);
        assert_eq!(c, s.effect);
        assert!(edges_home(&c));
        assert_eq!(corners_changed(&c).len(), 3);
        assert_eq!(cycles(&c).len(), 1, "a single 3-cycle");
    }

    #[test]
    fn longer_b_parts_are_real_commutators() {
        let q = Query {
            keep: vec![],
            max_changed: 8,
            max_length: 1,
            max_b_length: 2,
            count: 20,
            method: Method::Commutator,
            ..Query::default()
        };
        let report = search(&q).unwrap();
        assert!(report
            .found
            .iter()
            .any(|s| s.commutator.as_ref().unwrap().1.len() == 2));
        for s in &report.found {
            let (a, b) = s.commutator.clone().unwrap();
            let whole = Alg([a.0.clone(), b.0.clone(), a.inverse().0, b.inverse().0].concat());
            let c = CubieCube::from_alg(&whole);
            assert_eq!(c, s.effect, "{}", s.notation());
            assert_eq!(CubieCube::from_alg(&s.moves()), c, "{}", s.notation());
            let changed = (0..8)
                .filter(|&i| c.cp[i] as usize != i || c.co[i] != 0)
                .count()
                + (0..12)
                    .filter(|&i| c.ep[i] as usize != i || c.eo[i] != 0)
                    .count();
            assert!((1..=8).contains(&changed), "{}", s.notation());
        }
    }

    #[test]
    fn no_corner_three_cycle_within_five_turns() {
        // Pure corner 3-cycles need 8 turns, so the direct search (no repeats) of
        // sequences up to 5 turns must come back empty.
        let mut q = query(&[Keep::Edges], Method::Orbit);
        q.same_face = false;
        q.max_repeat = 1;
        let report = search(&q).unwrap();
        assert!(report.found.is_empty(), "{:?}", report.found[0].notation());
        assert!(!report.timed_out);
        assert_eq!(
            report.tried,
            (1..=5)
                .map(|n| [18u64, 243, 3240, 43254, 577368][n - 1])
                .sum::<u64>()
        );
    }

    #[test]
    fn spent_budget_is_reported() {
        let mut q = query(&[Keep::Edges], Method::Orbit);
        q.max_repeat = 1;
        q.budget = Duration::ZERO;
        let report = search(&q).unwrap();
        assert!(report.timed_out);
        assert!(report.tried < 10_000);
    }

    #[test]
    fn limits_are_checked() {
        let q = Query {
            max_length: 0,
            ..Query::default()
        };
        assert!(matches!(
            search(&q),
            Err(QueryError::OutOfRange {
                what: "max length",
                ..
            })
        ));
        let q = Query {
            count: 0,
            ..Query::default()
        };
        assert!(q.validate().is_err());
    }
}
