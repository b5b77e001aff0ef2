//! One round of shared tasks: each worker checks the tasks it claims
//! ([`crate::claims`]) with the engine's split search on a thread of its
//! own, while the timely worker keeps the messages moving. A round that wants one true
//! task tells the others of its find at once, and they stop searching
//! (what they proved stays in their tables). The round ends with every
//! worker's tally, so all learn the same true tasks at the same time.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

use grundy::{Error as EngineError, Limits};
use timely::worker::Worker;

use crate::claims::Claims;
use crate::net::{Msg, Net, Tally};
use crate::solvers::Solvers;

/// How long the timely worker sleeps between looks at the search and the
/// network while the search runs.
const PARK: Duration = Duration::from_millis(2);

/// What the search thread tells the timely worker.
enum Event {
    /// The worker started a task.
    Started(usize),
    /// A task was found true.
    Found(usize),
    /// The search stopped on an error.
    Failed(EngineError),
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

/// A worker's means to run rounds: the network, the pool its search runs
/// on, the budgets, and what it searched so far.
pub struct Crew<'w> {
    pub worker: &'w mut Worker,
    pub net: Net,
    pub pool: Arc<rayon::ThreadPool>,
    pub limits: Limits,
    /// Positions searched so far by every worker (from the last tally).
    pub searched: u64,
}

impl Crew<'_> {
    /// The tasks `0..tasks` that `check` finds true, in order: all of
    /// them, or with [`Want::One`] at least one when any is (which one
    /// depends on timing; the answers built from them do not).
    /// `searched` says how many positions this worker has searched so
    /// far, for the round's tally.
    pub fn round<F>(
        &mut self,
        tasks: usize,
        want: Want,
        check: F,
        solvers: &Solvers,
    ) -> Result<Vec<usize>, String>
    where
        F: Fn(usize, &Limits) -> grundy::Result<bool> + Sync,
    {
        let halt = Arc::new(AtomicBool::new(false));
        let limits = Limits {
            stop: Some(halt.clone()),
            ..self.limits.clone()
        };
        let claims = Claims::new(tasks, self.net.me, self.net.workers);
        let (tx, rx) = mpsc::channel();
        let mut found = Vec::new();
        let mut failure = None;
        std::thread::scope(|s| {
            let (pool, limits, check, claims) = (self.pool.clone(), &limits, &check, &claims);
            s.spawn(move || {
                pool.install(|| share(claims, want, limits, check, &tx));
            });
            loop {
                self.worker.step_or_park(Some(PARK));
                self.swap_values(solvers);
                for task in self.net.take_started() {
                    claims.heard(task as usize);
                }
                let user = self.limits.stop.as_ref();
                if user.is_some_and(|s| s.load(Ordering::Relaxed))
                    || (want == Want::One && self.net.heard_found())
                {
                    halt.store(true, Ordering::Relaxed);
                }
                let mut done = false;
                loop {
                    match rx.try_recv() {
                        Ok(Event::Started(i)) => {
                            let msg = Msg::Start { task: i as u64 };
                            self.net.tell_others(self.worker, msg);
                        }
                        Ok(Event::Found(i)) => {
                            found.push(i as u64);
                            if want == Want::One {
                                let msg = Msg::Found { task: i as u64 };
                                self.net.tell_others(self.worker, msg);
                            }
                        }
                        Ok(Event::Failed(e)) => failure = Some(e),
                        Ok(Event::Done) | Err(mpsc::TryRecvError::Disconnected) => {
                            done = true;
                            break;
                        }
                        Err(mpsc::TryRecvError::Empty) => break,
                    }
                }
                if done {
                    break;
                }
            }
        });
        let failure = failure.and_then(|e| match e {
            // Stopped because another worker found one: not a failure.
            EngineError::Interrupted(_) if !self.user_stopped() => None,
            e => Some(e.to_string()),
        });
        self.swap_values(solvers);
        let tally = Tally {
            found,
            searched: solvers.searched(),
            failure,
            ..Tally::default()
        };
        let (msgs, sum) = self.net.round(self.worker, tally);
        for m in msgs {
            if let Msg::Learn { scope, values } = m {
                solvers.learn(&scope, &values);
            }
        }
        if let Some(why) = sum.failure {
            return Err(why);
        }
        self.searched = sum.searched;
        let mut all: Vec<usize> = sum.found.into_iter().map(|t| t as usize).collect();
        // A task two workers started at once was found by both.
        all.sort_unstable();
        all.dedup();
        Ok(all)
    }

    /// Sends the values this worker's searches found since the last call
    /// to the other workers, and keeps those they sent.
    fn swap_values(&mut self, solvers: &Solvers) {
        if self.net.workers == 1 {
            return;
        }
        for (scope, values) in solvers.take_found() {
            self.net
                .tell_others(self.worker, Msg::Learn { scope, values });
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

/// The search thread: the tasks this worker claims, one by one.
fn share<F>(claims: &Claims, want: Want, limits: &Limits, check: &F, tx: &mpsc::Sender<Event>)
where
    F: Fn(usize, &Limits) -> grundy::Result<bool> + Sync,
{
    while let Some(i) = claims.next() {
        let _ = tx.send(Event::Started(i));
        match check(i, limits) {
            Ok(true) => {
                let _ = tx.send(Event::Found(i));
                if want == Want::One {
                    break;
                }
            }
            Ok(false) => {}
            Err(e) => {
                let _ = tx.send(Event::Failed(e));
                break;
            }
        }
    }
    let _ = tx.send(Event::Done);
}
