//! Long `grundy seq` runs: interrupt and resume, checkpoints refused when
//! they do not fit, streamed values, plots, octal codes on the command line.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::cargo::cargo_bin;
use serde_json::Value;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn grundy(args: &[&str]) -> std::process::Output {
    Command::new(cargo_bin("grundy"))
        .args(args)
        .output()
        .unwrap()
}

fn values_of(path: &Path) -> Vec<u16> {
    std::fs::read(path)
        .unwrap()
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect()
}

/// The values of a `--values-width 1` file.
fn byte_values_of(path: &Path) -> Vec<u16> {
    std::fs::read(path)
        .unwrap()
        .iter()
        .map(|&b| b as u16)
        .collect()
}

fn json(args: &[&str]) -> Value {
    let out = grundy(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Starts a run, waits until its checkpoint exists, stops it with `signal`.
fn start_and_stop(args: &[&str], checkpoint: &Path, signal: &str) -> std::process::Output {
    let child = Command::new(cargo_bin("grundy"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !checkpoint.exists() && started.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(100));
    let status = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    child.wait_with_output().unwrap()
}

#[test]
fn ctrl_c_then_resume_gives_the_uninterrupted_values() {
    let dir = temp_dir("resume");
    let ckpt = dir.join("run.ckpt");
    let out_a = dir.join("a.bin");
    let out_b = dir.join("b.bin");
    let to = "600000";
    let args = |out: &Path| -> Vec<String> {
        vec![
            "seq".into(),
            "grundy".into(),
            "--to".into(),
            to.into(),
            "--checkpoint".into(),
            ckpt.display().to_string(),
            "--checkpoint-every".into(),
            "0.05".into(),
            "--values-out".into(),
            out.display().to_string(),
            "--json".into(),
        ]
    };
    let first: Vec<String> = args(&out_a);
    let first: Vec<&str> = first.iter().map(String::as_str).collect();
    let stopped = start_and_stop(&first, &ckpt, "-INT");
    let err = String::from_utf8_lossy(&stopped.stderr);
    assert_eq!(stopped.status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted at n = "), "{err}");
    assert!(err.contains("run the same command again"), "{err}");
    // Rerun the same command: it resumes and finishes.
    let again = grundy(&first);
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    assert!(String::from_utf8_lossy(&again.stderr).contains("resuming grundy"));
    let resumed: Value = serde_json::from_slice(&again.stdout).unwrap();
    // An uninterrupted run for comparison.
    let plain = json(&[
        "seq",
        "grundy",
        "--to",
        to,
        "--values-out",
        out_b.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(resumed["values"], plain["values"]);
    assert_eq!(values_of(&out_a), values_of(&out_b));
    assert_eq!(values_of(&out_a).len(), 600_001);
}

#[test]
fn a_killed_run_resumes_from_its_last_checkpoint() {
    let dir = temp_dir("kill");
    let ckpt = dir.join("run.ckpt");
    let ckpt_s = ckpt.display().to_string();
    let args = [
        "seq",
        "officers",
        "--to",
        "500000",
        "--checkpoint",
        &ckpt_s,
        "--checkpoint-every",
        "0.05",
    ];
    let killed = start_and_stop(&args, &ckpt, "-KILL");
    assert_eq!(killed.status.code(), None);
    let again = grundy(&[&args[..], &["--json"]].concat());
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    let resumed: Value = serde_json::from_slice(&again.stdout).unwrap();
    let plain = json(&["seq", "officers", "--to", "500000", "--json"]);
    assert_eq!(resumed["values"], plain["values"]);
}

#[test]
fn checkpoints_of_other_games_or_damaged_ones_are_refused() {
    let dir = temp_dir("refuse");
    let ckpt = dir.join("k.ckpt");
    let ckpt_s = ckpt.display().to_string();
    assert!(
        grundy(&["seq", "kayles", "--to", "500", "--checkpoint", &ckpt_s])
            .status
            .success()
    );
    let other = grundy(&[
        "seq",
        "dawson-kayles",
        "--to",
        "500",
        "--checkpoint",
        &ckpt_s,
    ]);
    let err = String::from_utf8_lossy(&other.stderr);
    assert_eq!(other.status.code(), Some(2));
    assert!(err.contains("is for `kayles`"), "{err}");
    let mut bytes = std::fs::read(&ckpt).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0xff;
    std::fs::write(&ckpt, &bytes).unwrap();
    let damaged = grundy(&["seq", "kayles", "--to", "500", "--checkpoint", &ckpt_s]);
    let err = String::from_utf8_lossy(&damaged.stderr);
    assert_eq!(damaged.status.code(), Some(2));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("damaged"), "{err}");
}

#[test]
fn values_out_is_raw_little_endian() {
    let dir = temp_dir("values");
    let two = dir.join("two.bin");
    let one = dir.join("one.bin");
    let r = json(&[
        "seq",
        "kayles",
        "--to",
        "300",
        "--json",
        "--values-out",
        two.to_str().unwrap(),
    ]);
    let expected: Vec<u16> = r["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap() as u16)
        .collect();
    assert_eq!(values_of(&two), expected);
    let out = grundy(&[
        "seq",
        "kayles",
        "--to",
        "300",
        "--values-out",
        one.to_str().unwrap(),
        "--values-width",
        "1",
    ]);
    assert!(out.status.success());
    assert_eq!(byte_values_of(&one), expected);
    // Values above 255 do not fit in one byte, and say so.
    let narrow = grundy(&[
        "seq",
        "sub-allbut:1",
        "--to",
        "1000",
        "--values-out",
        one.to_str().unwrap(),
        "--values-width",
        "1",
    ]);
    assert_eq!(narrow.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&narrow.stderr).contains("does not fit in 8 bits"));
}

#[test]
fn plots_are_written() {
    let dir = temp_dir("plot");
    for ext in ["png", "svg"] {
        let path = dir.join(format!("g.{ext}"));
        let out = grundy(&[
            "seq",
            "grundy",
            "--to",
            "3000",
            "--plot",
            path.to_str().unwrap(),
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let bytes = std::fs::read(&path).unwrap();
        match ext {
            "png" => assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n"),
            _ => assert!(String::from_utf8_lossy(&bytes).contains("<svg")),
        }
    }
    let bad = grundy(&["seq", "kayles", "--to", "10", "--plot", "x.gif"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn sequences_report_the_sparse_space_and_proof() {
    let v = json(&["seq", "officers", "--to", "30000", "--json"]);
    assert_eq!(v["sparse"]["rare_count"], 1584);
    assert_eq!(v["sparse"]["last_rare"], 20627);
    assert!(v["sparse"]["partition"]["mask"].is_u64());
    let k = json(&["seq", "kayles", "--json"]);
    assert_eq!(
        (k["period"].as_u64(), k["preperiod"].as_u64()),
        (Some(12), Some(71))
    );
    assert_eq!(k["proven"], true);
    assert!(k["proof"].as_str().unwrap().contains("periodicity theorem"));
    let text = grundy(&["seq", "dawson-kayles"]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("period: 34 from n = 53"), "{text}");
    assert!(text.contains("sparse space"), "{text}");
}

#[test]
fn octal_codes_everywhere_a_game_is_accepted() {
    let v = json(&["value", "0.77", "3", "4", "5", "--json"]);
    assert_eq!(v["values"], serde_json::json!([3, 1, 4]));
    assert_eq!(v["game"], "0.77");
    let v = json(&["value", "04.30", "5", "--json"]);
    assert_eq!(v["game"], "4.3");
    for (bad, why) in [
        ("0.8x", "not a digit"),
        ("0.", "at least one digit"),
        ("1.7", "may only split"),
    ] {
        let out = grundy(&["seq", bad, "--to", "5"]);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(why), "{bad}: {err}");
    }
}

/// The one line of stderr of a run that must fail with exit code 2.
fn fails(args: &[&str]) -> String {
    let out = grundy(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("error: "), "{err}");
    err
}

#[test]
fn values_out_names_its_file_and_writes_to_devices() {
    let out = grundy(&["seq", "grundy", "--to", "100", "--values-out", "/dev/null"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let dir = temp_dir("values-name");
    let missing = dir.join("no-such-dir").join("v.bin");
    let err = fails(&[
        "seq",
        "grundy",
        "--to",
        "100",
        "--values-out",
        missing.to_str().unwrap(),
    ]);
    assert!(
        err.contains(&format!("cannot create {}", missing.display())),
        "{err}"
    );
}

#[test]
fn values_out_holds_exactly_the_values_asked_for() {
    let dir = temp_dir("values-exact");
    let ckpt = dir.join("k.ckpt");
    let ckpt_s = ckpt.to_str().unwrap();
    let values = dir.join("v.bin");
    let values_s = values.to_str().unwrap();
    // A checkpoint that reaches n = 1000.
    let long = json(&[
        "seq",
        "kayles",
        "--to",
        "1000",
        "--checkpoint",
        ckpt_s,
        "--json",
    ]);
    // An unrelated, longer file where the values go.
    std::fs::write(&values, vec![0xAB; 5000]).unwrap();
    // Resuming from it with --to 300 writes G(0..=300), nothing else.
    let resume = [
        "seq",
        "kayles",
        "--to",
        "300",
        "--checkpoint",
        ckpt_s,
        "--values-out",
        values_s,
    ];
    let short = json(&[&resume[..], &["--json"]].concat());
    let expected: Vec<u16> = short["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap() as u16)
        .collect();
    assert_eq!(expected.len(), 301);
    assert_eq!(long["values"][300], short["values"][300]);
    assert_eq!(values_of(&values), expected);
    // Resuming with another width rewrites the file in that width.
    let out = grundy(&[&resume[..], &["--values-width", "1"]].concat());
    assert!(out.status.success());
    assert_eq!(byte_values_of(&values), expected);
    // A run until the period is proven writes exactly what it reports.
    let proven = json(&["seq", "kayles", "--values-out", values_s, "--json"]);
    let reported = proven["values"].as_array().unwrap().len();
    assert_eq!(values_of(&values).len(), reported);
}

#[test]
fn values_too_wide_for_the_file_advise_a_width_that_works() {
    let dir = temp_dir("values-wide");
    let path = dir.join("v.bin");
    let path_s = path.to_str().unwrap();
    let args = |width: &'static str| {
        vec![
            "seq",
            "sub-allbut:1",
            "--to",
            "140000",
            "--values-out",
            path_s,
            "--values-width",
            width,
        ]
    };
    let err = fails(&args("1"));
    assert!(
        err.contains("does not fit in 8 bits") && err.contains("use --values-width 2"),
        "{err}"
    );
    let err = fails(&args("2"));
    assert!(
        err.contains("does not fit in 16 bits") && err.contains("use --values-width 4"),
        "{err}"
    );
    let out = grundy(&args("4"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let wide: Vec<u32> = std::fs::read(&path)
        .unwrap()
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(wide.len(), 140_001);
    assert!(wide.iter().any(|&v| v > 65_535));
    assert!(fails(&[
        "seq",
        "kayles",
        "--to",
        "9",
        "--values-out",
        path_s,
        "--values-width",
        "3"
    ])
    .contains("`3` is not 1, 2 or 4"));
}

#[test]
fn forged_checkpoints_are_refused_in_one_line() {
    use grundy::heap::{checkpoint, HeapValues};
    let dir = temp_dir("forged");
    let ckpt = dir.join("f.ckpt");
    let ckpt_s = ckpt.to_str().unwrap();
    // A valid CRC over values no game can have: 0xFFFFFFFF, 4 bytes each.
    let mut bytes = Vec::new();
    let table = HeapValues::Wide(vec![u32::MAX; 20]);
    checkpoint::write(&mut bytes, "kayles", &table).unwrap();
    std::fs::write(&ckpt, &bytes).unwrap();
    let err = fails(&["seq", "kayles", "--to", "300", "--checkpoint", ckpt_s]);
    assert!(
        err.contains("f.ckpt: the checkpoint is damaged (it gives G(0) = 4294967295"),
        "{err}"
    );
    // A count of values far beyond the file's length.
    let at = 8 + 4 + 4 + "kayles".len() + 1;
    bytes[at..at + 8].copy_from_slice(&(1u64 << 31).to_le_bytes());
    std::fs::write(&ckpt, &bytes).unwrap();
    let err = fails(&["seq", "kayles", "--to", "300", "--checkpoint", ckpt_s]);
    assert!(err.contains("claims 2147483648 values of 4 bytes"), "{err}");
}

#[test]
fn checkpoint_intervals_no_clock_can_wait_are_refused() {
    for every in ["1e20", "-1", "NaN", "inf"] {
        let flag = format!("--checkpoint-every={every}");
        let err = fails(&["seq", "kayles", "--to", "10", &flag]);
        assert!(err.contains("--checkpoint-every"), "{every}: {err}");
    }
}

#[test]
fn sigterm_saves_a_checkpoint_like_ctrl_c() {
    // Without a handler, SIGTERM would end the process with no exit code.
    let dir = temp_dir("term");
    let ckpt = dir.join("run.ckpt");
    let ckpt_s = ckpt.display().to_string();
    let to = "3000000";
    let args = ["seq", "grundy", "--to", to, "--checkpoint", &ckpt_s];
    let stopped = start_and_stop(
        &[&args[..], &["--checkpoint-every", "0.05"]].concat(),
        &ckpt,
        "-TERM",
    );
    let err = String::from_utf8_lossy(&stopped.stderr);
    assert_eq!(stopped.status.code(), Some(130), "{err}");
    assert!(err.contains("checkpoint saved to"), "{err}");
}

#[test]
fn long_tables_end_with_the_value_asked_for() {
    let text = |to: &str| String::from_utf8(grundy(&["seq", "fib", "--to", to]).stdout).unwrap();
    let t = text("1000");
    assert!(t.contains("\n1000   0\n"), "{t}");
    assert!(!t.contains("more value"), "{t}");
    let t = text("1001");
    assert!(
        t.contains("... 1 more value (use --json or --values-out to get them all)\nG(1001) = 1\n"),
        "{t}"
    );
    let t = text("5000");
    assert!(t.contains("... 4000 more values (use"), "{t}");
    assert!(t.contains("\nG(5000) = "), "{t}");
}

#[test]
fn periods_are_reported_only_when_the_values_back_them() {
    // The last 9 of 300,001 values repeat with period 3; the true period
    // is 149459, which 300,001 values cannot show.
    let v = json(&["seq", "0.16", "--to", "300000", "--json"]);
    assert_eq!(
        (v["period"].clone(), v["proven"].clone()),
        (Value::Null, Value::Bool(false))
    );
    // A subtraction game's long period is proven as soon as the values
    // allow, however long the stretches of a short pattern before it.
    let v = json(&["seq", "sub:3,7,100000", "--json"]);
    assert_eq!(
        (
            v["period"].as_u64(),
            v["preperiod"].as_u64(),
            v["proven"].as_bool()
        ),
        (Some(100_003), Some(100_011), Some(true))
    );
    // The report shows the proof window and two periods after the preperiod.
    assert_eq!(v["computed_to"], 100_011 + 2 * 100_003 - 1);
    let v = json(&["seq", "sub:3,7,50000", "--to", "2000000", "--json"]);
    assert_eq!(
        (v["period"].as_u64(), v["proven"].as_bool()),
        (Some(50_003), Some(true))
    );
}

/// `--threads` changes how many threads value heaps, never the values:
/// the same values file and report on 1, 2 and 5 threads.
#[test]
fn every_thread_count_gives_the_same_sequence() {
    let dir = temp_dir("threads");
    let mut runs = Vec::new();
    for threads in ["1", "2", "5"] {
        let file = dir.join(format!("values-{threads}"));
        let out = grundy(&[
            "seq",
            "0.6",
            "--to",
            "60000",
            "--threads",
            threads,
            "--values-out",
            file.to_str().unwrap(),
            "--json",
        ]);
        assert!(out.status.success(), "{out:?}");
        let report: Value = serde_json::from_slice(&out.stdout).unwrap();
        runs.push((values_of(&file), report));
    }
    assert_eq!(runs[0].0.len(), 60001);
    assert_eq!(runs[1], runs[0]);
    assert_eq!(runs[2], runs[0]);
    let bad = grundy(&["seq", "0.6", "--threads", "0"]);
    assert_eq!(bad.status.code(), Some(2));
}

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
    let lasker = [
        "seq",
        "lasker",
        "--to",
        "4000000000",
        "--max-states",
        "5000000000",
    ];
    let refused = grundy(&[&lasker[..], &["--memory", "64M", "--json"]].concat());
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
    let out = grundy(&[
        "seq",
        "lasker",
        "--to",
        "4000000000",
        "--max-states",
        "5000000000",
        "--memory",
        "64M",
    ]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\nG(4000000000) = 3999999999\n"), "{text}");
    assert!(text.contains("... 3999999000 more values"), "{text}");
}
