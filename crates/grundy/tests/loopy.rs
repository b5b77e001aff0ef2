//! Loopy games on explicit graphs against independent computations written
//! here from the definitions, sharing no code with the engine:
//!
//! - outcomes and remoteness by bounded look-ahead: "the player to move
//!   wins within r moves" and "loses within r moves", for r = 0, 1, 2, ...;
//! - generalized Sprague-Grundy values twice: by Smith's staged definition
//!   applied literally (rescanning everything until nothing changes), and
//!   by Smith's theorem on sums with Nim heaps: `γ(v) = k` exactly when
//!   `v + *k` is a P-position, and `γ(v) = ∞(K)` when no `k` is, with `K`
//!   the `k` for which `v + *k` is N;
//! - sums by brute force over the product graph of their components.

use grundy::solve::retro::{
    add_values, explore, sum_values, value_outcome, winning_targets, MoveGraph, Solved,
};
use grundy::{Limits, Nimber, Outcome, StateSpace, Value};
use proptest::prelude::*;

/// A small graph as option lists.
type Opts = Vec<Vec<usize>>;

fn options_of(n: usize, edges: &[(usize, usize)]) -> Opts {
    let mut opts = vec![Vec::new(); n];
    for &(a, b) in edges {
        opts[a].push(b);
    }
    opts
}

fn solved(n: usize, edges: &[(usize, usize)]) -> Solved {
    let e: Vec<(u32, u32)> = edges.iter().map(|&(a, b)| (a as u32, b as u32)).collect();
    Solved::new(MoveGraph::from_edges(n, &e).unwrap(), &Limits::default()).unwrap()
}

/// Outcome and remoteness by look-ahead. `win[r][v]`: the player to move
/// at `v` can force a win within `r` moves; `lose[r][v]`: the player to
/// move cannot avoid losing within `r` moves. A win within r means a move
/// to a vertex where the opponent loses within r - 1; losing within r
/// means every move goes to a vertex where the opponent wins within r - 1
/// (vacuously true without moves). Remoteness is the least such r; a
/// vertex with neither, for r up to twice the number of vertices, is a
/// draw (any forced result comes within that many moves).
fn look_ahead(opts: &Opts) -> Vec<(Outcome, Option<u32>)> {
    let n = opts.len();
    let mut result = vec![(Outcome::D, None); n];
    // Within r - 1 moves, starting from "within -1": nothing.
    let mut win = vec![false; n];
    let mut lose = vec![false; n];
    for r in 0..=(2 * n as u32 + 2) {
        let lose_r: Vec<bool> = (0..n).map(|v| opts[v].iter().all(|&w| win[w])).collect();
        let win_r: Vec<bool> = (0..n).map(|v| opts[v].iter().any(|&w| lose[w])).collect();
        for v in 0..n {
            if result[v].1.is_none() {
                if lose_r[v] {
                    result[v] = (Outcome::P, Some(r));
                } else if win_r[v] {
                    result[v] = (Outcome::N, Some(r));
                }
            }
        }
        win = win_r;
        lose = lose_r;
    }
    result
}

/// Smith's staged labelling, literally: at stage m, label m any unlabelled
/// vertex with options labelled 0..m-1, none labelled m, and whose every
/// unlabelled or infinite option has an option labelled m; repeat until
/// nothing changes; then unlabelled vertices without an option labelled m
/// are infinite. `None` is infinite.
fn smith_literal(opts: &Opts) -> Vec<Option<u64>> {
    #[derive(Clone, Copy, PartialEq)]
    enum L {
        Open,
        Fin(u64),
        Inf,
    }
    let n = opts.len();
    let mut label = vec![L::Open; n];
    let has = |label: &[L], v: usize, m: u64| opts[v].iter().any(|&w| label[w] == L::Fin(m));
    let mut m = 0;
    while label.contains(&L::Open) {
        loop {
            let mut changed = false;
            for u in 0..n {
                if label[u] != L::Open || has(&label, u, m) {
                    continue;
                }
                let below = (0..m).all(|j| has(&label, u, j));
                let answered = opts[u]
                    .iter()
                    .filter(|&&w| matches!(label[w], L::Open | L::Inf))
                    .all(|&w| has(&label, w, m));
                if below && answered {
                    label[u] = L::Fin(m);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for u in 0..n {
            if label[u] == L::Open && !has(&label, u, m) {
                label[u] = L::Inf;
            }
        }
        m += 1;
    }
    label
        .iter()
        .map(|l| match l {
            L::Fin(g) => Some(*g),
            _ => None,
        })
        .collect()
}

/// A move in a product graph: the state reached, the component moved and
/// the vertex it moves to.
type Step = (usize, usize, usize);

/// The product of several graphs: a state is one vertex of each, a move
/// moves one of them. Returns the states (as tuples, in mixed radix) and
/// the option lists, each option tagged with the component moved and the
/// vertex it moves to.
fn product(graphs: &[Opts]) -> (Vec<Vec<usize>>, Vec<Vec<Step>>) {
    let sizes: Vec<usize> = graphs.iter().map(Vec::len).collect();
    let total: usize = sizes.iter().product();
    let decode = |mut s: usize| -> Vec<usize> {
        sizes
            .iter()
            .map(|&k| {
                let d = s % k;
                s /= k;
                d
            })
            .collect()
    };
    let encode = |t: &[usize]| -> usize {
        t.iter()
            .zip(&sizes)
            .rev()
            .fold(0, |acc, (&d, &k)| acc * k + d)
    };
    let states: Vec<Vec<usize>> = (0..total).map(decode).collect();
    let moves = states
        .iter()
        .map(|t| {
            let mut out = Vec::new();
            for (c, g) in graphs.iter().enumerate() {
                for &w in &g[t[c]] {
                    let mut u = t.clone();
                    u[c] = w;
                    out.push((encode(&u), c, w));
                }
            }
            out
        })
        .collect();
    (states, moves)
}

/// `γ` from outcomes of `v + *k`, computed by look-ahead on the product
/// of the graph with a Nim heap of up to `n` (no value exceeds the number
/// of vertices, and `K` holds values of options).
fn gsg_by_heaps(opts: &Opts) -> Vec<Value> {
    let n = opts.len();
    let heap: Opts = (0..=n).map(|k| (0..k).collect()).collect();
    let (states, moves) = product(&[opts.clone(), heap]);
    let flat: Opts = moves
        .iter()
        .map(|m| m.iter().map(|&(s, _, _)| s).collect())
        .collect();
    let out = look_ahead(&flat);
    (0..n)
        .map(|v| {
            let at = |k: usize| {
                let s = states.iter().position(|t| t[0] == v && t[1] == k).unwrap();
                out[s].0
            };
            match (0..=n).find(|&k| at(k) == Outcome::P) {
                Some(k) => Value::Finite(Nimber(k as u64)),
                None => Value::Infinite(
                    (0..=n)
                        .filter(|&k| at(k) == Outcome::N)
                        .map(|k| k as u64)
                        .collect(),
                ),
            }
        })
        .collect()
}

fn small_graph(max_n: usize) -> impl Strategy<Value = (usize, Vec<(usize, usize)>)> {
    (1..=max_n).prop_flat_map(|n| (Just(n), prop::collection::vec((0..n, 0..n), 0..=3 * n)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn outcomes_and_remoteness_match_look_ahead((n, edges) in small_graph(12)) {
        let s = solved(n, &edges);
        let opts = options_of(n, &edges);
        let expected = look_ahead(&opts);
        for v in 0..n {
            let got = (s.outcome(v as u32), s.remoteness(v as u32));
            prop_assert_eq!(got, expected[v], "vertex {} of {:?}", v, edges);
            // The best move keeps the promise of the remoteness.
            match (got, s.best_option(v as u32)) {
                ((_, Some(0)), None) => {}
                ((Outcome::D, None), Some(w)) => {
                    prop_assert_eq!(expected[w as usize].0, Outcome::D)
                }
                ((_, Some(r)), Some(w)) => {
                    prop_assert_eq!(expected[w as usize].1, Some(r - 1))
                }
                (g, b) => prop_assert!(false, "{:?} with best option {:?}", g, b),
            }
        }
    }

    #[test]
    fn values_match_smith_and_heap_sums((n, edges) in small_graph(9)) {
        let s = solved(n, &edges);
        let opts = options_of(n, &edges);
        let literal = smith_literal(&opts);
        let by_heaps = gsg_by_heaps(&opts);
        for v in 0..n {
            let got = s.value(v as u32);
            prop_assert_eq!(got.finite().map(|g| g.0), literal[v], "vertex {} of {:?}", v, edges);
            prop_assert_eq!(&got, &by_heaps[v], "vertex {} of {:?}", v, edges);
            prop_assert_eq!(value_outcome(&got), s.outcome(v as u32));
        }
    }

    #[test]
    fn acyclic_graphs_have_plain_mex_values((n, edges) in small_graph(12)) {
        // Keep edges going down: a DAG, where γ is the ordinary mex.
        let edges: Vec<(usize, usize)> = edges.into_iter().filter(|&(a, b)| a > b).collect();
        let s = solved(n, &edges);
        let opts = options_of(n, &edges);
        let mut g = vec![0u64; n];
        for v in 0..n {
            g[v] = (0..).find(|m| !opts[v].iter().any(|&w| g[w] == *m)).unwrap();
            prop_assert_eq!(s.value(v as u32), Value::Finite(Nimber(g[v])));
            let o = if g[v] == 0 { Outcome::P } else { Outcome::N };
            prop_assert_eq!(s.outcome(v as u32), o);
        }
    }

    #[test]
    fn sums_match_the_product_graph(
        graphs in prop::collection::vec(small_graph(5), 2..=3)
    ) {
        let solveds: Vec<Solved> = graphs.iter().map(|(n, e)| solved(*n, e)).collect();
        let opts: Vec<Opts> = graphs.iter().map(|(n, e)| options_of(*n, e)).collect();
        let (states, moves) = product(&opts);
        let flat: Opts = moves.iter().map(|m| m.iter().map(|&(s, _, _)| s).collect()).collect();
        let expected = look_ahead(&flat);
        for (i, t) in states.iter().enumerate() {
            let values: Vec<Value> =
                t.iter().zip(&solveds).map(|(&v, s)| s.value(v as u32)).collect();
            let total = sum_values(&values);
            prop_assert_eq!(value_outcome(&total), expected[i].0, "{:?} in {:?}", t, graphs);
            // The winning moves are exactly the moves to P states.
            let targets = winning_targets(&values);
            let mut by_values: Vec<(usize, usize)> = moves[i]
                .iter()
                .filter(|&&(_, c, w)| {
                    targets[c].is_some() && solveds[c].nimber(w as u32) == targets[c]
                })
                .map(|&(_, c, w)| (c, w))
                .collect();
            let mut by_search: Vec<(usize, usize)> = moves[i]
                .iter()
                .filter(|&&(s, _, _)| expected[s].0 == Outcome::P)
                .map(|&(_, c, w)| (c, w))
                .collect();
            by_values.sort_unstable();
            by_search.sort_unstable();
            prop_assert_eq!(by_values, by_search, "{:?} in {:?}", t, graphs);
        }
        // Two infinite parts make a draw, whatever they are.
        for s in &solveds {
            for v in 0..s.graph().vertex_count() as u32 {
                if s.value(v).finite().is_none() {
                    prop_assert_eq!(value_outcome(&add_values(&s.value(v), &s.value(v))), Outcome::D);
                }
            }
        }
    }
}

/// A game with a cycle: a counter modulo 7, moves +1 and +3, except that
/// 6 may only stop at 0 by moving +1 (and 0 has no moves): explored and
/// solved, it must agree with look-ahead on the same rules.
struct Clock;

impl StateSpace for Clock {
    type Position = u32;
    fn moves(&mut self, p: &u32, out: &mut Vec<u32>) -> grundy::Result<()> {
        if *p != 0 {
            out.push((p + 1) % 7);
            if *p != 6 {
                out.push((p + 3) % 7);
            }
        }
        Ok(())
    }
}

#[test]
fn explored_games_are_solved() {
    let e = explore(&mut Clock, &[3], &Limits::default()).unwrap();
    let s = Solved::new(e.graph.clone(), &Limits::default()).unwrap();
    let opts: Opts = (0..7)
        .map(|p| {
            let mut out = Vec::new();
            Clock.moves(&p, &mut out).unwrap();
            out.into_iter().map(|q| q as usize).collect()
        })
        .collect();
    let expected = look_ahead(&opts);
    for p in 0..7u32 {
        let v = e.id(&p).unwrap();
        assert_eq!((s.outcome(v), s.remoteness(v)), expected[p as usize], "{p}");
    }
}

/// A vertex labelled m in a stage makes its predecessors unfit for m at
/// once, even when one of them is being scanned before the news has
/// spread. Here 4 and 5 get 1 in the same stage (3 = 0 answers 4's move,
/// and 1 is infinite with 4 among its options, which answers 5's move to
/// 1), so 0, which can move to 5, is not 1: with only ∞ left, it is ∞.
/// Found by `values_match_smith_and_heap_sums`.
#[test]
fn a_label_of_this_stage_bars_its_predecessors() {
    let edges = [
        (1, 4),
        (4, 3),
        (5, 2),
        (0, 1),
        (5, 1),
        (0, 5),
        (0, 6),
        (1, 1),
        (3, 0),
    ];
    let s = solved(7, &edges);
    let literal = smith_literal(&options_of(7, &edges));
    let expected = [None, None, Some(0), Some(0), Some(1), Some(1), Some(0)];
    assert_eq!(literal, expected);
    for (v, want) in expected.iter().enumerate() {
        assert_eq!(s.value(v as u32).finite().map(|g| g.0), *want, "vertex {v}");
    }
    assert_eq!(s.outcome(0), Outcome::N, "0 moves to the infinite 1");
}

/// The time for random graphs of ten million edges on a million vertices:
/// `cargo test --release -p grundy --test loopy -- --ignored --nocapture`.
/// A third of the vertices have no options; the edges of the others go
/// anywhere (`back` = 1) or mostly "downhill" (to one of the 64 vertices
/// below), one edge in `back` going anywhere: long chains of finite
/// values, cycles through them, draws and infinite values.
#[test]
#[ignore]
fn ten_million_edges() {
    for back in [1, 16, 256] {
        measure(back);
    }
    let t = std::time::Instant::now();
    let m = dense_loopy(3000);
    println!(
        "{m} edges, dense and loopy, values up to 2999: built and solved in {:?}",
        t.elapsed()
    );
}

fn measure(back: u64) {
    use std::time::Instant;
    let n: u32 = 1_000_000;
    let m: usize = 10_000_000;
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let edges: Vec<(u32, u32)> = (0..m)
        .map(|_| {
            let r = next();
            // Vertices 0, 3, 6, ... have no options.
            let mut u = (r % u64::from(n - 1)) as u32 + 1;
            if u.is_multiple_of(3) {
                u -= 1;
            }
            let s = next();
            if s % back == 0 {
                (u, ((s >> 20) % u64::from(n)) as u32)
            } else {
                (u, u - 1 - ((s >> 20) % u64::from(u.min(64))) as u32)
            }
        })
        .collect();
    let t = Instant::now();
    let g = MoveGraph::from_edges(n as usize, &edges).unwrap();
    let built = t.elapsed();
    let t = Instant::now();
    let s = Solved::new(g, &Limits::default()).unwrap();
    let solved = t.elapsed();
    let mut counts = [0usize; 3];
    let mut infinite = 0;
    let mut top = 0;
    for v in 0..n {
        counts[s.outcome(v) as usize] += 1;
        match s.nimber(v) {
            Some(g) => top = top.max(g.0),
            None => infinite += 1,
        }
    }
    println!(
        "{m} edges, {n} vertices, 1 in {back} edges anywhere: graph built in {built:?}, \
         solved in {solved:?}; P/N/D = {counts:?}, {infinite} infinite values, \
         largest finite value {top}"
    );
}

/// Two copies of the complete acyclic graph on `k` vertices (`X_i -> X_j`
/// and `Y_i -> Y_j` for `j < i`), and a cycle `Y_i <-> A_i` with
/// `A_i -> X_i`: the Y side is loopy, yet `Y_i` keeps the value `i`
/// (a move to `A_i` is answered by `A_i -> X_i`), and `A_i` is 0 (`A_0`
/// is 1). Values in the thousands on a loopy part: the hard case for
/// stage-by-stage algorithms. Returns the solved graph's edge count.
fn dense_loopy(k: u32) -> usize {
    let (x, y, a) = (0, k, 2 * k);
    let mut edges = Vec::new();
    for i in 0..k {
        for j in 0..i {
            edges.push((x + i, x + j));
            edges.push((y + i, y + j));
        }
        edges.push((y + i, a + i));
        edges.push((a + i, y + i));
        edges.push((a + i, x + i));
    }
    let g = MoveGraph::from_edges(3 * k as usize, &edges).unwrap();
    let s = Solved::new(g, &Limits::default()).unwrap();
    for i in 0..k {
        assert_eq!(s.value(y + i), Value::Finite(Nimber(u64::from(i))));
        assert_eq!(s.nimber(a + i), Some(Nimber(u64::from(i == 0))));
    }
    edges.len()
}

#[test]
fn high_finite_values_on_cycles() {
    dense_loopy(60);
}
