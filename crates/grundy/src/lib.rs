//! # grundy
//!
//! Solve impartial combinatorial games: Sprague-Grundy values, P/N
//! outcomes, winning moves, and periods of heap games.
//!
//! ## The engine's public API
//!
//! Front ends (the CLI, the web server, tests) need only these:
//!
//! - **Names to games**: [`spec::parse`] (and [`spec::parse_with`] when a
//!   name holds a file) finds a game's entry in [`registry::GAMES`], the one
//!   list of games, and builds it.
//! - **The text level**: a game comes back as a [`ruleset::Ruleset`],
//!   which reads positions as texts and answers about them; the one adapter
//!   [`ruleset::SumRuleset`] makes it of the one trait a game implements,
//!   [`Game`].
//! - **Answers**: the types of [`answer`] (a [`Value`], an [`Outcome`], a
//!   [`Move`] or [`PositionMove`], an [`Analysis`]) and, for heap
//!   sequences, [`heap::SeqReport`] (grown step by step by
//!   [`heap::SeqRun`]). Their JSON form is a public interface. Failures
//!   are [`Error`]s, each one line in the user's terms.
//! - **Perfect play**: [`play`], the state graph of a position and the move
//!   a perfect player makes.
//! - **Several games at once**: [`compound`], sums of different games and
//!   the other compounds of Winning Ways (conjunctive, continued, selective,
//!   ...), with their theorems.
//!
//! How answers look to people (a picture of a state graph, outcomes in
//! words, how much of a long text is shown) is the presentation side,
//! [`present`]. The engine core (`answer`, `ruleset`, `games`, `heap`,
//! `solve`, `play` and the rest) never imports `present`; `present` reads
//! their answers.
//!
//! ## The flow
//!
//! A game name goes through [`spec::parse`] to a [`ruleset::Ruleset`].
//! The game values each component (by a closed form, a proven period, a
//! table or a memoised search in [`solve`]), the adapter adds the values as
//! [`Nimber`]s and looks for the moves that make the sum zero, and the
//! answers are the types of [`answer`].
#![warn(missing_docs)]

pub mod answer;
pub mod compound;
pub mod entry;
pub mod error;
pub mod explain;
pub mod game;
pub mod games;
pub mod heap;
pub mod nimber;
pub mod play;
pub mod present;
pub mod registry;
pub mod ruleset;
pub mod solve;
pub mod spec;

pub use answer::{Analysis, Move, PositionMove, Value};
pub use error::{Error, Result};
pub use game::{Limits, Outcome, SearchProgress, SearchTables, SearchWatch, StateSpace};
pub use nimber::{mex, nim_mul, MexSet, Nimber};
pub use ruleset::{Game, Ruleset};
pub use spec::{parse, parse_with, SpecOptions};

/// Helpers shared by the unit tests.
#[cfg(test)]
pub(crate) mod testing {
    /// Component texts from literals: positions as front ends pass them.
    pub fn texts(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    /// A xorshift generator of test data: the same numbers every run, so
    /// a failure names its case again.
    pub struct Xorshift(pub u64);

    impl Xorshift {
        /// The next number.
        pub fn next(&mut self) -> u64 {
            let x = &mut self.0;
            *x ^= *x << 13;
            *x ^= *x >> 7;
            *x ^= *x << 17;
            *x
        }
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
