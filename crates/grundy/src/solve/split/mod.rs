//! The split search: nimbers of games whose positions fall apart into
//! independent parts (Cram's regions, Node Kayles' components) or are one
//! small bit-board (Chomp), on a shared lock-free table, on every core.
//!
//! A game ([`Split`]) hands the search canonical components as 128-bit
//! keys (bit-boards normalised under the board's symmetries) and lists a
//! component's options as the canonical parts each leaves. An option is
//! worth the XOR of its parts, two equal parts cancel before anything is
//! searched, and a component's value is found by outcome searches
//! (`search`), kept in a [`Table`] bounded by the memory budget.

mod buckets;
mod busy;
pub mod checkpoint;
mod game;
mod lists;
mod mex;
mod search;
pub mod table;

use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::{Arc, Mutex};

use crate::error::{bytes_text, Error, Result};
use crate::game::Limits;
use table::Table;

pub use table::MIN_TABLE_BYTES;

pub use game::{EachOption, OptionList, Split};

/// How much a search did, for progress reports and statistics.
#[derive(Default, Debug)]
pub struct Stats {
    /// Components valued by search (not found in the table).
    pub solved: AtomicU64,
    /// Values read from a snapshot of an earlier run.
    pub restored: AtomicU64,
}

/// A search's table and counters, shared by every thread and by every
/// question asked of one game.
pub struct Solver {
    /// Components whose value is known.
    table: Table,
    /// Components `C` with the values `n < 7` for which `C + *n` is known
    /// to be a first-player win, as a bit set.
    wins: Table,
    /// What the search has done so far.
    pub stats: Stats,
    /// The components the threads are searching.
    busy: busy::Busy,
    /// Whether the front end's watch was told of the tables.
    attached: AtomicBool,
    /// Values found by costly searches, kept for other searchers with
    /// tables of their own (a cluster's processes) when sharing is on.
    found: Option<Mutex<Vec<SharedValue>>>,
}

/// A value found by a costly search, as one searcher tells another:
/// `(key, value, work)`, the work (positions its search took) ranking it
/// in the other's table as it ranked in the finder's.
pub type SharedValue = (u128, u64, u64);

/// A value is shared ([`Solver::sharing`]) when its search took at least
/// this many positions: cheaper ones cost less to find again than to
/// send (Cram 4x11 on three processes of a cluster: 6.8-7.4 s with 8,
/// 7.2 s with 1, 7.5 s with 64, 7.9 s with 512; `docs/dev/performance.md`).
pub const SHARE_WORK: u64 = 8;

/// The most a table of a game that splits takes, whatever the budget:
/// 4 GiB. The table reserves its budget's share at once but uses, and
/// touches, only as much as the search's work allows
/// ([`POSITIONS_PER_SLOT`]), so the share matters to long searches only.
pub const SPLIT_TABLE_CAP: u64 = 1 << 32;

/// The outcome search lets its value table hold one slot for every this
/// many positions searched so far (its table of wins half of that),
/// so that a short search keeps a table that fits the processor's caches
/// and a long one gets room as it goes. Cram 4x11 on two threads (with
/// tables that doubled, before they grew a bucket at a time): 2.9 s
/// in 17 MB with 8, 3.3 s in 12 MB with 16, 2.6 s in 23 MB with 4; 5x9:
/// 16.2 s in 48 MB with 8, 17.4 s in 27 MB with 16, 15.2 s in 72 MB with
/// 4.
pub const POSITIONS_PER_SLOT: u64 = 8;

/// The table of won sums gets this fraction of the value table's bytes:
/// a win saves less work than a value, so a small table of them is worth
/// most of a big one (Cram 4x11, one thread: 7.88 s in 35 MB against
/// 7.65 s in 84 MB with both tables at the cap, 8.5 s without wins; 5x9:
/// 36.0 s in 84 MB against 35.2 s in 133 MB). Once the search prefetched
/// the wins of the next option ([`Solver::value`]'s outcome search), half
/// paid where a quarter had been as fast: Cram 4x11, one thread, nine
/// alternating rounds, 9.73-11.79 s in 13.1-13.8 MB against 10.11-12.14
/// s in 11.7-12.2 MB, faster in every round, 4,224,631 positions against
/// 4,358,614 (a full share: 10.04-11.64 s in 15.3-15.8 MB, near igsolve's
/// 16 MB); 5x9 38.1 s in 28.9 MB against 38.8 s in 24.5 MB.
const WINS_SHARE: u64 = 2;

impl Solver {
    /// A solver whose value table may grow to a quarter of the memory
    /// `limits` leave, at most `cap` bytes (a small game needs a small
    /// table), and at least [`MIN_TABLE_BYTES`], its table of wins to
    /// half of that (but no less than the smallest table): three eighths
    /// of what is left, or half of it when both tables are at their
    /// smallest. Fails, in `--memory`'s terms, when a quarter of what is
    /// left cannot hold the smallest table.
    pub fn new(limits: &Limits, cap: u64) -> Result<Solver> {
        let held = limits.meter.map_or(0, |m| m());
        let free = limits.max_memory.saturating_sub(held);
        if free / 4 < MIN_TABLE_BYTES {
            // Said in the budget's terms: the user set --memory, not the
            // table's share of it.
            let what = format!(
                "the split search (its table takes a quarter of the memory left beside the {} the process holds, and at least {}: give --memory {}M or more)",
                bytes_text(held),
                bytes_text(MIN_TABLE_BYTES),
                (held + 4 * MIN_TABLE_BYTES).div_ceil(1 << 20)
            );
            return Err(Error::memory(what, limits.max_memory));
        }
        let bytes = (free / 4).min(cap.max(MIN_TABLE_BYTES));
        Ok(Solver {
            table: Table::with_bytes(bytes)?,
            wins: Table::with_bytes((bytes / WINS_SHARE).max(MIN_TABLE_BYTES))?,
            stats: Stats::default(),
            busy: busy::Busy::new(),
            attached: AtomicBool::new(false),
            found: None,
        })
    }

    /// A solver as [`Solver::new`] that also keeps the values its costly
    /// searches find ([`SHARE_WORK`]), for [`Solver::take_found`]: a
    /// cluster's processes search with tables of their own and send each
    /// other what they found.
    pub fn sharing(limits: &Limits, cap: u64) -> Result<Solver> {
        Ok(Solver {
            found: Some(Mutex::new(Vec::new())),
            ..Solver::new(limits, cap)?
        })
    }

    /// The values found since the last call (only with
    /// [`Solver::sharing`]).
    pub fn take_found(&self) -> Vec<SharedValue> {
        self.found.as_ref().map_or_else(Vec::new, |f| {
            std::mem::take(&mut *f.lock().unwrap_or_else(|e| e.into_inner()))
        })
    }

    /// Keeps values another searcher found, as if this one had searched
    /// them: with the work their search took, so that a small table keeps
    /// the costliest, whoever found them.
    pub fn learn(&self, values: &[SharedValue]) {
        // A value no slot holds was never sent by a search: left out.
        for &(key, value, work) in values.iter().filter(|v| v.1 <= table::MAX_VALUE) {
            self.table.put(key, value, work);
        }
    }

    /// Keeps the value `v` of `key`, whose search took `work` positions,
    /// and shares it when sharing is on and it was costly enough.
    fn keep_value(&self, key: u128, v: u64, work: u64) {
        self.table.put(key, v, work);
        if work >= SHARE_WORK {
            if let Some(found) = &self.found {
                found
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((key, v, work));
            }
        }
    }

    /// Lets the tables grow with the `solved` positions searched so far
    /// ([`POSITIONS_PER_SLOT`]), a slot restored from a snapshot counting
    /// as room earned.
    fn make_room(&self, solved: u64) {
        let restored = self
            .stats
            .restored
            .load(std::sync::atomic::Ordering::Relaxed);
        let slots = solved / POSITIONS_PER_SLOT + restored;
        self.table.allow(slots);
        self.wins.allow(slots / WINS_SHARE);
    }

    /// The XOR of the values of `keys`. The first sum tells the watch of
    /// `limits` of the tables, which it may fill from a snapshot.
    pub fn sum<G: Split + ?Sized>(
        self: &Arc<Self>,
        game: &G,
        keys: &[u128],
        limits: &Limits,
    ) -> Result<u64> {
        self.attach(game, limits);
        let mut total = 0;
        for k in cancel_pairs(keys.to_vec()) {
            total ^= self.value(game, k, limits)?;
        }
        Ok(total)
    }
}

/// A game's solver, kept between questions (play and pictures ask many)
/// and rebuilt larger when a bigger position needs a bigger table.
#[derive(Default)]
pub struct SolverCell(Mutex<Option<(u64, Arc<Solver>)>>);

impl SolverCell {
    /// The solver, with a table of up to `cap` bytes if the one so far
    /// was made for a smaller cap.
    pub fn get(&self, limits: &Limits, cap: u64) -> Result<Arc<Solver>> {
        let mut cell = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((had, solver)) = cell.as_ref() {
            if *had >= cap {
                return Ok(solver.clone());
            }
        }
        *cell = None;
        let solver = Arc::new(Solver::new(limits, cap)?);
        *cell = Some((cap, solver.clone()));
        Ok(solver)
    }
}

/// `keys` with pairs of equal keys removed (their values cancel), sorted.
pub fn cancel_pairs(mut keys: Vec<u128>) -> Vec<u128> {
    let len = keys.len();
    let kept = game::cancel_sorted(&mut keys, 0, len, 0);
    keys.truncate(kept);
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim heaps as components: heap `n` has options `0..n`.
    struct Heaps;

    impl Split for Heaps {
        fn options(&self, key: u128, out: &mut OptionList) {
            for n in 0..key {
                if n > 0 {
                    out.parts.push(n);
                }
                out.end_option();
            }
        }
    }

    /// A heap that splits into two equal halves or loses one: the halves
    /// cancel, so splitting is worth 0.
    struct Halves;

    impl Split for Halves {
        fn options(&self, key: u128, out: &mut OptionList) {
            if key >= 2 && key.is_multiple_of(2) {
                out.parts.extend([key / 2, key / 2]);
                out.end_option();
            }
            if key >= 1 {
                if key > 1 {
                    out.parts.push(key - 1);
                }
                out.end_option();
            }
        }
    }

    #[test]
    fn nim_heaps_are_their_size_and_sums_xor() {
        let s = Arc::new(Solver::new(&Limits::default(), 1 << 20).unwrap());
        let l = Limits::default();
        assert_eq!(s.value(&Heaps, 37, &l).unwrap(), 37);
        assert_eq!(s.sum(&Heaps, &[5, 3, 5, 9], &l).unwrap(), 3 ^ 9);
    }

    /// A sum asked against a nimber past the wins kept as bits (and past
    /// 64, where a shift of the bits would overflow).
    #[test]
    fn sums_against_big_nimbers() {
        let s = Arc::new(Solver::new(&Limits::default(), 1 << 20).unwrap());
        let l = Limits::default();
        assert!(s.sum_is(&Heaps, &[100], 100, &l).unwrap());
        assert!(!s.sum_is(&Heaps, &[70, 3], 100, &l).unwrap());
        assert!(s.sum_is(&Heaps, &[70, 3], 69, &l).unwrap());
    }

    #[test]
    fn equal_parts_cancel() {
        let s = Arc::new(Solver::new(&Limits::default(), 1 << 20).unwrap());
        let l = Limits::default();
        // 2: {split -> 1+1 = 0, 1 -> 1} so 2; 4: {2+2 = 0, 3}; 3: {2} = 0.
        assert_eq!(s.value(&Halves, 1, &l).unwrap(), 1);
        assert_eq!(s.value(&Halves, 2, &l).unwrap(), 2);
        assert_eq!(s.value(&Halves, 3, &l).unwrap(), 0);
        assert_eq!(s.value(&Halves, 4, &l).unwrap(), 1);
        assert_eq!(cancel_pairs(vec![4, 1, 4, 4, 2, 1]), vec![2, 4]);
    }

    /// Searches on two threads leave no marks of what they were
    /// searching: neither one that ends nor one stopped midway, whose
    /// frames' marks go with them.
    #[cfg(feature = "parallel")]
    #[test]
    fn searches_leave_no_marks() {
        use crate::games::cram::{region_keys, CramMoves};
        use crate::games::grid::text::parse_board;
        use std::sync::atomic::Ordering;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let key = |board| region_keys(&parse_board(board, "a board").unwrap())[0];
        let s = Solver::new(&Limits::default(), 1 << 22).unwrap();
        let v = pool.install(|| s.value(&CramMoves, key("4x7"), &Limits::default()));
        assert_eq!(v.unwrap(), 3);
        assert!(s.busy.is_empty());
        let stop = Arc::new(AtomicBool::new(false));
        let limits = Limits {
            stop: Some(stop.clone()),
            ..Limits::default()
        };
        let timer = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(200));
            stop.store(true, Ordering::Relaxed);
        });
        let err = pool.install(|| s.value(&CramMoves, key("5x9"), &limits));
        timer.join().unwrap();
        let err = err.expect_err("Cram 5x9 takes more than 0.2 s");
        assert!(matches!(err, crate::Error::Interrupted(_)), "{err}");
        assert!(s.busy.is_empty());
    }

    /// What one sharing solver found, another learns: its search of the
    /// same board then finds the values and searches (almost) nothing.
    #[test]
    fn shared_values_spare_a_second_search() {
        use crate::games::cram::{region_keys, CramMoves};
        use crate::games::grid::text::parse_board;
        use std::sync::atomic::Ordering;
        let key = region_keys(&parse_board("3x7", "a board").unwrap())[0];
        let l = Limits::default();
        let first = Solver::sharing(&l, 1 << 22).unwrap();
        assert_eq!(first.value(&CramMoves, key, &l).unwrap(), 1);
        let found = first.take_found();
        assert!(found.len() > 10, "{found:?}");
        assert!(first.take_found().is_empty(), "taken once");
        let alone = Solver::new(&l, 1 << 22).unwrap();
        assert!(alone.take_found().is_empty(), "no sharing, nothing kept");
        alone.value(&CramMoves, key, &l).unwrap();
        let second = Solver::new(&l, 1 << 22).unwrap();
        second.learn(&found);
        assert_eq!(second.value(&CramMoves, key, &l).unwrap(), 1);
        let searched = |s: &Solver| s.stats.solved.load(Ordering::Relaxed);
        assert!(searched(&second) < searched(&alone) / 10);
        // Each value keeps the rank its search's work gave it, so that a
        // small table keeps the costliest whoever found them.
        let most = found.iter().map(|&(_, _, work)| work).max().unwrap();
        assert!(most >= 2 * SHARE_WORK, "{most}");
        let learner = Solver::new(&l, 1 << 22).unwrap();
        learner.learn(&found);
        // (A key kept twice, by two threads, keeps its later work: the
        // top grade is at least that of the first costly ones.)
        let top = learner.table.slots_in_use().map(|s| s.grade).max();
        let cheapest = (64 - SHARE_WORK.leading_zeros()) as u8;
        assert!(top > Some(cheapest), "{top:?}");
        // A value no slot can hold (a peer's bytes misread) is left out.
        let wary = Solver::new(&l, 1 << 22).unwrap();
        wary.learn(&[(key, table::MAX_VALUE + 1, 100), (key, u64::MAX, 100)]);
        assert_eq!(wary.table.slots_in_use().count(), 0);
    }

    #[test]
    fn a_budget_too_small_for_the_table_is_told_in_the_budget_s_terms() {
        let l = Limits {
            max_memory: 1 << 20,
            ..Limits::default()
        };
        let err = Solver::new(&l, 1 << 22).err().unwrap();
        assert!(matches!(err, crate::Error::Memory { .. }), "{err}");
        assert_eq!(
            err.to_string(),
            "the split search (its table takes a quarter of the memory left beside the 0 bytes the process holds, and at least 512 KiB: give --memory 2M or more) needs more than 1 MiB of memory; raise the limit (--memory) to go further"
        );
        let enough = Limits {
            max_memory: 4 * MIN_TABLE_BYTES,
            ..Limits::default()
        };
        assert!(Solver::new(&enough, 1 << 22).is_ok());
    }

    #[test]
    fn a_stopped_search_says_so() {
        let s = Solver::new(&Limits::default(), 1 << 20).unwrap();
        let err = s
            .value(&Heaps, 200, &crate::games::stopped_limits())
            .unwrap_err();
        assert!(matches!(err, crate::Error::Interrupted(_)), "{err}");
    }
}
