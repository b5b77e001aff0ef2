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
//! are P follows from the misère rule on each element's least sum (in the
//! order of [`lex`]), least first; the least automaton recognising them is the repaired
//! candidate. Subsets of the sum's heaps are tried smallest first, and the
//! first repair that gets the sum right is taken; the check decides.

use super::automaton::{self, Automaton};
use super::build::Build;
use super::lex;
use crate::error::Result;
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
                if let Some(repaired) = repair(trial, &freed, (wrong, was_p), limits)? {
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

/// The candidate that frees `freed` from `trial`, if it gets the sum
/// `wrong` right: `None` when the sum is still P exactly when `was_p`.
/// The sum's outcome is that of the element it reaches among the
/// candidate elements, so a candidate that leaves it wrong is never
/// minimised (352 of the 973 tried by 4.7's quotient to heap 50).
fn repair(
    trial: &Build,
    freed: &[Freed],
    (wrong, was_p): (&[u64], bool),
    limits: &Limits,
) -> Result<Option<Build>> {
    let space = Space::new(trial, freed, limits)?;
    let (reached, p) = space.portion(limits)?;
    if p[space.element_of(wrong)] == was_p {
        return Ok(None);
    }
    let auto = space.automaton(&reached, &p, limits)?;
    let classes = automaton::minimize(&auto, limits)?;
    super::room_for_table(classes.1, limits)?;
    let candidate = automaton::candidate(&auto, classes);
    Ok(Some(Build::repaired(
        trial,
        &space.heap_letter,
        &auto.letters,
        candidate,
    )))
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
    /// The letters, smallest heap first: the heap each stands for, and
    /// what it does.
    letters: Vec<(u64, Action)>,
    /// The letter of each heap (`None` for heaps with no move).
    heap_letter: Vec<Option<u32>>,
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
        let what = "repairing the misère quotient's candidates";
        // States are numbered in 32 bits.
        limits.check_states(size, what)?;
        if size >= u64::from(u32::MAX) {
            return Err(crate::error::Error::limit(what, u64::from(u32::MAX)));
        }
        let mut space = Space {
            trial,
            freed,
            stride,
            size: size as usize,
            letters: Vec::new(),
            heap_letter: Vec::new(),
            options: Vec::new(),
        };
        (space.letters, space.heap_letter) = space.letters();
        // Each candidate's least sum, outcome and state, the automaton's
        // table (a state a letter) and the minimisation's classes.
        let per = 56 + 4 * space.letters.len() as u64;
        limits.check_room(size.saturating_mul(per), what)?;
        space.options = (trial.options.each())
            .map(|opts| opts.map(|o| space.split(o)).collect())
            .collect();
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

    /// `e` with one more heap of letter `j`.
    fn apply(&self, e: usize, j: usize) -> usize {
        match self.letters[j].1 {
            Action::Times(y) => self.times(e, y),
            Action::Count(i) => self.counted(e, i),
        }
    }

    /// The candidate element of the sum `heaps` (a heap with no move is
    /// the identity).
    fn element_of(&self, heaps: &[u64]) -> usize {
        heaps
            .iter()
            .fold(0, |e, &h| match self.heap_letter[h as usize] {
                Some(j) => self.apply(e, j as usize),
                None => e,
            })
    }

    /// `e` after taking an option `(y, more)` of a heap already removed.
    fn plus(&self, e: usize, (y, more): &(u32, Vec<usize>)) -> usize {
        more.iter()
            .fold(self.times(e, *y), |t, &m| self.counted(t, m))
    }

    /// The elements reached from the empty sum, in the order of their
    /// least sums, and which are P: by the misère rule on each element's
    /// least sum, whose options are smaller sums, so decided before it.
    fn portion(&self, limits: &Limits) -> Result<(Vec<usize>, Vec<bool>)> {
        let (order, parent) =
            lex::least_sums(self.size, 0, self.letters.len(), |e, j| self.apply(e, j));
        let mut p = vec![false; self.size];
        let (mut word, mut tails) = (Vec::new(), Vec::new());
        for (done, &e) in order.iter().enumerate() {
            if done % 4096 == 0 {
                limits.check("repairing the misère quotient")?;
            }
            // The least sum's letters, the last added first, and the
            // elements of its tails (`tails[m]`: the sum of `word[m..]`,
            // its ancestor m letters up), read off the same walk.
            word.clear();
            tails.clear();
            tails.push(e);
            while let Some((from, letter)) = parent[tails[tails.len() - 1]] {
                word.push(letter);
                tails.push(from);
            }
            let mut reaches_p = false;
            for (i, &j) in word.iter().enumerate() {
                if reaches_p || word[..i].contains(&j) {
                    continue;
                }
                // The least sum less one heap of letter j (the letters
                // before it added to the tail after it), then its options.
                let without = (word[..i].iter()).fold(tails[i + 1], |t, &l| self.apply(t, l));
                let heap = self.letters[j].0 as usize;
                reaches_p = self.options[heap].iter().any(|o| p[self.plus(without, o)]);
            }
            p[e] = !word.is_empty() && !reaches_p;
        }
        Ok((order, p))
    }

    /// The automaton of the elements reached from the empty sum (`reached`,
    /// the empty sum first), each accepted when in `p`.
    fn automaton(&self, reached: &[usize], p: &[bool], limits: &Limits) -> Result<Automaton> {
        let mut state = vec![u32::MAX; self.size];
        for (i, &e) in reached.iter().enumerate() {
            state[e] = i as u32;
        }
        let mut next = Vec::with_capacity(reached.len() * self.letters.len());
        for j in 0..self.letters.len() {
            limits.check("repairing the misère quotient")?;
            next.extend(reached.iter().map(|&e| state[self.apply(e, j)]));
        }
        Ok(Automaton {
            letters: self.letters.iter().map(|&(heap, _)| heap).collect(),
            next,
            accept: reached.iter().map(|&e| p[e]).collect(),
        })
    }
}
