//! The number arguments, read with their names: PyO3 alone answers an
//! int out of range (`max_states=-1`, `ground=2**64`) with a bare
//! `OverflowError` that names no argument. Each reader here is given to
//! its argument as `#[pyo3(from_py_with = ...)]`, so that a wrong type
//! stays PyO3's `TypeError` (`argument 'max_states': ...`) and a number
//! out of range is a `ValueError` in the words the engine reads `to` with:
//! "max_states must not be negative, got \`-1\`".

use grundy::game::parse_count;
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};

use crate::run::value_error;

/// `arg` as a `u64`, or the decimal text of an int outside 0..=2^64 - 1
/// (anything with `__index__` is an int, a bool too, as in Python's
/// arithmetic); `Err` for what is no int.
pub fn int_or_text(arg: &Bound<'_, PyAny>) -> PyResult<Result<u64, String>> {
    match arg.extract::<u64>() {
        Ok(v) => Ok(Ok(v)),
        Err(e) if e.is_instance_of::<PyOverflowError>(arg.py()) => {
            let index = arg.py().import("operator")?.getattr("index")?;
            Ok(Err(index.call1((arg,))?.str()?.to_string()))
        }
        Err(e) => Err(e),
    }
}

/// A bool given for a number argument: an int to Python, but
/// `max_states=True` is a mistake.
fn no_bool(arg: &Bound<'_, PyAny>, name: &str) -> PyResult<()> {
    match arg.is_instance_of::<PyBool>() {
        true => Err(PyTypeError::new_err(format!(
            "{name} must be an int, not the bool {}",
            arg.repr()?
        ))),
        false => Ok(()),
    }
}

/// The whole number `arg` of the argument `name`, from 0 to 2^64 - 1.
fn whole(arg: &Bound<'_, PyAny>, name: &str) -> PyResult<u64> {
    no_bool(arg, name)?;
    match int_or_text(arg)? {
        Ok(v) => Ok(v),
        // Out of range: the engine's refusal of the same digits.
        Err(text) => parse_count(&text, name, u64::MAX).map_err(|e| value_error(&e)),
    }
}

/// An optional whole number: `None` stays `None`.
fn optional(arg: &Bound<'_, PyAny>, name: &str) -> PyResult<Option<u64>> {
    match arg.is_none() {
        true => Ok(None),
        false => whole(arg, name).map(Some),
    }
}

/// `max_states=`: a number of states, or `None` for the default.
pub fn max_states(arg: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    optional(arg, "max_states")
}

/// `ground=`: Hackenbush's ground vertex, or `None`.
pub fn ground(arg: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    optional(arg, "ground")
}

/// `to=` of `table`: the heap budget of each game.
pub fn table_to(arg: &Bound<'_, PyAny>) -> PyResult<u64> {
    whole(arg, "to")
}

/// `misere_to=` of `table`: the last heap of each quotient.
pub fn misere_to(arg: &Bound<'_, PyAny>) -> PyResult<u64> {
    whole(arg, "misere_to")
}

/// `threads=` of `seq`: from 1 to 1024, as the command's `--threads`.
pub fn threads(arg: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
    if arg.is_none() {
        return Ok(None);
    }
    no_bool(arg, "threads")?;
    match int_or_text(arg)? {
        Ok(n @ 1..=1024) => Ok(Some(n as usize)),
        Ok(n) => Err(threads_refused(&n.to_string())),
        Err(text) => Err(threads_refused(&text)),
    }
}

/// The refusal of `threads=n`.
fn threads_refused(n: &str) -> PyErr {
    PyValueError::new_err(format!(
        "threads={n}: give a number of threads from 1 to 1024"
    ))
}

/// `memory=`: a number of bytes, or a size as the command's `--memory`
/// reads it (`"512M"`, `"4G"`), or `None` for the default budget.
pub fn memory(arg: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    if let Ok(text) = arg.cast::<PyString>() {
        return match grundy_files::memory::parse_size(&text.to_cow()?) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) => Err(PyValueError::new_err(format!(
                "memory={}: {e}",
                arg.repr()?
            ))),
        };
    }
    let bytes =
        optional(arg, "memory").map_err(|e| match e.is_instance_of::<PyTypeError>(arg.py()) {
            // Not PyO3's "cannot be interpreted as an integer": a text is
            // welcome too.
            true => PyTypeError::new_err(format!(
                "give a number of bytes or a size such as \"512M\" or \"4G\", not {}",
                arg.repr().map(|r| r.to_string()).unwrap_or_default()
            )),
            false => e,
        })?;
    match bytes {
        // The refusal the text "0" gets, in `parse_size`'s words.
        Some(0) => Err(PyValueError::new_err(format!(
            "memory=0: {}",
            grundy_files::memory::parse_size("0").unwrap_err()
        ))),
        bytes => Ok(bytes),
    }
}
