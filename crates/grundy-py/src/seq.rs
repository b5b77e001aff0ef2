//! `grundy.seq`: the Grundy sequence of a heap game, its values packed
//! for numpy.

use grundy::heap::SeqRequest;
use grundy::ruleset::misere_sequence_of;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyByteArray;

use crate::args::{heap_function, HeapGame};
use crate::run::{interruptible, limits};

/// `grundy seq GAME --to N --json`: the report's dict without its values,
/// the values as little-endian unsigned integers of the returned width
/// (2 bytes while they fit, as `--values-out`, else 4, else 8) in a
/// bytearray that numpy wraps without copying.
#[pyfunction]
#[pyo3(signature = (game, to=None, threads=None, max_states=None, memory=None))]
pub fn seq<'py>(
    py: Python<'py>,
    game: &str,
    to: Option<String>,
    #[pyo3(from_py_with = crate::numbers::threads)] threads: Option<usize>,
    #[pyo3(from_py_with = crate::numbers::max_states)] max_states: Option<u64>,
    #[pyo3(from_py_with = crate::numbers::memory)] memory: Option<u64>,
) -> PyResult<(Py<PyAny>, Bound<'py, PyByteArray>, usize)> {
    let question = grundy::ruleset::HeapQuestion::Sequence;
    let h = HeapGame::read(py, game, question, to, limits(max_states, memory))?;
    let to = h.to()?;
    let pool = match threads {
        Some(n) => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(|e| PyValueError::new_err(format!("threads={n}: {e}")))?,
        ),
        None => None,
    };
    let req = SeqRequest { to };
    let mut report = interruptible(py, &h.limits, |l| match &pool {
        Some(pool) => pool.install(|| h.game.sequence(&req, l)),
        None => h.game.sequence(&req, l),
    })?;
    let values = std::mem::take(&mut report.values);
    let dict = crate::to_python(py, &report)?;
    let largest = values.iter().copied().max().unwrap_or(0);
    let width = match largest {
        0..=0xffff => 2,
        0x1_0000..=0xffff_ffff => 4,
        _ => 8,
    };
    let packed = PyByteArray::new_with(py, values.len() * width, |buf| {
        for (out, v) in buf.chunks_exact_mut(width).zip(&values) {
            out.copy_from_slice(&v.to_le_bytes()[..width]);
        }
        Ok(())
    })?;
    Ok((dict, packed, width))
}

heap_function! {
    /// `grundy seq GAME --misere --to N --json`: each heap's normal and misère
    /// values, genus and tameness, the dict of the command's JSON; a fault of
    /// the game (a cycle) raises once the engine says so, as the command
    /// fails.
    misere_seq(grundy::ruleset::HeapQuestion::MisereSequence) -> Py<PyAny> = misere_seq_of
}

/// The misère sequence of `h`.
fn misere_seq_of(py: Python<'_>, h: HeapGame) -> PyResult<Py<PyAny>> {
    let to = h.to()?;
    let (report, fault) = interruptible(py, &h.limits, |l| {
        misere_sequence_of(&*h.game, to, l, &mut |_| {})
    })?;
    if let Some(e) = fault {
        return Err(crate::run::value_error(&e));
    }
    crate::to_python(py, &report)
}
