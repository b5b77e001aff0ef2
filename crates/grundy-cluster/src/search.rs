//! The cluster's questions, asked of the engine's split search
//! ([`grundy::solve::split`]) with the work shared among the workers.
//!
//! A component `C` is worth the least `n` for which `C + *n` is lost for
//! the player to move, which is when no option `C'` of `C` leaves
//! `C' + *n` lost. So for `n = 0, 1, ...` the options of `C` are shared
//! out as tasks (is `C' + *n` lost?, one outcome search each, exactly the
//! searches one process makes), and the first round in which no worker
//! finds one gives the value. Winning moves are then shared out the same
//! way: a move is winning when what it leaves of its component is worth
//! the total XOR the component's value.

use std::collections::BTreeMap;
use std::sync::Arc;

use grundy::ruleset::SplitComponent;
use grundy::solve::split::{cancel_pairs, OptionList, Split};

use crate::share::{Crew, Stop, Want};
use crate::solvers::Solvers;

/// The values of `components` (each the XOR of its keys' values), and
/// the positions searched for each component's keys, by its size.
pub fn values(
    crew: &mut Crew,
    solvers: &mut Solvers,
    components: &[SplitComponent],
) -> Result<(Vec<u64>, BTreeMap<u32, u64>), Stop> {
    let mut values = Vec::with_capacity(components.len());
    let mut by_size = BTreeMap::new();
    for c in components {
        let mut total = 0;
        for key in cancel_pairs(c.keys.clone()) {
            let before = crew.searched;
            total ^= value(crew, solvers, &c.rules, key)?;
            *by_size.entry(c.rules.size(key)).or_default() += crew.searched - before;
        }
        values.push(total);
    }
    Ok((values, by_size))
}

/// The value of the component `key` under `rules`, by rounds of outcome
/// searches shared among the workers.
fn value(
    crew: &mut Crew,
    solvers: &mut Solvers,
    rules: &Arc<dyn Split + Send>,
    key: u128,
) -> Result<u64, Stop> {
    let solver = match solvers.of(rules, &crew.limits, crew.net.workers) {
        Ok(s) => s,
        Err(why) => return Err(crew.fail(why)),
    };
    let mut n = 0;
    match rules.zero_by_theory(key) {
        Some(true) => return Ok(0),
        Some(false) => n = 1,
        None => {}
    }
    if crew.net.workers == 1 {
        // Nothing to share: the search of one machine, as it is.
        let v = (crew.pool).install(|| solver.sum(&**rules, &[key], &crew.limits));
        crew.searched = solvers.searched();
        return v.map_err(Stop::from);
    }
    let options = options(rules, key);
    if n == 0 && options.iter().any(|o| worth_zero_by_theory(rules, o)) {
        // A move to a position the theory says is lost (the mirror move
        // of a symmetric board, say) ends round 0 at once: the round's
        // blocks of tasks would reach it only after searching those
        // before it (Node Kayles grid:3x31 on three processes: 1.4-1.8 s).
        n = 1;
    }
    loop {
        let check =
            |i: usize, limits: &grundy::Limits| solver.sum_is(&**rules, &options[i], n, limits);
        let found = crew.round(options.len(), Want::One, check, solvers)?;
        if found.is_empty() {
            return Ok(n);
        }
        n += 1;
    }
}

/// Whether the game's theory alone says the option of `parts` is worth 0
/// (every part is, or there is none): the same in every process, so all
/// may skip the round it would end.
fn worth_zero_by_theory(rules: &Arc<dyn Split + Send>, parts: &[u128]) -> bool {
    parts.iter().all(|&k| rules.zero_by_theory(k) == Some(true))
}

/// The distinct options of `key`, each as its parts with equal pairs
/// cancelled, in the order the rules list them (the same in every
/// process): options equal under the board's symmetries are one task.
fn options(rules: &Arc<dyn Split + Send>, key: u128) -> Vec<Vec<u128>> {
    let mut list = OptionList::default();
    rules.options(key, &mut list);
    let mut seen = rustc_hash::FxHashSet::default();
    let mut out = Vec::with_capacity(list.len());
    for i in 0..list.len() {
        let option = cancel_pairs(list.option(i).to_vec());
        if seen.insert(option.clone()) {
            out.push(option);
        }
    }
    out
}

/// A move to check: what it leaves of the component it is made in.
pub struct MoveCheck {
    /// The component moved in.
    pub component: usize,
    /// What the move leaves of it, as split-search components.
    pub parts: Vec<SplitComponent>,
}

/// The indices of the `moves` that leave the position worth 0, given the
/// components' `values`: each leaves its component worth the total XOR
/// the component's value.
pub fn winning(
    crew: &mut Crew,
    solvers: &mut Solvers,
    values: &[u64],
    moves: &[MoveCheck],
) -> Result<Vec<usize>, Stop> {
    let total = values.iter().fold(0, |a, v| a ^ v);
    if total == 0 || moves.is_empty() {
        return Ok(Vec::new());
    }
    // Moves that leave the same (by the board's symmetries) are one task.
    let (firsts, class) = classes(moves);
    // Every checked part's solver exists before the round (each thread
    // reads them).
    let mut tables = Vec::with_capacity(firsts.len());
    for &i in &firsts {
        let parts: Result<Vec<_>, String> = (moves[i].parts.iter())
            .map(|p| solvers.of(&p.rules, &crew.limits, crew.net.workers))
            .collect();
        match parts {
            Ok(parts) => tables.push(parts),
            Err(why) => return Err(crew.fail(why)),
        }
    }
    let check = |c: usize, limits: &grundy::Limits| {
        let (m, solvers) = (&moves[firsts[c]], &tables[c]);
        let target = total ^ values[m.component];
        match (&m.parts[..], &solvers[..]) {
            ([], _) => Ok(target == 0),
            // One outcome search: is what is left plus `*target` lost?
            ([p], [s]) => s.sum_is(&*p.rules, &p.keys, target, limits),
            // Parts under rules of their own are valued one by one.
            (parts, _) => {
                let mut sum = 0;
                for (p, s) in parts.iter().zip(solvers) {
                    sum ^= s.sum(&*p.rules, &p.keys, limits)?;
                }
                Ok(sum == target)
            }
        }
    };
    let found = crew.round(firsts.len(), Want::All, check, solvers)?;
    Ok((0..moves.len())
        .filter(|&i| found.binary_search(&class[i]).is_ok())
        .collect())
}

/// What a move leaves of one part: its rules' scope and its keys.
type Left = (String, Vec<u128>);

/// The moves grouped by what they leave: the first move of each group,
/// and each move's group.
fn classes(moves: &[MoveCheck]) -> (Vec<usize>, Vec<usize>) {
    let mut groups: rustc_hash::FxHashMap<(usize, Vec<Left>), usize> = Default::default();
    let mut firsts = Vec::new();
    let class = (moves.iter().enumerate())
        .map(|(i, m)| {
            let left = (m.parts.iter())
                .map(|p| (p.rules.scope(), cancel_pairs(p.keys.clone())))
                .collect();
            *groups.entry((m.component, left)).or_insert_with(|| {
                firsts.push(i);
                firsts.len() - 1
            })
        })
        .collect();
    (firsts, class)
}
