//! How hard the solver searches: [`Effort`], and what each level sets for the stages
//! (beam width and work, sweep orders, commutators and carries).

use super::lead::{
    Lead, SHALLOW_MISPLACED, WIDEST_BOND_MISPLACED, WIDE_BOND_MISPLACED, WIDE_BOND_WIDTH,
    WIDE_BOND_WORK, WIDE_SECOND_BEAM,
};
use super::sweep;

/// How hard to search: 1 fastest .. 5 shortest solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort(u32);

impl Effort {
    /// The default: finishes in about two seconds per cube on a small machine.
    pub const DEFAULT: Effort = Effort(2);
    /// Lowest level.
    pub const MIN: u32 = 1;
    /// Highest level.
    pub const MAX: u32 = 5;

    /// Effort `level`, clamped to 1..=5.
    pub fn new(level: u32) -> Effort {
        Effort(level.clamp(Self::MIN, Self::MAX))
    }

    /// The level 1..=5.
    pub fn level(self) -> u32 {
        self.0
    }

    /// Beam width of the first stage; a bond-led beam needs more room (see [`Lead`]).
    /// A bond-led beam beside a cell-led one (`shared`) is narrowed at the lowest
    /// efforts so that it reaches deeper on its half of the work: at the default
    /// effort, width 128 went about 14 levels and was never picked on the bench;
    /// width 32 was picked on 8 of its 18 mid-depth cubes (4 came out shorter, 4
    /// longer), and the bench's challenge cubes and 10-100-move scrambles took 11,277
    /// moves in all to 11,138. At effort 4 it is as wide as at 5: the bench's
    /// challenge cubes and scrambles took 8,232 moves instead of 8,724 (240 wide) in
    /// the same time, and challenge-1 47 instead of 274 (undone). At the default
    /// effort a cube of at most [`WIDE_BOND_MISPLACED`] cells gets a wider one (see
    /// [`Effort::wide_bond_beam`]).
    pub(crate) fn beam_width(self, lead: Lead, shared: bool) -> usize {
        match (lead, shared) {
            (Lead::Cells, _) => [8, 24, 64, 160, 400][self.0 as usize - 1],
            (Lead::Bonds | Lead::Aligned | Lead::Spread | Lead::Wide, false) => {
                [32, 128, 160, 240, 400][self.0 as usize - 1]
            }
            (Lead::Bonds | Lead::Aligned | Lead::Spread | Lead::Wide, true) => {
                [32, 32, 160, 400, 400][self.0 as usize - 1]
            }
        }
    }

    /// Width and work of the bond-led beam beside the cell-led one on a cube of
    /// `misplaced` cells, when they are not its share of the effort's (see
    /// [`WIDE_BOND_MISPLACED`] and [`WIDEST_BOND_MISPLACED`]).
    pub(crate) fn wide_bond_beam(self, misplaced: usize) -> Option<(usize, u64)> {
        if self != Effort::DEFAULT {
            return None;
        }
        match misplaced {
            n if n <= SHALLOW_MISPLACED => None,
            n if n <= WIDE_BOND_MISPLACED => Some((WIDE_BOND_WIDTH, WIDE_BOND_WORK)),
            n if n <= WIDEST_BOND_MISPLACED => Some(WIDE_SECOND_BEAM),
            _ => None,
        }
    }

    /// Most levels the beam runs (deep scrambles gain little from it).
    pub(crate) fn beam_levels(self) -> usize {
        [40, 80, 120, 160, 200][self.0 as usize - 1]
    }

    /// Moves the beam may try when no time budget is given (about 8 million a second on
    /// two cores, so about 1.2 s at the default effort). A beam that has not undone a
    /// shallow scramble by then rarely does later; sweep and endgame finish faster.
    /// Counting work rather than time makes the answer the same on every run and
    /// machine, however busy; only `--timeout` trades that for a time limit.
    pub(crate) fn beam_work(self) -> u64 {
        [4, 10, 64, 160, 480][self.0 as usize - 1] * 1_000_000
    }

    /// Boards the sweep's beam keeps, and placements each tries (see `sweep::place`,
    /// which gives the figures): from the default effort on a narrow beam, at 1 the
    /// greedy sweep. A wider beam costs time in proportion and gained little (8 boards:
    /// 1.3 times the time for under 1% fewer moves), so higher efforts widen it only a little
    /// and run the sweep in more cell orders instead.
    pub(crate) fn sweep_beam(self) -> (usize, usize) {
        [(1, 1), (6, 3), (6, 3), (8, 3), (8, 3)][self.0 as usize - 1]
    }

    /// When the sweep also tries conjugates of two free moves (`A P Q A'`, see
    /// [`sweep::Doubles`]) for the cell due: from effort 3 whenever no shorter free
    /// path is found; at the default effort on a deep cube (`deep`, more than 500 cells
    /// misplaced) only where nothing places the cell cleanly in three moves, which keeps
    /// a 5000-move scramble well within two seconds.
    pub(crate) fn sweep_doubles(self, deep: bool) -> sweep::Doubles {
        match self.0 {
            3.. => sweep::Doubles::Always,
            2 if deep => sweep::Doubles::WhenStuck,
            _ => sweep::Doubles::Never,
        }
    }

    /// Cell orders the sweep tries (see [`sweep::ORDERS`]); the shortest finish is kept.
    pub(crate) fn sweep_orders(self) -> usize {
        [1, 2, 4, 8, sweep::ORDERS][self.0 as usize - 1]
    }

    /// How the endgame carries pieces when `misplaced` cells are left: the largest
    /// commutator (cells changed) it carries, and whether the setups look past the
    /// nearest cells where a commutator could take the piece (see
    /// `endgame::carry_into`). Both find shorter carries at a cost that grows with
    /// the cube of the cells left, so the default effort uses them for the last
    /// [`FAR_CARRY_CELLS`] cells only.
    pub(crate) fn carries(self, misplaced: usize) -> Carries {
        let far = match self.0 {
            1 => false,
            2 => misplaced <= FAR_CARRY_CELLS,
            _ => true,
        };
        let cells = if far {
            [3, 6, 6, 9, 9][self.0 as usize - 1]
        } else {
            3
        };
        Carries { cells, far }
    }

    /// Largest commutator (cells changed) the endgame uses.
    pub(crate) fn commutator_cells(self) -> usize {
        [3, 6, 9, 9, 12][self.0 as usize - 1]
    }
}

/// Cells left up to which the default effort's endgame carries far (see
/// [`Effort::carries`]). Measured on eight 5000-move scrambles and a beam's residue
/// of 125 cells: from 0 to 60 the lengths went 9464 -> 9335 and 356 -> 320, and the
/// residue's solve from about 0.1 to 0.4 s; 80 and more cost twice that for nothing.
const FAR_CARRY_CELLS: usize = 60;

/// How the endgame carries pieces (see [`Effort::carries`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Carries {
    /// Largest commutator carried (cells changed).
    pub cells: usize,
    /// Whether setups look past the nearest entry cells.
    pub far: bool,
}

impl Default for Effort {
    fn default() -> Self {
        Effort::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_effort_carries_far_only_near_the_end() {
        let d = Effort::DEFAULT;
        assert!(d.carries(FAR_CARRY_CELLS).far && !d.carries(FAR_CARRY_CELLS + 1).far);
        assert_eq!(d.carries(FAR_CARRY_CELLS).cells, 6);
        assert_eq!(d.carries(FAR_CARRY_CELLS + 1).cells, 3);
        assert!(!Effort::new(1).carries(1).far);
        assert!(Effort::new(3).carries(700).far);
    }
}
