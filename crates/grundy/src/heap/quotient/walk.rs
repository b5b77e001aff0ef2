//! The walk that checks a quotient against every sum of heaps, and whose
//! states are the material a wrong quotient is repaired from.
//!
//! By induction on sums, a quotient is right when for every sum G, G's
//! element is in P exactly when G has a move and no option of G has its
//! element in P. An option of G replaces one heap h by one of h's
//! options, so what decides it is, for each kind of heap in G, the element
//! of G less one such heap; and of that element only whether it wins by a
//! move in a heap of that kind, now or after more heaps are added. So a
//! state is the element of G and, for each kind of heap present, the class
//! of G less one of it under that kind's congruence. Adding heaps one at a
//! time walks finitely many states that stand for all the infinitely many
//! sums; each state's outcome is *predicted* from its parts, and the
//! quotient is proven when every prediction agrees with the P-portion.

use rustc_hash::FxHashMap;

use super::build::Build;
use super::monoid::Bipartite;
use crate::error::{Error, Result};
use crate::game::Limits;

/// A kind of heap: heaps with the same element whose moves win from the
/// same elements, which no state can tell apart.
#[derive(Clone, Debug)]
pub struct Kind {
    /// The smallest heap of the kind.
    pub heap: u64,
    /// Its element.
    pub element: u32,
    /// `class[y]`: the class of y under the kind's congruence (y and z
    /// are in one class when no product tells apart whether y·w and z·w
    /// win by a move in this kind).
    class: Vec<u32>,
    /// `times[c * kinds + j]`: the class of (an element of class c) times
    /// the element of kind j.
    times: Vec<u32>,
    /// Whether an element of each class wins by a move in this kind.
    wins: Vec<bool>,
}

/// A state: the element of a sum and, by kind present, the class of the
/// sum less one heap of that kind.
type State = (u32, Box<[(u32, u32)]>);

/// What the walk found.
#[derive(Debug)]
pub enum Verdict {
    /// Every prediction agrees: the quotient is proven.
    Proven {
        /// The states walked.
        states: usize,
    },
    /// A shortest sum whose prediction disagrees with the quotient.
    Fails(Vec<u64>),
}

/// Walks the states of the sums of the heaps of `built`, fewest heaps
/// first, until one's predicted outcome disagrees with the P-portion.
pub fn check(built: &Build, limits: &Limits) -> Result<Verdict> {
    let q = &built.monoid;
    let kinds = kinds(built, limits)?;
    let k = kinds.len();
    let mut index: FxHashMap<State, u32> = FxHashMap::default();
    let mut states: Vec<State> = Vec::new();
    let mut parent: Vec<(u32, u32)> = vec![(0, 0)];
    let start: State = (0, Box::new([]));
    index.insert(start.clone(), 0);
    states.push(start);
    let mut s = 0;
    let mut moved: Vec<(u32, u32)> = Vec::new();
    while s < states.len() {
        // The index keeps its own copy of the state; this one is done with.
        let (x, ys) = std::mem::take(&mut states[s]);
        let wins = ys.iter().any(|&(j, c)| kinds[j as usize].wins[c as usize]);
        if q.p[x as usize] != (!ys.is_empty() && !wins) {
            return Ok(Verdict::Fails(witness(&kinds, &parent, s)));
        }
        for (j, kind) in kinds.iter().enumerate() {
            moved.clear();
            moved.extend(
                ys.iter()
                    .map(|&(i, c)| (i, kinds[i as usize].times[c as usize * k + j])),
            );
            if !ys.iter().any(|&(i, _)| i == j as u32) {
                moved.push((j as u32, kind.class[x as usize]));
                moved.sort_unstable();
            }
            let state: State = (q.mul(x, kind.element), moved.as_slice().into());
            if index.contains_key(&state) {
                continue;
            }
            if states.len() as u64 >= limits.max_states {
                return Err(Error::limit(
                    "checking the misère quotient against every sum",
                    limits.max_states,
                ));
            }
            index.insert(state.clone(), states.len() as u32);
            states.push(state);
            parent.push((s as u32, j as u32));
        }
        if s % 4096 == 0 {
            limits.check("checking the misère quotient")?;
        }
        s += 1;
    }
    Ok(Verdict::Proven {
        states: states.len(),
    })
}

/// A shortest sum of heaps that reaches state `s`.
fn witness(kinds: &[Kind], parent: &[(u32, u32)], mut s: usize) -> Vec<u64> {
    let mut heaps = Vec::new();
    while s != 0 {
        let (from, kind) = parent[s];
        heaps.push(kinds[kind as usize].heap);
        s = from as usize;
    }
    heaps.sort_unstable();
    heaps
}

/// The kinds of the heaps of `built` that have a move. Heaps whose
/// elements are equal and whose moves win from the same elements are one
/// kind, however their options differ: of a sum holding both, the sum
/// less one or the other has the same element, so no state tells them
/// apart.
fn kinds(built: &Build, limits: &Limits) -> Result<Vec<Kind>> {
    let q = &built.monoid;
    let mut by_key: FxHashMap<(u32, Vec<bool>), u32> = FxHashMap::default();
    let mut kinds: Vec<Kind> = Vec::new();
    for (h, opts) in built.heap_options.iter().enumerate().skip(1) {
        if opts.is_empty() {
            continue;
        }
        let wins: Vec<bool> = (0..q.order as u32)
            .map(|y| opts.iter().any(|&o| q.p[q.mul(y, o) as usize]))
            .collect();
        let next = kinds.len() as u32;
        let kind = *by_key.entry((built.heaps[h], wins.clone())).or_insert(next);
        if kind == next {
            kinds.push(Kind {
                heap: h as u64,
                element: built.heaps[h],
                class: Vec::new(),
                times: Vec::new(),
                wins,
            });
        }
    }
    let elements: Vec<u32> = kinds.iter().map(|k| k.element).collect();
    for kind in kinds.iter_mut() {
        classify(q, kind, &elements, limits)?;
    }
    Ok(kinds)
}

/// The kind's congruence: the coarsest under which winning by a move in
/// the kind (some option's element times y in P; `kind.wins` by element
/// on the way in, by class on the way out) is a property of classes.
fn classify(q: &Bipartite, kind: &mut Kind, elements: &[u32], limits: &Limits) -> Result<()> {
    let keys = vec![0u64; q.order];
    let reduction = q.reduce_by(&kind.wins, &keys, limits)?;
    let classes = reduction.firsts.len();
    kind.times = (0..classes)
        .flat_map(|c| {
            let y = reduction.firsts[c];
            let class = &reduction.class_of;
            elements.iter().map(move |&e| class[q.mul(y, e) as usize])
        })
        .collect();
    kind.wins = reduction.monoid.p;
    kind.class = reduction.class_of;
    Ok(())
}
