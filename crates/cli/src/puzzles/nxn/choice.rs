//! `--puzzle 222`, `444`, …, `NxNxN`: the big-cube values of the commands' `--puzzle`
//! options, beside the values those options derive for the other puzzles.

use crate::input::PuzzleChoice;
use crate::settings::{BenchPuzzle, ScramblePuzzle};
use clap::builder::PossibleValue;
use clap::ValueEnum;
use cubist_nxn::geometry::{MAX_N, MIN_N};
use std::sync::LazyLock;

/// The sizes `--puzzle` names besides the 3×3×3.
fn sizes() -> impl Iterator<Item = usize> {
    (MIN_N..=MAX_N).filter(|&n| n != 3)
}

/// A size's name: `444` up to 9 layers, `12x12x12` beyond.
pub fn name(n: usize) -> String {
    if n < 10 {
        format!("{n}{n}{n}")
    } else {
        format!("{n}x{n}x{n}")
    }
}

/// Every size's name, kept for the life of the program (clap wants `'static` names).
static NAMES: LazyLock<Vec<(String, String)>> =
    LazyLock::new(|| sizes().map(|n| (name(n), format!("{n}x{n}x{n}"))).collect());

/// The value naming an N×N×N: `444` (or `4x4x4`); help lists 222 and 444 to 777.
fn value(n: usize) -> PossibleValue {
    let (name, long) = &NAMES[sizes().position(|k| k == n).expect("a big size")];
    let mut v = PossibleValue::new(name.as_str()).hide(n > 7);
    if long != name {
        v = v.alias(long.as_str());
    }
    if n == 2 || n == 4 {
        v = v.help(if n == 2 {
            "The 2×2×2"
        } else {
            "A big cube: 444, 555, … (or NxNxN)"
        });
    }
    v
}

static CHOICES: LazyLock<Vec<PuzzleChoice>> = LazyLock::new(|| {
    [
        PuzzleChoice::Auto,
        PuzzleChoice::Cubular,
        PuzzleChoice::Rubik,
    ]
    .into_iter()
    .chain(sizes().map(PuzzleChoice::Big))
    .collect()
});

impl ValueEnum for PuzzleChoice {
    fn value_variants<'a>() -> &'a [Self] {
        &CHOICES
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            PuzzleChoice::Auto => PossibleValue::new("auto").help(
                "Detect from the text: 100 or more digits is a digit cube, 6·N² letters (or \
                 a net or arrays) an N×N×N, anything else a 3×3×3",
            ),
            PuzzleChoice::Cubular => PossibleValue::new("cubular").help("The 9×9×9 digit cube"),
            PuzzleChoice::Rubik => PossibleValue::new("333").help("The Rubik's Cube"),
            PuzzleChoice::Big(n) => value(*n),
        })
    }
}

static SCRAMBLES: LazyLock<Vec<ScramblePuzzle>> = LazyLock::new(|| {
    [ScramblePuzzle::Cubular, ScramblePuzzle::Rubik]
        .into_iter()
        .chain(sizes().map(ScramblePuzzle::Big))
        .collect()
});

impl ValueEnum for ScramblePuzzle {
    fn value_variants<'a>() -> &'a [Self] {
        &SCRAMBLES
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            ScramblePuzzle::Cubular => PossibleValue::new("cubular").help("The 9×9×9 digit cube"),
            ScramblePuzzle::Rubik => PossibleValue::new("333").help("The Rubik's Cube"),
            ScramblePuzzle::Big(n) => value(*n),
        })
    }
}

static BENCHES: LazyLock<Vec<BenchPuzzle>> = LazyLock::new(|| {
    [BenchPuzzle::All, BenchPuzzle::Cubular, BenchPuzzle::Rubik]
        .into_iter()
        .chain(sizes().map(BenchPuzzle::Big))
        .collect()
});

impl ValueEnum for BenchPuzzle {
    fn value_variants<'a>() -> &'a [Self] {
        &BENCHES
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            BenchPuzzle::All => PossibleValue::new("all").help("The digit cube and the 3×3×3"),
            BenchPuzzle::Cubular => PossibleValue::new("cubular").help("The digit cube"),
            BenchPuzzle::Rubik => PossibleValue::new("333").help("The Rubik's Cube"),
            BenchPuzzle::Big(n) => value(*n),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_named_both_ways() {
        for (text, n) in [
            ("222", 2),
            ("444", 4),
            ("7x7x7", 7),
            ("12x12x12", 12),
            ("33x33x33", 33),
        ] {
            assert_eq!(PuzzleChoice::from_str(text, true), Ok(PuzzleChoice::Big(n)));
        }
        assert_eq!(PuzzleChoice::from_str("333", true), Ok(PuzzleChoice::Rubik));
        assert!(PuzzleChoice::from_str("111", true).is_err());
        assert_eq!(
            ScramblePuzzle::from_str("555", true).ok(),
            Some(ScramblePuzzle::Big(5))
        );
        assert_eq!(
            BenchPuzzle::from_str("222", true).ok(),
            Some(BenchPuzzle::Big(2))
        );
    }
}
