//! Misère canonical forms against a brute-force misère search written
//! here: random games are trees of options over a small DAG, and every
//! claim of the forms (a component may be replaced by its form, equal
//! forms are interchangeable in any sum, the form of a sum stands for the
//! sum) is checked on random sums by searching the games themselves.

use std::collections::HashMap;

use grundy::solve::misere::canon::{Canon, END};
use proptest::prelude::*;

/// A game is a vertex of a DAG: vertex `i` moves to the listed vertices,
/// all below `i`; vertex 0 has no move.
type Dag = Vec<Vec<usize>>;

/// Whether the player to move wins the sum of `heaps` (vertices of `dag`)
/// in misère play: with no move at all, yes; otherwise when some move
/// leaves a sum the opponent loses.
fn mover_wins(dag: &Dag, heaps: &[usize], memo: &mut HashMap<Vec<usize>, bool>) -> bool {
    let mut key: Vec<usize> = heaps
        .iter()
        .copied()
        .filter(|&v| !dag[v].is_empty())
        .collect();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let wins = key.is_empty()
        || (0..key.len()).any(|i| {
            dag[key[i]].iter().any(|&to| {
                let mut next = key.clone();
                next[i] = to;
                !mover_wins(dag, &next, memo)
            })
        });
    memo.insert(key, wins);
    wins
}

/// The same question for a sum of canonical forms, searched through the
/// forms' own options.
fn forms_mover_wins(canon: &Canon, forms: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    let mut key: Vec<u32> = forms.iter().copied().filter(|&f| f != END).collect();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let wins = key.is_empty()
        || (0..key.len()).any(|i| {
            canon.options(key[i]).iter().any(|&to| {
                let mut next = key.clone();
                next[i] = to;
                !forms_mover_wins(canon, &next, memo)
            })
        });
    memo.insert(key, wins);
    wins
}

fn dag(max: usize) -> impl Strategy<Value = Dag> {
    (2..=max).prop_flat_map(|n| {
        let rows: Vec<BoxedStrategy<Vec<usize>>> = (0..n)
            .map(|i| {
                if i == 0 {
                    Just(Vec::new()).boxed()
                } else {
                    prop::collection::vec(0..i, 1..=i.min(4)).boxed()
                }
            })
            .collect();
        rows
    })
}

fn forms_of(dag: &Dag, canon: &mut Canon) -> Vec<u32> {
    let mut forms: Vec<u32> = Vec::new();
    for row in dag {
        let options = row.iter().map(|&v| forms[v]).collect();
        forms.push(canon.make(options).expect("small games stay within bounds"));
    }
    forms
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Replacing every component of a sum by its form keeps the outcome;
    /// two vertices with one form have the same outcome beside any third
    /// sum; the form of a pair's sum stands for the pair.
    #[test]
    fn forms_keep_misere_outcomes(
        dag in dag(12),
        sums in prop::collection::vec(prop::collection::vec(0usize..12, 0..=4), 12),
    ) {
        let mut canon = Canon::new(1 << 16, 64);
        let forms = forms_of(&dag, &mut canon);
        let n = dag.len();
        let mut memo = HashMap::new();
        let mut fmemo = HashMap::new();
        for sum in &sums {
            let sum: Vec<usize> = sum.iter().map(|&v| v % n).collect();
            let of_forms: Vec<u32> = sum.iter().map(|&v| forms[v]).collect();
            prop_assert_eq!(
                mover_wins(&dag, &sum, &mut memo),
                forms_mover_wins(&canon, &of_forms, &mut fmemo),
                "{:?} in {:?}", sum, dag
            );
        }
        for a in 0..n {
            for b in 0..n {
                let pair = canon.sum(forms[a], forms[b]).expect("within bounds");
                for x in &sums {
                    let x: Vec<usize> = x.iter().map(|&v| v % n).collect();
                    let mut with_pair = vec![a, b];
                    with_pair.extend(&x);
                    let mut forms_x: Vec<u32> = x.iter().map(|&v| forms[v]).collect();
                    forms_x.push(pair);
                    prop_assert_eq!(
                        mover_wins(&dag, &with_pair, &mut memo),
                        forms_mover_wins(&canon, &forms_x, &mut fmemo),
                        "{}+{} beside {:?} in {:?}", a, b, x, dag
                    );
                    if forms[a] == forms[b] {
                        let mut with_a = vec![a];
                        with_a.extend(&x);
                        let mut with_b = vec![b];
                        with_b.extend(&x);
                        prop_assert_eq!(
                            mover_wins(&dag, &with_a, &mut memo),
                            mover_wins(&dag, &with_b, &mut memo)
                        );
                    }
                }
            }
        }
    }
}

/// Nim heaps are their own forms, all different, and a misère Nim sum is
/// decided by Bouton's misère rule when searched through the forms.
#[test]
fn nim_heaps_are_distinct_forms_and_follow_bouton() {
    let mut canon = Canon::new(1 << 16, 64);
    let mut heaps = vec![END];
    for h in 1..8 {
        let options = heaps.clone();
        heaps.push(canon.make(options).unwrap());
        assert_eq!(canon.options(heaps[h]).len(), h, "*{h} keeps every option");
    }
    let mut distinct = heaps.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 8);
    let mut memo = HashMap::new();
    for a in 0..8usize {
        for b in 0..8 {
            for c in 0..8 {
                let big = a > 1 || b > 1 || c > 1;
                let ones = [a, b, c].iter().filter(|&&h| h == 1).count();
                let lost = if big { a ^ b ^ c == 0 } else { ones % 2 == 1 };
                let wins = forms_mover_wins(&canon, &[heaps[a], heaps[b], heaps[c]], &mut memo);
                assert_eq!(wins, !lost, "{a} {b} {c}");
            }
        }
    }
    assert_eq!(canon.sum(heaps[1], heaps[1]), Some(END), "*1 + *1 = 0");
}
