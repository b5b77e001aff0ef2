//! The repair of a candidate quotient the check found wrong, by freeing
//! heaps (the recalibration of Plambeck and Siegel's MisereSolver).
//!
//! The heap-by-heap construction reads the options of a sum from its
//! class, so a candidate can merge sums a larger heap tells apart; the
//! check then names a sum the candidate gets wrong. The repair takes the
//! candidate and frees some heaps of that sum: each freed heap is counted
//! on its own (up to `index + period` copies, then repeating with the
//! period) instead of being multiplied into the class of the other heaps.
//! A candidate element is (x, counts): x the class of the sum's other
//! heaps, within the submonoid their elements generate. Which elements
//! are P follows from the misère rule on each element's lightest sum,
//! lightest first; the least automaton recognising them is the repaired
//! candidate. Subsets of the sum's heaps are tried smallest first, and the
//! first repair that gets the sum right is taken; the check decides.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::automaton::{self, Automaton};
use super::build::{weight, Build};
use crate::error::{Error, Result};
use crate::game::Limits;

/// A freed heap: counts `index` and `index + period` are the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Freed {
    heap: u64,
    index: u32,
    period: u32,
}

impl Freed {
    fn counts(&self) -> usize {
        (self.index + self.period) as usize
    }
}

/// The candidate that repairs `trial` at the sum `wrong`, freeing as few
/// of its heaps as will do; `None` when no choice gets the sum right.
pub fn recalibrate(trial: &Build, wrong: &[u64], limits: &Limits) -> Result<Option<Build>> {
    let q = &trial.monoid;
    let was_p = q.p[trial.element_of(wrong) as usize];
    let mut involved: Vec<u64> = wrong.to_vec();
    involved.dedup();
    involved.retain(|&h| !trial.heap_options[h as usize].is_empty());
    for longer in [0, 2, 4] {
        for size in 1..=involved.len() {
            for subset in subsets(&involved, size) {
                let freed: Vec<Freed> = subset
                    .iter()
                    .map(|&heap| {
                        let copies = wrong.iter().filter(|&&h| h == heap).count() as u32;
                        let index = q
                            .index_of(trial.heaps[heap as usize])
                            .max(copies.saturating_sub(1));
                        Freed {
                            heap,
                            index: index + longer,
                            period: 2,
                        }
                    })
                    .collect();
                let repaired = repair(trial, &freed, limits)?;
                if repaired.monoid.p[repaired.element_of(wrong) as usize] != was_p {
                    return Ok(Some(repaired));
                }
            }
        }
    }
    Ok(None)
}

/// The subsets of `items` with `size` elements, in lexicographic order.
fn subsets(items: &[u64], size: usize) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let mut pick: Vec<usize> = (0..size).collect();
    loop {
        out.push(pick.iter().map(|&i| items[i]).collect());
        // The rightmost pick that can still move right.
        let Some(i) = (0..size).rev().find(|&i| pick[i] < items.len() - size + i) else {
            return out;
        };
        pick[i] += 1;
        for j in i + 1..size {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

/// The candidate that frees `freed` from `trial`.
fn repair(trial: &Build, freed: &[Freed], limits: &Limits) -> Result<Build> {
    let space = Space::new(trial, freed, limits)?;
    let p = space.portion(limits)?;
    let (auto, heap_letter) = space.automaton(&p, limits)?;
    let classes = automaton::minimize(&auto, limits)?;
    super::room_for_table(classes.1, limits)?;
    let candidate = automaton::candidate(&auto, classes);
    Ok(Build::repaired(
        trial,
        &heap_letter,
        &auto.letters,
        candidate,
    ))
}

/// What adding a letter does to a candidate element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    /// Multiplies the class of the other heaps by this element.
    Times(u32),
    /// Counts one more of the freed heap with this position in the list.
    Count(usize),
}

/// The candidate elements (x, counts), numbered x + q·(mixed-radix code
/// of the counts).
struct Space<'a> {
    trial: &'a Build,
    freed: &'a [Freed],
    /// The stride of each freed heap's count in an element's number.
    stride: Vec<usize>,
    size: usize,
    /// A lightest sum of heaps that are not freed for each class (`None`
    /// for a class they do not generate).
    reps: Vec<Option<Vec<u64>>>,
    /// Each heap's options: the product of the heaps left that are not
    /// freed, and the freed heaps left.
    options: Vec<Vec<(u32, Vec<usize>)>>,
}

impl<'a> Space<'a> {
    fn new(trial: &'a Build, freed: &'a [Freed], limits: &Limits) -> Result<Self> {
        let q = trial.monoid.order;
        let mut stride = Vec::with_capacity(freed.len());
        let mut size = q as u64;
        for f in freed {
            stride.push(size as usize);
            size = size.saturating_mul(f.counts() as u64);
        }
        let what = "the repaired misère quotient's candidates";
        limits.check_states(size, what)?;
        // An outcome and a state number for each, and the letters' table.
        if size.saturating_mul(16) > limits.max_memory {
            return Err(Error::memory(what, limits.max_memory));
        }
        let mut space = Space {
            trial,
            freed,
            stride,
            size: size as usize,
            reps: Vec::new(),
            options: Vec::new(),
        };
        space.options = trial
            .options
            .iter()
            .map(|opts| opts.iter().map(|o| space.split(o)).collect())
            .collect();
        space.reps = space.lightest_sums();
        Ok(space)
    }

    fn freed_index(&self, heap: u64) -> Option<usize> {
        self.freed.iter().position(|f| f.heap == heap)
    }

    /// An option (heaps left) as the product of its heaps that are not
    /// freed and the freed heaps it leaves.
    fn split(&self, option: &[u64]) -> (u32, Vec<usize>) {
        let q = &self.trial.monoid;
        let mut x = 0;
        let mut more = Vec::new();
        for &h in option {
            match self.freed_index(h) {
                Some(i) => more.push(i),
                None => x = q.mul(x, self.trial.heaps[h as usize]),
            }
        }
        (x, more)
    }

    /// The letters: one for each element of the heaps with a move that
    /// are not freed, one for each freed heap; and the letter of each heap.
    fn letters(&self) -> (Vec<(u64, Action)>, Vec<Option<u32>>) {
        let mut letters: Vec<(u64, Action)> = Vec::new();
        let mut heap_letter = vec![None; self.trial.heaps.len()];
        for (h, slot) in heap_letter.iter_mut().enumerate().skip(1) {
            let action = match self.freed_index(h as u64) {
                Some(i) => Action::Count(i),
                None if self.trial.heap_options[h].is_empty() => continue,
                None => Action::Times(self.trial.heaps[h]),
            };
            let letter = match letters.iter().position(|&(_, a)| a == action) {
                Some(l) => l,
                None => {
                    letters.push((h as u64, action));
                    letters.len() - 1
                }
            };
            *slot = Some(letter as u32);
        }
        (letters, heap_letter)
    }

    /// Dijkstra over the classes from the empty sum by the heaps that are
    /// not freed, each heap weighing [`weight`].
    fn lightest_sums(&self) -> Vec<Option<Vec<u64>>> {
        let q = &self.trial.monoid;
        let (letters, _) = self.letters();
        let mut dist = vec![u64::MAX; q.order];
        let mut parent: Vec<(u32, u64)> = vec![(0, 0); q.order];
        let mut queue = BinaryHeap::new();
        dist[0] = 0;
        queue.push(Reverse((0u64, 0u32)));
        let mut reps: Vec<Option<Vec<u64>>> = vec![None; q.order];
        while let Some(Reverse((d, x))) = queue.pop() {
            if reps[x as usize].is_some() {
                continue;
            }
            let (from, heap) = parent[x as usize];
            reps[x as usize] = Some(match x {
                0 => Vec::new(),
                _ => {
                    let mut rep = reps[from as usize].clone().unwrap_or_default();
                    rep.push(heap);
                    rep.sort_unstable();
                    rep
                }
            });
            for &(heap, action) in &letters {
                let Action::Times(e) = action else { continue };
                let y = q.mul(x, e) as usize;
                let w = d + weight(heap);
                if w < dist[y] {
                    dist[y] = w;
                    parent[y] = (x, heap);
                    queue.push(Reverse((w, y as u32)));
                }
            }
        }
        reps
    }

    fn class(&self, e: usize) -> usize {
        e % self.trial.monoid.order
    }

    fn count(&self, e: usize, i: usize) -> usize {
        (e / self.stride[i]) % self.freed[i].counts()
    }

    /// `e` with one more of freed heap `i` (counts past the last repeat).
    fn counted(&self, e: usize, i: usize) -> usize {
        let c = self.count(e, i);
        let f = self.freed[i];
        let next = if c + 1 == f.counts() {
            f.index as usize
        } else {
            c + 1
        };
        e - c * self.stride[i] + next * self.stride[i]
    }

    /// `e` with its class multiplied by `y`.
    fn times(&self, e: usize, y: u32) -> usize {
        let x = self.class(e);
        e - x + self.trial.monoid.mul(x as u32, y) as usize
    }

    /// `e` after taking an option `(y, more)` of a heap already removed.
    fn plus(&self, e: usize, (y, more): &(u32, Vec<usize>)) -> usize {
        more.iter()
            .fold(self.times(e, *y), |t, &m| self.counted(t, m))
    }

    /// The weight of each element's lightest sum, `None` for an element
    /// no sum reaches.
    fn weight(&self, e: usize) -> Option<u64> {
        let rep = self.reps[self.class(e)].as_ref()?;
        let counts: u64 = (0..self.freed.len())
            .map(|i| self.count(e, i) as u64 * weight(self.freed[i].heap))
            .sum();
        Some(rep.iter().map(|&h| weight(h)).sum::<u64>() + counts)
    }

    /// Which elements are P, by the misère rule on each element's
    /// lightest sum, lightest first (its options are lighter still).
    fn portion(&self, limits: &Limits) -> Result<Vec<bool>> {
        let q = &self.trial.monoid;
        let mut order: Vec<(u64, u32)> = (0..self.size)
            .filter_map(|e| Some((self.weight(e)?, e as u32)))
            .collect();
        order.sort_unstable();
        let mut p = vec![false; self.size];
        for (done, &(_, e)) in order.iter().enumerate() {
            if done % 4096 == 0 {
                limits.check("repairing the misère quotient")?;
            }
            let e = e as usize;
            let x = self.class(e);
            let rep = self.reps[x].as_deref().unwrap_or_default();
            let counted: Vec<usize> = (0..self.freed.len())
                .filter(|&i| self.count(e, i) > 0)
                .collect();
            let mut reaches_p = false;
            for (i, &h) in rep.iter().enumerate() {
                if reaches_p || (i > 0 && rep[i - 1] == h) {
                    continue;
                }
                let rest = rep[..i].iter().chain(&rep[i + 1..]);
                let r = q.product(rest.map(|&o| self.trial.heaps[o as usize]));
                let without = e - x + r as usize;
                reaches_p = self.options[h as usize]
                    .iter()
                    .any(|o| p[self.plus(without, o)]);
            }
            reaches_p = reaches_p
                || counted.iter().any(|&i| {
                    let without = e - self.stride[i];
                    let heap = self.freed[i].heap as usize;
                    self.options[heap].iter().any(|o| p[self.plus(without, o)])
                });
            p[e] = (!rep.is_empty() || !counted.is_empty()) && !reaches_p;
        }
        Ok(p)
    }

    /// The automaton of the elements reached from the empty sum, and the
    /// letter of each heap.
    fn automaton(&self, p: &[bool], limits: &Limits) -> Result<(Automaton, Vec<Option<u32>>)> {
        let (letters, heap_letter) = self.letters();
        let mut state = vec![u32::MAX; self.size];
        let mut reached = vec![0usize];
        state[0] = 0;
        let mut next = Vec::new();
        let mut i = 0;
        while i < reached.len() {
            let e = reached[i];
            for &(_, action) in &letters {
                let t = match action {
                    Action::Times(y) => self.times(e, y),
                    Action::Count(j) => self.counted(e, j),
                };
                if state[t] == u32::MAX {
                    state[t] = reached.len() as u32;
                    reached.push(t);
                }
                next.push(state[t]);
            }
            if i % 4096 == 0 {
                limits.check("repairing the misère quotient")?;
            }
            i += 1;
        }
        let automaton = Automaton {
            letters: letters.iter().map(|&(heap, _)| heap).collect(),
            next,
            accept: reached.iter().map(|&e| p[e]).collect(),
        };
        Ok((automaton, heap_letter))
    }
}
