//! `grundy.quotient` and `grundy.explain`: the misère quotient of a heap
//! game and the reasons for a value, as the command answers them.

use grundy::heap::quotient::{MisereQuotient, DEFAULT_QUOTIENT_TO};
use grundy::ruleset::quotient_moves;
use grundy::{Error, SpecOptions};
use pyo3::prelude::*;

use crate::run::{interruptible, limits, value_error};

/// `grundy quotient GAME --to N --json`: the quotient proven, and where a
/// bound stopped it short (`stopped`); Ctrl-C raises `KeyboardInterrupt`.
#[pyfunction]
#[pyo3(signature = (game, to=None, max_states=None))]
pub fn quotient(
    py: Python<'_>,
    game: &str,
    to: Option<String>,
    max_states: Option<u64>,
) -> PyResult<Py<PyAny>> {
    let game = crate::parse_game(game, SpecOptions::default())?;
    let moves = quotient_moves(&*game).map_err(|e| value_error(&e))?;
    let to = crate::run::heap_to(to)?.unwrap_or(DEFAULT_QUOTIENT_TO);
    let limits = limits(max_states);
    let answer = interruptible(py, &limits, |l| {
        let reached = MisereQuotient::compute_reached(moves, to, l, None, &mut |_| {})?;
        match &reached.stopped {
            Some((_, Error::Interrupted(why))) => Err(Error::Interrupted(why.clone())),
            _ => Ok(reached.answer()),
        }
    })?;
    crate::to_python(py, &answer)
}

/// `grundy explain GAME COMPONENT... --json`: why each component has its
/// value, components given as files read as the command reads them.
#[pyfunction]
#[pyo3(signature = (game, components, misere=false, max_states=None, ground=None))]
pub fn explain(
    py: Python<'_>,
    game: &str,
    components: Vec<String>,
    misere: bool,
    max_states: Option<u64>,
    ground: Option<u64>,
) -> PyResult<Py<PyAny>> {
    let game = crate::parse_game(game, SpecOptions { misere, ground })?;
    let limits = limits(max_states);
    let why = interruptible(py, &limits, |l| {
        let p = grundy_files::position(&*game, &components)?;
        grundy::explain::explain_position(&*game, &p, l)
    })?;
    crate::to_python(py, &why)
}
