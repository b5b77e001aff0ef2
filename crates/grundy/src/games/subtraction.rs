//! Subtraction games: take a number of tokens allowed by a set.
//!
//! `sub:S` allows exactly the amounts in a finite set `S`; its sequence is
//! periodic, and the period is proven as soon as `max(S)` consecutive values
//! repeat. `sub-allbut:S` allows every positive amount except those in `S`;
//! each value there is a mex over the whole history, which a running count
//! of every value turns into `O(|S|)` work per heap.

use crate::entry::{Build, Entry, Example};
use crate::error::{Error, Result};
use crate::game::Visit;
use crate::heap::offer_taking;
use crate::heap::HeapGame;
use crate::heap::{FiniteBound, HeapRules, HeapValues, NaiveEngine, SeqEngine};
use crate::ruleset::parse_count;
use crate::ruleset::{boxed, Ruleset};

/// The largest amount accepted in a subtraction set.
pub const MAX_AMOUNT: u64 = u32::MAX as u64;

/// Parses `1,3,4` into a sorted set of positive amounts.
pub fn parse_set(text: &str, game: &str) -> Result<Vec<u64>> {
    if text.trim().is_empty() {
        return Err(Error::parse(format!(
            "`{game}:` needs a set of amounts, such as `{game}:1,3,4`"
        )));
    }
    let mut set = Vec::new();
    for part in text.split(',') {
        // parse_count quotes the amount itself.
        let what = format!("a {game} amount");
        let v = parse_count(part, &what, MAX_AMOUNT)?;
        if v == 0 {
            return Err(Error::parse(format!(
                "amounts in `{game}:{text}` must be positive (a move must take something)"
            )));
        }
        set.push(v);
    }
    set.sort_unstable();
    set.dedup();
    Ok(set)
}

fn join(set: &[u64]) -> String {
    set.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

/// A subtraction game: take an amount in a finite set (`sub:S`), or any
/// positive amount except those in it (`sub-allbut:S`).
#[derive(Clone, Debug)]
pub struct Subtraction {
    set: Vec<u64>,
    /// Whether `set` lists the amounts forbidden rather than allowed.
    all_but: bool,
}

/// `sub:S`.
pub const SUB: Entry = Entry::with_args(
    "sub",
    "sub:S",
    "heap sizes",
    "subtraction game: take an amount in the set S, e.g. sub:1,3,4",
    Example {
        game: "sub:1,3,4",
        position: "10",
    },
    |b| build(b, false),
);

/// `sub-allbut:S`.
pub const SUB_ALLBUT: Entry = Entry::with_args(
    "sub-allbut",
    "sub-allbut:S",
    "heap sizes",
    "take any positive amount except those in S",
    Example {
        game: "sub-allbut:2",
        position: "7",
    },
    |b| build(b, true),
);

/// The game of either entry, its set read from the arguments.
fn build(b: &Build<'_>, all_but: bool) -> Result<Box<dyn Ruleset>> {
    let set = parse_set(b.args, b.head)?;
    let rules = if all_but {
        Subtraction::all_but(set)
    } else {
        Subtraction::new(set)
    };
    Ok(boxed(HeapGame::new(rules)))
}

impl Subtraction {
    /// The game `sub:S`; `set` must be sorted, distinct and positive.
    pub fn new(set: Vec<u64>) -> Self {
        Subtraction {
            set,
            all_but: false,
        }
    }

    /// The game `sub-allbut:S`; `set` must be sorted, distinct and
    /// positive.
    pub fn all_but(set: Vec<u64>) -> Self {
        Subtraction { set, all_but: true }
    }
}

impl HeapRules for Subtraction {
    fn name(&self) -> String {
        let head = if self.all_but { "sub-allbut" } else { "sub" };
        format!("{head}:{}", join(&self.set))
    }

    fn for_each_option(&self, n: u64, f: Visit<u64>) {
        if self.all_but {
            let allowed = (1..=n).filter(|k| self.set.binary_search(k).is_err());
            offer_taking(n, allowed, f);
        } else {
            offer_taking(n, self.set.iter().copied(), f);
        }
    }

    fn option_count_bound(&self, n: u64) -> u64 {
        if self.all_but {
            n
        } else {
            self.set.partition_point(|&s| s <= n) as u64
        }
    }

    /// `sub:S` moves within `max(S)` of a heap; `sub-allbut:S` reaches
    /// every smaller heap, so it has no such bound.
    fn finite_bound(&self) -> Option<FiniteBound> {
        let t = *self.set.last().unwrap_or(&0);
        (!self.all_but).then_some(FiniteBound {
            max_removed: t,
            max_heaps: 1,
            uniform_from: t,
        })
    }

    /// `sub-allbut:S` keeps a running count of every value; `sub:S` needs
    /// nothing but its set.
    fn engine(&self) -> Box<dyn SeqEngine> {
        if !self.all_but {
            return Box::new(NaiveEngine::new(self.clone()));
        }
        Box::new(AllButEngine {
            set: self.set.clone(),
            count: Vec::new(),
            mex: 0,
            excluded: Vec::new(),
        })
    }
}

/// `G(n)` is the smallest value that no option reaches. Options are all
/// earlier heaps except the `|S|` heaps `n - s`, so a value is missing iff
/// it never occurred (the running mex) or all its occurrences are among
/// those excluded heaps.
struct AllButEngine {
    set: Vec<u64>,
    /// How often each value occurred so far.
    count: Vec<u32>,
    /// The smallest value that never occurred.
    mex: u32,
    /// Scratch: values at excluded heaps with their multiplicities.
    excluded: Vec<(u32, u32)>,
}

impl AllButEngine {
    fn advance_mex(&mut self) {
        while (self.mex as usize) < self.count.len() && self.count[self.mex as usize] > 0 {
            self.mex += 1;
        }
    }
}

impl SeqEngine for AllButEngine {
    fn next(&mut self, values: &HeapValues) -> u32 {
        let n = values.len() as u64;
        self.excluded.clear();
        for &s in &self.set {
            if s > n {
                break;
            }
            let v = values.get((n - s) as usize);
            match self.excluded.iter_mut().find(|(x, _)| *x == v) {
                Some((_, m)) => *m += 1,
                None => self.excluded.push((v, 1)),
            }
        }
        let mut g = self.mex;
        for &(v, m) in &self.excluded {
            if v < g && self.count[v as usize] == m {
                g = v;
            }
        }
        self.absorb(n as usize, g);
        g
    }

    fn absorb(&mut self, _n: usize, g: u32) {
        if g as usize >= self.count.len() {
            self.count.resize(g as usize + 1, 0);
        }
        self.count[g as usize] += 1;
        self.advance_mex();
    }

    fn rebuild(&mut self, table: &HeapValues) {
        self.count.clear();
        self.mex = 0;
        for n in 0..table.len() {
            self.absorb(n, table.get(n));
        }
    }
}
