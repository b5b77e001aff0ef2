//! `grundy seq GAME --misere`: misère values and genus of heaps, against
//! the values CGSuite's test suite publishes (A. N. Siegel,
//! lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest.scala).

mod support;

use serde_json::json;
use support::*;

/// Kayles' misère values of heaps 0..=20, as published.
const KAYLES_MISERE: [u32; 21] = [
    1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0,
];

#[test]
fn kayles_text_lists_values_genus_and_tameness() {
    let out = text(&["seq", "kayles", "--misere", "--to", "20"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "game: kayles, misère play: heaps 0..=20");
    assert_eq!(lines[1], " n  G+(n)  G-(n)  genus  tame");
    assert_eq!(lines[2], " 0      0      1  0^120  yes");
    assert_eq!(lines[7], " 5      4      1  4^146  no");
    assert_eq!(lines[22], "20      1      0  1^031  no");
    for (n, m) in KAYLES_MISERE.iter().enumerate() {
        let cells: Vec<&str> = lines[2 + n].split_whitespace().collect();
        assert_eq!(cells[0], n.to_string());
        assert_eq!(cells[2], m.to_string(), "heap {n}");
    }
    assert_eq!(
        lines[23],
        "tame up to heap 4: every heap 0..=4 and every position reachable from it has the genus of a misère Nim position; heap 5 is not tame"
    );
    assert_eq!(lines.len(), 24);
}

#[test]
fn kayles_json_has_every_field() {
    let v = json_of(&["seq", "kayles", "--misere", "--to", "20", "--json"]);
    assert_eq!(v["game"], "kayles");
    assert_eq!(v["computed_to"], 20);
    assert_eq!(v["misere_values"], json!(KAYLES_MISERE));
    assert_eq!(
        v["values"],
        json!([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1])
    );
    let genus: Vec<&str> = v["genus"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g.as_str().unwrap())
        .collect();
    assert_eq!(
        &genus[..6],
        ["0^120", "1^031", "2^20", "3^31", "1^031", "4^146"]
    );
    assert_eq!(genus[17], "4^64");
    let tame: Vec<bool> = v["tame"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_bool().unwrap())
        .collect();
    assert_eq!(tame.iter().filter(|&&t| t).count(), 5);
    assert!(tame[..5].iter().all(|&t| t));
    assert_eq!(v["tame_to"], 4);
    assert!(v["stopped"].is_null());
}

#[test]
fn a_tame_game_is_tame_everywhere() {
    let v = json_of(&["seq", "sub:1,2", "--misere", "--json"]);
    assert_eq!(v["computed_to"], 30, "--to defaults to 30");
    assert_eq!(v["tame_to"], 30);
    assert_eq!(v["genus"][3], "0^120");
    assert_eq!(v["misere_values"][3], 1);
    let out = text(&["seq", "nim", "--misere", "--to", "12"]);
    // Superscripts of 10 or more go in parentheses, as CGSuite writes them.
    assert!(
        out.contains("\n12     12     12  12^(12,14)  yes\n"),
        "{out}"
    );
    assert!(out.ends_with(
        "tame for every heap computed (0..=12): every position reachable from them has the genus of a misère Nim position\n"
    ));
}

#[test]
fn the_state_budget_stops_with_the_heaps_done() {
    let args = ["seq", "kayles", "--misere", "--max-states", "60"];
    let out = text(&args);
    let last = out.lines().last().unwrap();
    assert_eq!(
        last,
        "stopped at heap 13: the genus of the heap 13 of kayles needs more than 60 states; raise the limit (--max-states) to go further"
    );
    assert!(out.starts_with("game: kayles, misère play: heaps 0..=12\n"));
    let mut json = args.to_vec();
    json.push("--json");
    let v = json_of(&json);
    assert_eq!(v["computed_to"], 12);
    assert_eq!(v["genus"].as_array().unwrap().len(), 13);
    assert_eq!(v["stopped"], last);
}

#[test]
fn refusals_are_one_line() {
    fails(
        &["seq", "wythoff", "--misere"],
        "wythoff is not a heap game",
    );
    fails(
        &["seq", "kayles", "--misere", "--plot", "k.png"],
        "--plot is for normal-play sequences; it cannot be used with --misere",
    );
    fails(
        &["seq", "kayles", "--misere", "--to", "-1"],
        "--to must not be negative",
    );
}

/// Genera longer than sixteen values: 4.7 once stopped at heap 18 and
/// printed nothing; now every heap's genus is listed (heap 24 has 20
/// superscripts).
#[test]
fn long_genera_are_listed() {
    let v = json_of(&["seq", "4.7", "--misere", "--to", "24", "--json"]);
    assert_eq!(v["computed_to"], 24);
    assert!(v["stopped"].is_null());
    assert_eq!(v["genus"][5], "1^431");
    assert_eq!(v["genus"][18], "2^13131313131420");
    assert_eq!(v["genus"][24], "2^13131313131313131420");
}

/// A fault of the game (here a script whose heaps 3 and 4 move to each
/// other) still prints the heaps before it, then fails in one line with
/// exit code 2 that says where, unlike a bound.
#[test]
fn a_cycle_fails_after_the_heaps_before_it() {
    let script = file(
        "cycle34.rhai",
        "fn moves(n) { if n == 3 { [4] } else if n == 4 { [3] } else if n > 0 { [n - 1] } else { [] } }\n",
    );
    let game = format!("rules:{script}");
    let (out, err, code) = run(&["seq", &game, "--misere", "--to", "6"], "");
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(
        out.starts_with(&format!("game: {game}, misère play: heaps 0..=2\n")),
        "{out}"
    );
    // Where it stopped is said once, by the error line.
    assert!(!out.contains("stopped at heap"), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: stopped at heap 3: "), "{err}");
    assert!(err.contains("cycle"), "{err}");
}

/// SIGTERM (as Ctrl-C) stops a misère sequence: the heaps done are
/// printed, then where it stopped, said once ("interrupted while
/// computing ...", not "stopped: stopped: ..."), and it exits with 130
/// like the other long runs, not with 0 as if it had finished.
#[test]
fn a_signal_stops_a_misere_sequence_with_what_was_done() {
    use std::process::{Command, Stdio};
    use std::time::Duration;
    // Kayles' genera take minutes past heap 60 under the default budgets.
    let child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["seq", "kayles", "--misere", "--to", "200"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    let (stdout, stderr) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    assert_eq!(out.status.code(), Some(130), "{stdout}{stderr}");
    assert!(
        stdout.starts_with("game: kayles, misère play: heaps 0..="),
        "{stdout}"
    );
    let last = stdout.lines().last().unwrap();
    assert!(
        last.starts_with("stopped at heap ")
            && last.contains(": interrupted while computing the genus of "),
        "{last}"
    );
    assert_eq!(stderr, "interrupted; what was finished is above\n");
}
