//! Pictures of a state graph: DOT for Graphviz users, SVG drawn here.
//!
//! Every node shows its position and its value; P-positions are red, N
//! green-blue, draws grey and dashed; a winning move (from an N-position to
//! a P-position) is a thick green arrow. The SVG layout is layered: a node
//! sits at its distance from the start, and the order within a layer is
//! improved by a few barycenter sweeps, which is enough for the few hundred
//! nodes a readable picture holds. No external program is needed.

use std::fmt::Write;

use petgraph::dot::{Config, Dot};
use petgraph::graph::DiGraph;

use crate::answer::drawing::Drawing;
use crate::answer::Value;
use crate::game::Outcome;
use crate::play::StateGraph;
use crate::present::drawing::{fit, Fitted};
use crate::ruleset::Ruleset;

/// A node as drawn.
struct Node {
    position: String,
    /// The position as shown in SVG (long texts shortened).
    label: String,
    value: String,
    outcome: Outcome,
}

fn nodes(g: &StateGraph) -> Vec<Option<Node>> {
    (0..g.nodes.len() as u32)
        .map(|v| {
            let position = g.position(v)?.join(" ");
            let outcome = g.solved.outcome(v);
            // Misère values are not Sprague-Grundy values: show the outcome.
            let value = if g.misere {
                outcome.to_string()
            } else {
                match g.solved.value(v) {
                    Value::Finite(n) => n.to_string(),
                    other => other.to_string(),
                }
            };
            Some(Node {
                label: shorten(&position, MAX_LABEL),
                position,
                value: shorten(&value, MAX_LABEL),
                outcome,
            })
        })
        .collect()
}

/// Whether the edge `v -> w` is a winning move.
fn winning(g: &StateGraph, v: u32, w: u32) -> bool {
    g.solved.outcome(v) == Outcome::N
        && g.solved.outcome(w) == Outcome::P
        && g.position(w).is_some()
}

fn colours(o: Outcome) -> (&'static str, &'static str) {
    match o {
        Outcome::P => ("#fbe3e1", "#c0392b"),
        Outcome::N => ("#e3f1fa", "#2c7fb8"),
        Outcome::D => ("#eeeeee", "#777777"),
    }
}

/// The state graph in Graphviz DOT.
pub fn to_dot(g: &StateGraph, game: &str) -> String {
    let drawn = nodes(g);
    let mut graph: DiGraph<String, bool> = DiGraph::new();
    let mut index = Vec::with_capacity(drawn.len());
    for n in &drawn {
        index.push(n.as_ref().map(|n| {
            let (fill, line) = colours(n.outcome);
            let style = if n.outcome == Outcome::D {
                "filled,dashed"
            } else {
                "filled"
            };
            graph.add_node(format!(
                "label=\"{}\\n{}\" style=\"{style}\" fillcolor=\"{fill}\" color=\"{line}\"",
                escape_dot(&n.position),
                escape_dot(&n.value)
            ))
        }));
    }
    for v in 0..drawn.len() as u32 {
        for &w in g.solved.graph().options(v) {
            if let (Some(a), Some(b)) = (index[v as usize], index[w as usize]) {
                graph.add_edge(a, b, winning(g, v, w));
            }
        }
    }
    let body = Dot::with_attr_getters(
        &graph,
        &[
            Config::EdgeNoLabel,
            Config::NodeNoLabel,
            Config::GraphContentOnly,
        ],
        &|_, e| {
            if *e.weight() {
                "color=\"#1a9850\" penwidth=2.5".to_string()
            } else {
                "color=\"#999999\"".to_string()
            }
        },
        &|_, (_, attrs)| attrs.clone(),
    );
    format!(
        "digraph \"{}\" {{\n    node [shape=box fontname=\"sans-serif\"];\n{body}}}\n",
        escape_dot(game)
    )
}

fn escape_dot(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

fn escape_xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const LAYER_GAP: f64 = 90.0;
const NODE_GAP: f64 = 24.0;
const NODE_H: f64 = 40.0;
const CHAR_W: f64 = 7.4;
const MARGIN: f64 = 30.0;

/// Layers (distance from the start) and the order within each layer.
fn layout(g: &StateGraph, drawn: &[Option<Node>]) -> (Vec<usize>, Vec<Vec<u32>>) {
    let n = drawn.len();
    let mut layer = vec![usize::MAX; n];
    let mut layers: Vec<Vec<u32>> = Vec::new();
    let mut queue = std::collections::VecDeque::from([0u32]);
    layer[0] = 0;
    while let Some(v) = queue.pop_front() {
        let l = layer[v as usize];
        if layers.len() <= l {
            layers.push(Vec::new());
        }
        layers[l].push(v);
        for &w in g.solved.graph().options(v) {
            if layer[w as usize] == usize::MAX && drawn[w as usize].is_some() {
                layer[w as usize] = l + 1;
                queue.push_back(w);
            }
        }
    }
    // Barycenter sweeps: a node moves towards the mean place of its
    // neighbours in the layer above (down sweeps) or below (up sweeps).
    let parents = g.solved.graph().reversed();
    let mut place = vec![0f64; n];
    for l in &layers {
        for (i, &v) in l.iter().enumerate() {
            place[v as usize] = i as f64;
        }
    }
    for sweep in 0..4 {
        let down = sweep % 2 == 0;
        let order: Vec<usize> = if down {
            (1..layers.len()).collect()
        } else {
            (0..layers.len().saturating_sub(1)).rev().collect()
        };
        for li in order {
            let neighbour_layer = if down { li - 1 } else { li + 1 };
            let mut keyed: Vec<(f64, u32)> = layers[li]
                .iter()
                .map(|&v| {
                    let near: Vec<f64> = if down {
                        parents.options(v).to_vec()
                    } else {
                        g.solved.graph().options(v).to_vec()
                    }
                    .into_iter()
                    .filter(|&w| layer[w as usize] == neighbour_layer)
                    .map(|w| place[w as usize])
                    .collect();
                    let key = if near.is_empty() {
                        place[v as usize]
                    } else {
                        near.iter().sum::<f64>() / near.len() as f64
                    };
                    (key, v)
                })
                .collect();
            keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
            layers[li] = keyed.iter().map(|&(_, v)| v).collect();
            for (i, &v) in layers[li].iter().enumerate() {
                place[v as usize] = i as f64;
            }
        }
    }
    (layer, layers)
}

/// The widest a picture gets: a layer wider than this is wrapped into
/// several rows, and longer texts are shortened, so that a state graph of a
/// few hundred positions stays readable on a screen.
pub const MAX_WIDTH: f64 = 1600.0;

/// The most characters of a position or title shown; the whole text is
/// kept in the node's tooltip.
const MAX_LABEL: usize = 40;

/// Gap between the rows a wrapped layer is split into, below the nodes.
const ROW_GAP: f64 = 26.0;

/// The room a position's drawing takes in a node: at most this high...
const THUMB_H: f64 = 60.0;
/// ... and this wide.
const THUMB_W: f64 = 160.0;

/// `s` cut to `max` characters, marked with an ellipsis when cut.
fn shorten(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

/// The layers split into rows of at most `room` pixels (a node wider than
/// that alone on its row), each row with the y of its nodes' centres.
fn rows(
    layers: &[Vec<u32>],
    width_of: &dyn Fn(u32) -> f64,
    room: f64,
    node_h: f64,
) -> Vec<(Vec<u32>, f64)> {
    let mut out = Vec::new();
    let mut y = MARGIN + 30.0 + node_h / 2.0;
    for l in layers {
        let mut row: Vec<u32> = Vec::new();
        let mut used = 0.0;
        for &v in l {
            let w = width_of(v);
            if !row.is_empty() && used + NODE_GAP + w > room {
                out.push((std::mem::take(&mut row), y));
                y += node_h + ROW_GAP;
                used = 0.0;
            }
            used += if row.is_empty() { w } else { NODE_GAP + w };
            row.push(v);
        }
        out.push((row, y));
        y += LAYER_GAP + node_h - NODE_H;
    }
    out
}

/// The line of an edge: straight, or a cubic Bézier curve with its two
/// control points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Curve {
    /// From the first point to the second.
    Line((f64, f64), (f64, f64)),
    /// From the first point to the last, pulled towards the middle two.
    Cubic((f64, f64), (f64, f64), (f64, f64), (f64, f64)),
}

impl Curve {
    /// The SVG path of the curve.
    pub fn path(&self) -> String {
        match *self {
            Curve::Line((x1, y1), (x2, y2)) => format!("M{x1:.1},{y1:.1} L{x2:.1},{y2:.1}"),
            Curve::Cubic((x1, y1), (ax, ay), (bx, by), (x2, y2)) => {
                format!("M{x1:.1},{y1:.1} C{ax:.1},{ay:.1} {bx:.1},{by:.1} {x2:.1},{y2:.1}")
            }
        }
    }

    /// Points along the curve, ends included, for pictures drawn with
    /// straight segments.
    pub fn points(&self) -> Vec<(f64, f64)> {
        match *self {
            Curve::Line(a, b) => vec![a, b],
            Curve::Cubic(a, b, c, d) => (0..=16)
                .map(|i| {
                    let t = i as f64 / 16.0;
                    let u = 1.0 - t;
                    let at = |p: f64, q: f64, r: f64, s: f64| {
                        u * u * u * p + 3.0 * u * u * t * q + 3.0 * u * t * t * r + t * t * t * s
                    };
                    (at(a.0, b.0, c.0, d.0), at(a.1, b.1, c.1, d.1))
                })
                .collect(),
        }
    }
}

/// The line of an edge between nodes centred at `(x1, y1)` and `(x2, y2)`,
/// `node_h` high.
fn edge_curve((x1, y1): (f64, f64), (x2, y2): (f64, f64), same: bool, node_h: f64) -> Curve {
    if y2 > y1 {
        Curve::Line((x1, y1 + node_h / 2.0), (x2, y2 - node_h / 2.0))
    } else if y2 == y1 && !same {
        // Within a row: an arc above when going right, below when going
        // left, so the two directions of a cycle stay apart.
        let (dy, sy) = if x2 > x1 {
            (-node_h, y1 - node_h / 2.0)
        } else {
            (node_h, y1 + node_h / 2.0)
        };
        Curve::Cubic((x1, sy), (x1, sy + dy), (x2, sy + dy), (x2, sy))
    } else {
        // Back edges and loops (loopy games) bend out to the right.
        let bend = 40.0 + (y1 - y2).abs() / 3.0;
        Curve::Cubic(
            (x1 + 10.0, y1 - node_h / 2.0),
            (x1.max(x2) + bend, y1 - node_h),
            (x1.max(x2) + bend, y2),
            (x2 + 10.0, y2 + node_h / 2.0),
        )
    }
}

/// A state graph laid out: what the SVG here and a front end's raster
/// picture both draw, so that they show the same thing.
pub struct Scene {
    /// The picture's size in pixels.
    pub width: f64,
    /// The picture's height in pixels.
    pub height: f64,
    /// The title (the game and position, shortened).
    pub title: String,
    /// The legend of colours and where it starts.
    pub legend: (&'static str, f64, f64),
    /// How far the graph is moved down (below a legend on its own line).
    pub top: f64,
    /// The nodes drawn.
    pub nodes: Vec<SceneNode>,
    /// The moves drawn.
    pub edges: Vec<SceneEdge>,
}

/// A node as placed: a box centred at `(x, y)`.
pub struct SceneNode {
    /// The centre.
    pub x: f64,
    /// The centre.
    pub y: f64,
    /// The box's width (its height is the same for every node).
    pub w: f64,
    /// The box's height.
    pub h: f64,
    /// The whole position (a tooltip in SVG).
    pub position: String,
    /// The position as shown.
    pub label: String,
    /// The value (or the outcome, in misère play) as shown.
    pub value: String,
    /// Who wins there.
    pub outcome: Outcome,
    /// Whether it is the start.
    pub start: bool,
    /// The vertex of the state graph it draws.
    pub vertex: u32,
    /// The fill and line colours, `#rrggbb`.
    pub colours: (&'static str, &'static str),
}

/// A move as drawn.
pub struct SceneEdge {
    /// Its line.
    pub curve: Curve,
    /// Whether it is a winning move (thick and green).
    pub win: bool,
}

/// The state graph laid out, at most [`MAX_WIDTH`] pixels wide.
pub fn scene(g: &StateGraph, game: &str) -> Scene {
    scene_with(g, game, &[])
}

/// The state graph laid out with room in each node for a drawing of
/// `thumbs[v]` pixels (none: an empty list or `None`).
fn scene_with(g: &StateGraph, game: &str, thumbs: &[Option<(f64, f64)>]) -> Scene {
    let drawn = nodes(g);
    let (layer, layers) = layout(g, &drawn);
    let thumb = |v: u32| thumbs.get(v as usize).copied().flatten();
    let node_h = match thumbs.iter().any(Option::is_some) {
        true => NODE_H + THUMB_H + 6.0,
        false => NODE_H,
    };
    let width_of = |v: u32| -> f64 {
        let n = drawn[v as usize].as_ref().expect("drawn nodes only");
        let text = n.label.chars().count().max(n.value.len()).max(3) as f64 * CHAR_W + 18.0;
        text.max(thumb(v).map_or(0.0, |t| t.0 + 12.0))
    };
    let rows = rows(&layers, &width_of, MAX_WIDTH - 2.0 * MARGIN, node_h);
    let row_width = |l: &[u32]| -> f64 {
        l.iter().map(|&v| width_of(v)).sum::<f64>() + NODE_GAP * l.len().saturating_sub(1) as f64
    };
    let widest = rows.iter().map(|(r, _)| row_width(r)).fold(0.0, f64::max);
    let (mut x, mut y) = (vec![0f64; drawn.len()], vec![0f64; drawn.len()]);
    for (row, row_y) in &rows {
        let mut cursor = MARGIN + (widest - row_width(row)) / 2.0;
        for &v in row {
            let w = width_of(v);
            x[v as usize] = cursor + w / 2.0;
            y[v as usize] = *row_y;
            cursor += w + NODE_GAP;
        }
    }
    let title = shorten(game, 2 * MAX_LABEL);
    let (legend_x, legend_y, top) = legend_place(&title);
    let legend_w = LEGEND.chars().count() as f64 * 5.6;
    let shown = |v: u32| drawn[v as usize].is_some() && layer[v as usize] != usize::MAX;
    let edges = scene_edges(g, &shown, (&x, &y), node_h);
    let (right, low) = reach(&edges);
    let width = (widest + 2.0 * MARGIN)
        .max(legend_x + legend_w + MARGIN)
        .max(right + MARGIN);
    let bottom = (rows.last().map_or(0.0, |r| r.1) + node_h / 2.0).max(low);
    let widths: Vec<f64> = (0..drawn.len() as u32)
        .map(|v| if shown(v) { width_of(v) } else { 0.0 })
        .collect();
    let nodes = drawn
        .into_iter()
        .enumerate()
        .filter(|&(v, _)| layer[v] != usize::MAX)
        .filter_map(|(v, node)| {
            let node = node?;
            Some(SceneNode {
                x: x[v],
                y: y[v],
                w: widths[v],
                h: node_h,
                colours: colours(node.outcome),
                position: node.position,
                label: node.label,
                value: node.value,
                outcome: node.outcome,
                start: v == 0,
                vertex: v as u32,
            })
        })
        .collect();
    Scene {
        width,
        height: bottom + top + MARGIN + 30.0,
        title,
        legend: (LEGEND, legend_x, legend_y),
        top,
        nodes,
        edges,
    }
}

/// What the colours of a picture mean.
const LEGEND: &str =
    "red: P (previous player wins) · blue: N · grey: draw · green arrow: winning move";

/// Where the legend goes: after the title, or below it (moving the graph
/// down by the last number) when both do not fit in one line.
fn legend_place(title: &str) -> (f64, f64, f64) {
    let title_w = title.chars().count() as f64 * 8.5;
    let legend_w = LEGEND.chars().count() as f64 * 5.6;
    if MARGIN + title_w + 12.0 + legend_w + MARGIN <= MAX_WIDTH {
        (MARGIN + title_w + 12.0, MARGIN, 0.0)
    } else {
        (MARGIN, MARGIN + 18.0, 18.0)
    }
}

/// How far right and down the edges reach: the picture holds every edge
/// as well as the nodes (an arc between nodes of one row bends below it,
/// the lowest row's below every node).
fn reach(edges: &[SceneEdge]) -> (f64, f64) {
    (edges.iter())
        .flat_map(|e| e.curve.points())
        .fold((0.0, 0.0), |(r, l), (px, py)| {
            (f64::max(r, px), f64::max(l, py))
        })
}

/// The arrows between the `shown` nodes, placed at `x` and `y`.
fn scene_edges(
    g: &StateGraph,
    shown: &dyn Fn(u32) -> bool,
    (x, y): (&[f64], &[f64]),
    node_h: f64,
) -> Vec<SceneEdge> {
    let mut edges = Vec::new();
    for v in (0..x.len() as u32).filter(|&v| shown(v)) {
        for &w in g.solved.graph().options(v).iter().filter(|&&w| shown(w)) {
            let (a, b) = (
                (x[v as usize], y[v as usize]),
                (x[w as usize], y[w as usize]),
            );
            edges.push(SceneEdge {
                curve: edge_curve(a, b, v == w, node_h),
                win: winning(g, v, w),
            });
        }
    }
    edges
}

/// The state graph as a standalone SVG document, at most [`MAX_WIDTH`]
/// pixels wide.
pub fn to_svg(g: &StateGraph, game: &str) -> String {
    svg_of(&scene(g, game), &[])
}

/// [`to_svg`] with each position drawn in its node as `ruleset` draws it
/// (boards, graphs, coins), for games that draw their positions; heaps
/// alone keep their numbers, which say as much as a stack of tokens.
pub fn to_svg_drawn(g: &StateGraph, game: &str, ruleset: &dyn Ruleset) -> String {
    let drawings: Vec<Option<Fitted>> = (0..g.nodes.len() as u32)
        .map(|v| {
            let position = g.position(v)?;
            let figure = ruleset.figure(position, &[]).ok().flatten()?;
            let heaps = figure
                .parts
                .iter()
                .all(|p| matches!(p, Drawing::Heap { .. }));
            (!heaps).then(|| fit(&figure, THUMB_W, THUMB_H))
        })
        .collect();
    let sizes: Vec<Option<(f64, f64)>> = drawings.iter().map(|d| Some(d.as_ref()?.size)).collect();
    svg_of(&scene_with(g, game, &sizes), &drawings)
}

/// The scene as SVG, with `drawings[v]` at the top of the node of vertex
/// `v`.
fn svg_of(sc: &Scene, drawings: &[Option<Fitted>]) -> String {
    let (width, height, top) = (sc.width, sc.height, sc.top);
    let (legend, legend_x, legend_y) = sc.legend;
    let mut svg = String::new();
    let _ = write!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" font-size="12">
<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#999999"/></marker><marker id="win" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#1a9850"/></marker></defs>
<rect width="100%" height="100%" fill="white"/>
<text x="{MARGIN}" y="{MARGIN}" font-size="14" font-weight="bold">{title}</text>
<text x="{legend_x:.0}" y="{legend_y:.0}" font-size="11" fill="#555555">{legend}</text>
<g transform="translate(0,{top:.0})">
"##,
        title = escape_xml(&sc.title),
    );
    for e in &sc.edges {
        let (colour, marker, stroke, class) = match e.win {
            true => ("#1a9850", "win", 2.5, "move win"),
            false => ("#999999", "arrow", 1.0, "move"),
        };
        let path = e.curve.path();
        let _ = writeln!(
            svg,
            r#"<path class="{class}" d="{path}" fill="none" stroke="{colour}" stroke-width="{stroke}" marker-end="url(#{marker})"/>"#
        );
    }
    for node in &sc.nodes {
        draw_node(&mut svg, node);
        if let Some(d) = drawings.get(node.vertex as usize).and_then(Option::as_ref) {
            let top = node.y - node.h / 2.0 + 4.0;
            svg.push_str(&d.at(node.x - d.size.0 / 2.0, top));
            svg.push('\n');
        }
    }
    svg.push_str("</g>\n</svg>\n");
    svg
}

/// One node, with its whole position as a tooltip.
fn draw_node(svg: &mut String, node: &SceneNode) {
    let (x, y, w, h) = (node.x, node.y, node.w, node.h);
    let (fill, line) = node.colours;
    let dash = if node.outcome == Outcome::D {
        r#" stroke-dasharray="4,3""#
    } else {
        ""
    };
    let _ = writeln!(
        svg,
        r#"<g class="node {outcome}{start}"><title>{}</title><rect x="{:.1}" y="{:.1}" width="{w:.1}" height="{h}" rx="6" fill="{fill}" stroke="{line}" stroke-width="{sw}"{dash}/><text x="{x:.1}" y="{:.1}" text-anchor="middle">{}</text><text x="{x:.1}" y="{:.1}" text-anchor="middle" font-weight="bold" fill="{line}">{}</text></g>"#,
        escape_xml(&node.position),
        x - w / 2.0,
        y - h / 2.0,
        y + h / 2.0 - 23.0,
        escape_xml(&node.label),
        y + h / 2.0 - 7.0,
        escape_xml(&node.value),
        outcome = node.outcome,
        start = if node.start { " start" } else { "" },
        sw = if node.start { 2.5 } else { 1.2 },
    );
}

#[cfg(test)]
mod tests;
