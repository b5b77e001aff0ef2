//! Games on pairs (Wythoff, Euclid, E&D) and the multiplication game,
//! against published values and an independent brute force.

mod brute;

use brute::Mex;
use grundy::games::{ed, euclid, mult, wythoff};
use grundy::{Limits, Outcome, Ruleset, SpecOptions};
use proptest::prelude::*;

fn game(name: &str) -> Box<dyn Ruleset> {
    grundy::parse(name, SpecOptions::default()).unwrap()
}

type Options = fn(&(u64, u64)) -> Vec<Vec<(u64, u64)>>;

fn wythoff_options(&(a, b): &(u64, u64)) -> Vec<Vec<(u64, u64)>> {
    let mut o: Vec<Vec<(u64, u64)>> = (0..a).map(|x| vec![(x, b)]).collect();
    o.extend((0..b).map(|y| vec![(a, y)]));
    o.extend((1..=a.min(b)).map(|t| vec![(a - t, b - t)]));
    o
}

fn euclid_options(&(a, b): &(u64, u64)) -> Vec<Vec<(u64, u64)>> {
    if a == 0 || b == 0 {
        return vec![];
    }
    if a >= b {
        (1..=a / b).map(|k| vec![(a - k * b, b)]).collect()
    } else {
        (1..=b / a).map(|k| vec![(a, b - k * a)]).collect()
    }
}

fn ed_options(&(x, y): &(u64, u64)) -> Vec<Vec<(u64, u64)>> {
    let mut o = Vec::new();
    for p in [x, y] {
        o.extend((1..p).map(|a| vec![(a, p - a)]));
    }
    o
}

#[test]
fn wythoff_published_p_positions_and_row() {
    for (a, b) in [
        (0, 0),
        (1, 2),
        (3, 5),
        (4, 7),
        (6, 10),
        (8, 13),
        (9, 15),
        (11, 18),
    ] {
        assert!(wythoff::is_p(a, b) && wythoff::is_p(b, a), "({a},{b})");
    }
    let w = wythoff::Wythoff::default();
    let row: Vec<u64> = (0..10)
        .map(|y| w.value_of(1, y, &Limits::default()).unwrap())
        .collect();
    assert_eq!(row, [1, 2, 0, 4, 5, 3, 7, 8, 6, 10]);
}

#[test]
fn wythoff_huge_single_pair_uses_the_theory() {
    // (floor(k phi), floor(k phi^2)) for k = 10^15.
    let k = 1_000_000_000_000_000u64;
    let (a, b) = (wythoff::lower(k), wythoff::lower(k) + k);
    let p = game("wythoff")
        .analyze(&[format!("{a},{b}")], &Limits::default())
        .unwrap();
    assert_eq!(p.outcome, Outcome::P);
    assert!(p.winning_moves.is_empty());
    let n = game("wythoff")
        .analyze(&[format!("{},{}", a + 7, b)], &Limits::default())
        .unwrap();
    assert_eq!(n.outcome, Outcome::N);
    assert_eq!(n.values, Some(vec![None]));
    assert!(n.winning_moves.iter().any(|m| m.to == format!("{a},{b}")));
}

#[test]
fn euclid_luogu_samples() {
    assert_ne!(euclid::euclid_value(25, 7), 0);
    assert_eq!(euclid::euclid_value(24, 15), 0);
    // Consecutive Fibonacci numbers near 2^63: one forced move after another.
    let (mut a, mut b) = (1u64, 1u64);
    while let Some(c) = a.checked_add(b) {
        (a, b) = (b, c);
    }
    let a_ = game("euclid")
        .analyze(&[format!("{b},{a}")], &Limits::default())
        .unwrap();
    assert_eq!(
        a_.winning_moves.len() as u64,
        u64::from(a_.outcome == Outcome::N)
    );
}

#[test]
fn ed_luogu_samples() {
    let total = ed::ed_value(1, 2) ^ ed::ed_value(3, 1);
    assert_ne!(total, 0);
    assert_eq!(ed::ed_value(1, 1), 0);
}

#[test]
fn multiplication_game_published_ranges() {
    let m = mult::Mult::default();
    use grundy::Game;
    let first_wins = |n: u64| m.value(&n, &Limits::default()).unwrap().value() != 0;
    for n in 2..=9 {
        assert!(first_wins(n));
    }
    for n in 10..=18 {
        assert!(!first_wins(n));
    }
    assert!(first_wins(19) && first_wins(162) && !first_wins(163) && !first_wins(324));
    assert!(first_wins(34_012_226));
    // The classic rule, written here: divide by 18 (rounding up) while
    // above 18; the first player wins when 9 or less is left.
    let classic = |mut n: u64| {
        while n > 18 {
            n = n.div_ceil(18);
        }
        n <= 9
    };
    for n in [
        u64::MAX,
        u64::MAX - 1,
        1 << 63,
        10u64.pow(19),
        18u64.pow(15),
    ] {
        assert_eq!(first_wins(n), classic(n), "{n}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn wythoff_values_match_brute_force(a in 0u64..14, b in 0u64..14) {
        let mut brute = Mex::new(wythoff_options);
        let w = wythoff::Wythoff::default();
        prop_assert_eq!(w.value_of(a, b, &Limits::default()).unwrap(), brute.g(&(a, b)));
        prop_assert_eq!(wythoff::is_p(a, b), brute.g(&(a, b)) == 0);
    }

    #[test]
    fn wythoff_theory_moves_reach_p(a in 0u64..1 << 40, b in 0u64..1 << 40) {
        for (x, y) in wythoff::winning_moves(a, b) {
            prop_assert!(wythoff::is_p(x, y));
            let legal = (x == a && y < b) || (y == b && x < a) || (a - x == b - y && x < a);
            prop_assert!(legal);
        }
        prop_assert_eq!(wythoff::winning_moves(a, b).is_empty(), wythoff::is_p(a, b));
    }

    #[test]
    fn euclid_matches_brute_force(a in 0u64..60, b in 0u64..60) {
        let mut brute = Mex::new(euclid_options);
        prop_assert_eq!(euclid::euclid_value(a, b), brute.g(&(a, b)));
    }

    #[test]
    fn ed_matches_brute_force(x in 1u64..40, y in 1u64..40) {
        let mut brute = Mex::new(ed_options);
        prop_assert_eq!(ed::ed_value(x, y), brute.g(&(x, y)));
    }

    #[test]
    fn ed_splits_are_exactly_the_right_ones(x in 1u64..300, t in 0u64..9) {
        let (got, more) = ed::splits_with_value(x, t, usize::MAX);
        prop_assert!(!more);
        let expected: Vec<(u64, u64)> = (1..x)
            .map(|a| (a, x - a))
            .filter(|&(a, b)| a <= b && ed::ed_value(a, b) == t)
            .collect();
        let mut got_sorted = got.clone();
        got_sorted.sort_unstable();
        prop_assert_eq!(got_sorted, expected);
    }

    #[test]
    fn mult_rule_matches_search(n in 0u64..u64::MAX) {
        use grundy::Game;
        let m = mult::Mult::default();
        let wins = m.value(&n, &Limits::default()).unwrap().value() != 0;
        prop_assert_eq!(wins, mult::first_player_wins(n));
    }

    #[test]
    fn mult_matches_brute_force(n in 0u64..3000) {
        use grundy::Game;
        // Straight from the rules: p starts at 1, multiply by 2..9, p >= n ends.
        let mut brute = Mex::new(|&p: &u64| {
            if p >= n { vec![] } else { (2..=9).map(|k| vec![p * k]).collect() }
        });
        let target = n;
        let m = mult::Mult::default();
        prop_assert_eq!(m.value(&target, &Limits::default()).unwrap().value(), brute.g(&1));
    }

    /// Winning moves of sums of multiplication games reach P (by a search
    /// of the rules from p = 1), and all are listed.
    #[test]
    fn mult_sums_winning_moves(targets in prop::collection::vec(2u64..400, 1..4)) {
        // The value of target n: from p = 1, multiply by 2..9, p >= n ends.
        let value = |n: u64| {
            let mut brute = Mex::new(|&p: &u64| {
                if p >= n { vec![] } else { (2..=9).map(|k| vec![p * k]).collect() }
            });
            brute.g(&1)
        };
        let comps: Vec<String> = targets.iter().map(u64::to_string).collect();
        let an = game("mult").analyze(&comps, &Limits::default()).unwrap();
        let total = targets.iter().fold(0, |acc, &n| acc ^ value(n));
        prop_assert_eq!(an.grundy.unwrap().finite().unwrap().0, total);
        for (i, &n) in targets.iter().enumerate() {
            // Multiplying by k leaves the target ceil(n / k) from p = 1.
            let mut wins: Vec<u64> = (2..=9u64)
                .map(|k| n.div_ceil(k))
                .filter(|&to| total != 0 && value(to) == value(n) ^ total)
                .collect();
            wins.sort_unstable();
            wins.dedup();
            let mut listed: Vec<u64> = an.winning_moves.iter()
                .filter(|m| m.component == Some(i))
                .map(|m| m.to.parse().unwrap())
                .collect();
            listed.sort_unstable();
            listed.dedup();
            prop_assert_eq!(listed, wins, "target {}", n);
        }
    }

    /// Winning moves of sums of pairs reach P (by brute force), and all are
    /// listed.
    #[test]
    fn pair_sums_winning_moves(
        which in 0usize..3,
        pairs in prop::collection::vec((1u64..12, 1u64..12), 1..3),
    ) {
        let (name, opts): (&str, Options) =
            [("wythoff", wythoff_options as Options),
             ("euclid", euclid_options), ("ed", ed_options)][which];
        let mut brute = Mex::new(opts);
        let comps: Vec<String> = pairs.iter().map(|(a, b)| format!("{a},{b}")).collect();
        let an = game(name).analyze(&comps, &Limits::default()).unwrap();
        let total = pairs.iter().fold(0, |acc, p| acc ^ brute.g(p));
        prop_assert_eq!(an.grundy.unwrap().finite().unwrap().0, total);
        let mut expected = 0;
        for (i, p) in pairs.iter().enumerate() {
            let target = brute.g(p) ^ total;
            let mut wins: Vec<(u64, u64)> = opts(p).into_iter().map(|o| o[0])
                .filter(|o| total != 0 && brute.g(o) == target)
                .map(|(a, b)| if name == "ed" { (a.min(b), a.max(b)) } else { (a, b) })
                .collect();
            wins.sort_unstable();
            wins.dedup();
            expected += wins.len();
            for m in an.winning_moves.iter().filter(|m| m.component == Some(i)) {
                let (a, b) = m.to.split_once(',').unwrap();
                let o: (u64, u64) = (a.parse().unwrap(), b.parse().unwrap());
                let o = if name == "ed" { (o.0.min(o.1), o.0.max(o.1)) } else { o };
                prop_assert!(wins.contains(&o), "{} from {:?}", m.to, p);
            }
        }
        prop_assert_eq!(an.winning_moves.len(), expected);
    }
}

/// Whether the player to move wins the misère sum `pos` of E&D pairs
/// (each `(small, large)`, the list sorted): the player who cannot move
/// wins. Memoised in `memo`.
fn ed_misere_wins(
    pos: &[(u64, u64)],
    memo: &mut std::collections::HashMap<Vec<(u64, u64)>, bool>,
) -> bool {
    if let Some(&w) = memo.get(pos) {
        return w;
    }
    let next = ed_misere_options(pos);
    let wins = next.is_empty() || next.iter().any(|q| !ed_misere_wins(q, memo));
    memo.insert(pos.to_vec(), wins);
    wins
}

/// The positions one move from the E&D sum `pos`.
fn ed_misere_options(pos: &[(u64, u64)]) -> Vec<Vec<(u64, u64)>> {
    let mut out = Vec::new();
    for (i, &(x, y)) in pos.iter().enumerate() {
        for p in [x, y] {
            for a in 1..p {
                let mut q = pos.to_vec();
                q[i] = (a.min(p - a), a.max(p - a));
                q.sort_unstable();
                out.push(q);
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Misère E&D: the outcome, and each winning move listed once (the
    /// piles of a pair are not in order: `1,2` is `2,1`), against a
    /// brute force of misère sums written here.
    #[test]
    fn ed_misere_winning_moves_are_each_listed_once(
        pairs in prop::collection::vec((1u64..9, 1u64..9), 1..3),
    ) {
        let misere = SpecOptions { misere: true, ..SpecOptions::default() };
        let ed = grundy::parse("ed", misere).unwrap();
        let comps: Vec<String> = pairs.iter().map(|(a, b)| format!("{a},{b}")).collect();
        let an = ed.analyze(&comps, &Limits::default()).unwrap();
        let mut pos: Vec<(u64, u64)> = pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
        pos.sort_unstable();
        let mut memo = std::collections::HashMap::new();
        let wins = ed_misere_wins(&pos, &mut memo);
        prop_assert_eq!(an.outcome == Outcome::N, wins);
        // Moves by the pair moved in and the pair it becomes.
        let mut expected: Vec<(usize, (u64, u64))> = Vec::new();
        for (i, &(a, b)) in pairs.iter().enumerate() {
            for p in [a, b] {
                for x in 1..p {
                    let new = (x.min(p - x), x.max(p - x));
                    let mut q = pos.clone();
                    let at = q.iter().position(|&c| c == (a.min(b), a.max(b))).unwrap();
                    q[at] = new;
                    q.sort_unstable();
                    if !ed_misere_wins(&q, &mut memo) && !expected.contains(&(i, new)) {
                        expected.push((i, new));
                    }
                }
            }
        }
        let mut listed: Vec<(usize, (u64, u64))> = an.winning_moves.iter().map(|m| {
            let (a, b) = m.to.split_once(',').unwrap();
            let (a, b): (u64, u64) = (a.parse().unwrap(), b.parse().unwrap());
            (m.component.unwrap(), (a.min(b), a.max(b)))
        }).collect();
        let count = listed.len();
        listed.sort_unstable();
        listed.dedup();
        prop_assert_eq!(count, listed.len(), "a move listed twice: {:?}", an.winning_moves);
        expected.sort_unstable();
        prop_assert_eq!(listed, expected);
    }
}

/// An E&D pair's piles are not in order: a move typed with the larger
/// pile first is the move listed with the smaller first (each split is
/// listed once), in normal and misère play, and `7,3` is written `3,7`.
#[test]
fn ed_moves_are_read_in_either_order() {
    for misere in [false, true] {
        let ed = grundy::parse(
            "ed",
            SpecOptions {
                misere,
                ..SpecOptions::default()
            },
        )
        .unwrap();
        let l = Limits::default();
        for to in ["1,4", "4,1"] {
            let mv = ed.move_to(&texts(&["3,5"]), 0, &texts(&[to]), &l).unwrap();
            assert_eq!(mv.map(|m| m.mv.to), Some("1,4".to_string()), "{to}");
        }
        assert_eq!(ed.canonical("7,3").unwrap(), "3,7");
    }
}

fn texts(t: &[&str]) -> Vec<String> {
    t.iter().map(|s| s.to_string()).collect()
}
