//! A seeded mutation fuzzer for every text parser the command line uses: the 3×3×3
//! formats (each detected and each forced), move lists in all three notations, the
//! batch simulator's data sets, the digit cube's layouts and move lists, and puzzle
//! detection. Inputs are the sample files and the bad-input catalogue, mutated (bytes
//! changed, inserted, deleted, repeated, spliced with another input, cut short, and
//! tokens the parsers look for put in). No input may panic.
//!
//! The normal test runs a few thousand inputs per parser; `CUBIST_FUZZ_INPUTS=N` runs N
//! per parser (and `CUBIST_FUZZ_SEED=S` another sequence):
//! `CUBIST_FUZZ_INPUTS=1000000 cargo test --release -p cubist --test fuzz -- --nocapture`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

/// Inputs per parser in the normal test run.
const DEFAULT_INPUTS: usize = 30_000;
/// Largest mutated input, in bytes: big enough for any cube, small enough to be quick.
const MAX_LEN: usize = 16 * 1024;

/// Tokens the parsers look for, put into inputs whole.
const TOKENS: &[&str] = &[
    "START",
    "END",
    "ENDOFINPUT",
    "front left",
    "top right",
    "back",
    "[",
    "]",
    "[[",
    "]]",
    ",",
    "\"",
    "{",
    "}",
    "\n",
    "\r\n",
    "\n\n",
    " ",
    "\t",
    "'",
    "2",
    "3",
    "U",
    "R",
    "F",
    "D",
    "L",
    "B",
    "X",
    "Y",
    "Z",
    "W",
    "O",
    "G",
    "x",
    "u",
    "UF",
    "UFR",
    "DBR",
    "R U2 F'",
    "F3R1U3",
    "111X1",
    "777Z3",
    "888X1",
    "426Y3",
    "0",
    "9",
    "１",
    "é",
    "\u{feff}",
    "\u{0}",
    "99999999999999999999",
    "-1",
    "1e300",
    "NaN",
    "null",
    "true",
    "1.5",
    "[0,1,2]",
    "\"1\"",
    "UUUUUUUUU",
    "123456789",
];

/// Every file under `dir`, recursively.
fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// The seed inputs: the bad-input catalogue, the sample data and the examples.
fn seeds() -> Vec<Vec<u8>> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut paths = Vec::new();
    files_under(&root.join("tests/data"), &mut paths);
    files_under(&root.join("examples"), &mut paths);
    paths.sort();
    let mut seeds: Vec<Vec<u8>> = paths
        .iter()
        .filter_map(|p| std::fs::read(p).ok())
        .filter(|b| b.len() <= MAX_LEN)
        .collect();
    seeds.push(Vec::new());
    assert!(seeds.len() >= 60, "only {} seeds", seeds.len());
    seeds
}

/// One mutation of `input` (1 to 8 edits), another seed spliced in sometimes.
fn mutate(rng: &mut ChaCha8Rng, input: &[u8], seeds: &[Vec<u8>]) -> Vec<u8> {
    let mut b = input.to_vec();
    for _ in 0..rng.gen_range(1..=8) {
        let at = |rng: &mut ChaCha8Rng, len: usize| rng.gen_range(0..=len);
        match rng.gen_range(0..9) {
            0 if !b.is_empty() => {
                let i = rng.gen_range(0..b.len());
                b[i] ^= 1 << rng.gen_range(0..8);
            }
            1 => {
                let i = at(rng, b.len());
                b.insert(i, rng.gen());
            }
            2 if !b.is_empty() => {
                let i = rng.gen_range(0..b.len());
                let j = (i + rng.gen_range(1..=16)).min(b.len());
                b.drain(i..j);
            }
            3 if !b.is_empty() => {
                // Repeat a stretch (long lines, extra rows, doubled cubes).
                let i = rng.gen_range(0..b.len());
                let j = (i + rng.gen_range(1..=200)).min(b.len());
                let part = b[i..j].to_vec();
                for _ in 0..rng.gen_range(1..=4) {
                    let k = at(rng, b.len());
                    b.splice(k..k, part.iter().copied());
                }
            }
            4 => {
                let other = &seeds[rng.gen_range(0..seeds.len())];
                let cut = at(rng, other.len());
                let i = at(rng, b.len());
                b.truncate(i);
                b.extend_from_slice(&other[cut..]);
            }
            5 => {
                let i = at(rng, b.len());
                b.truncate(i);
            }
            6 if !b.is_empty() => {
                // Swap two characters (a digit, a letter, a row moved).
                let i = rng.gen_range(0..b.len());
                let j = rng.gen_range(0..b.len());
                b.swap(i, j);
            }
            _ => {
                let token = TOKENS[rng.gen_range(0..TOKENS.len())];
                let i = at(rng, b.len());
                b.splice(i..i, token.bytes());
            }
        }
    }
    b.truncate(MAX_LEN);
    b
}

type Parser = (&'static str, fn(&str));

/// Every parser, each ignoring its answer: only a panic matters.
fn parsers() -> Vec<Parser> {
    use cubist_rubik::format::Format;
    vec![
        ("rubik::parse", |t| {
            let _ = cubist_rubik::parse(t, None);
        }),
        ("rubik::parse forced", |t| {
            for f in Format::ALL {
                let _ = cubist_rubik::parse(t, Some(f));
            }
        }),
        ("rubik::format::read_sheets", |t| {
            let _ = cubist_rubik::format::read_sheets(t, None);
        }),
        ("rubik::Alg::parse", |t| {
            let _ = cubist_rubik::Alg::parse(t);
        }),
        ("rubik::named::parse_operations", |t| {
            let _ = cubist_rubik::named::looks_named(t);
            let _ = cubist_rubik::named::parse_operations(t);
        }),
        ("rubik::judge::judge", |t| {
            let _ = cubist_rubik::judge::judge(t);
        }),
        ("cubular::parse", |t| {
            let _ = cubist_cubular::parse(t, None);
        }),
        ("cubular::parse forced", |t| {
            for l in cubist_cubular::Layout::ALL {
                let _ = cubist_cubular::parse(t, Some(l));
            }
        }),
        ("cubular::parse_moves", |t| {
            let _ = cubist_cubular::parse_moves(t);
        }),
        ("detect", |t| {
            use cubist_web::puzzles::{detect, PuzzleChoice};
            let _ = detect(t, PuzzleChoice::Auto);
        }),
    ]
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn no_parser_panics_on_mutated_inputs() {
    let inputs = env_number("CUBIST_FUZZ_INPUTS", DEFAULT_INPUTS as u64) as usize;
    let seed = env_number("CUBIST_FUZZ_SEED", 1);
    let seeds = seeds();
    let mut panics = Vec::new();
    for (k, (name, parse)) in parsers().into_iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(k as u64));
        let start = std::time::Instant::now();
        for i in 0..inputs {
            let base = &seeds[i % seeds.len()];
            let bytes = mutate(&mut rng, base, &seeds);
            // The command line reads only UTF-8 without NUL; the parsers get what it
            // lets through, and also the lossy reading of anything else.
            let text = String::from_utf8_lossy(&bytes);
            if catch_unwind(AssertUnwindSafe(|| parse(&text))).is_err() {
                panics.push(format!("{name}: input {i}: {:?}", text));
            }
        }
        eprintln!(
            "fuzz: {name}: {inputs} inputs in {:.1} s, {} panics",
            start.elapsed().as_secs_f64(),
            panics.iter().filter(|p| p.starts_with(name)).count()
        );
    }
    assert!(
        panics.is_empty(),
        "{} panics:\n{}",
        panics.len(),
        panics.join("\n")
    );
}
