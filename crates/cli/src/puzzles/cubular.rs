//! Front end for the 9×9×9 digit cube: reads cubes and move lists, calls the
//! `cubist-cubular` crate and prints results.

use crate::failure::Unsolvable;
use crate::input::{Input, Puzzle};
use crate::output::{outln, write_svg};
use crate::settings::{BenchSettings, CubularSet, ScrambleSettings, ShowSettings, SolveSettings};
use anyhow::{anyhow, bail, Result};
use cubist_cubular::symmetry::SYMMETRIES;
use cubist_cubular::{
    format_moves, invert, parse, parse_moves, solve as solve_cube, Cube, Layout, Move, Progress,
    ProgressFn, SolveOptions,
};
use cubist_tables::Spinner;
use rand::{Rng, SeedableRng};
use std::fmt::Write as _;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

/// Read the cube in `input`, with the layout forced by `--input` when given.
fn read_cube(input: &Input, format: Option<&str>) -> Result<(Cube, Layout)> {
    let forced = match format {
        None => None,
        Some(name) => Some(Layout::from_name(name).ok_or_else(|| {
            anyhow!(
                "unknown input format `{name}` for the digit cube (expected layers, across, json, rows or digits)"
            )
        })?),
    };
    parse(&input.text, forced).map_err(|e| anyhow!("{}: {e}", input.name))
}

/// Read a move list.
fn read_moves(input: &Input) -> Result<Vec<Move>> {
    parse_moves(&input.text).map_err(|e| anyhow!("{}: {e}", input.name))
}

/// One short line on where a solve is: the stage and the cells it has left misplaced,
/// the symmetry view it works in, and the shortest answer so far. It stays well under
/// 80 columns, so that a terminal never wraps it.
fn progress_message(p: &Progress) -> String {
    let mut line = format!("solving: {}", p.stage);
    if let Some(percent) = p.percent {
        line += &format!(" {percent}%");
    }
    line += &format!(", {} misplaced", p.misplaced);
    if p.symmetry > 0 {
        line += &format!(", view {}/{}", p.symmetry, SYMMETRIES - 1);
    }
    if let Some(best) = p.best {
        line += &format!(", best {best}");
    }
    line
}

/// Default time budget of a digit-cube solve given neither time nor work, in seconds.
const DEFAULT_SECONDS: f64 = 10.0;

/// The budget of a digit-cube solve from `--time`, `--work` and `--timeout` (a cap in
/// milliseconds): ten seconds when neither time nor work is given.
fn budget(time: Option<f64>, work: Option<u64>, timeout: Option<u64>) -> Option<Duration> {
    let time = match (time, work) {
        (None, None) => Some(DEFAULT_SECONDS),
        (time, _) => time,
    }
    .map(Duration::from_secs_f64);
    match (time, timeout.map(Duration::from_millis)) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// `cubist solve` for the 9×9×9 digit cube.
pub fn solve(args: &SolveSettings, input: &Input) -> Result<ExitCode> {
    let (cube, _) = read_cube(input, args.input.as_deref())?;
    // On a terminal, where the search is, and the best answer so far.
    let spinner = Spinner::new("solving");
    let messages = spinner.messages();
    let opts = SolveOptions {
        time: budget(args.time, args.work, args.timeout),
        work: args.work,
        seed: args.seed,
        cancel: None,
        progress: spinner.shows().then(|| -> ProgressFn {
            Arc::new(move |p: &Progress| messages.set(progress_message(p)))
        }),
    };
    let sol = solve_cube(&cube, &opts);
    drop(spinner);
    let sol = sol?;
    let millis = sol.elapsed.as_millis();
    let out = if args.json {
        let moves: Vec<String> = sol.moves.iter().map(Move::to_string).collect();
        let millis = sol.elapsed.as_secs_f64() * 1000.0;
        let json = crate::output::solution_json(Puzzle::Cubular.name(), &moves, millis, None);
        format!("{json}\n")
    } else {
        format_moves(&sol.moves)
    };
    crate::output::print(&out)?;
    if args.stats {
        crate::output::note(&format!("{} moves, {millis} ms", sol.moves.len()));
    }
    Ok(ExitCode::SUCCESS)
}

/// `cubist check` for the 9×9×9 digit cube.
pub fn check(input: &Input, format: Option<&str>) -> Result<ExitCode> {
    let (_, layout) = read_cube(input, format)?;
    outln!("valid cubular ({})", layout.name());
    Ok(ExitCode::SUCCESS)
}

/// `cubist verify` for the 9×9×9 digit cube.
pub fn verify(cube: &Input, format: Option<&str>, moves: &Input) -> Result<ExitCode> {
    let (mut c, _) = read_cube(cube, format)?;
    let ms = read_moves(moves)?;
    c.apply_all(&ms);
    if c.is_solved() {
        outln!("solved");
        Ok(ExitCode::SUCCESS)
    } else {
        Err(Unsolvable(format!(
            "not solved: {} of 729 cells differ after {} moves",
            c.misplaced(),
            ms.len()
        ))
        .into())
    }
}

/// `cubist apply` for the 9×9×9 digit cube.
pub fn apply(cube: &Input, format: Option<&str>, moves: &Input) -> Result<ExitCode> {
    let (mut c, layout) = read_cube(cube, format)?;
    let ms = read_moves(moves)?;
    c.apply_all(&ms);
    crate::output::print(&c.to_text(layout))?;
    Ok(ExitCode::SUCCESS)
}

/// `cubist scramble` for the 9×9×9 digit cube.
pub fn scramble(args: &ScrambleSettings) -> Result<ExitCode> {
    let mut rng = match args.seed {
        Some(s) => rand_chacha::ChaCha8Rng::seed_from_u64(s),
        None => rand_chacha::ChaCha8Rng::from_entropy(),
    };
    let n = args.moves.unwrap_or_else(|| rng.gen_range(10..=100));
    let (cube, moves) = cubist_cubular::scramble(&mut rng, n);
    let mut out = cube.to_text(Layout::Layers);
    if args.show_moves {
        let line = |ms: &[Move]| ms.iter().map(Move::to_string).collect::<Vec<_>>().join(" ");
        let _ = write!(
            out,
            "\nscramble ({n} moves): {}\nsolution: {}\n",
            line(&moves),
            line(&invert(&moves))
        );
    }
    crate::output::print(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// `cubist show` for the 9×9×9 digit cube: the nine layers side by side, bottom layer
/// first; with colour, digits in place are green and misplaced ones red.
pub fn show(args: &ShowSettings, input: &Input) -> Result<ExitCode> {
    let (cube, _) = read_cube(input, args.input.as_deref())?;
    if let Some(out) = &args.svg {
        write_svg(out, &cubist_web::svg::cubular_layers(cube.cells()))?;
        return Ok(ExitCode::SUCCESS);
    }
    crate::output::print(&draw(&cube, args.color.enabled()))?;
    Ok(ExitCode::SUCCESS)
}

/// The terminal drawing of `show`.
fn draw(cube: &Cube, colour: bool) -> String {
    let solved = Cube::solved();
    let mut out = String::new();
    let heads: Vec<String> = (0..9).map(|y| format!("{:<9}", format!("y={y}"))).collect();
    let _ = writeln!(out, "{}", heads.join("  "));
    for z in 0..9 {
        let mut parts = Vec::new();
        for y in 0..9 {
            let mut s = String::new();
            for x in 0..9 {
                let d = cube.get(x, y, z);
                if colour {
                    let code = if d == solved.get(x, y, z) { 32 } else { 31 };
                    let _ = write!(s, "\x1b[{code}m{d}\x1b[0m");
                } else {
                    let _ = write!(s, "{d}");
                }
            }
            parts.push(s);
        }
        let _ = writeln!(out, "{}", parts.join("  "));
    }
    let _ = writeln!(out, "{} of 729 cells misplaced", cube.misplaced());
    out
}

/// The bench's challenge set: the three challenge cubes of `examples/cubular`, built in.
const CHALLENGES: [(&str, &str); 3] = [
    (
        "challenge-1",
        include_str!("../../../../examples/cubular/challenge-1.txt"),
    ),
    (
        "challenge-2",
        include_str!("../../../../examples/cubular/challenge-2.txt"),
    ),
    (
        "challenge-3",
        include_str!("../../../../examples/cubular/challenge-3.txt"),
    ),
];

/// A bench cube: its name, the cube, and the scramble length if known.
type BenchCube = (String, Cube, Option<usize>);

/// One solved cube in the bench: solution length, time, and the scramble length if known.
struct Run {
    length: usize,
    millis: f64,
    first: f64,
    scramble: Option<usize>,
}

fn stats(v: &mut [f64]) -> (f64, f64, f64) {
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    let med = if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    };
    (v[0], med, v[n - 1])
}

/// Seed of the digit cube's validation sets, chosen once and never tuned on: a change
/// is judged on these sets, drawn apart from the tuning sets of `--seed`.
pub const VALIDATION_SEED: u64 = 20_261_127;

/// The random sets drawn from `seed`: `count` scrambles of 10-100 moves, then
/// `deep` of 5000 moves (the same cubes whichever sets are solved).
fn random_sets(
    seed: u64,
    count: usize,
    deep: usize,
    tag: &str,
) -> (Vec<BenchCube>, Vec<BenchCube>) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let shallow = (0..count)
        .map(|i| {
            let n = rng.gen_range(10..=100);
            let (c, _) = cubist_cubular::scramble(&mut rng, n);
            (format!("{tag}scramble-{i} ({n} moves)"), c, Some(n))
        })
        .collect();
    let deep = (0..deep)
        .map(|i| {
            let (c, _) = cubist_cubular::scramble(&mut rng, 5000);
            (format!("{tag}deep-{i} (5000 moves)"), c, Some(5000))
        })
        .collect();
    (shallow, deep)
}

/// `cubist bench` for the 9×9×9 digit cube: the challenge cubes, scrambles of 10..100
/// moves and of 5000 moves from `--seed` (the tuning sets) and from
/// [`VALIDATION_SEED`], each solution checked by applying it.
pub fn bench(args: &BenchSettings) -> Result<()> {
    let time = budget(args.time, args.work, None);
    let opts = SolveOptions {
        time,
        work: args.work,
        ..SolveOptions::default()
    };
    let shallow_n = args.count.unwrap_or(20);
    let deep_n = args.count.map_or(5, |c| c.clamp(1, 5));
    let (tuning, tuning_deep) = random_sets(args.seed, shallow_n, deep_n, "");
    let (validation, validation_deep) = random_sets(VALIDATION_SEED, shallow_n, deep_n, "v-");
    let mut challenge = Vec::new();
    for (name, text) in CHALLENGES {
        let (c, _) = parse(text, None).map_err(|e| anyhow!("{name}: {e}"))?;
        challenge.push((name.to_string(), c, None));
    }
    let groups = [
        (CubularSet::Challenge, "challenge cubes", challenge),
        (
            CubularSet::Scrambles,
            "scrambles of 10-100 moves (tuning)",
            tuning,
        ),
        (
            CubularSet::Deep,
            "scrambles of 5000 moves (tuning)",
            tuning_deep,
        ),
        (
            CubularSet::ScramblesValidation,
            "scrambles of 10-100 moves (validation)",
            validation,
        ),
        (
            CubularSet::DeepValidation,
            "scrambles of 5000 moves (validation)",
            validation_deep,
        ),
    ];
    let budget = match (time, args.work) {
        (Some(t), Some(w)) => format!("{:.1} s and {w} work units a cube", t.as_secs_f64()),
        (Some(t), None) => format!("{:.1} s a cube", t.as_secs_f64()),
        (None, Some(w)) => format!("{w} work units a cube"),
        (None, None) => "default work".into(),
    };
    if let Some(dir) = &args.answers {
        std::fs::create_dir_all(dir).map_err(|e| anyhow!("{}: {e}", dir.display()))?;
    }
    outln!(
        "digit cube bench: seed {}, validation seed {VALIDATION_SEED}, {budget}, {} threads",
        args.seed,
        rayon::current_num_threads()
    );
    for (set, title, cubes) in groups {
        if !args.sets.is_empty() && !args.sets.contains(&set) {
            continue;
        }
        outln!("{title}:");
        let mut runs = Vec::new();
        for (name, cube, scr) in cubes {
            let sol = solve_cube(&cube, &opts)?;
            let mut check = cube.clone();
            check.apply_all(&sol.moves);
            if !check.is_solved() {
                bail!(
                    "{name}: the solution leaves {} cells misplaced",
                    check.misplaced()
                );
            }
            if let Some(dir) = &args.answers {
                let file = name.split(' ').next().unwrap_or(&name);
                let write = |ext: &str, text: String| {
                    let path = dir.join(format!("{file}.{ext}"));
                    std::fs::write(&path, text).map_err(|e| anyhow!("{}: {e}", path.display()))
                };
                write("txt", cube.to_text(Layout::Layers))?;
                write("moves", format_moves(&sol.moves))?;
            }
            let millis = sol.elapsed.as_secs_f64() * 1000.0;
            let first = sol.first.as_secs_f64() * 1000.0;
            outln!(
                "  {name:<28} {:>3} misplaced -> {:>5} moves {:>8.0} ms (first answer {first:>5.0} ms)  verified",
                cube.misplaced(),
                sol.moves.len(),
                millis
            );
            runs.push(Run {
                length: sol.moves.len(),
                millis,
                first,
                scramble: scr.filter(|&n| n <= 100),
            });
        }
        let mut lens: Vec<f64> = runs.iter().map(|r| r.length as f64).collect();
        let mut times: Vec<f64> = runs.iter().map(|r| r.millis).collect();
        let mut firsts: Vec<f64> = runs.iter().map(|r| r.first).collect();
        let (l0, l1, l2) = stats(&mut lens);
        let (t0, t1, t2) = stats(&mut times);
        let (_, _, f2) = stats(&mut firsts);
        outln!(
            "  => length min/median/max {l0:.0}/{l1:.0}/{l2:.0}, time min/median/max {t0:.0}/{t1:.0}/{t2:.0} ms, first answer within {f2:.0} ms"
        );
        let known: Vec<&Run> = runs.iter().filter(|r| r.scramble.is_some()).collect();
        if !known.is_empty() {
            let within = known
                .iter()
                .filter(|r| r.scramble.is_some_and(|n| r.length <= n))
                .count();
            outln!(
                "  => within the scramble's length: {within}/{} ({:.0}%)",
                known.len(),
                100.0 * within as f64 / known.len() as f64
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_names_the_stage_the_symmetry_and_the_best_so_far() {
        let mut p = Progress {
            stage: "beam",
            misplaced: 300,
            moves: 12,
            best: None,
            symmetry: 0,
            percent: None,
        };
        assert_eq!(progress_message(&p), "solving: beam, 300 misplaced");
        p.best = Some(565);
        assert_eq!(
            progress_message(&p),
            "solving: beam, 300 misplaced, best 565"
        );
        p.symmetry = 4;
        assert_eq!(
            progress_message(&p),
            "solving: beam, 300 misplaced, view 4/11, best 565"
        );
        p.stage = "anneal";
        p.percent = Some(37);
        assert_eq!(
            progress_message(&p),
            "solving: anneal 37%, 300 misplaced, view 4/11, best 565"
        );
    }

    #[test]
    fn ten_seconds_unless_told_and_the_timeout_caps_the_time() {
        let secs = |s: u64| Some(Duration::from_secs(s));
        assert_eq!(budget(None, None, None), secs(10));
        assert_eq!(budget(None, Some(5), None), None);
        assert_eq!(budget(Some(60.0), Some(5), None), secs(60));
        assert_eq!(budget(Some(60.0), None, Some(2000)), secs(2));
        assert_eq!(budget(None, Some(5), Some(3000)), secs(3));
    }
}
