//! Thistlethwaite's method on seeded random cubes: every solution solves the cube (on the
//! cubie model, the stickers and the reference model), each stage stays inside the group
//! the previous one reached, and the lengths are as short as the method promises.

mod stages_support;

use cubist_rubik::solve::thistlethwaite::{self, STAGE_NAMES};
use cubist_rubik::{Alg, CubieCube, Face, Facelets};
use stages_support::{check_stages, check_with_reference_model, random_cubes};

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
    let mean = check_stages(
        &cubes,
        &STAGE_NAMES,
        thistlethwaite::solve,
        |k, name, alg, c| {
            assert!(in_group(k, alg), "stage {name} leaves its group: {alg}");
            assert!(
                looks_like_group(k, c),
                "stage {name} does not reach its group"
            );
        },
    );
    eprintln!(
        "thistlethwaite: mean {mean:.2} moves over {} cubes",
        cubes.len()
    );
    assert!(mean <= 31.0, "mean length {mean:.2}");
}

#[test]
fn solutions_agree_with_reference_model() {
    check_with_reference_model(5, 100, |c| thistlethwaite::solve(c).moves());
}

#[test]
fn solved_cube_needs_no_moves() {
    let sol = thistlethwaite::solve(&CubieCube::SOLVED);
    assert!(sol.moves().is_empty());
}

/// Fewest moves from each state to the solved one, found breadth first over cube states
/// with the given moves; `key` names the states that count as the same.
fn distances_by_search(
    moves: &[cubist_rubik::Move],
    key: impl Fn(&CubieCube) -> u64,
) -> std::collections::HashMap<u64, u8> {
    let mut dist = std::collections::HashMap::new();
    dist.insert(key(&CubieCube::SOLVED), 0u8);
    let mut frontier = vec![CubieCube::SOLVED];
    let mut depth = 0;
    while !frontier.is_empty() {
        depth += 1;
        let mut next = Vec::new();
        for c in &frontier {
            for &m in moves {
                let n = c.apply_move(m);
                if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(key(&n)) {
                    e.insert(depth);
                    next.push(n);
                }
            }
        }
        frontier = next;
    }
    dist
}

#[test]
fn first_and_last_stages_are_optimal() {
    use cubist_rubik::Move;
    // Stage 1: fewest turns to orient all edges, by a search over flip patterns.
    let flips = distances_by_search(&Move::ALL, |c| {
        c.eo.iter().fold(0, |a, &o| a * 2 + o as u64)
    });
    assert_eq!(flips.len(), 2048);
    // Stage 4: fewest half turns to solve, by a search over the whole half-turn group.
    let halves: Vec<Move> = Move::ALL.iter().copied().filter(|m| m.turns == 2).collect();
    let solved = distances_by_search(&halves, |c| {
        let corners = c.cp.iter().fold(0u64, |a, &p| a * 8 + p as u64);
        c.ep.iter().fold(corners, |a, &p| a * 16 + p as u64)
    });
    assert_eq!(solved.len(), 663552);
    for cube in random_cubes(6, 40) {
        let sol = thistlethwaite::solve(&cube);
        let flip_key = cube.eo.iter().fold(0, |a, &o| a * 2 + o as u64);
        assert_eq!(sol.stages[0].1.len(), flips[&flip_key] as usize);
        let before_last = cube.apply_alg(&Alg(sol.stages[..3]
            .iter()
            .flat_map(|(_, a)| a.0.clone())
            .collect()));
        let corners = before_last.cp.iter().fold(0u64, |a, &p| a * 8 + p as u64);
        let key = before_last
            .ep
            .iter()
            .fold(corners, |a, &p| a * 16 + p as u64);
        assert_eq!(sol.stages[3].1.len(), solved[&key] as usize);
    }
}
