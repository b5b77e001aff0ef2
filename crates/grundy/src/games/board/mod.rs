//! The split search: nimbers of games whose positions fall apart into
//! independent parts (Cram's regions, Node Kayles' components) or are one
//! small bit-board (Chomp), searched without recursion on a shared
//! lock-free table, on every core.
//!
//! A game ([`Split`]) hands the search canonical components as 128-bit
//! keys (bit-boards normalised under the board's symmetries) and lists a
//! component's options as the canonical components each leaves. The
//! search values a component as the mex of its options, an option as the
//! XOR of its parts (two equal parts cancel before anything is searched),
//! and keeps every value in a [`Table`] bounded by the memory budget. Its
//! stack is explicit, so a deep game cannot overflow the call stack; a
//! child's value goes straight to its parent, so a table that evicts it
//! cannot make the search loop.
//!
//! With the `parallel` feature the options of the top levels are valued
//! on rayon's pool (work stealing over subtrees) against the one shared
//! table. The table only ever holds exact values, so every thread count
//! gives the same answers.

pub mod shape;
pub mod table;
pub mod text;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use crate::error::{Error, Result};
use crate::game::Limits;
use table::{Table, MAX_VALUE};

pub use table::MIN_TABLE_BYTES;

/// A game the split search can value: canonical components as keys.
pub trait Split: Sync {
    /// Appends the options of the component `key` to `parts`, each option
    /// as its canonical parts followed by the end of the option in `ends`
    /// (an index into `parts`). Parts of value 0 may be left out.
    fn options(&self, key: u128, parts: &mut Vec<u128>, ends: &mut Vec<usize>);
}

/// How much a search did, for progress reports and statistics.
#[derive(Default, Debug)]
pub struct Stats {
    /// Components valued by search (not found in the table).
    pub solved: AtomicU64,
}

/// A search's table and counters, shared by every thread and by every
/// question asked of one game.
pub struct Solver {
    table: Table,
    /// What the search has done so far.
    pub stats: Stats,
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

/// How often (in components valued) the search reads its stop flag.
const CHECK_EVERY: u64 = 1 << 12;

/// The default table size when the budget is larger: a quarter of a GiB.
const DEFAULT_TABLE_BYTES: u64 = 1 << 28;

/// One component being valued: its options are `ends[first..last]`.
struct Frame {
    key: u128,
    /// The option being valued, as an index into `ends`.
    option: usize,
    last: usize,
    /// The next part of the option to value, as an index into `parts`.
    part: usize,
    /// The XOR of the option's parts valued so far.
    acc: u64,
    /// The option values seen, as a bit set.
    seen: [u64; 4],
    /// Components solved before this one started, to measure its work.
    solved_before: u64,
    /// Where this frame's parts and ends start, to drop them when done.
    parts_base: usize,
    ends_base: usize,
}

impl Solver {
    /// A solver whose table takes about a third of the memory `limits`
    /// leave, at most `cap` bytes (a small game needs a small table), at
    /// most a quarter of a GiB, and at least [`MIN_TABLE_BYTES`]; fails
    /// when the budget cannot hold that.
    pub fn new(limits: &Limits, cap: u64) -> Result<Solver> {
        let held = limits.meter.map_or(0, |m| m());
        let free = limits.max_memory.saturating_sub(held);
        let bytes = (free / 3)
            .min(cap.max(MIN_TABLE_BYTES))
            .min(DEFAULT_TABLE_BYTES);
        Ok(Solver {
            table: Table::with_bytes(bytes)?,
            stats: Stats::default(),
        })
    }

    /// Bytes the table holds, and the fraction of its slots in use.
    pub fn table_fill(&self) -> (u64, f64) {
        let (used, all) = self.table.fill();
        (self.table.bytes(), used as f64 / all as f64)
    }

    /// The value of the component `key`.
    pub fn value<G: Split>(&self, game: &G, key: u128, limits: &Limits) -> Result<u64> {
        #[cfg(feature = "parallel")]
        if rayon::current_num_threads() > 1 {
            return self.value_parallel(game, key, limits, PARALLEL_DEPTH);
        }
        self.value_serial(game, key, limits)
    }

    /// The XOR of the values of `keys`.
    pub fn sum<G: Split>(&self, game: &G, keys: &[u128], limits: &Limits) -> Result<u64> {
        let mut total = 0;
        for k in cancel_pairs(keys.to_vec()) {
            total ^= self.value(game, k, limits)?;
        }
        Ok(total)
    }

    /// The value of `key` on this thread: a depth-first search with an
    /// explicit stack.
    pub fn value_serial<G: Split>(&self, game: &G, key: u128, limits: &Limits) -> Result<u64> {
        if let Some(v) = self.table.get(key) {
            return Ok(v);
        }
        limits.check("the split search")?;
        let mut parts = Vec::new();
        let mut ends = Vec::new();
        let mut stack = vec![self.frame(game, key, &mut parts, &mut ends)];
        loop {
            let top = stack.last_mut().expect("the stack holds the component");
            if let Some(child) = self.advance(top, &parts, &ends) {
                let frame = self.frame(game, child, &mut parts, &mut ends);
                stack.push(frame);
                continue;
            }
            let done = stack.pop().expect("the stack holds the component");
            let v = self.finish(&done, limits)?;
            parts.truncate(done.parts_base);
            ends.truncate(done.ends_base);
            match stack.last_mut() {
                None => return Ok(v),
                Some(parent) => {
                    parent.acc ^= v;
                    parent.part += 1;
                }
            }
        }
    }

    /// A frame for `key` with its options listed (pairs cancelled).
    fn frame<G: Split>(
        &self,
        game: &G,
        key: u128,
        parts: &mut Vec<u128>,
        ends: &mut Vec<usize>,
    ) -> Frame {
        let parts_base = parts.len();
        let first = ends.len();
        game.options(key, parts, ends);
        cancel_in_place(parts, ends, first, parts_base);
        Frame {
            key,
            option: first,
            last: ends.len(),
            part: parts_base,
            acc: 0,
            seen: [0; 4],
            solved_before: self.stats.solved.load(Ordering::Relaxed),
            parts_base,
            ends_base: first,
        }
    }

    /// Values the frame's options from the table as far as it can; the
    /// part to search first, or `None` when every option is valued.
    fn advance(&self, f: &mut Frame, parts: &[u128], ends: &[usize]) -> Option<u128> {
        while f.option < f.last {
            let end = ends[f.option];
            while f.part < end {
                match self.table.get(parts[f.part]) {
                    Some(v) => {
                        f.acc ^= v;
                        f.part += 1;
                    }
                    None => return Some(parts[f.part]),
                }
            }
            if f.acc < 256 {
                f.seen[(f.acc / 64) as usize] |= 1 << (f.acc % 64);
            }
            f.acc = 0;
            f.option += 1;
        }
        None
    }

    /// The frame's value (the mex of its options), stored.
    fn finish(&self, f: &Frame, limits: &Limits) -> Result<u64> {
        let mut v = 0;
        while v < 256 && f.seen[(v / 64) as usize] & (1 << (v % 64)) != 0 {
            v += 1;
        }
        if v > MAX_VALUE {
            return Err(Error::unsupported(format!(
                "a component's value exceeds {MAX_VALUE}, the largest the split search stores"
            )));
        }
        let solved = self.stats.solved.fetch_add(1, Ordering::Relaxed) + 1;
        if solved % CHECK_EVERY == 0 {
            limits.check("the split search")?;
        }
        self.table.put(f.key, v, solved - f.solved_before);
        Ok(v)
    }
}

/// Levels of the search whose options are valued in parallel.
#[cfg(feature = "parallel")]
const PARALLEL_DEPTH: u32 = 3;

#[cfg(feature = "parallel")]
impl Solver {
    /// The value of `key`, its options (to `depth` levels) valued on the
    /// rayon pool, deeper levels by [`Solver::value_serial`].
    fn value_parallel<G: Split>(
        &self,
        game: &G,
        key: u128,
        limits: &Limits,
        depth: u32,
    ) -> Result<u64> {
        use rayon::prelude::*;
        if depth == 0 {
            return self.value_serial(game, key, limits);
        }
        if let Some(v) = self.table.get(key) {
            return Ok(v);
        }
        let (mut parts, mut ends) = (Vec::new(), Vec::new());
        game.options(key, &mut parts, &mut ends);
        cancel_in_place(&mut parts, &mut ends, 0, 0);
        let before = self.stats.solved.load(Ordering::Relaxed);
        let values: Vec<u64> = (0..ends.len())
            .into_par_iter()
            .map(|i| {
                let start = if i == 0 { 0 } else { ends[i - 1] };
                parts[start..ends[i]].iter().try_fold(0, |acc, &p| {
                    Ok(acc ^ self.value_parallel(game, p, limits, depth - 1)?)
                })
            })
            .collect::<Result<_>>()?;
        let mut seen = [0u64; 4];
        for v in values.into_iter().filter(|&v| v < 256) {
            seen[(v / 64) as usize] |= 1 << (v % 64);
        }
        let frame = Frame {
            key,
            option: 0,
            last: 0,
            part: 0,
            acc: 0,
            seen,
            solved_before: before,
            parts_base: 0,
            ends_base: 0,
        };
        self.finish(&frame, limits)
    }
}

/// `keys` with pairs of equal keys removed (their values cancel), sorted.
pub fn cancel_pairs(mut keys: Vec<u128>) -> Vec<u128> {
    keys.sort_unstable();
    let mut out = Vec::with_capacity(keys.len());
    for k in keys {
        if out.last() == Some(&k) {
            out.pop();
        } else {
            out.push(k);
        }
    }
    out
}

/// Cancels equal pairs inside each option listed from `ends[first..]`
/// (whose parts start at `parts_base`), compacting `parts` and `ends`.
fn cancel_in_place(parts: &mut Vec<u128>, ends: &mut [usize], first: usize, parts_base: usize) {
    let mut write = parts_base;
    let mut start = parts_base;
    for e in ends[first..].iter_mut() {
        let end = *e;
        let option = &mut parts[start..end];
        option.sort_unstable();
        let from = write;
        for i in start..end {
            let k = parts[i];
            if write > from && parts[write - 1] == k {
                write -= 1;
            } else {
                parts[write] = k;
                write += 1;
            }
        }
        start = end;
        *e = write;
    }
    parts.truncate(write);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim heaps as components: heap `n` has options `0..n`.
    struct Heaps;

    impl Split for Heaps {
        fn options(&self, key: u128, parts: &mut Vec<u128>, ends: &mut Vec<usize>) {
            for n in 0..key {
                if n > 0 {
                    parts.push(n);
                }
                ends.push(parts.len());
            }
        }
    }

    /// A heap that splits into two equal halves or loses one: the halves
    /// cancel, so splitting is worth 0.
    struct Halves;

    impl Split for Halves {
        fn options(&self, key: u128, parts: &mut Vec<u128>, ends: &mut Vec<usize>) {
            if key >= 2 && key % 2 == 0 {
                parts.extend([key / 2, key / 2]);
                ends.push(parts.len());
            }
            if key >= 1 {
                if key > 1 {
                    parts.push(key - 1);
                }
                ends.push(parts.len());
            }
        }
    }

    #[test]
    fn nim_heaps_are_their_size_and_sums_xor() {
        let s = Solver::new(&Limits::default(), 1 << 20).unwrap();
        let l = Limits::default();
        assert_eq!(s.value_serial(&Heaps, 37, &l).unwrap(), 37);
        assert_eq!(s.sum(&Heaps, &[5, 3, 5, 9], &l).unwrap(), 3 ^ 9);
    }

    #[test]
    fn equal_parts_cancel() {
        let s = Solver::new(&Limits::default(), 1 << 20).unwrap();
        let l = Limits::default();
        // 2: {split -> 1+1 = 0, 1 -> 1} so 2; 4: {2+2 = 0, 3}; 3: {2} = 0.
        assert_eq!(s.value_serial(&Halves, 1, &l).unwrap(), 1);
        assert_eq!(s.value_serial(&Halves, 2, &l).unwrap(), 2);
        assert_eq!(s.value_serial(&Halves, 3, &l).unwrap(), 0);
        assert_eq!(s.value_serial(&Halves, 4, &l).unwrap(), 1);
        assert_eq!(cancel_pairs(vec![4, 1, 4, 4, 2, 1]), vec![2, 4]);
    }

    #[test]
    fn a_stopped_search_says_so() {
        let s = Solver::new(&Limits::default(), 1 << 20).unwrap();
        let err = s
            .value_serial(&Heaps, 200, &crate::games::stopped_limits())
            .unwrap_err();
        assert!(matches!(err, Error::Interrupted(_)), "{err}");
    }
}
