//! `grundy solve GAME`: every vertex of a finite explicit graph with its
//! outcome, remoteness and generalized Sprague-Grundy value.

use anyhow::anyhow;
use clap::Args;
use grundy::solve::retro::StateTable;
use grundy::{Limits, SpecOptions, Value};

use crate::output::{print, print_json};
use grundy_files::parse_game;

/// Arguments of `grundy solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// A game on a finite explicit graph: graph:FILE.
    game: String,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Misère play: the player who cannot move wins (outcome and
    /// remoteness only; cycles still make draws).
    #[arg(long)]
    misere: bool,
}

/// Runs the command.
pub fn run(args: &SolveArgs, limits: &Limits) -> anyhow::Result<()> {
    let opts = SpecOptions {
        misere: args.misere,
        ..SpecOptions::default()
    };
    let game = parse_game(&args.game, opts)?;
    let table = game.solve_table(limits).ok_or_else(|| {
        anyhow!(
            "`solve` needs a game on a finite explicit graph, such as graph:FILE; {} is not one (use `grundy value`)",
            game.name()
        )
    })??;
    if args.json {
        print_json(&table)
    } else {
        print(&render(&table))
    }
}

/// Values as `grundy value` prints them: `0`, `*`, `*2`, `inf(0,2)`.
fn value_text(v: &Value) -> String {
    match v {
        Value::Finite(n) => n.to_string(),
        other => other.to_string(),
    }
}

/// The human form: a header, then one aligned row per vertex.
pub fn render(t: &StateTable) -> String {
    let mut out = format!("game: {}", t.game);
    out.push_str(match t.misere {
        true => ", misère play (the player who cannot move wins; a draw is play that never ends)\n",
        false => "\n",
    });
    out.push_str(&format!("vertices: {}, edges: {}", t.vertices, t.edges));
    if !t.starts.is_empty() {
        out.push_str(&format!(", start: {}", t.starts.join(" ")));
    }
    out.push('\n');
    let w = crate::render::widest(t.table.iter().map(|r| &r.vertex), 6);
    let columns = match t.misere {
        true => "outcome  remoteness",
        false => "outcome  remoteness  value",
    };
    out.push_str(&format!("{:<w$}  {columns}", "vertex"));
    out.push('\n');
    for r in &t.table {
        let remoteness = r.remoteness.map_or("-".to_string(), |x| x.to_string());
        let row = format!(
            "{:<w$}  {:<7}  {:<10}",
            r.vertex,
            r.outcome.to_string(),
            remoteness
        );
        match &r.value {
            Some(v) => out.push_str(&format!("{row}  {}\n", value_text(v))),
            None => out.push_str(&format!("{}\n", row.trim_end())),
        }
    }
    out
}
