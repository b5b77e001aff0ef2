//! The misère sequence of a heap game: each heap's normal and misère
//! values and Conway's genus, and how far the game is tame. It is what
//! `grundy seq --misere`, `/api/seq?misere=true` and Python's
//! `grundy.seq(..., misere=True)` all answer, built here once.

use serde::Serialize;

use super::GenusTable;
use crate::error::{Error, Result};
use crate::game::Limits;
use crate::heap::HeapSequence;

/// The last heap of a misère sequence when none is asked for: enough to
/// see where the classic octal games turn wild (Kayles at heap 5,
/// Dawson's Kayles at 10, Grundy's game at 13), small enough to answer at
/// once.
pub const DEFAULT_MISERE_TO: u64 = 30;

/// The answer of a misère sequence; its field names are the public JSON
/// of `seq --misere --json`.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct MisereSeqReport {
    /// The game's canonical name.
    pub game: String,
    /// The last heap computed (`None` when not even heap 0 was).
    pub computed_to: Option<u64>,
    /// Normal-play values `G+(n)`.
    pub values: Vec<u32>,
    /// Misère values `G-(n)`.
    pub misere_values: Vec<u32>,
    /// Genus symbols (`0^120`, `4^146`).
    pub genus: Vec<String>,
    /// Whether each heap is hereditarily tame.
    pub tame: Vec<bool>,
    /// The largest `m` with heaps `0..=m` all tame.
    pub tame_to: Option<u64>,
    /// Why the computation stopped before the last heap asked for.
    pub stopped: Option<String>,
}

/// A misère sequence to heap `to`, and the fault of the game that stopped
/// it (a cycle: the heaps before it stand, but the run failed). A bound
/// (states, memory, time, the stop flag) that stops it after heap 0 ends
/// the report early, saying so in `stopped`; one that stops heap 0 is an
/// error.
pub fn misere_sequence(
    moves: &dyn HeapSequence,
    to: u64,
    limits: &Limits,
) -> Result<(MisereSeqReport, Option<Error>)> {
    let mut table = GenusTable::new(moves, limits.clone());
    let mut r = MisereSeqReport {
        game: moves.name(),
        computed_to: None,
        values: Vec::new(),
        misere_values: Vec::new(),
        genus: Vec::new(),
        tame: Vec::new(),
        tame_to: None,
        stopped: None,
    };
    for n in 0..=to {
        let found = table.heap(n).and_then(|g| Ok((g, table.is_tame(n)?)));
        let (genus, tame) = match found {
            Ok(found) => found,
            // What was computed stands, whatever stopped the next heap.
            Err(e) if n > 0 => {
                r.stopped = Some(format!("stopped at heap {n}: {e}"));
                let bound = matches!(
                    e,
                    Error::Limit { .. } | Error::Memory { .. } | Error::Interrupted(_)
                );
                return Ok((r, (!bound).then_some(e)));
            }
            Err(e) => return Err(e),
        };
        r.computed_to = Some(n);
        r.values.push(genus.normal);
        r.misere_values.push(genus.misere_value());
        r.genus.push(genus.symbol());
        r.tame.push(tame);
        if tame && r.tame_to.map_or(n == 0, |m| m + 1 == n) {
            r.tame_to = Some(n);
        }
    }
    Ok((r, None))
}
