//! Heap games against published values and an independent brute force.

mod brute;

use brute::{take_amounts, Mex};
use grundy::heap::SeqRequest;
use grundy::{Limits, Outcome, Ruleset, SpecOptions};
use proptest::prelude::*;

fn game(name: &str) -> Box<dyn Ruleset> {
    grundy::parse(name, SpecOptions::default()).unwrap()
}

fn seq(name: &str, to: u64) -> Vec<u64> {
    game(name)
        .sequence(&SeqRequest { to: Some(to) }, &Limits::default())
        .unwrap()
        .values
}

fn heaps(v: &[u64]) -> Vec<String> {
    v.iter().map(u64::to_string).collect()
}

#[test]
fn subtraction_134_published() {
    let r = game("sub:1,3,4")
        .sequence(&SeqRequest { to: Some(20) }, &Limits::default())
        .unwrap();
    let expected: Vec<u64> = (0..=20).map(|n| [0, 1, 0, 1, 2, 3, 2][n % 7]).collect();
    assert_eq!(r.values, expected);
    assert_eq!((r.period, r.preperiod, r.proven), (Some(7), Some(0), true));
    assert!(r.proof.unwrap().contains("4 consecutive values"));
}

#[test]
fn subtraction_without_to_runs_until_proven() {
    let r = game("sub:2,5,7")
        .sequence(&SeqRequest { to: None }, &Limits::default())
        .unwrap();
    assert!(r.proven);
    let (p, e) = (r.period.unwrap(), r.preperiod.unwrap());
    // The report covers the proof window: e + p + max(S) values.
    assert!(r.values.len() as u64 >= e + p + 7);
}

#[test]
fn huge_heaps_use_the_proven_period() {
    let g = game("sub:1,3,4");
    let n = 1_000_000_000_000_000_000u64;
    let a = g.analyze(&heaps(&[n]), &Limits::default()).unwrap();
    let expected = [0, 1, 0, 1, 2, 3, 2][(n % 7) as usize];
    assert_eq!(a.grundy.unwrap().finite().unwrap().0, expected);
}

#[test]
fn nim_value_and_xor_move() {
    let a = game("nim")
        .analyze(&heaps(&[3, 4, 5]), &Limits::default())
        .unwrap();
    assert_eq!(a.grundy.unwrap().finite().unwrap().0, 2);
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.winning_moves.len(), 1);
    assert_eq!(
        (a.winning_moves[0].component, a.winning_moves[0].to.as_str()),
        (Some(0), "1")
    );
    let big = game("nim")
        .analyze(&heaps(&[1 << 60, (1 << 60) + 5]), &Limits::default())
        .unwrap();
    assert_eq!(big.winning_moves[0].to, (1u64 << 60).to_string());
}

#[test]
fn fibonacci_published() {
    assert_eq!(
        seq("fib", 19),
        [0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5]
    );
}

#[test]
fn lasker_published_and_closed_form() {
    assert_eq!(
        seq("lasker", 12),
        [0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11]
    );
    let mut brute = Mex::new(|&n: &u64| {
        let mut o = take_amounts(n, |_| true);
        o.extend((1..=n / 2).map(|a| vec![a, n - a]));
        o
    });
    let got = seq("lasker", 80);
    for (n, &v) in got.iter().enumerate() {
        assert_eq!(v, brute.g(&(n as u64)), "lasker {n}");
    }
}

#[test]
fn subtraction_one_to_k_is_n_mod_k_plus_1() {
    for k in 1..8u64 {
        let set: Vec<String> = (1..=k).map(|s| s.to_string()).collect();
        let got = seq(&format!("sub:{}", set.join(",")), 100);
        assert!(got
            .iter()
            .enumerate()
            .all(|(n, &v)| v == n as u64 % (k + 1)));
    }
}

fn set_name(prefix: &str, set: &[u64]) -> String {
    let s: Vec<String> = set.iter().map(u64::to_string).collect();
    format!("{prefix}:{}", s.join(","))
}

/// The least eventual period of `g` and where it starts, judged on the
/// first half so that the second half checks it: the smallest `p` whose
/// repetition holds from some `e` in the first half to the end.
fn least_period(g: &[u64]) -> (u64, u64) {
    let len = g.len();
    for p in 1..len / 4 {
        if let Some(e) = (0..len / 2).find(|&e| (e..len - p).all(|n| g[n] == g[n + p])) {
            return (p as u64, e as u64);
        }
    }
    panic!("no period in {len} values");
}

#[test]
fn take_three_is_period_six_not_a_run_of_zeros() {
    // sub:3 is 0,0,0,1,1,1 repeating: the table to 20 ends in 0,0,0, which
    // once was reported as period 1.
    for to in [20, 23, 101] {
        let r = game("sub:3")
            .sequence(&SeqRequest { to: Some(to) }, &Limits::default())
            .unwrap();
        assert_eq!((r.period, r.preperiod, r.proven), (Some(6), Some(0), true));
    }
    let r = game("sub:3")
        .sequence(&SeqRequest { to: None }, &Limits::default())
        .unwrap();
    assert_eq!((r.period, r.proven), (Some(6), true));
    // The octal code 0.003 is the same game.
    let r = game("0.003")
        .sequence(&SeqRequest { to: None }, &Limits::default())
        .unwrap();
    assert_eq!((r.period, r.preperiod, r.proven), (Some(6), Some(0), true));
    // A heap of 10^12 is read off the proven period.
    let a = game("sub:6")
        .analyze(&heaps(&[1_000_000_000_000]), &Limits::default())
        .unwrap();
    let expected = (1_000_000_000_000u64 / 6) % 2;
    assert_eq!(a.grundy.unwrap().finite().unwrap().0, expected);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The period reported for a finite subtraction set, without `--to`,
    /// is proven and is the least one, from the earliest start, of a long
    /// brute-force table.
    #[test]
    fn subtraction_periods_are_the_least_and_proven(set in prop::collection::vec(1u64..10, 1..4)) {
        let r = game(&set_name("sub", &set))
            .sequence(&SeqRequest { to: None }, &Limits::default())
            .unwrap();
        prop_assert!(r.proven);
        let mut brute = Mex::new(|&n: &u64| take_amounts(n, |k| set.contains(&k)));
        let g: Vec<u64> = (0..2000u64).map(|n| brute.g(&n)).collect();
        let (p, e) = least_period(&g);
        prop_assert_eq!((r.period, r.preperiod), (Some(p), Some(e)));
    }

    #[test]
    fn subtraction_matches_brute_force(set in prop::collection::vec(1u64..12, 1..5)) {
        let got = seq(&set_name("sub", &set), 120);
        let mut brute = Mex::new(|&n: &u64| take_amounts(n, |k| set.contains(&k)));
        for (n, &v) in got.iter().enumerate() {
            prop_assert_eq!(v, brute.g(&(n as u64)));
        }
    }

    #[test]
    fn allbut_matches_brute_force(set in prop::collection::vec(1u64..12, 1..5)) {
        let got = seq(&set_name("sub-allbut", &set), 90);
        let mut brute = Mex::new(|&n: &u64| take_amounts(n, |k| !set.contains(&k)));
        for (n, &v) in got.iter().enumerate() {
            prop_assert_eq!(v, brute.g(&(n as u64)));
        }
    }

    #[test]
    fn fib_matches_brute_force(n in 0u64..400) {
        let fibs = [1u64, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377];
        let mut brute = Mex::new(|&m: &u64| take_amounts(m, |k| fibs.contains(&k)));
        let g = game("fib").analyze(&heaps(&[n]), &Limits::default()).unwrap();
        prop_assert_eq!(g.grundy.unwrap().finite().unwrap().0, brute.g(&n));
    }

    /// Every listed winning move reaches total zero (checked by brute
    /// force), N-positions list at least one, P-positions none.
    #[test]
    fn winning_moves_reach_p_positions(
        which in 0usize..5,
        hs in prop::collection::vec(0u64..25, 1..4),
    ) {
        let names = ["nim", "sub:1,3,4", "sub-allbut:2,3", "fib", "lasker"];
        let name = names[which];
        let rules: Box<dyn Fn(u64) -> Vec<Vec<u64>>> = match name {
            "nim" => Box::new(|n| take_amounts(n, |_| true)),
            "sub:1,3,4" => Box::new(|n| take_amounts(n, |k| [1, 3, 4].contains(&k))),
            "sub-allbut:2,3" => Box::new(|n| take_amounts(n, |k| k != 2 && k != 3)),
            "fib" => Box::new(|n| take_amounts(n, |k| [1, 2, 3, 5, 8, 13, 21].contains(&k))),
            _ => Box::new(|n| {
                let mut o = take_amounts(n, |_| true);
                o.extend((1..=n / 2).map(|a| vec![a, n - a]));
                o
            }),
        };
        let mut brute = Mex::new(|&n: &u64| rules(n));
        let a = game(name).analyze(&heaps(&hs), &Limits::default()).unwrap();
        let total = hs.iter().fold(0, |acc, h| acc ^ brute.g(h));
        prop_assert_eq!(a.outcome == Outcome::P, total == 0);
        prop_assert_eq!(a.winning_moves.is_empty(), total == 0);
        for m in &a.winning_moves {
            let i = m.component.unwrap();
            let parts: Vec<u64> = m.to.split('+').map(|t| t.parse().unwrap()).collect();
            // The move must be a real option of that heap.
            let mut as_option: Vec<u64> = parts.iter().copied().filter(|&p| p > 0).collect();
            as_option.sort_unstable();
            let legal = rules(hs[i]).into_iter().any(|mut o| { o.sort_unstable(); o == as_option });
            prop_assert!(legal, "{} is not a move from {}", m.to, hs[i]);
            let rest = hs.iter().enumerate().filter(|&(j, _)| j != i).fold(0, |acc, (_, h)| acc ^ brute.g(h));
            let after = parts.iter().fold(rest, |acc, p| acc ^ brute.g(p));
            prop_assert_eq!(after, 0, "{} -> {} does not win", hs[i], m.to);
        }
        // And none is missing: count the winning options by brute force.
        let mut expected = 0;
        if total != 0 {
            for &h in &hs {
                let target = brute.g(&h) ^ total;
                let mut wins: Vec<Vec<u64>> = rules(h)
                    .into_iter()
                    .filter(|o| o.iter().fold(0, |acc, p| acc ^ brute.g(p)) == target)
                    .map(|mut o| { o.sort_unstable(); o })
                    .collect();
                wins.dedup();
                expected += wins.len();
            }
        }
        prop_assert!(!a.moves_truncated);
        prop_assert_eq!(a.winning_moves.len(), expected);
    }
}

/// The value of heap `n` in `game`, or the error.
fn value(name: &str, n: u64, limits: &Limits) -> Result<u64, String> {
    match game(name).analyze(&heaps(&[n]), limits) {
        Ok(a) => Ok(a.grundy.unwrap().finite().unwrap().0),
        Err(e) => Err(e.to_string()),
    }
}

#[test]
fn huge_heaps_that_no_theorem_answers_are_refused_at_once() {
    let huge = 1u64 << 62;
    // Grundy's game has no periodicity theorem: refused without computing.
    let t = std::time::Instant::now();
    let err = value("grundy", huge, &Limits::default()).unwrap_err();
    assert_eq!(
        err,
        "heap 4611686018427387904 of grundy (no periodicity theorem covers this game) needs more than 10000000 states; raise the limit (--max-states) to go further"
    );
    assert!(t.elapsed().as_secs() < 2, "{:?}", t.elapsed());
    // Officers: a proof is looked for within the budget, then refused.
    // (The search stops where its estimated work, every rare heap below
    // each new heap, would pass the work budget of 64 per state.)
    let err = value("officers", huge, &Limits::with_max_states(50_000)).unwrap_err();
    let (head, tail) = err.split_once(") needs").expect("a reason in brackets");
    let searched: u64 = head
        .strip_prefix("heap 4611686018427387904 of officers (no period is proven by n = ")
        .expect("the heap and the game")
        .parse()
        .expect("how far the proof was looked for");
    assert!((1000..50_000).contains(&searched), "{err}");
    assert_eq!(
        tail,
        " more than 50000 states; raise the limit (--max-states) to go further"
    );
    // Three-heap splits cost n^3/36 each: within the state budget, but
    // refused for the work, after a proof was looked for where it is cheap.
    let t = std::time::Instant::now();
    let err = value("C.C", 1 << 20, &Limits::default()).unwrap_err();
    assert!(
        err.starts_with("heap 1048576 of C.C (no period is proven by n = 22")
            && err.contains(
                "; about 6.4e16 options to visit, 64 per state) needs more than 10000000 states"
            ),
        "{err}"
    );
    assert!(t.elapsed().as_secs() < 20, "{:?}", t.elapsed());
    let err = value("0.F7", 1 << 31, &Limits::with_max_states(100_000)).unwrap_err();
    assert!(
        err.starts_with("heap 2147483648 of 0.F7 (no period is proven by n = "),
        "{err}"
    );
}

#[test]
fn huge_heaps_with_a_period_proven_in_reach_are_still_answered() {
    let huge = 1u64 << 62;
    // Kayles: period 12 from 71; Dawson's Kayles: period 34 from 53.
    assert_eq!(
        value("kayles", huge, &Limits::default()).unwrap(),
        value("kayles", 71 + (huge - 71) % 12, &Limits::default()).unwrap()
    );
    assert_eq!(
        value("dawson-kayles", huge, &Limits::default()).unwrap(),
        value("dawson-kayles", 53 + (huge - 53) % 34, &Limits::default()).unwrap()
    );
    // 0.16's proof needs 360,165 values, inside the stretch looked at.
    assert_eq!(
        value("0.16", huge, &Limits::default()).unwrap(),
        value(
            "0.16",
            105_351 + (huge - 105_351) % 149_459,
            &Limits::default()
        )
        .unwrap()
    );
}

/// `sub:3,7,K` by the plain recurrence.
fn sub_3_7(k: usize, len: usize) -> Vec<u64> {
    let mut g = vec![0u64; len];
    for n in 0..len {
        let mut seen = [false; 4];
        for s in [3, 7, k] {
            if n >= s {
                seen[g[n - s] as usize] = true;
            }
        }
        g[n] = seen.iter().position(|&x| !x).unwrap() as u64;
    }
    g
}

#[test]
fn long_subtraction_periods_answer_huge_heaps() {
    // The recurrence follows period 50003 from 50011 over a long stretch.
    let len = 400_000;
    let g = sub_3_7(50_000, len);
    assert!((50_011..len - 50_003).all(|n| g[n] == g[n + 50_003]));
    let huge = 1u64 << 62;
    let expected = g[(50_011 + (huge - 50_011) % 50_003) as usize];
    assert_eq!(
        value("sub:3,7,50000", huge, &Limits::default()).unwrap(),
        expected
    );
    // Period 1000003 from 1000011 needs 3,000,014 values: beyond the
    // stretch looked at by default, within it when the budget is raised.
    let err = value("sub:3,7,1000000", huge, &Limits::default()).unwrap_err();
    assert!(
        err.starts_with(
            "heap 4611686018427387904 of sub:3,7,1000000 (no period is proven by n = 1048576)"
        ),
        "{err}"
    );
    let g = sub_3_7(1_000_000, 3_000_014);
    let expected = g[(1_000_011 + (huge - 1_000_011) % 1_000_003) as usize];
    assert_eq!(
        value(
            "sub:3,7,1000000",
            huge,
            &Limits::with_max_states(40_000_000)
        )
        .unwrap(),
        expected
    );
}

#[test]
fn forged_values_are_refused_before_they_are_restored() {
    use grundy::heap::HeapValues;
    let mut real = HeapValues::new();
    for v in seq("sub-allbut:1", 100) {
        real.push(v as u32);
    }
    let g = game("sub-allbut:1");
    let heap = g.heap().unwrap();
    assert_eq!(heap.validate(&real), Ok(()));
    // G(50) = 2^32 - 1 would make the engine count that many values.
    let mut forged = real.clone();
    forged.truncate(50);
    forged.push(u32::MAX);
    let err = heap.validate(&forged).unwrap_err().to_string();
    assert!(
        err.starts_with("the checkpoint is damaged (it gives G(50) = 4294967295, but no heap 50 of sub-allbut:1 can have a value above ")
            && err.ends_with("); delete it to start over"),
        "{err}"
    );
    // Kayles: heap 0 has no move, so G(0) = 0.
    let mut zero = HeapValues::new();
    zero.push(1);
    let err = game("kayles").heap().unwrap().validate(&zero).unwrap_err();
    assert!(err.to_string().contains("G(0) = 1"), "{err}");
}
