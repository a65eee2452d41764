//! Tighten a finished solution: take out two turns of one block (or a single move)
//! and let the repair mend what that leaves; keep the mended path when it solves the
//! cube in fewer moves.
//!
//! A beam that undid an overlapping scramble move out of order often mends the slip
//! with a conjugate `A P A'` around a move `P` that belonged before `A`: two moves
//! too many, far apart, which no run of neighbouring moves shows (see
//! [`shorten`](super::shorten)). Taking `A` and `A'` out leaves a residue that the
//! repair's single edits undo by moving `P` to its place.

use super::repair;
use crate::cube::CELLS;
use crate::moves::Move;
use rayon::prelude::*;

/// `path`, which solves `start`, with moves taken out and the rest mended (see the
/// module's doc) while that gives a shorter solution; never longer than `path`.
pub fn tighten(start: &[u8; CELLS], path: &[Move]) -> Vec<Move> {
    let mut best = path.to_vec();
    loop {
        let n = best.len();
        let pairs = (0..n).flat_map(|i| (i + 1..n).map(move |j| vec![i, j]));
        let cuts: Vec<Vec<usize>> = pairs
            .filter(|c| best[c[0]].block() == best[c[1]].block())
            .chain((0..n).map(|i| vec![i]))
            .collect();
        let shorter = cuts.par_iter().find_map_first(|cut| {
            let rest: Vec<Move> = (0..n)
                .filter(|k| !cut.contains(k))
                .map(|k| best[k])
                .collect();
            let mended = repair::run(start, &rest);
            (mended.len() < n && repair::misplaced_after(start, &mended) == 0).then_some(mended)
        });
        match shorter {
            Some(q) => best = q,
            None => return best,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::{Cube, SOLVED};
    use crate::moves::{parse_moves, play_all};

    #[test]
    fn a_conjugate_around_a_move_out_of_place_is_taken_out() {
        // A 46-move scramble (`cubist bench --puzzle cubular`, scramble-0) and a
        // 47-move solution of it that the solver once gave: it undid 725Z2 before
        // 513X2 and mended that with `725Z2 .. 513X2 .. 725Z2` further on.
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let n = rng.gen_range(10..=100);
        let (cube, _) = crate::scramble::scramble(&mut rng, n);
        assert_eq!(n, 46);
        let solution = parse_moves(
            "473Z1 652Y1 646Z1 544X1 736Z1 746Z1 422X1 343X2 145X1 365X1 732X2 541X3 763Z2 \
             717Y3 211X3 514X1 725Z2 315Y2 314Z2 224X3 372Y2 372X3 473Z3 172Z3 355X1 636Z2 \
             556Y3 346X2 164X3 252X2 225Z2 136X3 227Z3 237Z3 147Y1 725Z2 577Z1 467X1 377X2 \
             175X1 513X2 521X1 725Z2 535Z1 627Y2 724Y3 712X3",
        )
        .unwrap();
        let solves = |moves: &[Move]| {
            let mut cells = *cube.cells();
            play_all(&mut cells, moves);
            cells == SOLVED
        };
        assert_eq!(solution.len(), 47);
        assert!(solves(&solution));
        let tight = tighten(cube.cells(), &solution);
        assert!(solves(&tight));
        assert!(tight.len() <= 45, "{} moves", tight.len());
    }

    #[test]
    fn a_solution_with_nothing_to_take_out_stays() {
        let cube = Cube::solved();
        let moves = parse_moves("444X1 444X3").unwrap();
        let mut scrambled = *cube.cells();
        play_all(&mut scrambled, &moves[..1]);
        let tight = tighten(&scrambled, &moves[1..]);
        assert_eq!(tight, moves[1..].to_vec());
    }
}
