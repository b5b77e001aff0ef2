//! Sums of tame heaps in misère play are decided by Conway's genus rule
//! (`method: "genus"`), and agree with a brute-force misère search written
//! here from the games' rules, sharing no code with the engine: outcome
//! and the set of winning moves. A sum with a wild heap is not decided by
//! the genus rule.

use std::collections::{BTreeSet, HashMap};

use grundy::heap::genus::GenusTable;
use grundy::{parse, Limits, Outcome, SpecOptions};
use proptest::prelude::*;

/// A tame game, the largest heap tried, and its rule for the brute force.
struct Tame {
    name: &'static str,
    top: u64,
    /// Octal digits `d1 d2 ...` (bit `j` of `dk`: taking `k` may leave `j`
    /// heaps), or `None` for the subtraction game `sub:1,3,4`.
    digits: Option<&'static [u8]>,
}

const GAMES: [Tame; 4] = [
    Tame {
        name: "sub:1,3,4",
        top: 30,
        digits: None,
    },
    // Nim on heaps up to 7: take 1..=7 leaving at most one heap (Nim
    // itself is decided by Bouton's rule, not the genus).
    Tame {
        name: "0.3333333",
        top: 7,
        digits: Some(&[3, 3, 3, 3, 3, 3, 3]),
    },
    Tame {
        name: "0.03",
        top: 20,
        digits: Some(&[0, 3]),
    },
    // Dawson's Kayles splits heaps; it is tame up to heap 9.
    Tame {
        name: "0.07",
        top: 9,
        digits: Some(&[0, 7]),
    },
];

impl Tame {
    /// Every option of a heap of `n`: the heaps left, empty heaps dropped.
    fn options(&self, n: u64) -> Vec<Vec<u64>> {
        let Some(digits) = self.digits else {
            return [1, 3, 4]
                .iter()
                .filter(|&&s| n >= s)
                .map(|&s| if n == s { vec![] } else { vec![n - s] })
                .collect();
        };
        let mut out = Vec::new();
        for (i, &d) in digits.iter().enumerate() {
            let take = i as u64 + 1;
            if n < take {
                continue;
            }
            let left = n - take;
            if d & 1 != 0 && left == 0 {
                out.push(vec![]);
            }
            if d & 2 != 0 && left >= 1 {
                out.push(vec![left]);
            }
            if d & 4 != 0 && left >= 2 {
                for a in 1..=left / 2 {
                    out.push(vec![a, left - a]);
                }
            }
        }
        out
    }
}

/// Whether the player to move wins the sum `pos` in misère play: a
/// position with no move is won by the player to move.
fn wins(game: &Tame, memo: &mut HashMap<Vec<u64>, bool>, pos: &[u64]) -> bool {
    let mut key = pos.to_vec();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut any = false;
    let mut win = false;
    'all: for i in 0..key.len() {
        for parts in game.options(key[i]) {
            any = true;
            if !wins(game, memo, &after(&key, i, &parts)) {
                win = true;
                break 'all;
            }
        }
    }
    let w = win || !any;
    memo.insert(key, w);
    w
}

fn after(pos: &[u64], i: usize, parts: &[u64]) -> Vec<u64> {
    let mut next = pos.to_vec();
    next.remove(i);
    next.extend_from_slice(parts);
    next
}

fn misere() -> SpecOptions {
    SpecOptions {
        misere: true,
        ..SpecOptions::default()
    }
}

/// The parts a reported move leaves (`0`, `5`, `1+3`), empty heaps dropped.
fn read_to(to: &str) -> Vec<u64> {
    let mut parts: Vec<u64> = to
        .split('+')
        .map(|t| t.parse().unwrap())
        .filter(|&h| h > 0)
        .collect();
    parts.sort_unstable();
    parts
}

fn check(game: &Tame, heaps: &[u64]) -> Result<(), TestCaseError> {
    let rules = parse(game.name, misere()).unwrap();
    // The premise, checked by the genus: every heap is hereditarily tame.
    let mut genus = GenusTable::new(rules.heap().unwrap(), Limits::default());
    for &h in heaps {
        prop_assert!(genus.is_tame(h).unwrap(), "{} heap {h}", game.name);
    }
    let texts: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let a = rules.analyze(&texts, &Limits::default()).unwrap();
    prop_assert_eq!(a.method, Some("genus"), "{} {:?}", game.name, heaps);
    let mut memo = HashMap::new();
    let expected = match wins(game, &mut memo, heaps) {
        true => Outcome::N,
        false => Outcome::P,
    };
    prop_assert_eq!(a.outcome, expected, "{} {:?}", game.name, heaps);
    let got: BTreeSet<(usize, Vec<u64>)> = a
        .winning_moves
        .iter()
        .map(|m| (m.component.unwrap(), read_to(&m.to)))
        .collect();
    let mut want = BTreeSet::new();
    for (i, &h) in heaps.iter().enumerate() {
        for mut parts in game.options(h) {
            if !wins(game, &mut memo, &after(heaps, i, &parts)) {
                parts.sort_unstable();
                want.insert((i, parts));
            }
        }
    }
    prop_assert_eq!(got, want, "{} {:?}", game.name, heaps);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn tame_sums_by_genus_agree_with_brute_force(
        g in 0..GAMES.len(),
        heaps in prop::collection::vec(0u64..=30, 1..5),
    ) {
        let game = &GAMES[g];
        let heaps: Vec<u64> = heaps.iter().map(|h| h % (game.top + 1)).collect();
        check(game, &heaps)?;
    }
}

/// A hundred tame heaps at once: the genus rule needs no search of the
/// sum. In `sub:1,3,4`, G(2..=5) = 0, 1, 2, 3; fifty equal pairs of them
/// xor to 0 with heaps of value 2 or more among them (not the small
/// genera `0^120`, `1^031`), so misère play follows normal play: a
/// P-position, and one more heap of 1 makes it an N-position.
#[test]
fn a_hundred_tame_heaps_are_decided_by_genus() {
    let game = parse("sub:1,3,4", misere()).unwrap();
    let mut heaps: Vec<String> = (0..100).map(|i| (2 + i / 2 % 4).to_string()).collect();
    let a = game.analyze(&heaps, &Limits::default()).unwrap();
    assert_eq!(a.method, Some("genus"));
    assert_eq!(a.outcome, Outcome::P);
    heaps.push("1".to_string());
    let a = game.analyze(&heaps, &Limits::default()).unwrap();
    assert_eq!((a.method, a.outcome), (Some("genus"), Outcome::N));
}

/// Kayles' genera run 0^120, 1^031, 2^20, 3^31, 1^031, 4^146: heap 5 is
/// wild, so a sum with it is not decided by the genus rule (Kayles'
/// misère quotient decides it), while the same sum without it is.
#[test]
fn a_wild_heap_is_not_decided_by_genus() {
    let kayles = parse("kayles", misere()).unwrap();
    let mut genus = GenusTable::new(kayles.heap().unwrap(), Limits::default());
    assert!((0..=4).all(|h| genus.is_tame(h).unwrap()));
    assert_eq!(genus.heap(5).unwrap().symbol(), "4^146");
    assert!(!genus.is_tame(5).unwrap());
    let texts = |hs: &[&str]| -> Vec<String> { hs.iter().map(|h| h.to_string()).collect() };
    let a = kayles
        .analyze(&texts(&["5", "2", "3"]), &Limits::default())
        .unwrap();
    assert_eq!(a.method, Some("quotient"));
    let a = kayles
        .analyze(&texts(&["4", "2", "3"]), &Limits::default())
        .unwrap();
    assert_eq!(a.method, Some("genus"));
}
