//! Shortening a move sequence in the outer-block turn metric: each run of moves about
//! one axis (which commute) is replaced by the fewest block turns that turn each layer
//! the same (`Uw' U` is `2U'`, `R Rw'` is `2R'`, `U D U'` is `D`).

use crate::moves::{Alg, Kind, Move};
use crate::once::{made_once, MadeOnce};
use cubist_rubik::Face;
use std::collections::HashMap;
use std::sync::OnceLock;

/// Largest cube whose runs are rewritten (4^N layer patterns a table).
const MAX_N: usize = 7;

/// The two faces of an axis, the one the layers are counted from first.
fn axis_faces(axis: usize) -> (Face, Face) {
    match axis {
        0 => (Face::U, Face::D),
        1 => (Face::R, Face::L),
        _ => (Face::F, Face::B),
    }
}

/// How far each layer of a move's axis turns (clockwise quarter turns seen from the
/// axis's first face, layers counted from it), as one base-4 number.
fn pattern(m: &Move, n: usize) -> usize {
    let (first, _) = axis_faces(m.face.axis());
    let (lo, hi, t) = if m.face == first {
        (m.lo, m.hi, usize::from(m.turns))
    } else {
        (n + 1 - m.hi, n + 1 - m.lo, 4 - usize::from(m.turns))
    };
    (lo..=hi).fold(0, |p, k| p + t * 4usize.pow((k - 1) as u32))
}

/// Layer patterns added base-4 digit by digit, mod 4.
fn add(a: usize, b: usize, n: usize) -> usize {
    (0..n).fold(0, |p, k| {
        let d = 4usize.pow(k as u32);
        p + ((a / d + b / d) % 4) * d
    })
}

/// The fewest block turns making each layer pattern of one axis.
type Shortest = HashMap<usize, Vec<Move>>;

/// For one axis of an N×N×N: the fewest block turns making each layer pattern (a
/// rotation of the whole cube is no block turn here).
fn table(n: usize, axis: usize) -> &'static Shortest {
    static TABLES: MadeOnce<(usize, usize), Shortest> = OnceLock::new();
    made_once(&TABLES, (n, axis), || {
        let (first, second) = axis_faces(axis);
        // Outer blocks first (R, Rw, 3Rw), then single inner layers, then the rest.
        let mut ranges: Vec<(usize, usize)> = (1..n).map(|hi| (1, hi)).collect();
        ranges.extend((2..n).map(|k| (k, k)));
        ranges.extend((2..n).flat_map(|lo| (lo + 1..n).map(move |hi| (lo, hi))));
        let mut moves = Vec::new();
        for &(lo, hi) in &ranges {
            for face in [first, second] {
                for t in 1..=3 {
                    moves.push(Move::layers(face, lo, hi, t));
                }
            }
        }
        let mut best: Shortest = HashMap::new();
        best.insert(0, Vec::new());
        let mut frontier = vec![0usize];
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for p in frontier {
                let path = best[&p].clone();
                for m in &moves {
                    let q = add(p, pattern(m, n), n);
                    if let std::collections::hash_map::Entry::Vacant(e) = best.entry(q) {
                        let mut longer = path.clone();
                        longer.push(*m);
                        e.insert(longer);
                        next.push(q);
                    }
                }
            }
            frontier = next;
        }
        Box::leak(Box::new(best))
    })
}

/// Moves with turns of the same layers in a row merged (and dropped when they cancel).
pub fn merged(moves: Vec<Move>) -> Alg {
    let mut out: Vec<Move> = Vec::with_capacity(moves.len());
    for m in moves {
        match out.last_mut() {
            Some(l) if (l.face, l.lo, l.hi, l.kind) == (m.face, m.lo, m.hi, m.kind) => {
                let t = (l.turns + m.turns) % 4;
                if t == 0 {
                    out.pop();
                } else {
                    l.turns = t;
                }
            }
            _ => out.push(m),
        }
    }
    Alg(out)
}

/// `alg` with each run of block turns about one axis rewritten as the fewest that do
/// the same, again until nothing shortens (a run that vanishes lets its neighbours
/// meet); for cubes of up to seven layers; rotations and `M E S` are kept as they are.
pub fn simplify(alg: &Alg, n: usize) -> Alg {
    if n > MAX_N {
        return alg.clone();
    }
    let mut out = simplify_once(alg, n);
    loop {
        let shorter = simplify_once(&out, n);
        if shorter.len() == out.len() {
            return out;
        }
        out = shorter;
    }
}

/// The layer pattern of a run of block turns about one axis (the axis of the first).
pub(crate) fn run_pattern(moves: &[Move], n: usize) -> usize {
    moves.iter().fold(0, |p, m| add(p, pattern(m, n), n))
}

/// Two layer patterns of one axis one after the other.
pub(crate) fn add_patterns(a: usize, b: usize, n: usize) -> usize {
    add(a, b, n)
}

/// The fewest block turns about `axis` that make layer pattern `p` (N ≤ 7).
pub(crate) fn fewest(n: usize, axis: usize, p: usize) -> usize {
    table(n, axis)[&p].len()
}

/// One pass of [`simplify`].
fn simplify_once(alg: &Alg, n: usize) -> Alg {
    let mut out = Vec::with_capacity(alg.len());
    let moves = &alg.0;
    let mut i = 0;
    while i < moves.len() {
        let m = moves[i];
        if m.kind != Kind::Layers {
            out.push(m);
            i += 1;
            continue;
        }
        let axis = m.face.axis();
        let mut j = i;
        let mut p = 0;
        while j < moves.len() && moves[j].kind == Kind::Layers && moves[j].face.axis() == axis {
            p = add(p, pattern(&moves[j], n), n);
            j += 1;
        }
        let shortest = &table(n, axis)[&p];
        if shortest.len() < j - i {
            out.extend(shortest.iter().copied());
        } else {
            out.extend(moves[i..j].iter().copied());
        }
        i = j;
    }
    Alg(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::Cube;
    use rand::{Rng, SeedableRng};

    fn simple(text: &str, n: usize) -> String {
        simplify(&Alg::parse(text, n).unwrap(), n).to_string()
    }

    #[test]
    fn runs_about_one_axis_become_the_fewest_block_turns() {
        assert_eq!(simple("Uw' U", 4), "2U'");
        assert_eq!(simple("R Rw'", 4), "2R'");
        assert_eq!(simple("U D U'", 4), "D");
        assert_eq!(simple("F B F' B'", 4), "");
        assert_eq!(simple("R U R'", 4), "R U R'");
        assert_eq!(simple("Rw2 R2 L", 5), "L 2R2");
    }

    #[test]
    fn the_cube_is_turned_the_same() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        for n in [2, 3, 4, 5, 7] {
            for _ in 0..200 {
                let len = rng.gen_range(0..12);
                let moves: Vec<Move> = (0..len)
                    .map(|_| {
                        let face = [Face::U, Face::D, Face::R][rng.gen_range(0..3)];
                        let lo = rng.gen_range(1..=n);
                        let hi = rng.gen_range(lo..=n);
                        Move::layers(face, lo, hi, rng.gen_range(1..=3))
                    })
                    .collect();
                let alg = Alg(moves);
                let short = simplify(&alg, n);
                assert!(short.len() <= alg.len());
                assert_eq!(
                    Cube::solved(n).after(&short),
                    Cube::solved(n).after(&alg),
                    "{alg} -> {short}"
                );
            }
        }
    }
}
