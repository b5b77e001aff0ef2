//! Coin-turning games against the published values and a brute force on
//! whole rows written here from the rules: a move turns a set of coins
//! whose rightmost is a head, and the rule says which sets are allowed.

mod brute;

use brute::Mex;
use grundy::games::coins::{CoinGame, Coins};
use grundy::{Game, Limits, Nimber, Outcome, SpecOptions};
use proptest::prelude::*;

/// Which turned sets (ascending coin numbers, the head last) a game allows.
#[derive(Clone, Debug)]
enum Allowed {
    Count(Vec<usize>),
    Run(Option<Vec<usize>>),
}

impl Allowed {
    fn allows(&self, set: &[usize]) -> bool {
        let consecutive = set.windows(2).all(|w| w[1] == w[0] + 1);
        match self {
            Allowed::Count(ks) => ks.contains(&set.len()),
            Allowed::Run(None) => consecutive,
            Allowed::Run(Some(ls)) => consecutive && ls.contains(&set.len()),
        }
    }
}

/// The game name and its rule, for the brute force.
fn games() -> impl Strategy<Value = (String, Allowed)> {
    let sets = prop::collection::btree_set(1usize..5, 1..4);
    prop_oneof![
        Just(("turtles".to_string(), Allowed::Count(vec![1, 2]))),
        Just(("mock-turtles".to_string(), Allowed::Count(vec![1, 2, 3]))),
        Just(("ruler".to_string(), Allowed::Run(None))),
        Just(("twins".to_string(), Allowed::Count(vec![2]))),
        sets.clone().prop_map(|s| {
            let v: Vec<usize> = s.into_iter().collect();
            (format!("coins:any:{}", join(&v)), Allowed::Count(v))
        }),
        sets.prop_map(|s| {
            let v: Vec<usize> = s.into_iter().collect();
            (format!("coins:run:{}", join(&v)), Allowed::Run(Some(v)))
        }),
    ]
}

fn join(v: &[usize]) -> String {
    v.iter().map(usize::to_string).collect::<Vec<_>>().join(",")
}

/// Moves of a row of `n` coins given as a bit mask of heads (bit i is
/// coin i + 1): every allowed set of coins whose rightmost is a head.
fn moves(allowed: &Allowed, n: usize, mask: u32) -> Vec<u32> {
    let mut out = Vec::new();
    for h in 1..=n {
        if mask >> (h - 1) & 1 == 0 {
            continue;
        }
        for others in 0u32..1 << (h - 1) {
            let mut set: Vec<usize> = (1..h).filter(|c| others >> (c - 1) & 1 == 1).collect();
            set.push(h);
            if allowed.allows(&set) {
                let flip = set.iter().fold(0u32, |m, c| m | 1 << (c - 1));
                out.push(mask ^ flip);
            }
        }
    }
    out
}

fn mask_of(row: &[bool]) -> u32 {
    row.iter()
        .enumerate()
        .fold(0, |m, (i, &h)| m | (u32::from(h) << i))
}

fn text_of(row: &[bool]) -> String {
    row.iter().map(|&h| if h { 'H' } else { 'T' }).collect()
}

fn game(name: &str) -> CoinGame {
    match name {
        "turtles" => CoinGame::turtles(),
        "mock-turtles" => CoinGame::mock_turtles(),
        "ruler" => CoinGame::ruler(),
        "twins" => CoinGame::twins(),
        _ => CoinGame::from_args(name.strip_prefix("coins:").unwrap()).unwrap(),
    }
}

#[test]
fn published_head_values() {
    let l = Limits::default();
    let first = |g: CoinGame, n: u64| -> Vec<u64> {
        (1..=n).map(|i| g.head_value(i, &l).unwrap()).collect()
    };
    assert_eq!(first(CoinGame::turtles(), 8), [1, 2, 3, 4, 5, 6, 7, 8]);
    assert_eq!(
        first(CoinGame::mock_turtles(), 8),
        [1, 2, 4, 7, 8, 11, 13, 14]
    );
    assert_eq!(
        first(CoinGame::ruler(), 16),
        [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16]
    );
    // Odious: an odd number of 1 bits, for coins far out too.
    let mock = CoinGame::mock_turtles();
    for n in [1_000_000u64, 1 << 40, (1 << 62) - 3] {
        assert_eq!(mock.head_value(n, &l).unwrap().count_ones() % 2, 1);
    }
}

#[test]
fn huge_head_lists_answer_from_the_closed_forms() {
    let l = Limits::default();
    let ruler = grundy::parse("ruler", SpecOptions::default()).unwrap();
    // Heads 3 and 2^40: turning coins 2^40 - 1 and 2^40 trades *2^40 for *1.
    let a = ruler.analyze(&["3,1099511627776".to_string()], &l).unwrap();
    assert_eq!(a.grundy.unwrap().finite(), Some(Nimber(1 ^ (1 << 40))));
    let moves: Vec<&str> = a.winning_moves.iter().map(|m| m.to.as_str()).collect();
    assert_eq!(moves, ["3,1099511627775"]);
    // Heads 2^39 and 2^40: the only winning run is all 2^40 coins, too
    // long to list, and reported as such.
    let a = ruler
        .analyze(&["549755813888,1099511627776".to_string()], &l)
        .unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert!(a.winning_moves.is_empty() && a.moves_truncated);
    let turtles = grundy::parse("turtles", SpecOptions::default()).unwrap();
    let a = turtles
        .analyze(
            &["1000000000000".to_string(), "999999999999".to_string()],
            &l,
        )
        .unwrap();
    // Turning Turtles is Nim: 10^12 -> 10^12 - 1 by turning both coins.
    let moves: Vec<(Option<usize>, &str)> = a
        .winning_moves
        .iter()
        .map(|m| (m.component, m.to.as_str()))
        .collect();
    assert_eq!(moves, [(Some(0), "999999999999")]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The XOR of the heads' values is the value of the whole row.
    #[test]
    fn xor_rule_matches_brute_force(
        (name, allowed) in games(),
        row in prop::collection::vec(any::<bool>(), 1..=10),
    ) {
        let n = row.len();
        let mut brute = Mex::new(|&m: &u32| moves(&allowed, n, m).into_iter().map(|x| vec![x]).collect());
        let g = game(&name);
        let c = g.parse_component(&text_of(&row)).unwrap();
        prop_assert_eq!(g.value(&c, &Limits::default()).unwrap().0, brute.g(&mask_of(&row)));
    }

    /// Every winning move is legal and reaches P, and all are listed.
    #[test]
    fn winning_moves_are_exactly_right(
        (name, allowed) in games(),
        row in prop::collection::vec(any::<bool>(), 1..=9),
        other in 0u64..6,
    ) {
        let n = row.len();
        let mut brute = Mex::new(|&m: &u32| moves(&allowed, n, m).into_iter().map(|x| vec![x]).collect());
        let rules = grundy::parse(&name, SpecOptions::default()).unwrap();
        // A second component: a Nim-like row with one head on coin `other + 1`.
        let second = format!("{}", other + 1);
        let g = game(&name);
        let second_value = g.head_value(other + 1, &Limits::default()).unwrap();
        let a = rules.analyze(&[text_of(&row), second], &Limits::default()).unwrap();
        let mine = mask_of(&row);
        let expected: Vec<u32> = moves(&allowed, n, mine)
            .into_iter()
            .filter(|&m| brute.g(&m) == second_value)
            .collect();
        prop_assert!(!a.moves_truncated);
        let in_row: Vec<u32> = a
            .winning_moves
            .iter()
            .filter(|m| m.component == Some(0))
            .map(|m| {
                let c: Coins = g.parse_component(&m.to).unwrap();
                c.heads().iter().fold(0u32, |x, h| x | 1 << (h - 1))
            })
            .collect();
        let mut sorted = in_row.clone();
        sorted.sort_unstable();
        let mut want = expected.clone();
        want.sort_unstable();
        prop_assert_eq!(sorted, want);
        prop_assert_eq!(a.outcome == Outcome::P, brute.g(&mine) == second_value);
        // The marks show the turned coins: exactly the difference.
        for m in a.winning_moves.iter().filter(|m| m.component == Some(0)) {
            let before = text_of(&row);
            for (i, (x, y)) in before.chars().zip(m.to.chars()).enumerate() {
                let turned = y.is_lowercase();
                prop_assert_eq!(turned, x != y.to_ascii_uppercase(), "coin {} of {} -> {}", i + 1, before, m.to);
            }
        }
    }
}
