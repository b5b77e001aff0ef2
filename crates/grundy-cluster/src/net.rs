//! Rounds of messages between timely workers: every worker sends its
//! messages and a tally to every worker, and the round ends when timely's
//! progress tracking says that everything sent in it has arrived. The
//! tallies summed tell every worker the same thing at the same time
//! (whether anything is left to do, whether a worker failed), so all
//! stop together.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::Arc;

use grundy::solve::split::SharedValue;
use serde::{Deserialize, Serialize};
use timely::dataflow::operators::core::Exchange;
use timely::dataflow::operators::{Input, Inspect, Probe};
use timely::dataflow::{InputHandleVec, ProbeHandle};
use timely::worker::Worker;

/// The format of the messages: raised with every change of [`Msg`] (2:
/// shared values carry their work), and part of the question every
/// process checks in the first round.
pub const WIRE: u32 = 2;

/// The longest a timely worker sleeps between looks at its search, its
/// stop flag and the network, while its search runs or while it waits
/// for the end of a round (a message wakes it at once).
pub const PARK: std::time::Duration = std::time::Duration::from_millis(2);

/// What one worker tells every worker at the end of a round.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Tally {
    /// Messages sent in the round (tallies not counted).
    pub sent: u64,
    /// The tasks of the round this worker found true.
    pub found: Vec<u64>,
    /// Positions this worker's search has searched so far.
    pub searched: u64,
    /// Why the worker stopped, if it did.
    pub failure: Option<String>,
    /// The worker was stopped by its user (Ctrl-C on a checkpointed run).
    pub interrupted: bool,
    /// The worker's search threads.
    pub threads: u64,
    /// In the first round, each worker's index and the digest of the
    /// question it was asked: workers asked different ones part ways.
    pub questions: Vec<(u64, u64)>,
}

impl Tally {
    /// Adds `other` (from a worker after this one's) into this tally.
    fn add(&mut self, other: Tally) {
        self.sent += other.sent;
        self.found.extend(other.found);
        self.searched += other.searched;
        self.failure = self.failure.take().or(other.failure);
        self.interrupted |= other.interrupted;
        self.threads += other.threads;
        self.questions.extend(other.questions);
    }
}

/// A message between workers.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Msg {
    /// A worker found task `task` of the round true: a round that wants
    /// one true task may stop searching the others.
    Found {
        /// The task.
        task: u64,
    },
    /// A worker stopped: the others stop their searches, and the round
    /// fails for all (the stopped worker's tally says why).
    Stop {
        /// Its user stopped it (else it failed).
        interrupted: bool,
    },
    /// A worker started task `task` of the round: the others leave it.
    Start {
        /// The task.
        task: u64,
    },
    /// Values a worker found by costly searches, for the others' tables.
    Learn {
        /// What the keys mean (the rules' scope).
        scope: String,
        /// The keys and their values.
        values: Vec<SharedValue>,
    },
    /// A worker's tally for the round.
    Tally(Tally),
}

/// What this process has sent and received so far, for its progress
/// line (read from another thread).
#[derive(Debug, Default)]
pub struct Traffic {
    /// Messages sent to other processes.
    pub sent: AtomicU64,
    /// Values received from other processes.
    pub learned: AtomicU64,
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
    /// Messages sent to other workers in this round.
    told: u64,
    /// The counts the progress line shows.
    traffic: Arc<Traffic>,
    /// The user's stop flag (Ctrl-C on a checkpointed run).
    user_stop: Option<Arc<AtomicBool>>,
    /// Whether the others were told that this worker stopped.
    told_stop: bool,
}

impl Net {
    /// The dataflow of the rounds, built on `worker`.
    pub fn new(
        worker: &mut Worker,
        traffic: Arc<Traffic>,
        user_stop: Option<Arc<AtomicBool>>,
    ) -> Net {
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
            told: 0,
            traffic,
            user_stop,
            told_stop: false,
        }
    }

    /// Sends `msg` to every other worker now, in this round, without
    /// waiting for the round to end (a find that stops their searches).
    pub fn tell_others(&mut self, worker: &mut Worker, msg: Msg) {
        self.post_others(msg);
        self.ship(worker);
    }

    /// Queues `msg` for every other worker, to go with the next message
    /// sent at once (or when timely's buffer fills, or the round ends).
    pub fn post_others(&mut self, msg: Msg) {
        for to in (0..self.workers).filter(|&w| w != self.me) {
            self.input.send(Envelope {
                to: to as u32,
                round: self.rounds,
                msg: msg.clone(),
            });
            self.told += 1;
            self.traffic.sent.fetch_add(1, Relaxed);
        }
    }

    /// Sends what was queued. Timely's exchange keeps what a worker sends
    /// each peer until a buffer fills or the input's time moves on (a
    /// flush of the input is not enough), so the time moves on: round
    /// `r` runs at times `r << 32` and up, one more for each sending.
    /// Before, a find, a start or a stop sent alone waited for enough
    /// shared values to fill the buffer, or for the round's end: Node
    /// Kayles `grid:3x31` on three processes took 14.4-15.5 s, now 10.0-11.7 s.
    fn ship(&mut self, worker: &mut Worker) {
        let next = *self.input.time() + 1;
        self.input.advance_to(next);
        worker.step();
    }

    /// The values other workers have sent so far, taken out of the inbox.
    pub fn take_learned(&self) -> Vec<(String, Vec<SharedValue>)> {
        let mut inbox = self.inbox.borrow_mut();
        let mut out = Vec::new();
        inbox.retain_mut(|(_, m)| match m {
            Msg::Learn { scope, values } => {
                self.traffic.learned.fetch_add(values.len() as u64, Relaxed);
                out.push((std::mem::take(scope), std::mem::take(values)));
                false
            }
            _ => true,
        });
        out
    }

    /// The tasks of this round other workers have said they started,
    /// taken out of the inbox.
    pub fn take_started(&self) -> Vec<u64> {
        let mut inbox = self.inbox.borrow_mut();
        let mut out = Vec::new();
        inbox.retain(|(r, m)| match m {
            Msg::Start { task } if *r == self.rounds => {
                out.push(*task);
                false
            }
            _ => true,
        });
        out
    }

    /// Whether another worker has told that it stopped, in any round, and
    /// whether by its user: `Some(true)` if any was.
    pub fn heard_stop(&self) -> Option<bool> {
        let inbox = self.inbox.borrow();
        let stops = inbox.iter().filter_map(|(_, m)| match m {
            Msg::Stop { interrupted } => Some(*interrupted),
            _ => None,
        });
        stops.reduce(|a, b| a || b)
    }

    /// Whether another worker has told of a find in this round.
    pub fn heard_found(&self) -> bool {
        (self.inbox.borrow().iter())
            .any(|(r, m)| *r == self.rounds && matches!(m, Msg::Found { .. }))
    }

    /// Tells the other workers, once, that this one stopped, and whether
    /// by its user.
    pub fn tell_stop(&mut self, worker: &mut Worker, interrupted: bool) {
        if !self.told_stop {
            self.told_stop = true;
            self.tell_others(worker, Msg::Stop { interrupted });
        }
    }

    /// Fails the run with `why` for every worker: the others are told at
    /// once, and the round they are in ends with this failure. Returns
    /// the round's summed tally.
    pub fn fail(&mut self, worker: &mut Worker, why: String) -> Tally {
        self.tell_stop(worker, false);
        let tally = Tally {
            failure: Some(why),
            ..Tally::default()
        };
        self.round(worker, tally)
    }

    /// Ends the round: sends `tally` (whose `sent` is filled in, and whose
    /// failure is told as this worker's) to every worker, and waits for
    /// everything sent to this worker. Returns every worker's tally
    /// summed. The round's starts and finds are dropped; values and stops
    /// stay for [`Net::take_learned`] and [`Net::heard_stop`].
    pub fn round(&mut self, worker: &mut Worker, mut tally: Tally) -> Tally {
        tally.sent = std::mem::take(&mut self.told);
        // Every process prints the failure: it says whose it is.
        tally.failure = (tally.failure.take()).map(|why| format!("process {}: {why}", self.me));
        for to in 0..self.workers {
            self.input.send(Envelope {
                to: to as u32,
                round: self.rounds,
                msg: Msg::Tally(tally.clone()),
            });
        }
        let this = self.rounds;
        self.rounds += 1;
        // The round ends once every worker's time reaches the next
        // round's start (a stop told meanwhile moves this worker's time
        // past it, into the next round, which must not hold this one).
        let end = self.rounds << 32;
        self.input.advance_to(end);
        while self.probe.less_than(&end) {
            // Parked, not spinning: a process whose share is done must
            // leave the cores to those still searching (three processes
            // on two cores: the one with the long task searched at half
            // speed while the other two spun here).
            worker.step_or_park(Some(PARK));
            // Stopped while waiting for the others: tell them, so that
            // they stop searching and the round ends.
            if self.user_stop.as_ref().is_some_and(|s| s.load(Relaxed)) {
                self.tell_stop(worker, true);
            }
        }
        let mut tallies = Vec::with_capacity(self.workers);
        self.inbox.borrow_mut().retain(|(round, m)| match m {
            Msg::Tally(t) if *round == this => {
                tallies.push(t.clone());
                false
            }
            Msg::Start { .. } | Msg::Found { .. } => *round != this,
            _ => true,
        });
        self.messages += tallies.iter().map(|t| t.sent).sum::<u64>();
        let mut sum = Tally::default();
        // Tallies arrive in any order: failures are told in a fixed one.
        tallies.sort_by(|a, b| a.failure.cmp(&b.failure).reverse());
        for t in tallies {
            sum.add(t);
        }
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// A find told in the middle of a round reaches the other worker while
    /// the round goes on, not at its end: timely's exchange holds a lone
    /// message until its input's time moves on.
    #[test]
    fn a_message_told_arrives_before_the_round_ends() {
        let heard = timely::execute(timely::Config::process(2), |worker| {
            let mut net = Net::new(worker, Arc::new(Traffic::default()), None);
            // Each tells the other, and waits (within the round) to hear.
            net.tell_others(worker, Msg::Found { task: 7 });
            let deadline = Instant::now() + Duration::from_secs(5);
            let mut heard = false;
            while !heard && Instant::now() < deadline {
                worker.step();
                heard = net.heard_found();
            }
            let sum = net.round(worker, Tally::default());
            assert_eq!(sum.sent, 2);
            heard
        })
        .unwrap()
        .join();
        for h in heard {
            assert!(
                h.unwrap(),
                "a worker did not hear the find within the round"
            );
        }
    }
}
