//! What a game is to the solvers, and the budgets every search keeps.
//!
//! The one trait a game implements, [`crate::ruleset::Game`], and the
//! object-safe facade front ends drive live in [`crate::ruleset`]. The
//! solvers see a game as a [`StateSpace`]: positions and the positions one move
//! away, where a position may also be a disjunctive sum of independent
//! components (the solvers then value it as the XOR of the components,
//! which is what makes large sums cheap). Built-in games, user scripts,
//! whole-position state graphs and the brute-force searches that check the
//! fast paths are all searched as state spaces.
//!
//! It sits below the heap engine and the solvers, which build on it.

use std::fmt;
use std::hash::Hash;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

pub use crate::answer::Outcome;
use crate::answer::MAX_LISTED_MOVES;
use crate::error::{Error, Result};

/// The solvers' view of a game: positions and their options, for
/// memoised search ([`crate::solve::Memo`]), exploration into a graph
/// ([`crate::solve::retro::explore`]) and the misère search
/// ([`crate::solve::misere::MisereSearch`]).
///
/// `moves` appends to a caller-owned buffer so that the solvers can reuse
/// one allocation for every position they visit. Listing moves may fail
/// (a script's error, a budget) and may change the space (a cache of
/// canonical forms), so the solvers own their space and pass errors on.
pub trait StateSpace {
    /// A position of the game (canonical: equal positions compare equal).
    type Position: Clone + Eq + Hash + fmt::Debug;

    /// Appends the options of `p` (the positions one move away) to `out`.
    fn moves(&mut self, p: &Self::Position, out: &mut Vec<Self::Position>) -> Result<()>;

    /// If `p` is a sum of independent games, appends its components to
    /// `out` and returns `true`; its value is then the XOR of theirs. An
    /// empty sum is the finished game. The default: nothing decomposes.
    fn components(&mut self, _p: &Self::Position, _out: &mut Vec<Self::Position>) -> Result<bool> {
        Ok(false)
    }
}

/// Budgets for computations that can explode.
///
/// The stop flag is how a server's time limit or a user's Ctrl-C reaches a
/// long loop without the engine reading clocks (which `wasm32` lacks). The
/// memory meter is how the front end's allocator reaches it: states cost
/// from a hundred bytes to megabytes each, so a state budget alone cannot
/// keep a computation within the machine.
#[derive(Clone)]
pub struct Limits {
    /// The most positions a single computation may store.
    pub max_states: u64,
    /// When set to `true` by someone else, computations stop with
    /// [`Error::Interrupted`].
    pub stop: Option<Arc<AtomicBool>>,
    /// The most bytes the process may hold while computing, as read by
    /// `meter`; without a meter it is not enforced.
    pub max_memory: u64,
    /// The bytes the process holds now (the CLI counts its allocations);
    /// `None` where nothing counts them.
    pub meter: Option<fn() -> u64>,
    /// Told of every table a long search keeps, so that the front end can
    /// show its progress and save it for a later run to resume from.
    pub watch: Option<SearchWatch>,
    /// Where a search that stores its positions one by one (the memo
    /// search of scripts, graphs and sums, and the sequence of a heap game
    /// valuing a large heap) writes how many it has met, so that a front
    /// end can show that a long search moves; the board
    /// searches hand over their tables through `watch` instead.
    pub stored: Option<Arc<AtomicU64>>,
    /// The most winning moves a report lists (`--max-moves`): on a board,
    /// checking a move costs a search of its own, so a caller that wants
    /// only the value asks for none.
    pub max_moves: usize,
    /// The most positions one search may enter, stored or not, before it
    /// fails with [`Error::Limit`]. The split search keeps only what its
    /// table has room for, so its states do not bound its time; a quick
    /// look ([`crate::play::guess`]) bounds it by this. Unbounded unless
    /// set.
    pub max_work: u64,
}

/// A front end's hold on the tables of long searches (the split search's
/// of Cram, Node Kayles and Chomp): the engine has no clock and does no
/// I/O, so it hands over its tables and the front end samples and saves
/// them from its own thread. It is called when a search starts with
/// `tables`, whose keys mean something only in `scope` (a game's rules, or
/// one graph): the front end may fill them from a saved snapshot of the
/// same scope before the search goes on.
pub type SearchWatch = Arc<dyn Fn(&str, Arc<dyn SearchTables>) + Send + Sync>;

/// The budgets, without the watch and the meter (functions that print
/// nothing useful).
impl fmt::Debug for Limits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Limits")
            .field("max_states", &self.max_states)
            .field("max_work", &self.max_work)
            .field("stop", &self.stop)
            .field("max_memory", &self.max_memory)
            .field("metered", &self.meter.is_some())
            .field("watched", &self.watch.is_some())
            .field("counted", &self.stored.is_some())
            .field("max_moves", &self.max_moves)
            .finish()
    }
}

/// The tables of a search, as a front end sees them.
pub trait SearchTables: Send + Sync {
    /// How far the search has come.
    fn progress(&self) -> SearchProgress;

    /// The values the tables hold, as bytes that [`SearchTables::restore`]
    /// reads back (into tables of any size). Taken while the search runs:
    /// a slot written meanwhile may be saved torn, as a key no position
    /// has, which is the risk the lock-free tables' own reads take.
    fn snapshot(&self) -> Vec<u8>;

    /// Adds the values of a snapshot to the tables; fails, adding nothing,
    /// when `bytes` are no snapshot (damaged or of another version).
    fn restore(&self, bytes: &[u8]) -> Result<u64>;
}

/// Counters of a search, for progress lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchProgress {
    /// Positions whose value was searched (not found in the table).
    pub solved: u64,
    /// Slots of the tables in use.
    pub filled: u64,
    /// Slots the tables have.
    pub slots: u64,
    /// Values read from a snapshot ([`SearchTables::restore`]).
    pub restored: u64,
    /// Bytes the tables take: what the budget gave them, so that a user
    /// sees what a larger `--memory` would change.
    pub bytes: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits::with_max_states(Limits::DEFAULT_MAX_STATES)
    }
}

impl Limits {
    /// The default state budget (`--max-states`).
    pub const DEFAULT_MAX_STATES: u64 = 10_000_000;

    /// A budget of `max_states`, no stop flag and no memory meter.
    pub fn with_max_states(max_states: u64) -> Self {
        Limits {
            max_states,
            stop: None,
            max_memory: u64::MAX,
            meter: None,
            watch: None,
            stored: None,
            max_moves: MAX_LISTED_MOVES,
            max_work: u64::MAX,
        }
    }

    /// These limits with at most `max_states` positions (never more than
    /// they had): the share of a budget that one part of a computation may
    /// take.
    pub fn within_states(&self, max_states: u64) -> Limits {
        Limits {
            max_states: self.max_states.min(max_states),
            ..self.clone()
        }
    }

    /// These limits without a stop flag: for work bounded by its own
    /// small budget that must be done even once the time is up (listing
    /// the moves that remain to be played).
    pub fn unstopped(&self) -> Limits {
        Limits {
            stop: None,
            ..self.clone()
        }
    }

    /// These limits, stopped by `stop`.
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Self {
        self.stop = Some(stop);
        self
    }

    /// These limits, holding at most `max_memory` bytes as `meter` counts
    /// them.
    pub fn with_memory(mut self, max_memory: u64, meter: fn() -> u64) -> Self {
        self.max_memory = max_memory;
        self.meter = Some(meter);
        self
    }

    /// Tells the front end that the search under way has met `n`
    /// positions ([`Limits::stored`]).
    #[inline]
    pub fn tell_stored(&self, n: u64) {
        if let Some(stored) = &self.stored {
            stored.store(n, Ordering::Relaxed);
        }
    }

    /// Whether someone asked the computation to stop.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// Fails with [`Error::Interrupted`] if someone asked to stop, and with
    /// [`Error::Memory`] if the process holds more than its budget.
    #[inline]
    pub fn check(&self, what: &str) -> Result<()> {
        if self.stopped() {
            return Err(Error::Interrupted(what.to_string()));
        }
        self.check_memory(what)
    }

    /// Fails with [`Error::Limit`] when a search has entered more than
    /// [`Limits::max_work`] positions (`entered`, counted since it began).
    #[inline]
    pub fn check_work(&self, entered: u64, what: &str) -> Result<()> {
        if entered > self.max_work {
            return Err(Error::limit(
                format!("{what} (positions entered, stored or not)"),
                self.max_work,
            ));
        }
        Ok(())
    }

    /// Fails with [`Error::Memory`] if the process holds more than its
    /// budget. One relaxed atomic load: cheap enough for every state.
    #[inline]
    pub fn check_memory(&self, what: &str) -> Result<()> {
        match self.meter {
            Some(meter) if meter() > self.max_memory => Err(Error::memory(what, self.max_memory)),
            _ => Ok(()),
        }
    }

    /// Fails with [`Error::Memory`] before an allocation of `bytes` that
    /// would take the process past its budget (what it holds now, as the
    /// meter counts it, plus the new bytes): large tables are refused
    /// before they exist, so the budget is a cap, not a trigger.
    pub fn check_room(&self, bytes: u64, what: &str) -> Result<()> {
        let held = self.meter.map_or(0, |meter| meter());
        match held.saturating_add(bytes) > self.max_memory {
            true => Err(Error::memory(what, self.max_memory)),
            false => Ok(()),
        }
    }

    /// [`Self::check_room`] for the next entry of `map`: a full hash map
    /// grows by allocating a table of twice its buckets while the old one
    /// is still held, so a map of 128 MiB under a budget of 300 MiB would
    /// briefly hold 384 MiB. Refused before that, in the budget's words.
    pub fn check_map_growth<K, V, S>(
        &self,
        map: &std::collections::HashMap<K, V, S>,
        what: &str,
    ) -> Result<()> {
        if map.len() < map.capacity() {
            return Ok(());
        }
        // The table has 8 buckets for every 7 entries of capacity, a power
        // of two of them, each with a control byte; growing doubles them.
        let buckets = (map.capacity().saturating_mul(8) / 7).next_power_of_two() as u64;
        let entry = std::mem::size_of::<(K, V)>() as u64 + 1;
        self.check_room(buckets.saturating_mul(2).saturating_mul(entry), what)
    }

    /// [`Self::check_room`] for the next item of `vec`: a full vector
    /// grows by allocating twice its capacity while the old buffer is
    /// still held, so one push can briefly hold three times what the
    /// vector held. Refused before that, in the budget's words.
    pub fn check_vec_growth<T>(&self, vec: &Vec<T>, what: &str) -> Result<()> {
        if vec.len() < vec.capacity() {
            return Ok(());
        }
        let bytes = (vec.capacity().max(4) as u64).saturating_mul(2);
        self.check_room(bytes.saturating_mul(std::mem::size_of::<T>() as u64), what)
    }

    /// Fails with [`Error::Limit`] if `states` exceeds the budget, with
    /// [`Error::Memory`] if the states stored so far fill the memory, and
    /// with [`Error::Interrupted`] if someone asked to stop: every search
    /// that counts its states can be stopped (a time limit, Ctrl-C).
    #[inline]
    pub fn check_states(&self, states: u64, what: &str) -> Result<()> {
        if states > self.max_states {
            Err(Error::limit(what, self.max_states))
        } else {
            self.check(what)
        }
    }
}

/// What a game's `for_each_option` calls with each option (the
/// components it becomes): it returns `false` to stop the listing, so that
/// a search for one winning move does not list a million others.
pub type Visit<'a, C> = &'a mut dyn FnMut(&[C]) -> bool;

/// The options of a sum's component: calls `f` with the parts of each
/// option (empty when nothing is left) until `f` returns `false`. What
/// the searches over sums of components (the misère search, a compound's
/// component graph) need of a game, and nothing more.
pub type ComponentOptions<'a, C> = &'a (dyn Fn(&C, &Limits, Visit<C>) -> Result<()> + Sync);

/// A field of a component that takes no part in its equality or hash: the
/// marks of the move that led to it (the coins turned, the coin moved),
/// kept for showing the move. Components that differ only in it are the
/// same position to every solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ignored<T>(pub T);

impl<T> PartialEq for Ignored<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<T> Eq for Ignored<T> {}

impl<T> Hash for Ignored<T> {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// Parses an unsigned integer component with a message that names the game.
///
/// Negative numbers, signs, garbage and values beyond `max` are all refused
/// with a sentence a user can act on.
pub fn parse_count(text: &str, what: &str, max: u64) -> Result<u64> {
    let t = text.trim();
    if t.starts_with('-') {
        return Err(Error::parse(format!(
            "{what} must not be negative, got `{t}`"
        )));
    }
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::parse(format!(
            "{what} must be a non-negative integer, got `{t}`"
        )));
    }
    match t.parse::<u64>() {
        Ok(v) if v <= max => Ok(v),
        _ => Err(Error::parse(format!(
            "{what} `{t}` is too large (at most {max})"
        ))),
    }
}

/// Parses a heap of at most `max` tokens: every game whose components
/// are heaps reads them with the same words.
pub fn parse_heap(text: &str, max: u64) -> Result<u64> {
    parse_count(text, "a heap size", max)
}

/// Parses `a,b` (two counts separated by a comma).
pub fn parse_pair(text: &str, what: &str, max: u64) -> Result<(u64, u64)> {
    let mut parts = text.trim().split(',');
    // Each number named in its pair (`3,` is "the second number of ...").
    let number = |nth: &str| format!("the {nth} number of {what}");
    match (parts.next(), parts.next(), parts.next()) {
        (Some(a), Some(b), None) => Ok((
            parse_count(a, &number("first"), max)?,
            parse_count(b, &number("second"), max)?,
        )),
        _ => Err(Error::parse(format!(
            "{what} must be a pair `a,b`, got `{}`",
            text.trim()
        ))),
    }
}

/// The sum of the counts of a whole position (saturating): how many moves
/// take one or more from one count, checked against the state budget
/// before they are listed.
pub fn count_total(counts: &[u64]) -> u64 {
    counts.iter().fold(0, |a, &c| a.saturating_add(c))
}

/// The texts of a whole position of counts, for [`Move::whole`](crate::answer::Move::whole).
pub fn count_texts(counts: &[u64]) -> Vec<String> {
    counts.iter().map(u64::to_string).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A full map is refused before it grows past the budget (its new
    /// table twice its buckets), a map with room left is not.
    #[test]
    fn a_full_map_is_refused_before_it_grows_past_the_budget() {
        fn nothing_held() -> u64 {
            0
        }
        let mut map: std::collections::HashMap<u64, u64> = std::collections::HashMap::new();
        map.reserve(1000);
        let cap = map.capacity();
        // 2048 buckets now; growing makes 4096 of 17 bytes: 69,632.
        let tight = Limits::default().with_memory(60_000, nothing_held);
        let roomy = Limits::default().with_memory(80_000, nothing_held);
        for k in 0..cap as u64 - 1 {
            map.insert(k, k);
        }
        assert!(
            tight.check_map_growth(&map, "a map").is_ok(),
            "room for one more"
        );
        map.insert(u64::MAX, 0);
        assert_eq!(map.len(), cap);
        let e = tight.check_map_growth(&map, "a map").unwrap_err();
        assert!(matches!(e, Error::Memory { .. }), "{e}");
        assert!(roomy.check_map_growth(&map, "a map").is_ok());
    }

    /// A full vector is refused before it doubles past the budget, one
    /// with room left is not.
    #[test]
    fn a_full_vector_is_refused_before_it_doubles_past_the_budget() {
        fn nothing_held() -> u64 {
            0
        }
        let mut v: Vec<u64> = Vec::with_capacity(1000);
        // Growing allocates 2,000 slots of 8 bytes: 16,000.
        let tight = Limits::default().with_memory(15_000, nothing_held);
        let roomy = Limits::default().with_memory(17_000, nothing_held);
        v.resize(v.capacity() - 1, 0);
        assert!(tight.check_vec_growth(&v, "a list").is_ok());
        v.push(0);
        let e = tight.check_vec_growth(&v, "a list").unwrap_err();
        assert!(matches!(e, Error::Memory { .. }), "{e}");
        assert!(roomy.check_vec_growth(&v, "a list").is_ok());
    }
}
