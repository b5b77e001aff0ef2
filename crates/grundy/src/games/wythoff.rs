//! Wythoff's game: take from one pile of a pair, or the same from both.
//!
//! P-positions are `(floor(k*phi), floor(k*phi^2))` and mirrors, computed
//! exactly in integers (`floor(k*phi) = (k + isqrt(5k^2)) / 2`), so outcomes
//! and winning moves are instant for piles up to 2^62. Sprague-Grundy values
//! have no closed form; they come from a dense table (row, column and
//! diagonal bitsets) as far as the state budget allows. A lone component
//! beyond the table is still answered by the theory, without a value.

use crate::solve::GrowingTable;

use crate::entry::Entry;
use crate::error::{Error, Result};
use crate::game::Visit;
use crate::game::{Limits, Outcome};
use crate::nimber::Nimber;
use crate::ruleset::Parsed;
use crate::ruleset::{analyze_parsed, parse_pair, Analysis, Game, Move};

/// The largest pile accepted (keeps `5k^2` inside a `u128`).
pub const MAX_PILE: u64 = 1 << 62;
/// The largest coordinate the value table reaches.
pub const MAX_TABLE_SIDE: u64 = 8192;

/// `floor(k * phi)`, exactly.
pub fn lower(k: u64) -> u64 {
    let k = k as u128;
    ((k + (5 * k * k).isqrt()) / 2) as u64
}

/// The other member of the P-pair containing `x` (every number is in
/// exactly one pair: the lower and upper Wythoff sequences partition the
/// positive integers).
pub fn partner(x: u64) -> u64 {
    if x == 0 {
        return 0;
    }
    // x / phi, rounded down, is within one of the index of a lower member.
    let xx = x as u128;
    let guess = (((5 * xx * xx).isqrt() - xx) / 2) as u64;
    for k in guess.saturating_sub(1)..=guess + 2 {
        if k > 0 && lower(k) == x {
            return x + k;
        }
    }
    // Otherwise x is an upper member b_k = a_k + k, with k near x / phi^2.
    let guess = ((3 * xx - (5 * xx * xx).isqrt()) / 2) as u64;
    for k in guess.saturating_sub(2)..=guess + 2 {
        if k > 0 && lower(k) + k == x {
            return lower(k);
        }
    }
    unreachable!("every positive integer is in a Wythoff pair")
}

/// Whether `(a, b)` is a P-position.
pub fn is_p(a: u64, b: u64) -> bool {
    partner(a) == b
}

/// Every move from `(a, b)` to a P-position.
pub fn winning_moves(a: u64, b: u64) -> Vec<(u64, u64)> {
    let mut found = Vec::new();
    if is_p(a, b) {
        return found;
    }
    let pb = partner(a);
    if pb < b {
        found.push((a, pb));
    }
    let pa = partner(b);
    if pa < a {
        found.push((pa, b));
    }
    // Same from both: keep the difference d, go to the P-pair with it.
    let (lo, hi) = (a.min(b), a.max(b));
    let d = hi - lo;
    let target = lower(d);
    if target < lo {
        let t = lo - target;
        found.push((a - t, b - t));
    }
    found
}

/// The Wythoff values of every position `(a, b)` with `a, b <= side`.
struct WythoffValues {
    side: usize,
    values: Vec<u32>,
}

impl WythoffValues {
    /// Fails with [`Error::Interrupted`] when asked to stop (checked once
    /// a row: a row is at most a few thousand cells).
    fn compute(side: usize, limits: &Limits) -> Result<WythoffValues> {
        let n = side + 1;
        // A value is the mex of at most a + b + min(a, b) others.
        let words = (3 * side + 1) / 64 + 1;
        let mut values = vec![0u32; n * n];
        let mut col = vec![0u64; n * words];
        let mut diag = vec![0u64; (2 * n) * words];
        let mut row = vec![0u64; words];
        for a in 0..n {
            limits.check("the Wythoff value table")?;
            row.iter_mut().for_each(|w| *w = 0);
            let mut row_mex = 0usize;
            for b in 0..n {
                let d = b + n - a;
                let (c, g) = (&col[b * words..], &diag[d * words..]);
                // The mex of the union is at least the row's own mex.
                let mut w = row_mex / 64;
                let v = loop {
                    let used = row[w] | c[w] | g[w];
                    if used != u64::MAX {
                        break w * 64 + (!used).trailing_zeros() as usize;
                    }
                    w += 1;
                };
                values[a * n + b] = v as u32;
                let (wi, bit) = (v / 64, 1u64 << (v % 64));
                row[wi] |= bit;
                col[b * words + wi] |= bit;
                diag[d * words + wi] |= bit;
                while row[row_mex / 64] >> (row_mex % 64) & 1 == 1 {
                    row_mex += 1;
                }
            }
        }
        Ok(WythoffValues { side, values })
    }

    fn get(&self, a: u64, b: u64) -> u32 {
        self.values[a as usize * (self.side + 1) + b as usize]
    }
}

/// Wythoff's game on sums of pairs.
#[derive(Default)]
pub struct Wythoff {
    table: GrowingTable<WythoffValues>,
}

/// `wythoff`.
pub const WYTHOFF: Entry = Entry::of::<Wythoff>("wythoff", "pairs a,b", "3,5")
    .about("Wythoff: take from one pile or the same from both");

impl Wythoff {
    /// `G(a, b)` from the table, growing it if the budget allows.
    pub fn value_of(&self, a: u64, b: u64, limits: &Limits) -> Result<u64> {
        let side = a.max(b);
        let cells = (side + 1).saturating_mul(side + 1);
        if side > MAX_TABLE_SIDE {
            // No budget helps: only P-positions and single pairs have
            // theory; a sum needs each pair's value.
            return Err(Error::unsupported(format!(
                "the Wythoff value of ({a},{b}) is beyond the value table (piles up to {MAX_TABLE_SIDE}); a single pair's outcome and winning moves are known for any size, but a sum needs each pair's value"
            )));
        }
        if cells > limits.max_states {
            return Err(Error::limit(
                format!("the Wythoff value of ({a},{b})"),
                limits
                    .max_states
                    .min((MAX_TABLE_SIDE + 1) * (MAX_TABLE_SIDE + 1)),
            ));
        }
        let grow = |old: Option<&WythoffValues>| {
            // Grow geometrically so that a sequence of queries stays linear.
            let prev = old.map_or(0, |t| t.side as u64);
            let mut new_side = side.max(prev * 3 / 2).clamp(32, MAX_TABLE_SIDE);
            if (new_side + 1) * (new_side + 1) > limits.max_states {
                new_side = side;
            }
            WythoffValues::compute(new_side as usize, limits)
        };
        let covers = |t: &WythoffValues| t.side as u64 >= side;
        self.table.read(covers, grow, |t| u64::from(t.get(a, b)))
    }

    /// Outcome and winning moves of a single pair by the theory.
    fn analyze_by_theory(&self, text: &str, pair: (u64, u64)) -> Analysis {
        let (a, b) = pair;
        let outcome = if is_p(a, b) { Outcome::P } else { Outcome::N };
        let moves = winning_moves(a, b)
            .into_iter()
            .map(|(x, y)| Move::in_component(0, vec![format!("{x},{y}")], None))
            .collect();
        let shown = [text.to_string()];
        Analysis {
            values: Some(vec![None]),
            ..Analysis::by_outcome(Game::name(self), &shown, outcome, moves)
        }
    }
}

/// Huge pairs, beyond the value table, are analysed by the theory of
/// P-positions when they stand alone.
impl Game for Wythoff {
    type Comp = (u64, u64);

    fn name(&self) -> String {
        "wythoff".to_string()
    }

    fn parse_component(&self, text: &str) -> Result<(u64, u64)> {
        parse_pair(text, "a Wythoff position", MAX_PILE)
    }

    fn format_component(&self, c: &(u64, u64)) -> String {
        format!("{},{}", c.0, c.1)
    }

    fn value(&self, c: &(u64, u64), limits: &Limits) -> Result<Nimber> {
        self.value_of(c.0, c.1, limits).map(Nimber)
    }

    fn for_each_option(&self, c: &(u64, u64), _: &Limits, f: Visit<(u64, u64)>) -> Result<()> {
        let (a, b) = *c;
        for x in (0..a).rev() {
            if !f(&[(x, b)]) {
                return Ok(());
            }
        }
        for y in (0..b).rev() {
            if !f(&[(a, y)]) {
                return Ok(());
            }
        }
        for t in 1..=a.min(b) {
            if !f(&[(a - t, b - t)]) {
                return Ok(());
            }
        }
        Ok(())
    }

    /// From one pile, or the same number from both.
    fn is_option(&self, c: &(u64, u64), parts: &mut [(u64, u64)]) -> Option<bool> {
        let (a, b) = *c;
        Some(match *parts {
            [(x, y)] => {
                (x < a && y == b) || (x == a && y < b) || (x < a && y < b && a - x == b - y)
            }
            _ => false,
        })
    }

    fn tells_options(&self) -> bool {
        true
    }

    fn analyze_position(&self, p: Parsed<'_, (u64, u64)>, limits: &Limits) -> Result<Analysis> {
        match analyze_parsed(self, p, limits) {
            Err(Error::Limit { .. } | Error::Unsupported(_)) if p.comps.len() == 1 => {
                Ok(self.analyze_by_theory(&p.texts[0], p.comps[0]))
            }
            other => other,
        }
    }
}
