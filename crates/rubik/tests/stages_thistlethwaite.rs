//! Thistlethwaite's method on seeded random cubes: every solution solves the cube (on the
//! cubie model, the stickers and the reference model), each stage stays inside the group
//! the previous one reached, and the lengths are as short as the method promises.

mod stages_support;

use cubist_rubik::solve::thistlethwaite::{self, STAGE_NAMES};
use cubist_rubik::{Alg, CubieCube, Face, Facelets};
use stages_support::{oracle_dir, oracle_solved, random_cubes, solves};

/// Whether every move of `alg` is a generator of the group a stage starts in:
/// stage 0 any turn, stage 1 half turns of F and B, stage 2 also of L and R, stage 3
/// half turns only.
fn in_group(stage: usize, alg: &Alg) -> bool {
    let halves_only: &[Face] = match stage {
        0 => &[],
        1 => &[Face::F, Face::B],
        2 => &[Face::F, Face::B, Face::L, Face::R],
        _ => &Face::ALL,
    };
    alg.0
        .iter()
        .all(|m| m.turns == 2 || !halves_only.contains(&m.face))
}

/// Piece-level facts each group's states have (necessary conditions).
fn looks_like_group(stage: usize, c: &CubieCube) -> bool {
    let edges_oriented = c.eo.iter().all(|&o| o == 0);
    let corners_oriented = c.co.iter().all(|&o| o == 0);
    let e_slice = (8..12).all(|i| c.ep[i] >= 8);
    let slices = (0..12).all(|i| c.ep[i] % 2 == (i as u8) % 2 || i >= 8);
    let tetrads = (0..8).all(|i| {
        let tetrad = |x: usize| [0, 2, 5, 7].contains(&x);
        tetrad(c.cp[i] as usize) == tetrad(i)
    });
    let faces_two_colours = Facelets::from_cubie(c)
        .0
        .chunks(9)
        .all(|f| f.iter().all(|&s| s == f[4] || s == f[4].opposite()));
    match stage {
        0 => edges_oriented,
        1 => edges_oriented && corners_oriented && e_slice,
        2 => {
            edges_oriented && corners_oriented && e_slice && slices && tetrads && faces_two_colours
        }
        _ => c.is_solved(),
    }
}

#[test]
fn solves_random_cubes_stage_by_stage() {
    let cubes = random_cubes(4, 300);
    let mut total = 0;
    for cube in &cubes {
        let sol = thistlethwaite::solve(cube);
        let names: Vec<&str> = sol.stages.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, STAGE_NAMES);
        let mut c = *cube;
        for (k, (name, alg)) in sol.stages.iter().enumerate() {
            assert!(in_group(k, alg), "stage {name} leaves its group: {alg}");
            c = c.apply_alg(alg);
            assert!(
                looks_like_group(k, &c),
                "stage {name} does not reach its group"
            );
        }
        assert!(solves(cube, &sol.moves()));
        total += sol.moves().len();
    }
    let mean = total as f64 / cubes.len() as f64;
    eprintln!(
        "thistlethwaite: mean {mean:.2} moves over {} cubes",
        cubes.len()
    );
    assert!(mean <= 31.0, "mean length {mean:.2}");
}

#[test]
fn solutions_agree_with_reference_model() {
    let Some(dir) = oracle_dir() else { return };
    let cubes = random_cubes(5, 100);
    let mut cases: Vec<(CubieCube, Alg)> = cubes
        .iter()
        .map(|c| (*c, thistlethwaite::solve(c).moves()))
        .collect();
    // A control that must be judged unsolved: the first cube with no moves.
    cases.push((cubes[0], Alg::default()));
    let verdicts = oracle_solved(&dir, &cases);
    let (control, real) = verdicts.split_last().unwrap();
    assert!(!control, "reference model judged a scrambled cube solved");
    assert!(
        real.iter().all(|&v| v),
        "reference model rejects a solution"
    );
}

#[test]
fn solved_cube_needs_no_moves() {
    let sol = thistlethwaite::solve(&CubieCube::SOLVED);
    assert!(sol.moves().is_empty());
}
