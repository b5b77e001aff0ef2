//! `grundy graph GAME POSITION...`: the state graph as SVG or DOT.

use std::path::PathBuf;

use anyhow::{bail, Context};
use clap::{Args, ValueEnum};
use grundy::play::StateGraph;
use grundy::present::picture;
use grundy::{Error, Limits};

use crate::output::print;
use crate::position::PositionArgs;

/// The most positions a picture holds unless `--max-states` says otherwise:
/// beyond a few hundred nodes a picture is no longer readable.
pub const DEFAULT_MAX_NODES: u64 = 500;

/// Picture formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A standalone SVG picture, laid out by grundy.
    Svg,
    /// Graphviz DOT, for `dot -Tpng`.
    Dot,
}

/// Arguments of `grundy graph`.
#[derive(Args, Debug)]
pub struct GraphArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// The output format (default: from the -o extension, else svg).
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Write to FILE instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,
}

/// Runs the command; `limits` caps the number of positions drawn.
pub fn run(args: &GraphArgs, limits: &Limits) -> anyhow::Result<()> {
    let game = args.position.ruleset()?;
    let position = args.position.position(&*game)?;
    let format = match (args.format, &args.output) {
        (Some(f), _) => f,
        (None, Some(path)) => match path.extension().and_then(|e| e.to_str()) {
            Some("dot") | Some("gv") => Format::Dot,
            Some("svg") | None => Format::Svg,
            Some(other) => bail!("cannot tell the format from `.{other}`; use --format svg or dot"),
        },
        (None, None) => Format::Svg,
    };
    let graph = match StateGraph::build(&*game, &position, limits) {
        Err(Error::Limit { .. }) => bail!(
            "the state graph has more than {} positions, too many to draw (--max-states is {}{}); raise --max-states or start from a smaller position",
            limits.max_states,
            limits.max_states,
            if limits.max_states == DEFAULT_MAX_NODES { ", graph's default" } else { "" }
        ),
        other => other?,
    };
    let title = format!("{} {}", game.name(), position.join(" "));
    let text = match format {
        Format::Svg => picture::to_svg(&graph, &title),
        Format::Dot => picture::to_dot(&graph, &title),
    };
    match &args.output {
        Some(path) => {
            std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
        }
        None => print(&text),
    }
}
