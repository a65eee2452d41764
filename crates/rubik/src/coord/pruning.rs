//! Pruning tables: for each state of a coordinate space, how many moves at least it
//! takes to reach the goal. Built by breadth-first search from the goal.
//!
//! - Phase 1 (reach ⟨U, D, R2, L2, F2, B2⟩): flip-slice class × twist, 140,908,410
//!   entries of 4 bits (70 MB), kept in the table cache.
//! - Phase 2 (solve within that group): corner-perm class × edge8 perm, 111,575,040
//!   entries of 4 bits (56 MB), kept in the table cache; and corner perm × slice perm,
//!   967,680 byte entries, computed in memory in milliseconds.
//! - Slice bounds (phase 1, a cheap first test): UD slice × twist and UD slice × flip,
//!   1,082,565 and 1,013,760 entries of 4 bits (1 MB together), kept in the table cache.
//! - Corner reach (phase 1 near the target): for each length of phase-2 ending, corner
//!   class × twist, 6,053,616 entries of 4 bits (3 MB each), kept in the table cache.

use super::cornercomb::CornerCombTables;
use super::cornersym::{CornerSym, N_CORNER_CLASS};
use super::cubie_coords::*;
use super::flipslice::{FlipSliceSym, N_FLIPSLICE_CLASS};
use super::flipslicesorted::{FlipSliceSortedSym, N_FLIPSLICESORTED_CLASS};
use super::moves::{MoveTables, PHASE2_MOVES};
use super::symmetry::N_SYM_D4H;
use cubist_tables::nibbles::{bytes_for, AtomicNibbles, EMPTY};
use cubist_tables::Progress;
use rayon::prelude::*;

/// Entries of the phase-1 table.
pub const N_PHASE1: usize = N_FLIPSLICE_CLASS * N_TWIST;
/// Bytes of the phase-1 table.
pub const PHASE1_BYTES: usize = N_PHASE1.div_ceil(2);

/// Index of the phase-1 entry for a flip-slice class and twist.
#[inline(always)]
pub fn phase1_index(class: usize, twist: usize) -> usize {
    class * N_TWIST + twist
}

/// A coordinate space `class × raw` to fill with distances: classes are symmetry
/// classes of one coordinate, `raw` a second coordinate carried along by conjugation.
struct SymSpace<'a, R: Raw> {
    n_class: usize,
    /// `(class, symmetry)` of each move's image of a class representative.
    neighbours: &'a (dyn Fn(usize) -> Vec<(u32, u8)> + Sync),
    raw: R,
    /// Symmetries fixing each class representative, as bit sets.
    stabilizer: &'a [u16],
}

/// The second coordinate of a [`SymSpace`]: its values and where each goes under a move
/// (by its number in the space's moves) and under a symmetry.
trait Raw: Sync {
    fn len(&self) -> usize;
    fn after_move(&self, r: usize, k: usize) -> usize;
    fn conj(&self, r: usize, s: usize) -> usize;
}

/// A coordinate of `len` values with its move table (`moves[r * n_moves + k]`) and
/// conjugation table (`conj[r * 16 + s]`).
#[derive(Clone, Copy)]
struct Tabled<'a> {
    len: usize,
    n_moves: usize,
    moves: &'a [u16],
    conj: &'a [u16],
}

impl Raw for Tabled<'_> {
    #[inline(always)]
    fn len(&self) -> usize {
        self.len
    }
    #[inline(always)]
    fn after_move(&self, r: usize, k: usize) -> usize {
        self.moves[r * self.n_moves + k] as usize
    }
    #[inline(always)]
    fn conj(&self, r: usize, s: usize) -> usize {
        self.conj[r * N_SYM_D4H + s] as usize
    }
}

/// A coordinate and the twist as one, `hi * 2187 + twist`, each moved and conjugated on
/// its own: two small tables stay in cache where one table of the pairs would not.
struct WithTwist<'a> {
    hi: Tabled<'a>,
    twist: Tabled<'a>,
}

impl Raw for WithTwist<'_> {
    #[inline(always)]
    fn len(&self) -> usize {
        self.hi.len * N_TWIST
    }
    #[inline(always)]
    fn after_move(&self, r: usize, k: usize) -> usize {
        let (h, t) = (r / N_TWIST, r % N_TWIST);
        self.hi.after_move(h, k) * N_TWIST + self.twist.after_move(t, k)
    }
    #[inline(always)]
    fn conj(&self, r: usize, s: usize) -> usize {
        let (h, t) = (r / N_TWIST, r % N_TWIST);
        self.hi.conj(h, s) * N_TWIST + self.twist.conj(t, s)
    }
}

/// Breadth-first search from entry 0 (the goal) over a [`SymSpace`], 4 bits per entry.
/// Early levels push from the frontier; once the frontier is large, each empty entry
/// pulls (looks for a neighbour on the previous level), which lets threads fill
/// disjoint parts of the table. Entries farther than 14 stay 15, a valid lower bound.
fn build_sym_table<R: Raw>(space: &SymSpace<R>, label: &str) -> Vec<u8> {
    build_sym_table_from(space, label, &[0])
}

/// [`build_sym_table`] from several goal entries at once (each given in every form its
/// class's symmetries give it).
fn build_sym_table_from<R: Raw>(space: &SymSpace<R>, label: &str, goals: &[usize]) -> Vec<u8> {
    let n = space.n_class * space.raw.len();
    let table = AtomicNibbles::new(n);
    for &g in goals {
        table.set_empty(g, 0);
    }
    let progress = Progress::new(label, n as u64);
    progress.inc(goals.len() as u64);
    let (mut filled, mut level, mut depth) = (goals.len(), goals.len(), 0u8);
    while filled < n && depth < EMPTY - 1 && level > 0 {
        // Pushing costs a scattered update per neighbour of each frontier entry,
        // pulling a cheap test per neighbour of each empty entry (often stopping at
        // the first): pull once the frontier is a sizeable part of what is left.
        let pull = level > (n - filled) / 12;
        let new: usize = (0..space.n_class.div_ceil(CLASS_CHUNK))
            .into_par_iter()
            .map(|chunk| {
                let first = chunk * CLASS_CHUNK;
                let count: usize = (first..space.n_class.min(first + CLASS_CHUNK))
                    .map(|class| fill_class(space, &table, class, depth, pull))
                    .sum();
                progress.inc(count as u64);
                count
            })
            .sum();
        filled += new;
        level = new;
        depth += 1;
    }
    progress.finish();
    table.into_bytes()
}

/// Classes handled by one parallel work item of [`build_sym_table`].
const CLASS_CHUNK: usize = 64;

/// One breadth-first step for the entries of `class`: pushing, give every empty
/// neighbour of an entry at `depth` the distance `depth + 1`; pulling, give it to every
/// empty entry with a neighbour at `depth`. Returns how many entries were filled.
fn fill_class<R: Raw>(
    space: &SymSpace<R>,
    table: &AtomicNibbles,
    class: usize,
    depth: u8,
    pull: bool,
) -> usize {
    let nr = space.raw.len();
    let nb = (space.neighbours)(class);
    let mut count = 0;
    for r in 0..nr {
        let here = table.get(class * nr + r);
        if pull {
            if here != EMPTY {
                continue;
            }
            for (k, &(c2, s2)) in nb.iter().enumerate() {
                let r2 = space.raw.conj(space.raw.after_move(r, k), s2 as usize);
                if table.get(c2 as usize * nr + r2) == depth {
                    if table.set_empty(class * nr + r, depth + 1) {
                        count += 1;
                    }
                    break;
                }
            }
        } else {
            if here != depth {
                continue;
            }
            for (k, &(c2, s2)) in nb.iter().enumerate() {
                let r2 = space.raw.conj(space.raw.after_move(r, k), s2 as usize);
                let c2 = c2 as usize;
                if table.get(c2 * nr + r2) != EMPTY {
                    continue;
                }
                if table.set_empty(c2 * nr + r2, depth + 1) {
                    count += 1;
                }
                // A class fixed by some symmetries: the images of this entry under
                // them are the same state.
                let stab = space.stabilizer[c2];
                if stab != 1 {
                    for s in 1..N_SYM_D4H {
                        if stab & (1 << s) != 0 {
                            let r3 = space.raw.conj(r2, s);
                            if table.set_empty(c2 * nr + r3, depth + 1) {
                                count += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    count
}

/// The twist as the second coordinate of a space whose moves are all 18 turns.
fn twist_raw<'a>(mt: &'a MoveTables, fs: &'a FlipSliceSym) -> Tabled<'a> {
    Tabled {
        len: N_TWIST,
        n_moves: 18,
        moves: &mt.twist,
        conj: &fs.twist_conj,
    }
}

/// `(class, symmetry)` of each move's image of a flip-slice class representative.
fn flipslice_neighbours(mt: &MoveTables, fs: &FlipSliceSym, class: usize) -> Vec<(u32, u8)> {
    let rep = fs.rep[class] as usize;
    let (flip, slice) = (rep % N_FLIP, rep / N_FLIP);
    (0..18)
        .map(|m| {
            let f = mt.flip[flip * 18 + m] as usize;
            let s = mt.slice_sorted[slice * 24 * 18 + m] as usize / 24;
            let cs = fs.class_sym[s * N_FLIP + f];
            (cs >> 4, (cs & 15) as u8)
        })
        .collect()
}

/// Build the phase-1 table (flip-slice class × twist, distances to phase 1's goal as
/// 4-bit entries). Deterministic; uses all cores.
pub fn build_phase1(mt: &MoveTables, fs: &FlipSliceSym) -> Vec<u8> {
    let neighbours = |class: usize| flipslice_neighbours(mt, fs, class);
    build_sym_table(
        &SymSpace {
            n_class: N_FLIPSLICE_CLASS,
            neighbours: &neighbours,
            raw: twist_raw(mt, fs),
            stabilizer: &fs.stabilizer,
        },
        "building the phase-1 pruning table",
    )
}

/// Entries of the phase-2 corner-class × edge8 table.
pub const N_PHASE2: usize = N_CORNER_CLASS * N_EDGE8_PERM;
/// Bytes of the phase-2 corner-class × edge8 table.
pub const PHASE2_BYTES: usize = N_PHASE2.div_ceil(2);

/// Build the phase-2 table over corner-perm class × edge8 perm (4 bits, 15 meaning
/// "15 or more"). Deterministic; uses all cores.
pub fn build_phase2(mt: &MoveTables, cs: &CornerSym) -> Vec<u8> {
    let neighbours = |class: usize| {
        let rep = cs.rep[class] as usize;
        PHASE2_MOVES
            .iter()
            .map(|&m| {
                let x = cs.class_sym[mt.corner_perm[rep * 18 + m as usize] as usize];
                (x >> 4, (x & 15) as u8)
            })
            .collect()
    };
    build_sym_table(
        &SymSpace {
            n_class: N_CORNER_CLASS,
            neighbours: &neighbours,
            raw: Tabled {
                len: N_EDGE8_PERM,
                n_moves: 10,
                moves: &mt.edge8_perm,
                conj: &cs.edge8_conj,
            },
            stabilizer: &cs.stabilizer,
        },
        "building the phase-2 pruning table",
    )
}

/// Distances in phase 2 over a pair (coordinate `a`, slice perm), `a * 24 + slice perm`,
/// where `step(a, k)` moves `a` by phase-2 move number `k`.
fn build_phase2_pair(n_a: usize, mt: &MoveTables, step: impl Fn(usize, usize) -> usize) -> Vec<u8> {
    distances_from_solved(n_a * N_SLICE_PERM, |i, reach| {
        let (a, p) = (i / N_SLICE_PERM, i % N_SLICE_PERM);
        for (k, &m) in PHASE2_MOVES.iter().enumerate() {
            let p2 = mt.slice_sorted[p * 18 + m as usize] as usize;
            reach(step(a, k) * N_SLICE_PERM + p2);
        }
    })
}

/// Distances from entry 0 (the solved one) over `n` entries by breadth-first search,
/// where `neighbours(i, reach)` calls `reach` with every entry one move from `i`;
/// `u8::MAX` where none leads. For the small pair tables, built in well under a second.
fn distances_from_solved(n: usize, neighbours: impl Fn(usize, &mut dyn FnMut(usize))) -> Vec<u8> {
    let mut dist = vec![u8::MAX; n];
    dist[0] = 0;
    let mut frontier = vec![0u32];
    let mut depth = 0u8;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &i in &frontier {
            neighbours(i as usize, &mut |j| {
                if dist[j] == u8::MAX {
                    dist[j] = depth + 1;
                    next.push(j as u32);
                }
            });
        }
        frontier = next;
        depth += 1;
    }
    dist
}

/// Phase-2 distances over corner perm × slice perm.
pub fn build_corner_slice(mt: &MoveTables) -> Vec<u8> {
    build_phase2_pair(N_CORNER_PERM, mt, |a, k| {
        mt.corner_perm[a * 18 + PHASE2_MOVES[k] as usize] as usize
    })
}

/// Bytes for a table of `n` 4-bit entries.
pub fn nibble_bytes(n: usize) -> usize {
    bytes_for(n)
}

/// Entries of the slice × twist table.
pub const N_SLICE_TWIST: usize = N_SLICE * N_TWIST;
/// Entries of the slice × flip table.
pub const N_SLICE_FLIP: usize = N_SLICE * N_FLIP;
/// Bytes of the slice bounds: the slice × twist table, then the slice × flip table.
pub const SLICE_BOUNDS_BYTES: usize = N_SLICE_TWIST.div_ceil(2) + N_SLICE_FLIP.div_ceil(2);

/// Build the slice bounds: phase-1 distances of UD slice × twist (`slice * 2187 +
/// twist`) and of UD slice × flip (`slice * 2048 + flip`), 4 bits each, one table after
/// the other. Each ignores a third of phase 1's goal, so it is a weaker bound than the
/// phase-1 table, but small enough to stay in the processor's cache: a search tests it
/// first and looks up the large table only for the moves it does not rule out.
/// Deterministic; tens of milliseconds.
pub fn build_slice_bounds(mt: &MoveTables) -> Vec<u8> {
    let mut out = build_slice_pair(N_TWIST, &mt.twist, mt);
    out.extend(build_slice_pair(N_FLIP, &mt.flip, mt));
    debug_assert_eq!(out.len(), SLICE_BOUNDS_BYTES);
    out
}

/// Phase-1 distances over UD slice × a coordinate `raw` moved by `raw_move`, as 4-bit
/// entries (`slice * n_raw + raw`), by breadth-first search from (0, 0).
fn build_slice_pair(n_raw: usize, raw_move: &[u16], mt: &MoveTables) -> Vec<u8> {
    let n = N_SLICE * n_raw;
    let dist = distances_from_solved(n, |i, reach| {
        let (slice, raw) = (i / n_raw, i % n_raw);
        for m in 0..18 {
            let s2 = mt.slice_sorted[slice * N_SLICE_PERM * 18 + m] as usize / N_SLICE_PERM;
            reach(s2 * n_raw + raw_move[raw * 18 + m] as usize);
        }
    });
    let mut packed = vec![0u8; n.div_ceil(2)];
    for (i, &d) in dist.iter().enumerate() {
        packed[i >> 1] |= d.min(EMPTY) << ((i & 1) << 2);
    }
    packed
}

/// Entries of the corner table (corner-perm class × twist).
pub const N_CORNERS: usize = N_CORNER_CLASS * N_TWIST;

/// Build the corner table: for corner-perm class × twist, the number of face turns
/// that solve the corners (4 bits). Deterministic; under a second.
pub fn build_corners(mt: &MoveTables, cs: &CornerSym, fs: &FlipSliceSym) -> Vec<u8> {
    build_corners_from(mt, cs, fs, "building the corner table", &[0])
}

/// A corner table (corner-perm class × twist, face turns to the nearest of `goals`).
fn build_corners_from(
    mt: &MoveTables,
    cs: &CornerSym,
    fs: &FlipSliceSym,
    label: &str,
    goals: &[usize],
) -> Vec<u8> {
    let neighbours = |class: usize| {
        let rep = cs.rep[class] as usize;
        (0..18)
            .map(|m| {
                let x = cs.class_sym[mt.corner_perm[rep * 18 + m] as usize];
                (x >> 4, (x & 15) as u8)
            })
            .collect()
    };
    build_sym_table_from(
        &SymSpace {
            n_class: N_CORNER_CLASS,
            neighbours: &neighbours,
            raw: twist_raw(mt, fs),
            stabilizer: &cs.stabilizer,
        },
        label,
        goals,
    )
}

/// Lengths of the phase-2 endings [`build_corner_reach`] has tables for: the shortest
/// first, up to the longest (longer endings rule out too little to be worth a table).
pub const REACH_ENDINGS: std::ops::RangeInclusive<usize> = 5..=10;

/// Build the corner reach table for phase-2 endings of `ending` moves: for corner-perm
/// class × twist, how many face turns at least bring the corners to phase 2's group
/// (no twist) with a corner permutation that phase-2 moves solve in `ending` or fewer
/// (4 bits). A phase-1 path that must end with a phase 2 of at most `ending` moves
/// cannot be finished in fewer. Deterministic; under a second.
pub fn build_corner_reach(
    mt: &MoveTables,
    cs: &CornerSym,
    fs: &FlipSliceSym,
    ending: usize,
) -> Vec<u8> {
    // Phase-2 distances of the corner permutations alone.
    let mut dist = vec![u8::MAX; N_CORNER_PERM];
    dist[0] = 0;
    let mut frontier = vec![0usize];
    let mut depth = 0u8;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &cp in &frontier {
            for &m in &PHASE2_MOVES {
                let cp2 = mt.corner_perm[cp * 18 + m as usize] as usize;
                if dist[cp2] == u8::MAX {
                    dist[cp2] = depth + 1;
                    next.push(cp2);
                }
            }
        }
        frontier = next;
        depth += 1;
    }
    // Symmetries keeping the U–D axis keep phase 2's moves, so a class's
    // representative stands for all its permutations; twist 0 is its own conjugate.
    let goals: Vec<usize> = (0..N_CORNER_CLASS)
        .filter(|&class| dist[cs.rep[class] as usize] as usize <= ending)
        .map(|class| class * N_TWIST)
        .collect();
    build_corners_from(mt, cs, fs, "building a corner reach table", &goals)
}

/// Entries of the optimal solver's sorted table (flip-slice-sorted class × twist).
pub const N_FLIPSLICESORTED_TWIST: usize = N_FLIPSLICESORTED_CLASS * N_TWIST;

/// Build the sorted table: for flip-slice-sorted class × twist, the number of face
/// turns that orient every piece and bring the UD-slice edges home in order (4 bits).
/// Deterministic; uses all cores (minutes).
pub fn build_flipslicesorted_twist(
    mt: &MoveTables,
    fss: &FlipSliceSortedSym,
    fs: &FlipSliceSym,
) -> Vec<u8> {
    let stabilizer: Vec<u16> = (0..N_FLIPSLICESORTED_CLASS)
        .into_par_iter()
        .map(|class| fss.stabilizer(class))
        .collect();
    let neighbours = |class: usize| {
        let rep = fss.rep[class] as usize;
        let (flip, sorted) = (rep % N_FLIP, rep / N_FLIP);
        (0..18)
            .map(|m| {
                let f = mt.flip[flip * 18 + m] as usize;
                let s = mt.slice_sorted[sorted * 18 + m] as usize;
                let cs = fss.class_sym[s * N_FLIP + f];
                (cs >> 4, (cs & 15) as u8)
            })
            .collect()
    };
    build_sym_table(
        &SymSpace {
            n_class: N_FLIPSLICESORTED_CLASS,
            neighbours: &neighbours,
            raw: twist_raw(mt, fs),
            stabilizer: &stabilizer,
        },
        "building the optimal solver's sorted table",
    )
}

/// Entries of the `--table-size large` edge table (flip-slice class × corner comb ×
/// twist).
pub const N_FLIPSLICE_COMB_TWIST: usize = N_FLIPSLICE_CLASS * N_CORNER_COMB * N_TWIST;

/// Build the comb table of `--table-size large`: for flip-slice class × corner comb ×
/// twist (entry `(class * 70 + comb) * 2187 + twist`), the number of face turns at
/// least to untwist the corners, unflip the edges, bring the UD-slice edges into the
/// slice and the U-layer corners into the U layer, 4 bits each. Deterministic; uses
/// all cores, with a progress bar.
pub fn build_flipslice_comb_twist(
    mt: &MoveTables,
    fs: &FlipSliceSym,
    comb: &CornerCombTables,
) -> Vec<u8> {
    let neighbours = |class: usize| flipslice_neighbours(mt, fs, class);
    build_sym_table(
        &SymSpace {
            n_class: N_FLIPSLICE_CLASS,
            neighbours: &neighbours,
            raw: WithTwist {
                hi: Tabled {
                    len: N_CORNER_COMB,
                    n_moves: 18,
                    moves: &comb.moves,
                    conj: &comb.conj,
                },
                twist: twist_raw(mt, fs),
            },
            stabilizer: &fs.stabilizer,
        },
        "building the optimal solver's comb table",
    )
}
