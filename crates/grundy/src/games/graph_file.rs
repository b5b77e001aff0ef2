//! Games on a given directed graph: `graph:FILE`.
//!
//! A token sits on a vertex; a move slides it along an edge; whoever
//! cannot move loses. A position with several tokens is a sum, one
//! component per token. The graph may have cycles, so a vertex may be a
//! draw; every vertex is solved at once by retrograde analysis and
//! Smith's generalized Sprague-Grundy values ([`crate::solve::retro`]),
//! and sums follow Smith's rules.
//!
//! The file holds one edge `u v` per line (vertex names are any tokens
//! without spaces), `#` comments and blank lines, and `start X` lines
//! naming suggested start vertices (for `grundy play` and reports). The
//! word `start` is therefore not a vertex name, nor is a word with a
//! control character (an escape sequence would reach the terminal with
//! every table that names the vertex). Vertices are numbered in
//! the order they are first named, which is the order of reports.

use std::sync::{Arc, OnceLock};

use rustc_hash::FxHashMap;

use crate::answer::drawing::{on_circle, Drawing, Edge, Vertex, MAX_DRAWN_ITEMS};
use crate::entry::{in_file, Accepts, Build, Entry, Name};
use crate::error::{shorten_quote, Error, Result};
use crate::game::Limits;
use crate::game::Visit;
use crate::games::content_lines;
use crate::nimber::Nimber;
use crate::ruleset::{boxed, Parsed};
use crate::ruleset::{Analysis, Game};
use crate::solve::retro::{analyze_token_sum, misere_table, MoveGraph, Solved, StateTable};

/// The game on the graph of one file.
#[derive(Debug)]
pub struct GraphFileGame {
    path: String,
    names: Names,
    starts: Vec<u32>,
    graph: Arc<MoveGraph>,
    /// Solved on first use, with the limits of that use.
    solved: OnceLock<Solved>,
}

/// `graph:FILE`.
pub const GRAPH_FILE: Entry = Entry {
    pattern: "graph:FILE",
    components: "vertex names",
    about:
        "a token on a vertex of a directed graph file slides along an edge; cycles allowed (draws)",
    example: None,
    name: Name::File {
        head: "graph",
        heaps: false,
    },
    accepts: Accepts::MISERE,
    build: |b: &Build<'_>| {
        Ok(boxed(
            GraphFileGame::parse(b.args, b.text).map_err(in_file(b.args))?,
        ))
    },
};

impl GraphFileGame {
    /// Reads the graph `text` of the file `path` (the engine does no I/O:
    /// front ends read the file). Errors name the line, counted from 1;
    /// callers put the path in front.
    pub fn parse(path: &str, text: &str) -> Result<GraphFileGame> {
        let mut names = Names::new(text.len());
        let mut edges: Vec<(u32, u32)> = Vec::new();
        let mut starts: Vec<u32> = Vec::new();
        for (n, line) in content_lines(text, "#") {
            let at = |msg: String| Error::parse(format!("line {n}: {msg}"));
            let mut vertex = |name: &str| -> Result<u32> {
                if name == "start" {
                    return Err(at(
                        "`start` is the word of start lines (`start X`) and cannot be a vertex name"
                            .to_string(),
                    ));
                }
                // Names are printed in tables and pictures: an escape
                // sequence in one would drive the user's terminal.
                if name.chars().any(char::is_control) {
                    return Err(at(format!(
                        "the vertex name `{}` holds a control character; names are printable",
                        shorten_quote(name)
                    )));
                }
                names
                    .intern(name)
                    .ok_or_else(|| at("too many vertices".to_string()))
            };
            let mut words = line.split_whitespace();
            match (words.next(), words.next(), words.next()) {
                (Some("start"), Some(x), None) => {
                    let v = vertex(x)?;
                    starts.push(v);
                }
                (Some("start"), _, _) => {
                    return Err(at(format!(
                        "expected `start X` (one vertex), got `{}`",
                        shorten_quote(line)
                    )))
                }
                (Some(u), Some(v), None) => {
                    let edge = (vertex(u)?, vertex(v)?);
                    edges.push(edge);
                }
                _ => {
                    return Err(at(format!(
                        "expected an edge `u v` (two vertex names), got `{}`",
                        shorten_quote(line)
                    )))
                }
            }
        }
        if names.list.is_empty() {
            return Err(Error::parse(
                "the graph has no vertices: write one edge `u v` per line",
            ));
        }
        let graph = MoveGraph::from_edges(names.list.len(), &edges)?;
        Ok(GraphFileGame {
            path: path.to_string(),
            names,
            starts,
            graph: Arc::new(graph),
            solved: OnceLock::new(),
        })
    }

    /// The graph, vertices numbered in the order the file first names them.
    pub fn graph(&self) -> &MoveGraph {
        &self.graph
    }

    /// The vertex called `name`; an unknown name is an error naming the
    /// file.
    pub fn vertex(&self, name: &str) -> Result<u32> {
        let name = name.trim();
        self.names.get(name).ok_or_else(|| {
            Error::parse(format!(
                "{} has no vertex `{}`",
                self.path,
                shorten_quote(name)
            ))
        })
    }

    /// The name of vertex `v`.
    pub fn vertex_name(&self, v: u32) -> &str {
        &self.names.list[v as usize]
    }

    /// The start vertices listed by `start X` lines, in file order.
    pub fn starts(&self) -> &[u32] {
        &self.starts
    }

    /// The solved graph, computed on first use (the graph has no more
    /// than `limits.max_states` vertices, or this fails).
    pub fn solved(&self, limits: &Limits) -> Result<&Solved> {
        if let Some(s) = self.solved.get() {
            return Ok(s);
        }
        let s = Solved::new(self.graph.clone(), limits)?;
        Ok(self.solved.get_or_init(|| s))
    }
}

/// One token per vertex named by a component; a move slides one token
/// along one edge (repeated edges are one move).
///
/// The graph may have cycles: values follow Smith, and every vertex is
/// solved at once for `grundy solve`.
impl Game for GraphFileGame {
    type Comp = u32;

    fn name(&self) -> String {
        format!("graph:{}", self.path)
    }

    fn parse_component(&self, text: &str) -> Result<u32> {
        self.vertex(text)
    }

    fn format_component(&self, v: &u32) -> String {
        self.vertex_name(*v).to_string()
    }

    /// The finite value of a vertex; one on a cycle that never ends has
    /// only a generalized value, which [`Game::analyze_position`]
    /// reports.
    fn value(&self, v: &u32, limits: &Limits) -> Result<Nimber> {
        self.solved(limits)?.nimber(*v).ok_or_else(|| {
            Error::unsupported(format!(
                "vertex `{}` of {} has no finite value",
                shorten_quote(self.vertex_name(*v)),
                self.path
            ))
        })
    }

    fn for_each_option(&self, v: &u32, _: &Limits, f: Visit<u32>) -> Result<()> {
        for w in self.graph.options(*v) {
            if !f(std::slice::from_ref(w)) {
                break;
            }
        }
        Ok(())
    }

    /// One token per component, analysed by Smith's rules
    /// ([`analyze_token_sum`]).
    fn analyze_position(&self, p: Parsed<'_, u32>, limits: &Limits) -> Result<Analysis> {
        let solved = self.solved(limits)?;
        Ok(analyze_token_sum(
            Game::name(self),
            p.texts,
            solved,
            p.comps,
            &|w| self.vertex_name(w).to_string(),
            limits.max_moves,
        ))
    }

    /// Vertex names are any tokens, `+` included.
    fn reads_sums(&self) -> bool {
        false
    }

    fn solve_table(&self, misere: bool, limits: &Limits) -> Option<Result<StateTable>> {
        Some(match misere {
            false => self.normal_table(limits),
            true => self.misere_table(limits),
        })
    }

    /// The whole graph, vertices on a circle and edges as arrows, with the
    /// token on its vertex (graphs too big to read are not drawn).
    fn draw(&self, v: &u32) -> Option<Drawing> {
        let n = self.graph.vertex_count();
        let edges: usize = (0..n as u32).map(|u| self.graph.options(u).len()).sum();
        if n + edges > MAX_DRAWN_ITEMS {
            return None;
        }
        let vertices = (0..n)
            .map(|k| {
                let (x, y) = on_circle(k, n);
                let name = self.vertex_name(k as u32).to_string();
                Vertex { name, x, y }
            })
            .collect();
        let mut drawn = Vec::with_capacity(edges);
        for u in 0..n as u32 {
            let options = self.graph.options(u);
            for (k, &w) in options.iter().enumerate() {
                // A repeated edge is one move, drawn once; an edge with
                // one back bows to its own side, so the two stay apart.
                if options[..k].contains(&w) {
                    continue;
                }
                drawn.push(Edge {
                    key: format!("{}-{}", self.vertex_name(u), self.vertex_name(w)),
                    from: u as usize,
                    to: w as usize,
                    bend: self.graph.options(w).contains(&u).into(),
                });
            }
        }
        Some(Drawing::Graph {
            vertices,
            edges: drawn,
            ground: None,
            by_edges: false,
            arrows: true,
            tokens: vec![*v as usize],
        })
    }

    /// A move is chosen by the vertex the token slides to.
    fn marks(&self, _from: &u32, to: &[u32]) -> Vec<Vec<String>> {
        to.iter()
            .map(|&w| vec![self.vertex_name(w).to_string()])
            .collect()
    }
}

impl GraphFileGame {
    /// Every vertex's outcome, remoteness and generalized value.
    fn normal_table(&self, limits: &Limits) -> Result<StateTable> {
        let solved = self.solved(limits)?;
        Ok(solved.table(Game::name(self), self.start_names(), |v| {
            self.vertex_name(v).to_string()
        }))
    }

    /// Every vertex's outcome and remoteness in misère play (the player
    /// who cannot move wins), for `grundy solve --misere`.
    fn misere_table(&self, limits: &Limits) -> Result<StateTable> {
        misere_table(
            &self.graph,
            Game::name(self),
            self.start_names(),
            |v| self.vertex_name(v).to_string(),
            limits,
        )
    }
}

impl GraphFileGame {
    /// The names of the suggested start vertices.
    fn start_names(&self) -> Vec<String> {
        let names = self.starts.iter();
        names.map(|&v| self.vertex_name(v).to_string()).collect()
    }
}

/// Vertex names to vertex numbers, in order of first appearance.
///
/// Most graph files name vertices by numbers, and with a million vertices
/// a hash map of strings spends its time on cache misses (ten million
/// edges took seconds), so names written as plain decimal numbers (no
/// sign, no leading zero) are looked up in a table indexed by the number,
/// as long as it stays within the size of the text; other names go
/// through a hash map. A name always takes the same path, so `7` and `07`
/// remain two vertices.
#[derive(Debug)]
struct Names {
    list: Vec<String>,
    by_name: FxHashMap<String, u32>,
    by_number: Vec<u32>,
    /// Numbers below this use `by_number`.
    cap: usize,
}

impl Names {
    fn new(text_len: usize) -> Names {
        Names {
            list: Vec::new(),
            by_name: FxHashMap::default(),
            by_number: Vec::new(),
            cap: text_len / 4 + 1024,
        }
    }

    /// The number of `name` when it is a plain decimal within the table.
    fn number(&self, name: &str) -> Option<usize> {
        let b = name.as_bytes();
        if b.is_empty() || b.len() > 9 || (b[0] == b'0' && b.len() > 1) {
            return None;
        }
        let mut n = 0usize;
        for &c in b {
            if !c.is_ascii_digit() {
                return None;
            }
            n = n * 10 + usize::from(c - b'0');
        }
        (n < self.cap).then_some(n)
    }

    fn get(&self, name: &str) -> Option<u32> {
        match self.number(name) {
            Some(n) => self.by_number.get(n).copied().filter(|&v| v != u32::MAX),
            None => self.by_name.get(name).copied(),
        }
    }

    /// The vertex called `name`, new if need be; `None` when there are too
    /// many vertices to number.
    fn intern(&mut self, name: &str) -> Option<u32> {
        if let Some(v) = self.get(name) {
            return Some(v);
        }
        let v = self.list.len() as u32;
        if v >= u32::MAX - 1 {
            return None;
        }
        match self.number(name) {
            Some(n) => {
                if n >= self.by_number.len() {
                    let len = (n + 1).max(2 * self.by_number.len()).min(self.cap);
                    self.by_number.resize(len, u32::MAX);
                }
                self.by_number[n] = v;
            }
            None => {
                self.by_name.insert(name.to_string(), v);
            }
        }
        self.list.push(name.to_string());
        Some(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::Value;
    use crate::game::Outcome;
    use crate::ruleset::{Ruleset, SumRuleset};

    const FILE: &str = "\
# a 2-cycle with an exit, a self-loop, and a lone start vertex
start a
a b
b a   # back
b c
d d
d c
start e
";

    fn game() -> GraphFileGame {
        GraphFileGame::parse("g.txt", FILE).unwrap()
    }

    impl GraphFileGame {
        fn parse_all(&self, comps: &[String]) -> Vec<u32> {
            comps.iter().map(|c| self.vertex(c).unwrap()).collect()
        }
    }

    fn analyze(g: &GraphFileGame, comps: &[&str]) -> Analysis {
        let comps: Vec<String> = comps.iter().map(|s| s.to_string()).collect();
        let a = g.analyze_position(
            Parsed::new(&comps, &g.parse_all(&comps)),
            &Limits::default(),
        );
        a.unwrap()
    }

    #[test]
    fn files_are_read() {
        let g = game();
        assert_eq!(g.graph().vertex_count(), 5);
        assert_eq!(g.graph().edge_count(), 5);
        let starts: Vec<&str> = g.starts().iter().map(|&v| g.vertex_name(v)).collect();
        assert_eq!(starts, ["a", "e"]);
        assert_eq!(SumRuleset(g).name(), "graph:g.txt");
        let marked = GraphFileGame::parse("m.txt", "\u{feff}a b\r\nb c\r\n").unwrap();
        assert_eq!(marked.vertex_name(0), "a");
        assert_eq!(marked.graph().edge_count(), 2);
    }

    #[test]
    fn sums_of_tokens() {
        let g = game();
        // a = 0 (P), b = 1, c = 0, d = inf(0) (N: d -> c wins), e = 0.
        // b wins by moving to c (game over) or to a (whose only move
        // returns to b).
        let a = analyze(&g, &["b"]);
        assert_eq!(a.outcome, Outcome::N);
        let to: Vec<&str> = a.winning_moves.iter().map(|m| m.to.as_str()).collect();
        assert_eq!(to, ["a", "c"]);
        let a = analyze(&g, &["d"]);
        assert_eq!(a.grundy, Some(Value::Infinite(vec![0])));
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.winning_moves.len(), 1);
        // d + b = inf(1): a draw; d + d: two infinities, a draw.
        assert_eq!(analyze(&g, &["d", "b"]).outcome, Outcome::D);
        let dd = analyze(&g, &["d", "d"]);
        assert_eq!(dd.outcome, Outcome::D);
        assert!(dd.winning_moves.is_empty());
        let a = analyze(&g, &["a", "e", "c"]);
        assert_eq!(a.grundy, Some(Value::Finite(Nimber(0))));
        assert_eq!(a.outcome, Outcome::P);
    }

    #[test]
    fn the_table_has_every_vertex() {
        let t = game().normal_table(&Limits::default()).unwrap();
        let rows: Vec<String> = t
            .table
            .iter()
            .map(|r| {
                format!(
                    "{} {} {:?} {}",
                    r.vertex,
                    r.outcome,
                    r.remoteness,
                    r.value.as_ref().unwrap()
                )
            })
            .collect();
        assert_eq!(
            rows,
            [
                "a P Some(2) 0",
                "b N Some(1) 1",
                "c P Some(0) 0",
                "d N Some(1) inf(0)",
                "e P Some(0) 0"
            ]
        );
        assert_eq!(t.starts, ["a", "e"]);
    }

    #[test]
    fn numbers_and_other_names_are_vertices_alike() {
        let g = GraphFileGame::parse("n.txt", "7 07\n07 x\n99999999999 7\n0 -1\n").unwrap();
        let names: Vec<&str> = (0..6).map(|v| g.vertex_name(v)).collect();
        assert_eq!(names, ["7", "07", "x", "99999999999", "0", "-1"]);
        for (v, name) in names.iter().enumerate() {
            assert_eq!(g.vertex(name).unwrap(), v as u32);
        }
        assert_eq!(g.graph().options(3), [0]);
        assert!(g.vertex("8").is_err());
        assert!(g.vertex("1000000").is_err());
    }

    #[test]
    fn errors_name_the_line_or_the_vertex() {
        for (text, needle) in [
            ("a b\nc\n", "line 2: expected an edge `u v`"),
            ("a b\n\n# x\na b c\n", "line 4: expected an edge"),
            ("start\n", "line 1: expected `start X`"),
            ("start a b\n", "line 1: expected `start X`"),
            ("a start\n", "line 1: `start` is the word of start lines"),
            (
                "a b\nb \u{1b}[2J\n",
                "line 2: the vertex name `\\u{1b}[2J` holds a control",
            ),
            ("# nothing\n", "the graph has no vertices"),
        ] {
            let err = GraphFileGame::parse("g.txt", text).unwrap_err().to_string();
            assert!(err.starts_with(needle), "{text:?}: {err}");
        }
        let err = SumRuleset(game())
            .analyze(&["zz".to_string()], &Limits::default())
            .unwrap_err();
        assert_eq!(err.to_string(), "g.txt has no vertex `zz`");
    }
}
