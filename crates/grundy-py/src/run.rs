//! Long computations off the interpreter: the engine works on a thread
//! of its own with the GIL released, while the calling thread watches for
//! Python's signals and turns a Ctrl-C into the engine's stop flag.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

use grundy::error::one_line;
use grundy::{Error, Limits};
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;

/// How often the watcher looks for a signal: a Ctrl-C is answered well
/// within a second, and an idle watcher costs nothing measurable.
const WATCH_EVERY: Duration = Duration::from_millis(20);

/// Budgets of one call: `max_states` or the CLI's default, `memory` or
/// the CLI's default memory budget (half the machine's memory, at most
/// 1 GiB, for what the package holds), and a fresh stop flag that only
/// [`interruptible`] sets.
pub fn limits(max_states: Option<u64>, memory: Option<u64>) -> Limits {
    use grundy_files::memory::{default_budget, held};
    Limits::with_max_states(max_states.unwrap_or(Limits::DEFAULT_MAX_STATES))
        .with_memory(memory.unwrap_or_else(default_budget), held)
        .with_stop(Arc::new(AtomicBool::new(false)))
}

/// An engine error as Python sees it: `ValueError` with the CLI's one
/// line (what `grundy` prints after `error: `), in Python's terms
/// ([`in_python_terms`]).
pub fn value_error(e: &Error) -> PyErr {
    PyValueError::new_err(in_python_terms(&one_line(&e.to_string())))
}

/// The command line's flags that the engine's messages and warnings name
/// and that Python has as keywords, with the keyword; a switch
/// (`--misere`) is the keyword set to `True`. The engine names one other
/// flag: `--digits`, in errors of `grundy table --digits` only, which
/// Python has no way to reach (`--to` is also in a sequence's `proof`,
/// an answer, which is not rewritten).
/// Answers are not rewritten at all: a sequence's `proof` and the
/// `stopped` of a misère sequence or a quotient are fields of the answer,
/// which stays the command's JSON byte for byte (`to_json()`), flags and
/// all; only raised errors and warnings speak in keywords.
const KEYWORDS: &[(&str, &str)] = &[
    ("max-states", "max_states"),
    ("to", "to"),
    ("misere-to", "misere_to"),
    ("memory", "memory"),
    ("ground", "ground"),
    ("misere", "misere=True"),
];

/// An engine message or warning with the flags of [`KEYWORDS`] named as
/// Python's keywords: `raise the limit (--max-states)` is `raise the
/// limit (max_states)`, and a flag with a number, `--ground 1`, is
/// `ground=1` (`--memory 2M` is `memory="2M"`). Text in backquotes is
/// left as it is: it quotes the user's input (a component that reads
/// `--memory`) or a command line (`grundy value wythoff ... --misere`).
pub fn in_python_terms(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    for (i, (part, quoted)) in grundy::error::quoted_pieces(message).enumerate() {
        if i > 0 {
            out.push('`');
        }
        match quoted {
            true => out.push_str(part),
            false => out.push_str(&keywords_in(part, i == 0)),
        }
    }
    out
}

/// Whether `c` may end a flag or its value in a message: a flag is a word
/// of its own, not part of a path (`/tmp/a--memory/g.txt`).
fn ends_word(c: Option<char>) -> bool {
    c.is_none_or(|c| matches!(c, ' ' | ')' | ',' | ';' | ':'))
}

/// [`in_python_terms`] of text outside backquotes; `first` when it starts
/// the message (else a backquote comes just before it).
fn keywords_in(text: &str, first: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("--") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let len = after
            .find(|c: char| !(c.is_ascii_lowercase() || c == '-'))
            .unwrap_or(after.len());
        let starts_word = out.chars().last().map_or(first, |c| c == ' ' || c == '(');
        let keyword = KEYWORDS
            .iter()
            .find(|(flag, _)| *flag == &after[..len])
            .filter(|_| starts_word && ends_word(after[len..].chars().next()));
        let Some((_, keyword)) = keyword else {
            out.push_str("--");
            rest = after;
            continue;
        };
        out.push_str(keyword);
        rest = &after[len..];
        // A number given to the flag: `--ground 1`, `--memory 2M`.
        let value = rest.strip_prefix(' ').unwrap_or_default();
        let end = value
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(value.len());
        let whole = ends_word(value[end..].chars().next());
        if !keyword.contains('=') && whole && value.starts_with(|c: char| c.is_ascii_digit()) {
            let value = &value[..end];
            match value.bytes().all(|b| b.is_ascii_digit()) {
                true => out.push_str(&format!("={value}")),
                false => out.push_str(&format!("=\"{value}\"")),
            }
            rest = &rest[1 + end..];
        }
    }
    out.push_str(rest);
    out
}

/// Runs `work` on another thread with the GIL released. A signal handler
/// that raises (Ctrl-C's `KeyboardInterrupt`) sets the stop flag of
/// `limits`; the engine then stops at its next check and the exception is
/// raised here. Engine errors become [`value_error`]s.
pub fn interruptible<T, F>(py: Python<'_>, limits: &Limits, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(&Limits) -> grundy::Result<T> + Send,
{
    let (done, mut result) = mpsc::channel();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            // A game file that is a pipe nobody writes waits on this
            // thread: the call's own flag ends the wait too.
            grundy_files::stop_waits_on_this_thread_with(limits.stop.clone());
            // The receiver waits until this result arrives (or the
            // thread panics), so the send cannot fail.
            let _ = done.send(work(limits));
        });
        let mut raised = None;
        loop {
            // The receiver is not `Sync`: it goes to the detached wait and back.
            let (got, back) = py.detach(move || (result.recv_timeout(WATCH_EVERY), result));
            result = back;
            match got {
                Ok(r) => return finish(r, raised),
                // A panic of the worker: the scope re-raises it on exit,
                // which PyO3 turns into a `PanicException`.
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(PyValueError::new_err(
                        "internal error: the computation panicked; this is a bug in grundy",
                    ))
                }
                Err(mpsc::RecvTimeoutError::Timeout) if raised.is_none() => {
                    if let Err(e) = py.check_signals() {
                        if let Some(stop) = &limits.stop {
                            stop.store(true, Ordering::Relaxed);
                        }
                        raised = Some(e);
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
        }
    })
}

/// The worker's result, or the exception a signal handler raised while
/// it ran (the stop it caused is no error of the user's input).
fn finish<T>(result: grundy::Result<T>, raised: Option<PyErr>) -> PyResult<T> {
    match (result, raised) {
        (_, Some(e)) => Err(e),
        (Ok(t), None) => Ok(t),
        (Err(Error::Interrupted(what)), None) => Err(PyKeyboardInterrupt::new_err(what)),
        (Err(e), None) => Err(value_error(&e)),
    }
}

/// The last heap `to` of a sequence or a quotient, as the command reads
/// `--to` (a count below 2^32 - 2), or `None` when not given.
pub fn heap_to(to: Option<&str>) -> PyResult<Option<u64>> {
    to.map(|t| grundy::game::parse_count(t, "to", u32::MAX as u64 - 2))
        .transpose()
        .map_err(|e| value_error(&e))
}
