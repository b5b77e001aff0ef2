//! Rounds of messages between timely workers: every worker sends its
//! messages and a tally to every worker, and the round ends when timely's
//! progress tracking says that everything sent in it has arrived. The
//! tallies summed tell every worker the same thing at the same time
//! (whether anything is left to do, whether a worker failed), so all
//! stop together.

use std::cell::RefCell;
use std::rc::Rc;

use serde::{Deserialize, Serialize};
use timely::dataflow::operators::core::Exchange;
use timely::dataflow::operators::{Input, Inspect, Probe};
use timely::dataflow::{InputHandleVec, ProbeHandle};
use timely::worker::Worker;

/// What one worker tells every worker at the end of a round.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Tally {
    /// Messages sent in the round (tallies not counted).
    pub sent: u64,
    /// Components valued, per size.
    pub valued: Vec<(u32, u64)>,
    /// Why the worker stopped, if it did.
    pub failure: Option<String>,
}

impl Tally {
    /// Adds `other` (from a worker after this one's) into this tally.
    fn add(&mut self, other: Tally) {
        self.sent += other.sent;
        self.valued.extend(other.valued);
        self.failure = self.failure.take().or(other.failure);
    }
}

/// A message between workers.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Msg {
    /// The owner of `child` must value it: `parent` needs its value.
    Need {
        /// The component to value.
        child: u128,
        /// The component whose option has `child` as a part.
        parent: u128,
    },
    /// `child`, a part of an option of `parent`, is worth `value`.
    Value {
        /// The component that waits for the value.
        parent: u128,
        /// The component valued.
        child: u128,
        /// Its nimber.
        value: u64,
    },
    /// A component of the position asked is worth `value`.
    Root {
        /// The component.
        key: u128,
        /// Its nimber.
        value: u64,
    },
    /// A worker's tally for the round.
    Tally(Tally),
}

/// A message and the worker it goes to.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Envelope {
    to: u32,
    /// The round it was sent in: a worker that has finished a round may
    /// send for the next before another has read the last.
    round: u64,
    msg: Msg,
}

/// One worker's end of the rounds.
pub struct Net {
    input: InputHandleVec<u64, Envelope>,
    probe: ProbeHandle<u64>,
    inbox: Rc<RefCell<Vec<(u64, Msg)>>>,
    /// This worker's index among all workers.
    pub me: usize,
    /// How many workers there are, in every process.
    pub workers: usize,
    /// Rounds so far.
    pub rounds: u64,
    /// Messages so far, over all workers (tallies not counted).
    pub messages: u64,
    outbox: Vec<Envelope>,
}

impl Net {
    /// The dataflow of the rounds, built on `worker`.
    pub fn new(worker: &mut Worker) -> Net {
        let mut input = InputHandleVec::new();
        let inbox = Rc::new(RefCell::new(Vec::new()));
        let sink = inbox.clone();
        let me = worker.index();
        let probe = worker.dataflow::<u64, _, _>(|scope| {
            let (probe, _) = scope
                .input_from(&mut input)
                .exchange(|e: &Envelope| u64::from(e.to))
                .inspect(move |e: &Envelope| {
                    debug_assert_eq!(e.to as usize, me);
                    sink.borrow_mut().push((e.round, e.msg.clone()));
                })
                .probe();
            probe
        });
        Net {
            input,
            probe,
            inbox,
            me,
            workers: worker.peers(),
            rounds: 0,
            messages: 0,
            outbox: Vec::new(),
        }
    }

    /// Which worker owns `key`: a fixed mix of its bits (the same in
    /// every process and build), modulo the workers.
    pub fn owner(&self, key: u128) -> usize {
        let mut x = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^= x >> 33;
        x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        x ^= x >> 33;
        (x % self.workers as u64) as usize
    }

    /// Queues `msg` for worker `to` in this round.
    pub fn send(&mut self, to: usize, msg: Msg) {
        self.outbox.push(Envelope {
            to: to as u32,
            round: self.rounds,
            msg,
        });
    }

    /// Ends the round: sends the queued messages and `tally` (whose `sent`
    /// is filled in) to every worker, and waits for everything sent to
    /// this worker. Returns the messages received and every worker's
    /// tally summed, in worker order.
    pub fn round(&mut self, worker: &mut Worker, mut tally: Tally) -> (Vec<Msg>, Tally) {
        tally.sent = self.outbox.len() as u64;
        for e in self.outbox.drain(..) {
            self.input.send(e);
        }
        for to in 0..self.workers {
            self.input.send(Envelope {
                to: to as u32,
                round: self.rounds,
                msg: Msg::Tally(tally.clone()),
            });
        }
        let this = self.rounds;
        self.rounds += 1;
        self.input.advance_to(self.rounds);
        while self.probe.less_than(self.input.time()) {
            worker.step();
        }
        let mut tallies = Vec::with_capacity(self.workers);
        let mut msgs = Vec::new();
        let mut later = Vec::new();
        for (round, m) in self.inbox.borrow_mut().drain(..) {
            match m {
                _ if round != this => later.push((round, m)),
                Msg::Tally(t) => tallies.push(t),
                m => msgs.push(m),
            }
        }
        *self.inbox.borrow_mut() = later;
        self.messages += tallies.iter().map(|t| t.sent).sum::<u64>();
        let mut sum = Tally::default();
        // Tallies arrive in any order: failures are told in a fixed one.
        tallies.sort_by(|a, b| a.failure.cmp(&b.failure).reverse());
        for t in tallies {
            sum.add(t);
        }
        (msgs, sum)
    }
}
