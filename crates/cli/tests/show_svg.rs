//! `cubist show --svg OUT` writes a whole SVG picture for either puzzle, and nothing
//! when the input is bad.

use assert_cmd::Command;
use cubist_testkit::data;
use std::path::PathBuf;
use tempfile::TempDir;

/// A path for an output file in a fresh temporary folder (removed with it).
fn out_file(name: &str) -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    (dir, path)
}

fn show_svg(input: &str, name: &str) -> String {
    let (_dir, out) = out_file(name);
    Command::cargo_bin("cubist")
        .unwrap()
        .args(["show", "--svg"])
        .arg(&out)
        .arg(data(input))
        .assert()
        .success();
    std::fs::read_to_string(&out).unwrap()
}

#[test]
fn rubik_net_in_real_colours() {
    for (input, name) in [
        ("rubik/singmaster-sample.txt", "pieces.svg"),
        ("rubik/colour-arrays-sample.json", "arrays.svg"),
    ] {
        let svg = show_svg(input, name);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<rect x=").count(), 54, "{input}");
        // Nine stickers of each of the six colours.
        for colour in [
            "#f4f4f4", "#c8102e", "#009b48", "#ffd500", "#ff6a13", "#0046ad",
        ] {
            assert_eq!(
                svg.matches(&format!("fill=\"{colour}\"")).count(),
                9,
                "{input} {colour}"
            );
        }
    }
}

#[test]
fn bad_input_writes_nothing() {
    let (_dir, out) = out_file("bad.svg");
    Command::cargo_bin("cubist")
        .unwrap()
        .args(["show", "--svg"])
        .arg(&out)
        .arg("-")
        .write_stdin("UF UR UB")
        .assert()
        .code(2);
    assert!(!out.exists());
}

#[test]
fn digit_cube_layers_mark_misplaced_cells() {
    let solved = show_svg("cubular/solved.txt", "solved.svg");
    assert_eq!(solved.matches("layer y = ").count(), 9);
    assert_eq!(solved.matches("fill-opacity=\"1\"").count(), 729);
    let scrambled = show_svg("cubular/challenge-1.txt", "challenge.svg");
    assert_eq!(scrambled.matches("<rect x=").count(), 729);
    assert!(scrambled.matches("fill-opacity=\"0.45\"").count() > 100);
}
