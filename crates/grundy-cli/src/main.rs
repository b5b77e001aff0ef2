//! `grundy`: the command-line face of the grundy engine.
//!
//! Every failure is one line `error: ...` on stderr and exit code 2; the
//! only other exit codes are 0 (done) and whatever a signal imposes.

mod load;
mod longrun;
mod output;
mod plot;
mod seq;
mod solve;
mod value;

use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use clap::{Parser, Subcommand};
use grundy::Limits;

/// Solve impartial combinatorial games: Sprague-Grundy values, outcomes,
/// winning moves and periods.
#[derive(Parser, Debug)]
#[command(name = "grundy", version, propagate_version = true)]
struct Cli {
    /// The most positions a single computation may store.
    #[arg(long, global = true, default_value_t = Limits::DEFAULT_MAX_STATES, value_name = "N")]
    max_states: u64,

    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Values, outcome and winning moves of a sum of components.
    Value(value::ValueArgs),
    /// The Grundy sequence G(0..=N) of a heap game, with its period.
    Seq(seq::SeqArgs),
    /// Every vertex of a finite explicit graph (graph:FILE): outcome (P, N
    /// or D for a draw), remoteness and generalized Sprague-Grundy value.
    Solve(solve::SolveArgs),
    /// List the games grundy knows.
    Games,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return output::clap_failure(e),
    };
    let mut limits = Limits::with_max_states(cli.max_states);
    let result = match cli.command {
        Command::Value(args) => value::run(&args, &limits),
        Command::Seq(args) => {
            // Ctrl-C stops the run at the next chunk, which saves its state.
            let stop = Arc::new(AtomicBool::new(false));
            let flag = stop.clone();
            let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
            limits.stop = Some(stop);
            seq::run(&args, &limits)
        }
        Command::Solve(args) => solve::run(&args, &limits),
        Command::Games => output::print(&games_text()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.downcast_ref::<longrun::Interrupted>().is_some() => {
            eprintln!("{e}");
            ExitCode::from(130)
        }
        Err(e) => output::failure(&e),
    }
}

fn games_text() -> String {
    let width = grundy::spec::KNOWN_GAMES
        .iter()
        .map(|g| g.0.len())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for (name, comps, about) in grundy::spec::KNOWN_GAMES {
        out.push_str(&format!("{name:<width$}  {about} [components: {comps}]\n"));
    }
    out
}
