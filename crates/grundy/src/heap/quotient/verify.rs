//! The check that proves a candidate quotient for every sum of its heaps
//! (Plambeck and Siegel's verification, the heart of MisereSolver).
//!
//! A candidate (a bipartite monoid Q and the element of each heap) is the
//! quotient exactly when, for every sum G, G's element is in P if and only
//! if G has a move and no option of G has its element in P. Two halves:
//!
//! - *No P-position has a P option.* An option of G = H + h is H + h',
//!   so it is enough that for every element x of Q and every heap h, if
//!   x·h is in P then no option h' of h has x·h' in P. That is a loop over
//!   Q times the heaps.
//! - *Every other position with a move has a P option.* What decides it
//!   for G is its element x and its transition set T (the elements of
//!   its options). Adding a heap h maps (x, T) to (x·h, T·h ∪ x·T(h)),
//!   which is monotone in T; so a sum whose T contains the T of a sum
//!   already seen with the same element needs no look of its own, nor do
//!   its extensions. The sums are enumerated depth first in
//!   lexicographic order of their heap counts (largest kind of heap most
//!   significant) and a sum is pruned when an earlier one with the same
//!   element has a smaller T. Pruning is sound: if a pruned sum G' + H
//!   failed, so would the earlier G + H, which comes first in that order
//!   (it is a well-order, and adding H keeps order), so the first failure
//!   is never pruned. Each element keeps only its least sets (an
//!   antichain), and the walk ends because the powers of every element
//!   repeat.

use super::build::Build;
use super::lex;
use crate::error::{Error, Result};
use crate::game::Limits;

/// What the check found.
#[derive(Debug)]
pub enum Verdict {
    /// Every sum agrees with the candidate: it is the quotient.
    Proven {
        /// The sums the second half kept (the antichains' sizes).
        states: usize,
    },
    /// A sum whose outcome the candidate states wrongly (a P-position
    /// with a P option, or an N-position without one).
    Fails(Vec<u64>),
}

/// A kind of heap: heaps with one element and the same option elements,
/// which no check can tell apart.
struct Kind {
    /// Its smallest heap.
    heap: u64,
    /// Its element.
    element: u32,
    /// The elements of its options.
    options: Vec<u32>,
}

/// Checks `built` against every sum of its heaps; a failure is the least
/// sum (in the order of [`lex`]) the candidate gets wrong, so that the
/// repairs meet failures in increasing order.
pub fn check(built: &Build, limits: &Limits) -> Result<Verdict> {
    let q = &built.monoid;
    if q.p[0] {
        // The empty sum: whoever cannot move wins, so it is not P.
        return Ok(Verdict::Fails(Vec::new()));
    }
    let kinds = kinds(built);
    let p_wrong = p_failure(built, &kinds);
    let n_wrong = match Antichains::new(built, &kinds, limits)?.walk()? {
        Verdict::Fails(sum) => Some(sum),
        Verdict::Proven { states } if p_wrong.is_none() => return Ok(Verdict::Proven { states }),
        Verdict::Proven { .. } => None,
    };
    let least = [p_wrong, n_wrong]
        .into_iter()
        .flatten()
        .min_by_key(|sum| sum.iter().rev().copied().collect::<Vec<u64>>());
    Ok(Verdict::Fails(least.unwrap_or_default()))
}

/// The kinds of the heaps that have a move, smallest heap first.
fn kinds(built: &Build) -> Vec<Kind> {
    let mut kinds: Vec<Kind> = Vec::new();
    for (h, opts) in built.heap_options.iter().enumerate().skip(1) {
        let e = built.heaps[h];
        if opts.is_empty() || kinds.iter().any(|k| k.element == e && k.options == *opts) {
            continue;
        }
        kinds.push(Kind {
            heap: h as u64,
            element: e,
            options: opts.clone(),
        });
    }
    kinds
}

/// The least sum H + h whose element is in P although it has an option
/// H + h' whose element is in P: for each element x, H is x's least sum.
fn p_failure(built: &Build, kinds: &[Kind]) -> Option<Vec<u64>> {
    let q = &built.monoid;
    let (reached, parent) = lex::least_sums(q.order, 0, kinds.len(), |x, j| {
        q.mul(x as u32, kinds[j].element) as usize
    });
    let mut least: Option<Vec<u64>> = None;
    for x in reached {
        for k in kinds {
            let wrong = q.p[q.mul(x as u32, k.element) as usize]
                && k.options.iter().any(|&o| q.p[q.mul(x as u32, o) as usize]);
            if !wrong {
                continue;
            }
            let mut sum: Vec<u64> = lex::word(&parent, x)
                .iter()
                .map(|&j| kinds[j].heap)
                .collect();
            sum.push(k.heap);
            sum.sort_unstable_by(|a, b| b.cmp(a));
            if least.as_ref().is_none_or(|l| sum < *l) {
                least = Some(sum);
            }
        }
    }
    least.map(|mut sum| {
        sum.reverse();
        sum
    })
}

/// The second half's walk: for each element, the least transition sets
/// seen, as bitsets of `words` words each.
struct Antichains<'a> {
    built: &'a Build,
    kinds: &'a [Kind],
    words: usize,
    /// The P-portion as a bitset.
    p_mask: Vec<u64>,
    /// `sets[x]`: the antichain of element x, flattened.
    sets: Vec<Vec<u64>>,
    /// How many sets the antichains hold.
    kept: usize,
    limits: &'a Limits,
}

/// One level of the walk: the element and transition set of the sum
/// with the counts of the kinds from this one up, and this kind's count.
#[derive(Clone)]
struct Frame {
    element: u32,
    set: Vec<u64>,
    count: u32,
}

impl<'a> Antichains<'a> {
    fn new(built: &'a Build, kinds: &'a [Kind], limits: &'a Limits) -> Result<Self> {
        let order = built.monoid.order;
        let words = order.div_ceil(64);
        let mut p_mask = vec![0u64; words];
        for x in (0..order).filter(|&x| built.monoid.p[x]) {
            p_mask[x / 64] |= 1 << (x % 64);
        }
        let what = "checking the misère quotient against every sum";
        limits.check_states(order as u64, what)?;
        Ok(Antichains {
            built,
            kinds,
            words,
            p_mask,
            sets: vec![Vec::new(); order],
            kept: 0,
            limits,
        })
    }

    /// Enumerates the sums depth first (the largest kind outermost),
    /// stopping at the first N-position without a P option.
    fn walk(mut self) -> Result<Verdict> {
        let levels = self.kinds.len();
        if levels == 0 {
            return Ok(Verdict::Proven { states: 0 });
        }
        let root = Frame {
            element: 0,
            set: vec![0; self.words],
            count: 0,
        };
        let mut frames = vec![root; levels];
        let mut d = levels - 1;
        let mut scratch = vec![0u64; self.words];
        loop {
            // Every count below level d starts again from 0.
            while d > 0 {
                let (low, high) = frames.split_at_mut(d);
                low[d - 1].element = high[0].element;
                low[d - 1].set.copy_from_slice(&high[0].set);
                low[d - 1].count = 0;
                d -= 1;
            }
            // One more heap of kind d, or back up while that is pruned.
            loop {
                match self.advance(&mut frames[d], d, &mut scratch)? {
                    Step::Kept => break,
                    Step::Fails => return Ok(Verdict::Fails(self.witness(&frames[d..], d))),
                    Step::Pruned if d + 1 == levels => {
                        return Ok(Verdict::Proven { states: self.kept })
                    }
                    Step::Pruned => d += 1,
                }
            }
        }
    }

    /// Adds one heap of kind `d` to `frame`'s sum.
    fn advance(&mut self, frame: &mut Frame, d: usize, scratch: &mut [u64]) -> Result<Step> {
        let q = &self.built.monoid;
        let kind = &self.kinds[d];
        scratch.fill(0);
        let set_bit = |s: &mut [u64], y: u32| s[y as usize / 64] |= 1 << (y % 64);
        for (w, &bits) in frame.set.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let t = (w * 64) as u32 + bits.trailing_zeros();
                set_bit(scratch, q.mul(t, kind.element));
                bits &= bits - 1;
            }
        }
        for &o in &kind.options {
            set_bit(scratch, q.mul(frame.element, o));
        }
        let x = q.mul(frame.element, kind.element);
        frame.element = x;
        frame.set.copy_from_slice(scratch);
        frame.count += 1;
        if !self.insert(x, scratch)? {
            return Ok(Step::Pruned);
        }
        let reaches_p = scratch.iter().zip(&self.p_mask).any(|(s, p)| s & p != 0);
        match q.p[x as usize] || reaches_p {
            true => Ok(Step::Kept),
            false => Ok(Step::Fails),
        }
    }

    /// Adds `set` to element x's antichain, dropping the sets it is
    /// below; false when a set already there is below it.
    fn insert(&mut self, x: u32, set: &[u64]) -> Result<bool> {
        let words = self.words;
        let list = &mut self.sets[x as usize];
        let below = |a: &[u64], b: &[u64]| a.iter().zip(b).all(|(a, b)| a & !b == 0);
        if list.chunks_exact(words).any(|s| below(s, set)) {
            return Ok(false);
        }
        let before = list.len() / words;
        let mut i = 0;
        while i < list.len() {
            if below(set, &list[i..i + words]) {
                let end = list.len() - words;
                list.copy_within(end.., i);
                list.truncate(end);
            } else {
                i += words;
            }
        }
        list.extend_from_slice(set);
        self.kept = self.kept + list.len() / words - before;
        let what = "checking the misère quotient against every sum";
        if self.kept as u64 > self.limits.max_states {
            return Err(Error::limit(what, self.limits.max_states));
        }
        if self.kept.is_multiple_of(1024) {
            self.limits.check(what)?;
            let bytes = (self.kept * words * 8) as u64;
            if bytes > self.limits.max_memory {
                return Err(Error::memory(what, self.limits.max_memory));
            }
        }
        Ok(true)
    }

    /// The sum the frames from level `d` up stand for.
    fn witness(&self, frames: &[Frame], d: usize) -> Vec<u64> {
        let mut sum: Vec<u64> = frames
            .iter()
            .enumerate()
            .flat_map(|(i, f)| std::iter::repeat_n(self.kinds[d + i].heap, f.count as usize))
            .collect();
        sum.sort_unstable();
        sum
    }
}

/// What adding a heap did.
enum Step {
    /// A new sum, which agrees with the candidate.
    Kept,
    /// A sum whose transition set is above one seen.
    Pruned,
    /// A sum the candidate gets wrong.
    Fails,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::quotient::MisereQuotient;
    use crate::{parse, SpecOptions};

    /// Kayles' quotient to heap 12 passes; moving any one element in or
    /// out of its P-portion makes the check name a sum it gets wrong (the
    /// P-portion is forced by the heaps' elements).
    #[test]
    fn the_check_passes_the_quotient_and_fails_every_changed_p_portion() {
        let g = parse("kayles", SpecOptions::default()).unwrap();
        let limits = Limits::default();
        let q = MisereQuotient::compute(g.heap().unwrap(), 12, &limits).unwrap();
        let built = &q.built;
        assert!(matches!(check(built, &limits), Ok(Verdict::Proven { .. })));
        for x in 0..built.monoid.order {
            let mut wrong = built.clone();
            wrong.monoid.p[x] = !wrong.monoid.p[x];
            match check(&wrong, &limits).unwrap() {
                Verdict::Fails(sum) => assert!(sum.iter().all(|&h| h <= 12), "{sum:?}"),
                Verdict::Proven { .. } => panic!("element {x} flipped passes"),
            }
        }
    }
}
