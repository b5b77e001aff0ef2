//! Misère sums of heaps decided by the game's misère quotient: the sum's
//! element is the product of its heaps' elements, so a sum of any number
//! of heaps costs one multiplication a heap, and each option one more.

use std::sync::Arc;

use super::{decided, winning_moves, HeapSum, Misere, BY_QUOTIENT};
use crate::answer::Analysis;
use crate::error::{Error, Result};
use crate::game::{Limits, Outcome};
use crate::heap::quotient::MisereQuotient;
use crate::heap::HeapSequence;
use crate::ruleset::Game;

/// The state budget of the quotient tried for a sum: enough for every
/// quotient this version proves (order 8 for 0.75 walks 16,332 states),
/// small enough that a game whose quotient cannot be proven falls back to
/// search within a fraction of a second.
const QUOTIENT_STATES: u64 = 1 << 17;

/// What is known of a game's misère quotient.
pub(super) struct Known {
    /// The largest quotient proven so far.
    proven: Option<Arc<MisereQuotient>>,
    /// The least heap the quotient could not be proven to (a bound
    /// stopped it, or no repair settled it): sums with a heap this large
    /// are left to search, which is exact, rather than retried.
    fails_from: u64,
}

impl<G: Game + 'static> Misere<G> {
    /// A sum of heaps decided by the game's misère quotient, when the game
    /// has one proven up to the largest heap of the sum; `None` leaves the
    /// sum to search.
    pub(super) fn by_quotient(&self, sum: &HeapSum<'_, G::Comp>) -> Option<Result<Analysis>> {
        let (p, limits) = (sum.p, sum.limits);
        let top = sum.heaps.iter().copied().max().unwrap_or(0);
        let q = self.quotient_to(sum.moves, top, limits)?;
        let elements: Vec<u32> = (sum.heaps)
            .iter()
            .map(|&h| q.element(&[h]))
            .collect::<Option<_>>()?;
        // rest[i]: the product of every heap but heap i.
        let mut rest = vec![0u32; elements.len()];
        let mut before = 0;
        for (i, &e) in elements.iter().enumerate() {
            rest[i] = before;
            before = q.mul(before, e);
        }
        let mut after = 0;
        for (i, &e) in elements.iter().enumerate().rev() {
            rest[i] = q.mul(rest[i], after);
            after = q.mul(after, e);
        }
        let wins = q.outcome_of(before) == Outcome::N;
        let game = &self.game;
        let found = winning_moves(game, p, wins, limits, |i, parts| {
            let left: Option<Vec<u64>> = parts.iter().map(|c| game.as_heap(c)).collect();
            let e = left.and_then(|l| q.element(&l));
            Ok(e.is_some_and(|e| q.outcome_of(q.mul(rest[i], e)) == Outcome::P))
        });
        Some(found.map(|(moves, truncated)| Analysis {
            moves_truncated: truncated,
            ..decided(game.name(), p, wins, moves, BY_QUOTIENT)
        }))
    }

    /// The quotient up to heap `top` at least, computed once and kept.
    fn quotient_to(
        &self,
        moves: &dyn HeapSequence,
        top: u64,
        limits: &Limits,
    ) -> Option<Arc<MisereQuotient>> {
        let mut guard = self.quotient.lock().unwrap_or_else(|e| e.into_inner());
        let known = guard.get_or_insert(Known {
            proven: None,
            fails_from: u64::MAX,
        });
        match &known.proven {
            Some(q) if q.covers(top) => return Some(q.clone()),
            _ if top >= known.fails_from => return None,
            _ => {}
        }
        let budget = limits.within_states(QUOTIENT_STATES);
        // Only as far as asked: a quotient costs more with every heap, and
        // play asks about its largest heaps first. Past what the budget
        // holds (a state a heap), as far as it holds, when a period can be
        // proven there: it covers every heap (Kayles' by heap 167), and
        // Kayles' heap of a million was left to a search that ran out of
        // memory.
        let to = match moves.provable() {
            true => top.min(budget.max_states / 2),
            false => top,
        };
        match MisereQuotient::compute(moves, to, &budget) {
            Ok(q) => {
                let q = Arc::new(q);
                known.proven = Some(q.clone());
                if !q.covers(top) {
                    known.fails_from = known.fails_from.min(q.heaps() + 1);
                    return None;
                }
                Some(q)
            }
            // A time limit or a stop may pass: it is tried again next
            // time. A bound of states or memory (the table's size against
            // the budget) or a failure is kept.
            Err(Error::Interrupted(_)) => None,
            Err(_) => {
                known.fails_from = known.fails_from.min(top);
                None
            }
        }
    }
}
