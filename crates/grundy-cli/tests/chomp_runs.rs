//! Long Chomp solves by the dense table: progress, `--checkpoint` (a run
//! killed with SIGKILL resumes and values only what it lacked), and boxes
//! past the budget refused at once.

mod support;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use support::*;

/// The box of the kill test: a few seconds in the debug profile.
const BOX: &str = "13x13";
/// Its diagrams, `binomial(26, 13)`.
const DIAGRAMS: u64 = 10_400_600;

/// The positions searched and the values restored, from the last line
/// `board search: N positions searched, M values from the checkpoint, ...`.
fn counts(stderr: &str) -> (u64, u64) {
    let line = stderr
        .lines()
        .find(|l| l.starts_with("board search: "))
        .unwrap_or_else(|| panic!("no summary in: {stderr}"));
    let numbers: Vec<u64> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    (numbers[0], numbers[1])
}

fn scratch(name: &str) -> String {
    let path = format!("{}/{name}", env!("CARGO_TARGET_TMPDIR"));
    let _ = std::fs::remove_file(&path);
    path
}

#[test]
fn a_killed_chomp_solve_resumes_from_its_checkpoint() {
    let ck = scratch("chomp.ck");
    let args = [
        "value",
        "chomp",
        BOX,
        "--threads",
        "1",
        "--max-states",
        "20000000",
        "--json",
        "--progress",
    ];
    let (out, err, code) = run(&args, "");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(counts(&err), (DIAGRAMS, 0), "{err}");
    let first: serde_json::Value = serde_json::from_str(&out).unwrap();
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .args(["--checkpoint", &ck, "--checkpoint-every", "0.2"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let t = Instant::now();
    while !std::path::Path::new(&ck).exists() && t.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        child.try_wait().unwrap().is_none(),
        "the solve ended before the kill"
    );
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let (out, err, code) = run(&[&args[..], &["--checkpoint", &ck]].concat(), "");
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["grundy"], first["grundy"]);
    assert_eq!(v["winning_moves"], first["winning_moves"]);
    let (searched, restored) = counts(&err);
    assert!(restored > 0 && searched > 0, "{err}");
    // Every diagram is valued once: from the checkpoint or now.
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
