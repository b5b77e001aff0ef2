//! The misère sequence (`seq --misere`) of random octal and hexadecimal
//! codes against a brute force written here from the definitions, sharing
//! no code with the engine: for every heap up to a small bound, the normal
//! value, the misère outcome, the misère value, Conway's genus and whether
//! the heap is hereditarily tame; the same under a budget that stops the
//! sequence early; and the genera read off the misère quotient, which the
//! sequence turns to past its first share of states. The codes cover a
//! splitting digit before the point (4, 8, C), digits 0 between others,
//! take-all digits, hex digits (three heaps left), `!` (two heaps left
//! unequal) and long codes. `PROPTEST_CASES` sets the number of cases and
//! `PROPTEST_RNG_SEED` fixes the codes drawn.

use std::collections::{HashMap, HashSet};

use grundy::heap::genus::{misere_sequence, MisereSeqReport};
use grundy::heap::quotient::MisereQuotient;
use grundy::ruleset::misere_sequence_of;
use grundy::{Limits, SpecOptions};
use proptest::prelude::*;

/// One digit of a code: bit `2^j` of `bits` allows a move that leaves
/// exactly `j` non-empty heaps; `unequal` asks two heaps left to differ.
#[derive(Clone, Copy, Debug)]
struct Digit {
    bits: u8,
    unequal: bool,
}

/// A take-and-break code: `digits[k]` governs the moves that remove exactly
/// `k` tokens from one heap (`digits[0]` stands before the point and
/// removes none, so it only splits).
#[derive(Clone, Debug)]
struct Rule {
    digits: Vec<Digit>,
}

impl Rule {
    /// The code as the registry reads it: `4!.0C7`.
    fn text(&self) -> String {
        let digit = |d: &Digit| format!("{:X}{}", d.bits, if d.unequal { "!" } else { "" });
        let mut s = digit(&self.digits[0]);
        s.push('.');
        for d in &self.digits[1..] {
            s.push_str(&digit(d));
        }
        s
    }

    /// Every option of a heap of `n`: the non-empty heaps it leaves,
    /// sorted, each option once.
    fn options(&self, n: u8) -> Vec<Vec<u8>> {
        let mut out: Vec<Vec<u8>> = Vec::new();
        for (k, d) in self.digits.iter().enumerate() {
            let k = k as u8;
            if k > n {
                break;
            }
            let m = n - k;
            // Take everything: only when nothing is left.
            if d.bits & 1 != 0 && m == 0 {
                out.push(vec![]);
            }
            // Leave one heap (k > 0 always holds: the digit before the
            // point has no bit 2).
            if d.bits & 2 != 0 && m >= 1 {
                assert!(
                    k > 0,
                    "{}: a move that leaves the heap as it was",
                    self.text()
                );
                out.push(vec![m]);
            }
            // Leave two heaps a + b = m, both non-empty.
            if d.bits & 4 != 0 {
                for a in 1..m {
                    let b = m - a;
                    if a <= b && !(d.unequal && a == b) {
                        out.push(vec![a, b]);
                    }
                }
            }
            // Leave three heaps a + b + c = m, all non-empty.
            if d.bits & 8 != 0 {
                for a in 1..m {
                    for b in a..m {
                        if a + b < m && m - a - b >= b {
                            out.push(vec![a, b, m - a - b]);
                        }
                    }
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// Whether some digit leaves two or three heaps.
    fn splits(&self, bit: u8) -> bool {
        self.digits.iter().any(|d| d.bits & bit != 0)
    }
}

/// The mex of `values`.
fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let seen: HashSet<u32> = values.into_iter().collect();
    (0..).find(|v| !seen.contains(v)).unwrap()
}

/// A misère position of the brute force: the game's heaps (sorted) plus
/// `twos` Nim heaps of 2 and `ones` Nim heaps of 1.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Pos {
    heaps: Vec<u8>,
    twos: u8,
    ones: u8,
}

/// The brute force: every value by its definition over explicit options,
/// memoised on sorted multisets.
struct Brute<'a> {
    rule: &'a Rule,
    heap_options: HashMap<u8, Vec<Vec<u8>>>,
    normal: HashMap<Vec<u8>, u32>,
    misere: HashMap<Pos, u32>,
    wins: HashMap<Vec<u8>, bool>,
}

impl<'a> Brute<'a> {
    fn new(rule: &'a Rule) -> Self {
        Brute {
            rule,
            heap_options: HashMap::new(),
            normal: HashMap::new(),
            misere: HashMap::new(),
            wins: HashMap::new(),
        }
    }

    /// The options of the sum `heaps` (sorted): one heap replaced by what
    /// a move leaves of it.
    fn options(&mut self, heaps: &[u8]) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        for i in 0..heaps.len() {
            if i > 0 && heaps[i] == heaps[i - 1] {
                continue;
            }
            let rule = self.rule;
            let moves = self
                .heap_options
                .entry(heaps[i])
                .or_insert_with(|| rule.options(heaps[i]));
            for left in moves.iter() {
                let mut next: Vec<u8> = heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
                next.extend_from_slice(left);
                next.sort_unstable();
                out.push(next);
            }
        }
        out
    }

    /// The normal-play Grundy value: the mex of the options' values.
    fn normal(&mut self, heaps: &[u8]) -> u32 {
        if let Some(&v) = self.normal.get(heaps) {
            return v;
        }
        let options = self.options(heaps);
        let v = mex(options.iter().map(|o| self.normal(o)).collect::<Vec<_>>());
        self.normal.insert(heaps.to_vec(), v);
        v
    }

    /// Whether the player to move wins `heaps` in misère play, where the
    /// player who makes the last move loses (so a player without a move
    /// wins).
    fn mover_wins(&mut self, heaps: &[u8]) -> bool {
        if let Some(&w) = self.wins.get(heaps) {
            return w;
        }
        let options = self.options(heaps);
        let w = options.is_empty() || options.iter().any(|o| !self.mover_wins(o));
        self.wins.insert(heaps.to_vec(), w);
        w
    }

    /// The misère Grundy value: 1 for a position without a move, else the
    /// mex of the options' misère values. The Nim heaps of 2 and 1 move
    /// as Nim heaps do (2 to 1 or 0, 1 to 0).
    fn misere(&mut self, pos: &Pos) -> u32 {
        if let Some(&v) = self.misere.get(pos) {
            return v;
        }
        let mut options: Vec<Pos> = self
            .options(&pos.heaps)
            .into_iter()
            .map(|heaps| Pos {
                heaps,
                twos: pos.twos,
                ones: pos.ones,
            })
            .collect();
        if pos.twos > 0 {
            for ones in [pos.ones + 1, pos.ones] {
                options.push(Pos {
                    heaps: pos.heaps.clone(),
                    twos: pos.twos - 1,
                    ones,
                });
            }
        }
        if pos.ones > 0 {
            options.push(Pos {
                heaps: pos.heaps.clone(),
                twos: pos.twos,
                ones: pos.ones - 1,
            });
        }
        let v = if options.is_empty() {
            1
        } else {
            let values: Vec<u32> = options.iter().map(|o| self.misere(o)).collect();
            mex(values)
        };
        self.misere.insert(pos.clone(), v);
        v
    }

    /// `γ0 .. γ(len-1)` of `heaps`: `γk` is the misère value of `heaps`
    /// plus `k` Nim heaps of 2.
    fn gammas(&mut self, heaps: &[u8], len: usize) -> Vec<u32> {
        (0..len)
            .map(|k| {
                self.misere(&Pos {
                    heaps: heaps.to_vec(),
                    twos: k as u8,
                    ones: 0,
                })
            })
            .collect()
    }

    /// Every position reachable from `heaps`, itself included.
    fn reachable(&mut self, heaps: &[u8]) -> HashSet<Vec<u8>> {
        let mut seen = HashSet::from([heaps.to_vec()]);
        let mut todo = vec![heaps.to_vec()];
        while let Some(p) = todo.pop() {
            for o in self.options(&p) {
                if seen.insert(o.clone()) {
                    todo.push(o);
                }
            }
        }
        seen
    }

    /// Whether every position reachable from `heaps` (itself included)
    /// has, as far as `γ0 .. γ(len-1)` show, the genus of a misère Nim
    /// position (the definition of a tame position in docs/book
    /// misere.md). Only a prefix of each sequence is seen: a genus that
    /// looked tame for `len` values and then turned would pass as tame,
    /// so a disagreement on tameness alone is first checked with a larger
    /// `len`.
    fn hereditarily_tame(&mut self, heaps: &[u8], len: usize) -> bool {
        let mut all: Vec<Vec<u8>> = self.reachable(heaps).into_iter().collect();
        all.sort();
        all.iter().all(|p| {
            let g = self.normal(p);
            let gammas = self.gammas(p, len);
            nim_like(g, &gammas)
        })
    }
}

/// Whether `g` and `gammas` are (a prefix of) the genus of a misère Nim
/// position. A Nim position whose heaps are all 0 or 1 has normal value
/// `g < 2` and misère value `g xor 1`; adding a heap of 2 gives one of
/// value `g xor 2` with a heap of 2 or more, and any Nim position `N` with
/// such a heap has misère value `g` (Bouton), so its `γ` alternate
/// `g, g xor 2, g, ...`. So: `0^120`, `1^031`, or `g^{g, g xor 2}`.
fn nim_like(g: u32, gammas: &[u32]) -> bool {
    let big = |k: usize| if k.is_multiple_of(2) { g } else { g ^ 2 };
    let small = |k: usize| if k == 0 { g ^ 1 } else { big(k) };
    let fits = |f: &dyn Fn(usize) -> u32| gammas.iter().enumerate().all(|(k, &v)| v == f(k));
    fits(&big) || (g < 2 && fits(&small))
}

/// A genus symbol as the engine writes it (`4^146`, `6^(1,9,10,8)`): the
/// normal value and the listed `γ`s, of which the last two repeat for ever.
fn read_symbol(symbol: &str) -> (u32, Vec<u32>) {
    let (g, sup) = symbol
        .split_once('^')
        .unwrap_or_else(|| panic!("genus `{symbol}` has no `^`"));
    let listed: Vec<u32> = match sup.strip_prefix('(') {
        Some(inner) => inner
            .strip_suffix(')')
            .unwrap()
            .split(',')
            .map(|v| v.parse().unwrap())
            .collect(),
        None => sup.chars().map(|c| c.to_digit(10).unwrap()).collect(),
    };
    assert!(listed.len() >= 2, "genus `{symbol}` lists fewer than two γ");
    (g.parse().unwrap(), listed)
}

/// `γk` of a listed genus: past the list, its last two values alternate.
fn gamma_at(listed: &[u32], k: usize) -> u32 {
    let n = listed.len();
    if k < n {
        listed[k]
    } else {
        listed[n - 2 + (k - n) % 2]
    }
}

/// How many `γ` the brute force checks of a heap at least, and of every
/// position reachable from it for tameness.
const GAMMAS_CHECKED: usize = 8;

/// The heap as a position: heap 0 has no token.
fn heap(n: u8) -> Vec<u8> {
    if n == 0 {
        vec![]
    } else {
        vec![n]
    }
}

/// Checks heaps `0..=computed_to` of `r` against the brute force, and the
/// report's own bookkeeping (lengths, `tame_to`).
fn check_report(
    brute: &mut Brute<'_>,
    r: &MisereSeqReport,
    code: &str,
) -> Result<(), TestCaseError> {
    let Some(last) = r.computed_to else {
        prop_assert!(r.values.is_empty(), "{}: no heap but values", code);
        return Ok(());
    };
    let len = last as usize + 1;
    prop_assert_eq!(r.values.len(), len, "{}", code);
    prop_assert_eq!(r.misere_values.len(), len, "{}", code);
    prop_assert_eq!(r.genus.len(), len, "{}", code);
    prop_assert_eq!(r.tame.len(), len, "{}", code);
    let mut tame_to = None;
    for n in 0..len as u8 {
        let i = n as usize;
        let h = heap(n);
        let what = format!("{code} heap {n} ({})", r.genus[i]);
        prop_assert_eq!(r.values[i], brute.normal(&h), "{} G+", what);
        // The misère outcome: P exactly when the misère value is 0.
        let p = !brute.mover_wins(&h);
        prop_assert_eq!(r.misere_values[i] == 0, p, "{} misère outcome", what);
        let (g, listed) = read_symbol(&r.genus[i]);
        prop_assert_eq!(g, r.values[i], "{} symbol's g", what);
        let checked = (listed.len() + 4).max(GAMMAS_CHECKED);
        let want = brute.gammas(&h, checked);
        prop_assert_eq!(r.misere_values[i], want[0], "{} G-", what);
        let got: Vec<u32> = (0..checked).map(|k| gamma_at(&listed, k)).collect();
        prop_assert_eq!(got, want, "{} γ0..", what);
        let tame = brute.hereditarily_tame(&h, GAMMAS_CHECKED);
        prop_assert_eq!(r.tame[i], tame, "{} tame", what);
        if tame && tame_to == n.checked_sub(1).map(u64::from) {
            tame_to = Some(u64::from(n));
        }
    }
    prop_assert_eq!(r.tame_to, tame_to, "{} tame_to", code);
    Ok(())
}

/// A digit after the point: often 0 or a take-all digit (1, 3, 7), else
/// any octal or, when `hex`, hexadecimal digit; rarely `!` on a digit that
/// leaves two heaps.
fn digit(hex: bool) -> impl Strategy<Value = Digit> {
    let top = if hex { 15u8 } else { 7 };
    (
        prop_oneof![4 => Just(0u8), 1 => Just(1u8), 1 => Just(3u8), 1 => Just(7u8), 6 => 0..=top],
        prop::bool::weighted(0.1),
    )
        .prop_map(|(bits, unequal)| Digit {
            bits,
            unequal: unequal && bits & 4 != 0,
        })
}

/// A code `d0.d1d2...`: the digit before the point splits or not (0, 4,
/// and for hex codes 8 or C), then 1 to 14 digits (long codes a quarter of
/// the time), the last one not 0.
fn code() -> impl Strategy<Value = Rule> {
    (
        prop::bool::ANY,
        prop_oneof![3 => Just(0u8), 3 => Just(4u8), 1 => Just(8u8), 1 => Just(12u8)],
        prop::bool::weighted(0.1),
        prop_oneof![2 => 1usize..=4, 1 => 5usize..=9, 1 => 10usize..=14],
    )
        .prop_flat_map(|(hex, d0, unequal, len)| {
            let d0 = if hex { d0 } else { d0 & 4 };
            (
                Just(Digit {
                    bits: d0,
                    unequal: unequal && d0 & 4 != 0,
                }),
                prop::collection::vec(digit(hex), len),
                1u8..=if hex { 15 } else { 7 },
            )
        })
        .prop_map(|(d0, mut rest, last)| {
            let end = rest.last_mut().unwrap();
            end.bits = last;
            end.unequal &= last & 4 != 0;
            let mut digits = vec![d0];
            digits.extend(rest);
            Rule { digits }
        })
}

/// The largest heap checked for `rule`: the sums a heap reaches grow like
/// partitions when moves split heaps, so splitting codes stop sooner.
fn top_heap(rule: &Rule, asked: u8) -> u8 {
    let cap = if rule.splits(8) {
        12
    } else if rule.splits(4) {
        14
    } else {
        16
    };
    asked.min(cap)
}

/// The cases: `PROPTEST_CASES`, else `default`; failures are not saved.
fn config(default: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(default);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(300))]

    /// The whole sequence to the top heap, within a budget it never
    /// reaches, then the same game under a budget of a few states: the
    /// heaps done before the bound stopped it are still right, and the
    /// report says where it stopped.
    #[test]
    fn misere_sequence_matches_the_brute_force(
        rule in code(),
        asked in 6u8..=16,
        small_budget in 1u64..=100,
    ) {
        let code = rule.text();
        let to = top_heap(&rule, asked);
        let game = grundy::parse(&code, SpecOptions::default())
            .unwrap_or_else(|e| panic!("{code}: {e}"));
        let moves = game.heap().unwrap();
        let mut brute = Brute::new(&rule);

        let limits = Limits::with_max_states(1 << 20);
        let (r, fault) = misere_sequence(moves, u64::from(to), &limits, &mut |_| {})
            .unwrap_or_else(|e| panic!("{code}: {e}"));
        prop_assert!(fault.is_none(), "{}: {:?}", code, fault);
        prop_assert_eq!(&r.stopped, &None, "{}", code);
        prop_assert_eq!(r.computed_to, Some(u64::from(to)), "{}", code);
        prop_assert_eq!(&r.game, &code);
        check_report(&mut brute, &r, &code)?;

        let limits = Limits::with_max_states(small_budget);
        let (r, fault) = misere_sequence_of(&*game, Some(u64::from(to)), &limits, &mut |_| {})
            .unwrap_or_else(|e| panic!("{code} within {small_budget} states: {e}"));
        prop_assert!(fault.is_none(), "{}: {:?}", code, fault);
        check_report(&mut brute, &r, &code)?;
        match r.computed_to {
            Some(last) if last == u64::from(to) => prop_assert_eq!(&r.stopped, &None),
            last => {
                let next = last.map_or(0, |l| l + 1);
                let why = r.stopped.clone().unwrap_or_default();
                prop_assert!(
                    why.starts_with(&format!("stopped at heap {next}: "))
                        && why.contains(&format!("more than {small_budget} state")),
                    "{} within {} states: {}", code, small_budget, why
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(config(100))]

    /// Past its first share of states, the misère sequence reads the
    /// genera off the game's misère quotient instead of the recurrence
    /// over sums (heaps far beyond a brute force); that reading, on the
    /// quotient of the small heaps, matches the brute force too, as far
    /// as the quotient was built within its budget. A quotient without a
    /// Nim heap of 2 has no reading (the sequence then keeps to the
    /// recurrence), nor has one whose reading needs more than the budget.
    #[test]
    fn genera_read_off_the_quotient_match_the_brute_force(rule in code(), asked in 6u8..=16) {
        let code = rule.text();
        let to = top_heap(&rule, asked);
        let game = grundy::parse(&code, SpecOptions::default()).unwrap();
        let limits = Limits::with_max_states(20_000);
        let reached = MisereQuotient::compute_reached(
            game.heap().unwrap(),
            u64::from(to),
            &limits,
            None,
            &mut |_| {},
        )
        .unwrap_or_else(|e| panic!("{code}: {e}"));
        let genera = match reached.quotient.genera(&limits) {
            Ok(genera) => genera,
            // The reading needs more than its budget: nothing to check.
            Err(grundy::Error::Limit { .. }) => return Ok(()),
            Err(e) => {
                prop_assert!(
                    e.to_string().contains("plays as a Nim heap of 2"),
                    "{}: {}",
                    code,
                    e
                );
                return Ok(());
            }
        };
        let mut brute = Brute::new(&rule);
        for (n, hg) in genera.iter().enumerate() {
            let h = heap(n as u8);
            let what = format!("{code} heap {n} ({}) off the quotient", hg.genus.symbol());
            prop_assert_eq!(hg.genus.normal, brute.normal(&h), "{} G+", what);
            let (_, listed) = read_symbol(&hg.genus.symbol());
            let checked = (listed.len() + 4).max(GAMMAS_CHECKED);
            let got: Vec<u32> = (0..checked).map(|k| gamma_at(&hg.genus.gammas, k)).collect();
            prop_assert_eq!(got, brute.gammas(&h, checked), "{} γ0..", what);
            let tame = brute.hereditarily_tame(&h, GAMMAS_CHECKED);
            prop_assert_eq!(hg.tame, tame, "{} tame", what);
        }
    }
}

/// Hand-picked codes of each kind the random ones draw from, so that each
/// is checked on every run whatever the seed: Kayles, Dawson's Kayles,
/// splits without taking (4.7, 4.07, C.1), a digit 0 between others
/// (0.137, 0.1037), hex digits (0.F7, 0.8, 8.3), `!` (Grundy's game) and a
/// long code.
#[test]
fn chosen_codes_match_the_brute_force() {
    for code in [
        "0.77",
        "0.07",
        "4.7",
        "4.07",
        "0.137",
        "0.1037",
        "0.F7",
        "0.8",
        "8.3",
        "C.1",
        "4!.0",
        "0.30700060500B",
    ] {
        let rule = rule_of(code);
        assert_eq!(rule.text(), code);
        let game = grundy::parse(code, SpecOptions::default()).unwrap();
        let to = top_heap(&rule, 16);
        let (r, fault) = misere_sequence(
            game.heap().unwrap(),
            u64::from(to),
            &Limits::with_max_states(1 << 20),
            &mut |_| {},
        )
        .unwrap();
        assert!(
            fault.is_none() && r.stopped.is_none(),
            "{code}: {:?}",
            r.stopped
        );
        let mut brute = Brute::new(&rule);
        if let Err(e) = check_report(&mut brute, &r, code) {
            panic!("{e}");
        }
    }
}

/// A code written as [`Rule::text`] writes it, read back.
fn rule_of(code: &str) -> Rule {
    let mut digits: Vec<Digit> = Vec::new();
    for c in code.chars() {
        match c {
            '.' => {}
            '!' => digits.last_mut().unwrap().unequal = true,
            _ => digits.push(Digit {
                bits: c.to_digit(16).unwrap() as u8,
                unequal: false,
            }),
        }
    }
    Rule { digits }
}
