//! What a game is, to the engine.
//!
//! A [`Game`] names its positions and their options (moves). A position may
//! also be a disjunctive sum of independent components; the solvers then
//! value it as the XOR of the components, which is what makes large sums
//! cheap. The same trait serves built-in rulesets, user scripts and
//! explicit graphs, and the brute-force searches that check the fast paths.

use std::fmt;
use std::hash::Hash;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use serde::Serialize;

use crate::error::{Error, Result};

/// Who wins a position with perfect play under normal play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Outcome {
    /// The previous player (the one who just moved) wins.
    P,
    /// The next player (the one to move) wins.
    N,
    /// Neither can force a win: play goes on forever (loopy games only).
    D,
}

impl Outcome {
    /// A long form for people.
    pub fn describe(self) -> &'static str {
        match self {
            Outcome::P => "P (the previous player wins)",
            Outcome::N => "N (the next player wins)",
            Outcome::D => "D (a draw: play never ends)",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        })
    }
}

/// A ruleset: positions and their options.
///
/// `moves` appends to a caller-owned buffer so that the solvers can reuse
/// one allocation for every position they visit.
pub trait Game {
    /// A position of the game.
    type Position: Clone + Eq + Hash + fmt::Debug;

    /// Appends the options of `p` (the positions one move away) to `out`.
    fn moves(&self, p: &Self::Position, out: &mut Vec<Self::Position>);

    /// If `p` is a sum of independent games, appends its components to
    /// `out` and returns `true`; its value is then the XOR of theirs. An
    /// empty sum is the finished game. The default: nothing decomposes.
    fn components(&self, _p: &Self::Position, _out: &mut Vec<Self::Position>) -> bool {
        false
    }
}

/// Budgets for computations that can explode.
///
/// The stop flag is how a server's time limit or a user's Ctrl-C reaches a
/// long loop without the engine reading clocks (which `wasm32` lacks). The
/// memory meter is how the front end's allocator reaches it: states cost
/// from a hundred bytes to megabytes each, so a state budget alone cannot
/// keep a computation within the machine.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The most positions a single computation may store.
    pub max_states: u64,
    /// When set to `true` by someone else, computations stop with
    /// [`Error::Interrupted`].
    pub stop: Option<Arc<AtomicBool>>,
    /// The most bytes the process may hold while computing, as read by
    /// `meter`; without a meter it is not enforced.
    pub max_memory: u64,
    /// The bytes the process holds now (the CLI counts its allocations);
    /// `None` where nothing counts them.
    pub meter: Option<fn() -> u64>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits::with_max_states(Limits::DEFAULT_MAX_STATES)
    }
}

impl Limits {
    /// The default state budget (`--max-states`).
    pub const DEFAULT_MAX_STATES: u64 = 10_000_000;

    /// A budget of `max_states`, no stop flag and no memory meter.
    pub fn with_max_states(max_states: u64) -> Self {
        Limits {
            max_states,
            stop: None,
            max_memory: u64::MAX,
            meter: None,
        }
    }

    /// These limits, stopped by `stop`.
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Self {
        self.stop = Some(stop);
        self
    }

    /// These limits, holding at most `max_memory` bytes as `meter` counts
    /// them.
    pub fn with_memory(mut self, max_memory: u64, meter: fn() -> u64) -> Self {
        self.max_memory = max_memory;
        self.meter = Some(meter);
        self
    }

    /// Whether someone asked the computation to stop.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// Fails with [`Error::Interrupted`] if someone asked to stop, and with
    /// [`Error::Memory`] if the process holds more than its budget.
    #[inline]
    pub fn check(&self, what: &str) -> Result<()> {
        if self.stopped() {
            return Err(Error::Interrupted(what.to_string()));
        }
        self.check_memory(what)
    }

    /// Fails with [`Error::Memory`] if the process holds more than its
    /// budget. One relaxed atomic load: cheap enough for every state.
    #[inline]
    pub fn check_memory(&self, what: &str) -> Result<()> {
        match self.meter {
            Some(meter) if meter() > self.max_memory => Err(Error::memory(what, self.max_memory)),
            _ => Ok(()),
        }
    }

    /// Fails with [`Error::Limit`] if `states` exceeds the budget, and with
    /// [`Error::Memory`] if the states stored so far fill the memory.
    #[inline]
    pub fn check_states(&self, states: u64, what: &str) -> Result<()> {
        if states > self.max_states {
            Err(Error::limit(what, self.max_states))
        } else {
            self.check_memory(what)
        }
    }
}
