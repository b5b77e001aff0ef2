//! The arguments several functions share, read in one place: a position
//! as `grundy value` takes it, and a heap game as `grundy seq` and
//! `grundy quotient` take it. The macros define the functions of each
//! kind with their one signature; each function's own work is a plain
//! Rust function of the arguments read.

use grundy::ruleset::HeapQuestion;
use grundy::{Limits, Ruleset, SpecOptions};
use pyo3::prelude::*;

/// A position's arguments, `(game, components, misere=false,
/// max_states=None, ground=None, memory=None)`: the game read with
/// `misere` and `ground`, the components as given, and the budgets of the
/// call.
pub struct Position {
    /// The game, files it names read.
    pub game: Box<dyn Ruleset>,
    /// The components, as given.
    pub components: Vec<String>,
    /// `max_states` and `memory` or the CLI's defaults, with a stop flag
    /// for Ctrl-C.
    pub limits: Limits,
}

impl Position {
    /// Reads the arguments: the game first, as the command does.
    pub fn read(
        py: Python<'_>,
        game: &str,
        components: Vec<String>,
        misere: bool,
        ground: Option<u64>,
        limits: Limits,
    ) -> PyResult<Position> {
        let game = crate::parse_game(py, game, SpecOptions { misere, ground }, &limits)?;
        no_empty_position(&components)?;
        Ok(Position {
            game,
            components,
            limits,
        })
    }
}

/// Refuses an empty list of components, as the command line (which
/// needs one) and the server (`components` is empty) do: an empty list
/// is more likely a mistake than the finished game.
pub fn no_empty_position(components: &[String]) -> PyResult<()> {
    match components.is_empty() {
        true => Err(pyo3::exceptions::PyValueError::new_err(
            "components is empty; give at least one component, e.g. [3, 4, 5]",
        )),
        false => Ok(()),
    }
}

/// A heap game's arguments, `(game, to=None, max_states=None,
/// memory=None)`: the game read in normal play (misère sequences and
/// quotients use its own moves), the last heap as given, and the budgets
/// of the call.
pub struct HeapGame {
    /// The game, files it names read.
    pub game: Box<dyn Ruleset>,
    /// The last heap as given; [`HeapGame::to`] reads it.
    to: Option<String>,
    /// `max_states` and `memory` or the CLI's defaults, with a stop flag
    /// for Ctrl-C.
    pub limits: Limits,
}

impl HeapGame {
    /// Reads the game; `to` is read by [`HeapGame::to`], where each
    /// function reads it.
    pub fn read(
        py: Python<'_>,
        game: &str,
        question: HeapQuestion,
        to: Option<String>,
        limits: Limits,
    ) -> PyResult<HeapGame> {
        let read = |_: &Limits| grundy_files::parse_heap_game(game, question);
        Ok(HeapGame {
            game: crate::run::interruptible(py, &limits, read)?,
            to,
            limits,
        })
    }

    /// The last heap, as the command reads `--to`, or `None` when not
    /// given.
    pub fn to(&self) -> PyResult<Option<u64>> {
        crate::run::heap_to(self.to.as_deref())
    }
}

/// Defines the Python function `$name(game, components, misere=false,
/// max_states=None, ground=None, memory=None)`, with the doc comments
/// given, which reads its arguments into a [`Position`] and answers
/// `$answer(py, position)`.
macro_rules! position_function {
    ($(#[$doc:meta])* $name:ident -> $ret:ty = $answer:path) => {
        $(#[$doc])*
        #[pyo3::pyfunction]
        #[pyo3(signature = (game, components, misere=false, max_states=None, ground=None, memory=None))]
        pub fn $name(
            py: pyo3::Python<'_>,
            game: &str,
            components: Vec<String>,
            misere: bool,
            #[pyo3(from_py_with = crate::numbers::max_states)] max_states: Option<u64>,
            #[pyo3(from_py_with = crate::numbers::ground)] ground: Option<u64>,
            #[pyo3(from_py_with = crate::numbers::memory)] memory: Option<u64>,
        ) -> pyo3::PyResult<$ret> {
            let limits = crate::run::limits(max_states, memory);
            let position = crate::args::Position::read(py, game, components, misere, ground, limits)?;
            $answer(py, position)
        }
    };
}
pub(crate) use position_function;

/// Defines the Python function `$name(game, to=None, max_states=None,
/// memory=None)`, with the doc comments given, which reads its arguments
/// into a [`HeapGame`] and answers `$answer(py, heap_game)`.
macro_rules! heap_function {
    ($(#[$doc:meta])* $name:ident ($question:expr) -> $ret:ty = $answer:path) => {
        $(#[$doc])*
        #[pyo3::pyfunction]
        #[pyo3(signature = (game, to=None, max_states=None, memory=None))]
        pub fn $name(
            py: pyo3::Python<'_>,
            game: &str,
            to: Option<String>,
            #[pyo3(from_py_with = crate::numbers::max_states)] max_states: Option<u64>,
            #[pyo3(from_py_with = crate::numbers::memory)] memory: Option<u64>,
        ) -> pyo3::PyResult<$ret> {
            let limits = crate::run::limits(max_states, memory);
            $answer(py, crate::args::HeapGame::read(py, game, $question, to, limits)?)
        }
    };
}
pub(crate) use heap_function;
