//! A heap game as a full game: table, period, huge heaps, winning moves.

use std::sync::Mutex;

use super::partition::SparseInfo;
use super::period::FIRST_PROOF_CHECK;
use super::period::{detect_table, FiniteBound, Periodicity};
use super::values::HeapValues;
use super::{HeapRules, SeqEngine, SeqReport, SeqRequest};
use crate::error::{Error, Result};
use crate::game::Limits;

/// The largest heap a user may type. Closed forms and proven periods answer
/// any heap up to this; tables stop at `--max-states`.
pub const MAX_HEAP: u64 = u64::MAX >> 1;

/// Values are computed in chunks of this many between stop-flag checks.
const CHUNK: u64 = 1 << 10;

/// Progress figures for long runs.
#[derive(Clone, Debug, Default)]
pub struct SeqStats {
    /// How many values are known (`G(0..computed)`).
    pub computed: u64,
    /// The largest value so far.
    pub max_value: u32,
    /// How many rare heaps, for sparse-space games.
    pub rare: Option<u64>,
}

/// The object-safe view of a heap game: its moves as heaps, for misère
/// theory, and its sequence, for long runs driven by a front end
/// (progress, checkpoints, streaming the values). Its methods are the
/// means; how far a run goes and why it stops is decided by
/// [`super::SeqRun`].
pub trait HeapSequence: Send + Sync {
    /// The canonical game name.
    fn name(&self) -> String;
    /// The game as its checkpoints name it, which a resumed run must
    /// match: the name, unless the rules live in a file that can change
    /// under the same name (a Rhai script), whose checkpoints then also
    /// name the file's text.
    fn checkpoint_name(&self) -> String {
        self.name()
    }
    /// Appends to `out` every option of a heap of `n`, each the heaps it
    /// leaves (empty when the move takes everything; heaps of 0 left out):
    /// what misère theory (genus symbols, misère quotients) works on, as
    /// it cannot add values up.
    fn heap_options(&self, n: u64, limits: &Limits, out: &mut Vec<Vec<u64>>) -> Result<()>;
    /// The finite shape of the moves, when a periodicity theorem applies
    /// (to the Grundy sequence and to the misère quotient).
    fn finite_bound(&self) -> Option<FiniteBound>;
    /// Computes values up to heap `upto` (inclusive).
    fn extend_to(&self, upto: u64, limits: &Limits) -> Result<()>;
    /// Tells the engine the last heap of the run ahead, so that what it
    /// grows as it goes stops there instead of doubling past it: a run to
    /// 2^32 - 3 resumed at 3.9 billion heaps otherwise asked for 15 GB
    /// more than it needed. A hint only; any later heap is still valued.
    fn expect_last(&self, _last: u64) {}
    /// Whether a periodicity proof is possible for this game at all.
    fn provable(&self) -> bool {
        self.finite_bound().is_some()
    }
    /// Whether values come from a closed form (no table to compute).
    fn has_closed_form(&self) -> bool;
    /// A proven period of the values computed so far, if there is one.
    fn prove(&self) -> Option<Periodicity>;
    /// Checks that `table` could be this game's values before it is
    /// restored from an untrusted file: each `G(n)` within what heap `n`'s
    /// options allow, so that a forged value cannot make the engine
    /// allocate by it. The default accepts everything.
    fn validate(&self, _table: &HeapValues) -> Result<()> {
        Ok(())
    }
    /// Replaces the values (resuming a run) and rebuilds derived state.
    fn restore(&self, table: HeapValues);
    /// The last heap a run without `--to` computes while looking for a
    /// proof: `limit` ([`SeqRequest::AUTO_LIMIT`] for `grundy seq`) within
    /// the state budget.
    fn auto_cap(&self, limit: u64, limits: &Limits) -> u64 {
        limit.min(limits.max_states.saturating_sub(1))
    }
    /// Calls `f` with the values computed so far.
    fn with_table(&self, f: &mut dyn FnMut(&HeapValues));
    /// Figures for a progress display.
    fn stats(&self) -> SeqStats;
    /// The report for `G(0..=to)`, computing what is missing; with
    /// `listed = Some(k)` its values are only the first `k` and `G(to)`
    /// (what a human form shows, without a copy of every value).
    fn report(&self, to: u64, listed: Option<u64>, limits: &Limits) -> Result<SeqReport>;
}

struct State {
    table: HeapValues,
    engine: Box<dyn SeqEngine>,
    max_value: u32,
    /// A proven period, once found: every larger heap is answered from it.
    proven: Option<Periodicity>,
    /// The table length at which to look for a proof next.
    next_proof_check: usize,
}

/// A heap game with its values computed on demand and remembered.
pub struct HeapGame<R> {
    rules: R,
    state: Mutex<State>,
}

impl<R: HeapRules> HeapGame<R> {
    /// The game played with `rules`.
    pub fn new(rules: R) -> Self {
        let engine = rules.engine();
        Self::with_engine(rules, engine)
    }

    /// The game computed by `engine`.
    pub fn with_engine(rules: R, engine: Box<dyn SeqEngine>) -> Self {
        let next_proof_check = if rules.finite_bound().is_some() {
            FIRST_PROOF_CHECK as usize
        } else {
            usize::MAX
        };
        HeapGame {
            rules,
            state: Mutex::new(State {
                table: HeapValues::new(),
                engine,
                max_value: 0,
                proven: None,
                next_proof_check,
            }),
        }
    }

    /// The rules the game is played by.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // Values are pushed one at a time, so a panic elsewhere cannot
        // leave the table half-written: a poisoned lock is still usable.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Computes values up to heap `upto` (inclusive).
    ///
    /// Once a period is proven every later value is `G(n - p)`, a copy;
    /// until then the proof is looked for each time the table doubles.
    fn extend(&self, st: &mut State, upto: u64, limits: &Limits) -> Result<()> {
        if upto < st.table.len() as u64 {
            return Ok(());
        }
        // Heaps 1..=upto: heap 0 has no move and costs nothing.
        // Said in terms of heaps: `value` asks this as much as `seq`.
        let what = format!("valuing heaps up to {upto}");
        limits.check_states(upto, &what)?;
        if upto >= u32::MAX as u64 {
            return Err(Error::limit(&what, u32::MAX as u64));
        }
        let bound = self.rules.finite_bound();
        st.table.reserve((upto + 1) as usize - st.table.len());
        let upto = upto as usize;
        while st.table.len() <= upto {
            let n = st.table.len();
            if let Some(p) = &st.proven {
                if n as u64 >= p.preperiod + p.period {
                    if n.is_multiple_of(CHUNK as usize) {
                        limits.check("computing the sequence")?;
                    }
                    let v = st.table.get(n - p.period as usize);
                    st.engine.absorb(n, v);
                    st.max_value = st.max_value.max(v);
                    st.table.push(v);
                    continue;
                }
            }
            // Up to the next proof attempt (or the end), by the engine.
            let end = match &st.proven {
                None => upto.min(st.next_proof_check.saturating_sub(1)),
                Some(p) => upto.min((p.preperiod + p.period) as usize),
            };
            let State { table, engine, .. } = &mut *st;
            engine.extend(table, end.max(n), limits)?;
            let top = (n..st.table.len())
                .map(|i| st.table.get(i))
                .max()
                .unwrap_or(0);
            st.max_value = st.max_value.max(top);
            if st.table.len() >= st.next_proof_check && st.proven.is_none() {
                st.next_proof_check = st.table.len() * 2;
                let len = st.table.len();
                st.proven = detect_table(&st.table, len, bound).filter(|p| p.proven);
            }
        }
        Ok(())
    }

    /// Extends the table in doubling steps until a period is proven, the
    /// table reaches `cap`, or a budget runs out: the states, or the work
    /// budget, which each step's estimate ([`Self::step_work`]) must fit.
    fn extend_until_proven(&self, st: &mut State, cap: u64, limits: &Limits) -> Result<()> {
        let Some(bound) = self.rules.finite_bound() else {
            return Ok(());
        };
        let budget = Self::work_budget(limits);
        let mut spent = 0u64;
        let mut upto = (st.table.len() as u64).max(FIRST_PROOF_CHECK);
        while st.proven.is_none() {
            let target = upto.min(cap).min(limits.max_states.saturating_sub(1));
            let step = self.step_work(st, target);
            if spent.saturating_add(step) > budget {
                break;
            }
            spent += step;
            self.extend(st, target, limits)?;
            st.proven = detect_table(&st.table, st.table.len(), Some(bound)).filter(|p| p.proven);
            if target >= cap || target + 1 >= limits.max_states {
                break;
            }
            upto = upto.saturating_mul(2);
        }
        Ok(())
    }

    /// About how many options computing `G(len..=target)` visits: what the
    /// rules enumerate ([`HeapRules::work_to`]), or for the sparse engine
    /// every rare heap below each new heap, whichever is more. Games whose
    /// values are not sparse (0.007, 0.1234567) have rare heaps in
    /// proportion to the table, so their cost grows with its square.
    fn step_work(&self, st: &State, target: u64) -> u64 {
        let len = st.table.len() as u64;
        if target < len {
            return 0;
        }
        let enumerated = self
            .rules
            .work_to(target)
            .saturating_sub(self.rules.work_to(len));
        let rare = st.engine.rare_count().unwrap_or(0);
        let paired = (target - len + 1).saturating_mul(rare + 1);
        enumerated.max(paired)
    }

    /// The work budget of `limits`, in option visits.
    fn work_budget(limits: &Limits) -> u64 {
        limits.max_states.saturating_mul(SeqRequest::WORK_PER_STATE)
    }

    /// The largest heap `m <= cap` whose values `G(0..=m)` fit the work
    /// budget (`work_to` grows with the heap, so a bisection finds it).
    fn affordable(&self, cap: u64, limits: &Limits) -> u64 {
        let budget = Self::work_budget(limits);
        if self.rules.work_to(cap) <= budget {
            return cap;
        }
        let (mut lo, mut hi) = (0, cap);
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if self.rules.work_to(mid) <= budget {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        lo
    }

    /// `G(n)`.
    ///
    /// Within the budgets (`n` states and the work of `G(0..=n)`) the
    /// table grows to `n`, with a proof looked for on the way. Beyond
    /// them only a proven period can answer: one is looked for up to
    /// [`SeqRequest::PROOF_STRETCH`] heaps (or what the budgets allow),
    /// and without one the heap is refused at once, saying why.
    pub fn value_of(&self, n: u64, limits: &Limits) -> Result<u64> {
        if let Some(v) = self.rules.closed_form().and_then(|c| (c.value)(n)) {
            return Ok(v);
        }
        let mut st = self.lock();
        if (n as usize) < st.table.len() {
            return Ok(st.table.get(n as usize) as u64);
        }
        let within = n <= limits.max_states && self.rules.work_to(n) <= Self::work_budget(limits);
        if st.proven.is_none() {
            let cap = if within {
                n
            } else {
                self.affordable(SeqRequest::proof_stretch(limits), limits)
            };
            self.extend_until_proven(&mut st, cap, limits)?;
        }
        if let Some(p) = &st.proven {
            if n >= p.preperiod {
                let i = p.preperiod + (n - p.preperiod) % p.period;
                return Ok(st.table.get(i as usize) as u64);
            }
        }
        if !within {
            return Err(self.beyond_budget(n, st.table.len(), limits));
        }
        self.extend(&mut st, n, limits)?;
        Ok(st.table.get(n as usize) as u64)
    }

    /// Why heap `n` is refused, when no proof was found in `G(0..known)`.
    fn beyond_budget(&self, n: u64, known: usize, limits: &Limits) -> Error {
        let why = if self.rules.finite_bound().is_some() {
            format!("no period is proven by n = {}", known.saturating_sub(1))
        } else {
            "no periodicity theorem covers this game".to_string()
        };
        let work = self.rules.work_to(n);
        let cost = if n <= limits.max_states {
            format!(
                "; about {:.1e} options to visit, {} per state",
                work as f64,
                SeqRequest::WORK_PER_STATE
            )
        } else {
            String::new()
        };
        Error::limit(
            format!("heap {n} of {} ({why}{cost})", self.rules.name()),
            limits.max_states,
        )
    }
}

/// The options of heap `n` that `list` gives to its `push` (each the
/// heaps it leaves; `push` says whether to go on), appended to `out`
/// within the state budget: [`HeapSequence::heap_options`] as every heap
/// game bounds it.
pub(crate) fn options_within(
    n: u64,
    limits: &Limits,
    out: &mut Vec<Vec<u64>>,
    list: impl FnOnce(&mut dyn FnMut(Vec<u64>) -> bool) -> Result<()>,
) -> Result<()> {
    let (start, mut over) = (out.len(), false);
    list(&mut |heaps| {
        over = (out.len() - start) as u64 >= limits.max_states;
        if !over {
            out.push(heaps);
        }
        !over
    })?;
    match over {
        true => Err(Error::limit(
            format!("listing the moves of a heap of {n}"),
            limits.max_states,
        )),
        false => Ok(()),
    }
}

impl<R: HeapRules> HeapSequence for HeapGame<R> {
    fn name(&self) -> String {
        self.rules.name()
    }

    fn heap_options(&self, n: u64, limits: &Limits, out: &mut Vec<Vec<u64>>) -> Result<()> {
        options_within(n, limits, out, |push| {
            self.rules.for_each_option(n, &mut |parts| {
                push(parts.iter().copied().filter(|&h| h > 0).collect())
            });
            Ok(())
        })
    }

    fn finite_bound(&self) -> Option<FiniteBound> {
        self.rules.finite_bound()
    }

    fn extend_to(&self, upto: u64, limits: &Limits) -> Result<()> {
        let mut st = self.lock();
        self.extend(&mut st, upto, limits)
    }

    fn expect_last(&self, last: u64) {
        let last = usize::try_from(last).unwrap_or(usize::MAX);
        self.lock().engine.expect_last(last);
    }

    fn has_closed_form(&self) -> bool {
        self.rules.closed_form().is_some()
    }

    fn prove(&self) -> Option<Periodicity> {
        let bound = self.rules.finite_bound()?;
        let mut st = self.lock();
        if st.proven.is_none() {
            st.proven = detect_table(&st.table, st.table.len(), Some(bound)).filter(|p| p.proven);
        }
        st.proven.clone()
    }

    fn validate(&self, table: &HeapValues) -> Result<()> {
        let mut max = 0u64;
        for n in 0..table.len() {
            let g = table.get(n) as u64;
            // Every option leaves heaps below n, so its value is a XOR of
            // earlier values, below the next power of two above them all;
            // and a mex over `c` options is at most `c`.
            let xor_bound = 1u64 << (64 - max.leading_zeros());
            let bound = xor_bound.min(self.rules.option_count_bound(n as u64));
            if g > bound {
                return Err(Error::parse(format!(
                    "the checkpoint is damaged (it gives G({n}) = {g}, but no heap {n} of {} can have a value above {bound}); delete it to start over",
                    self.rules.name()
                )));
            }
            max = max.max(g);
        }
        Ok(())
    }

    fn auto_cap(&self, limit: u64, limits: &Limits) -> u64 {
        let cap = limit.min(limits.max_states.saturating_sub(1));
        self.affordable(cap, limits)
    }

    fn restore(&self, table: HeapValues) {
        let mut st = self.lock();
        st.engine.rebuild(&table);
        st.max_value = table.max();
        st.table = table;
        st.proven = None;
        if st.next_proof_check != usize::MAX {
            st.next_proof_check = st.table.len().max(FIRST_PROOF_CHECK as usize);
        }
    }

    fn with_table(&self, f: &mut dyn FnMut(&HeapValues)) {
        f(&self.lock().table)
    }

    fn stats(&self) -> SeqStats {
        let st = self.lock();
        SeqStats {
            computed: st.table.len() as u64,
            max_value: st.max_value,
            rare: st.engine.rare_count(),
        }
    }

    fn report(&self, to: u64, listed: Option<u64>, limits: &Limits) -> Result<SeqReport> {
        super::check_sequence_states(limits, to)?;
        if let Some(form) = self.rules.closed_form() {
            let values =
                super::report_values(to, listed, limits, |n| (form.value)(n).unwrap_or(0))?;
            return Ok(SeqReport {
                game: self.rules.name(),
                computed_to: to,
                values,
                preperiod: None,
                period: None,
                proven: false,
                proof: None,
                closed_form: Some(form.note.to_string()),
                sparse: None,
            });
        }
        let mut st = self.lock();
        self.extend(&mut st, to, limits)?;
        let periodicity = detect_table(&st.table, to as usize + 1, self.rules.finite_bound());
        let sparse: Option<SparseInfo> = st.engine.sparse(&st.table, to);
        let table = &st.table;
        let values = super::report_values(to, listed, limits, |n| table.get(n as usize).into())?;
        Ok(SeqReport {
            game: self.rules.name(),
            computed_to: to,
            values,
            preperiod: periodicity.as_ref().map(|p| p.preperiod),
            period: periodicity.as_ref().map(|p| p.period),
            proven: periodicity.as_ref().is_some_and(|p| p.proven),
            proof: periodicity.map(|p| p.proof),
            closed_form: None,
            sparse,
        })
    }
}
