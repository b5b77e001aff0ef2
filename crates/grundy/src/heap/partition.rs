//! Rare and common heaps: the linear partition behind sparse space.
//!
//! Heap `a` is *common* when `h(a) = parity(G(a) & mask) xor c*(a mod 2)
//! xor d` is 1 and *rare* otherwise. Because `h` is linear over GF(2), a
//! split of two common or two rare heaps has a rare value and a split of a
//! rare and a common heap has a common value (with `d = c * k mod 2` when
//! every split removes a number `k` of tokens of one parity). The best
//! partition is the one with the fewest rare heaps; a Walsh-Hadamard
//! transform of the histogram of (value, heap parity) scores all of them at
//! once.

use serde::Serialize;

/// The rare/common partition in use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Partition {
    /// Bits of the value that count (`parity(G & mask)`).
    pub mask: u32,
    /// Whether the heap's parity counts too (`c`).
    pub parity: bool,
    /// The constant term (`d`).
    pub flip: bool,
}

impl Partition {
    /// The partition before any values are known: a heap is common when
    /// its value has an odd number of 1 bits.
    pub const INITIAL: Partition = Partition {
        mask: u32::MAX,
        parity: false,
        flip: false,
    };

    /// The terms the rule adds to `parity(G & mask)`, in the words a
    /// report uses: `parity` when the heap's parity counts, then `flip`
    /// when the rule is flipped.
    pub fn extra_terms(&self, parity: &str, flip: &str) -> String {
        let mut terms = String::new();
        if self.parity {
            terms.push_str(parity);
        }
        if self.flip {
            terms.push_str(flip);
        }
        terms
    }

    /// Whether heap `n` with value `g` is common.
    #[inline]
    pub fn common(&self, n: usize, g: u32) -> bool {
        ((g & self.mask).count_ones() & 1 == 1) ^ (self.parity && n & 1 == 1) ^ self.flip
    }
}

/// What a sparse-space engine reports.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SparseInfo {
    /// The partition in use.
    pub partition: Partition,
    /// How many heaps are rare (heap 0 included, as in the literature).
    pub rare_count: u64,
    /// The largest rare heap, if any.
    pub last_rare: Option<u64>,
    /// The first rare heaps (at most [`SparseInfo::LISTED`]).
    pub rare: Vec<u64>,
}

impl SparseInfo {
    /// How many rare heaps a report lists.
    pub const LISTED: usize = 10_000;
}

/// The partition with the fewest rare heaps for the histogram `hist`
/// (`hist[v][p]`: heaps of value `v` and parity `p`), with its number of
/// rare heaps. `parity_allowed` says whether the heap's parity may enter;
/// `kappa` is the parity of the tokens every split removes.
pub fn best_partition(
    hist: &[[u64; 2]],
    parity_allowed: bool,
    kappa: bool,
) -> Option<(u64, Partition)> {
    let size = (2 * hist.len()).next_power_of_two();
    let mut f = vec![0i64; size];
    let mut total = 0i64;
    for (v, h) in hist.iter().enumerate() {
        f[v << 1] = h[0] as i64;
        f[v << 1 | 1] = h[1] as i64;
        total += (h[0] + h[1]) as i64;
    }
    // f[idx] becomes the sum of hist(v, p) * (-1)^parity(idx & (v, p)).
    let mut len = 1;
    while len < size {
        for i in (0..size).step_by(2 * len) {
            for j in i..i + len {
                let (x, y) = (f[j], f[j + len]);
                f[j] = x + y;
                f[j + len] = x - y;
            }
        }
        len *= 2;
    }
    let mut best: Option<(i64, Partition)> = None;
    for (idx, &w) in f.iter().enumerate().skip(1) {
        let parity = idx & 1 == 1;
        if parity && !parity_allowed {
            continue;
        }
        let flip = parity && kappa;
        // Twice the number of rare heaps under this partition.
        let rare2 = if flip { total - w } else { total + w };
        let part = Partition {
            mask: (idx >> 1) as u32,
            parity,
            flip,
        };
        if best.is_none_or(|(b, _)| rare2 < b) {
            best = Some((rare2, part));
        }
    }
    best.map(|(r2, p)| ((r2 / 2) as u64, p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_odious_partition_of_kayles_tail() {
        // Kayles' tail values 1, 2, 4, 7, 8 are all odious; 3 is evil.
        let mut hist = vec![[0u64; 2]; 16];
        for v in [1, 2, 4, 7, 8] {
            hist[v] = [100, 100];
        }
        hist[3] = [1, 0];
        let (rare, p) = best_partition(&hist, false, false).unwrap();
        assert_eq!(rare, 1);
        assert_eq!(p.mask & 0b1111, 0b1111);
        assert!(!p.parity);
    }

    #[test]
    fn heap_parity_can_enter() {
        // Even heaps have value 1, odd heaps value 0: parity(G) xor parity(n).
        let hist = vec![[0u64, 50], [50, 0]];
        let (rare, p) = best_partition(&hist, true, false).unwrap();
        assert_eq!((rare, p.mask, p.parity), (0, 1, true));
        let no_parity = best_partition(&hist, false, false).unwrap();
        assert_eq!(no_parity.0, 50);
    }
}
