//! `grundy.table`: the sequence analysis of many take-and-break codes, as
//! `grundy table PATTERN... --json` lists it.

use grundy::heap::sweep::{self, pattern, Line, Row};
use grundy::heap::{Code, SeqRequest};
use grundy::{Error, Result};
use pyo3::prelude::*;

use crate::run::{interruptible, limits, value_error};

/// The rows of every code the patterns list, in the order listed, each
/// `grundy table --json`'s line: the code's period, proof, largest value
/// and sparse space, within a heap budget of `to` per game, and with
/// `misere` the order of its misère quotient to heap `misere_to`. A code
/// that is the same game as an earlier one has that one's results
/// (`same_as`). Ctrl-C raises `KeyboardInterrupt`; unlike the command,
/// there is no time budget per game.
#[pyfunction]
#[pyo3(signature = (patterns, to=SeqRequest::AUTO_LIMIT, misere=false, misere_to=20, max_states=None, memory=None))]
pub fn table(
    py: Python<'_>,
    patterns: Vec<String>,
    #[pyo3(from_py_with = crate::numbers::table_to)] to: u64,
    misere: bool,
    #[pyo3(from_py_with = crate::numbers::misere_to)] misere_to: u64,
    #[pyo3(from_py_with = crate::numbers::max_states)] max_states: Option<u64>,
    #[pyo3(from_py_with = crate::numbers::memory)] memory: Option<u64>,
) -> PyResult<Py<PyAny>> {
    let codes = listed(&patterns).map_err(|e| value_error(&e))?;
    let limits = limits(max_states, memory);
    sweep::check_request(to, misere.then_some(misere_to), &limits).map_err(|e| value_error(&e))?;
    let lines = interruptible(py, &limits, |l| {
        let same = sweep::same_game(&codes);
        let mut rows: Vec<Row> = Vec::with_capacity(codes.len());
        for (i, code) in codes.iter().enumerate() {
            let row = match same[i] {
                Some(a) => sweep::alias(&rows[a], &code.to_string()),
                None => one_row(code, to, misere.then_some(misere_to), l)?,
            };
            rows.push(row);
        }
        Ok(rows
            .into_iter()
            .enumerate()
            .map(|(index, row)| Line { index, row })
            .collect::<Vec<_>>())
    })?;
    crate::to_python(py, &lines)
}

/// The codes of `patterns`, each named as listed (`0.70`).
fn listed(patterns: &[String]) -> Result<Vec<Code>> {
    let mut codes = Vec::new();
    for p in patterns {
        for c in pattern::expand(p)? {
            codes.push(Code::parse(&c)?.with_name(&c));
        }
    }
    Ok(codes)
}

/// A code's row, its quotient cell added when asked; Ctrl-C stops it.
fn one_row(code: &Code, to: u64, misere_to: Option<u64>, limits: &grundy::Limits) -> Result<Row> {
    let (mut row, ended) = sweep::run_game(code, to, limits)?;
    match ended {
        sweep::Ended::Stopped => return Err(Error::Interrupted("the table".to_string())),
        // A call past its memory raises, as every call of the package does.
        sweep::Ended::OutOfMemory => {
            return Err(Error::memory(
                format!("the sequence of {code}"),
                limits.max_memory,
            ))
        }
        sweep::Ended::Finished => {}
    }
    if let Some(m) = misere_to {
        row.quotient = Some(sweep::quotient_cell(code, m, limits).0);
    }
    Ok(row)
}
