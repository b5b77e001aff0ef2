//! Compounds of games (Winning Ways, chapter 9): who wins when several
//! components are played together in one of the ways
//! [`Compound`] names, and by which moves.
//!
//! Each compound with a theorem is decided by it, from numbers of the
//! components alone ([`graph`]):
//! - the sum (disjunctive compound) in normal play, by the nim-sum of the
//!   values;
//! - the diminished sum, by the values of the components played short of
//!   their ends: in normal play whoever can end a component wins at once,
//!   in misère play nobody ends one unless forced;
//! - the conjunctive compound, by the least remoteness, whose parity says
//!   who wins (Smith);
//! - the continued conjunctive compound, by the greatest suspense number;
//! - the selective compound in normal play: it is lost exactly when every
//!   component is;
//! - the shortened selective compound, by the same values short of the
//!   ends as the diminished sum, decided as the selective compound is:
//!   whoever can end a component wins at once (normal play) or nobody ends
//!   one (misère play), and otherwise the position is lost exactly when
//!   every component is lost short of its end (any set of components may
//!   move, so a player answers each component on its own).
//!
//! In misère play a position without a move is won, which changes the
//! counts' start but not the theorems (the parities swap). The others (the
//! misère sum of different games and the misère selective compound) are
//! decided by search of the compound's positions (`search`). The tests check every one against a brute
//! force of the compound's own rules.

pub mod graph;
mod search;

pub use graph::{explore_sum, ComponentGraph, Count, Cut};

use crate::answer::compound::{Compound, PartNumbers};
use crate::answer::Outcome;
use crate::error::{Error, Result};
use crate::game::Limits;

/// Calls `f` with every move of the compound `kind` from a position whose
/// components have `options[i]` options each (`0`: the component has
/// ended), as a choice per component (`None`: it stays, `Some(j)`: it
/// moves to its option `j`), until `f` returns `false`. This is the one
/// place where the compounds' rules of play are written.
pub fn for_each_choice(
    kind: Compound,
    options: &[usize],
    f: &mut dyn FnMut(&[Option<usize>]) -> bool,
) {
    let n = options.len();
    if kind.ends_early() && options.contains(&0) {
        return;
    }
    let mut choice = vec![None; n];
    if matches!(kind, Compound::Disjunctive | Compound::Diminished) {
        for i in 0..n {
            for j in 0..options[i] {
                choice[i] = Some(j);
                if !f(&choice) {
                    return;
                }
            }
            choice[i] = None;
        }
        return;
    }
    // Each component's choices: its options, and staying where it is when
    // the compound allows (a continued compound's ended components, any
    // component of a selective one).
    let stays = |i: usize| match kind {
        Compound::Continued => options[i] == 0,
        Compound::Selective | Compound::Shortened => true,
        _ => false,
    };
    let lists: Vec<Vec<Option<usize>>> = (0..n)
        .map(|i| {
            let stay = stays(i).then_some(None);
            stay.into_iter().chain((0..options[i]).map(Some)).collect()
        })
        .collect();
    if n == 0 || lists.iter().any(Vec::is_empty) {
        return;
    }
    let mut at = vec![0usize; n];
    loop {
        for (i, l) in lists.iter().enumerate() {
            choice[i] = l[at[i]];
        }
        if choice.iter().any(Option::is_some) && !f(&choice) {
            return;
        }
        // The next choice, the first component turning fastest.
        let mut i = 0;
        loop {
            if i == n {
                return;
            }
            at[i] += 1;
            if at[i] < lists[i].len() {
                break;
            }
            at[i] = 0;
            i += 1;
        }
    }
}

/// Calls `f` with every position one move of the compound `kind` away
/// from `state` (a position of each component), until `f` returns
/// `false`.
pub fn for_each_move(
    kind: Compound,
    graphs: &[&ComponentGraph],
    state: &[u32],
    f: &mut dyn FnMut(&[u32]) -> bool,
) {
    let options: Vec<&[u32]> = (0..state.len())
        .map(|i| graphs[i].options(state[i]))
        .collect();
    let counts: Vec<usize> = options.iter().map(|o| o.len()).collect();
    let mut next = state.to_vec();
    for_each_choice(kind, &counts, &mut |choice| {
        for (i, c) in choice.iter().enumerate() {
            next[i] = c.map_or(state[i], |j| options[i][j]);
        }
        f(&next)
    });
}

/// The numbers a compound's theorem reads, one table per component.
enum Theory {
    /// The nim-sum decides (the sum in normal play).
    Nimbers(Vec<Vec<u64>>),
    /// Every component lost decides (the selective compound, normal play).
    AllLost(Vec<Vec<u64>>),
    /// The diminished sum's cuts.
    Cuts(Vec<Vec<Cut>>),
    /// The shortened selective compound: the same cuts, decided as the
    /// selective compound is (lost when every component is lost short of
    /// its end).
    AllCut(Vec<Vec<Cut>>),
    /// Remoteness (`longest == false`) or suspense numbers.
    Counts {
        counts: Vec<Vec<Count>>,
        longest: bool,
    },
    /// No theorem here: search.
    Search,
}

impl Theory {
    fn new(kind: Compound, misere: bool, graphs: &[&ComponentGraph]) -> Theory {
        let each = |f: &dyn Fn(&ComponentGraph) -> Vec<u64>| graphs.iter().map(|g| f(g)).collect();
        match (kind, misere) {
            (Compound::Disjunctive, false) => Theory::Nimbers(each(&|g| g.nimbers())),
            (Compound::Selective, false) => Theory::AllLost(each(&|g| g.nimbers())),
            (Compound::Diminished, _) => {
                Theory::Cuts(graphs.iter().map(|g| g.cuts(misere)).collect())
            }
            (Compound::Shortened, _) => {
                Theory::AllCut(graphs.iter().map(|g| g.cuts(misere)).collect())
            }
            (Compound::Conjunctive | Compound::Continued, _) => {
                let longest = kind == Compound::Continued;
                let counts = graphs.iter().map(|g| g.counts(misere, longest)).collect();
                Theory::Counts { counts, longest }
            }
            _ => Theory::Search,
        }
    }

    /// Whether `state` is lost by the player to move, when a theorem says.
    fn lost(&self, misere: bool, state: &[u32]) -> Option<bool> {
        let at = |i: usize| state[i] as usize;
        Some(match self {
            Theory::Nimbers(v) => (0..state.len()).fold(0, |x, i| x ^ v[i][at(i)]) == 0,
            Theory::AllLost(v) => (0..state.len()).all(|i| v[i][at(i)] == 0),
            Theory::Cuts(c) => {
                let cut = |i: usize| c[i][at(i)];
                let ended = (0..state.len()).any(|i| cut(i) == Cut::Ended);
                let can_end = (0..state.len()).any(|i| cut(i) == Cut::CanEnd);
                let sum = (0..state.len()).fold(0, |x, i| match cut(i) {
                    Cut::Value(v) => x ^ v,
                    _ => x,
                });
                match misere {
                    false => ended || (!can_end && sum == 0),
                    true => !ended && sum == 0,
                }
            }
            Theory::AllCut(c) => {
                let cut = |i: usize| c[i][at(i)];
                let ended = (0..state.len()).any(|i| cut(i) == Cut::Ended);
                let can_end = (0..state.len()).any(|i| cut(i) == Cut::CanEnd);
                // An ended component is not lost short of its end: in
                // misère play its player to move has won.
                let all_lost = (0..state.len()).all(|i| cut(i) == Cut::Value(0));
                match misere {
                    false => ended || (!can_end && all_lost),
                    true => all_lost,
                }
            }
            Theory::Counts { counts, longest } => {
                let mut decisive: Option<Count> = None;
                for i in 0..state.len() {
                    let c = counts[i][at(i)];
                    let better = decisive.is_none_or(|d| match longest {
                        true => c.moves > d.moves,
                        false => c.moves < d.moves,
                    });
                    if better {
                        decisive = Some(c);
                    }
                }
                // No component at all: the compound has ended.
                decisive.map_or(!misere, |c| !c.wins)
            }
            Theory::Search => return None,
        })
    }

    /// What the theorem knows of position `v` of component `i`.
    fn numbers(&self, i: usize, v: u32, wins: bool) -> PartNumbers {
        let v = v as usize;
        let mut out = PartNumbers {
            outcome: Some(if wins { Outcome::N } else { Outcome::P }),
            ..PartNumbers::default()
        };
        match self {
            Theory::Nimbers(t) | Theory::AllLost(t) => out.value = Some(t[i][v]),
            Theory::Cuts(c) | Theory::AllCut(c) => match c[i][v] {
                Cut::Ended => out.state = Some("ended"),
                Cut::CanEnd => out.state = Some("can end"),
                Cut::Value(x) => out.value = Some(x),
            },
            Theory::Counts { counts, longest } => match longest {
                true => out.suspense = Some(counts[i][v].moves),
                false => out.remoteness = Some(counts[i][v].moves),
            },
            Theory::Search => {}
        }
        out
    }
}

/// The rule that decides a compound, in one line, as the text output and
/// the JSON `rule` say it.
pub fn rule(kind: Compound, misere: bool) -> &'static str {
    match (kind, misere) {
        (Compound::Disjunctive, false) => "the first player wins iff the nim-sum of the values is not 0",
        (Compound::Diminished, false) => "whoever can end a component wins at once; otherwise the first player wins iff the nim-sum of the values short of the ends is not 0",
        (Compound::Diminished, true) => "ending a component loses; the first player wins iff one has ended or the nim-sum of the values short of the ends is not 0",
        (Compound::Conjunctive, false) => "the first player wins iff the least remoteness is odd",
        (Compound::Conjunctive, true) => "the first player wins iff the least misère remoteness is even",
        (Compound::Continued, false) => "the first player wins iff the greatest suspense number is odd",
        (Compound::Continued, true) => "the first player wins iff the greatest misère suspense number is even",
        (Compound::Selective, false) => "the first player wins iff some component is an N-position",
        (Compound::Shortened, false) => "whoever can end a component wins at once; otherwise the first player wins iff some component wins short of its end",
        (Compound::Shortened, true) => "ending a component loses; the first player wins iff one has ended or some component wins short of its end",
        _ => "decided by search of the compound's positions",
    }
}

/// Who wins a compound, how, and what each component contributes.
#[derive(Clone, Debug)]
pub struct Decided {
    /// Who wins.
    pub outcome: Outcome,
    /// The positions (one per component) that the winning moves reach.
    pub winning: Vec<Vec<u32>>,
    /// Whether more winning moves exist than are listed (or the listing
    /// was cut by the state budget).
    pub truncated: bool,
    /// Whether a theorem decided it (rather than search).
    pub by_theory: bool,
    /// What the theory knows of each component.
    pub numbers: Vec<PartNumbers>,
}

/// Decides the compound `kind` of `graphs` (each at its position 0) and
/// lists up to `limits.max_moves` winning moves.
pub fn decide(
    kind: Compound,
    misere: bool,
    graphs: &[&ComponentGraph],
    limits: &Limits,
) -> Result<Decided> {
    let theory = Theory::new(kind, misere, graphs);
    let root = vec![0u32; graphs.len()];
    let numbers = graphs
        .iter()
        .enumerate()
        .map(|(i, g)| theory.numbers(i, 0, g.wins(misere)[0]))
        .collect();
    let mut search = search::Search::new(kind, misere, graphs, limits);
    let mut lost = |s: &[u32]| match theory.lost(misere, s) {
        Some(l) => Ok(l),
        None => search.lost(s),
    };
    let outcome = if lost(&root)? { Outcome::P } else { Outcome::N };
    let (mut winning, mut truncated, mut seen) = (Vec::new(), false, 0u64);
    let mut failure = None;
    if outcome == Outcome::N {
        for_each_move(kind, graphs, &root, &mut |next| {
            seen += 1;
            if seen > limits.max_states || winning.len() == limits.max_moves {
                truncated = true;
                return false;
            }
            if seen % 4096 == 0 {
                if let Err(e) = limits.check("listing the compound's winning moves") {
                    failure = Some(e);
                    return false;
                }
            }
            match lost(next) {
                Ok(true) => winning.push(next.to_vec()),
                Ok(false) => {}
                Err(e) => {
                    failure = Some(e);
                    return false;
                }
            }
            true
        });
    }
    if let Some(e) = failure {
        return Err(e);
    }
    let mut has_move = false;
    for_each_move(kind, graphs, &root, &mut |_| {
        has_move = true;
        false
    });
    // A misère compound with no move left is won by the player to move.
    if outcome == Outcome::N && winning.is_empty() && !truncated && has_move && limits.max_moves > 0
    {
        return Err(Error::Internal(format!(
            "the {kind} compound says N but lists no winning move"
        )));
    }
    Ok(Decided {
        outcome,
        winning,
        truncated,
        by_theory: !matches!(theory, Theory::Search),
        numbers,
    })
}
