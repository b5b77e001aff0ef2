//! Chomp by a dense table (the diagrams of a box are Chomp's positions, a
//! bite its move; `games::chomp` asks here and falls back on the split
//! search when the box's table has no room): every diagram of a box of `R` rows and `C`
//! columns valued once, one byte each, in a table indexed by the rank of
//! the diagram, with no hashing, no recursion and no stack.
//!
//! The diagrams of the box are the non-increasing row lengths
//! `C ≥ λ_0 ≥ … ≥ λ_{R-1} ≥ 0`; there are `binomial(R + C, R)` of them
//! (the empty one included, which no position reaches). The rank of `λ` is
//! its place in lexicographic order: the diagrams below `λ` agree with it
//! up to a row `k` and have a shorter row `k`, any `v < λ_k`, followed by
//! any non-increasing tail of `R - k - 1` rows of at most `v` squares
//! (`binomial(R - k - 1 + v, v)` of them). So the rank is additive over
//! rows, `rank(λ) = Σ_k S[k][λ_k]` with `S[k][x]` the sum of those counts
//! for `v < x`, and a bite at `(i, j)`, which cuts the rows `k ≥ i`
//! longer than `j` to `j`, has the rank
//! `rank(λ) - Σ_{k ≥ i, λ_k > j} (S[k][λ_k] - S[k][j])`: walking up a
//! column from its bottom square gives each option's rank in one addition.
//!
//! An option has fewer squares, so the diagrams of `s` squares depend only
//! on smaller ones: the table is filled layer by layer, each layer split
//! over rayon's threads by the first rows of its diagrams (a task walks the
//! tails under one prefix), the values written as relaxed atomic bytes
//! that the next layer reads after rayon's join. Every thread computes the
//! same bytes, so the answers do not depend on the number of threads.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering::Relaxed};

pub mod snapshot;

use crate::error::{Error, Result};
use crate::game::Limits;

/// A slot not valued yet. Values are below it: a diagram of a box of at
/// most 255 squares (`games::chomp`'s bound) has at most 254 options.
pub const UNKNOWN: u8 = u8::MAX;

/// Diagrams a task values between two reads of the stop flag.
const CHECK_EVERY: u64 = 1 << 12;

/// Rows fixed by a task: enough tasks per layer to keep every thread busy.
const PREFIX_ROWS: usize = 3;

/// `binomial(n + k, k)`: the non-increasing sequences of `n` numbers of at
/// most `k` (saturating at `u128::MAX`).
pub fn sequences(n: usize, k: usize) -> u128 {
    let (small, total) = (n.min(k) as u128, (n + k) as u128);
    let mut out: u128 = 1;
    for i in 1..=small {
        match out.checked_mul(total - small + i) {
            Some(x) => out = x / i,
            None => return u128::MAX,
        }
    }
    out
}

/// The table of one box, filled on demand, shared by every thread.
pub struct Dense {
    rows: usize,
    cols: usize,
    /// `S[k][x]` at `k * (cols + 1) + x`.
    offset: Vec<u64>,
    /// The value of each diagram by rank, [`UNKNOWN`] until valued.
    pub(super) values: Vec<AtomicU8>,
    /// Diagrams valued by this run.
    pub(super) valued: AtomicU64,
    /// Values read from a snapshot.
    pub(super) restored: AtomicU64,
    /// Every diagram is valued.
    complete: AtomicBool,
    /// The front end's watch was told of the table.
    pub(super) attached: AtomicBool,
}

/// What a table of `rows` by `cols` is called in messages and scopes.
pub fn box_name(rows: usize, cols: usize) -> String {
    format!("{rows}x{cols}")
}

/// Fails, naming the box, the bytes and the budget, when the table of a
/// box of `rows` by `cols` does not fit `limits` (one byte a diagram,
/// one state a diagram).
pub fn check_budget(rows: usize, cols: usize, limits: &Limits) -> Result<()> {
    let diagrams = sequences(rows, cols);
    let what = || {
        format!(
            "Chomp in a box of {} (a table of {diagrams} bytes, one per diagram)",
            box_name(rows, cols)
        )
    };
    if diagrams > u128::from(limits.max_states) {
        return Err(Error::limit(what(), limits.max_states));
    }
    let held = limits.meter.map_or(0, |m| m());
    if diagrams > u128::from(limits.max_memory.saturating_sub(held)) {
        return Err(Error::memory(what(), limits.max_memory));
    }
    Ok(())
}

impl Dense {
    /// An empty table for the box, refused at once when it does not fit
    /// `limits`.
    pub fn new(rows: usize, cols: usize, limits: &Limits) -> Result<Dense> {
        check_budget(rows, cols, limits)?;
        let mut offset = vec![0u64; rows * (cols + 1)];
        for k in 0..rows {
            for x in 1..=cols {
                let below = sequences(rows - k - 1, x - 1) as u64;
                offset[k * (cols + 1) + x] = offset[k * (cols + 1) + x - 1] + below;
            }
        }
        let len = sequences(rows, cols) as usize;
        Ok(Dense {
            rows,
            cols,
            offset,
            values: (0..len).map(|_| AtomicU8::new(UNKNOWN)).collect(),
            valued: AtomicU64::new(0),
            restored: AtomicU64::new(0),
            complete: AtomicBool::new(false),
            attached: AtomicBool::new(false),
        })
    }

    /// The box: rows and columns.
    pub fn dims(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// Whether the diagram `rows` lies in the box.
    pub fn holds(&self, rows: &[u8]) -> bool {
        rows.len() <= self.rows && rows.iter().all(|&r| usize::from(r) <= self.cols)
    }

    /// The rank of a diagram of the box (rows past its end are empty).
    pub fn rank(&self, rows: &[u8]) -> usize {
        let c1 = self.cols + 1;
        let sum: u64 = (rows.iter().enumerate())
            .map(|(k, &x)| self.offset[k * c1 + usize::from(x)])
            .sum();
        sum as usize
    }

    /// The value of a diagram of the box, valuing the box first if needed.
    pub fn value(&self, rows: &[u8], limits: &Limits) -> Result<u8> {
        self.solve(limits)?;
        Ok(self.values[self.rank(rows)].load(Relaxed))
    }

    /// Values every diagram of the box not valued yet, layer by layer.
    pub fn solve(&self, limits: &Limits) -> Result<()> {
        if self.complete.load(Relaxed) {
            return Ok(());
        }
        for squares in 0..=self.rows * self.cols {
            self.layer(squares, limits)?;
        }
        self.complete.store(true, Relaxed);
        Ok(())
    }

    /// Values the diagrams of `squares` squares, task by task.
    fn layer(&self, squares: usize, limits: &Limits) -> Result<()> {
        // Tasks of a small box hold fewer diagrams than a check is apart.
        limits.check("the Chomp table")?;
        let tasks = self.prefixes(squares);
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            tasks
                .par_iter()
                .try_for_each(|p| self.task(&p[..self.rows.min(PREFIX_ROWS)], squares, limits))
        }
        #[cfg(not(feature = "parallel"))]
        {
            (tasks.iter())
                .try_for_each(|p| self.task(&p[..self.rows.min(PREFIX_ROWS)], squares, limits))
        }
    }

    /// The first rows of the diagrams of `squares` squares: every
    /// non-increasing prefix whose tail can hold the squares left.
    fn prefixes(&self, squares: usize) -> Vec<[u8; PREFIX_ROWS]> {
        let p = self.rows.min(PREFIX_ROWS);
        let mut out = Vec::new();
        for sum in 0..=squares.min(p * self.cols) {
            let mut pre = [0u8; PREFIX_ROWS];
            let mut more = first(&mut pre[..p], self.cols as u8, sum);
            while more {
                let tail = (self.rows - p) * usize::from(pre[p - 1]);
                if squares - sum <= tail {
                    out.push(pre);
                }
                more = next(&mut pre[..p]);
            }
        }
        out
    }

    /// Values the diagrams of `squares` squares that start with `prefix`.
    fn task(&self, prefix: &[u8], squares: usize, limits: &Limits) -> Result<()> {
        let p = prefix.len();
        let mut lam = vec![0u8; self.rows];
        lam[..p].copy_from_slice(prefix);
        let cap = prefix[p - 1];
        let left = squares - prefix.iter().map(|&x| usize::from(x)).sum::<usize>();
        let base = self.rank(prefix);
        let c1 = self.cols + 1;
        let mut count = 0u64;
        let mut more = first(&mut lam[p..], cap, left);
        while more {
            let tail: u64 = (lam[p..].iter().enumerate())
                .map(|(k, &x)| self.offset[(k + p) * c1 + usize::from(x)])
                .sum();
            let rank = base + tail as usize;
            if self.values[rank].load(Relaxed) == UNKNOWN {
                self.values[rank].store(self.mex(&lam, rank), Relaxed);
                count += 1;
                if count.is_multiple_of(CHECK_EVERY) {
                    self.valued.fetch_add(CHECK_EVERY, Relaxed);
                    limits.check("the Chomp table")?;
                }
            }
            more = next(&mut lam[p..]);
        }
        self.valued.fetch_add(count % CHECK_EVERY, Relaxed);
        Ok(())
    }

    /// The mex of the options of `lam` (of rank `rank`), read from the
    /// table: column by column, walking up from its bottom square, the
    /// poisoned square `(0, 0)` left out.
    fn mex(&self, lam: &[u8], rank: usize) -> u8 {
        let c1 = self.cols + 1;
        let mut seen = [0u64; 4];
        let mut height = lam.iter().take_while(|&&x| x > 0).count();
        for j in 0..lam.first().copied().unwrap_or(0) {
            while lam[height - 1] <= j {
                height -= 1;
            }
            let mut cut = 0usize;
            for i in (0..height).rev() {
                let row = &self.offset[i * c1..];
                cut += (row[usize::from(lam[i])] - row[usize::from(j)]) as usize;
                if i == 0 && j == 0 {
                    break;
                }
                let v = self.values[rank - cut].load(Relaxed);
                seen[usize::from(v >> 6)] |= 1 << (v & 63);
            }
        }
        let mut v = 0;
        while seen[v >> 6] & (1 << (v & 63)) != 0 {
            v += 1;
        }
        v as u8
    }
}

/// The lexicographically largest non-increasing `seq` of numbers at most
/// `cap` summing to `sum`; `false` when there is none.
pub(super) fn first(seq: &mut [u8], cap: u8, sum: usize) -> bool {
    let mut left = sum;
    for x in seq.iter_mut() {
        *x = left.min(usize::from(cap)) as u8;
        left -= usize::from(*x);
    }
    left == 0
}

/// The next smaller `seq` in lexicographic order with the same sum and
/// first row at most; `false` after the smallest. The rightmost row that can lose a
/// square to the rows after it (at most as long as it) does, and those
/// rows are refilled as long as they may.
pub(super) fn next(seq: &mut [u8]) -> bool {
    let n = seq.len();
    let mut after = 0usize;
    for k in (0..n.saturating_sub(1)).rev() {
        after += usize::from(seq[k + 1]);
        let x = usize::from(seq[k]);
        if x > 0 && after < (n - 1 - k) * (x - 1) {
            seq[k] -= 1;
            let cap = seq[k];
            first(&mut seq[k + 1..], cap, after + 1);
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every diagram of the box, in lexicographic order, by brute force.
    fn all(rows: usize, cols: u8) -> Vec<Vec<u8>> {
        let mut out = vec![vec![]];
        for _ in 0..rows {
            out = (out.into_iter())
                .flat_map(|p: Vec<u8>| {
                    let top = p.last().copied().unwrap_or(cols);
                    (0..=top).map(move |x| [p.clone(), vec![x]].concat())
                })
                .collect();
        }
        out
    }

    #[test]
    fn ranks_are_the_places_in_lexicographic_order() {
        for (r, c) in [(1, 1), (1, 5), (2, 3), (3, 3), (4, 2), (3, 5), (5, 4)] {
            let d = Dense::new(r, c, &Limits::default()).unwrap();
            let diagrams = all(r, c as u8);
            assert_eq!(diagrams.len() as u128, sequences(r, c), "{r}x{c}");
            for (i, lam) in diagrams.iter().enumerate() {
                assert_eq!(d.rank(lam), i, "{r}x{c} {lam:?}");
            }
        }
    }

    #[test]
    fn layers_walk_every_diagram_of_their_size_once() {
        let (r, c) = (5, 4);
        let d = Dense::new(r, c, &Limits::default()).unwrap();
        let mut seen = vec![0; sequences(r, c) as usize];
        for squares in 0..=r * c {
            for pre in d.prefixes(squares) {
                let p = r.min(PREFIX_ROWS);
                let mut lam = vec![0u8; r];
                lam[..p].copy_from_slice(&pre[..p]);
                let left = squares - pre.iter().map(|&x| usize::from(x)).sum::<usize>();
                let mut more = first(&mut lam[p..], pre[p - 1], left);
                while more {
                    assert_eq!(lam.iter().map(|&x| usize::from(x)).sum::<usize>(), squares);
                    seen[d.rank(&lam)] += 1;
                    more = next(&mut lam[p..]);
                }
            }
        }
        assert!(seen.iter().all(|&n| n == 1), "{seen:?}");
    }

    #[test]
    fn a_box_too_big_is_refused_at_once() {
        let err = Dense::new(14, 14, &Limits::with_max_states(1000))
            .err()
            .unwrap();
        let text = err.to_string();
        assert!(
            text.contains("14x14") && text.contains("40116600 bytes"),
            "{text}"
        );
        let l = Limits::default().with_memory(1 << 20, || 0);
        let text = Dense::new(12, 12, &l).err().unwrap().to_string();
        assert!(
            text.contains("2704156 bytes") && text.contains("1 MiB"),
            "{text}"
        );
    }

    #[test]
    fn a_stopped_solve_says_so() {
        let d = Dense::new(9, 9, &Limits::default()).unwrap();
        let err = d.solve(&crate::games::stopped_limits()).unwrap_err();
        assert!(matches!(err, Error::Interrupted(_)), "{err}");
    }
}
