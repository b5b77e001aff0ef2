//! What each worker does: value every component reachable from the
//! position, each held by the worker that owns it (by a hash of its key).
//!
//! Forward, round by round, each worker lists the options of the
//! components it has just been given and sends every part to the part's
//! owner (`Need`), which keeps the part once and remembers who needs it.
//! Backward, a component whose parts' values have all come in is valued
//! (the mex of its options, an option worth the XOR of its parts) and its
//! value goes to the owners of the components that need it (`Value`).
//! Both passes end in the round where no worker sent anything.

use std::collections::BTreeMap;
use std::sync::Arc;

use grundy::solve::split::{cancel_pairs, Split};
use grundy::MexSet;
use rustc_hash::{FxHashMap, FxHashSet};
use timely::worker::Worker;

use crate::net::{Msg, Net, Tally};
use crate::Stats;

/// A component held by its owner.
#[derive(Default)]
struct Node {
    /// The components (held elsewhere, or here) one of whose options has
    /// this one as a part.
    parents: Vec<u128>,
    /// Parts whose value has not come in yet.
    pending: usize,
    /// The value, once known.
    value: Option<u64>,
}

/// One worker's share of one component's search.
pub struct Search<'a> {
    rules: &'a Arc<dyn Split + Send>,
    /// The most components this worker may hold.
    max_held: usize,
    nodes: FxHashMap<u128, Node>,
    /// Values of the parts of this worker's components.
    known: FxHashMap<u128, u64>,
    /// Buffers for listing options.
    parts: Vec<u128>,
    ends: Vec<usize>,
}

impl<'a> Search<'a> {
    /// A search under `rules`, holding at most `max_held` components.
    pub fn new(rules: &'a Arc<dyn Split + Send>, max_held: usize) -> Self {
        Search {
            rules,
            max_held,
            nodes: FxHashMap::default(),
            known: FxHashMap::default(),
            parts: Vec::new(),
            ends: Vec::new(),
        }
    }

    /// Every option of `key` as its parts, equal pairs cancelled.
    fn options(&mut self, key: u128) -> Vec<Vec<u128>> {
        self.parts.clear();
        self.ends.clear();
        self.rules.options(key, &mut self.parts, &mut self.ends);
        let mut start = 0;
        let mut out = Vec::with_capacity(self.ends.len());
        for &end in &self.ends {
            out.push(cancel_pairs(self.parts[start..end].to_vec()));
            start = end;
        }
        out
    }

    /// The values of `keys` (the components of one position), with what it
    /// took; every worker returns the same.
    pub fn run(
        mut self,
        worker: &mut Worker,
        net: &mut Net,
        keys: &[u128],
        stats: &mut Stats,
    ) -> Result<Vec<u64>, String> {
        let (start, sent) = (net.rounds, net.messages);
        self.forward(worker, net, keys)?;
        stats.forward_rounds += net.rounds - start;
        let start = net.rounds;
        let valued = self.backward(worker, net)?;
        stats.backward_rounds += net.rounds - start;
        stats.messages += net.messages - sent;
        for (size, n) in valued {
            *stats.valued.entry(size).or_default() += n;
        }
        // The components of the position, told to everyone.
        for &k in keys {
            if let Some(v) = self.nodes.get(&k).and_then(|n| n.value) {
                for w in 0..net.workers {
                    net.send(w, Msg::Root { key: k, value: v });
                }
            }
        }
        let (msgs, _) = net.round(worker, Tally::default());
        let roots: FxHashMap<u128, u64> = msgs
            .into_iter()
            .filter_map(|m| match m {
                Msg::Root { key, value } => Some((key, value)),
                _ => None,
            })
            .collect();
        keys.iter()
            .map(|k| {
                roots
                    .get(k)
                    .copied()
                    .ok_or("a component was never valued".into())
            })
            .collect()
    }

    /// Gathers every component reachable from `keys`, each at its owner.
    fn forward(&mut self, worker: &mut Worker, net: &mut Net, keys: &[u128]) -> Result<(), String> {
        let mut fresh: Vec<u128> = Vec::new();
        for &k in keys {
            if net.owner(k) == net.me && !self.nodes.contains_key(&k) {
                self.nodes.insert(k, Node::default());
                fresh.push(k);
            }
        }
        loop {
            for k in std::mem::take(&mut fresh) {
                let distinct: FxHashSet<u128> = self.options(k).into_iter().flatten().collect();
                self.nodes.get_mut(&k).expect("held").pending = distinct.len();
                for p in distinct {
                    net.send(
                        net.owner(p),
                        Msg::Need {
                            child: p,
                            parent: k,
                        },
                    );
                }
            }
            let failure = (self.nodes.len() > self.max_held).then(|| {
                format!(
                    "worker {} holds more than {} components; raise the limit (--max-states, per process) or add processes",
                    net.me, self.max_held
                )
            });
            let (msgs, sum) = net.round(
                worker,
                Tally {
                    failure,
                    ..Tally::default()
                },
            );
            if let Some(why) = sum.failure {
                return Err(why);
            }
            for m in msgs {
                if let Msg::Need { child, parent } = m {
                    let node = self.nodes.entry(child).or_insert_with(|| {
                        fresh.push(child);
                        Node::default()
                    });
                    node.parents.push(parent);
                }
            }
            if sum.sent == 0 {
                return Ok(());
            }
        }
    }

    /// Values every component held, parts first; returns how many
    /// components of each size every worker valued.
    fn backward(&mut self, worker: &mut Worker, net: &mut Net) -> Result<Vec<(u32, u64)>, String> {
        let mut ready: Vec<u128> = (self.nodes.iter())
            .filter(|(_, n)| n.pending == 0)
            .map(|(&k, _)| k)
            .collect();
        let mut valued: BTreeMap<u32, u64> = BTreeMap::new();
        let mut all = BTreeMap::new();
        loop {
            for k in std::mem::take(&mut ready) {
                let v = self.mex(k);
                *valued.entry(self.rules.size(k)).or_default() += 1;
                let node = self.nodes.get_mut(&k).expect("held");
                node.value = Some(v);
                // Told once: the list is not needed again.
                for p in std::mem::take(&mut node.parents) {
                    net.send(
                        net.owner(p),
                        Msg::Value {
                            parent: p,
                            child: k,
                            value: v,
                        },
                    );
                }
            }
            let tally = Tally {
                valued: std::mem::take(&mut valued).into_iter().collect(),
                ..Tally::default()
            };
            let (msgs, sum) = net.round(worker, tally);
            for (size, n) in sum.valued {
                *all.entry(size).or_default() += n;
            }
            for m in msgs {
                if let Msg::Value {
                    parent,
                    child,
                    value,
                } = m
                {
                    self.known.insert(child, value);
                    let node = self.nodes.get_mut(&parent).expect("a parent is held");
                    node.pending -= 1;
                    if node.pending == 0 {
                        ready.push(parent);
                    }
                }
            }
            if sum.sent == 0 {
                break;
            }
        }
        if self.nodes.values().any(|n| n.value.is_none()) {
            return Err("the game's options form a cycle: a component was never valued".into());
        }
        Ok(all.into_iter().collect())
    }

    /// The value of `key` from its parts' values.
    fn mex(&mut self, key: u128) -> u64 {
        let mut seen = MexSet::new();
        for option in self.options(key) {
            seen.insert(option.iter().fold(0, |acc, p| acc ^ self.known[p]));
        }
        seen.mex()
    }
}
