//! Solvers: from rules to values.
//!
//! - [`memo`]: memoised search over any hashable position, with an explicit
//!   stack so that deep games cannot overflow the call stack.
//! - [`dense`]: bottom-up tables for games whose positions are small
//!   integers, where a vector beats a hash map by an order of magnitude.

pub mod dense;
pub mod memo;

pub use dense::{dense_table, DenseGame};
pub use memo::Memo;
