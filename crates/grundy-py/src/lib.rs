//! `grundy` for Python: the engine's answers as Python objects.
//!
//! A front end as thin as the command line: each function reads its
//! arguments, makes one engine call and hands back the answer in the
//! shape of the CLI's `--json` (converted with `pythonize` from the same
//! serde form, so the field names cannot drift). The Python package
//! (`python/grundy/`) wraps these in classes with docstrings; this native
//! module is `grundy._grundy`.

mod args;
mod misere;
mod nimber;
mod numbers;
mod run;
mod seq;
mod table;

use std::borrow::Cow;
use std::collections::HashSet;

use grundy::play::StateGraph;
use grundy::present::picture;
use grundy::{Error, Limits, Ruleset, SpecOptions};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyList, PyString, PyTuple};
use pythonize::pythonize;

use crate::args::{position_function, Position};
use crate::run::{interruptible, limits, value_error};

/// Counts the bytes the package's Rust code holds, so that a call stops
/// with a `ValueError` at the memory budget (as the command line does at
/// its `--memory`) instead of aborting the interpreter when the machine's
/// memory runs out.
#[global_allocator]
static ALLOCATOR: grundy_files::memory::Counting = grundy_files::memory::Counting;

/// The most positions a picture holds unless `max_states` says otherwise,
/// as `grundy graph`: beyond a few hundred nodes a picture is unreadable.
const DEFAULT_MAX_NODES: u64 = 500;

/// The game `name`; games named by a file (`graph:FILE`, `rules:F.rhai`)
/// read it here, as the CLI does, the engine doing no I/O. A Ctrl-C ends
/// the wait for a pipe that nobody writes.
fn parse_game(
    py: Python<'_>,
    name: &str,
    opts: SpecOptions,
    limits: &Limits,
) -> PyResult<Box<dyn Ruleset>> {
    interruptible(py, limits, |_| grundy_files::parse_game(name, opts))
}

/// A serde answer as Python dicts, lists and scalars.
fn to_python<T: serde::Serialize>(py: Python<'_>, answer: &T) -> PyResult<Py<PyAny>> {
    Ok(pythonize(py, answer)
        .map_err(|e| PyValueError::new_err(e.to_string()))?
        .unbind())
}

position_function! {
    /// `grundy value`: the analysis of a sum, as the dict of `--json`.
    value -> Py<PyAny> = value_of
}

/// The analysis of `p`, the warnings of reading its files raised as
/// `UserWarning`s.
fn value_of(py: Python<'_>, p: Position) -> PyResult<Py<PyAny>> {
    let (analysis, warnings) = interruptible(py, &p.limits, |l| {
        grundy_files::analyze(&*p.game, &p.components, l)
    })?;
    warn(py, warnings)?;
    to_python(py, &analysis)
}

/// Raises each warning of reading a position's files as a `UserWarning`,
/// in Python's terms as errors are ([`run::in_python_terms`]).
fn warn(py: Python<'_>, warnings: Vec<String>) -> PyResult<()> {
    for w in warnings {
        let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
        let w = crate::run::in_python_terms(&w);
        PyErr::warn(py, &category, &std::ffi::CString::new(w)?, 1)?;
    }
    Ok(())
}

/// The position `components` of `game` as `draw` and `state_graph` take
/// it: files read as the command reads them, their warnings raised.
fn inline(
    py: Python<'_>,
    game: &dyn Ruleset,
    components: &[String],
    limits: &Limits,
) -> PyResult<Vec<String>> {
    let (texts, warnings) = interruptible(py, limits, |_| grundy_files::inline(game, components))?;
    warn(py, warnings)?;
    Ok(texts)
}

/// `grundy value --compound KIND` (and `--sum` when `game` is `None`:
/// each component is then `GAME POSITION`): the dict of `--json`, an
/// ordinary analysis for a sum in normal play and for the sum of one
/// game's components in misère play (as `value`, its misère theory
/// included), a compound's otherwise.
#[pyfunction]
#[pyo3(signature = (game, components, kind="disjunctive", misere=false, max_states=None, ground=None, memory=None))]
// One argument per Python keyword: the signature is Python's.
#[allow(clippy::too_many_arguments)]
fn compound(
    py: Python<'_>,
    game: Option<&str>,
    components: Vec<String>,
    kind: &str,
    misere: bool,
    #[pyo3(from_py_with = numbers::max_states)] max_states: Option<u64>,
    #[pyo3(from_py_with = numbers::ground)] ground: Option<u64>,
    #[pyo3(from_py_with = numbers::memory)] memory: Option<u64>,
) -> PyResult<Py<PyAny>> {
    let asked = grundy::compound::Asked {
        game,
        kind: kind.parse().map_err(|e| value_error(&e))?,
        misere,
        ground,
    };
    crate::args::no_empty_position(&components)?;
    let limits = limits(max_states, memory);
    let load = |path: &str| grundy_files::read_text(path).map_err(Error::parse);
    if asked.is_one_game_sum() {
        // The command line and the server ask the game itself here, not
        // the compounds' search (which knows no genus or quotient).
        let game = interruptible(py, &limits, |_| asked.ruleset(&[], &load))?;
        return value_of(
            py,
            Position {
                game,
                components,
                limits,
            },
        );
    }
    let answer = interruptible(py, &limits, |l| {
        grundy::compound::analyze_texts(&asked, &components, &load, l)
    })?;
    to_python(py, &answer)
}

/// `grundy games`: every entry of the registry with its example, the
/// fields of `/api/games`.
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for g in grundy::registry::GAMES {
        let d = PyDict::new(py);
        d.set_item("name", g.pattern)?;
        d.set_item("components", g.components)?;
        d.set_item("about", g.about)?;
        d.set_item("example_game", g.example.map(|e| e.game))?;
        d.set_item("example_position", g.example.map(|e| e.position))?;
        list.append(d)?;
    }
    Ok(list)
}

/// The text of a graph file with one line per edge of `edges`, read one
/// edge at a time: vertex names must be words, as in such a file, and not
/// `start`, which begins a start line. A graph of more vertices than
/// `limits` allow is refused in the engine's words as soon as an edge
/// names one too many, before the rest is read (a list of eleven million
/// edges was once copied whole, twice, before its size was checked).
fn graph_text(py: Python<'_>, edges: &Bound<'_, PyAny>, limits: &Limits) -> PyResult<String> {
    let mut text = String::new();
    // The vertices named so far, counted only once the edges could name
    // more than `limits` allow, two each: below that, the set would double
    // the time of a `solve_graph` (a million edges: 2.2 s instead of 1.1 s
    // in a release build), to refuse nothing.
    let mut seen: HashSet<String> = HashSet::new();
    for (i, edge) in edges.try_iter()?.enumerate() {
        let (u, v) = pair(&edge?, i)?;
        let line = text.len();
        for (name, then) in [(u, ' '), (v, '\n')] {
            let name = vertex_text(&name, i)?;
            text.push_str(vertex_name(&name, i)?);
            text.push(then);
        }
        if 2 * (i as u64 + 1) > limits.max_states {
            // The first time, every edge so far; then this one.
            let from = if seen.is_empty() { 0 } else { line };
            count_vertices(&mut seen, &text[from..], limits).map_err(|e| value_error(&e))?;
        }
        if i % (1 << 16) == 0 {
            // Ctrl-C, or the memory budget, while a long list is read.
            py.check_signals()?;
            limits.check("this graph").map_err(|e| value_error(&e))?;
        }
    }
    Ok(text)
}

/// The text of a vertex of the edge number `i` from 0: a `str`, or an
/// integer (anything with `__index__`, numpy's too) in decimal, as
/// [`numbers::int_or_text`] reads integers. Anything else (bytes, `None`,
/// a bool, a float) is a `TypeError`, not a name made of its `repr`.
fn vertex_text<'a>(name: &'a Bound<'_, PyAny>, i: usize) -> PyResult<Cow<'a, str>> {
    if let Ok(text) = name.cast::<PyString>() {
        return Ok(Cow::Borrowed(text.to_str()?));
    }
    let int = match name.is_instance_of::<PyBool>() {
        true => None,
        false => numbers::int_or_text(name).ok(),
    };
    match int {
        Some(Ok(v)) => Ok(Cow::Owned(v.to_string())),
        Some(Err(digits)) => Ok(Cow::Owned(digits)),
        None => Err(PyTypeError::new_err(grundy::error::one_line(&format!(
            "edge {}: a vertex is a name (str) or an int, got `{}`",
            i + 1,
            name.repr()?
        )))),
    }
}

/// `name` if graph files allow it as the name of a vertex of the edge
/// number `i` from 0: a word (no control character), not `start`, not
/// starting with `#`.
fn vertex_name(name: &str, i: usize) -> PyResult<&str> {
    let word = !name.is_empty()
        && !name.starts_with('#')
        && !name.contains(|c: char| c.is_whitespace() || c.is_control())
        && name != "start";
    match word {
        true => Ok(name),
        false => Err(PyValueError::new_err(grundy::error::one_line(&format!(
            "edge {}: vertex `{}` is not a name graph files allow (a word, not `start`, not starting with #)",
            i + 1,
            grundy::error::shorten_quote(name)
        )))),
    }
}

/// Adds the vertices of the edge lines `lines` to `seen`, refused as the
/// engine refuses the whole graph once they are more than `limits` allow.
fn count_vertices(seen: &mut HashSet<String>, lines: &str, limits: &Limits) -> grundy::Result<()> {
    for name in lines.split_ascii_whitespace() {
        if !seen.contains(name) {
            seen.insert(name.to_owned());
            limits.check_states(seen.len() as u64, "this graph")?;
        }
    }
    Ok(())
}

/// The two vertices of the edge `edge`, number `i` from 0, unpacked as
/// `for u, v in edges` would; each is named by its `str()`.
fn pair<'py>(
    edge: &Bound<'py, PyAny>,
    i: usize,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    // Bytes unpack as their codes: `b"ab"` is no edge from 97 to 98.
    let bytes = edge.is_instance_of::<PyBytes>();
    if let Ok(tuple) = edge.cast::<PyTuple>() {
        // The usual edge, taken without an iterator.
        if tuple.len() == 2 {
            return Ok((tuple.get_item(0)?, tuple.get_item(1)?));
        }
    }
    let items = match edge.try_iter() {
        Ok(items) if !bytes => items.take(3).collect::<PyResult<Vec<_>>>()?,
        _ => Vec::new(),
    };
    match <[_; 2]>::try_from(items) {
        Ok([u, v]) => Ok((u, v)),
        Err(_) => Err(PyValueError::new_err(format!(
            "edge {}: an edge is a pair (u, v) of vertex names, got {}",
            i + 1,
            grundy::error::shorten_quote(&edge.repr()?.to_string())
        ))),
    }
}

/// `grundy solve`: every vertex of the graph given by `edges` with its
/// outcome, remoteness and value, as the dict of `--json`.
#[pyfunction]
#[pyo3(signature = (edges, misere=false, max_states=None, memory=None))]
fn solve_graph(
    py: Python<'_>,
    edges: &Bound<'_, PyAny>,
    misere: bool,
    #[pyo3(from_py_with = numbers::max_states)] max_states: Option<u64>,
    #[pyo3(from_py_with = numbers::memory)] memory: Option<u64>,
) -> PyResult<Py<PyAny>> {
    let limits = limits(max_states, memory);
    let text = graph_text(py, edges, &limits)?;
    let opts = SpecOptions {
        misere,
        ..SpecOptions::default()
    };
    // Errors about a line name the edge: the file is "edges", line i.
    let game = grundy::parse_with("graph:edges", opts, &|_| Ok(text.clone()))
        .map_err(|e| value_error(&e))?;
    let table = interruptible(py, &limits, |l| match game.solve_table(l) {
        Some(table) => table,
        None => Err(Error::unsupported("graph:edges is not an explicit graph")),
    })?;
    to_python(py, &table)
}

/// `grundy graph`: the state graph of a position as (SVG, DOT), each
/// position drawn in its node when `drawings` (`graph --drawings`).
#[pyfunction]
#[pyo3(signature = (game, components, misere=false, max_states=None, drawings=false, memory=None))]
fn state_graph(
    py: Python<'_>,
    game: &str,
    components: Vec<String>,
    misere: bool,
    #[pyo3(from_py_with = numbers::max_states)] max_states: Option<u64>,
    drawings: bool,
    #[pyo3(from_py_with = numbers::memory)] memory: Option<u64>,
) -> PyResult<(String, String)> {
    let limits = limits(Some(max_states.unwrap_or(DEFAULT_MAX_NODES)), memory);
    let opts = SpecOptions {
        misere,
        ..SpecOptions::default()
    };
    let game = parse_game(py, game, opts, &limits)?;
    crate::args::no_empty_position(&components)?;
    let position = inline(py, &*game, &components, &limits)?;
    let max = limits.max_states;
    let graph = interruptible(py, &limits, |l| {
        match StateGraph::build(&*game, &position, l) {
        Err(e) if StateGraph::too_many_positions(&e) => Err(Error::parse(format!(
            "the state graph has more than {max} positions, too many to draw (max_states is {max}); raise max_states or start from a smaller position"
        ))),
        other => other,
    }
    })?;
    let title = graph.title(&*game);
    let svg = match drawings {
        true => picture::to_svg_drawn(&graph, &title, &*game),
        false => picture::to_svg(&graph, &title),
    };
    Ok((svg, picture::to_dot(&graph, &title)))
}

position_function! {
    /// `grundy draw`: the position as its game draws it, as (the dict of
    /// `--json`, the SVG picture, the text drawing or `None`).
    draw -> (Py<PyAny>, String, Option<String>) = draw_of
}

/// The drawing of `p`, in the three forms `draw` answers.
fn draw_of(py: Python<'_>, p: Position) -> PyResult<(Py<PyAny>, String, Option<String>)> {
    let position = inline(py, &*p.game, &p.components, &p.limits)?;
    let drawn = interruptible(py, &p.limits, |l| {
        grundy::present::drawing::draw(&*p.game, &position, l)
    })?;
    Ok((to_python(py, &drawn)?, drawn.svg, drawn.text))
}

/// The native module, `grundy._grundy`.
#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(value, m)?)?;
    m.add_function(wrap_pyfunction!(compound, m)?)?;
    m.add_function(wrap_pyfunction!(seq::seq, m)?)?;
    m.add_function(wrap_pyfunction!(seq::misere_seq, m)?)?;
    m.add_function(wrap_pyfunction!(misere::quotient, m)?)?;
    m.add_function(wrap_pyfunction!(misere::explain, m)?)?;
    m.add_function(wrap_pyfunction!(table::table, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(solve_graph, m)?)?;
    m.add_function(wrap_pyfunction!(state_graph, m)?)?;
    m.add_function(wrap_pyfunction!(draw, m)?)?;
    m.add_class::<nimber::Nimber>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
