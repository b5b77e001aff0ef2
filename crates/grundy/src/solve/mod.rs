//! Solvers: from rules to values.
//!
//! - [`memo`]: memoised search over any hashable position, with an explicit
//!   stack so that deep games cannot overflow the call stack.
//! - [`misere`]: misère outcomes (the last mover loses) by memoised
//!   search of whole positions or of multisets of components.
//! - [`retro`]: loopy games on explicit graphs: outcomes (with draws) and
//!   remoteness by retrograde analysis, Smith's generalized values, sums.
//! - [`GrowingTable`]: a dense table of values computed on demand and
//!   regrown when a question falls outside it.

pub mod compound;
pub mod diagrams;
pub mod memo;
pub mod misere;
pub mod retro;
pub mod split;

use std::sync::Mutex;

use crate::error::{Error, Result};

pub use memo::Memo;

/// The body of a snapshot of a solver's tables (after its first bytes
/// `magic`, before its check of `check_len` bytes), or why `bytes` are
/// none: a file of another kind, of another version of grundy (the last
/// byte of `magic`), or damaged (`checks(body, check)` fails). `damaged`
/// words the refusal.
pub(crate) fn snapshot_body<'a>(
    bytes: &'a [u8],
    magic: &[u8; 8],
    check_len: usize,
    checks: impl FnOnce(&[u8], &[u8]) -> bool,
    damaged: impl Fn(&str) -> Error,
) -> Result<&'a [u8]> {
    if bytes.len() < magic.len() + 8 || !bytes.starts_with(&magic[..magic.len() - 1]) {
        return Err(damaged("it does not start as one"));
    }
    if &bytes[..magic.len()] != magic {
        return Err(damaged("written by another version of grundy"));
    }
    let (body, check) = bytes.split_at(bytes.len() - check_len);
    if !checks(body, check) {
        return Err(damaged("its check does not match"));
    }
    Ok(&body[magic.len()..])
}

/// A table of values (Wythoff's, the Cutting Game's) built on the first
/// question and rebuilt larger when a question falls outside it, shared by
/// the threads that ask. A panic while building leaves the old table.
pub struct GrowingTable<T>(Mutex<Option<T>>);

impl<T> Default for GrowingTable<T> {
    fn default() -> Self {
        GrowingTable(Mutex::new(None))
    }
}

impl<T> GrowingTable<T> {
    /// `read` of the table, which `grow` (given the table so far) first
    /// replaces unless `covers` says it already answers.
    pub fn read<R>(
        &self,
        covers: impl FnOnce(&T) -> bool,
        grow: impl FnOnce(Option<&T>) -> Result<T>,
        read: impl FnOnce(&T) -> R,
    ) -> Result<R> {
        let mut guard = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if !guard.as_ref().is_some_and(covers) {
            let grown = grow(guard.as_ref())?;
            *guard = Some(grown);
        }
        Ok(read(guard.as_ref().expect("the table was just grown")))
    }
}

/// State spaces the solvers' unit tests share.
#[cfg(test)]
pub(crate) mod fixtures {
    use crate::error::Result;
    use crate::game::StateSpace;

    /// A game with a cycle: 0 -> 1 -> 0.
    pub struct Loop;

    impl StateSpace for Loop {
        type Position = u8;
        fn moves(&mut self, p: &u8, out: &mut Vec<u8>) -> Result<()> {
            out.push(1 - p);
            Ok(())
        }
    }
}
