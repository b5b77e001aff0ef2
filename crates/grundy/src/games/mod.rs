//! The built-in games, one file per family.
//!
//! Heap games implement [`crate::heap::HeapRules`]; games on pairs and
//! other components implement [`crate::ruleset::SumGame`]; games that are
//! not sums of independent parts (Moore's Nim, staircase Nim, misère Nim)
//! implement [`crate::ruleset::Ruleset`] directly, as do games read from
//! a file (`digraph`, for `graph:FILE`).

pub mod coins;
pub mod cutting;
pub mod digraph;
pub mod ed;
pub mod euclid;
pub mod fib;
pub mod hackenbush;
pub mod lasker;
pub mod moore;
pub mod mult;
pub mod nim;
#[cfg(feature = "scripts")]
pub mod rules;
pub mod staircase;
pub mod subtraction;
pub mod welter;
pub mod wythoff;

/// Limits whose stop flag is already set, for tests that check a long
/// loop notices it.
#[cfg(test)]
pub(crate) fn stopped_limits() -> crate::game::Limits {
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    crate::game::Limits {
        stop: Some(stop),
        ..crate::game::Limits::default()
    }
}
