//! The arguments several functions share, read in one place: a position
//! as `grundy value` takes it, and a heap game as `grundy seq` and
//! `grundy quotient` take it. The macros define the functions of each
//! kind with their one signature; each function's own work is a plain
//! Rust function of the arguments read.

use grundy::{Limits, Ruleset, SpecOptions};
use pyo3::prelude::*;

use crate::run::limits;

/// A position's arguments, `(game, components, misere=false,
/// max_states=None, ground=None)`: the game read with `misere` and
/// `ground`, the components as given, and the budgets of the call.
pub struct Position {
    /// The game, files it names read.
    pub game: Box<dyn Ruleset>,
    /// The components, as given.
    pub components: Vec<String>,
    /// `max_states` or the CLI's default, with a stop flag for Ctrl-C.
    pub limits: Limits,
}

impl Position {
    /// Reads the arguments: the game first, as the command does.
    pub fn read(
        game: &str,
        components: Vec<String>,
        misere: bool,
        max_states: Option<u64>,
        ground: Option<u64>,
    ) -> PyResult<Position> {
        Ok(Position {
            game: crate::parse_game(game, SpecOptions { misere, ground })?,
            components,
            limits: limits(max_states),
        })
    }
}

/// A heap game's arguments, `(game, to=None, max_states=None)`: the game
/// read in normal play (misère sequences and quotients use its own
/// moves), the last heap as given, and the budgets of the call.
pub struct HeapGame {
    /// The game, files it names read.
    pub game: Box<dyn Ruleset>,
    /// The last heap as given; [`HeapGame::to`] reads it.
    to: Option<String>,
    /// `max_states` or the CLI's default, with a stop flag for Ctrl-C.
    pub limits: Limits,
}

impl HeapGame {
    /// Reads the game; `to` is read by [`HeapGame::to`], where each
    /// function reads it.
    pub fn read(game: &str, to: Option<String>, max_states: Option<u64>) -> PyResult<HeapGame> {
        Ok(HeapGame {
            game: crate::parse_game(game, SpecOptions::default())?,
            to,
            limits: limits(max_states),
        })
    }

    /// The last heap, as the command reads `--to`, or `None` when not
    /// given.
    pub fn to(&self) -> PyResult<Option<u64>> {
        crate::run::heap_to(self.to.as_deref())
    }
}

/// Defines the Python function `$name(game, components, misere=false,
/// max_states=None, ground=None)`, with the doc comments given, which
/// reads its arguments into a [`Position`] and answers `$answer(py,
/// position)`.
macro_rules! position_function {
    ($(#[$doc:meta])* $name:ident -> $ret:ty = $answer:path) => {
        $(#[$doc])*
        #[pyo3::pyfunction]
        #[pyo3(signature = (game, components, misere=false, max_states=None, ground=None))]
        pub fn $name(
            py: pyo3::Python<'_>,
            game: &str,
            components: Vec<String>,
            misere: bool,
            #[pyo3(from_py_with = crate::numbers::max_states)] max_states: Option<u64>,
            #[pyo3(from_py_with = crate::numbers::ground)] ground: Option<u64>,
        ) -> pyo3::PyResult<$ret> {
            let position =
                crate::args::Position::read(game, components, misere, max_states, ground)?;
            $answer(py, position)
        }
    };
}
pub(crate) use position_function;

/// Defines the Python function `$name(game, to=None, max_states=None)`,
/// with the doc comments given, which reads its arguments into a
/// [`HeapGame`] and answers `$answer(py, heap_game)`.
macro_rules! heap_function {
    ($(#[$doc:meta])* $name:ident -> $ret:ty = $answer:path) => {
        $(#[$doc])*
        #[pyo3::pyfunction]
        #[pyo3(signature = (game, to=None, max_states=None))]
        pub fn $name(
            py: pyo3::Python<'_>,
            game: &str,
            to: Option<String>,
            #[pyo3(from_py_with = crate::numbers::max_states)] max_states: Option<u64>,
        ) -> pyo3::PyResult<$ret> {
            $answer(py, crate::args::HeapGame::read(game, to, max_states)?)
        }
    };
}
pub(crate) use heap_function;
