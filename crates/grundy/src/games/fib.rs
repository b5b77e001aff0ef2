//! Fibonacci subtraction (HDU 1848): take a Fibonacci number of tokens.
//!
//! The allowed amounts are 1, 2, 3, 5, 8, ... (each Fibonacci number once),
//! so a heap of `n` has about `log_phi(n)` options and the plain mex is fast.

use crate::entry::Entry;
use crate::game::Visit;
use crate::heap::offer_taking;
use crate::heap::HeapGame;
use crate::heap::HeapRules;
use crate::ruleset::boxed;

/// The distinct Fibonacci numbers 1, 2, 3, 5, ... that fit in a `u64`.
pub fn fibonacci_amounts() -> Vec<u64> {
    let mut fibs = vec![1u64, 2];
    while let Some(next) = fibs[fibs.len() - 1].checked_add(fibs[fibs.len() - 2]) {
        fibs.push(next);
    }
    fibs
}

/// Take a Fibonacci number of tokens.
#[derive(Clone, Debug)]
pub struct Fibonacci {
    amounts: Vec<u64>,
}

/// `fib`.
pub const FIB: Entry = Entry::plain("fib", "heap sizes", "3;5", |_| {
    Ok(boxed(HeapGame::new(Fibonacci::default())))
})
.about("take a Fibonacci number 1,2,3,5,8,... (HDU 1848)");

impl Default for Fibonacci {
    fn default() -> Self {
        Fibonacci {
            amounts: fibonacci_amounts(),
        }
    }
}

impl HeapRules for Fibonacci {
    fn name(&self) -> String {
        "fib".to_string()
    }

    fn option_count_bound(&self, n: u64) -> u64 {
        self.amounts.partition_point(|&s| s <= n) as u64
    }

    fn for_each_option(&self, n: u64, f: Visit<u64>) {
        offer_taking(n, self.amounts.iter().copied(), f);
    }
}
