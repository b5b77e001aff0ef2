//! grundy's board games (Cram, Node Kayles, Chomp) valued by
//! timely-dataflow workers across processes and hosts, for state spaces
//! beyond one machine.
//!
//! Every process is started with the same hosts file (timely's: one
//! `host:port` per line, line `i` for process `i`), its own index and the
//! same position. The processes connect ([`connect`]), then timely runs
//! `threads` workers in each; every component reachable from the position
//! is held by one worker, chosen by a hash of its key, and values travel
//! as messages ([`solve`](mod@solve)). Every process ends with the same
//! values and the same statistics, whatever the number of processes.
//!
//! The engine knows nothing of this crate: it hands out the keys of the
//! split search ([`grundy::Ruleset::split_components`]), and this crate
//! (the only one that depends on timely) values them.

mod connect;
mod net;
mod solve;

use std::collections::BTreeMap;
use std::time::Duration;

use grundy::ruleset::SplitComponent;
use serde::Serialize;
use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely::communication::allocator::ProcessBuilder;
use timely::communication::{AllocatorBuilder, Hooks};

pub use connect::Hosts;

/// Why a cluster run failed; each is one line, in the user's terms.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The hosts file or the process index is wrong.
    #[error("{0}")]
    Hosts(String),
    /// The processes could not all connect.
    #[error("{0}")]
    Connect(String),
    /// The search stopped (a budget, a worker's failure).
    #[error("{0}")]
    Search(String),
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
}

/// What a cluster run did; the same in every process and for any number
/// of processes.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct Stats {
    /// Processes in the cluster.
    pub processes: usize,
    /// Workers, over all processes.
    pub workers: usize,
    /// Components valued, by size (the game's measure: squares, vertices).
    pub valued: BTreeMap<u32, u64>,
    /// Rounds of the forward pass (gathering components).
    pub forward_rounds: u64,
    /// Rounds of the backward pass (valuing them).
    pub backward_rounds: u64,
    /// Messages between workers (rounds' tallies not counted).
    pub messages: u64,
}

impl Stats {
    /// Components valued, of every size.
    pub fn total_valued(&self) -> u64 {
        self.valued.values().sum()
    }
}

/// The values of the components, in order, and what finding them took.
#[derive(Clone, Debug)]
pub struct Answer {
    /// Each component's nimber.
    pub values: Vec<u64>,
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
        })
    }

    /// What identifies the question, for the handshake.
    fn digest(&self) -> u64 {
        // FNV-1a: the same in every build, unlike std's hasher.
        let text = format!(
            "{}\n{}\n{:?}",
            self.question, self.threads, self.hosts.addresses
        );
        text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        })
    }

    /// Values `components` with every process of the cluster, each
    /// worker holding at most `max_states` components divided among this
    /// process's workers.
    pub fn solve(&self, components: Vec<SplitComponent>, max_states: u64) -> Result<Answer, Error> {
        let sockets = connect::connect(&self.hosts, self.process, self.digest(), self.wait)?;
        let hooks = Hooks::default();
        let local = ProcessBuilder::new_typed_vector(self.threads, hooks.refill.clone(), None);
        let (builders, guard) =
            initialize_networking_from_sockets(local, sockets, self.process, self.threads, hooks)
                .map_err(|e| Error::Connect(format!("starting the network: {e}")))?;
        let builders = builders.into_iter().map(AllocatorBuilder::Tcp).collect();
        let max_held = usize::try_from(max_states / self.threads as u64).unwrap_or(usize::MAX);
        let processes = self.hosts.addresses.len();
        let guards = timely::execute::execute_from(
            builders,
            Box::new(guard),
            timely::WorkerConfig::default(),
            move |worker| {
                let mut net = net::Net::new(worker);
                let mut stats = Stats {
                    processes,
                    workers: net.workers,
                    ..Stats::default()
                };
                let mut values = Vec::with_capacity(components.len());
                for c in &components {
                    let search = solve::Search::new(&c.rules, max_held.max(1));
                    let parts = search.run(worker, &mut net, &c.keys, &mut stats)?;
                    values.push(parts.into_iter().fold(0, |a, v| a ^ v));
                }
                Ok(Answer { values, stats })
            },
        )
        .map_err(Error::Connect)?;
        match guards.join().into_iter().next() {
            Some(Ok(answer)) => answer.map_err(Error::Search),
            Some(Err(panic)) => Err(Error::Search(format!("a worker failed: {panic}"))),
            None => Err(Error::Search("no worker ran".into())),
        }
    }
}
