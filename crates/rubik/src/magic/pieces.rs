//! What a sequence does to the pieces: which ones it changes, its cycles, and whether
//! it leaves a protected set of pieces alone.
//!
//! Pieces are named by their home slot in Singmaster's positional notation (`UFR`,
//! `URB`, `UF`, ...), the names cubers write cycles with.

use crate::cubie::CubieCube;
use std::fmt;
use std::str::FromStr;

/// Corner slot names in Singmaster's notation, in Kociemba's slot order
/// (`URF UFL ULB UBR DFR DLF DBL DRB`).
pub const CORNER_SLOTS: [&str; 8] = ["UFR", "ULF", "UBL", "URB", "DRF", "DFL", "DLB", "DBR"];
/// Edge slot names in Kociemba's slot order.
pub const EDGE_SLOTS: [&str; 12] = [
    "UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR",
];

/// One piece of the cube, named by its home slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// A corner, by Kociemba slot index 0..8.
    Corner(u8),
    /// An edge, by Kociemba slot index 0..12.
    Edge(u8),
}

impl Piece {
    /// The slot's name, e.g. `UFR` or `UF`.
    pub fn name(self) -> &'static str {
        match self {
            Piece::Corner(i) => CORNER_SLOTS[i as usize],
            Piece::Edge(i) => EDGE_SLOTS[i as usize],
        }
    }

    /// Bit mask of the faces (index order U R F D L B) this piece lies on.
    pub fn faces(self) -> u8 {
        self.name()
            .chars()
            .map(|c| match c {
                'U' => 1,
                'R' => 2,
                'F' => 4,
                'D' => 8,
                'L' => 16,
                _ => 32,
            })
            .fold(0, |a, b| a | b)
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of pieces a search must leave alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Keep {
    /// Every edge stays in its slot, unflipped.
    Edges,
    /// Every corner stays in its slot, untwisted.
    Corners,
    /// Every edge stays in its slot; flipping is allowed (and counts as a change).
    EdgePositions,
    /// Every corner stays in its slot; twisting is allowed (and counts as a change).
    CornerPositions,
}

impl Keep {
    /// All sets, with the names the command line uses.
    pub const ALL: [(Keep, &'static str); 4] = [
        (Keep::Edges, "edges"),
        (Keep::Corners, "corners"),
        (Keep::EdgePositions, "edge-positions"),
        (Keep::CornerPositions, "corner-positions"),
    ];

    /// The command-line name of the set.
    pub fn name(self) -> &'static str {
        Keep::ALL.iter().find(|(k, _)| *k == self).unwrap().1
    }
}

impl FromStr for Keep {
    type Err = String;
    fn from_str(s: &str) -> Result<Keep, String> {
        Keep::ALL
            .iter()
            .find(|(_, n)| *n == s)
            .map(|(k, _)| *k)
            .ok_or_else(|| {
                format!("unknown piece set {s:?}, expected edges, corners, edge-positions or corner-positions")
            })
    }
}

/// The union of the protected sets of a query, as quick flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Protected {
    /// Edge slots must hold their own piece.
    pub edge_places: bool,
    /// Edges must also be unflipped.
    pub edge_flips: bool,
    /// Corner slots must hold their own piece.
    pub corner_places: bool,
    /// Corners must also be untwisted.
    pub corner_twists: bool,
}

impl Protected {
    /// Combine the chosen sets (keeping `edges` implies keeping edge positions).
    pub fn from_sets(sets: &[Keep]) -> Protected {
        let mut p = Protected::default();
        for k in sets {
            match k {
                Keep::Edges => {
                    p.edge_places = true;
                    p.edge_flips = true;
                }
                Keep::EdgePositions => p.edge_places = true,
                Keep::Corners => {
                    p.corner_places = true;
                    p.corner_twists = true;
                }
                Keep::CornerPositions => p.corner_places = true,
            }
        }
        p
    }

    /// Whether `c` leaves every protected piece alone.
    pub fn holds(&self, c: &CubieCube) -> bool {
        (!self.edge_places || c.ep.iter().enumerate().all(|(i, &p)| p as usize == i))
            && (!self.edge_flips || c.eo.iter().all(|&o| o == 0))
            && (!self.corner_places || c.cp.iter().enumerate().all(|(i, &p)| p as usize == i))
            && (!self.corner_twists || c.co.iter().all(|&o| o == 0))
    }

    /// The smallest k >= 1 for which `c` repeated k times leaves the protected pieces
    /// alone: the order of `c` restricted to them. Every valid repeat count is a
    /// multiple of it.
    pub fn order(&self, c: &CubieCube) -> u64 {
        let mut order = 1;
        if self.edge_places {
            order = lcm(order, cycle_order(&c.ep, &c.eo, 2, self.edge_flips));
        }
        if self.corner_places {
            order = lcm(order, cycle_order(&c.cp, &c.co, 3, self.corner_twists));
        }
        order
    }
}

/// Order of a permutation with orientations: each cycle of length l returns after l
/// steps, or after l * modulus steps when orientations count and its twists do not sum
/// to zero.
fn cycle_order(perm: &[u8], ori: &[u8], modulus: u8, with_ori: bool) -> u64 {
    let mut seen = 0u32;
    let mut order = 1;
    for start in 0..perm.len() {
        if seen & (1 << start) != 0 {
            continue;
        }
        let (mut len, mut twist, mut i) = (0u64, 0u8, start);
        while seen & (1 << i) == 0 {
            seen |= 1 << i;
            twist = (twist + ori[i]) % modulus;
            len += 1;
            i = perm[i] as usize;
        }
        if with_ori && twist != 0 {
            len *= modulus as u64;
        }
        order = lcm(order, len);
    }
    order
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn lcm(a: u64, b: u64) -> u64 {
    a / gcd(a, b) * b
}

/// The pieces `c` moves or turns, corners first, in slot order.
pub fn changed_pieces(c: &CubieCube) -> Vec<Piece> {
    let corners = (0..8)
        .filter(|&i| c.cp[i] as usize != i || c.co[i] != 0)
        .map(|i| Piece::Corner(i as u8));
    let edges = (0..12)
        .filter(|&i| c.ep[i] as usize != i || c.eo[i] != 0)
        .map(|i| Piece::Edge(i as u8));
    corners.chain(edges).collect()
}

/// How many pieces `c` moves or turns.
pub fn changed_count(c: &CubieCube) -> usize {
    (0..8)
        .filter(|&i| c.cp[i] as usize != i || c.co[i] != 0)
        .count()
        + (0..12)
            .filter(|&i| c.ep[i] as usize != i || c.eo[i] != 0)
            .count()
}

/// Whether one face holds every piece `c` changes (true when it changes none).
pub fn on_one_face(c: &CubieCube) -> bool {
    changed_pieces(c)
        .iter()
        .fold(0b11_1111u8, |faces, p| faces & p.faces())
        != 0
}

/// One cycle of an effect: the piece in the first slot goes to the second, ..., the
/// piece in the last slot to the first. `twist` is what a piece has turned by when it
/// comes back round: for corners 1 = clockwise, 2 = anticlockwise; for edges 1 = flipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cycle {
    /// The slots in cycle order.
    pub pieces: Vec<Piece>,
    /// Net twist (corners, mod 3) or flip (edges, mod 2) around the cycle.
    pub twist: u8,
}

impl fmt::Display for Cycle {
    /// `(UFR URB UBL)`; a turned cycle carries `+` (corners: clockwise, edges:
    /// flipped) or `-` (corners: anticlockwise) after it, a piece turned in place is
    /// written alone: `UFR+`, `UF+`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mark = match self.twist {
            0 => "",
            1 => "+",
            _ => "-",
        };
        if self.pieces.len() == 1 {
            return write!(f, "{}{mark}", self.pieces[0]);
        }
        f.write_str("(")?;
        for (i, p) in self.pieces.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{p}")?;
        }
        write!(f, "){mark}")
    }
}

/// The effect of `c` as disjoint cycles (corners first), leaving out untouched pieces.
pub fn cycles(c: &CubieCube) -> Vec<Cycle> {
    let mut out = orbit_cycles(&c.cp, &c.co, 3, Piece::Corner);
    out.extend(orbit_cycles(&c.ep, &c.eo, 2, Piece::Edge));
    out
}

/// The effect as one line of cycles, e.g. `(UFR URB UBL) UF+`; `identity` when empty.
pub fn cycles_text(c: &CubieCube) -> String {
    let cs = cycles(c);
    if cs.is_empty() {
        return "identity".to_string();
    }
    cs.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn orbit_cycles(perm: &[u8], ori: &[u8], modulus: u8, piece: fn(u8) -> Piece) -> Vec<Cycle> {
    // `perm[slot]` is the piece now in `slot`, so the piece from slot a went to the
    // slot b with perm[b] == a.
    let mut dest = vec![0usize; perm.len()];
    for (slot, &p) in perm.iter().enumerate() {
        dest[p as usize] = slot;
    }
    let mut seen = vec![false; perm.len()];
    let mut out = Vec::new();
    for start in 0..perm.len() {
        if seen[start] || (perm[start] as usize == start && ori[start] == 0) {
            continue;
        }
        let mut pieces = Vec::new();
        let mut twist = 0;
        let mut i = start;
        while !seen[i] {
            seen[i] = true;
            pieces.push(piece(i as u8));
            twist = (twist + ori[i]) % modulus;
            i = dest[i];
        }
        out.push(Cycle { pieces, twist });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Alg;

    fn effect(s: &str) -> CubieCube {
        CubieCube::from_alg(&Alg::parse(s).unwrap())
    }

    #[test]
    fn a_quarter_turn_is_two_four_cycles() {
        // U turns clockwise seen from above: UFR goes to ULF, ULF to UBL, ...
        assert_eq!(cycles_text(&effect("U")), "(UFR ULF UBL URB) (UR UF UL UB)");
        assert!(on_one_face(&effect("U")));
        assert!(!on_one_face(&effect("U R")));
    }

    #[test]
    fn sexy_move_orders() {
        let c = effect("R U R' U'");
        let edges = Protected::from_sets(&[Keep::Edges]);
        assert_eq!(edges.order(&c), 3);
        let all = Protected::from_sets(&[Keep::Edges, Keep::Corners]);
        assert_eq!(all.order(&c), 6);
        let mut p = CubieCube::SOLVED;
        for k in 1..=6 {
            p = p.then(&c);
            assert_eq!(edges.holds(&p), k % 3 == 0);
        }
    }

    #[test]
    fn twists_and_cycles_are_marked() {
        // After (R' D' R D)2 the U sticker of the UFR piece shows on F: twisted
        // anticlockwise, as the reference sticker model confirms.
        let c = effect("R' D' R D R' D' R D");
        assert_eq!(cycles_text(&c), "UFR- DRF- DLB+ DBR+ (DR FR DB)");
        assert_eq!(changed_count(&c), changed_pieces(&c).len());
        assert_eq!(changed_count(&c), 7);
        // The sexy move: two corner swaps that come back twisted, and an edge 3-cycle.
        assert_eq!(
            cycles_text(&effect("R U R' U'")),
            "(UFR DRF)+ (UBL URB)- (UR UB FR)"
        );
        assert_eq!(cycles_text(&CubieCube::SOLVED), "identity");
    }

    #[test]
    fn keep_names_round_trip() {
        for (k, n) in Keep::ALL {
            assert_eq!(n.parse::<Keep>().unwrap(), k);
            assert_eq!(k.name(), n);
        }
        assert!("middles".parse::<Keep>().is_err());
    }
}
