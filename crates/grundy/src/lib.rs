//! # grundy
//!
//! Solve impartial combinatorial games: Sprague-Grundy values, P/N
//! outcomes, winning moves, and periods of heap games.
//!
//! The flow is: a game name goes through [`spec::parse`] to a
//! [`ruleset::Ruleset`]; the ruleset values each component (by a closed
//! form, a proven period, a dense table or a memoised search in [`solve`]),
//! adds the values as [`Nimber`]s, and looks for the moves that make the sum
//! zero.
#![warn(missing_docs)]

pub mod answer;
pub mod error;
pub mod game;
pub mod games;
pub mod heap;
pub mod nimber;
pub mod picture;
pub mod play;
pub mod ruleset;
pub mod solve;
pub mod spec;

pub use answer::{Analysis, Move, PositionMove, Value};
pub use error::{Error, Result};
pub use game::{Game, Limits, Outcome, SumGame};
pub use nimber::{mex, nim_mul, MexSet, Nimber};
pub use ruleset::Ruleset;
pub use spec::{parse, parse_with, SpecOptions};
