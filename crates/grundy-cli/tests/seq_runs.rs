//! Long `grundy seq` runs: interrupt and resume, checkpoints refused when
//! they do not fit, streamed values, plots, octal codes on the command line.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::cargo::cargo_bin;
use serde_json::Value;

mod support;
use support::{json_of as json, output as grundy, scratch_dir as temp_dir};

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
    // A folder is no checkpoint, and is not called a damaged one.
    let folder = grundy(&[
        "seq",
        "kayles",
        "--to",
        "500",
        "--checkpoint",
        dir.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&folder.stderr);
    assert_eq!(folder.status.code(), Some(2));
    assert!(
        err.ends_with(
            "not a regular file (a folder, a device or a pipe); --checkpoint names a file\n"
        ),
        "{err}"
    );
}

/// A Rhai script edited between two runs is another game under the same
/// name: its checkpoints (of `seq` and of `quotient`) are refused, not
/// extended by the new rules (which once gave the values of {1, 3, 4} up
/// to 30 and of {1, 2} after).
#[test]
fn checkpoints_of_an_edited_script_are_refused() {
    let dir = temp_dir("edited-script");
    let script = dir.join("sx.rhai");
    let game = format!("rules:{}", script.display());
    let subtraction = |s: &str| {
        let text = format!("fn moves(p) {{ let out = []; for k in [{s}] {{ if k <= p {{ out.push(p - k); }} }} out }}\n");
        std::fs::write(&script, text).unwrap();
    };
    for (command, to, more) in [("seq", "30", "40"), ("quotient", "8", "12")] {
        let ckpt = dir.join(format!("{command}.ckpt")).display().to_string();
        subtraction("1, 3, 4");
        let first = grundy(&[command, &game, "--to", to, "--checkpoint", &ckpt]);
        assert!(
            first.status.success(),
            "{}",
            String::from_utf8_lossy(&first.stderr)
        );
        let again = grundy(&[command, &game, "--to", more, "--checkpoint", &ckpt]);
        assert!(again.status.success(), "the same script resumes");
        subtraction("1, 2");
        let edited = grundy(&[command, &game, "--to", more, "--checkpoint", &ckpt]);
        let err = String::from_utf8_lossy(&edited.stderr);
        assert_eq!(edited.status.code(), Some(2), "{command}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        // Long paths are shortened in the middle ("st...ript crc32").
        assert!(
            err.contains("the checkpoint is for") && err.contains(" crc32 "),
            "{err}"
        );
    }
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
