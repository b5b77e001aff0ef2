//! The multiplication game (POJ 2505).
//!
//! `p` starts at 1; a move multiplies it by 2..9; whoever makes `p >= n`
//! wins. Only `m = ceil(n / p)`, the factor still needed, matters: the
//! options of `m` are `ceil(m / k)` for `k = 2..9` and `m <= 1` is over. So
//! a component is just `m` (at the start `m = n`), and the states reachable
//! from `n` are `ceil(n / s)` for 7-smooth `s`: about 70,000 even for
//! `n = 2^64`, few enough for an exact memoised search. The classical rule
//! (divide by 18 rounding up while above 18; the first player wins iff the
//! result is at most 9) decides outcomes and is checked against the search.

use std::sync::Mutex;

use crate::entry::Entry;
use crate::error::Result;
use crate::game::Visit;
use crate::game::{Limits, StateSpace};
use crate::nimber::Nimber;
use crate::ruleset::{parse_count, Game};
use crate::solve::Memo;

/// `ceil(m / k)` without overflow.
fn ceil_div(m: u64, k: u64) -> u64 {
    m / k + u64::from(!m.is_multiple_of(k))
}

/// The states of the multiplication game as a [`StateSpace`].
#[derive(Clone, Debug, Default)]
pub struct MultStates;

impl StateSpace for MultStates {
    type Position = u64;
    fn moves(&mut self, m: &u64, out: &mut Vec<u64>) -> Result<()> {
        if *m <= 1 {
            return Ok(());
        }
        let start = out.len();
        for k in 2..=9 {
            // ceil(m/k) falls with k, so repeats are adjacent.
            let next = ceil_div(*m, k);
            if out.len() == start || out.last() != Some(&next) {
                out.push(next);
            }
        }
        Ok(())
    }
}

/// Whether the first player (Stan) wins the game to `n`, by the classical
/// rule.
pub fn first_player_wins(n: u64) -> bool {
    let mut m = n;
    while m > 18 {
        m = ceil_div(m, 18);
    }
    (2..=9).contains(&m)
}

/// The multiplication game on sums of targets.
pub struct Mult {
    memo: Mutex<Memo<MultStates>>,
}

/// `mult`.
pub const MULT: Entry = Entry::of::<Mult>("mult", "targets n", "20")
    .about("multiplication game: reach a product >= n (POJ 2505)");

impl Default for Mult {
    fn default() -> Self {
        Mult {
            memo: Mutex::new(Memo::new(MultStates, Limits::with_max_states(u64::MAX))),
        }
    }
}

impl Game for Mult {
    type Comp = u64;

    fn name(&self) -> String {
        "mult".to_string()
    }

    fn parse_component(&self, text: &str) -> Result<u64> {
        parse_count(text, "a multiplication-game target", u64::MAX)
    }

    fn format_component(&self, c: &u64) -> String {
        c.to_string()
    }

    fn value(&self, c: &u64, _limits: &Limits) -> Result<Nimber> {
        // The state space is at most ~70,000 (see above): no budget needed.
        let mut memo = self.memo.lock().unwrap_or_else(|e| e.into_inner());
        memo.value(c)
    }

    fn for_each_option(&self, c: &u64, _: &Limits, f: Visit<u64>) -> Result<()> {
        let mut opts = Vec::new();
        MultStates.moves(c, &mut opts)?;
        for o in opts {
            if !f(&[o]) {
                break;
            }
        }
        Ok(())
    }

    fn format_option(&self, parts: &[u64]) -> String {
        parts.first().map_or("1".to_string(), u64::to_string)
    }
}
