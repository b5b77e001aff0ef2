//! Long board searches: progress on stderr (forced by `--progress` when
//! stderr is no terminal) and `--checkpoint`, which a run killed with
//! SIGKILL resumes from, ending with the same answer after fewer searched
//! positions.

mod support;

use std::process::{Command, Stdio};
use std::time::Duration;

use support::*;

#[test]
fn progress_shows_when_asked_and_not_otherwise() {
    let (out, err, code) = run(&["value", "cram", "4x5", "--progress", "--json"], "");
    assert_eq!(code, Some(0), "{err}");
    let (searched, restored) = search_counts(&err);
    assert!(searched > 100, "{err}");
    assert_eq!(restored, 0);
    assert!(out.contains("\"grundy\": 2"), "{out}");
    // Without the flag a stderr that is no terminal stays quiet.
    let (_, err, _) = run(&["value", "cram", "4x5"], "");
    assert_eq!(err, "");
}

/// A board of seconds on one thread: a kill half a second in comes
/// before the end.
const CRAM_3X15: [&str; 5] = ["value", "cram", "3x15", "--threads", "1"];

/// Solves with `args` whole, then again with `--checkpoint ck`, killed
/// with SIGKILL after its first save, and resumes it: the standard output
/// and error of the whole solve and of the resumed one, both successful.
fn whole_and_resumed(args: &[&str], ck: &str) -> [(String, String); 2] {
    let (out, err, code) = run(args, "");
    assert_eq!(code, Some(0), "{err}");
    kill_after_checkpoint(args, ck);
    let (again, resumed, code) = run(&[args, &["--checkpoint", ck]].concat(), "");
    assert_eq!(code, Some(0), "{resumed}");
    [(out, err), (again, resumed)]
}

#[test]
fn a_killed_solve_resumes_from_its_checkpoint() {
    let ck = scratch("cram-3x15.ck");
    let args = [&CRAM_3X15[..], &["--json", "--progress"]].concat();
    let [(out, err), (again, resumed)] = whole_and_resumed(&args, &ck);
    let (full, _) = search_counts(&err);
    let first: serde_json::Value = serde_json::from_str(&out).unwrap();
    let v: serde_json::Value = serde_json::from_str(&again).unwrap();
    assert_eq!(v["grundy"], first["grundy"]);
    let (searched, restored) = search_counts(&resumed);
    assert!(restored > 0, "{resumed}");
    assert!(
        resumed.starts_with(&format!("resuming cram 3x15 from {ck}\n")),
        "{resumed}"
    );
    assert!(
        searched < full,
        "{searched} searched again, {full} at first"
    );
}

/// The tables' size the summary line of `stderr` gives (`table 49% full
/// of 1.2 MiB`).
fn table_size(stderr: &str) -> &str {
    let line = stderr.lines().find(|l| l.starts_with("board search: "));
    let after = line.and_then(|l| l.split_once(" full of ")).map(|p| p.1);
    after
        .and_then(|rest| rest.split_once(", "))
        .map(|p| p.0)
        .unwrap_or_else(|| panic!("no summary in: {stderr}"))
}

/// Under a budget that bounds the tables, saves (every 0.2 s until the
/// kill) do not take the run past its budget, and a resumed run gets
/// tables as large as the first run's (the snapshots it read are not
/// counted against them).
#[test]
fn a_solve_bounded_by_its_budget_saves_and_resumes_with_the_same_tables() {
    let ck = scratch("cram-3x15-tight.ck");
    let tight = ["--max-moves", "0", "--memory", "3M", "--progress"];
    let args = [&CRAM_3X15[..], &tight].concat();
    let [(_, first), (_, resumed)] = whole_and_resumed(&args, &ck);
    assert!(search_counts(&resumed).1 > 0, "{resumed}");
    assert_eq!(table_size(&resumed), table_size(&first), "{resumed}");
    // Three eighths of the budget, less what the process held before.
    assert_eq!(table_size(&first), "1.2 MiB", "{first}");
}

#[test]
fn foreign_and_damaged_checkpoints_are_refused_in_one_line() {
    let ck = scratch("cram-3x4.ck");
    grundy(&["value", "cram", "3x4", "--checkpoint", &ck]).success();
    let bytes = std::fs::read(&ck).unwrap();
    assert!(bytes.starts_with(b"grundy board checkpoint 1\ngame: cram\nposition: 3x4\n"));
    fails(
        &["value", "cram", "3x5", "--checkpoint", &ck],
        "a checkpoint of `cram 3x4`, not of this solve",
    );
    let mut damaged = bytes.clone();
    let last = damaged.len() - 20;
    damaged[last] ^= 0x40;
    let bad = file("damaged.ck", "");
    std::fs::write(&bad, &damaged).unwrap();
    fails(
        &["value", "cram", "3x4", "--checkpoint", &bad],
        "damaged checkpoint",
    );
    std::fs::write(&bad, &bytes[..bytes.len() - 30]).unwrap();
    fails(
        &["value", "cram", "3x4", "--checkpoint", &bad],
        "damaged checkpoint",
    );
    // A damaged header is quoted without the bytes a terminal cannot show.
    let mut header = bytes.clone();
    header[30] ^= 0xff;
    std::fs::write(&bad, &header).unwrap();
    fails(
        &["value", "cram", "3x4", "--checkpoint", &bad],
        "a checkpoint of `game? cram 3x4`, not of this solve (or a damaged one)",
    );
    let other = file("other.ck", "hello\n");
    fails(
        &["value", "cram", "3x4", "--checkpoint", &other],
        "not a grundy board checkpoint",
    );
    fails(
        &[
            "value",
            "cram",
            "3x4",
            "--checkpoint",
            &ck,
            "--checkpoint-every",
            "-1",
        ],
        "--checkpoint-every",
    );
}

#[test]
fn ctrl_c_saves_the_checkpoint_and_says_how_to_resume() {
    // A board of ten seconds and more (4x9 now takes one), interrupted
    // after 1.5 s.
    let ck = scratch("cram-4x11.ck");
    let child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args([
            "value",
            "cram",
            "4x11",
            "--threads",
            "1",
            "--checkpoint",
            &ck,
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted; checkpoint saved to"), "{err}");
    let bytes = std::fs::read(&ck).unwrap();
    assert!(bytes.starts_with(b"grundy board checkpoint 1\ngame: cram\nposition: 4x11\n"));
}

#[test]
fn moves_caps_the_winning_moves_and_none_skips_their_searches() {
    let json = |extra: &[&str]| {
        // One thread: two threads search a varying number of positions
        // (the options tried at once past a winning one), which under a
        // loaded machine overlapped the counts compared below.
        let args = [
            &[
                "value",
                "cram",
                "4x5",
                "--progress",
                "--json",
                "--threads",
                "1",
            ],
            extra,
        ]
        .concat();
        let (out, err, code) = run(&args, "");
        assert_eq!(code, Some(0), "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        (v, search_counts(&err).0)
    };
    let (all, all_searched) = json(&[]);
    let listed = all["winning_moves"].as_array().unwrap();
    assert!(listed.len() > 1, "{all}");
    let (none, none_searched) = json(&["--max-moves", "0"]);
    assert_eq!(none["grundy"], all["grundy"]);
    assert_eq!(none["winning_moves"].as_array().unwrap().len(), 0);
    assert_eq!(none["moves_truncated"], true);
    assert!(
        none_searched < all_searched,
        "{none_searched} against {all_searched}"
    );
    let (one, _) = json(&["--max-moves", "1"]);
    let first = &one["winning_moves"].as_array().unwrap()[0];
    assert!(listed.contains(first), "{first} is not among {all}");
    assert_eq!(one["moves_truncated"], true);
    let (out, _, _) = run(&["value", "cram", "4x5", "--max-moves", "0"], "");
    assert!(
        out.contains("winning moves: not listed (--max-moves 0)"),
        "{out}"
    );
    // Theory that lists every winning move at once obeys the cap too.
    let (out, _, _) = run(
        &["value", "nim", "6", "5", "4", "--max-moves", "2", "--json"],
        "",
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 2, "{out}");
    assert_eq!(v["moves_truncated"], true);
    let (out, _, _) = run(
        &[
            "value",
            "nim",
            "6",
            "5",
            "4",
            "--misere",
            "--max-moves",
            "0",
        ],
        "",
    );
    assert!(
        out.contains("winning moves: not listed (--max-moves 0)"),
        "{out}"
    );
}

/// A search that keeps no tables says its checkpoint is not used, and
/// neither reads nor writes it: misère play (it said `resuming` from a
/// board's checkpoint before), a sum of different games (silent before),
/// a game that needs no search.
#[test]
fn a_checkpoint_no_search_uses_is_said_and_left_alone() {
    let board = scratch("board-kept.ck");
    let (_, err, code) = run(&["value", "cram", "3x4", "--checkpoint", &board], "");
    assert_eq!(code, Some(0), "{err}");
    let saved = std::fs::read(&board).unwrap();
    let (_, err, code) = run(
        &["value", "cram", "3x4", "--misere", "--checkpoint", &board],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(!err.contains("resuming"), "{err}");
    assert!(err.contains("nothing read from or saved to"), "{err}");
    assert_eq!(std::fs::read(&board).unwrap(), saved);
    let sum = scratch("sum-kept.ck");
    let (_, err, code) = run(
        &["value", "--sum", "cram 3x4", "nim 3", "--checkpoint", &sum],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("nothing read from or saved to"), "{err}");
    assert!(!std::path::Path::new(&sum).exists());
    let (_, err, _) = run(&["value", "nim", "3", "--checkpoint", &sum], "");
    assert!(err.contains("warning: nothing saved to"), "{err}");
}

/// A checkpoint of several scopes (games whose options are searched under
/// rules of their own save one each) gives each its own bytes, whichever
/// comes first in the file: here the real scope of Cram 3x4 beside a
/// copy under a name no search asks for, both ways round.
#[test]
fn every_scope_of_a_checkpoint_is_read_whole() {
    let ck = scratch("cram-3x4-scopes.ck");
    let args = ["value", "cram", "3x4", "--json", "--progress"];
    let (out, _, code) = run(&[&args[..], &["--checkpoint", &ck]].concat(), "");
    assert_eq!(code, Some(0));
    let bytes = std::fs::read(&ck).unwrap();
    // The header's three lines, then `scope NAME\nLEN\n` and the bytes.
    let header_end = (0..3).fold(0, |at, _| {
        at + bytes[at..].iter().position(|&b| b == b'\n').unwrap() + 1
    });
    let (header, section) = bytes.split_at(header_end);
    assert!(section.starts_with(b"scope "), "one scope");
    let name_end = section.iter().position(|&b| b == b'\n').unwrap();
    let len_end = name_end
        + 1
        + section[name_end + 1..]
            .iter()
            .position(|&b| b == b'\n')
            .unwrap();
    let snapshot = &section[len_end + 1..];
    let len: usize = std::str::from_utf8(&section[name_end + 1..len_end])
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(snapshot.len(), len);
    let other = [&format!("scope unused\n{len}\n").into_bytes()[..], snapshot].concat();
    for both in [[section, &other[..]], [&other[..], section]] {
        std::fs::write(&ck, [header, both[0], both[1]].concat()).unwrap();
        let (again, err, code) = run(&[&args[..], &["--checkpoint", &ck]].concat(), "");
        assert_eq!(code, Some(0), "{err}");
        assert_eq!(again, out);
        let (searched, restored) = search_counts(&err);
        assert_eq!(searched, 0, "{err}");
        assert!(restored > 0, "{err}");
    }
}
