//! `grundy value GAME POSITION --cluster HOSTS --process I`: the position
//! valued by timely workers across processes and hosts
//! ([`grundy_cluster`]). Every process prints the same answer.

#[cfg(feature = "cluster")]
mod solve;

use clap::Args;

#[cfg(feature = "cluster")]
pub use solve::run;

/// The cluster options of `grundy value`.
#[derive(Args, Debug)]
pub struct ClusterArgs {
    /// Value the position with a cluster of processes (cram, node-kayles,
    /// chomp), each searching its share: HOSTS is a file with one
    /// host:port per line, one line per process, the same file for every
    /// process (timely's hosts file), or a number N for N processes on
    /// this machine at localhost:2101, 2102, ... (as timely's -n N).
    /// --threads is then the search threads of each process (default 1),
    /// and --memory each process's budget.
    #[arg(long, value_name = "HOSTS")]
    pub cluster: Option<String>,
    /// This process's line in the hosts file, from 0 (needed when the
    /// file lists more than one process). Its --progress and
    /// --checkpoint are its own: the checkpoint FILE becomes FILE.I when
    /// the file lists more than one process.
    #[arg(long, value_name = "I", requires = "cluster")]
    process: Option<usize>,
    /// How long to wait for the other processes of the cluster to connect,
    /// in seconds.
    #[arg(long, value_name = "SECS", allow_negative_numbers = true, requires = "cluster", default_value = "60", value_parser = crate::seconds::wait)]
    wait: crate::seconds::Seconds,
}
