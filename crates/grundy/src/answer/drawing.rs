//! What a position looks like: each game family says how its components
//! are drawn (a board of squares, a graph, a row of coins, a heap), and
//! which parts of the drawing a move is chosen by (the two squares a
//! domino covers, the square bitten, the edge cut).
//!
//! A drawing is a description, not a picture: [`crate::present::drawing`]
//! turns it into SVG for the page, the `draw` command and notebooks, and
//! into text with coordinates for `play` in a terminal. Every part a move
//! can be chosen by has a key that people can type: squares are named
//! like a spreadsheet's cells (`a1` is the first square of the first row
//! as the board is written, `b3` the second square of the third row),
//! coins and tokens by their number from 1, vertices by their names and
//! edges by their ends (`1-2`).

use serde::Serialize;

/// One square of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Square {
    /// A square still in play.
    Free,
    /// A square of the board that is taken (covered, blocked).
    Taken,
    /// No square: the board is not a rectangle here (a bitten bar).
    Gone,
    /// A square in play that loses when taken (Chomp's poison).
    Poison,
}

/// A vertex of a drawn graph, placed in a unit box (`x`, `y` in 0..=1,
/// `y` growing downwards as on screens).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Vertex {
    /// The vertex's name, also its key.
    pub name: String,
    /// Across, 0 (left) to 1 (right).
    pub x: f64,
    /// Down, 0 (top) to 1 (bottom).
    pub y: f64,
}

/// An edge of a drawn graph, between vertices by index.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Edge {
    /// The edge's key: its ends as written (`1-2`); parallel edges share
    /// it, since cutting either is the same move.
    pub key: String,
    /// One end (index into the vertices).
    pub from: usize,
    /// The other end.
    pub to: usize,
    /// Which of several edges between the same two vertices this is (0
    /// for the first), so that parallel edges are drawn apart.
    pub bend: u32,
}

/// How one component is drawn.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Drawing {
    /// A board of squares, rows in the order the board is written.
    Board {
        /// The squares, row by row.
        rows: Vec<Vec<Square>>,
    },
    /// A graph: vertices are chosen (Node Kayles) or edges are
    /// (Hackenbush, whose `ground` is drawn as the ground line).
    Graph {
        /// The vertices, placed.
        vertices: Vec<Vertex>,
        /// The edges.
        edges: Vec<Edge>,
        /// The index of the ground vertex, for graphs standing on one.
        ground: Option<usize>,
        /// Whether moves are chosen by edges (otherwise by vertices).
        by_edges: bool,
        /// Whether edges are one-way (drawn as arrows from `from` to
        /// `to`), as in a game where a token slides along them.
        arrows: bool,
        /// The vertices holding a token (a game on a directed graph).
        tokens: Vec<usize>,
    },
    /// A row of coins, `true` for heads, numbered from 1.
    Coins {
        /// The faces, left to right.
        heads: Vec<bool>,
    },
    /// A heap of tokens, numbered from 1 at the bottom.
    Heap {
        /// How many tokens.
        size: u64,
    },
}

/// The largest heap drawn token by token; larger heaps are not drawn.
pub const MAX_DRAWN_HEAP: u64 = 64;

/// The largest number of coins, squares, vertices or edges drawn: past
/// it a picture is no help, and front ends show the text.
pub const MAX_DRAWN_ITEMS: usize = 400;

impl Drawing {
    /// How many things the drawing shows, to refuse pictures too big to
    /// read.
    pub fn items(&self) -> usize {
        match self {
            Drawing::Board { rows } => rows.iter().map(Vec::len).sum(),
            Drawing::Graph {
                vertices, edges, ..
            } => vertices.len() + edges.len(),
            Drawing::Coins { heads } => heads.len(),
            Drawing::Heap { size } => *size as usize,
        }
    }
}

/// Where vertex `k` of `n` sits on a circle in the unit box, the first
/// at the top, the others clockwise: the layout of graphs with no shape
/// of their own.
pub fn on_circle(k: usize, n: usize) -> (f64, f64) {
    let angle = std::f64::consts::TAU * k as f64 / n.max(1) as f64 - std::f64::consts::FRAC_PI_2;
    let round = |v: f64| (v * 1e4).round() / 1e4;
    (
        round(0.5 + 0.5 * angle.cos()),
        round(0.5 + 0.5 * angle.sin()),
    )
}

/// The key of the square in row `row` and column `col` (both from 0):
/// columns are letters (`a` to `z`, then `aa`, `ab`, ...), rows numbers
/// from 1.
pub fn square_key(row: usize, col: usize) -> String {
    format!("{}{}", column_name(col), row + 1)
}

/// The letters of column `col` (from 0): `a`..`z`, `aa`, `ab`, ...
pub fn column_name(col: usize) -> String {
    let mut n = col + 1;
    let mut letters = Vec::new();
    while n > 0 {
        let d = (n - 1) % 26;
        letters.push(b'a' + d as u8);
        n = (n - 1) / 26;
    }
    letters.reverse();
    String::from_utf8(letters).expect("ASCII letters")
}

/// A position's drawing, with what chooses each of its moves: the answer
/// front ends draw and click on.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Figure {
    /// One drawing per component.
    pub parts: Vec<Drawing>,
    /// For each move (in the order they were given), the ways to choose
    /// it: each a set of keys, any one set choosing the move. Keys are
    /// `c:key` with `c` the component's number from 1. Empty: the move
    /// cannot be chosen on the drawing (front ends list it).
    pub marks: Vec<Vec<Vec<String>>>,
}

/// `key` of component `component` (from 0) as a [`Figure`] names it.
pub fn figure_key(component: usize, key: &str) -> String {
    format!("{}:{key}", component + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_named_like_cells() {
        assert_eq!(square_key(0, 0), "a1");
        assert_eq!(square_key(2, 1), "b3");
        assert_eq!(column_name(25), "z");
        assert_eq!(column_name(26), "aa");
        assert_eq!(column_name(27), "ab");
        assert_eq!(column_name(26 * 27), "aaa");
    }
}
