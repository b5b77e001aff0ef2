//! The check that makes a built quotient a proof: every sum of heaps is
//! P exactly when its element is in the P-portion.
//!
//! By induction on sums, it is enough that for every sum G, G's element
//! is in P exactly when G has a move and no option of G has its element in
//! P. An option of G replaces one heap h by one of h's options, so what
//! decides it is, for each kind of heap in G, the element of G less one
//! such heap. The check walks the states (element of G, and for each kind
//! of heap present the element of G less one of it), adding heaps one at
//! a time: finitely many states stand for all the infinitely many sums.

use rustc_hash::FxHashMap;

use super::build::Build;
use crate::error::{Error, Result};
use crate::game::Limits;

/// A sum of heaps the quotient gets wrong, or how far the check got.
#[derive(Debug)]
pub enum Verdict {
    /// Every sum of the heaps checked is predicted right.
    Proven {
        /// The states walked.
        states: usize,
    },
    /// The shortest sum predicted wrong.
    Fails(Vec<u64>),
}

/// A state: the element of a sum and, by kind of heap present, the
/// element of the sum less one heap of that kind.
type State = (u32, Vec<(u32, u32)>);

/// Checks `built` against every sum of heaps `1..built.heaps.len()`.
pub fn verify(built: &Build, limits: &Limits) -> Result<Verdict> {
    let q = &built.monoid;
    // Heaps with a move, by kind: (element, options' elements).
    let mut kinds: FxHashMap<(u32, &[u32]), u32> = FxHashMap::default();
    let mut kind_heap: Vec<(u64, u32)> = Vec::new();
    let mut wins: Vec<Vec<bool>> = Vec::new();
    for (h, opts) in built.heap_options.iter().enumerate().skip(1) {
        if opts.is_empty() {
            continue;
        }
        let key = (built.heaps[h], opts.as_slice());
        if let std::collections::hash_map::Entry::Vacant(slot) = kinds.entry(key) {
            slot.insert(kind_heap.len() as u32);
            kind_heap.push((h as u64, built.heaps[h]));
            // y wins by moving in this heap when some option reaches P.
            wins.push(
                (0..q.order as u32)
                    .map(|y| opts.iter().any(|&o| q.p[q.mul(y, o) as usize]))
                    .collect(),
            );
        }
    }
    let mut index: FxHashMap<State, usize> = FxHashMap::default();
    let mut states: Vec<(State, usize, u64)> = Vec::new();
    let start: State = (0, Vec::new());
    index.insert(start.clone(), 0);
    states.push((start, usize::MAX, 0));
    let mut next = 0;
    while next < states.len() {
        let ((x, ys), _, _) = &states[next];
        let has_move = !ys.is_empty();
        let wins_somewhere = ys.iter().any(|&(k, y)| wins[k as usize][y as usize]);
        if q.p[*x as usize] != (has_move && !wins_somewhere) {
            return Ok(Verdict::Fails(witness(&states, next)));
        }
        let (x, ys) = (*x, ys.clone());
        for (k, &(heap, e)) in kind_heap.iter().enumerate() {
            let mut moved: Vec<(u32, u32)> = ys.iter().map(|&(s, y)| (s, q.mul(y, e))).collect();
            if !ys.iter().any(|&(s, _)| s == k as u32) {
                moved.push((k as u32, x));
                moved.sort_unstable();
            }
            let state = (q.mul(x, e), moved);
            if !index.contains_key(&state) {
                if states.len() as u64 >= limits.max_states {
                    return Err(Error::limit(
                        "checking the misère quotient against every sum",
                        limits.max_states,
                    ));
                }
                index.insert(state.clone(), states.len());
                states.push((state, next, heap));
            }
        }
        if next % 4096 == 0 {
            limits.check("checking the misère quotient")?;
        }
        next += 1;
    }
    Ok(Verdict::Proven {
        states: states.len(),
    })
}

/// The sum of heaps that reached state `i` first (a shortest one).
fn witness(states: &[(State, usize, u64)], mut i: usize) -> Vec<u64> {
    let mut heaps = Vec::new();
    while i != 0 {
        heaps.push(states[i].2);
        i = states[i].1;
    }
    heaps.sort_unstable();
    heaps
}
