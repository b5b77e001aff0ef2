//! E&D (SDOI2009, Luogu P2148): a pair of piles; a move removes one pile
//! and splits the other into two non-empty piles that form the new pair.
//!
//! `G(x, y)` is the number of trailing 1 bits of `(x-1) | (y-1)`. The
//! winning splits come from the same formula read backwards: splitting a
//! pile `x` into `(u+1, w+1)` with `u + w = m = x - 2` has value `t` iff the
//! low `t` bits of `u | w` are ones and bit `t` is zero. Writing `d` for the
//! low bits that both `u` and `w` have, that forces `u_low + w_low =
//! 2^t - 1 + d = m mod 2^(t+1)`, so the splits are enumerated directly
//! (high parts any split of `m >> (t+1)`, low parts any division of the
//! free bits) instead of scanning all `x - 1` of them.

use crate::entry::Entry;
use crate::error::{Error, Result};
use crate::game::Limits;
use crate::game::Visit;
use crate::nimber::Nimber;
use crate::ruleset::{parse_pair, Game};

/// `G(x, y)` for one E&D pair.
pub fn ed_value(x: u64, y: u64) -> u64 {
    ((x - 1) | (y - 1)).trailing_ones() as u64
}

/// Splits `(a, x - a)` of a pile `x` (with `a <= x - a`) of value `t`, at
/// most `max`, and whether more exist.
pub fn splits_with_value(x: u64, t: u64, max: usize) -> (Vec<(u64, u64)>, bool) {
    let mut found = Vec::new();
    if x < 2 || t >= 63 {
        return (found, false);
    }
    let m = x - 2;
    let low_mask = (1u64 << t) - 1;
    let r = m & ((1u64 << (t + 1)) - 1);
    if r < low_mask || r > 2 * low_mask {
        return (found, false);
    }
    let d = r - low_mask; // bits both low parts have
    let free = low_mask ^ d; // bits exactly one low part has
    let high_total = m >> (t + 1);
    for u_high in 0..=high_total {
        // Every submask of `free` goes to u, the rest to w.
        let mut sub = free;
        loop {
            let u = (u_high << (t + 1)) | d | sub;
            let w = m - u;
            if u <= w {
                if found.len() == max {
                    return (found, true);
                }
                found.push((u + 1, w + 1));
            } else if sub == free && u_high > high_total / 2 + 1 {
                // Past the middle every remaining u exceeds w.
                return (found, false);
            }
            if sub == 0 {
                break;
            }
            sub = (sub - 1) & free;
        }
    }
    (found, false)
}

/// The piles of pair `c` that a move may split: both, or one of two
/// equal piles (splitting either leaves the same pairs).
fn piles(c: &(u64, u64)) -> impl Iterator<Item = u64> {
    let distinct = if c.0 == c.1 { 1 } else { 2 };
    [c.0, c.1].into_iter().take(distinct)
}

/// E&D on sums of pairs.
#[derive(Clone, Debug, Default)]
pub struct Ed;

/// `ed`.
pub const ED: Entry = Entry::of::<Ed>("ed", "pairs x,y", "3,5")
    .about("E&D: drop one pile, split the other (Luogu P2148)");

impl Game for Ed {
    type Comp = (u64, u64);

    fn name(&self) -> String {
        "ed".to_string()
    }

    fn parse_component(&self, text: &str) -> Result<(u64, u64)> {
        let (x, y) = parse_pair(text, "an E&D pair", u64::MAX)?;
        if x == 0 || y == 0 {
            return Err(Error::parse(format!(
                "E&D piles must be positive, got `{}`",
                text.trim()
            )));
        }
        // The piles are not in order: `3,1` is `1,3`, and a move typed
        // either way reads as the one listed.
        Ok((x.min(y), x.max(y)))
    }

    fn format_component(&self, c: &(u64, u64)) -> String {
        format!("{},{}", c.0, c.1)
    }

    fn value(&self, c: &(u64, u64), _limits: &Limits) -> Result<Nimber> {
        Ok(Nimber(ed_value(c.0, c.1)))
    }

    /// Each split once: the piles of a pair are not in order (`1,3` is
    /// `3,1`).
    fn for_each_option(&self, c: &(u64, u64), _: &Limits, f: Visit<(u64, u64)>) -> Result<()> {
        for pile in piles(c) {
            for a in 1..=pile / 2 {
                if !f(&[(a, pile - a)]) {
                    return Ok(());
                }
            }
        }
        Ok(())
    }

    fn options_with_value(
        &self,
        c: &(u64, u64),
        target: Nimber,
        _limits: &Limits,
        max: usize,
    ) -> Result<(Vec<Vec<(u64, u64)>>, bool)> {
        let mut found = Vec::new();
        let mut truncated = false;
        for pile in piles(c) {
            let (splits, more) = splits_with_value(pile, target.0, max - found.len());
            truncated |= more;
            found.extend(splits.into_iter().map(|p| vec![p]));
        }
        Ok((found, truncated))
    }
}
