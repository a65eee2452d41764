//! The 2×2×2 (pocket cube), solved optimally in the face-turn metric.
//!
//! With the DBL corner held still (colours named by it), a state is the permutation of
//! the other seven corners (7! = 5040) and the twists of six of them (3⁶ = 729; the
//! seventh follows): 3,674,160 states. A breadth-first search over the turns of U, R
//! and F (which leave DBL alone) gives every state's distance, at most 11; a solution
//! takes, at each step, a turn to a state one nearer. The table is one byte a state
//! (3.5 MiB), built in a fraction of a second and cached.

use crate::cube::Cube;
use crate::geometry::Geometry;
use crate::moves::{Alg, Move};
use cubist_rubik::Face;
use cubist_tables::cache::{self, Table, TableSpec};
use rand::seq::SliceRandom;
use rand::Rng;
use std::sync::OnceLock;

/// The corner slots other than DBL (slot 6), in Kociemba's order.
const FREE: [usize; 7] = [0, 1, 2, 3, 4, 5, 7];
/// Permutations of the seven free corners.
const PERMS: usize = 5040;
/// Twists of six free corners.
const TWISTS: usize = 729;
/// Every state with DBL home.
pub const STATES: usize = PERMS * TWISTS;
/// The turns searched: U, R and F, each a quarter, half or three quarters.
const TURNS: [(Face, u8); 9] = [
    (Face::U, 1),
    (Face::U, 2),
    (Face::U, 3),
    (Face::R, 1),
    (Face::R, 2),
    (Face::R, 3),
    (Face::F, 1),
    (Face::F, 2),
    (Face::F, 3),
];
/// Distance of a state no search reached (none, when the table is whole).
const UNSEEN: u8 = 0xff;

/// The corners of a cube: the piece at each slot and its twist (where its U or D colour
/// is, counted clockwise from the slot's U or D sticker).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Corners {
    /// Piece at each slot, Kociemba's numbering.
    pub perm: [u8; 8],
    /// Twist at each slot, 0..3.
    pub twist: [u8; 8],
}

impl Corners {
    /// The corners of a cube whose corners are real pieces (see [`crate::validity`]).
    pub fn read(cube: &Cube) -> Corners {
        let g = cube.geometry();
        let s = cube.stickers();
        let homes = g.corners.map(|c| c.map(|k| g.face(k)));
        let mut c = Corners {
            perm: [0; 8],
            twist: [0; 8],
        };
        for (slot, stickers) in g.corners.iter().enumerate() {
            let colours = stickers.map(|k| s[k]);
            c.perm[slot] = homes
                .iter()
                .position(|h| h.iter().all(|f| colours.contains(f)))
                .unwrap_or(0) as u8;
            c.twist[slot] = colours.iter().position(|f| f.axis() == 0).unwrap_or(0) as u8;
        }
        c
    }

    /// The 2×2×2 with these corners.
    pub fn to_cube(self) -> Cube {
        let g = Geometry::of(2);
        let homes = g.corners.map(|c| c.map(|k| g.face(k)));
        let mut stickers = vec![Face::U; g.len()];
        for (slot, at) in g.corners.iter().enumerate() {
            let piece = homes[usize::from(self.perm[slot])];
            for k in 0..3 {
                stickers[at[k]] = piece[(k + 3 - usize::from(self.twist[slot])) % 3];
            }
        }
        Cube::from_stickers(2, stickers)
    }

    /// These corners, then `m`'s.
    fn then(self, m: &Corners) -> Corners {
        let mut c = Corners {
            perm: [0; 8],
            twist: [0; 8],
        };
        for i in 0..8 {
            let from = usize::from(m.perm[i]);
            c.perm[i] = self.perm[from];
            c.twist[i] = (self.twist[from] + m.twist[i]) % 3;
        }
        c
    }

    /// The state's number, `perm * 729 + twist`, with DBL home.
    fn index(self) -> usize {
        let pieces: Vec<usize> = FREE
            .iter()
            .map(|&s| free_rank(usize::from(self.perm[s])))
            .collect();
        let mut perm = 0;
        for i in 0..7 {
            let smaller = pieces[i + 1..].iter().filter(|&&p| p < pieces[i]).count();
            perm = perm * (7 - i) + smaller;
        }
        let twist = FREE[..6]
            .iter()
            .fold(0, |t, &s| t * 3 + usize::from(self.twist[s]));
        perm * TWISTS + twist
    }

    /// The state with number `index`.
    fn from_index(index: usize) -> Corners {
        let (mut perm, mut twist) = (index / TWISTS, index % TWISTS);
        let mut c = Corners {
            perm: [6; 8],
            twist: [0; 8],
        };
        let mut digits = [0usize; 7];
        for i in (0..7).rev() {
            digits[i] = perm % (7 - i);
            perm /= 7 - i;
        }
        let mut left: Vec<usize> = (0..7).collect();
        for i in 0..7 {
            c.perm[FREE[i]] = FREE[left.remove(digits[i])] as u8;
        }
        let mut sum = 0;
        for i in (0..6).rev() {
            c.twist[FREE[i]] = (twist % 3) as u8;
            sum += twist % 3;
            twist /= 3;
        }
        c.twist[7] = ((3 - sum % 3) % 3) as u8;
        c
    }
}

/// A free corner piece's rank 0..7 (DBL, piece 6, is never among them).
fn free_rank(piece: usize) -> usize {
    if piece == 7 {
        6
    } else {
        piece
    }
}

/// The corners of each searched turn, read off the sticker model.
fn turn_corners() -> [Corners; 9] {
    TURNS.map(|(face, turns)| {
        let mut c = Cube::solved(2);
        c.apply(&Move::face(face, turns));
        Corners::read(&c)
    })
}

/// Move tables: the permutation and twist numbers after each turn.
struct MoveTables {
    perm: Vec<[u16; 9]>,
    twist: Vec<[u16; 9]>,
}

fn move_tables() -> &'static MoveTables {
    static TABLES: OnceLock<MoveTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let turns = turn_corners();
        let perm = (0..PERMS)
            .map(|p| {
                let c = Corners::from_index(p * TWISTS);
                std::array::from_fn(|m| (c.then(&turns[m]).index() / TWISTS) as u16)
            })
            .collect();
        let twist = (0..TWISTS)
            .map(|t| {
                let c = Corners::from_index(t);
                std::array::from_fn(|m| (c.then(&turns[m]).index() % TWISTS) as u16)
            })
            .collect();
        MoveTables { perm, twist }
    })
}

/// The state after turn `m`.
fn step(t: &MoveTables, index: usize, m: usize) -> usize {
    let (p, w) = (index / TWISTS, index % TWISTS);
    usize::from(t.perm[p][m]) * TWISTS + usize::from(t.twist[w][m])
}

/// Every state's distance from solved, by breadth-first search.
fn build_distances() -> Vec<u8> {
    let t = move_tables();
    let mut dist = vec![UNSEEN; STATES];
    let mut queue: Vec<u32> = Vec::with_capacity(STATES);
    dist[0] = 0;
    queue.push(0);
    let mut head = 0;
    while head < queue.len() {
        let i = queue[head] as usize;
        head += 1;
        for m in 0..9 {
            let j = step(t, i, m);
            if dist[j] == UNSEEN {
                dist[j] = dist[i] + 1;
                queue.push(j as u32);
            }
        }
    }
    dist
}

/// The distance table, loaded from the cache or built.
fn distances() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let spec = TableSpec {
            name: "pocket-corners-distance",
            version: 1,
            len: STATES,
        };
        cache::load_or_build(&spec, build_distances)
    })
}

/// Load (or build) the tables [`solve`] looks up.
pub(crate) fn prepare() {
    move_tables();
    distances();
}

/// An optimal solution of a 2×2×2 whose colours are named with DBL home
/// ([`crate::validity::renamed`]) and whose corners are real: turns of U, R and F.
pub fn solve(cube: &Cube) -> Alg {
    let t = move_tables();
    let dist = distances();
    let mut i = Corners::read(cube).index();
    let mut moves = Vec::new();
    while dist[i] != 0 && dist[i] != UNSEEN {
        let Some((m, j)) = (0..9)
            .map(|m| (m, step(t, i, m)))
            .find(|&(_, j)| dist[j] < dist[i])
        else {
            break;
        };
        let (face, turns) = TURNS[m];
        moves.push(Move::face(face, turns));
        i = j;
    }
    Alg(moves)
}

/// A uniformly random 2×2×2 (every state up to whole-cube turns equally likely).
pub fn random_state<R: Rng + ?Sized>(rng: &mut R) -> Cube {
    let mut free: Vec<u8> = FREE.iter().map(|&s| s as u8).collect();
    free.shuffle(rng);
    let mut c = Corners {
        perm: [6; 8],
        twist: [0; 8],
    };
    for (k, &s) in FREE.iter().enumerate() {
        c.perm[s] = free[k];
    }
    let mut sum = 0;
    for &s in &FREE[..6] {
        c.twist[s] = rng.gen_range(0..3);
        sum += c.twist[s];
    }
    c.twist[7] = (3 - sum % 3) % 3;
    c.to_cube()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn numbering_reads_back() {
        for i in [0, 1, 728, 729, 12345, STATES - 1] {
            assert_eq!(Corners::from_index(i).index(), i);
            assert_eq!(Corners::read(&Corners::from_index(i).to_cube()).index(), i);
        }
    }

    #[test]
    fn every_state_is_at_most_eleven_turns_away() {
        let dist = build_distances();
        assert!(dist.iter().all(|&d| d <= 11));
        assert_eq!(dist.iter().filter(|&&d| d == 11).count(), 2644);
    }

    #[test]
    fn random_states_are_solved() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
        for _ in 0..200 {
            let cube = random_state(&mut rng);
            let alg = solve(&cube);
            assert!(alg.len() <= 11);
            assert!(cube.after(&alg).is_solved(), "{alg}");
        }
    }
}
