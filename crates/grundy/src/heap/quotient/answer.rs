//! What a quotient run answers, as every front end reports it: the
//! quotient proven (its public fields) and where a bound stopped the run.

use serde::Serialize;

use super::{Generator, QuotientPeriod, Reached};
use crate::error::Error;

/// The quotient as `grundy quotient` reports it (fields are a public
/// interface).
#[derive(Clone, Debug, Serialize)]
pub struct QuotientReport {
    /// The canonical game name.
    pub game: String,
    /// The largest heap N: the quotient is that of all sums of heaps up to N.
    pub heaps: u64,
    /// How many elements.
    pub order: usize,
    /// How many elements are in the P-portion.
    pub p_portion_size: usize,
    /// The P-portion, as words in the generators.
    pub p_portion: Vec<String>,
    /// The generators, each with its heap.
    pub generators: Vec<Generator>,
    /// A presentation: `word = word`, least words on the right.
    pub relations: Vec<String>,
    /// The element (word) of each heap 0..=N.
    pub heap_elements: Vec<String>,
    /// Whether the quotient stopped changing: proven by its period, or
    /// observed the same over at least the last half of the heaps.
    pub stable: bool,
    /// The heap since which the quotient has not changed.
    pub stable_since: u64,
    /// What is proven and what is only observed, in words.
    pub proof: String,
    /// The period of the heaps' elements when it is proven, which makes
    /// this the quotient of every heap (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub period: Option<QuotientPeriod>,
}

/// A quotient run's answer as every front end gives it (`grundy quotient
/// --json`, Python's `grundy.quotient`): the quotient proven, and where a
/// bound stopped the run short.
#[derive(Clone, Debug, Serialize)]
pub struct QuotientAnswer {
    /// The quotient proven so far.
    #[serde(flatten)]
    pub quotient: QuotientReport,
    /// Absent when every heap asked for was finished.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<QuotientStopped>,
}

/// The heap a bound stopped, and the bound's one-line message.
#[derive(Clone, Debug, Serialize)]
pub struct QuotientStopped {
    /// The heap not finished.
    pub heap: u64,
    /// Why, in one line.
    pub reason: String,
    /// What was being computed when the stop flag stopped it: what
    /// raised the flag is the front end's to say
    /// ([`QuotientAnswer::stopped_by`]).
    #[serde(skip)]
    interrupted: Option<String>,
}

impl QuotientAnswer {
    /// Says what raised the stop flag, when the flag stopped the
    /// computation: `cause` such as "interrupted" (Ctrl-C) or "the time
    /// limit ran out (--timeout 2 s)". Without it, the reason says only
    /// what was stopped: the engine does not know why the flag was raised.
    pub fn stopped_by(&mut self, cause: &str) {
        if let Some(s) = &mut self.stopped {
            if let Some(what) = &s.interrupted {
                s.reason = format!("{cause} while {what}");
            }
        }
    }
}

impl Reached {
    /// The error that stopped a heap when no bound did (moves that leave
    /// bigger heaps), naming the heap: the game's fault, which front ends
    /// report as a failure after the quotient proven.
    pub fn fault(&self) -> Option<Error> {
        match &self.stopped {
            Some((n, e)) if !e.is_bound() => {
                Some(Error::Unsupported(format!("heap {n} not finished: {e}")))
            }
            _ => None,
        }
    }

    /// The answer to report: the quotient proven, and where it stopped.
    pub fn answer(&self) -> QuotientAnswer {
        QuotientAnswer {
            quotient: self.quotient.report(),
            stopped: self.stopped.as_ref().map(|(n, e)| QuotientStopped {
                heap: *n,
                reason: e.to_string(),
                interrupted: match e {
                    Error::Interrupted(what) => Some(what.clone()),
                    _ => None,
                },
            }),
        }
    }
}
