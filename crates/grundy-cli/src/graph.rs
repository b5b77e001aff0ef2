//! `grundy graph GAME POSITION...`: the state graph as SVG, PNG or DOT.
use anyhow::{anyhow, bail};
use clap::{Args, ValueEnum};
use grundy::play::StateGraph;
use grundy::present::picture::{self, Scene};
use grundy::Limits;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::output::{Picture, PictureFormat};

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
    /// A PNG image of the same picture as the SVG.
    Png,
}

impl PictureFormat for Format {
    const HELP: &'static str = "The output format (default: from the -o extension, else svg)";
    const COMMAND: &'static str = "graph";
    const EXTENSIONS: &'static [(&'static str, Format)] = &[
        ("svg", Format::Svg),
        ("dot", Format::Dot),
        ("gv", Format::Dot),
        ("png", Format::Png),
    ];
    const PLAIN: Option<Format> = Some(Format::Svg);
}

/// Arguments of `grundy graph`.
#[derive(Args, Debug)]
pub struct GraphArgs {
    #[command(flatten)]
    picture: Picture<Format>,
    /// Draw each position in its node as its game draws it (boards,
    /// graphs, coins, heaps; SVG only).
    #[arg(long)]
    drawings: bool,
}

/// Runs the command; `limits` caps the number of positions drawn.
pub fn run(args: &GraphArgs, limits: &Limits) -> anyhow::Result<()> {
    let (game, position) = args.picture.position.read()?;
    let format = args.picture.out.format()?.unwrap_or(Format::Svg);
    let graph = match StateGraph::build(&*game, &position, limits) {
        Err(e) if StateGraph::too_many_positions(&e) => bail!(
            "the state graph has more than {} positions, too many to draw (--max-states is {}{}); raise --max-states or start from a smaller position",
            limits.max_states,
            limits.max_states,
            if limits.max_states == DEFAULT_MAX_NODES { ", graph's default" } else { "" }
        ),
        other => other?,
    };
    let title = graph.title(&*game);
    limits.check_room(picture_bytes(&graph, format, args.drawings), "the picture")?;
    let bytes = match format {
        Format::Svg if args.drawings => picture::to_svg_drawn(&graph, &title, &*game).into_bytes(),
        Format::Svg => picture::to_svg(&graph, &title).into_bytes(),
        _ if args.drawings => bail!("--drawings draws SVG only; use --format svg"),
        Format::Dot => picture::to_dot(&graph, &title).into_bytes(),
        Format::Png => png(&picture::scene(&graph, &title), limits)?,
    };
    if args.picture.out.output.is_none() && format == Format::Png {
        bail!("a PNG picture is written to a file: add -o FILE.png");
    }
    args.picture.out.write(&bytes)
}

/// About the bytes of the picture of `graph` as text, at least: a box
/// and its labels for each position (its texts written three times:
/// label, title, drawing), a curve and its arrow for each move. A
/// picture past the memory budget is refused before it is written: one
/// of ten million positions once took 2 GB beside a 1 GiB budget.
fn picture_bytes(graph: &StateGraph, format: Format, drawings: bool) -> u64 {
    let texts: usize = (graph.nodes.iter())
        .map(|n| match n {
            grundy::play::Node::Position(parts) => parts.iter().map(String::len).sum(),
            _ => 0,
        })
        .sum();
    // Measured on Kayles 12 and Cram 3x4: SVG 1.29 and 1.71 MB (with
    // drawings), DOT 0.36 MB; the PNG's pixels are counted apart.
    let (per_text, per_node, per_edge) = match format {
        Format::Dot => (2, 100, 40),
        _ if drawings => (3, 2500, 150),
        _ => (3, 300, 150),
    };
    let nodes = graph.nodes.len() as u64;
    let edges = graph.solved.graph().edge_count() as u64;
    (texts as u64 * per_text)
        .saturating_add(nodes.saturating_mul(per_node))
        .saturating_add(edges.saturating_mul(per_edge))
}

/// `#rrggbb` as a colour.
fn colour(hex: &str) -> RGBColor {
    let part = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0);
    RGBColor(part(1), part(3), part(5))
}

/// The picture laid out by the engine, drawn into a PNG image: the same
/// boxes, lines and labels as the SVG (curves as short segments, labels
/// only when a system font is found, as for `seq --plot`).
fn png(scene: &Scene, limits: &Limits) -> anyhow::Result<Vec<u8>> {
    let (w, h) = (scene.width.ceil() as u32, scene.height.ceil() as u32);
    let bytes = u64::from(w) * u64::from(h) * 3;
    limits.check_room(bytes, "drawing the picture's pixels")?;
    let labels = crate::plot::register_font();
    let mut pixels = vec![255u8; bytes as usize];
    {
        let root = BitMapBackend::with_buffer(&mut pixels, (w, h)).into_drawing_area();
        let err = |e: DrawingAreaErrorKind<_>| anyhow!("cannot draw the picture: {e}");
        let at = |x: f64, y: f64| (x.round() as i32, (y + scene.top).round() as i32);
        for e in &scene.edges {
            let (line, width) = match e.win {
                true => (colour("#1a9850"), 3),
                false => (colour("#999999"), 1),
            };
            let points: Vec<(i32, i32)> = e.curve.points().iter().map(|&(x, y)| at(x, y)).collect();
            root.draw(&PathElement::new(points.clone(), line.stroke_width(width)))
                .map_err(err)?;
            // The arrowhead, along the last segment.
            if let [.., (ax, ay), (bx, by)] = points[..] {
                let (dx, dy) = ((bx - ax) as f64, (by - ay) as f64);
                let len = dx.hypot(dy).max(1.0);
                let (ux, uy) = (dx / len * 9.0, dy / len * 9.0);
                let side = |s: f64| {
                    (
                        (bx as f64 - ux - s * uy * 0.5) as i32,
                        (by as f64 - uy + s * ux * 0.5) as i32,
                    )
                };
                root.draw(&Polygon::new(
                    vec![(bx, by), side(1.0), side(-1.0)],
                    line.filled(),
                ))
                .map_err(err)?;
            }
        }
        for n in &scene.nodes {
            let (fill, line) = (colour(n.colours.0), colour(n.colours.1));
            let corners = [
                at(n.x - n.w / 2.0, n.y - n.h / 2.0),
                at(n.x + n.w / 2.0, n.y + n.h / 2.0),
            ];
            root.draw(&Rectangle::new(corners, fill.filled()))
                .map_err(err)?;
            let width = if n.start { 3 } else { 1 };
            root.draw(&Rectangle::new(corners, line.stroke_width(width)))
                .map_err(err)?;
            if labels {
                let centre = Pos::new(HPos::Center, VPos::Center);
                let text = ("sans-serif", 12).into_font().color(&BLACK).pos(centre);
                root.draw(&Text::new(n.label.clone(), at(n.x, n.y - 8.0), text))
                    .map_err(err)?;
                let bold = ("sans-serif", 12).into_font().color(&line).pos(centre);
                root.draw(&Text::new(n.value.clone(), at(n.x, n.y + 9.0), bold))
                    .map_err(err)?;
            }
        }
        if labels {
            let title = ("sans-serif", 14).into_font().color(&BLACK);
            root.draw(&Text::new(scene.title.clone(), (30, 18), title))
                .map_err(err)?;
            let (legend, lx, ly) = scene.legend;
            let small = ("sans-serif", 11).into_font().color(&colour("#555555"));
            root.draw(&Text::new(legend, (lx as i32, ly as i32 - 11), small))
                .map_err(err)?;
        }
        root.present()
            .map_err(|e| anyhow!("cannot draw the picture: {e}"))?;
    }
    crate::plot::encode_png(&pixels, w, h)
}
