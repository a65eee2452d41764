//! Solvers for the 3×3×3 (SPEC §2.6). Each method takes a reachable [`CubieCube`] and
//! returns face turns that solve it; none parses or prints.

use crate::moves::Alg;

pub mod layers;
pub mod thistlethwaite;

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
}
