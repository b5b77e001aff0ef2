//! `grundy quotient GAME [--to N]`: the misère quotient of a heap game.

use clap::Args;
use grundy::heap::quotient::{MisereQuotient, QuotientReport};
use grundy::{Limits, SpecOptions};
use serde::Serialize;

use crate::output::{print, print_json};

/// Heaps a quotient covers when no `--to` is given: past the heap where
/// the quotients published for octal games settle.
const DEFAULT_TO: u64 = 40;

/// Arguments of `grundy quotient`.
#[derive(Args, Debug)]
pub struct QuotientArgs {
    /// A heap game, e.g. 0.75, sub:1,2, nim, rules:FILE.rhai.
    game: String,
    /// The largest heap: the quotient of every sum of heaps up to N
    /// (default 40).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    to: Option<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs the command.
pub fn run(args: &QuotientArgs, limits: &Limits) -> anyhow::Result<()> {
    let game = crate::load::parse_game(&args.game, SpecOptions::default())?;
    let to = match args.to.as_deref() {
        Some(t) => grundy::ruleset::parse_count(t, "--to", u32::MAX as u64 - 2)?,
        None => DEFAULT_TO,
    };
    let Some(moves) = game.heap_moves() else {
        anyhow::bail!(
            "{} is not a heap game, so it has no misère quotient of heaps; use `grundy value {} ... --misere`",
            game.name(),
            game.name()
        );
    };
    let bar = crate::output::progress_bar(to, "heap {pos}/{len}");
    let reached = MisereQuotient::compute_reached(moves, to, limits, &mut |n, order| {
        bar.set_position(n);
        bar.set_message(format!("order {order}"));
    });
    bar.finish_and_clear();
    let reached = reached?;
    let report = Report {
        quotient: reached.quotient.report(),
        stopped: reached.stopped.map(|(n, e)| Stopped {
            heap: n,
            reason: e.to_string(),
        }),
    };
    if args.json {
        print_json(&report)
    } else {
        print(&text(&report))
    }
}

/// What `grundy quotient` prints: the quotient proven, and why it stops
/// short of `--to` when it does (fields are the public `--json`).
#[derive(Serialize)]
struct Report {
    #[serde(flatten)]
    quotient: QuotientReport,
    /// Absent when every heap asked for was finished.
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<Stopped>,
}

/// The heap a bound stopped, and the bound's one-line message.
#[derive(Serialize)]
struct Stopped {
    heap: u64,
    reason: String,
}

/// The quotient as the literature prints it, then where it stopped short.
fn text(report: &Report) -> String {
    let r = &report.quotient;
    let mut out = format!(
        "game: {}\nmisère quotient of the sums of heaps up to {}\norder: {}\n",
        r.game, r.heaps, r.order
    );
    let gens: Vec<String> = r
        .generators
        .iter()
        .map(|g| format!("{} = heap {}", g.name, g.heap))
        .collect();
    out += &format!("generators: {}\n", list(&gens));
    out += &format!("relations: {}\n", list(&r.relations));
    out += &format!(
        "P-portion ({} elements): {}\n",
        r.p_portion_size,
        r.p_portion.join(", ")
    );
    out += "heap elements:\n";
    for (n, e) in r.heap_elements.iter().enumerate() {
        out += &format!("  {n:>4}  {e}\n");
    }
    let settled = match r.stable {
        true => "stable",
        false => "not yet stable",
    };
    out += &format!("{settled}: unchanged since heap {}\n", r.stable_since);
    out += &format!("{}\n", r.proof);
    if let Some(s) = &report.stopped {
        out += &format!(
            "Q_{} of order {} is proven; heap {} not finished: {}\n",
            r.heaps, r.order, s.heap, s.reason
        );
    }
    out
}

fn list(items: &[String]) -> String {
    match items.is_empty() {
        true => "none".to_string(),
        false => items.join(", "),
    }
}
