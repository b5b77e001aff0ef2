//! Welter's game against an independent brute force: the strip's options
//! written here from the rule (a coin to any lower empty square) and
//! valued by plain mex search.

mod brute;

use brute::Mex;
use grundy::games::welter::{welter_value, Strip, Welter};
use grundy::{Game, Limits, Nimber, Outcome, Ruleset, SpecOptions};
use proptest::prelude::*;

/// Options as the brute force takes them: each a list of one strip.
type Options = Vec<Vec<Vec<u64>>>;

/// Every strip one move away from `squares` (ascending).
fn strip_options(squares: &[u64]) -> Options {
    let mut out = Vec::new();
    for (i, &from) in squares.iter().enumerate() {
        for to in 0..from {
            if squares.contains(&to) {
                continue;
            }
            let mut next = squares.to_vec();
            next[i] = to;
            next.sort_unstable();
            out.push(vec![next]);
        }
    }
    out
}

/// Values by mex search over [`strip_options`].
fn brute() -> Mex<Vec<u64>, impl Fn(&Vec<u64>) -> Options> {
    Mex::new(|s: &Vec<u64>| strip_options(s))
}

/// A set of at most `coins` distinct squares below `below`, ascending.
fn squares(coins: usize, below: u64) -> impl Strategy<Value = Vec<u64>> {
    prop::collection::btree_set(0..below, 0..=coins).prop_map(|s| s.into_iter().collect())
}

fn text(squares: &[u64]) -> String {
    match squares {
        [] => "empty".to_string(),
        _ => squares
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(","),
    }
}

fn game() -> Box<dyn Ruleset> {
    grundy::parse("welter", SpecOptions::default()).unwrap()
}

#[test]
fn the_briefs_example_is_a_second_player_win() {
    // [1|4|6] = 0 and [2|3] = 0, so the sum is 0.
    let a = game()
        .analyze(&["1,4,6".into(), "2,3".into()], &Limits::default())
        .unwrap();
    assert_eq!(a.outcome, Outcome::P);
    assert_eq!(
        a.values.unwrap(),
        [Some(Nimber(0).into()), Some(Nimber(0).into())]
    );
    // [2|5] = 6, and only 5 to 3 brings the sum back to 0 (by hand: no
    // coin of 1,4,6 reaches 6, and 2 would have to go up to 4).
    let n = game()
        .analyze(&["1,4,6".into(), "2,5".into()], &Limits::default())
        .unwrap();
    assert_eq!(n.outcome, Outcome::N);
    assert_eq!(n.grundy.unwrap().to_string(), "6");
    let listed: Vec<_> = n
        .winning_moves
        .iter()
        .map(|m| (m.component, m.to.as_str(), m.note.as_deref()))
        .collect();
    assert_eq!(listed, [(Some(1), "2,3", Some("move 5 to 3"))]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn welters_function_matches_brute_force(s in squares(5, 12)) {
        let mut brute = brute();
        prop_assert_eq!(welter_value(&s), brute.g(&s));
        let c = Welter.parse_component(&text(&s)).unwrap();
        prop_assert_eq!(Welter.value(&c, &Limits::default()).unwrap(), Nimber(brute.g(&s)));
    }

    #[test]
    fn moves_of_a_value_are_exactly_the_brute_forces(s in squares(5, 12), t in 0u64..16) {
        let mut brute = brute();
        let mut want: Vec<Vec<u64>> = strip_options(&s)
            .into_iter()
            .map(|o| o[0].clone())
            .filter(|o| brute.g(o) == t)
            .collect();
        let c = Welter.parse_component(&text(&s)).unwrap();
        let (found, more) = Welter
            .options_with_value(&c, Nimber(t), &Limits::default(), usize::MAX)
            .unwrap();
        prop_assert!(!more);
        let mut got: Vec<Vec<u64>> = found.iter().map(|o| o[0].squares().to_vec()).collect();
        got.sort();
        want.sort();
        prop_assert_eq!(got, want);
    }

    #[test]
    fn listed_winning_moves_reach_zero(a in squares(4, 12), b in squares(4, 12)) {
        let mut brute = brute();
        let comps = [text(&a), text(&b)];
        let report = game().analyze(&comps, &Limits::default()).unwrap();
        let total = brute.g(&a) ^ brute.g(&b);
        prop_assert_eq!(report.outcome == Outcome::P, total == 0);
        prop_assert_eq!(report.winning_moves.is_empty(), total == 0);
        for m in &report.winning_moves {
            let i = m.component.unwrap();
            let to = Strip::parse(&m.to).unwrap().squares().to_vec();
            let (moved, other) = if i == 0 { (&a, &b) } else { (&b, &a) };
            prop_assert!(strip_options(moved).iter().any(|o| o[0] == to), "{} is no move", m.to);
            prop_assert_eq!(brute.g(&to) ^ brute.g(other), 0, "{}", m.to);
        }
    }
}
