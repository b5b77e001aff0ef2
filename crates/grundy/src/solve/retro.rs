//! Loopy games on explicit graphs: retrograde analysis and Smith's
//! generalized Sprague-Grundy function.
//!
//! A game whose positions and moves form a finite directed graph may have
//! cycles; then some positions are draws (with correct play the game never
//! ends) and the plain Sprague-Grundy value does not exist. This module
//! solves such graphs completely:
//!
//! - outcome and remoteness of every vertex by retrograde analysis from the
//!   terminal vertices: linear in vertices plus edges;
//! - Smith's generalized Sprague-Grundy value `γ` (a finite nimber, or
//!   `∞(K)` with `K` the finite values among the options), which is what
//!   makes sums of loopy games computable: see [`add_values`];
//! - [`explore`], which turns any [`crate::StateSpace`] with finitely many
//!   reachable positions into such a graph.
//!
//! The graph is held in compressed rows ([`MoveGraph`]): one array of
//! targets, one of offsets. Every algorithm here is iterative (queues,
//! counters per vertex), so a graph of ten million edges costs no call
//! stack and no allocation per edge.

mod analysis;
mod explore;
mod smith;

pub use analysis::analyze_token_sum;
pub use explore::{explore, Explored};

use std::sync::Arc;

use serde::Serialize;

use crate::answer::Value;
use crate::error::{Error, Result};
use crate::game::{Limits, Outcome};
use crate::nimber::Nimber;

/// Remoteness of a vertex not yet decided (and, once solved, of a draw).
const UNDECIDED: u32 = u32::MAX;

/// The moves of a game with finitely many positions, as the loopy solver
/// reads them: a finite directed graph in compressed sparse rows, one
/// vertex per position, one edge per move.
///
/// The options (out-neighbours) of vertex `v` are
/// `targets[offsets[v]..offsets[v + 1]]`. Vertices are `0..n` as `u32`:
/// half the memory of `usize`, which matters at ten million edges, and
/// enough for any graph that fits in memory. Repeated edges and
/// self-loops are allowed (a self-loop is a move that changes nothing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveGraph {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl MoveGraph {
    /// A graph from its rows: `offsets` has `n + 1` non-decreasing entries
    /// from 0 to `targets.len()`, and every target is below `n`.
    pub fn from_csr(offsets: Vec<u32>, targets: Vec<u32>) -> Result<MoveGraph> {
        let bad = |msg: &str| {
            Err(Error::parse(format!(
                "not a graph in compressed rows: {msg}"
            )))
        };
        if offsets.first() != Some(&0) {
            return bad("offsets must start with 0");
        }
        if offsets.windows(2).any(|w| w[0] > w[1]) {
            return bad("offsets must not decrease");
        }
        if *offsets.last().unwrap() as usize != targets.len() {
            return bad("the last offset must be the number of targets");
        }
        let n = offsets.len() - 1;
        if targets.iter().any(|&t| t as usize >= n) {
            return bad("a target is not a vertex");
        }
        Ok(MoveGraph { offsets, targets })
    }

    /// The graph on vertices `0..n` with the given edges `(from, to)`; the
    /// options of each vertex keep the order of the edges.
    pub fn from_edges(n: usize, edges: &[(u32, u32)]) -> Result<MoveGraph> {
        if n >= u32::MAX as usize || edges.len() > u32::MAX as usize {
            return Err(Error::unsupported(format!(
                "a graph may have fewer than {} vertices and edges",
                u32::MAX
            )));
        }
        if let Some(&(a, b)) = edges.iter().find(|&&(a, b)| a.max(b) as usize >= n) {
            return Err(Error::parse(format!(
                "edge {a} -> {b} leaves the vertices 0..{n}"
            )));
        }
        let mut offsets = vec![0u32; n + 1];
        for &(a, _) in edges {
            offsets[a as usize + 1] += 1;
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0u32; edges.len()];
        for &(a, b) in edges {
            targets[fill[a as usize] as usize] = b;
            fill[a as usize] += 1;
        }
        Ok(MoveGraph { offsets, targets })
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The number of edges (moves), repeated edges counted each time.
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The options of `v`: the vertices one move away.
    #[inline]
    pub fn options(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// The offsets of the rows (`n + 1` entries).
    pub fn offsets(&self) -> &[u32] {
        &self.offsets
    }

    /// All targets, row after row.
    pub fn targets(&self) -> &[u32] {
        &self.targets
    }

    /// The graph with every edge reversed: the options of `v` there are
    /// the vertices that move to `v` here. Retrograde analysis walks it.
    pub fn reversed(&self) -> MoveGraph {
        let n = self.vertex_count();
        let mut offsets = vec![0u32; n + 1];
        for &t in &self.targets {
            offsets[t as usize + 1] += 1;
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0u32; self.targets.len()];
        for v in 0..n as u32 {
            for &t in self.options(v) {
                targets[fill[t as usize] as usize] = v;
                fill[t as usize] += 1;
            }
        }
        MoveGraph { offsets, targets }
    }
}

/// A graph with the outcome, remoteness and generalized Sprague-Grundy
/// value of every vertex.
///
/// Build it once with [`Solved::new`]; every question after that is a
/// lookup (the set `K` of an infinite value is read from the options).
#[derive(Clone, Debug)]
pub struct Solved {
    graph: Arc<MoveGraph>,
    remoteness: Vec<u32>,
    gsg: Vec<u32>,
}

impl Solved {
    /// Solves `graph`. Fails with [`Error::Limit`] when it has more than
    /// `limits.max_states` vertices, and with [`Error::Interrupted`] when
    /// asked to stop.
    pub fn new(graph: impl Into<Arc<MoveGraph>>, limits: &Limits) -> Result<Solved> {
        let graph = graph.into();
        limits.check("solving the graph")?;
        limits.check_states(graph.vertex_count() as u64, "this graph")?;
        let rev = graph.reversed();
        let remoteness = retrograde(&graph, &rev, false, limits)?;
        let gsg = smith::generalized_sg(&graph, &rev, limits)?;
        Ok(Solved {
            graph,
            remoteness,
            gsg,
        })
    }

    /// The graph that was solved.
    pub fn graph(&self) -> &MoveGraph {
        &self.graph
    }

    /// Who wins from `v` with the next player to move: `P` when every move
    /// leads to a position the opponent wins (a vertex without options
    /// included), `N` when some move leads to a `P` vertex, and `D` when
    /// neither player can force a win, so correct play never ends.
    pub fn outcome(&self, v: u32) -> Outcome {
        match self.remoteness[v as usize] {
            UNDECIDED => Outcome::D,
            r if r % 2 == 0 => Outcome::P,
            _ => Outcome::N,
        }
    }

    /// The remoteness of `v` (Steinhaus): how many moves the game lasts
    /// when the winner wins as fast as possible and the loser loses as
    /// slowly as possible. A vertex without options has remoteness 0; an
    /// `N` vertex has `1 + min` of its `P` options' remoteness (odd); a `P`
    /// vertex with options has `1 + max` of its options' remoteness (even,
    /// all its options being `N`). A draw has none (`None`), so the
    /// parity of the remoteness is the outcome.
    pub fn remoteness(&self, v: u32) -> Option<u32> {
        match self.remoteness[v as usize] {
            UNDECIDED => None,
            r => Some(r),
        }
    }

    /// The generalized Sprague-Grundy value of `v` (Smith 1966): a finite
    /// nimber, or `∞(K)` with `K` the sorted finite values of its options.
    /// `v` is `P` iff its value is 0, `N` iff it is finite and nonzero or
    /// infinite with 0 in `K`, and a draw iff infinite with 0 not in `K`.
    pub fn value(&self, v: u32) -> Value {
        match self.gsg[v as usize] {
            smith::INFINITE => {
                let mut k: Vec<u64> = self
                    .graph
                    .options(v)
                    .iter()
                    .map(|&w| self.gsg[w as usize])
                    .filter(|&g| g != smith::INFINITE)
                    .map(u64::from)
                    .collect();
                k.sort_unstable();
                k.dedup();
                Value::Infinite(k)
            }
            g => Value::Finite(Nimber(u64::from(g))),
        }
    }

    /// The finite value of `v`, or `None` when it is infinite.
    pub fn nimber(&self, v: u32) -> Option<Nimber> {
        match self.gsg[v as usize] {
            smith::INFINITE => None,
            g => Some(Nimber(u64::from(g))),
        }
    }

    /// The move a perfect player makes from `v`, or `None` from a vertex
    /// without options: from `N`, a `P` option of least remoteness (the
    /// fastest win); from `P`, an option of greatest remoteness (the
    /// slowest loss); from a draw, an option that is a draw (one always
    /// exists: with none, `v` would be `P` or `N`). Ties go to the first
    /// option in order.
    pub fn best_option(&self, v: u32) -> Option<u32> {
        let opts = self.graph.options(v).iter().copied();
        match self.remoteness[v as usize] {
            UNDECIDED => opts
                .into_iter()
                .find(|&w| self.remoteness[w as usize] == UNDECIDED),
            0 => None,
            r => opts
                .into_iter()
                .find(|&w| self.remoteness[w as usize] == r - 1),
        }
    }

    /// The table of all vertices, named by `name`, for reports such as
    /// `grundy solve`.
    pub fn table(
        &self,
        game: String,
        starts: Vec<String>,
        name: impl Fn(u32) -> String,
    ) -> StateTable {
        let n = self.graph.vertex_count() as u32;
        StateTable {
            game,
            vertices: n as usize,
            edges: self.graph.edge_count(),
            starts,
            table: (0..n)
                .map(|v| StateRow {
                    vertex: name(v),
                    outcome: self.outcome(v),
                    remoteness: self.remoteness(v),
                    value: Some(self.value(v)),
                })
                .collect(),
            misere: false,
        }
    }
}

/// Every vertex of `graph` in misère play, where the player who cannot
/// move wins: outcome and remoteness by the same retrograde analysis
/// with the terminal rule flipped (a vertex without options is `N` with
/// remoteness 0), named by `name`. Cycles still make draws: a player who
/// cannot force a win may still avoid a loss by never ending the game.
/// Generalized values add up sums in normal play only, so rows carry none.
pub fn misere_table(
    graph: &MoveGraph,
    game: String,
    starts: Vec<String>,
    name: impl Fn(u32) -> String,
    limits: &Limits,
) -> Result<StateTable> {
    limits.check("solving the graph")?;
    limits.check_states(graph.vertex_count() as u64, "this graph")?;
    let remoteness = retrograde(graph, &graph.reversed(), true, limits)?;
    let table = remoteness
        .iter()
        .enumerate()
        .map(|(v, &r)| StateRow {
            vertex: name(v as u32),
            outcome: match r {
                UNDECIDED => Outcome::D,
                r if r % 2 == 0 => Outcome::N,
                _ => Outcome::P,
            },
            remoteness: (r != UNDECIDED).then_some(r),
            value: None,
        })
        .collect();
    Ok(StateTable {
        game,
        vertices: graph.vertex_count(),
        edges: graph.edge_count(),
        starts,
        table,
        misere: true,
    })
}

/// Every vertex of a solved graph, as `grundy solve` reports it.
#[derive(Clone, Debug, Serialize)]
pub struct StateTable {
    /// The canonical game name.
    pub game: String,
    /// The number of vertices.
    pub vertices: usize,
    /// The number of edges.
    pub edges: usize,
    /// The suggested start vertices (`start X` lines of a graph file).
    pub starts: Vec<String>,
    /// One row per vertex, in the order vertices were first named.
    pub table: Vec<StateRow>,
    /// Whether the table is of misère play (the player who cannot move
    /// wins), whose rows have no values.
    pub misere: bool,
}

/// One vertex of a [`StateTable`].
#[derive(Clone, Debug, Serialize)]
pub struct StateRow {
    /// The vertex's name.
    pub vertex: String,
    /// P, N or D.
    pub outcome: Outcome,
    /// See [`Solved::remoteness`]; `null` for a draw.
    pub remoteness: Option<u32>,
    /// The generalized Sprague-Grundy value; `None` (JSON `null`) in
    /// misère play, where values do not decide sums.
    pub value: Option<Value>,
}

/// Outcome and remoteness of every vertex, by retrograde analysis.
///
/// Vertices without options are `P` with remoteness 0. A queue then
/// decides the rest in order of remoteness: when a `P` vertex of
/// remoteness `r` is taken from the queue, every undecided predecessor
/// becomes `N` with `r + 1` (it can move there, and nothing reaches the
/// queue with less); when an `N` vertex is taken, each undecided
/// predecessor loses one undecided option, and the one whose last option
/// this was becomes `P` with `r + 1` (its options are all `N` and this
/// was the slowest). Vertices never decided are draws. Each edge is
/// looked at once: linear time.
///
/// In misère play (`misere`) a vertex without options is `N` instead, so
/// the parity flips: odd remoteness is `P`, even is `N`; the rest is the
/// same recurrence.
fn retrograde(
    graph: &MoveGraph,
    rev: &MoveGraph,
    misere: bool,
    limits: &Limits,
) -> Result<Vec<u32>> {
    let n = graph.vertex_count();
    let mut remoteness = vec![UNDECIDED; n];
    let mut left: Vec<u32> = graph.offsets.windows(2).map(|w| w[1] - w[0]).collect();
    let mut queue: Vec<u32> = Vec::with_capacity(n);
    for v in 0..n {
        if left[v] == 0 {
            remoteness[v] = 0;
            queue.push(v as u32);
        }
    }
    let mut head = 0;
    while let Some(&v) = queue.get(head) {
        head += 1;
        if head % 65536 == 0 {
            limits.check("retrograde analysis")?;
        }
        let r = remoteness[v as usize];
        let losing = r.is_multiple_of(2) != misere;
        for &u in rev.options(v) {
            let u = u as usize;
            if remoteness[u] != UNDECIDED {
                continue;
            }
            if !losing {
                left[u] -= 1;
                if left[u] != 0 {
                    continue;
                }
            }
            remoteness[u] = r + 1;
            queue.push(u as u32);
        }
    }
    Ok(remoteness)
}

/// Smith's sum of two generalized values: finite values add as nimbers
/// (XOR); `∞(K) + y = ∞(K ⊕ y)` for finite `y` (each finite option of the
/// infinite part is shifted by `y`); and two infinite parts make
/// `∞(∅)`, a draw: neither player can afford to leave either part.
pub fn add_values(a: &Value, b: &Value) -> Value {
    match (a, b) {
        (Value::Finite(x), Value::Finite(y)) => Value::Finite(*x + *y),
        (Value::Infinite(k), Value::Finite(y)) | (Value::Finite(y), Value::Infinite(k)) => {
            let mut shifted: Vec<u64> = k.iter().map(|&x| x ^ y.0).collect();
            shifted.sort_unstable();
            Value::Infinite(shifted)
        }
        (Value::Infinite(_), Value::Infinite(_)) => Value::Infinite(Vec::new()),
    }
}

/// The value of a sum of games: [`add_values`] over all of them (an empty
/// sum is 0).
pub fn sum_values<'a>(values: impl IntoIterator<Item = &'a Value>) -> Value {
    values
        .into_iter()
        .fold(Value::Finite(Nimber::ZERO), |acc, v| add_values(&acc, v))
}

/// Who wins a game of generalized value `v`: `P` iff `v` is 0; `N` iff it
/// is finite and nonzero (move to an option of value 0, as in Nim) or
/// `∞(K)` with 0 in `K` (move to that option); otherwise a draw.
pub fn value_outcome(v: &Value) -> Outcome {
    match v {
        Value::Finite(n) if *n == Nimber::ZERO => Outcome::P,
        Value::Finite(_) => Outcome::N,
        Value::Infinite(k) if k.contains(&0) => Outcome::N,
        Value::Infinite(_) => Outcome::D,
    }
}

/// For a sum with component values `values`, the finite value that an
/// option of each component must have for a move there to win (`None`:
/// no move in that component wins).
///
/// A move wins when it leaves a `P` position, that is a total of exactly 0,
/// and only finite totals are 0. With every component finite and total
/// `s != 0`, component `i` must move to an option of value `g_i ⊕ s`
/// (moving to an infinite option makes the total infinite). With exactly
/// one infinite component, only moving that one can make the total
/// finite, and it must go to an option of value the XOR `x` of the others
/// (which exists iff `x` is in its `K`, which is when the sum is `N`).
/// With two or more infinite components no single move makes the total
/// finite: the sum is a draw and nothing wins.
pub fn winning_targets(values: &[Value]) -> Vec<Option<Nimber>> {
    let infinite: Vec<usize> = (0..values.len())
        .filter(|&i| values[i].finite().is_none())
        .collect();
    let finite_xor: Nimber = values.iter().filter_map(Value::finite).sum();
    match infinite[..] {
        [] if finite_xor == Nimber::ZERO => vec![None; values.len()],
        [] => values
            .iter()
            .map(|v| v.finite().map(|g| g + finite_xor))
            .collect(),
        [i] => {
            let mut targets = vec![None; values.len()];
            if let Value::Infinite(k) = &values[i] {
                if k.contains(&finite_xor.0) {
                    targets[i] = Some(finite_xor);
                }
            }
            targets
        }
        _ => vec![None; values.len()],
    }
}

#[cfg(test)]
mod tests;
