//! Solvers: from rules to values.
//!
//! - [`memo`]: memoised search over any hashable position, with an explicit
//!   stack so that deep games cannot overflow the call stack.
//! - [`dense`]: bottom-up tables for games whose positions are small
//!   integers, where a vector beats a hash map by an order of magnitude.
//! - [`retro`]: loopy games on explicit graphs: outcomes (with draws) and
//!   remoteness by retrograde analysis, Smith's generalized values, sums.

pub mod dense;
pub mod memo;
pub mod retro;

pub use dense::{dense_table, DenseGame};
pub use memo::Memo;
