//! The quotient periodicity theorem: when the heaps' elements repeat long
//! enough, the quotient of heaps up to N is the quotient of all heaps.
//!
//! Let a game's moves remove at most `t` tokens and leave at most `k`
//! heaps (its [`FiniteBound`]), and let Φ(n), the element of heap n in
//! the quotient of heaps up to N, satisfy Φ(n + p) = Φ(n) for all
//! e <= n <= N - p, where N + 1 is at least what the octal periodicity
//! theorem needs for preperiod max(e, 1) and period p
//! ([`FiniteBound::values_needed`]). Then heap N + 1 has the element and
//! the option elements of heap N + 1 - p: an option leaves at most k
//! parts summing to at least N + 1 - t, so its largest part is at least
//! e + p and moves by p to an option of N + 1 - p with the same element,
//! and back. So the candidate that gives heap N + 1 the element of heap
//! N + 1 - p passes the check ([`super::verify`]) with exactly the kinds
//! of heap it had: the quotient does not change, Φ stays periodic one
//! heap further, and by induction for every heap (Plambeck and Siegel
//! state the same theorem for octal games).

use serde::Serialize;

use crate::heap::period::FiniteBound;

/// A proven period of the heaps' elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct QuotientPeriod {
    /// The first heap from which each heap's element is that of the heap
    /// `period` larger.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
    /// The largest heap computed, which the theorem needed.
    pub proven_at: u64,
}

impl QuotientPeriod {
    /// The heap whose element heap `h` has: `h` itself, or its place in
    /// the period.
    pub fn fold(&self, h: u64) -> u64 {
        match h <= self.proven_at {
            true => h,
            false => self.preperiod + (h - self.preperiod) % self.period,
        }
    }
}

/// The least period of `elements` (the element of each heap 0..=N) that
/// the theorem proves from these heaps, with its least preperiod.
pub fn proven_period(elements: &[u32], bound: &FiniteBound) -> Option<QuotientPeriod> {
    let n = elements.len().checked_sub(1)?;
    (1..=n / 2).find_map(|p| {
        // The least e with elements[m] = elements[m + p] for e <= m <= n - p.
        let e = (0..=n - p)
            .rev()
            .find(|&m| elements[m] != elements[m + p])
            .map_or(0, |m| m + 1);
        // From max(e, 1): a part moved down by p must stay a heap (with
        // e = 0 a split a + p would become the single heap a, a move the
        // rules may not have; 0.4's moveless heaps 0, 1, 2 are no period).
        let from = (e as u64).max(1);
        let proven = bound.values_needed(from, p as u64) <= n as u64 + 1 && e + p <= n;
        proven.then_some(QuotientPeriod {
            preperiod: e as u64,
            period: p as u64,
            proven_at: n as u64,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_long_enough_proves_the_period() {
        // Moves take one or two tokens and leave at most two heaps.
        let bound = FiniteBound {
            max_removed: 2,
            max_heaps: 2,
            uniform_from: 3,
        };
        // Period 2 from heap 1: the theorem needs 2·1 + 2·2 + 2 = 8 heaps.
        let short = [0, 1, 2, 1, 2, 1, 2];
        assert_eq!(proven_period(&short, &bound), None);
        let long = [0, 1, 2, 1, 2, 1, 2, 1];
        let p = proven_period(&long, &bound).unwrap();
        assert_eq!((p.preperiod, p.period, p.proven_at), (1, 2, 7));
        assert_eq!(p.fold(8), 2);
        assert_eq!(p.fold(101), 1);
        // A break in the window is not bridged.
        assert_eq!(proven_period(&[0, 1, 2, 1, 2, 1, 3, 1], &bound), None);
        // 0.4 (take one and split the rest in two): heaps 0, 1 and 2 have
        // no move, all the identity, but heap 3 splits into 1 + 1 and
        // heap 2 cannot split into 1 + 0: no period from heap 0 yet.
        let split = FiniteBound {
            max_removed: 1,
            max_heaps: 2,
            uniform_from: 2,
        };
        assert_eq!(proven_period(&[0, 0, 0], &split), None);
    }
}
