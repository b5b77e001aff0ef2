//! The sequence policy: how far `grundy seq` goes, when it looks for a
//! proof, why it stopped, in one place.
//!
//! [`SeqRun`] is driven in steps so that a front end can checkpoint,
//! stream values and show progress between them without deciding anything
//! itself; [`SeqRun::complete`] runs it in one go for callers that need
//! none of that (`Ruleset::sequence`, the server).

use super::family::HeapSequence;
use super::period::{Periodicity, FIRST_PROOF_CHECK};
use super::{SeqReport, SeqRequest};
use crate::error::{Error, Result};
use crate::game::Limits;

/// Where a run is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Running,
    /// Stopped by the stop flag (Ctrl-C, a time limit).
    Interrupted,
    /// The period is proven or the last heap is computed.
    Done,
}

/// One run of a heap game's sequence under the policy of `grundy seq`.
///
/// With `--to N` the run computes `G(0..=N)`. Without it, a game that a
/// periodicity theorem covers runs until its period is proven, up to
/// [`HeapSequence::auto_cap`], looking for the proof each time the table
/// doubles, and reports the proof's window; any other game computes
/// [`SeqRequest::UNPROVABLE_DEFAULT`] values. A report without a proof
/// says why the run stopped where it did.
pub struct SeqRun<'a> {
    seq: &'a dyn HeapSequence,
    /// Whether `--to` was given.
    asked: bool,
    /// The last heap the run may compute.
    end: u64,
    /// Whether the run stops at a proven period.
    until_proven: bool,
    /// The table length at which the proof is looked for next.
    next_proof_check: u64,
    proven: Option<Periodicity>,
    phase: Phase,
    /// The values the report lists ([`Self::listing`]); `None`: all.
    listed: Option<u64>,
}

impl<'a> SeqRun<'a> {
    /// The run `req` asks of `seq` under `limits`.
    pub fn new(seq: &'a dyn HeapSequence, req: &SeqRequest, limits: &Limits) -> Self {
        Self::looking_up_to(seq, req, limits, SeqRequest::AUTO_LIMIT)
    }

    /// [`Self::new`], but a run without `to` looks for a proof up to heap
    /// `limit` (within the budgets) rather than [`SeqRequest::AUTO_LIMIT`]:
    /// `grundy table --to` sets it for every game of a sweep.
    pub fn looking_up_to(
        seq: &'a dyn HeapSequence,
        req: &SeqRequest,
        limits: &Limits,
        limit: u64,
    ) -> Self {
        let (end, until_proven) = match req.to {
            Some(to) => (to, false),
            None if seq.provable() && !seq.has_closed_form() => (seq.auto_cap(limit, limits), true),
            None => (SeqRequest::UNPROVABLE_DEFAULT, false),
        };
        seq.expect_last(end);
        SeqRun {
            seq,
            asked: req.to.is_some(),
            end,
            until_proven,
            next_proof_check: FIRST_PROOF_CHECK,
            proven: None,
            listed: None,
            // A closed form answers every heap without a table.
            phase: if seq.has_closed_form() {
                Phase::Done
            } else {
                Phase::Running
            },
        }
    }

    /// A run that looks for its proof where a run from heap 0 would: at
    /// the first point of the doubling schedule at or past the heaps
    /// `seq` holds (restored from a save), not at once. A sweep's row
    /// counts the heaps computed, so a game resumed ends with the row of
    /// one never stopped.
    pub fn on_schedule(mut self) -> Self {
        let computed = self.seq.stats().computed;
        while self.next_proof_check < computed {
            self.next_proof_check *= 2;
        }
        self
    }

    /// A run whose report lists the first `listed` values and the last
    /// one only: what a human form shows, without a copy of every value.
    pub fn listing(mut self, listed: u64) -> Self {
        self.listed = Some(listed);
        self
    }

    /// The last heap the run may compute: the length of a progress bar.
    pub fn end(&self) -> u64 {
        self.end
    }

    /// Computes the next stretch of at most `chunk` values (at least
    /// one), or looks for a proof when one is due. Returns `false`, with
    /// nothing computed, once the run is over. A stop by the stop flag is
    /// returned as [`Error::Interrupted`] and ends the run, keeping what
    /// was computed. A run to a given heap beyond the state budget is
    /// refused at once, before any value is computed.
    pub fn step(&mut self, chunk: u64, limits: &Limits) -> Result<bool> {
        if self.is_over() {
            return Ok(false);
        }
        if !self.until_proven {
            // A run to a given heap that its state budget cannot reach is
            // refused before any work, not when the budget is met (a
            // minute later, for tens of millions of heaps).
            super::check_sequence_states(limits, self.end)?;
        }
        let computed = self.seq.stats().computed;
        let mut upto = computed.saturating_add(chunk.max(1) - 1).min(self.end);
        if self.until_proven {
            // Stop where the proof is looked for next.
            upto = upto.min(self.next_proof_check.max(computed + 1) - 1);
        }
        let step = self.seq.extend_to(upto, limits);
        if let Err(Error::Interrupted(_)) = step {
            self.phase = Phase::Interrupted;
        }
        step.map(|()| true)
    }

    /// Whether the run is over, looking for a proof first when one is due.
    fn is_over(&mut self) -> bool {
        if self.phase != Phase::Running {
            return true;
        }
        let computed = self.seq.stats().computed;
        if self.until_proven && computed >= self.next_proof_check.min(self.end + 1) {
            self.proven = self.seq.prove();
            self.next_proof_check = computed * 2;
        }
        if computed > self.end || self.proven.is_some() {
            self.phase = Phase::Done;
        }
        self.phase == Phase::Done
    }

    /// The last heap the report covers: the end of a proven period's
    /// window, or of what was computed up to the end.
    pub fn last(&self) -> u64 {
        if self.seq.has_closed_form() {
            return self.end;
        }
        let computed = self.seq.stats().computed;
        match &self.proven {
            Some(p) => p.window_end().min(computed.saturating_sub(1)),
            None => self.end.min(computed.saturating_sub(1)),
        }
    }

    /// How many values, `G(0..k)`, are settled so far: what a file of the
    /// run's values may hold. A run to a proof settles none until it is
    /// over, since the proof decides where the report stops; an
    /// interrupted run keeps everything it computed up to the end.
    pub fn settled(&self) -> u64 {
        match self.phase {
            Phase::Done => self.last() + 1,
            Phase::Interrupted => self.end + 1,
            Phase::Running if self.until_proven => 0,
            Phase::Running => self.end + 1,
        }
    }

    /// The report of `G(0..=last)`; a run without `--to` that ended
    /// without a proof also says why it stopped where it did.
    pub fn report(&self, limits: &Limits) -> Result<SeqReport> {
        let mut report = self.seq.report(self.last(), self.listed, limits)?;
        if !self.asked {
            explain_default_stop(&mut report, self.seq.provable(), limits.max_states);
        }
        Ok(report)
    }

    /// The report of what a run stopped part way (Ctrl-C, a time limit, a
    /// budget) had computed: `G(0..=last)` so far, without the reason a
    /// finished run gives for where it ended, which would not be the one.
    pub fn report_so_far(&self, limits: &Limits) -> Result<SeqReport> {
        self.seq.report(self.last(), self.listed, limits)
    }

    /// Runs to the end in one go and reports.
    pub fn complete(mut self, limits: &Limits) -> Result<SeqReport> {
        while self.step(u64::MAX, limits)? {}
        self.report(limits)
    }
}

/// Adds to `report.proof`, for a run with no `--to` that ended without a
/// proof, why it stopped where it did: the limit, or (`provable` false)
/// that no theorem applies and a default stretch was computed. The option
/// that goes further is `--to`, or `--max-states` when the state budget
/// (`max_states`, one state a heap) drew the line.
fn explain_default_stop(report: &mut SeqReport, provable: bool, max_states: u64) {
    if report.proven || report.closed_form.is_some() {
        return;
    }
    let n = report.computed_to;
    let further = match n.saturating_add(1) >= max_states {
        true => "--max-states N",
        false => "--to N",
    };
    let why = if provable {
        format!("no period proven by n = {n}, the limit ({further} goes further)")
    } else {
        format!("computed to n = {n} by default ({further} goes further)")
    };
    report.proof = Some(match report.proof.take() {
        Some(p) => format!("{p}; {why}"),
        None if provable => why,
        None => {
            format!("no periodicity theorem covers this game, so no period can be proven; {why}")
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::rules::RulesGame;
    use crate::{Ruleset, SpecOptions};

    fn game(name: &str) -> Box<dyn Ruleset> {
        crate::parse(name, SpecOptions::default()).unwrap()
    }

    /// Drives a run in chunks of `chunk`, as the CLI does, recording what
    /// it says is settled after each step.
    fn stepped(
        g: &dyn Ruleset,
        to: Option<u64>,
        chunk: u64,
        limits: &Limits,
    ) -> (SeqReport, Vec<u64>) {
        let mut run = SeqRun::new(g.heap().unwrap(), &SeqRequest { to }, limits);
        let mut settled = Vec::new();
        while run.step(chunk, limits).unwrap() {
            settled.push(run.settled());
        }
        settled.push(run.settled());
        (run.report(limits).unwrap(), settled)
    }

    #[test]
    fn a_listing_report_holds_the_head_and_the_last_value() {
        let g = game("0.6");
        let limits = Limits::default();
        let req = SeqRequest { to: Some(50) };
        let all = SeqRun::new(g.heap().unwrap(), &req, &limits)
            .complete(&limits)
            .unwrap();
        let head = SeqRun::new(g.heap().unwrap(), &req, &limits).listing(10);
        let head = head.complete(&limits).unwrap();
        assert_eq!(head.computed_to, 50);
        assert_eq!(head.values[..10], all.values[..10]);
        assert_eq!(head.values[10..], [all.values[50]]);
        // A listing as long as the run is the whole run.
        let whole = SeqRun::new(g.heap().unwrap(), &req, &limits).listing(50);
        assert_eq!(whole.complete(&limits).unwrap().values, all.values);
    }

    #[test]
    fn steps_of_any_size_end_where_one_go_ends() {
        let limits = Limits::default();
        let whole = game("kayles")
            .sequence(&SeqRequest { to: None }, &limits)
            .unwrap();
        assert_eq!((whole.period, whole.proven), (Some(12), true));
        for chunk in [1, 100, 4096] {
            let (report, settled) = stepped(&*game("kayles"), None, chunk, &limits);
            assert_eq!(report.values, whole.values, "chunk {chunk}");
            assert_eq!(report.proof, whole.proof, "chunk {chunk}");
            // A run to a proof settles nothing until it is over, then
            // exactly the values reported.
            let (last, running) = settled.split_last().unwrap();
            assert!(running.iter().all(|&s| s == 0), "{settled:?}");
            assert_eq!(*last, whole.computed_to + 1);
        }
    }

    #[test]
    fn a_run_to_n_settles_its_values_as_it_goes() {
        let limits = Limits::default();
        let (report, settled) = stepped(&*game("officers"), Some(999), 300, &limits);
        assert_eq!(report.computed_to, 999);
        assert_eq!(settled, vec![1000; 5]);
    }

    #[test]
    fn the_engine_stops_where_the_command_line_stops() {
        // Values that are not sparse cost the square of the heap; a run
        // without --to still goes to the state budget, as `grundy seq` does.
        let limits = Limits::with_max_states(3000);
        let r = game("0.007")
            .sequence(&SeqRequest { to: None }, &limits)
            .unwrap();
        assert_eq!((r.computed_to, r.proven), (2999, false));
        assert_eq!(
            r.proof.as_deref(),
            // A --to past the budget is refused: the budget goes further.
            Some("no period proven by n = 2999, the limit (--max-states N goes further)")
        );
    }

    #[test]
    fn scripted_games_say_why_they_stopped() {
        let script = "fn moves(n) { let out = []; for s in [1, 3, 4] { if n >= s { out.push(n - s); } } out }";
        let g = crate::ruleset::boxed(RulesGame::compile("s.rhai", script).unwrap());
        let r = g
            .sequence(&SeqRequest { to: None }, &Limits::default())
            .unwrap();
        assert_eq!(r.computed_to, SeqRequest::UNPROVABLE_DEFAULT);
        assert_eq!(r.period, Some(7));
        let proof = r.proof.unwrap();
        assert!(
            proof.ends_with("; computed to n = 100 by default (--to N goes further)"),
            "{proof}"
        );
        // With --to nothing is added.
        let r = g
            .sequence(&SeqRequest { to: Some(20) }, &Limits::default())
            .unwrap();
        assert!(!r.proof.unwrap().contains("by default"));
    }

    #[test]
    fn closed_forms_compute_nothing() {
        let g = game("nim");
        let r = g
            .sequence(&SeqRequest { to: None }, &Limits::default())
            .unwrap();
        assert_eq!(r.values, (0..=100).collect::<Vec<u64>>());
        assert_eq!(g.heap().unwrap().stats().computed, 0);
    }
}
