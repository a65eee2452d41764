//! `cubist`: one binary for the 9×9×9 digit cube ("Cubular") and the Rubik's Cube.
//!
//! This crate is glue: it parses the command line, reads the input, detects the puzzle
//! and hands the work to the puzzle crates. Every error ends up as one line on standard
//! error and an exit status (0 done, 1 valid but unsolvable / not solved, 2 malformed).
//!
//! `commands` holds one module per subcommand (its arguments and `run`); `input` reads
//! a FILE or standard input and detects the puzzle; `puzzles` is one front end per
//! puzzle (parse, solve, print, bench) over `cubist-cubular` and `cubist-rubik`, asked
//! through the plain values of `settings` that the commands make from their arguments;
//! and `failure` turns every error into its one line and exit status.

mod commands;
mod failure;
mod input;
mod output;
mod puzzles;
mod settings;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Reads, checks, turns, solves and shows cube puzzles.
#[derive(Parser)]
#[command(name = "cubist", version, about, long_about = None, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

const EXAMPLES: &str = "\
Examples:
  cubist solve examples/cubular/challenge-1.txt          solve a digit cube, one move per line
  cubist solve < examples/rubik/singmaster-sample.txt    solve a Rubik's Cube (two-phase)
  cubist solve --method optimal cube.txt                 shortest solution (face-turn metric)
  cubist check cube.txt                                  is this a valid, reachable cube?
  cubist verify cube.txt moves.txt                       do these moves solve it?
  cubist scramble --puzzle cubular --seed 7              a repeatable scrambled digit cube
  cubist judge < examples/rubik/judge-sample.in          the batch simulator
  cubist show examples/cubular/challenge-1.txt           draw it in the terminal";

#[derive(Subcommand)]
enum Command {
    /// Print a solution for a cube.
    Solve(commands::solve::SolveArgs),
    /// Check that a cube is well-formed and reachable.
    Check(commands::check::CheckArgs),
    /// Apply moves to a cube and say whether it ends up solved.
    Verify(commands::verify::VerifyArgs),
    /// Apply moves to a cube and print the result in the input's own format.
    Apply(commands::apply::ApplyArgs),
    /// Print a scrambled cube.
    Scramble(commands::scramble::ScrambleArgs),
    /// Batch simulator: is each cube solved after its named turns?
    Judge(commands::judge::JudgeArgs),
    /// Draw a cube in the terminal or as SVG.
    Show(commands::show::ShowArgs),
    /// Search for short sequences that change only a few pieces.
    Magic(commands::magic::MagicArgs),
    /// Solve fixed seeded sets and print length and time statistics.
    Bench(commands::bench::BenchArgs),
    /// Serve the web viewer on 127.0.0.1.
    Serve(commands::serve::ServeArgs),
    /// List the cached table files; `--verify` checks each in full.
    Tables(commands::tables::TablesArgs),
}

fn main() -> ExitCode {
    failure::one_line_panics();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return failure::command_line(&e),
    };
    let result = match &cli.command {
        Command::Solve(a) => commands::solve::run(a),
        Command::Check(a) => commands::check::run(a),
        Command::Verify(a) => commands::verify::run(a),
        Command::Apply(a) => commands::apply::run(a),
        Command::Scramble(a) => commands::scramble::run(a),
        Command::Judge(a) => commands::judge::run(a),
        Command::Show(a) => commands::show::run(a),
        Command::Magic(a) => commands::magic::run(a),
        Command::Bench(a) => commands::bench::run(a),
        Command::Serve(a) => commands::serve::run(a),
        Command::Tables(a) => commands::tables::run(a),
    };
    match result {
        Ok(code) => code,
        Err(err) => failure::report(&err),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;
    use rand::{Rng, SeedableRng};

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    /// Random command lines from the options and values that matter never panic the
    /// parser, and every error it gives becomes one line.
    #[test]
    fn random_command_lines_parse_or_fail_in_one_line() {
        const WORDS: &[&str] = &[
            "solve",
            "check",
            "verify",
            "apply",
            "scramble",
            "judge",
            "show",
            "magic",
            "bench",
            "serve",
            "--puzzle",
            "cubular",
            "333",
            "--input",
            "net",
            "--method",
            "optimal",
            "--time",
            "--work",
            "--timeout",
            "--max-length",
            "--moves",
            "--seed",
            "--count",
            "--optimal",
            "--workers",
            "--port",
            "--svg",
            "-",
            "--json",
            "--stages",
            "--show-moves",
            "--keep",
            "edges",
            "--time-limit",
            "--sets",
            "deep,challenge",
            "0",
            "1",
            "5",
            "6",
            "-1",
            "18446744073709551615",
            "18446744073709551616",
            "1e300",
            "NaN",
            "",
            "--",
            "--help",
            "x.txt",
            "１",
        ];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        for _ in 0..20_000 {
            let n = rng.gen_range(0..7);
            let args: Vec<&str> = std::iter::once("cubist")
                .chain((0..n).map(|_| WORDS[rng.gen_range(0..WORDS.len())]))
                .collect();
            if let Err(e) = Cli::try_parse_from(&args) {
                let line = failure::one_line_for_tests(&e);
                assert!(!line.contains('\n'), "{args:?}: {line}");
            }
        }
    }
}
