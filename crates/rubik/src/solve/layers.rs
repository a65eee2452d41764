//! The layers method (SPEC §2.6): the seven stages a person learns — bottom cross,
//! bottom corners, middle layer, top cross, top cross edges, top corner positions, top
//! corner orientation — each reached from the previous by a shortest search (IDA* over
//! pattern databases) that must also keep everything solved so far.

mod last_layer;
mod pattern;
mod pieces;
mod search;

use super::StagedSolution;
use crate::cubie::CubieCube;
use crate::moves::Alg;
use last_layer::LastLayer;
use pattern::{Masks, Pattern};
use pieces::{home, PIECES};
use search::Goal;
use std::sync::OnceLock;

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
/// Bottom cross edges with the corners next to them.
const CROSS_CORNERS: [[usize; 4]; 2] = [[12, 13, 4, 7], [14, 15, 5, 6]];

/// The longest search any stage is allowed (never reached in practice).
const MAX_STAGE_DEPTH: u8 = 24;

/// The longest macro (first-two-layers-preserving sequence) the last layer chains.
const MACRO_LENGTH: u8 = 8;

/// Solve a reachable cube layer by layer, one labelled stage per human step.
///
/// # Panics
/// If `cube` is not reachable by face turns (see [`CubieCube::is_reachable`]).
pub fn solve(cube: &CubieCube) -> StagedSolution {
    assert!(cube.is_reachable(), "cube is not reachable by face turns");
    let t = tables();
    let mut codes = pieces::from_cubie(cube);
    let mut stages = Vec::with_capacity(STAGE_NAMES.len());
    for (k, name) in STAGE_NAMES.iter().enumerate() {
        let mut moves = Vec::new();
        if k < t.first_layers.len() {
            for goal in &t.first_layers[k] {
                let found = goal
                    .shortest(&codes, MAX_STAGE_DEPTH)
                    .expect("every stage is reachable on a reachable cube");
                for m in &found {
                    codes = pieces::turns().apply(&codes, m.index());
                }
                moves.extend(found);
            }
        } else {
            let found = t.last_layer.solve(k - t.first_layers.len(), &codes);
            for m in &found {
                codes = pieces::turns().apply(&codes, m.index());
            }
            moves.extend(found);
        }
        stages.push((*name, Alg(moves).simplified()));
    }
    StagedSolution { stages }
}

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
        let goal = |masks: &Masks, sets: &[&[usize]]| Goal {
            masks: *masks,
            patterns: sets.iter().map(|s| Pattern::build(s, masks)).collect(),
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
            &[&D_EDGES, &D_CORNERS, &CROSS_CORNERS[0], &CROSS_CORNERS[1]],
        );
        let f2l_sets: Vec<&[usize]> = [&D_EDGES, &D_CORNERS, &E_EDGES]
            .into_iter()
            .map(|s| &s[..])
            .chain(PAIRS.iter().map(|s| &s[..]))
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
