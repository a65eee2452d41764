//! Bonds between neighbouring cells: a bond is intact when the two digits differ by one
//! (mod 9), as every bond of the solved cube does. Turning a block keeps the bonds
//! inside it intact or broken as they were and changes only the bonds across its
//! surface, so undoing a scramble move restores the bonds it broke there: a much
//! sharper signal for shallow scrambles than counting misplaced cells.

use crate::cube::{coords, index, CELLS};
use crate::moves::{move_table, Move, MOVE_COUNT};
use std::sync::OnceLock;

/// Whether digits `a` and `b` of neighbouring cells form an intact bond.
#[inline(always)]
pub fn intact(a: u8, b: u8) -> bool {
    INTACT[a as usize & 15][b as usize & 15]
}

/// Whether the bond between neighbouring cells holding `lower` and `higher` (the
/// latter one step further along an axis) runs the way the solved cube's bonds do:
/// the digit one more (mod 9) along the axis. A block turned over keeps the bonds
/// inside it intact, but reverses some of them.
#[inline(always)]
pub fn aligned(lower: u8, higher: u8) -> bool {
    (higher as usize + 9 - lower as usize) % 9 == 1
}

/// [`intact`] for every pair of digits 0..=15 (only 1..=9 occur), so that the beam's
/// inner loop reads a table instead of dividing.
static INTACT: [[bool; 16]; 16] = {
    let mut t = [[false; 16]; 16];
    let mut a = 1;
    while a <= 9 {
        let mut b = 1;
        while b <= 9 {
            let d = (a + 9 - b) % 9;
            t[a][b] = d == 1 || d == 8;
            b += 1;
        }
        a += 1;
    }
    t
};

/// Surface bonds a move changes: (source inside, destination inside, neighbour outside).
pub type Surface = Vec<(u16, u16, u16)>;

/// For every move, the bonds across its block's surface that it changes.
pub fn surfaces() -> &'static [Surface] {
    static S: OnceLock<Vec<Surface>> = OnceLock::new();
    S.get_or_init(|| {
        let table = move_table();
        (0..MOVE_COUNT)
            .map(|mi| {
                let m = Move::from_index(mi);
                let inside = |x: usize, y: usize, z: usize| {
                    (m.x as usize).abs_diff(x) <= 1
                        && (m.y as usize).abs_diff(y) <= 1
                        && (m.z as usize).abs_diff(z) <= 1
                };
                let mut v = Vec::new();
                for &(dst, src) in table[mi].iter() {
                    let (x, y, z) = coords(dst as usize);
                    for (dx, dy, dz) in [
                        (1i32, 0i32, 0i32),
                        (-1, 0, 0),
                        (0, 1, 0),
                        (0, -1, 0),
                        (0, 0, 1),
                        (0, 0, -1),
                    ] {
                        let (nx, ny, nz) = (x as i32 + dx, y as i32 + dy, z as i32 + dz);
                        if !(0..9).contains(&nx) || !(0..9).contains(&ny) || !(0..9).contains(&nz) {
                            continue;
                        }
                        let (nx, ny, nz) = (nx as usize, ny as usize, nz as usize);
                        if inside(nx, ny, nz) {
                            continue;
                        }
                        v.push((src, dst, index(nx, ny, nz) as u16));
                    }
                }
                v
            })
            .collect()
    })
}

/// Number of broken bonds in the whole cube.
pub fn broken(cells: &[u8; CELLS]) -> i32 {
    let mut n = 0;
    for i in 0..CELLS {
        let (x, y, z) = coords(i);
        if x < 8 && !intact(cells[i], cells[i + 1]) {
            n += 1;
        }
        if z < 8 && !intact(cells[i], cells[i + 9]) {
            n += 1;
        }
        if y < 8 && !intact(cells[i], cells[i + 81]) {
            n += 1;
        }
    }
    n
}

/// Number of bonds in the whole cube that do not run the solved way (see [`aligned`]).
pub fn misaligned(cells: &[u8; CELLS]) -> i32 {
    let mut n = 0;
    for i in 0..CELLS {
        let (x, y, z) = coords(i);
        for (inside, step) in [(x < 8, 1), (z < 8, 9), (y < 8, 81)] {
            if inside && !aligned(cells[i], cells[i + step]) {
                n += 1;
            }
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::Cube;
    use crate::moves::Axis;

    #[test]
    fn a_block_turned_over_keeps_its_bonds_but_reverses_some() {
        let solved = Cube::solved();
        assert_eq!(broken(solved.cells()), 0);
        assert_eq!(misaligned(solved.cells()), 0);
        let mut turned = Cube::solved();
        turned.apply(Move::new(4, 4, 4, Axis::Y, 2).unwrap());
        // The bonds inside the block are intact but half of them run backwards, so
        // more bonds are misaligned than broken (those across its surface).
        let (b, m) = (broken(turned.cells()), misaligned(turned.cells()));
        assert!(b > 0 && m > b, "{b} broken, {m} misaligned");
        assert!(aligned(3, 4) && aligned(9, 1) && !aligned(4, 3) && !aligned(3, 5));
    }
}
