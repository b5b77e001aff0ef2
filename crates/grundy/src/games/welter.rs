//! Welter's game (Welter 1954; Conway, On Numbers and Games ch. 13;
//! Winning Ways ch. 15): coins on a strip of squares `0, 1, 2, ...`, at
//! most one coin a square; a move takes one coin to any lower empty
//! square, jumping over others if it likes. It is Nim with distinct heaps,
//! and its value is not the XOR of the squares.
//!
//! The value is Welter's function `[a|b|c|...]`. In Welter's closed form
//! it is the XOR of the squares and, for every pair of them, of the mask
//! `2^(k+1) - 1` where `2^k` is the largest power of two dividing their
//! difference. Pairs that agree in their low `k` bits and differ in bit
//! `k` are the pairs split by bit `k` inside one class of squares modulo
//! `2^k`, so only the parity of each split matters: sorting the squares
//! by their bits read backwards makes every class a slice, and the value
//! takes `O(64 n)` after an `O(n log n)` sort (Conway's mating method
//! pairs the same classes).
//!
//! Moves come from the same form read backwards. With the other coins
//! `S` fixed, the value of `S` plus a coin on `x` differs from the value
//! of `S` by `x` with each bit `k` flipped when an odd number of `S` are
//! congruent to `x` modulo `2^k`. Bit `k` of that depends only on the
//! bits of `x` up to `k`, so every value is reached by exactly one `x`
//! outside `S`, found bit by bit from the lowest: each coin has at most
//! one move to a given value, found in `O(64 log n)`.

use super::number_list;
use crate::entry::Entry;
use crate::error::{shorten_quote, Error, Result};
use crate::game::Limits;
use crate::game::{Ignored, Visit};
use crate::nimber::Nimber;
use crate::ruleset::{Game, MAX_LISTED_TEXT};

/// How the strip with no coins is written; `0` would be a coin on 0.
const EMPTY: &str = "empty";

/// A strip of Welter's game.
///
/// Equal strips are the same position: the move that led here (`moved`)
/// is for describing it and takes no part in equality.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Strip {
    /// The occupied squares, ascending and distinct.
    squares: Vec<u64>,
    /// The coin moved last, as `(from, to)`.
    moved: Ignored<Option<(u64, u64)>>,
}

impl Strip {
    /// The occupied squares, ascending.
    pub fn squares(&self) -> &[u64] {
        &self.squares
    }

    /// Reads `1,4,6` (squares in any order) or `empty`. Errors name the
    /// square at fault and say what is wrong with it.
    pub fn parse(text: &str) -> Result<Strip> {
        let t = text.trim();
        if t == EMPTY {
            return Ok(Strip::new(Vec::new()));
        }
        if t.is_empty() {
            return Err(Error::parse(format!(
                "a Welter strip is its occupied squares like `1,4,6`, or `{EMPTY}` for none"
            )));
        }
        let squares = number_list(
            t,
            |k, item| format!("square {k} `{}` of a Welter strip", shorten_quote(item)),
            |item| {
                if item.starts_with('-') && item.len() > 1 {
                    return Err("squares are numbered from 0, never negative".to_string());
                }
                if item.is_empty() || !item.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(format!(
                        "expected a square number, as in `1,4,6` (or `{EMPTY}` for no coins)"
                    ));
                }
                item.parse::<u64>()
                    .map_err(|_| format!("squares go up to 2^64-1 = {}", u64::MAX))
            },
        )?;
        if let Some(w) = squares.windows(2).find(|w| w[0] == w[1]) {
            return Err(Error::parse(format!(
                "square {} holds two coins; a Welter square holds at most one",
                w[0]
            )));
        }
        Ok(Strip::new(squares))
    }

    /// The text [`Strip::parse`] reads back: the squares ascending.
    pub fn format(&self) -> String {
        if self.squares.is_empty() {
            return EMPTY.to_string();
        }
        let texts: Vec<String> = self.squares.iter().map(u64::to_string).collect();
        texts.join(",")
    }

    fn new(squares: Vec<u64>) -> Strip {
        Strip {
            squares,
            moved: Ignored(None),
        }
    }

    /// The strip after the coin on `from` moves to the empty `to`.
    fn after(&self, from: u64, to: u64) -> Strip {
        let mut squares: Vec<u64> = self
            .squares
            .iter()
            .copied()
            .filter(|&s| s != from)
            .collect();
        let at = squares.partition_point(|&s| s < to);
        squares.insert(at, to);
        Strip {
            squares,
            moved: Ignored(Some((from, to))),
        }
    }
}

/// `2^(k+1) - 1`: the mask a pair of squares first differing in bit `k`
/// adds to Welter's function.
fn mate_mask(k: u32) -> u64 {
    u64::MAX >> (63 - k)
}

/// The squares with their bits read backwards, sorted: every class of
/// squares modulo `2^k` is then a slice, split by bit `k` into two.
fn backwards_sorted(squares: &[u64]) -> Vec<u64> {
    let mut rev: Vec<u64> = squares.iter().map(|s| s.reverse_bits()).collect();
    rev.sort_unstable();
    rev
}

/// Where bit `k` (counted on the squares, not backwards) turns from 0 to
/// 1 in a slice of one class modulo `2^k`.
fn split_at_bit(class: &[u64], k: u32) -> usize {
    class.partition_point(|r| (r >> (63 - k)) & 1 == 0)
}

/// The XOR of the masks of every pair in `class` (one class modulo
/// `2^k`, squares written backwards).
fn pair_masks(class: &[u64], k: u32) -> u64 {
    if class.len() < 2 {
        return 0;
    }
    let (zeros, ones) = class.split_at(split_at_bit(class, k));
    let crossing = if zeros.len() % 2 == 1 && ones.len() % 2 == 1 {
        mate_mask(k)
    } else {
        0
    };
    // Distinct squares part by bit 63 at the latest.
    if k == 63 {
        return crossing;
    }
    crossing ^ pair_masks(zeros, k + 1) ^ pair_masks(ones, k + 1)
}

/// Welter's function `[a|b|c|...]` of distinct squares, in any order: the
/// value of a strip with coins on them.
pub fn welter_value(squares: &[u64]) -> u64 {
    let xor = squares.iter().fold(0, |acc, s| acc ^ s);
    xor ^ pair_masks(&backwards_sorted(squares), 0)
}

/// Walks the bits of a square `x` from the lowest, against the squares
/// `rev` (backwards, sorted) other than `skip`: bit `k` of `x` is
/// `pick(k, p)`, where `p` is 1 when an odd number of the others are
/// congruent to `x` modulo `2^k`. Returns `x`, how much a coin on `x`
/// changes the value of the others (the XOR with `x` of every mask it
/// mates into), and whether `x` is one of the others.
fn walk_bits(rev: &[u64], skip: u64, pick: impl Fn(u32, u64) -> u64) -> (u64, u64, bool) {
    let (mut x, mut change) = (0u64, 0u64);
    let mut class = rev;
    for k in 0..64 {
        let skip_in = (skip ^ x) & !(u64::MAX << k) == 0;
        let parity = (class.len() - usize::from(skip_in)) as u64 & 1;
        let bit = pick(k, parity);
        x |= bit << k;
        change |= (bit ^ parity) << k;
        let split = split_at_bit(class, k);
        class = if bit == 0 {
            &class[..split]
        } else {
            &class[split..]
        };
    }
    let among_others = class.len() > usize::from(x == skip);
    (x, change, among_others)
}

/// The square a coin on `from` moves to so that the strip's value becomes
/// `target`, if there is one; `total` is the strip's value now. The other
/// coins' value is `total` less the change `from` makes, and the one
/// square outside the others making up the rest is the answer if it lies
/// below `from`.
fn move_to_value(rev: &[u64], from: u64, total: u64, target: u64) -> Option<u64> {
    let (_, from_change, _) = walk_bits(rev, from, |k, _| (from >> k) & 1);
    let wanted = target ^ total ^ from_change;
    let (to, _, taken) = walk_bits(rev, from, |k, parity| ((wanted >> k) & 1) ^ parity);
    (!taken && to < from).then_some(to)
}

/// Welter's game on sums of strips.
#[derive(Clone, Debug, Default)]
pub struct Welter;

/// Welter's game in the registry.
pub const WELTER: Entry =
    Entry::of::<Welter>("welter", "strips of squares 1,4,6 or empty", "2,5;1,3")
        .about("Welter's game: move a coin to a lower empty square (Nim with distinct heaps)");

impl Game for Welter {
    type Comp = Strip;

    fn name(&self) -> String {
        "welter".to_string()
    }

    fn parse_component(&self, text: &str) -> Result<Strip> {
        Strip::parse(text)
    }

    fn format_component(&self, c: &Strip) -> String {
        c.format()
    }

    fn value(&self, c: &Strip, _limits: &Limits) -> Result<Nimber> {
        Ok(Nimber(welter_value(&c.squares)))
    }

    /// Every coin to every empty square below it, coin by coin from the
    /// lowest; callers bound the count (a coin on a huge square has that
    /// many moves).
    fn for_each_option(&self, c: &Strip, _: &Limits, f: Visit<Strip>) -> Result<()> {
        for (i, &from) in c.squares.iter().enumerate() {
            let mut below = c.squares[..i].iter().peekable();
            for to in 0..from {
                if below.next_if_eq(&&to).is_some() {
                    continue;
                }
                if !f(&[c.after(from, to)]) {
                    return Ok(());
                }
            }
        }
        Ok(())
    }

    /// By the theory: at most one move per coin reaches `target`. Each
    /// move is written as a whole strip, so a long strip lists its moves
    /// while their texts stay within [`MAX_LISTED_TEXT`].
    fn options_with_value(
        &self,
        c: &Strip,
        target: Nimber,
        limits: &Limits,
        max: usize,
    ) -> Result<(Vec<Vec<Strip>>, bool)> {
        let rev = backwards_sorted(&c.squares);
        let total = welter_value(&c.squares);
        let text_len = c.format().len();
        let mut found = Vec::new();
        for &from in &c.squares {
            limits.check("listing the Welter moves")?;
            if let Some(to) = move_to_value(&rev, from, total, target.0) {
                if found.len() == max || (found.len() + 1) * text_len > MAX_LISTED_TEXT {
                    return Ok((found, true));
                }
                found.push(vec![c.after(from, to)]);
            }
        }
        Ok((found, false))
    }

    fn describe_option(&self, parts: &[Strip]) -> Option<String> {
        let (from, to) = parts.first()?.moved.0?;
        Some(format!("move {from} to {to}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::scan_options_with_value;

    fn strip(squares: &[u64]) -> Strip {
        let mut squares = squares.to_vec();
        squares.sort_unstable();
        Strip::new(squares)
    }

    /// Two coins: `[a|b] = (a XOR b) - 1` (Welter's formula for a pair;
    /// Conway, On Numbers and Games ch. 13, and the two-coin table of
    /// Winning Ways ch. 15). Row `a`, column `b`; the diagonal is no strip.
    #[test]
    fn two_coins_match_the_published_table() {
        const NONE: u64 = u64::MAX;
        let table: [[u64; 8]; 6] = [
            [NONE, 0, 1, 2, 3, 4, 5, 6],
            [0, NONE, 2, 1, 4, 3, 6, 5],
            [1, 2, NONE, 0, 5, 6, 3, 4],
            [2, 1, 0, NONE, 6, 5, 4, 3],
            [3, 4, 5, 6, NONE, 0, 1, 2],
            [4, 3, 6, 5, 0, NONE, 2, 1],
        ];
        for (a, row) in table.iter().enumerate() {
            for (b, &want) in row.iter().enumerate() {
                if want != NONE {
                    assert_eq!(welter_value(&[a as u64, b as u64]), want, "[{a}|{b}]");
                }
            }
        }
        assert_eq!(welter_value(&[]), 0);
        assert_eq!(welter_value(&[9]), 9, "one coin is a Nim heap");
    }

    /// A coin on square 0 can never move, and the rest play as if the
    /// strip started one square later: `[0|a|b|...] = [a-1|b-1|...]`
    /// (On Numbers and Games ch. 13). So the three-coin strips `0,2k+1,2k+2`
    /// are second-player wins, as the pairs `2k,2k+1` are.
    #[test]
    fn a_coin_on_zero_shifts_the_strip() {
        for k in 0..20 {
            assert_eq!(welter_value(&[0, 2 * k + 1, 2 * k + 2]), 0);
        }
        for squares in [&[3u64, 7, 8][..], &[1, 2, 5, 11], &[4, 6, 9, 13, 20]] {
            let mut with_zero = vec![0];
            with_zero.extend(squares.iter().map(|s| s + 1));
            assert_eq!(
                welter_value(&with_zero),
                welter_value(squares),
                "{squares:?}"
            );
        }
        assert_eq!(
            welter_value(&[1, 4, 6]),
            0,
            "the brief's example is a P-position"
        );
        assert_eq!(welter_value(&[2, 3, 6]), 0);
        assert_eq!(
            welter_value(&[1, 4, 6, 2, 3]),
            welter_value(&[2, 3, 6, 4, 1])
        );
    }

    /// The theory's moves of each value are exactly those a scan of every
    /// option finds, on every strip of up to four coins below 10.
    #[test]
    fn moves_of_a_value_match_a_scan() {
        let limits = Limits::default();
        for mask in 0u32..1 << 10 {
            if mask.count_ones() > 4 {
                continue;
            }
            let squares: Vec<u64> = (0..10).filter(|i| mask >> i & 1 == 1).collect();
            let c = strip(&squares);
            for t in 0..16 {
                let (mut fast, more) = Welter
                    .options_with_value(&c, Nimber(t), &limits, usize::MAX)
                    .unwrap();
                let (mut slow, _) =
                    scan_options_with_value(&Welter, &c, Nimber(t), &limits, usize::MAX).unwrap();
                assert!(!more);
                fast.sort_by_key(|o| o[0].squares.clone());
                slow.sort_by_key(|o| o[0].squares.clone());
                assert_eq!(fast, slow, "{squares:?} to {t}");
            }
        }
    }

    #[test]
    fn huge_squares_have_values_and_winning_moves() {
        let limits = Limits::default();
        let squares = [u64::MAX, u64::MAX - 1, 1 << 63, (1 << 63) - 5, 12_345, 7, 0];
        let c = strip(&squares);
        let total = welter_value(&squares);
        assert_ne!(total, 0);
        let (moves, more) = Welter
            .options_with_value(&c, Nimber::ZERO, &limits, usize::MAX)
            .unwrap();
        assert!(!more && !moves.is_empty());
        for m in &moves {
            let (from, to) = m[0].moved.0.unwrap();
            assert!(to < from && c.squares.contains(&from) && !c.squares.contains(&to));
            assert_eq!(welter_value(&m[0].squares), 0, "{}", m[0].format());
        }
        // Every value below is reached by some coin's move, and only below.
        for t in [1, 2, 1000, total - 1, total + 1] {
            let (moves, _) = Welter
                .options_with_value(&c, Nimber(t), &limits, usize::MAX)
                .unwrap();
            for m in &moves {
                assert_eq!(welter_value(&m[0].squares), t);
            }
            if t < total {
                assert!(!moves.is_empty(), "no move to {t}");
            }
        }
        let (capped, more) = Welter
            .options_with_value(&c, Nimber::ZERO, &limits, 0)
            .unwrap();
        assert!(capped.is_empty() && more);
    }

    #[test]
    fn moves_of_long_strips_are_listed_up_to_a_megabyte_of_text() {
        let squares: Vec<u64> = (0..5000u64).map(|i| (i * 999_983) ^ (1 << 45)).collect();
        let c = strip(&squares);
        let total = welter_value(&squares);
        let rev = backwards_sorted(&c.squares);
        let reachable = squares
            .iter()
            .filter(|&&from| move_to_value(&rev, from, total, 0).is_some())
            .count();
        let (found, more) = Welter
            .options_with_value(&c, Nimber::ZERO, &Limits::default(), usize::MAX)
            .unwrap();
        let per_move = c.format().len();
        assert!(reachable > MAX_LISTED_TEXT / per_move, "{reachable} moves");
        assert_eq!(found.len(), MAX_LISTED_TEXT / per_move);
        assert!(more);
    }

    #[test]
    fn strips_read_back_and_moves_say_which_coin() {
        let c = Strip::parse(" 6, 1,4 ").unwrap();
        assert_eq!(c.format(), "1,4,6");
        assert_eq!(Strip::parse("1,4,6").unwrap(), c);
        let empty = Strip::parse("empty").unwrap();
        assert_eq!(empty.format(), "empty");
        assert_eq!(Strip::parse(&empty.format()).unwrap(), empty);
        assert_eq!(welter_value(empty.squares()), 0);
        let moved = c.after(6, 2);
        assert_eq!(moved.format(), "1,2,4");
        assert_eq!(
            moved,
            strip(&[1, 2, 4]),
            "how a strip was reached is not part of it"
        );
        assert_eq!(
            Welter.describe_option(&[moved]).as_deref(),
            Some("move 6 to 2")
        );
        let mut options = Vec::new();
        Welter
            .for_each_option(&strip(&[1, 3]), &Limits::default(), &mut |p| {
                options.push(p[0].format());
                true
            })
            .unwrap();
        assert_eq!(options, ["0,3", "0,1", "1,2"]);
    }

    #[test]
    fn bad_strips_say_why_in_one_line() {
        for (bad, needle) in [
            ("", "occupied squares like `1,4,6`"),
            (
                "1,-3",
                "square 2 `-3` of a Welter strip: squares are numbered from 0",
            ),
            ("4,1,4", "square 4 holds two coins"),
            ("18446744073709551616", "squares go up to 2^64-1"),
            (
                "1,,2",
                "square 2 `` of a Welter strip: expected a square number",
            ),
            ("1;2", "expected a square number"),
            ("x", "expected a square number"),
            ("-", "expected a square number"),
        ] {
            match Strip::parse(bad) {
                Ok(c) => panic!("{bad} read as {}", c.format()),
                Err(e) => {
                    let msg = e.to_string();
                    assert!(msg.contains(needle), "{bad}: {msg}");
                    assert!(!msg.contains('\n'), "{bad}: {msg}");
                }
            }
        }
        let long = format!("1,{}", "7".repeat(100_000));
        let msg = Strip::parse(&long).unwrap_err().to_string();
        assert!(msg.len() < 200 && msg.contains("square 2 `7777"), "{msg}");
    }
}
