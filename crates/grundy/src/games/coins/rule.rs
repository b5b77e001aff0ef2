//! Coin-turning rules: which coins a move may turn, what a lone head is
//! worth, and which turns reach a wanted value.
//!
//! Every rule here turns one head (the rightmost turned coin, which goes
//! from heads to tails) and a set of other coins to its left. A head's
//! value then depends only on its place, and a position is worth the XOR of
//! its heads' values (turning a tail to a head adds a lone head, turning a
//! head to a tail removes one). The classical rules have closed forms
//! (Winning Ways, chapter 14); other rules get a table grown as far as the
//! largest head asked about.

use std::sync::Mutex;

use crate::answer::MAX_LISTED_TEXT;
use crate::error::{Error, Result};
use crate::game::Limits;
use crate::game::Visit;

/// The highest coin number accepted (keeps `2n` inside a `u64`).
pub const MAX_COIN: u64 = 1 << 62;

/// The largest number of coins one move of a `coins:any:S` rule may turn.
pub const MAX_TURNED: u64 = 32;

/// The longest run of other coins a move found by
/// [`HeadValues::turns_with_value`] may turn: the move lists them, a
/// coin taking at least two characters of its text, which must stay
/// within [`MAX_LISTED_TEXT`].
const MAX_RUN: u64 = (MAX_LISTED_TEXT / 2) as u64;

/// What a move turns besides its head.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The head and `k - 1` other coins anywhere to its left, for a count
    /// `k` in the set (sorted): Turning Turtles is `{1, 2}`.
    Any(Vec<u64>),
    /// A run of consecutive coins ending at the head, of a length in the
    /// set (sorted); `None` allows every length (the Ruler game).
    Run(Option<Vec<u64>>),
}

impl Rule {
    /// Offers `f` every set of other coins (ascending, all left of `head`)
    /// that a move turning `head` may turn, until `f` returns `false`;
    /// returns whether every set was offered. `spend` is told how many
    /// coins each move turns before it is offered and may stop the
    /// listing with an error (the budget), so that the runs of a huge head
    /// are refused, not built.
    pub fn for_each_turn(
        &self,
        head: u64,
        spend: &mut dyn FnMut(u64) -> Result<()>,
        f: Visit<u64>,
    ) -> Result<bool> {
        match self {
            Rule::Any(counts) => {
                let mut failure = None;
                let mut each = |others: &[u64]| match spend(others.len() as u64 + 1) {
                    Ok(()) => f(others),
                    Err(e) => {
                        failure = Some(e);
                        false
                    }
                };
                let go = counts
                    .iter()
                    .filter(|&&k| k - 1 < head)
                    .all(|&k| subsets(k - 1, 1, head, &mut Vec::new(), &mut each));
                failure.map_or(Ok(go), Err)
            }
            Rule::Run(lengths) => {
                let lengths: Box<dyn Iterator<Item = u64>> = match lengths {
                    Some(set) => Box::new(set.iter().copied().take_while(|&len| len <= head)),
                    None => Box::new(1..=head),
                };
                for len in lengths {
                    spend(len)?;
                    if !f(&(head - len + 1..head).collect::<Vec<_>>()) {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
        }
    }

    /// Whether a move turning `head` may turn `others` (ascending, all
    /// left of it) with it: told at once, for a move typed where there are
    /// too many to list.
    pub fn allows(&self, head: u64, others: &[u64]) -> bool {
        let k = others.len() as u64 + 1;
        match self {
            Rule::Any(counts) => counts.contains(&k),
            Rule::Run(lengths) => {
                // `others` are distinct coins below `head`, so k <= head.
                let run = (others.iter().enumerate()).all(|(i, &x)| x == head - k + 1 + i as u64);
                run && lengths.as_ref().is_none_or(|set| set.contains(&k))
            }
        }
    }

    /// How many moves turn `head` (saturating at `u64::MAX`): a product
    /// game lists the moves of its cheaper factor and asks the other for
    /// the one value that wins.
    pub fn turn_count(&self, head: u64) -> u64 {
        match self {
            Rule::Any(counts) => counts
                .iter()
                .filter(|&&k| k - 1 < head)
                .fold(0u64, |sum, &k| sum.saturating_add(choose(head - 1, k - 1))),
            Rule::Run(None) => head,
            Rule::Run(Some(set)) => set.iter().filter(|&&len| len <= head).count() as u64,
        }
    }
}

/// `n` choose `k`, saturating at `u64::MAX`.
fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let mut c: u128 = 1;
    for i in 0..k.min(n - k) {
        // `c` is `n choose i`, at most `u64::MAX`, so the product fits.
        c = c * u128::from(n - i) / u128::from(i + 1);
        if c > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    c as u64
}

/// Every `j`-subset of `from..below` (ascending) until `f` says stop.
fn subsets(j: u64, from: u64, below: u64, chosen: &mut Vec<u64>, f: Visit<u64>) -> bool {
    if j == 0 {
        return f(chosen);
    }
    for c in from..below {
        if below - c < j {
            break;
        }
        chosen.push(c);
        let go = subsets(j - 1, c + 1, below, chosen, f);
        chosen.pop();
        if !go {
            return false;
        }
    }
    true
}

/// Rules whose head values have a closed form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Closed {
    /// Turn one or two coins: `g(n) = n`.
    Turtles,
    /// One, two or three: `g(n)` is the n-th odious number.
    MockTurtles,
    /// Exactly two: `g(n) = n - 1`.
    Twins,
    /// Any run: `g(n)` is the largest power of 2 dividing `n`.
    Ruler,
}

impl Closed {
    fn of(rule: &Rule) -> Option<Closed> {
        match rule {
            Rule::Any(s) if s == &[1, 2] => Some(Closed::Turtles),
            Rule::Any(s) if s == &[1, 2, 3] => Some(Closed::MockTurtles),
            Rule::Any(s) if s == &[2] => Some(Closed::Twins),
            Rule::Run(None) => Some(Closed::Ruler),
            _ => None,
        }
    }

    fn value(self, n: u64) -> u64 {
        match self {
            Closed::Turtles => n,
            Closed::MockTurtles => 2 * (n - 1) + u64::from((n - 1).count_ones().is_multiple_of(2)),
            Closed::Twins => n - 1,
            Closed::Ruler => n & n.wrapping_neg(),
        }
    }

    /// Whether `g` grows with the coin (all but Ruler).
    fn grows(self) -> bool {
        self != Closed::Ruler
    }

    /// The coin whose value is `v`, if any (all but Ruler are one-to-one).
    fn coin_of(self, v: u64) -> Option<u64> {
        let c = match self {
            Closed::Turtles => v,
            Closed::MockTurtles => v / 2 + 1,
            Closed::Twins => v.checked_add(1)?,
            Closed::Ruler => return None,
        };
        ((1..=MAX_COIN).contains(&c) && self.value(c) == v).then_some(c)
    }
}

/// `xor of g(1..=m)` for the Ruler game is the Gray code of `m`: bit `k`
/// of the XOR counts the `n <= m` with exactly `k` trailing zeros, whose
/// parity is bit `k` of `m` XOR bit `k + 1`.
fn gray(m: u64) -> u64 {
    m ^ (m >> 1)
}

fn gray_inverse(mut g: u64) -> u64 {
    let mut shift = 1;
    while shift < 64 {
        g ^= g >> shift;
        shift <<= 1;
    }
    g
}

/// Head values computed from the rule, coin by coin, with the XORs that
/// runs and `any` rules read.
#[derive(Default)]
struct ComputedHeads {
    /// `g[n]` for coins `1..`; `g[0] = 0` is a placeholder.
    g: Vec<u64>,
    /// `prefix[m]` is the XOR of `g[1..=m]` (runs).
    prefix: Vec<u64>,
    /// `reach[j]`: a bitset of the XORs of `j` distinct coins valued so
    /// far (`any` rules); all share a power-of-two width.
    reach: Vec<Vec<u64>>,
    /// Words of bitset (or run lengths) processed, against the budget.
    work: u64,
}

/// The value of a lone head at each place, for one rule.
pub struct HeadValues {
    rule: Rule,
    closed: Option<Closed>,
    table: Mutex<ComputedHeads>,
}

/// How a search for turns ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// Every turn was offered.
    Complete,
    /// The callback asked to stop.
    Stopped,
    /// Some turns were skipped: the budget ran out or a run was longer
    /// than allowed.
    Partial,
}

impl HeadValues {
    /// Values for `rule`.
    pub fn new(rule: Rule) -> HeadValues {
        HeadValues {
            closed: Closed::of(&rule),
            rule,
            table: Mutex::new(ComputedHeads::default()),
        }
    }

    /// The rule.
    pub fn rule(&self) -> &Rule {
        &self.rule
    }

    /// `g(n)` for every coin `n` in `coins` (all at least 1).
    pub fn values(&self, coins: &[u64], limits: &Limits) -> Result<Vec<u64>> {
        if let Some(c) = self.closed {
            return Ok(coins.iter().map(|&n| c.value(n)).collect());
        }
        let top = coins.iter().copied().max().unwrap_or(0);
        let mut t = self.table.lock().unwrap_or_else(|e| e.into_inner());
        t.grow(&self.rule, top, limits)?;
        Ok(coins.iter().map(|&n| t.g[n as usize]).collect())
    }

    /// `g(n)` for one coin.
    pub fn value(&self, n: u64, limits: &Limits) -> Result<u64> {
        Ok(self.values(&[n], limits)?[0])
    }

    /// Offers `f` every set of other coins (sorted, all left of `head`)
    /// that a move turning `head` may turn and whose values XOR to `need`,
    /// until `f` returns `false`. Each candidate costs one unit of
    /// `budget`; runs longer than `MAX_RUN` are skipped.
    pub fn turns_with_value(
        &self,
        head: u64,
        need: u64,
        limits: &Limits,
        budget: &mut u64,
        f: Visit<u64>,
    ) -> Result<Search> {
        let guard;
        let look = match self.closed {
            Some(c) => Lookup::Closed(c),
            None => {
                let mut t = self.table.lock().unwrap_or_else(|e| e.into_inner());
                t.grow(&self.rule, head, limits)?;
                guard = t;
                Lookup::Computed(&guard)
            }
        };
        match &self.rule {
            Rule::Run(lengths) => {
                let before = look.prefix(head - 1);
                let starts: Vec<u64> = match lengths {
                    // Ruler: the prefix XOR is the Gray code, invertible.
                    None => Some(gray_inverse(before ^ need))
                        .filter(|&m| m < head)
                        .into_iter()
                        .collect(),
                    Some(set) => set
                        .iter()
                        .filter(|&&len| len <= head && before ^ look.prefix(head - len) == need)
                        .map(|&len| head - len)
                        .collect(),
                };
                let mut search = Search::Complete;
                for m in starts {
                    if head - 1 - m > MAX_RUN {
                        search = Search::Partial;
                        continue;
                    }
                    let others: Vec<u64> = (m + 1..head).collect();
                    if !f(&others) {
                        return Ok(Search::Stopped);
                    }
                }
                Ok(search)
            }
            Rule::Any(counts) => {
                let mut pick = Pick {
                    look: &look,
                    budget,
                    chosen: Vec::new(),
                    f,
                    partial: false,
                };
                for &k in counts {
                    if k > head {
                        break;
                    }
                    if !pick.pick(k - 1, head, need) {
                        return Ok(Search::Stopped);
                    }
                }
                Ok(if pick.partial {
                    Search::Partial
                } else {
                    Search::Complete
                })
            }
        }
    }
}

/// Head values by closed form or from a grown table.
enum Lookup<'a> {
    Closed(Closed),
    Computed(&'a ComputedHeads),
}

impl Lookup<'_> {
    fn g(&self, n: u64) -> u64 {
        match self {
            Lookup::Closed(c) => c.value(n),
            Lookup::Computed(t) => t.g[n as usize],
        }
    }

    /// Whether `j` coins below `below` may XOR to `need`: `false` when the
    /// values only grow (the closed `any` rules) and `need` has a bit
    /// above the highest value's, or when every value is odious (Mock
    /// Turtles) and `need` has the wrong parity of ones for `j` of them,
    /// so that a wanted value out of reach is refused at once instead of
    /// spending the budget on every coin.
    fn may_reach(&self, j: u64, need: u64, below: u64) -> bool {
        match self {
            Lookup::Closed(c) if c.grows() && below >= 2 => {
                let odious = *c == Closed::MockTurtles;
                let parity = !odious || u64::from(need.count_ones()) % 2 == j % 2;
                parity && need.leading_zeros() >= c.value(below - 1).leading_zeros()
            }
            _ => true,
        }
    }

    /// The XOR of `g(1..=m)`; only runs need it, and the only closed run
    /// rule is Ruler.
    fn prefix(&self, m: u64) -> u64 {
        match self {
            Lookup::Closed(_) => gray(m),
            Lookup::Computed(t) => t.prefix[m as usize],
        }
    }
}

/// Depth-first choice of `j` coins below a bound with a given XOR, largest
/// first, within a budget.
struct Pick<'a> {
    look: &'a Lookup<'a>,
    budget: &'a mut u64,
    /// Chosen so far, largest first.
    chosen: Vec<u64>,
    f: Visit<'a, u64>,
    partial: bool,
}

impl Pick<'_> {
    /// Spends one unit of budget; `false` (and a note) when there is none.
    fn spend(&mut self) -> bool {
        if *self.budget == 0 {
            self.partial = true;
            return false;
        }
        *self.budget -= 1;
        true
    }

    /// Returns `false` when the callback asked to stop.
    fn pick(&mut self, j: u64, below: u64, need: u64) -> bool {
        if !self.spend() {
            return true;
        }
        if j > 0 && !self.look.may_reach(j, need, below) {
            return true;
        }
        match (j, self.look) {
            (0, _) => need != 0 || self.emit(None),
            (1, Lookup::Closed(c)) => match c.coin_of(need) {
                Some(c) if c < below => self.emit(Some(c)),
                _ => true,
            },
            (1, Lookup::Computed(_)) => {
                for c in 1..below {
                    if !self.spend() {
                        return true;
                    }
                    if self.look.g(c) == need && !self.emit(Some(c)) {
                        return false;
                    }
                }
                true
            }
            _ => {
                for c in (j..below).rev() {
                    self.chosen.push(c);
                    let go = self.pick(j - 1, c, need ^ self.look.g(c));
                    self.chosen.pop();
                    if !go {
                        return false;
                    }
                    if *self.budget == 0 {
                        self.partial = true;
                        return true;
                    }
                }
                true
            }
        }
    }

    fn emit(&mut self, last: Option<u64>) -> bool {
        let mut coins: Vec<u64> = last
            .into_iter()
            .chain(self.chosen.iter().copied())
            .collect();
        coins.sort_unstable();
        (self.f)(&coins)
    }
}

impl ComputedHeads {
    /// Values coins up to `upto`.
    fn grow(&mut self, rule: &Rule, upto: u64, limits: &Limits) -> Result<()> {
        if self.g.is_empty() {
            self.g.push(0);
            self.prefix.push(0);
            if let Rule::Any(counts) = rule {
                let most = *counts.last().expect("a rule has counts") as usize;
                self.reach = vec![vec![0u64; 1]; most];
                self.reach[0][0] = 1; // no coins: XOR 0
            }
        }
        let what = || format!("a table of coin values up to {upto}");
        // Every coin costs at least one unit per count or length of the
        // rule, so a head far beyond the budget is refused before any work.
        let per_coin = match rule {
            Rule::Any(_) => self.reach.len(),
            Rule::Run(lengths) => lengths.as_ref().map_or(1, Vec::len),
        } as u64;
        let to_value = upto.saturating_add(1).saturating_sub(self.g.len() as u64);
        if self
            .work
            .saturating_add(to_value.saturating_mul(per_coin.max(1)))
            > limits.max_states
        {
            return Err(Error::limit(what(), limits.max_states));
        }
        while (self.g.len() as u64) <= upto {
            let n = self.g.len() as u64;
            if n.is_multiple_of(4096) {
                limits.check("coin values")?;
            }
            let v = match rule {
                Rule::Any(counts) => self.next_any(counts, n),
                Rule::Run(lengths) => {
                    let set = lengths.as_deref().unwrap_or(&[]);
                    self.work += set.len() as u64;
                    let mut seen = crate::nimber::MexSet::new();
                    for &len in set.iter().filter(|&&len| len <= n) {
                        seen.insert(self.prefix[n as usize - 1] ^ self.prefix[(n - len) as usize]);
                    }
                    seen.mex()
                }
            };
            if self.work > limits.max_states {
                return Err(Error::limit(what(), limits.max_states));
            }
            self.g.push(v);
            let p = self.prefix[n as usize - 1] ^ v;
            self.prefix.push(p);
        }
        Ok(())
    }

    /// The value of coin `n` under an `any` rule, then adds it to the
    /// reachable XORs.
    fn next_any(&mut self, counts: &[u64], n: u64) -> u64 {
        let width = self.reach[0].len();
        // The mex of the union of reach[k - 1] over allowed counts k.
        let mut v = 64 * width as u64;
        for w in 0..width {
            let used = counts
                .iter()
                .filter(|&&k| k - 1 < n)
                .fold(0u64, |acc, &k| acc | self.reach[k as usize - 1][w]);
            if used != u64::MAX {
                v = 64 * w as u64 + used.trailing_ones() as u64;
                break;
            }
        }
        // Keep the width a power of two above every value, so that XOR by
        // a value stays inside.
        let mut new_width = width;
        while v >= 64 * new_width as u64 {
            new_width *= 2;
        }
        for r in &mut self.reach {
            r.resize(new_width, 0);
        }
        for j in (1..self.reach.len()).rev() {
            let (low, high) = self.reach.split_at_mut(j);
            let (from, to) = (&low[j - 1], &mut high[0]);
            for (w, &word) in from.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let x = 64 * w as u64 + bits.trailing_zeros() as u64;
                    let y = (x ^ v) as usize;
                    to[y / 64] |= 1 << (y % 64);
                    bits &= bits - 1;
                }
            }
        }
        self.work += (new_width * self.reach.len()) as u64;
        v
    }
}

#[cfg(test)]
mod tests;
