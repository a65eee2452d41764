//! Each block's cells and the cells just outside its faces, numbered locally.
//!
//! The nine moves of one block read the same cells: its 27 and the up to 54 face
//! neighbours across its surface. Gathering their digits once and scoring all nine
//! moves from that copy, with the "before" terms shared, halves the work of the beam's
//! hot loop (see `beam::Scoring::block`).

use super::lanes::{padded, Turn};
use crate::cube::{coords, index, CELLS};
use crate::moves::{move_table, Move, MOVE_COUNT};
use std::sync::OnceLock;

/// Number of blocks (centres 1..=7 on each axis).
pub const BLOCKS: usize = MOVE_COUNT / 9;

/// One block's local numbering.
pub struct Frame {
    /// Global index of each local cell: the block's 27 (local 0..27), then the cells
    /// outside it that share a face with one of them.
    pub cells: Vec<u16>,
    /// Bonds across the block's surface: (local cell inside, local cell outside,
    /// whether the outside one lies further along the axis).
    pub surface: Vec<(u8, u8, bool)>,
    /// The surface bonds across each side of the block, as in [`Frame::surface`], by
    /// the direction they cross (see [`SIDES`]): a turn of a block that only faces
    /// this one changes bonds on one side only.
    pub sides: [Vec<(u8, u8, bool)>; 6],
    /// For each of the block's nine moves (in move-index order), the local cell each
    /// of the block's 27 takes its digit from, padded to 32 for [`lanes`](super::lanes).
    pub from: [Turn; 9],
    /// Each block cell's coordinate sum, shifted left by 4 (a row of
    /// [`by_sum`](super::weights::by_sum)).
    pub sums: [u16; 27],
    /// For the block as it stands (0) and after each of its nine moves (1..=9), the
    /// local cell whose digit ends at the inside cell of each surface bond, in
    /// [`Frame::surface`]'s order, padded to 64 with [`BOND_PAD`]: the bonds of every
    /// arrangement read with two byte shuffles (see
    /// [`block_sums`](super::block_sums)).
    pub bond_in: [[u8; 64]; 10],
    /// For each surface bond, -1 when the outside cell lies further along the axis,
    /// else 1 (padding 1): the sign that makes an aligned bond's digit difference
    /// read the same both ways.
    pub bond_sign: [i8; 64],
}

/// The six directions out of a block's faces, in the order of [`Frame::sides`].
pub const SIDES: [(i32, i32, i32); 6] = [
    (1, 0, 0),
    (-1, 0, 0),
    (0, 1, 0),
    (0, -1, 0),
    (0, 0, 1),
    (0, 0, -1),
];

/// Local cell a padding bond reads in [`Frame::bond_in`]: the last of the 32 a block's
/// lanes hold, never a real bond's.
pub const BOND_PAD: u8 = 31;

/// The frames of all 343 blocks, built once.
pub fn frames() -> &'static [Frame] {
    static F: OnceLock<Vec<Frame>> = OnceLock::new();
    F.get_or_init(|| (0..BLOCKS).map(build).collect())
}

fn build(block: usize) -> Frame {
    let m = Move::from_index(block * 9);
    let (cx, cy, cz) = (m.x as i32, m.y as i32, m.z as i32);
    let mut cells = Vec::with_capacity(81);
    for dy in -1..=1 {
        for dz in -1..=1 {
            for dx in -1..=1 {
                let (x, y, z) = ((cx + dx) as usize, (cy + dy) as usize, (cz + dz) as usize);
                cells.push(index(x, y, z) as u16);
            }
        }
    }
    let inside =
        |x: i32, y: i32, z: i32| (x - cx).abs() <= 1 && (y - cy).abs() <= 1 && (z - cz).abs() <= 1;
    let mut surface = Vec::new();
    let mut sides: [Vec<(u8, u8, bool)>; 6] = Default::default();
    for local in 0..27 {
        let (x, y, z) = coords(cells[local] as usize);
        let (x, y, z) = (x as i32, y as i32, z as i32);
        for (side, (dx, dy, dz)) in SIDES.into_iter().enumerate() {
            let (nx, ny, nz) = (x + dx, y + dy, z + dz);
            if !(0..9).contains(&nx) || !(0..9).contains(&ny) || !(0..9).contains(&nz) {
                continue;
            }
            if inside(nx, ny, nz) {
                continue;
            }
            let n = index(nx as usize, ny as usize, nz as usize) as u16;
            let bond = (local as u8, cells.len() as u8, n > cells[local]);
            surface.push(bond);
            sides[side].push(bond);
            cells.push(n);
        }
    }
    let local_of = |g: u16| cells.iter().position(|&c| c == g).expect("a block cell") as u8;
    let mut from = [[0u8; 27]; 9];
    for (j, slot) in from.iter_mut().enumerate() {
        *slot = std::array::from_fn(|l| l as u8);
        for &(dst, src) in move_table()[block * 9 + j].iter() {
            slot[local_of(dst) as usize] = local_of(src);
        }
    }
    debug_assert!(cells.len() <= 81 && cells.iter().all(|&c| (c as usize) < CELLS));
    let sums = std::array::from_fn(|l| {
        let (x, y, z) = coords(cells[l] as usize);
        ((x + y + z) as u16) << 4
    });
    let mut bond_in = [[BOND_PAD; 64]; 10];
    let mut bond_sign = [1i8; 64];
    for (b, &(inside, _, higher)) in surface.iter().enumerate() {
        bond_in[0][b] = inside;
        for (j, f) in from.iter().enumerate() {
            bond_in[j + 1][b] = f[inside as usize];
        }
        if higher {
            bond_sign[b] = -1;
        }
    }
    Frame {
        cells,
        surface,
        sides,
        from: from.map(|f| padded(&f)),
        sums,
        bond_in,
        bond_sign,
    }
}

/// For each block, the blocks whose moves' scores a turn of it can change: those
/// whose cells or face neighbours it holds, as two lists (see [`Near`]). A turn
/// changes cells at most 1 from its centre on every axis; a block reads its cells (at
/// most 1 from its own centre) and its face neighbours (2 from it on one axis, at most
/// 1 on the others). So the centres are at most 2 apart on every axis (the blocks
/// share cells), or 3 on one axis and at most 2 on the others (the turn changes only
/// face neighbours of the other block, on one of its faces).
pub fn near_blocks(block: usize) -> &'static Near {
    static NEAR: OnceLock<Vec<Near>> = OnceLock::new();
    &NEAR.get_or_init(|| {
        (0..BLOCKS)
            .map(|b| {
                let m = Move::from_index(b * 9);
                let apart = |o: u16| {
                    let o = Move::from_index(o as usize * 9);
                    [m.x.abs_diff(o.x), m.y.abs_diff(o.y), m.z.abs_diff(o.z)]
                };
                let all = 0..BLOCKS as u16;
                Near {
                    overlapping: all
                        .clone()
                        .filter(|&o| apart(o).iter().all(|&v| v <= 2))
                        .collect(),
                    facing: all
                        .filter(|&o| {
                            let d = apart(o);
                            d.iter().all(|&v| v <= 3) && d.iter().filter(|&&v| v == 3).count() == 1
                        })
                        .map(|o| (o, side_towards(o as usize, b)))
                        .collect(),
                }
            })
            .collect()
    })[block]
}

/// The side of block `from` (an index into [`SIDES`]) that faces block `to`, 3 apart
/// from it on one axis.
fn side_towards(from: usize, to: usize) -> u8 {
    let (f, t) = (Move::from_index(from * 9), Move::from_index(to * 9));
    let d = [
        t.x as i32 - f.x as i32,
        t.y as i32 - f.y as i32,
        t.z as i32 - f.z as i32,
    ];
    let side = SIDES
        .iter()
        .position(|&(x, y, z)| {
            [x, y, z]
                .iter()
                .zip(&d)
                .any(|(&u, &v)| u != 0 && 3 * u == v)
        })
        .expect("blocks 3 apart on one axis");
    side as u8
}

/// The blocks near one block (see [`near_blocks`]).
pub struct Near {
    /// Blocks sharing cells with it (itself included).
    pub overlapping: Vec<u16>,
    /// Blocks whose face neighbours on one face it holds, but none of their cells,
    /// each with that side of it (an index into [`SIDES`] and [`Frame::sides`]).
    pub facing: Vec<(u16, u8)>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_frame_holds_its_block_and_the_surface_around_it() {
        let f = &frames()[0];
        // A corner block: 27 cells and three faces' 9 neighbours each.
        assert_eq!(f.cells.len(), 27 + 27);
        assert_eq!(f.surface.len(), 27);
        let centre = &frames()[BLOCKS / 2];
        assert_eq!(centre.cells.len(), 27 + 54);
        // Each move keeps the centre and the two cells on its axis.
        for from in &centre.from {
            assert_eq!(
                from[..27]
                    .iter()
                    .enumerate()
                    .filter(|&(l, &s)| l == s as usize)
                    .count(),
                3
            );
        }
        // The middle block's nearby blocks: 5^3 within 2, and 3 * 2 * 25 at 3 on one axis.
        let near = near_blocks(BLOCKS / 2);
        assert_eq!((near.overlapping.len(), near.facing.len()), (125, 150));
    }

    #[test]
    fn a_facing_blocks_bonds_to_a_turned_block_all_cross_the_side_named() {
        for block in 0..BLOCKS {
            let turned: Vec<u16> = frames()[block].cells[..27].to_vec();
            for &(other, side) in &near_blocks(block).facing {
                let f = &frames()[other as usize];
                let reached: Vec<_> = f
                    .surface
                    .iter()
                    .filter(|&&(_, o, _)| turned.contains(&f.cells[o as usize]))
                    .collect();
                assert!(!reached.is_empty());
                assert!(reached.iter().all(|b| f.sides[side as usize].contains(b)));
                assert_eq!(f.sides[side as usize].len(), 9);
            }
        }
    }
}
