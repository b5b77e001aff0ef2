//! # grundy
//!
//! Solve impartial combinatorial games: Sprague-Grundy values, P/N
//! outcomes, winning moves, and periods of heap games.
//!
//! The flow is: a game name goes through [`spec::parse`], which finds
//! its entry in [`registry::GAMES`], to a
//! [`ruleset::Ruleset`], the text level that the one adapter
//! [`ruleset::SumRuleset`] makes of a game's typed [`SumGame`] and its
//! [`ruleset::Capabilities`]. The game values each component (by a closed
//! form, a proven period, a table or a memoised search in [`solve`]), the
//! adapter adds the values as [`Nimber`]s and looks for the moves that make
//! the sum zero, and the answers are the types of [`answer`].
#![warn(missing_docs)]

pub mod answer;
pub mod error;
pub mod game;
pub mod games;
pub mod heap;
pub mod nimber;
pub mod picture;
pub mod play;
pub mod registry;
pub mod ruleset;
pub mod solve;
pub mod spec;

pub use answer::{Analysis, Move, PositionMove, Value};
pub use error::{Error, Result};
pub use game::{Limits, Outcome, StateSpace, SumGame};
pub use nimber::{mex, nim_mul, MexSet, Nimber};
pub use ruleset::Ruleset;
pub use spec::{parse, parse_with, SpecOptions};

/// Helpers shared by the unit tests.
#[cfg(test)]
pub(crate) mod testing {
    /// Component texts from literals: positions as front ends pass them.
    pub fn texts(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    /// Asserts that `parse` refuses each `(text, phrase)` of `cases` with
    /// an error that says `phrase`.
    pub fn refuses<T: std::fmt::Debug>(
        parse: impl Fn(&str) -> crate::Result<T>,
        cases: &[(&str, &str)],
    ) {
        for &(bad, why) in cases {
            let err = parse(bad).unwrap_err().to_string();
            assert!(err.contains(why), "{bad}: {err}");
        }
    }
}
