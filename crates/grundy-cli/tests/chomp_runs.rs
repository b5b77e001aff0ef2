//! Long Chomp solves by the dense table: progress, `--checkpoint` (a run
//! killed with SIGKILL resumes and values only what it lacked, one
//! stopped by Ctrl-C saves first), and boxes past the budget refused at
//! once.

mod support;

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use support::*;

/// The box of the kill test: a few seconds in the debug profile.
const BOX: &str = "13x13";
/// Its diagrams, `binomial(26, 13)`.
const DIAGRAMS: u64 = 10_400_600;
/// Its value, as a whole solve finds it: what a resumed one must find.
const VALUE: u64 = 33;
/// The solve of [`BOX`] on one thread, within its states.
const SOLVE: [&str; 7] = [
    "value",
    "chomp",
    BOX,
    "--threads",
    "1",
    "--max-states",
    "20000000",
];

#[test]
fn a_killed_chomp_solve_resumes_from_its_checkpoint() {
    let ck = scratch("chomp.ck");
    let args = [&SOLVE[..], &["--json", "--progress"]].concat();
    let (out, err, code) = run(&args, "");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(search_counts(&err), (DIAGRAMS, 0), "{err}");
    let first: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(first["grundy"], VALUE, "{out}");
    kill_after_checkpoint(&args, &ck);
    let (out, err, code) = run(&[&args[..], &["--checkpoint", &ck]].concat(), "");
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["grundy"], first["grundy"]);
    assert_eq!(v["winning_moves"], first["winning_moves"]);
    let (searched, restored) = search_counts(&err);
    assert!(restored > 0 && searched > 0, "{err}");
    // Every diagram is valued once: from the checkpoint or now.
    assert_eq!(searched + restored, DIAGRAMS, "{err}");
}

/// Ctrl-C stops the table search the way it stops Cram's board search:
/// the tables saved, exit code 130, and a line saying how to resume. The
/// table was once left unsaved (`error: stopped: the Chomp table`, exit
/// 2): Chomp reads no files, and its stop left `value` before the
/// checkpoint's last save.
#[test]
fn ctrl_c_saves_the_chomp_table_and_the_rerun_resumes() {
    let ck = scratch("chomp-ctrl-c.ck");
    let args = [&SOLVE[..], &["--max-moves", "0", "--json", "--progress"]].concat();
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(&args)
        .args(["--checkpoint", &ck])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The first progress line (a second in) comes once the table is
    // being filled: the stop then has something to save.
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut err = String::new();
    while !err.contains("progress: ") {
        let read = stderr.read_line(&mut err).unwrap();
        assert!(read > 0, "the solve ended before the interrupt: {err}");
    }
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    stderr.read_to_string(&mut err).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{err}");
    let said =
        format!("interrupted; checkpoint saved to {ck}: run the same command again to resume");
    assert!(err.contains(&said), "{err}");
    let bytes = std::fs::read(&ck).unwrap();
    assert!(bytes.starts_with(b"grundy board checkpoint 1\ngame: chomp\nposition: 13x13\n"));
    let (out, err, code) = run(&[&args[..], &["--checkpoint", &ck]].concat(), "");
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["grundy"], VALUE, "{out}");
    let (searched, restored) = search_counts(&err);
    assert!(restored > 0, "{err}");
    assert_eq!(searched + restored, DIAGRAMS, "{err}");
}

#[test]
fn damaged_chomp_checkpoints_are_refused_in_one_line() {
    let ck = scratch("chomp-5x6.ck");
    grundy(&["value", "chomp", "5x6", "--checkpoint", &ck]).success();
    let bytes = std::fs::read(&ck).unwrap();
    assert!(bytes.starts_with(b"grundy board checkpoint 1\ngame: chomp\nposition: 5x6\n"));
    let mut damaged = bytes.clone();
    let last = damaged.len() - 20;
    damaged[last] ^= 0x40;
    let bad = file("chomp-damaged.ck", "");
    std::fs::write(&bad, &damaged).unwrap();
    fails(
        &["value", "chomp", "5x6", "--checkpoint", &bad],
        "damaged checkpoint: not a snapshot of a Chomp table",
    );
}

#[test]
fn boxes_past_the_budget_are_refused_at_once() {
    let t = Instant::now();
    let err = fails(&["value", "chomp", "14x14"], "box of 14x14");
    assert!(
        err.contains("40116600 bytes") && err.contains("--max-states"),
        "{err}"
    );
    let err = fails(
        &[
            "value",
            "chomp",
            "14x14",
            "--max-states",
            "1000000000",
            "--memory",
            "30M",
        ],
        "box of 14x14",
    );
    assert!(err.contains("--memory"), "{err}");
    assert!(t.elapsed() < Duration::from_secs(5));
}
