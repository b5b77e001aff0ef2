//! Smith's generalized Sprague-Grundy function, computed in stages.
//!
//! Smith (1966) labels the vertices of a finite graph in stages m = 0, 1,
//! 2, ...: during stage m, an unlabelled vertex gets the label m when no
//! option has the label m, its labelled options have every value below m,
//! and every option that is unlabelled (or infinite) has an option
//! labelled m (so moving there can be answered by moving back to m). When
//! nothing more can be labelled m, every unlabelled vertex with no option
//! labelled m is infinite: a finite value above m would need one. Then the
//! next stage starts with the vertices still unlabelled.
//!
//! Two things make this fast:
//!
//! - The part of the graph from which every play ends (no cycle is
//!   reachable) has ordinary Sprague-Grundy values, found first by the
//!   plain mex in reverse topological order (Kahn's algorithm on the
//!   reversed graph). Only the rest, the loopy part, goes through stages,
//!   and there an option in the acyclic part is simply a known label.
//! - Within a stage, labels spread backwards as in retrograde analysis:
//!   a vertex labelled m marks its predecessors ("has an option labelled
//!   m", so not labelled m), and a vertex whose options not finitely
//!   labelled are all marked is labelled m. Fraenkel and Yesha count the
//!   marked options of every vertex; here each unlabelled vertex instead
//!   watches one unmarked option at a time and resumes only when that one
//!   is marked (see [`Stage`]), so a stage costs little more than the
//!   vertices still in play. Options found finite leave a vertex's row
//!   for good. Only vertices still unlabelled are visited again in the
//!   next stage.
//!
//! The acyclic part costs linear time. A stage in the loopy part costs
//! the scans of its unlabelled vertices plus the edges into the vertices
//! it labels, and there are at most one more stage than the largest
//! finite value (itself at most the largest out-degree). In the worst
//! case a vertex rescans its marked options at every stage, which is the
//! `O(stages · edges)` of the classical algorithms; on random graphs of
//! ten million edges, and on dense loopy graphs with values in the
//! thousands, the whole computation is a few linear passes.

use super::MoveGraph;
use crate::error::Result;
use crate::game::Limits;
use crate::nimber::MexSet;

/// The value of a vertex whose generalized value is infinite.
pub(super) const INFINITE: u32 = u32::MAX;
/// Not labelled yet.
const OPEN: u32 = u32::MAX - 1;

/// The generalized value of each vertex: finite, or [`INFINITE`].
pub(super) fn generalized_sg(
    graph: &MoveGraph,
    rev: &MoveGraph,
    limits: &Limits,
) -> Result<Vec<u32>> {
    let n = graph.vertex_count();
    let mut gsg = vec![OPEN; n];
    acyclic_part(graph, rev, &mut gsg, limits)?;
    let mut unlabelled: Vec<u32> = (0..n as u32).filter(|&v| gsg[v as usize] == OPEN).collect();
    if unlabelled.is_empty() {
        return Ok(gsg);
    }
    let seeds = Seeds::new(graph, &gsg, &unlabelled);
    let mut stage = Stage::new(graph, rev, &mut gsg, &unlabelled);
    let mut m: u32 = 0;
    while !unlabelled.is_empty() {
        limits.check("generalized Sprague-Grundy values")?;
        unlabelled = stage.run(m, &unlabelled, seeds.of(m));
        m += 1;
    }
    Ok(gsg)
}

/// Values of the vertices from which every play ends, by the plain mex;
/// the others (the loopy part) are left [`OPEN`].
fn acyclic_part(
    graph: &MoveGraph,
    rev: &MoveGraph,
    gsg: &mut [u32],
    limits: &Limits,
) -> Result<()> {
    let n = graph.vertex_count();
    let mut left: Vec<u32> = graph.offsets.windows(2).map(|w| w[1] - w[0]).collect();
    let mut queue: Vec<u32> = (0..n as u32).filter(|&v| left[v as usize] == 0).collect();
    let mut set = MexSet::new();
    let mut head = 0;
    while let Some(&v) = queue.get(head) {
        head += 1;
        if head % 65536 == 0 {
            limits.check("Sprague-Grundy values")?;
        }
        set.clear();
        for &w in graph.options(v) {
            set.insert(u64::from(gsg[w as usize]));
        }
        gsg[v as usize] = set.mex() as u32;
        for &u in rev.options(v) {
            left[u as usize] -= 1;
            if left[u as usize] == 0 {
                queue.push(u);
            }
        }
    }
    Ok(())
}

/// For each value m, the loopy vertices with an option of value m in the
/// acyclic part: at stage m they have an option labelled m from the start.
/// Grouped by value with a counting sort (one pass to count, one to place).
struct Seeds {
    start: Vec<u32>,
    who: Vec<u32>,
}

impl Seeds {
    fn new(graph: &MoveGraph, gsg: &[u32], loopy: &[u32]) -> Seeds {
        let finite = |w: u32| gsg[w as usize] != OPEN;
        let mut start: Vec<u32> = Vec::new();
        for &u in loopy {
            for &w in graph.options(u) {
                if finite(w) {
                    let g = gsg[w as usize] as usize;
                    if start.len() < g + 2 {
                        start.resize(g + 2, 0);
                    }
                    start[g + 1] += 1;
                }
            }
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        let mut fill = start.clone();
        let mut who = vec![0u32; start.last().copied().unwrap_or(0) as usize];
        for &u in loopy {
            for &w in graph.options(u) {
                if finite(w) {
                    let g = gsg[w as usize] as usize;
                    who[fill[g] as usize] = u;
                    fill[g] += 1;
                }
            }
        }
        Seeds { start, who }
    }

    fn of(&self, m: u32) -> &[u32] {
        let m = m as usize;
        if m + 1 >= self.start.len() {
            return &[];
        }
        &self.who[self.start[m] as usize..self.start[m + 1] as usize]
    }
}

/// No vertex (an empty waiting list).
const NONE: u32 = u32::MAX;

/// The working state of the stages, kept between them so that no stage
/// allocates.
///
/// A vertex q can take the label m when every option of q that is not
/// finitely labelled is *marked* (has an option labelled m) and q itself
/// is not. Rather than count marked options for every vertex each time a
/// vertex is marked, which revisits every edge into it at every stage, q
/// is checked by a scan of its options that stops at the first unmarked
/// one, w, and waits on it (the watched-literal idea of SAT solvers): only
/// when w is marked does q resume, from where it stopped, since marks
/// last until the stage ends. If w gets the label m instead, q is marked
/// and out of the race. So a stage costs the scans of the vertices still
/// unlabelled and unmarked, not the edges into every marked vertex.
struct Stage<'a> {
    rev: &'a MoveGraph,
    gsg: &'a mut [u32],
    /// `m + 1` when the vertex has an option labelled m.
    mark: Vec<u32>,
    /// The options of each loopy vertex not yet known to be finite: the
    /// row `live[start[v]..start[v] + len[v]]`. Options found finite are
    /// swapped out of the row for good, so each edge is dropped once.
    live: Vec<u32>,
    start: Vec<u32>,
    len: Vec<u32>,
    /// How far the scan of each vertex has gone in this stage.
    cursor: Vec<u32>,
    /// The vertices waiting on each vertex, as linked lists through
    /// `wait_next` (a vertex waits on one vertex at a time).
    wait_head: Vec<u32>,
    wait_next: Vec<u32>,
    /// Vertices whose `wait_head` is set, to reset after the stage.
    waited: Vec<u32>,
    /// Vertices just marked, whose waiters must resume.
    newly_marked: Vec<u32>,
    /// Vertices just labelled m, whose predecessors must be marked.
    labelled: Vec<u32>,
    /// Unlabelled vertices marked in this stage: the next stage's.
    next: Vec<u32>,
}

impl<'a> Stage<'a> {
    fn new(graph: &MoveGraph, rev: &'a MoveGraph, gsg: &'a mut [u32], loopy: &[u32]) -> Stage<'a> {
        let n = graph.vertex_count();
        let mut start = vec![0u32; n];
        let mut len = vec![0u32; n];
        let mut live = Vec::new();
        for &v in loopy {
            start[v as usize] = live.len() as u32;
            live.extend(
                graph
                    .options(v)
                    .iter()
                    .filter(|&&w| gsg[w as usize] == OPEN),
            );
            len[v as usize] = live.len() as u32 - start[v as usize];
        }
        Stage {
            rev,
            gsg,
            mark: vec![0; n],
            live,
            start,
            len,
            cursor: vec![0; n],
            wait_head: vec![NONE; n],
            wait_next: vec![NONE; n],
            waited: Vec::new(),
            newly_marked: Vec::new(),
            labelled: Vec::new(),
            next: Vec::new(),
        }
    }

    /// Stage `m` over the `unlabelled` vertices, `seeds` being those with
    /// an option of value `m` in the acyclic part. Returns the vertices
    /// still unlabelled afterwards.
    fn run(&mut self, m: u32, unlabelled: &[u32], seeds: &[u32]) -> Vec<u32> {
        let stamp = m + 1;
        // Every vertex already known to have an option labelled m is
        // marked before any labelling, so that none of them is labelled m.
        for &u in seeds {
            self.mark(u, stamp);
        }
        for &q in unlabelled {
            self.cursor[q as usize] = 0;
        }
        for &q in unlabelled {
            self.scan(q, m);
            self.settle(m);
        }
        for &u in unlabelled {
            let ui = u as usize;
            if self.gsg[ui] == OPEN && self.mark[ui] != stamp {
                self.gsg[ui] = INFINITE;
            }
        }
        for w in self.waited.drain(..) {
            self.wait_head[w as usize] = NONE;
        }
        std::mem::take(&mut self.next)
    }

    /// Passes on the news until nothing changes: predecessors of labelled
    /// vertices are marked, and waiters on marked vertices resume.
    fn settle(&mut self, m: u32) {
        let stamp = m + 1;
        loop {
            if let Some(w) = self.labelled.pop() {
                for &p in self.rev.options(w) {
                    self.mark(p, stamp);
                }
            } else if let Some(w) = self.newly_marked.pop() {
                let mut q = std::mem::replace(&mut self.wait_head[w as usize], NONE);
                while q != NONE {
                    let after = self.wait_next[q as usize];
                    self.scan(q, m);
                    q = after;
                }
            } else {
                break;
            }
        }
    }

    /// Goes on checking the options of `q`: labels it m when every option
    /// not finitely labelled is marked, or waits on the first that is not.
    fn scan(&mut self, q: u32, m: u32) {
        let qi = q as usize;
        if self.gsg[qi] != OPEN || self.mark[qi] == m + 1 {
            return;
        }
        let row = self.start[qi] as usize;
        while self.cursor[qi] < self.len[qi] {
            let at = row + self.cursor[qi] as usize;
            let w = self.live[at];
            let g = self.gsg[w as usize];
            if g == m {
                // Labelled m in this stage, and its predecessors not
                // marked yet (the news is still queued): q has an option
                // labelled m, so it cannot be labelled m itself.
                self.mark(q, m + 1);
                return;
            } else if g != OPEN && g != INFINITE {
                // Finite for good: drop it from the row.
                self.len[qi] -= 1;
                self.live[at] = self.live[row + self.len[qi] as usize];
            } else if self.mark[w as usize] == m + 1 {
                self.cursor[qi] += 1;
            } else {
                let wi = w as usize;
                if self.wait_head[wi] == NONE {
                    self.waited.push(w);
                }
                self.wait_next[qi] = self.wait_head[wi];
                self.wait_head[wi] = q;
                return;
            }
        }
        self.gsg[qi] = m;
        self.labelled.push(q);
    }

    /// Records that `u` has an option labelled m (once per stage).
    fn mark(&mut self, u: u32, stamp: u32) {
        let ui = u as usize;
        let g = self.gsg[ui];
        if self.mark[ui] == stamp || (g != OPEN && g != INFINITE) {
            // Already known, or finitely labelled (then it no longer
            // matters to anyone).
            return;
        }
        self.mark[ui] = stamp;
        if g == OPEN {
            self.next.push(u);
        }
        self.newly_marked.push(u);
    }
}
