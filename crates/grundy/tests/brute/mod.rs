//! Independent brute force for the tests: plain recursive mex and win/lose
//! searches, written from the definitions and sharing no code with the
//! engine.
#![allow(dead_code)]

use std::collections::HashMap;
use std::hash::Hash;

/// Sprague-Grundy values by the definition: a position's options are given
/// as lists of independent parts, an option's value is the XOR of its
/// parts' values, and a value is the mex of its options' values.
pub struct Mex<P, F> {
    memo: HashMap<P, u64>,
    options: F,
}

impl<P: Clone + Eq + Hash, F: Fn(&P) -> Vec<Vec<P>>> Mex<P, F> {
    pub fn new(options: F) -> Self {
        Mex {
            memo: HashMap::new(),
            options,
        }
    }

    pub fn g(&mut self, p: &P) -> u64 {
        if let Some(&v) = self.memo.get(p) {
            return v;
        }
        let mut seen = Vec::new();
        for option in (self.options)(p) {
            let v = option.iter().fold(0, |acc, part| acc ^ self.g(part));
            seen.push(v);
        }
        let mut m = 0;
        while seen.contains(&m) {
            m += 1;
        }
        self.memo.insert(p.clone(), m);
        m
    }
}

/// Whether the player to move wins, for whole positions. `misere` makes a
/// position without moves a win for the player to move.
pub struct WinLose<P, F> {
    memo: HashMap<P, bool>,
    moves: F,
    misere: bool,
}

impl<P: Clone + Eq + Hash, F: Fn(&P) -> Vec<P>> WinLose<P, F> {
    pub fn new(moves: F, misere: bool) -> Self {
        WinLose {
            memo: HashMap::new(),
            moves,
            misere,
        }
    }

    pub fn wins(&mut self, p: &P) -> bool {
        if let Some(&v) = self.memo.get(p) {
            return v;
        }
        let next = (self.moves)(p);
        let v = if next.is_empty() {
            self.misere
        } else {
            next.iter().any(|q| !self.wins(q))
        };
        self.memo.insert(p.clone(), v);
        v
    }
}

/// Heap game options from a list of (removal, leave-a-heap) style rules:
/// helper for subtraction-like games.
pub fn take_amounts(n: u64, allowed: impl Fn(u64) -> bool) -> Vec<Vec<u64>> {
    (1..=n)
        .filter(|&k| allowed(k))
        .map(|k| if k == n { vec![] } else { vec![n - k] })
        .collect()
}
