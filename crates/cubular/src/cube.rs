//! The cube itself: 729 cells holding digits 1..=9, indexed `y*81 + z*9 + x` (SPEC 1.2).

// The cells and their coordinates are the cube's own terms; they are defined in
// `geometry`, below both this file and `moves`, which needs them too.
pub use crate::geometry::{coords, index, CELLS, SIZE};
use crate::moves::{play, play_all, Move};

/// The digit the solved cube holds at cell `i`: `((x+y+z) mod 9) + 1`.
pub const fn home_digit(i: usize) -> u8 {
    let (x, y, z) = coords(i);
    ((x + y + z) % 9) as u8 + 1
}

/// Parity class of a cell (0 even, 1 odd): pieces never leave their class.
pub const fn parity(i: usize) -> usize {
    let (x, y, z) = coords(i);
    (x + y + z) % 2
}

/// The solved digits of all cells, for quick comparisons.
pub static SOLVED: [u8; CELLS] = {
    let mut a = [0u8; CELLS];
    let mut i = 0;
    while i < CELLS {
        a[i] = home_digit(i);
        i += 1;
    }
    a
};

/// A 9×9×9 digit cube: the digit held by each cell.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Cube {
    cells: [u8; CELLS],
}

impl std::fmt::Debug for Cube {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Cube({} misplaced)", self.misplaced())
    }
}

impl Cube {
    /// The solved cube: cell (x,y,z) holds `((x+y+z) mod 9) + 1`.
    pub fn solved() -> Cube {
        Cube { cells: SOLVED }
    }

    /// A cube from raw cell digits; the caller vouches that they are 1..=9 with the
    /// solved counts per kind (see [`crate::format::validate`]).
    pub(crate) fn from_cells(cells: [u8; CELLS]) -> Cube {
        Cube { cells }
    }

    /// The digits of all cells, index `y*81 + z*9 + x`.
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// The digit at (x, y, z).
    pub fn get(&self, x: usize, y: usize, z: usize) -> u8 {
        self.cells[index(x, y, z)]
    }

    /// Whether every cell holds its solved digit.
    pub fn is_solved(&self) -> bool {
        self.cells == SOLVED
    }

    /// How many cells differ from the solved cube.
    pub fn misplaced(&self) -> usize {
        self.cells
            .iter()
            .zip(SOLVED.iter())
            .filter(|(a, b)| a != b)
            .count()
    }

    /// Rotate one block (SPEC 1.3).
    pub fn apply(&mut self, mv: Move) {
        play(&mut self.cells, mv.index());
    }

    /// Apply moves in order.
    pub fn apply_all(&mut self, moves: &[Move]) {
        play_all(&mut self.cells, moves);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Axis;

    /// The lettered block of SPEC 1.3 at centre (1,1,1): cell values 10.. stand for A..Z, *.
    fn lettered() -> Cube {
        let mut cells = SOLVED;
        for y in 0..3 {
            for z in 0..3 {
                for x in 0..3 {
                    cells[index(x, y, z)] = 10 + (y * 9 + z * 3 + x) as u8;
                }
            }
        }
        Cube::from_cells(cells)
    }

    /// The block as the three squares of SPEC 1.3, bottom to top, rows back to front.
    fn squares(c: &Cube) -> String {
        let letters: Vec<char> = "ABCDEFGHIJKLMNOPQRSTUVWXYZ*".chars().collect();
        let mut rows = Vec::new();
        for z in 0..3 {
            let mut line = Vec::new();
            for y in 0..3 {
                line.push(
                    (0..3)
                        .map(|x| letters[c.get(x, y, z) as usize - 10])
                        .collect::<String>(),
                );
            }
            rows.push(line.join(" "));
        }
        rows.join("\n")
    }

    fn turned(axis: Axis) -> String {
        let mut c = lettered();
        c.apply(Move::new(1, 1, 1, axis, 1).unwrap());
        squares(&c)
    }

    #[test]
    fn start_block_reads_as_in_the_spec() {
        assert_eq!(
            squares(&lettered()),
            "ABC JKL STU\nDEF MNO VWX\nGHI PQR YZ*"
        );
    }

    #[test]
    fn quarter_turn_about_x() {
        assert_eq!(turned(Axis::X), "STU VWX YZ*\nJKL MNO PQR\nABC DEF GHI");
    }

    #[test]
    fn quarter_turn_about_y() {
        assert_eq!(turned(Axis::Y), "CFI LOR UX*\nBEH KNQ TWZ\nADG JMP SVY");
    }

    #[test]
    fn quarter_turn_about_z() {
        assert_eq!(turned(Axis::Z), "SJA TKB ULC\nVMD WNE XOF\nYPG ZQH *RI");
    }

    #[test]
    fn turns_compose_and_invert() {
        for axis in Axis::ALL {
            let m = |t| Move::new(1, 1, 1, axis, t).unwrap();
            let mut once_twice = lettered();
            once_twice.apply(m(1));
            once_twice.apply(m(1));
            let mut two = lettered();
            two.apply(m(2));
            assert_eq!(once_twice, two);
            two.apply(m(2));
            assert_eq!(two, lettered());
            let mut c = lettered();
            c.apply(m(3));
            c.apply(m(1));
            assert_eq!(c, lettered());
        }
    }

    #[test]
    fn solved_cube_facts() {
        let c = Cube::solved();
        assert!(c.is_solved());
        assert_eq!(c.misplaced(), 0);
        assert_eq!(c.get(0, 0, 0), 1);
        assert_eq!(c.get(8, 8, 8), 7);
        let even = (0..CELLS).filter(|&i| parity(i) == 0).count();
        assert_eq!(even, 365);
    }
}
