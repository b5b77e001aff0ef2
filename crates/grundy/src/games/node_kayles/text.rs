//! Reading a Node Kayles component: a family (`path:N`, `cycle:N`,
//! `grid:RxC`, `kbip:MxN`), an inline list of edges, or a graph file.

use super::{Graph, NkGraph};
use crate::error::{shorten_quote, Error, Result};
use crate::games::grid::files;
use crate::games::grid::shape::{ones, Region, MAX_CELLS};
use crate::games::grid::text::{read_dims, Dims};

/// Reads an inline list of edges and lone vertices.
pub(super) fn parse_edges(t: &str) -> Result<Graph> {
    let mut names = Vec::new();
    let mut edges = Vec::new();
    let word = |w: &str| -> Result<String> {
        let w = w.trim();
        if w.is_empty() || !w.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return Err(Error::parse(format!(
                "a Node Kayles vertex name is letters, digits and `_`, got `{}` in `{}`",
                shorten_quote(w),
                shorten_quote(t)
            )));
        }
        Ok(w.to_string())
    };
    for item in t.split(',') {
        match item.split_once('-') {
            Some((u, v)) => edges.push((word(u)?, word(v)?)),
            None => names.push(word(item)?),
        }
    }
    Graph::from_names(names, &edges)
}

/// A family `NAME:ARGS`, or `None` if `t` names none.
pub(super) fn parse_family(t: &str) -> Option<Result<NkGraph>> {
    let (family, args) = t.split_once(':')?;
    let count = |what: &str, min: usize| -> Result<usize> {
        match args.trim().parse::<usize>() {
            Ok(n) if (min..=MAX_CELLS).contains(&n) => Ok(n),
            _ => Err(Error::parse(format!(
                "`{family}:N` needs {what} from {min} to {MAX_CELLS}, got `{}`",
                shorten_quote(args)
            ))),
        }
    };
    // A grid has `M * N` vertices, a complete bipartite graph `M + N`.
    let dims = |vertices: fn(usize, usize) -> usize| {
        let sides = match read_dims(args.trim()) {
            Dims::Sides(a, b) => Some((a, b)),
            Dims::NotPositive | Dims::NotASize | Dims::Number(_) => None,
        };
        sides
            .filter(|&(a, b)| a.max(b) <= MAX_CELLS && vertices(a, b) <= MAX_CELLS)
            .ok_or_else(|| {
                Error::parse(format!(
                    "`{family}:MxN` needs two positive sizes, at most {MAX_CELLS} vertices, got `{}`",
                    shorten_quote(args)
                ))
            })
    };
    Some(match family {
        "path" => count("a length", 1).map(|n| {
            NkGraph::Grid(Region {
                bits: ones(n),
                h: 1,
                w: n,
            })
        }),
        "grid" => dims(|h, w| h * w).map(|(h, w)| {
            NkGraph::Grid(Region {
                bits: ones(h * w),
                h,
                w,
            })
        }),
        "cycle" => count("a length", 3)
            .and_then(|n| Graph::numbered(n, (0..n).map(|i| (i, (i + 1) % n))))
            .map(NkGraph::Graph),
        "kbip" => dims(|m, n| m + n)
            .and_then(|(m, n)| {
                let edges = (0..m).flat_map(|i| (0..n).map(move |j| (i, m + j)));
                Graph::numbered(m + n, edges)
            })
            .map(NkGraph::Graph),
        _ => Err(Error::parse(format!(
            "unknown graph family `{}`: use path:N, cycle:N, grid:RxC or kbip:MxN",
            shorten_quote(family)
        ))),
    })
}

/// The families [`parse_family`] reads, by name.
const FAMILIES: [&str; 4] = ["path", "cycle", "grid", "kbip"];

/// A family's name run into its size, `path5` or `Grid3x3`, as the family
/// and the size, so that its refusal says what was meant.
pub(super) fn mistyped_family(t: &str) -> Option<(&'static str, &str)> {
    FAMILIES.into_iter().find_map(|family| {
        let head = t.get(..family.len())?;
        let rest = &t[family.len()..];
        let sized = rest.starts_with(|c: char| c.is_ascii_digit());
        (head.eq_ignore_ascii_case(family) && sized).then_some((family, rest))
    })
}

/// The graph a file lists.
pub(super) fn graph_file(text: &str) -> Result<NkGraph> {
    let (names, edges) = files::parse_graph_lines(text)?;
    Graph::from_names(names, &edges).map(NkGraph::Graph)
}
