//! The search itself: Lemoine and Viennot's nimbers by outcomes
//! ("Nimbers are inevitable", Theoretical Computer Science 462, 2012).
//!
//! The value of a component `C` is the least `n` for which `C + *n` is a
//! second-player win, and deciding who wins is much cheaper than a mex:
//! one winning move ends the look at a position. `C + *n` is a first-player
//! win exactly when some option `C'` of `C` leaves `C' + *n` lost for the
//! opponent, or when `C + *m` is lost for some `m < n` (the move in `*n`).
//! An option falls into parts: the parts whose values the table knows
//! join the nimber, all but the biggest of the others are valued (so that
//! their values are known for good), and the biggest is searched for its
//! outcome. A lost `C + *n` proves `g(C) = n`, which the value table keeps;
//! won ones are kept as bit sets for `n < 7` in the second table.
//!
//! With the `parallel` feature the options of the top levels are tried on
//! rayon's pool, the first winning one ending the others: an outcome is a
//! fact, so every thread count gives the same answers.

use std::sync::atomic::Ordering;

use super::{cancel_in_place, Solver, Split};
use crate::error::{Error, Result};
use crate::game::Limits;
use crate::games::board::table::MAX_VALUE;

/// How often (in positions searched) the search reads its stop flag.
const CHECK_EVERY: u64 = 1 << 12;

/// The won `C + *n` kept in the second table: `n` below this.
const KEPT_WINS: u64 = 7;

/// Levels of the search whose options are tried in parallel.
#[cfg(feature = "parallel")]
const PARALLEL_DEPTH: u32 = 4;

/// What every call of one search shares.
struct Ctx<'a, G> {
    game: &'a G,
    limits: &'a Limits,
}

impl Solver {
    /// The value of the component `key`: by outcome searches for games
    /// that split, by the mex of every option ([`super::mex`]) for others.
    pub fn value<G: Split>(&self, game: &G, key: u128, limits: &Limits) -> Result<u64> {
        #[cfg(feature = "parallel")]
        let depth = if rayon::current_num_threads() > 1 {
            PARALLEL_DEPTH
        } else {
            0
        };
        #[cfg(not(feature = "parallel"))]
        let depth = 0;
        if !game.splits() {
            #[cfg(feature = "parallel")]
            if depth > 0 {
                return self.mex_parallel(game, key, limits, super::mex::MEX_PARALLEL_DEPTH);
            }
            return self.mex_serial(game, key, limits);
        }
        limits.check("the split search")?;
        self.nimber(&Ctx { game, limits }, key, depth)
    }

    /// The value of `key`: the first `n` whose `key + *n` is lost. The
    /// values of the options the table knows are won at once (move to
    /// them): only the others are searched, and when the table knows
    /// every option the value is their mex.
    fn nimber<G: Split>(&self, cx: &Ctx<'_, G>, key: u128, depth: u32) -> Result<u64> {
        if let Some(v) = self.table.get(key) {
            return Ok(v);
        }
        let (mut parts, mut ends) = (Vec::new(), Vec::new());
        cx.game.options(key, &mut parts, &mut ends);
        cancel_in_place(&mut parts, &mut ends, 0, 0);
        let mut seen = [0u64; 4];
        let mut all_known = true;
        let mut start = 0;
        for &end in &ends {
            let x = parts[start..end]
                .iter()
                .try_fold(0, |x, &p| self.table.get(p).map(|v| x ^ v));
            start = end;
            match x {
                Some(x) if x < 256 => seen[(x / 64) as usize] |= 1 << (x % 64),
                Some(_) => {}
                None => all_known = false,
            }
        }
        let is_seen = |n: u64| n < 256 && seen[(n / 64) as usize] >> (n % 64) & 1 == 1;
        for n in 0..=MAX_VALUE {
            if is_seen(n) {
                continue;
            }
            if all_known {
                self.table.put(key, n, 1);
                return Ok(n);
            }
            if !self.wins_one(cx, key, n, depth)? {
                return Ok(n);
            }
        }
        Err(Error::unsupported(format!(
            "a component's value exceeds {MAX_VALUE}, the largest the split search stores"
        )))
    }

    /// Whether the sum of `parts` (equal pairs already cancelled) and
    /// `*n` is a first-player win.
    fn wins_sum<G: Split>(
        &self,
        cx: &Ctx<'_, G>,
        parts: &[u128],
        mut n: u64,
        depth: u32,
    ) -> Result<bool> {
        let mut unknown: Vec<u128> = Vec::new();
        for &p in parts {
            match self.table.get(p) {
                Some(v) => n ^= v,
                None => unknown.push(p),
            }
        }
        let Some(biggest) = (0..unknown.len()).max_by_key(|&i| cx.game.size(unknown[i])) else {
            return Ok(n != 0);
        };
        for (i, &p) in unknown.iter().enumerate() {
            if i != biggest {
                n ^= self.nimber(cx, p, depth)?;
            }
        }
        self.wins_one(cx, unknown[biggest], n, depth)
    }

    /// Whether `key + *n` is a first-player win; a loss is kept as the
    /// value `n` of `key`.
    fn wins_one<G: Split>(&self, cx: &Ctx<'_, G>, key: u128, n: u64, depth: u32) -> Result<bool> {
        if let Some(v) = self.table.get(key) {
            return Ok(v != n);
        }
        let known = if n < KEPT_WINS {
            self.wins.get(key).unwrap_or(0)
        } else {
            0
        };
        if known >> n & 1 == 1 {
            return Ok(true);
        }
        let before = self.stats.solved.fetch_add(1, Ordering::Relaxed);
        if before % CHECK_EVERY == 0 {
            cx.limits.check("the split search")?;
        }
        let (mut parts, mut ends) = (Vec::new(), Vec::new());
        cx.game.options(key, &mut parts, &mut ends);
        cancel_in_place(&mut parts, &mut ends, 0, 0);
        let mut won = self.winning_option(cx, &parts, &ends, n, depth)?;
        for m in 0..n {
            if won {
                break;
            }
            won = !self.wins_one(cx, key, m, depth)?;
        }
        let work = self.stats.solved.load(Ordering::Relaxed) - before;
        if won {
            if n < KEPT_WINS {
                let now = self.wins.get(key).unwrap_or(0);
                self.wins.put(key, now | known | 1 << n, work);
            }
        } else {
            self.table.put(key, n, work);
        }
        Ok(won)
    }

    /// Whether some option (parts `parts[ends[i-1]..ends[i]]`) leaves its
    /// sum with `*n` lost: first among the options the table values, then
    /// by search.
    fn winning_option<G: Split>(
        &self,
        cx: &Ctx<'_, G>,
        parts: &[u128],
        ends: &[usize],
        n: u64,
        depth: u32,
    ) -> Result<bool> {
        let option = |i: usize| &parts[if i == 0 { 0 } else { ends[i - 1] }..ends[i]];
        let mut open = Vec::with_capacity(ends.len());
        for i in 0..ends.len() {
            let mut x = n;
            let mut known = true;
            for &p in option(i) {
                match self.table.get(p) {
                    Some(v) => x ^= v,
                    None => known = false,
                }
            }
            if known && x == 0 {
                return Ok(true);
            }
            if !known {
                open.push(i);
            }
        }
        #[cfg(feature = "parallel")]
        if depth > 0 {
            use rayon::prelude::*;
            let found = open
                .par_iter()
                .map(|&i| self.wins_sum(cx, option(i), n, depth - 1).map(|w| !w))
                .find_any(|r| !matches!(r, Ok(false)));
            return found.unwrap_or(Ok(false));
        }
        for i in open {
            if !self.wins_sum(cx, option(i), n, depth.saturating_sub(1))? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}
