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
//! best for us by [`Ruleset::analyze`]: a draw over a loss). A player
//! whose thinking time runs out first (the front end raises the stop
//! flag) plays a [`guess`]: the first option a quick look proves winning.

use crate::answer::{PositionMove, Value};
use crate::error::{bytes_text, Error, Result};
use crate::game::{Limits, Outcome, StateSpace};
use crate::ruleset::Ruleset;
use crate::solve::retro::{explore, Solved};

mod guess;
mod keys;
pub use guess::guess;
pub use keys::{choose_by_keys, move_keys};

/// A vertex of a state graph.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    /// A position: one text per component.
    Position(Vec<String>),
    /// Where a misère game goes after its last move. Whoever made that
    /// move has lost, so the player to move from a finished position wins,
    /// which the graph expresses as one more move, to this dead end. It is
    /// no position: it is neither drawn nor offered as a move.
    MisereEnd,
}

impl Node {
    /// The position, unless this is the misère dead end.
    pub fn position(&self) -> Option<&[String]> {
        match self {
            Node::Position(p) => Some(p),
            Node::MisereEnd => None,
        }
    }
}

/// The outcome of a position whose player to move has no move: that
/// player loses under normal play and wins under misère play. Every front
/// end that announces the end of a game asks this, so the rule is written
/// once.
pub fn outcome_when_stuck(ruleset: &dyn Ruleset) -> Outcome {
    if ruleset.misere() {
        Outcome::N
    } else {
        Outcome::P
    }
}

/// The whole-position game of a ruleset, for [`explore`].
struct Positions<'a> {
    ruleset: &'a dyn Ruleset,
    limits: Limits,
    misere: bool,
    /// The bytes of position text listed so far, against
    /// [`TEXT_PER_STATE`] per state of the budget.
    text: u64,
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
/// How the limit on that text starts its message.
const MOVES_LISTED: &str = "listing the moves of the state graph";

impl StateSpace for Positions<'_> {
    type Position = Node;

    fn moves(&mut self, node: &Node, out: &mut Vec<Node>) -> Result<()> {
        let Some(p) = node.position() else {
            return Ok(());
        };
        let moves = self.ruleset.position_moves(p, &self.limits)?;
        let listed: usize = moves
            .iter()
            .flat_map(|m| &m.next)
            .map(|part| part.len() + 1)
            .sum();
        self.text = self.text.saturating_add(listed as u64);
        let most = (self.limits.max_states.saturating_mul(TEXT_PER_STATE)).max(MIN_TEXT);
        if self.text > most {
            // Not "too many positions": a few thousand heaps of Nim have
            // millions of moves. Say what passed the budget.
            let what = format!(
                "{MOVES_LISTED} (more than {} of position text: {TEXT_PER_STATE} bytes a state of the budget, and {} at least)",
                bytes_text(most),
                bytes_text(MIN_TEXT)
            );
            return Err(Error::limit(what, self.limits.max_states));
        }
        match moves.is_empty() && self.misere {
            true => out.push(Node::MisereEnd),
            false => {
                // Moves to one position (another copy of an edge cut) are
                // one edge of the graph.
                let mut seen = std::collections::HashSet::new();
                for m in moves {
                    let changed = (m.mv.component).map(|i| i..i + m.mv.parts.len());
                    let next = state(self.ruleset, m.next, changed);
                    if !seen.contains(&next) {
                        seen.insert(next.clone());
                        out.push(Node::Position(next));
                    }
                }
            }
        }
        Ok(())
    }
}

/// `texts` as a state of the graph: each in `changed` (all without it)
/// written as [`Ruleset::canonical`] writes it, without the marks of the
/// move that led there, so that a position reached by different moves
/// (other coins turned, another copy of an edge cut) is one node. The
/// others are the unchanged components of a state, written so already.
fn state(
    ruleset: &dyn Ruleset,
    mut texts: Vec<String>,
    changed: Option<std::ops::Range<usize>>,
) -> Vec<String> {
    let changed = changed.unwrap_or(0..texts.len());
    for t in texts.get_mut(changed).into_iter().flatten() {
        if let Ok(c) = ruleset.canonical(t) {
            *t = c;
        }
    }
    texts
}

/// Every position reachable from a start, solved.
pub struct StateGraph {
    /// The vertices; vertex 0 is the start.
    pub nodes: Vec<Node>,
    /// Outcome, remoteness and value of each vertex, and the edges.
    pub solved: Solved,
    /// Whether the game is played misère (then a finished position is a
    /// win for the player to move, shown by a move to [`Node::MisereEnd`]).
    pub misere: bool,
}

impl StateGraph {
    /// Explores and solves every position reachable from `start`; fails
    /// with [`Error::Limit`] when there are more than `limits.max_states`,
    /// or [`Error::Memory`] when they do not fit the memory budget.
    pub fn build(ruleset: &dyn Ruleset, start: &[String], limits: &Limits) -> Result<StateGraph> {
        let mut game = Positions {
            ruleset,
            limits: limits.clone(),
            misere: ruleset.misere(),
            text: 0,
        };
        let start = state(ruleset, start.to_vec(), None);
        let explored = explore(&mut game, &[Node::Position(start)], limits)?;
        let solved = Solved::new(explored.graph, limits)?;
        Ok(StateGraph {
            nodes: explored.positions,
            solved,
            misere: game.misere,
        })
    }

    /// Whether `err`, from [`Self::build`], says that the graph has more
    /// positions than the state budget (or a position more moves): what a
    /// front end that draws the graph words as too many to draw. The
    /// limit on the text of the moves listed is not one: a few thousand
    /// heaps of Nim have millions of moves, and it says so itself.
    pub fn too_many_positions(err: &Error) -> bool {
        matches!(err, Error::Limit { what, .. } if !what.starts_with(MOVES_LISTED))
    }

    /// The picture's title: the game and the start, written as the graph
    /// writes positions (`turtles tHH` is `turtles THH`).
    pub fn title(&self, ruleset: &dyn Ruleset) -> String {
        let start = self.position(0).unwrap_or_default();
        format!("{} {}", ruleset.name(), start.join(" "))
    }

    /// The position of vertex `v`, unless it is the misère dead end.
    pub fn position(&self, v: u32) -> Option<&[String]> {
        self.nodes[v as usize].position()
    }
}

/// What a perfect player knows about a position.
#[derive(Clone, Debug)]
pub struct Advice {
    /// Who wins with perfect play; `None` when a [`guess`] did not prove
    /// it ([`advise`] always knows).
    pub outcome: Option<Outcome>,
    /// The (generalized) value of the whole position, when known.
    pub value: Option<Value>,
    /// Moves to the end with perfect play, when the state graph was built
    /// and the game does not go on for ever.
    pub remoteness: Option<u32>,
    /// The perfect move (none when the game is over); from a [`guess`],
    /// the move guessed.
    pub best: Option<PositionMove>,
    /// Whether the whole state graph was solved (otherwise the advice comes
    /// from the game's analysis, exact for winning moves only, or is a
    /// [`guess`]).
    pub exact: bool,
}

/// The perfect move from `position`, and what is known about it.
pub fn advise(ruleset: &dyn Ruleset, position: &[String], limits: &Limits) -> Result<Advice> {
    advise_within(ruleset, position, limits.max_states, limits)
}

/// [`advise`] with the whole state graph tried only up to `graph_states`
/// positions and the game's analysis, past it, within `limits`: a server
/// keeps each request's graph small, but the analysis of a compound may
/// need the whole budget.
pub fn advise_within(
    ruleset: &dyn Ruleset,
    position: &[String],
    graph_states: u64,
    limits: &Limits,
) -> Result<Advice> {
    match StateGraph::build(ruleset, position, &limits.within_states(graph_states)) {
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
    let best = match s.best_option(0).and_then(|w| graph.position(w)) {
        Some(target) => ruleset
            .position_moves(position, limits)?
            .into_iter()
            // Every component written as the graph writes it: the
            // position asked may be written otherwise (`04`).
            .find(|m| state(ruleset, m.next.clone(), None) == target),
        None => None,
    };
    Ok(Advice {
        outcome: Some(s.outcome(0)),
        // A misère sum has no Sprague-Grundy value (the XOR rule fails), so
        // the value is left out as `grundy value --misere` leaves it out.
        value: (!graph.misere).then(|| s.value(0)),
        // In misère play the graph's last move, to the dead end, is the
        // stuck player's win and no move of the game.
        remoteness: s.remoteness(0).map(|r| match graph.misere {
            true => r.saturating_sub(1),
            false => r,
        }),
        best,
        exact: true,
    })
}

/// Too many positions to solve: the game's own analysis. Its winning moves
/// are exact; when there is none, [`least_bad_move`].
fn advise_by_analysis(
    ruleset: &dyn Ruleset,
    position: &[String],
    limits: &Limits,
) -> Result<Advice> {
    let analysis = ruleset.analyze(position, limits)?;
    let value = analysis.grundy.clone();
    let best = match analysis.winning_moves.first() {
        Some(mv) => Some(PositionMove::new(mv.clone(), position)),
        None => least_bad_move(ruleset, position, analysis.outcome, limits)?,
    };
    Ok(Advice {
        outcome: Some(analysis.outcome),
        value,
        remoteness: None,
        best,
        exact: false,
    })
}

/// With no winning move: every move is tried and the one leaving the
/// opponent the worst outcome (a draw rather than a win) is chosen; with
/// too many moves to list, the first the rules give
/// ([`Ruleset::first_move`]).
fn least_bad_move(
    ruleset: &dyn Ruleset,
    position: &[String],
    outcome: Outcome,
    limits: &Limits,
) -> Result<Option<PositionMove>> {
    let moves = match ruleset.position_moves(position, limits) {
        Err(Error::Limit { .. } | Error::Memory { .. }) if ruleset.tells_moves() => {
            return ruleset.first_move(position, limits);
        }
        listed => listed?,
    };
    // A few thousand positions to analyze at most; then any move.
    if outcome == Outcome::D {
        for m in moves.iter().take(2000) {
            if ruleset.analyze(&m.next, limits)?.outcome == Outcome::D {
                return Ok(Some(m.clone()));
            }
        }
    }
    Ok(moves.into_iter().next())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{parse, SpecOptions};
    use crate::testing::texts;

    #[test]
    fn wins_fast_and_loses_slowly() {
        let nim = parse("nim", SpecOptions::default()).unwrap();
        let a = advise(&*nim, &texts(&["3", "4", "5"]), &Limits::default()).unwrap();
        assert_eq!(a.outcome, Some(Outcome::N));
        assert!(a.exact);
        assert_eq!(a.best.unwrap().next, texts(&["1", "4", "5"]));
        // A P-position: the slowest loss takes one token at a time.
        let p = advise(&*nim, &texts(&["2", "2"]), &Limits::default()).unwrap();
        assert_eq!((p.outcome, p.remoteness), (Some(Outcome::P), Some(4)));
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
        assert_eq!(a.outcome, Some(Outcome::N));
        let next = a.best.unwrap().next;
        assert!(next == texts(&["0", "1"]) || next == texts(&["1", "0"]));
        let p = advise(&*nim, &texts(&["1"]), &Limits::default()).unwrap();
        assert_eq!(p.outcome, Some(Outcome::P));
    }

    #[test]
    fn a_stuck_player_loses_unless_misere() {
        let opts = |misere| SpecOptions {
            misere,
            ..SpecOptions::default()
        };
        let normal = parse("nim", opts(false)).unwrap();
        let misere = parse("nim", opts(true)).unwrap();
        assert_eq!(outcome_when_stuck(&*normal), Outcome::P);
        assert_eq!(outcome_when_stuck(&*misere), Outcome::N);
    }

    /// The misère dead end is its own kind of vertex, not a position text
    /// a game could also produce.
    #[test]
    fn the_misere_end_is_no_position() {
        let options = SpecOptions {
            misere: true,
            ..SpecOptions::default()
        };
        let nim = parse("nim", options).unwrap();
        let g = StateGraph::build(&*nim, &texts(&["1"]), &Limits::default()).unwrap();
        assert_eq!(g.nodes.len(), 3);
        assert_eq!(g.nodes.iter().filter(|n| **n == Node::MisereEnd).count(), 1);
        assert_eq!(g.position(0), Some(&texts(&["1"])[..]));
    }
}
