//! A take-and-break code as the rules of a heap game: its options, the
//! bounds its periodicity theorem needs, and the sparse-space engine that
//! values its heaps. Apart from `code.rs`, which only reads and prints
//! codes, so that the engine can read a code without a cycle.

use super::code::Code;
use super::period::FiniteBound;
use super::sparse::SparseEngine;
use super::{HeapRules, SeqEngine};
use crate::game::Visit;

impl HeapRules for Code {
    fn name(&self) -> String {
        Code::name(self).to_string()
    }

    /// A digit past the first that leaves two or three heaps.
    fn takes_inside(&self) -> bool {
        self.digits().iter().skip(1).any(|d| d.bits & 0b1100 != 0)
    }

    /// Moves that leave at most one heap first, then splits into two by
    /// their smaller heap across every number taken, then splits into
    /// three: a listing that a budget cuts short on a heap of a billion
    /// still reaches the splits that leave a small heap, for each number
    /// taken (it once spent the budget on the splits of taking one, and an
    /// N-position of Kayles listed no winning move).
    fn for_each_option(&self, n: u64, f: Visit<u64>) {
        let digits = self.digits();
        let takes = || (0..=n).zip(digits);
        for (k, d) in takes() {
            let m = n - k;
            if d.bits & 1 != 0 && m == 0 && !f(&[]) {
                return;
            }
            if d.bits & 2 != 0 && m > 0 && k > 0 && !f(&[m]) {
                return;
            }
        }
        let least = takes().find(|(_, d)| d.bits & 4 != 0).map(|(k, _)| k);
        for a in 1..=least.map_or(0, |k| (n - k) / 2) {
            for (k, d) in takes() {
                let m = n - k;
                let split = d.bits & 4 != 0 && a <= m / 2 && !(d.unequal && a == m - a);
                if split && !f(&[a, m - a]) {
                    return;
                }
            }
        }
        for (k, d) in takes() {
            let m = n - k;
            if d.bits & 8 != 0 {
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        if !f(&[a, b, m - a - b]) {
                            return;
                        }
                    }
                }
            }
        }
    }

    /// Taking `n` less the parts' total, by the bit of that digit for
    /// their number: nothing left, one heap, two (unequal when the digit
    /// says so) or three, none of them empty. (The digit before the point,
    /// taking nothing, only splits: a code is read so.)
    fn is_option(&self, n: u64, parts: &[u64]) -> Option<bool> {
        let total = parts.iter().try_fold(0u64, |t, &p| t.checked_add(p));
        let Some(taken) = total.and_then(|t| n.checked_sub(t)) else {
            return Some(false);
        };
        let digit = usize::try_from(taken)
            .ok()
            .and_then(|k| self.digits().get(k));
        let Some(d) = digit.filter(|_| !parts.contains(&0)) else {
            return Some(false);
        };
        Some(match parts {
            [] => d.bits & 1 != 0,
            [_] => d.bits & 2 != 0,
            [a, b] => d.bits & 4 != 0 && !(d.unequal && a == b),
            [_, _, _] => d.bits & 8 != 0,
            _ => false,
        })
    }

    fn option_count_bound(&self, n: u64) -> u64 {
        let mut count = 0u64;
        for (k, d) in self.digits().iter().enumerate() {
            let Some(m) = n.checked_sub(k as u64) else {
                break;
            };
            let mut c = u64::from(d.bits & 1) + u64::from(d.bits >> 1 & 1);
            if d.bits & 4 != 0 {
                c += m / 2;
            }
            if d.bits & 8 != 0 {
                c = c.saturating_add((m / 3 + 1).saturating_mul(m / 2 + 1));
            }
            count = count.saturating_add(c);
        }
        count
    }

    /// Three-heap splits are enumerated: about `m^2 / 12` per digit that
    /// allows them at heap `m`, so `n^3 / 36` up to `n`.
    fn work_to(&self, upto: u64) -> u64 {
        let triples = self.digits().iter().filter(|d| d.bits & 8 != 0).count() as f64;
        let n = upto as f64;
        let work = n + triples * n * n * n / 36.0;
        if work >= u64::MAX as f64 {
            u64::MAX
        } else {
            work as u64
        }
    }

    /// The periodicity theorem needs every split to be shortenable, which
    /// the unequal rule forbids; such games are only ever observed.
    fn finite_bound(&self) -> Option<FiniteBound> {
        if self.digits().iter().any(|d| d.unequal) {
            return None;
        }
        let t = self.digits().len() as u64 - 1;
        Some(FiniteBound {
            max_removed: t,
            max_heaps: self.max_heaps().max(1),
            uniform_from: t + 1,
        })
    }

    fn engine(&self) -> Box<dyn SeqEngine> {
        Box::new(SparseEngine::new(self))
    }
}
