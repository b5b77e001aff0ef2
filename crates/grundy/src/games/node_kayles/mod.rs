//! Node Kayles: a move takes a vertex of a graph together with its
//! neighbours; whoever cannot move loses. On a path it is Dawson's chess
//! (octal 0.137), whose value at `n` is Dawson's Kayles' (0.07) at `n + 1`.
//!
//! A component is a graph: a family (`path:N`, `cycle:N`, `grid:RxC`,
//! `kbip:MxN`), a map of grid cells (`../.x`, adjacent free cells are
//! joined, as for Cram's boards), or an inline list of edges `u-v` and
//! lone vertices `w`, separated by commas (`a-b,b-c,c-a,d`). Graphs on
//! the grid are searched as regions keyed under the grid's symmetries
//! ([`crate::games::grid::shape`]); other graphs as sets of their
//! vertices, except that a part that is a path is keyed as the straight
//! path it is, so that every cycle and tree ends in shared values. The
//! parts a move leaves are independent and their values XOR.

use std::sync::Arc;

use crate::answer::drawing::{on_circle, square_key, Drawing, Edge, Vertex};
use crate::entry::Entry;
use crate::error::{shorten_quote, Error, Result};
use crate::game::{Limits, Visit};
use crate::games::grid::bit_ops;
use crate::games::grid::mirror::{mirror_theory, MirrorOpening};
use crate::games::grid::shape::{canonical, ones, push_parts, Region, Word, MAX_CELLS};
use crate::games::grid::text::{draw_board, format_board, parse_board, read_dims, Dims};
use crate::nimber::Nimber;
use crate::ruleset::{options_where, Game, SplitComponent};
use crate::solve::split::{OptionList, Solver, SolverCell, Split, SPLIT_TABLE_CAP};

mod text;

use text::{graph_file, mistyped_family, parse_edges, parse_family};

/// The tag (in bits 121 to 127, where regions keep their width) of a key
/// that is a set of vertices of a general graph.
const GRAPH_TAG: u128 = 127 << 121;

/// A graph that is not (known to be) on the grid: vertex names in order,
/// each vertex's neighbours as a bit set, and the vertices still there.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Graph {
    names: Arc<Vec<String>>,
    adj: Arc<Vec<u128>>,
    alive: u128,
}

/// A Node Kayles component.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum NkGraph {
    /// Free cells of the grid, joined to the cells beside them.
    Grid(Region),
    /// Any other graph.
    Graph(Graph),
}

/// Node Kayles on sums of graphs.
#[derive(Default)]
pub struct NodeKayles {
    grid_solver: SolverCell,
}

/// `node-kayles`.
pub const NODE_KAYLES: Entry = Entry::of::<NodeKayles>(
    "node-kayles",
    "graphs path:N cycle:N grid:RxC kbip:MxN, maps ../.x, edges a-b,b-c",
    "cycle:7",
)
.about("Node Kayles: take a vertex and its neighbours; on a path it is octal 0.137");

/// The rules on keys (regions of the grid, or vertex sets of `adj`).
pub struct NkMoves<'a> {
    adj: &'a [u128],
}

impl NkMoves<'_> {
    /// Appends the keys of the connected parts of `set` (vertices of
    /// `adj`).
    fn push_graph_parts(&self, mut set: u128, out: &mut Vec<u128>) {
        while set != 0 {
            let mut part = set & set.wrapping_neg();
            let mut frontier = part;
            while frontier != 0 {
                let mut next = 0;
                let mut f = frontier;
                while f != 0 {
                    next |= self.adj[f.trailing_zeros() as usize];
                    f &= f - 1;
                }
                frontier = next & set & !part;
                part |= frontier;
            }
            set &= !part;
            out.push(self.key(part));
        }
    }

    /// A connected vertex set's key: the straight path's region if it is
    /// a path, the tagged set otherwise.
    fn key(&self, part: u128) -> u128 {
        let n = part.count_ones() as usize;
        let (mut degrees, mut max) = (0, 0);
        let mut rest = part;
        while rest != 0 {
            let d = (self.adj[rest.trailing_zeros() as usize] & part).count_ones();
            degrees += d;
            max = max.max(d);
            rest &= rest - 1;
        }
        if max <= 2 && degrees as usize == 2 * (n - 1) {
            canonical(Region {
                bits: ones(n),
                h: 1,
                w: n,
            })
        } else {
            part | GRAPH_TAG
        }
    }
}

impl Split for NkMoves<'_> {
    /// The mirror strategy on a grid region ([`mirror_theory`]): even by
    /// even grids are 0 by the half turn; odd by odd ones (and odd paths,
    /// keyed as strips) are not, the first player taking the centre.
    fn zero_by_theory(&self, key: u128) -> Option<bool> {
        match key & GRAPH_TAG == GRAPH_TAG {
            true => None,
            false => mirror_theory::<TakeVertex>(key),
        }
    }

    /// Vertex sets of a general graph mean something only for its edges.
    fn scope(&self) -> String {
        let edges: Vec<String> = self.adj.iter().map(|a| format!("{a:x}")).collect();
        format!("node-kayles {}", edges.join(","))
    }

    fn options(&self, key: u128, out: &mut OptionList) {
        if key & GRAPH_TAG == GRAPH_TAG {
            let set = key & !GRAPH_TAG;
            let mut rest = set;
            while rest != 0 {
                let v = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                self.push_graph_parts(set & !(self.adj[v] | 1u128 << v), &mut out.parts);
                out.end_option();
            }
            return;
        }
        // Built twice, for any x86-64 and for the bit-counting
        // instructions ([`bit_ops`]).
        let r = Region::from_key(key);
        bit_ops::run(
            #[inline(always)]
            || {
                if r.fits_u64() {
                    grid_options(r.narrow::<u64>(), out);
                } else {
                    grid_options(r, out);
                }
            },
        );
    }
}

/// The options of a grid region on a word of `W` bits: each cell taken
/// with its neighbours.
#[inline(always)]
fn grid_options<W: Word>(r: Region<W>, out: &mut OptionList) {
    let mut rest = r.bits;
    while rest != W::zero() {
        let cell = rest.lowest();
        rest = rest & !cell;
        push_parts(
            &r,
            r.bits & !(cell | r.neighbours(cell)),
            false,
            &mut out.parts,
        );
        out.end_option();
    }
}

/// The vertex names in the order a graph's vertices are numbered: names
/// ending in a number by their text before it, then the number.
fn name_order(a: &String, b: &String) -> std::cmp::Ordering {
    let split = |s: &str| {
        let stem = s.trim_end_matches(|c: char| c.is_ascii_digit());
        (stem.to_string(), s[stem.len()..].parse::<u128>().ok())
    };
    split(a).cmp(&split(b)).then_with(|| a.cmp(b))
}

impl Graph {
    /// A graph from named edges and lone vertices.
    fn from_names(mut names: Vec<String>, edges: &[(String, String)]) -> Result<Graph> {
        names.extend(edges.iter().flat_map(|(u, v)| [u.clone(), v.clone()]));
        names.sort_by(name_order);
        names.dedup();
        if names.len() > MAX_CELLS {
            return Err(Error::parse(format!(
                "a Node Kayles graph has at most {MAX_CELLS} vertices, got {}",
                names.len()
            )));
        }
        let index = |n: &String| names.binary_search_by(|m| name_order(m, n)).unwrap_or(0);
        let mut adj = vec![0u128; names.len()];
        for (u, v) in edges {
            let (a, b) = (index(u), index(v));
            if a != b {
                adj[a] |= 1 << b;
                adj[b] |= 1 << a;
            }
        }
        Ok(Graph {
            alive: ones(names.len()),
            names: Arc::new(names),
            adj: Arc::new(adj),
        })
    }

    /// A family member with vertices named by number from 1 (a lone `0`
    /// would read as the empty graph), edges `i`-`j` counted from 0.
    fn numbered(n: usize, edges: impl Iterator<Item = (usize, usize)>) -> Result<Graph> {
        let name = |i: usize| (i + 1).to_string();
        let edges: Vec<(String, String)> = edges.map(|(i, j)| (name(i), name(j))).collect();
        Graph::from_names((0..n).map(name).collect(), &edges)
    }

    /// The vertices of this graph (as a bit set) whose names are
    /// vertices of `other`, a graph read back from text.
    fn alive_named_as(&self, other: &NkGraph) -> u128 {
        let NkGraph::Graph(other) = other else {
            return 0;
        };
        let mut set = 0;
        for (i, name) in self.names.iter().enumerate() {
            if let Ok(j) = other.names.binary_search_by(|m| name_order(m, name)) {
                set |= (other.alive >> j & 1) << i;
            }
        }
        set & self.alive
    }

    /// The vertices left, on a circle, with the edges among them.
    fn drawing(&self) -> Drawing {
        let alive: Vec<usize> = (0..self.names.len())
            .filter(|&i| self.alive >> i & 1 == 1)
            .collect();
        let vertices = alive
            .iter()
            .enumerate()
            .map(|(k, &i)| {
                let (x, y) = on_circle(k, alive.len());
                Vertex {
                    name: self.names[i].clone(),
                    x,
                    y,
                }
            })
            .collect();
        let mut edges = Vec::new();
        for (a, &i) in alive.iter().enumerate() {
            for (b, &j) in alive.iter().enumerate().skip(a + 1) {
                if self.adj[i] >> j & 1 == 1 {
                    let key = format!("{}-{}", self.names[i], self.names[j]);
                    edges.push(Edge {
                        key,
                        from: a,
                        to: b,
                        bend: 0,
                    });
                }
            }
        }
        Drawing::Graph {
            vertices,
            edges,
            ground: None,
            by_edges: false,
            arrows: false,
            tokens: Vec::new(),
        }
    }

    /// The text: edges among the vertices left, then lone ones.
    fn text(&self) -> String {
        let mut items = Vec::new();
        let mut lone = self.alive;
        for i in 0..self.names.len() {
            let mut nbrs = self.adj[i] & self.alive & !ones(i + 1);
            if self.alive >> i & 1 == 0 {
                continue;
            }
            if nbrs != 0 {
                lone &= !(1u128 << i);
            }
            while nbrs != 0 {
                let j = nbrs.trailing_zeros() as usize;
                nbrs &= nbrs - 1;
                lone &= !(1u128 << j);
                items.push(format!("{}-{}", self.names[i], self.names[j]));
            }
        }
        while lone != 0 {
            items.push(self.names[lone.trailing_zeros() as usize].clone());
            lone &= lone - 1;
        }
        // A lone vertex written alone would read as a map (`x`, `0`):
        // written twice it is an edge list.
        if let [one] = &items[..] {
            if !one.contains('-') {
                items.push(one.clone());
            }
        }
        items.join(",")
    }
}

/// Node Kayles is a sum of graphs and plays misère by the generic search;
/// graphs too big to type come from files.
///
/// A graph file lists an edge or a lone vertex per line
/// ([`board::files`](crate::games::grid::files)).
impl Game for NodeKayles {
    type Comp = NkGraph;

    fn name(&self) -> String {
        "node-kayles".to_string()
    }

    fn parse_component(&self, text: &str) -> Result<NkGraph> {
        let t = text.trim();
        if let Some(family) = parse_family(t) {
            return family;
        }
        if t.contains('-') || (t.contains(',') && !t.contains('/')) {
            return parse_edges(t).map(NkGraph::Graph);
        }
        let board = parse_board(t, "a Node Kayles graph on the grid");
        if let Ok(board) = board {
            return Ok(NkGraph::Grid(board));
        }
        // One word alone is refused, not valued as a lone vertex's `*`:
        // a size (`3x`) or a number said as such, a family mistyped
        // (`path5`) with what was meant, any other word below.
        let sized = t.starts_with(|c: char| c.is_ascii_digit());
        match read_dims(t) {
            Dims::Number(n) => {
                let path = match n {
                    1..=MAX_CELLS => format!("a path of {n} vertices is `path:{n}`, and "),
                    _ => String::new(),
                };
                return Err(Error::parse(format!(
                    "`{t}` alone would be one lone vertex: {path}a lone vertex alone is written twice, `{t},{t}`",
                    t = shorten_quote(t)
                )));
            }
            Dims::NotPositive | Dims::Sides(..) if sized => return board.map(NkGraph::Grid),
            _ => {}
        }
        if let Some((family, rest)) = mistyped_family(t) {
            return Err(Error::parse(format!(
                "`{}` alone would be one lone vertex: did you mean `{family}:{rest}`? (a lone vertex alone is written twice, `v,v`)",
                shorten_quote(t)
            )));
        }
        // A word alone is refused as a number is: more often a file's
        // name mistyped (or a folder's) than a lone vertex meant.
        if t.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return Err(Error::parse(format!(
                "`{t}` alone would be one lone vertex: a lone vertex alone is written twice, `{t},{t}`, and a graph file is named by a path to a file that exists",
                t = shorten_quote(t)
            )));
        }
        Err(Error::parse(format!(
            "a Node Kayles graph is path:N, cycle:N, grid:RxC, kbip:MxN, a map of cells like `../.x`, or edges like `a-b,b-c`; got `{}`",
            shorten_quote(t)
        )))
    }

    fn format_component(&self, g: &NkGraph) -> String {
        match g {
            NkGraph::Grid(r) => format_board(r, |h, w| {
                if h == 1 {
                    format!("path:{w}")
                } else {
                    format!("grid:{h}x{w}")
                }
            }),
            NkGraph::Graph(g) if g.alive == 0 => "0".to_string(),
            NkGraph::Graph(g) => g.text(),
        }
    }

    fn value(&self, g: &NkGraph, limits: &Limits) -> Result<Nimber> {
        let (solver, moves) = self.search_of(g, limits)?;
        Ok(Nimber(solver.sum(&moves, &keys_of(&moves, g), limits)?))
    }

    /// The vertices whose taking leaves `target`, each decided by one
    /// outcome search on one table (is what is left plus `*target`
    /// lost?) rather than by valuing what is left: as Cram's, listing
    /// winning moves then costs a few times the value, not a value per
    /// option.
    fn options_with_value(
        &self,
        g: &NkGraph,
        target: Nimber,
        limits: &Limits,
        max: usize,
    ) -> Result<(Vec<Vec<NkGraph>>, bool)> {
        let (solver, moves) = self.search_of(g, limits)?;
        options_where(self, g, limits, max, |parts| {
            let keys = parts
                .first()
                .map(|p| keys_of(&moves, p))
                .unwrap_or_default();
            solver.sum_is(&moves, &keys, target.0, limits)
        })
    }

    /// Every vertex, in order, each leaving the whole graph without it
    /// and its neighbours (nothing when no vertex is left).
    fn for_each_option(&self, g: &NkGraph, _: &Limits, f: Visit<NkGraph>) -> Result<()> {
        let (alive, take): (u128, Box<dyn Fn(u128) -> NkGraph>) = match g {
            NkGraph::Grid(r) => (
                r.bits,
                Box::new(|cell: u128| {
                    NkGraph::Grid(Region {
                        bits: r.bits & !(cell | r.neighbours(cell)),
                        ..*r
                    })
                }),
            ),
            NkGraph::Graph(g) => (
                g.alive,
                Box::new(|cell: u128| {
                    let v = cell.trailing_zeros() as usize;
                    NkGraph::Graph(Graph {
                        alive: g.alive & !(cell | g.adj[v]),
                        ..g.clone()
                    })
                }),
            ),
        };
        let mut rest = alive;
        while rest != 0 {
            let cell = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let next = take(cell);
            let empty = matches!(&next, NkGraph::Grid(r) if r.bits == 0)
                || matches!(&next, NkGraph::Graph(g) if g.alive == 0);
            let parts: &[NkGraph] = if empty {
                &[]
            } else {
                std::slice::from_ref(&next)
            };
            if !f(parts) {
                break;
            }
        }
        Ok(())
    }

    /// Grid graphs as boards (a square's neighbours are the squares
    /// beside it), other graphs with their vertices on a circle.
    fn draw(&self, g: &NkGraph) -> Option<Drawing> {
        Some(match g {
            NkGraph::Grid(r) => draw_board(r),
            NkGraph::Graph(g) => g.drawing(),
        })
    }

    /// A move is chosen by the vertex taken: any vertex whose closed
    /// neighbourhood is what the move removes (several give one move).
    fn marks(&self, from: &NkGraph, to: &[NkGraph]) -> Vec<Vec<String>> {
        match (from, to.first()) {
            (NkGraph::Grid(r), t) => {
                let left = match t {
                    Some(NkGraph::Grid(t)) if t.w == r.w => t.bits,
                    _ => 0,
                };
                takers(
                    r.bits,
                    r.bits & !left,
                    |i| (1u128 << i) | r.neighbours(1u128 << i),
                    |i| square_key(i / r.w, i % r.w),
                )
            }
            (NkGraph::Graph(g), t) => takers(
                g.alive,
                g.alive & !t.map_or(0, |t| g.alive_named_as(t)),
                |i| (1u128 << i) | g.adj[i],
                |i| g.names[i].clone(),
            ),
        }
    }

    fn split_component(&self, g: &NkGraph) -> Option<SplitComponent> {
        let adj = match g {
            NkGraph::Grid(_) => Arc::new(Vec::new()),
            NkGraph::Graph(g) => g.adj.clone(),
        };
        Some(SplitComponent {
            keys: keys_of(&NkMoves { adj: &adj }, g),
            rules: Arc::new(NkRules(adj)),
        })
    }

    fn reads_files(&self) -> bool {
        true
    }

    fn parse_file(&self, text: &str) -> Result<NkGraph> {
        graph_file(text)
    }
}

/// A table big enough for the parts of a graph on `vertices`.
fn cap(vertices: u128) -> u64 {
    (64u64 << vertices.count_ones().min(40)).min(SPLIT_TABLE_CAP)
}

impl NodeKayles {
    /// The table and the rules that search `g`: the grids' shared table,
    /// or a table of its own for a graph (its vertex sets mean something
    /// only for its edges).
    fn search_of<'g>(&self, g: &'g NkGraph, limits: &Limits) -> Result<(Arc<Solver>, NkMoves<'g>)> {
        Ok(match g {
            NkGraph::Grid(r) => (
                self.grid_solver.get(limits, cap(r.bits))?,
                NkMoves { adj: &[] },
            ),
            NkGraph::Graph(h) => (
                Arc::new(Solver::new(limits, cap(h.alive))?),
                NkMoves { adj: &h.adj },
            ),
        })
    }
}

/// The keys of the connected parts of `g` under `moves` (the rules of
/// its grid or of its graph's edges).
fn keys_of(moves: &NkMoves<'_>, g: &NkGraph) -> Vec<u128> {
    let mut keys = Vec::new();
    match g {
        NkGraph::Grid(r) => push_parts(r, r.bits, false, &mut keys),
        NkGraph::Graph(h) => moves.push_graph_parts(h.alive, &mut keys),
    }
    keys
}

/// The rules of [`NkMoves`] owning their graph's edges, for front ends
/// that keep them beyond one call ([`Game::split_component`]).
struct NkRules(Arc<Vec<u128>>);

impl Split for NkRules {
    fn options(&self, key: u128, out: &mut OptionList) {
        NkMoves { adj: &self.0 }.options(key, out)
    }

    fn size(&self, key: u128) -> u32 {
        NkMoves { adj: &self.0 }.size(key)
    }

    fn scope(&self) -> String {
        NkMoves { adj: &self.0 }.scope()
    }

    fn zero_by_theory(&self, key: u128) -> Option<bool> {
        NkMoves { adj: &self.0 }.zero_by_theory(key)
    }
}

/// Node Kayles' mirror opening: a lone cell in the way is fixed (a cell
/// moved next to itself has its image in the way too); taking it takes
/// its neighbours, images of each other, with it.
struct TakeVertex;

impl MirrorOpening for TakeVertex {
    fn opens<W: Word>(_: &Region<W>, defects: W) -> bool {
        defects.count_ones() == 1
    }
}

/// The vertices of `gone` (a subset of `alive`) whose closed
/// neighbourhood (`closed`) among `alive` is exactly `gone`, each by
/// `name`: the ways to make the move that takes `gone`.
fn takers(
    alive: u128,
    gone: u128,
    closed: impl Fn(usize) -> u128,
    name: impl Fn(usize) -> String,
) -> Vec<Vec<String>> {
    let mut ways = Vec::new();
    let mut rest = gone;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if closed(i) & alive == gone {
            ways.push(vec![name(i)]);
        }
    }
    ways
}

#[cfg(test)]
mod tests;
