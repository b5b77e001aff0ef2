//! `grundy`: the command-line face of the grundy engine.
//!
//! Every failure is one line `error: ...` on stderr and exit code 2; the
//! only other exit codes are 0 (done) and whatever a signal imposes.

// Text for stderr goes through `say!`, never `eprintln!`, which panics
// when stderr is closed.
#![warn(clippy::print_stderr)]

/// Writes to stderr like `eprint!`, but a closed stderr (`2>&1 | head`)
/// is ignored instead of a panic, which inside the panic hook aborted the
/// process (exit 134) where an error was being reported.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr(), $($arg)*);
    }};
}

/// [`say!`] with a newline, like `eprintln!`.
macro_rules! sayln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

use grundy_files::memory as alloc;
mod board_run;
mod checkpoint;
mod cluster;
mod compound;
mod draw;
mod explain;
mod graph;
mod longrun;
mod nim_arith;
mod output;
mod play;
mod plot;
mod position;
mod quotient;
mod render;
mod seconds;
mod seq;
mod serve;
mod solve;
mod table;
mod value;

use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, OnceLock};

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use grundy::Limits;

#[global_allocator]
static ALLOCATOR: alloc::Counting = alloc::Counting;

/// Solve impartial combinatorial games: Sprague-Grundy values, outcomes,
/// winning moves and periods.
#[derive(Parser, Debug)]
#[command(name = "grundy", version, propagate_version = true)]
struct Cli {
    /// The most positions a single computation may store (default
    /// 10000000; 500 for `graph`, whose pictures get unreadable beyond;
    /// 200000 for `play`'s search of every position, and per request for
    /// `serve`).
    #[arg(long, global = true, value_name = "N")]
    max_states: Option<u64>,

    /// The most memory a computation may hold, e.g. 512M, 4G or bytes
    /// (default: half the machine's memory, at most 1G). Computations
    /// that would need more stop with an error instead of exhausting the
    /// machine.
    #[arg(long, global = true, value_name = "SIZE", value_parser = alloc::parse_size)]
    memory: Option<u64>,

    /// The most seconds a command may compute; it then stops with an
    /// error saying so, keeping what it has as on Ctrl-C (seq, quotient
    /// and table runs, and board searches with --checkpoint, save it).
    /// Not for serve (see --time-limit) or play (see --think).
    #[arg(long, global = true, value_name = "SECS", allow_negative_numbers = true, value_parser = seconds::timeout)]
    timeout: Option<seconds::Seconds>,

    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Values, outcome and winning moves of a sum of components.
    Value(value::ValueArgs),
    /// Why a position has its value: each component's options and their
    /// mex, the values in binary and their XOR, why each winning move wins.
    Explain(explain::ExplainArgs),
    /// The Grundy sequence G(0..=N) of a heap game, with its period.
    Seq(seq::SeqArgs),
    /// The misère quotient of a heap game (Plambeck and Siegel): the monoid
    /// that decides every misère sum of heaps up to N.
    Quotient(quotient::QuotientArgs),
    /// The periods of many take-and-break games, one row per game: codes
    /// with digit classes (0.[0-7][0-7]), --digits N or --file FILE.
    #[allow(rustdoc::broken_intra_doc_links)] // Help text: brackets are literal.
    Table(table::TableArgs),
    /// Every vertex of a finite explicit graph (graph:FILE): outcome (P, N
    /// or D for a draw), remoteness and generalized Sprague-Grundy value.
    Solve(solve::SolveArgs),
    /// The state graph of a position as a picture (SVG, or DOT for Graphviz):
    /// values on the nodes, P-positions red, winning moves green.
    Graph(graph::GraphArgs),
    /// The position as its game draws it (boards, graphs, coins, heaps):
    /// text with coordinates, SVG, or JSON with the keys of each move.
    Draw(draw::DrawArgs),
    /// Play against the computer, which plays perfectly.
    Play(play::PlayArgs),
    /// The web playground: a page and a JSON API on http://127.0.0.1:8080
    /// (each request limited to --max-states states, default 200000).
    Serve(serve::ServeArgs),
    /// List the games grundy knows.
    Games,
    /// The nim-sum (XOR) of two nimbers below 2^64.
    NimSum(nim_arith::TwoArgs),
    /// The nim-product of two nimbers below 2^64 (Conway's multiplication,
    /// the value of product games by the Tartan theorem).
    NimProduct(nim_arith::TwoArgs),
    /// A nimber to an ordinary power, in nim-multiplication.
    NimPower(nim_arith::TwoArgs),
    /// The nim-inverse of a nonzero nimber below 2^64.
    NimInverse(nim_arith::OneArg),
}

fn main() -> ExitCode {
    output::report_panics();
    output::catch_panic(run)
}

/// The commands that compute nothing, so that no global option (budgets)
/// applies to them: their help does not list those options.
const WITHOUT_BUDGETS: &[&str] = &[
    "games",
    "nim-sum",
    "nim-product",
    "nim-power",
    "nim-inverse",
];

/// The command line, parsed. Global options are defined once but shown
/// only where they apply.
fn parse_args() -> Result<Cli, clap::Error> {
    let cmd = Cli::command();
    let globals: Vec<clap::Arg> = cmd
        .get_arguments()
        .filter(|a| a.is_global_set())
        .map(|a| a.clone().hide(true))
        .collect();
    // clap does not propagate a global option into a subcommand that has
    // an option of that name: give those subcommands a hidden copy.
    let cmd = cmd.mut_subcommands(|sub| {
        if WITHOUT_BUDGETS.contains(&sub.get_name()) {
            sub.args(globals.iter().cloned())
        } else {
            sub
        }
    });
    Cli::from_arg_matches(&cmd.try_get_matches()?)
}

/// The one flag that asks the computation to stop: `--timeout` raises it,
/// and Ctrl-C once [`stop_on_signal`] is called.
fn stop_flag() -> Arc<AtomicBool> {
    static STOP: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    STOP.get_or_init(|| Arc::new(AtomicBool::new(false)))
        .clone()
}

/// [`stop_flag`], raised by Ctrl-C, SIGTERM and SIGHUP too (ctrlc's
/// `termination` feature): for the long commands that stop cleanly and
/// keep what they have done.
pub fn stop_on_signal() -> Arc<AtomicBool> {
    let stop = stop_flag();
    let flag = stop.clone();
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    stop
}

/// Where the command stands against `--timeout`: running, stopped by the
/// time limit, or finished first. The timer and the command's end each
/// try to move it from running, so exactly one of them decides.
static DEADLINE: AtomicU8 = AtomicU8::new(RUNNING);
const RUNNING: u8 = 0;
const TIMED_OUT: u8 = 1;
const FINISHED: u8 = 2;

/// Whether `--timeout` raised the stop flag (rather than a signal): the
/// commands that print what they finished leave that case to [`run`].
pub fn timed_out() -> bool {
    DEADLINE.load(Ordering::Acquire) == TIMED_OUT
}

/// `--timeout`, once its timer started.
static TIMEOUT: std::sync::OnceLock<seconds::Seconds> = std::sync::OnceLock::new();

/// What raised the stop flag, in the words of an error line: the time
/// limit (when [`timed_out`]) or "interrupted" (Ctrl-C or a signal).
pub fn stop_cause() -> String {
    match TIMEOUT.get().filter(|_| timed_out()) {
        Some(secs) => format!("the time limit ran out (--timeout {} s)", secs.get()),
        None => "interrupted".to_string(),
    }
}

/// Raises the stop flag after `secs` seconds, from a thread of its own.
fn start_timeout(secs: seconds::Seconds) {
    let _ = TIMEOUT.set(secs);
    let stop = stop_flag();
    std::thread::spawn(move || {
        std::thread::sleep(secs.duration());
        let moved =
            DEADLINE.compare_exchange(RUNNING, TIMED_OUT, Ordering::AcqRel, Ordering::Acquire);
        if moved.is_ok() {
            stop.store(true, Ordering::Release);
        }
    });
}

fn run() -> ExitCode {
    let cli = match parse_args() {
        Ok(cli) => cli,
        Err(e) => return output::clap_failure(e),
    };
    let default_states = match cli.command {
        Command::Graph(_) => graph::DEFAULT_MAX_NODES,
        Command::Serve(_) => serve::DEFAULT_MAX_STATES,
        Command::Play(_) => play::DEFAULT_MAX_STATES,
        _ => Limits::DEFAULT_MAX_STATES,
    };
    let mut limits = Limits::with_max_states(cli.max_states.unwrap_or(default_states)).with_memory(
        cli.memory.unwrap_or_else(alloc::default_budget),
        alloc::held,
    );
    grundy_files::stop_waits_with(stop_flag());
    if let Some(secs) = cli.timeout {
        // A server's requests have their own --time-limit, and a game of
        // play would count the human's turns.
        if let Command::Serve(_) | Command::Play(_) = cli.command {
            return output::failure(&anyhow::anyhow!(
                "--timeout bounds a computation, not `serve` (see --time-limit, per request) or `play` (whose time would count your turns; see --think, per position)"
            ));
        }
        limits.stop = Some(stop_flag());
        start_timeout(secs);
    }
    let result = match cli.command {
        Command::Value(args) => value::run(&args, &limits),
        Command::Explain(args) => explain::run(&args, &limits),
        Command::Seq(args) => {
            // The run stops at the next chunk, which saves its state.
            limits.stop = Some(stop_on_signal());
            seq::run(&args, &limits)
        }
        // The games running stop; finished rows are kept.
        Command::Table(args) => table::run(&args, &limits, &stop_on_signal()),
        Command::Quotient(args) => {
            // The heap being proven stops; the quotient before it is printed.
            limits.stop = Some(stop_on_signal());
            quotient::run(&args, &limits)
        }
        Command::Solve(args) => solve::run(&args, &limits),
        Command::Graph(args) => graph::run(&args, &limits),
        Command::Play(args) => play::run(&args, &limits),
        Command::Draw(args) => draw::run(&args, &limits),
        Command::Serve(args) => serve::run(&args, limits.clone()),
        Command::Games => output::print(&games_text()),
        Command::NimSum(args) => nim_arith::run_two(nim_arith::Op::Sum, &args),
        Command::NimProduct(args) => nim_arith::run_two(nim_arith::Op::Product, &args),
        Command::NimPower(args) => nim_arith::run_two(nim_arith::Op::Power, &args),
        Command::NimInverse(args) => nim_arith::run_inverse(&args),
    };
    let timed_out = DEADLINE
        .compare_exchange(RUNNING, FINISHED, Ordering::AcqRel, Ordering::Acquire)
        .is_err();
    let ran_out = stop_cause();
    match result {
        // A command that prints what it finished before a stop (`seq
        // --misere`) still ends in the time limit's error.
        Ok(()) if timed_out => {
            output::failure(&anyhow::anyhow!("{ran_out}; what was finished is above"))
        }
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if timed_out => output::failure(&e.context(ran_out)),
        Err(e) if e.downcast_ref::<longrun::Interrupted>().is_some() => {
            sayln!("{e}");
            ExitCode::from(130)
        }
        Err(e) => output::failure(&e),
    }
}

fn games_text() -> String {
    let games = grundy::registry::GAMES;
    let width = games.iter().map(|g| g.pattern.len()).max().unwrap_or(0);
    let mut out = String::new();
    for g in games {
        out.push_str(&format!(
            "{:<width$}  {} [components: {}]\n",
            g.pattern, g.about, g.components
        ));
    }
    out
}
