//! Commutative automata and the monoids they stand for.
//!
//! A set of sums of heaps closed under reordering is recognised by an
//! automaton whose letters are heaps; the least such automaton (Moore's
//! partition refinement) is a commutative monoid, the set's quotient. Both
//! the repair of a quotient ([`super::free`]) and nothing else build
//! automata; this file turns one into a [`Bipartite`] monoid.

use rustc_hash::FxHashMap;

use super::lex::weight;
use super::monoid::Bipartite;
use crate::error::Result;
use crate::game::Limits;

/// A deterministic automaton over letters that commute: state 0 is the
/// empty sum, and adding letters in any order reaches the same state.
pub struct Automaton {
    /// The weight of each letter: the smallest heap it stands for.
    pub letters: Vec<u64>,
    /// `next[j * states + s]`: the state after adding letter j to state
    /// s, letter by letter, so that a pass of [`minimize`] over the states
    /// reads them in order.
    pub next: Vec<u32>,
    /// Whether each state's sums are P-positions.
    pub accept: Vec<bool>,
}

/// The least automaton recognising what `auto` accepts: the class of each
/// state, and how many classes. Moore's refinement one letter at a time:
/// states stay together while their classes and the classes they go to
/// by the letter agree, until a round over every letter splits nothing.
/// (Splitting by one letter never parts two states that accept the same
/// sums, so the end is the least automaton; pairs of classes, not whole
/// rows of them, keep the memory to a few words a state.)
pub fn minimize(auto: &Automaton, limits: &Limits) -> Result<(Vec<u32>, usize)> {
    let k = auto.letters.len();
    let mut ids: FxHashMap<(u32, u32), u32> = FxHashMap::default();
    // Classes are numbered from 0 in the order first met, rounds or none.
    let mut class: Vec<u32> = (auto.accept.iter())
        .map(|&p| {
            let fresh = ids.len() as u32;
            *ids.entry((p as u32, 0)).or_insert(fresh)
        })
        .collect();
    let mut count = ids.len();
    let mut next_class = vec![0u32; class.len()];
    let states = class.len();
    // Letters passed since the classes last changed: once every letter
    // has split nothing, in a row, nothing ever will (often mid-round).
    let mut quiet = 0;
    let mut first = Vec::new();
    for j in (0..k).cycle() {
        if quiet == k {
            break;
        }
        limits.check("repairing the misère quotient")?;
        let to = &auto.next[j * states..(j + 1) * states];
        // Most passes split nothing (a whole round of them ends the
        // refinement): that is seen without numbering any pair.
        if !splits(&class, to, &mut first) {
            quiet += 1;
            continue;
        }
        ids.clear();
        for (s, &t) in to.iter().enumerate() {
            let pair = (class[s], class[t as usize]);
            let fresh = ids.len() as u32;
            next_class[s] = *ids.entry(pair).or_insert(fresh);
            if s % 4096 == 0 {
                limits.check("repairing the misère quotient")?;
            }
        }
        std::mem::swap(&mut class, &mut next_class);
        quiet = if ids.len() == count { quiet + 1 } else { 0 };
        count = ids.len();
    }
    Ok((class, count))
}

/// Whether some class of `class` has states going (by the letter whose
/// moves are `to`) to different classes; `first` is scratch.
fn splits(class: &[u32], to: &[u32], first: &mut Vec<u32>) -> bool {
    first.clear();
    first.resize(class.len(), u32::MAX);
    class.iter().zip(to).any(|(&c, &t)| {
        let goes = class[t as usize];
        let seen = &mut first[c as usize];
        if *seen == u32::MAX {
            *seen = goes;
        }
        *seen != goes
    })
}

/// The monoid a minimized automaton stands for: the element of each
/// letter, and a lightest sum of letters for each element.
pub struct Candidate {
    /// The monoid, elements numbered lightest sum first (the identity 0).
    pub monoid: Bipartite,
    /// The element of each letter.
    pub letter_element: Vec<u32>,
    /// A lightest sum (least total of heaps) for each element, as letters.
    pub words: Vec<Vec<u32>>,
}

/// Turns the classes of [`minimize`] into a monoid: the product of x and
/// y is x followed by y's lightest sum, which does not depend on the sum
/// chosen because the recognised set is closed under reordering.
pub fn candidate(auto: &Automaton, (class, count): (Vec<u32>, usize)) -> Candidate {
    let (k, states) = (auto.letters.len(), class.len());
    let mut some_state = vec![0usize; count];
    for (s, &c) in class.iter().enumerate().rev() {
        some_state[c as usize] = s;
    }
    // The classes' moves, a row of letters each: the product table below
    // reads them count² times.
    let moves: Vec<u32> = (some_state.iter())
        .flat_map(|&s| {
            let class = &class;
            (0..k).map(move |j| class[auto.next[j * states + s] as usize])
        })
        .collect();
    let step = |c: u32, j: usize| moves[c as usize * k + j];
    let (order, parent) = lightest(auto, count, class[0], &step);
    let mut id = vec![0u32; count];
    for (i, &c) in order.iter().enumerate() {
        id[c as usize] = i as u32;
    }
    // The same moves and each element's last letter in the new numbers.
    let moves_by_id: Vec<u32> = (order.iter())
        .flat_map(|&c| (0..k).map(move |j| step(c, j)))
        .map(|t| id[t as usize])
        .collect();
    let last: Vec<(usize, usize)> = (order.iter())
        .map(|&c| {
            let (from, j) = parent[c as usize];
            (id[from as usize] as usize, j as usize)
        })
        .collect();
    let mut words: Vec<Vec<u32>> = vec![Vec::new(); count];
    for (b, &(from, j)) in last.iter().enumerate().skip(1) {
        let mut w = words[from].clone();
        w.push(j as u32);
        words[b] = w;
    }
    let mut mul = vec![0u32; count * count];
    for a in 0..count {
        mul[a * count] = a as u32;
        for b in 1..count {
            let (from, j) = last[b];
            let left = mul[a * count + from] as usize;
            mul[a * count + b] = moves_by_id[left * k + j];
        }
    }
    let p = order
        .iter()
        .map(|&c| auto.accept[some_state[c as usize]])
        .collect();
    let letter_element = (0..k).map(|j| id[step(class[0], j) as usize]).collect();
    Candidate {
        monoid: Bipartite {
            order: count,
            mul,
            p,
        },
        letter_element,
        words,
    }
}

/// The classes in order of their lightest sums (Dijkstra from the empty
/// sum, letter j weighing its smallest heap's weight), and for each class the class
/// and letter it is first reached from.
fn lightest(
    auto: &Automaton,
    count: usize,
    start: u32,
    step: &dyn Fn(u32, usize) -> u32,
) -> (Vec<u32>, Vec<(u32, u32)>) {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let mut dist = vec![u64::MAX; count];
    let mut parent = vec![(start, 0u32); count];
    let mut done = vec![false; count];
    let mut order = Vec::with_capacity(count);
    let mut queue = BinaryHeap::new();
    dist[start as usize] = 0;
    queue.push(Reverse((0u64, start)));
    while let Some(Reverse((d, c))) = queue.pop() {
        if std::mem::replace(&mut done[c as usize], true) {
            continue;
        }
        order.push(c);
        for (j, &heap) in auto.letters.iter().enumerate() {
            let t = step(c, j);
            let w = d + weight(heap);
            if w < dist[t as usize] {
                dist[t as usize] = w;
                parent[t as usize] = (c, j as u32);
                queue.push(Reverse((w, t)));
            }
        }
    }
    (order, parent)
}
