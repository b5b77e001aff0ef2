//! Full mex search, for games that do not split (Chomp): every option of
//! a position is valued once, the value the mex of theirs. Outcome
//! searches ([`super::search`]) would value a position once per nimber
//! tried, which costs more than the mex when nothing splits and values
//! are large (Chomp 10x10 has values past 19). The stack is explicit, so
//! a deep game cannot overflow the call stack; a child's value goes
//! straight to its parent, so a table that evicts it cannot make the
//! search loop.

use std::sync::atomic::Ordering;

use super::{cancel_in_place, Solver, Split};
use crate::error::{Error, Result};
use crate::game::Limits;
use crate::solve::split::table::MAX_VALUE;

/// How often (in components valued) the search reads its stop flag.
const CHECK_EVERY: u64 = 1 << 12;

/// One component being valued: its options are `ends[first..last]`.
struct Frame {
    key: u128,
    /// The option being valued, as an index into `ends`.
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
    /// Where this frame's parts and ends start, to drop them when done.
    parts_base: usize,
    ends_base: usize,
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
        let mut parts = Vec::new();
        let mut ends = Vec::new();
        let mut stack = vec![self.frame(game, key, &mut parts, &mut ends)];
        loop {
            let top = stack.last_mut().expect("the stack holds the component");
            if let Some(child) = self.advance(top, &parts, &ends) {
                let frame = self.frame(game, child, &mut parts, &mut ends);
                stack.push(frame);
                continue;
            }
            let done = stack.pop().expect("the stack holds the component");
            let v = self.finish(&done, limits)?;
            parts.truncate(done.parts_base);
            ends.truncate(done.ends_base);
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
    fn frame<G: Split + ?Sized>(
        &self,
        game: &G,
        key: u128,
        parts: &mut Vec<u128>,
        ends: &mut Vec<usize>,
    ) -> Frame {
        let parts_base = parts.len();
        let first = ends.len();
        game.options(key, parts, ends);
        cancel_in_place(parts, ends, first, parts_base);
        Frame {
            key,
            option: first,
            last: ends.len(),
            part: parts_base,
            acc: 0,
            seen: [0; 4],
            solved_before: self.stats.solved.load(Ordering::Relaxed),
            parts_base,
            ends_base: first,
        }
    }

    /// Values the frame's options from the table as far as it can; the
    /// part to search first, or `None` when every option is valued.
    fn advance(&self, f: &mut Frame, parts: &[u128], ends: &[usize]) -> Option<u128> {
        while f.option < f.last {
            let end = ends[f.option];
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

    /// The frame's value (the mex of its options), stored.
    fn finish(&self, f: &Frame, limits: &Limits) -> Result<u64> {
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
        if solved % CHECK_EVERY == 0 {
            limits.check("the split search")?;
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
        let (mut parts, mut ends) = (Vec::new(), Vec::new());
        game.options(key, &mut parts, &mut ends);
        cancel_in_place(&mut parts, &mut ends, 0, 0);
        let before = self.stats.solved.load(Ordering::Relaxed);
        let values: Vec<u64> = (0..ends.len())
            .into_par_iter()
            .map(|i| {
                let start = if i == 0 { 0 } else { ends[i - 1] };
                parts[start..ends[i]].iter().try_fold(0, |acc, &p| {
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
            parts_base: 0,
            ends_base: 0,
        };
        self.finish(&frame, limits)
    }
}
