//! The Cutting Game against an exact search of the real rules, written
//! here: a move cuts one piece along a grid line into two, and whoever
//! cuts out a 1x1 piece wins at once.

mod brute;

use brute::WinLose;
use grundy::games::cutting::Cutting;
use grundy::ruleset::SumRuleset;
use grundy::{Limits, Outcome, Ruleset};
use proptest::prelude::*;

type Pieces = Vec<(u8, u8)>;

/// Every position one cut away. Cutting out a 1x1 wins, so that move
/// leads to the empty position: no moves, the player to move has lost.
fn real_moves(p: &Pieces) -> Vec<Pieces> {
    let mut out = Vec::new();
    for (i, &(w, h)) in p.iter().enumerate() {
        let cuts = (1..w)
            .map(|a| [(a, h), (w - a, h)])
            .chain((1..h).map(|b| [(w, b), (w, h - b)]));
        for parts in cuts {
            if parts.contains(&(1, 1)) {
                out.push(Vec::new());
                continue;
            }
            let mut next = p.clone();
            next.remove(i);
            next.extend(parts.iter().map(|&(x, y)| (x.min(y), x.max(y))));
            next.sort_unstable();
            out.push(next);
        }
    }
    out
}

fn normalise(p: &[(u8, u8)]) -> Pieces {
    let mut v: Pieces = p.iter().map(|&(x, y)| (x.min(y), x.max(y))).collect();
    v.sort_unstable();
    v
}

fn texts(p: &[(u8, u8)]) -> Vec<String> {
    p.iter().map(|(w, h)| format!("{w}x{h}")).collect()
}

/// The pieces of a move's text `2x2+2x3` (or one piece).
fn parts(text: &str) -> Pieces {
    text.split('+')
        .map(|t| {
            let (w, h) = t.split_once('x').unwrap();
            (w.parse().unwrap(), h.parse().unwrap())
        })
        .collect()
}

#[test]
fn poj_2311_samples_and_small_boards() {
    let game = SumRuleset(Cutting::default());
    let l = Limits::default();
    let mut brute = WinLose::new(real_moves, false);
    for (w, h, wins) in [(2, 2, false), (3, 2, false), (4, 2, true)] {
        let a = game.analyze(&texts(&[(w, h)]), &l).unwrap();
        assert_eq!(a.outcome == Outcome::N, wins, "{w}x{h}");
    }
    // Every board up to 7x7 (a 1x1 board is a finished game).
    for w in 1..=7u8 {
        for h in 1..=7u8 {
            if (w, h) == (1, 1) {
                continue;
            }
            let a = game.analyze(&texts(&[(w, h)]), &l).unwrap();
            assert_eq!(
                a.outcome == Outcome::N,
                brute.wins(&normalise(&[(w, h)])),
                "{w}x{h}"
            );
        }
    }
}

#[test]
fn a_thousand_square_is_fast() {
    let a = SumRuleset(Cutting::default())
        .analyze(&["1000x1000".to_string()], &Limits::default())
        .unwrap();
    // Halving a square leaves two equal pieces, which the mover then
    // mirrors: the square is a win, and the halvings are winning moves.
    assert_eq!(a.outcome, Outcome::N);
    let tos: Vec<&str> = a.winning_moves.iter().map(|m| m.to.as_str()).collect();
    assert!(tos.contains(&"500x1000+500x1000"), "{tos:?}");
    assert!(tos.contains(&"1000x500+1000x500"), "{tos:?}");
}

/// The reduced game's recurrence, computed plainly: `G(w, h)` is the mex
/// of the cuts that leave both parts at least 2 wide.
#[test]
fn the_table_matches_the_recurrence() {
    let n = 40usize;
    let mut g = vec![vec![0u64; n + 1]; n + 1];
    for w in 2..=n {
        for h in 2..=n {
            let mut seen = std::collections::HashSet::new();
            for a in 2..=w - 2 {
                seen.insert(g[a][h] ^ g[w - a][h]);
            }
            for b in 2..=h - 2 {
                seen.insert(g[w][b] ^ g[w][h - b]);
            }
            g[w][h] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
    }
    let game = Cutting::default();
    let l = Limits::default();
    for (w, row) in g.iter().enumerate().skip(2) {
        for (h, &want) in row.iter().enumerate().skip(2) {
            let got = game.value_of(w as u64, h as u64, &l).unwrap();
            assert_eq!(got, want, "{w}x{h}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// Outcomes of sums of small boards, and every winning move, match the
    /// real rules.
    #[test]
    fn sums_match_the_real_rules(p in prop::collection::vec((1u8..6, 1u8..6), 1..=3)) {
        prop_assume!(!p.contains(&(1, 1)));
        let game = SumRuleset(Cutting::default());
        let a = game.analyze(&texts(&p), &Limits::default()).unwrap();
        let mut brute = WinLose::new(real_moves, false);
        let start = normalise(&p);
        prop_assert_eq!(a.outcome == Outcome::N, brute.wins(&start));
        // Each listed move is a real cut to a position the mover wins.
        let mut listed = Vec::new();
        for m in &a.winning_moves {
            let i = m.component.unwrap();
            let after = parts(&m.to);
            let mut next: Pieces = p.clone();
            next.remove(i);
            if after.contains(&(1, 1)) {
                listed.push(Vec::new());
                continue;
            }
            next.extend(after);
            let next = normalise(&next);
            prop_assert!(real_moves(&start).contains(&next), "{} is not a cut", m.to);
            prop_assert!(!brute.wins(&next), "{} does not win", m.to);
            listed.push(next);
        }
        // And every winning cut is listed (by the pieces it leaves).
        let mut want: Vec<Pieces> = real_moves(&start)
            .into_iter()
            .filter(|q| !brute.wins(q))
            .collect();
        want.sort();
        want.dedup();
        listed.sort();
        listed.dedup();
        prop_assert_eq!(listed, want);
    }

    /// Play and pictures follow the real rules: the moves of a position
    /// are the real cuts, and its solved state graph agrees with them.
    #[test]
    fn play_moves_are_the_real_cuts(p in prop::collection::vec((1u8..4, 1u8..5), 1..=2)) {
        let game = SumRuleset(Cutting::default());
        let limits = Limits::default();
        let moves = game.position_moves(&texts(&p), &limits).unwrap();
        let mut got: Vec<Pieces> = moves
            .iter()
            .map(|m| {
                let next = normalise(&parts(&m.next.join("+")));
                if next.contains(&(1, 1)) { Vec::new() } else { next }
            })
            .collect();
        let start = normalise(&p);
        let mut want = if start.contains(&(1, 1)) { Vec::new() } else { real_moves(&start) };
        got.sort();
        got.dedup();
        want.sort();
        want.dedup();
        prop_assert_eq!(got, want);
        let graph = grundy::play::StateGraph::build(&game, &texts(&p), &limits).unwrap();
        let mut brute = WinLose::new(real_moves, false);
        let wins = !start.contains(&(1, 1)) && brute.wins(&start);
        prop_assert_eq!(graph.solved.outcome(0) == Outcome::N, wins);
    }
}
