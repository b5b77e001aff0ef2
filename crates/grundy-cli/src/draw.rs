//! `grundy draw GAME POSITION...`: the position as its game draws it
//! (boards, graphs, coins, heaps), as text with coordinates, as SVG, or
//! as JSON with the keys that choose each move.

use anyhow::bail;
use clap::{Args, ValueEnum};
use grundy::present::drawing::draw;
use grundy::Limits;

use crate::output::{print_json, Picture, PictureFormat};

/// Drawing formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A standalone SVG picture, each clickable part with its `data-key`.
    Svg,
    /// Boards and rows of coins as text with their coordinates, as `play`
    /// shows them.
    Text,
}

impl PictureFormat for Format {
    const HELP: &'static str = "The output format (default: from the -o extension, else text when every component has a text drawing, else svg)";
    const COMMAND: &'static str = "draw";
    const EXTENSIONS: &'static [(&'static str, Format)] =
        &[("svg", Format::Svg), ("txt", Format::Text)];
    const PLAIN: Option<Format> = None;
}

/// Arguments of `grundy draw`.
#[derive(Args, Debug)]
pub struct DrawArgs {
    #[command(flatten)]
    picture: Picture<Format>,
    /// The drawing as JSON: each component's parts, and each move with
    /// the keys that choose it (to FILE with -o).
    #[arg(long, conflicts_with = "format")]
    json: bool,
}

/// Runs the command.
pub fn run(args: &DrawArgs, limits: &Limits) -> anyhow::Result<()> {
    let (game, position) = args.picture.position.read()?;
    let drawn = draw(&*game, &position, limits)?;
    if args.json {
        return match &args.picture.out.output {
            Some(_) => args
                .picture
                .out
                .write(format!("{}\n", serde_json::to_string_pretty(&drawn)?).as_bytes()),
            None => print_json(&drawn),
        };
    }
    let format = match args.picture.out.format()? {
        Some(f) => f,
        None if drawn.text.is_some() => Format::Text,
        None => Format::Svg,
    };
    let out = match (format, drawn.text) {
        (Format::Svg, _) => drawn.svg,
        (Format::Text, Some(text)) => text,
        (Format::Text, None) => bail!(
            "{} is drawn as a picture, not as text: use --format svg",
            drawn.game
        ),
    };
    args.picture.out.write((out + "\n").as_bytes())
}
