//! How much one request may ask for: input size, states, time and workers.
//!
//! The engine is fast on small inputs and unbounded on large ones, so every
//! request runs under a [`Limits`]: a state budget and a stop flag that a
//! timer sets when the request's time is up. Engine work runs on tokio's
//! blocking threads (it would stall the async workers otherwise).
//!
//! Requests go through two lanes, so that cheap ones never wait behind
//! expensive ones. Cost is measured, not guessed: every request first runs
//! in the quick lane, which has several workers per core and gives each
//! request at most [`QUICK_SLICE`]. Most requests end there. One that is
//! not done by then is stopped and run again from the start in the slow
//! lane, one worker per core, under the full time limit; the server
//! remembers it, so that the same request skips the quick lane next time.
//! The quick lane thus only ever holds short computations, and the slow
//! lane bounds how many long ones share the cores. A request waits for a
//! worker at most [`Bounds::queue_wait`], then is refused with a 503
//! rather than queued for ever; and a request whose time is up gives its
//! worker back when it is answered, even if its computation has not yet
//! noticed the stop flag.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use grundy::Limits;
use tokio::sync::Semaphore;

use super::error::ApiError;

/// The longest path, and the longest query string, accepted: positions
/// for the page are short, and a bound keeps parsing and echoing input
/// cheap.
pub const MAX_QUERY: usize = 8192;

/// The most components a position may have.
pub const MAX_COMPONENTS: usize = 100;

/// The largest `to` of a sequence: the page shows it and plots it, and a
/// hundred thousand values already make a megabyte of JSON.
pub const MAX_TO: u64 = 100_000;

/// The most positions a state-graph picture holds: beyond a few hundred
/// nodes it is no longer readable.
pub const MAX_GRAPH_POSITIONS: u64 = 300;

/// The most moves listed for the player in one position: more buttons
/// than this help nobody, and a heap of a billion has a billion moves.
pub const MAX_PLAY_MOVES: u64 = 1000;

/// How long a stopped computation may take to notice its stop flag and
/// hand back what it has before the request is answered without it.
const GRACE: Duration = Duration::from_secs(2);

/// The time a request may compute in the quick lane before it is sent to
/// the slow lane: well under a second, and far more than the
/// milliseconds a typical request of the page needs.
pub const QUICK_SLICE: Duration = Duration::from_millis(250);

/// Quick-lane workers per core: quick computations are short, so a few
/// may share a core with the slow lane's while keeping latency low.
const QUICK_PER_CORE: usize = 4;

/// How many requests known to be slow the server remembers (the set is
/// emptied when full: it is only a hint).
const KNOWN_SLOW: usize = 4096;

/// The bounds shared by every request.
pub struct Bounds {
    /// The budgets of one request: states, and the memory the process may
    /// hold (`--memory`, by the allocator's meter).
    pub base: Limits,
    /// The time one request may compute.
    pub time_limit: Duration,
    /// The slow lane: one worker per core.
    workers: Arc<Semaphore>,
    /// The quick lane: [`QUICK_PER_CORE`] workers per core.
    quick: Arc<Semaphore>,
    /// Requests (route and query) that did not fit the quick lane.
    slow: Mutex<HashSet<String>>,
    /// Computations running now, to tell a busy server from a request
    /// too big alone.
    running: Arc<AtomicUsize>,
    /// The memory the process held before any request.
    idle_memory: u64,
}

/// How one attempt at a request ended.
enum Attempt {
    /// Answered (or refused), and how long it computed (`None`: it did
    /// not get a worker).
    Done(Response, Option<Duration>),
    /// Not done within the quick lane's slice: try it in the slow lane.
    TooSlow,
}

/// The work of one request, which may run twice (quick lane, then slow).
pub type Work = Arc<dyn Fn(&Job) -> Result<Response, ApiError> + Send + Sync>;

/// What a computation is given: its limits, and the time limit to name in
/// messages.
pub struct Job {
    /// The state budget and the stop flag.
    pub limits: Limits,
    /// The request's time limit, for messages.
    pub time_limit: Duration,
    /// In the slow lane, where a stop is the end of the request's time:
    /// how long the computer may then spend on a guess for its move (a
    /// part of [`GRACE`]). `None` in the quick lane, whose stop only sends
    /// the request on to the slow lane.
    pub guess_time: Option<Duration>,
}

impl Job {
    /// A copy of the limits with a different state budget (pictures and
    /// move lists have their own, smaller ones).
    pub fn with_states(&self, max_states: u64) -> Limits {
        self.limits.within_states(max_states)
    }

    /// The time limit as people write it: `2 s`, `0.5 s`.
    pub fn time_text(&self) -> String {
        seconds(self.time_limit)
    }
}

fn seconds(d: Duration) -> String {
    format!("{} s", d.as_secs_f64())
}

/// Sets the stop flag when dropped: a client that hangs up stops its
/// computation instead of leaving it to run to the end.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl Bounds {
    /// Bounds with `workers` computations at a time.
    pub fn new(base: Limits, time_limit: Duration, workers: usize) -> Self {
        let workers = workers.max(1);
        Bounds {
            time_limit,
            workers: Arc::new(Semaphore::new(workers)),
            quick: Arc::new(Semaphore::new(workers * QUICK_PER_CORE)),
            slow: Mutex::new(HashSet::new()),
            running: Arc::new(AtomicUsize::new(0)),
            idle_memory: base.meter.map_or(0, |held| held()),
            base,
        }
    }

    /// How long a request waits for a free worker: the computations
    /// ahead of it end within their time limit and grace, so a request
    /// behind a full set of them still gets its turn.
    pub fn queue_wait(&self) -> Duration {
        self.time_limit * 2 + GRACE
    }

    /// The refusal of a request that found no free worker in time.
    fn busy(&self, waited: Duration) -> ApiError {
        ApiError::Unavailable(format!(
            "the server is busy (no worker free within {}); try again",
            seconds(waited)
        ))
    }

    /// Answers the request `key` (its route and query) with `work`: in
    /// the quick lane first, unless it is known to be slow or the time
    /// limit is no longer than a quick slice, then in the slow lane. A
    /// request that turns out quick in the slow lane (it only seemed slow
    /// while the cores were crowded) is forgotten, so that it goes back to
    /// the quick lane.
    pub async fn run(&self, key: String, work: Work) -> Response {
        if !self.known_slow(&key) && self.time_limit > QUICK_SLICE {
            let quick = self.attempt(&self.quick, QUICK_SLICE, work.clone(), true);
            match quick.await {
                Attempt::Done(response, _) => return response,
                Attempt::TooSlow => self.set_slow(&key, true),
            }
        }
        match self
            .attempt(&self.workers, self.time_limit, work, false)
            .await
        {
            Attempt::Done(response, took) => {
                if took.is_some_and(|t| t < QUICK_SLICE) {
                    self.set_slow(&key, false);
                }
                response
            }
            Attempt::TooSlow => self.out_of_time().into_response(),
        }
    }

    fn known_slow(&self, key: &str) -> bool {
        let slow = self.slow.lock().unwrap_or_else(|e| e.into_inner());
        slow.contains(key)
    }

    /// Remembers (`true`) or forgets that the request `key` is slow.
    fn set_slow(&self, key: &str, is_slow: bool) {
        let mut slow = self.slow.lock().unwrap_or_else(|e| e.into_inner());
        if !is_slow {
            slow.remove(key);
            return;
        }
        if slow.len() >= KNOWN_SLOW {
            slow.clear();
        }
        slow.insert(key.to_string());
    }

    fn out_of_time(&self) -> ApiError {
        ApiError::Unavailable(format!(
            "stopped by the time limit of {} per request; ask for less",
            seconds(self.time_limit)
        ))
    }

    /// Runs `work` on a blocking thread with a worker of `lane` for at
    /// most `limit`. A quick attempt that runs out of time is stopped and
    /// reported as too slow at once; a slow one is stopped and given
    /// [`GRACE`] to hand back what it has. Either way the worker is given
    /// back when this returns.
    async fn attempt(
        &self,
        lane: &Arc<Semaphore>,
        limit: Duration,
        work: Work,
        quick: bool,
    ) -> Attempt {
        let wait = self.queue_wait();
        let acquired = tokio::time::timeout(wait, lane.clone().acquire_owned()).await;
        let Ok(Ok(_permit)) = acquired else {
            return Attempt::Done(self.busy(wait).into_response(), None);
        };
        let stop = Arc::new(AtomicBool::new(false));
        let _stop_on_drop = StopOnDrop(stop.clone());
        let ctx = Job {
            limits: self.base.clone().with_stop(stop.clone()),
            time_limit: self.time_limit,
            guess_time: (!quick).then_some(GRACE / 2),
        };
        let started = Instant::now();
        // What other requests held as this one began: theirs alone, since
        // a request's own quick attempt has ended before its slow one.
        let others = Others {
            running: self.running.load(Ordering::Relaxed),
            held: (self.base.meter.map_or(0, |held| held())).saturating_sub(self.idle_memory),
        };
        let running = Running::new(&self.running);
        let mut handle = tokio::task::spawn_blocking(move || {
            let _running = running;
            let result = work(&ctx);
            result
                .map_err(|e| name_the_time_limit(e, &ctx))
                .map_err(|e| name_other_requests(e, &ctx, others))
        });
        let joined = match tokio::time::timeout(limit, &mut handle).await {
            Ok(joined) => joined,
            // Stopped, and given GRACE to end: a quick attempt gives its
            // memory and core back before the slow one, a slow one hands
            // back what it has.
            Err(_) => {
                stop.store(true, Ordering::Relaxed);
                match (quick, tokio::time::timeout(GRACE, &mut handle).await) {
                    (false, Ok(joined)) => joined,
                    _ => return Attempt::TooSlow,
                }
            }
        };
        let response = match joined {
            Ok(Ok(response)) => response,
            Ok(Err(e)) => e.into_response(),
            Err(e) => ApiError::Internal(format!("the computation failed ({e}); this is a bug"))
                .into_response(),
        };
        Attempt::Done(response, Some(started.elapsed()))
    }
}

/// An engine stop becomes a message that says which limit stopped it.
fn name_the_time_limit(e: ApiError, ctx: &Job) -> ApiError {
    match e {
        ApiError::Engine(grundy::Error::Interrupted(what)) => ApiError::Unavailable(format!(
            "stopped by the time limit of {} per request (in {what}); ask for a smaller position",
            ctx.time_text()
        )),
        other => other,
    }
}

/// Counts a computation as running while it lives (on its blocking
/// thread, so a computation left running past its answer still counts).
struct Running(Arc<AtomicUsize>);

impl Running {
    fn new(count: &Arc<AtomicUsize>) -> Running {
        count.fetch_add(1, Ordering::Relaxed);
        Running(count.clone())
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The other requests as one began: how many computations ran, and the
/// memory held beyond the idle server's.
#[derive(Clone, Copy)]
struct Others {
    running: usize,
    held: u64,
}

/// A memory budget hit while other requests were running and held a
/// quarter of the budget or more when this one began: the server is
/// busy, which says nothing of what the request needs alone (the board
/// search sizes its table by the memory left), so it is a 503 to try
/// again, not a 422 to ask for less.
fn name_other_requests(e: ApiError, ctx: &Job, others: Others) -> ApiError {
    let budget = ctx.limits.max_memory;
    match e {
        ApiError::Engine(grundy::Error::Memory { .. })
            if others.running > 0 && others.held >= budget / 4 =>
        {
            ApiError::Unavailable(format!(
                "the server is busy: other requests held {} of its {} of memory when this one began; try again",
                grundy::error::bytes_text(others.held),
                grundy::error::bytes_text(budget)
            ))
        }
        other => other,
    }
}

/// Refuses paths and query strings longer than [`MAX_QUERY`] before any
/// handler sees them (a 404 would otherwise quote a long path back).
pub async fn check_query_length(request: Request, next: Next) -> Response {
    let uri = request.uri();
    for (what, len) in [
        ("path", uri.path().len()),
        ("query", uri.query().map_or(0, str::len)),
    ] {
        if len > MAX_QUERY {
            return ApiError::TooLong(format!(
                "the {what} is {len} bytes long; the server accepts at most {MAX_QUERY}"
            ))
            .into_response();
        }
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slow_requests_are_remembered_until_they_prove_quick() {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .unwrap();
        let bounds = Bounds::new(Limits::with_max_states(1000), Duration::from_secs(2), 1);
        let calls = Arc::new(AtomicUsize::new(0));
        let counted = calls.clone();
        // The first two runs are slow (the cores were crowded, say); the
        // later ones are quick.
        let work: Work = Arc::new(move |_: &Job| {
            if counted.fetch_add(1, Ordering::SeqCst) < 2 {
                std::thread::sleep(QUICK_SLICE * 2);
            }
            Ok(axum::http::StatusCode::OK.into_response())
        });
        let ask = |key: &str| {
            let response = runtime.block_on(bounds.run(key.to_string(), work.clone()));
            assert_eq!(response.status(), 200);
            (calls.load(Ordering::SeqCst), bounds.known_slow(key))
        };
        // Too slow for the quick lane, and slow in the slow lane too.
        assert_eq!(ask("k"), (2, true));
        // Straight to the slow lane, where it proves quick: forgotten.
        assert_eq!(ask("k"), (3, false));
        // Back in the quick lane.
        assert_eq!(ask("k"), (4, false));
    }

    #[test]
    fn memory_taken_by_other_requests_is_a_busy_server() {
        let job = Job {
            limits: Limits::with_max_states(1000).with_memory(1 << 30, || 0),
            time_limit: Duration::from_secs(2),
            guess_time: None,
        };
        let memory = || ApiError::Engine(grundy::Error::memory("the split search", 1 << 30));
        let others = |running, held| Others { running, held };
        let busy = name_other_requests(memory(), &job, others(2, 600 << 20));
        assert_eq!(busy.parts().0, axum::http::StatusCode::SERVICE_UNAVAILABLE);
        assert!(busy
            .parts()
            .1
            .contains("other requests held 600 MiB of its 1 GiB"));
        // Alone, the request needs more than the server allows: ask for less,
        // whatever the process held before it.
        for (running, held) in [(0, 600 << 20), (2, 10 << 20)] {
            let alone = name_other_requests(memory(), &job, others(running, held));
            assert_eq!(
                alone.parts().0,
                axum::http::StatusCode::UNPROCESSABLE_ENTITY
            );
        }
    }
}
