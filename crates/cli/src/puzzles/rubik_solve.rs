//! Front end for solving the 3×3×3: `cubist solve` and `cubist bench --puzzle 333`.
//!
//! A batch (several cubes, one per line) is solved in parallel (with `--method optimal`
//! one cube after another, each search on every core); answers are printed in input
//! order, all at once after every cube is done. Each cube that cannot be read or
//! solved gets one line on standard error and raises the exit status (2 malformed,
//! 1 unreachable or unsolved); the others are still solved.

use crate::failure::Unsolvable;
use crate::input::Input;
use crate::output::outln;
use crate::settings::{BenchSettings, Method, Notation, SolveSettings};
use anyhow::{anyhow, bail, Result};
use cubist_rubik::solve::{
    layers, optimal, thistlethwaite, two_phase, Options, SolveError, StagedSolution,
};
use cubist_rubik::{Alg, CubeError, CubieCube, Format, ParsedCube};
use cubist_tables::Spinner;
use optimal::TableSize;
use rand::SeedableRng;
use rayon::prelude::*;
use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// What solving one cube gave.
struct Answer {
    /// The whole solution.
    moves: Alg,
    /// Stage names and moves, for staged methods.
    stages: Option<StagedSolution>,
    /// Wall-clock solving time.
    millis: f64,
    /// Processor time of the whole process while solving (all its threads), where the
    /// system tells it.
    cpu_millis: Option<f64>,
    /// Phase-1 nodes the two-phase search expanded.
    nodes: Option<u64>,
    /// A remark for standard error (time budget ran out).
    note: Option<String>,
}

/// Solve one cube with the chosen method.
fn solve_cube(cube: &CubieCube, method: Method, opts: &Options, size: TableSize) -> Result<Answer> {
    let start = Instant::now();
    let cpu_start = cpu_millis();
    let mut nodes = None;
    let (moves, stages, note) = match method {
        Method::TwoPhase => {
            let (sol, work) = two_phase::solve_counted(cube, opts);
            nodes = Some(work.phase1_nodes);
            let sol = sol.map_err(solve_error)?;
            let note = (!sol.complete).then(|| {
                format!(
                    "time budget ran out; best found has {} moves (target {})",
                    sol.moves.len(),
                    opts.max_length
                )
            });
            (sol.moves, None, note)
        }
        Method::Thistlethwaite => {
            let staged = thistlethwaite::solve(cube);
            (staged.merged(), Some(staged), None)
        }
        Method::Layers => {
            let staged = layers::solve(cube);
            (staged.merged(), Some(staged), None)
        }
        Method::Optimal => {
            let sol = optimal::solve_sized(cube, opts, size).map_err(solve_error)?;
            let note = (!sol.complete).then(|| {
                format!(
                    "time budget ran out; best found has {} moves, not proven optimal",
                    sol.moves.len()
                )
            });
            (sol.moves, None, note)
        }
    };
    Ok(Answer {
        moves,
        stages,
        millis: start.elapsed().as_secs_f64() * 1000.0,
        cpu_millis: cpu_start.zip(cpu_millis()).map(|(a, b)| b - a),
        nodes,
        note,
    })
}

/// Processor time this process has used so far (all threads), in milliseconds: on a
/// shared machine it says more of a solver's cost than the wall clock.
fn cpu_millis() -> Option<f64> {
    #[cfg(unix)]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: clock_gettime only writes the timespec it is given.
        let ok = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) } == 0;
        ok.then(|| ts.tv_sec as f64 * 1e3 + ts.tv_nsec as f64 / 1e6)
    }
    #[cfg(not(unix))]
    None
}

/// A solver's failure as an error with the right exit status.
fn solve_error(e: SolveError) -> anyhow::Error {
    match e {
        SolveError::Unreachable | SolveError::NoSolution(_) | SolveError::TimedOut => {
            Unsolvable(e.to_string()).into()
        }
    }
}

/// The method's name as typed on the command line.
fn method_name(m: Method) -> &'static str {
    match m {
        Method::TwoPhase => "two-phase",
        Method::Optimal => "optimal",
        Method::Thistlethwaite => "thistlethwaite",
        Method::Layers => "layers",
    }
}

/// The moves in the chosen notation, one string per move.
fn move_strings(alg: &Alg, notation: Notation) -> Vec<String> {
    alg.0
        .iter()
        .map(|m| match notation {
            Notation::Wca => m.to_string(),
            Notation::Counted => m.counted(),
        })
        .collect()
}

/// A whole sequence in the chosen notation (WCA separated by spaces, counted run
/// together).
fn alg_text(alg: &Alg, notation: Notation) -> String {
    match notation {
        Notation::Wca => alg.to_string(),
        Notation::Counted => alg.to_counted(),
    }
}

/// The output lines of one answer.
fn render(answer: &Answer, args: &SolveSettings) -> String {
    if args.json {
        let json = |v: &Vec<String>| serde_json::to_string(v).unwrap_or_default();
        // With the stages shown, the moves are exactly the stages' moves in order.
        let moves = match (&answer.stages, args.stages) {
            (Some(staged), true) => staged.moves(),
            _ => answer.moves.clone(),
        };
        let stages = match (args.stages, &answer.stages) {
            (true, Some(staged)) => {
                let stages: Vec<String> = staged
                    .stages
                    .iter()
                    .map(|(name, alg)| {
                        format!(
                            "{{\"name\":{},\"moves\":{}}}",
                            serde_json::Value::from(*name),
                            json(&move_strings(alg, args.notation))
                        )
                    })
                    .collect();
                Some(format!("\"stages\":[{}]", stages.join(",")))
            }
            _ => None,
        };
        return crate::output::solution_json(
            "333",
            &move_strings(&moves, args.notation),
            answer.millis,
            stages.as_deref(),
        );
    }
    match (&answer.stages, args.stages) {
        (Some(staged), true) => {
            let mut out = String::new();
            for (i, (name, alg)) in staged.stages.iter().enumerate() {
                if i > 0 {
                    out.push('\n');
                }
                let _ = write!(out, "{name}:");
                if !alg.is_empty() {
                    let _ = write!(out, " {}", alg_text(alg, args.notation));
                }
            }
            out
        }
        _ => alg_text(&answer.moves, args.notation),
    }
}

/// `cubist solve` for the 3×3×3.
pub fn solve(args: &SolveSettings, input: &Input) -> Result<ExitCode> {
    let format = args
        .input
        .as_deref()
        .map(|f| f.parse::<Format>().map_err(|e| anyhow!("--input: {e}")))
        .transpose()?;
    let size = table_size(args.table_size.as_deref(), args.method)?;
    let cubes =
        cubist_rubik::parse(&input.text, format).map_err(|e| anyhow!("{}: {e}", input.name))?;
    let opts = Options {
        max_length: args.max_length,
        timeout: args.timeout.map(Duration::from_millis),
    };
    // Load the tables before the clock starts on any cube; copied into memory for
    // many cubes, only mapped for one.
    if cubes.len() > 1 {
        two_phase::Tables::keep_resident();
    }
    if cubes.iter().any(|c| c.is_ok()) {
        match args.method {
            Method::TwoPhase => {
                two_phase::Tables::get();
            }
            Method::Optimal => {
                optimal::Tables::get(size);
            }
            _ => {}
        }
    }
    // On a terminal, that the search goes on: an optimal solve can take minutes.
    let searching = matches!(args.method, Method::Optimal).then(|| {
        let n = cubes.len();
        Spinner::new(&if n == 1 {
            "searching for the shortest solution".to_string()
        } else {
            format!("searching for the shortest solutions of {n} cubes")
        })
    });
    let solve_one = |parsed: &Result<ParsedCube, CubeError>| {
        let parsed = parsed.as_ref().map_err(|e| cube_error(input, e))?;
        solve_cube(&parsed.cube, args.method, &opts, size).map_err(|e| at_line(input, parsed, e))
    };
    // An optimal search keeps every core busy by itself, so its cubes go one after
    // another; solved side by side, each would wait on the others' share of the
    // cores at every depth.
    let answers: Vec<Result<Answer>> = if args.method == Method::Optimal {
        cubes.iter().map(solve_one).collect()
    } else {
        cubes.par_iter().map(solve_one).collect()
    };
    drop(searching);
    let total = answers.len();
    let single = total == 1;
    let mut out = String::new();
    let mut failures = Vec::new();
    let mut notes = String::new();
    for (k, answer) in answers.into_iter().enumerate() {
        match answer {
            Ok(a) => {
                out.push_str(&render(&a, args));
                if let Some(note) = &a.note {
                    let _ = writeln!(notes, "cubist: {} cube {}: {note}", input.name, k + 1);
                }
                if args.stats {
                    let _ = writeln!(
                        notes,
                        "cube {}: {} moves, {:.3} ms",
                        k + 1,
                        a.moves.len(),
                        a.millis
                    );
                }
            }
            Err(e) if single => return Err(e),
            Err(e) => {
                if args.json {
                    out.push_str(&crate::output::error_json("333", &format!("{e:#}")));
                } else {
                    out.push_str(crate::output::PLACEHOLDER);
                }
                failures.push(e);
            }
        }
        out.push('\n');
    }
    if !notes.is_empty() {
        crate::output::note(notes.trim_end());
    }
    super::rubik::finish_batch(&out, failures, total)
}

/// The optimal solver's table size from `--table-size` (only meaningful with it).
fn table_size(arg: Option<&str>, method: Method) -> Result<TableSize> {
    match arg {
        None => Ok(TableSize::default()),
        Some(name) if method == Method::Optimal => name
            .parse()
            .map_err(|e: String| anyhow!("--table-size: {e}")),
        Some(name) => {
            bail!("--table-size {name}: only the optimal method uses tables of a chosen size")
        }
    }
}

/// A cube's reading error, naming the input and keeping the exit status.
fn cube_error(input: &Input, e: &CubeError) -> anyhow::Error {
    if e.is_unreachable() {
        Unsolvable(format!("{}: {e}", input.name)).into()
    } else {
        anyhow!("{}: {e}", input.name)
    }
}

/// A solving error, naming the input and the cube's line, keeping the exit status.
fn at_line(input: &Input, parsed: &ParsedCube, e: anyhow::Error) -> anyhow::Error {
    let msg = format!("{}: line {}: {e}", input.name, parsed.line);
    if e.downcast_ref::<Unsolvable>().is_some() {
        Unsolvable(msg).into()
    } else {
        anyhow!(msg)
    }
}

/// Sticker-level check of a solution, independent of the solvers' coordinates and of
/// the cubie model's turns: every face turn is a rotation of the stickers in space.
mod stickers {
    use cubist_rubik::{Alg, CubieCube, Face, Facelets};
    use std::sync::OnceLock;

    type V = [i32; 3];

    /// Position of a sticker's cubie and its outward normal (x right, y up, z front),
    /// from the net of SPEC §2.1.
    fn place(i: usize) -> (V, V) {
        let (f, r, c) = (i / 9, (i % 9 / 3) as i32, (i % 3) as i32);
        match Face::from_index(f) {
            Face::U => ([c - 1, 1, r - 1], [0, 1, 0]),
            Face::R => ([1, 1 - r, 1 - c], [1, 0, 0]),
            Face::F => ([c - 1, 1 - r, 1], [0, 0, 1]),
            Face::D => ([c - 1, -1, 1 - r], [0, -1, 0]),
            Face::L => ([-1, 1 - r, c - 1], [-1, 0, 0]),
            Face::B => ([1 - c, 1 - r, -1], [0, 0, -1]),
        }
    }

    fn dot(a: V, b: V) -> i32 {
        a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
    }

    /// A quarter turn clockwise seen from outside along `n`: `v ↦ n(n·v) − n×v`.
    fn rotate(n: V, v: V) -> V {
        let cross = [
            n[1] * v[2] - n[2] * v[1],
            n[2] * v[0] - n[0] * v[2],
            n[0] * v[1] - n[1] * v[0],
        ];
        let k = dot(n, v);
        [
            n[0] * k - cross[0],
            n[1] * k - cross[1],
            n[2] * k - cross[2],
        ]
    }

    /// `to[f][i]`: where sticker `i` goes under a clockwise quarter turn of face `f`.
    fn turns() -> &'static [[usize; 54]; 6] {
        static T: OnceLock<[[usize; 54]; 6]> = OnceLock::new();
        T.get_or_init(|| {
            let places: Vec<(V, V)> = (0..54).map(place).collect();
            std::array::from_fn(|f| {
                let axis = places[f * 9 + 4].1;
                std::array::from_fn(|i| {
                    let (p, n) = places[i];
                    if dot(p, axis) != 1 {
                        return i;
                    }
                    let moved = (rotate(axis, p), rotate(axis, n));
                    places
                        .iter()
                        .position(|&q| q == moved)
                        .expect("a sticker place")
                })
            })
        })
    }

    /// Whether `alg` turns `cube` into the solved cube, sticker by sticker.
    pub fn solves(cube: &CubieCube, alg: &Alg) -> bool {
        let to = turns();
        let mut s = Facelets::from_cubie(cube).0;
        for m in &alg.0 {
            for _ in 0..m.turns {
                let mut next = s;
                for i in 0..54 {
                    next[to[m.face.index()][i]] = s[i];
                }
                s = next;
            }
        }
        Facelets(s).is_solved()
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use cubist_rubik::Move;

        #[test]
        fn agrees_with_the_cubie_model() {
            let to = turns();
            for m in 0..18 {
                let mv = Move::from_index(m);
                let mut s = Facelets::solved().0;
                for _ in 0..mv.turns {
                    let mut next = s;
                    for i in 0..54 {
                        next[to[mv.face.index()][i]] = s[i];
                    }
                    s = next;
                }
                let cubie = Facelets::from_cubie(&CubieCube::SOLVED.apply_move(mv));
                assert_eq!(Facelets(s), cubie, "{mv}");
            }
        }
    }
}

/// Length of the scrambles the optimal solver is benchmarked on: short enough that each
/// takes milliseconds with the large table, so the set stays quick; `--optimal N` adds
/// uniformly random cubes, which take seconds to minutes.
const OPTIMAL_BENCH_SCRAMBLE: usize = 14;

/// Median, mean and maximum of some per-cube figures.
fn spread(values: &mut [f64]) -> (f64, f64, f64) {
    values.sort_by(|a, b| a.total_cmp(b));
    let n = values.len();
    let mean = values.iter().sum::<f64>() / n as f64;
    (values[n / 2], mean, values[n - 1])
}

/// Statistics of one method's run over the bench set: lengths, wall-clock times and,
/// where known, processor times and the two-phase search's phase-1 nodes.
fn summary(label: &str, answers: &[Answer]) -> String {
    let n = answers.len();
    let mut lengths: Vec<usize> = answers.iter().map(|a| a.moves.len()).collect();
    lengths.sort_unstable();
    let mean_len = lengths.iter().sum::<usize>() as f64 / n as f64;
    let mut millis: Vec<f64> = answers.iter().map(|a| a.millis).collect();
    let min_ms = millis.iter().copied().fold(f64::INFINITY, f64::min);
    let (median, mean, max) = spread(&mut millis);
    let mut line = format!(
        "{label:<16} {n:>5} cubes  length min {} median {} mean {mean_len:.2} max {}  \
         time ms min {min_ms:.3} median {median:.3} mean {mean:.3} max {max:.3}",
        lengths[0],
        lengths[n / 2],
        lengths[n - 1],
    );
    let cpu: Option<Vec<f64>> = answers.iter().map(|a| a.cpu_millis).collect();
    if let Some(mut cpu) = cpu {
        let (median, mean, max) = spread(&mut cpu);
        let _ = write!(
            line,
            "  CPU ms median {median:.3} mean {mean:.3} max {max:.3}"
        );
    }
    let nodes: Option<Vec<u64>> = answers.iter().map(|a| a.nodes).collect();
    if let Some(nodes) = nodes {
        let total: u64 = nodes.iter().sum();
        let max = nodes.iter().max().copied().unwrap_or(0);
        let _ = write!(line, "  phase-1 nodes total {total} max {max}");
    }
    line.push_str("  all verified");
    line
}

/// `cubist bench` for the 3×3×3: for each method, a fixed seeded set of uniformly
/// random cubes solved one after another (tables loaded first), every solution checked
/// sticker by sticker; then, with `--optimal N`, N seeded random cubes solved
/// optimally, one line each.
pub fn bench(args: &BenchSettings) -> Result<()> {
    let size = table_size(args.table_size.as_deref(), Method::Optimal)?;
    two_phase::Tables::keep_resident();
    let methods: Vec<Method> = match &args.method {
        None if args.optimal.is_some() => vec![],
        None => vec![Method::TwoPhase, Method::Thistlethwaite, Method::Layers],
        Some(list) => list
            .split(',')
            .map(|name| {
                <Method as clap::ValueEnum>::from_str(name.trim(), true)
                    .map_err(|_| anyhow!("--method: unknown method {name:?}"))
            })
            .collect::<Result<_>>()?,
    };
    for method in methods {
        let count = args.count.unwrap_or(match method {
            Method::TwoPhase | Method::Thistlethwaite => 1000,
            Method::Layers => 200,
            Method::Optimal => 10,
        });
        if count == 0 {
            bail!("--count: expected at least 1");
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(args.seed);
        // This set is meant to take seconds, so the optimal solver gets 14-move
        // scrambles here (random cubes: `--optimal N`).
        let cubes: Vec<CubieCube> = (0..count)
            .map(|_| match method {
                Method::Optimal => CubieCube::from_alg(&cubist_rubik::scramble::random_moves(
                    &mut rng,
                    OPTIMAL_BENCH_SCRAMBLE,
                )),
                _ => cubist_rubik::scramble::random_state(&mut rng),
            })
            .collect();
        // Table set-up is measured apart: solve the solved cube... and one real cube.
        let ready = Instant::now();
        solve_cube(&cubes[0], method, &Options::default(), size)?;
        let setup = ready.elapsed().as_secs_f64() * 1000.0;
        let opts = Options::default();
        let mut answers = Vec::with_capacity(count);
        for (k, cube) in cubes.iter().enumerate() {
            let a = solve_cube(cube, method, &opts, size)?;
            check_answer(cube, &a, method, k)?;
            answers.push(a);
        }
        let label = match method {
            Method::Optimal => format!("optimal ({OPTIMAL_BENCH_SCRAMBLE}-move scrambles)"),
            _ => method_name(method).to_string(),
        };
        outln!(
            "{}  (seed {}, tables and first solve {:.0} ms)",
            summary(&label, &answers),
            args.seed,
            setup
        );
        if method == Method::TwoPhase {
            bench_processes(&cubes)?;
        }
    }
    if let Some(count) = args.optimal {
        bench_optimal_random(count, args.seed, size)?;
    }
    Ok(())
}

/// Runs of a one-cube process timed for the start-up figure (after one more, unmeasured).
const STARTUP_RUNS: usize = 10;

/// Two-phase figures of whole processes, tables cached: `cubist solve` with the first
/// cube alone ([`STARTUP_RUNS`] runs: minimum and median wall time), and with all of
/// `cubes` as one batch (wall time in all and per cube).
fn bench_processes(cubes: &[CubieCube]) -> Result<()> {
    let exe = std::env::current_exe()?;
    let run = |text: &str| -> Result<f64> {
        let start = Instant::now();
        let mut child = std::process::Command::new(&exe)
            .arg("solve")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()?;
        let written = child
            .stdin
            .take()
            .map(|mut stdin| std::io::Write::write_all(&mut stdin, text.as_bytes()));
        let status = child.wait()?;
        if !status.success() || !matches!(written, Some(Ok(()))) {
            bail!("bench: cubist solve as a process failed ({status})");
        }
        Ok(start.elapsed().as_secs_f64() * 1000.0)
    };
    let text = |cubes: &[CubieCube]| -> String {
        cubes
            .iter()
            .map(|c| cubist_rubik::Facelets::from_cubie(c).to_letters() + "\n")
            .collect()
    };
    let one = text(&cubes[..1]);
    run(&one)?;
    let mut times = (0..STARTUP_RUNS)
        .map(|_| run(&one))
        .collect::<Result<Vec<f64>>>()?;
    let min = times.iter().copied().fold(f64::INFINITY, f64::min);
    let (median, _, _) = spread(&mut times);
    outln!(
        "two-phase start-up: one cube a process, tables cached: wall ms min {min:.1} median \
         {median:.1} ({STARTUP_RUNS} runs)"
    );
    let batch = run(&text(cubes))?;
    outln!(
        "two-phase batch: {} cubes in one process: {:.2} s wall, {:.3} ms a cube",
        cubes.len(),
        batch / 1000.0,
        batch / cubes.len() as f64
    );
    Ok(())
}

/// Fail the bench when an answer does not solve its cube, sticker by sticker.
fn check_answer(cube: &CubieCube, a: &Answer, method: Method, k: usize) -> Result<()> {
    if !stickers::solves(cube, &a.moves) {
        bail!(
            "bench: {} solution of cube {} does not solve it: {}",
            method_name(method),
            k + 1,
            a.moves
        );
    }
    Ok(())
}

/// `--optimal N`: N seeded uniformly random cubes solved optimally with the tables of
/// `size` (loaded first, timed apart), one line per cube, then the summary.
fn bench_optimal_random(count: usize, seed: u64, size: TableSize) -> Result<()> {
    if count == 0 {
        bail!("--optimal: expected at least 1");
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let cubes: Vec<CubieCube> = (0..count)
        .map(|_| cubist_rubik::scramble::random_state(&mut rng))
        .collect();
    let ready = Instant::now();
    optimal::Tables::get(size);
    let setup = ready.elapsed().as_secs_f64() * 1000.0;
    let opts = Options::default();
    let mut answers = Vec::with_capacity(count);
    for (k, cube) in cubes.iter().enumerate() {
        let a = solve_cube(cube, Method::Optimal, &opts, size)?;
        check_answer(cube, &a, Method::Optimal, k)?;
        outln!(
            "optimal random cube {}: {} moves, {:.3} s  {}",
            k + 1,
            a.moves.len(),
            a.millis / 1000.0,
            a.moves
        );
        answers.push(a);
    }
    outln!(
        "{}  (seed {seed}, {} tables loaded in {setup:.0} ms)",
        summary("optimal (random)", &answers),
        size.name()
    );
    Ok(())
}
