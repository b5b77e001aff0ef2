//! Full mex search, for games that do not split (Chomp): every option of
//! a position is valued once, the value the mex of theirs. Outcome
//! searches ([`super::search`]) would value a position once per nimber
//! tried, which costs more than the mex when nothing splits and values
//! are large (Chomp 10x10 has values past 19). The stack is explicit, so
//! a deep game cannot overflow the call stack; a child's value goes
//! straight to its parent, so a table that evicts it cannot make the
//! search loop.

use std::sync::atomic::Ordering;

use super::{OptionList, Solver, Split};
use crate::error::{Error, Result};
use crate::game::Limits;
use crate::solve::split::table::MAX_VALUE;

/// How often (in components valued) the search reads its stop flag.
const CHECK_EVERY: u64 = 1 << 12;

/// One component being valued: its options are `first..last` of the
/// search's list.
struct Frame {
    key: u128,
    /// The option being valued.
    option: usize,
    last: usize,
    /// The next part of the option to value, as an index into `parts`.
    part: usize,
    /// The XOR of the option's parts valued so far.
    acc: u64,
    /// The option values seen, as a bit set.
    seen: [u64; 4],
    /// Components solved before this one started, to measure its work.
    solved_before: u64,
    /// This frame's first option, to drop its options when done.
    first: usize,
}

impl Solver {
    pub(super) fn mex_serial<G: Split + ?Sized>(
        &self,
        game: &G,
        key: u128,
        limits: &Limits,
    ) -> Result<u64> {
        if let Some(v) = self.table.get(key) {
            return Ok(v);
        }
        limits.check("the split search")?;
        let mut options = OptionList::default();
        let mut stack = vec![self.frame(game, key, &mut options)];
        let began = stack[0].solved_before;
        loop {
            let top = stack.last_mut().expect("the stack holds the component");
            if let Some(child) = self.advance(top, &options) {
                let frame = self.frame(game, child, &mut options);
                stack.push(frame);
                continue;
            }
            let done = stack.pop().expect("the stack holds the component");
            let v = self.finish(&done, limits, began)?;
            options.truncate(done.first);
            match stack.last_mut() {
                None => return Ok(v),
                Some(parent) => {
                    parent.acc ^= v;
                    parent.part += 1;
                }
            }
        }
    }

    /// A frame for `key` with its options listed (pairs cancelled).
    fn frame<G: Split + ?Sized>(&self, game: &G, key: u128, options: &mut OptionList) -> Frame {
        let first = options.len();
        game.options(key, options);
        options.cancel_pairs_from(first);
        Frame {
            key,
            option: first,
            last: options.len(),
            part: options.start(first),
            acc: 0,
            seen: [0; 4],
            solved_before: self.stats.solved.load(Ordering::Relaxed),
            first,
        }
    }

    /// Values the frame's options from the table as far as it can; the
    /// part to search first, or `None` when every option is valued.
    fn advance(&self, f: &mut Frame, options: &OptionList) -> Option<u128> {
        let parts = &options.parts;
        while f.option < f.last {
            let end = options.ends[f.option];
            while f.part < end {
                match self.table.get(parts[f.part]) {
                    Some(v) => {
                        f.acc ^= v;
                        f.part += 1;
                    }
                    None => return Some(parts[f.part]),
                }
            }
            if f.acc < 256 {
                f.seen[(f.acc / 64) as usize] |= 1 << (f.acc % 64);
            }
            f.acc = 0;
            f.option += 1;
        }
        None
    }

    /// The frame's value (the mex of its options), stored; `began` is the
    /// count of components solved when the search began, to hold its work
    /// to [`Limits::max_work`].
    fn finish(&self, f: &Frame, limits: &Limits, began: u64) -> Result<u64> {
        let mut v = 0;
        while v < 256 && f.seen[(v / 64) as usize] & (1 << (v % 64)) != 0 {
            v += 1;
        }
        if v > MAX_VALUE {
            return Err(Error::unsupported(format!(
                "a component's value exceeds {MAX_VALUE}, the largest the split search stores"
            )));
        }
        let solved = self.stats.solved.fetch_add(1, Ordering::Relaxed) + 1;
        if solved.is_multiple_of(CHECK_EVERY) {
            limits.check("the split search")?;
            limits.check_work(solved.saturating_sub(began), "the split search")?;
        }
        self.keep_value(f.key, v, solved - f.solved_before);
        Ok(v)
    }
}

/// Levels of the search whose options are valued in parallel.
#[cfg(feature = "parallel")]
pub(super) const MEX_PARALLEL_DEPTH: u32 = 3;

#[cfg(feature = "parallel")]
impl Solver {
    /// The value of `key`, its options (to `depth` levels) valued on the
    /// rayon pool, deeper levels by [`Solver::mex_serial`].
    pub(super) fn mex_parallel<G: Split + ?Sized>(
        &self,
        game: &G,
        key: u128,
        limits: &Limits,
        depth: u32,
    ) -> Result<u64> {
        use rayon::prelude::*;
        if depth == 0 {
            return self.mex_serial(game, key, limits);
        }
        if let Some(v) = self.table.get(key) {
            return Ok(v);
        }
        let mut options = OptionList::default();
        game.options(key, &mut options);
        options.cancel_pairs_from(0);
        let before = self.stats.solved.load(Ordering::Relaxed);
        let values: Vec<u64> = (0..options.len())
            .into_par_iter()
            .map(|i| {
                options.option(i).iter().try_fold(0, |acc, &p| {
                    Ok(acc ^ self.mex_parallel(game, p, limits, depth - 1)?)
                })
            })
            .collect::<Result<_>>()?;
        let mut seen = [0u64; 4];
        for v in values.into_iter().filter(|&v| v < 256) {
            seen[(v / 64) as usize] |= 1 << (v % 64);
        }
        let frame = Frame {
            key,
            option: 0,
            last: 0,
            part: 0,
            acc: 0,
            seen,
            solved_before: before,
            first: 0,
        };
        self.finish(&frame, limits, before)
    }
}
