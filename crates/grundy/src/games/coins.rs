//! Coin-turning games: a row of coins, heads or tails; a move turns a set
//! of coins allowed by the rule, the rightmost of which must go from heads
//! to tails; who cannot move loses.
//!
//! A position is written as a coin string (`THHTH`, the leftmost coin is
//! coin 1) or as a list of its heads (`2,3,5`; `0` when there are none).
//! Its value is the XOR of its heads' lone values ([`rule`]), so a winning
//! move turns a head `h` and other coins whose values XOR to
//! `s xor g(h)`, where `s` is the value of the whole sum. In the coin
//! string of a move, the coins turned are in lower case (`THHTH ->
//! hHHTt` turns coins 1 and 5): it reads back as the same position, and
//! shows the move.

pub mod rule;

use std::fmt::Write;

use crate::answer::drawing::{Drawing, MAX_DRAWN_ITEMS};
use crate::error::{shorten_quote, Error, Result};
use crate::game::Limits;
use crate::game::{Ignored, Visit};
use crate::nimber::Nimber;
use crate::ruleset::{Game, MAX_LISTED_TEXT};

use super::number_list;
use crate::entry::{Build, Entry, Example};
use crate::ruleset::boxed;
pub use rule::Search;
use rule::{HeadValues, Rule, MAX_COIN, MAX_TURNED};

/// A row of coins.
///
/// Equal rows are the same position: the marks of the move that led here
/// (`turned`) are for display and take no part in equality.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Coins {
    /// The number of coins when written as a coin string; `None` for a
    /// list of heads.
    len: Option<u64>,
    /// The heads, ascending.
    heads: Vec<u64>,
    /// The coins the last move turned, ascending (shown in lower case).
    turned: Ignored<Vec<u64>>,
}

impl Coins {
    /// The heads, ascending, numbered from 1 at the left.
    pub fn heads(&self) -> &[u64] {
        &self.heads
    }

    /// Reads a coin string (`THHTH`, either case) or a list of heads
    /// (`2,3,5`, or `0` for none). Errors name the coin or the item.
    pub fn parse(text: &str) -> Result<Coins> {
        let t = text.trim();
        if t.starts_with(|c: char| c.is_ascii_digit()) {
            return Self::parse_heads(t);
        }
        if t.is_empty() {
            return Err(Error::parse(
                "a coin position is a coin string like `THHTH` or a list of heads like `2,3,5`",
            ));
        }
        let mut heads = Vec::new();
        let mut turned = Vec::new();
        let mut len = 0u64;
        for (i, ch) in t.chars().enumerate() {
            let n = i as u64 + 1;
            match ch {
                'H' | 'h' => heads.push(n),
                'T' | 't' => {}
                _ => {
                    return Err(Error::parse(format!(
                        "coin {n} of `{}` is `{ch}`: expected H (heads) or T (tails)",
                        shorten_quote(t)
                    )))
                }
            }
            if ch.is_ascii_lowercase() {
                turned.push(n);
            }
            len = n;
        }
        Ok(Coins {
            len: Some(len),
            heads,
            turned: Ignored(turned),
        })
    }

    fn parse_heads(t: &str) -> Result<Coins> {
        let none = Coins {
            len: None,
            heads: Vec::new(),
            turned: Ignored(Vec::new()),
        };
        if t == "0" {
            return Ok(none);
        }
        let heads = number_list(
            t,
            |k, item| format!("head {k} `{item}` of `{}`", shorten_quote(t)),
            |item| {
                if item.is_empty() || !item.bytes().all(|b| b.is_ascii_digit()) {
                    return Err("expected a coin number (coins are numbered from 1)".to_string());
                }
                match item.parse::<u64>() {
                    Ok(0) => {
                        Err("coins are numbered from 1 (`0` alone means no heads)".to_string())
                    }
                    Ok(c) if c <= MAX_COIN => Ok(c),
                    _ => Err(format!("coin numbers go up to 2^62 = {MAX_COIN}")),
                }
            },
        )?;
        if let Some(w) = heads.windows(2).find(|w| w[0] == w[1]) {
            return Err(Error::parse(format!(
                "coin {} is listed twice in `{}`",
                w[0],
                shorten_quote(t)
            )));
        }
        Ok(Coins { heads, ..none })
    }

    /// The text [`Coins::parse`] reads back: a coin string (turned coins
    /// in lower case) or a list of heads.
    pub fn format(&self) -> String {
        match self.len {
            Some(len) => {
                let mut s = String::with_capacity(len as usize);
                let (mut h, mut t) = (
                    self.heads.iter().peekable(),
                    self.turned.0.iter().peekable(),
                );
                for n in 1..=len {
                    let head = h.next_if_eq(&&n).is_some();
                    let turned = t.next_if_eq(&&n).is_some();
                    s.push(match (head, turned) {
                        (true, false) => 'H',
                        (true, true) => 'h',
                        (false, false) => 'T',
                        (false, true) => 't',
                    });
                }
                s
            }
            None if self.heads.is_empty() => "0".to_string(),
            None => {
                let mut s = String::new();
                for (i, h) in self.heads.iter().enumerate() {
                    let _ = write!(s, "{}{h}", if i == 0 { "" } else { "," });
                }
                s
            }
        }
    }

    /// The row after turning `coins` (ascending).
    pub fn turn(&self, coins: &[u64]) -> Coins {
        // Both lists are sorted: merge, dropping coins in both.
        let (a, b) = (&self.heads, coins);
        let mut heads = Vec::with_capacity(a.len() + b.len());
        let (mut i, mut j) = (0, 0);
        loop {
            match (a.get(i), b.get(j)) {
                (Some(x), Some(y)) if x == y => (i, j) = (i + 1, j + 1),
                (Some(&x), Some(&y)) if x < y => (heads.push(x), i += 1).1,
                (Some(&x), None) => (heads.push(x), i += 1).1,
                (_, Some(&y)) => (heads.push(y), j += 1).1,
                (None, None) => break,
            }
        }
        Coins {
            len: self.len,
            heads,
            turned: Ignored(coins.to_vec()),
        }
    }
}

/// A coin-turning game: a named rule and its head values.
pub struct CoinGame {
    name: String,
    values: HeadValues,
}

/// A coin game with a name of its own: name, components, what it is, the
/// game.
type NamedRow = (&'static str, &'static str, &'static str, fn() -> CoinGame);

/// The named coin games; their entries below are made from these rows.
#[rustfmt::skip]
const NAMED: [NamedRow; 4] = [
    ("turtles", "coin strings THHTH or heads 2,3,5",
     "Turning Turtles: turn one or two coins, the rightmost heads to tails", CoinGame::turtles),
    ("mock-turtles", "coin strings or heads", "Mock Turtles: turn one, two or three coins",
     CoinGame::mock_turtles),
    ("ruler", "coin strings or heads", "Ruler: turn a run of consecutive coins ending at a head",
     CoinGame::ruler),
    ("twins", "coin strings or heads", "Twins: turn exactly two coins", CoinGame::twins),
];

/// The entry of row `i` of [`NAMED`], with a row of four coins to start.
const fn named(i: usize) -> Entry {
    let (name, components, about, _) = NAMED[i];
    Entry::plain(name, components, "THTH", build_named).about(about)
}

/// A named coin game: its row's game.
fn build_named(b: &Build<'_>) -> Result<Box<dyn crate::Ruleset>> {
    let (.., game) = NAMED
        .into_iter()
        .find(|row| row.0 == b.head)
        .expect("the registry builds a named coin game only by its name");
    Ok(boxed(game()))
}

/// Turning Turtles.
pub const TURTLES: Entry = named(0);
/// Mock Turtles.
pub const MOCK_TURTLES: Entry = named(1);
/// Ruler.
pub const RULER: Entry = named(2);
/// Twins.
pub const TWINS: Entry = named(3);

/// `coins:any:S`.
pub const COINS_ANY: Entry = coins_entry(
    "coins:any:S",
    "turn a head and k-1 coins left of it, k in S (any:1,2 is turtles)",
    "coins:any:1,2",
);

/// `coins:run:S`.
pub const COINS_RUN: Entry = coins_entry(
    "coins:run:S",
    "turn a run of length in S ending at a head",
    "coins:run:1,2",
);

/// The entry of a `coins:KIND:S` family; both kinds are read by
/// [`CoinGame::from_args`], and a name without arguments is shown the
/// first kind.
const fn coins_entry(pattern: &'static str, about: &'static str, game: &'static str) -> Entry {
    Entry::with_args(
        "coins",
        pattern,
        "coin strings or heads",
        about,
        Example {
            game,
            position: "THTH",
        },
        |b: &Build<'_>| Ok(boxed(CoinGame::from_args(b.args)?)),
    )
}

impl CoinGame {
    /// The game `name` played by `rule`.
    pub fn new(name: impl Into<String>, rule: Rule) -> CoinGame {
        CoinGame {
            name: name.into(),
            values: HeadValues::new(rule),
        }
    }

    /// Turning Turtles: turn one or two coins.
    pub fn turtles() -> CoinGame {
        CoinGame::new("turtles", Rule::Any(vec![1, 2]))
    }

    /// Mock Turtles: turn one, two or three coins.
    pub fn mock_turtles() -> CoinGame {
        CoinGame::new("mock-turtles", Rule::Any(vec![1, 2, 3]))
    }

    /// Ruler: turn a run of consecutive coins.
    pub fn ruler() -> CoinGame {
        CoinGame::new("ruler", Rule::Run(None))
    }

    /// Twins: turn exactly two coins.
    pub fn twins() -> CoinGame {
        CoinGame::new("twins", Rule::Any(vec![2]))
    }

    /// A general rule from its arguments: `any:S` (the head and `k - 1`
    /// other coins anywhere to its left, for `k` in S) or `run:S` (a run
    /// of consecutive coins ending at the head, of a length in S).
    pub fn from_args(args: &str) -> Result<CoinGame> {
        let usage = "`coins:any:S` (turn the head and k-1 coins left of it, k in S) or \
                     `coins:run:S` (a run of length in S ending at the head), e.g. coins:any:1,2";
        let (kind, set) = args
            .split_once(':')
            .ok_or_else(|| Error::parse(format!("`coins:{args}`: expected {usage}")))?;
        let max = if kind == "any" { MAX_TURNED } else { MAX_COIN };
        let mut counts = Vec::new();
        for item in set.split(',') {
            let item = item.trim();
            match item.parse::<u64>() {
                Ok(k) if k >= 1 && k <= max && item.bytes().all(|b| b.is_ascii_digit()) => {
                    counts.push(k)
                }
                _ => {
                    return Err(Error::parse(format!(
                        "`coins:{args}`: `{item}` is not a number of coins from 1 to {max}"
                    )))
                }
            }
        }
        counts.sort_unstable();
        counts.dedup();
        let list = counts
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",");
        match kind {
            "any" => Ok(CoinGame::new(
                format!("coins:any:{list}"),
                Rule::Any(counts),
            )),
            "run" => Ok(CoinGame::new(
                format!("coins:run:{list}"),
                Rule::Run(Some(counts)),
            )),
            _ => Err(Error::parse(format!("`coins:{args}`: expected {usage}"))),
        }
    }

    /// The coin game called `name` (`twins`, `ruler`, `turtles`,
    /// `mock-turtles`, `coins:any:S`, `coins:run:S`), for games built on
    /// coin games (products).
    pub fn by_name(name: &str) -> Result<CoinGame> {
        let name = name.trim();
        if let Some(args) = name.strip_prefix("coins:") {
            return CoinGame::from_args(args);
        }
        match NAMED.into_iter().find(|row| row.0 == name) {
            Some((.., game)) => Ok(game()),
            None => Err(Error::parse(format!(
                "`{}` is not a coin game; expected twins, ruler, turtles, mock-turtles, coins:any:S or coins:run:S",
                shorten_quote(name)
            ))),
        }
    }

    /// The rule of the game.
    pub fn rule(&self) -> &Rule {
        self.values.rule()
    }

    /// The value of a lone head on coin `n`.
    pub fn head_value(&self, n: u64, limits: &Limits) -> Result<u64> {
        self.values.value(n, limits)
    }

    /// The values of lone heads, and the moves to a value
    /// ([`HeadValues::turns_with_value`]).
    pub fn head_values(&self) -> &HeadValues {
        &self.values
    }

    /// Sets of coins (ascending, the head last) whose turning takes `c`
    /// to value `target`: at most `max`, and whether more exist or were
    /// not searched (the state budget, or runs too long to list).
    pub fn turns_to_value(
        &self,
        c: &Coins,
        target: Nimber,
        limits: &Limits,
        max: usize,
    ) -> Result<(Vec<Vec<u64>>, bool)> {
        let values = self.values.values(&c.heads, limits)?;
        let total = values.iter().fold(0, |a, &v| a ^ v);
        let mut found: Vec<Vec<u64>> = Vec::new();
        let mut truncated = false;
        let mut budget = limits.max_states;
        for (&h, &gh) in c.heads.iter().zip(&values).rev() {
            limits.check("coin moves")?;
            let need = total ^ target.0 ^ gh;
            let search =
                self.values
                    .turns_with_value(h, need, limits, &mut budget, &mut |others| {
                        if found.len() == max {
                            truncated = true;
                            return false;
                        }
                        let mut set = others.to_vec();
                        set.push(h);
                        found.push(set);
                        true
                    })?;
            match search {
                Search::Complete => {}
                Search::Partial => truncated = true,
                Search::Stopped => break,
            }
        }
        Ok((found, truncated))
    }
}

impl Game for CoinGame {
    type Comp = Coins;

    fn name(&self) -> String {
        self.name.clone()
    }

    fn parse_component(&self, text: &str) -> Result<Coins> {
        Coins::parse(text)
    }

    fn format_component(&self, c: &Coins) -> String {
        c.format()
    }

    fn unmarked(&self, c: Coins) -> Coins {
        Coins {
            turned: Ignored(Vec::new()),
            ..c
        }
    }

    fn describe_option(&self, parts: &[Coins]) -> Option<String> {
        let turned = &parts.first()?.turned.0;
        let list: Vec<String> = turned.iter().map(u64::to_string).collect();
        (!list.is_empty()).then(|| format!("turn {}", list.join(",")))
    }

    fn value(&self, c: &Coins, limits: &Limits) -> Result<Nimber> {
        let values = self.values.values(&c.heads, limits)?;
        Ok(Nimber(values.iter().fold(0, |a, &v| a ^ v)))
    }

    /// Every legal move, straight from the rule (for small rows: the
    /// number of moves grows like a power of the row's length). Each move
    /// costs the coins it turns against `limits.max_states`, checked before
    /// the move is built, so the runs of a huge head (Ruler's are as long
    /// as the head) fail with [`Error::Limit`] instead of growing
    /// quadratically; only the allowed run lengths are visited, never
    /// every coin left of the head.
    /// A row typed as a move, checked without listing the others (a row
    /// of 60 heads has 1,830 moves of Turning Turtles, more than the page
    /// lists): the coins in which it differs are the coins turned, the
    /// rightmost of them a head, the others a set the rule turns with it.
    /// The row is then marked as a listed move is.
    fn is_option(&self, c: &Coins, parts: &mut [Coins]) -> Option<bool> {
        let [to] = parts else {
            return Some(false);
        };
        let turned = c.turn(&to.heads).heads;
        let Some((&head, others)) = turned.split_last() else {
            return Some(false);
        };
        let rule = self.values.rule();
        let legal =
            to.len == c.len && c.heads.binary_search(&head).is_ok() && rule.allows(head, others);
        if legal {
            *to = c.turn(&turned);
        }
        Some(legal)
    }

    fn tells_options(&self) -> bool {
        true
    }

    fn for_each_option(&self, c: &Coins, limits: &Limits, f: Visit<Coins>) -> Result<()> {
        let mut budget = MoveBudget::new(limits);
        for &h in &c.heads {
            let rule = self.values.rule();
            let mut spend = |coins| budget.spend(coins);
            if !rule.for_each_turn(h, &mut spend, &mut |others| offer(c, h, others, f))? {
                break;
            }
        }
        Ok(())
    }

    /// Winning moves by [`CoinGame::turns_to_value`], listed while their
    /// texts stay within [`MAX_LISTED_TEXT`].
    fn options_with_value(
        &self,
        c: &Coins,
        target: Nimber,
        limits: &Limits,
        max: usize,
    ) -> Result<(Vec<Vec<Coins>>, bool)> {
        let (turns, mut truncated) = self.turns_to_value(c, target, limits, max)?;
        let mut found = Vec::new();
        let mut text = 0;
        for set in turns {
            let option = c.turn(&set);
            text += option.len.map_or(option.heads.len() * 8, |l| l as usize);
            if text > MAX_LISTED_TEXT {
                truncated = true;
                break;
            }
            found.push(vec![option]);
        }
        Ok((found, truncated))
    }

    /// The row of coins, as long as written (a list of heads: up to the
    /// last head).
    fn draw(&self, c: &Coins) -> Option<Drawing> {
        let len = c.len.or(c.heads.last().copied()).unwrap_or(0);
        if len > MAX_DRAWN_ITEMS as u64 {
            return None;
        }
        let mut heads = vec![false; len as usize];
        for &h in &c.heads {
            heads[(h - 1) as usize] = true;
        }
        Some(Drawing::Coins { heads })
    }

    /// A move is chosen by the coins it turns.
    fn marks(&self, from: &Coins, to: &[Coins]) -> Vec<Vec<String>> {
        let after = to.first().map_or(&[][..], |t| &t.heads[..]);
        let mut turned: Vec<u64> = from
            .heads
            .iter()
            .filter(|h| !after.contains(h))
            .copied()
            .collect();
        turned.extend(after.iter().filter(|h| !from.heads.contains(h)));
        turned.sort_unstable();
        vec![turned.iter().map(u64::to_string).collect()]
    }
}

/// Coins turned so far while listing moves, against the state budget.
pub(crate) struct MoveBudget<'a> {
    limits: &'a Limits,
    work: u64,
}

impl<'a> MoveBudget<'a> {
    /// Nothing spent yet of `limits`.
    pub(crate) fn new(limits: &'a Limits) -> Self {
        MoveBudget { limits, work: 0 }
    }

    /// Pays for a move turning `coins` coins; fails when the budget is
    /// spent or someone asked to stop.
    pub(crate) fn spend(&mut self, coins: u64) -> Result<()> {
        self.work = self.work.saturating_add(coins);
        self.limits
            .check_states(self.work, "listing the coin moves")?;
        self.limits.check("listing the coin moves")
    }
}

/// Offers `f` the row after turning `others` and the head `h`.
fn offer(c: &Coins, h: u64, others: &[u64], f: Visit<Coins>) -> bool {
    let mut set = others.to_vec();
    set.push(h);
    f(&[c.turn(&set)])
}

#[cfg(test)]
mod tests;
