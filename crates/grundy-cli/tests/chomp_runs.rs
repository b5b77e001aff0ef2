//! Long Chomp solves by the dense table: progress, `--checkpoint` (a run
//! killed with SIGKILL resumes and values only what it lacked), and boxes
//! past the budget refused at once.

mod support;

use std::time::{Duration, Instant};

use support::*;

/// The box of the kill test: a few seconds in the debug profile.
const BOX: &str = "13x13";
/// Its diagrams, `binomial(26, 13)`.
const DIAGRAMS: u64 = 10_400_600;

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
    assert_eq!(search_counts(&err), (DIAGRAMS, 0), "{err}");
    let first: serde_json::Value = serde_json::from_str(&out).unwrap();
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
