//! The Nim-rule shortcut against the plain recurrence, and the search's
//! bounds.

use proptest::prelude::*;

use super::*;
use crate::spec::{parse, SpecOptions};

/// Games whose heaps are small enough to search every sum of.
const GAMES: &[&str] = &["kayles", "0.07", "sub:1,3,4", "grundy", "4.7", "sub:1,2"];

fn ruleset(name: &str) -> Box<dyn crate::Ruleset> {
    parse(name, SpecOptions::default()).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Sums whose heaps are all hereditarily tame get the Nim rule's genus
    /// without a search: it must be the genus the recurrence finds, and
    /// the tameness flags must agree.
    #[test]
    fn nim_rule_shortcut_matches_the_recurrence(
        game in 0..GAMES.len(),
        heaps in prop::collection::vec(0u64..9, 1..5),
    ) {
        let rules = ruleset(GAMES[game]);
        let moves = rules.heap().unwrap();
        let mut fast = GenusTable::new(moves, Limits::default());
        let mut plain = GenusTable::new(moves, Limits::default());
        plain.shortcut = false;
        let a = fast.entry(&heaps).unwrap();
        let b = plain.entry(&heaps).unwrap();
        prop_assert_eq!(fast.genus(&a), plain.genus(&b), "{} {:?}", GAMES[game], heaps);
        prop_assert_eq!(a.tame, b.tame, "{} {:?}", GAMES[game], heaps);
    }
}

#[test]
fn the_shortcut_is_taken_for_tame_sums() {
    // Heaps of sub:1,2 are all tame: a sum of twenty of them is decided
    // from the twenty heaps' entries alone.
    let rules = ruleset("sub:1,2");
    let mut t = GenusTable::new(rules.heap().unwrap(), Limits::default());
    let g = t.sum(&[5; 20]).unwrap();
    assert_eq!(g.normal, 0);
    assert_eq!(g.symbol(), "0^02");
    assert!(t.memo.len() <= 6, "{} positions stored", t.memo.len());
}

#[test]
fn deep_heaps_need_no_deep_recursion() {
    let rules = ruleset("sub:1");
    let mut t = GenusTable::new(rules.heap().unwrap(), Limits::default());
    assert_eq!(t.heap(100_000).unwrap().symbol(), "0^120");
    assert_eq!(t.heap(99_999).unwrap().symbol(), "1^031");
    assert!(t.is_tame(100_000).unwrap());
}

#[test]
fn the_state_budget_names_what_was_computed() {
    let rules = ruleset("kayles");
    let mut t = GenusTable::new(rules.heap().unwrap(), Limits::with_max_states(100));
    let e = t.heap(30).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the genus of the heap 30 of kayles needs more than 100 states; raise the limit (--max-states) to go further"
    );
}

/// Heaps whose moves loop: 1 becomes 2, 2 becomes 1, and 3 becomes 3+3.
#[derive(Clone)]
struct Looping;

impl crate::heap::HeapRules for Looping {
    fn name(&self) -> String {
        "looping".to_string()
    }

    fn for_each_option(&self, n: u64, f: crate::game::Visit<u64>) {
        match n {
            1 => f(&[2]),
            2 => f(&[1]),
            3 => f(&[3, 3]),
            _ => true,
        };
    }
}

#[test]
fn games_that_can_go_on_for_ever_are_refused() {
    let looping = crate::heap::HeapGame::new(Looping);
    let mut t = GenusTable::new(&looping, Limits::default());
    let e = t.heap(1).unwrap_err();
    assert!(matches!(e, Error::Cyclic(ref at) if at == "`1`"), "{e}");
    // A heap that comes back twice: the sum grows for ever.
    let e = t.heap(3).unwrap_err();
    assert!(matches!(e, Error::Cyclic(ref at) if at == "`3`"), "{e}");
}
