//! Euclid's game (Cole and Davie 1969; Luogu P1290, POJ 2348).
//!
//! From `(a, b)` with `a >= b > 0` a move subtracts a positive multiple of
//! `b` from `a`, keeping it non-negative; a pair with a zero is finished
//! (whoever made the zero has won). With `a = q*b + r`, the options of
//! `(a, b)` are `(r + j*b, b)` for `j < q`, and each of those has the
//! smaller ones as options: a chain hanging below the pair `(b, r)`. If
//! `g0` is the value of `(b, r)`, the chain's values are `g0` at the bottom
//! and then `0, 1, ..., g0 - 1, g0 + 1, ...`, so `G(a, b) = q - 1` when
//! `q <= g0` and `q` otherwise. Folding this up the Euclidean algorithm
//! gives every value in `O(log)` steps (Nivasch's closed form).

use crate::entry::Entry;
use crate::error::Result;
use crate::game::Limits;
use crate::game::Visit;
use crate::nimber::Nimber;
use crate::ruleset::{parse_pair, Game};

/// Value of the `j`-th chain element above a bottom of value `g0`
/// (`j = 0` is the bottom itself).
fn chain_value(j: u64, g0: u64) -> u64 {
    match j {
        0 => g0,
        j if j <= g0 => j - 1,
        j => j,
    }
}

/// `G(a, b)` for Euclid's game.
pub fn euclid_value(a: u64, b: u64) -> u64 {
    let (mut a, mut b) = (a.max(b), a.min(b));
    let mut quotients = Vec::new();
    while b > 0 {
        quotients.push(a / b);
        (a, b) = (b, a % b);
    }
    quotients.iter().rev().fold(0, |g0, &q| chain_value(q, g0))
}

/// Euclid's game on sums of pairs.
#[derive(Clone, Debug, Default)]
pub struct Euclid;

/// `euclid`.
pub const EUCLID: Entry = Entry::of::<Euclid>("euclid", "pairs a,b", "7,3")
    .about("Euclid's game: subtract a multiple of the smaller (Luogu P1290)");

impl Euclid {
    /// The pair after subtracting `k` times the smaller from the larger,
    /// keeping the order the user wrote.
    fn after(a: u64, b: u64, k: u64) -> (u64, u64) {
        if a >= b {
            (a - k * b, b)
        } else {
            (a, b - k * a)
        }
    }
}

impl Game for Euclid {
    type Comp = (u64, u64);

    fn name(&self) -> String {
        "euclid".to_string()
    }

    fn parse_component(&self, text: &str) -> Result<(u64, u64)> {
        parse_pair(text, "a Euclid position", u64::MAX)
    }

    fn format_component(&self, c: &(u64, u64)) -> String {
        format!("{},{}", c.0, c.1)
    }

    fn value(&self, c: &(u64, u64), _limits: &Limits) -> Result<Nimber> {
        Ok(Nimber(euclid_value(c.0, c.1)))
    }

    fn for_each_option(&self, c: &(u64, u64), _: &Limits, f: Visit<(u64, u64)>) -> Result<()> {
        let (a, b) = *c;
        let (hi, lo) = (a.max(b), a.min(b));
        if lo == 0 {
            return Ok(());
        }
        for k in 1..=hi / lo {
            if !f(&[Self::after(a, b, k)]) {
                break;
            }
        }
        Ok(())
    }

    /// The chain values are invertible: the option at chain height `j` has
    /// value `target` for at most one `j`, found in O(log).
    fn options_with_value(
        &self,
        c: &(u64, u64),
        target: Nimber,
        _limits: &Limits,
        _max: usize,
    ) -> Result<(Vec<Vec<(u64, u64)>>, bool)> {
        let (a, b) = *c;
        let (hi, lo) = (a.max(b), a.min(b));
        if lo == 0 {
            return Ok((vec![], false));
        }
        let (q, r) = (hi / lo, hi % lo);
        let g0 = euclid_value(lo, r);
        let t = target.0;
        // Heights j in 0..q are the options; find those with value t.
        let mut heights = Vec::new();
        if g0 == t {
            heights.push(0);
        }
        let j = if t < g0 { t + 1 } else { t };
        if j >= 1 && j < q && t != g0 {
            heights.push(j);
        }
        let found = heights
            .into_iter()
            .map(|j| vec![Self::after(a, b, q - j)])
            .collect();
        Ok((found, false))
    }
}
