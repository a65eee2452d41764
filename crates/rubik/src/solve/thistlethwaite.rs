//! Thistlethwaite's method (SPEC §2.6): four stages of group reduction
//! ⟨U,D,L,R,F,B⟩ → ⟨U,D,L,R,F2,B2⟩ → ⟨U,D,L2,R2,F2,B2⟩ → ⟨U2,D2,L2,R2,F2,B2⟩ → solved.
//!
//! Each stage is solved optimally within its group: a breadth-first distance table over
//! the coset coordinate of the next group (built once, in memory, on first use) is
//! followed downhill. Among a stage's optimal solutions a few are tried, and the one
//! giving the shortest whole solution (after merging turns across stage borders) wins.

mod coords;
mod tables;

use super::{SolveError, StagedSolution};
use crate::cubie::CubieCube;
use crate::moves::{Alg, Face, Move};
use cubist_tables::Cancel;
use std::sync::OnceLock;
use tables::StageTable;

/// The labels of the four stages, named by the group each one ends in.
pub const STAGE_NAMES: [&str; 4] = [
    "G1 edges oriented",
    "G2 corners oriented, E slice",
    "G3 half turns only",
    "G4 solved",
];

/// How many of a stage's optimal solutions are tried, each finished by the later stages,
/// before the shortest whole is kept: it bounds the work to 6³ = 216 stage paths a cube.
const CANDIDATES_PER_STAGE: usize = 6;

/// Solve a reachable cube stage by stage; each stage's moves lie in the group the
/// previous stage ended in, and the whole sequence solves the cube.
///
/// # Panics
/// If `cube` is not reachable by face turns (see [`CubieCube::is_reachable`]).
pub fn solve(cube: &CubieCube) -> StagedSolution {
    assert!(cube.is_reachable(), "cube is not reachable by face turns");
    solve_in(cube, &Cancel::new())
}

/// [`solve`] that stops trying further candidates once `cancel` stops, keeping the
/// shortest whole solution found so far (the first takes microseconds once the tables
/// are built). An unreachable cube is an error, not a panic.
pub fn solve_with_cancel(cube: &CubieCube, cancel: &Cancel) -> Result<StagedSolution, SolveError> {
    if !cube.is_reachable() {
        return Err(SolveError::Unreachable);
    }
    Ok(solve_in(cube, cancel))
}

fn solve_in(cube: &CubieCube, cancel: &Cancel) -> StagedSolution {
    let stages = stage_tables();
    let mut best: Option<(usize, Vec<Alg>)> = None;
    let mut path = Vec::with_capacity(4);
    search(stages, 0, cube, &mut path, &mut best, cancel);
    let (_, algs) = best.expect("every reachable cube has a staged solution");
    StagedSolution {
        stages: STAGE_NAMES.iter().copied().zip(algs).collect(),
    }
}

/// The four stages' tables, built on first use.
fn stage_tables() -> &'static [StageTable; 4] {
    static TABLES: OnceLock<[StageTable; 4]> = OnceLock::new();
    TABLES.get_or_init(|| {
        let all: Vec<Move> = Move::ALL.to_vec();
        let g1 = group(&[Face::U, Face::D, Face::L, Face::R], &[Face::F, Face::B]);
        let g2 = group(&[Face::U, Face::D], &[Face::L, Face::R, Face::F, Face::B]);
        let g3 = group(&[], &Face::ALL);
        [
            StageTable::build(all, &[(coords::EDGE_FLIPS, coords::edge_flips)]),
            StageTable::build(
                g1,
                &[
                    (coords::CORNER_TWISTS, coords::corner_twists),
                    (coords::E_SLICE, coords::e_slice),
                ],
            ),
            StageTable::build(
                g2,
                &[
                    (coords::CORNER_COSETS, coords::corner_coset),
                    (coords::M_SLICE, coords::m_slice),
                ],
            ),
            StageTable::build(
                g3,
                &[
                    (coords::HALF_TURN_CORNERS, coords::half_turn_corner),
                    (coords::SLICE_ARRANGEMENTS, coords::m_arrangement),
                    (coords::SLICE_ARRANGEMENTS, coords::s_arrangement),
                    (coords::SLICE_ARRANGEMENTS, coords::e_arrangement),
                ],
            ),
        ]
    })
}

/// The moves generating a group: all turns of `free` faces, half turns of `halves`.
fn group(free: &[Face], halves: &[Face]) -> Vec<Move> {
    Move::ALL
        .iter()
        .copied()
        .filter(|m| free.contains(&m.face) || (halves.contains(&m.face) && m.turns == 2))
        .collect()
}

/// Try a few optimal solutions of stage `k` from `cube` and recurse, keeping in `best`
/// the shortest complete solution (measured after merging across stage borders).
fn search(
    stages: &[StageTable; 4],
    k: usize,
    cube: &CubieCube,
    path: &mut Vec<Alg>,
    best: &mut Option<(usize, Vec<Alg>)>,
    cancel: &Cancel,
) {
    if k == stages.len() {
        let merged = merge_borders(path);
        let len = merged.iter().map(Alg::len).sum();
        if best.as_ref().is_none_or(|(b, _)| len < *b) {
            *best = Some((len, merged));
        }
        return;
    }
    // The last stage is followed downhill once; earlier ones branch.
    let limit = if k + 1 == stages.len() {
        1
    } else {
        CANDIDATES_PER_STAGE
    };
    for alg in optimal_solutions(&stages[k], cube, limit) {
        if best.is_some() && cancel.is_cancelled() {
            return;
        }
        let next = cube.apply_alg(&alg);
        path.push(alg);
        search(stages, k + 1, &next, path, best, cancel);
        path.pop();
    }
}

/// Up to `limit` distinct optimal move sequences taking `cube` into the stage's target
/// group, found by walking the distance table downhill in every way.
fn optimal_solutions(stage: &StageTable, cube: &CubieCube, limit: usize) -> Vec<Alg> {
    let start = stage.index(cube);
    debug_assert!(stage.distance(start) != u8::MAX);
    let mut found = Vec::new();
    let mut moves = Vec::new();
    walk_down(stage, start, &mut moves, limit, &mut found);
    found
}

fn walk_down(
    stage: &StageTable,
    index: usize,
    moves: &mut Vec<Move>,
    limit: usize,
    found: &mut Vec<Alg>,
) {
    let d = stage.distance(index);
    if d == 0 {
        found.push(Alg(moves.clone()));
        return;
    }
    for (j, &m) in stage.moves.iter().enumerate() {
        if found.len() >= limit {
            return;
        }
        if let Some(&last) = moves.last() {
            // Same face twice, or opposite faces out of order, is never needed.
            if last.face == m.face || (last.face == m.face.opposite() && last.face > m.face) {
                continue;
            }
        }
        let n = stage.step(index, j);
        if stage.distance(n) + 1 == d {
            moves.push(m);
            walk_down(stage, n, moves, limit, found);
            moves.pop();
        }
    }
}

/// Merge turns of one face that meet across a stage border (also across a turn of the
/// opposite face) into the earlier stage. A later stage's moves lie in the group the
/// earlier stage ends in, so each stage still ends in its group.
fn merge_borders(stages: &[Alg]) -> Vec<Alg> {
    let mut out: Vec<(usize, Move)> = Vec::new();
    for (k, alg) in stages.iter().enumerate() {
        for &m in &alg.0 {
            let n = out.len();
            let target = if n >= 1 && out[n - 1].1.face == m.face {
                Some(n - 1)
            } else if n >= 2
                && out[n - 1].1.face == m.face.opposite()
                && out[n - 2].1.face == m.face
            {
                Some(n - 2)
            } else {
                None
            };
            match target {
                Some(t) => {
                    let turns = (out[t].1.turns + m.turns) % 4;
                    if turns == 0 {
                        out.remove(t);
                    } else {
                        out[t].1.turns = turns;
                    }
                }
                None => out.push((k, m)),
            }
        }
    }
    (0..stages.len())
        .map(|k| {
            Alg(out
                .iter()
                .filter(|(s, _)| *s == k)
                .map(|&(_, m)| m)
                .collect())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_sizes_and_depths() {
        let t = stage_tables();
        let max = |s: &StageTable| *s.dist.iter().filter(|&&d| d != u8::MAX).max().unwrap();
        let count = |s: &StageTable| s.dist.iter().filter(|&&d| d != u8::MAX).count();
        assert_eq!(count(&t[0]), 2048);
        assert_eq!(count(&t[1]), 2187 * 495);
        assert_eq!(count(&t[2]), 29400);
        assert_eq!(count(&t[3]), 663552);
        // Thistlethwaite's known stage maxima: 7, 10, 13, 15.
        assert_eq!(
            [max(&t[0]), max(&t[1]), max(&t[2]), max(&t[3])],
            [7, 10, 13, 15]
        );
    }

    #[test]
    fn merges_turns_across_borders_into_the_earlier_stage() {
        let algs: Vec<Alg> = ["R U", "U' D F2", "F2 L2", ""]
            .iter()
            .map(|a| Alg::parse(a).unwrap())
            .collect();
        let merged: Vec<String> = merge_borders(&algs).iter().map(|a| a.to_string()).collect();
        assert_eq!(merged, ["R", "D", "L2", ""]);
    }

    #[test]
    fn a_cancelled_solve_still_answers_and_an_unreachable_cube_is_an_error() {
        let c = CubieCube::from_alg(&Alg::parse("R U F' L2 D B' R2 U' F").unwrap());
        let cancelled = Cancel::new();
        cancelled.cancel();
        let s = solve_with_cancel(&c, &cancelled).unwrap();
        assert!(c.apply_alg(&s.moves()).is_solved());
        assert_eq!(solve_with_cancel(&c, &Cancel::new()).unwrap(), solve(&c));
        let mut twisted = CubieCube::SOLVED;
        twisted.co[0] = 1;
        assert_eq!(
            solve_with_cancel(&twisted, &Cancel::new()),
            Err(SolveError::Unreachable)
        );
    }

    #[test]
    fn solves_a_superflip() {
        let c = CubieCube {
            eo: [1; 12],
            ..CubieCube::SOLVED
        };
        let s = solve(&c);
        assert!(c.apply_alg(&s.moves()).is_solved());
        assert_eq!(s.stages.len(), 4);
    }
}
