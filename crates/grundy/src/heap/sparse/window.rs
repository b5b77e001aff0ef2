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
//! it, which is rare; then it is recorded. The threads stay together for
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
//! the back of another's block, without its marks. On Officers from 2^20
//! to 2^22 heaps on two threads, blocks shared by all threads (each heap
//! copying its row from the other core) took 6.4-6.7 s, whole blocks
//! 6.2 s (one thread idled while the other ended its block), and blocks
//! with their backs shared 5.4-6.1 s.

use std::sync::atomic::Ordering::{Acquire, Relaxed, Release};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize};
use std::sync::{Mutex, PoisonError, RwLock};
use std::time::{Duration, Instant};

use super::super::values::HeapValues;
use super::super::{extend_one_by_one, SeqEngine};
use super::block::HEAPS;
use super::{Scratch, SparseEngine};
use crate::error::Result;
use crate::game::Limits;

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
        let single = |&k: &usize| (1..=unknown).contains(&k) && m > k && val(m - k) == v;
        let split = |&(k, unequal): &(usize, bool)| {
            let parts = m.saturating_sub(k);
            (1..=unknown.saturating_sub(k)).any(|a| {
                let b = parts - a;
                (a < b || (a == b && !unequal)) && val(a) ^ val(b) == v
            })
        };
        self.single_k.iter().any(single) || self.split_k.iter().any(split)
    }
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

/// Heaps up to `upto`, in windows of `width` heaps, valued by a crew of
/// the pool's threads (this one leads).
fn extend_in_windows(
    e: &mut SparseEngine,
    table: &mut HeapValues,
    upto: usize,
    width: usize,
    limits: &Limits,
) -> Result<()> {
    // The engine keeps its first scratch for heaps valued one at a time.
    let threads = rayon::current_num_threads();
    let mut scratch = e.scratch.split_off(1);
    scratch.resize_with(scratch.len().max(threads), Scratch::new);
    let crew = Crew {
        shared: RwLock::new(Shared {
            e,
            table,
            n: 0,
            w: 0,
            blocks: 0,
            window: 0,
        }),
        next_block: Line(AtomicUsize::new(0)),
        cursors: (0..width.div_ceil(HEAPS))
            .map(|_| Line(AtomicU64::new(0)))
            .collect(),
        desks: scratch.into_iter().map(|s| Line(Mutex::new(s))).collect(),
        seated: AtomicUsize::new(1),
        next: Line(AtomicUsize::new(0)),
        values: (0..width).map(|_| Line(AtomicU64::new(0))).collect(),
        epoch: Line(AtomicUsize::new(0)),
        quit: AtomicBool::new(false),
    };
    let result = rayon::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(|_| crew.serve());
        }
        let result = crew.lead(upto, width, limits);
        crew.quit.store(true, Release);
        result
    });
    let Crew { shared, desks, .. } = crew;
    let shared = shared.into_inner().unwrap_or_else(PoisonError::into_inner);
    shared.e.scratch.extend(
        desks
            .into_iter()
            .map(|m| m.0.into_inner().unwrap_or_else(PoisonError::into_inner)),
    );
    result
}

/// A value alone on its cache lines: the crew's counters and each heap's
/// place are written by one thread and read by another, and sharing a
/// line with a neighbour would make every write of one a miss for both.
#[repr(align(128))]
struct Line<T>(T);

impl<T> std::ops::Deref for Line<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// What the crew reads during a window and the leader writes between
/// windows: the engine, its table and the window (`n..n + w`; `w == 0`
/// when none is open).
struct Shared<'a> {
    e: &'a mut SparseEngine,
    table: &'a mut HeapValues,
    n: usize,
    w: usize,
    /// Blocks of [`HEAPS`] heaps the window's heaps start from (see the
    /// `block` module), 0 when blocks do not pay.
    blocks: usize,
    /// The number of the window, from 1.
    window: u64,
}

/// Threads that stay with one run from window to window, instead of a
/// fork and join for each: a window of 32 heaps is about 60 µs of work,
/// and waking a sleeping thread costs several. The leader opens a window
/// under the write lock; everyone claims its heaps under read locks (a
/// block of heaps at a time where blocks pay, then the heaps left at the
/// back of the others' blocks, else one heap at a time); the leader
/// finishes them in order, then takes the write lock, which waits for
/// the heaps the crew still values. The locks are never contended for
/// long, so they cost an atomic operation each, and they make the
/// hand-over safe.
struct Crew<'a> {
    shared: RwLock<Shared<'a>>,
    /// Working memory, one for each thread (the leader's first), held
    /// for the whole run: the scan's tables stay in that core's cache.
    desks: Vec<Line<Mutex<Scratch>>>,
    /// Desks taken so far.
    seated: AtomicUsize,
    /// The next heap of the open window to claim, when it has no blocks.
    next: Line<AtomicUsize>,
    /// Each heap's blind value, beside the number of its window (above
    /// bit 32): the values need no clearing between windows, which would
    /// fetch each one's cache line back from the core that wrote it.
    values: Vec<Line<AtomicU64>>,
    /// The next block of the open window to take, and each block's
    /// claims: heaps taken from its front (its taker's, in the low 32
    /// bits) and from its back (others', once every block is taken).
    next_block: Line<AtomicUsize>,
    cursors: Vec<Line<AtomicU64>>,
    /// Windows opened so far: what waiting workers watch.
    epoch: Line<AtomicUsize>,
    quit: AtomicBool,
}

/// How long a worker waits for a window before it leaves the crew (to
/// free its thread for other work, as in a sweep of many games).
const IDLE: Duration = Duration::from_millis(20);

/// One turn of a wait for another thread: a spin, and every 1024th a
/// yield (true then), so that a thread waited for gets a core when there
/// are more threads than cores.
fn pause(spins: &mut u32) -> bool {
    std::hint::spin_loop();
    *spins = spins.wrapping_add(1);
    let yielded = *spins % 1024 == 0;
    if yielded {
        std::thread::yield_now();
    }
    yielded
}

impl Crew<'_> {
    /// The blind value of heap `i` of window number `window`, once a
    /// thread has stored it.
    fn blind(&self, i: usize, window: u64) -> Option<u32> {
        let v = self.values[i].load(Acquire);
        (v >> 32 == window & u64::from(u32::MAX)).then_some(v as u32)
    }

    /// Values one unclaimed heap of a window without blocks; false when
    /// none is left.
    fn claim(&self, sh: &Shared<'_>, t: &[u16], s: &mut Scratch) -> bool {
        let i = self.next.fetch_add(1, Relaxed);
        if i >= sh.w {
            return false;
        }
        let from = sh.e.start_fresh(s);
        self.value_heap(sh, t, s, i, from);
        true
    }

    /// Values heap `n + i` from the marks in `s`, which hold the rare
    /// heaps from place `from` of the rare list on.
    fn value_heap(&self, sh: &Shared<'_>, t: &[u16], s: &mut Scratch, i: usize, from: usize) {
        sh.e.mark_known(t, sh.n + i, i, s, from);
        let value = sh.e.settle(t, sh.n + i, i, s);
        let tag = (sh.window & u64::from(u32::MAX)) << 32;
        self.values[i].store(tag | u64::from(value), Release);
    }

    /// Claims a heap of block `b`: the next from its front for the thread
    /// that took the block, from its back for the others.
    fn take(&self, sh: &Shared<'_>, b: usize, front: bool) -> Option<usize> {
        let old = self.cursors[b].fetch_add(if front { 1 } else { 1 << 32 }, Relaxed);
        let (taken_front, taken_back) = (old as u32 as usize, (old >> 32) as usize);
        let len = HEAPS.min(sh.w - b * HEAPS);
        (taken_front + taken_back < len).then(|| {
            b * HEAPS
                + match front {
                    true => taken_front,
                    false => len - 1 - taken_back,
                }
        })
    }

    /// A thread's share of a window with blocks: blocks taken one at a
    /// time, each marked and its heaps valued from the front; then the
    /// heaps left at the back of the others' blocks, valued without their
    /// marks, so that no thread idles while another ends a block.
    fn work_blocks(&self, sh: &Shared<'_>, t: &[u16], s: &mut Scratch) {
        loop {
            let b = self.next_block.fetch_add(1, Relaxed);
            if b >= sh.blocks {
                break;
            }
            sh.e.mark_block(t, b * HEAPS, s);
            while let Some(i) = self.take(sh, b, true) {
                let from = sh.e.start_row(sh.n + i, s);
                self.value_heap(sh, t, s, i, from);
            }
        }
        for b in 0..sh.blocks {
            while let Some(i) = self.take(sh, b, false) {
                let from = sh.e.start_fresh(s);
                self.value_heap(sh, t, s, i, from);
            }
        }
    }

    /// Values unclaimed heaps of the open window until none is left.
    fn work(&self, s: &mut Scratch) {
        let sh = self.shared.read().unwrap_or_else(PoisonError::into_inner);
        if let HeapValues::Narrow(t) = &*sh.table {
            match sh.blocks {
                0 => while self.claim(&sh, t, s) {},
                _ => self.work_blocks(&sh, t, s),
            }
        }
    }

    /// A worker: joins every window as it opens, spinning in between,
    /// until the leader is done or no window came for [`IDLE`].
    fn serve(&self) {
        let seat = self.seated.fetch_add(1, Relaxed);
        let Some(desk) = self.desks.get(seat) else {
            return;
        };
        let mut s = desk.lock().unwrap_or_else(PoisonError::into_inner);
        let mut seen = 0;
        loop {
            let mut spins = 0u32;
            let mut since = None;
            loop {
                if self.quit.load(Acquire) {
                    return;
                }
                let epoch = self.epoch.load(Acquire);
                if epoch != seen {
                    seen = epoch;
                    break;
                }
                if pause(&mut spins) && since.get_or_insert_with(Instant::now).elapsed() > IDLE {
                    return;
                }
            }
            self.work(&mut s);
        }
    }

    /// The leader: opens windows, values heaps with the crew, finishes
    /// them and records them, until heap `upto` is valued.
    fn lead(&self, upto: usize, width: usize, limits: &Limits) -> Result<()> {
        let mut staged = Vec::with_capacity(width);
        let mut s = self.desks[0].lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            let mut sh = self.shared.write().unwrap_or_else(PoisonError::into_inner);
            let Shared {
                e,
                table,
                n,
                w,
                blocks,
                window,
            } = &mut *sh;
            for (i, &g) in staged.iter().enumerate() {
                e.record(*n + i, g);
                table.push(g);
            }
            staged.clear();
            (*w, *blocks) = (0, 0);
            if table.len() > upto {
                return Ok(());
            }
            // Every window: a server's time limit must stop the run soon.
            limits.check("computing the sequence")?;
            let first = table.len();
            // A window stops short of a partition review, which reads
            // every value before it.
            let width = width
                .min(upto + 1 - first)
                .min(e.next_review.saturating_sub(first));
            let HeapValues::Narrow(t) = &**table else {
                let v = e.next(table);
                table.push(v);
                continue;
            };
            if first < 64 || width < 2 {
                let v = e.next(table);
                table.push(v);
                continue;
            }
            e.sync_reversed(t, width);
            (*n, *w) = (first, width);
            *blocks = e.block_from(first, 0).map_or(0, |_| width.div_ceil(HEAPS));
            self.next_block.store(0, Relaxed);
            self.cursors.iter().for_each(|c| c.store(0, Relaxed));
            self.next.store(0, Relaxed);
            *window += 1;
            drop(sh);
            self.epoch.fetch_add(1, Release);
            let stopped = self.value_and_finish(&mut staged, &mut s);
            // Heaps not claimed by then are valued in the next window
            // (with blocks, every heap was claimed). The write lock waits
            // for the crew to value the heaps it claimed.
            self.next.store(width, Relaxed);
            if stopped {
                let mut sh = self.shared.write().unwrap_or_else(PoisonError::into_inner);
                self.finish_alone(&mut sh, &mut staged);
            }
        }
    }

    /// The rest of a window whose heap `staged.len()` had a blind value
    /// that did not stand, once the crew is done with it: the heaps
    /// finished so far are recorded, that heap is valued afresh, and every
    /// later heap valued blind, up to the first nobody claimed, is
    /// finished against the table, which now holds the heaps before it.
    /// Starting the next window there instead would value those heaps
    /// twice (a tenth of the windows of Grundy's game stop so).
    fn finish_alone(&self, sh: &mut Shared<'_>, staged: &mut Vec<u32>) {
        let Shared {
            e,
            table,
            n,
            w,
            window,
            ..
        } = sh;
        let n = *n;
        for (i, &g) in staged.iter().enumerate() {
            e.record(n + i, g);
            table.push(g);
        }
        let from = staged.len();
        staged.clear();
        let g = e.value(table, false);
        table.push(g);
        for i in from + 1..*w {
            let HeapValues::Narrow(t) = &**table else {
                return;
            };
            let Some(value) = self.blind(i, *window) else {
                return;
            };
            let g = if e.window_gives(n + i, i, |x| u32::from(t[x]), value) {
                e.value(table, false)
            } else {
                e.record(n + i, value);
                value
            };
            table.push(g);
        }
    }

    /// The leader's part of a window: each heap finished, in order, as
    /// soon as its blind pass is done, into `staged` (which the finish
    /// reads for the window's heaps, as the table does not hold them
    /// yet); heaps valued blind while none is ready. The blind value was
    /// the mex of every other option, so every value below it is seen:
    /// unless an option the finish adds has it, it stands. If one has it,
    /// the leader stops there (true), and finishes the window alone once
    /// the crew is done ([`Crew::finish_alone`]).
    fn value_and_finish(&self, staged: &mut Vec<u32>, s: &mut Scratch) -> bool {
        let sh = self.shared.read().unwrap_or_else(PoisonError::into_inner);
        let HeapValues::Narrow(t) = &*sh.table else {
            return false;
        };
        let n = sh.n;
        if sh.blocks > 0 {
            self.work_blocks(&sh, t, s);
        }
        let mut spins = 0;
        while staged.len() < sh.w {
            let i = staged.len();
            let Some(value) = self.blind(i, sh.window) else {
                if sh.blocks > 0 || !self.claim(&sh, t, s) {
                    pause(&mut spins);
                }
                continue;
            };
            let val = |x: usize| match x.checked_sub(n) {
                Some(j) => staged[j],
                None => u32::from(t[x]),
            };
            if i > 0 && sh.e.window_gives(n + i, i, val, value) {
                return true;
            }
            staged.push(value);
        }
        false
    }
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
