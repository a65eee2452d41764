//! The layers method (SPEC §2.6): the seven stages a person learns — bottom cross,
//! bottom corners, middle layer, top cross, top cross edges, top corner positions, top
//! corner orientation — each reached from the previous by a short search that must also
//! keep everything solved so far.
//!
//! The first three stages are shortest searches (IDA* bounded by pattern databases,
//! settling for a short solution when the shortest takes too long to find);
//! the middle layer places two middle edges, then the other two. The last four are
//! chains of first-two-layers-preserving macros found once by search (module
//! `last_layer`): each stage takes a shortest chain, and among those the ones that
//! leave the later stages shortest.

mod last_layer;
mod pattern;
mod pieces;
mod search;

use super::{SolveError, StagedSolution};
use crate::cubie::CubieCube;
use crate::moves::Alg;
use cubist_tables::Cancel;
use last_layer::LastLayer;
use pattern::{Masks, Pattern};
use pieces::{home, PIECES};
use search::Goal;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// The labels of the seven stages.
pub const STAGE_NAMES: [&str; 7] = [
    "bottom cross",
    "bottom corners",
    "middle layer",
    "top cross",
    "top cross edges",
    "top corner positions",
    "top corner orientation",
];

// Piece numbers (see `pieces`): corners 0..8, edges 8..20.
const U_CORNERS: [usize; 4] = [0, 1, 2, 3];
const D_CORNERS: [usize; 4] = [4, 5, 6, 7];
const U_EDGES: [usize; 4] = [8, 9, 10, 11];
const D_EDGES: [usize; 4] = [12, 13, 14, 15];
const E_EDGES: [usize; 4] = [16, 17, 18, 19];
/// Two neighbouring bottom corners with the middle edges above them (front, back,
/// right, left): these bound how far the first two layers are from being intact.
const PAIRS: [[usize; 4]; 4] = [
    [4, 5, 16, 17],
    [6, 7, 18, 19],
    [4, 7, 16, 19],
    [5, 6, 17, 18],
];
/// Each side face's bottom edge, middle edges and one bottom corner.
const SIDES: [[usize; 4]; 4] = [
    [12, 4, 16, 19],
    [13, 5, 16, 17],
    [14, 6, 17, 18],
    [15, 7, 18, 19],
];
/// Bottom cross edges with the corners next to them.
const CROSS_CORNERS: [[usize; 4]; 4] = [
    [12, 13, 4, 7],
    [14, 15, 5, 6],
    [13, 14, 4, 5],
    [12, 15, 6, 7],
];

/// The longest search any stage is allowed (never reached in practice).
const MAX_STAGE_DEPTH: u8 = 24;

/// Search nodes a first-layers stage may spend looking for its shortest solution before
/// settling for a merely short one (this bounds the time a hard cube takes).
const SEARCH_BUDGET: u64 = 6_000;

/// The longest macro (first-two-layers-preserving sequence) the last layer chains.
const MACRO_LENGTH: u8 = 8;

/// How many turns longer than its shortest a last-layer stage may be, when that
/// shortens the last layer as a whole.
const LAST_LAYER_SLACK: usize = 0;

/// Solve a reachable cube layer by layer, one labelled stage per human step.
///
/// # Panics
/// If `cube` is not reachable by face turns (see [`CubieCube::is_reachable`]).
pub fn solve(cube: &CubieCube) -> StagedSolution {
    assert!(cube.is_reachable(), "cube is not reachable by face turns");
    solve_with_cancel(cube, &Cancel::new()).expect("never cancelled")
}

/// [`solve`] that gives up with [`SolveError::TimedOut`] when `cancel` stops (its
/// searches poll it every few thousand nodes). An unreachable cube is an error, not a
/// panic.
pub fn solve_with_cancel(cube: &CubieCube, cancel: &Cancel) -> Result<StagedSolution, SolveError> {
    if !cube.is_reachable() {
        return Err(SolveError::Unreachable);
    }
    let t = tables();
    let mut codes = pieces::from_cubie(cube);
    let mut stages = Vec::with_capacity(STAGE_NAMES.len());
    for goals in &t.first_layers {
        let mut moves = Vec::new();
        for goal in goals {
            let found = goal
                .short(&codes, MAX_STAGE_DEPTH, SEARCH_BUDGET, cancel)
                .map_err(|_| SolveError::TimedOut)?
                .expect("every stage is reachable on a reachable cube");
            for m in &found {
                codes = pieces::turns().apply(&codes, m.index());
            }
            moves.extend(found);
        }
        stages.push(moves);
    }
    stages.extend(t.last_layer.solve(&codes, LAST_LAYER_SLACK));
    let stages = STAGE_NAMES
        .iter()
        .zip(stages)
        .map(|(name, moves)| (*name, Alg(moves).simplified()))
        .collect();
    Ok(StagedSolution { stages })
}

/// Pattern databases already built, by their pieces and accepted codes.
type PatternCache = HashMap<Vec<(usize, u32)>, Arc<Pattern>>;

/// Goals, pattern databases and last-layer macros, built on first use.
struct Tables {
    /// For each of the first three stages, the goals searched one after another.
    first_layers: Vec<Vec<Goal>>,
    /// The four last-layer stages.
    last_layer: LastLayer,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        // Goals share many tables (the same pieces with the same accepted codes).
        let cache: RefCell<PatternCache> = RefCell::default();
        let goal = |masks: &Masks, sets: &[&[usize]]| Goal {
            masks: *masks,
            patterns: sets
                .iter()
                .map(|s| {
                    let key: Vec<(usize, u32)> = s.iter().map(|&p| (p, masks[p])).collect();
                    cache
                        .borrow_mut()
                        .entry(key)
                        .or_insert_with(|| Arc::new(Pattern::build(s, masks)))
                        .clone()
                })
                .collect(),
        };
        let set_home = |masks: &mut Masks, ps: &[usize]| {
            for &p in ps {
                masks[p] = 1 << home(p);
            }
        };
        let mut masks: Masks = [u32::MAX; PIECES];
        set_home(&mut masks, &D_EDGES);
        let cross = goal(&masks, &[&D_EDGES]);
        set_home(&mut masks, &D_CORNERS);
        let corners = goal(
            &masks,
            &[
                &D_EDGES,
                &D_CORNERS,
                &CROSS_CORNERS[0],
                &CROSS_CORNERS[1],
                &CROSS_CORNERS[2],
                &CROSS_CORNERS[3],
            ],
        );
        let f2l_sets: Vec<&[usize]> = [&D_EDGES, &D_CORNERS, &E_EDGES]
            .into_iter()
            .map(|s| &s[..])
            .chain(PAIRS.iter().chain(&SIDES).map(|s| &s[..]))
            .collect();
        set_home(&mut masks, &E_EDGES[..2]);
        let middle_half = goal(&masks, &f2l_sets);
        set_home(&mut masks, &E_EDGES);
        let f2l = goal(&masks, &f2l_sets);
        // The last layer's goals need no bounds: they are reached by table.
        let mut ll_goals = Vec::new();
        for p in U_EDGES {
            masks[p] = 0b0101_0101;
        }
        ll_goals.push(goal(&masks, &[]));
        set_home(&mut masks, &U_EDGES);
        ll_goals.push(goal(&masks, &[]));
        for p in U_CORNERS {
            masks[p] = 0b111 << home(p);
        }
        ll_goals.push(goal(&masks, &[]));
        set_home(&mut masks, &U_CORNERS);
        ll_goals.push(goal(&masks, &[]));
        let ll_refs: Vec<&Goal> = ll_goals.iter().collect();
        let last_layer = LastLayer::build(&f2l, MACRO_LENGTH, &ll_refs);
        Tables {
            first_layers: vec![vec![cross], vec![corners], vec![middle_half, f2l]],
            last_layer,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cancelled_solve_gives_up_and_an_unreachable_cube_is_an_error() {
        let c = CubieCube::from_alg(&Alg::parse("R U F' L2 D B' R2 U' F D2 L").unwrap());
        assert_eq!(solve_with_cancel(&c, &Cancel::new()).unwrap(), solve(&c));
        let mut twisted = CubieCube::SOLVED;
        twisted.co[0] = 1;
        assert_eq!(
            solve_with_cancel(&twisted, &Cancel::new()),
            Err(SolveError::Unreachable)
        );
    }

    #[test]
    fn macros_reach_every_last_layer_state() {
        let t = tables();
        for k in 0..4 {
            assert_eq!(
                last_layer::unreachable_count(&t.last_layer, k),
                0,
                "stage {k}"
            );
        }
    }
}
