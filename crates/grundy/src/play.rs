//! Perfect play on whole positions: the state graph of a position, and the
//! move a perfect player makes.
//!
//! A position is its components' texts; [`Ruleset::position_moves`] gives
//! its moves. When every position reachable from it fits the state budget,
//! the state graph is built and solved completely ([`StateGraph`]): the
//! perfect move is then exact for every game, loopy ones included: the
//! fastest win, else a move that keeps a draw, else the slowest loss.
//! Larger positions fall back on the game's own analysis (its winning
//! moves are exact; without one, the move kept is the one whose position is
//! best for us by [`Ruleset::analyze`]: a draw over a loss).

use crate::error::{Error, Result};
use crate::game::{Game, Limits, Outcome};
use crate::ruleset::{Move, PositionMove, Ruleset, Value};
use crate::solve::retro::{explore, Solved};

/// The position a misère game reaches after its last move: whoever made
/// that move has lost, so the player to move from a finished position wins,
/// which the graph expresses as one more move to this dead end.
const MISERE_END: &str = "#end";

/// The whole-position game of a ruleset, for [`explore`].
struct Positions<'a> {
    ruleset: &'a dyn Ruleset,
    limits: Limits,
    misere: bool,
    /// The first failure while listing moves (`Game::moves` cannot fail).
    failure: std::cell::RefCell<Option<Error>>,
    /// The bytes of position text listed so far, against
    /// [`TEXT_PER_STATE`] per state of the budget.
    text: std::cell::Cell<u64>,
}

/// The position text that listing moves may produce, on average per state
/// of the budget. A state graph costs the text of every move listed, not
/// only the states stored: a graph of a few hundred Hackenbush edges
/// lists kilobytes per move, and would take hours to explore before its
/// state budget was reached.
const TEXT_PER_STATE: u64 = 128;
/// The text any state graph may list, however small its state budget (a
/// picture's 500 states): enough for every small game.
const MIN_TEXT: u64 = 16 << 20;

impl Game for Positions<'_> {
    type Position = Vec<String>;

    fn moves(&self, p: &Vec<String>, out: &mut Vec<Vec<String>>) {
        if (p.len() == 1 && p[0] == MISERE_END) || self.failure.borrow().is_some() {
            return;
        }
        let moves = self
            .ruleset
            .position_moves(p, &self.limits)
            .and_then(|moves| {
                let listed: usize = moves
                    .iter()
                    .flat_map(|m| &m.next)
                    .map(|part| part.len() + 1)
                    .sum();
                self.text.set(self.text.get().saturating_add(listed as u64));
                let most = (self.limits.max_states.saturating_mul(TEXT_PER_STATE)).max(MIN_TEXT);
                if self.text.get() > most {
                    return Err(Error::limit("the state graph", self.limits.max_states));
                }
                Ok(moves)
            });
        match moves {
            Ok(moves) if moves.is_empty() && self.misere => out.push(vec![MISERE_END.into()]),
            Ok(moves) => out.extend(moves.into_iter().map(|m| m.next)),
            Err(e) => {
                self.failure.borrow_mut().get_or_insert(e);
            }
        }
    }
}

/// Every position reachable from a start, solved.
pub struct StateGraph {
    /// The positions; vertex 0 is the start.
    pub positions: Vec<Vec<String>>,
    /// Outcome, remoteness and value of each vertex, and the edges.
    pub solved: Solved,
    /// Whether the game is played misère (then a finished position is a
    /// win for the player to move, and the vertex [`StateGraph::is_end`]
    /// stands for "the game is over").
    pub misere: bool,
}

impl StateGraph {
    /// Explores and solves every position reachable from `start`; fails
    /// with [`Error::Limit`] when there are more than `limits.max_states`,
    /// or [`Error::Memory`] when they do not fit the memory budget.
    pub fn build(ruleset: &dyn Ruleset, start: &[String], limits: &Limits) -> Result<StateGraph> {
        let game = Positions {
            ruleset,
            limits: limits.clone(),
            misere: ruleset.misere(),
            failure: Default::default(),
            text: Default::default(),
        };
        let explored = explore(&game, &[start.to_vec()], limits)?;
        if let Some(e) = game.failure.into_inner() {
            return Err(e);
        }
        let solved = Solved::new(explored.graph, limits)?;
        Ok(StateGraph {
            positions: explored.positions,
            solved,
            misere: game.misere,
        })
    }

    /// Whether vertex `v` is the misère dead end (not a real position).
    pub fn is_end(&self, v: u32) -> bool {
        self.misere && self.positions[v as usize] == [MISERE_END]
    }
}

/// What a perfect player knows about a position.
#[derive(Clone, Debug)]
pub struct Advice {
    /// Who wins with perfect play.
    pub outcome: Outcome,
    /// The (generalized) value of the whole position, when known.
    pub value: Option<Value>,
    /// Moves to the end with perfect play, when the state graph was built
    /// and the game does not go on for ever.
    pub remoteness: Option<u32>,
    /// The perfect move (none when the game is over).
    pub best: Option<PositionMove>,
    /// Whether the whole state graph was solved (otherwise the advice comes
    /// from the game's analysis, exact for winning moves only).
    pub exact: bool,
}

/// The position after `mv`: a component move replaces that component by
/// the parts of its new text (joined by `+`), a whole-position move gives
/// the position itself.
pub fn apply(components: &[String], mv: &Move) -> Vec<String> {
    match mv.component {
        Some(i) => {
            let mut next = components[..i].to_vec();
            next.extend(mv.to.split('+').map(str::to_string));
            next.extend_from_slice(&components[i + 1..]);
            next
        }
        None => mv.to.split_whitespace().map(str::to_string).collect(),
    }
}

/// The perfect move from `position`, and what is known about it.
pub fn advise(ruleset: &dyn Ruleset, position: &[String], limits: &Limits) -> Result<Advice> {
    match StateGraph::build(ruleset, position, limits) {
        Ok(graph) => Ok(advise_exactly(ruleset, position, &graph, limits)?),
        Err(Error::Limit { .. } | Error::Memory { .. }) => {
            advise_by_analysis(ruleset, position, limits)
        }
        Err(e) => Err(e),
    }
}

fn advise_exactly(
    ruleset: &dyn Ruleset,
    position: &[String],
    graph: &StateGraph,
    limits: &Limits,
) -> Result<Advice> {
    let s = &graph.solved;
    let best = match s.best_option(0) {
        Some(w) if !graph.is_end(w) => {
            let target = &graph.positions[w as usize];
            ruleset
                .position_moves(position, limits)?
                .into_iter()
                .find(|m| &m.next == target)
        }
        _ => None,
    };
    Ok(Advice {
        outcome: s.outcome(0),
        // A misère sum has no Sprague-Grundy value (the XOR rule fails), so
        // the value is left out as `grundy value --misere` leaves it out.
        value: (!graph.misere).then(|| s.value(0)),
        remoteness: s.remoteness(0),
        best,
        exact: true,
    })
}

/// Too many positions to solve: the game's own analysis. Its winning moves
/// are exact; when there is none, every move is tried and the one leaving
/// the opponent the worst outcome (a draw rather than a win) is chosen.
fn advise_by_analysis(
    ruleset: &dyn Ruleset,
    position: &[String],
    limits: &Limits,
) -> Result<Advice> {
    let analysis = ruleset.analyze(position, limits)?;
    let value = analysis.grundy.clone();
    let best = match analysis.winning_moves.first() {
        Some(mv) => Some(PositionMove {
            next: apply(position, mv),
            mv: mv.clone(),
        }),
        None => {
            let moves = ruleset.position_moves(position, limits)?;
            // A few thousand positions to analyze at most; then any move.
            let mut chosen = moves.first().cloned();
            if analysis.outcome == Outcome::D {
                for m in moves.iter().take(2000) {
                    if ruleset.analyze(&m.next, limits)?.outcome == Outcome::D {
                        chosen = Some(m.clone());
                        break;
                    }
                }
            }
            chosen
        }
    };
    Ok(Advice {
        outcome: analysis.outcome,
        value,
        remoteness: None,
        best,
        exact: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{parse, SpecOptions};

    fn texts(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn wins_fast_and_loses_slowly() {
        let nim = parse("nim", SpecOptions::default()).unwrap();
        let a = advise(&*nim, &texts(&["3", "4", "5"]), &Limits::default()).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert!(a.exact);
        assert_eq!(a.best.unwrap().next, texts(&["1", "4", "5"]));
        // A P-position: the slowest loss takes one token at a time.
        let p = advise(&*nim, &texts(&["2", "2"]), &Limits::default()).unwrap();
        assert_eq!((p.outcome, p.remoteness), (Outcome::P, Some(4)));
        let next = p.best.unwrap().next;
        assert!(next == texts(&["1", "2"]) || next == texts(&["2", "1"]));
    }

    #[test]
    fn huge_positions_use_the_analysis() {
        let nim = parse("nim", SpecOptions::default()).unwrap();
        let big = texts(&["1000000000", "7"]);
        let a = advise(&*nim, &big, &Limits::with_max_states(1000)).unwrap();
        assert!(!a.exact);
        assert_eq!(a.best.unwrap().next, texts(&["7", "7"]));
    }

    #[test]
    fn misere_nim_ends_right() {
        let nim = parse(
            "nim",
            SpecOptions {
                misere: true,
                ..SpecOptions::default()
            },
        )
        .unwrap();
        // Heaps 1 1: the mover takes one and leaves the last to the other.
        let a = advise(&*nim, &texts(&["1", "1"]), &Limits::default()).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        let next = a.best.unwrap().next;
        assert!(next == texts(&["0", "1"]) || next == texts(&["1", "0"]));
        let p = advise(&*nim, &texts(&["1"]), &Limits::default()).unwrap();
        assert_eq!(p.outcome, Outcome::P);
    }

    #[test]
    fn splits_become_several_components() {
        let mv = Move {
            component: Some(1),
            to: "3+4".into(),
            note: None,
        };
        assert_eq!(
            apply(&texts(&["1", "8", "2"]), &mv),
            texts(&["1", "3", "4", "2"])
        );
        let whole = Move {
            component: None,
            to: "1 1 1".into(),
            note: None,
        };
        assert_eq!(
            apply(&texts(&["1", "2", "3"]), &whole),
            texts(&["1", "1", "1"])
        );
    }
}
