//! The layers method on seeded random cubes: every solution solves the cube (on the
//! cubie model, the stickers and the reference model), each stage reaches its human goal
//! while keeping everything solved before it, and the solutions are reasonably short.

mod stages_support;

use cubist_rubik::solve::layers::{self, STAGE_NAMES};
use cubist_rubik::{Alg, CubieCube};
use stages_support::{check_stages, check_with_reference_model, random_cubes, solves};

/// Corner and edge slot numbers (Kociemba's order).
const U_CORNERS: [usize; 4] = [0, 1, 2, 3];
const D_CORNERS: [usize; 4] = [4, 5, 6, 7];
const U_EDGES: [usize; 4] = [0, 1, 2, 3];
const D_EDGES: [usize; 4] = [4, 5, 6, 7];
const E_EDGES: [usize; 4] = [8, 9, 10, 11];

fn edges_home(c: &CubieCube, slots: &[usize]) -> bool {
    slots.iter().all(|&i| c.ep[i] as usize == i && c.eo[i] == 0)
}

fn corners_home(c: &CubieCube, slots: &[usize]) -> bool {
    slots.iter().all(|&i| c.cp[i] as usize == i && c.co[i] == 0)
}

/// Whether the goal of stage `k` (and so of every stage before it) holds.
fn stage_goal(k: usize, c: &CubieCube) -> bool {
    let cross = edges_home(c, &D_EDGES);
    let first_layer = cross && corners_home(c, &D_CORNERS);
    let two_layers = first_layer && edges_home(c, &E_EDGES);
    let top_cross = two_layers && U_EDGES.iter().all(|&i| c.ep[i] < 4 && c.eo[i] == 0);
    let top_edges = two_layers && edges_home(c, &U_EDGES);
    let corner_places = top_edges && U_CORNERS.iter().all(|&i| c.cp[i] as usize == i);
    [
        cross,
        first_layer,
        two_layers,
        top_cross,
        top_edges,
        corner_places,
        c.is_solved(),
    ][k]
}

#[test]
fn solves_random_cubes_stage_by_stage() {
    let cubes = random_cubes(7, 200);
    let mean = check_stages(&cubes, &STAGE_NAMES, layers::solve, |k, name, _, c| {
        assert!(stage_goal(k, c), "stage {name} misses its goal");
    });
    eprintln!("layers: mean {mean:.2} moves over {} cubes", cubes.len());
    assert!(mean <= 70.0, "mean length {mean:.2}");
}

#[test]
fn solutions_agree_with_reference_model() {
    check_with_reference_model(8, 60, |c| layers::solve(c).moves());
}

#[test]
fn solved_cube_needs_no_moves() {
    let sol = layers::solve(&CubieCube::SOLVED);
    assert!(sol.moves().is_empty());
    assert_eq!(sol.stages.len(), 7);
}

#[test]
fn a_single_turn_is_undone_briefly() {
    for alg in ["R", "U'", "F2", "D"] {
        let alg = Alg::parse(alg).unwrap();
        let cube = CubieCube::from_alg(&alg);
        let sol = layers::solve(&cube);
        assert!(solves(&cube, &sol.moves()));
        assert!(sol.moves().len() <= 30, "{alg}: {}", sol.moves());
    }
}
