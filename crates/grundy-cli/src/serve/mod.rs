//! `grundy serve`: the web playground and its JSON API.
//!
//! One axum server on a tokio runtime serves the embedded page
//! ([`assets`]) and an API that mirrors the command line ([`api`],
//! [`play`]). Every request is bounded ([`bounds`]): query length, states,
//! time, and how many computations run at once. It listens on 127.0.0.1
//! unless told otherwise, since anyone who can reach it can make it work.

#[cfg(feature = "serve")]
mod api;
#[cfg(feature = "serve")]
mod assets;
#[cfg(feature = "serve")]
mod bounds;
#[cfg(feature = "serve")]
mod conn;
#[cfg(feature = "serve")]
mod error;
#[cfg(feature = "serve")]
mod games;
#[cfg(feature = "serve")]
mod params;
#[cfg(feature = "serve")]
mod play;
#[cfg(feature = "serve")]
mod server;

#[cfg(feature = "serve")]
use server::App;

use clap::Args;
use std::net::IpAddr;

/// The default state budget of one request (`grundy serve --max-states`).
pub const DEFAULT_MAX_STATES: u64 = 200_000;

/// The default cap on open connections: far below the usual limit of
/// 1024 open files, and far above what one page or a few scripts use.
pub const DEFAULT_MAX_CONNECTIONS: usize = 256;

/// The default time a client has to send a request's headers, counted
/// from the connection's start or from the end of its previous answer.
pub const DEFAULT_IDLE_TIMEOUT: &str = "10";

/// Arguments of `grundy serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The TCP port; 0 picks a free one (the address is printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on; the default keeps the server to this
    /// machine.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1", value_parser = address)]
    bind: IpAddr,
    /// Seconds one request may compute; a longer sequence answers with
    /// the values computed so far.
    #[arg(long, value_name = "SECS", allow_negative_numbers = true, default_value = "2", value_parser = crate::seconds::request)]
    time_limit: crate::seconds::Seconds,
    /// The most connections open at once; clients beyond it get a 503 and
    /// are closed.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_CONNECTIONS)]
    max_connections: usize,
    /// Seconds a client has to send a request's headers, from connecting
    /// or from its previous answer; slow and idle connections are closed.
    #[arg(long, value_name = "SECS", allow_negative_numbers = true, default_value = DEFAULT_IDLE_TIMEOUT, value_parser = crate::seconds::request)]
    idle_timeout: crate::seconds::Seconds,
}

/// The address of `--bind`: an IP address alone, the port being
/// `--port`'s, which an address with a port is pointed to.
fn address(text: &str) -> Result<IpAddr, String> {
    match (text.parse(), text.parse::<std::net::SocketAddr>()) {
        (Ok(ip), _) => Ok(ip),
        (_, Ok(both)) => Err(format!(
            "an IP address without its port: give `--bind {} --port {}`",
            both.ip(),
            both.port()
        )),
        _ => Err("not an IP address (such as 127.0.0.1, 0.0.0.0 or ::1)".to_string()),
    }
}

/// Runs the server until Ctrl-C; a build without the server says so in
/// one line.
pub fn run(args: &ServeArgs, base: grundy::Limits) -> anyhow::Result<()> {
    #[cfg(feature = "serve")]
    return server::run(args, base);
    #[cfg(not(feature = "serve"))]
    {
        let _ = (args, base);
        anyhow::bail!("this grundy was built without the web server (cargo feature `serve`); build it with the default features")
    }
}
