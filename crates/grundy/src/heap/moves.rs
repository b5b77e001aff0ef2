//! A heap game's moves as heaps, for the theories that work on the heaps
//! themselves rather than on their values: misère play (genus symbols,
//! misère quotients) cannot add values up, so it needs every option of a
//! heap as the heaps it leaves.

use crate::error::{Error, Result};
use crate::game::Limits;
use crate::heap::period::FiniteBound;
use crate::heap::{HeapGame, HeapRules};

/// The moves of a game whose components are heaps `0, 1, 2, ...`.
pub trait HeapMoves: Send + Sync {
    /// The canonical game name.
    fn name(&self) -> String;

    /// Appends to `out` every option of a heap of `n`, each the heaps it
    /// leaves (empty when the move takes everything; heaps of 0 left out).
    fn heap_options(&self, n: u64, limits: &Limits, out: &mut Vec<Vec<u64>>) -> Result<()>;

    /// The finite shape of the moves, when a periodicity theorem applies
    /// (the misère quotient's, as the Grundy sequence's): none by default.
    fn finite_bound(&self) -> Option<FiniteBound> {
        None
    }
}

impl<R: HeapRules> HeapMoves for HeapGame<R> {
    fn name(&self) -> String {
        self.rules().name()
    }

    fn finite_bound(&self) -> Option<FiniteBound> {
        self.rules().finite_bound()
    }

    fn heap_options(&self, n: u64, limits: &Limits, out: &mut Vec<Vec<u64>>) -> Result<()> {
        let start = out.len();
        let mut over = false;
        self.rules().for_each_option(n, &mut |parts| {
            if (out.len() - start) as u64 >= limits.max_states {
                over = true;
                return false;
            }
            out.push(parts.iter().copied().filter(|&h| h > 0).collect());
            true
        });
        if over {
            return Err(Error::limit(
                format!("listing the moves of a heap of {n}"),
                limits.max_states,
            ));
        }
        Ok(())
    }
}
