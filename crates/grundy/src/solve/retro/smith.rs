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
//!   reversed graph). What this pass leaves unfinished is the loopy part,
//!   and each of its vertices is left with the exact number of its options
//!   in the loopy part (`open`), which is where the stages start.
//! - Each stage is a retrograde analysis with counters (in the manner of
//!   Fraenkel and Yesha): for each unlabelled vertex, `open` counts its
//!   options not yet finitely labelled, and `hit` how many of those have
//!   an option labelled m. A vertex is labelled m when the two are equal
//!   and no option is labelled m. Only vertices still unlabelled are
//!   visited again in the next stage.
//!
//! The acyclic part costs linear time. In the loopy part, a vertex whose
//! options reach value m is revisited at stage m, so the cost is at most
//! the edges around the still-unlabelled vertices summed over the stages,
//! and the number of stages is at most one more than the largest finite
//! value (itself at most the largest out-degree). On random graphs the
//! values are small and the whole computation is a few linear passes.

use super::Digraph;
use crate::error::Result;
use crate::game::Limits;
use crate::nimber::MexSet;

/// The value of a vertex whose generalized value is infinite.
pub(super) const INFINITE: u32 = u32::MAX;
/// Not labelled yet.
const OPEN: u32 = u32::MAX - 1;

/// The generalized value of each vertex: finite, or [`INFINITE`].
pub(super) fn generalized_sg(graph: &Digraph, rev: &Digraph, limits: &Limits) -> Result<Vec<u32>> {
    let n = graph.vertex_count();
    let mut gsg = vec![OPEN; n];
    let mut open = acyclic_part(graph, rev, &mut gsg, limits)?;
    let mut unlabelled: Vec<u32> = (0..n as u32).filter(|&v| gsg[v as usize] == OPEN).collect();
    if unlabelled.is_empty() {
        return Ok(gsg);
    }
    let seeds = Seeds::new(graph, &gsg, &unlabelled);
    let mut stage = Stage {
        rev,
        gsg: &mut gsg,
        open: &mut open,
        hit: vec![0; n],
        mark: vec![0; n],
        hit_touched: Vec::new(),
        newly_hit: Vec::new(),
        labelled: Vec::new(),
        next: Vec::new(),
    };
    let mut m: u32 = 0;
    while !unlabelled.is_empty() {
        limits.check("generalized Sprague-Grundy values")?;
        unlabelled = stage.run(m, &unlabelled, seeds.of(m));
        m += 1;
    }
    Ok(gsg)
}

/// Values of the vertices from which every play ends, by the plain mex.
///
/// Returns, for every vertex, the number of its options left unvalued:
/// zero on the acyclic part, and on the loopy part the number of options
/// (edges) into the loopy part.
fn acyclic_part(
    graph: &Digraph,
    rev: &Digraph,
    gsg: &mut [u32],
    limits: &Limits,
) -> Result<Vec<u32>> {
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
    Ok(left)
}

/// For each value m, the loopy vertices with an option of value m in the
/// acyclic part: at stage m they have an option labelled m from the start.
/// Grouped by value with a counting sort (one pass to count, one to place).
struct Seeds {
    start: Vec<u32>,
    who: Vec<u32>,
}

impl Seeds {
    fn new(graph: &Digraph, gsg: &[u32], loopy: &[u32]) -> Seeds {
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

/// The working state of the stages, kept between them so that no stage
/// allocates.
struct Stage<'a> {
    rev: &'a Digraph,
    gsg: &'a mut [u32],
    /// Options not finitely labelled (unlabelled or infinite), per vertex.
    open: &'a mut [u32],
    /// Among those, the ones with an option labelled m (this stage only).
    hit: Vec<u32>,
    /// `m + 1` when the vertex has an option labelled m.
    mark: Vec<u32>,
    /// Vertices whose `hit` is nonzero, to reset after the stage.
    hit_touched: Vec<u32>,
    /// Non-finite vertices that just got an option labelled m, whose
    /// predecessors' `hit` must grow.
    newly_hit: Vec<u32>,
    /// Vertices just labelled m, whose predecessors must hear of it.
    labelled: Vec<u32>,
    /// Unlabelled vertices with an option labelled m: the next stage's.
    next: Vec<u32>,
}

impl Stage<'_> {
    /// Stage `m` over the `unlabelled` vertices, `seeds` being those with
    /// an option of value `m` in the acyclic part. Returns the vertices
    /// still unlabelled afterwards.
    fn run(&mut self, m: u32, unlabelled: &[u32], seeds: &[u32]) -> Vec<u32> {
        let stamp = m + 1;
        // Every vertex already known to have an option labelled m is
        // marked before any labelling, so that none of them is labelled m.
        for &u in seeds {
            self.mark_hit(u, stamp);
        }
        for &u in unlabelled {
            if self.open[u as usize] == 0 && self.mark[u as usize] != stamp {
                self.label(u, m);
            }
        }
        loop {
            if let Some(w) = self.labelled.pop() {
                for &p in self.rev.options(w) {
                    // `w` is finite now; `p` has an option labelled m.
                    self.open[p as usize] -= 1;
                    self.mark_hit(p, stamp);
                }
            } else if let Some(p) = self.newly_hit.pop() {
                // `p` is unlabelled or infinite and now has an option
                // labelled m: for each unlabelled predecessor, one more
                // of its open options can be answered with m.
                for &q in self.rev.options(p) {
                    let qi = q as usize;
                    if self.gsg[qi] != OPEN || self.mark[qi] == stamp {
                        continue;
                    }
                    if self.hit[qi] == 0 {
                        self.hit_touched.push(q);
                    }
                    self.hit[qi] += 1;
                    if self.hit[qi] == self.open[qi] {
                        self.label(q, m);
                    }
                }
            } else {
                break;
            }
        }
        for &u in unlabelled {
            let ui = u as usize;
            if self.gsg[ui] == OPEN && self.mark[ui] != stamp {
                self.gsg[ui] = INFINITE;
            }
        }
        for q in self.hit_touched.drain(..) {
            self.hit[q as usize] = 0;
        }
        std::mem::take(&mut self.next)
    }

    /// Records that `u` has an option labelled m (once per stage).
    fn mark_hit(&mut self, u: u32, stamp: u32) {
        let ui = u as usize;
        let g = self.gsg[ui];
        if self.mark[ui] == stamp || (g != OPEN && g != INFINITE) {
            // Already known, or finitely labelled (then it no longer
            // matters to anyone's count).
            return;
        }
        self.mark[ui] = stamp;
        if g == OPEN {
            self.next.push(u);
        }
        self.newly_hit.push(u);
    }

    fn label(&mut self, u: u32, m: u32) {
        self.gsg[u as usize] = m;
        self.labelled.push(u);
    }
}
