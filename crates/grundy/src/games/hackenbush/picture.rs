//! A Hackenbush graph as people draw it: standing on the ground, each
//! vertex as high as its distance from the ground, and cut by clicking an
//! edge.

use std::collections::VecDeque;

use rustc_hash::FxHashMap;

use super::Drawing;
use crate::answer::drawing::{Drawing as Picture, Edge, Vertex, MAX_DRAWN_ITEMS};

/// The picture of `g`, or `None` when it has too many edges to read.
pub fn picture(g: &Drawing) -> Option<Picture> {
    if g.edge_count() + g.vertex_count() > MAX_DRAWN_ITEMS {
        return None;
    }
    let n = g.vertex_count();
    let mut adj = vec![Vec::new(); n];
    for &(a, b) in g.edge_indices() {
        adj[a as usize].push(b as usize);
        adj[b as usize].push(a as usize);
    }
    let (depth, order) = layers(&adj);
    let top = depth.iter().copied().max().unwrap_or(0).max(1) as f64;
    let mut per_layer: FxHashMap<usize, Vec<usize>> = FxHashMap::default();
    for &v in &order {
        per_layer.entry(depth[v]).or_default().push(v);
    }
    let mut vertices: Vec<Vertex> = (0..n)
        .map(|v| Vertex {
            name: g.label(v as u32).to_string(),
            x: 0.5,
            y: 1.0 - depth[v] as f64 / top,
        })
        .collect();
    for layer in per_layer.values() {
        for (k, &v) in layer.iter().enumerate() {
            vertices[v].x = (k as f64 + 1.0) / (layer.len() as f64 + 1.0);
        }
    }
    let mut seen: FxHashMap<(u32, u32), u32> = FxHashMap::default();
    let edges = g
        .edge_indices()
        .iter()
        .enumerate()
        .map(|(i, &(a, b))| {
            let bend = seen.entry((a.min(b), a.max(b))).or_insert(0);
            *bend += 1;
            Edge {
                key: edge_key(g.edge(i), *bend - 1),
                from: a as usize,
                to: b as usize,
                bend: *bend - 1,
            }
        })
        .collect();
    Some(Picture::Graph {
        vertices,
        edges,
        ground: Some(0),
        by_edges: true,
        arrows: false,
        tokens: Vec::new(),
    })
}

/// Each vertex's distance from the ground (vertex 0), in the order they
/// were reached; vertices not joined to the ground are placed above it
/// by their distance from the first vertex of their part, plus one.
fn layers(adj: &[Vec<usize>]) -> (Vec<usize>, Vec<usize>) {
    let n = adj.len();
    let mut depth = vec![usize::MAX; n];
    let mut order = Vec::with_capacity(n);
    for root in 0..n {
        if depth[root] != usize::MAX {
            continue;
        }
        depth[root] = usize::from(root != 0);
        let mut queue = VecDeque::from([root]);
        while let Some(v) = queue.pop_front() {
            order.push(v);
            for &w in &adj[v] {
                if depth[w] == usize::MAX {
                    depth[w] = depth[v] + 1;
                    queue.push_back(w);
                }
            }
        }
    }
    (depth, order)
}

/// The key of copy `copy` (from 0) of the edge `(u, v)`: `u-v`, then
/// `u-v(2)`, `u-v(3)`, ... for the edges drawn beside it.
fn edge_key((u, v): (u64, u64), copy: u32) -> String {
    match copy {
        0 => format!("{u}-{v}"),
        k => format!("{u}-{v}({})", k + 1),
    }
}

/// The key of the edge a move cut to leave `to`: its ends as `from`
/// writes them, and which of its copies it was.
pub fn cut_key(from: &Drawing, to: &Drawing) -> Option<String> {
    let (u, v) = to.cut_edge()?;
    let written = (0..from.edge_count())
        .map(|i| from.edge(i))
        .find(|&e| e == (u, v) || e == (v, u))?;
    Some(edge_key(written, to.cut_copy()? as u32))
}
