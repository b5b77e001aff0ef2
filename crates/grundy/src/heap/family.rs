//! A heap game as a full game: table, period, huge heaps, winning moves.

use std::sync::Mutex;

use super::period::{detect, Periodicity};
use super::{HeapRules, SeqEngine, SeqReport, SeqRequest};
use crate::error::{Error, Result};
use crate::game::Limits;
use crate::nimber::Nimber;
use crate::ruleset::{
    analyze_sum, parse_count, scan_options_with_value, Analysis, Ruleset, SumGame,
};

/// The largest heap a user may type. Closed forms and proven periods answer
/// any heap up to this; tables stop at `--max-states`.
pub const MAX_HEAP: u64 = u64::MAX >> 1;

struct Table {
    values: Vec<u32>,
    engine: Box<dyn SeqEngine>,
    /// A proven period, once found: every larger heap is answered from it.
    proven: Option<Periodicity>,
}

/// A heap game with its values computed on demand and remembered.
pub struct HeapGame<R> {
    rules: R,
    table: Mutex<Table>,
}

impl<R: HeapRules> HeapGame<R> {
    /// The game played with `rules`.
    pub fn new(rules: R) -> Self {
        let engine = rules.engine();
        HeapGame {
            rules,
            table: Mutex::new(Table {
                values: Vec::new(),
                engine,
                proven: None,
            }),
        }
    }

    /// The rules.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Table> {
        // A panic elsewhere cannot leave the table half-written (values are
        // pushed one at a time), so a poisoned lock is still usable.
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Computes values up to heap `upto` (inclusive).
    fn extend(table: &mut Table, upto: u64, limits: &Limits) -> Result<()> {
        if upto < table.values.len() as u64 {
            return Ok(());
        }
        limits.check_states(upto.saturating_add(1), "this sequence")?;
        if upto >= u32::MAX as u64 {
            return Err(Error::limit("this sequence", u32::MAX as u64));
        }
        table.values.reserve(upto as usize + 1 - table.values.len());
        while (table.values.len() as u64) <= upto {
            if table.values.len() % 65536 == 0 {
                limits.check("computing the sequence")?;
            }
            let v = table.engine.next(&table.values);
            table.values.push(v);
        }
        Ok(())
    }

    /// Extends the table in doubling steps until a period is proven, the
    /// table reaches `cap`, or the budget runs out.
    fn extend_until_proven(&self, table: &mut Table, cap: u64, limits: &Limits) -> Result<()> {
        let Some(bound) = self.rules.finite_bound() else {
            return Ok(());
        };
        let mut upto = (table.values.len() as u64).max(256);
        while table.proven.is_none() {
            let target = upto.min(cap).min(limits.max_states.saturating_sub(1));
            Self::extend(table, target, limits)?;
            if let Some(p) = detect(&table.values, Some(bound)).filter(|p| p.proven) {
                table.proven = Some(p);
            }
            if target >= cap || target + 1 >= limits.max_states {
                break;
            }
            upto = upto.saturating_mul(2);
        }
        Ok(())
    }

    /// `G(n)`.
    pub fn value_of(&self, n: u64, limits: &Limits) -> Result<u64> {
        if let Some(v) = self.rules.closed_form(n) {
            return Ok(v);
        }
        let mut table = self.lock();
        if let Some(&v) = table.values.get(n as usize) {
            return Ok(v as u64);
        }
        if self.rules.finite_bound().is_some() && table.proven.is_none() {
            self.extend_until_proven(&mut table, n, limits)?;
        }
        if let Some(p) = &table.proven {
            if n >= p.preperiod {
                let i = p.preperiod + (n - p.preperiod) % p.period;
                return Ok(table.values[i as usize] as u64);
            }
        }
        Self::extend(&mut table, n, limits)?;
        Ok(table.values[n as usize] as u64)
    }

    /// The Grundy sequence as `grundy seq` reports it.
    pub fn sequence(&self, req: &SeqRequest, limits: &Limits) -> Result<SeqReport> {
        let closed = self.rules.closed_form_note();
        let bound = self.rules.finite_bound();
        let to = match req.to {
            Some(to) => to,
            None if bound.is_some() => {
                let mut table = self.lock();
                let cap = SeqRequest::AUTO_LIMIT.min(limits.max_states.saturating_sub(1));
                self.extend_until_proven(&mut table, cap, limits)?;
                match &table.proven {
                    // Show the preperiod, two periods and the proof window.
                    Some(p) => bound
                        .map(|b| b.values_needed(p.preperiod, p.period))
                        .unwrap_or(0)
                        .max(p.preperiod + 2 * p.period)
                        .saturating_sub(1),
                    None => table.values.len() as u64 - 1,
                }
            }
            None => SeqRequest::UNPROVABLE_DEFAULT,
        };
        limits.check_states(to.saturating_add(1), "this sequence")?;
        let values: Vec<u64> = if closed.is_some() {
            (0..=to)
                .map(|n| self.rules.closed_form(n).unwrap_or(0))
                .collect()
        } else {
            let mut table = self.lock();
            Self::extend(&mut table, to, limits)?;
            table.values[..=to as usize]
                .iter()
                .map(|&v| v as u64)
                .collect()
        };
        let periodicity = if closed.is_some() {
            None
        } else {
            let narrow: Vec<u32> = values.iter().map(|&v| v as u32).collect();
            detect(&narrow, bound)
        };
        Ok(SeqReport {
            game: self.rules.name(),
            computed_to: to,
            values,
            preperiod: periodicity.as_ref().map(|p| p.preperiod),
            period: periodicity.as_ref().map(|p| p.period),
            proven: periodicity.as_ref().is_some_and(|p| p.proven),
            proof: periodicity.map(|p| p.proof),
            closed_form: closed,
        })
    }
}

impl<R: HeapRules> SumGame for HeapGame<R> {
    type Comp = u64;

    fn name(&self) -> String {
        self.rules.name()
    }

    fn parse_component(&self, text: &str) -> Result<u64> {
        parse_count(text, "a heap size", MAX_HEAP)
    }

    fn format_component(&self, c: &u64) -> String {
        c.to_string()
    }

    fn value(&self, c: &u64, limits: &Limits) -> Result<Nimber> {
        self.value_of(*c, limits).map(Nimber)
    }

    fn for_each_option(
        &self,
        c: &u64,
        _limits: &Limits,
        f: &mut dyn FnMut(&[u64]) -> bool,
    ) -> Result<()> {
        self.rules.for_each_option(*c, f);
        Ok(())
    }

    fn options_with_value(
        &self,
        c: &u64,
        target: Nimber,
        limits: &Limits,
        max: usize,
    ) -> Result<(Vec<Vec<u64>>, bool)> {
        match self.rules.options_with_value(*c, target.0, limits, max) {
            Some(found) => Ok(found),
            None => scan_options_with_value(self, c, target, limits, max),
        }
    }
}

impl<R: HeapRules> Ruleset for HeapGame<R> {
    fn name(&self) -> String {
        self.rules.name()
    }

    fn analyze(&self, components: &[String], limits: &Limits) -> Result<Analysis> {
        analyze_sum(self, components, limits)
    }

    fn has_sequence(&self) -> bool {
        true
    }

    fn sequence(&self, req: &SeqRequest, limits: &Limits) -> Result<SeqReport> {
        HeapGame::sequence(self, req, limits)
    }
}
