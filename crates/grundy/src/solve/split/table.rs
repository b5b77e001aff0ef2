//! The transposition table of the split search: canonical components
//! (128-bit keys) to their values, shared by every thread without locks.
//!
//! Most keys fit in 64 bits: a board's cells in their bounding box, its
//! width on top, leave bits 57 to 120 clear on boards of at most 57
//! cells (every Cram and grid record), and so do small Chomp diagrams.
//! Such keys are packed into one word and kept in slots of one word,
//! eight to a cache line; the others in slots of two words, four to a
//! line (`buckets`). A table is one array of each on
//! one block of its budget, the packed one counted from the block's
//! start and the other from its end, so that they share the budget
//! without reserving it twice; an array no key of the game reaches is
//! never touched. Packed slots hold twice the values in the same memory, which
//! pays for growing them at half full: Cram 4x11 on two threads, in four
//! alternating rounds, took 5.7-6.9 s in 12.5 MB, against 8.0-9.4 s in
//! 14.3 MB with every slot wide and grown at 65% (the anchor 17.1-19.3 s
//! in 16.0 MB); of that, the search's prefetching of its lookups is worth
//! about 5% (packed slots without it: 5.4-8.1 s in 12.3-12.7 MB in other
//! rounds).
//!
//! A key is first packed if it can be, then mixed by a bijection, so
//! that its low bits pick the bucket and the rest, stored, identify it
//! exactly.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::buckets::{Array, Block, Narrow, Wide, BUCKET_BYTES, KEY_MASK, MIN_BUCKET_BITS};
use crate::error::{Error, Result};

/// The smallest table, in bytes: the smallest array of each format.
pub const MIN_TABLE_BYTES: u64 = (2 * BUCKET_BYTES) << MIN_BUCKET_BITS;

/// The largest value a slot holds (it stores the value plus one, in 8
/// bits, so that 0 means empty).
pub const MAX_VALUE: u64 = 254;

/// The bits a key that packs into one word leaves clear: the low 57 bits
/// and the top 7 (where a board's width sits) are kept.
const MIDDLE: u128 = ((1u128 << 121) - 1) & !((1u128 << 57) - 1);

/// A lock-free table from canonical components to their values.
pub struct Table {
    /// The budget's buckets, which both arrays share.
    block: Block,
    /// The slots of keys packed into one word.
    narrow: Narrow,
    /// The slots of the other keys.
    wide: Wide,
    /// Whether a thread is bringing buckets into use (in either array:
    /// one grows at a time, so they never meet).
    growing: AtomicBool,
    /// The most slots (of either format) the search's work so far allows
    /// each array ([`Table::allow`]).
    allowed: AtomicU64,
}

/// A slot as snapshots carry it: the mixed key whole (the bucket's bits
/// put back), whether it was packed, the value and the grade of the work
/// it cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    /// The key after `pack` and `mix64`, or after `mix` when it
    /// does not pack; tables of every size share it.
    pub mixed: u128,
    /// Whether the key was packed into one word.
    pub narrow: bool,
    /// The value stored.
    pub value: u64,
    /// The work, as the bit length of the components visited (0 to 15).
    pub grade: u8,
}

/// The key `k` in one word, if bits 57 to 120 are clear: bijective on
/// those keys.
#[inline]
fn pack(k: u128) -> Option<u64> {
    (k & MIDDLE == 0).then_some(k as u64 | ((k >> 121) as u64) << 57)
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

/// A bijection of packed keys that spreads every bit over the low ones.
#[inline]
fn mix64(k: u64) -> u64 {
    let mut m = k ^ (k >> 31);
    m = m.wrapping_mul(0x7FB5_D329_728E_A185);
    m ^= m >> 27;
    m = m.wrapping_mul(0x81DA_DEF4_BC2D_D44D);
    m ^ (m >> 33)
}

/// Whether `key` packs into one word, and the key mixed as its array
/// keeps it.
#[inline]
fn mixed(key: u128) -> (bool, u128) {
    match pack(key) {
        Some(p) => (true, u128::from(mix64(p))),
        None => (false, mix(key)),
    }
}

/// The entry of a slot: the key's stored bits, the grade, the value.
fn entry(m: u128, value: u64, grade: u8) -> u128 {
    debug_assert!(value <= MAX_VALUE);
    (m & KEY_MASK) | (u128::from(grade) << 8) | u128::from(value + 1)
}

impl Table {
    /// A table of at most `bytes` bytes (whole buckets), both arrays
    /// starting at their smallest size; fails when `bytes` cannot hold
    /// the smallest table.
    pub fn with_bytes(bytes: u64) -> Result<Table> {
        if bytes < MIN_TABLE_BYTES {
            return Err(Error::unsupported(format!(
                "a memory budget of {} cannot hold the search's table (at least {} is needed)",
                crate::error::bytes_text(bytes),
                crate::error::bytes_text(MIN_TABLE_BYTES)
            )));
        }
        let budget = bytes / BUCKET_BYTES;
        let block = usize::try_from(budget)
            .ok()
            .and_then(Block::new)
            .ok_or_else(|| {
                Error::unsupported(format!(
                    "the system could not reserve {} for the search's table: give a smaller --memory",
                    crate::error::bytes_text(budget * BUCKET_BYTES)
                ))
            })?;
        Ok(Table {
            block,
            narrow: Array::smallest(),
            wide: Array::smallest(),
            growing: AtomicBool::new(false),
            allowed: AtomicU64::new(u64::MAX),
        })
    }

    /// Lets each array grow, while fuller than its load, up to `slots`
    /// (at least its smallest size; every bucket until this is first
    /// called), and grows them now if they are that full below it: a
    /// search whose work grows gets room as it goes, and one that has
    /// done little keeps a table that fits the processor's caches.
    pub fn allow(&self, slots: u64) {
        self.allowed.store(slots, Ordering::Relaxed);
        if self.narrow.full() {
            self.grow(&self.narrow, &self.wide);
        }
        if self.wide.full() {
            self.grow(&self.wide, &self.narrow);
        }
    }

    /// Grows `array` as far as it is allowed and `other` leaves room on
    /// the block, unless another thread is growing either: the room is
    /// read while no other growth can take it.
    #[cold]
    fn grow<const F: bool, const O: bool>(&self, array: &Array<F>, other: &Array<O>) {
        if self.growing.swap(true, Ordering::Acquire) {
            return;
        }
        let allowed = self.allowed.load(Ordering::Relaxed) / Array::<F>::SLOTS as u64;
        let room = self.block.buckets() - other.used();
        array.grow(&self.block, allowed.max(1 << MIN_BUCKET_BITS).min(room), 0);
        self.growing.store(false, Ordering::Release);
    }

    /// The value stored for `key`, if any.
    #[inline]
    pub fn get(&self, key: u128) -> Option<u64> {
        match mixed(key) {
            (true, m) => self.narrow.value(&self.block, m),
            (false, m) => self.wide.value(&self.block, m),
        }
    }

    /// Starts bringing the slots of `key` into the processor's caches:
    /// a search that looks up a key while it makes the next pays for one
    /// miss of the caches at a time no longer.
    #[inline]
    pub fn prefetch(&self, key: u128) {
        match mixed(key) {
            (true, m) => self.narrow.prefetch(&self.block, m),
            (false, m) => self.wide.prefetch(&self.block, m),
        }
    }

    /// Stores `value` (at most [`MAX_VALUE`]) for `key`, whose search
    /// visited about `work` components: in its slot (replacing what it
    /// held), an empty one, or the bucket's least-worked one.
    pub fn put(&self, key: u128, value: u64, work: u64) {
        let grade = (64 - work.leading_zeros()).min(15) as u8;
        let (narrow, m) = mixed(key);
        self.put_mixed(narrow, m, value, grade);
    }

    /// [`Table::put`] of a key already packed (if `narrow`) and mixed,
    /// with its grade of work; its array grows when this fills it past
    /// its load.
    fn put_mixed(&self, narrow: bool, m: u128, value: u64, grade: u8) {
        let e = entry(m, value, grade);
        if narrow {
            if self.narrow.store(&self.block, m, e) && self.narrow.full() {
                self.grow(&self.narrow, &self.wide);
            }
        } else if self.wide.store(&self.block, m, e) && self.wide.full() {
            self.grow(&self.wide, &self.narrow);
        }
    }

    /// Slots in use, for progress reports.
    pub fn filled(&self) -> u64 {
        (self.narrow.filled() + self.wide.filled()).min(self.slots())
    }

    /// Bytes the table takes (both arrays: the budget's share it was given).
    pub fn bytes(&self) -> u64 {
        self.block.buckets() * BUCKET_BYTES
    }

    /// Slots the table may grow to, counted in the format most of its
    /// slots have: progress reports tell the fill of the budget.
    pub fn slots(&self) -> u64 {
        let per_bucket = if self.narrow.filled() >= self.wide.filled() {
            Narrow::SLOTS
        } else {
            Wide::SLOTS
        };
        self.block.buckets() * per_bucket as u64
    }

    /// Every slot in use, for snapshots.
    pub fn slots_in_use(&self) -> impl Iterator<Item = Slot> + '_ {
        let slot = |narrow: bool| {
            move |(mixed, e): (u128, u128)| Slot {
                mixed,
                narrow,
                value: (e & 0xFF) as u64 - 1,
                grade: ((e >> 8) & 0xF) as u8,
            }
        };
        let narrow = self.narrow.entries(&self.block).map(slot(true));
        narrow.chain(self.wide.entries(&self.block).map(slot(false)))
    }

    /// Brings into use, within the block, buckets for `narrow` and `wide`
    /// entries at half their load, before slots of a snapshot are put
    /// back: put into arrays that grow a bucket at a time as they fill,
    /// a crowded bucket gave up some of them (a finished search's
    /// checkpoint lost a tenth of its entries at every rerun).
    pub fn reserve(&self, narrow: u64, wide: u64) {
        let need = |n: u64, slots: usize, load: u64| {
            (n.saturating_mul(200) / (load * slots as u64)).next_power_of_two()
        };
        if self.growing.swap(true, Ordering::Acquire) {
            return;
        }
        let room = self.block.buckets() - self.wide.used();
        let least = need(narrow, Narrow::SLOTS, Narrow::LOAD_PERCENT);
        self.narrow.grow(&self.block, room, least.min(room));
        let room = self.block.buckets() - self.narrow.used();
        let least = need(wide, Wide::SLOTS, Wide::LOAD_PERCENT);
        self.wide.grow(&self.block, room, least.min(room));
        self.growing.store(false, Ordering::Release);
    }

    /// Puts back a slot of [`Table::slots_in_use`] (of this table or of
    /// one of another size).
    pub fn restore(&self, slot: Slot) {
        let value = slot.value.min(MAX_VALUE);
        self.put_mixed(slot.narrow, slot.mixed, value, slot.grade.min(15));
    }

    /// Buckets in use now, in both arrays.
    #[cfg(test)]
    fn used(&self) -> u64 {
        self.narrow.used() + self.wide.used()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A key that packs into one word, for each `k` a different one.
    fn narrow_key(k: u128) -> u128 {
        (k * 0x9E37_79B9_7F4A_7C15) & ((1 << 57) - 1)
    }

    /// A key that does not pack, for each `k` a different one.
    fn wide_key(k: u128) -> u128 {
        narrow_key(k) | 1 << 100
    }

    #[test]
    fn keys_pack_when_their_middle_bits_are_clear() {
        assert_eq!(pack(5 | 7 << 121), Some(5 | 7 << 57));
        assert_eq!(pack(1 << 57), None);
        assert_eq!(pack(1 << 120), None);
        assert!(pack(narrow_key(12345)).is_some() && pack(wide_key(12345)).is_none());
        let mut seen: Vec<u64> = (0..3000u128)
            .flat_map(|k| [narrow_key(k), narrow_key(k) | (k % 128) << 121])
            .map(|k| mix64(pack(k).unwrap()))
            .collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(
            seen.len(),
            6000 - 24,
            "where k % 128 is 0, the two keys are one"
        );
    }

    #[test]
    fn values_come_back_and_a_full_bucket_keeps_the_dearest() {
        for key in [narrow_key, wide_key] {
            let t = Table::with_bytes(MIN_TABLE_BYTES).unwrap();
            for k in 0..1000u128 {
                t.put(key(k * 7919), (k % 200) as u64, 1);
            }
            assert_eq!(t.get(key(7919 * 5)), Some(5));
            assert_eq!(t.get(key(3)), None);
        }
        // Keys differing only in their high bits share nothing, packed
        // or not.
        let t = Table::with_bytes(MIN_TABLE_BYTES).unwrap();
        for (a, b) in [(1u128 << 127, 1u128 << 126), (1 << 110, 1 << 109)] {
            t.put(a, 9, 1000);
            assert_eq!(t.get(a), Some(9));
            assert_eq!(t.get(b), None);
        }
    }

    #[test]
    fn slots_in_use_fill_a_table_of_another_size() {
        let small = Table::with_bytes(MIN_TABLE_BYTES).unwrap();
        let key = |k: u128| {
            if k.is_multiple_of(3) {
                wide_key(k)
            } else {
                narrow_key(k)
            }
        };
        for k in 0..30000u128 {
            small.put(key(k), (k % 250) as u64, k as u64);
        }
        let kept: Vec<Slot> = small.slots_in_use().collect();
        assert_eq!(kept.len() as u64, small.filled());
        assert!(kept.iter().any(|s| s.narrow) && kept.iter().any(|s| !s.narrow));
        let big = Table::with_bytes(MIN_TABLE_BYTES * 8).unwrap();
        kept.iter().for_each(|&s| big.restore(s));
        let mut found = 0;
        for k in 0..30000u128 {
            if let Some(v) = small.get(key(k)) {
                assert_eq!(big.get(key(k)), Some(v));
                found += 1;
            }
        }
        assert_eq!(found, kept.len());
        assert_eq!(big.filled(), kept.len() as u64);
    }

    /// Whether `a` uses the fewest buckets that hold its slots at its
    /// load.
    fn just_big_enough<const F: bool>(a: &Array<F>) -> bool {
        let at = |buckets: u64| buckets * Array::<F>::SLOTS as u64 * Array::<F>::LOAD_PERCENT;
        let filled = 100 * a.filled();
        at(a.used()) >= filled && at(a.used() - 1) < filled
    }

    /// The array of `t` that the keys of `narrow` go to, as the checks
    /// of its growth.
    fn grown(t: &Table, narrow: bool) -> (bool, u64, u64) {
        if narrow {
            let a = &t.narrow;
            (just_big_enough(a), a.used(), Narrow::SLOTS as u64)
        } else {
            let a = &t.wide;
            (just_big_enough(a), a.used(), Wide::SLOTS as u64)
        }
    }

    /// The slots of a table put back into a fresh one of the same
    /// budget are all kept: buckets for them are brought into use first
    /// (grown a bucket at a time as they came, crowded buckets gave some
    /// up, and a checkpoint lost entries at every rerun).
    #[test]
    fn a_snapshot_put_back_keeps_every_slot() {
        for key in [narrow_key as fn(u128) -> u128, wide_key] {
            let t = Table::with_bytes(1 << 28).unwrap();
            for k in 0..400_000 {
                t.put(key(k), (k % 200) as u64, 1 + (k % 7) as u64);
            }
            let slots: Vec<Slot> = t.slots_in_use().collect();
            let again = Table::with_bytes(1 << 28).unwrap();
            let narrow = slots.iter().filter(|s| s.narrow).count() as u64;
            again.reserve(narrow, slots.len() as u64 - narrow);
            slots.iter().for_each(|s| again.restore(*s));
            assert_eq!(again.slots_in_use().count(), slots.len());
        }
    }

    #[test]
    fn a_table_grows_to_its_budget_and_keeps_what_it_held() {
        let first = 1u64 << MIN_BUCKET_BITS;
        for (narrow, key) in [(true, narrow_key as fn(u128) -> u128), (false, wide_key)] {
            let t = Table::with_bytes(MIN_TABLE_BYTES * 8 + 1000).unwrap();
            assert_eq!(t.used(), 2 * first);
            let per_bucket = grown(&t, narrow).2;
            let keys = u128::from(per_bucket * first);
            for k in 0..keys {
                t.put(key(k), (k % 255) as u64, 1);
            }
            // Grown a bucket at a time, past a power of two: the moves
            // kept the keys (all but a few a crowded bucket gave up),
            // each with its value.
            let (enough, used, _) = grown(&t, narrow);
            assert!(enough, "{used} buckets, {} filled", t.filled());
            assert!(used > first * 5 / 4, "{used}");
            let mut found = 0;
            for k in 0..keys {
                if let Some(v) = t.get(key(k)) {
                    assert_eq!(v, (k % 255) as u64, "{k}");
                    found += 1;
                }
            }
            // Between two powers of two, the buckets not yet split get
            // twice the keys of the others and give up more.
            assert!(found * 100 > keys * 75, "{found} of {keys}");
            for k in keys..40 * keys {
                t.put(key(k), 7, 1);
            }
            // The budget (whole buckets, not a power of two, less the
            // other array's smallest size) stops the growth; replacement
            // takes over.
            let budget = (16 << MIN_BUCKET_BITS) + 1000 / BUCKET_BYTES;
            assert_eq!(t.used(), budget);
            assert_eq!(grown(&t, narrow).1, budget - first);
            assert_eq!(t.slots(), budget * per_bucket);
            assert!(t.filled() <= t.slots());
        }
    }

    #[test]
    fn packed_keys_take_half_the_memory() {
        let t = Table::with_bytes(MIN_TABLE_BYTES * 4).unwrap();
        let keys = 48u128 << MIN_BUCKET_BITS;
        for k in 0..keys {
            t.put(narrow_key(k), (k % 200) as u64, 1);
            t.put(wide_key(k), (k % 201) as u64, 1);
        }
        // Both arrays full, on one block from either end: the buckets
        // each took hold eight packed keys or four others, and every key
        // kept has its own value.
        assert_eq!(t.used(), 8 << MIN_BUCKET_BITS);
        for k in 0..keys {
            assert!(t.get(narrow_key(k)).is_none_or(|v| v == (k % 200) as u64));
            assert!(t.get(wide_key(k)).is_none_or(|v| v == (k % 201) as u64));
        }
        let count = |narrow: bool| t.slots_in_use().filter(|s| s.narrow == narrow).count();
        let per_bucket = |narrow: bool| count(narrow) as f64 / grown(&t, narrow).1 as f64;
        let (packed, other) = (per_bucket(true), per_bucket(false));
        assert!(packed > 7.5 && packed <= 8.0, "{packed}");
        assert!(other > 3.75 && other <= 4.0, "{other}");
    }

    #[test]
    fn a_table_grows_only_as_far_as_it_is_allowed() {
        let first = 1u64 << MIN_BUCKET_BITS;
        for (narrow, key) in [(true, narrow_key as fn(u128) -> u128), (false, wide_key)] {
            let t = Table::with_bytes(MIN_TABLE_BYTES * 8).unwrap();
            t.allow(0);
            let per_bucket = grown(&t, narrow).2;
            let keys = u128::from(3 * per_bucket * first);
            for k in 0..keys {
                t.put(key(k), 1, 1);
            }
            // Full, but not allowed more than the smallest array.
            assert_eq!(grown(&t, narrow).1, first);
            // Allowed four times the slots: it grows at once to what its
            // fill needs, then as it fills, up to what it is allowed.
            t.allow(4 * per_bucket * first);
            let (enough, used, _) = grown(&t, narrow);
            assert!(enough, "{used} buckets, {} filled", t.filled());
            for k in keys..3 * keys {
                t.put(key(k), 1, 1);
            }
            assert_eq!(grown(&t, narrow).1, 4 * first);
            assert!(t.get(key(3 * keys - 1)).is_some());
        }
    }

    #[test]
    fn keys_find_their_bucket_between_powers_of_two() {
        for (narrow, key) in [(true, narrow_key as fn(u128) -> u128), (false, wide_key)] {
            let t = Table::with_bytes(MIN_TABLE_BYTES * 4).unwrap();
            // A key put is found at once, its bucket split or not, as
            // the array grows through sizes that are not powers of two.
            let keys = u128::from(9 * grown(&t, narrow).2 / 4) << MIN_BUCKET_BITS;
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
            let (enough, used, _) = grown(&t, narrow);
            assert!(enough && used & (used - 1) != 0, "{used}");
            // Crowded buckets gave up the others' keys (80% of the packed
            // keys kept here, 70% of the others).
            assert!(kept * 100 > keys * 65, "{kept} of {keys}");
            assert_eq!(t.slots_in_use().count() as u64, t.filled());
        }
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
