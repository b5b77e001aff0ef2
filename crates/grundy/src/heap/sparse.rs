//! The sparse-space engine for take-and-break games.
//!
//! A split of a heap into `a + b` has value `G(a) xor G(b)`, and a naive
//! mex looks at every split: O(n) per heap, O(n^2) per sequence. Sparse
//! space (Gangolli, Plambeck, Flammenkamp) splits heaps into rare and common
//! ones by a linear map ([`super::partition`]): a rare x common split has a
//! common value, the others have rare values. In most games almost every
//! heap is common, so:
//!
//! 1. the common values among the options all come from rare x common
//!    splits: O(#rare) work gives the candidate `G(n)`, the smallest common
//!    value no option has;
//! 2. `G(n)` is the candidate unless a smaller rare value is missing, so
//!    the other splits are scanned, all split types interleaved, from both
//!    ends of the range of the smaller part at once, only until every rare
//!    value below the candidate has been seen. Both ends, because they find
//!    different values: small heaps have small values, so splits with a
//!    small part give values close to those of large heaps, while a split
//!    into two halves of similar values gives small values (in Officers
//!    near 2^20, every heap below 2000 has a value below 65, and the large
//!    heaps' values lie mostly between 32 and 260). Scanning from both ends
//!    takes 7% (Officers) to 13% (Grundy's game) less work than from the
//!    bottom alone.
//!
//! The partition is re-chosen as the sequence grows. Moves that leave one
//! heap or none are added directly; three-heap moves (hexadecimal digits 8
//! and up) are enumerated, which is exact but quadratic.
//!
//! Speed: values are marked in a 64 KiB byte array indexed by a `u16` (a
//! plain store, no bounds check, no read-modify-write chain), and the engine
//! keeps a reversed copy of the table so that the large parts `n - k - a`
//! of consecutive splits are consecutive in memory: the scan is two forward
//! slices zipped together. While more than 64 rare values are needed the
//! scan marks every value it sees; once at most 64 are left, each needed
//! value gets one bit, and a split costs two loads and an OR into a
//! register until all bits are set. Once every rare heap is below half of
//! the heaps being valued, the rare x common splits of 16 consecutive
//! heaps are marked together (the `block` module): Officers to 2^20 heaps
//! on one thread, 4.7 s one heap at a time, 3.1-3.3 s in blocks.

mod block;
mod scan;
#[cfg(feature = "parallel")]
mod window;

use super::code::Code;
use super::partition::{best_partition, Partition, SparseInfo};
use super::values::HeapValues;
use super::SeqEngine;
#[cfg(feature = "parallel")]
use crate::error::Result;
#[cfg(feature = "parallel")]
use crate::game::Limits;
use crate::nimber::MexSet;
use block::Block;
use scan::Scan;

/// The first heap at which the partition is chosen from the values.
const FIRST_REVIEW: usize = 64;

/// When to choose the partition again after choosing it at heap `n`:
/// each doubling, then every 2^20 heaps.
fn next_review_after(n: usize) -> usize {
    if n < 1 << 20 {
        2 * n
    } else {
        n + (1 << 20)
    }
}

/// Where the marks of a heap valued on its own start.
#[derive(Clone, Copy)]
enum Start<'a> {
    /// From the engine's own block of heaps, marked when one pays: heaps
    /// valued one after another.
    OwnBlock,
    /// From the heap's row of a window's block when that holds it
    /// (`None`: afresh), for a heap a window values again: marking a
    /// block of sixteen for one heap would not pay. Every value below
    /// `seen` is known to be an option's: the blind pass saw all below
    /// its value, and the value again in an option it had left out. So
    /// the scan looks only for values above, mostly none or one where it
    /// looked for every rare value below the candidate.
    #[cfg_attr(not(feature = "parallel"), allow(dead_code))]
    Row { block: Option<&'a Block>, seen: u32 },
}

/// Working memory for valuing one heap.
struct Scratch {
    /// One byte per value: seen among the options of the heap.
    marks: Box<[u8; 1 << 16]>,
    /// Rare values still to be seen.
    needed: Vec<u16>,
    /// During the scan, `bits[v]` is the bit of needed value `v` (0 for
    /// others): a split then costs a load and an OR into a register, and
    /// "all seen" is one comparison. Zero outside the scan.
    bits: Box<[u64; 1 << 16]>,
    /// The rare x common marks of a block of heaps, once one pays (see
    /// the `block` module).
    block: Option<Box<Block>>,
}

impl Scratch {
    fn new() -> Self {
        Scratch {
            marks: vec![0u8; 1 << 16]
                .into_boxed_slice()
                .try_into()
                .expect("64 KiB"),
            needed: Vec::new(),
            bits: vec![0u64; 1 << 16]
                .into_boxed_slice()
                .try_into()
                .expect("512 KiB"),
            block: None,
        }
    }
}

/// The engine: move lists by kind, the partition, the rare heaps.
pub struct SparseEngine {
    code: Code,
    zero_k: Vec<usize>,
    single_k: Vec<usize>,
    /// Two-heap moves: (tokens removed, heaps must differ).
    split_k: Vec<(usize, bool)>,
    triple_k: Vec<usize>,
    /// Heap parity may enter the partition (all split moves remove a
    /// number of tokens of one parity, `kappa`).
    parity_allowed: bool,
    kappa: bool,
    part: Partition,
    rare: Vec<u32>,
    /// Changes of the rare list so far (a heap added, a partition's list
    /// made again): a block marked at another count no longer holds.
    rare_gen: u64,
    /// `G` of each rare heap, side by side with `rare`: the rare x common
    /// pass then reads one table at random instead of two.
    rare_g: Vec<u16>,
    /// Heaps (from 1) by (value, parity), for choosing the partition.
    hist: Vec<[u64; 2]>,
    /// Every value so far is below `2^vbits`.
    vbits: u32,
    next_review: usize,
    /// `rev[rev.len() - 1 - i] = G(i)` for the first `rev_len` heaps.
    rev: Vec<u16>,
    rev_len: usize,
    /// The last heap the run ahead values, as far as it is known: the
    /// reversed copy grows to it rather than past it.
    last: usize,
    /// Working memory for one heap; one for each heap of a window when
    /// heaps are valued in windows.
    scratch: Vec<Scratch>,
    /// Common and rare values below `2^vbits`, ascending, for even and odd
    /// heaps; 16 bits wide, so that reading their marks needs no bounds
    /// check.
    common_vals: [Vec<u16>; 2],
    rare_vals: [Vec<u16>; 2],
    /// For values beyond 16 bits, where the plain mex takes over.
    wide: MexSet,
    /// How fast windows of heaps on every thread are, against one heap at
    /// a time.
    #[cfg(feature = "parallel")]
    timing: window::Timing,
}

impl SparseEngine {
    /// An engine for `code`.
    pub fn new(code: &Code) -> Self {
        let mut e = SparseEngine {
            code: code.clone(),
            zero_k: Vec::new(),
            single_k: Vec::new(),
            split_k: Vec::new(),
            triple_k: Vec::new(),
            parity_allowed: true,
            kappa: false,
            part: Partition::INITIAL,
            rare: Vec::new(),
            rare_gen: 0,
            rare_g: Vec::new(),
            hist: Vec::new(),
            vbits: 0,
            next_review: FIRST_REVIEW,
            rev: Vec::new(),
            rev_len: 0,
            last: usize::MAX,
            scratch: vec![Scratch::new()],
            common_vals: [Vec::new(), Vec::new()],
            rare_vals: [Vec::new(), Vec::new()],
            wide: MexSet::new(),
            #[cfg(feature = "parallel")]
            timing: window::Timing::default(),
        };
        for (k, d) in code.digits().iter().enumerate() {
            if d.bits & 1 != 0 {
                e.zero_k.push(k);
            }
            if d.bits & 2 != 0 {
                e.single_k.push(k);
            }
            if d.bits & 4 != 0 {
                e.split_k.push((k, d.unequal));
            }
            if d.bits & 8 != 0 {
                e.triple_k.push(k);
            }
        }
        let parities: Vec<bool> = e.split_k.iter().map(|&(k, _)| k % 2 == 1).collect();
        e.parity_allowed = parities.windows(2).all(|w| w[0] == w[1]);
        e.kappa = parities.first().copied().unwrap_or(false);
        e.grow_values(1);
        e
    }

    /// The sparse space under `part`, whose rare heaps from 1 on are
    /// `rare`.
    fn info(&self, part: Partition, rare: &[u32]) -> SparseInfo {
        let value_bits = if self.vbits >= 32 {
            u32::MAX
        } else {
            (1 << self.vbits) - 1
        };
        // Heap 0 is never part of a split, so the engine does not list it,
        // but the literature counts it.
        let zero_rare = !part.common(0, 0);
        let listed = std::iter::once(0)
            .filter(|_| zero_rare)
            .chain(rare.iter().map(|&a| a as u64));
        SparseInfo {
            partition: Partition {
                mask: part.mask & value_bits,
                ..part
            },
            rare_count: rare.len() as u64 + u64::from(zero_rare),
            last_rare: rare.last().map(|&a| a as u64).or(zero_rare.then_some(0)),
            rare: listed.take(SparseInfo::LISTED).collect(),
        }
    }

    /// Makes room for values below `2^bits`.
    fn grow_values(&mut self, bits: u32) {
        self.vbits = bits;
        self.hist.resize(1 << bits, [0, 0]);
        self.refresh_values();
    }

    fn refresh_values(&mut self) {
        // Past 16 bits the plain mex is used and these lists are not.
        let bits = self.vbits.min(16);
        for p in 0..2 {
            let (common, rare): (Vec<u16>, Vec<u16>) = (0..1u32 << bits)
                .map(|v| v as u16)
                .partition(|&v| self.part.common(p, v.into()));
            self.common_vals[p] = common;
            self.rare_vals[p] = rare;
        }
    }

    /// Records `G(n) = g` in the histogram, the rare list and the value
    /// range.
    fn record(&mut self, n: usize, g: u32) {
        if g >> self.vbits != 0 {
            self.grow_values(32 - g.leading_zeros());
        }
        if n > 0 {
            self.hist[g as usize][n & 1] += 1;
            if !self.part.common(n, g) {
                self.rare.push(n as u32);
                // Wide tables never reach the pass that reads this.
                self.rare_g.push(g as u16);
                self.rare_gen += 1;
            }
        }
    }

    /// Picks the partition with the fewest rare heaps among the first
    /// `len`, and rebuilds the rare list if it changed.
    fn review(&mut self, table: &HeapValues, len: usize) {
        let Some((rare, part)) = best_partition(&self.hist, self.parity_allowed, self.kappa) else {
            return;
        };
        if rare < self.rare.len() as u64 && part != self.part {
            self.part = part;
            self.refresh_values();
            self.rare.clear();
            self.rare_g.clear();
            self.rare_gen += 1;
            for a in 1..len {
                let g = table.get(a);
                if !part.common(a, g) {
                    self.rare.push(a as u32);
                    self.rare_g.push(g as u16);
                }
            }
        }
    }

    /// Appends the heaps of `t` not yet in the reversed copy, with room
    /// for `ahead` heaps beyond it (a window values them at once).
    fn sync_reversed(&mut self, t: &[u16], ahead: usize) {
        let need = t.len() + ahead + 1;
        if need > self.rev.len() {
            // Double, but not past the run's last heap when it is known
            // and still ahead: a copy of 2^32 heaps is 8 GiB.
            let end = match self.last >= t.len() {
                true => self.last.saturating_add(ahead + 2),
                false => usize::MAX,
            };
            let cap = (2 * t.len()).max(1 << 12).min(end).max(need);
            let mut grown = vec![0u16; cap];
            let len = self.rev_len;
            grown[cap - len..].copy_from_slice(&self.rev[self.rev.len() - len..]);
            self.rev = grown;
        }
        let cap = self.rev.len();
        for (i, &v) in t.iter().enumerate().skip(self.rev_len) {
            self.rev[cap - 1 - i] = v;
        }
        self.rev_len = t.len();
    }

    /// `G(n)` for `n = t.len()` when every value fits in 16 bits, its
    /// marks started as `start` says.
    fn compute(&mut self, t: &[u16], start: Start<'_>) -> u32 {
        self.sync_reversed(t, 1);
        let mut scratch = std::mem::take(&mut self.scratch);
        let s = &mut scratch[0];
        let (from, seen) = match start {
            Start::OwnBlock => (self.start_marks(t, s), 0),
            Start::Row { block, seen } => (self.start_row(t.len(), block, &mut s.marks), seen),
        };
        self.mark_known(t, t.len(), 0, s, from);
        self.mark_seen(&mut s.marks, seen);
        let g = self.settle(t, t.len(), 0, s);
        self.scratch = scratch;
        g
    }

    /// Marks every value below `seen` as an option's (known so without
    /// listing the options: see [`Start::Row`]).
    fn mark_seen(&self, marks: &mut [u8; 1 << 16], seen: u32) {
        marks[..(seen as usize).min(1 << self.vbits)].fill(1);
    }

    /// Clears `marks` for a heap valued without a block, and returns the
    /// place in the rare list from which rare heaps are marked already:
    /// its end, as none is.
    fn start_fresh(&self, marks: &mut [u8; 1 << 16]) -> usize {
        marks[..1usize << self.vbits].fill(0);
        self.rare.len()
    }

    /// Marks the options of heap `n` that `t` can value, on top of the
    /// marks in `s` (cleared, or from a block that marked the rare heaps
    /// from place `from` of the rare list on). Normally `t` holds every
    /// heap below `n`; when `unknown > 0`, the heaps `n - unknown..n` are
    /// still being valued (`t.len() == n - unknown`) and the options that
    /// involve them are left out: the `window` module checks them against
    /// the blind value (`window_gives`).
    fn mark_known(&self, t: &[u16], n: usize, unknown: usize, s: &mut Scratch, from: usize) {
        let marks = &mut *s.marks;
        for &k in &self.zero_k {
            if n == k {
                marks[0] = 1;
            }
        }
        for &k in &self.single_k {
            if n > k && k > unknown {
                marks[t[n - k] as usize] = 1;
            }
        }
        for &k in &self.triple_k {
            if n >= k + 3 {
                let m = n - k;
                for a in 1..=m / 3 {
                    let ga = t[a];
                    for b in a..=(m - a) / 2 {
                        marks[(ga ^ t[b] ^ t[m - a - b]) as usize] = 1;
                    }
                }
            }
        }
        let cap = self.rev.len();
        let rev = &self.rev[..];
        // 1. Rare x common splits: every common value among the options.
        //    (Each range below is the rare heaps a with their values G(a).)
        for &(k, unequal) in &self.split_k {
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            // The large part m - a of a split is rev[base + a].
            let base = cap - m - 1;
            // Rare heaps below m, minus the equal split when it is barred
            // and the heaps whose partners are unknown.
            let first = unknown.saturating_sub(k);
            let lo = self.rare.partition_point(|&a| (a as usize) <= first);
            let hi = (self.rare.partition_point(|&a| (a as usize) < m))
                .min(from)
                .max(lo);
            let equal = match unequal && m.is_multiple_of(2) {
                true => self.rare[lo..hi]
                    .binary_search(&((m / 2) as u32))
                    .ok()
                    .map(|i| lo + i),
                false => None,
            };
            let ranges = match equal {
                Some(i) => [lo..i, i + 1..hi],
                None => [lo..hi, hi..hi],
            };
            // This pass is half the work per heap. Without a bounds check
            // a split costs about six instructions. The values of 64 splits
            // are gathered before any is marked: on an AMD EPYC, a split's
            // loads waited for the store of the mark before it, whose
            // address hung on loads too (Officers to 2^20 on one thread:
            // 5.42-5.92 s marked one by one, 3.90-4.81 s gathered).
            let window = &rev[base..base + m];
            for r in ranges {
                let (heaps, values) = (&self.rare[r.clone()], &self.rare_g[r]);
                debug_assert!(heaps.iter().all(|&a| (a as usize) < m));
                let large = |a: u32| {
                    // SAFETY: every heap in `heaps` is below `m` (`hi` is
                    // the partition point of `a < m` in the sorted rare
                    // list), and `window` has `m` entries.
                    unsafe { *window.get_unchecked(a as usize) }
                };
                let mut gathered = [0u16; 64];
                for (a, g) in heaps.chunks(64).zip(values.chunks(64)) {
                    for ((x, &a), &g) in gathered.iter_mut().zip(a).zip(g) {
                        *x = g ^ large(a);
                    }
                    for &x in &gathered[..a.len()] {
                        marks[x as usize] = 1;
                    }
                }
            }
        }
    }

    /// Steps 2-4: the candidate, the rare values it needs, and the scan of
    /// splits until they are all seen. Returns the value.
    fn settle(&self, t: &[u16], n: usize, unknown: usize, s: &mut Scratch) -> u32 {
        let limit = 1u32 << self.vbits;
        let marks = &mut *s.marks;
        if self.split_k.is_empty() {
            return marks[..limit as usize]
                .iter()
                .position(|&m| m == 0)
                .map_or(limit, |v| v as u32);
        }
        // 2. The candidate: the smallest common value that is missing.
        let p = n & 1;
        let cand = self.common_vals[p]
            .iter()
            .copied()
            .find(|&v| marks[v as usize] == 0)
            .map_or(limit, u32::from);
        // 3. Rare values below it that no option has shown yet.
        s.needed.clear();
        s.needed.extend(
            self.rare_vals[p]
                .iter()
                .copied()
                .take_while(|&v| u32::from(v) < cand)
                .filter(|&v| marks[v as usize] == 0),
        );
        if s.needed.is_empty() {
            return cand;
        }
        // 4. Scan the other splits until every needed value is seen.
        let h = Scan {
            t,
            rev: &self.rev,
            n,
            unknown,
            cand,
        };
        self.scan(h, s)
    }

    /// Values and records heap `table.len()` ([`SeqEngine::next`]), its
    /// marks started as `start` says.
    fn value(&mut self, table: &HeapValues, start: Start<'_>) -> u32 {
        let n = table.len();
        if n >= self.next_review {
            self.review(table, n);
            self.next_review = next_review_after(n);
        }
        let g = match table {
            HeapValues::Narrow(t) => self.compute(t, start),
            HeapValues::Wide(_) => self.compute_wide(table),
        };
        self.record(n, g);
        g
    }

    /// The plain mex over every option, for tables with values beyond 16
    /// bits (no octal game known needs it, but codes are arbitrary).
    fn compute_wide(&mut self, table: &HeapValues) -> u32 {
        use super::HeapRules;
        self.wide.clear();
        let set = &mut self.wide;
        self.code.for_each_option(table.len() as u64, &mut |parts| {
            let v = parts.iter().fold(0, |acc, &h| acc ^ table.get(h as usize));
            set.insert(v as u64);
            true
        });
        self.wide.mex() as u32
    }
}

impl SeqEngine for SparseEngine {
    /// With two or more threads (the `parallel` feature and a rayon pool),
    /// heaps are valued in windows; see the `window` module.
    #[cfg(feature = "parallel")]
    fn extend(&mut self, table: &mut HeapValues, upto: usize, limits: &Limits) -> Result<()> {
        window::extend(self, table, upto, limits)
    }

    fn next(&mut self, table: &HeapValues) -> u32 {
        self.value(table, Start::OwnBlock)
    }

    fn expect_last(&mut self, last: usize) {
        self.last = last;
    }

    /// Replays the partition reviews of a run that computed `table` from
    /// the start, so that a resumed run goes on exactly as an uninterrupted
    /// one (same partitions, same rare heaps, same report).
    fn rebuild(&mut self, table: &HeapValues) {
        self.rare.clear();
        self.rare_g.clear();
        self.rare_gen += 1;
        self.hist.iter_mut().for_each(|h| *h = [0, 0]);
        self.rev_len = 0;
        self.part = Partition::INITIAL;
        self.refresh_values();
        self.next_review = FIRST_REVIEW;
        for n in 0..table.len() {
            if n >= self.next_review {
                self.review(table, n);
                self.next_review = next_review_after(n);
            }
            self.record(n, table.get(n));
        }
    }

    fn absorb(&mut self, n: usize, g: u32) {
        self.record(n, g);
    }

    fn rare_count(&self) -> Option<u64> {
        (!self.split_k.is_empty()).then(|| self.info(self.part, &self.rare).rare_count)
    }

    /// The partition with the fewest rare heaps among `G(1..=upto)`, not
    /// the engine's: that one was chosen at the last doubling, never
    /// again once a period was proven, or from values past `upto` when a
    /// longer checkpoint was restored.
    fn sparse(&self, table: &HeapValues, upto: u64) -> Option<SparseInfo> {
        if self.split_k.is_empty() {
            return None;
        }
        let len = table.len().min(upto as usize + 1);
        let top = (1..len).map(|n| table.get(n)).max().unwrap_or(0);
        let mut hist = vec![[0u64; 2]; (top as usize + 1).next_power_of_two()];
        for n in 1..len {
            hist[table.get(n) as usize][n & 1] += 1;
        }
        // None when every value is 0 and the heap's parity is barred: then
        // every rule makes every heap rare, and the simplest is told.
        let simplest = Partition {
            mask: 1,
            parity: false,
            flip: false,
        };
        let part = best_partition(&hist, self.parity_allowed, self.kappa).map_or(simplest, |b| b.1);
        let rare: Vec<u32> = (1..len)
            .filter(|&n| !part.common(n, table.get(n)))
            .map(|n| n as u32)
            .collect();
        Some(self.info(part, &rare))
    }
}
