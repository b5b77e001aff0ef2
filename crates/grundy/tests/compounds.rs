//! Every compound of Winning Ways' chapter 9, in normal and misère play,
//! against a brute force written here from the compounds' own rules: the
//! outcome and the complete list of winning moves of random compounds of
//! subtraction-game heaps and small Cram boards, and sums of different
//! games.

use std::collections::{BTreeSet, HashMap};

use grundy::answer::compound::Compound;
use grundy::compound::{analyze, parse_part, Answer, Part};
use grundy::spec::no_files;
use grundy::{Limits, Move, Outcome, Ruleset, SpecOptions};
use proptest::prelude::*;

/// A component as the brute force sees it: a heap of a subtraction game,
/// or the empty squares of a Cram board (bit `8 * row + column`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Pos {
    Heap(u64),
    Board(u64),
}

/// The options of one component, from the rules.
fn options(subtract: &[u64], p: &Pos) -> Vec<Pos> {
    match *p {
        Pos::Heap(n) => subtract
            .iter()
            .filter(|&&s| s <= n)
            .map(|&s| Pos::Heap(n - s))
            .collect(),
        Pos::Board(empty) => {
            let mut out = Vec::new();
            for b in 0..64 {
                let free = |x: u32| x < 64 && empty >> x & 1 == 1;
                if !free(b) {
                    continue;
                }
                if b % 8 < 7 && free(b + 1) {
                    out.push(Pos::Board(empty & !(3 << b)));
                }
                if free(b + 8) {
                    out.push(Pos::Board(empty & !(1 << b | 1 << (b + 8))));
                }
            }
            out
        }
    }
}

/// Every position one move of compound `kind` away from `state`.
fn compound_moves(kind: Compound, subtract: &[u64], state: &[Pos]) -> Vec<Vec<Pos>> {
    let opts: Vec<Vec<Pos>> = state.iter().map(|p| options(subtract, p)).collect();
    let n = state.len();
    let live: u32 = (0..n)
        .filter(|&i| !opts[i].is_empty())
        .map(|i| 1 << i)
        .sum();
    let all = (1u32 << n) - 1;
    if kind.ends_early() && live != all {
        return Vec::new();
    }
    let mut out = BTreeSet::new();
    for set in 1..=all {
        let allowed = set & !live == 0
            && match kind {
                Compound::Disjunctive | Compound::Diminished => set.count_ones() == 1,
                Compound::Conjunctive => set == all,
                Compound::Continued => set == live,
                Compound::Selective | Compound::Shortened => true,
            };
        if !allowed {
            continue;
        }
        let mut partial = vec![state.to_vec()];
        for i in (0..n).filter(|i| set >> i & 1 == 1) {
            partial = partial
                .iter()
                .flat_map(|s| {
                    opts[i].iter().map(move |o| {
                        let mut t = s.clone();
                        t[i] = o.clone();
                        t
                    })
                })
                .collect();
        }
        out.extend(partial);
    }
    out.into_iter().collect()
}

struct Brute {
    kind: Compound,
    misere: bool,
    subtract: Vec<u64>,
    lost: HashMap<Vec<Pos>, bool>,
}

impl Brute {
    /// Whether the player to move at `state` loses.
    fn lost(&mut self, state: &[Pos]) -> bool {
        if let Some(&l) = self.lost.get(state) {
            return l;
        }
        let moves = compound_moves(self.kind, &self.subtract, state);
        let l = match moves.is_empty() {
            true => !self.misere,
            false => !moves.iter().any(|m| self.lost(m)),
        };
        self.lost.insert(state.to_vec(), l);
        l
    }
}

/// A component's text as the brute force reads it back.
fn read(text: &str) -> Pos {
    if let Ok(n) = text.parse() {
        return Pos::Heap(n);
    }
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if let Some((h, w)) = text.split_once('x').filter(|(h, w)| digits(h) && digits(w)) {
        let (h, w): (u32, u32) = (h.parse().unwrap(), w.parse().unwrap());
        let row = (1u64 << w) - 1;
        return Pos::Board((0..h).map(|r| row << (8 * r)).sum());
    }
    let mut empty = 0;
    for (r, line) in text.split('/').enumerate() {
        for (c, ch) in line.chars().enumerate() {
            if ch == '.' {
                empty |= 1 << (8 * r + c);
            }
        }
    }
    Pos::Board(empty)
}

/// What the engine says: the outcome and the positions its winning moves
/// reach.
fn engine(parts: &[Part<'_>], kind: Compound, misere: bool) -> (Outcome, BTreeSet<Vec<Pos>>) {
    let start: Vec<Pos> = parts
        .iter()
        .map(|p| read(&p.components.join("+")))
        .collect();
    let after = |moves: &[Move]| {
        let mut s = start.clone();
        for m in moves {
            let i = m.component.unwrap();
            let to = m.to.rsplit(' ').next().unwrap();
            // A Cram board with no room left is written `0`.
            s[i] = match (&s[i], to) {
                (Pos::Board(_), "0") => Pos::Board(0),
                _ => read(to),
            };
        }
        s
    };
    match analyze(parts, kind, misere, &Limits::default()).unwrap() {
        Answer::Sum(a) => {
            assert!(!a.moves_truncated);
            let reached = a
                .winning_moves
                .iter()
                .map(|m| after(std::slice::from_ref(m)));
            (a.outcome, reached.collect())
        }
        Answer::Compound(c) => {
            assert!(!c.moves_truncated);
            assert_eq!(c.numbers.len(), parts.len());
            (
                c.outcome,
                c.winning_moves.iter().map(|m| after(&m.moves)).collect(),
            )
        }
    }
}

/// The brute force's outcome and winning moves of `start`.
fn brute(
    kind: Compound,
    misere: bool,
    subtract: &[u64],
    start: &[Pos],
) -> (Outcome, BTreeSet<Vec<Pos>>) {
    let mut b = Brute {
        kind,
        misere,
        subtract: subtract.to_vec(),
        lost: HashMap::new(),
    };
    let outcome = if b.lost(start) {
        Outcome::P
    } else {
        Outcome::N
    };
    let winning = compound_moves(kind, subtract, start)
        .into_iter()
        .filter(|m| b.lost(m))
        .collect();
    (outcome, winning)
}

fn check_all(game: &dyn Ruleset, subtract: &[u64], texts: &[String]) {
    let parts: Vec<Part<'_>> = texts
        .iter()
        .map(|t| Part {
            game,
            name: None,
            components: vec![t.clone()],
        })
        .collect();
    let start: Vec<Pos> = texts.iter().map(|t| read(t)).collect();
    for kind in Compound::ALL {
        for misere in [false, true] {
            let got = engine(&parts, kind, misere);
            let want = brute(kind, misere, subtract, &start);
            assert_eq!(got, want, "{kind} misère={misere} of {texts:?}");
        }
    }
}

const SUBTRACTIONS: &[(&str, &[u64])] = &[
    ("sub:1,2", &[1, 2]),
    ("sub:1,3,4", &[1, 3, 4]),
    ("sub:2,5", &[2, 5]),
];

const BOARDS: &[&str] = &[
    "1x2", "1x3", "1x4", "2x2", "2x3", "1x5", "x../...", ".x./...",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn compounds_of_subtraction_heaps(which in 0..SUBTRACTIONS.len(), heaps in prop::collection::vec(0u64..=12, 1..=4)) {
        let (name, subtract) = SUBTRACTIONS[which];
        let game = grundy::parse(name, SpecOptions::default()).unwrap();
        let texts: Vec<String> = heaps.iter().map(u64::to_string).collect();
        check_all(&*game, subtract, &texts);
    }

    #[test]
    fn compounds_of_cram_boards(boards in prop::collection::vec(0..BOARDS.len(), 1..=2)) {
        let game = grundy::parse("cram", SpecOptions::default()).unwrap();
        let texts: Vec<String> = boards.iter().map(|&b| BOARDS[b].to_string()).collect();
        check_all(&*game, &[], &texts);
    }
}

/// Three of each kind of component, by hand: the cases the theorems turn
/// on (an ended component, a component that one move ends).
#[test]
fn edge_cases_of_every_compound() {
    let game = grundy::parse("sub:1,2", SpecOptions::default()).unwrap();
    for heaps in [
        &["0"][..],
        &["0", "3"],
        &["1", "2"],
        &["1"],
        &["3", "3", "3"],
        &["2", "0", "5"],
    ] {
        let texts: Vec<String> = heaps.iter().map(|s| s.to_string()).collect();
        check_all(&*game, &[1, 2], &texts);
    }
}

/// A sum of different games is the XOR of its parts' values, and its
/// winning moves are those of the brute force over the parts' rules
/// (Kayles rows are not brute-forced here, so the parts are a
/// subtraction heap, a Nim heap and a Cram board).
#[test]
fn a_sum_of_different_games() {
    let typed = ["sub:1,2 4", "cram 2x3", "cram 1x4"];
    let games: Vec<_> = typed
        .iter()
        .map(|t| parse_part(t, SpecOptions::default(), &no_files).unwrap())
        .collect();
    let parts: Vec<Part<'_>> = games
        .iter()
        .map(|(g, name, comps)| Part {
            game: &**g,
            name: Some(name.clone()),
            components: comps.clone(),
        })
        .collect();
    let Answer::Sum(a) = analyze(&parts, Compound::Disjunctive, false, &Limits::default()).unwrap()
    else {
        panic!("a sum in normal play is an ordinary analysis");
    };
    // sub:1,2 heap 4 is worth 1, Cram 2x3 is worth 1 and Cram 1x4 is 2.
    let values: Vec<String> = a
        .values
        .unwrap()
        .iter()
        .map(|v| v.clone().unwrap().to_string())
        .collect();
    assert_eq!(values, ["1", "1", "2"]);
    assert_eq!(a.outcome, Outcome::N);
    assert!(a.winning_moves.iter().all(|m| m
        .to
        .starts_with(typed[m.component.unwrap()].split(' ').next().unwrap())));
    // The same sum, misère, by search, against the brute force: heaps of
    // sub:1,2 and Cram boards in one position.
    let Answer::Compound(m) =
        analyze(&parts, Compound::Disjunctive, true, &Limits::default()).unwrap()
    else {
        panic!("a misère sum of different games is searched");
    };
    let start = vec![Pos::Heap(4), read("2x3"), read("1x4")];
    let (outcome, _) = brute(Compound::Disjunctive, true, &[1, 2], &start);
    assert_eq!(m.outcome, outcome);
    // Both plays, every move checked by the brute force.
    for misere in [false, true] {
        let got = engine(&parts, Compound::Disjunctive, misere);
        assert_eq!(
            got,
            brute(Compound::Disjunctive, misere, &[1, 2], &start),
            "misère={misere}"
        );
    }
}

#[test]
fn parts_are_read_with_clear_errors() {
    let err = |t: &str| {
        parse_part(t, SpecOptions::default(), &no_files)
            .err()
            .unwrap()
            .to_string()
    };
    assert!(err("kayles").contains("no position"), "{}", err("kayles"));
    assert!(err("").contains("empty"));
    assert!(err("kaylse 3").contains("kayles"), "{}", err("kaylse 3"));
}
