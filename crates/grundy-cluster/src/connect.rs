//! The hosts file and the connections between processes.
//!
//! The hosts file is timely's own: one `host:port` per line, line `i`
//! for process `i`. Timely would connect the processes itself, but it
//! retries a missing peer for ever and prints its progress on standard
//! output; the processes connect here instead, with timely's protocol
//! (process `i` dials every process below it and listens for those
//! above), a handshake that checks that every process runs the same
//! question, and a deadline. Timely then runs over the connected sockets.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream, ToSocketAddrs};
use std::thread;
use std::time::{Duration, Instant};

use crate::Error;

/// The first word of the handshake: "grundy01".
const MAGIC: u64 = u64::from_be_bytes(*b"grundy01");

/// How long to sleep between attempts to reach a peer.
const RETRY: Duration = Duration::from_millis(10);

/// The processes of a cluster, as its hosts file lists them.
#[derive(Clone, Debug)]
pub struct Hosts {
    /// The file's path, for messages.
    pub path: String,
    /// `host:port` of each process, in order.
    pub addresses: Vec<String>,
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
        })
    }
}

/// A connection to every other process (`None` at `me`), each checked by
/// the handshake `[MAGIC, index, processes, digest]` both ways, within
/// `wait`.
pub fn connect(
    hosts: &Hosts,
    me: usize,
    digest: u64,
    wait: Duration,
) -> Result<Vec<Option<TcpStream>>, Error> {
    let n = hosts.addresses.len();
    let deadline = Instant::now() + wait;
    let hello = [MAGIC, me as u64, n as u64, digest];
    let listener = if me + 1 < n {
        Some(listen(hosts, me)?)
    } else {
        None
    };
    let dialled = {
        let hosts = hosts.clone();
        thread::spawn(move || dial_lower(&hosts, me, hello, deadline))
    };
    let mut sockets: Vec<Option<TcpStream>> = (0..n).map(|_| None).collect();
    let accepted = match listener {
        Some(l) => accept_higher(&l, hosts, me, hello, deadline, &mut sockets),
        None => Ok(()),
    };
    let dialled = dialled
        .join()
        .map_err(|_| Error::Connect("the thread dialling the other processes failed".into()))?;
    accepted?;
    for (i, s) in dialled?.into_iter().enumerate() {
        sockets[i] = Some(s);
    }
    for s in sockets.iter().flatten() {
        let _ = s.set_read_timeout(None);
    }
    Ok(sockets)
}

/// The listener at this process's own address.
fn listen(hosts: &Hosts, me: usize) -> Result<TcpListener, Error> {
    let addr = &hosts.addresses[me];
    let l = TcpListener::bind(addr).map_err(|e| {
        Error::Connect(format!(
            "process {me} cannot listen at {addr} (line {} of {}): {e}",
            me + 1,
            hosts.path
        ))
    })?;
    l.set_nonblocking(true)
        .map_err(|e| Error::Connect(format!("process {me}: {e}")))?;
    Ok(l)
}

/// Connections to the processes `0..me`, in order, retried until the
/// deadline.
fn dial_lower(
    hosts: &Hosts,
    me: usize,
    hello: [u64; 4],
    deadline: Instant,
) -> Result<Vec<TcpStream>, Error> {
    let mut out = Vec::with_capacity(me);
    for (i, addr) in hosts.addresses.iter().enumerate().take(me) {
        let mut s = loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(missing(hosts, me, &[i]));
            }
            let tried = addr.to_socket_addrs().ok().and_then(|mut a| a.next());
            if let Some(sa) = tried {
                if let Ok(s) = TcpStream::connect_timeout(&sa, left.min(Duration::from_secs(1))) {
                    break s;
                }
            }
            thread::sleep(RETRY);
        };
        s.set_read_timeout(Some(
            deadline
                .saturating_duration_since(Instant::now())
                .max(RETRY),
        ))
        .and_then(|()| s.set_nodelay(true))
        .and_then(|()| write_words(&mut s, &hello))
        .map_err(|e| Error::Connect(format!("process {me}: talking to {addr}: {e}")))?;
        let got = read_words(&mut s).map_err(|_| missing(hosts, me, &[i]))?;
        check_hello(hosts, me, &hello, &got, i)?;
        out.push(s);
    }
    Ok(out)
}

/// Accepts the processes `me + 1..`, each once, until the deadline.
fn accept_higher(
    l: &TcpListener,
    hosts: &Hosts,
    me: usize,
    hello: [u64; 4],
    deadline: Instant,
    sockets: &mut [Option<TcpStream>],
) -> Result<(), Error> {
    let n = hosts.addresses.len();
    loop {
        let waiting: Vec<usize> = (me + 1..n).filter(|&i| sockets[i].is_none()).collect();
        if waiting.is_empty() {
            return Ok(());
        }
        if Instant::now() >= deadline {
            return Err(missing(hosts, me, &waiting));
        }
        let Ok((mut s, _)) = l.accept() else {
            thread::sleep(RETRY);
            continue;
        };
        let talk = s
            .set_nonblocking(false)
            .and_then(|()| s.set_read_timeout(Some(Duration::from_secs(5))))
            .and_then(|()| s.set_nodelay(true));
        // A connection that says nothing sensible is not a peer: ignored.
        let Ok(got) = talk.and_then(|()| read_words(&mut s)) else {
            continue;
        };
        let from = got[1] as usize;
        if got[0] != MAGIC || from <= me || from >= n {
            continue;
        }
        // Answered first, so that a peer asked another question learns it.
        write_words(&mut s, &hello)
            .map_err(|e| Error::Connect(format!("process {me}: answering process {from}: {e}")))?;
        check_hello(hosts, me, &hello, &got, from)?;
        sockets[from] = Some(s);
    }
}

/// Fails unless `got`, received from process `from`, asks the same
/// question of as many processes as `hello` does.
fn check_hello(
    hosts: &Hosts,
    me: usize,
    hello: &[u64; 4],
    got: &[u64; 4],
    from: usize,
) -> Result<(), Error> {
    if got[0] != MAGIC || got[1] as usize != from {
        return Err(Error::Connect(format!(
            "process {me}: {} (process {from} in {}) is not a grundy cluster process",
            hosts.addresses[from], hosts.path
        )));
    }
    if got[2] != hello[2] || got[3] != hello[3] {
        return Err(Error::Connect(format!(
            "process {me}: process {from} at {} runs another game, position, --max-moves or hosts file (every process must be given the same)",
            hosts.addresses[from]
        )));
    }
    Ok(())
}

/// The error for processes that never answered.
fn missing(hosts: &Hosts, me: usize, who: &[usize]) -> Error {
    let list: Vec<String> = who
        .iter()
        .map(|&i| format!("process {i} at {}", hosts.addresses[i]))
        .collect();
    Error::Connect(format!(
        "process {me}: no answer from {} (hosts file {}); start every process listed there",
        list.join(", "),
        hosts.path
    ))
}

fn write_words(s: &mut TcpStream, words: &[u64; 4]) -> std::io::Result<()> {
    let mut buf = [0u8; 32];
    for (chunk, w) in buf.chunks_mut(8).zip(words) {
        chunk.copy_from_slice(&w.to_be_bytes());
    }
    s.write_all(&buf)
}

fn read_words(s: &mut TcpStream) -> std::io::Result<[u64; 4]> {
    let mut buf = [0u8; 32];
    s.read_exact(&mut buf)?;
    let mut words = [0u64; 4];
    for (w, chunk) in words.iter_mut().zip(buf.chunks(8)) {
        *w = u64::from_be_bytes(chunk.try_into().expect("8 bytes"));
    }
    Ok(words)
}
