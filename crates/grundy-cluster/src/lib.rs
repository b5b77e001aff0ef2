//! grundy's board games (Cram, Node Kayles, Chomp) valued by processes
//! on one or many hosts, each running the engine's split search on its
//! share of the work, with timely dataflow carrying the messages.
//!
//! Every process is started with the same hosts file (timely's: one
//! `host:port` per line, line `i` for process `i`), its own index and the
//! same position. Timely connects the processes (`connect`), then each
//! runs one timely worker; the first round checks that all were asked the
//! same question, and a peer lost later fails the run the way timely
//! fails it (`lost`). The value of a component is found by rounds of outcome
//! searches, one round per candidate value, whose tasks (the component's
//! options) are shared out among the processes; a process that finds a
//! winning option tells the others at once and they stop (`share`).
//! Each process searches with its own tables and its own pool of
//! `threads` threads, so its memory is its own budget (`search`).
//! Winning moves are shared out the same way. Every process ends with the
//! same answer and the same statistics.
//!
//! The engine knows nothing of this crate: it hands out the keys and rules
//! of the split search ([`grundy::Ruleset::split_components`]), and this
//! crate (the only one that depends on timely) shares out the searches.

#![warn(missing_docs)]
mod claims;
mod connect;
mod lost;
mod net;
mod search;
mod share;
mod solvers;

use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use grundy::ruleset::SplitComponent;
use grundy::Limits;
use serde::Serialize;
use timely::worker::Worker;

pub use connect::Hosts;
pub use net::Traffic;

/// Why a cluster run failed; each is one line, in the user's terms.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The hosts file or the process index is wrong.
    #[error("{0}")]
    Hosts(String),
    /// The processes could not all connect, or did not all answer the
    /// first round in time.
    #[error("{0}")]
    Connect(String),
    /// A peer's connection broke in the middle of the run.
    #[error("{0}")]
    Lost(String),
    /// The search stopped (a budget, a worker's failure).
    #[error("{0}")]
    Search(String),
    /// A process's user stopped the search (Ctrl-C on a checkpointed
    /// run): every process stops with this.
    #[error("{0}")]
    Interrupted(String),
}

/// Where this process stands in its cluster.
#[derive(Clone, Debug)]
pub struct Cluster {
    /// Every process's address.
    pub hosts: Hosts,
    /// This process's index (its line in the hosts file, from 0).
    pub process: usize,
    /// Workers in each process (the same in every process).
    pub threads: usize,
    /// How long to wait for the other processes to connect.
    pub wait: Duration,
    /// What this process was asked (game and position): processes asked
    /// different questions refuse to work together.
    pub question: String,
    /// What this process has sent and received so far.
    pub traffic: Arc<Traffic>,
}

/// What a cluster run did; the same in every process.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct Stats {
    /// Processes in the cluster.
    pub processes: usize,
    /// Search threads, over all processes.
    pub workers: usize,
    /// Positions searched by all processes together, by the size of the
    /// component (the game's measure: squares, vertices) whose value they
    /// served; winning moves' searches are not counted here.
    pub valued: BTreeMap<u32, u64>,
    /// Positions searched by all processes together, winning moves
    /// included.
    pub searched: u64,
    /// Rounds of shared searches.
    pub rounds: u64,
    /// Always 0: the search has no forward pass since the cluster runs
    /// the split search (kept so that readers of the old field still
    /// parse).
    pub forward_rounds: u64,
    /// The rounds, under their old name.
    pub backward_rounds: u64,
    /// Messages between processes (rounds' tallies not counted).
    pub messages: u64,
}

/// What the cluster asks: the position and the moves to check.
pub struct Question {
    /// The components of the position, as split-search keys.
    pub components: Vec<SplitComponent>,
    /// The moves of the position, each as what it leaves of its component;
    /// those that win are listed.
    pub moves: Vec<MoveCheck>,
}

pub use search::MoveCheck;

/// The values of the components, the winning moves, and what finding
/// them took.
#[derive(Clone, Debug)]
pub struct Answer {
    /// Each component's nimber.
    pub values: Vec<u64>,
    /// The indices of the question's moves that win, in order.
    pub winning: Vec<usize>,
    /// What the run did.
    pub stats: Stats,
}

impl Cluster {
    /// This process of the cluster `hosts`, checked.
    pub fn new(
        hosts: Hosts,
        process: usize,
        threads: usize,
        wait: Duration,
        question: String,
    ) -> Result<Cluster, Error> {
        let n = hosts.addresses.len();
        if process >= n {
            return Err(Error::Hosts(format!(
                "--process {process} is out of range: {} lists {n} process{} (0 to {})",
                hosts.path,
                if n == 1 { "" } else { "es" },
                n - 1
            )));
        }
        Ok(Cluster {
            hosts,
            process,
            threads: threads.max(1),
            wait,
            question,
            traffic: Arc::default(),
        })
    }

    /// What identifies the question, checked in the first round, with
    /// the messages' format ([`net::WIRE`]): processes of builds whose
    /// messages differ would misread each other's.
    fn digest(&self) -> u64 {
        // FNV-1a: the same in every build, unlike std's hasher.
        // Not the threads: processes on unlike machines may differ.
        let text = format!(
            "{}\n{:?}\nmessages {}",
            self.question,
            self.hosts.addresses,
            net::WIRE
        );
        text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        })
    }

    /// Answers `question` with every process of the cluster, this one
    /// searching within `limits`. The wait for the others covers the
    /// connection and the first round, so that something silent at a
    /// peer's address cannot hold the run.
    pub fn solve(&self, question: Question, limits: &Limits) -> Result<Answer, Error> {
        self.run(question, None, limits)
    }

    /// Fails the run for every process with `why`, a failure this one met
    /// before the cluster connected (its checkpoint held by another run,
    /// or damaged): it connects and tells the others in the first round,
    /// so that they stop with its reason at once instead of waiting for
    /// it until `--wait` runs out.
    pub fn refuse(&self, why: String, limits: &Limits) -> Error {
        let nothing = Question {
            components: Vec::new(),
            moves: Vec::new(),
        };
        match self.run(nothing, Some(why.clone()), limits) {
            // Told in the first round: this failure, or another process's.
            Err(Error::Search(told)) => Error::Search(told),
            // Never told (the others never came, or a stop came first):
            // this process still says why it failed.
            _ => Error::Search(format!("process {}: {why}", self.process)),
        }
    }

    /// [`Cluster::solve`], or with `refused` the failure
    /// [`Cluster::refuse`] tells.
    fn run(
        &self,
        question: Question,
        refused: Option<String>,
        limits: &Limits,
    ) -> Result<Answer, Error> {
        lost::watch();
        let deadline = Instant::now() + self.wait;
        let stop = limits.stop.as_deref();
        let (builders, network) = connect::connect(&self.hosts, self.process, self.wait, stop)?;
        let (hello, greeted) = mpsc::channel();
        let (answered, answer) = mpsc::channel();
        let job = Job {
            question,
            refused,
            limits: limits.clone(),
            traffic: self.traffic.clone(),
            digest: self.digest(),
            me: self.process,
            addresses: self.hosts.addresses.clone(),
            threads: self.threads,
        };
        let guards = timely::execute::execute_from(
            builders,
            Box::new(()),
            timely::WorkerConfig::default(),
            // Sent rather than returned: a worker held in timely's
            // teardown after a lost peer (see `lost`) never returns.
            move |worker| drop(answered.send(job.answer(worker, &hello))),
        )
        .map_err(Error::Connect)?;
        let mut within = None;
        match greeting(&greeted, deadline, stop) {
            Greeting::Answering => {}
            // The worker tells the others and stops too, unless it waits
            // on a silent peer: a few seconds for it to answer (a peer
            // just connected on a loaded machine may take more than one;
            // left sooner, it would find this process lost).
            Greeting::Stopped => within = Some(Instant::now() + STOP_WAIT),
            Greeting::Silent => {
                // The worker waits on the silent peer for ever: left behind.
                std::mem::forget(guards);
                network.abandon();
                return Err(connect::not_all_answered(
                    &self.hosts,
                    self.process,
                    self.wait,
                ));
            }
        }
        let Some(answered) = answer_of(&answer, &guards, within) else {
            std::mem::forget(guards);
            network.abandon();
            return Err(Error::Interrupted(
                "stopped while the processes connected".into(),
            ));
        };
        goodbye(guards);
        self.ended(answered, network)
    }

    /// The run's end: the worker's answer (a peer that leaves after it
    /// cannot take it away), else a lost peer or the worker's failure.
    fn ended(
        &self,
        answered: Option<Result<Answer, share::Stop>>,
        network: connect::Guard,
    ) -> Result<Answer, Error> {
        let me = self.process;
        match (answered, lost::lost()) {
            (Some(answer), _) => {
                lost::closing(|| drop(network));
                answer.map_err(|stop| match stop {
                    share::Stop::Interrupted(why) => Error::Interrupted(why),
                    share::Stop::Failed(why) => Error::Search(why),
                })
            }
            (_, Some(peer)) => {
                network.abandon();
                Err(Error::Lost(format!(
                    "process {me}: lost the connection to process {peer} at {} ({})",
                    self.hosts.addresses[peer],
                    self.hosts.source()
                )))
            }
            (None, None) => {
                network.abandon();
                Err(Error::Search(format!(
                    "process {me}: its worker failed (the message above says how)"
                )))
            }
        }
    }
}

/// What each worker of a run is given: the question and what it needs
/// to answer it with the other processes.
struct Job {
    question: Question,
    /// The failure [`Cluster::refuse`] tells instead of searching.
    refused: Option<String>,
    limits: Limits,
    traffic: Arc<Traffic>,
    /// [`Cluster::digest`].
    digest: u64,
    /// This process's index.
    me: usize,
    addresses: Vec<String>,
    /// Search threads in each process.
    threads: usize,
}

impl Job {
    /// The worker's part of the run: it greets the others (telling
    /// `hello` once every process was heard), then values the components
    /// and checks the moves with them.
    fn answer(&self, worker: &mut Worker, hello: &mpsc::Sender<()>) -> Result<Answer, share::Stop> {
        let net = net::Net::new(worker, self.traffic.clone(), self.limits.stop.clone());
        let mut crew = share::Crew::new(worker, net, self.limits.clone(), self.threads)?;
        if let Some(why) = self.refused.clone() {
            return Err(crew.fail(why));
        }
        same_question(
            self.me,
            &self.addresses,
            self.digest,
            &crew.hello(self.digest)?,
        )?;
        let _ = hello.send(());
        let mut solvers = solvers::Solvers::default();
        let components = &self.question.components;
        let (values, valued) = search::values(&mut crew, &mut solvers, components)?;
        let winning = search::winning(&mut crew, &mut solvers, &values, &self.question.moves)?;
        let stats = Stats {
            processes: self.addresses.len(),
            workers: crew.workers,
            valued,
            searched: crew.searched,
            rounds: crew.net.rounds,
            forward_rounds: 0,
            backward_rounds: crew.net.rounds,
            messages: crew.net.messages,
        };
        Ok(Answer {
            values,
            winning,
            stats,
        })
    }
}

/// Timely's teardown, which says goodbye to the peers (a process that
/// left without it would look lost to them), given a few seconds at
/// most: a peer that went silent cannot hold it.
fn goodbye(guards: timely::communication::WorkerGuards<()>) {
    let ended = || guards.guards().iter().all(|g| g.is_finished());
    let until = Instant::now() + Duration::from_secs(5);
    while !ended() && !lost::held() && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(10));
    }
    if ended() {
        let _ = guards.join();
    } else {
        // Held after a lost peer (see `lost`), or silent: left behind.
        std::mem::forget(guards);
    }
}

/// How long a process stopped before its first round waits for it.
const STOP_WAIT: Duration = Duration::from_secs(4);

/// How the wait for the worker's first round ended.
enum Greeting {
    /// The worker answers from here: every process was heard, or the
    /// worker ended, or a peer was lost (the worker then answers, as when
    /// the stop it heard ends the run, or is held: [`answer_of`]).
    Answering,
    /// The user stopped the run.
    Stopped,
    /// The deadline passed with a peer silent.
    Silent,
}

/// Waits until the worker has heard every process (`hello`), a peer is
/// lost, the user stops the run, or `deadline`, looking every 10 ms.
fn greeting(hello: &mpsc::Receiver<()>, deadline: Instant, stop: Option<&AtomicBool>) -> Greeting {
    const LOOK: Duration = Duration::from_millis(10);
    loop {
        if lost::lost().is_some() {
            return Greeting::Answering;
        }
        if stop.is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed)) {
            return Greeting::Stopped;
        }
        let left = deadline.saturating_duration_since(Instant::now());
        match hello.recv_timeout(left.min(LOOK)) {
            Ok(()) => return Greeting::Answering,
            // The worker ended before its first round: it says why.
            Err(mpsc::RecvTimeoutError::Disconnected) => return Greeting::Answering,
            Err(mpsc::RecvTimeoutError::Timeout) if !left.is_zero() => {}
            Err(mpsc::RecvTimeoutError::Timeout) => return Greeting::Silent,
        }
    }
}

/// The worker's answer, or `Some(None)` when it failed without one: it
/// ended (a bug, printed as such), or it is held after a lost peer
/// ([`lost`]), which it reaches within a step of timely once the peer is
/// gone. `None` when `within` passes first.
fn answer_of(
    answer: &mpsc::Receiver<Result<Answer, share::Stop>>,
    guards: &timely::communication::WorkerGuards<()>,
    within: Option<Instant>,
) -> Option<Option<Result<Answer, share::Stop>>> {
    const LOOK: Duration = Duration::from_millis(10);
    let ended = || guards.guards().iter().all(|g| g.is_finished());
    loop {
        match answer.recv_timeout(LOOK) {
            Ok(answered) => return Some(Some(answered)),
            Err(mpsc::RecvTimeoutError::Disconnected) => return Some(None),
            // Sent before it was held or ended, if it was.
            Err(mpsc::RecvTimeoutError::Timeout) if lost::held() || ended() => {
                return Some(answer.try_recv().ok());
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if within.is_some_and(|t| Instant::now() >= t) {
                    return None;
                }
            }
        }
    }
}

/// Fails unless every worker (one per process: timely runs one worker
/// thread in each) was asked the question of `digest`, as this one.
fn same_question(
    me: usize,
    addresses: &[String],
    digest: u64,
    questions: &[(u64, u64)],
) -> Result<(), share::Stop> {
    match questions.iter().find(|q| q.1 != digest) {
        None => Ok(()),
        Some(&(other, _)) => Err(share::Stop::Failed(format!(
            "process {me}: process {other} at {} runs another game, position, --max-moves or hosts file, or a build of grundy whose messages differ (every process must be given the same)",
            addresses[other as usize]
        ))),
    }
}
