//! Arrays of cache-line buckets grown in place by linear hashing: the
//! storage under the split search's [`Table`](super::table::Table), for
//! slots of one word (keys packed into 64 bits) or of two.
//!
//! A slot is an entry: a mixed key whose low [`MIN_BUCKET_BITS`] bits
//! (implied by the bucket) are replaced by the grade of the work it cost
//! (bits 8 to 11) and its value plus one (bits 0 to 7, so 0 is empty). A
//! full bucket gives its least-worked slot to the newcomer: the values
//! that are dearest to recompute stay.
//!
//! An array uses a prefix of its buckets (counted from the start of its
//! block or from the end, so that two arrays share one block), which
//! starts small and grows in place, a bucket at a time, while fuller than its format's load: a
//! search that needs a few megabytes then reads them from the processor's
//! caches instead of missing them across the whole budget (Cram 5x6: 1.4
//! s in 68 MB with the whole budget at once, 1.0 s in 15 MB grown). It
//! grows by linear hashing (Litwin, 1980): with `2^L + s` buckets in use,
//! a key's bucket is its low `L` bits, or its low `L + 1` bits when those
//! fall below `s`, and one more bucket comes into use by moving the slots
//! of bucket `s` whose bit `L` is set to bucket `2^L + s`; so the array's
//! size is any number of buckets, not a power of two, and holds about as
//! much as its work needs (doubling left tables between a quarter and
//! half full). The price: a bucket not yet split takes the keys of two,
//! so between two powers of two crowded buckets give up more slots than
//! a doubled array's would, which is why arrays grow before they are
//! full. The buckets never move, so no reader is ever left in freed
//! memory, and the pages that the prefix has not reached are never
//! touched (the allocator hands out pages of zeros lazily). A slot
//! written while a bucket splits may be lost or left where no lookup
//! finds it, which costs its recomputation only: a slot is a fact.

use std::alloc::Layout;
use std::sync::atomic::{AtomicU64, Ordering};

/// The fewest buckets an array has: their index supplies the low bits of
/// every key, where the value and the work are stored.
pub const MIN_BUCKET_BITS: u32 = 12;

/// The bits of an entry that are the key's (the others hold the value
/// and the work).
pub const KEY_MASK: u128 = !((1u128 << MIN_BUCKET_BITS) - 1);

/// Bytes of one bucket: a cache line.
pub const BUCKET_BYTES: u64 = 64;

/// One bucket: eight words on a cache line of its own, so that a lookup
/// misses the caches once, not twice (the system's allocator aligns big
/// blocks to 16 bytes only).
#[repr(C, align(64))]
pub struct Bucket([AtomicU64; 8]);

/// Slots of one word, for keys packed into 64 bits: eight a bucket, each
/// written at once, so no read is ever torn.
pub type Narrow = Array<false>;

/// Slots of two words, four a bucket. The two words are written
/// separately, the first the XOR of both halves (Hyatt's lockless
/// hashing), so that a read torn between two writers fails its check
/// instead of returning another key's value.
pub type Wide = Array<true>;

/// How entries sit in a bucket's words: one word a slot ([`Narrow`]) or
/// two ([`Wide`]), decided when the array's type is, so each lookup's
/// branch is compiled away.
impl<const WIDE: bool> Array<WIDE> {
    /// Slots a bucket holds.
    pub const SLOTS: usize = if WIDE { 4 } else { 8 };
    /// How full (in percent of the slots in use) an array grows at:
    /// fuller arrays give up more slots in crowded buckets.
    ///
    /// Narrow: Cram 4x11 on two threads, in three alternating rounds: 6.7,
    /// 6.2 and 5.4 s in 12.6 MB at 50%, 8.0, 6.9 and 5.9 s in 11.5 MB at
    /// 65%, 8.0, 8.0 and 7.4 s in 11.0 MB at 80% (the anchor 14.2-16.3 s
    /// in 16.0 MB); at 40%, no faster than at 50% in 13.3 MB.
    ///
    /// Wide: Cram 4x11 on two threads, in one run against the anchor's
    /// 16.0-17.9 s in 16.1 MB: 7.9-8.3 s in 14.1 MB at 65%, 7.5-8.2 s in
    /// 16.0 MB at 50%, 8.1-9.4 s in 13.0 MB at 75%; Cram 5x9: 41.5 s in
    /// 35 MB, 39.9 s in 43 MB, 44.6 s in 31 MB (the anchor 93.6 s in 55
    /// MB); Chomp 13x13 the same at 50% and 65% (measured before keys
    /// were packed, with every slot wide).
    pub const LOAD_PERCENT: u64 = if WIDE { 65 } else { 50 };
    /// Whether the array's buckets are counted from the block's end, so
    /// that the two arrays of a table share one block, growing towards
    /// each other.
    const FROM_END: bool = WIDE;

    /// The entry in slot `s` (0 when empty).
    #[inline]
    fn read(b: &Bucket, s: usize) -> u128 {
        if WIDE {
            let x = b.0[2 * s].load(Ordering::Relaxed);
            let y = b.0[2 * s + 1].load(Ordering::Relaxed);
            (u128::from(x ^ y) << 64) | u128::from(y)
        } else {
            u128::from(b.0[s].load(Ordering::Relaxed))
        }
    }

    /// Writes the entry `e` to slot `s` (0 empties it).
    fn write(b: &Bucket, s: usize, e: u128) {
        if WIDE {
            let (hi, lo) = ((e >> 64) as u64, e as u64);
            b.0[2 * s + 1].store(lo, Ordering::Relaxed);
            b.0[2 * s].store(hi ^ lo, Ordering::Relaxed);
        } else {
            debug_assert!(e >> 64 == 0);
            b.0[s].store(e as u64, Ordering::Relaxed);
        }
    }
}

/// The buckets in use: `2^level + split`, the buckets below `split`
/// already split into their twins `2^level` further on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shape {
    level: u32,
    split: u64,
}

impl Shape {
    /// The smallest array's.
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
    fn bucket(self, m: u128) -> u64 {
        let low = (1u64 << self.level) - 1;
        let i = m as u64 & low;
        if i < self.split {
            m as u64 & (2 * low + 1)
        } else {
            i
        }
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

/// Buckets on one block of zeros from the allocator, aligned by hand:
/// a block aligned to 64 bytes would be cleared by the allocator at once
/// (every page resident), while one of the allocator's own alignment
/// gets pages of zeros from the system as they are first touched.
pub struct Block {
    /// The block, as allocated.
    block: *mut u8,
    layout: Layout,
    /// The first bucket, the block's first 64-byte boundary.
    first: *const Bucket,
    len: usize,
}

// SAFETY: the block is owned by `Block` alone, and the buckets in it are
// atomics, shared by reference like any `Sync` value.
unsafe impl Send for Block {}
// SAFETY: as above: every access through `&Block` is to atomics.
unsafe impl Sync for Block {}

impl Block {
    /// `len` empty buckets, or `None` when the system has no room.
    pub fn new(len: usize) -> Option<Block> {
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
        Some(Block {
            block,
            layout,
            first,
            len,
        })
    }

    /// Buckets in the block.
    pub fn buckets(&self) -> u64 {
        self.len as u64
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

impl Drop for Block {
    fn drop(&mut self) {
        // SAFETY: the block was allocated with this layout and is freed
        // once, here.
        unsafe { std::alloc::dealloc(self.block, self.layout) }
    }
}

/// A lock-free array of buckets of slots in the format `F`, of which a
/// prefix is in use, on a [`Block`] it shares with an array of the other
/// format (one counted from each end): the caller hands each method the
/// block, and lets one array at a time grow, as far as the other leaves
/// room.
pub struct Array<const WIDE: bool> {
    /// The buckets in use, `2^L + s`, as `L | s << 8` in one word, so
    /// that a lookup reads both at once ([`Shape`]).
    shape: AtomicU64,
    /// Slots filled so far (about: two threads filling one slot at once
    /// both count it).
    filled: AtomicU64,
}

impl<const WIDE: bool> Array<WIDE> {
    /// An array of the fewest buckets, `2^MIN_BUCKET_BITS`.
    pub fn smallest() -> Array<WIDE> {
        Array {
            shape: AtomicU64::new(Shape::FIRST.word()),
            filled: AtomicU64::new(0),
        }
    }

    /// The array's bucket `i` in `block`.
    #[inline]
    fn at<'b>(&self, block: &'b Block, i: u64) -> &'b Bucket {
        let i = if Self::FROM_END {
            block.buckets() - 1 - i
        } else {
            i
        };
        block.get(i as usize)
    }

    fn shape(&self) -> Shape {
        Shape::from_word(self.shape.load(Ordering::Acquire))
    }

    /// Buckets in use now.
    pub fn used(&self) -> u64 {
        self.shape().used()
    }

    /// Slots filled so far.
    pub fn filled(&self) -> u64 {
        self.filled.load(Ordering::Relaxed)
    }

    /// Whether the buckets in use are fuller than the format's load.
    pub fn full(&self) -> bool {
        100 * self.filled() > Self::LOAD_PERCENT * self.used() * Self::SLOTS as u64
    }

    /// The value of the mixed key `m`, if the array holds it.
    #[inline]
    pub fn value(&self, block: &Block, m: u128) -> Option<u64> {
        let b = self.at(block, self.shape().bucket(m));
        (0..Self::SLOTS).find_map(|s| {
            let e = Self::read(b, s);
            let v = (e & 0xFF) as u64;
            (v != 0 && e & KEY_MASK == m & KEY_MASK).then(|| v - 1)
        })
    }

    /// Asks the processor to bring the bucket of the mixed key `m` into
    /// its caches, so that a lookup of it a little later does not wait.
    #[inline]
    pub fn prefetch(&self, block: &Block, m: u128) {
        let b: *const Bucket = self.at(block, self.shape().bucket(m));
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch reads nothing the program sees, and the SSE
        // it needs is part of every x86-64 processor.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(b.cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = b;
    }

    /// Stores `entry` for the mixed key `m`: in the key's slot, an empty
    /// one or the least-worked one; says whether it took an empty slot.
    pub fn store(&self, block: &Block, m: u128, entry: u128) -> bool {
        let b = self.at(block, self.shape().bucket(m));
        let mut victim = 0;
        let mut least = u128::MAX;
        let mut empty = false;
        for s in 0..Self::SLOTS {
            let e = Self::read(b, s);
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
        Self::write(b, victim, entry);
        if empty {
            self.filled.fetch_add(1, Ordering::Relaxed);
        }
        empty
    }

    /// Brings buckets into use while the array is too full, or uses
    /// fewer than `least`, and uses fewer than `limit` (at most what the
    /// other array on `block` leaves); the caller lets no other thread
    /// grow either array meanwhile. Each split moves the slots of bucket
    /// `split` whose key has bit `level` set to its twin `2^level`
    /// further on (untouched until now), and publishes the new shape once
    /// they have moved.
    #[cold]
    pub fn grow(&self, block: &Block, limit: u64, least: u64) {
        let mut shape = self.shape();
        while (self.full() || shape.used() < least) && shape.used() < limit {
            let twin = 1u64 << shape.level;
            let from = self.at(block, shape.split);
            let to = self.at(block, shape.split + twin);
            for s in 0..Self::SLOTS {
                let e = Self::read(from, s);
                if e & 0xFF != 0 && e as u64 & twin != 0 {
                    Self::write(to, s, e);
                    Self::write(from, s, 0);
                }
            }
            shape = shape.next();
            self.shape.store(shape.word(), Ordering::Release);
        }
    }

    /// Every entry in use, with the low bits of its mixed key (the
    /// bucket's, which it does not store) put back: `(mixed, entry)`.
    pub fn entries<'a>(&'a self, block: &'a Block) -> impl Iterator<Item = (u128, u128)> + 'a {
        let used = self.used() as usize;
        (0..used * Self::SLOTS).filter_map(move |i| {
            let e = Self::read(self.at(block, (i / Self::SLOTS) as u64), i % Self::SLOTS);
            let bucket = (i / Self::SLOTS) as u128;
            (e & 0xFF != 0).then_some(((e & KEY_MASK) | (bucket & !KEY_MASK), e))
        })
    }
}
