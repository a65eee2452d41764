//! `cubist judge` against the independent reference model on generated data sets:
//! random turns, mixed colour letters, varied indentation and spacing.

use assert_cmd::Command;
use cubist_rubik::scramble::{random_moves, random_state, rng};
use cubist_rubik::{Alg, CubieCube, Facelets, Move};
use rand::seq::SliceRandom;
use rand::Rng;
use std::path::PathBuf;

/// The folder holding `rubik_ref.py`, or `None` (and a note) when it is not available.
fn oracle_dir() -> Option<PathBuf> {
    cubist_testkit::oracle_dir(&["rubik_ref.py"])
}

const FACE_WORDS: [&str; 6] = ["top", "right", "front", "bottom", "left", "back"];

/// One generated data set and the answer known from how it was made, if any.
struct Generated {
    text: String,
    known: Option<bool>,
}

fn generate(rng: &mut impl Rng) -> Generated {
    // The operations: quarter turns only, as named operations allow.
    let n = rng.gen_range(1..=9);
    let ops: Vec<Move> = (0..n)
        .map(|_| Move {
            face: cubist_rubik::Face::from_index(rng.gen_range(0..6)),
            turns: if rng.gen_bool(0.5) { 1 } else { 3 },
        })
        .collect();
    let ops = Alg(ops);
    // The start: undone by the operations (Yes), one turn away from that (No), a
    // random state, or stickers shuffled at random (the simulator works on stickers).
    let kind = rng.gen_range(0..10);
    let (start, known) = match kind {
        0..=3 => (
            Facelets::from_cubie(&CubieCube::from_alg(&ops.inverse())),
            Some(true),
        ),
        4..=5 => {
            let extra = random_moves(rng, 1);
            let c = CubieCube::from_alg(&extra).apply_alg(&ops.inverse());
            (Facelets::from_cubie(&c), Some(false))
        }
        6..=8 => (Facelets::from_cubie(&random_state(rng)), None),
        _ => {
            let mut f = Facelets::from_cubie(&random_state(rng));
            let mut movable: Vec<usize> = (0..54).filter(|k| k % 9 != 4).collect();
            movable.shuffle(rng);
            for pair in movable.chunks(2).take(rng.gen_range(1..10)) {
                f.0.swap(pair[0], pair[1]);
            }
            (f, None)
        }
    };
    // Colours: six distinct letters, upper or lower case.
    let mut alphabet: Vec<char> = ('A'..='Z').chain('a'..='z').collect();
    alphabet.shuffle(rng);
    let letter = |f: cubist_rubik::Face| alphabet[f.index()];
    let sep = |rng: &mut dyn rand::RngCore| " ".repeat(rng.gen_range(1..=3));
    let indent = |rng: &mut dyn rand::RngCore| match rng.gen_range(0..4) {
        0 => String::new(),
        1 => " ".repeat(rng.gen_range(1..=8)),
        2 => "\t".to_string(),
        _ => "      ".to_string(),
    };
    let mut text = String::from("START\n");
    let at = |face: usize, r: usize, c: usize| letter(start.0[face * 9 + r * 3 + c]);
    let row_text = |cells: Vec<char>, rng: &mut dyn rand::RngCore| {
        let mut s = indent(rng);
        for (i, c) in cells.iter().enumerate() {
            if i > 0 {
                s.push_str(&sep(rng));
            }
            s.push(*c);
        }
        s.push('\n');
        s
    };
    // Faces in facelet order U R F D L B are 0..6.
    for r in 0..3 {
        let cells = (0..3).map(|c| at(0, r, c)).collect();
        text.push_str(&row_text(cells, rng));
    }
    for r in 0..3 {
        let cells = [4, 2, 1, 5]
            .iter()
            .flat_map(|&f| (0..3).map(move |c| (f, c)))
            .map(|(f, c)| at(f, r, c))
            .collect();
        text.push_str(&row_text(cells, rng));
    }
    for r in 0..3 {
        let cells = (0..3).map(|c| at(3, r, c)).collect();
        text.push_str(&row_text(cells, rng));
    }
    for m in &ops.0 {
        let dir = if m.turns == 1 { "right" } else { "left" };
        let lead = " ".repeat(rng.gen_range(0..2));
        text.push_str(&format!(
            "{lead}{}{}{dir}\n",
            FACE_WORDS[m.face.index()],
            sep(rng)
        ));
    }
    text.push_str("END\n");
    Generated { text, known }
}

#[test]
fn generated_data_sets_agree_with_the_reference_model() {
    let mut rng = rng(Some(2024));
    let sets: Vec<Generated> = (0..200).map(|_| generate(&mut rng)).collect();
    let input: String = sets.iter().map(|s| s.text.as_str()).collect::<String>() + "ENDOFINPUT\n";

    let out = Command::cargo_bin("cubist")
        .unwrap()
        .arg("judge")
        .write_stdin(input.clone())
        .output()
        .unwrap();
    let ours = cubist_testkit::success_stdout(&out);
    let ours: Vec<&str> = ours.lines().collect();
    assert_eq!(ours.len(), sets.len());

    // Answers known by construction hold whether or not the reference model is here.
    for (k, (set, answer)) in sets.iter().zip(&ours).enumerate() {
        if let Some(yes) = set.known {
            assert_eq!(
                *answer,
                if yes { "Yes" } else { "No" },
                "data set {}",
                k + 1
            );
        }
    }
    let yes = ours.iter().filter(|a| **a == "Yes").count();
    assert!(
        yes >= 40 && ours.len() - yes >= 40,
        "{yes} Yes of {}",
        ours.len()
    );

    let Some(dir) = oracle_dir() else { return };
    let reference = cubist_testkit::run_python(
        [dir.join("rubik_ref.py").into_os_string(), "judge".into()],
        &input,
    );
    let reference: Vec<&str> = reference.lines().collect();
    assert_eq!(reference.len(), sets.len());
    for (k, (a, b)) in ours.iter().zip(&reference).enumerate() {
        assert_eq!(a, b, "data set {}:\n{}", k + 1, sets[k].text);
    }
}
