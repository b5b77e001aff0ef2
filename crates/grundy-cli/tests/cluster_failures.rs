//! How a cluster fails: a wrong hosts file, a missing or out-of-range
//! index, a peer that never comes, is lost or is a stranger, a process
//! that fails as it starts, and Ctrl-C on one process: each in one line,
//! in bounded time, on every process.

mod support;

use std::net::TcpListener;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use support::cluster::{ended, free_ports, hosts, process};
use support::{fails, file};

/// Ctrl-C on one process of a checkpointed run stops every process at
/// once, each saying how to resume (exit code 130), not when the others
/// finish their round.
#[test]
fn ctrl_c_on_one_process_stops_them_all_at_once() {
    let dir = std::env::temp_dir().join(format!("grundy-cluster-int-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ck = dir.join("cram4x11");
    let hosts = hosts("int.hosts", 2);
    let args = ["value", "cram", "4x11", "--max-moves", "0", "--checkpoint"];
    let args = [&args[..], &[ck.to_str().unwrap()]].concat();
    let children: Vec<_> = (0..2).map(|i| process(&args, &hosts, i)).collect();
    // Connected and searching by then; 4x11 takes seconds on two.
    std::thread::sleep(Duration::from_millis(1500));
    let start = Instant::now();
    let pid = children[1].id().to_string();
    assert!(Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .unwrap()
        .success());
    for (i, (code, err)) in ended(children).iter().enumerate() {
        assert_eq!(*code, Some(130), "process {i}: {err}");
        assert!(err.contains("checkpoint saved to"), "process {i}: {err}");
        assert!(err.contains(&format!("cram4x11.{i}")), "process {i}: {err}");
        // The process its user did not stop says why it stopped.
        let told = err.starts_with("interrupted by another process of the cluster");
        assert_eq!(told, i == 0, "process {i}: {err}");
    }
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Ctrl-C on a process still connecting (here at once, without a
/// checkpoint) stops the others too: it connects to tell them, where it
/// used to exit and leave them waiting until `--wait` ran out.
#[test]
fn ctrl_c_while_connecting_stops_them_all() {
    let hosts = hosts("int-early.hosts", 2);
    let args = ["value", "cram", "4x11", "--max-moves", "0", "--wait", "60"];
    let children: Vec<_> = (0..2).map(|i| process(&args, &hosts, i)).collect();
    std::thread::sleep(Duration::from_millis(100));
    let start = Instant::now();
    let pid = children[1].id().to_string();
    assert!(Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .unwrap()
        .success());
    let said = ended(children);
    for (code, err) in &said {
        assert_eq!(*code, Some(130), "{said:?}");
        assert!(err.starts_with("interrupted"), "{said:?}");
    }
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
}

/// A process that fails before any search (its budget cannot hold a
/// table) fails every process, with one line saying whose failure.
#[test]
fn a_failure_of_one_process_fails_them_all() {
    let hosts = hosts("fail.hosts", 2);
    let args = ["value", "cram", "5x6", "--max-moves", "0"];
    let children = [
        process(&[&args[..], &["--memory", "1K"]].concat(), &hosts, 0),
        process(&args, &hosts, 1),
    ];
    for (i, (code, err)) in ended(children).iter().enumerate() {
        assert_eq!(*code, Some(2), "process {i}: {err}");
        assert_eq!(err.lines().count(), 1, "process {i}: {err}");
        assert!(err.starts_with("error: process 0: "), "process {i}: {err}");
        assert!(err.contains("memory"), "process {i}: {err}");
    }
}

/// A process whose checkpoint another run holds fails as it starts, and
/// tells the others over the cluster at once: they used to wait for it
/// until `--wait` ran out and blame the network.
#[test]
fn a_checkpoint_held_elsewhere_fails_every_process_at_once() {
    let hosts = hosts("held.hosts", 2);
    let ck = support::scratch("held.ck");
    let held = format!("{ck}.1");
    // Left by an earlier run's holder, killed: the wait below would see
    // a lock before this run's holder takes it.
    for stale in [format!("{ck}.0"), held.clone(), format!("{held}.lock")] {
        let _ = std::fs::remove_file(stale);
    }
    let mut holder = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["seq", "grundy", "--to", "9000000", "--checkpoint", &held])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let lock = format!("{held}.lock");
    let started = Instant::now();
    while !std::path::Path::new(&lock).exists() {
        assert!(started.elapsed() < Duration::from_secs(30));
        std::thread::sleep(Duration::from_millis(20));
    }
    let args = ["value", "cram", "4x5", "--checkpoint", &ck, "--wait", "60"];
    let began = Instant::now();
    let children = [process(&args, &hosts, 0), process(&args, &hosts, 1)];
    for (i, (code, err)) in ended(children).iter().enumerate() {
        assert_eq!(*code, Some(2), "process {i}: {err}");
        assert_eq!(err.lines().count(), 1, "process {i}: {err}");
        assert!(err.starts_with("error: process 1: "), "process {i}: {err}");
        assert!(
            err.contains("another grundy run is using it"),
            "process {i}: {err}"
        );
    }
    assert!(
        began.elapsed() < Duration::from_secs(30),
        "{:?}",
        began.elapsed()
    );
    holder.kill().unwrap();
    holder.wait().unwrap();
}

/// A process that fails as it starts, whose peers never come, still says
/// why once `--wait` runs out (it said the network's fault).
#[test]
fn a_process_that_fails_alone_says_why() {
    let hosts = hosts("alone.hosts", 2);
    let ck = support::scratch("alone.ck");
    std::fs::write(format!("{ck}.1"), "junk").unwrap();
    let args = ["value", "cram", "4x5", "--checkpoint", &ck, "--wait", "1"];
    let out = process(&args, &hosts, 1).wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("process 1: "), "{err}");
    assert!(err.contains("not a grundy board checkpoint"), "{err}");
}

#[test]
fn bad_clusters_fail_in_one_line() {
    let bad = file("bad.hosts", "127.0.0.1:1\nlocalhost\n");
    let empty = file("empty.hosts", "# nobody\n\n");
    let two = hosts("two.hosts", 2);
    let one = hosts("small.hosts", 1);
    let crowd: String = (0..1025)
        .map(|i| format!("127.0.0.1:{}\n", 20000 + i))
        .collect();
    let crowd = file("crowd.hosts", &crowd);
    // Each case: the words after `grundy value`, and what its error says.
    let cases: [(&[&str], &str); 16] = [
        (&["cram", "2x3", "--cluster", &bad], "bad.hosts line 2"),
        (&["cram", "2x3", "--cluster", ""], "--cluster needs a hosts file"),
        (&["cram", "2x3", "--cluster", &empty], "lists no host"),
        (
            &["cram", "2x3", "--cluster", &two, "--process", "2"],
            "--process 2 is out of range",
        ),
        (
            &["cram", "2x3", "--cluster", "/nonexistent/h.txt"],
            "cannot read the hosts file /nonexistent/h.txt",
        ),
        (
            &["cram", "2x3", "--cluster", "0"],
            "--cluster 0: a cluster needs at least one process",
        ),
        (
            &["cram", "2x3", "--cluster", "3"],
            "--cluster 3 starts 3 processes: say which one this is with --process I (0 to 2)",
        ),
        (&["nim", "3", "--cluster", &two], "nim has no cluster mode"),
        (
            &["cram", "3x3", "--misere", "--cluster", &two],
            "--cluster values normal play only",
        ),
        (
            &["cram", "2x3", "--cluster", &two],
            "lists 2 processes: say which one this is with --process I (0 to 1)",
        ),
        (
            &["cram", "6x6", "--cluster", &one, "--memory", "1K"],
            "memory",
        ),
        // Sizes that once aborted allocating a slot per process, a wait
        // that overflowed the clock, and a hosts file read without end.
        (
            &["cram", "2x3", "--cluster", "1000000000", "--process", "0"],
            "--cluster 1000000000: at most 1024 processes",
        ),
        (
            &["cram", "2x3", "--cluster", "18446744073709551615"],
            "at most 1024 processes",
        ),
        (
            &[
                "cram",
                "2x3",
                "--cluster",
                "1",
                "--wait",
                "18446744073709551615",
            ],
            "'18446744073709551615' for '--wait <SECS>': give 0 or a number of seconds from 0.001 to 86400 (a day)",
        ),
        (
            &["cram", "2x3", "--cluster", "/dev/zero"],
            "the hosts file /dev/zero: not a regular file",
        ),
        (
            &["cram", "2x3", "--cluster", &crowd, "--process", "0"],
            "crowd.hosts: at most 1024 processes",
        ),
    ];
    for (words, needle) in cases {
        let args: Vec<&str> = std::iter::once("value")
            .chain(words.iter().copied())
            .collect();
        fails(&args, needle);
    }
}

#[test]
fn a_peer_that_never_comes_is_an_error_not_a_hang() {
    let two = hosts("never.hosts", 2);
    for me in ["0", "1"] {
        let start = Instant::now();
        let args = ["value", "cram", "2x3", "--cluster", &two, "--wait", "1"];
        let err = fails(
            &[&args[..], &["--process", me]].concat(),
            "did not all answer within 1 s",
        );
        assert!(err.contains("hosts file"), "{err}");
        assert!(start.elapsed() < Duration::from_secs(10));
    }
}

#[test]
fn processes_asked_different_questions_refuse_each_other() {
    let two = hosts("differ.hosts", 2);
    let spawn = |board: &str, me| process(&["value", "cram", board, "--wait", "10"], &two, me);
    let (a, b) = (spawn("2x3", 0), spawn("3x3", 1));
    for (code, err) in ended([a, b]) {
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains("runs another game"), "{err}");
    }
}

#[test]
fn a_peer_lost_in_the_middle_stops_the_others_in_one_line() {
    let two = hosts("lost.hosts", 2);
    // The survivor keeps its tables, and says so.
    let ck = support::scratch("lost.ck");
    let _ = std::fs::remove_file(format!("{ck}.0"));
    let keeps = ["value", "cram", "4x11", "--wait", "30", "--checkpoint", &ck];
    let a = process(&keeps, &two, 0);
    let args = ["value", "cram", "4x11", "--wait", "30", "--progress"];
    let mut b = process(&args, &two, 1);
    // Killed once its search runs (timely takes a second or two to
    // connect, more on a busy machine): its progress lines say so.
    let lines = std::io::BufRead::lines(std::io::BufReader::new(b.stderr.take().unwrap()));
    for line in lines.map_while(Result::ok) {
        let searched = line
            .strip_prefix("progress: ")
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse::<u64>().ok());
        if searched.is_some_and(|n| n > 0) {
            // The memory this process holds, beside its traffic.
            assert!(line.contains(" held, "), "{line}");
            assert!(line.contains(" values received"), "{line}");
            break;
        }
    }
    b.kill().unwrap();
    let _ = b.wait();
    let start = Instant::now();
    let out = a.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: process 0: lost the connection to process 1 at 127.0.0.1:"),
        "{err}"
    );
    assert!(
        err.trim_end().ends_with(&format!(
            "; checkpoint saved to {ck}.0 (the same command resumes from it)"
        )),
        "{err}"
    );
    assert!(std::path::Path::new(&format!("{ck}.0")).is_file());
    assert!(start.elapsed() < Duration::from_secs(20));
}

/// A peer lost before the first round ends (it sent timely's handshake,
/// then hung up) is told at once, not after `--wait` as a silent peer.
#[test]
fn a_peer_lost_in_the_first_round_is_told_at_once() {
    use std::io::Write;
    let hosts = hosts("first-round.hosts", 2);
    let zero = process(&["value", "cram", "4x5", "--wait", "20"], &hosts, 0);
    let start = Instant::now();
    let mut peer = dial_process_0(&hosts);
    // Timely's handshake: this is process 1.
    peer.write_all(&1u64.to_be_bytes()).unwrap();
    std::thread::sleep(Duration::from_millis(500));
    drop(peer);
    let out = zero.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("error: process 0: lost the connection to process 1"),
        "{err}"
    );
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
}

/// Something silent at a peer's address (timely's connection succeeds:
/// it only sends its index) fails the run within `--wait`, in one line,
/// instead of holding it in the first round for ever.
#[test]
fn something_silent_at_a_peer_address_is_an_error_not_a_hang() {
    let silent = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = free_ports(1)[0];
    let text = format!("{}\n127.0.0.1:{port}\n", silent.local_addr().unwrap());
    let hosts = file("silent.hosts", &text);
    let start = Instant::now();
    let args = ["value", "cram", "2x3", "--cluster", &hosts, "--wait", "2"];
    let err = fails(&[&args[..], &["--process", "1"]].concat(), "within 2 s");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(start.elapsed() < Duration::from_secs(15));
}

/// A connection that is not a process of the cluster (a port scan, a
/// process given another hosts file) fails the process it reached in one
/// line, not as a bug.
#[test]
fn a_stray_connection_fails_in_one_line() {
    let hosts = hosts("stray.hosts", 2);
    let zero = process(&["value", "cram", "2x3", "--wait", "20"], &hosts, 0);
    let stray = dial_process_0(&hosts);
    drop(stray);
    let out = zero.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("not a process of this cluster"), "{err}");
}

/// A connection to process 0 of the hosts file `hosts`, made as soon as
/// it listens (within 10 s).
fn dial_process_0(hosts: &str) -> std::net::TcpStream {
    let text = std::fs::read_to_string(hosts).unwrap();
    let address = text.lines().next().unwrap().to_string();
    let start = Instant::now();
    loop {
        match std::net::TcpStream::connect(&address) {
            Ok(s) => return s,
            Err(_) if start.elapsed() < Duration::from_secs(10) => {
                std::thread::sleep(Duration::from_millis(50))
            }
            Err(e) => panic!("process 0 never listened: {e}"),
        }
    }
}
