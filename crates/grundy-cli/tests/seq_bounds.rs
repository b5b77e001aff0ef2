//! Bounds and reports of `grundy seq` runs: progress lines, budgets
//! refused before any work, a run stopped by its memory kept to resume,
//! and reports that list a head and the last value instead of copying
//! every value.

use std::time::Instant;

use serde_json::Value;

mod support;
use support::{json_of as json, output as grundy, scratch_dir as temp_dir};

#[test]
fn progress_prints_lines_when_stderr_is_not_a_terminal() {
    // A run left in the background (stderr a file or a pipe) shows how
    // far it got with --progress: the first line at once, then a line a
    // second; without it stderr stays quiet, and stdout is the same.
    let args = ["seq", "grundy", "--to", "20000", "--threads", "1"];
    let quiet = grundy(&args);
    assert!(quiet.status.success(), "{quiet:?}");
    assert_eq!(String::from_utf8_lossy(&quiet.stderr), "");
    let started = Instant::now();
    let shown = grundy(&[&args[..], &["--progress"]].concat());
    let secs = started.elapsed().as_secs() as usize;
    assert!(shown.status.success(), "{shown:?}");
    assert_eq!(shown.stdout, quiet.stdout);
    let err = String::from_utf8_lossy(&shown.stderr);
    let first = err.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("progress: n = ") && first.contains("/20001, ") && first.contains("/s"),
        "{err}"
    );
    assert!(err.lines().all(|l| l.starts_with("progress: ")), "{err}");
    // A line a second at most, however many steps the run takes.
    assert!(err.lines().count() <= 1 + secs, "{err}");
    // The same for the misère quotient's heaps.
    let q = grundy(&["quotient", "0.75", "--to", "12", "--progress"]);
    assert!(q.status.success(), "{q:?}");
    let err = String::from_utf8_lossy(&q.stderr);
    assert!(err.starts_with("progress: heap "), "{err}");
    assert!(err.contains("/12, order "), "{err}");
    // (`seq --misere` shows the same lines only once its heaps go to
    // the quotient, which takes seconds: `seq 0.07 --misere --to 60`.)
}

#[test]
fn a_budget_that_cannot_reach_the_last_heap_is_refused_before_any_work() {
    let dir = temp_dir("budget");
    let file = dir.join("values");
    let out = grundy(&[
        "seq",
        "0.6",
        "--to",
        "20000000",
        "--values-out",
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim_end(),
        "error: this sequence needs more than 10000000 states; raise the limit (--max-states) to go further"
    );
    // Refused before the first chunk of heaps: nothing was computed.
    assert_eq!(std::fs::metadata(&file).unwrap().len(), 0);
    // G(0..=N) is N + 1 states, heap 0's included.
    let at = grundy(&["seq", "0.6", "--to", "100", "--max-states", "100"]);
    assert_eq!(at.status.code(), Some(2), "{at:?}");
    let below = grundy(&["seq", "0.6", "--to", "99", "--max-states", "100"]);
    assert!(below.status.success(), "{below:?}");
}

#[test]
fn a_run_stopped_by_its_memory_saves_its_checkpoint_to_resume_from() {
    let dir = temp_dir("memory-stop");
    let ckpt = dir.join("officers.ckpt");
    let ck = ckpt.to_str().unwrap();
    let run = ["seq", "0.6", "--to", "60000", "--json", "--checkpoint", ck];
    let stopped = grundy(&[&run[..], &["--memory", "2M"]].concat());
    assert_eq!(stopped.status.code(), Some(2), "{stopped:?}");
    let err = String::from_utf8_lossy(&stopped.stderr);
    assert!(err.starts_with("error: computing the sequence needs more than 2 MiB of memory; raise the limit (--memory) to go further; checkpoint saved to "), "{err}");
    assert!(
        err.contains("run the same command with the higher limit to resume"),
        "{err}"
    );
    let resumed = grundy(&run);
    assert!(resumed.status.success(), "{resumed:?}");
    let told = String::from_utf8_lossy(&resumed.stderr);
    assert!(told.starts_with("resuming 0.6 from "), "{told}");
    let resumed: Value = serde_json::from_slice(&resumed.stdout).unwrap();
    let fresh = json(&["seq", "0.6", "--to", "60000", "--json"]);
    assert_eq!(resumed, fresh);
    // Its JSON of every value so far did not fit the budget either, so
    // nothing was printed; the text form shows what was computed.
    assert!(stopped.stdout.is_empty(), "{stopped:?}");
    let text = grundy(&["seq", "0.6", "--to", "60000", "--memory", "2M"]);
    assert_eq!(text.status.code(), Some(2), "{text:?}");
    let shown = String::from_utf8_lossy(&text.stdout);
    assert!(shown.starts_with("game: 0.6\nG(0..="), "{shown}");
}

/// A run stopped by its time limit, without a checkpoint, prints the
/// values it computed before saying why it stopped.
#[test]
fn a_run_stopped_by_its_time_limit_prints_what_it_computed() {
    let out = grundy(&["seq", "grundy", "--to", "9000000", "--timeout", "0.3"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let (text, err) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(
        err.starts_with("error: the time limit ran out (--timeout 0.3 s): stopped at n = "),
        "{err}"
    );
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("game: grundy"), "{text}");
    // `G(0..=K):` with K short of the heap asked for, then the values
    // (Grundy's game: 0 0 0 1 0 2 1 0 2 1 from heap 0).
    let k: u64 = (lines
        .next()
        .and_then(|l| l.strip_prefix("G(0..=")?.strip_suffix("):")))
    .and_then(|k| k.parse().ok())
    .unwrap_or_else(|| panic!("{text}"));
    assert!(k > 10 && k < 9_000_000, "{k}");
    assert_eq!(
        lines.nth(1),
        Some("  0   0  0  0  1  0  2  1  0  2  1"),
        "{text}"
    );
}

#[test]
fn the_human_form_of_a_long_run_does_not_copy_every_value() {
    // The text shows a thousand values and the last: it is not held up by
    // a copy of every value (Grundy's game to 2^32 - 3 heaps aborted at
    // its end, asking for 32 GiB). JSON, which lists them all, is refused
    // in one line when the copy would pass the budget.
    let args = ["seq", "0.6", "--to", "1000000", "--memory", "12M"];
    let text = grundy(&args);
    assert!(text.status.success(), "{text:?}");
    let out = String::from_utf8_lossy(&text.stdout);
    assert!(out.contains("... 999000 more values (use --json"), "{out}");
    let full = json(&["seq", "0.6", "--to", "1000000", "--json"]);
    let last = full["values"][1_000_000].as_u64().unwrap();
    assert!(out.contains(&format!("\nG(1000000) = {last}\n")), "{out}");
    let listed = grundy(&[&args[..], &["--json"]].concat());
    assert_eq!(listed.status.code(), Some(2), "{listed:?}");
    assert_eq!(
        String::from_utf8_lossy(&listed.stderr).trim_end(),
        "error: the report of every value of G(0..=1000000) needs more than 12 MiB of memory; raise the limit (--memory) to go further (the text form, without --json and --plot, shows the first values and the last without it; --values-out writes every value as it comes)"
    );
}

/// Lasker's Nim to four billion heaps, answered by its closed form.
const LASKER_FAR: [&str; 6] = [
    "seq",
    "lasker",
    "--to",
    "4000000000",
    "--max-states",
    "5000000000",
];

#[test]
fn a_report_of_every_value_that_cannot_fit_is_refused_before_the_run() {
    // Two million values copied as `u64` are 16 MB: past a 12 MiB budget
    // before a table is made, so JSON is refused at once, not at the end of
    // the run, and no checkpoint or values file is started.
    let dir = temp_dir("report-refused");
    let (ckpt, out) = (dir.join("run.ckpt"), dir.join("run.u16"));
    let refused = grundy(&[
        "seq",
        "0.6",
        "--to",
        "2000000",
        "--json",
        "--memory",
        "12M",
        "--checkpoint",
        ckpt.to_str().unwrap(),
        "--values-out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert_eq!(
        String::from_utf8_lossy(&refused.stderr).trim_end(),
        "error: the report of every value of G(0..=2000000) needs more than 12 MiB of memory; raise the limit (--memory) to go further (the text form, without --json and --plot, shows the first values and the last without it; --values-out writes every value as it comes)"
    );
    assert!(!ckpt.exists() && !out.exists());
    // The same rule for a closed form, whose values are never tabled.
    let refused = grundy(&[&LASKER_FAR[..], &["--memory", "64M", "--json"]].concat());
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(
        err.starts_with(
            "error: the report of every value of G(0..=4000000000) needs more than 64 MiB"
        ),
        "{err}"
    );
    assert!(
        err.contains("(the text form, without --json and --plot"),
        "{err}"
    );
}

#[test]
fn a_closed_form_lists_its_head_and_last_value_however_far() {
    // Lasker's Nim is answered by its formula: four billion heaps are
    // shown as a thousand values and the last, not copied to show them.
    let out = grundy(&[&LASKER_FAR[..], &["--memory", "64M"]].concat());
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\nG(4000000000) = 3999999999\n"), "{text}");
    assert!(text.contains("... 3999999000 more values"), "{text}");
}

#[test]
fn the_values_and_the_checkpoint_need_files_of_their_own() {
    // One file for both once ran to the end with exit 0, the values lost
    // under the checkpoint; a width without a file was ignored.
    let dir = temp_dir("same-file");
    let (f, g) = (dir.join("f.bin"), dir.join(".").join("f.bin"));
    let (f, g) = (f.to_str().unwrap(), g.to_str().unwrap());
    // The same file, spelled alike or not, before either exists.
    for other in [f, g] {
        let args = ["seq", "officers", "--to", "2000", "--values-out", f];
        let out = grundy(&[&args[..], &["--checkpoint", other]].concat());
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("name the same file"), "{err}");
    }
    let out = grundy(&["seq", "officers", "--to", "20", "--values-width", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--values-out"), "{err}");
}

#[test]
fn a_game_that_is_no_heap_game_is_called_so_with_a_checkpoint_too() {
    // Cram with --checkpoint was said to be "answered by formula".
    let out = grundy(&["seq", "cram", "--checkpoint", "x.ck"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cram is not a heap game"), "{err}");
}

/// Valuing one large heap computes the sequence up to it, which can take
/// minutes (0.007's splits grow with the heap): `value --progress` shows
/// the heaps valued so far, rising, as it does a script's positions.
#[test]
fn value_of_a_large_heap_shows_its_progress() {
    let out = grundy(&["value", "0.007", "200000", "--max-moves", "0", "--progress"]);
    assert!(out.status.success(), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    let met = support::positions_met(&err);
    assert!(!met.is_empty(), "{err}");
    assert!(met.windows(2).all(|w| w[0] <= w[1]), "{err}");
    assert!(met.iter().all(|&n| n <= 200_000), "{err}");
}

/// A checkpoint holding far more values than a run asks for can be past
/// a memory budget a fresh run fits: the error names the checkpoint.
#[test]
fn a_checkpoint_past_the_memory_budget_is_named() {
    let dir = temp_dir("seq-long-ck");
    let ck = dir.join("officers.ck").display().to_string();
    let long = grundy(&["seq", "0.6", "--to", "200000", "--checkpoint", &ck]);
    assert!(long.status.success());
    let args = ["--memory", "1MB", "seq", "0.6", "--to", "100"];
    let out = grundy(&[&args[..], &["--checkpoint", &ck]].concat());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.trim_end().ends_with(&format!(
            "; the checkpoint {ck} holds G(0..=200000), more than the 101 values this run needs (another file starts afresh)"
        )),
        "{err}"
    );
    assert!(grundy(&args).status.success(), "a fresh run fits");
}

/// A run without `--to` stopped part way says only why it stopped: not
/// the reason a finished run gives for where it ended ("no period proven
/// by n = K, the limit (--max-states N goes further)").
#[test]
fn a_stopped_run_without_a_heap_asked_for_says_only_why_it_stopped() {
    let out = grundy(&["seq", "officers", "--timeout", "0.3"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("game: officers\nG(0..="), "{text}");
    assert!(!text.contains("goes further"), "{text}");
}

/// A run refused before any work (a heap past --max-states) prints
/// nothing, though its checkpoint holds values.
#[test]
fn a_refused_run_prints_nothing_of_its_checkpoint() {
    let dir = temp_dir("refused");
    let ckpt = dir.join("officers.ckpt");
    let ck = ckpt.to_str().unwrap();
    assert!(grundy(&["seq", "0.6", "--to", "1000", "--checkpoint", ck])
        .status
        .success());
    let refused = grundy(&["seq", "0.6", "--to", "20000000", "--checkpoint", ck]);
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert!(refused.stdout.is_empty(), "{refused:?}");
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("raise the limit (--max-states)"), "{err}");
}
