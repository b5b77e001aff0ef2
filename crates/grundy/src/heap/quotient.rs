//! Misère quotients of heap games (Plambeck and Siegel): the commutative
//! monoid that plays in misère play the part the nimbers play in normal
//! play. Every sum of heaps up to N maps to an element (the product of
//! its heaps' elements), and the sum is a misère P-position exactly when
//! its element is in the P-portion; so with the quotient in hand, a sum of
//! any number of heaps is decided by multiplying.
//!
//! [`MisereQuotient::compute`] builds the quotient heap by heap
//! ([`build`]), checks each step against every sum of the heaps so far
//! ([`walk`]) and repairs a step the check finds wrong by counting some
//! heaps apart ([`free`], [`automaton`]): a quotient it returns is proven
//! for all sums of heaps up to N. Whether it stays the same beyond N is
//! only observed.

mod automaton;
mod build;
mod free;
mod monoid;
mod present;
mod walk;

use serde::Serialize;

pub use build::Build;
use free::Freed;
pub use monoid::Bipartite;
use present::{generator_name, word, Presentation};
use walk::Verdict;

use crate::error::{Error, Result};
use crate::game::{Limits, Outcome};
use crate::heap::genus::GenusTable;
use crate::heap::HeapMoves;

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

/// Adds heap `n` to `built` (equal to `base`, the quotient proven to heap
/// `n - 1`) and proves the result against every sum (repairing it where
/// the check finds it wrong), so that the next heap is built on a proven
/// quotient; the states the proof walked. A `tame` heap (hereditarily
/// tame, as every heap below it) needs no check: sums of such heaps play
/// like misère Nim (Conway), so the outcome of a sum plus copies of heap
/// `n` depends only on the sum's class, which is what the construction
/// assumes. On an error `built` is left half-changed.
fn add_heap(
    built: &mut Build,
    base: &Build,
    n: u64,
    moves: &dyn HeapMoves,
    limits: &Limits,
    tame: bool,
) -> Result<usize> {
    let mut options = Vec::new();
    moves.heap_options(n, limits, &mut options)?;
    let heavy = |o: &Vec<u64>| o.iter().map(|&h| build::weight(h)).sum::<u64>() >= build::weight(n);
    if let Some(big) = options.iter().find(|o| heavy(o)) {
        return Err(Error::unsupported(format!(
            "{}: a move from heap {n} leaves {}; misère quotients are built for games whose moves leave smaller heaps of no more tokens",
            moves.name(),
            sum_text(big)
        )));
    }
    built.add_heap(&options, limits)?;
    match tame {
        true => Ok(0),
        false => settle(built, base, &options, moves, limits),
    }
}

/// The state budget of the genera that show heaps tame, besides two
/// states a heap: a game whose tameness needs more is checked sum by sum.
/// (Listing the options costs more than the states for games with many
/// options a heap, such as Nim, but no more than building the quotient of
/// the same heaps does.)
const TAME_STATES: u64 = 1 << 16;

/// The largest `m <= to` with heaps `1..=m` all hereditarily tame, as far
/// as their genera fit a small budget (0 when heap 1 is not, or does not
/// fit).
fn tame_prefix(moves: &dyn HeapMoves, to: u64, limits: &Limits) -> u64 {
    let budget = Limits {
        max_states: limits
            .max_states
            .min(TAME_STATES.saturating_add(to.saturating_mul(2))),
        ..limits.clone()
    };
    let mut table = GenusTable::new(moves, budget);
    (1..=to)
        .take_while(|&n| table.is_tame(n).unwrap_or(false))
        .last()
        .unwrap_or(0)
}

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
    /// Whether the quotient stopped changing: the same over at least the
    /// last half of the heaps (observed, not proven beyond N).
    pub stable: bool,
    /// The heap since which the quotient has not changed.
    pub stable_since: u64,
    /// What is proven and what is only observed, in words.
    pub proof: String,
}

impl MisereQuotient {
    /// The quotient of the sums of heaps `1..=to` of `moves`, built heap by
    /// heap and checked against every sum.
    pub fn compute(moves: &dyn HeapMoves, to: u64, limits: &Limits) -> Result<Self> {
        match Self::compute_reached(moves, to, limits, &mut |_, _| {})? {
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

    /// The quotient of the sums of heaps `1..=to` as far as it can be
    /// proven: when a bound (states, memory, time, a stop asked for) or a
    /// failure stops heap `n`, the quotient proven for heaps up to `n - 1`
    /// and why heap `n` was not finished, so that long work is not lost.
    /// Fails only when not even heap 1 was finished. `on_heap(n, order)`
    /// is told each heap proven and the quotient's order then, for
    /// progress reports.
    pub fn compute_reached(
        moves: &dyn HeapMoves,
        to: u64,
        limits: &Limits,
        on_heap: &mut dyn FnMut(u64, usize),
    ) -> Result<Reached> {
        limits.check_states(to, "the misère quotient's heaps")?;
        let tame_to = tame_prefix(moves, to, limits);
        let mut built = Build::new();
        let mut checked = 0;
        for n in 1..=to {
            let base = built.clone();
            match add_heap(&mut built, &base, n, moves, limits, n <= tame_to) {
                Ok(states) => {
                    checked = states;
                    on_heap(n, built.monoid.order);
                }
                Err(e) if n > 1 => {
                    return Ok(Reached {
                        quotient: Self::finish(moves, base, checked, tame_to),
                        stopped: Some((n, e)),
                    })
                }
                Err(e) => return Err(e),
            }
        }
        Ok(Reached {
            quotient: Self::finish(moves, built, checked, tame_to),
            stopped: None,
        })
    }

    /// The quotient of what `built` holds, proven through `checked` states
    /// and, for heaps up to `tame_to`, by the genus theory.
    fn finish(moves: &dyn HeapMoves, built: Build, checked: usize, tame_to: u64) -> MisereQuotient {
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
        }
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
        let stable = n >= 2 && n - since >= n.div_ceil(2);
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
        }
    }
}

/// Most repairs tried for one heap before giving up.
const MAX_REPAIRS: usize = 32;

/// Checks `built`, the quotient with heap n just added to `base`, and
/// repairs it until the check passes: the states the proof walked.
fn settle(
    built: &mut Build,
    base: &Build,
    options: &[Vec<u64>],
    moves: &dyn HeapMoves,
    limits: &Limits,
) -> Result<usize> {
    let n = base.heaps.len() as u64;
    let mut freed = vec![Freed { heap: n, index: 2 }];
    for _ in 0..MAX_REPAIRS {
        let wrong = match walk::check(built, limits)? {
            Verdict::Proven { states } => return Ok(states),
            Verdict::Fails(sum) => sum,
        };
        if !free::widen(&mut freed, &wrong) {
            return Err(unsettled(moves, n, &wrong));
        }
        let (auto, heap_letter) = free::automaton(base, options, &freed, limits)?;
        let classes = automaton::minimize(&auto, limits)?;
        room_for_table(classes.1, limits)?;
        let candidate = automaton::candidate(&auto, classes);
        *built = Build::repaired(base, options, &heap_letter, &auto.letters, candidate);
        limits.check("repairing the misère quotient")?;
    }
    Err(unsettled(moves, n, &[]))
}

/// The refusal of a quotient no repair settled.
fn unsettled(moves: &dyn HeapMoves, n: u64, wrong: &[u64]) -> Error {
    Error::unsupported(format!(
        "the misère quotient of {} could not be settled at heap {n} (the sum {} is still predicted wrongly after {MAX_REPAIRS} repairs); misère sums of this game are decided by search",
        moves.name(),
        sum_text(wrong)
    ))
}

/// Refuses a multiplication table of `order` elements that the limits
/// cannot hold, before it is allocated.
pub(crate) fn room_for_table(order: usize, limits: &Limits) -> Result<()> {
    let what = "the misère quotient's multiplication table";
    let cells = (order as u64).saturating_mul(order as u64);
    limits.check_states(cells / 64, what)?;
    match cells.saturating_mul(4) > limits.max_memory {
        true => Err(Error::memory(what, limits.max_memory)),
        false => Ok(()),
    }
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
