//! Windows of heaps valued at once on every thread.
//!
//! `G(n + i)` depends on the heaps `n..n + i` just before it only through
//! the few options that involve them: the single heaps left by removing
//! up to `i` tokens, and the splits whose smaller part is at most `i`. So
//! every heap of a window `n..n + w` is valued *blind* to the heaps of the
//! window before it, all at once on the pool's threads, from the engine's
//! state at heap `n`, which nobody writes meanwhile. Then, in order, each
//! heap is finished: its blind value is the least value no option it saw
//! has, so it stands unless one of the options it missed (a handful) has
//! it, which is rare (then the heap is valued again with those options
//! marked, from the values of the heaps finished before it); the leader
//! finishes heaps between the heaps it values blind itself, so that the
//! crew works meanwhile, and records them once the window is done. The
//! threads stay together for
//! the whole run as a crew ([`Crew`]) that spins between windows: a window
//! holds [`PER_THREAD`] heaps for each thread, tens of microseconds of
//! work, and a fork and join per window, which wakes sleeping threads,
//! cost a third of the gain. Each thread keeps one working memory for the
//! whole run: one per heap of the window cost a fifth of the speed, as
//! the scan's tables fell out of the core's first-level cache.
//!
//! Values do not depend on the number of threads: a blind value is the
//! mex of real options, it stands only when no option the blind pass left
//! out has it (it is then the mex of them all), and a heap whose blind
//! value does not stand is valued afresh exactly as one thread would.
//! Where windowing cannot help (small heaps, a partition review ahead,
//! three-heap moves, values past 16 bits), heaps go one at a time. The
//! engine still times both ways on alternating stretches and keeps the
//! faster, so more threads are never slower than one.
//!
//! Where blocks pay (the `block` module), a thread takes a block of 16
//! heaps of the window, marks its rare x common splits and values its
//! heaps from the front; a thread out of blocks values the heaps left at
//! the back of another's block, each from its row of that block's marks
//! (afresh while they are still being made). On Officers from 2^20 to
//! 2^22 heaps on two threads, blocks shared by all threads (each heap
//! copying its row from the other core) took 6.4-6.7 s, whole blocks
//! 6.2 s (one thread idled while the other ended its block), and blocks
//! with their backs shared 5.4-6.1 s, valued afresh. Rows for the backs
//! took 5-6% off both games' times (2026-11-29).

use std::time::Instant;

use super::super::extend_one_by_one;
use super::super::values::HeapValues;
use super::{Scratch, SparseEngine};
use crate::error::Result;
use crate::game::Limits;
use crew::extend_in_windows;

mod crew;

/// Heaps of a window for each thread. A thread idles at each window's
/// end for about half a heap while the last heaps are valued and the
/// leader records them, so wider windows waste less, but a heap valued
/// blind to more heaps before it misses more options, and its blind
/// value stands less often. Grundy's game and Officers from 2^20 to
/// 2^22 on two threads, as fast as one times (in one run, segments
/// alternating): 1.59x and 1.67x with 8, 1.65x and 1.73x with 16; 12,
/// 24 and 32 no better than 16.
const PER_THREAD: usize = 16;

impl SparseEngine {
    /// Whether an option of heap `m` that its blind pass, `unknown` heaps
    /// short, left out has value `v`: its single heaps and its splits
    /// (smaller part at most `unknown - k`). `val(x)` is `G(x)` for every
    /// heap `x < m`.
    fn window_gives(&self, m: usize, unknown: usize, val: impl Fn(usize) -> u32, v: u32) -> bool {
        self.any_missed(m, unknown, val, |x| x == v)
    }

    /// Whether `p` holds for the value of some option of heap `m` that its
    /// blind pass, `unknown` heaps short, left out, as
    /// [`Self::window_gives`] reads them: the one list of those options.
    fn any_missed(
        &self,
        m: usize,
        unknown: usize,
        val: impl Fn(usize) -> u32,
        mut p: impl FnMut(u32) -> bool,
    ) -> bool {
        let mut single = |&k: &usize| (1..=unknown).contains(&k) && m > k && p(val(m - k));
        if self.single_k.iter().any(&mut single) {
            return true;
        }
        self.split_k.iter().any(|&(k, unequal)| {
            let parts = m.saturating_sub(k);
            (1..=unknown.saturating_sub(k)).any(|a| {
                let b = parts - a;
                (a < b || (a == b && !unequal)) && p(val(a) ^ val(b))
            })
        })
    }

    /// `G(m)` for heap `m` of a window, `unknown` heaps past the table `t`,
    /// whose blind value did not stand, valued before the window's heaps
    /// are recorded: the marks in `s` started from its row (`from` as
    /// [`Self::start_row`] returns it), the options the blind pass left
    /// out marked from `val` (`G(x)` for every `x < m`), every value below
    /// `seen` ([`seen_after`]) marked. `None` when a value left out lies
    /// past the values the engine has room for: the heap is then valued
    /// once the window's heaps before it are recorded.
    fn value_missed(
        &self,
        t: &[u16],
        (m, unknown): (usize, usize),
        val: impl Fn(usize) -> u32,
        seen: u32,
        from: usize,
        s: &mut Scratch,
    ) -> Option<u32> {
        self.mark_known(t, m, unknown, s, from);
        self.mark_seen(&mut s.marks, seen);
        let limit = 1u32 << self.vbits;
        let marks = &mut *s.marks;
        let past = self.any_missed(m, unknown, val, |x| {
            if x < limit {
                marks[x as usize] = 1;
            }
            x >= limit
        });
        (!past).then(|| self.settle(t, m, unknown, s))
    }
}

/// The values a heap whose blind value `blind` did not stand is known to
/// have among its options, as a floor: every value below the blind one
/// (the blind pass saw them all) and the blind one (an option it left out
/// has it).
fn seen_after(blind: u32) -> u32 {
    blind + 1
}

/// The timing of both modes: stretches alternate between them, so that a
/// slow spell of a shared machine weighs on both alike, and each mode's
/// fastest stretch counts: noise only ever slows a stretch down (a busy
/// neighbour, a thread of the crew descheduled in the middle of a heap),
/// so a slow spell decides only if it covers every stretch of one mode.
/// With the median, spells of a few stretches chose one heap at a time
/// for a third of an Officers run.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Timing {
    /// Nanoseconds per heap of each timed stretch: one heap at a time
    /// (`[0]`) and windows (`[1]`).
    ns: [[f64; ROUNDS]; 2],
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
/// Heaps before the next round when one heap at a time won: with two or
/// more threads that is rare, and as likely a slow spell as a fact.
const RETRY_SINGLE: usize = 1 << 16;

/// The fastest of a mode's stretch times.
fn fastest(ns: [f64; ROUNDS]) -> f64 {
    ns.into_iter().fold(f64::INFINITY, f64::min)
}

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
            extend_in_windows(e, table, end, threads * PER_THREAD, limits)?;
        } else {
            extend_one_by_one(e, table, end, limits)?;
        }
        // Only full trial stretches of real work count.
        let done = table.len() - n;
        if trial && done == TRIAL && n >= 1 << 12 {
            let ns = started.elapsed().as_nanos() as f64 / done as f64;
            let timing = &mut e.timing;
            timing.ns[usize::from(windows)][timing.stretches / 2] = ns;
            timing.stretches += 1;
            if timing.stretches == 2 * ROUNDS {
                let [single, windows] = timing.ns.map(fastest);
                timing.decided = Some(windows < single);
                if single <= windows {
                    timing.retry_at = timing.retry_at.min(table.len() + RETRY_SINGLE);
                }
            }
        }
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
    /// and single-heap moves next to splits, and with windows claimed a
    /// block at a time (0.174, 0.644 and 0.046 make blocks early).
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
            ("0.174", 5_000),
            ("0.644", 5_000),
            ("0.046", 3_000),
        ] {
            let one = run(code, n, 1);
            for threads in [2, 3, 8] {
                assert_eq!(run(code, n, threads), one, "{code} on {threads} threads");
            }
        }
    }
}
