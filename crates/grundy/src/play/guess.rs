//! A move when there is no time to find the perfect one: a player whose
//! thinking time ran out still has to move, and should neither freeze nor
//! throw away a win that is easy to see.

use crate::answer::PositionMove;
use crate::error::Result;
use crate::game::{Limits, Outcome};
use crate::ruleset::Ruleset;

use super::Advice;

/// The budget of each option's quick look, in positions stored (and, for
/// the split search, entered: [`Limits::max_work`]). Small enough that a
/// board's two hundred options are looked at in a second or two, and
/// large enough to see what a game's theory decides at once (the mirror
/// strategy of Cram, a symmetric position of Node Kayles) or a small
/// remainder solves.
const LOOK_STATES: u64 = 4096;

/// What a quick look says of the position a move leaves, best for the
/// mover first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Look {
    /// The opponent loses there: the move wins.
    Wins,
    /// Neither side can force a win there.
    Draws,
    /// Not decided within the look's budget.
    Unknown,
    /// The opponent wins there.
    Loses,
}

/// The move of a player who has no time to solve `position`: each option
/// gets a quick look (an analysis of the position it leaves within
/// 4,096 states, and as much work). The first option the look proves lost for the
/// opponent is played, and the position is then proven won; otherwise an
/// option that keeps a proven draw, else one not proven lost, else the
/// first. When `limits.stop` is raised the looks end and the best option
/// seen so far is played.
///
/// The outcome is given when the looks prove it (a winning option, or
/// every option looked at and none unknown); the value never is.
pub fn guess(ruleset: &dyn Ruleset, position: &[String], limits: &Limits) -> Result<Advice> {
    // A stop ends the looks, not the listing of the moves (bounded by the
    // state budget): whatever happens, there is a move to play.
    let moves = ruleset.position_moves(position, &limits.unstopped())?;
    if moves.is_empty() {
        return Ok(Advice {
            outcome: Some(super::outcome_when_stuck(ruleset)),
            value: None,
            remoteness: Some(0),
            best: None,
            exact: true,
        });
    }
    let look_limits = Limits {
        max_moves: 0,
        max_work: LOOK_STATES,
        ..limits.within_states(LOOK_STATES)
    };
    let mut best: Option<(Look, &PositionMove)> = None;
    let (mut looked, mut undecided) = (0, false);
    for m in &moves {
        if limits.stopped() {
            break;
        }
        let look = match ruleset.analyze(&m.next, &look_limits) {
            Ok(a) => match a.outcome {
                Outcome::P => Look::Wins,
                Outcome::D => Look::Draws,
                Outcome::N => Look::Loses,
            },
            // Out of budget, stopped, or refused: not decided.
            Err(_) => Look::Unknown,
        };
        looked += 1;
        undecided |= look == Look::Unknown;
        if best.is_none_or(|(b, _)| look < b) {
            best = Some((look, m));
        }
        if look == Look::Wins {
            break;
        }
    }
    let decided = looked == moves.len() && !undecided;
    let outcome = match best.map(|(look, _)| look) {
        Some(Look::Wins) => Some(Outcome::N),
        Some(Look::Draws) if decided => Some(Outcome::D),
        Some(Look::Loses) if decided => Some(Outcome::P),
        _ => None,
    };
    Ok(Advice {
        outcome,
        value: None,
        remoteness: None,
        best: best
            .map(|(_, m)| m.clone())
            .or_else(|| moves.first().cloned()),
        exact: false,
    })
}
