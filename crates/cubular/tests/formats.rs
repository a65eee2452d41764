//! Every layout of SPEC 1.2 reads back what it writes, and bad inputs name the problem.

use cubist_cubular::{parse, scramble, Layout, ParseError};
use rand::SeedableRng;

fn sample(name: &str) -> String {
    let p = format!(
        "{}/../../examples/cubular/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(p).unwrap()
}

#[test]
fn every_layout_round_trips_and_is_detected() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let (cube, _) = scramble(&mut rng, 60);
    for layout in Layout::ALL {
        let text = cube.to_text(layout);
        let (back, found) = parse(&text, None).unwrap_or_else(|e| panic!("{layout:?}: {e}"));
        assert_eq!(found, layout);
        assert_eq!(back, cube);
        assert_eq!(parse(&text, Some(layout)).unwrap().0, cube);
        assert_eq!(Layout::from_name(layout.name()), Some(layout));
    }
}

#[test]
fn json_strings_of_one_digit_are_accepted() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
    let (cube, _) = scramble(&mut rng, 20);
    let text = cube.to_text(Layout::Json3d);
    let quoted: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_digit() {
                format!("\"{c}\"")
            } else {
                c.to_string()
            }
        })
        .collect();
    assert_eq!(parse(&quoted, None).unwrap(), (cube, Layout::Json3d));
}

#[test]
fn the_examples_parse() {
    for name in [
        "challenge-1.txt",
        "challenge-2.txt",
        "challenge-3.txt",
        "solved.txt",
    ] {
        assert_eq!(
            parse(&sample(name), None).unwrap().1,
            Layout::Layers,
            "{name}"
        );
    }
    let (c, l) = parse(&sample("solved-across.txt"), None).unwrap();
    assert_eq!(l, Layout::Across);
    assert!(c.is_solved());
    let misplaced: Vec<usize> = (1..=3)
        .map(|k| {
            parse(&sample(&format!("challenge-{k}.txt")), None)
                .unwrap()
                .0
                .misplaced()
        })
        .collect();
    assert_eq!(misplaced, vec![382, 423, 469]);
}

#[test]
fn errors_name_the_problem() {
    let solved = sample("solved.txt");
    let msg = |t: &str| parse(t, None).unwrap_err().to_string();
    let refused_with = |t: &str, phrase: &str| {
        let m = msg(t);
        assert!(m.contains(phrase), "want {phrase:?} in {m}");
    };
    assert_eq!(parse("  \n", None).unwrap_err(), ParseError::Empty);
    // A short row.
    refused_with(
        &solved.replacen("123456789", "12345678", 1),
        "row 0 of layer 0 has 8 digits",
    );
    // A letter, with line and column.
    refused_with(&solved.replacen('5', "a", 1), "line 1, column 5");
    // A zero.
    refused_with(&solved.replacen('5', "0", 1), "digit 0");
    // One digit changed: wrong counts.
    refused_with(
        &solved.replacen("123456789", "123456788", 1),
        "digit 8 appears 82 times, expected 81",
    );
    // Two neighbours swapped: right counts, wrong classes.
    refused_with(
        &solved.replacen("123456789", "213456789", 1),
        "position piece that belongs on",
    );
    assert!(msg("[1,2").starts_with("JSON"));
}
