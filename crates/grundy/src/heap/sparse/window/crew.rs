//! The crew: threads that value the heaps of each window together, and
//! the leader among them that finishes and records them in order.

use std::sync::atomic::Ordering::{Acquire, Relaxed, Release};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize};
use std::sync::{Mutex, PoisonError, RwLock};
use std::time::{Duration, Instant};

use super::super::super::values::HeapValues;
use super::super::super::SeqEngine;
use super::super::block::{Block, HEAPS};
use super::super::{Scratch, SparseEngine, Start};
use crate::error::Result;
use crate::game::Limits;

/// Heaps up to `upto`, in windows of `width` heaps, valued by a crew of
/// the pool's threads (this one leads).
pub(super) fn extend_in_windows(
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
        slots: (0..width.div_ceil(HEAPS))
            .map(|_| Line(Slot::default()))
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
/// finishes them in order between its own, then takes the write lock to
/// record them and open the next window, which waits for
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
    /// claims and marks.
    next_block: Line<AtomicUsize>,
    slots: Vec<Line<Slot>>,
    /// Windows opened so far: what waiting workers watch.
    epoch: Line<AtomicUsize>,
    quit: AtomicBool,
}

/// A block of the open window.
#[derive(Default)]
struct Slot {
    /// Heaps taken from its front (its taker's, in the low 32 bits) and
    /// from its back (others', once every block is taken).
    cursor: AtomicU64,
    /// Its rare x common marks, written by its taker before it values any
    /// of its heaps, then read by whoever values one: a heap taken from
    /// the back by another thread copies its row instead of marking the
    /// rare x common splits alone, which cost twice a heap's share of a
    /// block (Grundy's game from 2^20 to 2^22 heaps on two threads: 6%
    /// of the heaps are taken so, and the extra marking was 6% of the
    /// work).
    marks: RwLock<Option<Box<Block>>>,
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
    let yielded = (*spins).is_multiple_of(1024);
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
        let from = sh.e.start_fresh(&mut s.marks);
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
        let old = self.slots[b]
            .cursor
            .fetch_add(if front { 1 } else { 1 << 32 }, Relaxed);
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
    fn work_blocks(
        &self,
        sh: &Shared<'_>,
        t: &[u16],
        s: &mut Scratch,
        mut fin: Option<&mut Finish>,
    ) {
        let mut value = |i: usize, s: &mut Scratch| {
            let from = self.start_row(sh, s, i);
            self.value_heap(sh, t, s, i, from);
            if let Some(f) = fin.as_deref_mut() {
                self.advance(sh, t, s, f);
            }
        };
        loop {
            let b = self.next_block.fetch_add(1, Relaxed);
            if b >= sh.blocks {
                break;
            }
            let marks = self.slots[b].marks.write();
            sh.e.mark_block(
                t,
                b * HEAPS,
                &mut marks.unwrap_or_else(PoisonError::into_inner),
            );
            while let Some(i) = self.take(sh, b, true) {
                value(i, s);
            }
        }
        for b in 0..sh.blocks {
            while let Some(i) = self.take(sh, b, false) {
                value(i, s);
            }
        }
    }

    /// Starts the marks of heap `n + i` of a window with blocks from its
    /// row of its block, or afresh while the block's taker is still
    /// marking it (or has not yet begun): waiting would idle this thread.
    fn start_row(&self, sh: &Shared<'_>, s: &mut Scratch, i: usize) -> usize {
        let marks = self.slots[i / HEAPS].marks.try_read();
        let block = marks.as_deref().ok().and_then(Option::as_deref);
        sh.e.start_row(sh.n + i, block, &mut s.marks)
    }

    /// Values and records heap `table.len()`, heap `i` of the open window
    /// (which has `blocks` blocks), once the table holds every heap before
    /// it: from its row of its block when that holds it. Its value
    /// `blind` and every value below are options': the blind value did
    /// not stand, so the blind pass saw all below it and an option it
    /// left out has it.
    fn value_again(
        &self,
        e: &mut SparseEngine,
        table: &HeapValues,
        blocks: usize,
        (i, blind): (usize, Option<u32>),
    ) -> u32 {
        let marks = (blocks > 0).then(|| self.slots[i / HEAPS].marks.read());
        let marks = marks.map(|m| m.unwrap_or_else(PoisonError::into_inner));
        let block = marks.as_deref().and_then(Option::as_deref);
        let seen = blind.map_or(0, super::seen_after);
        e.value(table, Start::Row { block, seen })
    }

    /// Values unclaimed heaps of the open window until none is left.
    fn work(&self, s: &mut Scratch) {
        let sh = self.shared.read().unwrap_or_else(PoisonError::into_inner);
        if let HeapValues::Narrow(t) = &*sh.table {
            match sh.blocks {
                0 => while self.claim(&sh, t, s) {},
                _ => self.work_blocks(&sh, t, s, None),
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
            limits.tell_stored(table.len() as u64);
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
            self.slots.iter().for_each(|b| b.cursor.store(0, Relaxed));
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
    /// that did not stand and could not be valued again before the heaps
    /// were recorded (an option it left out has a value past the engine's
    /// room for values, which grows as heaps are recorded), once the crew
    /// is done with it: the heaps finished so far are recorded, that heap
    /// is valued afresh, and every later heap valued blind, up to the
    /// first nobody claimed, is finished against the table, which now
    /// holds the heaps before it.
    fn finish_alone(&self, sh: &mut Shared<'_>, staged: &mut Vec<u32>) {
        let Shared {
            e,
            table,
            n,
            w,
            blocks,
            window,
        } = sh;
        let n = *n;
        for (i, &g) in staged.iter().enumerate() {
            e.record(n + i, g);
            table.push(g);
        }
        let from = staged.len();
        staged.clear();
        // The leader stopped at this heap for its blind value.
        let g = self.value_again(e, table, *blocks, (from, self.blind(from, *window)));
        table.push(g);
        for i in from + 1..*w {
            let HeapValues::Narrow(t) = &**table else {
                return;
            };
            let Some(value) = self.blind(i, *window) else {
                return;
            };
            let g = if e.window_gives(n + i, i, |x| u32::from(t[x]), value) {
                self.value_again(e, table, *blocks, (i, Some(value)))
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
    /// yet), between the heaps it values blind itself, so that the heaps
    /// whose blind values do not stand are valued again while the crew is
    /// still at work ([`Crew::advance`]). True when a heap must wait for
    /// the heaps before it to be recorded: the leader finishes the window
    /// alone once the crew is done ([`Crew::finish_alone`]).
    fn value_and_finish(&self, staged: &mut Vec<u32>, s: &mut Scratch) -> bool {
        let sh = self.shared.read().unwrap_or_else(PoisonError::into_inner);
        let HeapValues::Narrow(t) = &*sh.table else {
            return false;
        };
        let mut fin = Finish {
            staged,
            stuck: false,
        };
        if sh.blocks > 0 {
            self.work_blocks(&sh, t, s, Some(&mut fin));
        }
        let mut spins = 0;
        loop {
            self.advance(&sh, t, s, &mut fin);
            if fin.stuck || fin.staged.len() == sh.w {
                return fin.stuck;
            }
            if sh.blocks > 0 || !self.claim(&sh, t, s) {
                pause(&mut spins);
            }
        }
    }

    /// Finishes the heaps of the open window whose blind passes are done,
    /// in order, into `f.staged`: the blind value stands unless an option
    /// the blind pass left out has it, and then the heap is valued again
    /// with those options marked, from the values staged. Stuck when
    /// that cannot be done before the heaps are recorded.
    fn advance(&self, sh: &Shared<'_>, t: &[u16], s: &mut Scratch, f: &mut Finish) {
        let n = sh.n;
        while !f.stuck && f.staged.len() < sh.w {
            let i = f.staged.len();
            let Some(value) = self.blind(i, sh.window) else {
                return;
            };
            let staged = &*f.staged;
            let val = |x: usize| match x.checked_sub(n) {
                Some(j) => staged[j],
                None => u32::from(t[x]),
            };
            let g = match i > 0 && sh.e.window_gives(n + i, i, val, value) {
                true => {
                    let from = self.start_row(sh, s, i);
                    let seen = super::seen_after(value);
                    sh.e.value_missed(t, (n + i, i), val, seen, from, s)
                }
                false => Some(value),
            };
            match g {
                Some(g) => f.staged.push(g),
                None => f.stuck = true,
            }
        }
    }
}

/// The leader's finish of the open window: the values of its first heaps,
/// and whether the next one must wait for them to be recorded.
struct Finish<'a> {
    staged: &'a mut Vec<u32>,
    stuck: bool,
}
