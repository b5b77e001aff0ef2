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
//! The recursion is shallow: a call on `key` goes on to a part of one of
//! its options (fewer cells or vertices: at most
//! [`MAX_CELLS`](crate::games::board::shape::MAX_CELLS)) or, once,
//! to `key` with a smaller `n` that tries no smaller one again, so a
//! search is at most twice as many levels deep as its position has cells
//! (the `boards` tests run the biggest boards on 256 KiB stacks, where
//! 24 KiB overflow).
//!
//! With the `parallel` feature the options of the top levels are tried on
//! rayon's pool once the first (the likeliest to win) has not won, the
//! first winning one ending the others: an outcome is a fact, so every
//! thread count gives the same answers.

use std::sync::atomic::Ordering;
use std::sync::Arc;

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
        let depth = parallel_depth();
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

    /// Whether the XOR of the values of `keys` is `n`: one outcome search
    /// (is the sum plus `*n` lost?) instead of valuing every part, which
    /// is what listing winning moves asks of each option.
    pub fn sum_is<G: Split>(
        self: &Arc<Self>,
        game: &G,
        keys: &[u128],
        n: u64,
        limits: &Limits,
    ) -> Result<bool> {
        self.attach(game, limits);
        let keys = super::cancel_pairs(keys.to_vec());
        if !game.splits() {
            return Ok(self.sum(game, &keys, limits)? == n);
        }
        limits.check("the split search")?;
        Ok(!self.wins_sum(&Ctx { game, limits }, &keys, n, parallel_depth())?)
    }

    /// The value of `key`: the first `n` whose `key + *n` is lost. The
    /// values of the options the table knows are won at once (move to
    /// them): only the others are searched, and when the table knows
    /// every option the value is their mex.
    fn nimber<G: Split>(&self, cx: &Ctx<'_, G>, key: u128, depth: u32) -> Result<u64> {
        if let Some(v) = self.table.get(key) {
            return Ok(v);
        }
        for n in 0..=MAX_VALUE {
            if !self.wins_one(cx, key, n, n, depth)? {
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
        self.wins_one(cx, unknown[biggest], n, 0, depth)
    }

    /// Whether `key + *n` is a first-player win, given that `key + *m` is
    /// one for every `m < floor`; a loss is kept as the value `n` of `key`.
    fn wins_one<G: Split>(
        &self,
        cx: &Ctx<'_, G>,
        key: u128,
        n: u64,
        floor: u64,
        depth: u32,
    ) -> Result<bool> {
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
        match cx.game.zero_by_theory(key) {
            Some(true) => {
                self.table.put(key, 0, 1);
                return Ok(n != 0);
            }
            Some(false) if n == 0 => {
                self.wins.put(key, known | 1, 1);
                return Ok(true);
            }
            _ => {}
        }
        let before = self.stats.solved.fetch_add(1, Ordering::Relaxed);
        if before % CHECK_EVERY == 0 {
            cx.limits.check("the split search")?;
            self.make_room(before);
        }
        let won = self.wins_listed(cx, key, n, floor, depth)?;
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

    /// [`Solver::wins_one`] once the tables had no answer: the options
    /// are listed, those the table values sorted out, and the bound of the
    /// mex applied before anything is searched.
    fn wins_listed<G: Split>(
        &self,
        cx: &Ctx<'_, G>,
        key: u128,
        n: u64,
        floor: u64,
        depth: u32,
    ) -> Result<bool> {
        let mut lists = Lists::take();
        let Lists { parts, ends, open } = &mut lists;
        let mut seen = [0u64; 4];
        let won = cx.game.options_until(key, parts, ends, &mut |parts, ends| {
            let i = ends.len() - 1;
            let start = if i == 0 { 0 } else { ends[i - 1] };
            cancel_in_place(parts, ends, i, start);
            match parts[start..]
                .iter()
                .try_fold(0, |x, &p| self.table.get(p).map(|v| x ^ v))
            {
                Some(x) if x == n => return true,
                Some(x) if x < 256 => seen[(x / 64) as usize] |= 1 << (x % 64),
                Some(_) => {}
                None => open.push(i),
            }
            false
        });
        if won {
            return Ok(true);
        }
        let option = |i: usize| &parts[if i == 0 { 0 } else { ends[i - 1] }..ends[i]];
        let is_seen = |m: u64| m < 256 && seen[(m / 64) as usize] >> (m % 64) & 1 == 1;
        if open.is_empty() {
            // Every option is valued: so is the component.
            let v = (0..).find(|&m| !is_seen(m)).unwrap_or(0);
            self.table.put(key, v, 1);
            return Ok(v != n);
        }
        // The value is `n` only if the options reach every `m < n`: when
        // fewer open options remain than values missing, it is below `n`.
        let missing = (0..n).filter(|&m| !is_seen(m)).count();
        if missing > open.len() {
            return Ok(true);
        }
        open.sort_by_cached_key(|&i| option(i).iter().map(|&p| cx.game.size(p)).max());
        if self.winning_option(cx, parts, ends, open, n, depth)? {
            return Ok(true);
        }
        // Every `m` below the one tried is won (an option has its value,
        // or the loop found it won), so each call starts at its own `m`.
        for m in floor..n {
            if !is_seen(m) && !self.wins_one(cx, key, m, m, depth)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether one of the `open` options (parts
    /// `parts[ends[i-1]..ends[i]]`, not all valued) leaves its sum with
    /// `*n` lost.
    fn winning_option<G: Split>(
        &self,
        cx: &Ctx<'_, G>,
        parts: &[u128],
        ends: &[usize],
        open: &[usize],
        n: u64,
        depth: u32,
    ) -> Result<bool> {
        let option = |i: usize| &parts[if i == 0 { 0 } else { ends[i - 1] }..ends[i]];
        #[cfg(feature = "parallel")]
        if depth > 0 && !open.is_empty() {
            use rayon::prelude::*;
            // The first option alone: it wins most often, and a win makes
            // whatever the other threads searched meanwhile a waste (Cram
            // 5x9 on two threads: 19.9 s against 21.7 s, 1.8 times one
            // thread's speed instead of 1.66).
            if !self.wins_sum(cx, option(open[0]), n, depth - 1)? {
                return Ok(true);
            }
            let found = open[1..]
                .par_iter()
                .map(|&i| self.wins_sum(cx, option(i), n, depth - 1).map(|w| !w))
                .find_any(|r| !matches!(r, Ok(false)));
            return found.unwrap_or(Ok(false));
        }
        for &i in open {
            if !self.wins_sum(cx, option(i), n, depth.saturating_sub(1))? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// The lists of one position's options, from a pool of the thread's: a
/// search allocates them once per level it reaches, not once per
/// position.
struct Lists {
    parts: Vec<u128>,
    ends: Vec<usize>,
    open: Vec<usize>,
}

/// Lists a thread is done with, emptied (plain vectors, so that dropping
/// the pool at the thread's end drops no [`Lists`]).
type Spare = (Vec<u128>, Vec<usize>, Vec<usize>);

thread_local! {
    static SPARE_LISTS: std::cell::RefCell<Vec<Spare>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Lists {
    fn take() -> Lists {
        let spare = SPARE_LISTS.try_with(|spare| spare.borrow_mut().pop());
        let (parts, ends, open) = spare.ok().flatten().unwrap_or_default();
        Lists { parts, ends, open }
    }
}

/// The lists go back to the pool, emptied (unless the thread is ending).
impl Drop for Lists {
    fn drop(&mut self) {
        let mut spare = (
            std::mem::take(&mut self.parts),
            std::mem::take(&mut self.ends),
            std::mem::take(&mut self.open),
        );
        spare.0.clear();
        spare.1.clear();
        spare.2.clear();
        let _ = SPARE_LISTS.try_with(|pool| pool.borrow_mut().push(spare));
    }
}

/// Levels of the search whose options are tried in parallel: none on one
/// thread.
fn parallel_depth() -> u32 {
    #[cfg(feature = "parallel")]
    if rayon::current_num_threads() > 1 {
        return PARALLEL_DEPTH;
    }
    0
}
