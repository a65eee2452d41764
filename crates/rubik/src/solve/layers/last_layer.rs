//! The last layer, once the first two layers are solved. Its states form a group of
//! 62208 (top corners and edges placed and turned in every legal way); each of the four
//! last-layer stages is reached by a shortest chain of *macros*: move sequences of a few
//! turns that leave the first two layers intact, all found once by an exhaustive search.
//! A Dijkstra search over the group from each stage's goal then gives the fewest turns
//! (over chains of macros) from every last-layer state to that goal.

use super::pieces::{home, turns, Pieces, CODES};
use super::search::Goal;
use crate::moves::{Face, Move};
use std::collections::HashMap;

/// Corner arrangements of the top layer: 4! places × 3^3 twists.
const CORNER_STATES: usize = 648;
/// Edge arrangements of the top layer: 4! places × 2^3 flips.
const EDGE_STATES: usize = 192;
const STATES: usize = CORNER_STATES * EDGE_STATES;

/// Top corners are pieces 0..4, top edges pieces 8..12.
const TOP_CORNER_PIECES: usize = 0;
const TOP_EDGE_PIECES: usize = 8;

/// A first-two-layers-preserving move sequence and what it does to the top layer.
struct Macro {
    moves: Vec<usize>,
    corner_next: Vec<u16>,
    edge_next: Vec<u8>,
}

/// Dense numbering of the top layer's corner and edge arrangements.
struct Numbering {
    /// Sparse corner key (Σ code × 12^piece) to dense index.
    corner_index: Vec<u16>,
    corner_codes: Vec<[u8; 4]>,
    /// Sparse edge key (Σ code × 8^piece) to dense index.
    edge_index: Vec<u8>,
    edge_codes: Vec<[u8; 4]>,
}

impl Numbering {
    fn new() -> Numbering {
        let perms = permutations4();
        let mut corner_index = vec![u16::MAX; 12usize.pow(4)];
        let mut corner_codes = Vec::with_capacity(CORNER_STATES);
        for p in &perms {
            for t in 0..27u8 {
                let tw = [t % 3, t / 3 % 3, t / 9];
                let last = (6 - tw[0] - tw[1] - tw[2]) % 3;
                let twists = [tw[0], tw[1], tw[2], last];
                let codes: [u8; 4] = std::array::from_fn(|k| p[k] * 3 + twists[k]);
                corner_index[corner_key(&codes)] = corner_codes.len() as u16;
                corner_codes.push(codes);
            }
        }
        let mut edge_index = vec![u8::MAX; 8usize.pow(4)];
        let mut edge_codes = Vec::with_capacity(EDGE_STATES);
        for p in &perms {
            for f in 0..8u8 {
                let flips = [f & 1, f >> 1 & 1, f >> 2 & 1, (f.count_ones() % 2) as u8];
                let codes: [u8; 4] = std::array::from_fn(|k| p[k] * 2 + flips[k]);
                edge_index[edge_key(&codes)] = edge_codes.len() as u8;
                edge_codes.push(codes);
            }
        }
        Numbering {
            corner_index,
            corner_codes,
            edge_index,
            edge_codes,
        }
    }

    /// The dense state of a cube whose first two layers are solved.
    fn state(&self, codes: &Pieces) -> usize {
        let c: [u8; 4] = std::array::from_fn(|k| codes[TOP_CORNER_PIECES + k]);
        let e: [u8; 4] = std::array::from_fn(|k| codes[TOP_EDGE_PIECES + k]);
        let ci = self.corner_index[corner_key(&c)];
        let ei = self.edge_index[edge_key(&e)];
        debug_assert!(
            ci != u16::MAX && ei != u8::MAX,
            "first two layers not solved"
        );
        ci as usize * EDGE_STATES + ei as usize
    }

    /// The whole cube (first two layers solved) in a dense state.
    fn pieces(&self, state: usize) -> Pieces {
        let mut codes: Pieces = std::array::from_fn(home);
        let c = self.corner_codes[state / EDGE_STATES];
        let e = self.edge_codes[state % EDGE_STATES];
        codes[TOP_CORNER_PIECES..TOP_CORNER_PIECES + 4].copy_from_slice(&c);
        codes[TOP_EDGE_PIECES..TOP_EDGE_PIECES + 4].copy_from_slice(&e);
        codes
    }
}

fn corner_key(codes: &[u8; 4]) -> usize {
    codes.iter().rev().fold(0, |a, &c| a * 12 + c as usize)
}

fn edge_key(codes: &[u8; 4]) -> usize {
    codes.iter().rev().fold(0, |a, &c| a * 8 + c as usize)
}

fn permutations4() -> Vec<[u8; 4]> {
    let mut out = Vec::with_capacity(24);
    for a in 0..4u8 {
        for b in 0..4u8 {
            for c in 0..4u8 {
                let Some(d) = 6u8.checked_sub(a + b + c) else {
                    continue;
                };
                if a != b && a != c && b != c && d < 4 && d != a && d != b && d != c {
                    out.push([a, b, c, d]);
                }
            }
        }
    }
    out
}

/// A plan for the remaining stages: its total turns and each stage's macro numbers.
type Plan = (usize, Vec<Vec<usize>>);
/// Best plans already worked out, by stage and state.
type Memo = HashMap<(usize, usize), Plan>;

/// The macros and, for each last-layer stage, the distance of every state to its goal.
pub struct LastLayer {
    numbering: Numbering,
    macros: Vec<Macro>,
    dist: Vec<Vec<u8>>,
}

impl LastLayer {
    /// Find the macros (sequences of at most `max_len` turns that keep the first two
    /// layers, searched with `f2l`'s bounds) and the distances to each of `goals`.
    pub fn build(f2l: &Goal, max_len: u8, goals: &[&Goal]) -> LastLayer {
        let numbering = Numbering::new();
        let solved: Pieces = std::array::from_fn(home);
        // Shortest sequence for each distinct effect on the top layer.
        let mut shortest: HashMap<usize, Vec<usize>> = HashMap::new();
        f2l.every_path(&solved, max_len, &mut |path, codes| {
            // Turns of the top layer alone are macros of their own; a sequence that
            // starts or ends with one is a chain of shorter macros.
            let top_turn = |m: &usize| Move::from_index(*m).face == Face::U;
            let ends_with_top =
                path.first().is_some_and(top_turn) || path.last().is_some_and(top_turn);
            if path.is_empty() || (path.len() > 1 && ends_with_top) {
                return;
            }
            let s = numbering.state(codes);
            let better = shortest
                .get(&s)
                .is_none_or(|old| (old.len(), old.as_slice()) > (path.len(), path));
            if better {
                shortest.insert(s, path.to_vec());
            }
        });
        let mut sequences: Vec<Vec<usize>> = shortest.into_values().collect();
        sequences.sort_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
        let macros: Vec<Macro> = sequences
            .into_iter()
            .map(|moves| macro_tables(&numbering, moves))
            .collect();
        let dist = goals
            .iter()
            .map(|g| distances(&numbering, &macros, g))
            .collect();
        LastLayer {
            numbering,
            macros,
            dist,
        }
    }

    /// Turns for each last-layer stage in turn, from a cube whose first two layers are
    /// solved. Each stage may take any chain of macros at most `slack` turns longer than
    /// its shortest; the chains giving the shortest whole last layer are chosen.
    pub fn solve(&self, codes: &Pieces, slack: usize) -> Vec<Vec<Move>> {
        let mut memo = HashMap::new();
        let (_, plan) = self.best_from(0, self.numbering.state(codes), slack, &mut memo);
        plan.iter()
            .map(|chain| {
                chain
                    .iter()
                    .flat_map(|&i| self.macros[i].moves.iter().map(|&m| Move::from_index(m)))
                    .collect()
            })
            .collect()
    }

    /// Fewest turns from state `s` through stages `k..`, and the macro chains doing it.
    fn best_from(&self, k: usize, s: usize, slack: usize, memo: &mut Memo) -> Plan {
        if k == self.dist.len() {
            return (0, Vec::new());
        }
        if let Some(found) = memo.get(&(k, s)) {
            return found.clone();
        }
        let mut best: Option<Plan> = None;
        for (end, cost, chain) in self.chains(k, s, slack) {
            let (rest, mut plan) = self.best_from(k + 1, end, slack, memo);
            if best.as_ref().is_none_or(|(b, _)| cost + rest < *b) {
                plan.insert(0, chain);
                best = Some((cost + rest, plan));
            }
        }
        let best = best.expect("every last-layer state reaches every goal");
        memo.insert((k, s), best.clone());
        best
    }

    /// Every goal state of stage `k` reachable from `s` by a chain of macros at most
    /// `slack` turns longer than the shortest, with its cost and one cheapest chain.
    fn chains(&self, k: usize, s: usize, slack: usize) -> Vec<(usize, usize, Vec<usize>)> {
        let dist = &self.dist[k];
        assert!(dist[s] != u8::MAX, "last-layer state out of reach");
        let budget = dist[s] as usize + slack;
        // Cheapest known cost of each state met, with the state and macro it came by.
        let mut seen: HashMap<usize, (usize, usize, usize)> = HashMap::new();
        seen.insert(s, (0, s, usize::MAX));
        let mut buckets: Vec<Vec<usize>> = vec![Vec::new(); budget + 1];
        buckets[0].push(s);
        let mut ends = Vec::new();
        for c in 0..=budget {
            let bucket = std::mem::take(&mut buckets[c]);
            for x in bucket {
                if seen[&x].0 != c {
                    continue;
                }
                if dist[x] == 0 {
                    ends.push((x, c));
                }
                for (i, m) in self.macros.iter().enumerate() {
                    let y = step(m, x);
                    let nc = c + m.moves.len();
                    if nc + dist[y] as usize > budget {
                        continue;
                    }
                    if seen.get(&y).is_none_or(|&(old, _, _)| nc < old) {
                        seen.insert(y, (nc, x, i));
                        buckets[nc].push(y);
                    }
                }
            }
        }
        ends.into_iter()
            .map(|(end, cost)| {
                let mut chain = Vec::new();
                let mut at = end;
                while at != s {
                    let (_, from, i) = seen[&at];
                    chain.push(i);
                    at = from;
                }
                chain.reverse();
                (end, cost, chain)
            })
            .collect()
    }
}

#[inline]
fn step(m: &Macro, s: usize) -> usize {
    m.corner_next[s / EDGE_STATES] as usize * EDGE_STATES + m.edge_next[s % EDGE_STATES] as usize
}

/// A macro's effect on the dense corner and edge states.
fn macro_tables(numbering: &Numbering, moves: Vec<usize>) -> Macro {
    let t = turns();
    let through = |piece: usize, mut code: u8| {
        for &m in &moves {
            code = t.turn(piece, code, m);
        }
        code
    };
    let mut corner_map = [0u8; CODES];
    let mut edge_map = [0u8; CODES];
    for c in 0..CODES as u8 {
        corner_map[c as usize] = through(TOP_CORNER_PIECES, c);
        edge_map[c as usize] = through(TOP_EDGE_PIECES, c);
    }
    let corner_next = numbering
        .corner_codes
        .iter()
        .map(|codes| numbering.corner_index[corner_key(&codes.map(|c| corner_map[c as usize]))])
        .collect();
    let edge_next = numbering
        .edge_codes
        .iter()
        .map(|codes| numbering.edge_index[edge_key(&codes.map(|c| edge_map[c as usize]))])
        .collect();
    Macro {
        moves,
        corner_next,
        edge_next,
    }
}

/// Fewest turns (over chains of macros) from every state to `goal`. The macros are
/// closed under inverses, so searching outwards from the goal states is enough.
fn distances(numbering: &Numbering, macros: &[Macro], goal: &Goal) -> Vec<u8> {
    let mut dist = vec![u8::MAX; STATES];
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new()];
    for s in 0..STATES {
        let c = numbering.corner_codes[s / EDGE_STATES];
        let e = numbering.edge_codes[s % EDGE_STATES];
        let parity_ok = parity(&c.map(|x| x / 3)) == parity(&e.map(|x| x / 2));
        if parity_ok && goal.reached(&numbering.pieces(s)) {
            dist[s] = 0;
            buckets[0].push(s as u32);
        }
    }
    let mut d = 0;
    while d < buckets.len() {
        let bucket = std::mem::take(&mut buckets[d]);
        for &s in &bucket {
            if dist[s as usize] as usize != d {
                continue;
            }
            for m in macros {
                let n = step(m, s as usize);
                let nd = d + m.moves.len();
                if nd < dist[n] as usize {
                    dist[n] = nd as u8;
                    if buckets.len() <= nd {
                        buckets.resize(nd + 1, Vec::new());
                    }
                    buckets[nd].push(n as u32);
                }
            }
        }
        d += 1;
    }
    dist
}

fn parity(p: &[u8; 4]) -> u8 {
    let mut x = 0;
    for i in 0..4 {
        for j in i + 1..4 {
            x ^= u8::from(p[i] > p[j]);
        }
    }
    x
}

/// The reachable last-layer states: each of the 62208 must have a finite distance.
#[cfg(test)]
pub fn unreachable_count(ll: &LastLayer, k: usize) -> usize {
    (0..STATES)
        .filter(|&s| {
            let c = ll.numbering.corner_codes[s / EDGE_STATES];
            let e = ll.numbering.edge_codes[s % EDGE_STATES];
            parity(&c.map(|x| x / 3)) == parity(&e.map(|x| x / 2)) && ll.dist[k][s] == u8::MAX
        })
        .count()
}
