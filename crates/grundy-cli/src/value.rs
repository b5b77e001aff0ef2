//! `grundy value GAME COMPONENT...`

use clap::Args;
use grundy::answer::compound::Compound;
use grundy::present::text::outcome_in_words;
use grundy::{Analysis, Limits, Value};

use crate::board_run::{BoardRun, BoardRunArgs};
use crate::output::{print, print_json};
use crate::position::PositionArgs;

/// Arguments of `grundy value`.
#[derive(Args, Debug)]
pub struct ValueArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Threads that search together (default: every core); games searched
    /// by the split search (cram, node-kayles, chomp) use them. The answer
    /// is the same for every count.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// The most winning moves to list (default 1000). On a board every move
    /// is checked by a search of its own, together often costing more than
    /// the value: 0 lists none (the value alone).
    #[arg(long, value_name = "N")]
    max_moves: Option<usize>,
    #[command(flatten)]
    board: BoardRunArgs,
    #[command(flatten)]
    cluster: crate::cluster::ClusterArgs,
}

/// Runs the command.
pub fn run(args: &ValueArgs, limits: &Limits) -> anyhow::Result<()> {
    let kind = args.position.compound.unwrap_or(Compound::Disjunctive);
    if args.position.sum || kind != Compound::Disjunctive {
        let limits = &Limits {
            max_moves: args.max_moves.unwrap_or(limits.max_moves),
            ..limits.clone()
        };
        return crate::compound::run(&args.position, kind, args.json, limits);
    }
    if let Some(hosts) = &args.cluster.cluster {
        let game = args.position.ruleset()?;
        let comps = args.position.position(&*game)?;
        let (threads, json) = (args.threads, args.json);
        return crate::cluster::run(&args.cluster, hosts, &*game, &comps, threads, json, limits);
    }
    if let Some(n) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n.into())
            .build_global()
            .map_err(|e| anyhow::anyhow!("--threads {n}: {e}"))?;
    }
    let game = args.position.ruleset()?;
    let limits = &Limits {
        max_moves: args.max_moves.unwrap_or(limits.max_moves),
        ..limits.clone()
    };
    let (run, limits) = BoardRun::start(
        &args.board,
        &game.name(),
        || args.position.position(&*game),
        limits,
    )?;
    let analysis = run.finish(match game.files() {
        Some(from_files) => {
            args.position
                .read_files(&*game, from_files)
                .and_then(|(texts, files)| {
                    let a = from_files.analyze_files(&texts, &files, &limits)?;
                    // In normal play an N-position always has a move; a
                    // misère one may be N for having none, which is not
                    // looked up here.
                    let normal = !a.misere;
                    Ok(a.checked(limits.max_moves, || Ok(normal))?)
                })
        }
        None => Ok(game.analyze(&args.position.components(&*game), &limits)?),
    })?;
    if args.json {
        return print_json(&analysis);
    }
    if args.max_moves == Some(0) {
        return print(&render_unlisted(analysis, "(--max-moves 0)"));
    }
    print(&render(&analysis))
}

/// The human form of an analysis whose winning moves were not looked
/// for: `why` says so where a first-player win would list them.
pub fn render_unlisted(a: Analysis, why: &str) -> String {
    let unlisted = a.moves_truncated && a.winning_moves.is_empty();
    let mut out = render(&Analysis {
        moves_truncated: false,
        ..a
    });
    if unlisted {
        out.push_str(&format!("winning moves: not listed {why}\n"));
    }
    out
}

/// The line that opens a list of `n` winning moves.
pub fn moves_heading(n: usize, truncated: bool) -> String {
    let more = if truncated { ", more not listed" } else { "" };
    format!("winning moves ({n}{more}):\n")
}

/// The width of a column of `components`: lined up for components of
/// ordinary length; a longer one (a whole graph) just pushes its row along.
pub fn column_width(components: &[String]) -> usize {
    let widest = components.iter().map(|c| c.chars().count()).max();
    widest.unwrap_or(0).clamp(9, MAX_COLUMN)
}

/// The widest a text column is padded to.
pub const MAX_COLUMN: usize = 60;

pub fn nimber_text(v: &Option<Value>) -> String {
    match v {
        Some(Value::Finite(n)) => n.to_string(),
        Some(other) => other.to_string(),
        None => "?".to_string(),
    }
}

/// The human form: a table of components, the total, the outcome, moves.
pub fn render(a: &Analysis) -> String {
    let mut out = String::new();
    let play = match (a.misere, a.method) {
        (true, Some(method)) => format!(" (misère, decided by {method})"),
        (true, None) => " (misère)".to_string(),
        (false, _) => String::new(),
    };
    out.push_str(&format!("game: {}{play}\n", a.game));
    match &a.values {
        Some(values) => {
            // Columns line up for components of ordinary length; a longer
            // one (a whole graph) just pushes its value along.
            let w = column_width(&a.components);
            out.push_str(&format!("  #  {:<w$}  value\n", "component"));
            for (i, (c, v)) in a.components.iter().zip(values).enumerate() {
                out.push_str(&format!("{:>3}  {c:<w$}  {}\n", i + 1, nimber_text(v)));
            }
            out.push_str(&format!("total: {}\n", nimber_text(&a.grundy)));
        }
        None => out.push_str(&format!("position: {}\n", a.components.join(" "))),
    }
    out.push_str(&format!("outcome: {}\n", outcome_in_words(a.outcome)));
    if a.winning_moves.is_empty() && a.moves_truncated {
        out.push_str("winning moves: not listed (too many or too long to print)\n");
    }
    if !a.winning_moves.is_empty() {
        out.push_str(&moves_heading(a.winning_moves.len(), a.moves_truncated));
        for m in &a.winning_moves {
            let note = m
                .note
                .as_ref()
                .map(|n| format!("   ({n})"))
                .unwrap_or_default();
            match m.component {
                Some(i) => out.push_str(&format!(
                    "  component {}: {} -> {}{note}\n",
                    i + 1,
                    a.components[i],
                    m.to
                )),
                None => out.push_str(&format!("  {} -> {}{note}\n", a.components.join(" "), m.to)),
            }
        }
    }
    out
}
