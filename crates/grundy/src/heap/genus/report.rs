//! The misère sequence of a heap game: each heap's normal and misère
//! values and Conway's genus, and how far the game is tame. It is what
//! `grundy seq --misere`, `/api/seq?misere=true` and Python's
//! `grundy.seq(..., misere=True)` all answer, built here once.

use serde::Serialize;

use super::{Genus, GenusTable};
use crate::error::{Error, Result};
use crate::game::Limits;
use crate::heap::quotient::{HeapGenus, MisereQuotient, Progress, Reached};
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
    /// The heap the stop flag stopped and what was being computed: what
    /// raised the flag is the front end's to say ([`MisereSeqReport::stopped_by`]).
    #[serde(skip)]
    interrupted: Option<(u64, String)>,
}

/// The states the recurrence over sums may take before a misère sequence
/// first turns to the misère quotient. The recurrence visits every multiset
/// of heaps a heap reaches (they grow like the partitions of n); reading
/// the genera off a quotient searches only the positions whose misère
/// values lie above the quotient's Nim heaps, which for 4.7 are a few
/// thousand, and for Kayles more than the recurrence's sums. Neither is
/// known to be cheaper before it is tried, so the two take turns with
/// budgets growing four times a turn (see [`misere_sequence`]).
const RECURRENCE_STATES: u64 = 1 << 16;

/// The reading of genera off the quotient may take a quarter of the
/// recurrence's share of states: a reading that fails is lost work (its
/// positions are not the recurrence's), while the recurrence keeps what it
/// stored. Kayles, where the reading never pays, loses a quarter at most;
/// 4.7 to heap 60 reads its genera within 16,384 positions.
const READING_SHARE: u64 = 4;

/// What a misère sequence tells its caller as it goes.
pub enum SeqProgress<'a> {
    /// Heap `heap`'s genus is known.
    Heap {
        /// The heap.
        heap: u64,
        /// Whether the genus was read off the misère quotient (else it
        /// came from the recurrence over sums).
        read_off_quotient: bool,
    },
    /// A step of the misère quotient built for the heaps the recurrence
    /// could not reach within its share.
    Quotient(Progress<'a>),
}

/// A misère sequence to heap `to`, and the fault of the game that stopped
/// it (a cycle: the heaps before it stand, but the run failed). A bound
/// (states, memory, time, the stop flag) that stops it after heap 0 ends
/// the report early, saying so in `stopped`; one that stops heap 0 is an
/// error.
///
/// Genera come from the recurrence over sums ([`GenusTable`]) within a
/// share of the states, starting at `RECURRENCE_STATES`. When the
/// recurrence outgrows its share, the misère quotient of the heaps is
/// built within the same share (or built further, from where its last
/// share stopped it) and the genera are read off it
/// ([`MisereQuotient::genera`], proven for every sum) within a quarter of
/// the share. Then the share grows fourfold, and the way that gave heaps
/// last goes on: the quotient when it gave some, else the recurrence, from
/// what it stored. So neither way costs more than a few times the other's
/// work, whichever game it is. A game whose quotient cannot be built, or
/// whose quotient ends short of `to` (where its period is proven), is left
/// to the recurrence with the whole budget past that point. `on` hears of
/// each heap found and each step of the quotient.
pub fn misere_sequence(
    moves: &dyn HeapSequence,
    to: u64,
    limits: &Limits,
    on: &mut dyn FnMut(SeqProgress<'_>),
) -> Result<(MisereSeqReport, Option<Error>)> {
    let mut share = RECURRENCE_STATES.min(limits.max_states);
    let mut table = GenusTable::new(moves, limits.within_states(share));
    let mut quotient = Turn::NotYet;
    let mut r = MisereSeqReport::new(moves.name());
    let mut n = 0;
    // The quotient goes on with a larger share, without the recurrence
    // trying first, when its last turn gave heaps.
    let mut quotient_next = false;
    while n <= to {
        if !quotient_next {
            match table.heap(n).and_then(|g| Ok((g, table.is_tame(n)?))) {
                Ok((genus, tame)) => {
                    r.push(n, &genus, tame);
                    let read_off_quotient = false;
                    on(SeqProgress::Heap {
                        heap: n,
                        read_off_quotient,
                    });
                    n += 1;
                    continue;
                }
                Err(Error::Limit { .. }) if share < limits.max_states => {}
                // What was computed stands, whatever stopped the next heap.
                Err(e) if n > 0 => return Ok(r.stop(n, e)),
                Err(e) => return Err(e),
            }
        }
        quotient_next = false;
        match quotient.read(moves, (n, to), (limits, share), on) {
            Ok(Some((genera, stopped))) => {
                for (h, g) in genera.iter().enumerate().skip(n as usize) {
                    r.push(h as u64, &g.genus, g.tame);
                    let heap = h as u64;
                    on(SeqProgress::Heap {
                        heap,
                        read_off_quotient: true,
                    });
                }
                n = genera.len() as u64;
                match stopped {
                    // Its share stopped it: a larger one goes on.
                    Some((_, Error::Limit { .. })) if share < limits.max_states => {
                        quotient_next = true;
                    }
                    Some((h, e)) => return Ok(r.stop(h, e)),
                    // It ends short of `to` where its period is proven:
                    // the recurrence goes on past it.
                    None => quotient = Turn::None,
                }
            }
            Ok(None) => {}
            Err(e) => return Ok(r.stop(n, e)),
        }
        share = match quotient {
            Turn::None => limits.max_states,
            _ => share.saturating_mul(4).min(limits.max_states),
        };
        table.set_limits(limits.within_states(share));
    }
    Ok((r, None))
}

/// The heap a bound stopped a run at, and the bound.
type Stopped = Option<(u64, Error)>;

/// The misère quotient's part in a sequence: not built yet, built (as far
/// as it could be proven), or not to be had.
enum Turn {
    NotYet,
    Built(Box<Reached>),
    None,
}

impl Turn {
    /// The genus of each heap up to `to` read off the quotient, and the
    /// heap a bound stopped the quotient at; `None` when this turn gives
    /// none (then the recurrence goes on). The quotient is built, or built
    /// further from where the last turn's share stopped it, within `share`
    /// states; the genera are read within a quarter of it. A quotient that
    /// cannot be built, or stopped by anything but its share, short of
    /// `from`, becomes [`Turn::None`]. A stop (the time limit, Ctrl-C) is
    /// an error: the sequence ends there.
    fn read(
        &mut self,
        moves: &dyn HeapSequence,
        (from, to): (u64, u64),
        (limits, share): (&Limits, u64),
        on: &mut dyn FnMut(SeqProgress<'_>),
    ) -> Result<Option<(Vec<HeapGenus>, Stopped)>> {
        let start = match self {
            Turn::NotYet => Some(None),
            Turn::Built(r) if by_share(r) && r.quotient.heaps() < to => {
                Some(Some(r.quotient.snapshot()))
            }
            _ => None,
        };
        if let Some(start) = start {
            let mut told = |p: Progress<'_>| on(SeqProgress::Quotient(p));
            match MisereQuotient::compute_reached(
                moves,
                to,
                &limits.within_states(share),
                start,
                &mut told,
            ) {
                Ok(reached) => *self = Turn::Built(Box::new(reached)),
                Err(e @ Error::Interrupted(_)) => return Err(e),
                // Not even heap 1 within the share: a larger one may do.
                Err(Error::Limit { .. }) if share < limits.max_states => {}
                Err(_) => *self = Turn::None,
            }
        }
        let Turn::Built(reached) = self else {
            return Ok(None);
        };
        if reached.quotient.heaps() < from {
            if !(by_share(reached) && share < limits.max_states) {
                *self = Turn::None;
            }
            return Ok(None);
        }
        match reached
            .quotient
            .genera(&limits.within_states(share / READING_SHARE))
        {
            Ok(genera) => Ok(Some((genera, reached.stopped.clone()))),
            Err(Error::Limit { .. }) => Ok(None),
            Err(e @ Error::Interrupted(_)) => Err(e),
            Err(_) => {
                *self = Turn::None;
                Ok(None)
            }
        }
    }
}

/// Whether the state budget (its share of it, in a misère sequence)
/// stopped the quotient, so that a larger share may take it further.
fn by_share(reached: &Reached) -> bool {
    matches!(reached.stopped, Some((_, Error::Limit { .. })))
}

impl MisereSeqReport {
    /// A report of no heap yet.
    fn new(game: String) -> Self {
        MisereSeqReport {
            game,
            computed_to: None,
            values: Vec::new(),
            misere_values: Vec::new(),
            genus: Vec::new(),
            tame: Vec::new(),
            tame_to: None,
            stopped: None,
            interrupted: None,
        }
    }

    /// Says what raised the stop flag, when the flag stopped the
    /// computation: `cause` such as "interrupted" (Ctrl-C) or "the time
    /// limit ran out (--timeout 2 s)". Without it, `stopped` says only
    /// where: the engine does not know why the flag was raised.
    pub fn stopped_by(&mut self, cause: &str) {
        if let Some((n, what)) = &self.interrupted {
            self.stopped = Some(format!(
                "stopped at heap {n}: {cause} while computing {what}"
            ));
        }
    }

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
        self.stopped = Some(match &e {
            // Not "stopped at heap n: stopped: ...", and not
            // "interrupted": the flag may have been raised by a time
            // limit, which the front end says.
            Error::Interrupted(what) => {
                self.interrupted = Some((n, what.clone()));
                format!("stopped at heap {n} while computing {what}")
            }
            _ => format!("stopped at heap {n}: {e}"),
        });
        let bound = e.is_bound();
        (self, (!bound).then_some(e))
    }
}
