//! Games that are not sums of independent heaps (misère Nim, Moore's Nim_k,
//! staircase Nim) against an independent win/lose search.
// Move generators take `&Vec` because positions are `Vec`s in the search.
#![allow(clippy::ptr_arg)]

mod brute;

use brute::WinLose;
use grundy::games::moore::Moore;
use grundy::{Limits, Outcome, SpecOptions};
use proptest::prelude::*;

fn texts(v: &[u64]) -> Vec<String> {
    v.iter().map(u64::to_string).collect()
}

fn parse_position(s: &str) -> Vec<u64> {
    s.split(' ').map(|t| t.parse().unwrap()).collect()
}

/// Moves of Nim_k: lower between 1 and k heaps.
fn moore_moves(k: usize) -> impl Fn(&Vec<u64>) -> Vec<Vec<u64>> {
    move |h: &Vec<u64>| {
        let mut out = Vec::new();
        let total: u64 = h.iter().map(|&x| x + 1).product();
        for code in 0..total {
            let mut c = code;
            let mut next = Vec::new();
            for &x in h {
                next.push(c % (x + 1));
                c /= x + 1;
            }
            let changed = next.iter().zip(h).filter(|(a, b)| a != b).count();
            if changed >= 1 && changed <= k {
                out.push(next);
            }
        }
        out
    }
}

fn staircase_moves(h: &Vec<u64>) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in 0..h.len() {
        for m in 1..=h[i] {
            let mut next = h.clone();
            next[i] -= m;
            if i > 0 {
                next[i - 1] += m;
            }
            out.push(next);
        }
    }
    out
}

fn nim_moves(h: &Vec<u64>) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in 0..h.len() {
        for v in 0..h[i] {
            let mut next = h.clone();
            next[i] = v;
            out.push(next);
        }
    }
    out
}

fn winning_set(
    moves: &dyn Fn(&Vec<u64>) -> Vec<Vec<u64>>,
    brute: &mut dyn FnMut(&Vec<u64>) -> bool,
    h: &Vec<u64>,
) -> Vec<Vec<u64>> {
    let mut w: Vec<Vec<u64>> = moves(h).into_iter().filter(|q| !brute(q)).collect();
    w.sort();
    w.dedup();
    w
}

#[test]
fn misere_nim_examples() {
    let g = grundy::parse(
        "nim",
        SpecOptions {
            misere: true,
            ..SpecOptions::default()
        },
    )
    .unwrap();
    let a = g.analyze(&texts(&[1, 1]), &Limits::default()).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert!(a.misere && a.values.is_none());
    let p = g.analyze(&texts(&[1, 1, 1]), &Limits::default()).unwrap();
    assert_eq!(p.outcome, Outcome::P);
    // One big heap: take it down to leave an odd number of 1-heaps.
    let one_big = g.analyze(&texts(&[5, 1]), &Limits::default()).unwrap();
    assert_eq!(one_big.winning_moves.len(), 1);
    assert_eq!(one_big.winning_moves[0].to, "0");
}

#[test]
fn moore_constructed_move_on_huge_heaps() {
    let m = Moore::new(2).unwrap();
    let heaps = [u64::MAX, 1 << 62, 12345678901234, 99, 7];
    let next = m.constructed_move(&heaps).unwrap();
    assert_eq!(m.outcome(&next), Outcome::P);
    let changed = next.iter().zip(&heaps).filter(|(a, b)| a != b).count();
    assert!((1..=2).contains(&changed));
    assert!(next.iter().zip(&heaps).all(|(a, b)| a <= b));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn misere_nim_matches_brute_force(h in prop::collection::vec(0u64..5, 1..4)) {
        let g = grundy::parse("nim", SpecOptions { misere: true, ..SpecOptions::default() }).unwrap();
        let a = g.analyze(&texts(&h), &Limits::default()).unwrap();
        let mut brute = WinLose::new(nim_moves, true);
        prop_assert_eq!(a.outcome == Outcome::N, brute.wins(&h));
        let expected = winning_set(&nim_moves, &mut |q| brute.wins(q), &h);
        let mut got: Vec<Vec<u64>> = a.winning_moves.iter().map(|m| {
            let mut next = h.clone();
            next[m.component.unwrap()] = m.to.parse().unwrap();
            next
        }).collect();
        got.sort();
        prop_assert_eq!(got, expected);
    }

    #[test]
    fn moore_matches_brute_force(k in 1usize..4, h in prop::collection::vec(0u64..5, 1..4)) {
        let g = grundy::parse(&format!("moore:{k}"), SpecOptions::default()).unwrap();
        let a = g.analyze(&texts(&h), &Limits::default()).unwrap();
        let moves = moore_moves(k);
        let mut brute = WinLose::new(moore_moves(k), false);
        prop_assert_eq!(a.outcome == Outcome::N, brute.wins(&h));
        let expected = winning_set(&moves, &mut |q| brute.wins(q), &h);
        let mut got: Vec<Vec<u64>> = a.winning_moves.iter().map(|m| parse_position(&m.to)).collect();
        got.sort();
        prop_assert_eq!(got, expected);
        let m = Moore::new(k as u64).unwrap();
        if let Some(next) = m.constructed_move(&h) {
            prop_assert!(!brute.wins(&next));
        }
    }

    #[test]
    fn staircase_matches_brute_force(h in prop::collection::vec(0u64..4, 1..5)) {
        let g = grundy::parse("staircase", SpecOptions::default()).unwrap();
        let a = g.analyze(&texts(&h), &Limits::default()).unwrap();
        let mut brute = WinLose::new(staircase_moves, false);
        prop_assert_eq!(a.outcome == Outcome::N, brute.wins(&h));
        let expected = winning_set(&staircase_moves, &mut |q| brute.wins(q), &h);
        let mut got: Vec<Vec<u64>> = a.winning_moves.iter().map(|m| parse_position(&m.to)).collect();
        got.sort();
        prop_assert_eq!(got, expected);
    }
}
