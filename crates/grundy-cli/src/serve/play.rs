//! Play against the computer: `GET /api/move` and `GET /api/hint`.
//!
//! The page keeps the position; the server is stateless. `/api/move` is
//! the computer's turn: it plays the perfect move (`grundy::play::advise`:
//! the fastest win, else a kept draw, else the slowest loss) and lists the
//! human's moves from the position it leaves. `/api/hint` is the human's
//! turn: the same advice, not played, with the human's moves. Both say when
//! the game is over and who won, so the page never has to know the rules.
//! When the request's time runs out first, the move is the computer's
//! guess (`advise_within_or_guess`, as in the terminal), and `unsolved`
//! says so.

use std::sync::Arc;

use crate::play::think::{advise_within_or_guess, Thought};
use crate::play::typed::{read_line, read_unlisted, TRY};
use axum::extract::State;
use axum::response::Response;
use grundy::play::outcome_when_stuck;
use grundy::present::drawing::to_svg;
use grundy::ruleset::PositionMove;
use grundy::{Outcome, Ruleset, Value};
use serde::Serialize;

use super::api::{answer, json};
use super::bounds::{Job, MAX_PLAY_MOVES};
use super::error::ApiError;
use super::params::{Params, RawQuery, GAME_PARAMS, POSITION_PARAMS};
use super::App;

/// The state budget of the computer's search: positions whose whole state
/// graph is larger are played from the game's own analysis, which is
/// exact for winning moves and answers at once.
const MAX_PLAY_STATES: u64 = 20_000;

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
enum Side {
    Human,
    Computer,
}

/// The body of `/api/move` and `/api/hint`.
#[derive(Serialize)]
struct PlayAnswer {
    /// The canonical game name.
    game: String,
    /// The position asked about; with `typed`, the one the human's typed
    /// move leaves, which the computer moves from.
    position: Vec<String>,
    /// `/api/move` with `typed`: the human's move read from it, made at
    /// the position sent; `position` is its `next`.
    #[serde(skip_serializing_if = "Option::is_none")]
    played: Option<PositionMove>,
    /// Who wins `position` with perfect play, from the side to move
    /// (`null` when the search ran out of time and no quick look proved
    /// it).
    outcome: Option<Outcome>,
    /// The value of `position`, when known.
    value: Option<Value>,
    /// Moves to the end with perfect play, when the whole state graph fit
    /// the budget.
    remoteness: Option<u32>,
    /// Whether the advice comes from the solved state graph (otherwise
    /// from the game's analysis: exact winning moves, any move otherwise).
    exact: bool,
    /// The perfect move from `position` (`null`: there is none).
    #[serde(rename = "move")]
    best: Option<PositionMove>,
    /// Why `move` is a guess, when it is: the request's time ran out
    /// before the perfect move was found.
    #[serde(skip_serializing_if = "Option::is_none")]
    unsolved: Option<String>,
    /// `/api/move` only: the position after the computer's move.
    #[serde(skip_serializing_if = "Option::is_none")]
    after: Option<Vec<String>>,
    /// The human's legal moves: from `after` for `/api/move`, from
    /// `position` for `/api/hint`.
    moves: Vec<PositionMove>,
    /// Why `moves` is empty although the human has moves: too many to
    /// list, so the human types one (`typed` of `/api/move`).
    #[serde(skip_serializing_if = "Option::is_none")]
    unlisted: Option<String>,
    /// Whether the game is over (the player to move has no move).
    over: bool,
    /// Who won, when the game is over.
    winner: Option<Side>,
    /// The position the human moves from (`after` for `/api/move`), drawn
    /// as SVG whose clickable parts carry `data-key`s, for games that draw
    /// their positions.
    #[serde(skip_serializing_if = "Option::is_none")]
    drawing: Option<String>,
    /// For each of `moves`, the ways to choose it on `drawing`: sets of
    /// `data-key`s, any one set choosing the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    marks: Option<Vec<Vec<Vec<String>>>>,
}

/// Who wins when `stuck` is to move and has no move, by the engine's rule.
fn winner_when_stuck(game: &dyn Ruleset, stuck: Side) -> Side {
    let stuck_wins = outcome_when_stuck(game) == Outcome::N;
    match (stuck, stuck_wins) {
        (Side::Human, false) | (Side::Computer, true) => Side::Computer,
        _ => Side::Human,
    }
}

/// Every move from `position`, or none and why: more than the page lists,
/// in a game that checks a move typed by its rules (then the human types
/// it, `typed=`); in other games such positions are refused. The listing
/// is bounded by its own small budget and is not stopped by the time
/// limit: after a guess made when the time ran out, the human still needs
/// the moves.
fn legal_moves(
    game: &dyn Ruleset,
    position: &[String],
    job: &Job,
) -> Result<(Vec<PositionMove>, Option<String>), ApiError> {
    match game.position_moves(position, &job.with_states(MAX_PLAY_MOVES).unstopped()) {
        Err(grundy::Error::Limit { limit, .. }) if game.tells_moves() => Ok((
            Vec::new(),
            Some(format!(
                "this position has more than {limit} moves, too many to list; {}",
                crate::play::typed::type_one!()
            )),
        )),
        Err(grundy::Error::Limit { limit, .. }) => Err(ApiError::TooBig(format!(
            "this position has more than {limit} moves, too many to play on the page; start from a smaller position"
        ))),
        other => Ok((other?, None)),
    }
}

/// The human's move typed as `text` at `position`, read as `grundy play`
/// reads it: among the moves listed (`#K`, `I:NEW`, a whole position,
/// `1:1+1 2:3`), or, where they are too many, by the game's rules.
fn typed_move(
    game: &dyn Ruleset,
    text: &str,
    position: &[String],
    job: &Job,
) -> Result<PositionMove, ApiError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ApiError::Bad(
            "`typed` is empty: give the move, e.g. `3` or `2:4+6`".into(),
        ));
    }
    let read = match legal_moves(game, position, job)? {
        (_, Some(_)) => read_unlisted(game, text, position, &job.limits),
        (moves, None) => {
            let figure = game.figure(position, &moves)?;
            read_line(game, text, position, &moves, figure.as_ref())
        }
    };
    // `play`'s commands are the API's answers.
    read.map_err(|why| {
        ApiError::Bad(why.replace(TRY, "the `moves` of /api/hint at this position lists them"))
    })
}

/// The advice for the side to move at the `position` parameter; `play`
/// says whether the computer plays it.
fn respond(params: &Params, job: &Job, play: bool) -> Result<Response, ApiError> {
    let game = params.game()?;
    let asked = params.components(&*game)?;
    // The human's move typed at `asked`: the computer then moves from the
    // position it leaves, which the answer is about.
    let played = match params.get("typed") {
        Some(text) => Some(typed_move(&*game, text, &asked, job)?),
        None => None,
    };
    let position = played.as_ref().map_or(asked, |m| m.next.clone());
    // The whole state graph is tried only up to MAX_PLAY_STATES; the
    // analysis past it has the request's budget.
    let limits = job.with_states(u64::MAX);
    let ran_out = format!("the time limit of {} per request ran out", job.time_text());
    let guess = job.guess_time.map(|t| (t, ran_out.as_str()));
    let Thought { advice, unsolved } =
        advise_within_or_guess(&*game, &position, MAX_PLAY_STATES, &limits, guess)?;
    let (after, (moves, unlisted)) = match (play, &advice.best) {
        (true, None) => (position.clone(), (Vec::new(), None)),
        (true, Some(best)) => (best.next.clone(), legal_moves(&*game, &best.next, job)?),
        (false, _) => (position.clone(), legal_moves(&*game, &position, job)?),
    };
    let stuck = match (play, &advice.best) {
        (true, None) => Some(Side::Computer),
        _ => (moves.is_empty() && unlisted.is_none()).then_some(Side::Human),
    };
    let figure = game.figure(&after, &moves)?;
    json(&PlayAnswer {
        game: game.name(),
        position,
        played,
        outcome: advice.outcome,
        value: advice.value,
        remoteness: advice.remoteness,
        exact: advice.exact,
        best: advice.best,
        unsolved,
        after: play.then_some(after),
        moves,
        unlisted,
        over: stuck.is_some(),
        winner: stuck.map(|s| winner_when_stuck(&*game, s)),
        drawing: figure.as_ref().map(to_svg),
        marks: figure.map(|f| f.marks),
    })
}

/// `GET /api/move?game=GAME&position=P1;P2;...`: the computer moves (with
/// `typed=MOVE`, after the human's move typed at the position).
pub async fn computer_move(State(app): State<Arc<App>>, raw: RawQuery) -> Response {
    let allowed = [GAME_PARAMS, POSITION_PARAMS, &["typed"]].concat();
    answer(&app, "/api/move", raw, &allowed, |params, job| {
        respond(params, job, true)
    })
    .await
}

/// `GET /api/hint?game=GAME&position=P1;P2;...`: the perfect move for the
/// human, not played, with the human's legal moves.
pub async fn hint(State(app): State<Arc<App>>, raw: RawQuery) -> Response {
    let allowed = [GAME_PARAMS, POSITION_PARAMS].concat();
    answer(&app, "/api/hint", raw, &allowed, |params, job| {
        respond(params, job, false)
    })
    .await
}
