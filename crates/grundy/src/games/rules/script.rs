//! A user's Rhai script, sandboxed.
//!
//! Scripts come from users and may be wrong or hostile, so the engine gets
//! no file, network or module access (Rhai has none unless a host adds it,
//! and imports are switched off), printing goes nowhere, and every call is
//! bounded: operations, time, call depth, string, array and map sizes, and
//! the memory budget and stop flag of the caller's [`Limits`]. A script
//! error comes back as one line naming the file, line and column.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use rhai::{CallFnOptions, Dynamic, Engine, EvalAltResult, Position, Scope, AST};
use rustc_hash::FxHashSet;

use super::pos::Pos;
use crate::error::{bytes_text, shorten_quote, Error, Result};
use crate::game::Limits;

/// The most Rhai operations one call of `moves` or `components` may take.
pub const MAX_OPERATIONS: u64 = 5_000_000;
/// The longest one call may run: operations alone do not bound time, since
/// one operation may sort or copy a large array.
pub const MAX_CALL_TIME: Duration = Duration::from_secs(2);
/// The most bytes of strings in one value a script builds (a string, or
/// every string of an array or map together, as Rhai counts them).
pub const MAX_STRING: usize = 1 << 20;
/// The most items in a script's array (nested arrays count in full).
pub const MAX_ARRAY: usize = 1 << 20;
/// The most entries in a script's object map.
pub const MAX_MAP: usize = 1 << 16;
/// The deepest nesting of function calls.
pub const MAX_CALL_LEVELS: usize = 64;

/// The bounds of the call running now, read by the progress hook.
#[derive(Default)]
struct Budget {
    limits: Limits,
    started: Option<Instant>,
}

/// Why the progress hook stopped a call (the token it hands Rhai).
const OUT_OF_TIME: &str = "time";
const OUT_OF_MEMORY: &str = "memory";
const STOPPED: &str = "stop";

/// How often the hook looks at the clock, the meter and the stop flag, in
/// operations: often enough that one expensive operation at a time cannot
/// run far past a bound.
const CHECK_EVERY: u64 = 8;

impl Budget {
    /// Why the call must stop now, if it must.
    fn overrun(&self) -> Option<&'static str> {
        if self.limits.stopped() {
            return Some(STOPPED);
        }
        if self.limits.check_memory("").is_err() {
            return Some(OUT_OF_MEMORY);
        }
        match self.started {
            Some(t) if t.elapsed() > MAX_CALL_TIME => Some(OUT_OF_TIME),
            _ => None,
        }
    }
}

/// A compiled script with its hooks.
pub struct Script {
    engine: Engine,
    ast: AST,
    path: String,
    /// The CRC-32 of the script's text, so that a checkpoint of the rules
    /// before an edit is told from one of the rules after it.
    digest: u32,
    has_components: bool,
    /// The line of each hook's `fn` (from 1), for errors that Rhai reports
    /// without a position (the operation limit).
    fn_lines: Vec<(String, usize)>,
    budget: Arc<Mutex<Budget>>,
}

/// A call as messages quote it, `moves(3)`: positions may grow to a
/// megabyte, so long ones are cut.
fn call_text(name: &str, p: &Pos) -> String {
    format!("`{name}({})`", shorten_quote(&p.to_string()))
}

fn at(path: &str, pos: Position) -> String {
    match (pos.line(), pos.position()) {
        (Some(l), Some(c)) => format!("{path}: line {l}, column {c}"),
        (Some(l), None) => format!("{path}: line {l}"),
        _ => path.to_string(),
    }
}

/// What a script that calls `sleep` gets.
fn no_sleep() -> std::result::Result<(), Box<EvalAltResult>> {
    Err("`sleep` is not allowed in rules: a script's time is bounded".into())
}

impl Script {
    /// Compiles `text` (read from `path`) in a sandboxed engine. The script
    /// must define `fn moves(p)`; `fn components(p)` is optional.
    pub fn compile(path: &str, text: &str) -> Result<Script> {
        let budget = Arc::new(Mutex::new(Budget::default()));
        let hook = budget.clone();
        let mut engine = Engine::new();
        engine
            .set_max_operations(MAX_OPERATIONS)
            .set_max_call_levels(MAX_CALL_LEVELS)
            .set_max_expr_depths(64, 64)
            .set_max_string_size(MAX_STRING)
            .set_max_array_size(MAX_ARRAY)
            .set_max_map_size(MAX_MAP)
            .set_max_modules(0)
            .disable_symbol("eval")
            .on_print(|_| {})
            .on_debug(|_, _, _| {})
            .on_progress(move |ops| {
                if ops % CHECK_EVERY != 0 {
                    return None;
                }
                let budget = hook.lock().unwrap_or_else(PoisonError::into_inner);
                budget.overrun().map(Dynamic::from)
            });
        // Rhai's `sleep` waits without counting operations, past every
        // budget and the time limit: rules may not call it.
        engine.register_fn("sleep", |_: rhai::INT| no_sleep());
        engine.register_fn("sleep", |_: rhai::FLOAT| no_sleep());
        // Rhai reads a byte-order mark as an unexpected character.
        let text = crate::games::without_bom(text);
        let ast = engine
            .compile(text)
            .map_err(|e| Error::parse(format!("{}: {}", at(path, e.1), e.0)))?;
        let has = |name: &str| {
            ast.iter_functions()
                .any(|f| f.name == name && f.params.len() == 1)
        };
        if !has("moves") {
            return Err(Error::parse(format!(
                "{path}: the script must define `fn moves(p)`, returning the list of positions one move away"
            )));
        }
        let has_components = has("components");
        let fn_lines = ["moves", "components"]
            .iter()
            .filter_map(|name| {
                let head = format!("fn {name}(");
                text.lines()
                    .position(|l| l.trim_start().starts_with(&head))
                    .map(|i| (name.to_string(), i + 1))
            })
            .collect();
        Ok(Script {
            engine,
            ast,
            fn_lines,
            path: path.to_string(),
            digest: crc32fast::hash(text.as_bytes()),
            has_components,
            budget,
        })
    }

    /// The file the script came from.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The CRC-32 of the script's text.
    pub fn digest(&self) -> u32 {
        self.digest
    }

    /// Bounds the calls that follow by `limits` (memory and stop flag).
    pub fn set_limits(&self, limits: &Limits) {
        self.budget
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .limits = limits.clone();
    }

    fn call(&self, name: &str, p: &Pos) -> Result<Dynamic> {
        let started = (!cfg!(target_arch = "wasm32")).then(Instant::now);
        self.budget
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .started = started;
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        self.engine
            .call_fn_with_options::<Dynamic>(
                options,
                &mut Scope::new(),
                &self.ast,
                name,
                (p.to_dynamic(),),
            )
            .map_err(|e| self.error(name, p, *e))
    }

    fn error(&self, name: &str, p: &Pos, e: EvalAltResult) -> Error {
        // Report the failure itself, where it happened, not the chain of
        // calls that led to it.
        let mut e = e;
        while let EvalAltResult::ErrorInFunctionCall(_, _, inner, _) = e {
            e = *inner;
        }
        let pos = e.take_position();
        // Rhai names a string argument by its Rust types.
        let msg = (e.to_string().replace('\n', " "))
            .replace("&str | ImmutableString | String", "string")
            .replace("ImmutableString", "string");
        let mut place = at(&self.path, pos);
        if pos.is_none() {
            if let Some((_, line)) = self.fn_lines.iter().find(|(f, _)| f == name) {
                place = format!("{}: line {line} (in `fn {name}`)", self.path);
            }
        }
        let call = call_text(name, p);
        let budget = self.budget.lock().unwrap_or_else(PoisonError::into_inner);
        match e {
            EvalAltResult::ErrorTerminated(token, _) => {
                let token = token.into_immutable_string().unwrap_or_default();
                match token.as_str() {
                    STOPPED => Error::Interrupted(format!("{place}: in {call}")),
                    OUT_OF_MEMORY => Error::memory(
                        format!("{place}: {call}"),
                        budget.limits.max_memory,
                    ),
                    _ => Error::parse(format!(
                        "{place}: {call} ran longer than {} s, the limit for one call (an endless loop, or work on huge arrays?)",
                        MAX_CALL_TIME.as_secs()
                    )),
                }
            }
            EvalAltResult::ErrorTooManyOperations(_) => Error::parse(format!(
                "{place}: {call} ran more than {MAX_OPERATIONS} Rhai operations (an endless loop?)"
            )),
            EvalAltResult::ErrorTooManyModules(_) => Error::parse(format!(
                "{place}: in {call}: scripts may not import modules"
            )),
            EvalAltResult::ErrorDataTooLarge(what, _) => {
                let bound = match what.as_str() {
                    "Length of string" => format!("strings grew past {} (a value's strings count together)", bytes_text(MAX_STRING as u64)),
                    "Size of object map" => format!("a map grew past {MAX_MAP} entries"),
                    _ => format!("arrays grew past {MAX_ARRAY} items"),
                };
                Error::parse(format!("{place}: in {call}: {bound}, the limit for scripts"))
            }
            EvalAltResult::ErrorStackOverflow(_) => Error::parse(format!(
                "{place}: in {call}: function calls nested more than {MAX_CALL_LEVELS} deep, the limit for scripts"
            )),
            _ => Error::parse(format!("{place}: in {call}: {msg}")),
        }
    }

    /// The positions one move away from `p`.
    pub fn moves(&self, p: &Pos) -> Result<Vec<Pos>> {
        let d = self.call("moves", p)?;
        let what = format!("{}: {}", self.path, call_text("moves", p));
        if !d.is_array() {
            return Err(Error::parse(format!(
                "{what} must return an array of positions, not {}",
                super::pos::type_of(&d)
            )));
        }
        let items = d.into_array().expect("checked to be an array");
        // A script may list one option twice; it is one move.
        let mut seen = FxHashSet::default();
        let mut out = Vec::with_capacity(items.len());
        for x in &items {
            let p = Pos::from_dynamic(x, &what)?;
            if seen.insert(p.clone()) {
                out.push(p);
            }
        }
        Ok(out)
    }

    /// The independent parts of `p` when the script says it is a sum (an
    /// array of two or more parts); `None` otherwise.
    pub fn components(&self, p: &Pos) -> Result<Option<Vec<Pos>>> {
        if !self.has_components {
            return Ok(None);
        }
        let d = self.call("components", p)?;
        let what = format!("{}: {}", self.path, call_text("components", p));
        if d.is_unit() {
            return Ok(None);
        }
        match Pos::from_dynamic(&d, &what)? {
            Pos::List(parts) if parts.len() >= 2 => Ok(Some(parts)),
            Pos::List(parts) if parts.len() <= 1 => Ok(None),
            other => Err(Error::parse(format!(
                "{what} must return an array of parts (or an empty array), got {other}"
            ))),
        }
    }

    /// Whether the script can split positions into sums.
    pub fn has_components(&self) -> bool {
        self.has_components
    }
}
