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
//! The table starts small and doubles while it is half full, up to its
//! budget: a search that needs a few megabytes then reads them from the
//! processor's caches instead of missing them across the whole budget
//! (Cram 5x6: 1.4 s in 68 MB with the whole budget at once, 1.0 s in 15
//! MB grown). A slot written into the old array while it is copied may
//! be lost, which costs its recomputation only: a slot is a fact.

use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU64, Ordering};
use std::sync::Mutex;

use crate::error::{Error, Result};

/// The fewest buckets a table has: their index supplies the low bits of
/// every key, where the value and the work are stored.
const MIN_BUCKET_BITS: u32 = 12;

/// The bits of a stored slot that are the key's (the others hold the
/// value and the work).
const KEY_MASK: u128 = !((1u128 << MIN_BUCKET_BITS) - 1);

/// Slots a bucket holds (four pairs of words: one cache line).
const SLOTS: usize = 4;

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

/// One array of buckets.
struct Array {
    buckets: Vec<Bucket>,
    /// Buckets minus one: a mask of the mixed key's low bits.
    mask: u64,
}

/// A lock-free table from canonical components to their values.
pub struct Table {
    /// The array in use, owned by the table (from `Box::into_raw`).
    array: AtomicPtr<Array>,
    /// The arrays outgrown: a thread that read the pointer just before a
    /// swap may still be in one, so they live as long as the table (all
    /// of them together are smaller than the array in use). Boxed: such
    /// a thread holds the address of the `Array` itself, not only of its
    /// words.
    #[allow(clippy::vec_box)]
    outgrown: Mutex<Vec<Box<Array>>>,
    /// The most buckets the budget allows.
    most_buckets: u64,
    /// Slots filled so far (about: two threads filling one slot at once
    /// both count it).
    filled: AtomicU64,
    /// Whether a thread is copying the array into a bigger one.
    growing: AtomicBool,
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

/// `len` empty buckets. The system allocator clears a block of this
/// alignment itself (no pages of zeros handed out lazily), so an array
/// is resident at once; it costs little, since an array that a table
/// grows into is a quarter full from the copy and spread by the hash.
fn zeroed(len: usize) -> Vec<Bucket> {
    let layout =
        std::alloc::Layout::array::<Bucket>(len).expect("a table within the address space");
    if layout.size() == 0 {
        return Vec::new();
    }
    // SAFETY: the layout has a non-zero size; all zero bits are a valid
    // `Bucket` (atomics of 0), and the block, allocated by the global
    // allocator with the layout of `len` buckets, passes whole to the
    // vector, which frees it with that layout.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout).cast::<Bucket>();
        if ptr.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Vec::from_raw_parts(ptr, len, len)
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

impl Array {
    fn new(buckets: u64) -> Box<Array> {
        Box::new(Array {
            buckets: zeroed(buckets as usize),
            mask: buckets - 1,
        })
    }

    fn bucket(&self, m: u128) -> &Bucket {
        &self.buckets[(m as u64 & self.mask) as usize]
    }

    fn get(&self, m: u128) -> Option<u64> {
        let b = self.bucket(m);
        (0..SLOTS).find_map(|s| {
            let e = b.read(s);
            let v = (e & 0xFF) as u64;
            (v != 0 && e & KEY_MASK == m & KEY_MASK).then(|| v - 1)
        })
    }

    /// Stores a mixed key's value and grade; says whether it took an
    /// empty slot.
    fn put(&self, m: u128, value: u64, grade: u8) -> bool {
        debug_assert!(value <= MAX_VALUE);
        let b = self.bucket(m);
        let entry = (m & KEY_MASK) | (u128::from(grade) << 8) | u128::from(value + 1);
        let mut victim = 0;
        let mut least = u128::MAX;
        let mut empty = false;
        for s in 0..SLOTS {
            let e = b.read(s);
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
        let (hi, lo) = ((entry >> 64) as u64, entry as u64);
        b.0[2 * victim + 1].store(lo, Ordering::Relaxed);
        b.0[2 * victim].store(hi ^ lo, Ordering::Relaxed);
        empty
    }

    fn slots(&self) -> u64 {
        (self.buckets.len() * SLOTS) as u64
    }

    /// Every slot in use, each slot's bucket supplying the low bits of
    /// its mixed key that the slot does not store.
    fn slots_in_use(&self) -> impl Iterator<Item = Slot> + '_ {
        (0..self.buckets.len() * SLOTS).filter_map(move |i| {
            let e = self.buckets[i / SLOTS].read(i % SLOTS);
            let bucket = (i / SLOTS) as u128;
            (e & 0xFF != 0).then(|| Slot {
                mixed: (e & KEY_MASK) | (bucket & !KEY_MASK),
                value: (e & 0xFF) as u64 - 1,
                grade: ((e >> 8) & 0xF) as u8,
            })
        })
    }
}

impl Table {
    /// A table of at most `bytes` bytes (rounded down to a power of two
    /// buckets), starting at the smallest size; fails when `bytes` cannot
    /// hold the smallest table.
    pub fn with_bytes(bytes: u64) -> Result<Table> {
        if bytes < MIN_TABLE_BYTES {
            return Err(Error::unsupported(format!(
                "a memory budget of {} cannot hold the search's table (at least {} is needed)",
                crate::error::bytes_text(bytes),
                crate::error::bytes_text(MIN_TABLE_BYTES)
            )));
        }
        let most_buckets = 1u64 << (63 - (bytes / BUCKET_BYTES).leading_zeros());
        Ok(Table {
            array: AtomicPtr::new(Box::into_raw(Array::new(1 << MIN_BUCKET_BITS))),
            outgrown: Mutex::new(Vec::new()),
            most_buckets,
            filled: AtomicU64::new(0),
            growing: AtomicBool::new(false),
        })
    }

    fn array(&self) -> &Array {
        // SAFETY: the pointer always comes from `Box::into_raw`, and an
        // array is freed only when the table is dropped (outgrown ones
        // move to `outgrown`), which `&self` rules out meanwhile.
        unsafe { &*self.array.load(Ordering::Acquire) }
    }

    /// The value stored for `key`, if any.
    #[inline]
    pub fn get(&self, key: u128) -> Option<u64> {
        self.array().get(mix(key))
    }

    /// Stores `value` (at most [`MAX_VALUE`]) for `key`, whose search
    /// visited about `work` components: in its slot (replacing what it
    /// held), an empty one, or the bucket's least-worked one.
    pub fn put(&self, key: u128, value: u64, work: u64) {
        let grade = (64 - work.leading_zeros()).min(15) as u8;
        self.put_mixed(mix(key), value, grade);
    }

    /// [`Table::put`] of a key already mixed, with its grade of work;
    /// the array doubles when this fills half of it.
    fn put_mixed(&self, m: u128, value: u64, grade: u8) {
        let array = self.array();
        if array.put(m, value, grade) {
            let filled = self.filled.fetch_add(1, Ordering::Relaxed) + 1;
            if 2 * filled > array.slots() && array.mask + 1 < self.most_buckets {
                self.grow(array);
            }
        }
    }

    /// Copies `array` into one twice its size, unless another thread is
    /// at it or has done it.
    #[cold]
    fn grow(&self, array: &Array) {
        if self.growing.swap(true, Ordering::Acquire) {
            return;
        }
        if std::ptr::eq(array, self.array()) {
            let bigger = Array::new((array.mask + 1) * 2);
            let mut copied = 0;
            for s in array.slots_in_use() {
                copied += u64::from(bigger.put(s.mixed, s.value, s.grade));
            }
            self.filled.store(copied, Ordering::Relaxed);
            let old = self.array.swap(Box::into_raw(bigger), Ordering::AcqRel);
            // SAFETY: `old` came from `Box::into_raw` and is owned by the
            // table alone; it moves whole into `outgrown`.
            let old = unsafe { Box::from_raw(old) };
            self.outgrown
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(old);
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
        self.most_buckets * SLOTS as u64
    }

    /// Every slot in use, for snapshots.
    pub fn slots_in_use(&self) -> impl Iterator<Item = Slot> + '_ {
        self.array().slots_in_use()
    }

    /// Puts back a slot of [`Table::slots_in_use`] (of this table or of
    /// one of another size).
    pub fn restore(&self, slot: Slot) {
        self.put_mixed(slot.mixed, slot.value.min(MAX_VALUE), slot.grade.min(15));
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        // SAFETY: the pointer came from `Box::into_raw` and nothing else
        // owns it; `&mut self` means no thread is reading it.
        drop(unsafe { Box::from_raw(*self.array.get_mut()) });
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

    #[test]
    fn a_table_grows_to_its_budget_and_keeps_what_it_held() {
        let t = Table::with_bytes(MIN_TABLE_BYTES * 8 + 1000).unwrap();
        assert_eq!(t.array().slots(), 4 << MIN_BUCKET_BITS);
        let keys = 4u128 << MIN_BUCKET_BITS;
        for k in 0..keys {
            t.put(k * 0x1_0000_0001, (k % 255) as u64, 1);
        }
        // Half full at most: the copies kept the keys (all but a few a
        // crowded bucket gave up), each with its value.
        assert_eq!(t.array().slots(), 8 << MIN_BUCKET_BITS);
        let mut found = 0;
        for k in 0..keys {
            if let Some(v) = t.get(k * 0x1_0000_0001) {
                assert_eq!(v, (k % 255) as u64, "{k}");
                found += 1;
            }
        }
        assert!(found * 100 > keys * 90, "{found} of {keys}");
        for k in keys..40 * keys {
            t.put(k * 0x1_0000_0001, 7, 1);
        }
        // The budget stops the doubling; replacement takes over.
        assert_eq!(t.array().slots(), 32 << MIN_BUCKET_BITS);
        assert_eq!(t.slots(), 32 << MIN_BUCKET_BITS);
        assert_eq!(t.outgrown.lock().unwrap().len(), 3);
        assert!(t.filled() <= t.slots());
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
