//! `grundy quotient`: the misère quotient of a heap game as the literature
//! prints it, its JSON fields, and one-line refusals.

mod support;

use support::*;

/// 0.75's quotient of order 8 (unique: A. N. Siegel, arXiv math/0703070).
#[test]
fn the_quotient_of_0_75_is_printed_with_its_presentation() {
    let out = text(&["quotient", "0.75", "--to", "12"]);
    for line in [
        "misère quotient of the sums of heaps up to 12",
        "order: 8",
        "generators: a = heap 1, b = heap 2, c = heap 5",
        "relations: a^2 = 1, bc = ab, c^2 = b^2, b^3 = b",
        "P-portion (2 elements): a, b^2",
        "stable: unchanged since heap 5",
    ] {
        assert!(
            out.lines().any(|l| l == line),
            "{line:?} missing from\n{out}"
        );
    }
    assert!(out.contains("\n     9  ab^2\n"), "{out}");
}

#[test]
fn json_has_the_public_fields() {
    let v = json_of(&["quotient", "nim", "--to", "3", "--json"]);
    assert_eq!(v["game"], "nim");
    assert_eq!(v["heaps"], 3);
    assert_eq!(v["order"], 6);
    assert_eq!(v["p_portion_size"], 2);
    assert_eq!(v["p_portion"], serde_json::json!(["a", "b^2"]));
    assert_eq!(v["generators"][1]["name"], "b");
    assert_eq!(v["generators"][1]["heap"], 2);
    assert_eq!(v["relations"], serde_json::json!(["a^2 = 1", "b^3 = b"]));
    assert_eq!(v["heap_elements"], serde_json::json!(["1", "a", "b", "ab"]));
    assert_eq!(v["stable"], false);
}

#[test]
fn what_cannot_be_done_is_refused_in_one_line() {
    fails(&["quotient", "wythoff"], "wythoff is not a heap game");
    fails(&["quotient", "0.75", "--to", "-3"], "--to");
    fails(&["quotient", "0.7x"], "0.7x");
    // Moves that go up are refused at the first heap, before the genera
    // of the tame heaps follow them up (once 6 s and 1 GB, here past the
    // budget of 64 MiB).
    let up = file(
        "up.rhai",
        "fn moves(n) { if n == 0 { [] } else { [n + 1] } }\n",
    );
    fails(
        &["--memory", "64M", "quotient", &format!("rules:{up}")],
        "a move from heap 1 leaves 2; misère quotients are built for games whose moves leave smaller heaps",
    );
}

/// Moves that go up past the first heap are the game's fault, not a
/// bound's: the quotient proven before is printed, and the run fails
/// (exit code 2) saying once which heap it could not finish and why.
#[test]
fn moves_that_go_up_later_fail_after_the_quotient_proven() {
    let up = file(
        "up2.rhai",
        "fn moves(n) { if n == 2 { [3] } else if n > 0 { [n - 1] } else { [] } }\n",
    );
    let args = ["quotient".to_string(), format!("rules:{up}")];
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (out, err, code) = run(&args, "");
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(
        out.contains("misère quotient of the sums of heaps up to 1\n"),
        "{out}"
    );
    assert!(!out.contains("not finished"), "said once: {out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: heap 2 not finished: "), "{err}");
    assert!(err.contains("a move from heap 2 leaves 3"), "{err}");
}

/// With a quotient, `value --misere` decides a sum of heaps by it and says so.
#[test]
fn value_names_the_quotient() {
    let out = text(&["value", "0.75", "1", "2", "5", "9", "--misere"]);
    assert!(
        out.starts_with("game: 0.75 (misère, decided by quotient)"),
        "{out}"
    );
}

/// A bound that stops a heap still prints the quotient proven before it,
/// and says which heap was not finished and why (exit code 0).
#[test]
fn a_bound_prints_the_quotient_proven_so_far() {
    let args = ["--max-states", "100000", "quotient", "0.07", "--to", "40"];
    let out = text(&args);
    assert!(
        out.contains("misère quotient of the sums of heaps up to 33\n"),
        "{out}"
    );
    assert!(out.ends_with(
        "Q_33 of order 638 is proven; heap 34 not finished: the misère quotient's multiplication table needs more than 100000 states; raise the limit (--max-states) to go further\n"
    ), "{out}");
    let mut json = args.to_vec();
    json.push("--json");
    let v = json_of(&json);
    assert_eq!(v["heaps"], 33);
    assert_eq!(v["order"], 638);
    assert_eq!(v["stopped"]["heap"], 34);
    assert!(v["stopped"]["reason"]
        .as_str()
        .unwrap()
        .contains("100000 states"));
    let whole = json_of(&["quotient", "0.75", "--to", "12", "--json"]);
    assert!(whole.get("stopped").is_none(), "absent when finished");
}

/// A quotient killed with SIGKILL after a checkpoint goes on from it and
/// ends with the answer of a run never stopped; a checkpoint of another
/// game, a damaged one, or one past `--to` is refused in one line.
#[test]
fn a_killed_quotient_resumes_from_its_checkpoint() {
    let ck = scratch("daisies.qck");
    kill_after_checkpoint(&["quotient", "4.7", "--to", "70"], &ck);
    let (out, err, code) = run(&["quotient", "4.7", "--to", "40", "--checkpoint", &ck], "");
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("resuming 4.7 from"), "{err}");
    assert_eq!(out, text(&["quotient", "4.7", "--to", "40"]));
    fails(
        &["quotient", "0.75", "--checkpoint", &ck],
        "is for `4.7`, not `0.75`",
    );
    fails(
        &["quotient", "4.7", "--to", "20", "--checkpoint", &ck],
        "past --to 20",
    );
    std::fs::write(&ck, b"GRUNDYQT").unwrap();
    fails(&["quotient", "4.7", "--checkpoint", &ck], "damaged");
}

/// Heaps proven before a long heap are saved during its repairs: 0.07
/// proves heaps up to 33 in about a second, then repairs heap 34 for
/// hours. A run killed then goes on from its checkpoint (there was none:
/// saves came only when a heap was proven, and none was after the first
/// `--checkpoint-every` seconds).
#[test]
fn heaps_proven_before_a_long_heap_are_saved_during_it() {
    let ck = scratch("dawson.qck");
    kill_after_checkpoint_every(&["quotient", "0.07", "--to", "40"], &ck, "1.5");
    let (out, err, code) = run(&["quotient", "0.07", "--to", "33", "--checkpoint", &ck], "");
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("resuming 0.07 from"), "{err}");
    assert_eq!(out, text(&["quotient", "0.07", "--to", "33"]));
}

/// A quotient stopped by its time limit prints what it proved and says
/// where its checkpoint is; the next run resumes from it.
#[test]
fn a_stopped_quotient_says_its_checkpoint_is_saved() {
    let ck = scratch("stopped.qck");
    let _ = std::fs::remove_file(&ck);
    let args = [
        "--timeout",
        "1",
        "quotient",
        "0.07",
        "--to",
        "40",
        "--checkpoint",
        &ck,
    ];
    let (out, err, code) = run(&args, "");
    assert_eq!(code, Some(2), "{err}");
    assert!(out.contains(" is proven; heap "), "{out}");
    assert!(
        err.trim_end().ends_with(&format!(
            "; checkpoint saved to {ck}: run the same command again to resume"
        )),
        "{err}"
    );
    let (_, err, _) = run(&args, "");
    assert!(err.contains("resuming 0.07 from"), "{err}");
}
