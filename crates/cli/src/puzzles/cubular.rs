//! Front end for the 9×9×9 digit cube: reads cubes and move lists, calls the
//! `cubist-cubular` crate and prints results.

use crate::commands::{
    bench::{BenchArgs, CubularSet},
    scramble::ScrambleArgs,
    show::ShowArgs,
    solve::SolveArgs,
};
use crate::failure::Unsolvable;
use crate::input::{Input, Puzzle};
use crate::output::outln;
use anyhow::{anyhow, bail, Result};
use cubist_cubular::symmetry::SYMMETRIES;
use cubist_cubular::{
    format_moves, invert, parse, parse_moves, solve as solve_cube, Cube, Effort, Layout, Move,
    Progress, ProgressFn, SolveOptions,
};
use cubist_search::Spinner;
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

/// One line on where a solve is: the stage and the cells it has left misplaced, and in
/// a further run (a higher effort, or under `--timeout`) its effort, the symmetry it
/// sees the cube through, and the shortest answer so far.
fn progress_message(p: &Progress) -> String {
    let stage = match p.percent {
        Some(percent) => format!("{} {percent}%", p.stage),
        None => p.stage.to_string(),
    };
    let line = format!("solving: {stage}, {} cells misplaced", p.misplaced);
    let run = match p.symmetry {
        0 => format!("effort {}", p.effort),
        s => format!("effort {}, symmetry {s} of {}", p.effort, SYMMETRIES - 1),
    };
    match p.best {
        Some(best) => format!("{line} ({run}; best so far {best} moves)"),
        None => line,
    }
}

/// `cubist solve` for the 9×9×9 digit cube.
pub fn solve(args: &SolveArgs, input: &Input) -> Result<ExitCode> {
    let (cube, _) = read_cube(input, args.input.as_deref())?;
    // On a terminal, where the search is: high efforts take up to a minute.
    let spinner = Spinner::new("solving");
    let messages = spinner.messages();
    let opts = SolveOptions {
        effort: args.effort.map(Effort::new).unwrap_or_default(),
        time_budget: args.timeout.map(Duration::from_millis),
        anytime: true,
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
pub fn scramble(args: &ScrambleArgs) -> Result<ExitCode> {
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
pub fn show(args: &ShowArgs, input: &Input) -> Result<ExitCode> {
    let (cube, _) = read_cube(input, args.input.as_deref())?;
    if let Some(out) = &args.svg {
        crate::commands::show::write_svg(out, &cubist_web::svg::cubular_layers(cube.cells()))?;
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

/// `cubist bench` for the 9×9×9 digit cube: the challenge cubes, scrambles of 10..100
/// moves and of 5000 moves, each solution checked by applying it.
pub fn bench(args: &BenchArgs) -> Result<()> {
    let effort = args.effort.map(Effort::new).unwrap_or_default();
    let opts = SolveOptions {
        effort,
        ..SolveOptions::default()
    };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(args.seed);
    let shallow_n = args.count.unwrap_or(20);
    let deep_n = args.count.map_or(5, |c| c.clamp(1, 5));
    let mut groups: Vec<(String, Vec<BenchCube>)> = Vec::new();
    let mut ch = Vec::new();
    for (name, text) in CHALLENGES {
        let (c, _) = parse(text, None).map_err(|e| anyhow!("{name}: {e}"))?;
        ch.push((name.to_string(), c, None));
    }
    groups.push(("challenge cubes".into(), ch));
    let mut sh = Vec::new();
    for i in 0..shallow_n {
        let n = rng.gen_range(10..=100);
        let (c, _) = cubist_cubular::scramble(&mut rng, n);
        sh.push((format!("scramble-{i} ({n} moves)"), c, Some(n)));
    }
    groups.push(("scrambles of 10-100 moves".into(), sh));
    let mut dp = Vec::new();
    for i in 0..deep_n {
        let (c, _) = cubist_cubular::scramble(&mut rng, 5000);
        dp.push((format!("deep-{i} (5000 moves)"), c, Some(5000)));
    }
    groups.push(("scrambles of 5000 moves".into(), dp));

    outln!(
        "digit cube bench: seed {}, effort {}, {} threads",
        args.seed,
        effort.level(),
        rayon::current_num_threads()
    );
    let sets = [
        CubularSet::Challenge,
        CubularSet::Scrambles,
        CubularSet::Deep,
    ];
    for ((title, cubes), set) in groups.into_iter().zip(sets) {
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
            let millis = sol.elapsed.as_secs_f64() * 1000.0;
            outln!(
                "  {name:<26} {:>3} misplaced -> {:>5} moves {:>8.0} ms  verified",
                cube.misplaced(),
                sol.moves.len(),
                millis
            );
            runs.push(Run {
                length: sol.moves.len(),
                millis,
                scramble: scr.filter(|&n| n <= 100),
            });
        }
        let mut lens: Vec<f64> = runs.iter().map(|r| r.length as f64).collect();
        let mut times: Vec<f64> = runs.iter().map(|r| r.millis).collect();
        let (l0, l1, l2) = stats(&mut lens);
        let (t0, t1, t2) = stats(&mut times);
        outln!(
            "  => length min/median/max {l0:.0}/{l1:.0}/{l2:.0}, time min/median/max {t0:.0}/{t1:.0}/{t2:.0} ms"
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
    fn progress_names_the_stage_and_in_a_further_run_the_best_so_far() {
        let mut p = Progress {
            stage: "beam",
            misplaced: 300,
            moves: 12,
            effort: 3,
            best: None,
            symmetry: 0,
            percent: None,
        };
        assert_eq!(progress_message(&p), "solving: beam, 300 cells misplaced");
        p.best = Some(565);
        assert_eq!(
            progress_message(&p),
            "solving: beam, 300 cells misplaced (effort 3; best so far 565 moves)"
        );
        p.effort = 2;
        p.symmetry = 4;
        assert_eq!(
            progress_message(&p),
            "solving: beam, 300 cells misplaced (effort 2, symmetry 4 of 11; best so far 565 moves)"
        );
        p.stage = "anneal";
        p.percent = Some(37);
        assert_eq!(
            progress_message(&p),
            "solving: anneal 37%, 300 cells misplaced (effort 2, symmetry 4 of 11; best so far 565 moves)"
        );
    }
}
