//! Clean-up of a move list: merge moves on the same block and axis (also across moves
//! on disjoint blocks, which commute) and drop those that cancel; two half turns of a
//! block about different axes are one half turn about the third.

use crate::moves::{Axis, Move};

/// The shortest list this pass finds with the same effect as `moves`.
pub fn simplify(moves: &[Move]) -> Vec<Move> {
    let mut cur: Vec<Move> = moves.to_vec();
    loop {
        let next = pass(&cur);
        if next.len() == cur.len() {
            return next;
        }
        cur = next;
    }
}

fn pass(moves: &[Move]) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::with_capacity(moves.len());
    for &mv in moves {
        let mut merged = false;
        for j in (0..out.len()).rev() {
            let o = out[j];
            if o.block() == mv.block() {
                if o.axis == mv.axis {
                    let t = (o.turns + mv.turns) % 4;
                    if t == 0 {
                        out.remove(j);
                    } else {
                        out[j].turns = t;
                    }
                    merged = true;
                } else if o.turns == 2 && mv.turns == 2 {
                    out[j].axis = third_axis(o.axis, mv.axis);
                    merged = true;
                }
                break;
            }
            if !o.disjoint(mv) {
                break;
            }
        }
        if !merged {
            out.push(mv);
        }
    }
    out
}

/// The axis that is neither `a` nor `b` (two different axes): half turns of one block
/// about `a` and `b` together turn it as a half turn about this one does.
fn third_axis(a: Axis, b: Axis) -> Axis {
    match (a, b) {
        (Axis::X, Axis::Y) | (Axis::Y, Axis::X) => Axis::Z,
        (Axis::X, Axis::Z) | (Axis::Z, Axis::X) => Axis::Y,
        _ => Axis::X,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::Cube;
    use crate::cube::CELLS;
    use crate::moves::{move_table, parse_moves};
    use rand::SeedableRng;

    #[test]
    fn two_half_turns_about_different_axes_are_one_about_the_third() {
        let m = parse_moves("444X2 777Y2 444Y2").unwrap();
        assert_eq!(simplify(&m), parse_moves("444Z2 777Y2").unwrap());
        // Checked on the cells themselves (where each piece goes, not only the digits)
        // for every pair of turns of one block: only these merge.
        let turned = |moves: &[Move]| {
            let mut cells: Vec<u16> = (0..CELLS as u16).collect();
            for m in moves {
                let before = cells.clone();
                for &(d, s) in move_table()[m.index()].iter() {
                    cells[d as usize] = before[s as usize];
                }
            }
            cells
        };
        let turns = parse_moves("333X1 333X2 333X3 333Y1 333Y2 333Y3 333Z1 333Z2 333Z3").unwrap();
        for &a in &turns {
            for &b in &turns {
                let both = turned(&[a, b]);
                let simplified = simplify(&[a, b]);
                assert_eq!(turned(&simplified), both, "{a} {b}");
                let single = turns.iter().any(|&m| turned(&[m]) == both);
                let none = both == turned(&[]);
                assert_eq!(simplified.len() <= 1, single || none, "{a} {b}");
            }
        }
    }

    #[test]
    fn merges_and_cancels() {
        let m = parse_moves("444X1 777Y2 444X3 111Z1 111Z1").unwrap();
        assert_eq!(simplify(&m), parse_moves("777Y2 111Z2").unwrap());
    }

    #[test]
    fn keeps_the_effect() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for _ in 0..50 {
            // Few distinct blocks so that merges are frequent.
            let moves: Vec<Move> = (0..200)
                .map(|_| {
                    let mut m = crate::scramble::random_move(&mut rng);
                    m.x = [1, 4, 5, 7][m.x as usize % 4];
                    m.y = 4;
                    m.z = [1, 4][m.z as usize % 2];
                    m
                })
                .collect();
            let mut a = Cube::solved();
            a.apply_all(&moves);
            let short = simplify(&moves);
            assert!(short.len() < moves.len());
            let mut b = Cube::solved();
            b.apply_all(&short);
            assert_eq!(a, b);
        }
    }
}
