//! Solvers: from rules to values.
//!
//! - [`memo`]: memoised search over any hashable position, with an explicit
//!   stack so that deep games cannot overflow the call stack.
//! - [`retro`]: loopy games on explicit graphs: outcomes (with draws) and
//!   remoteness by retrograde analysis, Smith's generalized values, sums.

pub mod memo;
pub mod retro;

pub use memo::Memo;
