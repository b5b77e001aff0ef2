//! The misère sequence of a heap game: each heap's normal and misère
//! values and Conway's genus, and how far the game is tame. It is what
//! `grundy seq --misere`, `/api/seq?misere=true` and Python's
//! `grundy.seq(..., misere=True)` all answer, built here once.

use serde::Serialize;

use super::{Genus, GenusTable};
use crate::error::{Error, Result};
use crate::game::Limits;
use crate::heap::quotient::{HeapGenus, MisereQuotient, Progress};
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

/// The states the recurrence over sums may take before a misère sequence
/// turns to the misère quotient. The recurrence visits every multiset of
/// heaps a heap reaches (they grow like the partitions of n); the quotient
/// of a wild game such as 4.7 stays far smaller. Sequences that fit are
/// answered by the recurrence, which needs no proof of its own.
const RECURRENCE_STATES: u64 = 1 << 16;

/// A misère sequence to heap `to`, and the fault of the game that stopped
/// it (a cycle: the heaps before it stand, but the run failed). A bound
/// (states, memory, time, the stop flag) that stops it after heap 0 ends
/// the report early, saying so in `stopped`; one that stops heap 0 is an
/// error.
///
/// Genera come from the recurrence over sums ([`GenusTable`]) while it
/// stays within `RECURRENCE_STATES`; past that, from the misère quotient
/// of the heaps (proven for every sum, [`MisereQuotient::genera`]), and
/// from the recurrence again, with the whole budget, for a game whose
/// quotient cannot be built. `on` hears of each heap of the quotient
/// proven.
pub fn misere_sequence(
    moves: &dyn HeapSequence,
    to: u64,
    limits: &Limits,
    on: &mut dyn FnMut(Progress<'_>),
) -> Result<(MisereSeqReport, Option<Error>)> {
    let cheap = Limits {
        max_states: limits.max_states.min(RECURRENCE_STATES),
        ..limits.clone()
    };
    let mut capped = cheap.max_states < limits.max_states;
    let mut table = GenusTable::new(moves, cheap);
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
    let mut n = 0;
    while n <= to {
        let found = table.heap(n).and_then(|g| Ok((g, table.is_tame(n)?)));
        match found {
            Ok((genus, tame)) => r.push(n, &genus, tame),
            Err(Error::Limit { .. }) if capped => {
                if let Some((genera, stopped)) = by_quotient(moves, (n, to), limits, on) {
                    for (h, g) in genera.iter().enumerate().skip(n as usize) {
                        r.push(h as u64, &g.genus, g.tame);
                    }
                    return Ok(match stopped {
                        Some((h, e)) => r.stop(h, e),
                        None => (r, None),
                    });
                }
                // No quotient: the recurrence goes on with the whole budget.
                capped = false;
                table.set_limits(limits.clone());
                continue;
            }
            // What was computed stands, whatever stopped the next heap.
            Err(e) if n > 0 => return Ok(r.stop(n, e)),
            Err(e) => return Err(e),
        }
        n += 1;
    }
    Ok((r, None))
}

/// The heap a bound stopped a run at, and the bound.
type Stopped = Option<(u64, Error)>;

/// The genus of each heap up to `to` from the misère quotient, and the
/// heap a bound stopped it at; `None` when the quotient cannot be built
/// or read as far as `from`.
fn by_quotient(
    moves: &dyn HeapSequence,
    (from, to): (u64, u64),
    limits: &Limits,
    on: &mut dyn FnMut(Progress<'_>),
) -> Option<(Vec<HeapGenus>, Stopped)> {
    let reached = MisereQuotient::compute_reached(moves, to, limits, None, on).ok()?;
    if reached.quotient.heaps() < from {
        return None;
    }
    let genera = reached.quotient.genera(limits).ok()?;
    Some((genera, reached.stopped))
}

impl MisereSeqReport {
    /// Adds heap `n`.
    fn push(&mut self, n: u64, genus: &Genus, tame: bool) {
        self.computed_to = Some(n);
        self.values.push(genus.normal);
        self.misere_values.push(genus.misere_value());
        self.genus.push(genus.symbol());
        self.tame.push(tame);
        if tame && self.tame_to.map_or(n == 0, |m| m + 1 == n) {
            self.tame_to = Some(n);
        }
    }

    /// The report stopped at heap `n` by `e`, with `e` as the fault when
    /// it is not a bound.
    fn stop(mut self, n: u64, e: Error) -> (MisereSeqReport, Option<Error>) {
        self.stopped = Some(format!("stopped at heap {n}: {e}"));
        let bound = matches!(
            e,
            Error::Limit { .. } | Error::Memory { .. } | Error::Interrupted(_)
        );
        (self, (!bound).then_some(e))
    }
}
