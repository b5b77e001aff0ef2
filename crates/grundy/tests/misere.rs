//! Misère play of sums, against a brute-force misère search written here
//! and sharing no code with the engine: it searches every sorted multiset
//! of components, drops nothing (in misère play equal pairs do not cancel
//! and a component of normal value 0 with moves cannot be dropped), and a
//! position with no move is a win for the player to move.

use std::collections::{BTreeSet, HashMap};

use grundy::{parse, Limits, Outcome, SpecOptions};
use proptest::prelude::*;

/// A component: a heap `(n, 0)`, a Wythoff pair `(a, b)`, or a coin row
/// (the squares of its heads as bits).
type Comp = (u64, u64);

#[derive(Clone, Copy, Debug)]
enum Family {
    /// `sub:1,3,4`.
    Sub134,
    /// Kayles, `0.77`: take one or two adjacent pins, leaving 0, 1 or 2 rows.
    Kayles,
    /// Dawson's Kayles, `0.07`: take two adjacent pins.
    DawsonKayles,
    /// Grundy's game: split a heap into two unequal heaps.
    Grundy,
    /// Lasker's Nim: take any number, or split a heap in two.
    Lasker,
    /// Wythoff: take from one pile or the same from both.
    Wythoff,
    /// Nim, for Bouton's rule.
    Nim,
    /// Welter's game: a strip's squares as bits; a coin moves to a lower
    /// empty square.
    Welter,
    /// Turning Turtles: heads as bits (coins from 1); turn a head and
    /// maybe one coin left of it.
    Turtles,
}

const FAMILIES: [Family; 8] = [
    Family::Welter,
    Family::Turtles,
    Family::Sub134,
    Family::Kayles,
    Family::DawsonKayles,
    Family::Grundy,
    Family::Lasker,
    Family::Wythoff,
];

impl Family {
    fn name(self) -> &'static str {
        match self {
            Family::Sub134 => "sub:1,3,4",
            Family::Kayles => "kayles",
            Family::DawsonKayles => "0.07",
            Family::Grundy => "grundy",
            Family::Lasker => "lasker",
            Family::Wythoff => "wythoff",
            Family::Nim => "nim",
            Family::Welter => "welter",
            Family::Turtles => "turtles",
        }
    }

    fn text(self, c: Comp) -> String {
        match self {
            Family::Wythoff => format!("{},{}", c.0, c.1),
            Family::Welter if c.0 == 0 => "empty".to_string(),
            Family::Turtles if c.0 == 0 => "0".to_string(),
            Family::Welter | Family::Turtles => {
                let bits: Vec<String> = (0..64)
                    .filter(|b| (c.0 >> b) & 1 == 1)
                    .map(|b: u64| b.to_string())
                    .collect();
                bits.join(",")
            }
            _ => c.0.to_string(),
        }
    }

    /// Every option of `c`: the components it becomes, empty heaps left out.
    fn options(self, (n, m): Comp) -> Vec<Vec<Comp>> {
        let heaps =
            |hs: &[u64]| -> Vec<Comp> { hs.iter().filter(|&&h| h > 0).map(|&h| (h, 0)).collect() };
        let mut out = Vec::new();
        let take_and_split = |take: u64, out: &mut Vec<Vec<Comp>>| {
            if n >= take {
                for left in 0..=(n - take) {
                    out.push(heaps(&[left, n - take - left]));
                }
            }
        };
        match self {
            Family::Sub134 => {
                for s in [1, 3, 4] {
                    if n >= s {
                        out.push(heaps(&[n - s]));
                    }
                }
            }
            Family::Kayles => {
                take_and_split(1, &mut out);
                take_and_split(2, &mut out);
            }
            Family::DawsonKayles => take_and_split(2, &mut out),
            Family::Grundy => {
                for a in 1..n {
                    if a != n - a {
                        out.push(heaps(&[a, n - a]));
                    }
                }
            }
            Family::Lasker => {
                for k in 0..n {
                    out.push(heaps(&[k]));
                }
                for a in 1..n {
                    out.push(heaps(&[a, n - a]));
                }
            }
            Family::Nim => {
                for k in 0..n {
                    out.push(heaps(&[k]));
                }
            }
            Family::Welter => {
                for from in (0..64).filter(|b| (n >> b) & 1 == 1) {
                    for to in (0..from).filter(|b| (n >> b) & 1 == 0) {
                        out.push(vec![((n & !(1 << from)) | (1 << to), 0)]);
                    }
                }
            }
            Family::Turtles => {
                for head in (1..64).filter(|b| (n >> b) & 1 == 1) {
                    out.push(vec![(n ^ (1 << head), 0)]);
                    for left in 1..head {
                        out.push(vec![(n ^ (1 << head) ^ (1 << left), 0)]);
                    }
                }
            }
            Family::Wythoff => {
                for k in 1..=n {
                    out.push(vec![(n - k, m)]);
                }
                for k in 1..=m {
                    out.push(vec![(n, m - k)]);
                }
                for k in 1..=n.min(m) {
                    out.push(vec![(n - k, m - k)]);
                }
            }
        }
        out
    }
}

/// The brute force: whether the player to move wins the sum `pos` in
/// misère play.
struct Brute {
    family: Family,
    memo: HashMap<Vec<Comp>, bool>,
}

impl Brute {
    fn wins(&mut self, pos: &[Comp]) -> bool {
        let mut key = pos.to_vec();
        key.sort_unstable();
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let mut any_move = false;
        let mut win = false;
        for i in 0..key.len() {
            for parts in self.family.options(key[i]) {
                any_move = true;
                if !self.wins(&after(&key, i, &parts)) {
                    win = true;
                    break;
                }
            }
            if win {
                break;
            }
        }
        let w = win || !any_move;
        self.memo.insert(key, w);
        w
    }

    /// The winning moves of `pos`: (component, the parts it becomes).
    fn winning_moves(&mut self, pos: &[Comp]) -> BTreeSet<(usize, Vec<Comp>)> {
        let mut found = BTreeSet::new();
        for i in 0..pos.len() {
            for mut parts in self.family.options(pos[i]) {
                if !self.wins(&after(pos, i, &parts)) {
                    parts.sort_unstable();
                    found.insert((i, parts));
                }
            }
        }
        found
    }
}

/// Misère play, as `--misere` asks it.
fn misere() -> SpecOptions {
    SpecOptions {
        misere: true,
        ..SpecOptions::default()
    }
}

fn after(pos: &[Comp], i: usize, parts: &[Comp]) -> Vec<Comp> {
    let mut next = pos.to_vec();
    next.remove(i);
    next.extend_from_slice(parts);
    next
}

/// The parts a reported move leaves, read back: `1+2`, `0`, `3,4`.
fn read_to(family: Family, to: &str) -> Vec<Comp> {
    match (family, to) {
        (Family::Welter, "empty") | (Family::Turtles, "0") => return vec![(0, 0)],
        (Family::Welter | Family::Turtles, _) => {
            let mask = to
                .split(',')
                .fold(0, |m, b| m | (1 << b.parse::<u64>().unwrap()));
            return vec![(mask, 0)];
        }
        _ => {}
    }
    let mut parts: Vec<Comp> = to
        .split('+')
        .map(|t| match family {
            Family::Wythoff => {
                let (a, b) = t.split_once(',').unwrap();
                (a.parse().unwrap(), b.parse().unwrap())
            }
            _ => (t.parse().unwrap(), 0),
        })
        .filter(|&c| family_keeps(family, c))
        .collect();
    parts.sort_unstable();
    parts
}

/// Whether the brute force lists the part `c` (it leaves out empty heaps).
fn family_keeps(family: Family, c: Comp) -> bool {
    matches!(family, Family::Wythoff | Family::Welter | Family::Turtles) || c.0 > 0
}

/// The engine's misère outcome and winning moves of `pos`, checked against
/// the brute force.
fn check(family: Family, pos: &[Comp]) -> Result<(), TestCaseError> {
    let mut brute = Brute {
        family,
        memo: HashMap::new(),
    };
    check_within(&mut brute, pos, &Limits::default())
}

/// [`check`] with the engine held to `limits`, the brute force kept.
fn check_within(brute: &mut Brute, pos: &[Comp], limits: &Limits) -> Result<(), TestCaseError> {
    let family = brute.family;
    let game = parse(family.name(), misere()).unwrap();
    let texts: Vec<String> = pos.iter().map(|&c| family.text(c)).collect();
    let a = game.analyze(&texts, limits).unwrap();
    let expected = if brute.wins(pos) {
        Outcome::N
    } else {
        Outcome::P
    };
    prop_assert_eq!(a.outcome, expected, "{} {:?}", family.name(), texts);
    prop_assert!(a.misere && a.grundy.is_none() && a.values.is_none());
    let got: BTreeSet<(usize, Vec<Comp>)> = a
        .winning_moves
        .iter()
        .map(|m| (m.component.unwrap(), read_to(family, &m.to)))
        .collect();
    prop_assert_eq!(
        got,
        brute.winning_moves(pos),
        "{} {:?}",
        family.name(),
        texts
    );
    Ok(())
}

fn sums() -> impl Strategy<Value = (usize, Vec<Comp>)> {
    (
        0..FAMILIES.len(),
        prop::collection::vec((0u64..9, 0u64..6), 1..5),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn misere_sums_agree_with_brute_force((f, comps) in sums()) {
        let family = FAMILIES[f];
        let pos: Vec<Comp> = comps
            .into_iter()
            .map(|(a, b)| match family {
                Family::Wythoff => (a.min(5), b),
                // Strips of squares 0..3, heads on coins 1..4.
                Family::Welter => ((a * 6 + b) % 16, 0),
                Family::Turtles => (((a * 6 + b) % 16) << 1, 0),
                _ => (a, 0),
            })
            .collect();
        check(family, &pos)?;
    }

    /// Misère Nim by Bouton's rule: the engine's shortcut agrees with
    /// the brute force, and says it used the rule.
    #[test]
    fn misere_nim_follows_bouton(heaps in prop::collection::vec(0u64..7, 1..5)) {
        let pos: Vec<Comp> = heaps.iter().map(|&h| (h, 0)).collect();
        check(Family::Nim, &pos)?;
        let texts: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let a = parse("nim", misere()).unwrap().analyze(&texts, &Limits::default()).unwrap();
        prop_assert_eq!(a.method, Some("bouton"));
    }
}

/// Published misère facts: the misère Kayles P-positions among single
/// heaps up to 20 are 1, 4, 9, 12, 20 (Winning Ways, ch. 13); two
/// equal heaps do not cancel (`1+1` is an N-position, a win for the
/// mover, where normal play calls it 0); a component with no move is
/// dropped (`0` changes nothing).
#[test]
fn published_misere_kayles_and_cancelling() {
    let kayles = parse("kayles", misere()).unwrap();
    // Heaps 0..=4 of Kayles are tame (genus 0^120, 1^031, 2^20, 3^31,
    // 1^031) and their sums go by the genus rule; heap 5 (4^146) is wild
    // and every sum with a heap of 5 or more goes by the misère quotient
    // while it fits the quotient's budget, else by search.
    let outcome = |texts: &[&str]| {
        let tame = texts.iter().all(|t| t.parse::<u64>().unwrap() <= 4);
        let texts: Vec<String> = texts.iter().map(|t| t.to_string()).collect();
        let a = kayles.analyze(&texts, &Limits::default()).unwrap();
        match tame {
            true => assert_eq!(a.method, Some("genus"), "{texts:?}"),
            false => assert!(
                matches!(a.method, Some("quotient" | "search")),
                "{texts:?}: {:?}",
                a.method
            ),
        }
        a.outcome
    };
    let p: Vec<u64> = (0..=20)
        .filter(|n| outcome(&[&n.to_string()]) == Outcome::P)
        .collect();
    assert_eq!(p, [1, 4, 9, 12, 20]);
    assert_eq!(outcome(&["1", "1"]), Outcome::N);
    assert_eq!(outcome(&["0"]), Outcome::N);
    assert_eq!(outcome(&["4", "0", "0"]), Outcome::P);
    // A computation larger than its budget names the bound. (Kayles'
    // quotient to heap 31 fits in 100 states, its candidates reduced
    // without tables; 20 do not hold it.)
    let err = kayles
        .analyze(
            &["30".to_string(), "31".to_string()],
            &Limits::with_max_states(20),
        )
        .unwrap_err()
        .to_string();
    assert!(err.contains("more than 20 states"), "{err}");
}

/// The search keys its positions by misère canonical forms, so equal
/// components meet in one entry: this sum of Wythoff piles fits in 10000
/// states, where the brute force (whose positions are the piles
/// themselves) visits more than 30000, and the outcome and winning moves
/// are the brute force's.
#[test]
fn canonical_forms_shrink_the_search() {
    let pos = [(7, 9), (6, 8), (5, 5)];
    let mut brute = Brute {
        family: Family::Wythoff,
        memo: HashMap::new(),
    };
    check_within(&mut brute, &pos, &Limits::with_max_states(10_000)).unwrap();
    assert!(brute.memo.len() > 30_000, "{}", brute.memo.len());
}

/// Deep games are searched by the explicit stack alone: a heap of 100000
/// in `sub:1` (whose misère P-positions are the odd heaps) once listed the
/// options of options recursively and overflowed the call stack.
#[test]
fn deep_games_do_not_overflow() {
    let game = parse("sub:1", misere()).unwrap();
    for (heap, outcome) in [("100000", Outcome::N), ("99999", Outcome::P)] {
        let a = game
            .analyze(&[heap.to_string()], &Limits::default())
            .unwrap();
        assert_eq!(a.outcome, outcome, "{heap}");
    }
}
