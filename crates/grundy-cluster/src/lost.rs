//! A peer lost in the middle of a run, as timely tells it.
//!
//! When a connection breaks, timely's network thread for that peer
//! (`timely:recv-i` or `timely:send-i`, `i` the peer's process) fails,
//! and the failure cascades as timely designs it: the worker's queues are
//! poisoned, the worker fails, and [`timely::execute::execute_from`]'s
//! guards give that failure on joining. That is how the run learns of
//! it. A hook only keeps those expected failures from printing their
//! messages, and notes which peer went: every other panic is printed as
//! before.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Once;

/// The process whose connection broke first; `usize::MAX` while none has.
static LOST: AtomicUsize = AtomicUsize::new(usize::MAX);

/// Installs, once per process, the hook that keeps timely's failures on a
/// lost peer quiet and notes the peer.
pub fn watch() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let thread = std::thread::current();
            let name = thread.name().unwrap_or("");
            let peer = (name.strip_prefix("timely:recv-"))
                .or_else(|| name.strip_prefix("timely:send-"))
                .and_then(|i| i.parse::<usize>().ok());
            if let Some(peer) = peer {
                let _ = LOST.compare_exchange(usize::MAX, peer, Ordering::SeqCst, Ordering::SeqCst);
                return;
            }
            if name.starts_with("timely:work-") && lost().is_some() {
                return;
            }
            previous(info)
        }));
    });
}

/// The process whose connection broke, if one did.
pub fn lost() -> Option<usize> {
    match LOST.load(Ordering::SeqCst) {
        usize::MAX => None,
        peer => Some(peer),
    }
}
