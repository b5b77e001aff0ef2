//! Sweeps: the sequence analysis of many take-and-break games, one
//! [`Row`] per code, as in the published tables of octal games.
//!
//! The engine part of `grundy table`: [`pattern`] turns patterns into
//! codes, [`same_game`] finds the codes that are the same game as an
//! earlier one (computed once), and [`run_game`] drives exactly the
//! [`SeqRun`] of `grundy seq` to a proven period or the heap budget.
//! Clocks, threads and files belong to the front end: a time budget
//! reaches [`run_game`] as the stop flag of its `Limits`.

pub mod pattern;

use serde::{Deserialize, Serialize};

use super::quotient::{MisereQuotient, Reached};
use super::{Code, HeapGame, HeapSequence, SeqRequest, SeqRun};
use crate::error::{bytes_text, counted, Error, Result};
use crate::game::Limits;

/// One game of a sweep. The field names are a public interface (the
/// `--json` rows and the files of `--out`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The code as the sweep listed it (`0.70`).
    pub code: String,
    /// The earlier code of the same game whose results these are, if any.
    pub same_as: Option<String>,
    /// The period and what proves it (flattened: `period`, `preperiod`,
    /// `proven`, `bound`).
    #[serde(flatten)]
    pub periodicity: PeriodCells,
    /// The largest value computed.
    pub max_value: u64,
    /// The first heap with that value.
    pub max_at: u64,
    /// The sparse space (flattened: `mask`, `rare_count`, `last_rare`).
    #[serde(flatten)]
    pub sparse: SparseCells,
    /// How many heaps were computed, `G(0..heaps)`.
    pub heaps: u64,
    /// Wall-clock seconds (filled by the front end; 0 for `same_as` rows).
    pub seconds: f64,
    /// Why the period is not proven (heap budget, time budget, no theorem).
    pub reason: Option<String>,
    /// The game's misère quotient, when the sweep asks for it
    /// (`table --misere`; absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quotient: Option<QuotientCell>,
}

/// A row's period, as far as the run found and proved it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PeriodCells {
    /// The period, when one was found.
    pub period: Option<u64>,
    /// The preperiod, when a period was found.
    pub preperiod: Option<u64>,
    /// Whether the period is proven for every heap.
    pub proven: bool,
    /// What proves the period, or the heap budget the run had.
    pub bound: String,
}

/// A row's sparse space; empty for games without one (no splits).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SparseCells {
    /// The partition: `parity(G & mask)`, `^n` when the heap's parity
    /// counts, `^1` when flipped.
    pub mask: Option<String>,
    /// How many heaps are rare in that partition.
    pub rare_count: Option<u64>,
    /// The last rare heap.
    pub last_rare: Option<u64>,
}

/// How far a sweep's game has a misère quotient (`grundy table
/// --misere`): proven for every sum of heaps up to `heaps`, and of what
/// order there. The field names are a public interface.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct QuotientCell {
    /// The order of the quotient of the sums of heaps up to `heaps`;
    /// absent when not even heap 1 was proven.
    pub order: Option<usize>,
    /// The largest heap the quotient is proven for (0 when none).
    pub heaps: u64,
    /// Why it stops short of the heaps asked for; absent when it does not.
    pub reason: Option<String>,
    /// Whether the quotient periodicity theorem proves it the quotient of
    /// every heap (then `heaps` is where the proof ended).
    #[serde(default)]
    pub every_heap: bool,
}

/// A row with its place in the sweep's list of codes: a line of a
/// `grundy table --json` and of its `--out` files, and an item of
/// Python's `grundy.table`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Line {
    /// The code's position in the sweep (from 0).
    pub index: usize,
    /// The row.
    #[serde(flatten)]
    pub row: Row,
}

/// The misère quotient of `code`'s game to heap `to`, as far as `limits`
/// (states, memory, the time budget's stop flag) let it be proven, and
/// how the computation ended ([`Ended::OutOfMemory`] when the memory
/// budget cut it short, [`Ended::Stopped`] for the stop flag).
pub fn quotient_cell(code: &Code, to: u64, limits: &Limits) -> (QuotientCell, Ended) {
    let game = HeapGame::new(code.clone());
    let ended = |e: &Error| match e {
        Error::Memory { .. } => Ended::OutOfMemory,
        Error::Interrupted(_) => Ended::Stopped,
        _ => Ended::Finished,
    };
    match MisereQuotient::compute_reached(&game, to, limits, None, &mut |_| {}) {
        Ok(Reached { quotient, stopped }) => (
            QuotientCell {
                order: Some(quotient.order()),
                heaps: quotient.heaps(),
                reason: (stopped.as_ref()).map(|(n, e)| format!("heap {n} not finished: {e}")),
                every_heap: quotient.period().is_some(),
            },
            stopped.map_or(Ended::Finished, |(_, e)| ended(&e)),
        ),
        Err(e) => (
            QuotientCell {
                order: None,
                heaps: 0,
                reason: Some(format!("heap 1 not finished: {e}")),
                every_heap: false,
            },
            ended(&e),
        ),
    }
}

/// How a run ended, beyond its row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Proven, or the heap budget is used up.
    Finished,
    /// The stop flag was set: the row says how far the game got.
    Stopped,
    /// The memory budget ended the game, and the row says where. The
    /// budget is the process's, shared with whatever else it computes at
    /// the time, so the row is not one to keep as the game's answer.
    OutOfMemory,
}

/// Refuses a sweep that cannot run, before any game: a heap budget `to`
/// of 0 or past the state budget, or quotients of heaps up to
/// `misere_to` that the budgets cannot hold. The command line and Python
/// ask it alike (a front end's keywords replace the flags named here).
pub fn check_request(to: u64, misere_to: Option<u64>, limits: &Limits) -> Result<()> {
    if to == 0 {
        return Err(Error::parse(
            "--to 0: give a heap budget of at least 1 per game",
        ));
    }
    if to >= limits.max_states {
        return Err(Error::parse(format!(
            "--to {to}: each game would need more than {} states; raise the limit (--max-states) to go further",
            limits.max_states
        )));
    }
    if let Some(m) = misere_to {
        MisereQuotient::check_heaps(m, limits)
            .map_err(|e| Error::parse(format!("--misere-to {m}: {e}")))?;
    }
    Ok(())
}

/// For each code, the index of the first earlier code that is the same
/// game, if any.
///
/// Two codes are the same game when every heap has the same options (the
/// same multisets of heaps left). An option that leaves heaps of total
/// `m` from a heap `n` removed `k = n - m` tokens, so it comes from digit
/// `k` alone, and the options digit `k` gives depend only on that digit
/// and `m`: taking all (`m = 0`), leaving one heap (`m >= 1`), two
/// (`m >= 2`, and `m = 2` tells `!` apart: `1+1` is barred) or three
/// (`m >= 3`). So heaps `k..=k+3` show every bit of digit `k`, and two
/// codes are the same game exactly when their digits agree once trailing
/// zero digits (which allow nothing) are dropped: when their canonical
/// texts are equal (`0.70` is `0.7`, `04.3` is `4.3`). The unit test checks
/// this against a brute-force comparison of option sets up to heap 40.
pub fn same_game(codes: &[Code]) -> Vec<Option<usize>> {
    let mut first = std::collections::HashMap::new();
    codes
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let at = *first.entry(c.canonical()).or_insert(i);
            (at != i).then_some(at)
        })
        .collect()
}

/// Runs `code` as `grundy seq CODE` does without `--to`, to a proven
/// period, but computing at most `budget + 1` heaps (`G(0..=budget)`);
/// games no periodicity theorem covers compute the whole budget. The work
/// budget of `limits` (its states, as for `seq`) can end a game sooner:
/// codes whose moves leave three heaps enumerate a square number of
/// options per heap. A stop by the stop flag of `limits` ends the row
/// where the game got.
pub fn run_game(code: &Code, budget: u64, limits: &Limits) -> Result<(Row, Ended)> {
    run_game_on(
        code,
        &HeapGame::new(code.clone()),
        budget,
        limits,
        &mut || true,
    )
}

/// Heaps a game of a sweep computes between two calls of the `between`
/// of [`run_game_on`].
pub const STEP: u64 = 1 << 12;

/// [`run_game`] on `game`, the sequence of `code`, which may hold values
/// restored from a save (the run goes on from them and ends as one from
/// heap 0 does). `between` is called after every [`STEP`] heaps, so
/// that the caller may save `game`; it returns whether to go on (`false`
/// ends the row as the stop flag does).
pub fn run_game_on(
    code: &Code,
    game: &dyn HeapSequence,
    budget: u64,
    limits: &Limits,
    between: &mut dyn FnMut() -> bool,
) -> Result<(Row, Ended)> {
    let mut capped = limits.clone();
    let req = SeqRequest {
        to: (!game.provable()).then_some(budget),
    };
    let mut run = SeqRun::looking_up_to(game, &req, &capped, budget).on_schedule();
    let (ended, spent) = run_to_end(&mut run, &capped, between)?;
    // What is reported is computed: no stop flag can cut the report. Its
    // values are G(last) alone (the row needs only their largest, read
    // from the table in place), so the report holds little beyond the
    // table it reads; the memory meter, which counts every game the
    // process runs at once, is not asked either.
    capped.stop = None;
    capped.meter = None;
    let report = run.listing(0).report(&capped)?;
    let (max_at, max_value) = largest(game, report.computed_to);
    let heaps = game.stats().computed;
    // The work budget ended a game that stopped short of its heaps.
    let worked_out = spent.or_else(|| {
        (matches!(ended, Ended::Finished) && heaps <= budget && game.provable())
            .then(|| work_budget(limits.max_states))
    });
    let reason = match report.proven {
        true => None,
        false => Some(why_unproven(
            ended,
            game.provable(),
            worked_out.as_deref(),
            heaps,
        )),
    };
    // A period proven before the memory ran out is the game's answer.
    let ended = match ended {
        Ended::OutOfMemory if report.proven => Ended::Finished,
        other => other,
    };
    let sparse = report.sparse.as_ref();
    let row = Row {
        code: code.to_string(),
        same_as: None,
        periodicity: PeriodCells {
            period: report.period,
            preperiod: report.preperiod,
            proven: report.proven,
            bound: match (&report.proof, report.proven) {
                (Some(proof), true) => proof.clone(),
                _ => worked_out.unwrap_or_else(|| format!("heap budget {budget}")),
            },
        },
        max_value,
        max_at,
        sparse: SparseCells {
            mask: sparse.map(|s| {
                let p = &s.partition;
                format!("{:#b}{}", p.mask, p.extra_terms("^n", "^1"))
            }),
            rare_count: sparse.map(|s| s.rare_count),
            last_rare: sparse.and_then(|s| s.last_rare),
        },
        heaps,
        seconds: 0.0,
        reason,
        quotient: None,
    };
    Ok((row, ended))
}

/// Steps `run` until it ends, by its own end, the stop flag or a budget
/// of `limits`: how it ended, and the budget that ended it (a budget
/// that ends one game ends its row, never the sweep).
fn run_to_end(
    run: &mut SeqRun<'_>,
    limits: &Limits,
    between: &mut dyn FnMut() -> bool,
) -> Result<(Ended, Option<String>)> {
    loop {
        match run.step(STEP, limits) {
            Ok(true) if between() => {}
            Ok(true) => return Ok((Ended::Stopped, None)),
            Ok(false) => return Ok((Ended::Finished, None)),
            Err(Error::Interrupted(_)) => return Ok((Ended::Stopped, None)),
            Err(Error::Memory { limit, .. }) => {
                let spent = format!("memory budget (--memory {})", bytes_text(limit));
                return Ok((Ended::OutOfMemory, Some(spent)));
            }
            Err(Error::Limit { limit, .. }) => {
                return Ok((Ended::Finished, Some(work_budget(limit))));
            }
            Err(e) => return Err(e),
        }
    }
}

/// The state budget `limit` as a row names it when it ended a game.
fn work_budget(limit: u64) -> String {
    format!("work budget (--max-states {limit})")
}

/// The largest value of `G(0..=upto)` and the first heap that has it.
fn largest(game: &dyn HeapSequence, upto: u64) -> (u64, u64) {
    let mut max = (0, 0);
    game.with_table(&mut |table| {
        let upto = (upto as usize).min(table.len().saturating_sub(1));
        for n in 0..=upto {
            let v = u64::from(table.get(n));
            if v > max.1 {
                max = (n as u64, v);
            }
        }
    });
    max
}

/// Why a game of `heaps` values computed has no proven period: the stop
/// flag, the budget `worked_out` that ended it, no theorem for it (not
/// `provable`), or the heap budget.
fn why_unproven(ended: Ended, provable: bool, worked_out: Option<&str>, heaps: u64) -> String {
    match (ended, worked_out) {
        (Ended::Stopped, _) => format!("stopped after {heaps} heaps"),
        (_, Some(spent)) if !provable => format!(
            "{spent}: stopped after {}; no periodicity theorem covers this game",
            counted(heaps, "heap")
        ),
        _ if !provable => "no periodicity theorem covers this game".to_string(),
        (_, Some(spent)) => format!(
            "{spent}: no period proven by heap {}",
            heaps.saturating_sub(1)
        ),
        _ => format!("heap budget: no period proven by heap {}", heaps - 1),
    }
}

/// The row of `code`, the same game as `of`'s: its results under its own
/// code.
pub fn alias(of: &Row, code: &str) -> Row {
    Row {
        code: code.to_string(),
        same_as: Some(of.code.clone()),
        seconds: 0.0,
        ..of.clone()
    }
}

#[cfg(test)]
mod tests;
