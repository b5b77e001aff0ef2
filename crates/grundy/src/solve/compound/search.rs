//! The compounds without a theorem, decided by memoised search of the
//! compound's positions (a position of each component), on an explicit
//! stack.

use rustc_hash::FxHashMap;

use super::{for_each_move, ComponentGraph};
use crate::answer::compound::Compound;
use crate::error::Result;
use crate::game::Limits;

/// What a budget stopped, in its error.
const WHAT: &str = "searching the compound's positions";

/// A search of one compound, keeping what it has decided for the next
/// question.
pub(super) struct Search<'a> {
    kind: Compound,
    misere: bool,
    graphs: &'a [&'a ComponentGraph],
    limits: &'a Limits,
    /// Whether each position searched is lost by the player to move.
    lost: FxHashMap<Vec<u32>, bool>,
}

/// A position on the stack, with the options still to look at.
struct Frame {
    state: Vec<u32>,
    options: Vec<Vec<u32>>,
    next: usize,
}

impl<'a> Search<'a> {
    pub(super) fn new(
        kind: Compound,
        misere: bool,
        graphs: &'a [&'a ComponentGraph],
        limits: &'a Limits,
    ) -> Self {
        Search {
            kind,
            misere,
            graphs,
            limits,
            lost: FxHashMap::default(),
        }
    }

    fn frame(&self, state: Vec<u32>) -> Result<Frame> {
        let mut options = Vec::new();
        let mut count = 0u64;
        for_each_move(self.kind, self.graphs, &state, &mut |next| {
            count += 1;
            options.push(next.to_vec());
            count <= self.limits.max_states
        });
        let states = count.max(self.lost.len() as u64);
        self.limits.check_states(states, WHAT)?;
        Ok(Frame {
            state,
            options,
            next: 0,
        })
    }

    /// Whether `state` is lost by the player to move.
    pub(super) fn lost(&mut self, state: &[u32]) -> Result<bool> {
        if let Some(&l) = self.lost.get(state) {
            return Ok(l);
        }
        let mut stack = vec![self.frame(state.to_vec())?];
        while let Some(top) = stack.last_mut() {
            // An option lost by the player to move there wins this one.
            let mut won = false;
            let mut deeper = None;
            while top.next < top.options.len() {
                let o = &top.options[top.next];
                match self.lost.get(o) {
                    Some(true) => {
                        won = true;
                        break;
                    }
                    Some(false) => top.next += 1,
                    None => {
                        deeper = Some(o.clone());
                        break;
                    }
                }
            }
            if let Some(o) = deeper {
                if self.lost.len() % 1024 == 1023 {
                    self.limits.check(WHAT)?;
                }
                let f = self.frame(o)?;
                stack.push(f);
                continue;
            }
            self.limits.check_map_growth(&self.lost, WHAT)?;
            let done = stack.pop().expect("a frame is on the stack");
            // No option at all: normal play loses, misère play wins.
            let lost = match done.options.is_empty() {
                true => !self.misere,
                false => !won,
            };
            self.lost.insert(done.state, lost);
        }
        Ok(self.lost[state])
    }
}
