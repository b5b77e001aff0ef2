//! Positions as pictures: a [`Figure`] drawn as SVG (the page, the `draw`
//! command, notebooks) and boards and coins as text with coordinates (the
//! terminal's `play`).
//!
//! Every part a move is chosen by carries its key as `data-key`
//! (`1:b3`), so that a page can click on it and mark it; the SVG holds
//! its own style, so a file written by `draw` looks the same alone.

use std::fmt::Write;

use serde::Serialize;

use crate::answer::drawing::{
    column_name, figure_key, square_key, Drawing, Edge, Figure, Square, Vertex, MAX_DRAWN_HEAP,
    MAX_DRAWN_ITEMS,
};
use crate::answer::PositionMove;
use crate::error::{shorten_quote, Error, Result};
use crate::game::Limits;
use crate::play::move_keys;
use crate::ruleset::Ruleset;

/// A position drawn, as `grundy draw` and the Python package give it:
/// the parts (as JSON), each move with the keys that choose it, and the
/// picture and text drawing made from them.
#[derive(Debug, Serialize)]
pub struct Drawn {
    /// The canonical game name.
    pub game: String,
    /// The position drawn.
    pub position: Vec<String>,
    /// One drawing per component.
    pub parts: Vec<Drawing>,
    /// Every move from the position.
    pub moves: Vec<DrawnMove>,
    /// The picture, as SVG.
    #[serde(skip)]
    pub svg: String,
    /// Boards and coins as text with coordinates (`None` when some
    /// component is drawn only as a picture).
    #[serde(skip)]
    pub text: Option<String>,
}

/// A move as [`Drawn`] lists it.
#[derive(Debug, Serialize)]
pub struct DrawnMove {
    /// The position after the move.
    pub next: Vec<String>,
    /// How the move is typed in `play` (`b1-b2`, `2,5`), for positions
    /// drawn as text with coordinates (boards and coins).
    pub typed: Option<String>,
    /// The ways to choose it on the picture: sets of its `data-key`s.
    pub keys: Vec<Vec<String>>,
}

/// Why `position` of `game` has no drawing, in the user's words, ending
/// with where it is `shown` instead: the game draws no pictures (its
/// registry example has none either), or the position is past the sizes
/// its game draws. A game with no entry of its own (a compound, a sum, a
/// script) is told without a reason.
pub fn no_drawing(game: &dyn Ruleset, position: &[String], shown: &str) -> Error {
    let name = game.name();
    let example: Option<Vec<String>> = crate::registry::find(&name)
        .and_then(|entry| entry.example)
        .map(|ex| ex.position.split(';').map(str::to_string).collect());
    let draws = example.map(|ex| matches!(game.figure(&ex, &[]), Ok(Some(_))));
    let quoted = shorten_quote(&position.join(" "));
    let why = match draws {
        Some(false) => format!("{name} is not drawn"),
        Some(true) => format!(
            "{name} has no drawing of {quoted}: heaps of more than {MAX_DRAWN_HEAP} tokens and more than {MAX_DRAWN_ITEMS} coins, squares, vertices or edges are not drawn"
        ),
        None => format!("{name} has no drawing of {quoted}"),
    };
    Error::unsupported(format!("{why}; {shown}"))
}

/// The position `position` of `game` drawn, with its moves (at most
/// `limits.max_states` of them), or why it has no drawing.
pub fn draw(game: &dyn Ruleset, position: &[String], limits: &Limits) -> Result<Drawn> {
    let no_drawing = || {
        let shown = "`grundy value` and `grundy play` show it as text";
        no_drawing(game, position, shown)
    };
    // Whether there is a drawing is asked before the moves are listed:
    // a huge position of a game without one is told so, not refused for
    // the budget its moves would need.
    if game.figure(position, &[])?.is_none() {
        return Err(no_drawing());
    }
    let moves: Vec<PositionMove> = game.position_moves(position, limits)?;
    let Some(figure) = game.figure(position, &moves)? else {
        return Err(no_drawing());
    };
    let text = figure_text(&figure);
    let listed = moves
        .into_iter()
        .zip(&figure.marks)
        .enumerate()
        .map(|(k, (m, keys))| DrawnMove {
            next: m.next,
            typed: text.as_ref().and_then(|_| move_keys(&figure, k)),
            keys: keys.clone(),
        })
        .collect();
    Ok(Drawn {
        game: game.name(),
        position: position.to_vec(),
        svg: to_svg(&figure),
        text,
        parts: figure.parts,
        moves: listed,
    })
}

/// Every component's text drawing, under its number when there are
/// several (`None` unless all have one).
pub fn figure_text(figure: &Figure) -> Option<String> {
    let texts = figure
        .parts
        .iter()
        .map(to_text)
        .collect::<Option<Vec<String>>>()?;
    if let [one] = &texts[..] {
        return Some(one.clone());
    }
    let numbered: Vec<String> = texts
        .iter()
        .enumerate()
        .map(|(i, t)| format!("component {}:\n{t}", i + 1))
        .collect();
    Some(numbered.join("\n"))
}

/// The side of a square, a coin's diameter and a token's height, in
/// pixels.
const CELL: f64 = 36.0;
/// How captions and coordinates are painted.
const LABEL: &str = r##"fill="#666" pointer-events="none""##;
/// The room left for coordinates and captions.
const MARGIN: f64 = 24.0;
/// The side of a graph's box.
const GRAPH_SIDE: f64 = 260.0;

/// The colours of each kind of part, as attributes, so that the picture
/// needs no style sheet (pages may forbid inline ones) and a page's own
/// rules (`.picked`, `.hinted`) still override them.
fn paint(kind: &str) -> &'static str {
    match kind {
        "free" => r##"fill="#fff" stroke="#555""##,
        "taken" => r##"fill="#888" stroke="#555""##,
        "poison" => r##"fill="#f3b0b0" stroke="#555""##,
        "heads" => r##"fill="#e9c46a" stroke="#555""##,
        "tails" => r##"fill="#d9d9d9" stroke="#555""##,
        "token" => r##"fill="#9ecae1" stroke="#3a6f8f""##,
        "piece" => r##"fill="#e76f51" stroke="#333""##,
        "vertex" => r##"fill="#fff" stroke="#333""##,
        "edge" => r##"stroke="#2d6a4f" stroke-width="5" fill="none" stroke-linecap="round""##,
        "link" => r##"stroke="#555" stroke-width="2" fill="none""##,
        "ground" => r##"stroke="#6b4f2a" stroke-width="6""##,
        _ => "",
    }
}

/// The figure as one SVG picture, components left to right, numbered
/// when there are several.
pub fn to_svg(figure: &Figure) -> String {
    let (body, width, height) = body_of(figure);
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" class="position" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" {LOOK}>{body}</svg>"##
    )
}

/// A figure drawn once, shrunk to fit a box, to be placed in a larger
/// picture (a node of a state graph).
#[derive(Debug)]
pub struct Fitted {
    /// The drawing's elements, in its own coordinates.
    body: String,
    /// Its own size.
    view: (f64, f64),
    /// Its size once fitted.
    pub size: (f64, f64),
}

/// `figure` drawn and fitted into `max_w` by `max_h` pixels, its
/// proportions kept (never enlarged).
pub fn fit(figure: &Figure, max_w: f64, max_h: f64) -> Fitted {
    let (body, w, h) = body_of(figure);
    let scale = (max_w / w).min(max_h / h).min(1.0);
    Fitted {
        body,
        view: (w, h),
        size: (w * scale, h * scale),
    }
}

impl Fitted {
    /// The drawing as an SVG element with its top-left corner at `(x, y)`.
    pub fn at(&self, x: f64, y: f64) -> String {
        let ((vw, vh), (w, h)) = (self.view, self.size);
        format!(
            r#"<svg class="position" x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" viewBox="0 0 {vw:.0} {vh:.0}" {LOOK}>{}</svg>"#,
            self.body
        )
    }
}

/// What the picture's root says of all its text.
const LOOK: &str = r##"font-family="sans-serif" font-size="13" fill="#222""##;

/// The figure's parts drawn left to right, numbered when there are
/// several, with the room they take.
fn body_of(figure: &Figure) -> (String, f64, f64) {
    let mut body = String::new();
    let (mut x, mut height) = (MARGIN / 2.0, 0.0f64);
    let numbered = figure.parts.len() > 1;
    for (i, part) in figure.parts.iter().enumerate() {
        let top = if numbered { MARGIN } else { 0.0 };
        if numbered {
            let _ = write!(body, r#"<text {LABEL} x="{x}" y="16">{}</text>"#, i + 1);
        }
        let (w, h) = draw_part(&mut body, part, i, x, top);
        x += w + MARGIN;
        height = height.max(top + h);
    }
    (body, x.max(MARGIN), height.max(1.0))
}

/// Draws component `i` with its top-left corner at `(x, y)`; returns the
/// room it took.
fn draw_part(svg: &mut String, part: &Drawing, i: usize, x: f64, y: f64) -> (f64, f64) {
    match part {
        Drawing::Board { rows } => draw_board(svg, rows, i, x, y),
        Drawing::Coins { heads } => draw_coins(svg, heads, i, x, y),
        Drawing::Heap { size } => draw_heap(svg, *size, i, x, y),
        Drawing::Graph {
            vertices,
            edges,
            ground,
            by_edges,
            arrows,
            tokens,
        } => {
            let inner = GRAPH_SIDE - 2.0 * MARGIN;
            let graph = GraphPart {
                i,
                vertices,
                edges,
                ground: *ground,
                by_edges: *by_edges,
                arrows: *arrows,
                tokens,
                places: (vertices.iter())
                    .map(|v| (x + MARGIN + v.x * inner, y + MARGIN + v.y * inner))
                    .collect(),
            };
            draw_graph(svg, &graph, x, y)
        }
    }
}

fn draw_board(svg: &mut String, rows: &[Vec<Square>], i: usize, x: f64, y: f64) -> (f64, f64) {
    let cols = rows.first().map_or(0, Vec::len);
    for c in 0..cols {
        let cx = x + MARGIN + (c as f64 + 0.5) * CELL;
        let _ = write!(
            svg,
            r#"<text class="label" {LABEL} x="{cx}" y="{}" text-anchor="middle">{}</text>"#,
            y + 16.0,
            column_name(c)
        );
    }
    for (r, row) in rows.iter().enumerate() {
        let top = y + MARGIN + r as f64 * CELL;
        let _ = write!(
            svg,
            r#"<text class="label" {LABEL} x="{}" y="{}" text-anchor="end">{}</text>"#,
            x + MARGIN - 6.0,
            top + CELL / 2.0 + 5.0,
            r + 1
        );
        for (c, square) in row.iter().enumerate() {
            let name = square_key(r, c);
            let (class, key) = match square {
                Square::Gone => continue,
                Square::Free => (
                    "free key",
                    format!(r#" data-key="{}""#, figure_key(i, &name)),
                ),
                Square::Taken => ("taken", String::new()),
                Square::Poison => ("poison", String::new()),
            };
            let _ = write!(
                svg,
                r#"<rect class="sq {class}"{key} {} x="{}" y="{top}" width="{CELL}" height="{CELL}"><title>{name}</title></rect>"#,
                paint(class.trim_end_matches(" key")),
                x + MARGIN + c as f64 * CELL,
            );
        }
    }
    (
        MARGIN + cols as f64 * CELL,
        MARGIN + rows.len() as f64 * CELL,
    )
}

fn draw_coins(svg: &mut String, heads: &[bool], i: usize, x: f64, y: f64) -> (f64, f64) {
    let r = CELL / 2.0 - 2.0;
    for (k, &head) in heads.iter().enumerate() {
        let cx = x + (k as f64 + 0.5) * CELL;
        let cy = y + CELL / 2.0 + 4.0;
        let (class, face) = if head { ("heads", "H") } else { ("tails", "T") };
        let key = figure_key(i, &(k + 1).to_string());
        let _ = write!(
            svg,
            r#"<circle class="coin {class} key" data-key="{key}" {} cx="{cx}" cy="{cy}" r="{r}"><title>coin {}</title></circle><text pointer-events="none" x="{cx}" y="{}" text-anchor="middle">{face}</text><text class="label" {LABEL} x="{cx}" y="{}" text-anchor="middle">{}</text>"#,
            paint(class),
            k + 1,
            cy + 5.0,
            cy + r + 16.0,
            k + 1
        );
    }
    (heads.len().max(1) as f64 * CELL, CELL + 24.0)
}

fn draw_heap(svg: &mut String, size: u64, i: usize, x: f64, y: f64) -> (f64, f64) {
    const TOKEN: f64 = 12.0;
    let height = size.max(1) as f64 * TOKEN + 20.0;
    for k in 0..size {
        let top = y + height - 20.0 - (k + 1) as f64 * TOKEN;
        let key = figure_key(i, &(k + 1).to_string());
        let _ = write!(
            svg,
            r#"<rect class="token key" data-key="{key}" {} x="{x}" y="{top}" width="{CELL}" height="{}" rx="3"><title>token {}</title></rect>"#,
            paint("token"),
            TOKEN - 2.0,
            k + 1
        );
    }
    let _ = write!(
        svg,
        r#"<text class="label" {LABEL} x="{}" y="{}" text-anchor="middle">{size}</text>"#,
        x + CELL / 2.0,
        y + height - 4.0
    );
    (CELL, height)
}

/// Component `i`, a graph, with its vertices placed in the picture.
struct GraphPart<'a> {
    i: usize,
    vertices: &'a [Vertex],
    edges: &'a [Edge],
    ground: Option<usize>,
    by_edges: bool,
    arrows: bool,
    tokens: &'a [usize],
    places: Vec<(f64, f64)>,
}

fn draw_graph(svg: &mut String, g: &GraphPart<'_>, x: f64, y: f64) -> (f64, f64) {
    let floor = y + GRAPH_SIDE - MARGIN / 2.0;
    if g.ground.is_some() {
        let _ = write!(
            svg,
            r#"<line class="ground" {} x1="{x}" y1="{floor}" x2="{}" y2="{floor}"/>"#,
            paint("ground"),
            x + GRAPH_SIDE
        );
    }
    draw_edges(svg, g, floor);
    let radius = if g.by_edges { 5.0 } else { VERTEX };
    draw_vertices(svg, g, radius);
    (GRAPH_SIDE, GRAPH_SIDE)
}

/// The radius of a vertex that is chosen by clicking it.
const VERTEX: f64 = 13.0;

/// The edges of a graph drawing; edges to the ground meet the ground
/// line `floor` below their other end.
fn draw_edges(svg: &mut String, g: &GraphPart<'_>, floor: f64) {
    for e in g.edges {
        let (mut a, mut b) = (g.places[e.from], g.places[e.to]);
        if Some(e.from) == g.ground {
            a = (b.0, floor);
        }
        if Some(e.to) == g.ground {
            b = (a.0, floor);
        }
        let (path, control) = curve(a, b, e.bend);
        let (class, key) = if g.by_edges {
            (
                "edge key",
                format!(r#" data-key="{}""#, escape(&figure_key(g.i, &e.key))),
            )
        } else {
            ("link", String::new())
        };
        let _ = write!(
            svg,
            r#"<path class="{class}"{key} {} d="{path}"><title>{}</title></path>"#,
            paint(class.trim_end_matches(" key")),
            escape(&e.key)
        );
        if g.arrows && e.from != e.to {
            let _ = write!(svg, "{}", arrow_head(control, b));
        }
    }
}

/// A filled triangle at the end `b` of an edge coming from the direction
/// of `control`, just outside the vertex circle.
fn arrow_head(control: (f64, f64), b: (f64, f64)) -> String {
    let (dx, dy) = (b.0 - control.0, b.1 - control.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / len, dy / len);
    let tip = (b.0 - ux * VERTEX, b.1 - uy * VERTEX);
    let base = (tip.0 - ux * 9.0, tip.1 - uy * 9.0);
    let (px, py) = (-uy * 4.5, ux * 4.5);
    format!(
        r##"<polygon fill="#555" points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}"/>"##,
        tip.0,
        tip.1,
        base.0 + px,
        base.1 + py,
        base.0 - px,
        base.1 - py
    )
}

/// The vertices of a graph drawing (the ground left out), clickable
/// unless moves are chosen by edges, tokens filled.
fn draw_vertices(svg: &mut String, g: &GraphPart<'_>, r: f64) {
    for (v, vertex) in g.vertices.iter().enumerate() {
        if Some(v) == g.ground {
            continue;
        }
        let (cx, cy) = g.places[v];
        let (class, key) = if g.by_edges {
            ("vertex", String::new())
        } else {
            (
                "vertex key",
                format!(r#" data-key="{}""#, escape(&figure_key(g.i, &vertex.name))),
            )
        };
        let look = if g.tokens.contains(&v) {
            paint("piece")
        } else {
            paint("vertex")
        };
        let _ = write!(
            svg,
            r#"<circle class="{class}"{key} {look} cx="{cx:.1}" cy="{cy:.1}" r="{r}"><title>{}</title></circle>"#,
            escape(&vertex.name)
        );
        if !g.by_edges {
            let _ = write!(
                svg,
                r#"<text pointer-events="none" x="{cx:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
                cy + 4.0,
                escape(&vertex.name)
            );
        }
    }
}

/// An SVG path from `a` to `b`, and the point it leaves towards `b` from
/// (for an arrow head): straight for the first of parallel edges, bowed
/// alternately left and right for the others; a loop for an edge from a
/// vertex to itself.
fn curve(a: (f64, f64), b: (f64, f64), bend: u32) -> (String, (f64, f64)) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        let r = 10.0 + 6.0 * f64::from(bend);
        let path = format!(
            "M{:.1},{:.1} c{r:.1},{:.1} {:.1},{:.1} 0,0",
            a.0,
            a.1,
            -2.0 * r,
            -r,
            -2.0 * r
        );
        return (path, a);
    }
    if bend == 0 {
        let path = format!("M{:.1},{:.1} L{:.1},{:.1}", a.0, a.1, b.0, b.1);
        return (path, a);
    }
    let side = if bend % 2 == 1 { 1.0 } else { -1.0 };
    let off = side * 14.0 * f64::from(bend.div_ceil(2));
    let (mx, my) = (
        (a.0 + b.0) / 2.0 - dy / len * off,
        (a.1 + b.1) / 2.0 + dx / len * off,
    );
    let path = format!(
        "M{:.1},{:.1} Q{mx:.1},{my:.1} {:.1},{:.1}",
        a.0, a.1, b.0, b.1
    );
    (path, (mx, my))
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A board or a row of coins as text with its coordinates, for the
/// terminal (`None`: the component's text says it as well).
pub fn to_text(part: &Drawing) -> Option<String> {
    match part {
        Drawing::Board { rows } if rows.is_empty() => Some("(no square left)".to_string()),
        Drawing::Board { rows } => {
            let cols = rows.first().map_or(0, Vec::len);
            let label = rows.len().to_string().len();
            let mut out = format!("{:label$} ", "");
            for c in 0..cols {
                let _ = write!(out, " {}", column_name(c));
            }
            for (r, row) in rows.iter().enumerate() {
                let _ = write!(out, "\n{:>label$} ", r + 1);
                for square in row {
                    out.push(' ');
                    out.push(match square {
                        Square::Free => '.',
                        Square::Taken => 'x',
                        Square::Gone => ' ',
                        Square::Poison => '*',
                    });
                }
                // Squares gone at the end of a row (Chomp) leave no
                // blanks at the end of its line.
                out.truncate(out.trim_end_matches(' ').len());
            }
            Some(out)
        }
        Drawing::Coins { heads } if heads.is_empty() => Some("(no coin)".to_string()),
        Drawing::Coins { heads } => {
            let numbers: Vec<String> = (1..=heads.len()).map(|k| k.to_string()).collect();
            let faces: Vec<String> = heads
                .iter()
                .zip(&numbers)
                .map(|(&h, n)| format!("{:>w$}", if h { "H" } else { "T" }, w = n.len()))
                .collect();
            Some(format!("{}\n{}", numbers.join(" "), faces.join(" ")))
        }
        Drawing::Graph { .. } | Drawing::Heap { .. } => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Drawing {
        let square = |c| match c {
            '.' => Square::Free,
            'x' => Square::Taken,
            '*' => Square::Poison,
            _ => Square::Gone,
        };
        Drawing::Board {
            rows: rows
                .iter()
                .map(|r| r.chars().map(square).collect())
                .collect(),
        }
    }

    #[test]
    fn boards_print_with_their_coordinates() {
        let text = to_text(&board(&["*..", ".x ", ".  "])).unwrap();
        assert_eq!(text, "   a b c\n1  * . .\n2  . x\n3  .");
    }

    #[test]
    fn every_free_square_is_a_key_of_the_picture() {
        let figure = Figure {
            parts: vec![board(&["..", "x."]), Drawing::Heap { size: 2 }],
            marks: Vec::new(),
        };
        let svg = to_svg(&figure);
        for key in ["1:a1", "1:b1", "1:b2", "2:1", "2:2"] {
            assert!(svg.contains(&format!(r#"data-key="{key}""#)), "{key}");
        }
        assert!(
            !svg.contains(r#"data-key="1:a2""#),
            "a taken square is no key"
        );
    }
}
