//! The quotient heap by heap (Plambeck and Siegel's construction).
//!
//! Given the quotient Q of the sums of heaps below n, heap n is added as a
//! new generator a: the candidate is `Q x <a>`, where the sums G + k·n are
//! P-positions for the classes x of G in a set S_k computed from S_(k-1)
//! by the misère rule (a sum is P when it has a move and none of its
//! options is P). Its options are the options of G plus k·n, and G plus
//! (k-1)·n plus an option of n; the former are read off the lightest sum
//! that stands for x. S_k is a function of S_(k-1), so the powers of a
//! repeat from the first S_k seen before. The candidate is then reduced
//! (elements no sum tells apart are merged). The construction assumes
//! that the outcome of G + k·n depends on G only through its class; each
//! heap's quotient is checked against every sum ([`super::verify`]) and
//! repaired where the assumption fails ([`super::free`]), so what is
//! reported is proven, not assumed.

use super::automaton::Candidate;
use super::lex::weight;
use super::monoid::{reduce_product, Bipartite, Reduction};
use crate::error::{Error, Result};
use crate::game::Limits;
use crate::heap::options::HeapOptions;

/// The quotient of the sums of heaps `0..heaps.len()`, as built so far.
#[derive(Clone, Debug)]
pub struct Build {
    /// The quotient itself.
    pub monoid: Bipartite,
    /// The element each heap stands for (heaps with no move: the identity).
    pub heaps: Vec<u32>,
    /// For each heap, the distinct elements of its options.
    pub heap_options: Vec<Vec<u32>>,
    /// A lightest sum of heaps (ascending, by `weight`) for each element.
    pub reps: Vec<Vec<u64>>,
    /// The heaps whose elements generate the quotient: each heap whose
    /// element is not a product of the elements of smaller heaps.
    pub generators: Vec<u64>,
    /// The last heap at which the quotient changed (grew or was repaired).
    pub last_change: u64,
    /// The options of each heap, as the heaps each leaves.
    pub(super) options: HeapOptions,
}

/// S_k: which elements x make G + k·n a P-position (G of class x).
type Portion = Vec<bool>;

/// Longest run of powers of a new heap looked at before giving up: the
/// powers of a heap in a misère quotient repeat after a few (x^4 = x^2
/// holds in every quotient computed in the literature).
const MAX_POWERS: usize = 64;

impl Build {
    /// The quotient of the empty set of heaps: {1}, heap 0 the identity.
    pub fn new() -> Self {
        Build {
            monoid: Bipartite::trivial(),
            heaps: vec![0],
            heap_options: vec![Vec::new()],
            reps: vec![Vec::new()],
            generators: Vec::new(),
            last_change: 0,
            options: {
                let mut none = HeapOptions::default();
                none.push(&[], &Limits::default())
                    .expect("one heap without options fits any budget");
                none
            },
        }
    }

    /// The element of the sum of `heaps`.
    pub fn element_of(&self, heaps: &[u64]) -> u32 {
        self.monoid
            .product(heaps.iter().map(|&h| self.heaps[h as usize]))
    }

    /// The distinct elements of the sums `options`, in order: a heap's
    /// entry of [`Build::heap_options`].
    fn elements_of<'o>(&self, options: impl Iterator<Item = &'o [u64]>) -> Vec<u32> {
        let mut t: Vec<u32> = options.map(|o| self.element_of(o)).collect();
        t.sort_unstable();
        t.dedup();
        t
    }

    /// Adds heap `n = self.heaps.len()`, whose options are `options`
    /// (each the heaps it leaves, all below `n`). Returns whether the
    /// quotient grew.
    pub fn add_heap(&mut self, options: &[Vec<u64>], limits: &Limits) -> Result<bool> {
        let n = self.heaps.len() as u64;
        self.options.push(options, limits)?;
        let t = self.elements_of(options.iter().map(Vec::as_slice));
        if t.is_empty() {
            self.heaps.push(0);
            self.heap_options.push(t);
            return Ok(false);
        }
        let (portions, (j, k)) = self.powers(&t, n)?;
        let q = self.monoid.order;
        let m = q * k;
        // a^k = a^j: exponents at or past k wrap into j..k. The candidate
        // Q x <a> is reduced from its product rule, never tabled.
        let pow = |i: usize| if i < k { i } else { j + (i - j) % (k - j) };
        let product = |a: u32, b: u32| {
            let (a, b) = (a as usize, b as usize);
            (pow(a / q + b / q) * q) as u32 + self.monoid.mul((a % q) as u32, (b % q) as u32)
        };
        let p: Vec<bool> = (0..m).map(|a| portions[a / q][a % q]).collect();
        let sizes: Vec<u64> = (0..m)
            .map(|a| self.rep_size(a % q) + (a / q) as u64 * weight(n))
            .collect();
        let reduction = reduce_product(m, product, &p, &sizes, limits)?;
        // The element of heap n alone: a, or 1 when a = a^0 already.
        let a = pow(1) * q;
        self.adopt(reduction, (q, a), &t, n);
        limits.check("computing the misère quotient")?;
        Ok(self.monoid.order > q)
    }

    /// Adds heap `n = self.heaps.len()`, whose options are `options`, as
    /// the element `x` the quotient has already: the quotient does not
    /// change (the caller knows heap `n` plays as `x`'s sums do). Fails
    /// before anything is added when the options do not fit the memory
    /// budget.
    pub fn add_heap_as(&mut self, options: &[Vec<u64>], x: u32, limits: &Limits) -> Result<()> {
        let t = self.elements_of(options.iter().map(Vec::as_slice));
        self.options.push(options, limits)?;
        self.heaps.push(x);
        self.heap_options.push(t);
        Ok(())
    }

    /// A copy of the quotient without the heaps' options (the one part
    /// that grows with every heap, as the square of the heaps in Nim), to
    /// go back to when the next heap fails: [`Build::restored`] takes the
    /// options back.
    pub fn without_options(&self) -> Build {
        Build {
            monoid: self.monoid.clone(),
            heaps: self.heaps.clone(),
            heap_options: self.heap_options.clone(),
            reps: self.reps.clone(),
            generators: self.generators.clone(),
            last_change: self.last_change,
            options: HeapOptions::default(),
        }
    }

    /// About the bytes of [`Build::without_options`]: the multiplication
    /// table and the heaps' elements, which are nearly all of it.
    pub fn copy_bytes(&self) -> u64 {
        let table = self.monoid.mul.len() * size_of::<u32>() + self.monoid.p.len();
        let heaps = self.heaps.len() * size_of::<u32>();
        let options: usize = self
            .heap_options
            .iter()
            .map(|t| t.len() * size_of::<u32>() + size_of::<Vec<u32>>())
            .sum();
        (table + heaps + options) as u64
    }

    /// This copy ([`Build::without_options`]) with its heaps' options
    /// taken from `later`, a quotient built from it: each heap's options
    /// are the same in both.
    pub fn restored(mut self, later: Build) -> Build {
        self.options = later.options;
        self.options.truncate(self.heaps.len());
        self
    }

    pub(super) fn rep_size(&self, x: usize) -> u64 {
        self.reps[x].iter().map(|&h| weight(h)).sum()
    }

    /// S_0, S_1, ... until one repeats: returns them and (j, k) with
    /// S_k = S_j, so that the powers of the new heap are a^0..a^(k-1)
    /// with a^k = a^j.
    fn powers(&self, t: &[u32], n: u64) -> Result<(Vec<Portion>, (usize, usize))> {
        let q = &self.monoid;
        let options = self.rep_options();
        let mut order: Vec<usize> = (0..q.order).collect();
        order.sort_by_key(|&x| self.rep_size(x));
        let mut seen: Vec<Portion> = vec![q.p.clone()];
        while seen.len() <= MAX_POWERS {
            let last = seen.last().expect("S_0 is there");
            let mut next = vec![false; q.order];
            for &x in &order {
                // No move of the new heaps reaches P, and none of G's.
                let heap_moves_lose = t.iter().all(|&o| !last[q.mul(x as u32, o) as usize]);
                next[x] = heap_moves_lose && options[x].iter().all(|&y| !next[y as usize]);
            }
            if let Some(j) = seen.iter().position(|s| *s == next) {
                let k = seen.len();
                return Ok((seen, (j, k)));
            }
            seen.push(next);
        }
        Err(Error::unsupported(format!(
            "the sums of copies of heap {n} do not settle within {MAX_POWERS} copies"
        )))
    }

    /// The elements of the options of each element's shortest sum.
    pub(super) fn rep_options(&self) -> Vec<Vec<u32>> {
        let q = &self.monoid;
        self.reps
            .iter()
            .map(|rep| {
                let mut out = Vec::new();
                for (i, &h) in rep.iter().enumerate() {
                    if i > 0 && rep[i - 1] == h {
                        continue;
                    }
                    let rest = rep[..i].iter().chain(&rep[i + 1..]);
                    let w = q.product(rest.map(|&r| self.heaps[r as usize]));
                    out.extend(self.heap_options[h as usize].iter().map(|&o| q.mul(w, o)));
                }
                out.sort_unstable();
                out.dedup();
                out
            })
            .collect()
    }

    /// Takes the reduced candidate as the new quotient: old elements and
    /// heaps renamed by their classes, heap n the class of a.
    fn adopt(&mut self, reduction: Reduction, (q, a): (usize, usize), t: &[u32], n: u64) {
        let Reduction {
            monoid: reduced,
            class_of: class,
            firsts,
        } = reduction;
        // Each class's shortest sum is that of the candidate naming it.
        let reps = firsts
            .iter()
            .map(|&e| {
                let (power, x) = (e as usize / q, e as usize % q);
                let mut rep = self.reps[x].clone();
                rep.extend(std::iter::repeat_n(n, power));
                rep
            })
            .collect();
        let rename = |x: u32| class[x as usize];
        for h in self.heaps.iter_mut() {
            *h = rename(*h);
        }
        for opts in self.heap_options.iter_mut() {
            rename_all(opts, rename);
        }
        let mut t = t.to_vec();
        rename_all(&mut t, rename);
        if reduced.order > q {
            self.generators.push(n);
            self.last_change = n;
        }
        self.heaps.push(class[a]);
        self.heap_options.push(t);
        self.reps = reps;
        self.monoid = reduced;
    }
}

impl Build {
    /// The candidate `trial` (of heaps 0..=n) repaired: `candidate` is
    /// the monoid of the repair's automaton, whose letters weigh
    /// `letter_heaps`; `heap_letter` is the letter of each heap 0..=n.
    pub fn repaired(
        trial: &Build,
        heap_letter: &[Option<u32>],
        letter_heaps: &[u64],
        candidate: Candidate,
    ) -> Build {
        let n = trial.heaps.len() as u64 - 1;
        let Candidate {
            monoid,
            letter_element,
            words,
        } = candidate;
        let all_options = trial.options.clone();
        let mut built = Build {
            monoid,
            heaps: heap_letter
                .iter()
                .map(|l| l.map_or(0, |j| letter_element[j as usize]))
                .collect(),
            heap_options: Vec::new(),
            reps: words
                .iter()
                .map(|w| {
                    let mut rep: Vec<u64> = w.iter().map(|&j| letter_heaps[j as usize]).collect();
                    rep.sort_unstable();
                    rep
                })
                .collect(),
            generators: Vec::new(),
            last_change: n,
            options: all_options,
        };
        built.heap_options = built
            .options
            .each()
            .map(|opts| built.elements_of(opts))
            .collect();
        built.generators = built.generating_heaps();
        built
    }

    /// Each heap whose element is not a product of smaller heaps'.
    fn generating_heaps(&self) -> Vec<u64> {
        let q = &self.monoid;
        let mut reached = vec![false; q.order];
        reached[0] = true;
        let mut members = vec![0u32];
        let mut generators = Vec::new();
        for (h, &e) in self.heaps.iter().enumerate() {
            if reached[e as usize] {
                continue;
            }
            generators.push(h as u64);
            // Close the submonoid under the new generator.
            let mut i = 0;
            while i < members.len() {
                let y = q.mul(members[i], e);
                if !std::mem::replace(&mut reached[y as usize], true) {
                    members.push(y);
                }
                i += 1;
            }
        }
        generators
    }
}

impl Default for Build {
    fn default() -> Self {
        Self::new()
    }
}

fn rename_all(set: &mut Vec<u32>, rename: impl Fn(u32) -> u32) {
    for x in set.iter_mut() {
        *x = rename(*x);
    }
    set.sort_unstable();
    set.dedup();
}
