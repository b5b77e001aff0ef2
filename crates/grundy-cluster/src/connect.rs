//! The hosts file and the network between processes, both timely's own.
//!
//! The hosts file is timely's: one `host:port` per line, line `i` for
//! process `i` (as timely's `-h FILE` reads it, `-n` lines for `-n`
//! processes, `-p` this process's line). Timely connects the processes
//! itself ([`timely::CommunicationConfig::Cluster`]), with two things
//! around it that a command line needs: a deadline, since timely retries
//! a missing peer for ever, and a quiet standard output, since timely
//! prints its connection attempts there and standard output carries the
//! answer. Whether every process was asked the same question is checked
//! in the first round of messages ([`crate::share::Crew::hello`]).

use std::any::Any;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use timely::communication::AllocatorBuilder;
use timely::CommunicationConfig;

use crate::{lost, Error};

/// The processes of a cluster, as its hosts file lists them.
#[derive(Clone, Debug)]
pub struct Hosts {
    /// The file's path, for messages.
    pub path: String,
    /// `host:port` of each process, in order.
    pub addresses: Vec<String>,
    /// Whether the processes are this machine's at timely's own addresses
    /// (`--cluster N`), not a file's.
    pub local: bool,
}

impl Hosts {
    /// The hosts file `text` read from `path`: one `host:port` per line;
    /// blank lines and lines starting with `#` are skipped.
    pub fn parse(text: &str, path: &str) -> Result<Hosts, Error> {
        let mut addresses = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let port = line.rsplit_once(':').map(|(h, p)| (h, p.parse::<u16>()));
            if !matches!(port, Some((h, Ok(_))) if !h.is_empty() && !line.contains(char::is_whitespace))
            {
                return Err(Error::Hosts(format!(
                    "{path} line {}: expected host:port (e.g. 10.0.0.5:2101), got `{line}`",
                    n + 1
                )));
            }
            addresses.push(line.to_string());
        }
        if addresses.is_empty() {
            return Err(Error::Hosts(format!(
                "{path} lists no host: write one host:port per line, one line per process"
            )));
        }
        Ok(Hosts {
            path: path.to_string(),
            addresses,
            local: false,
        })
    }

    /// `n` processes on this machine, at the addresses timely gives `-n n`
    /// without a hosts file (`localhost:2101`, `localhost:2102`, ...).
    pub fn local(n: usize) -> Hosts {
        Hosts {
            path: format!("--cluster {n}"),
            addresses: (0..n).map(|i| format!("localhost:{}", 2101 + i)).collect(),
            local: true,
        }
    }

    /// Where the addresses come from, for messages: `hosts file F`, or
    /// `--cluster N` for processes on this machine.
    pub fn source(&self) -> String {
        match self.local {
            true => format!("{} (localhost:2101 onwards)", self.path),
            false => format!("hosts file {}", self.path),
        }
    }

    /// How many processes there are, for messages: `FILE lists N
    /// processes`, or `--cluster N starts N processes`.
    pub fn count(&self) -> String {
        let n = self.addresses.len();
        match self.local {
            true => format!("{} starts {n} processes", self.path),
            false => format!("{} lists {n} processes", self.path),
        }
    }
}

/// Timely's network threads, whose guard joins them when dropped.
pub struct Guard(Box<dyn Any + Send>);

impl Guard {
    /// Lets the network threads go without joining them: after a lost
    /// peer they have failed, and timely's guard would panic on joining
    /// them.
    pub fn abandon(self) {
        std::mem::forget(self.0);
    }
}

/// How often the wait for timely's connection looks at the user's stop.
const LOOK: Duration = Duration::from_millis(50);

/// How long a stopped process still waits for the connection, so as to
/// tell the others: timely retries a peer not yet listening each second.
const GRACE: Duration = Duration::from_millis(1500);

/// Connects process `me` to every process of `hosts` with timely's own
/// configuration, within `wait` unless `stop` is set first: the
/// allocators for the worker, and the guard of the network threads.
pub fn connect(
    hosts: &Hosts,
    me: usize,
    wait: Duration,
    stop: Option<&AtomicBool>,
) -> Result<(Vec<AllocatorBuilder>, Guard), Error> {
    let deadline = Instant::now() + wait;
    if hosts.addresses.len() == 1 {
        let (builders, guard) = (CommunicationConfig::Thread.try_build())
            .map_err(|e| Error::Connect(format!("process {me}: {e}")))?;
        return Ok((builders, Guard(guard)));
    }
    let config = CommunicationConfig::Cluster {
        threads: 1,
        process: me,
        addresses: hosts.addresses.clone(),
        report: false,
        zerocopy: false,
    };
    let quiet = quiet::Stdout::new();
    lost::connecting(true);
    let (tx, rx) = mpsc::channel();
    let connecting = thread::Builder::new()
        .name("grundy:connect".into())
        .spawn(move || {
            // Built after the run stopped waiting (Ctrl-C): left as any
            // abandoned network is. Dropped, its guard would join network
            // threads that failed meanwhile and fail this thread too.
            if let Err(mpsc::SendError(Ok(built))) = tx.send(config.try_build()) {
                std::mem::forget(built);
            }
        });
    if let Err(e) = connecting {
        lost::connecting(false);
        return Err(Error::Connect(format!("process {me}: {e}")));
    }
    let at = &hosts.addresses[me];
    let got = built(&rx, deadline, stop);
    lost::connecting(false);
    let Some(got) = got else {
        quiet.keep();
        return Err(Error::Interrupted(
            "stopped while the processes connected".into(),
        ));
    };
    match got {
        Ok(Ok((builders, guard))) => {
            drop(quiet);
            Ok((builders, Guard(guard)))
        }
        Ok(Err(e)) => Err(Error::Connect(format!(
            "process {me} at {at} (line {} of the {}): {e}",
            me + 1,
            hosts.source()
        ))),
        // Timely goes on trying, and printing, until the process ends:
        // standard output stays quiet.
        Err(mpsc::RecvTimeoutError::Timeout) => {
            quiet.keep();
            Err(not_all_answered(hosts, me, wait))
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => Err(Error::Connect(format!(
            "process {me}: a connection came from something that is not a process of this cluster, or from one given another hosts file ({}; {})",
            lost::stray().unwrap_or_default(),
            hosts.source()
        ))),
    }
}

/// What the connecting thread sent on `rx` by `deadline` (a timeout
/// after it), or `None` when `stop` was set and a grace period went by.
/// A stop (Ctrl-C) while connecting waits a little longer: connected,
/// this process tells the others in the first round and they stop at
/// once; left unconnected, they would wait for it until `--wait`.
fn built<T>(
    rx: &mpsc::Receiver<T>,
    deadline: Instant,
    stop: Option<&AtomicBool>,
) -> Option<Result<T, mpsc::RecvTimeoutError>> {
    let mut stopped_by = None;
    loop {
        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            let grace = *stopped_by.get_or_insert_with(|| Instant::now() + GRACE);
            if Instant::now() >= grace {
                return None;
            }
        }
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left.min(LOOK)) {
            Err(mpsc::RecvTimeoutError::Timeout) if !left.is_zero() => continue,
            got => return Some(got),
        }
    }
}

/// The error for processes that did not all answer within `wait`.
pub fn not_all_answered(hosts: &Hosts, me: usize, wait: Duration) -> Error {
    Error::Connect(format!(
        "process {me}: the other processes did not all answer within {} s ({}); start every process listed there with the same addresses (one that failed as it started, on a checkpoint another run holds for one, said why in its own error), and check that {} is free and that only they listen at the others",
        wait.as_secs_f64(),
        hosts.source(),
        hosts.addresses[me]
    ))
}

/// Standard output pointed away while timely connects.
mod quiet {
    /// Standard output, sent to the null device until dropped (on Unix;
    /// elsewhere timely's lines are left where they go).
    pub struct Stdout {
        #[cfg(unix)]
        saved: Option<std::os::fd::OwnedFd>,
    }

    impl Stdout {
        /// Points standard output at the null device.
        #[cfg(unix)]
        pub fn new() -> Stdout {
            use std::io::Write;
            use std::os::fd::AsFd;
            let _ = std::io::stdout().flush();
            let saved = std::io::stdout().as_fd().try_clone_to_owned().ok();
            let null = std::fs::OpenOptions::new().write(true).open("/dev/null");
            let pointed = match (&saved, null) {
                (Some(_), Ok(null)) => nix::unistd::dup2_stdout(&null).is_ok(),
                _ => false,
            };
            Stdout {
                saved: saved.filter(|_| pointed),
            }
        }

        /// Does nothing where standard output cannot be pointed away.
        #[cfg(not(unix))]
        pub fn new() -> Stdout {
            Stdout {}
        }

        /// Keeps standard output pointed away for the rest of the process.
        pub fn keep(self) {
            std::mem::forget(self);
        }
    }

    impl Drop for Stdout {
        /// Points standard output back where it was.
        fn drop(&mut self) {
            #[cfg(unix)]
            if let Some(saved) = self.saved.take() {
                use std::io::Write;
                let _ = std::io::stdout().flush();
                let _ = nix::unistd::dup2_stdout(&saved);
            }
        }
    }
}
