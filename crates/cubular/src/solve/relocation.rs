//! What moving one move of a sequence past a stretch of others changes, read from the
//! at most 48 cells it touches instead of replaying the stretch on a whole cube.
//!
//! With `A` the cube before the stretch and its move `m`, the stretch `S` and `X` the
//! cube after both as the sequence has them, `m` played after `S` in place of before it
//! (or the other way round) changes `X` only at `m`'s 24 cells `M` and at the cells
//! `S` carries them to, `σ(M)`: every other cell's piece takes the same path either
//! way. Those cells' new digits come from `A` and `X` alone, so a relocation costs one
//! pass that carries 24 positions through the stretch (a few vector operations a move,
//! where replaying it moves 24 bytes a move and then compares all 729 cells). The
//! annealing (see `anneal`) moves a move this way at 19 steps in 20.

use super::weights::CELL_COSTS;
use crate::cube::{coords, index, CELLS};
use crate::moves::{corner_cell, local_perm, move_table, Axis, MOVED};

/// A slot that holds no move.
pub(super) const NONE: u16 = u16::MAX;

/// Lanes of the carried positions: [`MOVED`] used, the rest never in a block.
const TRACKED: usize = 32;
const _: () = assert!(MOVED <= TRACKED);
/// A coordinate no block holds: lanes past [`MOVED`] start there.
const OUTSIDE: u8 = 100;
/// Entries of [`Relocation::worth`]: `digit + 9 - wanted` is 1-17.
const WORTH: usize = 32;
/// Where the cells' count starts in a summed change: above the most a relocation's
/// 48 cells change the cost by (48 x 10).
const CELL_SHIFT: u32 = 10;

/// How one kind of move (`axis * 3 + turns - 1`, as [`crate::moves::Move::index`]
/// numbers them) turns its block's local coordinates (x, y, z; 0-2): each new one is
/// an old one or 2 minus it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Turn {
    /// Which old coordinate each new one is read from.
    from: [usize; 3],
    /// Whether it is 2 minus that: all ones, else 0 (for the vector passes).
    flip: [u8; 3],
}

/// Local (x, y, z) of the block's local index `y*9 + z*3 + x`.
fn local(index: usize) -> [u8; 3] {
    [
        (index % 3) as u8,
        (index / 9) as u8,
        ((index / 3) % 3) as u8,
    ]
}

/// Each kind's [`Turn`], read off [`local_perm`].
fn turns() -> [Turn; 9] {
    std::array::from_fn(|kind| {
        // perm[new] = old: the piece at `old` goes to `new`.
        let perm = local_perm(Axis::ALL[kind / 3], (kind % 3) as u8 + 1);
        let moved = |old: usize| local(perm.iter().position(|&o| o == old).expect("a permutation"));
        let mut turn = Turn {
            from: [0; 3],
            flip: [0; 3],
        };
        for axis in 0..3 {
            let fits = |from: usize, flip: bool| {
                (0..27).all(|old| {
                    let d = local(old)[from];
                    moved(old)[axis] == if flip { 2 - d } else { d }
                })
            };
            let (from, flip) = (0..3)
                .flat_map(|from| [(from, false), (from, true)])
                .find(|&(from, flip)| fits(from, flip))
                .expect("a block turn maps each coordinate to one, or to 2 minus one");
            turn.from[axis] = from;
            turn.flip[axis] = if flip { u8::MAX } else { 0 };
        }
        turn
    })
}

/// Work space for [`Relocation::change`], kept between steps so as not to allocate.
pub(super) struct Relocation {
    turns: [Turn; 9],
    /// Per move number: its block's corner (lowest x, y, z) and its kind.
    moves: Vec<[u8; 4]>,
    /// Per kind: the local x, y and z of its 24 cells (`dst` of the move's cycle, in
    /// [`move_table`]'s order), [`OUTSIDE`] past them.
    start: [[[u8; TRACKED]; 3]; 9],
    /// The cells the last [`Relocation::carry`] carried the move's 24 to.
    carried: [u16; MOVED],
    /// Whether a move of the last [`Relocation::carry`]'s stretch turned any of them:
    /// if none did, the move commutes with the whole stretch.
    pub(super) touched: bool,
    /// `mark[cell] == round` for the cells `σ(M)` of this round.
    mark: Vec<u32>,
    /// The digit the cube after the stretch gets at a marked cell with the move played
    /// after it.
    digit: Vec<u8>,
    /// `in_block[cell] == round` for the move's own cells `M`.
    in_block: Vec<u32>,
    round: u32,
    /// A cell's cost and, in [`CELL_SHIFT`] bits up, 1 if misplaced, by `digit + 9 -
    /// wanted`: one lookup counts both.
    worth: [i32; WORTH],
}

impl Relocation {
    pub(super) fn new() -> Relocation {
        let table = move_table();
        let moves = (0..table.len())
            .map(|m| {
                let (x, y, z) = coords(corner_cell(m / 9));
                [x, y, z, m % 9].map(|c| c as u8)
            })
            .collect();
        let start = std::array::from_fn(|kind| {
            // Move `kind` turns the block at the corner, cell 0.
            let mut start = [[OUTSIDE; TRACKED]; 3];
            for (r, &(dst, _)) in table[kind].iter().enumerate() {
                let (x, y, z) = coords(dst as usize);
                (start[0][r], start[1][r], start[2][r]) = (x as u8, y as u8, z as u8);
            }
            start
        });
        Relocation {
            turns: turns(),
            moves,
            start,
            carried: [0; MOVED],
            touched: false,
            mark: vec![0; CELLS],
            digit: vec![0; CELLS],
            in_block: vec![0; CELLS],
            round: 0,
            worth: std::array::from_fn(|sum| {
                let cost = CELL_COSTS[sum % CELL_COSTS.len()] as i32;
                cost | ((cost > 0) as i32) << CELL_SHIFT
            }),
        }
    }

    /// Carries move `m`'s 24 cells through the moves of `stretch` (empty slots
    /// skipped) into `carried`: only the positions inside a move's block change.
    fn carry(&mut self, m: u16, stretch: &[u16]) {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: the CPU has AVX2, checked just above.
                return unsafe { self.carry_avx2(m, stretch) };
            }
        }
        self.carry_here(m, stretch)
    }

    /// Sets `carried` to the cells at the coordinates `at` (x, y and z by lane).
    fn carried_to(&mut self, at: &[[u8; TRACKED]; 3]) {
        for (r, cell) in self.carried.iter_mut().enumerate() {
            *cell = index(at[0][r] as usize, at[1][r] as usize, at[2][r] as usize) as u16;
        }
    }

    /// [`Relocation::carry`] one lane at a time.
    fn carry_here(&mut self, m: u16, stretch: &[u16]) {
        let [bx, by, bz, kind] = self.moves[m as usize];
        let mut at = self.start[kind as usize];
        for (axis, corner) in [bx, by, bz].into_iter().enumerate() {
            for c in &mut at[axis][..MOVED] {
                *c += corner;
            }
        }
        self.touched = false;
        for &s in stretch.iter().filter(|&&s| s != NONE) {
            let [bx, by, bz, kind] = self.moves[s as usize];
            let corner = [bx, by, bz];
            let turn = self.turns[kind as usize];
            for r in 0..MOVED {
                let d: [u8; 3] = std::array::from_fn(|axis| at[axis][r].wrapping_sub(corner[axis]));
                if d.iter().all(|&c| c < 3) {
                    self.touched = true;
                    for axis in 0..3 {
                        let c = d[turn.from[axis]];
                        let c = if turn.flip[axis] != 0 { 2 - c } else { c };
                        at[axis][r] = corner[axis] + c;
                    }
                }
            }
        }
        self.carried_to(&at);
    }

    /// [`Relocation::carry`] in AVX2: all 24 positions in one register per
    /// coordinate, a move that holds none of them passed with one test.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn carry_avx2(&mut self, m: u16, stretch: &[u16]) {
        use std::arch::x86_64::*;
        let load = |bytes: &[u8; TRACKED]| {
            // SAFETY: the 32 bytes read are the array's.
            unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) }
        };
        let [bx, by, bz, kind] = self.moves[m as usize];
        let start = &self.start[kind as usize];
        let mut at = [
            _mm256_add_epi8(load(&start[0]), _mm256_set1_epi8(bx as i8)),
            _mm256_add_epi8(load(&start[1]), _mm256_set1_epi8(by as i8)),
            _mm256_add_epi8(load(&start[2]), _mm256_set1_epi8(bz as i8)),
        ];
        let two = _mm256_set1_epi8(2);
        let three = _mm256_set1_epi8(3);
        self.touched = false;
        for &s in stretch.iter().filter(|&&s| s != NONE) {
            let [bx, by, bz, kind] = self.moves[s as usize];
            let corner = [bx, by, bz].map(|c| _mm256_set1_epi8(c as i8));
            let d: [__m256i; 3] =
                std::array::from_fn(|axis| _mm256_sub_epi8(at[axis], corner[axis]));
            // A lane is inside when each coordinate is 0-2 above the corner's.
            let near = |d: __m256i| _mm256_cmpeq_epi8(_mm256_min_epu8(d, two), d);
            let inside = _mm256_and_si256(_mm256_and_si256(near(d[0]), near(d[1])), near(d[2]));
            if _mm256_testz_si256(inside, inside) == 1 {
                continue;
            }
            self.touched = true;
            let turn = &self.turns[kind as usize];
            for axis in 0..3 {
                // With f all ones, (c ^ f) + 3 = 2 - c; with f zero, c.
                let f = _mm256_set1_epi8(turn.flip[axis] as i8);
                let c = _mm256_add_epi8(
                    _mm256_xor_si256(d[turn.from[axis]], f),
                    _mm256_and_si256(f, three),
                );
                let turned = _mm256_add_epi8(corner[axis], c);
                at[axis] = _mm256_blendv_epi8(at[axis], turned, inside);
            }
        }
        let mut out = [[0u8; TRACKED]; 3];
        for (o, v) in out.iter_mut().zip(at) {
            // SAFETY: the 32 bytes written are the array's.
            unsafe { _mm256_storeu_si256(o.as_mut_ptr().cast(), v) };
        }
        self.carried_to(&out);
    }

    /// What playing move `m` on the other side of `stretch` changes at the end: the
    /// change in [`super::weights::cell_cost`] summed and in cells misplaced, where
    /// `wanted` is wanted after the stretch. `later`: `m` is now played just before the
    /// stretch and goes to just after it (else the other way round). `start` is the
    /// cube before both, `end` after both as they are now.
    pub(super) fn change(
        &mut self,
        m: u16,
        stretch: &[u16],
        later: bool,
        start: &[u8; CELLS],
        end: &[u8; CELLS],
        wanted: &[u8; CELLS],
    ) -> (i32, i32) {
        let cycle = &move_table()[m as usize];
        self.carry(m, stretch);
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            self.mark.fill(0);
            self.in_block.fill(0);
            self.round = 1;
        }
        let round = self.round;
        // Cost and cells left, summed in one number (see `worth`).
        let worth = &self.worth;
        let mut change = 0i32;
        let mut count = |cell: usize, new: u8, old: u8| {
            let w = 9 - wanted[cell] as usize;
            change += worth[(new as usize + w) % WORTH] - worth[(old as usize + w) % WORTH];
        };
        if later {
            // The stretch played on `start` (with no `m`) puts `start`'s piece at
            // `d` on `σ(d)`; elsewhere it agrees with `end`. `m` then moves its 24.
            for (r, &(dst, _)) in cycle.iter().enumerate() {
                let t = self.carried[r] as usize;
                self.mark[t] = round;
                self.digit[t] = start[dst as usize];
            }
            for &(dst, src) in cycle.iter() {
                let (d, s) = (dst as usize, src as usize);
                let new = if self.mark[s] == round {
                    self.digit[s]
                } else {
                    end[s]
                };
                count(d, new, end[d]);
                self.in_block[d] = round;
            }
            for (r, &(dst, _)) in cycle.iter().enumerate() {
                let t = self.carried[r] as usize;
                if self.in_block[t] != round {
                    count(t, start[dst as usize], end[t]);
                }
            }
        } else {
            // `m` on `start` puts `start[src]` on `dst`, which the stretch carries to
            // `σ(dst)`; every other cell gets what it had before `m`, which `end`
            // holds where `m` had moved it (at `dst` for `src`).
            for (r, &(_, src)) in cycle.iter().enumerate() {
                let t = self.carried[r] as usize;
                self.mark[t] = round;
                count(t, start[src as usize], end[t]);
            }
            for &(dst, src) in cycle.iter() {
                let (d, s) = (dst as usize, src as usize);
                if self.mark[s] != round {
                    count(s, end[d], end[s]);
                }
            }
        }
        // The cells' change is under a cell's share in size: the floor of the share
        // count, shifted by half a share, is the cells'.
        let left = (change + (1 << (CELL_SHIFT - 1))) >> CELL_SHIFT;
        (change - (left << CELL_SHIFT), left)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::SOLVED;
    use crate::moves::{play, MOVE_COUNT};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Plays `moves` (empty slots skipped) on `cells`.
    fn play_all(cells: &mut [u8; CELLS], moves: &[u16]) {
        for &m in moves {
            super::super::anneal::play(cells, m);
        }
    }

    /// The change counted by replaying both orders on whole cubes.
    fn replayed(
        m: u16,
        stretch: &[u16],
        later: bool,
        start: &[u8; CELLS],
        wanted: &[u8; CELLS],
    ) -> (i32, i32) {
        let (mut now, mut moved) = (*start, *start);
        let totals = |cells: &[u8; CELLS]| {
            let cost: i32 = (0..CELLS)
                .map(|c| super::super::weights::cell_cost(cells[c], wanted[c]) as i32)
                .sum();
            let left = (0..CELLS).filter(|&c| cells[c] != wanted[c]).count() as i32;
            (cost, left)
        };
        if later {
            play(&mut now, m as usize);
            play_all(&mut now, stretch);
            play_all(&mut moved, stretch);
            play(&mut moved, m as usize);
        } else {
            play_all(&mut now, stretch);
            play(&mut now, m as usize);
            play(&mut moved, m as usize);
            play_all(&mut moved, stretch);
        }
        let (a, b) = (totals(&moved), totals(&now));
        (a.0 - b.0, a.1 - b.1)
    }

    #[test]
    fn the_change_is_what_replaying_counts() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut relocation = Relocation::new();
        let mut start = SOLVED;
        let mut wanted = SOLVED;
        for _ in 0..40 {
            play(&mut start, rng.gen_range(0..MOVE_COUNT));
            play(&mut wanted, rng.gen_range(0..MOVE_COUNT));
        }
        for case in 0..3000 {
            // Moves near each other's blocks, so that the stretch often meets `m`'s.
            let near = |rng: &mut ChaCha8Rng| {
                let c = [
                    rng.gen_range(2..5),
                    rng.gen_range(2..5),
                    rng.gen_range(2..5),
                ];
                let block = c[0] * 49 + c[1] * 7 + c[2];
                (block * 9 + rng.gen_range(0..9)) as u16
            };
            let m = near(&mut rng);
            let stretch: Vec<u16> = (0..rng.gen_range(0..12))
                .map(|_| {
                    if rng.gen_bool(0.2) {
                        NONE
                    } else {
                        near(&mut rng)
                    }
                })
                .collect();
            let later = case % 2 == 0;
            let mut end = start;
            if later {
                play(&mut end, m as usize);
                play_all(&mut end, &stretch);
            } else {
                play_all(&mut end, &stretch);
                play(&mut end, m as usize);
            }
            assert_eq!(
                relocation.change(m, &stretch, later, &start, &end, &wanted),
                replayed(m, &stretch, later, &start, &wanted),
                "case {case}: move {m}, stretch {stretch:?}, later {later}"
            );
            play(&mut start, rng.gen_range(0..MOVE_COUNT));
        }
    }

    #[test]
    fn both_carries_agree() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut relocation = Relocation::new();
        for _ in 0..2000 {
            let m = rng.gen_range(0..MOVE_COUNT) as u16;
            let stretch: Vec<u16> = (0..rng.gen_range(0..30))
                .map(|_| rng.gen_range(0..MOVE_COUNT) as u16)
                .collect();
            relocation.carry_here(m, &stretch);
            let here = relocation.carried;
            relocation.carry(m, &stretch);
            assert_eq!(here, relocation.carried, "move {m}, stretch {stretch:?}");
            // Each carried cell holds the piece that was on the move's cell.
            let mut cells = [0u8; CELLS];
            for (r, &(dst, _)) in move_table()[m as usize].iter().enumerate() {
                cells[dst as usize] = r as u8 + 1;
            }
            play_all(&mut cells, &stretch);
            for (r, &cell) in here.iter().enumerate() {
                assert_eq!(cells[cell as usize], r as u8 + 1);
            }
        }
    }

    #[test]
    fn a_move_past_moves_away_from_its_block_changes_nothing() {
        let mut relocation = Relocation::new();
        let mut start = SOLVED;
        play(&mut start, 5);
        let far = (342 * 9 + 4) as u16;
        let end = {
            let mut end = start;
            play(&mut end, 0);
            play(&mut end, far as usize);
            end
        };
        assert_eq!(
            relocation.change(0, &[far], true, &start, &end, &SOLVED),
            (0, 0)
        );
    }
}
