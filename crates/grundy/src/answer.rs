//! The engine's answers: values, moves and analyses, as every front end
//! receives them.
//!
//! These types sit below the solvers and the games so that each of them
//! can build an answer without depending on the text-level
//! [`Ruleset`](crate::ruleset::Ruleset) that hands answers out. Their JSON form is a
//! public interface.

pub mod compound;
pub mod drawing;

use std::fmt;

use serde::{Serialize, Serializer};

use crate::error::{Error, Result};
use crate::nimber::Nimber;

/// Who wins a position with perfect play under normal play. Its long
/// form for people belongs to the presentation side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Outcome {
    /// The previous player (the one who just moved) wins.
    P,
    /// The next player (the one to move) wins.
    N,
    /// Neither can force a win: play goes on forever (loopy games only).
    D,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        })
    }
}

/// At most this many winning moves are listed; the rest are counted as
/// truncated. A Lasker heap of a million has thousands of winning splits
/// and nobody reads past the first screen.
pub const MAX_LISTED_MOVES: usize = 1000;

/// Games whose options are long texts (graphs, coin strings) stop listing
/// winning moves once their texts would pass this many characters, and
/// report the rest as truncated: a screenful of one huge graph helps nobody.
pub const MAX_LISTED_TEXT: usize = 1 << 20;

/// A reported value: a nimber, or for loopy games Smith's infinity
/// `inf(K)` with `K` the finite values among its options.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// A finite Sprague-Grundy value.
    Finite(Nimber),
    /// An infinite generalized Sprague-Grundy value with its set `K`.
    Infinite(Vec<u64>),
}

impl Value {
    /// The finite nimber, if this value is finite.
    pub fn finite(&self) -> Option<Nimber> {
        match self {
            Value::Finite(n) => Some(*n),
            Value::Infinite(_) => None,
        }
    }
}

impl From<Nimber> for Value {
    fn from(n: Nimber) -> Self {
        Value::Finite(n)
    }
}

/// Finite values print as plain numbers (as in the JSON), infinite ones as
/// `inf(0,2)`.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Finite(n) => write!(f, "{}", n.0),
            Value::Infinite(k) => {
                let parts: Vec<String> = k.iter().map(u64::to_string).collect();
                write!(f, "inf({})", parts.join(","))
            }
        }
    }
}

/// JSON: a number when finite, the string `"inf(...)"` otherwise.
impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        match self {
            Value::Finite(n) => s.serialize_u64(n.0),
            Value::Infinite(_) => s.serialize_str(&self.to_string()),
        }
    }
}

/// One move of the whole position, as reported to users.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Move {
    /// The index of the component moved in, or `None` when the move
    /// involves the whole position (Moore's Nim, staircase Nim).
    pub component: Option<usize>,
    /// The component's new text (parts of a split joined by `+`), or the
    /// whole new position (components separated by spaces).
    pub to: String,
    /// The move in words, for games where the new text alone does not
    /// say it at a glance: the edge cut in Hackenbush (`cut 2-3`), the
    /// coins turned in a coin game (`turn 4,7`). Absent from JSON when
    /// there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// What the move leaves, as texts each of which reads back as one
    /// component: the parts the moved component becomes (one text, `0` or
    /// the ground, when nothing is left), or for a whole-position move the
    /// whole new position. Kept typed so that nobody splits `to` again (a
    /// script's position may hold a `+`); not in JSON, where `to` says it.
    #[serde(skip)]
    pub parts: Vec<String>,
}

impl Move {
    /// A move in component `i` to `parts`, reported as their sum `a+b`.
    pub fn in_component(i: usize, parts: Vec<String>, note: Option<String>) -> Move {
        Move {
            component: Some(i),
            to: parts.join("+"),
            note,
            parts,
        }
    }

    /// A move of the whole position to `next`, reported as its components
    /// separated by spaces.
    pub fn whole(next: Vec<String>) -> Move {
        Move {
            component: None,
            to: next.join(" "),
            note: None,
            parts: next,
        }
    }

    /// The position after this move from `components`: the moved
    /// component replaced by its parts, or the whole new position.
    pub fn apply(&self, components: &[String]) -> Vec<String> {
        match self.component {
            Some(i) => {
                let mut next = components[..i].to_vec();
                next.extend_from_slice(&self.parts);
                next.extend_from_slice(&components[i + 1..]);
                next
            }
            None => self.parts.clone(),
        }
    }
}

/// A move of one component as a game lists it, before it knows which
/// component it is in: the text reported, the note, and the texts of the
/// parts it leaves (see [`Move::parts`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedMove {
    /// The component's new text, as [`Move::to`] reports it.
    pub to: String,
    /// The move in words, as [`Move::note`].
    pub note: Option<String>,
    /// The texts the component becomes, as [`Move::parts`].
    pub parts: Vec<String>,
}

impl ListedMove {
    /// This move, made in component `i`.
    pub fn in_component(self, i: usize) -> Move {
        Move {
            component: Some(i),
            to: self.to,
            note: self.note,
            parts: self.parts,
        }
    }
}

/// Everything `grundy value` reports about a position.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    /// The canonical game name.
    pub game: String,
    /// The components, as given.
    pub components: Vec<String>,
    /// One value per component (null where unknown), or null when the game
    /// has no per-component values.
    pub values: Option<Vec<Option<Value>>>,
    /// The value of the whole position, when known.
    pub grundy: Option<Value>,
    /// Who wins.
    pub outcome: Outcome,
    /// Every move to a position the mover wins (up to `max_moves` of the
    /// limits, by default [`MAX_LISTED_MOVES`]).
    pub winning_moves: Vec<Move>,
    /// Whether more winning moves exist than are listed.
    pub moves_truncated: bool,
    /// Whether the position is played misère (the last mover loses).
    pub misere: bool,
    /// How a misère position was decided: `"bouton"` (Bouton's rule for
    /// misère Nim), `"genus"` (the genus rule for a sum of tame heaps),
    /// `"quotient"` (the game's misère quotient) or `"search"` (search of
    /// the whole position). Absent
    /// from JSON in normal play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<&'static str>,
}

impl Analysis {
    /// This analysis with at most `max` winning moves, the rest reported
    /// as truncated: games whose theory lists every winning move at once
    /// (Bouton's rule, Wythoff's pairs) then obey `--max-moves` as the
    /// searched ones do.
    pub fn capped(mut self, max: usize) -> Analysis {
        if self.winning_moves.len() > max {
            self.winning_moves.truncate(max);
            self.moves_truncated = true;
        }
        self
    }

    /// This analysis capped at `max` winning moves ([`Analysis::capped`]),
    /// once it has checked itself: an N-position whose winning moves were
    /// asked for (`max > 0`) and not cut short lists one unless it has no
    /// move at all (misère play: the mover wins by being stuck), and a
    /// P-position lists none. `has_move` is asked only when an N-position
    /// lists nothing. An answer that contradicts itself is a fault of the
    /// engine, reported as [`Error::Internal`] rather than printed as an
    /// answer.
    pub fn checked(self, max: usize, has_move: impl FnOnce() -> Result<bool>) -> Result<Analysis> {
        let listed = !self.winning_moves.is_empty();
        let contradiction = match self.outcome {
            Outcome::N if !listed && !self.moves_truncated && max > 0 => has_move()?,
            Outcome::P => listed,
            _ => false,
        };
        if contradiction {
            return Err(Error::Internal(format!(
                "the analysis of `{}` says {} but lists {} winning moves",
                self.components.join(" "),
                self.outcome,
                self.winning_moves.len()
            )));
        }
        Ok(self.capped(max))
    }

    /// The analysis of a sum whose components have `values`: the total
    /// is their XOR (the Sprague-Grundy theorem), and the position is lost
    /// exactly when it is 0. The one place that rule makes an answer.
    pub fn of_sum(
        game: String,
        components: Vec<String>,
        values: &[Nimber],
        winning_moves: Vec<Move>,
        moves_truncated: bool,
    ) -> Analysis {
        let total: Nimber = values.iter().copied().sum();
        Analysis {
            game,
            components,
            values: Some(values.iter().map(|&v| Some(Value::Finite(v))).collect()),
            grundy: Some(Value::Finite(total)),
            outcome: if total == Nimber::ZERO {
                Outcome::P
            } else {
                Outcome::N
            },
            winning_moves,
            moves_truncated,
            misere: false,
            method: None,
        }
    }

    /// An analysis that knows who wins and how, but no value of the whole:
    /// games played on the whole position, and theory that decides the
    /// outcome without values (a huge Wythoff pair, a Cutting piece with a
    /// side of 1). The caller sets what else it knows (values, truncation,
    /// misère) on the result.
    pub fn by_outcome(
        game: String,
        components: &[String],
        outcome: Outcome,
        winning_moves: Vec<Move>,
    ) -> Analysis {
        Analysis {
            game,
            components: components.to_vec(),
            values: None,
            grundy: None,
            outcome,
            winning_moves,
            moves_truncated: false,
            misere: false,
            method: None,
        }
    }
}

/// One move of a whole position: how it is reported, and where it leads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionMove {
    /// The move as `grundy value` reports winning moves.
    #[serde(flatten)]
    pub mv: Move,
    /// The whole position after the move, one text per component (a
    /// component that splits becomes several).
    pub next: Vec<String>,
}

impl PositionMove {
    /// `mv` made from the position `components`, with where it leads.
    pub fn new(mv: Move, components: &[String]) -> PositionMove {
        PositionMove {
            next: mv.apply(components),
            mv,
        }
    }

    /// A move of the whole position to `next` ([`Move::whole`]).
    pub fn whole(next: Vec<String>) -> PositionMove {
        PositionMove {
            mv: Move::whole(next.clone()),
            next,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::texts;

    #[test]
    fn a_move_leaves_its_parts() {
        let split = Move::in_component(1, texts(&["3", "4"]), None);
        assert_eq!(split.to, "3+4");
        assert_eq!(
            split.apply(&texts(&["1", "8", "2"])),
            texts(&["1", "3", "4", "2"])
        );
        let whole = Move::whole(texts(&["1", "1", "1"]));
        assert_eq!(whole.to, "1 1 1");
        assert_eq!(
            whole.apply(&texts(&["1", "2", "3"])),
            texts(&["1", "1", "1"])
        );
    }

    /// A part whose text holds a `+` or a space (a script's string
    /// position) stays one part: nothing splits the printed `to`.
    #[test]
    fn parts_are_not_split_again() {
        let mv = Move::in_component(0, texts(&["\"a+b c\""]), None);
        assert_eq!(mv.apply(&texts(&["x", "y"])), texts(&["\"a+b c\"", "y"]));
        assert_eq!(mv.to, "\"a+b c\"");
    }
}
