//! Marks of the components the threads are searching, so that a thread
//! about to search one that another thread is on tries its other options
//! first and comes back to it later, when the table likely has its
//! answer (Weill's ABDADA, "The ABDADA distributed minimax search
//! algorithm", 1996). Two threads searching sibling options of one
//! position meet the same components again and again.
//!
//! A mark is a hint: a key whose slot another key holds goes unmarked
//! (a few of the hundreds of keys marked at once), and a search that
//! fails unmarks its frames, but one that panics leaves their marks.
//! Either only changes the order in which options are tried, never an
//! answer.

use std::sync::atomic::{AtomicU64, Ordering};

/// Slots of the marks: ten times the frames on the threads' search
/// paths (a few hundred each).
const SLOTS: usize = 1 << 12;

/// The components being searched, one hashed key per slot (0 when free).
pub(super) struct Busy {
    slots: Box<[AtomicU64]>,
}

/// `key` hashed to a nonzero word, and its slot.
fn hashed(key: u128) -> (u64, usize) {
    let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
    let mut h = folded.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h ^= h >> 32;
    h = h.wrapping_mul(0xD6E8_FEB8_6659_FD93) | 1;
    (h, (h >> 52) as usize % SLOTS)
}

impl Busy {
    pub(super) fn new() -> Busy {
        Busy {
            slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// Marks `key` as being searched; true when this call marked it (its
    /// slot was free), and so must [`Busy::unmark`] it.
    pub(super) fn mark(&self, key: u128) -> bool {
        let (h, i) = hashed(key);
        self.slots[i]
            .compare_exchange(0, h, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
    }

    /// Frees the mark of `key`, made by [`Busy::mark`].
    pub(super) fn unmark(&self, key: u128) {
        let (h, i) = hashed(key);
        let _ = self.slots[i].compare_exchange(h, 0, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Whether some thread is searching `key`.
    pub(super) fn is_marked(&self, key: u128) -> bool {
        let (h, i) = hashed(key);
        self.slots[i].load(Ordering::Relaxed) == h
    }

    /// Whether no key is marked: searches that end leave none.
    #[cfg(test)]
    pub(super) fn is_empty(&self) -> bool {
        self.slots.iter().all(|s| s.load(Ordering::Relaxed) == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mark_holds_until_its_maker_frees_it() {
        let busy = Busy::new();
        let (a, b) = (0x1234_u128 << 70 | 5, 77_u128);
        assert!(!busy.is_marked(a));
        assert!(busy.mark(a));
        assert!(busy.is_marked(a) && !busy.is_marked(b));
        assert!(!busy.mark(a), "a marked key is not marked twice");
        busy.unmark(b);
        assert!(busy.is_marked(a), "freeing another key leaves the mark");
        busy.unmark(a);
        assert!(!busy.is_marked(a));
        assert!(busy.mark(a));
    }
}
