//! The repair of a quotient that a new heap made wrong, by freeing heaps
//! (the idea of Siegel's MisereSolver).
//!
//! The heap-by-heap construction reads the options of a sum of smaller
//! heaps off its class in the quotient so far; when the new heap tells
//! apart sums that class merged, the check finds a sum predicted wrongly.
//! The repair counts the heaps of that sum (and the new heap) apart from
//! the rest: a candidate element is (x, j), where x is the class, in the
//! proven quotient of the smaller heaps, of the sum's other heaps and j
//! holds how many of each freed heap it has (up to `index + 2`, then
//! repeating with period 2, as the powers of every element of a misère
//! quotient computed so far do). Which candidates are P follows from the
//! misère rule, lightest first; the least automaton recognising them is
//! the next quotient, and the check decides. A failing sum frees its heaps
//! or, when they are free already, lengthens their counts.

use super::automaton::Automaton;
use super::build::{weight, Build};
use crate::error::{Error, Result};
use crate::game::Limits;

/// A freed heap and how far its count is kept before it repeats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Freed {
    /// The heap.
    pub heap: u64,
    /// Counts `index` and `index + 2` are taken to be the same.
    pub index: u32,
}

impl Freed {
    fn counts(&self) -> usize {
        self.index as usize + 2
    }
}

/// The automaton of the candidate that frees `freed` (which holds heap
/// `n`, the one being added, whose options are `options`) on top of
/// `base`, the proven quotient of the heaps below n; and the letter of
/// each heap 0..=n (`None` for heaps with no move).
pub fn automaton(
    base: &Build,
    options: &[Vec<u64>],
    freed: &[Freed],
    limits: &Limits,
) -> Result<(Automaton, Vec<Option<u32>>)> {
    let space = Space::new(base, freed, limits)?;
    let p = space.portion(base, options, limits)?;
    let (letters, heap_letter) = letters(base, freed);
    // States reached from the empty sum, in the order found.
    let mut state = vec![u32::MAX; space.size];
    let mut reached = vec![0usize];
    state[0] = 0;
    let mut next = Vec::new();
    let mut i = 0;
    while i < reached.len() {
        let e = reached[i];
        for letter in &letters {
            let t = space.add(e, letter.action);
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
        letters: letters.iter().map(|l| l.heap).collect(),
        next,
        accept: reached.iter().map(|&e| p[e]).collect(),
    };
    Ok((automaton, heap_letter))
}

/// What adding a letter does to a candidate element.
#[derive(Clone, Copy, Debug)]
enum Action {
    /// Multiplies the class of the other heaps by this element.
    Times(u32),
    /// Counts one more of the freed heap with this position in the list.
    Count(usize),
}

/// A letter: the smallest heap it stands for, and its action.
struct Letter {
    heap: u64,
    action: Action,
}

/// The letters: one for each element of a heap that is not freed, one for
/// each freed heap; and the letter of each heap.
fn letters(base: &Build, freed: &[Freed]) -> (Vec<Letter>, Vec<Option<u32>>) {
    let n = base.heaps.len();
    let mut letters: Vec<Letter> = Vec::new();
    let mut heap_letter = vec![None; n + 1];
    for (h, slot) in heap_letter.iter_mut().enumerate().skip(1) {
        let action = match freed.iter().position(|f| f.heap == h as u64) {
            Some(i) => Action::Count(i),
            None if base.heap_options[h].is_empty() => continue,
            None => Action::Times(base.heaps[h]),
        };
        let same = |l: &Letter| match (l.action, action) {
            (Action::Times(x), Action::Times(y)) => x == y,
            (Action::Count(i), Action::Count(j)) => i == j,
            _ => false,
        };
        let letter = match letters.iter().position(same) {
            Some(l) => l,
            None => {
                letters.push(Letter {
                    heap: h as u64,
                    action,
                });
                letters.len() - 1
            }
        };
        *slot = Some(letter as u32);
    }
    (letters, heap_letter)
}

/// The candidate elements (x, j), numbered x + q·(mixed-radix code of j).
struct Space<'a> {
    base: &'a Build,
    freed: &'a [Freed],
    /// The stride of each freed heap's count in an element's number.
    stride: Vec<usize>,
    size: usize,
}

impl<'a> Space<'a> {
    fn new(base: &'a Build, freed: &'a [Freed], limits: &Limits) -> Result<Self> {
        let q = base.monoid.order;
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
        Ok(Space {
            base,
            freed,
            stride,
            size: size as usize,
        })
    }

    fn class(&self, e: usize) -> u32 {
        (e % self.base.monoid.order) as u32
    }

    fn count(&self, e: usize, i: usize) -> u32 {
        ((e / self.stride[i]) % self.freed[i].counts()) as u32
    }

    /// `e` with one more of freed heap `i` (counts past the last repeat).
    fn counted(&self, e: usize, i: usize) -> usize {
        let c = self.count(e, i) as usize + 1;
        let wrapped = if c >= self.freed[i].counts() {
            c - 2
        } else {
            c
        };
        e - self.count(e, i) as usize * self.stride[i] + wrapped * self.stride[i]
    }

    fn add(&self, e: usize, action: Action) -> usize {
        match action {
            Action::Times(y) => {
                let x = self.class(e);
                e - x as usize + self.base.monoid.mul(x, y) as usize
            }
            Action::Count(i) => self.counted(e, i),
        }
    }

    /// The lightest sum's weight of each element: its options are lighter.
    fn weight(&self, e: usize) -> u64 {
        let counts: u64 = (0..self.freed.len())
            .map(|i| self.count(e, i) as u64 * weight(self.freed[i].heap))
            .sum();
        self.base.rep_size(self.class(e) as usize) + counts
    }

    /// Which elements are P, by the misère rule, lightest first.
    fn portion(&self, base: &Build, options: &[Vec<u64>], limits: &Limits) -> Result<Vec<bool>> {
        let rep_options = base.rep_options();
        // Each freed heap's options as actions: the other heaps' product,
        // then the freed heaps counted.
        let freed_options: Vec<Vec<(u32, Vec<usize>)>> = self
            .freed
            .iter()
            .map(|f| {
                let raw = match base.options.get(f.heap as usize) {
                    Some(raw) => raw.as_slice(),
                    None => options,
                };
                raw.iter().map(|o| self.split(o)).collect()
            })
            .collect();
        let mut order: Vec<u32> = (0..self.size as u32).collect();
        order.sort_by_cached_key(|&e| self.weight(e as usize));
        let mut p = vec![false; self.size];
        for (done, &e) in order.iter().enumerate() {
            if done % 4096 == 0 {
                limits.check("repairing the misère quotient")?;
            }
            let e = e as usize;
            let x = self.class(e);
            let counts = (0..self.freed.len()).map(|i| self.count(e, i));
            let has_move = !rep_options[x as usize].is_empty() || counts.clone().any(|c| c > 0);
            let reaches_p = rep_options[x as usize]
                .iter()
                .any(|&y| p[e - x as usize + y as usize])
                || counts.enumerate().filter(|&(_, c)| c > 0).any(|(i, _)| {
                    freed_options[i].iter().any(|(y, more)| {
                        let without = self.uncounted(e, i);
                        let mut t = self.add(without, Action::Times(*y));
                        for &m in more {
                            t = self.counted(t, m);
                        }
                        p[t]
                    })
                });
            p[e] = has_move && !reaches_p;
        }
        Ok(p)
    }

    /// `e` with one fewer of freed heap `i` (whose count is not 0).
    fn uncounted(&self, e: usize, i: usize) -> usize {
        e - self.stride[i]
    }

    /// An option (heaps left) as the product of its heaps that are not
    /// freed and the freed heaps it leaves.
    fn split(&self, option: &[u64]) -> (u32, Vec<usize>) {
        let q = &self.base.monoid;
        let mut x = 0;
        let mut more = Vec::new();
        for &h in option {
            match self.freed.iter().position(|f| f.heap == h) {
                Some(i) => more.push(i),
                None => x = q.mul(x, self.base.heaps[h as usize]),
            }
        }
        (x, more)
    }
}

/// Frees the heaps of `wrong`, a sum predicted wrongly, or lengthens the
/// counts of those already free; false when nothing changed.
pub fn widen(freed: &mut Vec<Freed>, wrong: &[u64]) -> bool {
    let mut changed = false;
    for &h in wrong {
        if !freed.iter().any(|f| f.heap == h) {
            freed.push(Freed { heap: h, index: 2 });
            changed = true;
        }
    }
    if changed {
        return true;
    }
    for f in freed.iter_mut() {
        let count = wrong.iter().filter(|&&h| h == f.heap).count() as u32;
        if count + 1 >= f.index + 2 {
            f.index += 1;
            changed = true;
        }
    }
    changed
}
