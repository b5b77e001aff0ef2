//! A worker's tables: one split-search solver per scope of keys, each
//! bounded by the process's budget, sharing what its costly searches
//! find when other workers search beside it.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use grundy::solve::split::{SharedValue, Solver, Split, SPLIT_TABLE_CAP};
use grundy::Limits;
use rustc_hash::FxHashMap;

/// A worker's solvers, one per scope of keys (the same rules share one
/// table), each bounded by the process's budget.
#[derive(Default)]
pub struct Solvers(FxHashMap<String, Arc<Solver>>);

impl Solvers {
    /// The solver for keys of `rules`.
    pub fn of(
        &mut self,
        rules: &Arc<dyn Split + Send>,
        limits: &Limits,
        workers: usize,
    ) -> Result<Arc<Solver>, String> {
        let scope = rules.scope();
        if let Some(s) = self.0.get(&scope) {
            return Ok(s.clone());
        }
        let solver = match workers {
            1 => Solver::new(limits, SPLIT_TABLE_CAP),
            _ => Solver::sharing(limits, SPLIT_TABLE_CAP),
        };
        let solver = Arc::new(solver.map_err(|e| e.to_string())?);
        self.0.insert(scope, solver.clone());
        Ok(solver)
    }

    /// The values each solver found since the last call, by scope.
    pub fn take_found(&self) -> Vec<(String, Vec<SharedValue>)> {
        (self.0.iter())
            .map(|(scope, s)| (scope.clone(), s.take_found()))
            .filter(|(_, v)| !v.is_empty())
            .collect()
    }

    /// Keeps `values` another worker found under `scope`, if this worker
    /// searches that scope.
    pub fn learn(&self, scope: &str, values: &[SharedValue]) {
        if let Some(s) = self.0.get(scope) {
            s.learn(values);
        }
    }

    /// Positions this worker has searched so far.
    pub fn searched(&self) -> u64 {
        (self.0.values())
            .map(|s| s.stats.solved.load(Ordering::Relaxed))
            .sum()
    }
}
