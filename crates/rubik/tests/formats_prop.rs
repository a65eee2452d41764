//! Property tests of the formats on random states: writing a state in any format and
//! reading it back (auto-detected) gives the same state, the same colours and the same
//! text, and one state read from any two formats is the same cube.

use cubist_rubik::format::{self, write};
use cubist_rubik::scramble::{random_state, rng};
use cubist_rubik::{parse_one, ColourScheme, CubieCube, Face, Facelets, Format};
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::Rng;

/// A colour scheme `format` can write: face letters for piece lists; any six distinct
/// letters for facelet strings and nets; numbers or colour names for arrays.
fn scheme_for(format: Format, rng: &mut impl Rng) -> ColourScheme {
    let mut letters: Vec<char> = ('A'..='Z').chain('a'..='z').collect();
    letters.shuffle(rng);
    match format {
        Format::Pieces => ColourScheme::face_letters(),
        Format::Facelets | Format::Net => {
            ColourScheme::new(std::array::from_fn(|i| letters[i].to_string()), false).unwrap()
        }
        Format::Arrays => {
            if rng.gen_bool(0.5) {
                let mut numbers = [0, 1, 2, 3, 4, 5];
                numbers.shuffle(rng);
                ColourScheme::new(numbers.map(|n: u8| n.to_string()), true).unwrap()
            } else {
                let mut names = ["white", "red", "green", "yellow", "orange", "blue"];
                names.shuffle(rng);
                ColourScheme::new(names.map(String::from), false).unwrap()
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn every_format_round_trips(seed in any::<u64>()) {
        let mut rng = rng(Some(seed));
        let state = random_state(&mut rng);
        let stickers = Facelets::from_cubie(&state);
        let mut read_back: Vec<CubieCube> = Vec::new();
        for f in Format::ALL {
            let scheme = scheme_for(f, &mut rng);
            let text = write(f, &scheme, &stickers);
            let detected = parse_one(&text, None).unwrap();
            prop_assert_eq!(detected.format, f);
            prop_assert_eq!(detected.cube, state);
            prop_assert_eq!(&detected.scheme, &scheme);
            prop_assert_eq!(detected.to_text(), text.clone());
            let forced = parse_one(&text, Some(f)).unwrap();
            prop_assert_eq!(&forced, &detected);
            read_back.push(detected.cube);
        }
        // The same state read from any two formats is the same cube.
        for a in &read_back {
            for b in &read_back {
                prop_assert_eq!(a, b);
            }
        }
    }

    #[test]
    fn a_net_reads_the_same_however_it_is_indented(seed in any::<u64>()) {
        let mut rng = rng(Some(seed));
        let state = random_state(&mut rng);
        let scheme = scheme_for(Format::Net, &mut rng);
        let text = write(Format::Net, &scheme, &Facelets::from_cubie(&state));
        let messy: String = text
            .lines()
            .map(|l| {
                let pad = " ".repeat(rng.gen_range(0..10));
                let gap = " ".repeat(rng.gen_range(1..4));
                format!("{pad}{}\n", l.split_whitespace().collect::<Vec<_>>().join(&gap))
            })
            .collect();
        let cube = parse_one(&messy, None).unwrap();
        prop_assert_eq!(cube.cube, state);
        prop_assert_eq!(cube.to_text(), text);
    }

    #[test]
    fn rendering_a_turned_cube_keeps_format_and_colours(seed in any::<u64>(), turn in 0usize..18) {
        let mut rng = rng(Some(seed));
        let state = random_state(&mut rng);
        for f in Format::ALL {
            let scheme = scheme_for(f, &mut rng);
            let cube = parse_one(&write(f, &scheme, &Facelets::from_cubie(&state)), None).unwrap();
            let turned = state.apply_move(cubist_rubik::Move::from_index(turn));
            let again = parse_one(&cube.render(&turned), None).unwrap();
            prop_assert_eq!(again.cube, turned);
            prop_assert_eq!(again.format, f);
            prop_assert_eq!(&again.scheme, &scheme);
        }
    }
}

#[test]
fn cross_format_conversion_of_the_samples() {
    let pieces = include_str!("../../../examples/rubik/singmaster-sample.txt");
    let cube = parse_one(pieces, None).unwrap();
    for f in Format::ALL {
        let text = write(f, &ColourScheme::face_letters(), &cube.facelets());
        assert_eq!(parse_one(&text, None).unwrap().cube, cube.cube, "{f}");
    }
    // Face letters on a piece list are the faces themselves.
    assert_eq!(cube.scheme.symbol(Face::U), "U");
    assert_eq!(format::pieces::SLOTS.len(), 20);
}
