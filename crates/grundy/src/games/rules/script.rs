//! A user's Rhai script, sandboxed.
//!
//! Scripts come from users and may be wrong or hostile, so the engine gets
//! no file, network or module access (Rhai has none unless a host adds it,
//! and imports are switched off), printing goes nowhere, and every call is
//! bounded: operations, call depth, string, array and map sizes. A script
//! error comes back as one line naming the file, line and column.

use rhai::{CallFnOptions, Dynamic, Engine, EvalAltResult, Position, Scope, AST};

use super::pos::Pos;
use crate::error::{Error, Result};

/// The most Rhai operations one call of `moves` or `components` may take.
pub const MAX_OPERATIONS: u64 = 5_000_000;

/// A compiled script with its hooks.
pub struct Script {
    engine: Engine,
    ast: AST,
    path: String,
    has_components: bool,
    /// The line of each hook's `fn` (from 1), for errors that Rhai reports
    /// without a position (the operation limit).
    fn_lines: Vec<(String, usize)>,
}

fn at(path: &str, pos: Position) -> String {
    match (pos.line(), pos.position()) {
        (Some(l), Some(c)) => format!("{path}: line {l}, column {c}"),
        (Some(l), None) => format!("{path}: line {l}"),
        _ => path.to_string(),
    }
}

impl Script {
    /// Compiles `text` (read from `path`) in a sandboxed engine. The script
    /// must define `fn moves(p)`; `fn components(p)` is optional.
    pub fn compile(path: &str, text: &str) -> Result<Script> {
        let mut engine = Engine::new();
        engine
            .set_max_operations(MAX_OPERATIONS)
            .set_max_call_levels(64)
            .set_max_expr_depths(64, 64)
            .set_max_string_size(1 << 20)
            .set_max_array_size(1 << 20)
            .set_max_map_size(1 << 16)
            .set_max_modules(0)
            .disable_symbol("eval")
            .on_print(|_| {})
            .on_debug(|_, _, _| {});
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
            has_components,
        })
    }

    /// The file the script came from.
    pub fn path(&self) -> &str {
        &self.path
    }

    fn call(&self, name: &str, p: &Pos) -> Result<Dynamic> {
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

    fn error(&self, name: &str, p: &Pos, mut e: EvalAltResult) -> Error {
        let pos = e.take_position();
        let msg = e.to_string().replace('\n', " ");
        let mut place = at(&self.path, pos);
        if pos.is_none() {
            if let Some((_, line)) = self.fn_lines.iter().find(|(f, _)| f == name) {
                place = format!("{}: line {line} (in `fn {name}`)", self.path);
            }
        }
        match e {
            EvalAltResult::ErrorTooManyOperations(_) => Error::parse(format!(
                "{place}: `{name}({p})` ran more than {MAX_OPERATIONS} Rhai operations (an endless loop?)"
            )),
            EvalAltResult::ErrorTooManyModules(_) => Error::parse(format!(
                "{place}: in `{name}({p})`: scripts may not import modules"
            )),
            _ => Error::parse(format!("{place}: in `{name}({p})`: {msg}")),
        }
    }

    /// The positions one move away from `p`.
    pub fn moves(&self, p: &Pos) -> Result<Vec<Pos>> {
        let d = self.call("moves", p)?;
        let what = format!("{}: `moves({p})`", self.path);
        if !d.is_array() {
            return Err(Error::parse(format!(
                "{what} must return an array of positions, not {}",
                d.type_name()
            )));
        }
        let items = d.into_array().expect("checked to be an array");
        items.iter().map(|x| Pos::from_dynamic(x, &what)).collect()
    }

    /// The independent parts of `p` when the script says it is a sum (an
    /// array of two or more parts); `None` otherwise.
    pub fn components(&self, p: &Pos) -> Result<Option<Vec<Pos>>> {
        if !self.has_components {
            return Ok(None);
        }
        let d = self.call("components", p)?;
        let what = format!("{}: `components({p})`", self.path);
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
