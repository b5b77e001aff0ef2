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
    /// chomp): HOSTS is a file with one host:port per line, one line per
    /// process, the same file for every process. --threads is then the
    /// workers of each process (default 1).
    #[arg(long, value_name = "HOSTS")]
    pub cluster: Option<String>,
    /// This process's line in the hosts file, from 0.
    #[arg(long, value_name = "I", requires = "cluster", default_value_t = 0)]
    process: usize,
    /// How long to wait for the other processes of the cluster to connect,
    /// in seconds.
    #[arg(long, value_name = "SECS", requires = "cluster", default_value_t = 60)]
    wait: u64,
}
