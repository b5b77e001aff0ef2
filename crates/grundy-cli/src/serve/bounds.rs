//! How much one request may ask for: input size, states, time and workers.
//!
//! The engine is fast on small inputs and unbounded on large ones, so every
//! request runs under a [`Limits`]: a state budget and a stop flag that a
//! timer sets when the request's time is up. Engine work runs on tokio's
//! blocking threads (it would stall the async workers otherwise), at most
//! one computation per core at a time. A request waits for a free worker
//! at most [`Bounds::queue_wait`] (long enough for the computations ahead
//! of it to hit their own time limits), then is refused with a 503 rather
//! than queued for ever.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use grundy::Limits;
use tokio::sync::Semaphore;

use super::error::ApiError;

/// The longest query string accepted: positions for the page are short,
/// and a bound keeps parsing and echoing input cheap.
pub const MAX_QUERY: usize = 8192;

/// The most components a position may have.
pub const MAX_COMPONENTS: usize = 100;

/// The largest `to` of a sequence: the page shows it and plots it, and a
/// hundred thousand values already make a megabyte of JSON.
pub const MAX_TO: u64 = 100_000;

/// The default state budget of one request (`grundy serve --max-states`).
pub const DEFAULT_MAX_STATES: u64 = 200_000;

/// The most positions a state-graph picture holds: beyond a few hundred
/// nodes it is no longer readable.
pub const MAX_GRAPH_POSITIONS: u64 = 300;

/// The most moves listed for the player in one position: more buttons
/// than this help nobody, and a heap of a billion has a billion moves.
pub const MAX_PLAY_MOVES: u64 = 1000;

/// How long a stopped computation may take to notice its stop flag and
/// hand back what it has before the request is answered without it.
const GRACE: Duration = Duration::from_secs(2);

/// The bounds shared by every request.
pub struct Bounds {
    /// The state budget of one request.
    pub max_states: u64,
    /// The time one request may compute.
    pub time_limit: Duration,
    workers: Arc<Semaphore>,
    worker_count: usize,
}

/// What a computation is given: its limits, and the time limit to name in
/// messages.
pub struct Job {
    /// The state budget and the stop flag.
    pub limits: Limits,
    /// The request's time limit, for messages.
    pub time_limit: Duration,
}

impl Job {
    /// A copy of the limits with a different state budget (pictures and
    /// move lists have their own, smaller ones).
    pub fn with_states(&self, max_states: u64) -> Limits {
        Limits {
            max_states: max_states.min(self.limits.max_states),
            ..self.limits.clone()
        }
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
    pub fn new(max_states: u64, time_limit: Duration, workers: usize) -> Self {
        let workers = workers.max(1);
        Bounds {
            max_states,
            time_limit,
            workers: Arc::new(Semaphore::new(workers)),
            worker_count: workers,
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
            "the server is busy ({} computations at a time, none free within {}); try again",
            self.worker_count,
            seconds(waited)
        ))
    }

    /// Runs `job` on a blocking thread under the request's limits and
    /// returns its response, or the error that stopped it.
    pub async fn run<F>(&self, job: F) -> Response
    where
        F: FnOnce(&Job) -> Result<Response, ApiError> + Send + 'static,
    {
        let wait = self.queue_wait();
        let acquired = tokio::time::timeout(wait, self.workers.clone().acquire_owned()).await;
        let Ok(Ok(permit)) = acquired else {
            return self.busy(wait).into_response();
        };
        let stop = Arc::new(AtomicBool::new(false));
        let _stop_on_drop = StopOnDrop(stop.clone());
        let ctx = Job {
            limits: Limits::with_max_states(self.max_states).with_stop(stop.clone()),
            time_limit: self.time_limit,
        };
        let mut handle = tokio::task::spawn_blocking(move || {
            // The worker stays taken until the computation really ends,
            // even if the request was answered without it.
            let _permit = permit;
            let result = job(&ctx);
            result.map_err(|e| name_the_time_limit(e, &ctx))
        });
        let joined = match tokio::time::timeout(self.time_limit, &mut handle).await {
            Ok(joined) => joined,
            Err(_) => {
                stop.store(true, Ordering::Relaxed);
                match tokio::time::timeout(GRACE, &mut handle).await {
                    Ok(joined) => joined,
                    Err(_) => {
                        return ApiError::Unavailable(format!(
                            "stopped by the time limit of {} per request; ask for less",
                            seconds(self.time_limit)
                        ))
                        .into_response()
                    }
                }
            }
        };
        match joined {
            Ok(Ok(response)) => response,
            Ok(Err(e)) => e.into_response(),
            Err(e) => ApiError::Internal(format!("the computation failed ({e}); this is a bug"))
                .into_response(),
        }
    }
}

/// An engine stop becomes a message that says which limit stopped it.
fn name_the_time_limit(e: ApiError, ctx: &Job) -> ApiError {
    match e {
        ApiError::Engine(grundy::Error::Interrupted(what)) => ApiError::Unavailable(format!(
            "stopped by the time limit of {} per request while {what}; ask for a smaller position",
            ctx.time_text()
        )),
        other => other,
    }
}

/// Refuses query strings longer than [`MAX_QUERY`] before any handler
/// sees them.
pub async fn check_query_length(request: Request, next: Next) -> Response {
    let len = request.uri().query().map_or(0, str::len);
    if len > MAX_QUERY {
        return ApiError::TooLong(format!(
            "the query is {len} bytes long; the server accepts at most {MAX_QUERY}"
        ))
        .into_response();
    }
    next.run(request).await
}
