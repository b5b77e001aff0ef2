//! The computer's thinking time (`play --think`): the perfect move is
//! searched for most of it, and when it runs out a [`guess`](grundy::play::guess) in the rest
//! chooses the move, so that a position too large to solve (Cram 11x10)
//! gets a move in seconds rather than a silent wait of minutes.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use grundy::play::{advise_within, Advice};
use grundy::{Error, Limits, Ruleset};

use crate::seconds::Seconds;

/// The thinking time unless `--think` says otherwise: long enough to solve
/// most positions people play, short enough to wait for.
pub const DEFAULT_THINK: &str = "5";

/// The longest the position before the human's move is searched before
/// the prompt shows: its status (who wins) is worth a moment, not the
/// whole thinking time, which `hint` spends when asked.
const GLANCE: Duration = Duration::from_secs(1);

/// The share of the thinking time the search for the perfect move gets;
/// the guess has the rest.
const SEARCH_SHARE: f64 = 0.75;

/// What the computer knows of a position after thinking.
pub(crate) struct Thought {
    /// The perfect move and what is known of it, or a guess.
    pub advice: Advice,
    /// Why the perfect move was not found, when it was not (the advice is
    /// then a guess): the time ran out.
    pub unsolved: Option<String>,
}

/// The advice on `position` within `time`: [`advise`](grundy::play::advise) for the first
/// [`SEARCH_SHARE`] of it, then, if that is stopped, a [`guess`](grundy::play::guess) in the
/// rest.
pub(super) fn think(
    game: &dyn Ruleset,
    position: &[String],
    limits: &Limits,
    time: Seconds,
) -> grundy::Result<Thought> {
    let search = time.duration().mul_f64(SEARCH_SHARE);
    let rest = time.duration().saturating_sub(search);
    let ran_out = format!("the thinking time ran out, --think {} s", time.get());
    within(limits, search, |l| {
        advise_or_guess(game, position, l, Some((rest, &ran_out)))
    })
}

/// Whether the position before the human's move is only glanced at:
/// always, except in blind play, which shows every position's value at
/// the end and so thinks each over.
pub(super) fn glances(human_to_move: bool, blind: bool) -> bool {
    human_to_move && !blind
}

/// The advice on `position` as far as a search of at most [`GLANCE`]
/// (or the search's share of `time`, if shorter) finds it, with no
/// guess: what the status shows before the human moves. Unsolved, the
/// advice knows nothing (no move, no outcome) and [`think`] is left for
/// a hint.
pub(super) fn glance(
    game: &dyn Ruleset,
    position: &[String],
    limits: &Limits,
    time: Seconds,
) -> grundy::Result<Thought> {
    // No longer than the search the full thinking time gives.
    let look = time.duration().mul_f64(SEARCH_SHARE).min(GLANCE);
    let unsolved = format!(
        "a glance of {} s did not solve it; `hint` thinks for up to --think {} s",
        look.as_secs_f64(),
        time.get()
    );
    match within(limits, look, |l| advise_or_guess(game, position, l, None)) {
        Err(Error::Interrupted(_)) => Ok(Thought {
            advice: Advice {
                outcome: None,
                value: None,
                remoteness: None,
                best: None,
                exact: false,
            },
            unsolved: Some(unsolved),
        }),
        other => other,
    }
}

/// [`advise`](grundy::play::advise) under `limits`; when their stop flag ends it, and `guess`
/// gives a time and what raised the flag, a [`guess`](grundy::play::guess) within that time
/// (without, the stop is an error, as in the server's quick lane whose
/// stop only sends the request on). A budget that is
/// passed stays an error, as it is for every command: the position is
/// too large for the budgets given, which raising them may cure. The one
/// rule of the computer's move in the terminal and on the page.
pub(crate) fn advise_or_guess(
    game: &dyn Ruleset,
    position: &[String],
    limits: &Limits,
    guess: Option<(Duration, &str)>,
) -> grundy::Result<Thought> {
    advise_within_or_guess(game, position, limits.max_states, limits, guess)
}

/// [`advise_or_guess`] with the state graph tried only up to
/// `graph_states` positions ([`advise_within`]).
pub(crate) fn advise_within_or_guess(
    game: &dyn Ruleset,
    position: &[String],
    graph_states: u64,
    limits: &Limits,
    guess: Option<(Duration, &str)>,
) -> grundy::Result<Thought> {
    match (advise_within(game, position, graph_states, limits), guess) {
        (Err(Error::Interrupted(_)), Some((time, stopped))) => Ok(Thought {
            advice: within(limits, time, |l| grundy::play::guess(game, position, l))?,
            unsolved: Some(stopped.to_string()),
        }),
        (other, _) => Ok(Thought {
            advice: other?,
            unsolved: None,
        }),
    }
}

/// `work` under `limits` with a stop flag raised after `time`, by a timer
/// thread that ends as soon as the work does.
pub(crate) fn within<R>(limits: &Limits, time: Duration, work: impl FnOnce(&Limits) -> R) -> R {
    let stop = Arc::new(AtomicBool::new(false));
    let (done, wait) = mpsc::channel::<()>();
    let flag = stop.clone();
    std::thread::spawn(move || {
        if let Err(mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(time) {
            flag.store(true, Ordering::Relaxed);
        }
    });
    let result = work(&limits.clone().with_stop(stop));
    drop(done);
    result
}
