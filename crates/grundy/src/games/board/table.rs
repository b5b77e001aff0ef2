//! The transposition table of the split search: arrays of cache-line
//! buckets of four slots, shared by every thread without locks.
//!
//! A key (a canonical component, 128 bits) is first mixed by a bijection,
//! so that its low bits pick the bucket and the rest, stored, identify it
//! exactly: the low [`MIN_BUCKET_BITS`] bits are implied by the bucket and
//! hold the value and the work that went into it instead. A slot is two
//! 64-bit words written separately, the first the XOR of both halves
//! (Hyatt's lockless hashing), so a read torn between two writers fails
//! its check instead of returning another key's value. A full bucket
//! gives its least-worked slot to the newcomer: the values that are
//! dearest to recompute stay.
//!
//! The table uses a prefix of its buckets, which starts small and grows
//! in place, a bucket at a time, while more than [`LOAD_PERCENT`] full,
//! up to its budget: a search that needs a few megabytes then reads them
//! from the processor's caches instead of missing them across the whole
//! budget (Cram 5x6: 1.4 s in 68 MB with the whole budget at once, 1.0 s
//! in 15 MB grown). It grows by linear hashing (Litwin, 1980): with
//! `2^L + s` buckets in use, a key's bucket is its low `L` bits, or its
//! low `L + 1` bits when those fall below `s`, and one more bucket comes
//! into use by moving the slots of bucket `s` whose bit `L` is set to
//! bucket `2^L + s`; so the table's size is any number of buckets, not a
//! power of two, and holds about as much as its work needs (doubling
//! left tables between a quarter and half full). The price: a bucket
//! not yet split takes the keys of two, so between two powers of two
//! crowded buckets give up more slots than a doubled table's would,
//! which is why the table grows at 65% and not fuller. The buckets never move,
//! so no reader is ever left in freed memory, and the budget's pages that
//! the prefix has not reached are never touched (the allocator hands out
//! pages of zeros lazily). A slot written while a bucket splits may be
//! lost or left where no lookup finds it, which costs its recomputation
//! only: a slot is a fact.

use std::alloc::Layout;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::error::{Error, Result};

/// The fewest buckets a table has: their index supplies the low bits of
/// every key, where the value and the work are stored.
const MIN_BUCKET_BITS: u32 = 12;

/// The bits of a stored slot that are the key's (the others hold the
/// value and the work).
const KEY_MASK: u128 = !((1u128 << MIN_BUCKET_BITS) - 1);

/// Slots a bucket holds (four pairs of words: one cache line).
const SLOTS: usize = 4;

/// How full (in percent of the slots in use) the table grows at: fuller
/// tables give up more slots in crowded buckets. Cram 4x11 on two
/// threads, in one run against the anchor's 16.0-17.9 s in 16.1 MB:
/// 7.9-8.3 s in 14.1 MB at 65%, 7.5-8.2 s in 16.0 MB at 50%, 8.1-9.4 s
/// in 13.0 MB at 75%; Cram 5x9: 41.5 s in 35 MB, 39.9 s in 43 MB, 44.6 s
/// in 31 MB (the anchor 93.6 s in 55 MB); Chomp 13x13 the same at 50%
/// and 65%.
const LOAD_PERCENT: u64 = 65;

/// Bytes of one bucket.
pub const BUCKET_BYTES: u64 = (SLOTS * 16) as u64;

/// The smallest table, in bytes.
pub const MIN_TABLE_BYTES: u64 = BUCKET_BYTES << MIN_BUCKET_BITS;

/// The largest value a slot holds (it stores the value plus one, in 8
/// bits, so that 0 means empty).
pub const MAX_VALUE: u64 = 254;

/// One bucket: four slots of two words, on a cache line of its own, so
/// that a lookup misses the caches once, not twice (the system's
/// allocator aligns big blocks to 16 bytes only).
#[repr(C, align(64))]
struct Bucket([AtomicU64; SLOTS * 2]);

/// A lock-free table from canonical components to their values.
pub struct Table {
    /// Every bucket the budget allows, of which the first `2^L + s` are
    /// in use.
    buckets: Buckets,
    /// The buckets in use, `2^L + s`, as `L | s << 8` in one word, so
    /// that a lookup reads both at once ([`Shape`]).
    shape: AtomicU64,
    /// Slots filled so far (about: two threads filling one slot at once
    /// both count it).
    filled: AtomicU64,
    /// Whether a thread is bringing buckets into use.
    growing: AtomicBool,
    /// The most buckets the search's work so far allows in use
    /// ([`Table::allow`]).
    allowed: AtomicU64,
}

/// A slot as snapshots carry it: the mixed key whole (the bucket's bits
/// put back), the value and the grade of the work it cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    /// The key after [`mix`], which tables of every size share.
    pub mixed: u128,
    /// The value stored.
    pub value: u64,
    /// The work, as the bit length of the components visited (0 to 15).
    pub grade: u8,
}

/// The buckets in use: `2^level + split`, the buckets below `split`
/// already split into their twins `2^level` further on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shape {
    level: u32,
    split: u64,
}

impl Shape {
    /// The smallest table's.
    const FIRST: Shape = Shape {
        level: MIN_BUCKET_BITS,
        split: 0,
    };

    fn from_word(w: u64) -> Shape {
        Shape {
            level: (w & 0xFF) as u32,
            split: w >> 8,
        }
    }

    fn word(self) -> u64 {
        u64::from(self.level) | self.split << 8
    }

    /// Buckets in use.
    fn used(self) -> u64 {
        (1 << self.level) + self.split
    }

    /// The bucket of the mixed key `m`.
    #[inline]
    fn bucket(self, m: u128) -> usize {
        let low = (1u64 << self.level) - 1;
        let i = m as u64 & low;
        let i = if i < self.split {
            m as u64 & (2 * low + 1)
        } else {
            i
        };
        i as usize
    }

    /// The shape once bucket `split` has split.
    fn next(self) -> Shape {
        if self.split + 1 == 1 << self.level {
            Shape {
                level: self.level + 1,
                split: 0,
            }
        } else {
            Shape {
                split: self.split + 1,
                ..self
            }
        }
    }
}

/// A bijection of 128-bit keys that spreads every bit over the low ones.
fn mix(k: u128) -> u128 {
    const C1: u128 = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835;
    const C2: u128 = 0xD6E8_FEB8_6659_FD93_2545_F491_4F6C_DD1D;
    let mut m = k ^ (k >> 67);
    m = m.wrapping_mul(C1);
    m ^= m >> 61;
    m = m.wrapping_mul(C2);
    m ^ (m >> 64)
}

/// Buckets on one block of zeros from the allocator, aligned by hand:
/// a block aligned to 64 bytes would be cleared by the allocator at once
/// (every page resident), while one of the allocator's own alignment
/// gets pages of zeros from the system as they are first touched.
struct Buckets {
    /// The block, as allocated.
    block: *mut u8,
    layout: Layout,
    /// The first bucket, the block's first 64-byte boundary.
    first: *const Bucket,
    len: usize,
}

// SAFETY: the block is owned by `Buckets` alone, and the buckets in it
// are atomics, shared by reference like any `Sync` value.
unsafe impl Send for Buckets {}
// SAFETY: as above: every access through `&Buckets` is to atomics.
unsafe impl Sync for Buckets {}

impl Buckets {
    /// `len` empty buckets, or `None` when the system has no room.
    fn new(len: usize) -> Option<Buckets> {
        let bytes = len
            .checked_mul(BUCKET_BYTES as usize)?
            .checked_add(BUCKET_BYTES as usize)?;
        let layout = Layout::from_size_align(bytes, 16).ok()?;
        // SAFETY: the layout's size is at least one bucket, not zero.
        let block = unsafe { std::alloc::alloc_zeroed(layout) };
        if block.is_null() {
            return None;
        }
        let skip = block.align_offset(BUCKET_BYTES as usize);
        // SAFETY: `skip` is below 64, and the block holds 64 bytes more
        // than the buckets, so the first bucket and the `len` after it
        // lie inside the block.
        let first = unsafe { block.add(skip) }.cast::<Bucket>();
        Some(Buckets {
            block,
            layout,
            first,
            len,
        })
    }

    /// Bucket `i` (below `len`).
    #[inline]
    fn get(&self, i: usize) -> &Bucket {
        assert!(i < self.len);
        // SAFETY: `i < len`, so the bucket lies inside the block, which
        // holds zeros or buckets written through atomics (all bits are a
        // valid `Bucket`), and lives as long as `&self`.
        unsafe { &*self.first.add(i) }
    }
}

impl Drop for Buckets {
    fn drop(&mut self) {
        // SAFETY: the block was allocated with this layout and is freed
        // once, here.
        unsafe { std::alloc::dealloc(self.block, self.layout) }
    }
}

impl Bucket {
    /// Slot `s`, whose first word is the XOR of both halves.
    fn read(&self, s: usize) -> u128 {
        let x = self.0[2 * s].load(Ordering::Relaxed);
        let y = self.0[2 * s + 1].load(Ordering::Relaxed);
        (u128::from(x ^ y) << 64) | u128::from(y)
    }
}

impl Bucket {
    /// The value of the mixed key `m`, if the bucket holds it.
    fn value(&self, m: u128) -> Option<u64> {
        (0..SLOTS).find_map(|s| {
            let e = self.read(s);
            let v = (e & 0xFF) as u64;
            (v != 0 && e & KEY_MASK == m & KEY_MASK).then(|| v - 1)
        })
    }

    /// Stores the slot `entry` for the mixed key `m`: in the key's slot,
    /// an empty one or the least-worked one; says whether it took an
    /// empty slot.
    fn store(&self, m: u128, entry: u128) -> bool {
        let mut victim = 0;
        let mut least = u128::MAX;
        let mut empty = false;
        for s in 0..SLOTS {
            let e = self.read(s);
            if e & 0xFF == 0 {
                (victim, empty) = (s, true);
                break;
            }
            if e & KEY_MASK == m & KEY_MASK {
                victim = s;
                break;
            }
            let g = (e >> 8) & 0xF;
            if g < least {
                least = g;
                victim = s;
            }
        }
        self.write(victim, entry);
        empty
    }

    /// Writes slot `s` (0 empties it).
    fn write(&self, s: usize, entry: u128) {
        let (hi, lo) = ((entry >> 64) as u64, entry as u64);
        self.0[2 * s + 1].store(lo, Ordering::Relaxed);
        self.0[2 * s].store(hi ^ lo, Ordering::Relaxed);
    }
}

impl Table {
    /// A table of at most `bytes` bytes (whole buckets), starting at the
    /// smallest size; fails when `bytes` cannot hold the smallest table.
    pub fn with_bytes(bytes: u64) -> Result<Table> {
        if bytes < MIN_TABLE_BYTES {
            return Err(Error::unsupported(format!(
                "a memory budget of {} cannot hold the search's table (at least {} is needed)",
                crate::error::bytes_text(bytes),
                crate::error::bytes_text(MIN_TABLE_BYTES)
            )));
        }
        let most_buckets = bytes / BUCKET_BYTES;
        let buckets = usize::try_from(most_buckets)
            .ok()
            .and_then(Buckets::new)
            .ok_or_else(|| {
                Error::unsupported(format!(
                    "the system could not reserve {} for the search's table: give a smaller --memory",
                    crate::error::bytes_text(most_buckets * BUCKET_BYTES)
                ))
            })?;
        Ok(Table {
            buckets,
            shape: AtomicU64::new(Shape::FIRST.word()),
            filled: AtomicU64::new(0),
            growing: AtomicBool::new(false),
            allowed: AtomicU64::new(u64::MAX),
        })
    }

    /// Lets the buckets in use grow, while more than [`LOAD_PERCENT`]
    /// full, up to `slots` (at least the smallest table; every bucket
    /// until this is first called), and grows them now if they are that
    /// full below it: a search whose work grows gets room as it goes, and
    /// one that has done little keeps a table that fits the processor's
    /// caches.
    pub fn allow(&self, slots: u64) {
        let buckets = (slots / SLOTS as u64).max(1 << MIN_BUCKET_BITS);
        self.allowed.store(buckets, Ordering::Relaxed);
        if self.may_grow(self.shape()) {
            self.grow();
        }
    }

    fn shape(&self) -> Shape {
        Shape::from_word(self.shape.load(Ordering::Acquire))
    }

    /// Whether the buckets in use are more than [`LOAD_PERCENT`] full and
    /// one more may come into use.
    fn may_grow(&self, shape: Shape) -> bool {
        let n = shape.used();
        100 * self.filled.load(Ordering::Relaxed) > LOAD_PERCENT * n * SLOTS as u64
            && n < (self.buckets.len as u64).min(self.allowed.load(Ordering::Relaxed))
    }

    /// The bucket of the mixed key `m` under `shape`.
    #[inline]
    fn bucket(&self, m: u128, shape: Shape) -> &Bucket {
        self.buckets.get(shape.bucket(m))
    }

    /// The value stored for `key`, if any.
    #[inline]
    pub fn get(&self, key: u128) -> Option<u64> {
        let m = mix(key);
        self.bucket(m, self.shape()).value(m)
    }

    /// Stores `value` (at most [`MAX_VALUE`]) for `key`, whose search
    /// visited about `work` components: in its slot (replacing what it
    /// held), an empty one, or the bucket's least-worked one.
    pub fn put(&self, key: u128, value: u64, work: u64) {
        let grade = (64 - work.leading_zeros()).min(15) as u8;
        self.put_mixed(mix(key), value, grade);
    }

    /// [`Table::put`] of a key already mixed, with its grade of work;
    /// the buckets in use grow when this fills them past
    /// [`LOAD_PERCENT`].
    fn put_mixed(&self, m: u128, value: u64, grade: u8) {
        debug_assert!(value <= MAX_VALUE);
        let entry = (m & KEY_MASK) | (u128::from(grade) << 8) | u128::from(value + 1);
        let shape = self.shape();
        if self.bucket(m, shape).store(m, entry) {
            self.filled.fetch_add(1, Ordering::Relaxed);
            if self.may_grow(shape) {
                self.grow();
            }
        }
    }

    /// Brings buckets into use while the table is too full, unless
    /// another thread is at it: each split moves the slots of bucket
    /// `split` whose key has bit `level` set to its twin `2^level`
    /// further on (untouched until now), and publishes the new shape once
    /// they have moved.
    #[cold]
    fn grow(&self) {
        if self.growing.swap(true, Ordering::Acquire) {
            return;
        }
        let mut shape = self.shape();
        while self.may_grow(shape) {
            let twin = 1u64 << shape.level;
            let from = self.buckets.get(shape.split as usize);
            let to = self.buckets.get((shape.split + twin) as usize);
            for s in 0..SLOTS {
                let e = from.read(s);
                if e & 0xFF != 0 && e as u64 & twin != 0 {
                    to.write(s, e);
                    from.write(s, 0);
                }
            }
            shape = shape.next();
            self.shape.store(shape.word(), Ordering::Release);
        }
        self.growing.store(false, Ordering::Release);
    }

    /// Slots in use, for progress reports.
    pub fn filled(&self) -> u64 {
        self.filled.load(Ordering::Relaxed).min(self.slots())
    }

    /// Slots the table may grow to: progress reports tell the fill of
    /// the budget.
    pub fn slots(&self) -> u64 {
        (self.buckets.len * SLOTS) as u64
    }

    /// Every slot in use, for snapshots, each slot's bucket supplying the
    /// low bits of its mixed key that the slot does not store.
    pub fn slots_in_use(&self) -> impl Iterator<Item = Slot> + '_ {
        let used = self.shape().used() as usize;
        (0..used * SLOTS).filter_map(move |i| {
            let e = self.buckets.get(i / SLOTS).read(i % SLOTS);
            let bucket = (i / SLOTS) as u128;
            (e & 0xFF != 0).then(|| Slot {
                mixed: (e & KEY_MASK) | (bucket & !KEY_MASK),
                value: (e & 0xFF) as u64 - 1,
                grade: ((e >> 8) & 0xF) as u8,
            })
        })
    }

    /// Puts back a slot of [`Table::slots_in_use`] (of this table or of
    /// one of another size).
    pub fn restore(&self, slot: Slot) {
        self.put_mixed(slot.mixed, slot.value.min(MAX_VALUE), slot.grade.min(15));
    }

    /// Buckets in use now.
    #[cfg(test)]
    fn used(&self) -> u64 {
        self.shape().used()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_come_back_and_a_full_bucket_keeps_the_dearest() {
        let t = Table::with_bytes(MIN_TABLE_BYTES).unwrap();
        for k in 0..1000u128 {
            t.put(k * 7919, (k % 200) as u64, 1);
        }
        assert_eq!(t.get(7919 * 5), Some(5));
        assert_eq!(t.get(3), None);
        // Keys differing only in their high bits share nothing.
        t.put(1u128 << 127, 9, 1000);
        assert_eq!(t.get(1u128 << 127), Some(9));
        assert_eq!(t.get(1u128 << 126), None);
    }

    #[test]
    fn slots_in_use_fill_a_table_of_another_size() {
        let small = Table::with_bytes(MIN_TABLE_BYTES).unwrap();
        for k in 0..3000u128 {
            small.put(k << 70 | k, (k % 250) as u64, k as u64);
        }
        assert_eq!(small.slots(), 4 << MIN_BUCKET_BITS);
        let kept: Vec<Slot> = small.slots_in_use().collect();
        assert_eq!(kept.len() as u64, small.filled());
        let big = Table::with_bytes(MIN_TABLE_BYTES * 8).unwrap();
        kept.iter().for_each(|&s| big.restore(s));
        let mut found = 0;
        for k in 0..3000u128 {
            if let Some(v) = small.get(k << 70 | k) {
                assert_eq!(big.get(k << 70 | k), Some(v));
                found += 1;
            }
        }
        assert_eq!(found, kept.len());
        assert_eq!(big.filled(), kept.len() as u64);
    }

    /// Whether the buckets in use are the fewest that hold the slots
    /// filled at [`LOAD_PERCENT`].
    fn just_big_enough(t: &Table) -> bool {
        let at = |buckets: u64| buckets * SLOTS as u64 * LOAD_PERCENT;
        let filled = 100 * t.filled();
        at(t.used()) >= filled && at(t.used() - 1) < filled
    }

    #[test]
    fn a_table_grows_to_its_budget_and_keeps_what_it_held() {
        let t = Table::with_bytes(MIN_TABLE_BYTES * 8 + 1000).unwrap();
        assert_eq!(t.used(), 1 << MIN_BUCKET_BITS);
        let keys = 4u128 << MIN_BUCKET_BITS;
        for k in 0..keys {
            t.put(k * 0x1_0000_0001, (k % 255) as u64, 1);
        }
        // Grown a bucket at a time, past a power of two: the moves kept
        // the keys (all but a few a crowded bucket gave up), each with
        // its value.
        assert!(
            just_big_enough(&t),
            "{} buckets, {} filled",
            t.used(),
            t.filled()
        );
        assert!(t.used() > 5 << (MIN_BUCKET_BITS - 2), "{}", t.used());
        let mut found = 0;
        for k in 0..keys {
            if let Some(v) = t.get(k * 0x1_0000_0001) {
                assert_eq!(v, (k % 255) as u64, "{k}");
                found += 1;
            }
        }
        // Between two powers of two, the buckets not yet split get twice
        // the keys of the others and give up more (82% kept here).
        assert!(found * 100 > keys * 75, "{found} of {keys}");
        for k in keys..40 * keys {
            t.put(k * 0x1_0000_0001, 7, 1);
        }
        // The budget (whole buckets, not a power of two) stops the
        // growth; replacement takes over.
        assert_eq!(t.used(), (8 << MIN_BUCKET_BITS) + 1000 / BUCKET_BYTES);
        assert_eq!(t.slots(), t.used() * SLOTS as u64);
        assert!(t.filled() <= t.slots());
    }

    #[test]
    fn a_table_grows_only_as_far_as_it_is_allowed() {
        let t = Table::with_bytes(MIN_TABLE_BYTES * 8).unwrap();
        t.allow(0);
        let keys = 12u128 << MIN_BUCKET_BITS;
        for k in 0..keys {
            t.put(k * 0x1_0000_0001, 1, 1);
        }
        // Full, but not allowed more than the smallest table.
        assert_eq!(t.used(), 1 << MIN_BUCKET_BITS);
        // Allowed four times the slots: it grows at once to what its fill
        // needs, then as it fills, up to what it is allowed.
        t.allow(16 << MIN_BUCKET_BITS);
        assert!(
            just_big_enough(&t),
            "{} buckets, {} filled",
            t.used(),
            t.filled()
        );
        for k in keys..3 * keys {
            t.put(k * 0x1_0000_0001, 1, 1);
        }
        assert_eq!(t.used(), 4 << MIN_BUCKET_BITS);
        assert!(t.get((3 * keys - 1) * 0x1_0000_0001).is_some());
    }

    #[test]
    fn keys_find_their_bucket_between_powers_of_two() {
        let t = Table::with_bytes(MIN_TABLE_BYTES * 4).unwrap();
        // A key put is found at once, its bucket split or not, as the
        // table grows through sizes that are not powers of two.
        let keys = 9u128 << MIN_BUCKET_BITS;
        let key = |k: u128| mix(k) ^ k << 64;
        for k in 0..keys {
            t.put(key(k), (k % 200) as u64, 1);
            assert_eq!(t.get(key(k)), Some((k % 200) as u64), "{k}");
        }
        let mut kept = 0;
        for k in 0..keys {
            if let Some(v) = t.get(key(k)) {
                assert_eq!(v, (k % 200) as u64);
                kept += 1;
            }
        }
        assert!(just_big_enough(&t));
        assert!(t.used() & (t.used() - 1) != 0, "{}", t.used());
        // Crowded buckets gave up the others' keys (71% kept here).
        assert!(kept * 100 > keys * 65, "{kept} of {keys}");
        assert_eq!(t.slots_in_use().count() as u64, t.filled());
    }

    #[test]
    fn a_budget_below_the_smallest_table_is_refused() {
        let err = Table::with_bytes(1000).err().unwrap().to_string();
        assert!(err.contains("memory budget"), "{err}");
    }

    #[test]
    fn mix_is_a_bijection_on_samples() {
        let mut seen: Vec<u128> = (0..5000u128).map(|k| mix(k << 64 | k)).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 5000);
    }
}
