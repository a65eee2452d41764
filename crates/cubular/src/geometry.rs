//! The 9×9×9 lattice of cells that cubes and moves share: its size, and each cell's
//! index `y*81 + z*9 + x` and coordinates (SPEC 1.2).

/// Cells along one edge of the cube.
pub const SIZE: usize = 9;
/// Number of cells in the cube.
pub const CELLS: usize = SIZE * SIZE * SIZE;

/// Index of the cell at (x, y, z): `y*81 + z*9 + x`.
pub const fn index(x: usize, y: usize, z: usize) -> usize {
    y * 81 + z * 9 + x
}

/// Coordinates (x, y, z) of a cell index.
pub const fn coords(i: usize) -> (usize, usize, usize) {
    (i % 9, i / 81, (i / 9) % 9)
}
