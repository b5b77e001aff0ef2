//! Lasker's Nim: take any number from a heap, or split a heap in two.
//!
//! Its values follow a closed form with period 4 in the residue:
//! `G(4k+1) = 4k+1`, `G(4k+2) = 4k+2`, `G(4k+3) = 4k+4`, `G(4k+4) = 4k+3`.
//! The closed form is checked against a brute-force search in the tests.

use super::nim::nim_takes;
use crate::entry::Entry;
use crate::game::Limits;
use crate::game::Visit;
use crate::heap::HeapGame;
use crate::heap::HeapRules;
use crate::heap::{offer_taking, ClosedForm};
use crate::ruleset::boxed;

/// Lasker's Nim.
#[derive(Clone, Debug, Default)]
pub struct Lasker;

/// `lasker`.
pub const LASKER: Entry = Entry::plain("lasker", "heap sizes", "4", |_| {
    Ok(boxed(HeapGame::new(Lasker)))
})
.about("Lasker's Nim: take from a heap or split it in two");

/// The closed form, which is its own inverse (it swaps `4k+3` and `4k+4`).
pub fn lasker_value(n: u64) -> u64 {
    match n % 4 {
        _ if n == 0 => 0,
        1 | 2 => n,
        3 => n + 1,
        _ => n - 1,
    }
}

impl HeapRules for Lasker {
    fn name(&self) -> String {
        "lasker".to_string()
    }

    /// Nim's moves, then the splits.
    fn for_each_option(&self, n: u64, f: Visit<u64>) {
        let _ = offer_taking(n, 1..=n, f) && (1..=n / 2).all(|a| f(&[a, n - a]));
    }

    /// Nim's moves, or a split into two heaps that are not empty.
    fn is_option(&self, n: u64, parts: &[u64]) -> Option<bool> {
        Some(match parts {
            [a, b] => *a > 0 && a.checked_add(*b) == Some(n),
            _ => nim_takes(n, parts),
        })
    }

    fn closed_form(&self) -> Option<ClosedForm> {
        Some(ClosedForm {
            // 4k+3 -> 4k+4 must not overflow.
            value: |n| (n < u64::MAX).then(|| lasker_value(n)),
            note: "G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3",
        })
    }

    /// Taking to the one heap of value `target` and every split whose two
    /// values XOR to it; splits are scanned, at most `max_states` of them.
    fn options_with_value(
        &self,
        n: u64,
        target: u64,
        limits: &Limits,
        max: usize,
    ) -> Option<(Vec<Vec<u64>>, bool)> {
        let mut found = Vec::new();
        let take_to = lasker_value(target);
        if take_to < n && max > 0 {
            found.push(if take_to == 0 { vec![] } else { vec![take_to] });
        }
        let half = n / 2;
        let scan = half.min(limits.max_states);
        for a in 1..=scan {
            if lasker_value(a) ^ lasker_value(n - a) == target {
                if found.len() == max {
                    return Some((found, true));
                }
                found.push(vec![a, n - a]);
            }
        }
        Some((found, scan < half))
    }
}
