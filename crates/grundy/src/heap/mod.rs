//! Heap games: one integer per component, values as a sequence G(0), G(1), ...
//!
//! A heap game is given by its [`HeapRules`]: which heaps a heap of `n`
//! may become. [`HeapGame`] turns rules into a full game: a growing table
//! of values computed by the rules' own [`SeqEngine`], periodicity found and
//! proven by [`period`], and values of huge heaps read off a proven period
//! or a closed form.

pub mod checkpoint;
pub mod code;
mod code_rules;
mod family;
pub mod genus;
mod options;
pub mod partition;
pub mod period;
pub mod quotient;
mod run;
pub mod sparse;
pub mod sweep;
pub mod values;

pub use code::Code;
#[cfg(feature = "scripts")]
pub(crate) use family::options_within;
pub use family::{HeapGame, HeapSequence, SeqStats, MAX_HEAP};
pub use partition::SparseInfo;
pub use period::{detect, FiniteBound, Periodicity};
pub use run::SeqRun;
pub use values::HeapValues;

use serde::Serialize;

use crate::error::Result;
use crate::game::Limits;
use crate::game::Visit;
use crate::nimber::MexSet;

/// Offers `f` the heap `n` less each amount in `amounts` (ascending; those
/// above `n` are not taken), leaving nothing when an amount takes it all:
/// the moves of every subtraction game, Nim's included (it takes any of
/// `1..=n`). Returns `false` when `f` asked to stop.
pub fn offer_taking(n: u64, amounts: impl IntoIterator<Item = u64>, f: Visit<u64>) -> bool {
    amounts
        .into_iter()
        .take_while(|&s| s <= n)
        .all(|s| if s == n { f(&[]) } else { f(&[n - s]) })
}

/// A heap game's values by formula, with the sentence that states it:
/// sequences show the sentence and compute nothing.
#[derive(Clone, Copy, Debug)]
pub struct ClosedForm {
    /// `G(n)`, or `None` for heaps the formula cannot reach (overflow).
    pub value: fn(u64) -> Option<u64>,
    /// The formula in words: `G(n) = n`.
    pub note: &'static str,
}

/// The moves of a heap game.
pub trait HeapRules: Send + Sync + Clone + 'static {
    /// The canonical game name.
    fn name(&self) -> String;

    /// Calls `f` with each option of a heap of `n` (the heaps left, empty
    /// when the move takes everything) until `f` returns `false`.
    fn for_each_option(&self, n: u64, f: Visit<u64>);

    /// Whether a move may take tokens from inside a heap and leave some on
    /// either side (Kayles: a heap is a row of pins): how a drawn heap is
    /// clicked. The default takes from the top only, or splits.
    fn takes_inside(&self) -> bool {
        false
    }

    /// `G(n)` by formula, for games that have one (Nim, Lasker's Nim).
    fn closed_form(&self) -> Option<ClosedForm> {
        None
    }

    /// The finite shape of the moves, when the periodicity theorem applies.
    fn finite_bound(&self) -> Option<FiniteBound> {
        None
    }

    /// An upper bound on how many options a heap of `n` has, and so on
    /// `G(n)` (a mex over that many values): what a checkpoint's values
    /// are checked against. The default bounds nothing.
    fn option_count_bound(&self, _n: u64) -> u64 {
        u64::MAX
    }

    /// About how many options the engine visits to compute `G(0..=upto)`:
    /// one a heap by default (engines that scan more keep it near linear),
    /// more for rules whose options are enumerated one by one in numbers
    /// that grow faster than the heap (three-heap splits).
    fn work_to(&self, upto: u64) -> u64 {
        upto
    }

    /// The options of `n` whose value is `target`, found by theory, or
    /// `None` to let the caller scan the options.
    fn options_with_value(
        &self,
        _n: u64,
        _target: u64,
        _limits: &Limits,
        _max: usize,
    ) -> Option<(Vec<Vec<u64>>, bool)> {
        None
    }

    /// Whether a heap of `n` may become the heaps `parts` (in increasing
    /// order; none for nothing left) in one move, told from the rules, or
    /// `None` to let the caller look among the options ([`Game::is_option`](crate::Game::is_option)).
    fn is_option(&self, _n: u64, _parts: &[u64]) -> Option<bool> {
        None
    }

    /// The engine that computes the sequence. The default takes the mex over
    /// every option, which is exact for any rules and fast for few options.
    fn engine(&self) -> Box<dyn SeqEngine> {
        Box::new(NaiveEngine::new(self.clone()))
    }
}

/// Computes a Grundy sequence one value at a time.
///
/// Engines may keep state derived from the values (counts, rare heaps);
/// [`SeqEngine::rebuild`] recomputes it from a table, which is how a run
/// resumes from a checkpoint.
pub trait SeqEngine: Send {
    /// `G(n)` for `n = table.len()`, given all earlier values.
    fn next(&mut self, table: &HeapValues) -> u32;

    /// Recomputes any derived state from `table`.
    fn rebuild(&mut self, _table: &HeapValues) {}

    /// The last heap the run ahead values ([`HeapSequence::expect_last`]):
    /// engines that grow copies of the table size them by it.
    fn expect_last(&mut self, _last: usize) {}

    /// Records `G(n) = g` found without the engine (from a proven period),
    /// so that derived state and statistics stay complete.
    fn absorb(&mut self, _n: usize, _g: u32) {}

    /// How many rare heaps the engine works with now, for engines that
    /// split values into rare and common ones (progress, work estimates).
    fn rare_count(&self) -> Option<u64> {
        None
    }

    /// The sparse space of `G(0..=upto)`, the first values of `table`,
    /// for engines that have one: a function of those values alone, so
    /// that a run, a resumed run and one restored from a longer
    /// checkpoint report the same.
    fn sparse(&self, _table: &HeapValues, _upto: u64) -> Option<SparseInfo> {
        None
    }

    /// Computes and appends `G(table.len()..=upto)`, checking the stop
    /// flag as it goes. Engines that can use several threads do it here.
    fn extend(&mut self, table: &mut HeapValues, upto: usize, limits: &Limits) -> Result<()> {
        extend_one_by_one(self, table, upto, limits)
    }
}

/// The sequential [`SeqEngine::extend`]: one [`SeqEngine::next`] at a time.
pub fn extend_one_by_one<E: SeqEngine + ?Sized>(
    engine: &mut E,
    table: &mut HeapValues,
    upto: usize,
    limits: &Limits,
) -> Result<()> {
    while table.len() <= upto {
        // Every heap: one heap of a code with triple splits can take a
        // tenth of a second, and a server's time limit must stop it soon.
        limits.check("computing the sequence")?;
        // The heaps valued so far, for a front end's progress line.
        limits.tell_stored(table.len() as u64);
        let v = engine.next(table);
        table.push(v);
    }
    Ok(())
}

/// The mex over all options, each valued as the XOR of its heaps.
pub struct NaiveEngine<R> {
    rules: R,
    set: MexSet,
}

impl<R: HeapRules> NaiveEngine<R> {
    /// An engine for `rules`.
    pub fn new(rules: R) -> Self {
        NaiveEngine {
            rules,
            set: MexSet::new(),
        }
    }
}

impl<R: HeapRules> SeqEngine for NaiveEngine<R> {
    fn next(&mut self, table: &HeapValues) -> u32 {
        let n = table.len() as u64;
        self.set.clear();
        let set = &mut self.set;
        self.rules.for_each_option(n, &mut |parts| {
            let v = parts
                .iter()
                .fold(0u32, |acc, &h| acc ^ table.get(h as usize));
            set.insert(v as u64);
            true
        });
        self.set.mex() as u32
    }
}

/// Checks that `G(0..=upto)`, which is `upto + 1` values with heap 0's,
/// fits the state budget: a run to a heap and the report of it count
/// alike, so that a run the report would refuse is refused before it
/// starts.
pub(crate) fn check_sequence_states(limits: &Limits, upto: u64) -> Result<()> {
    limits.check_states(upto.saturating_add(1), "this sequence")
}

/// The values a report of `G(0..=to)` carries, `value(n)` each: all of
/// them, or with `listed = Some(k)` (the human form, which shows a
/// table's head) the first `k` then `G(to)`, so that a run to 2^32 heaps
/// is not copied whole (32 GiB as `u64`) to print a thousand. All of them
/// are refused in one line when they would take the process past its
/// memory budget.
pub(crate) fn report_values(
    to: u64,
    listed: Option<u64>,
    limits: &Limits,
    value: impl Fn(u64) -> u64,
) -> Result<Vec<u64>> {
    check_report_room(to, listed, limits)?;
    match listed {
        Some(k) if to > k => Ok((0..k).chain([to]).map(value).collect()),
        _ => Ok((0..=to).map(value).collect()),
    }
}

/// Refuses a report of every value of `G(0..=to)` (no `listed` head)
/// whose copy would take the process past its memory budget: the one
/// rule `report_values` applies at a run's end, which a front end asks
/// before a long run too, so that an hour's run is not refused only when
/// it ends.
pub fn check_report_room(to: u64, listed: Option<u64>, limits: &Limits) -> Result<()> {
    match listed {
        Some(k) if to > k => Ok(()),
        _ => {
            let what = format!("the report of every value of G(0..={to})");
            limits.check_room(to.saturating_add(1).saturating_mul(8), &what)
        }
    }
}

/// What `grundy seq` asks for.
#[derive(Clone, Debug, Default)]
pub struct SeqRequest {
    /// The last heap to compute; `None` computes until the period is proven
    /// (or up to [`SeqRequest::AUTO_LIMIT`]).
    pub to: Option<u64>,
}

impl SeqRequest {
    /// How far a sequence runs when no `--to` is given.
    pub const AUTO_LIMIT: u64 = 1 << 20;
    /// How far a sequence runs without `--to` when nothing can be proven.
    pub const UNPROVABLE_DEFAULT: u64 = 100;
    /// How far a proof is looked for when `value` is asked about a heap
    /// beyond the default state budget: far enough for every period proven
    /// in the README (0.16 and 0.56 need about 650,000 values), short
    /// enough to refuse within seconds when there is none.
    pub const PROOF_STRETCH: u64 = 1 << 20;

    /// How far a proof is looked for under `limits`: [`Self::PROOF_STRETCH`]
    /// within the budget, and further in proportion when `--max-states` is
    /// raised above its default, so that raising it, as the refusal
    /// advises, does look further.
    pub fn proof_stretch(limits: &Limits) -> u64 {
        let scaled = Self::PROOF_STRETCH as u128 * limits.max_states as u128
            / Limits::DEFAULT_MAX_STATES as u128;
        u64::try_from(scaled)
            .unwrap_or(u64::MAX)
            .max(Self::PROOF_STRETCH)
            .min(limits.max_states.saturating_sub(1))
    }

    /// Option visits (see [`HeapRules::work_to`]) allowed per state of
    /// `--max-states`: the default budget allows 640 million, a second
    /// or two.
    pub const WORK_PER_STATE: u64 = 64;
}

/// A Grundy sequence with its periodicity, as `grundy seq` reports it.
#[derive(Clone, Debug, Serialize)]
pub struct SeqReport {
    /// The canonical game name.
    pub game: String,
    /// The last heap computed.
    pub computed_to: u64,
    /// `G(0..=computed_to)`.
    pub values: Vec<u64>,
    /// The preperiod, when a period was found.
    pub preperiod: Option<u64>,
    /// The period, when one was found.
    pub period: Option<u64>,
    /// Whether the period is proven for all heaps.
    pub proven: bool,
    /// Which argument proves the period, or why it is only observed.
    pub proof: Option<String>,
    /// A closed form, for games that have one.
    pub closed_form: Option<String>,
    /// The sparse space (take-and-break games with splits).
    pub sparse: Option<SparseInfo>,
}
