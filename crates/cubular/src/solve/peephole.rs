//! Clean-up of a move list: merge moves on the same block and axis (also across moves
//! on disjoint blocks, which commute) and drop those that cancel.

use crate::moves::Move;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::Cube;
    use crate::moves::parse_moves;
    use rand::SeedableRng;

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
