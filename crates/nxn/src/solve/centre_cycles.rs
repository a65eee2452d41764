//! Centre commutators: `[A, C]` and `[A, S C S⁻¹]` of two blocks of inner layers (`A`
//! may hold the middle layer of an odd cube), around an outer turn `S` or none, and
//! their conjugates by one outer turn, each moving at most six centre pieces in each
//! of some orbits and nothing else among the centres (edges and corners may move: the
//! pairing comes after). They finish a centre stage whose search came close: each one
//! puts more pieces where the stage wants it, and disturbs no stage already done.

use super::centres::faces_mask;
use crate::cube::permutation;
use crate::geometry::Geometry;
use crate::moves::{Alg, Move};
use crate::once::{made_once, MadeOnce};
use cubist_rubik::Face;
use std::sync::OnceLock;

/// A centre commutator: in each orbit it moves, at most six places (one or two
/// 3-cycles, say).
pub(crate) struct Cycle {
    pub(crate) moves: Vec<Move>,
    /// Each orbit moved, with its places moved and where each goes.
    pub(crate) parts: Vec<(usize, Vec<(u8, u8)>)>,
}

/// The most centre places of one orbit a commutator may move.
const MOST_MOVED: usize = 6;

/// The places the pieces at `mask` go to under one orbit's part of a commutator.
pub(crate) fn cycled(to: &[(u8, u8)], mask: u32) -> u32 {
    let mut out = mask;
    for (from, _) in to {
        out &= !(1 << from);
    }
    for (from, to) in to {
        if mask & (1 << from) != 0 {
            out |= 1 << to;
        }
    }
    out
}

/// Which sets of faces the cycles must keep (their places to places of the same set).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Keep {
    /// Nothing kept (the first stage).
    Nothing,
    /// U and D kept as a pair.
    Ud,
    /// Each pair of opposite faces kept.
    Pairs,
}

/// The places of each set of faces a commutator must keep to itself.
fn kept_sets(keep: Keep) -> Vec<u32> {
    let sets: &[&[Face]] = match keep {
        Keep::Nothing => &[],
        Keep::Ud => &[&[Face::U, Face::D]],
        Keep::Pairs => &[&[Face::U, Face::D], &[Face::L, Face::R]],
    };
    sets.iter().map(|set| faces_mask(set)).collect()
}

/// Whether a part of a commutator takes a piece into or out of one of the sets.
fn breaks(masks: &[u32], to: &[(u8, u8)]) -> bool {
    to.iter()
        .any(|&(f, t)| masks.iter().any(|mask| (mask >> f) & 1 != (mask >> t) & 1))
}

/// Where an outer turn takes each place of each centre orbit.
fn places_after(g: &Geometry, s: Move) -> Vec<Vec<u8>> {
    let labels = permutation(g.n, &Alg(vec![s]));
    g.centre_orbits
        .iter()
        .map(|places| {
            let mut to = vec![0u8; places.len()];
            for (p, &sticker) in places.iter().enumerate() {
                let q = places
                    .iter()
                    .position(|&x| x == labels[sticker])
                    .expect("centres stay in their orbit");
                to[q] = p as u8;
            }
            to
        })
        .collect()
}

/// `s c s⁻¹`, worked out from the cycle `c` without turning a cube: the same pieces
/// moved, at the places `s⁻¹` takes them to (`undo`, from [`places_after`]); `None`
/// when it no longer keeps `masks`. The same as [`cycle_of`] on its moves, which an
/// outer turn allows: it moves no fixed centre, and the centres it moves it puts back.
fn conjugated(c: &Cycle, s: Move, undo: &[Vec<u8>], masks: &[u32]) -> Option<Cycle> {
    let mut parts = Vec::with_capacity(c.parts.len());
    for (o, to) in &c.parts {
        let mut to: Vec<(u8, u8)> = to
            .iter()
            .map(|&(f, t)| (undo[*o][usize::from(f)], undo[*o][usize::from(t)]))
            .collect();
        // In the order `cycle_of` lists them: by the place each piece goes to.
        to.sort_unstable_by_key(|&(_, t)| t);
        if breaks(masks, &to) {
            return None;
        }
        parts.push((*o, to));
    }
    let mut moves = vec![s];
    moves.extend(c.moves.iter().copied());
    moves.push(s.inverse());
    Some(Cycle { moves, parts })
}

/// The cycle a move sequence makes, when it moves at most six centre pieces of each
/// orbit it moves (none a fixed centre) and keeps `keep`.
fn cycle_of(g: &Geometry, moves: Vec<Move>, keep: Keep) -> Option<Cycle> {
    let labels = permutation(g.n, &Alg(moves.clone()));
    if let Some(fixed) = g.fixed_centres {
        if fixed.iter().any(|&s| labels[s] != s) {
            return None;
        }
    }
    let masks = kept_sets(keep);
    let mut parts = Vec::new();
    for (o, places) in g.centre_orbits.iter().enumerate() {
        let moved: Vec<usize> = (0..places.len())
            .filter(|&p| labels[places[p]] != places[p])
            .collect();
        if moved.is_empty() {
            continue;
        }
        if moved.len() > MOST_MOVED {
            return None;
        }
        let to: Vec<(u8, u8)> = moved
            .iter()
            .map(|&p| {
                let q = places
                    .iter()
                    .position(|&s| s == labels[places[p]])
                    .expect("centres stay in their orbit");
                (q as u8, p as u8)
            })
            .collect();
        if breaks(&masks, &to) {
            return None;
        }
        parts.push((o, to));
    }
    if parts.is_empty() {
        return None;
    }
    Some(Cycle { moves, parts })
}

/// The centre commutators of an N×N×N (N ≥ 5) that keep `keep`, one of each effect,
/// shortest first: `[A, C]` of two blocks of inner layers, `[A, S C S⁻¹]` around an
/// outer turn `S`, and each conjugated by one outer turn. Unless `whole`, the list
/// that keeps nothing (the longest) has only its four-move commutators conjugated.
pub(crate) fn cycles(n: usize, keep: Keep, whole: bool) -> &'static [Cycle] {
    static ALL: MadeOnce<(usize, Keep, bool), [Cycle]> = OnceLock::new();
    made_once(&ALL, (n, keep, whole), || {
        let g = Geometry::of(n);
        let axes = [Face::R, Face::U, Face::F];
        // Blocks of inner layers, from R, U or F: with the middle layer or without.
        let blocks = |middle: bool| {
            axes.into_iter().flat_map(move |f| {
                (2..n).flat_map(move |lo| {
                    (lo..n)
                        .filter(move |&hi| middle || !(lo..=hi).contains(&n.div_ceil(2)))
                        .map(move |hi| (f, lo, hi))
                })
            })
        };
        let outer: Vec<Move> = Face::ALL
            .into_iter()
            .flat_map(|f| (1..=3).map(move |t| Move::face(f, t)))
            .collect();
        let mut out: Vec<Cycle> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut keep_new = |c: Cycle, out: &mut Vec<Cycle>| {
            let key: Vec<(usize, Vec<(u8, u8)>)> = c
                .parts
                .iter()
                .map(|(o, to)| {
                    let mut to = to.clone();
                    to.sort_unstable();
                    (*o, to)
                })
                .collect();
            if seen.insert(key) {
                out.push(c);
            }
        };
        // `[A, C]` of two blocks on different axes: four moves, where the blocks cross.
        for (af, alo, ahi) in blocks(true) {
            for (cf, clo, chi) in blocks(false) {
                if cf.axis() == af.axis() {
                    continue;
                }
                for at in [1, 2, 3] {
                    for ct in [1, 2, 3] {
                        let a = Move::layers(af, alo, ahi, at);
                        let c = Move::layers(cf, clo, chi, ct);
                        let moves = vec![a, c, a.inverse(), c.inverse()];
                        if let Some(cycle) = cycle_of(g, moves, keep) {
                            keep_new(cycle, &mut out);
                        }
                    }
                }
            }
        }
        for (af, alo, ahi) in blocks(true) {
            for (cf, clo, chi) in blocks(false) {
                if cf == af {
                    continue;
                }
                for s in outer.iter().filter(|s| s.face.axis() != cf.axis()) {
                    for at in [1, 2, 3] {
                        for ct in [1, 2, 3] {
                            let a = Move::layers(af, alo, ahi, at);
                            let c = Move::layers(cf, clo, chi, ct);
                            let moves = vec![
                                a,
                                *s,
                                c,
                                s.inverse(),
                                a.inverse(),
                                *s,
                                c.inverse(),
                                s.inverse(),
                            ];
                            if let Some(cycle) = cycle_of(g, moves, keep) {
                                keep_new(cycle, &mut out);
                            }
                        }
                    }
                }
            }
        }
        let base = out.len();
        let masks = kept_sets(keep);
        let undo: Vec<Vec<Vec<u8>>> = outer.iter().map(|s| places_after(g, s.inverse())).collect();
        for i in 0..base {
            if !whole && keep == Keep::Nothing && out[i].moves.len() > 4 {
                continue;
            }
            for (s, undo) in outer.iter().zip(&undo) {
                if let Some(cycle) = conjugated(&out[i], *s, undo, &masks) {
                    keep_new(cycle, &mut out);
                }
            }
        }
        Box::leak(out.into_boxed_slice())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A commutator's conjugate worked out from its parts is the one its moves make.
    #[test]
    fn conjugates_agree_with_their_moves() {
        for n in [5, 6, 7] {
            let g = Geometry::of(n);
            for keep in [Keep::Nothing, Keep::Ud, Keep::Pairs] {
                let masks = kept_sets(keep);
                let list = cycles(n, keep, false);
                let mut checked = 0;
                for c in list.iter().step_by(list.len() / 20 + 1) {
                    for s in [
                        Move::face(Face::R, 1),
                        Move::face(Face::U, 2),
                        Move::face(Face::F, 3),
                    ] {
                        let undo = places_after(g, s.inverse());
                        let mut moves = vec![s];
                        moves.extend(c.moves.iter().copied());
                        moves.push(s.inverse());
                        let direct = cycle_of(g, moves, keep).map(|c| (c.moves, c.parts));
                        let worked = conjugated(c, s, &undo, &masks).map(|c| (c.moves, c.parts));
                        assert_eq!(
                            worked,
                            direct,
                            "N = {n}, {keep:?}, {}",
                            Alg(c.moves.clone())
                        );
                        checked += 1;
                    }
                }
                assert!(checked > 10, "N = {n}, {keep:?}");
            }
        }
    }

    #[test]
    fn every_commutator_moves_few_centres_of_each_orbit_it_moves() {
        for n in [5, 7] {
            let all = cycles(n, Keep::Nothing, true);
            assert!(!all.is_empty());
            let orbits = Geometry::of(n).centre_orbits.len();
            for o in 0..orbits {
                assert!(
                    all.iter().any(|c| c.parts.len() == 1 && c.parts[0].0 == o),
                    "N = {n}, orbit {o}"
                );
            }
            for c in all.iter().take(50) {
                let cube = crate::cube::Cube::solved(n).after(&Alg(c.moves.clone()));
                let g = cube.geometry();
                let wrong = g
                    .centre_orbits
                    .iter()
                    .flatten()
                    .filter(|&&s| cube.stickers()[s] != g.face(s))
                    .count();
                let moved: usize = c.parts.iter().map(|(_, to)| to.len()).sum();
                assert!(wrong <= moved, "{}", Alg(c.moves.clone()));
            }
        }
    }
}
