//! Memoised search with an explicit stack.
//!
//! Each frame is a position waiting for the values of its children: its
//! options (the value is their mex) or, for a sum, its components (the value
//! is their XOR). Children are generated into one shared arena that grows
//! and shrinks with the stack, so visiting a position allocates nothing once
//! the arena has grown. A child found "in progress" closes a cycle, which an
//! acyclic game cannot have; the caller learns about it as
//! [`Error::Cyclic`] instead of looping.

use rustc_hash::FxHashMap;

use crate::error::{Error, Result};
use crate::game::{Limits, Outcome, StateSpace};
use crate::nimber::{MexSet, Nimber};

const IN_PROGRESS: u64 = u64::MAX;

struct Frame<P> {
    pos: P,
    /// Children are `arena[start..end]`.
    start: usize,
    end: usize,
    /// The first child whose value is not yet known to be available.
    next: usize,
    /// Children are components (XOR) rather than options (mex).
    sum: bool,
}

/// A memo table of Sprague-Grundy values for one game.
///
/// Values persist between queries, so answering many positions of one game
/// (a sum, a play session) costs each position once.
pub struct Memo<G: StateSpace> {
    game: G,
    limits: Limits,
    values: FxHashMap<G::Position, u64>,
    stack: Vec<Frame<G::Position>>,
    arena: Vec<G::Position>,
    mex: MexSet,
}

impl<G: StateSpace> Memo<G> {
    /// An empty memo for `game` that may store up to `limits.max_states`
    /// positions.
    pub fn new(game: G, limits: Limits) -> Self {
        Memo {
            game,
            limits,
            values: FxHashMap::default(),
            stack: Vec::new(),
            arena: Vec::new(),
            mex: MexSet::new(),
        }
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// How many positions have been valued so far.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether nothing has been valued yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The value of `p`, if already computed.
    pub fn known(&self, p: &G::Position) -> Option<Nimber> {
        match self.values.get(p) {
            Some(&v) if v != IN_PROGRESS => Some(Nimber(v)),
            _ => None,
        }
    }

    /// The Sprague-Grundy value of `p`.
    pub fn value(&mut self, p: &G::Position) -> Result<Nimber> {
        if let Some(v) = self.known(p) {
            return Ok(v);
        }
        let result = self.search(p.clone());
        if result.is_err() {
            // Forget the half-finished frames so the memo stays consistent.
            for frame in self.stack.drain(..) {
                self.values.remove(&frame.pos);
            }
            self.arena.clear();
        }
        result
    }

    /// Whether the player to move from `p` wins.
    pub fn outcome(&mut self, p: &G::Position) -> Result<Outcome> {
        Ok(if self.value(p)? == Nimber::ZERO {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    /// The options of `p`, each with its value.
    pub fn options(&mut self, p: &G::Position) -> Result<Vec<(G::Position, Nimber)>> {
        let mut opts = Vec::new();
        self.game.moves(p, &mut opts)?;
        opts.into_iter()
            .map(|o| {
                let v = self.value(&o)?;
                Ok((o, v))
            })
            .collect()
    }

    /// The options of `p` that are P-positions: the moves that win.
    pub fn winning_moves(&mut self, p: &G::Position) -> Result<Vec<G::Position>> {
        Ok(self
            .options(p)?
            .into_iter()
            .filter(|(_, v)| *v == Nimber::ZERO)
            .map(|(o, _)| o)
            .collect())
    }

    fn open(&mut self, pos: G::Position) -> Result<()> {
        self.limits
            .check_states(self.values.len() as u64 + 1, "this search")?;
        self.values.insert(pos.clone(), IN_PROGRESS);
        // Each position once, when it is met: a script's moves may take
        // a millisecond a position, and a relaxed store costs nothing
        // beside the hashing.
        self.limits.tell_stored(self.values.len() as u64);
        let start = self.arena.len();
        let mut sum = self.game.components(&pos, &mut self.arena)?;
        if sum && self.arena.len() - start == 1 && self.arena[start] == pos {
            // A position that is its own only component does not decompose.
            self.arena.truncate(start);
            sum = false;
        }
        if !sum {
            self.game.moves(&pos, &mut self.arena)?;
        }
        let end = self.arena.len();
        self.stack.push(Frame {
            pos,
            start,
            end,
            next: start,
            sum,
        });
        Ok(())
    }

    fn search(&mut self, root: G::Position) -> Result<Nimber> {
        self.open(root.clone())?;
        let mut steps: u32 = 0;
        while let Some(top) = self.stack.len().checked_sub(1) {
            steps = steps.wrapping_add(1);
            if steps.is_multiple_of(4096) {
                self.limits.check("search")?;
            }
            let (next, end) = (self.stack[top].next, self.stack[top].end);
            if next < end {
                let child = &self.arena[next];
                match self.values.get(child) {
                    Some(&IN_PROGRESS) => return Err(Error::Cyclic(format!("`{child:?}`"))),
                    Some(_) => self.stack[top].next += 1,
                    None => {
                        let child = child.clone();
                        self.open(child)?;
                    }
                }
                continue;
            }
            let frame = self.stack.pop().expect("stack is not empty");
            let children = &self.arena[frame.start..frame.end];
            let value = if frame.sum {
                children.iter().fold(0, |acc, c| acc ^ self.values[c])
            } else {
                self.mex.clear();
                for c in children {
                    self.mex.insert(self.values[c]);
                }
                self.mex.mex()
            };
            self.arena.truncate(frame.start);
            self.values.insert(frame.pos, value);
        }
        Ok(Nimber(self.values[&root]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::fixtures::Loop;

    /// Subtraction game {1,3,4} on a single heap.
    struct Sub134;
    impl StateSpace for Sub134 {
        type Position = u64;
        fn moves(&mut self, p: &u64, out: &mut Vec<u64>) -> Result<()> {
            for s in [1, 3, 4] {
                if *p >= s {
                    out.push(p - s);
                }
            }
            Ok(())
        }
    }

    /// Lasker's Nim on multisets of heaps, to exercise decomposition.
    struct Lasker;
    impl StateSpace for Lasker {
        type Position = Vec<u64>;
        fn moves(&mut self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> Result<()> {
            let n = p[0];
            for k in 0..n {
                out.push(vec![k]);
            }
            for a in 1..=n / 2 {
                out.push(vec![a, n - a]);
            }
            Ok(())
        }
        fn components(&mut self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> Result<bool> {
            if p.len() == 1 {
                return Ok(false);
            }
            out.extend(p.iter().map(|&h| vec![h]));
            Ok(true)
        }
    }

    #[test]
    fn subtraction_134_has_period_7() {
        let mut m = Memo::new(Sub134, Limits::default());
        let got: Vec<u64> = (0..14).map(|n| m.value(&n).unwrap().0).collect();
        assert_eq!(got, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
        assert_eq!(m.outcome(&7).unwrap(), Outcome::P);
        assert_eq!(m.outcome(&8).unwrap(), Outcome::N);
        assert_eq!(m.winning_moves(&8).unwrap(), [7]);
        assert_eq!(m.winning_moves(&7).unwrap(), Vec::<u64>::new());
    }

    #[test]
    fn a_chain_of_a_million_does_not_overflow() {
        let mut m = Memo::new(Sub134, Limits::default());
        assert_eq!(
            m.value(&1_000_000).unwrap().0,
            [0, 1, 0, 1, 2, 3, 2][1_000_000 % 7]
        );
    }

    #[test]
    fn sums_are_xors_of_components() {
        let mut m = Memo::new(Lasker, Limits::default());
        let lasker = [0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11];
        for (n, &g) in lasker.iter().enumerate() {
            assert_eq!(m.value(&vec![n as u64]).unwrap().0, g, "heap {n}");
        }
        assert_eq!(m.value(&vec![3, 4, 5]).unwrap().0, 4 ^ 3 ^ 5);
    }

    #[test]
    fn cycles_are_reported_not_followed() {
        let mut m = Memo::new(Loop, Limits::default());
        assert!(matches!(m.value(&0), Err(Error::Cyclic(_))));
        // The memo is left clean: asking again reports the cycle again.
        assert!(matches!(m.value(&1), Err(Error::Cyclic(_))));
    }

    #[test]
    fn the_state_budget_is_enforced() {
        let mut m = Memo::new(Sub134, Limits::with_max_states(100));
        assert!(matches!(
            m.value(&1000),
            Err(Error::Limit { limit: 100, .. })
        ));
        assert_eq!(m.value(&50).unwrap().0, [0, 1, 0, 1, 2, 3, 2][50 % 7]);
    }

    #[test]
    fn the_memory_budget_is_enforced() {
        fn full() -> u64 {
            3 << 30
        }
        let mut m = Memo::new(Sub134, Limits::default().with_memory(2 << 30, full));
        let err = m.value(&10).unwrap_err();
        assert!(matches!(err, Error::Memory { limit, .. } if limit == 2 << 30));
        assert_eq!(
            err.to_string(),
            "this search needs more than 2 GiB of memory; raise the limit (--memory) to go further"
        );
    }
}
