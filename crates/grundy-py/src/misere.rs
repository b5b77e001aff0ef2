//! `grundy.quotient` and `grundy.explain`: the misère quotient of a heap
//! game and the reasons for a value, as the command answers them.

use grundy::heap::quotient::{MisereQuotient, DEFAULT_QUOTIENT_TO};
use grundy::ruleset::{heap_moves, HeapQuestion};
use grundy::Error;
use pyo3::prelude::*;

use crate::args::{heap_function, position_function, HeapGame, Position};
use crate::run::{interruptible, value_error};

heap_function! {
    /// `grundy quotient GAME --to N --json`: the quotient proven, and where a
    /// bound stopped it short (`stopped`); Ctrl-C raises `KeyboardInterrupt`.
    quotient(HeapQuestion::Quotient) -> Py<PyAny> = quotient_of
}

/// The quotient of `h`, to its last heap or the command's default.
fn quotient_of(py: Python<'_>, h: HeapGame) -> PyResult<Py<PyAny>> {
    let moves = heap_moves(&*h.game, HeapQuestion::Quotient).map_err(|e| value_error(&e))?;
    let to = h.to()?.unwrap_or(DEFAULT_QUOTIENT_TO);
    let answer = interruptible(py, &h.limits, |l| {
        let reached = MisereQuotient::compute_reached(moves, to, l, None, &mut |_| {})?;
        match (&reached.stopped, reached.fault()) {
            (Some((_, Error::Interrupted(why))), _) => Err(Error::Interrupted(why.clone())),
            // The game's fault fails as the command does (exit code 2).
            (_, Some(fault)) => Err(fault),
            _ => Ok(reached.answer()),
        }
    })?;
    crate::to_python(py, &answer)
}

position_function! {
    /// `grundy explain GAME COMPONENT... --json`: why each component has its
    /// value, components given as files read as the command reads them.
    explain -> Py<PyAny> = explain_of
}

/// Why each component of `p` has its value.
fn explain_of(py: Python<'_>, p: Position) -> PyResult<Py<PyAny>> {
    let why = interruptible(py, &p.limits, |l| {
        let files = grundy_files::position(&*p.game, &p.components)?;
        grundy::explain::explain_position(&*p.game, &files, l)
    })?;
    crate::to_python(py, &why)
}
