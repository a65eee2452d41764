//! Front end for N×N×N cubes other than the 3×3×3 (the 2×2×2, 4×4×4 and up): check,
//! verify, apply, scramble, show, solve and bench.
//!
//! A text is a big cube when `--puzzle` names a size (`222`, `444`, …) or, detected,
//! when its first line is 6·N² letters for N ≠ 3, it is a net of 3·N rows or colour
//! arrays of N×N faces. Several facelet strings, one a line, are a batch as for the
//! 3×3×3: each bad cube gets its line on standard error and the rest are answered.

pub mod choice;
mod draw;

use crate::failure::{report_all, Unsolvable};
use crate::input::{Input, PuzzleChoice};
use crate::settings::{BenchSettings, Notation, ScrambleSettings, ShowSettings, SolveSettings};
use anyhow::{anyhow, bail, Result};
use cubist_nxn::solve::{pocket, SolveError};
use cubist_nxn::{scramble as scrambles, Alg, Cube, CubeError, Format, Metric, ParsedCube};
use cubist_tables::Cancel;
use rand::SeedableRng;
use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

pub use choice::name;

/// The size of the big cube an input holds, if it holds one: the size `--puzzle`
/// names, or the size detected from the text.
pub fn size(text: &str, choice: PuzzleChoice) -> Option<usize> {
    match choice {
        PuzzleChoice::Big(n) => Some(n),
        PuzzleChoice::Auto => cubist_nxn::format::detect(text).map(|(n, _)| n),
        _ => None,
    }
}

/// The format forced by `--input`, if any.
fn forced_format(format: Option<&str>) -> Result<Option<Format>> {
    format
        .map(|f| f.parse::<Format>().map_err(|e| anyhow!("--input: {e}")))
        .transpose()
}

/// A cube's error naming the input, keeping the exit status.
fn cube_error(input: &Input, e: CubeError) -> anyhow::Error {
    if e.is_unreachable() {
        Unsolvable(format!("{}: {e}", input.name)).into()
    } else {
        anyhow!("{}: {e}", input.name)
    }
}

/// Every cube of an input; an error only when the text holds no cube at all.
fn read_cubes(
    input: &Input,
    format: Option<&str>,
    n: usize,
) -> Result<Vec<Result<ParsedCube, CubeError>>> {
    cubist_nxn::parse(&input.text, forced_format(format)?, Some(n))
        .map_err(|e| anyhow!("{}: {e}", input.name))
}

/// Run `each` on every cube; print the answers all at once and one line per failure.
fn run_batch(
    input: &Input,
    cubes: Vec<Result<ParsedCube, CubeError>>,
    mut each: impl FnMut(&ParsedCube, usize) -> Result<String>,
) -> Result<ExitCode> {
    let single = cubes.len() == 1;
    let mut out = String::new();
    let mut failures = Vec::new();
    for (k, cube) in cubes.into_iter().enumerate() {
        match cube
            .map_err(|e| cube_error(input, e))
            .and_then(|c| each(&c, k))
        {
            Ok(text) => {
                out.push_str(&text);
                out.push('\n');
            }
            Err(e) if single => return Err(e),
            Err(e) => failures.push(e),
        }
    }
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(out.as_bytes())?;
    stdout.flush()?;
    Ok(report_all(&failures))
}

/// The moves for each cube: one sequence for all, or one line per cube in a batch.
fn moves_per_cube(moves: &Input, cubes: usize, n: usize) -> Result<Vec<Alg>> {
    let lines: Vec<(usize, &str)> = moves
        .text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    let parse = |text: &str| Alg::parse(text, n).map_err(|e| anyhow!("{}: {e}", moves.name));
    if cubes <= 1 || lines.len() <= 1 {
        return Ok(vec![parse(&moves.text)?; cubes.max(1)]);
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
            Alg::parse(l, n).map_err(|e| {
                let e = e
                    .to_string()
                    .replacen("line 1", &format!("line {}", i + 1), 1);
                anyhow!("{}: {e}", moves.name)
            })
        })
        .collect()
}

/// `cubist check`: `valid 444 (facelets)` per good cube.
pub fn check(input: &Input, format: Option<&str>, n: usize) -> Result<ExitCode> {
    let cubes = read_cubes(input, format, n)?;
    run_batch(input, cubes, |c, _| {
        Ok(format!("valid {} ({})", name(n), c.format))
    })
}

/// `cubist verify`: `solved`, or exit 1 saying how many stickers are wrong.
pub fn verify(cube: &Input, format: Option<&str>, moves: &Input, n: usize) -> Result<ExitCode> {
    let cubes = read_cubes(cube, format, n)?;
    let algs = moves_per_cube(moves, cubes.len(), n)?;
    run_batch(cube, cubes, |c, k| {
        let after = c.cube.after(&algs[k]);
        if after.is_solved() {
            return Ok("solved".to_string());
        }
        let at = if c.format == Format::Facelets && cubes_are_lines(cube) {
            format!("line {}: ", c.line)
        } else {
            String::new()
        };
        Err(Unsolvable(format!(
            "{}: {at}not solved: {} of {} stickers are wrong after {} moves",
            cube.name,
            after.wrong_stickers(),
            6 * n * n,
            algs[k].len()
        ))
        .into())
    })
}

/// Whether an input holds several facelet lines (so that messages name the line).
fn cubes_are_lines(input: &Input) -> bool {
    input.text.lines().filter(|l| !l.trim().is_empty()).count() > 1
}

/// `cubist apply`: the turned cube in the input's own format and colours.
pub fn apply(cube: &Input, format: Option<&str>, moves: &Input, n: usize) -> Result<ExitCode> {
    let cubes = read_cubes(cube, format, n)?;
    let algs = moves_per_cube(moves, cubes.len(), n)?;
    run_batch(cube, cubes, |c, k| Ok(c.render(&c.cube.after(&algs[k]))))
}

/// `cubist scramble --puzzle 222|444|…`: random moves of the WCA's length for the size
/// (`--moves` to choose), or for the 2×2×2 a uniformly random state.
pub fn scramble(args: &ScrambleSettings, n: usize) -> Result<ExitCode> {
    let mut rng = match args.seed {
        Some(s) => rand_chacha::ChaCha8Rng::seed_from_u64(s),
        None => rand_chacha::ChaCha8Rng::from_entropy(),
    };
    let mut out = String::new();
    match (args.moves, n) {
        (None, 2) => {
            if args.show_moves {
                bail!(
                    "--show-moves needs --moves N for the 2×2×2: the default scramble is a \
                     random state, not a move sequence"
                );
            }
            out.push_str(&pocket::random_state(&mut rng).to_letters());
            out.push('\n');
        }
        (moves, _) => {
            let len = moves.unwrap_or_else(|| scrambles::wca_length(n));
            let (alg, cube) = scrambles::random_moves(&mut rng, n, len);
            out.push_str(&cube.to_letters());
            out.push('\n');
            if args.show_moves {
                out.push_str(&format!("moves: {alg}\nsolution: {}\n", alg.inverse()));
            }
        }
    }
    std::io::stdout().write_all(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// `cubist show`: the net in colours on a terminal (plain letters otherwise), or
/// `--svg OUT`. Any well-formed cube is drawn, reachable or not.
pub fn show(args: &ShowSettings, input: &Input, n: usize) -> Result<ExitCode> {
    let format = forced_format(args.input.as_deref())?;
    let sheets = cubist_nxn::read_sheets(&input.text, format, Some(n))
        .map_err(|e| anyhow!("{}: {e}", input.name))?
        .into_iter()
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| anyhow!("{}: {e}", input.name))?;
    if let Some(out) = &args.svg {
        std::fs::write(out, draw::svg(&sheets))
            .map_err(|e| anyhow!("cannot write {}: {e}", out.display()))?;
        return Ok(ExitCode::SUCCESS);
    }
    let colour = args.color.enabled();
    let pictures: Vec<String> = sheets.iter().map(|s| draw::terminal(s, colour)).collect();
    std::io::stdout().write_all(pictures.join("\n").as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// One solved cube: its moves and how long the solver took.
struct Answer {
    moves: Alg,
    millis: f64,
}

/// A big cube's time budget when `--timeout` is not given: the solver begins no
/// whole-cube view the budget left has no room for, so an answer comes within about
/// this long on any host, from fewer views on a slow one. Long enough that a 7×7×7's
/// six views fit on the hosts measured (`docs/benchmarks.md`), so that it caps the
/// time of a slower or busy host rather than trading moves for time there;
/// `--timeout 10000` trades them, for an answer within about 10 s.
const DEFAULT_BUDGET: Duration = Duration::from_secs(20);

/// Solve one cube (the solver checks its answer by applying it) within `timeout`
/// ([`DEFAULT_BUDGET`] when not given): it begins no further view of the cube once the
/// time left has no room for one, and answers with the shortest so far.
fn solve_cube(cube: &Cube, timeout: Option<Duration>) -> Result<Answer> {
    let start = Instant::now();
    let cancel = Cancel::new().child(Some(timeout.unwrap_or(DEFAULT_BUDGET)));
    let moves = cubist_nxn::solve::solve(cube, &cancel).map_err(|e| match e {
        SolveError::Unreachable(r) => anyhow::Error::from(Unsolvable(r.to_string())),
        e => anyhow!("{e}"),
    })?;
    Ok(Answer {
        moves,
        millis: start.elapsed().as_secs_f64() * 1000.0,
    })
}

/// `cubist solve`: one line of WCA moves per cube (`--json`: one object per cube).
pub fn solve(args: &SolveSettings, input: &Input, n: usize) -> Result<ExitCode> {
    if args.notation != Notation::Wca {
        bail!("--notation counted is for the 3×3×3; big cubes are written in WCA notation");
    }
    let cubes = read_cubes(input, args.input.as_deref(), n)?;
    let mut notes = String::new();
    // The tables are loaded before the first cube's budget starts, and only for a
    // cube that gets that far.
    let mut prepared = false;
    let code = run_batch(input, cubes, |c, k| {
        if !std::mem::replace(&mut prepared, true) {
            cubist_nxn::solve::prepare(n);
        }
        let a = solve_cube(&c.cube, args.timeout.map(Duration::from_millis))
            .map_err(|e| anyhow!("{}: {e:#}", input.name))?;
        let length = a.moves.length(Metric::Obtm);
        if args.stats {
            notes.push_str(&format!(
                "cube {}: {length} moves, {:.3} ms\n",
                k + 1,
                a.millis
            ));
        }
        Ok(if args.json {
            let moves: Vec<String> = a.moves.0.iter().map(ToString::to_string).collect();
            format!(
                "{{\"puzzle\":\"{}\",\"moves\":{},\"length\":{length},\"millis\":{:.3}}}",
                name(n),
                serde_json::to_string(&moves)?,
                a.millis
            )
        } else {
            a.moves.to_string()
        })
    })?;
    std::io::stderr().write_all(notes.as_bytes())?;
    Ok(code)
}

/// `cubist bench --puzzle 222|…`: a fixed seeded set solved one after another (the
/// tables loaded first), every answer verified; length and time statistics.
pub fn bench(args: &BenchSettings, n: usize) -> Result<ExitCode> {
    let count = args.count.unwrap_or(100);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(args.seed);
    let cubes: Vec<Cube> = (0..count)
        .map(|_| match n {
            2 => pocket::random_state(&mut rng),
            _ => scrambles::random_moves(&mut rng, n, scrambles::wca_length(n)).1,
        })
        .collect();
    let ready = Instant::now();
    let budget = args.timeout.map(Duration::from_millis);
    cubist_nxn::solve::prepare(n);
    let setup = ready.elapsed().as_secs_f64() * 1000.0;
    let mut lengths = Vec::with_capacity(count);
    let mut millis = Vec::with_capacity(count);
    for (k, cube) in cubes.iter().enumerate() {
        let a = solve_cube(cube, budget).map_err(|e| anyhow!("cube {}: {e:#}", k + 1))?;
        if !cube.after(&a.moves).is_solved() {
            bail!("cube {}: the answer {} does not solve it", k + 1, a.moves);
        }
        lengths.push(a.moves.length(Metric::Obtm));
        millis.push(a.millis);
    }
    lengths.sort_unstable();
    millis.sort_by(|a, b| a.total_cmp(b));
    let mean_len = lengths.iter().sum::<usize>() as f64 / count as f64;
    let mean_ms = millis.iter().sum::<f64>() / count as f64;
    let set = if n == 2 {
        "random states"
    } else {
        "random-move scrambles"
    };
    println!(
        "{} {set}: {count} cubes  length (OBTM) min {} median {} mean {mean_len:.2} max {}  \
         time ms min {:.3} median {:.3} mean {mean_ms:.3} max {:.3}  all verified  \
         (seed {}, budget {} ms a cube, tables loaded in {setup:.0} ms)",
        name(n),
        lengths[0],
        lengths[count / 2],
        lengths[count - 1],
        millis[0],
        millis[count / 2],
        millis[count - 1],
        args.seed,
        budget.unwrap_or(DEFAULT_BUDGET).as_millis(),
    );
    Ok(ExitCode::SUCCESS)
}
