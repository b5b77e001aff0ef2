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
    let bytes: Vec<u16> = std::fs::read(&one)
        .unwrap()
        .iter()
        .map(|&b| b as u16)
        .collect();
    assert_eq!(bytes, expected);
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
