//! Clusters of `grundy` processes on localhost, for the cluster tests.

use std::net::TcpListener;
use std::process::{Command, Stdio};

use serde_json::Value;

use super::file;

/// `n` ports free on localhost (bound to port 0, then released).
pub fn free_ports(n: usize) -> Vec<u16> {
    let held: Vec<TcpListener> = (0..n)
        .map(|_| TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    held.iter()
        .map(|l| l.local_addr().unwrap().port())
        .collect()
}

/// A hosts file for `n` processes on localhost.
pub fn hosts(name: &str, n: usize) -> String {
    let lines: Vec<String> = free_ports(n)
        .into_iter()
        .map(|p| format!("127.0.0.1:{p}\n"))
        .collect();
    file(name, &lines.concat())
}

/// Process `i` of the cluster `hosts`, started on `args`, its output
/// piped.
pub fn process(args: &[&str], hosts: &str, i: usize) -> std::process::Child {
    Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .args(["--cluster", hosts, "--process", &i.to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The JSON every process of an `n`-process cluster prints for `args`
/// (all the same, checked), with `threads` workers each.
pub fn cluster(name: &str, n: usize, threads: &str, args: &[&str]) -> Value {
    cluster_on(&hosts(name, n), n, threads, args)
}

/// The JSON every process of the `n`-process cluster `hosts` (a hosts
/// file, or a number) prints for `args`, all the same.
pub fn cluster_on(hosts: &str, n: usize, threads: &str, args: &[&str]) -> Value {
    let args = [args, &["--json", "--wait", "30", "--threads", threads]].concat();
    let children: Vec<_> = (0..n).map(|i| process(&args, hosts, i)).collect();
    let outs: Vec<Value> = children
        .into_iter()
        .map(|c| {
            let out = c.wait_with_output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{args:?}: {err}");
            serde_json::from_slice(&out.stdout).expect("valid JSON")
        })
        .collect();
    for o in &outs[1..] {
        assert_eq!(o, &outs[0], "every process prints the same");
    }
    outs[0].clone()
}

/// The exit code and standard error of each process, once all ended.
pub fn ended(
    children: impl IntoIterator<Item = std::process::Child>,
) -> Vec<(Option<i32>, String)> {
    children
        .into_iter()
        .map(|c| {
            let out = c.wait_with_output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr).into_owned();
            (out.status.code(), err)
        })
        .collect()
}
