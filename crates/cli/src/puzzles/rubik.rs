//! Front end for the 3×3×3 Rubik's Cube: check, verify, apply, scramble, show, judge.
//!
//! Inputs holding several cubes (piece lists, facelet strings) are batches: each good
//! cube gets its line on standard output, each bad one a line on standard error, and
//! the exit status is the worst seen (2 malformed, 1 unreachable / not solved). A
//! single cube that fails is reported as the command's one error line.

pub use super::rubik_solve::{bench, solve};
use crate::failure::{all_failed, report_all, Unsolvable};
use crate::input::{Input, Puzzle};
use crate::output::{write_svg, PLACEHOLDER};
use crate::settings::{ScrambleSettings, ShowSettings};
use anyhow::{anyhow, bail, Result};
use cubist_rubik::format::{self, Format, Sheet};
use cubist_rubik::{
    named, scramble as scrambles, Alg, CubeError, CubieCube, Face, Facelets, ParsedCube,
};
use std::io::Write as _;
use std::process::ExitCode;

/// The format forced by `--input`, if any.
fn forced_format(format: Option<&str>) -> Result<Option<Format>> {
    format
        .map(|f| f.parse::<Format>().map_err(|e| anyhow!("--input: {e}")))
        .transpose()
}

/// A cube's error as an `anyhow` error naming the input, keeping the exit status.
fn cube_error(input: &Input, e: CubeError) -> anyhow::Error {
    if e.is_unreachable() {
        Unsolvable(format!("{}: {e}", input.name)).into()
    } else {
        anyhow!("{}: {e}", input.name)
    }
}

/// Read every cube of an input, failing only when the text holds no cube at all.
fn read_cubes(input: &Input, format: Option<&str>) -> Result<Vec<Result<ParsedCube, CubeError>>> {
    let format = forced_format(format)?;
    cubist_rubik::parse(&input.text, format).map_err(|e| anyhow!("{}: {e}", input.name))
}

/// Run `each` on every cube and print the batch: answers on standard output (all at
/// once, after every cube is done), one line per failure on standard error and
/// [`PLACEHOLDER`] in its place on standard output, so that output lines match input
/// cubes. A batch whose every cube fails is the command's one error.
fn run_batch(
    input: &Input,
    cubes: Vec<Result<ParsedCube, CubeError>>,
    mut each: impl FnMut(&ParsedCube, usize) -> Result<String>,
) -> Result<ExitCode> {
    let total = cubes.len();
    let single = total == 1;
    let mut out = String::new();
    let mut failures: Vec<anyhow::Error> = Vec::new();
    for (k, cube) in cubes.into_iter().enumerate() {
        let answer = cube
            .map_err(|e| cube_error(input, e))
            .and_then(|c| each(&c, k));
        match answer {
            Ok(text) => out.push_str(&text),
            Err(e) if single => return Err(e),
            Err(e) => {
                failures.push(e);
                out.push_str(PLACEHOLDER);
            }
        }
        out.push('\n');
    }
    finish_batch(&out, failures, total)
}

/// Print a batch's answers (placeholders included) and report its failures; when
/// every cube failed, print nothing and fail with one line (see [`all_failed`]).
pub(super) fn finish_batch(
    out: &str,
    failures: Vec<anyhow::Error>,
    total: usize,
) -> Result<ExitCode> {
    if !failures.is_empty() && failures.len() == total {
        return Err(all_failed(failures));
    }
    crate::output::print(out)?;
    Ok(report_all(&failures))
}

/// Read a move file: WCA or counted notation, or named operations (`front left`).
fn read_moves(moves: &Input) -> Result<Alg> {
    if named::looks_named(&moves.text) {
        named::parse_operations(&moves.text).map_err(|e| anyhow!("{}: {e}", moves.name))
    } else {
        Alg::parse(&moves.text).map_err(|e| anyhow!("{}: {e}", moves.name))
    }
}

/// The moves for each cube: one sequence for all, or one line per cube in a batch.
fn moves_per_cube(moves: &Input, cubes: usize) -> Result<Vec<Alg>> {
    let lines: Vec<(usize, &str)> = moves
        .text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    if cubes <= 1 || lines.len() <= 1 || named::looks_named(&moves.text) {
        return Ok(vec![read_moves(moves)?; cubes.max(1)]);
    }
    if lines.len() != cubes {
        bail!(
            "{}: {} lines of moves for {cubes} cubes; expected one sequence, or one line per cube",
            moves.name,
            lines.len()
        );
    }
    lines
        .iter()
        .map(|&(i, l)| {
            Alg::parse(l).map_err(|e| {
                let e = e
                    .to_string()
                    .replacen("line 1", &format!("line {}", i + 1), 1);
                anyhow!("{}: {e}", moves.name)
            })
        })
        .collect()
}

/// `cubist check` for the 3×3×3: `valid 333 (<format>)` per good cube.
pub fn check(input: &Input, format: Option<&str>) -> Result<ExitCode> {
    let cubes = read_cubes(input, format)?;
    run_batch(input, cubes, |cube, _| {
        Ok(format!("valid {} ({})", Puzzle::Rubik.name(), cube.format))
    })
}

/// How many stickers differ from their face's centre.
fn wrong_stickers(state: &CubieCube) -> usize {
    let f = Facelets::from_cubie(state);
    f.0.iter()
        .enumerate()
        .filter(|&(k, &face)| face != Face::from_index(k / 9))
        .count()
}

/// `cubist verify` for the 3×3×3: `solved`, or exit 1 saying how many stickers are
/// wrong.
pub fn verify(cube: &Input, format: Option<&str>, moves: &Input) -> Result<ExitCode> {
    let cubes = read_cubes(cube, format)?;
    let algs = moves_per_cube(moves, cubes.len())?;
    run_batch(cube, cubes, |c, k| {
        let alg = &algs[k];
        let after = c.cube.apply_alg(alg);
        if after.is_solved() {
            Ok("solved".to_string())
        } else {
            let at = if c.format.is_batch() {
                format!("line {}: ", c.line)
            } else {
                String::new()
            };
            Err(Unsolvable(format!(
                "{}: {at}not solved: {} of 54 stickers are wrong after {} moves",
                cube.name,
                wrong_stickers(&after),
                alg.len()
            ))
            .into())
        }
    })
}

/// `cubist apply` for the 3×3×3: the turned cube in the input's format and colours.
pub fn apply(cube: &Input, format: Option<&str>, moves: &Input) -> Result<ExitCode> {
    let cubes = read_cubes(cube, format)?;
    let algs = moves_per_cube(moves, cubes.len())?;
    run_batch(
        cube,
        cubes,
        |c, k| Ok(c.render(&c.cube.apply_alg(&algs[k]))),
    )
}

/// `cubist scramble --puzzle 333`: a uniformly random state as a facelet string, or
/// the result of `--moves N` random turns.
pub fn scramble(args: &ScrambleSettings) -> Result<ExitCode> {
    let mut rng = scrambles::rng(args.seed);
    let mut out = String::new();
    match args.moves {
        None => {
            if args.show_moves {
                bail!(
                    "--show-moves needs --moves N for the 3×3×3: the default scramble is a \
                     random state, not a move sequence"
                );
            }
            let state = scrambles::random_state(&mut rng);
            out.push_str(&Facelets::from_cubie(&state).to_letters());
            out.push('\n');
        }
        Some(n) => {
            let alg = scrambles::random_moves(&mut rng, n);
            let state = CubieCube::from_alg(&alg);
            out.push_str(&Facelets::from_cubie(&state).to_letters());
            out.push('\n');
            if args.show_moves {
                out.push_str(&format!("moves: {alg}\nsolution: {}\n", alg.inverse()));
            }
        }
    }
    crate::output::print(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// `cubist show` for the 3×3×3: the net in ANSI colours on a terminal, plain letters
/// otherwise. Any well-formed cube is drawn, reachable or not.
pub fn show(args: &ShowSettings, input: &Input) -> Result<ExitCode> {
    let format = forced_format(args.input.as_deref())?;
    let sheets = || format::sheets(&input.text, format).map_err(|e| anyhow!("{}: {e}", input.name));
    if let Some(out) = &args.svg {
        let cubes = sheets()?
            .map(|s| s.map(|s| s.stickers))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| anyhow!("{}: {e}", input.name))?;
        write_svg(out, &cubist_web::svg::rubik_net(&cubes))?;
        return Ok(ExitCode::SUCCESS);
    }
    // Every cube is read once to find any error before anything is printed, then
    // again to draw it, so that a large batch never holds all its stickers at once.
    if let Some(Err(e)) = sheets()?.find(|s| s.is_err()) {
        bail!("{}: {e}", input.name);
    }
    let colour = args.color.enabled();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (k, sheet) in sheets()?.enumerate() {
        let sheet = sheet.map_err(|e| anyhow!("{}: {e}", input.name))?;
        let sep = if k > 0 { "\n" } else { "" };
        write!(out, "{sep}{}", draw(&sheet, colour)).map_err(crate::output::StdoutError)?;
    }
    out.flush().map_err(crate::output::StdoutError)?;
    Ok(ExitCode::SUCCESS)
}

/// `cubist judge`: the batch simulator; one `Yes`/`No` per data set.
pub fn judge(input: &Input) -> Result<ExitCode> {
    let answer =
        cubist_rubik::judge::judge(&input.text).map_err(|e| anyhow!("{}: {e}", input.name))?;
    crate::output::print(&answer)?;
    Ok(ExitCode::SUCCESS)
}

/// Terminal colours (background, foreground) by colour name or face.
const WHITE: (&str, &str) = ("\x1b[107m", "\x1b[30m");
const YELLOW: (&str, &str) = ("\x1b[103m", "\x1b[30m");
const RED: (&str, &str) = ("\x1b[41m", "\x1b[97m");
const ORANGE: (&str, &str) = ("\x1b[48;5;208m", "\x1b[30m");
const GREEN: (&str, &str) = ("\x1b[42m", "\x1b[30m");
const BLUE: (&str, &str) = ("\x1b[44m", "\x1b[97m");
const GREY: (&str, &str) = ("\x1b[100m", "\x1b[97m");

/// The usual colour of each face (U white, R red, F green, D yellow, L orange, B blue).
fn face_colour(face: Face) -> (&'static str, &'static str) {
    match face {
        Face::U => WHITE,
        Face::R => RED,
        Face::F => GREEN,
        Face::D => YELLOW,
        Face::L => ORANGE,
        Face::B => BLUE,
    }
}

/// The colour a letter names (`W Y R O G B`), if it names one.
fn named_colour(symbol: &str) -> Option<(&'static str, &'static str)> {
    match symbol.chars().next()?.to_ascii_uppercase() {
        'W' => Some(WHITE),
        'Y' => Some(YELLOW),
        'R' => Some(RED),
        'O' => Some(ORANGE),
        'G' => Some(GREEN),
        'B' => Some(BLUE),
        _ => None,
    }
}

/// Draw one cube as a net: coloured cells, or the plain net format.
fn draw(sheet: &Sheet, colour: bool) -> String {
    const CENTRES: [usize; 6] = [4, 13, 22, 31, 40, 49];
    let centre_of = |s: &str| CENTRES.iter().position(|&c| sheet.stickers[c] == s);
    // Colour letters name their colours when all six centres are different colour
    // letters; otherwise each face keeps its usual colour, found through the centres.
    let centre_names: Vec<_> = CENTRES
        .iter()
        .filter_map(|&c| named_colour(&sheet.stickers[c]).map(|x| x.0))
        .collect();
    let by_name = centre_names.len() == 6
        && (0..6).all(|i| (0..i).all(|j| centre_names[i] != centre_names[j]));
    let paint = |s: &str| -> (&str, &str) {
        if by_name {
            named_colour(s)
                .filter(|_| centre_of(s).is_some())
                .unwrap_or(GREY)
        } else {
            centre_of(s).map_or(GREY, |f| face_colour(Face::from_index(f)))
        }
    };
    // Plain letters: the symbols themselves when each is one character, else the face
    // letter of the centre it matches.
    let single = sheet.stickers.iter().all(|s| s.chars().count() == 1);
    let letter = |s: &str| -> String {
        if single {
            s.to_string()
        } else {
            centre_of(s).map_or("?".to_string(), |f| {
                Face::from_index(f).letter().to_string()
            })
        }
    };
    let cell = |k: usize| -> String {
        let s = &sheet.stickers[k];
        if colour {
            let (bg, fg) = paint(s);
            format!("{bg}{fg} {} \x1b[0m", letter(s))
        } else {
            letter(s)
        }
    };
    let faces = |face: Face, r: usize| (0..3).map(move |c| face.index() * 9 + r * 3 + c);
    let sep = if colour { "" } else { " " };
    let indent = if colour { " ".repeat(9) } else { " ".repeat(6) };
    let mut out = String::new();
    for r in 0..3 {
        let row: Vec<String> = faces(Face::U, r).map(cell).collect();
        out.push_str(&format!("{indent}{}\n", row.join(sep)));
    }
    for r in 0..3 {
        let row: Vec<String> = [Face::L, Face::F, Face::R, Face::B]
            .iter()
            .flat_map(|&f| faces(f, r))
            .map(cell)
            .collect();
        out.push_str(&row.join(sep));
        out.push('\n');
    }
    for r in 0..3 {
        let row: Vec<String> = faces(Face::D, r).map(cell).collect();
        out.push_str(&format!("{indent}{}\n", row.join(sep)));
    }
    out
}
