//! Windows of heaps valued at once on every thread.
//!
//! `G(n + i)` depends on the heaps `n..n + i` just before it only through
//! the few options that involve them: the single heaps left by removing
//! up to `i` tokens, and the splits whose smaller part is at most `i`. So
//! every heap of a window `n..n + w` is valued *blind* to the heaps of the
//! window before it, all at once on the pool's threads, from the engine's
//! state at heap `n`, which nobody writes meanwhile. Then, in order, each
//! heap is finished with its missing options (a handful), which almost
//! never changes its candidate, and recorded. One fork and join per window,
//! not per heap: a window holds [`PER_THREAD`] heaps for each thread, so
//! the join's microsecond or two is spread over dozens of heaps.
//!
//! Values do not depend on the number of threads: a heap's blind marks
//! are values of real options, the finish adds every option the blind pass
//! left out, and the value is then settled exactly as one thread would.
//! Where windowing cannot help (small heaps, a partition review ahead,
//! three-heap moves, values past 16 bits), heaps go one at a time. The
//! engine still times both ways on alternating stretches and keeps the
//! faster, so more threads are never slower than one.

use std::time::Instant;

use rayon::prelude::*;

use super::super::values::HeapValues;
use super::super::{extend_one_by_one, SeqEngine};
use super::{Scratch, SparseEngine};
use crate::error::Result;
use crate::game::Limits;

/// Heaps of a window for each thread.
const PER_THREAD: usize = 8;

impl SparseEngine {
    /// Completes the blind valuation of heap `m = t.len()`, which was
    /// blind to the `unknown` heaps before it, now that `t` holds them:
    /// their single heaps and their splits (smaller part at most
    /// `unknown - k`), then the value settled as usual.
    fn finish_window(&self, t: &[u16], unknown: usize, s: &mut Scratch) -> u32 {
        let m = t.len();
        for &k in &self.single_k {
            if (1..=unknown).contains(&k) && m > k {
                s.marks[t[m - k] as usize] = 1;
            }
        }
        for &(k, unequal) in &self.split_k {
            let parts = m.saturating_sub(k);
            for a in 1..=unknown.saturating_sub(k) {
                let b = parts - a;
                if a < b || (a == b && !unequal) {
                    s.marks[(t[a] ^ t[b]) as usize] = 1;
                }
            }
        }
        self.settle(t, m, 0, s)
    }

    /// Heaps `n..n + w` (`n = t.len()`) valued blind on the pool's
    /// threads; the value of heap `n`, whose valuation is not blind.
    fn value_blind(&mut self, t: &[u16], w: usize) -> u32 {
        self.sync_reversed(t, w);
        while self.scratch.len() < w {
            self.scratch.push(Scratch::new());
        }
        let mut scratch = std::mem::take(&mut self.scratch);
        let n = t.len();
        let this = &*self;
        // Every heap is valued, one heap a task so that threads share a
        // window evenly (scans vary a hundredfold in length); the blind
        // values past the first are discarded, their marks are what the
        // finish goes on from.
        let values: Vec<u32> = scratch[..w]
            .par_iter_mut()
            .with_max_len(1)
            .enumerate()
            .map(|(i, s)| {
                this.mark_known(t, n + i, i, s);
                this.settle(t, n + i, i, s)
            })
            .collect();
        self.scratch = scratch;
        values[0]
    }
}

/// The timing of both modes: stretches alternate between them, so that a
/// slow spell of a shared machine weighs on both alike.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Timing {
    /// Nanoseconds per heap, summed over the timed stretches of each mode.
    single: f64,
    windows: f64,
    /// Timed stretches so far in this round of trials.
    stretches: usize,
    /// The faster mode (`true`: windows), once all stretches are timed.
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

/// [`SeqEngine::extend`] for the sparse engine: windows of heaps when the
/// rayon pool has two or more threads and windows have proved faster, one
/// heap at a time otherwise.
pub(super) fn extend(
    e: &mut SparseEngine,
    table: &mut HeapValues,
    upto: usize,
    limits: &Limits,
) -> Result<()> {
    let threads = rayon::current_num_threads();
    if threads < 2 || e.split_k.is_empty() || !e.triple_k.is_empty() {
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
        let windows = e.timing.decided.unwrap_or(e.timing.stretches % 2 == 1);
        let end = if trial {
            upto.min(n + TRIAL - 1)
        } else {
            upto.min(e.timing.retry_at - 1)
        };
        let started = Instant::now();
        if windows {
            // On a pool thread, so that each window's fork is a local push
            // another worker steals, not a job injected from outside.
            rayon::scope(|_| extend_in_windows(e, table, end, threads * PER_THREAD, limits))?;
        } else {
            extend_one_by_one(e, table, end, limits)?;
        }
        // Only full trial stretches of real work count.
        let done = table.len() - n;
        if trial && done == TRIAL && n >= 1 << 12 {
            let ns = started.elapsed().as_nanos() as f64 / done as f64;
            let timing = &mut e.timing;
            if windows {
                timing.windows += ns;
            } else {
                timing.single += ns;
            }
            timing.stretches += 1;
            if timing.stretches == 2 * ROUNDS {
                timing.decided = Some(timing.windows < timing.single);
            }
        }
    }
    Ok(())
}

/// Heaps up to `upto`, in windows of `width` heaps.
fn extend_in_windows(
    e: &mut SparseEngine,
    table: &mut HeapValues,
    upto: usize,
    width: usize,
    limits: &Limits,
) -> Result<()> {
    while table.len() <= upto {
        // Every window: a server's time limit must stop the run soon.
        limits.check("computing the sequence")?;
        let n = table.len();
        // A window stops short of a partition review, which reads every
        // value before it.
        let w = width.min(upto + 1 - n).min(e.next_review.saturating_sub(n));
        let narrow = matches!(table, HeapValues::Narrow(_));
        if n < 64 || w < 2 || !narrow {
            let v = e.next(table);
            table.push(v);
            continue;
        }
        let HeapValues::Narrow(t) = &*table else {
            unreachable!("checked narrow above")
        };
        let g = e.value_blind(t, w);
        let vbits = e.vbits;
        e.record(n, g);
        table.push(g);
        let mut scratch = std::mem::take(&mut e.scratch);
        for (i, s) in scratch.iter_mut().enumerate().take(w).skip(1) {
            // A value past the range the window was marked against leaves
            // the rest to be valued afresh.
            if e.vbits != vbits {
                break;
            }
            let HeapValues::Narrow(t) = &*table else {
                break;
            };
            e.sync_reversed(t, 1);
            let g = e.finish_window(t, i, s);
            e.record(n + i, g);
            table.push(g);
        }
        e.scratch = scratch;
    }
    Ok(())
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
                extend_in_windows(&mut engine, &mut table, n, threads * PER_THREAD, &limits)
            } else {
                extend_one_by_one(&mut engine, &mut table, n, &limits)
            }
        })
        .unwrap();
        table
    }

    /// Valuing heaps in windows on several threads gives the values of one
    /// thread, for split moves removing 0, 1 or 2 tokens, unequal splits
    /// and single-heap moves next to splits.
    #[test]
    fn windows_on_several_threads_agree_with_one_thread() {
        for (code, n) in [
            ("4!.0", 30_000),
            ("0.6", 30_000),
            ("0.137", 5_000),
            ("4.07", 5_000),
            ("0.4!7", 5_000),
            ("0.16", 20_000),
            ("0.77", 5_000),
            ("0.123456", 5_000),
        ] {
            let one = run(code, n, 1);
            for threads in [2, 3, 8] {
                assert_eq!(run(code, n, threads), one, "{code} on {threads} threads");
            }
        }
    }
}
