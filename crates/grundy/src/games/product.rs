//! Products of coin-turning games (Winning Ways, chapter 14): coins on a
//! grid, a move turns the product of a move of the first game (along the
//! rows) and a move of the second (along the columns), the coin farthest
//! from the origin going from heads to tails.
//!
//! By the Tartan theorem a lone head at `(x, y)` is worth the nim product
//! `G(x) * H(y)` of the factors' head values, and a position is worth the
//! XOR of its heads' values. Turning Corners (turn the four corners of a
//! rectangle) is `product:twins,twins`: a head at `(x, y)` is worth
//! `(x-1) * (y-1)`. A component is a grid of coins (`THT/TTH`), or its
//! heads (`x,y` or `(x,y)(x,y)`, coins counted from 1 as in the coin
//! games) when the grid would be too large to write.

use crate::entry::{Build, Entry, Example};
use crate::error::{shorten_quote, Error, Result};
use crate::game::{parse_pair, Ignored, Limits, Visit};
use crate::games::coins::rule::MAX_COIN;
use crate::games::coins::{CoinGame, MoveBudget, Search};
use crate::nimber::{nim_inverse, nim_mul, Nimber};
use crate::ruleset::{boxed, Game};

/// A position of a product game: the heads on the grid.
///
/// Written as a grid of coins (`THT/HTT`: row `y` is the `y`-th part
/// between slashes, column `x` its `x`-th coin; coins turned by the move
/// that led here in lower case), as one head `x,y`, as heads `(x,y)(x,y)`,
/// or `0` for none. Equal heads are the same position whatever the
/// writing; the marks of the last move take no part in equality.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Heads {
    /// The grid's width and height when written as a grid (how it is
    /// written, not what it is).
    grid: Ignored<Option<(u64, u64)>>,
    /// The heads, sorted.
    heads: Vec<(u64, u64)>,
    /// The coins the last move turned (shown in lower case on a grid).
    turned: Ignored<Vec<(u64, u64)>>,
}

/// The most coins a grid may have: its text is the whole board.
const MAX_GRID: u64 = 1 << 16;

impl Heads {
    /// Reads a position in any of its writings.
    pub fn parse(text: &str) -> Result<Heads> {
        let t = text.trim();
        let none = Heads {
            grid: Ignored(None),
            heads: Vec::new(),
            turned: Ignored(Vec::new()),
        };
        if t == "0" {
            return Ok(none);
        }
        if t.starts_with(['T', 'H', 't', 'h']) {
            return Heads::parse_grid(t);
        }
        let items: Vec<&str> = match t.strip_prefix('(') {
            Some(rest) => rest
                .strip_suffix(')')
                .map(|r| r.split(")(").collect())
                .ok_or_else(|| {
                    Error::parse(format!(
                        "`{}`: heads are written (x,y)(x,y)",
                        shorten_quote(t)
                    ))
                })?,
            None => vec![t],
        };
        let mut heads = Vec::with_capacity(items.len());
        for item in items {
            let (x, y) = parse_pair(item, "a head x,y", MAX_COIN)?;
            if x == 0 || y == 0 {
                return Err(Error::parse(format!(
                    "head `{}`: coins are numbered from 1 in both directions",
                    item.trim()
                )));
            }
            heads.push((x, y));
        }
        heads.sort_unstable();
        if let Some(w) = heads.windows(2).find(|w| w[0] == w[1]) {
            return Err(Error::parse(format!(
                "head {},{} is listed twice",
                w[0].0, w[0].1
            )));
        }
        Ok(Heads { heads, ..none })
    }

    fn parse_grid(t: &str) -> Result<Heads> {
        let rows: Vec<&str> = t.split('/').collect();
        let w = rows[0].chars().count() as u64;
        if rows.iter().any(|r| r.chars().count() as u64 != w) {
            return Err(Error::parse(format!(
                "the rows of `{}` have different lengths",
                shorten_quote(t)
            )));
        }
        let h = rows.len() as u64;
        if w * h > MAX_GRID {
            return Err(Error::parse(format!(
                "a grid has at most {MAX_GRID} coins; write far heads as (x,y)(x,y)"
            )));
        }
        let (mut heads, mut turned) = (Vec::new(), Vec::new());
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let at = (x as u64 + 1, y as u64 + 1);
                match ch {
                    'H' | 'h' => heads.push(at),
                    'T' | 't' => {}
                    _ => {
                        return Err(Error::parse(format!(
                            "coin {},{} of `{}` is `{ch}`: expected H (heads) or T (tails)",
                            at.0,
                            at.1,
                            shorten_quote(t)
                        )))
                    }
                }
                if ch.is_ascii_lowercase() {
                    turned.push(at);
                }
            }
        }
        heads.sort_unstable();
        Ok(Heads {
            grid: Ignored(Some((w, h))),
            heads,
            turned: Ignored(turned),
        })
    }

    /// The text [`Heads::parse`] reads back.
    pub fn format(&self) -> String {
        if let Some((w, h)) = self.grid.0 {
            let mut rows = Vec::with_capacity(h as usize);
            for y in 1..=h {
                let row: String = (1..=w)
                    .map(|x| {
                        let head = self.heads.binary_search(&(x, y)).is_ok();
                        let turned = self.turned.0.contains(&(x, y));
                        match (head, turned) {
                            (true, false) => 'H',
                            (true, true) => 'h',
                            (false, false) => 'T',
                            (false, true) => 't',
                        }
                    })
                    .collect();
                rows.push(row);
            }
            return rows.join("/");
        }
        match self.heads.as_slice() {
            [] => "0".to_string(),
            [(x, y)] => format!("{x},{y}"),
            many => many.iter().map(|(x, y)| format!("({x},{y})")).collect(),
        }
    }

    /// The position after turning `coins`; a grid grows to hold them.
    fn turn(&self, coins: &[(u64, u64)]) -> Heads {
        let mut heads = self.heads.clone();
        for c in coins {
            match heads.binary_search(c) {
                Ok(i) => {
                    heads.remove(i);
                }
                Err(i) => heads.insert(i, *c),
            }
        }
        Heads {
            grid: self.grid,
            heads,
            turned: Ignored(coins.to_vec()),
        }
    }
}

/// Bytes a coin of a listed move takes, as a pair, in the move's two
/// texts (the position left and the coins turned) and in the report
/// printed.
const COIN_BYTES: u64 = 128;

/// Winning moves found so far, and what is left of the budget.
struct Moves {
    found: Vec<Vec<Heads>>,
    truncated: bool,
    budget: u64,
    max: usize,
    /// Coins turned by the moves found, across every head: they count
    /// against the state budget and the memory.
    coins: u64,
}

impl Moves {
    /// Lists the move from `c` that turns every coin `(i, j)` with `i` in
    /// `xs` and `j` in `ys`, unless a bound is reached; returns whether
    /// the listing goes on.
    fn take(&mut self, c: &Heads, xs: &[u64], ys: &[u64], limits: &Limits) -> bool {
        // A move turns every coin of a rectangle: a million by a million
        // once aborted the listing. The coins listed count against the
        // state budget and the memory.
        let coins = (xs.len() as u64).saturating_mul(ys.len() as u64);
        self.coins = self.coins.saturating_add(coins);
        let room = limits.check_room(self.coins.saturating_mul(COIN_BYTES), "the moves");
        if self.found.len() == self.max || self.coins > limits.max_states || room.is_err() {
            self.truncated = true;
            return false;
        }
        let mut turned: Vec<(u64, u64)> = (xs.iter())
            .flat_map(|&i| ys.iter().map(move |&j| (i, j)))
            .collect();
        turned.sort_unstable();
        self.found.push(vec![c.turn(&turned)]);
        true
    }
}

/// The product of two coin games.
pub struct Product {
    name: String,
    rows: CoinGame,
    columns: CoinGame,
}

/// `product:G,H`.
pub const PRODUCT: Entry = Entry::with_args(
    "product",
    "product:G,H",
    "grids THT/HTT or heads x,y",
    "product of coin games G and H (twins, ruler, turtles, mock-turtles, coins:any:S, coins:run:S)",
    Example {
        game: "product:ruler,turtles",
        position: "THT/TTH",
    },
    |b: &Build<'_>| Ok(boxed(Product::from_args(b.args)?)),
);

/// `turning-corners`: `product:twins,twins`.
pub const TURNING_CORNERS: Entry = Entry::plain(
    "turning-corners",
    "grids TTT/THT or heads x,y",
    "TTT/THT/TTH",
    |_| Ok(boxed(Product::turning_corners())),
)
.about("Turning Corners: turn the corners of a rectangle (twins x twins)");

impl Product {
    /// Turning Corners.
    pub fn turning_corners() -> Product {
        let mut p = Product::new(CoinGame::twins(), CoinGame::twins());
        p.name = "turning-corners".to_string();
        p
    }

    fn new(rows: CoinGame, columns: CoinGame) -> Product {
        Product {
            name: format!("product:{},{}", rows.name(), columns.name()),
            rows,
            columns,
        }
    }

    /// The product named by `G,H`. A comma may also belong to a factor
    /// (`coins:any:1,2`), so the one split whose both sides are coin
    /// games is taken.
    pub fn from_args(args: &str) -> Result<Product> {
        let splits: Vec<(CoinGame, CoinGame)> = args
            .match_indices(',')
            .filter_map(|(i, _)| {
                let left = CoinGame::by_name(&args[..i]).ok()?;
                let right = CoinGame::by_name(&args[i + 1..]).ok()?;
                Some((left, right))
            })
            .collect();
        let usage = "expected `product:G,H` with G and H coin games \
                     (twins, ruler, turtles, mock-turtles, coins:any:S, coins:run:S)";
        match splits.len() {
            1 => {
                let (g, h) = splits.into_iter().next().expect("one split");
                Ok(Product::new(g, h))
            }
            0 => Err(Error::parse(format!("`product:{args}`: {usage}"))),
            _ => Err(Error::parse(format!(
                "`product:{args}` can be read in more than one way; write a set of one number first, e.g. product:twins,coins:any:1,2"
            ))),
        }
    }

    /// How many rows (counted as spent) a listing goes between looks at
    /// the stop flag.
    const CHECK_EVERY: u64 = 1 << 12;

    /// The moves from the head `(x, y)` of `c` that change its value by
    /// `d` (see [`Game::options_with_value`]), added to `moves`. The moves
    /// of the factor with fewer of them at this head are listed, and the
    /// other factor is asked for the turns of the one value that wins, so
    /// a head far along one axis and near the other lists its moves at
    /// once.
    fn moves_of_head(
        &self,
        c: &Heads,
        (x, y): (u64, u64),
        d: u64,
        limits: &Limits,
        moves: &mut Moves,
    ) -> Result<()> {
        let rows_first = self.rows.rule().turn_count(x) <= self.columns.rule().turn_count(y);
        let ((outer, at), (inner, across)) = match rows_first {
            true => ((&self.rows, x), (&self.columns, y)),
            false => ((&self.columns, y), (&self.rows, x)),
        };
        let h_inner = inner.head_value(across, limits)?;
        let (mut failure, mut spent, cap) = (None, 0u64, moves.budget);
        let what = "listing the product's winning moves";
        let mut spend = |n: u64| {
            // Turns of a huge head are many: the listing hears `--timeout`
            // and Ctrl-C between them.
            let next = spent.saturating_add(n);
            if spent / Self::CHECK_EVERY != next / Self::CHECK_EVERY && limits.stopped() {
                return Err(Error::Interrupted(what.to_string()));
            }
            spent = next;
            (spent <= cap)
                .then_some(())
                .ok_or_else(|| Error::limit(what, limits.max_states))
        };
        let mut each_turn = |others: &[u64]| {
            let mut set = others.to_vec();
            set.push(at);
            let inverse = match Product::set_value(outer, &set, limits) {
                Ok(a) => nim_inverse(a),
                Err(e) => {
                    failure = Some(e);
                    return false;
                }
            };
            let Some(inverse) = inverse else {
                return true;
            };
            let need = nim_mul(d, inverse) ^ h_inner;
            let mut budget = moves.budget;
            let search = inner.head_values().turns_with_value(
                across,
                need,
                limits,
                &mut budget,
                &mut |others| {
                    let mut other = others.to_vec();
                    other.push(across);
                    let (xs, ys) = if rows_first {
                        (&set, &other)
                    } else {
                        (&other, &set)
                    };
                    moves.take(c, xs, ys, limits)
                },
            );
            moves.budget = budget;
            go_on(search, &mut moves.truncated, &mut failure)
        };
        match outer.rule().for_each_turn(at, &mut spend, &mut each_turn) {
            Err(Error::Limit { .. }) => moves.truncated = true,
            Err(e) => return Err(e),
            Ok(_) => {}
        }
        moves.budget = moves.budget.saturating_sub(spent);
        failure.map_or(Ok(()), Err)
    }

    /// The XOR of `game`'s head values over `coins`.
    fn set_value(game: &CoinGame, coins: &[u64], limits: &Limits) -> Result<u64> {
        coins
            .iter()
            .try_fold(0, |acc, &i| Ok(acc ^ game.head_value(i, limits)?))
    }

    /// The sets of coins (ascending, the head last) a move of `game`
    /// turning `head` may turn.
    fn turns(game: &CoinGame, head: u64, budget: &mut MoveBudget<'_>) -> Result<Vec<Vec<u64>>> {
        let mut sets = Vec::new();
        game.rule()
            .for_each_turn(head, &mut |n| budget.spend(n), &mut |others| {
                let mut set = others.to_vec();
                set.push(head);
                sets.push(set);
                true
            })?;
        Ok(sets)
    }
}

impl Game for Product {
    type Comp = Heads;

    fn name(&self) -> String {
        self.name.clone()
    }

    fn parse_component(&self, text: &str) -> Result<Heads> {
        Heads::parse(text)
    }

    fn format_component(&self, c: &Heads) -> String {
        c.format()
    }

    fn unmarked(&self, c: Heads) -> Heads {
        Heads {
            turned: Ignored(Vec::new()),
            ..c
        }
    }

    /// The Tartan theorem: each head is worth the nim product of the
    /// factors' head values; the heads add up.
    fn value(&self, c: &Heads, limits: &Limits) -> Result<Nimber> {
        let mut total = 0;
        for &(x, y) in &c.heads {
            let g = self.rows.head_value(x, limits)?;
            total ^= nim_mul(g, self.columns.head_value(y, limits)?);
        }
        Ok(Nimber(total))
    }

    /// Every product of a row move and a column move from every head.
    fn for_each_option(&self, c: &Heads, limits: &Limits, f: Visit<Heads>) -> Result<()> {
        let mut budget = MoveBudget::new(limits);
        let mut coins = Vec::new();
        for &(x, y) in &c.heads {
            let rows = Product::turns(&self.rows, x, &mut budget)?;
            let columns = Product::turns(&self.columns, y, &mut budget)?;
            for a in &rows {
                for b in &columns {
                    budget.spend((a.len() * b.len()) as u64)?;
                    coins.clear();
                    coins.extend(a.iter().flat_map(|&i| b.iter().map(move |&j| (i, j))));
                    coins.sort_unstable();
                    if !f(&[c.turn(&coins)]) {
                        return Ok(());
                    }
                }
            }
        }
        Ok(())
    }

    /// Winning moves by the bilinearity of the nim product: a move from a
    /// head at `(x, y)` turning the rows `A` and the columns `B` changes
    /// the value by `(⊕ G(i), i in A) * (⊕ H(j), j in B)`. For the change
    /// `d` wanted, each row turn of value `a ≠ 0` needs the column turns
    /// of value `d * a⁻¹`, which the column game finds at once; row turns
    /// are tried until the state budget is spent, which cuts the listing
    /// short (the value stands), so far heads list moves without a scan of
    /// every move.
    fn options_with_value(
        &self,
        c: &Heads,
        target: Nimber,
        limits: &Limits,
        max: usize,
    ) -> Result<(Vec<Vec<Heads>>, bool)> {
        let d = self.value(c, limits)?.0 ^ target.0;
        let mut moves = Moves {
            found: Vec::new(),
            truncated: false,
            budget: limits.max_states,
            max,
            coins: 0,
        };
        if d != 0 {
            for &head in &c.heads {
                self.moves_of_head(c, head, d, limits, &mut moves)?;
                if moves.found.len() == max || moves.budget == 0 {
                    moves.truncated |= moves.budget == 0;
                    break;
                }
            }
        }
        Ok((moves.found, moves.truncated))
    }

    /// The coins turned, as a player makes the move.
    fn describe_option(&self, parts: &[Heads]) -> Option<String> {
        let turned = &parts.first()?.turned.0;
        let list: Vec<String> = turned.iter().map(|(x, y)| format!("{x},{y}")).collect();
        (!list.is_empty()).then(|| format!("turn {}", list.join(" ")))
    }
}

/// Whether a listing goes on after a column search ended as `search`:
/// a partial search marks the listing `truncated`, a failure is kept in
/// `failure` and stops it.
fn go_on(search: Result<Search>, truncated: &mut bool, failure: &mut Option<Error>) -> bool {
    match search {
        Ok(Search::Stopped) => false,
        Ok(Search::Partial) => {
            *truncated = true;
            true
        }
        Ok(Search::Complete) => true,
        Err(e) => {
            *failure = Some(e);
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning_corners_is_the_nim_product_of_the_coordinates() {
        let p = Product::turning_corners();
        let limits = Limits::default();
        // Heads counted from 1: (x, y) is worth (x-1) * (y-1).
        let v = |t: &str| p.value(&Heads::parse(t).unwrap(), &limits).unwrap();
        assert_eq!(v("3,3"), Nimber(3));
        assert_eq!(v("5,5"), Nimber(6));
        assert_eq!(v("9,9"), Nimber(13));
        assert_eq!(v("1,7"), Nimber(0));
        assert_eq!(v("(3,3)(5,5)"), Nimber(5));
        assert_eq!(v("TTT/TTT/TTH"), Nimber(3));
    }

    /// The coins of listed moves count against the state budget across
    /// the whole listing, not afresh for each head: a budget one coin
    /// short of the listing's cuts it, though each head's share fits.
    #[test]
    fn the_coins_listed_are_counted_once_for_every_head() {
        let p = Product::from_args("ruler,ruler").unwrap();
        let c = Heads::parse("(15,15)(14,3)").unwrap();
        let list = |max_states| {
            let limits = Limits {
                max_states,
                ..Limits::default()
            };
            p.options_with_value(&c, Nimber(0), &limits, usize::MAX)
                .unwrap()
        };
        let (all, truncated) = list(Limits::default().max_states);
        assert!(!truncated);
        let turned = |m: &Vec<Heads>| m[0].turned.0.len() as u64;
        let coins: u64 = all.iter().map(turned).sum();
        let from = |m: &Vec<Heads>| m[0].turned.0.iter().max().copied();
        let by_head = |head| {
            all.iter()
                .filter(|m| from(m) == Some(head))
                .map(turned)
                .sum()
        };
        let shares: Vec<u64> = [(15, 15), (14, 3)].into_iter().map(by_head).collect();
        assert_eq!(shares.iter().sum::<u64>(), coins, "{shares:?}");
        assert!(shares.iter().all(|&s| 0 < s && s < coins), "{shares:?}");
        assert_eq!(list(coins), (all.clone(), false));
        let (cut, truncated) = list(coins - 1);
        assert!(
            truncated && cut.len() < all.len(),
            "{} of {}",
            cut.len(),
            all.len()
        );
    }

    #[test]
    fn every_writing_reads_back() {
        for t in ["0", "3,3", "(1,2)(3,3)", "THT/hTT", "TT/TT"] {
            assert_eq!(Heads::parse(t).unwrap().format(), t);
        }
        assert!(Heads::parse("(1,2)(1,2)").is_err());
        assert!(Heads::parse("TH/T").is_err());
        assert!(Heads::parse("0,3").is_err());
    }

    #[test]
    fn names_split_where_both_factors_are_coin_games() {
        let p = Product::from_args("coins:any:1,2,twins").unwrap();
        assert_eq!(p.name(), "product:coins:any:1,2,twins");
        assert!(Product::from_args("twins").is_err());
        let err = Product::from_args("twins,chess").err().unwrap().to_string();
        assert!(err.contains("coin games"), "{err}");
    }
}
