//! The transposition table of the split search: a fixed array of
//! cache-line buckets of four slots, shared by every thread without locks.
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

use std::sync::atomic::{AtomicU64, Ordering};

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

/// A lock-free table from canonical components to their values.
pub struct Table {
    words: Vec<AtomicU64>,
    /// Buckets minus one: a mask of the mixed key's low bits.
    mask: u64,
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

/// `len` atomics set to 0, from zeroed memory: the system hands out pages
/// of zeros as they are first touched, so an empty table costs no memory
/// until it fills.
fn zeroed(len: usize) -> Vec<AtomicU64> {
    let mut words = std::mem::ManuallyDrop::new(vec![0u64; len]);
    let (ptr, len, cap) = (words.as_mut_ptr(), words.len(), words.capacity());
    // SAFETY: `AtomicU64` has the size, alignment and bit validity of
    // `u64`, and the vector's allocation passes whole to the new one.
    unsafe { Vec::from_raw_parts(ptr.cast::<AtomicU64>(), len, cap) }
}

impl Table {
    /// A table of at most `bytes` bytes (rounded down to a power of two
    /// buckets); fails when `bytes` cannot hold the smallest table.
    pub fn with_bytes(bytes: u64) -> Result<Table> {
        if bytes < MIN_TABLE_BYTES {
            return Err(Error::unsupported(format!(
                "a memory budget of {} cannot hold the search's table (at least {} is needed)",
                crate::error::bytes_text(bytes),
                crate::error::bytes_text(MIN_TABLE_BYTES)
            )));
        }
        let buckets = 1u64 << (63 - (bytes / BUCKET_BYTES).leading_zeros());
        let words = zeroed(buckets as usize * SLOTS * 2);
        Ok(Table {
            words,
            mask: buckets - 1,
        })
    }

    fn bucket(&self, m: u128) -> usize {
        (m as u64 & self.mask) as usize * SLOTS * 2
    }

    fn read(&self, at: usize) -> u128 {
        let x = self.words[at].load(Ordering::Relaxed);
        let y = self.words[at + 1].load(Ordering::Relaxed);
        (u128::from(x ^ y) << 64) | u128::from(y)
    }

    /// The value stored for `key`, if any.
    #[inline]
    pub fn get(&self, key: u128) -> Option<u64> {
        let m = mix(key);
        let b = self.bucket(m);
        (0..SLOTS).find_map(|s| {
            let e = self.read(b + 2 * s);
            let v = (e & 0xFF) as u64;
            (v != 0 && e & KEY_MASK == m & KEY_MASK).then(|| v - 1)
        })
    }

    /// Stores `value` (at most [`MAX_VALUE`]) for `key`, whose search
    /// visited about `work` components: in its slot (replacing what it
    /// held), an empty one, or the bucket's least-worked one.
    pub fn put(&self, key: u128, value: u64, work: u64) {
        debug_assert!(value <= MAX_VALUE);
        let m = mix(key);
        let b = self.bucket(m);
        let grade = u128::from((64 - work.leading_zeros()).min(15));
        let entry = (m & KEY_MASK) | (grade << 8) | u128::from(value + 1);
        let mut victim = 0;
        let mut least = u128::MAX;
        for s in 0..SLOTS {
            let e = self.read(b + 2 * s);
            if e & 0xFF == 0 {
                victim = s;
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
        let at = b + 2 * victim;
        let (hi, lo) = ((entry >> 64) as u64, entry as u64);
        self.words[at + 1].store(lo, Ordering::Relaxed);
        self.words[at].store(hi ^ lo, Ordering::Relaxed);
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
