//! Stage one: beam search over single block moves, scored by misplaced cells (weighted by
//! how far the digit is from home) and broken bonds (see [`super::bonds`]).
//!
//! Each level expands every kept cube by all 3087 moves and keeps the best distinct
//! children. A child's score is its parent's plus the move's gain, which each cube
//! keeps for every move (see [`Gains`]): read from the 24 cells the move changes and
//! their neighbours, and recomputed after a move only for the moves near it. Besides
//! appending a move, a child may take one in front of its parent's last move (see
//! [`insertions`]). The search returns the path to the best cube seen once it stops
//! improving.

use super::block_sums::{arrangements, Sums};
use super::bonds::{aligned, broken, intact, misaligned, surfaces};
use super::frame::{frames, near_blocks};
use super::lead::{wide_bond_beam, Lead};
use super::tuning::{
    Insert, INSERT_COUNT, INSERT_DEPTH, MOST_LEVELS, PATIENCE, RUNNERS_UP, SHALLOW_GAIN,
    SHALLOW_MISPLACED, TIGHT_INSERT, WIDE_INSERT, WIDE_SECOND_BEAM,
};
use super::weights::{by_sum, cost_table};
use super::Ctx;
use crate::cube::{Cube, CELLS};
use crate::moves::{move_table, Move, MOVE_COUNT};
use rayon::prelude::*;
use std::sync::OnceLock;

/// Random keys for hashing cube states (Zobrist hashing), from a fixed seed.
fn zobrist() -> &'static [[u64; 10]; CELLS] {
    static Z: OnceLock<[[u64; 10]; CELLS]> = OnceLock::new();
    Z.get_or_init(|| {
        let mut s: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            // splitmix64
            s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        std::array::from_fn(|_| std::array::from_fn(|_| next()))
    })
}

/// Weighted count of misplaced cells plus `bond_weight` per broken bond and
/// `aligned_weight` per bond that does not run the solved way.
pub(crate) fn score(cells: &[u8; CELLS], w: &[i32], bond_weight: i32, aligned_weight: i32) -> i32 {
    let mut s = (0..CELLS)
        .map(|i| w[i * 10 + cells[i] as usize])
        .sum::<i32>()
        + bond_weight * broken(cells);
    if aligned_weight != 0 {
        s += aligned_weight * misaligned(cells);
    }
    s
}

fn hash(cells: &[u8; CELLS]) -> u64 {
    let z = zobrist();
    (0..CELLS).fold(0, |h, i| h ^ z[i][cells[i] as usize])
}

/// Each block cell taking its own digit: the cells before a move (padded as
/// [`Frame::from`](super::frame::Frame)).
const IDENTITY: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        t[i] = i as u8;
        i += 1;
    }
    t
};

/// Bits below the score in [`Scoring::block`]'s packed tables, holding intact bonds.
const PACK: u32 = 8;

/// Mask of the intact bonds in a packed sum (see [`PACK`]).
const PACKED_BONDS: i32 = (1 << PACK) - 1;

/// The digit one more (mod 9) than each digit 1..=9 (others unused).
const NEXT_DIGIT: [usize; 16] = [0, 2, 3, 4, 5, 6, 7, 8, 9, 1, 0, 0, 0, 0, 0, 0];

/// The digit one less (mod 9) than each digit 1..=9 (others unused).
const PREV_DIGIT: [usize; 16] = [0, 9, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0, 0, 0];

struct Node {
    cells: Box<[u8; CELLS]>,
    /// What each move would change the score by, and the broken bonds it would add
    /// (see [`Gains`]).
    gains: Gains,
    /// Zobrist hash of `cells`.
    hash: u64,
    score: i32,
    /// Index in the path arena.
    at: u32,
    /// Block and axis of the last move (moves on it again would merge), or MAX.
    last: usize,
    /// The last move, or MAX at the root.
    last_move: u16,
    /// Index of the cube it came from in the previous level's beam (the cube before
    /// its last move, but after an insertion), or MAX at the root.
    from: u32,
}

/// Each move's change to a cube's score and to its broken bonds, kept per beam cube: a
/// move's gain depends only on the cells of its block and their neighbours, so a child
/// cube recomputes only the moves near the one that made it (fewer than half of all,
/// on average) and copies the rest from its parent.
#[derive(Clone)]
struct Gains(Box<[(i32, i32); MOVE_COUNT]>);

/// How a beam scores moves: bond weights (see [`score`]), and whether moves that break
/// more bonds than they mend are skipped.
#[derive(Clone, Copy)]
struct Scoring {
    bond_weight: i32,
    aligned_weight: i32,
    bonds_lead: bool,
    /// Which moves [`insertions`] tries in front of a cube's last move.
    insert: Insert,
}

impl Scoring {
    /// Move `mi`'s change to the score of `cells`, and to its broken bonds.
    #[inline]
    fn gain(self, cells: &[u8; CELLS], mi: usize) -> (i32, i32) {
        let (w, table, surf) = (cost_table(), move_table(), surfaces());
        let (mut b, mut a) = (0, 0);
        for &(src, dst, out) in &surf[mi] {
            let o = cells[out as usize];
            let (now, then) = (cells[dst as usize], cells[src as usize]);
            b += intact(now, o) as i32 - intact(then, o) as i32;
            if self.aligned_weight != 0 {
                a += if out > dst {
                    aligned(now, o) as i32 - aligned(then, o) as i32
                } else {
                    aligned(o, now) as i32 - aligned(o, then) as i32
                };
            }
        }
        let mut d = self.bond_weight * b + self.aligned_weight * a;
        for &(dst, src) in &table[mi] {
            let (dst, src) = (dst as usize, src as usize);
            d += w[dst * 10 + cells[src] as usize] - w[dst * 10 + cells[dst] as usize];
        }
        (d, b)
    }

    /// The gains of the nine moves of `block` on `cells`, written to `out`: the same as
    /// [`Scoring::gain`] of each, from one gathered copy of the cells they read (see
    /// [`frame`](super::frame)). On a CPU with AVX2 each arrangement's costs and bonds
    /// are added up in byte lanes (see [`block_sums`](super::block_sums)), elsewhere
    /// from tables ([`Scoring::block_by_table`]).
    #[inline]
    fn block(self, cells: &[u8; CELLS], block: usize, out: &mut [(i32, i32)]) {
        let f = &frames()[block];
        if let Some(sums) = arrangements(cells, f, self.aligned_weight != 0) {
            let score =
                |s: &Sums| s.cost - self.bond_weight * s.intact - self.aligned_weight * s.aligned;
            let before = score(&sums[0]);
            for (slot, after) in out.iter_mut().zip(&sums[1..]) {
                *slot = (score(after) - before, sums[0].intact - after.intact);
            }
            return;
        }
        self.block_by_table(cells, block, out);
    }

    /// [`Scoring::block`] from packed tables, one cell at a time.
    ///
    /// Each of the block's 27 places first gets a table of what every digit would add
    /// there: its cost in that place, less the bonds it would make with the place's
    /// outside neighbours (fixed by all nine moves). An arrangement of the block then
    /// costs one lookup a place, 27 in all, where reading its bonds took 54 more; the
    /// table packs the intact bonds in its low 8 bits (at most 54 across a surface)
    /// under the score, so one sum gives both.
    #[inline]
    fn block_by_table(self, cells: &[u8; CELLS], block: usize, out: &mut [(i32, i32)]) {
        let f = &frames()[block];
        let mut local = [0u8; 256];
        for (l, &g) in local.iter_mut().zip(f.cells.iter()) {
            *l = cells[g as usize];
        }
        let by = by_sum();
        let mut table = [[0i32; 16]; 27];
        for (row, &h) in table.iter_mut().zip(f.sums.iter()) {
            let costs = &by[h as usize..h as usize + 16];
            for (v, &c) in row.iter_mut().zip(costs) {
                *v = c << PACK;
            }
        }
        let bond = 1 - (self.bond_weight << PACK);
        let aligned = self.aligned_weight << PACK;
        for &(i, o, higher) in &f.surface {
            let n = local[o as usize] as usize & 15;
            let row = &mut table[i as usize];
            let (up, down) = (NEXT_DIGIT[n], PREV_DIGIT[n]);
            row[up] += bond;
            row[down] += bond;
            // Aligned when the higher cell holds the digit one more.
            row[if higher { down } else { up }] -= aligned;
        }
        let sum = |from: &[u8; 32]| -> i32 {
            table
                .iter()
                .zip(from.iter())
                .map(|(row, &s)| row[local[s as usize] as usize & 15])
                .sum()
        };
        let before = sum(&IDENTITY);
        for (slot, from) in out.iter_mut().zip(f.from.iter()) {
            let after = sum(from);
            *slot = (
                (after >> PACK) - (before >> PACK),
                (before & PACKED_BONDS) - (after & PACKED_BONDS),
            );
        }
    }

    /// Every move's gain on `cells`.
    fn all(self, cells: &[u8; CELLS]) -> Gains {
        let mut g = Box::new([(0, 0); MOVE_COUNT]);
        for (block, nine) in g.chunks_exact_mut(9).enumerate() {
            self.block(cells, block, nine);
        }
        Gains(g)
    }

    /// The gains on `cells`, which move `mv` made (possibly among other moves near
    /// it) from a cube with gains `parent`: every nearby block's moves recomputed.
    fn after(self, parent: &Gains, cells: &[u8; CELLS], mv: usize) -> Gains {
        let mut g = parent.clone();
        let near = near_blocks(mv / 9);
        let facing = near.facing.iter().map(|&(block, _)| block);
        for block in near.overlapping.iter().copied().chain(facing) {
            let block = block as usize;
            self.block(cells, block, &mut g.0[block * 9..block * 9 + 9]);
        }
        g
    }

    /// As [`Scoring::after`] for the single move `mv` from `before` to `cells`: the
    /// blocks sharing cells with it are recomputed, the blocks it only faces are
    /// patched (see [`Scoring::patch`]). Over half the nearby blocks only face a move,
    /// and a patch reads a few bonds instead of all 81 cells nine times.
    fn after_move(
        self,
        parent: &Gains,
        before: &[u8; CELLS],
        cells: &[u8; CELLS],
        mv: usize,
    ) -> Gains {
        let mut g = parent.clone();
        let near = near_blocks(mv / 9);
        for &block in &near.overlapping {
            let block = block as usize;
            self.block(cells, block, &mut g.0[block * 9..block * 9 + 9]);
        }
        for &(block, side) in &near.facing {
            let block = block as usize;
            self.patch(
                before,
                cells,
                block,
                side,
                &mut g.0[block * 9..block * 9 + 9],
            );
        }
        g
    }

    /// Brings the gains `out` of the nine moves of `block` from `before` to `cells`,
    /// which differ only outside the block and only across its side `side`: only the
    /// bonds across that side to changed cells change, by what they add before the
    /// move and after it.
    #[inline]
    fn patch(
        self,
        before: &[u8; CELLS],
        cells: &[u8; CELLS],
        block: usize,
        side: u8,
        out: &mut [(i32, i32)],
    ) {
        let f = &frames()[block];
        for &(i, o, higher) in &f.sides[side as usize] {
            let og = f.cells[o as usize] as usize;
            let (was, now) = (before[og], cells[og]);
            if was == now {
                continue;
            }
            let digit = |l: u8| cells[f.cells[l as usize] as usize];
            // How much more an inside digit `v` counts as intact (and aligned) next
            // to `now` than next to `was`.
            let change = |v: u8| {
                let b = intact(v, now) as i32 - intact(v, was) as i32;
                let a = if self.aligned_weight == 0 {
                    0
                } else if higher {
                    aligned(v, now) as i32 - aligned(v, was) as i32
                } else {
                    aligned(now, v) as i32 - aligned(was, v) as i32
                };
                (b, a)
            };
            let (b0, a0) = change(digit(i));
            for (slot, from) in out.iter_mut().zip(f.from.iter()) {
                let (bk, ak) = change(digit(from[i as usize]));
                let (b, a) = (b0 - bk, a0 - ak);
                slot.0 += self.bond_weight * b + self.aligned_weight * a;
                slot.1 += b;
            }
        }
    }
}

/// For each block, the moves of the blocks whose centres are at most `apart` from its
/// own on every axis.
fn moves_within(apart: u8) -> Vec<Vec<u16>> {
    (0..343)
        .map(|b| {
            let m = Move::from_index(b * 9);
            (0..MOVE_COUNT as u16)
                .filter(|&mi| {
                    let o = Move::from_index(mi as usize);
                    m.x.abs_diff(o.x) <= apart
                        && m.y.abs_diff(o.y) <= apart
                        && m.z.abs_diff(o.z) <= apart
                })
                .collect()
        })
        .collect()
}

#[derive(Clone, Copy)]
struct Child {
    score: i32,
    parent: u32,
    /// The move appended to the parent's path, or (see [`insertions`]) taken in front
    /// of its last `back` moves.
    mv: u16,
    /// 0 for an appended move.
    back: u8,
}

/// For each block, the moves of the blocks that share a cell with it (centres at most
/// 2 apart on every axis, see [`Move::disjoint`]).
fn overlapping(block: usize) -> &'static [u16] {
    static OVER: OnceLock<Vec<Vec<u16>>> = OnceLock::new();
    &OVER.get_or_init(|| moves_within(2))[block]
}

/// The cube `back` levels before `node` (in `history`, the earlier levels' beams, last
/// one latest) and the moves from it to `node`, in order.
fn ancestor<'a>(
    node: &'a Node,
    history: &'a [Vec<Node>],
    back: usize,
) -> Option<(&'a Node, Vec<u16>)> {
    let mut a = node;
    let mut suffix = Vec::with_capacity(back);
    for j in 1..=back {
        if a.from == u32::MAX || history.len() < j {
            return None;
        }
        suffix.push(a.last_move);
        a = &history[history.len() - j][a.from as usize];
    }
    suffix.reverse();
    Some((a, suffix))
}

/// Children of `node` (index `pi` in the beam) that take a move in front of its last
/// `j` moves, for `j` up to [`INSERT_DEPTH`]: at each place the [`INSERT_COUNT`]
/// moves of blocks overlapping the first move after it that make the best children,
/// among those of best gain on the cube there (see [`Insert`]). A bond-led beam often
/// undoes an early scramble move before a later one that overlaps it (the early one
/// mends more bonds); that leaves a tangle which appending the later one cannot mend,
/// but putting it in front does.
fn insertions(node: &Node, pi: usize, history: &[Vec<Node>], scoring: Scoring) -> Vec<Child> {
    let mut out = Vec::new();
    for back in 1..=INSERT_DEPTH {
        let Some((a, suffix)) = ancestor(node, history, back) else {
            break;
        };
        let first = suffix[0] as usize;
        // Each candidate as a child: played at the place, the moves after it scored
        // after it.
        let child = |d: i32, u: u16| {
            let mut cells: [u8; CELLS] = *a.cells;
            crate::moves::play(&mut cells, u as usize);
            let mut score = a.score + d;
            for &w in &suffix {
                score += scoring.gain(&cells, w as usize).0;
                crate::moves::play(&mut cells, w as usize);
            }
            Child {
                score,
                parent: pi as u32,
                mv: u,
                back: back as u8,
            }
        };
        let mut pool: Vec<(i32, u16)> = overlapping(first / 9)
            .iter()
            .filter_map(|&u| {
                let (d, b) = a.gains.0[u as usize];
                let ok = (u as usize) / 3 != first / 3
                    && (u as usize) / 3 != a.last
                    && d < scoring.insert.slack_score
                    && !(scoring.bonds_lead && b > scoring.insert.slack_bonds);
                ok.then_some((d, u))
            })
            .collect();
        let size = scoring.insert.pool;
        if pool.len() > size {
            pool.select_nth_unstable(size - 1);
            pool.truncate(size);
        }
        let mut kids: Vec<Child> = pool.into_iter().map(|(d, u)| child(d, u)).collect();
        if kids.len() > INSERT_COUNT {
            kids.sort_by_key(|c| c.score);
            kids.truncate(INSERT_COUNT);
        }
        out.extend(kids);
    }
    out
}

/// Which of the 343 blocks hold at least one misplaced cell: the misplaced cells ORed
/// over three neighbours along x, then z, then y (each block is the 3x3x3 window at
/// its low corner): about 1,400 byte operations, not thousands of scattered writes.
fn blocks_with_misplaced(cells: &[u8; CELLS]) -> [bool; 343] {
    let wrong: [u8; CELLS] = std::array::from_fn(|i| (cells[i] != crate::cube::SOLVED[i]) as u8);
    let at = |x: usize, y: usize, z: usize| crate::cube::index(x, y, z);
    // Along x: [y][z][block x].
    let mut along_x = [[[0u8; 7]; 9]; 9];
    for (y, plane) in along_x.iter_mut().enumerate() {
        for (z, row) in plane.iter_mut().enumerate() {
            for (bx, v) in row.iter_mut().enumerate() {
                let i = at(bx, y, z);
                *v = wrong[i] | wrong[i + 1] | wrong[i + 2];
            }
        }
    }
    // Then along z: [y][block z][block x].
    let mut along_z = [[[0u8; 7]; 7]; 9];
    for (y, plane) in along_z.iter_mut().enumerate() {
        for (bz, row) in plane.iter_mut().enumerate() {
            for (bx, v) in row.iter_mut().enumerate() {
                let r = &along_x[y];
                *v = r[bz][bx] | r[bz + 1][bx] | r[bz + 2][bx];
            }
        }
    }
    // Then along y, into the blocks' numbering (see [`Move::block`]).
    let mut active = [false; 343];
    for bx in 0..7 {
        for by in 0..7 {
            for bz in 0..7 {
                let v = along_z[by][bz][bx] | along_z[by + 1][bz][bx] | along_z[by + 2][bz][bx];
                active[bx * 49 + by * 7 + bz] = v != 0;
            }
        }
    }
    active
}

/// Beam width for `lead`; a bond-led beam beside a cell-led one (`shared`) is
/// narrowed so that it reaches deeper on its half of the work.
fn beam_width(lead: Lead, shared: bool) -> usize {
    match (lead, shared) {
        (Lead::Cells, _) => 24,
        (_, false) => 128,
        (_, true) => 32,
    }
}

/// Run the beam; returns the moves to the best cube found, then to the runners-up
/// (cubes nearly as good, which the repair may finish where the best one fails).
/// `runs` beams share [`BEAM_WORK`](super::tuning::BEAM_WORK) (or the time budget's
/// first half).
pub fn run(start: &Cube, ctx: &Ctx, lead: Lead, runs: u32) -> Vec<Vec<Move>> {
    let started = std::time::Instant::now();
    let w = cost_table();
    // Beside a cell-led beam, a bond-led one may get its own width and work; so does
    // the wide second attempt.
    let wide = match lead {
        Lead::Wide => Some(WIDE_SECOND_BEAM),
        Lead::Bonds if runs > 1 => wide_bond_beam(start.misplaced()),
        _ => None,
    };
    let width = wide.map_or(beam_width(lead, runs > 1), |w| w.0);
    let table = move_table();
    let z = zobrist();
    let bw = lead.bond_weight();
    let bonds_lead = lead != Lead::Cells;

    let scoring = Scoring {
        bond_weight: bw,
        aligned_weight: lead.aligned_weight(),
        bonds_lead,
        insert: if start.misplaced() > SHALLOW_MISPLACED {
            WIDE_INSERT
        } else {
            TIGHT_INSERT
        },
    };
    let root_cells: Box<[u8; CELLS]> = Box::new(*start.cells());
    let root_score = score(&root_cells, w, bw, scoring.aligned_weight);
    // Path arena: (parent, move); entry 0 is the root.
    let mut arena: Vec<(u32, u16)> = vec![(u32::MAX, u16::MAX)];
    let mut beam = vec![Node {
        hash: hash(&root_cells),
        gains: scoring.all(&root_cells),
        cells: root_cells,
        score: root_score,
        at: 0,
        last: usize::MAX,
        last_move: u16::MAX,
        from: u32::MAX,
    }];
    // The beams of the last levels, latest last, for insertions.
    let mut history: Vec<Vec<Node>> = Vec::new();

    let (mut best_score, mut best_at) = (root_score, 0u32);
    let mut runners_up: Vec<(i32, u32)> = Vec::new();
    let mut stale = 0;
    let mut seen = std::collections::HashSet::new();
    seen.insert(hash(start.cells()));

    let mut levels = 0;
    // Moves tried so far (on blocks holding a misplaced cell), the beam's measure of
    // work (see `Ctx::beam_done`).
    let mut work: u64 = 0;
    while best_score > 0
        && stale < PATIENCE
        && levels < MOST_LEVELS
        && !ctx.beam_done(work, started, runs, wide.map(|w| w.1))
    {
        levels += 1;
        // A block holding no misplaced cell can only break what is right.
        let actives: Vec<[bool; 343]> = beam
            .par_iter()
            .map(|node| blocks_with_misplaced(&node.cells))
            .collect();
        work += actives
            .iter()
            .map(|a| a.iter().filter(|&&on| on).count() as u64 * 9)
            .sum::<u64>();
        let mut children: Vec<Child> = beam
            .par_iter()
            .enumerate()
            .flat_map_iter(|(pi, node)| {
                let active = &actives[pi];
                (0..MOVE_COUNT).filter_map(move |mi| {
                    if mi / 3 == node.last || !active[mi / 9] {
                        return None;
                    }
                    let (d, b) = node.gains.0[mi];
                    // When bonds lead, a move that breaks more bonds than it mends is
                    // not an undo worth scoring.
                    if scoring.bonds_lead && b > 0 {
                        return None;
                    }
                    Some(Child {
                        score: node.score + d,
                        parent: pi as u32,
                        mv: mi as u16,
                        back: 0,
                    })
                })
            })
            .collect();
        if !history.is_empty() {
            let extra: Vec<Child> = beam
                .par_iter()
                .enumerate()
                .flat_map_iter(|(pi, node)| insertions(node, pi, &history, scoring))
                .collect();
            children.extend(extra);
        }
        let keep = (width * 4).min(children.len());
        if keep == 0 {
            break;
        }
        children.select_nth_unstable_by_key(keep - 1, |c| c.score);
        children.truncate(keep);
        children.sort_unstable_by_key(|c| c.score);
        // Kept children: cells, hash, the child, and its place in the path arena; their
        // gains are computed next, on all cores.
        let mut next: Vec<(Box<[u8; CELLS]>, u64, Child, u32)> = Vec::with_capacity(width);
        for c in children {
            if next.len() == width {
                break;
            }
            let parent = &beam[c.parent as usize];
            if c.back > 0 {
                let (a, suffix) = ancestor(parent, &history, c.back as usize).expect("checked");
                let mut cells = a.cells.clone();
                crate::moves::play(&mut cells, c.mv as usize);
                for &w in &suffix {
                    crate::moves::play(&mut cells, w as usize);
                }
                let h = hash(&cells);
                if !seen.insert(h) {
                    continue;
                }
                arena.push((a.at, c.mv));
                for &w in &suffix {
                    arena.push(((arena.len() - 1) as u32, w));
                }
                next.push((cells, h, c, (arena.len() - 1) as u32));
                continue;
            }
            let mut h = parent.hash;
            for &(dst, src) in table[c.mv as usize].iter() {
                let (dst, src) = (dst as usize, src as usize);
                h ^= z[dst][parent.cells[dst] as usize] ^ z[dst][parent.cells[src] as usize];
            }
            if !seen.insert(h) {
                continue;
            }
            let mut cells = parent.cells.clone();
            let mut moved = [0u8; 24];
            let cyc = &table[c.mv as usize];
            for (v, &(_, src)) in moved.iter_mut().zip(cyc.iter()) {
                *v = cells[src as usize];
            }
            for (&v, &(dst, _)) in moved.iter().zip(cyc.iter()) {
                cells[dst as usize] = v;
            }
            arena.push((parent.at, c.mv));
            next.push((cells, h, c, (arena.len() - 1) as u32));
        }
        if next.is_empty() {
            break;
        }
        let built: Vec<Node> = next
            .into_par_iter()
            .map(|(cells, hash, c, at)| {
                let parent = &beam[c.parent as usize];
                let (gains, last_move) = if c.back == 0 {
                    let gains =
                        scoring.after_move(&parent.gains, &parent.cells, &cells, c.mv as usize);
                    (gains, c.mv)
                } else {
                    // The inserted move and the moves after it all changed cells.
                    let mut gains = scoring.after(&parent.gains, &cells, c.mv as usize);
                    let (_, suffix) = ancestor(parent, &history, c.back as usize).expect("checked");
                    for &w in &suffix {
                        gains = scoring.after(&gains, &cells, w as usize);
                    }
                    // The cube before its last move was in no beam: its own insertions
                    // start from its parent's (the same last move, another cube before
                    // it).
                    (gains, parent.last_move)
                };
                Node {
                    gains,
                    cells,
                    hash,
                    score: c.score,
                    at,
                    last: last_move as usize / 3,
                    last_move,
                    from: c.parent,
                }
            })
            .collect();
        history.push(std::mem::replace(&mut beam, built));
        if history.len() > INSERT_DEPTH {
            history.remove(0);
        }
        // A deep scramble gives single moves little to undo: leave it to later stages.
        // (Undoing a scramble move mends bonds long before it puts cells right, so a
        // bond-led beam is not judged by cells.)
        let misplaced = |c: &[u8; CELLS]| {
            (0..CELLS)
                .filter(|&i| c[i] != crate::cube::SOLVED[i])
                .count()
        };
        if !bonds_lead
            && levels == 8
            && (start.misplaced() - misplaced(&beam[0].cells)) < 8 * SHALLOW_GAIN
        {
            return vec![Vec::new()];
        }
        for node in beam.iter().take(RUNNERS_UP) {
            runners_up.push((node.score, node.at));
        }
        runners_up.sort_unstable();
        runners_up.truncate(RUNNERS_UP);
        if ctx.opts.progress.is_some() {
            ctx.report("beam", &Cube::from_cells(*beam[0].cells), levels);
        }
        if beam[0].score < best_score {
            best_score = beam[0].score;
            best_at = beam[0].at;
            stale = 0;
        } else {
            stale += 1;
        }
    }
    let path_to = |mut at: u32| {
        let mut path = Vec::new();
        while at != 0 {
            let (p, mv) = arena[at as usize];
            path.push(Move::from_index(mv as usize));
            at = p;
        }
        path.reverse();
        path
    };
    let mut out = vec![path_to(best_at)];
    out.extend(
        runners_up
            .into_iter()
            .filter(|&(_, at)| at != best_at)
            .map(|(_, at)| path_to(at)),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Axis;

    #[test]
    fn a_bond_led_beam_is_not_cut_short_on_a_mid_depth_scramble() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let (cube, _) = crate::scramble::scramble(&mut rng, 70);
        // Undos mend bonds here long before cells (measured: no moves if judged by cells).
        assert!(cube.misplaced() > SHALLOW_MISPLACED);
        let ctx = Ctx {
            opts: super::super::RunOptions::default(),
        };
        let path = run(&cube, &ctx, Lead::Bonds, 1).swap_remove(0);
        assert!(path.len() > 20, "{} moves", path.len());
        let mut after = cube.clone();
        after.apply_all(&path);
        let (before, now) = (broken(cube.cells()), broken(after.cells()));
        assert!(now < before * 3 / 4, "{before} -> {now} broken bonds");
    }

    /// How a beam led by `lead` scores, with the insertions of a shallow cube.
    fn scoring_for(lead: Lead) -> Scoring {
        Scoring {
            bond_weight: lead.bond_weight(),
            aligned_weight: lead.aligned_weight(),
            bonds_lead: lead != Lead::Cells,
            insert: TIGHT_INSERT,
        }
    }

    #[test]
    fn a_blocks_nine_gains_scored_together_are_each_moves_own() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let (cube, _) = crate::scramble::scramble(&mut rng, 60);
        for lead in [Lead::Cells, Lead::Bonds, Lead::Aligned] {
            let scoring = scoring_for(lead);
            let together = scoring.all(cube.cells());
            for mi in 0..MOVE_COUNT {
                let own = scoring.gain(cube.cells(), mi);
                assert_eq!(together.0[mi], own, "{lead:?} {}", Move::from_index(mi));
            }
            assert!(together.0.iter().any(|&(d, b)| d != 0 && b != 0));
        }
    }

    #[test]
    fn a_blocks_gains_in_byte_lanes_are_those_from_the_tables() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(13);
        let mut lanes_used = false;
        for depth in [5, 40, 5000] {
            let (cube, _) = crate::scramble::scramble(&mut rng, depth);
            let f = &frames()[0];
            lanes_used |= arrangements(cube.cells(), f, true).is_some();
            for lead in [Lead::Cells, Lead::Bonds, Lead::Aligned] {
                let scoring = scoring_for(lead);
                for block in 0..MOVE_COUNT / 9 {
                    let (mut lanes, mut tables) = ([(0, 0); 9], [(0, 0); 9]);
                    scoring.block(cube.cells(), block, &mut lanes);
                    scoring.block_by_table(cube.cells(), block, &mut tables);
                    assert_eq!(lanes, tables, "{lead:?}, {depth} moves, block {block}");
                }
            }
        }
        // Every x86-64 CPU this runs on in practice has AVX2; elsewhere both are tables.
        if cfg!(target_arch = "x86_64") && std::arch::is_x86_feature_detected!("avx2") {
            assert!(lanes_used);
        }
    }

    #[test]
    fn a_childs_gains_copied_from_its_parent_are_those_computed_afresh() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let (mut cube, _) = crate::scramble::scramble(&mut rng, 40);
        for lead in [Lead::Cells, Lead::Bonds, Lead::Aligned] {
            let scoring = scoring_for(lead);
            let mut gains = scoring.all(cube.cells());
            for _ in 0..200 {
                let mv = rng.gen_range(0..MOVE_COUNT);
                let before = *cube.cells();
                cube.apply(Move::from_index(mv));
                let recomputed = scoring.after(&gains, cube.cells(), mv);
                gains = scoring.after_move(&gains, &before, cube.cells(), mv);
                let fresh = scoring.all(cube.cells());
                assert!(gains.0 == fresh.0, "patched after {}", Move::from_index(mv));
                assert!(
                    recomputed.0 == fresh.0,
                    "recomputed after {}",
                    Move::from_index(mv)
                );
            }
        }
    }

    /// Whether, on the scramble `early` then `late` undone with `early` first (as a beam
    /// cube), an insertion child taking moves as `insert` does puts `late`'s undo in
    /// front of `early`'s, solving the cube (false too when the two moves commute and
    /// nothing needs putting in front).
    fn put_in_front(early: Move, late: Move, insert: Insert) -> bool {
        let mut scrambled = Cube::solved();
        scrambled.apply_all(&[early, late]);
        let mut slipped = scrambled.clone();
        slipped.apply(early.inverse());
        let mut appended = slipped.clone();
        appended.apply(late.inverse());
        if appended.is_solved() {
            return false;
        }

        let lead = Lead::Bonds;
        let scoring = Scoring {
            bond_weight: lead.bond_weight(),
            aligned_weight: 0,
            bonds_lead: true,
            insert,
        };
        let node = |cube: &Cube, last_move: u16, from: u32| {
            let cells = Box::new(*cube.cells());
            Node {
                gains: scoring.all(&cells),
                hash: hash(&cells),
                score: score(&cells, cost_table(), lead.bond_weight(), 0),
                cells,
                at: 0,
                last: if last_move == u16::MAX {
                    usize::MAX
                } else {
                    last_move as usize / 3
                },
                last_move,
                from,
            }
        };
        let root = node(&scrambled, u16::MAX, u32::MAX);
        let slip = node(&slipped, early.inverse().index() as u16, 0);
        let children = insertions(&slip, 0, &[vec![root]], scoring);
        let solved = score(Cube::solved().cells(), cost_table(), lead.bond_weight(), 0);
        children
            .iter()
            .any(|c| c.mv as usize == late.inverse().index() && c.back == 1 && c.score == solved)
    }

    #[test]
    fn a_move_undone_out_of_order_is_put_back_in_front() {
        // Two overlapping scramble moves, `early` then `late`. A beam that undoes
        // `early` first leaves a tangle where the blocks overlap, which undoing `late`
        // after it does not mend; the insertion child puts that undo in front.
        let early = Move::new(3, 3, 3, Axis::X, 1).unwrap();
        let late = Move::new(4, 4, 4, Axis::Y, 1).unwrap();
        assert!(put_in_front(early, late, TIGHT_INSERT));
        assert!(put_in_front(early, late, WIDE_INSERT));
    }

    #[test]
    fn a_silent_undo_is_put_back_in_front() {
        // `late` turns a block sharing two thirds of its cells with the block `early`
        // turned, so its undo alone mends little and does not count among the best
        // by their own gain; only the child it makes in front of `early`'s undo shows
        // what it is worth.
        let early = Move::new(4, 4, 4, Axis::X, 1).unwrap();
        let late = Move::new(4, 3, 4, Axis::Y, 3).unwrap();
        assert!(!put_in_front(early, late, TIGHT_INSERT));
        assert!(put_in_front(early, late, WIDE_INSERT));
    }

    #[test]
    fn active_blocks_are_those_holding_a_misplaced_cell() {
        let mut cube = Cube::solved();
        let scrambles = [
            Move::new(3, 4, 5, Axis::X, 1).unwrap(),
            Move::new(1, 7, 2, Axis::Y, 2).unwrap(),
            Move::new(7, 1, 7, Axis::Z, 3).unwrap(),
        ];
        for mv in scrambles {
            cube.apply(mv);
            let active = blocks_with_misplaced(cube.cells());
            for (b, &on) in active.iter().enumerate() {
                let m = Move::from_index(b * 9);
                let holds =
                    (0..CELLS).any(|i| cube.cells()[i] != crate::cube::SOLVED[i] && m.holds(i));
                assert_eq!(on, holds, "block {b} after {mv}");
            }
            assert!(active.iter().any(|&on| on) && !active.iter().all(|&on| on));
        }
    }
}
