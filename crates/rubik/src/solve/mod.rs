//! Solvers for the 3×3×3 (SPEC §2.6). Each method takes a reachable
//! [`CubieCube`](crate::cubie::CubieCube) and returns face turns that solve it; none
//! parses or prints.
//!
//! Search solvers ([`two_phase`]) share [`Options`] (length target, time budget) and
//! return a [`Solution`]; the staged methods return a [`StagedSolution`].

use crate::moves::Alg;
use std::time::Duration;

pub mod layers;
pub mod optimal;
pub mod thistlethwaite;
pub mod two_phase;

/// A solution split into named stages (Thistlethwaite's groups, the human layers).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StagedSolution {
    /// Each stage's name and the moves that reach it from the previous stage.
    pub stages: Vec<(&'static str, Alg)>,
}

impl StagedSolution {
    /// All stages' moves in order, as one sequence (not merged across stage borders).
    pub fn moves(&self) -> Alg {
        Alg(self
            .stages
            .iter()
            .flat_map(|(_, a)| a.0.iter().copied())
            .collect())
    }

    /// All stages' moves as one sequence, with turns of a face that meet at a stage
    /// border merged (the answer to give when the stages are not shown).
    pub fn merged(&self) -> Alg {
        self.moves().simplified()
    }
}

/// What a search solver is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Longest solution accepted as the answer (two-phase stops at the first solution
    /// this short; the optimal solver ignores it).
    pub max_length: usize,
    /// Time budget; when it runs out the best solution found so far is returned,
    /// marked incomplete.
    pub timeout: Option<Duration>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_length: 20,
            timeout: None,
        }
    }
}

/// A search solver's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The moves, which solve the cube.
    pub moves: Alg,
    /// False when the time budget ran out first: the moves solve the cube but miss the
    /// length target (two-phase) or are not proven shortest (optimal).
    pub complete: bool,
}

/// Why a search solver gave no solution.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The cube cannot be reached by face turns.
    #[error("the cube is not reachable by face turns")]
    Unreachable,
    /// No solution of at most this many moves exists (the search was exhaustive).
    #[error("no solution of at most {0} moves")]
    NoSolution(usize),
    /// The time budget ran out before any solution was found.
    #[error("no solution found within the time budget")]
    TimedOut,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merged_joins_turns_across_stage_borders() {
        let alg = |t: &str| Alg::parse(t).expect("valid");
        let staged = StagedSolution {
            stages: vec![
                ("first", alg("R U")),
                ("second", alg("U' F")),
                ("third", alg("F")),
            ],
        };
        assert_eq!(staged.moves(), alg("R U U' F F"));
        assert_eq!(staged.merged(), alg("R F2"));
    }
}
