//! Misère quotients of heap games (Plambeck and Siegel): the commutative
//! monoid that plays in misère play the part the nimbers play in normal
//! play. Every sum of heaps up to N maps to an element (the product of
//! its heaps' elements), and the sum is a misère P-position exactly when
//! its element is in the P-portion; so with the quotient in hand, a sum of
//! any number of heaps is decided by multiplying.
//!
//! [`MisereQuotient::compute`] builds the quotient heap by heap
//! (`build`), checks each step against every sum of the heaps so far
//! (`verify`) and repairs a step the check finds wrong by counting some
//! heaps apart (`free`, `automaton`): a quotient it returns is proven
//! for all sums of heaps up to N. Whether it stays the same beyond N is
//! only observed.

mod answer;
mod automaton;
mod build;
mod free;
mod genera;
mod lex;
mod monoid;
mod period;
mod present;
mod snapshot;
mod tame;
mod verify;

use serde::Serialize;

pub use answer::{QuotientAnswer, QuotientReport, QuotientStopped};
pub use build::Build;
pub use genera::HeapGenus;
pub use monoid::Bipartite;
pub use period::QuotientPeriod;
use present::{generator_name, word, Presentation};
pub use snapshot::Snapshot;
use tame::{next_heap, tame_prefix};
use verify::Verdict;

use crate::error::{Error, Result};
use crate::game::{Limits, Outcome};
use crate::heap::HeapSequence;

/// The misère quotient of the sums of a heap game's heaps up to N.
#[derive(Clone, Debug)]
pub struct MisereQuotient {
    game: String,
    built: Build,
    presentation: Presentation,
    /// States walked by the check that proves it.
    checked_states: usize,
    /// The heaps up to which every heap is hereditarily tame: their
    /// steps are proven by Conway's genus theory, not by the check.
    tame_to: u64,
    /// The period of the heaps' elements, when the quotient periodicity
    /// theorem proves that this is the quotient of every heap.
    period: Option<QuotientPeriod>,
}

/// A generator of the quotient: the heap whose element it is.
#[derive(Clone, Debug, Serialize)]
pub struct Generator {
    /// Its letter.
    pub name: String,
    /// The heap it is the element of.
    pub heap: u64,
}

/// How far [`MisereQuotient::compute_reached`] got: the quotient proven
/// for every sum of heaps up to its last heap, and, when it stopped
/// short, the heap it was working on and why.
#[derive(Debug)]
pub struct Reached {
    /// The quotient proven so far.
    pub quotient: MisereQuotient,
    /// The heap not finished, and what stopped it.
    pub stopped: Option<(u64, Error)>,
}

/// What a quotient run tells its caller as it goes.
pub enum Progress<'a> {
    /// Heap `heap` is proven, the quotient of `order` elements; `snapshot`
    /// makes the state to save, for a run to go on from.
    Proven {
        /// The heap.
        heap: u64,
        /// The quotient's order.
        order: usize,
        /// The run's state, made only when asked (it copies the tables).
        snapshot: &'a dyn Fn() -> Snapshot,
    },
    /// Heap `heap`'s candidate, of `order` elements, was found wrong by
    /// the check and is repaired for the `repair`th time.
    Repairing {
        /// The heap.
        heap: u64,
        /// The candidate's order.
        order: usize,
        /// Which repair of this heap.
        repair: usize,
        /// The run's state at heap `heap - 1`, proven, made only when
        /// asked (it copies the tables): a heap that takes hours (Dawson's
        /// Kayles' 34th, after 33 in a second) is repaired again and
        /// again, and its repairs are where the heaps before it are saved.
        proven: &'a dyn Fn() -> Snapshot,
    },
}

/// Adds heap `n` to `built` (the quotient proven to heap `n - 1`) and
/// proves the result against every sum (repairing it where
/// the check finds it wrong), so that the next heap is built on a proven
/// quotient; the states the proof walked. On an error `built` is left
/// half-changed. `proven` makes the state at heap `n - 1` from the
/// quotient being repaired, for [`Progress::Repairing`].
fn add_heap(
    built: &mut Build,
    n: u64,
    (moves, limits): (&dyn HeapSequence, &Limits),
    proven: &dyn Fn(&Build) -> Snapshot,
    on: &mut dyn FnMut(Progress<'_>),
) -> Result<usize> {
    let options = light_options(moves, n, limits)?;
    built.add_heap(&options, limits)?;
    settle(built, moves, limits, proven, on)
}

/// The options of heap `n`, each a sum of heaps, refused when one is not
/// lighter than the heap (smaller heaps of no more tokens): the quotient's
/// construction and the genera of [`tame_prefix`] need every play to end
/// by going down.
fn light_options(moves: &dyn HeapSequence, n: u64, limits: &Limits) -> Result<Vec<Vec<u64>>> {
    let mut options = Vec::new();
    moves.heap_options(n, limits, &mut options)?;
    match options.iter().find(|o| heavy(o, n)) {
        Some(big) => Err(Error::unsupported(format!(
            "{}: a move from heap {n} leaves {}; misère quotients are built for games whose moves leave smaller heaps of no more tokens",
            moves.name(),
            sum_text(big)
        ))),
        None => Ok(options),
    }
}

/// Whether `option`, a sum of heaps, is no lighter than heap `n` (its
/// weights, the squares of its heaps, add up to at least `n`'s). A sum
/// past 2^64 (heaps past 2^32) is heavy, not wrapped round.
fn heavy(option: &[u64], n: u64) -> bool {
    let total = option
        .iter()
        .try_fold(0u64, |s, &h| s.checked_add(lex::weight(h)));
    total.is_none_or(|w| w >= lex::weight(n))
}

/// Heaps a quotient covers when none are asked for: past the heap where
/// the quotients published for octal games settle.
pub const DEFAULT_QUOTIENT_TO: u64 = 40;

impl MisereQuotient {
    /// The quotient of the sums of heaps `1..=to` of `moves`, built heap by
    /// heap and checked against every sum.
    pub fn compute(moves: &dyn HeapSequence, to: u64, limits: &Limits) -> Result<Self> {
        match Self::compute_reached(moves, to, limits, None, &mut |_| {})? {
            Reached {
                quotient,
                stopped: None,
            } => Ok(quotient),
            Reached {
                stopped: Some((_, e)),
                ..
            } => Err(e),
        }
    }

    /// Refuses quotients of heaps up to `to` that the state budget cannot
    /// hold, before any work: what [`Self::compute_reached`] checks first,
    /// and `grundy table` before a sweep whose every game would fail it.
    pub fn check_heaps(to: u64, limits: &Limits) -> Result<()> {
        if to > limits.max_states {
            return Err(Error::limit(
                format!("the quotient of heaps up to {to} (a state for each heap at least)"),
                limits.max_states,
            ));
        }
        Ok(())
    }

    /// The quotient of the sums of heaps `1..=to` as far as it can be
    /// proven: when a bound (states, memory, time, a stop asked for) or a
    /// failure stops heap `n`, the quotient proven for heaps up to `n - 1`
    /// and why heap `n` was not finished, so that long work is not lost.
    /// Fails only when not even heap 1 was finished. A run goes on from
    /// `start`, a snapshot of an earlier run of the same game (one past
    /// `to` is not used). `on` is told each heap proven (with the snapshot
    /// to save) and each repair (with the snapshot of the heaps proven
    /// before it), for progress reports and checkpoints.
    pub fn compute_reached(
        moves: &dyn HeapSequence,
        to: u64,
        limits: &Limits,
        start: Option<Snapshot>,
        on: &mut dyn FnMut(Progress<'_>),
    ) -> Result<Reached> {
        // States and memory only, up front: a stop is heard heap by heap,
        // where what was proven is kept.
        Self::check_heaps(to, limits)?;
        limits.check_memory(&format!("the quotient of heaps up to {to}"))?;
        // Sums of the tame heaps play like misère Nim (Conway's genus
        // theory): their steps need no check.
        let tame = tame_prefix(moves, to, limits);
        let tame_to = tame.len() as u64 - 1;
        let bound = moves.finite_bound();
        let (mut built, mut checked) = match start.filter(|s| s.heap() <= to) {
            Some(s) => (s.built, s.checked),
            None => (Build::new(), 0),
        };
        let proven = |b: &Build| bound.and_then(|bound| period::proven_period(&b.heaps, &bound));
        let mut period = proven(&built);
        let first = built.heaps.len() as u64;
        for n in first..=to {
            if period.is_some() {
                break;
            }
            let (step, base) = next_heap(&mut built, (n, checked), (moves, limits), &tame, on);
            match step {
                Ok(states) => checked = checked.max(states),
                Err(e) if n > 1 => {
                    let before = match base {
                        Some(base) => base.restored(built),
                        None => built,
                    };
                    return Ok(Reached {
                        quotient: Self::finish(moves, before, (checked, tame_to), None),
                        stopped: Some((n, e)),
                    });
                }
                Err(e) => return Err(e),
            }
            let snapshot = || Snapshot {
                built: built.clone(),
                checked,
            };
            on(Progress::Proven {
                heap: n,
                order: built.monoid.order,
                snapshot: &snapshot,
            });
            // Proven for every heap: nothing further to compute.
            period = proven(&built);
        }
        Ok(Reached {
            quotient: Self::finish(moves, built, (checked, tame_to), period),
            stopped: None,
        })
    }

    /// The quotient of what `built` holds, proven through `checked` states
    /// and, for heaps up to `tame_to`, by the genus theory; for every heap
    /// when `period` is proven.
    fn finish(
        moves: &dyn HeapSequence,
        built: Build,
        (checked, tame_to): (usize, u64),
        period: Option<QuotientPeriod>,
    ) -> MisereQuotient {
        let gens: Vec<u32> = built
            .generators
            .iter()
            .map(|&h| built.heaps[h as usize])
            .collect();
        let presentation = Presentation::new(&built.monoid, &gens);
        let tame_to = tame_to.min(built.heaps.len() as u64 - 1);
        MisereQuotient {
            game: moves.name(),
            built,
            presentation,
            checked_states: checked,
            tame_to,
            period,
        }
    }

    /// The state a later run goes on from (see [`Snapshot`]).
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            built: self.built.clone(),
            checked: self.checked_states,
        }
    }

    /// Whether the quotient decides sums with a heap of `h`: every heap
    /// up to the last computed, and every heap at all once the period is
    /// proven.
    pub fn covers(&self, h: u64) -> bool {
        h <= self.heaps() || self.period.is_some()
    }

    /// The proven period of the heaps' elements, if any.
    pub fn period(&self) -> Option<QuotientPeriod> {
        self.period
    }

    /// The largest heap the quotient covers.
    pub fn heaps(&self) -> u64 {
        self.built.heaps.len() as u64 - 1
    }

    /// The misère outcome of the sum of `heaps`, or `None` when a heap is
    /// beyond the quotient.
    pub fn outcome(&self, heaps: &[u64]) -> Option<Outcome> {
        let e = self.element(heaps)?;
        Some(self.outcome_of(e))
    }

    /// The element of the sum of `heaps`, or `None` beyond the quotient.
    pub fn element(&self, heaps: &[u64]) -> Option<u32> {
        let q = &self.built.monoid;
        heaps.iter().try_fold(0, |acc, &h| {
            let h = self.period.map_or(h, |p| p.fold(h));
            let e = *self.built.heaps.get(usize::try_from(h).ok()?)?;
            Some(q.mul(acc, e))
        })
    }

    /// The product of two elements.
    pub fn mul(&self, x: u32, y: u32) -> u32 {
        self.built.monoid.mul(x, y)
    }

    /// P when `e` is in the P-portion.
    pub fn outcome_of(&self, e: u32) -> Outcome {
        match self.built.monoid.p[e as usize] {
            true => Outcome::P,
            false => Outcome::N,
        }
    }

    /// How many elements.
    pub fn order(&self) -> usize {
        self.built.monoid.order
    }

    /// The heap since which the quotient has not grown.
    pub fn stable_since(&self) -> u64 {
        self.built.last_change
    }

    /// What proves the quotient of heaps up to `n`, unchanged since heap
    /// `since`, in words.
    fn proof(&self, n: u64, since: u64) -> String {
        if let Some(p) = self.period {
            return format!(
                "proven for every sum of heaps of any size: the heaps' elements repeat with period {} from heap {} through heap {n}, which the quotient periodicity theorem needs to prove it for every heap",
                p.period, p.preperiod
            );
        }
        let by = match (self.tame_to, self.tame_to >= n) {
            (_, true) => "every heap is hereditarily tame, so sums play like misère Nim (Conway's genus theory)".to_string(),
            (0, _) => format!("each sum's outcome checked through {} states", self.checked_states),
            (m, _) => format!(
                "heaps up to {m} hereditarily tame (Conway's genus theory), each sum with a larger heap checked through {} states",
                self.checked_states
            ),
        };
        format!("proven for every sum of heaps up to {n} ({by}); observed unchanged from heap {since} to heap {n}, which proves nothing about larger heaps")
    }

    /// The report, with every element written as its least word.
    pub fn report(&self) -> QuotientReport {
        let q = &self.built.monoid;
        let words: Vec<String> = self.presentation.words.iter().map(|w| word(w)).collect();
        let n = self.heaps();
        let since = self.stable_since();
        let stable = self.period.is_some() || (n >= 2 && n - since >= n.div_ceil(2));
        QuotientReport {
            game: self.game.clone(),
            heaps: n,
            order: q.order,
            p_portion_size: q.p.iter().filter(|&&p| p).count(),
            p_portion: (0..q.order)
                .filter(|&x| q.p[x])
                .map(|x| words[x].clone())
                .collect(),
            generators: self
                .built
                .generators
                .iter()
                .enumerate()
                .map(|(i, &heap)| Generator {
                    name: generator_name(i),
                    heap,
                })
                .collect(),
            relations: self
                .presentation
                .relations
                .iter()
                .map(|(l, r)| format!("{} = {}", word(l), word(r)))
                .collect(),
            heap_elements: self
                .built
                .heaps
                .iter()
                .map(|&e| words[e as usize].clone())
                .collect(),
            stable,
            stable_since: since,
            proof: self.proof(n, since),
            period: self.period,
        }
    }
}

/// Most repairs tried for one heap before giving up.
const MAX_REPAIRS: usize = 256;

/// Checks `built`, the quotient with heap n just added, and repairs it
/// until the check passes: the sums the proof kept. `proven` makes the
/// state before heap n from `built`, for each repair's [`Progress`].
fn settle(
    built: &mut Build,
    moves: &dyn HeapSequence,
    limits: &Limits,
    proven: &dyn Fn(&Build) -> Snapshot,
    on: &mut dyn FnMut(Progress<'_>),
) -> Result<usize> {
    let n = built.heaps.len() as u64 - 1;
    let mut wrong = Vec::new();
    for repair in 1..=MAX_REPAIRS {
        wrong = match verify::check(built, limits)? {
            Verdict::Proven { states } => return Ok(states),
            Verdict::Fails(sum) => sum,
        };
        on(Progress::Repairing {
            heap: n,
            order: built.monoid.order,
            repair,
            proven: &|| proven(built),
        });
        match free::recalibrate(built, &wrong, limits)? {
            Some(repaired) => *built = repaired,
            None => return Err(unsettled(moves, n, &wrong)),
        }
        limits.check("repairing the misère quotient")?;
    }
    Err(unsettled(moves, n, &wrong))
}

/// The refusal of a quotient no repair settled.
fn unsettled(moves: &dyn HeapSequence, n: u64, wrong: &[u64]) -> Error {
    Error::unsupported(format!(
        "the misère quotient of {} could not be settled at heap {n} (the sum {} is still predicted wrongly after {MAX_REPAIRS} repairs); misère sums of this game are decided by search",
        moves.name(),
        sum_text(wrong)
    ))
}

/// Refuses a multiplication table of `order` elements that the limits
/// cannot hold beside what the process holds already, before it is
/// allocated.
pub(crate) fn room_for_table(order: usize, limits: &Limits) -> Result<()> {
    let what = "the misère quotient's multiplication table";
    let cells = (order as u64).saturating_mul(order as u64);
    limits.check_states(cells / 64, what)?;
    limits.check_room(cells.saturating_mul(4), what)
}

/// A sum of heaps written `a+b+c` (`0` when empty).
fn sum_text(heaps: &[u64]) -> String {
    match heaps.is_empty() {
        true => "0".to_string(),
        false => heaps
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join("+"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Visit;
    use crate::heap::{HeapGame, HeapRules};
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;

    /// Heap n moves to heap n + 1 (up to 10^6), counting the listings.
    #[derive(Clone)]
    struct Up(Arc<AtomicU64>);

    impl HeapRules for Up {
        fn name(&self) -> String {
            "up".to_string()
        }

        fn for_each_option(&self, n: u64, f: Visit<u64>) {
            self.0.fetch_add(1, Ordering::Relaxed);
            if n < 1_000_000 {
                f(&[n + 1]);
            }
        }
    }

    /// Moves that go up end the tame prefix at once: the genera once
    /// followed them up through 65,536 heaps (and 1 GB) first.
    #[test]
    fn a_heavier_option_ends_the_tame_prefix_before_any_genus() {
        let listed = Arc::new(AtomicU64::new(0));
        let game = HeapGame::new(Up(listed.clone()));
        assert_eq!(tame_prefix(&game, 10, &Limits::default()).len(), 1);
        assert!(listed.load(Ordering::Relaxed) <= 2, "{listed:?}");
        let e = light_options(&game, 1, &Limits::default()).unwrap_err();
        assert!(e.to_string().contains("a move from heap 1 leaves 2"), "{e}");
        // Heaps past 2^32: their squares' sum overflows, and is heavy.
        assert!(heavy(&[3_037_000_500, 3_037_000_500], 20_000));
        assert!(heavy(&[3, 4], 5) && !heavy(&[3, 3], 5) && !heavy(&[], 1));
    }
}
