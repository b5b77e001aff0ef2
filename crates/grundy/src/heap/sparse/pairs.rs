//! Two heaps at once on two threads.
//!
//! `G(n + 1)` depends on `G(n)` only through the options that involve heap
//! `n`: the single heap left by removing one token, and the split `1 + n`.
//! So heap `n + 1` is valued *blind* to them on a second thread while heap
//! `n` is valued on the first, and then finished with the two missing
//! options, which almost never changes the candidate.
//!
//! A rayon join costs a microsecond or two, and a heap of Grundy's game
//! near 2^21 takes about three, so pairs do not always pay. The engine
//! therefore times both ways on alternating trial stretches and keeps the
//! faster, trying again every million heaps: two threads are never slower
//! than one (up to timing noise), and faster where heaps are expensive.

use std::time::Instant;

use super::super::values::HeapValues;
use super::super::{extend_one_by_one, SeqEngine};
use super::{Scratch, SparseEngine};
use crate::error::Result;
use crate::game::Limits;

impl SparseEngine {
    /// Completes a blind valuation of heap `n + 1` once `G(n) = g` is
    /// known: the options through heap `n` are a single heap `n` (removing
    /// one token) and the split `1 + n` (removing none).
    ///
    /// The scan starts again from the smallest split: the first scan kept
    /// only the values it needed, so others it saw may be needed now.
    /// (The new options rarely change the candidate, and then no scan runs.)
    fn finish_blind(&self, t: &[u16], g: u16, s: &mut Scratch) -> u32 {
        let n = t.len();
        for &k in &self.single_k {
            if k == 1 {
                s.marks[g as usize] = 1;
            }
        }
        for &(k, unequal) in &self.split_k {
            if k == 0 && n >= 1 && !(unequal && n == 1) {
                s.marks[(t[1] ^ g) as usize] = 1;
            }
        }
        self.settle(t, n + 1, true, s)
    }

    /// `G(n)` and `G(n + 1)` at once on two threads: heap `n + 1` is valued
    /// blind to heap `n` while heap `n` is valued, then finished.
    fn compute_pair(&mut self, t: &[u16]) -> (u32, Option<u32>) {
        self.sync_reversed(t);
        let n = t.len();
        let mut scratch = std::mem::take(&mut self.scratch);
        let (sa, sb) = scratch.split_at_mut(1);
        let (sa, sb) = (&mut sa[0], &mut sb[0]);
        let this = &*self;
        let (ga, _) = rayon::join(
            || {
                this.mark_known(t, n, false, sa);
                this.settle(t, n, false, sa)
            },
            || {
                this.mark_known(t, n + 1, true, sb);
                this.settle(t, n + 1, true, sb)
            },
        );
        // A value beyond the current range changes the value lists heap
        // n + 1 was marked against: leave that heap to a fresh valuation.
        let gb = (ga < 1 << self.vbits).then(|| self.finish_blind(t, ga as u16, sb));
        self.scratch = scratch;
        (ga, gb)
    }
}

/// The timing of both modes: stretches alternate between them, so that a
/// slow spell of a shared machine weighs on both alike.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Timing {
    /// Nanoseconds per heap, summed over the timed stretches of each mode.
    single: f64,
    pairs: f64,
    /// Timed stretches so far in this round of trials.
    stretches: usize,
    /// The faster mode (`true`: pairs), once all stretches are timed.
    decided: Option<bool>,
    /// The heap count at which both modes are timed again.
    retry_at: usize,
}

/// Heaps in one timed stretch.
const TRIAL: usize = 1 << 12;
/// Timed stretches per mode in a round of trials.
const ROUNDS: usize = 3;
/// Heaps between two rounds of trials.
const RETRY: usize = 1 << 20;

/// [`SeqEngine::extend`] for the sparse engine: pairs of heaps when the
/// rayon pool has two or more threads and pairs have proved faster, one
/// heap at a time otherwise.
pub(super) fn extend(
    e: &mut SparseEngine,
    table: &mut HeapValues,
    upto: usize,
    limits: &Limits,
) -> Result<()> {
    if rayon::current_num_threads() < 2 || e.split_k.is_empty() {
        return extend_one_by_one(e, table, upto, limits);
    }
    while table.len() <= upto {
        let n = table.len();
        if n >= e.timing.retry_at {
            e.timing = Timing {
                retry_at: n + RETRY,
                ..Timing::default()
            };
        }
        let trial = e.timing.decided.is_none();
        let pairs = e.timing.decided.unwrap_or(e.timing.stretches % 2 == 1);
        let end = if trial {
            upto.min(n + TRIAL - 1)
        } else {
            upto.min(e.timing.retry_at - 1)
        };
        let started = Instant::now();
        if pairs {
            extend_in_pairs(e, table, end, limits)?;
        } else {
            extend_one_by_one(e, table, end, limits)?;
        }
        // Only full trial stretches of real work count.
        let done = table.len() - n;
        if trial && done == TRIAL && n >= 1 << 12 {
            let ns = started.elapsed().as_nanos() as f64 / done as f64;
            let timing = &mut e.timing;
            if pairs {
                timing.pairs += ns;
            } else {
                timing.single += ns;
            }
            timing.stretches += 1;
            if timing.stretches == 2 * ROUNDS {
                timing.decided = Some(timing.pairs < timing.single);
            }
        }
    }
    Ok(())
}

/// Heaps up to `upto`, in pairs.
fn extend_in_pairs(
    e: &mut SparseEngine,
    table: &mut HeapValues,
    upto: usize,
    limits: &Limits,
) -> Result<()> {
    // Run the loop on a pool thread so that each join is cheap.
    rayon::scope(|_| {
        while table.len() <= upto {
            let n = table.len();
            // Every step: late heaps with many splits are slow, and a
            // server's time limit must stop the run soon.
            limits.check("computing the sequence")?;
            let pairable = n < upto && n >= 64 && n + 2 < e.next_review;
            let pair = match &*table {
                HeapValues::Narrow(t) if pairable => Some(e.compute_pair(t)),
                _ => None,
            };
            match pair {
                Some((ga, gb)) => {
                    e.record(n, ga);
                    table.push(ga);
                    if let Some(gb) = gb {
                        e.record(n + 1, gb);
                        table.push(gb);
                    }
                }
                None => {
                    let v = e.next(table);
                    table.push(v);
                }
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::super::super::code::Code;
    use super::*;

    fn run(code: &str, n: usize, threads: usize) -> HeapValues {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let mut engine = SparseEngine::new(&Code::parse(code).unwrap());
        let mut table = HeapValues::new();
        let limits = Limits::default();
        pool.install(|| {
            if threads > 1 {
                extend_in_pairs(&mut engine, &mut table, n, &limits)
            } else {
                extend_one_by_one(&mut engine, &mut table, n, &limits)
            }
        })
        .unwrap();
        table
    }

    /// Valuing heaps in pairs on two threads gives the values of one
    /// thread, for split moves removing 0, 1 or 2 tokens, unequal splits,
    /// single-heap moves next to splits, and three-heap moves.
    #[test]
    fn pairs_on_two_threads_agree_with_one_thread() {
        for (code, n) in [
            ("4!.0", 30_000),
            ("0.6", 30_000),
            ("0.137", 5_000),
            ("4.07", 5_000),
            ("0.4!7", 5_000),
            ("0.F7", 600),
            ("0.16", 20_000),
        ] {
            assert_eq!(run(code, n, 2), run(code, n, 1), "{code}");
        }
    }
}
