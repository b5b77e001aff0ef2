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

use grundy::play::StateGraph;
use grundy::present::picture;
use grundy::{Error, Ruleset, SpecOptions};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
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
/// read it here, as the CLI does, the engine doing no I/O.
fn parse_game(name: &str, opts: SpecOptions) -> PyResult<Box<dyn Ruleset>> {
    grundy_files::parse_game(name, opts).map_err(|e| value_error(&e))
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
fn inline(py: Python<'_>, game: &dyn Ruleset, components: &[String]) -> PyResult<Vec<String>> {
    let (texts, warnings) = grundy_files::inline(game, components).map_err(|e| value_error(&e))?;
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
    use grundy::answer::compound::Compound;
    let kind: Compound = kind.parse().map_err(|e| value_error(&e))?;
    let limits = limits(max_states, memory);
    if let (Some(name), Compound::Disjunctive) = (game, kind) {
        // The command line and the server ask the game itself here, not
        // the compounds' search (which knows no genus or quotient).
        let game = parse_game(name, SpecOptions { misere, ground })?;
        return value_of(
            py,
            Position {
                game,
                components,
                limits,
            },
        );
    }
    let load = |path: &str| grundy_files::read_text(path).map_err(Error::parse);
    let answer = interruptible(py, &limits, |l| {
        grundy::compound::analyze_texts(game, &components, kind, misere, ground, &load, l)
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

/// The text of a graph file with one line per edge; vertex names must be
/// words, as in such a file, and not `start`, which begins a start line.
fn graph_text(edges: &[(String, String)]) -> PyResult<String> {
    let mut text = String::new();
    for (i, (u, v)) in edges.iter().enumerate() {
        for name in [u, v] {
            let word = !name.is_empty()
                && !name.starts_with('#')
                && !name.contains(char::is_whitespace)
                && name != "start";
            if !word {
                return Err(PyValueError::new_err(format!(
                    "edge {}: vertex `{}` is not a name graph files allow (a word, not `start`, not starting with #)",
                    i + 1,
                    grundy::error::shorten_quote(name)
                )));
            }
        }
        text.push_str(&format!("{u} {v}\n"));
    }
    Ok(text)
}

/// `grundy solve`: every vertex of the graph given by `edges` with its
/// outcome, remoteness and value, as the dict of `--json`.
#[pyfunction]
#[pyo3(signature = (edges, misere=false, max_states=None, memory=None))]
fn solve_graph(
    py: Python<'_>,
    edges: Vec<(String, String)>,
    misere: bool,
    #[pyo3(from_py_with = numbers::max_states)] max_states: Option<u64>,
    #[pyo3(from_py_with = numbers::memory)] memory: Option<u64>,
) -> PyResult<Py<PyAny>> {
    let text = graph_text(&edges)?;
    let opts = SpecOptions {
        misere,
        ..SpecOptions::default()
    };
    // Errors about a line name the edge: the file is "edges", line i.
    let game = grundy::parse_with("graph:edges", opts, &|_| Ok(text.clone()))
        .map_err(|e| value_error(&e))?;
    let limits = limits(max_states, memory);
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
    let game = parse_game(
        game,
        SpecOptions {
            misere,
            ..SpecOptions::default()
        },
    )?;
    let position = inline(py, &*game, &components)?;
    let limits = limits(Some(max_states.unwrap_or(DEFAULT_MAX_NODES)), memory);
    let max = limits.max_states;
    let graph = interruptible(py, &limits, |l| {
        match StateGraph::build(&*game, &position, l) {
        Err(Error::Limit { .. }) => Err(Error::parse(format!(
            "the state graph has more than {max} positions, too many to draw (max_states is {max}); raise max_states or start from a smaller position"
        ))),
        other => other,
    }
    })?;
    let title = format!("{} {}", game.name(), position.join(" "));
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
    let position = inline(py, &*p.game, &p.components)?;
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
