//! Unit tests of the coin rules and head values.

use super::*;

fn first(rule: Rule, n: u64) -> Vec<u64> {
    let h = HeadValues::new(rule);
    let coins: Vec<u64> = (1..=n).collect();
    h.values(&coins, &Limits::default()).unwrap()
}

#[test]
fn published_values() {
    assert_eq!(first(Rule::Any(vec![1, 2]), 8), [1, 2, 3, 4, 5, 6, 7, 8]);
    assert_eq!(
        first(Rule::Any(vec![1, 2, 3]), 10),
        [1, 2, 4, 7, 8, 11, 13, 14, 16, 19]
    );
    assert_eq!(
        first(Rule::Run(None), 12),
        [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4]
    );
    assert_eq!(first(Rule::Any(vec![2]), 5), [0, 1, 2, 3, 4]);
}

#[test]
fn the_table_agrees_with_the_closed_forms() {
    // The same rules written so that no closed form applies.
    let n = 300;
    let table = |rule: Rule| {
        let mut t = ComputedHeads::default();
        t.grow(&rule, n, &Limits::default()).unwrap();
        t.g[1..].to_vec()
    };
    assert_eq!(
        table(Rule::Any(vec![1, 2])),
        first(Rule::Any(vec![1, 2]), n)
    );
    assert_eq!(
        table(Rule::Any(vec![1, 2, 3])),
        first(Rule::Any(vec![1, 2, 3]), n)
    );
    assert_eq!(table(Rule::Any(vec![2])), first(Rule::Any(vec![2]), n));
    let all: Vec<u64> = (1..=n).collect();
    assert_eq!(table(Rule::Run(Some(all))), first(Rule::Run(None), n));
}

#[test]
fn gray_codes_invert() {
    for m in [0u64, 1, 2, 3, 77, 1 << 40, u64::MAX] {
        assert_eq!(gray_inverse(gray(m)), m);
    }
    let ruler: u64 = (1..=20u64).fold(0, |a, n| a ^ (n & n.wrapping_neg()));
    assert_eq!(ruler, gray(20));
}

#[test]
fn a_head_beyond_the_budget_is_refused_before_any_work() {
    let h = HeadValues::new(Rule::Run(Some(vec![2, 3])));
    let err = h.value(1 << 62, &Limits::default()).unwrap_err();
    assert!(
        matches!(
            err,
            Error::Limit {
                limit: 10_000_000,
                ..
            }
        ),
        "{err}"
    );
    let t = h.table.lock().unwrap();
    assert!(t.g.len() <= 1, "{} coins valued", t.g.len());
}

#[test]
fn tables_respect_the_budget() {
    let h = HeadValues::new(Rule::Any(vec![1, 2, 3, 4]));
    let err = h
        .value(100_000, &Limits::with_max_states(1000))
        .unwrap_err();
    assert!(err.to_string().contains("--max-states"), "{err}");
}

/// The count of turns is the number of turns offered, for every kind of
/// rule, and saturates far out.
#[test]
fn turns_are_counted_as_offered() {
    let rules = [
        Rule::Any(vec![2]),
        Rule::Any(vec![1, 2, 3]),
        Rule::Any(vec![1, 4, 5]),
        Rule::Run(None),
        Rule::Run(Some(vec![2, 3, 7])),
    ];
    for rule in &rules {
        for head in 1..12 {
            let mut offered = 0u64;
            let all = rule.for_each_turn(head, &mut |_| Ok(()), &mut |_| {
                offered += 1;
                true
            });
            assert!(all.unwrap());
            assert_eq!(rule.turn_count(head), offered, "{rule:?} at {head}");
        }
    }
    assert_eq!(Rule::Any(vec![3]).turn_count(1_000_001), 499_999_500_000);
    assert_eq!(Rule::Any(vec![30]).turn_count(1 << 62), u64::MAX);
}
