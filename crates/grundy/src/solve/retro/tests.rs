//! Hand-checked loopy graphs: each expected value below is worked out in
//! the comment next to it.

use super::*;
use crate::error::Result;
use crate::game::StateSpace;
use Outcome::{D, N, P};

fn solve(n: usize, edges: &[(u32, u32)]) -> Solved {
    Solved::new(MoveGraph::from_edges(n, edges).unwrap(), &Limits::default()).unwrap()
}

fn fin(g: u64) -> Value {
    Value::Finite(Nimber(g))
}

fn inf(k: &[u64]) -> Value {
    Value::Infinite(k.to_vec())
}

/// Outcome, remoteness and value of every vertex.
fn table(s: &Solved) -> Vec<(Outcome, Option<u32>, Value)> {
    (0..s.graph().vertex_count() as u32)
        .map(|v| (s.outcome(v), s.remoteness(v), s.value(v)))
        .collect()
}

#[test]
fn a_two_cycle_with_an_exit() {
    // 0 <-> 1 -> 2. Vertex 2 is terminal (P, 0); 1 moves there (N, 1);
    // 0 can only move to 1 (P, 2). Values: 2 is 0; 1 has options 0 and
    // 2, and 0's only option 1 can be answered by 1 -> 2, so 0 is 0 and
    // 1 is mex{0, 0} = 1.
    let s = solve(3, &[(0, 1), (1, 0), (1, 2)]);
    assert_eq!(
        table(&s),
        [
            (P, Some(2), fin(0)),
            (N, Some(1), fin(1)),
            (P, Some(0), fin(0))
        ]
    );
}

#[test]
fn a_three_cycle_is_a_draw_everywhere() {
    let s = solve(3, &[(0, 1), (1, 2), (2, 0)]);
    for v in 0..3 {
        assert_eq!(
            (s.outcome(v), s.remoteness(v), s.value(v)),
            (D, None, inf(&[]))
        );
        assert_eq!(s.best_option(v), Some((v + 1) % 3));
    }
}

#[test]
fn self_loops() {
    // A lone self-loop: the only move changes nothing, for ever.
    let s = solve(1, &[(0, 0)]);
    assert_eq!(table(&s), [(D, None, inf(&[]))]);
    // A self-loop with an exit to a terminal vertex: moving out wins at
    // once, so 0 is N; its value is infinite (the loop cannot be answered
    // with 0), with K = {0}: the classic N position of infinite value.
    let s = solve(2, &[(0, 0), (0, 1)]);
    assert_eq!(table(&s), [(N, Some(1), inf(&[0])), (P, Some(0), fin(0))]);
    // The exit leads to *1 instead (1 -> 2, 2 terminal): leaving the loop
    // hands the opponent a win, so the player at 0 loops for ever: D,
    // with K = {1} not containing 0.
    let s = solve(3, &[(0, 0), (0, 1), (1, 2)]);
    assert_eq!(
        table(&s),
        [
            (D, None, inf(&[1])),
            (N, Some(1), fin(1)),
            (P, Some(0), fin(0))
        ]
    );
    assert_eq!(s.best_option(0), Some(0));
}

#[test]
fn two_vertices_sharing_an_exit() {
    // 0 <-> 1, both -> 2 (terminal). Both are N (move to 2), but neither
    // is finite: value 1 would need the move 0 -> 1 answered by 1 -> a
    // vertex of value 1, and there is none. So both are inf(0): adding *1
    // gives inf(1), a draw (whoever leaves the cycle loses).
    let s = solve(3, &[(0, 1), (1, 0), (0, 2), (1, 2)]);
    assert_eq!(
        table(&s),
        [
            (N, Some(1), inf(&[0])),
            (N, Some(1), inf(&[0])),
            (P, Some(0), fin(0))
        ]
    );
    assert_eq!(value_outcome(&add_values(&s.value(0), &fin(1))), Outcome::D);
}

#[test]
fn a_finite_value_on_a_cycle_above_zero() {
    // 0 -> 1 -> 2 -> 0, and 0 -> 3, 1 -> 3, 1 -> 4, 4 -> 3, 3 terminal.
    // Acyclic part: 3 = 0, 4 = 1. Stage 0: 0 and 1 have option 3; 2's
    // only option 0 has an option of value 0, so 2 = 0. Stage 1: 0 has
    // options 1 and 3 (0), and its open option 1 has option 4 of value
    // 1, so 0 = 1. Stage 2: 1 has options 2 (0), 3 (0), 4 (1), so 1 = 2.
    let s = solve(5, &[(0, 1), (1, 2), (2, 0), (0, 3), (1, 3), (1, 4), (4, 3)]);
    let values: Vec<Value> = (0..5).map(|v| s.value(v)).collect();
    assert_eq!(values, [fin(1), fin(2), fin(0), fin(0), fin(1)]);
    // Outcomes agree: 2 is P (its only move goes to 0, which wins by
    // 0 -> 3); remoteness 2.
    assert_eq!(s.outcome(2), P);
    assert_eq!(s.remoteness(2), Some(2));
}

#[test]
fn remoteness_prefers_fast_wins_and_slow_losses() {
    // 0 -> 1 -> 2 -> 3 (a path: 3 is P 0, 2 is N 1, 1 is P 2, 0 is N 3)
    // and 0 -> 3 directly: 0 now wins in 1.
    // 4 -> 2 and 4 -> 5 -> 6 -> 7 -> 8: from 4 both moves lose, to 2 (N,
    // remoteness 1) or to 5 (N, 3); the slow loss goes to 5, so 4 is P 4.
    let s = solve(
        9,
        &[
            (0, 1),
            (1, 2),
            (2, 3),
            (0, 3),
            (4, 2),
            (4, 5),
            (5, 6),
            (6, 7),
            (7, 8),
        ],
    );
    let r: Vec<Option<u32>> = (0..9).map(|v| s.remoteness(v)).collect();
    assert_eq!(
        r,
        [
            Some(1),
            Some(2),
            Some(1),
            Some(0),
            Some(4),
            Some(3),
            Some(2),
            Some(1),
            Some(0)
        ]
    );
    assert_eq!(s.best_option(0), Some(3));
    assert_eq!(s.best_option(4), Some(5));
    assert_eq!(s.best_option(3), None);
}

#[test]
fn smith_sums() {
    assert_eq!(add_values(&fin(3), &fin(5)), fin(6));
    assert_eq!(add_values(&inf(&[0, 2]), &fin(2)), inf(&[0, 2]));
    assert_eq!(add_values(&fin(1), &inf(&[0, 2])), inf(&[1, 3]));
    assert_eq!(add_values(&inf(&[0]), &inf(&[0])), inf(&[]));
    assert_eq!(sum_values(&[]), fin(0));
    assert_eq!(sum_values(&[fin(1), inf(&[0, 3]), fin(2)]), inf(&[0, 3]));
    assert_eq!(value_outcome(&fin(0)), P);
    assert_eq!(value_outcome(&fin(4)), N);
    assert_eq!(value_outcome(&inf(&[0, 1])), N);
    assert_eq!(value_outcome(&inf(&[1])), D);
    assert_eq!(value_outcome(&inf(&[])), D);
}

#[test]
fn winning_targets_of_sums() {
    // All finite: Nim's rule.
    assert_eq!(
        winning_targets(&[fin(3), fin(4), fin(5)]),
        [Some(Nimber(1)), Some(Nimber(6)), Some(Nimber(7))]
    );
    assert_eq!(winning_targets(&[fin(3), fin(3)]), [None, None]);
    // One infinite part: move it to the XOR of the others, if it can.
    assert_eq!(
        winning_targets(&[fin(1), inf(&[0, 3]), fin(2)]),
        [None, Some(Nimber(3)), None]
    );
    assert_eq!(winning_targets(&[fin(1), inf(&[0])]), [None, None]);
    // Two infinite parts: a draw, nothing wins.
    assert_eq!(
        winning_targets(&[inf(&[0]), inf(&[0]), fin(1)]),
        [None, None, None]
    );
}

#[test]
fn csr_input_is_checked() {
    assert!(MoveGraph::from_csr(vec![0, 1, 1], vec![1]).is_ok());
    assert!(MoveGraph::from_csr(vec![], vec![]).is_err());
    assert!(MoveGraph::from_csr(vec![0, 2, 1], vec![0, 0]).is_err());
    assert!(MoveGraph::from_csr(vec![0, 1], vec![1]).is_err());
    assert!(MoveGraph::from_csr(vec![0, 1], vec![0, 0]).is_err());
    assert!(MoveGraph::from_edges(2, &[(0, 2)]).is_err());
    let g = MoveGraph::from_edges(3, &[(2, 0), (0, 1), (2, 1)]).unwrap();
    assert_eq!(g.options(2), [0, 1]);
    assert_eq!(g.reversed().options(1), [0, 2]);
}

#[test]
fn long_cycles_and_chains_use_no_call_stack() {
    // A cycle of a million vertices, with a tail of a million leading
    // into it and a path of a million hanging off vertex 0.
    let n = 1_000_000u32;
    let mut edges: Vec<(u32, u32)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
    edges.extend((n..2 * n - 1).map(|i| (i, i + 1)));
    edges.push((2 * n - 1, 0));
    edges.push((0, 2 * n));
    edges.extend((2 * n..3 * n - 1).map(|i| (i, i + 1)));
    let s = solve(3 * n as usize, &edges);
    // The path 2n .. 3n-1 alternates from its end: 3n-1 is P.
    assert_eq!(s.outcome(3 * n - 1), P);
    assert_eq!(s.value(2 * n), fin(u64::from((n - 1) % 2)));
    assert_eq!(s.remoteness(2 * n), Some(n - 1));
}

#[test]
fn the_budget_and_the_stop_flag_are_honoured() {
    let g = MoveGraph::from_edges(3, &[(0, 1), (1, 2)]).unwrap();
    let err = Solved::new(g.clone(), &Limits::with_max_states(2)).unwrap_err();
    assert!(matches!(err, Error::Limit { limit: 2, .. }));
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let limits = Limits::default().with_stop(stop);
    assert!(matches!(
        Solved::new(g, &limits),
        Err(Error::Interrupted(_))
    ));
}

/// Counting modulo 5 with moves +1 and +2: every position can always move,
/// so everything is a draw; with the move +2 removed from 4, 4 -> 0 only.
struct Mod5;

impl StateSpace for Mod5 {
    type Position = u8;
    fn moves(&mut self, p: &u8, out: &mut Vec<u8>) -> Result<()> {
        out.push((p + 1) % 5);
        if *p != 3 {
            out.push((p + 2) % 5);
        }
        Ok(())
    }
}

#[test]
fn games_are_explored_into_graphs() {
    let e = explore(&mut Mod5, &[2], &Limits::default()).unwrap();
    assert_eq!(e.positions, [2, 3, 4, 0, 1]);
    assert_eq!(e.graph.edge_count(), 9);
    assert_eq!(e.id(&4), Some(2));
    assert_eq!(*e.position(3), 0);
    let s = Solved::new(e.graph.clone(), &Limits::default()).unwrap();
    assert!((0..5).all(|v| s.outcome(v) == D));
    let err = explore(&mut Mod5, &[0], &Limits::with_max_states(3)).unwrap_err();
    assert!(matches!(err, Error::Limit { limit: 3, .. }), "{err}");
}
