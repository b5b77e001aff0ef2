//! One round of shared tasks: each worker checks the tasks it claims
//! ([`crate::claims`]) with the engine's split search on a thread of its
//! own, while the timely worker keeps the messages moving. A round that
//! wants one true task tells the others of its find at once, and they stop
//! searching (what they proved stays in their tables). A worker that
//! stops (its user, or a failure) tells the others at once too. The round
//! ends with every worker's tally, so all learn the same true tasks, or
//! the same failure, at the same time.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;

use grundy::{Error as EngineError, Limits};
use timely::worker::Worker;

use crate::claims::Claims;
use crate::net::{Msg, Net, Tally, PARK};
use crate::solvers::Solvers;

/// What the search thread tells the timely worker.
enum Event {
    /// The worker started a task.
    Started(usize),
    /// A task was found true.
    Found(usize),
    /// The search stopped on an error.
    Failed(EngineError),
    /// The search panicked: a bug, told as a failure rather than left to
    /// hang the other workers.
    Panicked(String),
    /// The worker's share is done.
    Done,
}

/// How a round ends.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Want {
    /// Every true task (winning moves).
    All,
    /// Any one true task: the first found stops the others.
    One,
}

/// Why a round failed, for every worker alike.
#[derive(Debug)]
pub enum Stop {
    /// A worker's user stopped it (Ctrl-C on a checkpointed run).
    Interrupted(String),
    /// A worker failed (a budget, a bug), in its words.
    Failed(String),
}

impl Stop {
    /// The true tasks a round's summed tally gives, or why it failed:
    /// a user's stop first, then a worker's failure.
    fn of(sum: Tally) -> Result<Vec<usize>, Stop> {
        match (sum.failure, sum.interrupted) {
            (_, true) => Err(Stop::Interrupted(
                "stopped: the cluster's search".to_string(),
            )),
            (Some(why), false) => Err(Stop::Failed(why)),
            (None, false) => Ok(sum.found.into_iter().map(|t| t as usize).collect()),
        }
    }

    /// Why the round a worker failed in ended ([`Net::fail`]): its tally
    /// always holds a failure, or a user's stop.
    fn after_failure(sum: Tally) -> Stop {
        (Stop::of(sum).err()).unwrap_or_else(|| Stop::Failed("a process failed".to_string()))
    }
}

/// The engine's failures as a round's: its interruption (the user's
/// stop) stays one.
impl From<grundy::Error> for Stop {
    fn from(e: grundy::Error) -> Stop {
        match e {
            EngineError::Interrupted(why) => Stop::Interrupted(why),
            e => Stop::Failed(e.to_string()),
        }
    }
}

/// A worker's means to run rounds: the network, the pool its search runs
/// on, the budgets, and what it searched so far.
pub struct Crew<'w> {
    /// The timely worker: stepped while the search runs, so messages move.
    pub worker: &'w mut Worker,
    /// The rounds and messages between the workers.
    pub net: Net,
    /// The pool the search runs in (its size is `--threads`), so that the
    /// engine's parallel levels use this process's threads only.
    pub pool: Arc<rayon::ThreadPool>,
    /// This process's budgets, and its user's stop flag.
    pub limits: Limits,
    /// This worker's search threads.
    pub threads: usize,
    /// Positions searched so far by every worker (from the last tally).
    pub searched: u64,
    /// Search threads over every worker (from the last tally).
    pub workers: usize,
}

/// What one worker's share of a round came to.
#[derive(Default)]
struct Share {
    /// The tasks it found true.
    found: Vec<u64>,
    /// Why its search failed, if it did.
    failure: Option<String>,
    /// Its user stopped it, or another worker's user did.
    interrupted: bool,
}

impl<'w> Crew<'w> {
    /// A worker's crew with a pool of `threads` search threads; a pool
    /// that cannot start fails the run for every worker.
    pub fn new(
        worker: &'w mut Worker,
        mut net: Net,
        limits: Limits,
        threads: usize,
    ) -> Result<Crew<'w>, Stop> {
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => Ok(Crew {
                worker,
                net,
                pool: Arc::new(pool),
                limits,
                threads,
                searched: 0,
                workers: threads,
            }),
            Err(e) => {
                let why = format!("--threads {threads}: {e}");
                Err(Stop::after_failure(net.fail(worker, why)))
            }
        }
    }

    /// The tasks `0..tasks` that `check` finds true, in order: all of
    /// them, or with [`Want::One`] at least one when any is (which one
    /// depends on timing; the answers built from them do not). `solvers`
    /// are the worker's tables, whose costly values go to the others.
    /// Fails, for every worker alike, when one was stopped or failed.
    pub fn round<F>(
        &mut self,
        tasks: usize,
        want: Want,
        check: F,
        solvers: &Solvers,
    ) -> Result<Vec<usize>, Stop>
    where
        F: Fn(usize, &Limits) -> grundy::Result<bool> + Sync,
    {
        let share = self.search(tasks, want, &check, solvers);
        let mut found = self.tally(share, solvers)?;
        // A task two workers started at once was found by both.
        found.sort_unstable();
        found.dedup();
        Ok(found)
    }

    /// The first round, which only counts: every worker's threads, whether
    /// one has already failed, and each worker's index with the digest of
    /// its `question`.
    pub fn hello(&mut self, question: u64) -> Result<Vec<(u64, u64)>, Stop> {
        let tally = Tally {
            threads: self.threads as u64,
            questions: vec![(self.net.me as u64, question)],
            interrupted: self.user_stopped(),
            ..Tally::default()
        };
        let mut sum = self.net.round(self.worker, tally);
        self.workers = sum.threads as usize;
        let questions = std::mem::take(&mut sum.questions);
        Stop::of(sum).map(|_| questions)
    }

    /// Fails the run with `why` for every worker: the others are told at
    /// once, and the round they are in fails.
    pub fn fail(&mut self, why: String) -> Stop {
        Stop::after_failure(self.net.fail(self.worker, why))
    }

    /// This worker's share of a round: the tasks it claims, searched on a
    /// thread of the pool while this thread keeps the messages moving.
    fn search<F>(&mut self, tasks: usize, want: Want, check: &F, solvers: &Solvers) -> Share
    where
        F: Fn(usize, &Limits) -> grundy::Result<bool> + Sync,
    {
        let halt = Arc::new(AtomicBool::new(false));
        crate::lost::halts(halt.clone());
        let limits = Limits {
            stop: Some(halt.clone()),
            ..self.limits.clone()
        };
        let claims = Claims::new(tasks, self.net.me, self.net.workers);
        let (tx, rx) = mpsc::channel();
        let mut share = Share::default();
        let mut failure = None;
        std::thread::scope(|s| {
            let (pool, limits, claims) = (self.pool.clone(), &limits, &claims);
            s.spawn(move || pool.install(|| claim(claims, want, limits, check, &tx)));
            let _halt = HaltOnUnwind(&halt);
            loop {
                self.worker.step_or_park(Some(PARK));
                self.swap_values(solvers);
                for task in self.net.take_started() {
                    claims.heard(task as usize);
                }
                if self.user_stopped() {
                    self.net.tell_stop(self.worker, true);
                    halt.store(true, Ordering::Relaxed);
                } else if self.net.heard_stop().is_some()
                    || (want == Want::One && self.net.heard_found())
                {
                    halt.store(true, Ordering::Relaxed);
                }
                if self.pump(&rx, want, &mut share, &mut failure) {
                    break;
                }
            }
        });
        match failure {
            // Halted: by its user, or because another worker was (the
            // round fails as interrupted), or because another worker
            // found one or failed (not a failure of this one: the finder's
            // tally has the find, the failed one's its failure).
            Some(Event::Failed(EngineError::Interrupted(_))) => {
                share.interrupted = self.user_stopped() || self.net.heard_stop() == Some(true);
            }
            Some(Event::Failed(e)) => share.failure = Some(e.to_string()),
            Some(Event::Panicked(why)) => share.failure = Some(why),
            _ => {}
        }
        share
    }

    /// Handles the search thread's events so far; true once it is done.
    fn pump(
        &mut self,
        rx: &mpsc::Receiver<Event>,
        want: Want,
        share: &mut Share,
        failure: &mut Option<Event>,
    ) -> bool {
        loop {
            match rx.try_recv() {
                Ok(Event::Started(i)) => {
                    let msg = Msg::Start { task: i as u64 };
                    self.net.tell_others(self.worker, msg);
                }
                Ok(Event::Found(i)) => {
                    share.found.push(i as u64);
                    if want == Want::One {
                        let msg = Msg::Found { task: i as u64 };
                        self.net.tell_others(self.worker, msg);
                    }
                }
                Ok(e @ (Event::Failed(_) | Event::Panicked(_))) => {
                    if !matches!(e, Event::Failed(EngineError::Interrupted(_))) {
                        self.net.tell_stop(self.worker, false);
                    }
                    *failure = Some(e);
                }
                Ok(Event::Done) | Err(mpsc::TryRecvError::Disconnected) => return true,
                Err(mpsc::TryRecvError::Empty) => return false,
            }
        }
    }

    /// Ends the round with this worker's `share`; every worker learns the
    /// same true tasks, or the same failure.
    fn tally(&mut self, share: Share, solvers: &Solvers) -> Result<Vec<usize>, Stop> {
        self.swap_values(solvers);
        let tally = Tally {
            found: share.found,
            searched: solvers.searched(),
            failure: share.failure,
            interrupted: share.interrupted || self.user_stopped(),
            threads: self.threads as u64,
            ..Tally::default()
        };
        let sum = self.net.round(self.worker, tally);
        // Values sent in the round's last moments.
        self.swap_values(solvers);
        self.searched = sum.searched;
        self.workers = sum.threads as usize;
        Stop::of(sum)
    }

    /// Sends the values this worker's searches found since the last call
    /// to the other workers, and keeps those they sent.
    fn swap_values(&mut self, solvers: &Solvers) {
        if self.net.workers == 1 {
            return;
        }
        // Values ride with the next message sent at once, or go when
        // timely's buffer for a peer fills: sent at once, every look at
        // the search (every 2 ms) cost a step of timely's progress
        // tracking each.
        for (scope, values) in solvers.take_found() {
            self.net.post_others(Msg::Learn { scope, values });
        }
        for (scope, values) in self.net.take_learned() {
            solvers.learn(&scope, &values);
        }
    }

    /// Whether the user (Ctrl-C on a checkpointed run) stopped the search.
    fn user_stopped(&self) -> bool {
        (self.limits.stop.as_ref()).is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// Halts the search thread when the timely worker fails (a lost peer
/// poisons its queues, see [`crate::lost`]), so that the failure is not
/// held up until the search ends.
struct HaltOnUnwind<'a>(&'a AtomicBool);

impl Drop for HaltOnUnwind<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::Relaxed);
        }
    }
}

/// The search thread: the tasks this worker claims, one by one, each
/// checked with its panics caught.
fn claim<F>(claims: &Claims, want: Want, limits: &Limits, check: &F, tx: &mpsc::Sender<Event>)
where
    F: Fn(usize, &Limits) -> grundy::Result<bool> + Sync,
{
    while let Some(i) = claims.next() {
        let _ = tx.send(Event::Started(i));
        match catch_unwind(AssertUnwindSafe(|| check(i, limits))) {
            Ok(Ok(true)) => {
                let _ = tx.send(Event::Found(i));
                if want == Want::One {
                    break;
                }
            }
            Ok(Ok(false)) => {}
            Ok(Err(e)) => {
                let _ = tx.send(Event::Failed(e));
                break;
            }
            Err(panic) => {
                let why = crate::lost::panic_text(&*panic).unwrap_or("a panic");
                let _ = tx.send(Event::Panicked(format!("a search failed: {why}")));
                break;
            }
        }
    }
    let _ = tx.send(Event::Done);
}
