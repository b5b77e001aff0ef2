//! Timely's failures, as the run learns of them.
//!
//! When a connection breaks, timely's network thread for that peer
//! (`timely:recv-i` or `timely:send-i`, `i` the peer's process) fails,
//! and the failure cascades as timely designs it: the worker's queues are
//! poisoned and the worker fails. A panic hook notes which peer went
//! ([`lost`]). The run waits for its worker's answer, sent before timely
//! tears the worker down, or for the worker to be held ([`held`]). The worker that fails after
//! a lost peer is held where it failed rather than unwound: unwinding it
//! runs timely's destructors, which flush into the poisoned queues, fail
//! again and abort the process before it could say which peer went. Its
//! search threads are stopped as its unwinding would have stopped them.
//! Likewise a connection that does not speak timely's protocol makes one
//! of timely's connecting threads fail, and the connection ends without
//! builders. The hook keeps those expected failures from printing a
//! message of their own and notes what they were: which peer went, or
//! what the stray connection did. A failure of the worker itself (a bug)
//! is printed as every other panic is, and is not taken for a lost peer.

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Once};

/// The process whose connection broke first; `usize::MAX` while none has.
static LOST: AtomicUsize = AtomicUsize::new(usize::MAX);
/// A worker of this process failed of itself (before any peer was lost).
static WORKER_FAILED: AtomicBool = AtomicBool::new(false);
/// Timely is connecting the processes.
static CONNECTING: AtomicBool = AtomicBool::new(false);
/// What the first failure of a connecting thread said.
static STRAY: Mutex<Option<String>> = Mutex::new(None);

/// The worker is held after a lost peer ([`held`]).
static HELD: AtomicBool = AtomicBool::new(false);

/// Whether the worker was held after a lost peer: it will not answer.
pub fn held() -> bool {
    HELD.load(Ordering::SeqCst)
}

/// The stop flag of the search threads of the round under way.
static HALT: Mutex<Option<Arc<AtomicBool>>> = Mutex::new(None);

/// Names `halt` as the stop flag of the round under way, raised when the
/// worker is held after a lost peer.
pub fn halts(halt: Arc<AtomicBool>) {
    *HALT.lock().unwrap_or_else(|e| e.into_inner()) = Some(halt);
}

thread_local! {
    /// This thread is joining timely's network threads after the answer.
    static CLOSING: Cell<bool> = const { Cell::new(false) };
}

/// Installs, once per process, the hook that keeps timely's expected
/// failures quiet and notes them.
pub fn watch() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if CLOSING.get() {
                return;
            }
            let thread = std::thread::current();
            let name = thread.name().unwrap_or("");
            let peer = (name.strip_prefix("timely:recv-"))
                .or_else(|| name.strip_prefix("timely:send-"))
                .and_then(|i| i.parse::<usize>().ok());
            if let Some(peer) = peer {
                if !WORKER_FAILED.load(Ordering::SeqCst) {
                    let _ =
                        LOST.compare_exchange(usize::MAX, peer, Ordering::SeqCst, Ordering::SeqCst);
                }
                return;
            }
            if name.starts_with("timely:work-") {
                if lost().is_some() {
                    stay();
                }
                WORKER_FAILED.store(true, Ordering::SeqCst);
            }
            // Timely's connecting threads are the unnamed ones meanwhile.
            if CONNECTING.load(Ordering::SeqCst) && (name.is_empty() || name == "grundy:connect") {
                let text = panic_text(info.payload()).unwrap_or("a connecting thread failed");
                let mut stray = STRAY.lock().unwrap_or_else(|e| e.into_inner());
                stray.get_or_insert_with(|| text.to_string());
                return;
            }
            previous(info)
        }));
    });
}

/// Keeps a worker that fails after a lost peer from unwinding: timely's
/// destructors would flush what it staged for the lost peer into queues
/// already poisoned, and a failure while unwinding aborts the whole
/// process, before the run could say which peer went. The worker waits
/// here instead, and the run learns of the loss from [`lost`] (see
/// `Cluster::solve`), whose process ends soon after.
fn stay() -> ! {
    // Its search threads are stopped, as its unwinding would have.
    if let Some(halt) = HALT.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
        halt.store(true, Ordering::Relaxed);
    }
    HELD.store(true, Ordering::SeqCst);
    loop {
        std::thread::park();
    }
}

/// What a panic said, when it said it in text.
pub fn panic_text(payload: &(dyn std::any::Any + Send)) -> Option<&str> {
    (payload.downcast_ref::<String>().map(String::as_str))
        .or_else(|| payload.downcast_ref::<&str>().copied())
}

/// Marks timely's connection as under way (`true`) or over.
pub fn connecting(on: bool) {
    CONNECTING.store(on, Ordering::SeqCst);
}

/// What the first failure of timely's connecting threads said, if one
/// failed.
pub fn stray() -> Option<String> {
    STRAY.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// The process whose connection broke, if one did.
pub fn lost() -> Option<usize> {
    match LOST.load(Ordering::SeqCst) {
        usize::MAX => None,
        peer => Some(peer),
    }
}

/// Runs `close` (joining timely's network threads once the answer is
/// known) with its failure kept quiet: a peer that ends at that moment
/// cannot take the answer away. Whether it finished cleanly.
pub fn closing(close: impl FnOnce()) -> bool {
    CLOSING.set(true);
    let clean = catch_unwind(AssertUnwindSafe(close)).is_ok();
    CLOSING.set(false);
    clean
}
