//! The frames of the split search's explicit stack: the searches a
//! frame calls for, their answers, and the state of each search in
//! progress.

use crate::error::{Error, Result};
use crate::solve::split::lists::Lists;
use crate::solve::split::table::MAX_VALUE;

/// A search called for by a frame (or to start with).
pub(super) enum Call {
    /// The value of `key`.
    Nimber { key: u128, depth: u32 },
    /// Whether the sum of the parts from `start` on and `*n` is won.
    Sum { start: usize, n: u64, depth: u32 },
    /// Whether `key + *n` is won, `key + *m` being won for `m < floor`.
    One {
        key: u128,
        n: u64,
        floor: u64,
        depth: u32,
    },
}

impl Call {
    /// [`Call::One`]: whether `key + *n` is won, `key + *m` being known
    /// won for every `m < floor`.
    pub(super) fn outcome(key: u128, n: u64, floor: u64, depth: u32) -> Call {
        Call::One {
            key,
            n,
            floor,
            depth,
        }
    }
}

/// A search's answer: a value ([`Call::Nimber`]) or an outcome.
#[derive(Clone, Copy, Debug)]
pub(super) enum Ret {
    Value(u64),
    Wins(bool),
}

/// A call's answer known at once, or the frame that will find it.
pub(super) enum Entered {
    Known(Ret),
    Frame(Frame),
}

/// What a frame does next: call for a search, or answer.
pub(super) enum Step {
    Call(Call),
    Done(Ret),
}

/// A search in progress on the explicit stack.
pub(super) enum Frame {
    Nimber(NimberFrame),
    Sum(SumFrame),
    One(OneFrame),
}

/// The value of `key`: the first `n` whose `key + *n` is lost.
pub(super) struct NimberFrame {
    pub(super) key: u128,
    /// The nimber being tried.
    pub(super) n: u64,
    pub(super) depth: u32,
}

impl NimberFrame {
    pub(super) fn step(&mut self, answer: Option<Ret>) -> Result<Step> {
        match answer {
            Some(Ret::Wins(false)) => return Ok(Step::Done(Ret::Value(self.n))),
            Some(_) => self.n += 1,
            None => {}
        }
        if self.n > MAX_VALUE {
            return Err(Error::unsupported(format!(
                "a component's value exceeds {MAX_VALUE}, the largest the split search stores"
            )));
        }
        Ok(Step::Call(Call::outcome(
            self.key, self.n, self.n, self.depth,
        )))
    }
}

/// A sum of parts (from `start` in the loop's parts, none valued by the
/// table when it began) and `*n`: each part but the biggest is valued,
/// its value joining `n`, then the biggest is searched for its outcome.
pub(super) struct SumFrame {
    start: usize,
    biggest: usize,
    /// The next part to value; past the last once the biggest is
    /// searched.
    next: usize,
    n: u64,
    depth: u32,
}

impl SumFrame {
    /// The sum of the parts from `start` and `*n`, whose part `biggest`
    /// (an index into the loop's parts) is searched last.
    pub(super) fn new(start: usize, biggest: usize, n: u64, depth: u32) -> SumFrame {
        SumFrame {
            start,
            biggest,
            next: start,
            n,
            depth,
        }
    }

    /// Where the sum's parts start in the loop's parts: they are dropped
    /// from there once it is answered.
    pub(super) fn start(&self) -> usize {
        self.start
    }

    pub(super) fn step(&mut self, answer: Option<Ret>, parts: &[u128]) -> Step {
        match answer {
            Some(Ret::Value(v)) => {
                self.n ^= v;
                self.next += 1;
            }
            Some(Ret::Wins(won)) => return Step::Done(Ret::Wins(won)),
            None => {}
        }
        if self.next == self.biggest {
            self.next += 1;
        }
        if self.next < parts.len() {
            return Step::Call(Call::Nimber {
                key: parts[self.next],
                depth: self.depth,
            });
        }
        Step::Call(Call::outcome(parts[self.biggest], self.n, 0, self.depth))
    }
}

/// `key + *n` once the tables had no answer: its options listed.
pub(super) struct OneFrame {
    pub(super) key: u128,
    pub(super) n: u64,
    /// The wins of `key + *m` (`m` below the kept wins' bound) known when it began.
    pub(super) known: u64,
    /// Positions its thread had entered before it began, to measure its
    /// work.
    pub(super) before: u64,
    pub(super) depth: u32,
    pub(super) lists: Lists,
    /// The values of the options the table valued, as a bit set.
    pub(super) seen: [u64; 4],
    /// The next open option to try (an index into `lists.open`).
    pub(super) next: usize,
    /// Open options put off to the end of `lists.open` because another
    /// thread was searching them.
    pub(super) put_off: usize,
    /// The next smaller nimber to try once the options are done.
    pub(super) m: u64,
    /// Whether this frame marked its key as being searched.
    pub(super) marked: bool,
}

impl OneFrame {
    pub(super) fn is_seen(&self, m: u64) -> bool {
        m < 256 && self.seen[(m / 64) as usize] >> (m % 64) & 1 == 1
    }
}
