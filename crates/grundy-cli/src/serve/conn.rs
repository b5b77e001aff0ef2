//! Connections: accepted under a cap, closed when slow or idle, and shut
//! down within a bounded time.
//!
//! `axum::serve` keeps every connection for as long as the client likes, so
//! a hundred clients that send their headers one byte a minute, or a
//! thousand that connect and say nothing, would hold the server's file
//! descriptors until no one else could connect. Here each connection is
//! served by hyper with a header read timeout (which also runs while a
//! kept-alive connection waits for its next request, so idle connections
//! are closed too), a client that stops reading its answer for as long is
//! cut off ([`WriteDeadline`]), and at most [`ConnLimits::max_connections`]
//! are open at once: a client beyond the cap gets a short 503 and is
//! closed, well before the process runs out of file descriptors.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Semaphore};
use tokio::task::JoinSet;
use tokio::time::Sleep;

/// How long Ctrl-C waits for requests in progress before closing their
/// connections anyway.
const SHUTDOWN_WAIT: Duration = Duration::from_secs(1);

/// How long the accept loop pauses when accepting fails (out of file
/// descriptors, say), instead of spinning.
const ACCEPT_PAUSE: Duration = Duration::from_millis(50);

/// The connection bounds of one server.
#[derive(Clone, Copy, Debug)]
pub struct ConnLimits {
    /// The most connections open at once.
    pub max_connections: usize,
    /// The header read timeout, which is also the idle timeout and the
    /// longest a client may leave its answer unread.
    pub idle_timeout: Duration,
}

/// Serves `app` on `listener` until `shutdown` completes, then lets the
/// requests in progress finish for at most [`SHUTDOWN_WAIT`] and closes
/// what is left (dropping a request stops its computation).
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnLimits,
    shutdown: impl Future<Output = ()>,
) {
    let open = Arc::new(Semaphore::new(limits.max_connections));
    let (stop_tx, stop_rx) = watch::channel(false);
    let mut connections = JoinSet::new();
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => accepted,
        };
        while connections.try_join_next().is_some() {}
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(_) => {
                tokio::time::sleep(ACCEPT_PAUSE).await;
                continue;
            }
        };
        let Ok(permit) = open.clone().try_acquire_owned() else {
            refuse(&stream, limits.max_connections);
            continue;
        };
        let service = TowerToHyperService::new(app.clone());
        let mut stop = stop_rx.clone();
        connections.spawn(async move {
            let _permit = permit;
            let conn = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.idle_timeout)
                .serve_connection(
                    TokioIo::new(WriteDeadline::new(stream, limits.idle_timeout)),
                    service,
                );
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                _ = stop.changed() => {
                    conn.as_mut().graceful_shutdown();
                    let _ = conn.await;
                }
            }
        });
    }
    drop(listener);
    let _ = stop_tx.send(true);
    let drained = async { while connections.join_next().await.is_some() {} };
    if tokio::time::timeout(SHUTDOWN_WAIT, drained).await.is_err() {
        connections.shutdown().await;
    }
}

/// Tells a client beyond the cap why it is turned away, without waiting
/// for it (the answer fits any socket buffer), and closes the connection.
fn refuse(stream: &TcpStream, max: usize) {
    let body = format!(
        "{{\"error\":\"the server has {max} connections open, the most it allows; try again\"}}\n"
    );
    let reply = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.try_write(reply.as_bytes());
}

/// A connection whose writes fail once they have been blocked for
/// `limit`: a client that asks for a large answer and then stops reading
/// would otherwise hold its connection (and a place under the cap) for
/// ever. Reads are not limited here: while a request computes, the client
/// rightly sends nothing, and hyper's header timeout covers the rest.
struct WriteDeadline {
    io: TcpStream,
    limit: Duration,
    /// Running while a write is blocked; reset by any progress.
    blocked: Option<Pin<Box<Sleep>>>,
}

impl WriteDeadline {
    fn new(io: TcpStream, limit: Duration) -> Self {
        WriteDeadline {
            io,
            limit,
            blocked: None,
        }
    }

    /// Passes on a finished write (and resets the deadline), or waits on
    /// a blocked one until the deadline fails it.
    fn deadline<T>(
        &mut self,
        cx: &mut Context<'_>,
        poll: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        if poll.is_ready() {
            self.blocked = None;
            return poll;
        }
        let limit = self.limit;
        let timer = self
            .blocked
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        match timer.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client stopped reading its answer",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl AsyncRead for WriteDeadline {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_read(cx, buf)
    }
}

impl AsyncWrite for WriteDeadline {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.io).poll_write(cx, buf);
        this.deadline(cx, poll)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.io).poll_flush(cx);
        this.deadline(cx, poll)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.io).poll_shutdown(cx);
        this.deadline(cx, poll)
    }
}
