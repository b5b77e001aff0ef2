//! The files long runs save to (`--checkpoint`, `table --out`) are held
//! by one run at a time, a checkpoint that is a symbolic link is written
//! through, and a run that fails keeps what it computed.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::cargo::cargo_bin;

mod support;
use support::{fails, output as grundy, scratch_dir};

/// Starts `grundy args` and waits until `file` exists.
fn start(args: &[&str], file: &Path) -> Child {
    let child = Command::new(cargo_bin("grundy"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !file.exists() {
        assert!(started.elapsed() < Duration::from_secs(60), "{args:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
    child
}

/// Kills `child` as SIGKILL would (no save, no clean-up).
fn kill(mut child: Child) {
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn a_checkpoint_another_run_holds_is_refused_and_a_killed_runs_hold_is_taken() {
    let dir = scratch_dir("claims-held");
    let real = dir.join("grundy.ck");
    let link = dir.join("link.ck");
    std::os::unix::fs::symlink("grundy.ck", &link).unwrap();
    let (real_s, link_s) = (real.display().to_string(), link.display().to_string());
    // The holder goes through the link, so its lock is the real file's.
    let holder = start(
        &[
            "seq",
            "grundy",
            "--to",
            "9000000",
            "--checkpoint",
            &link_s,
            "--checkpoint-every",
            "0.05",
        ],
        &real,
    );
    let held = "another grundy run is using it";
    fails(
        &["seq", "grundy", "--to", "100", "--checkpoint", &real_s],
        held,
    );
    fails(
        &["seq", "grundy", "--to", "100", "--checkpoint", &link_s],
        held,
    );
    fails(&["value", "cram", "3x3", "--checkpoint", &real_s], held);
    fails(&["quotient", "kayles", "--checkpoint", &real_s], held);
    kill(holder);
    // Killed, the holder left its lock file behind, unlocked: the next run
    // takes it, resumes, and removes it when done.
    assert!(dir.join("grundy.ck.lock").exists());
    let again = grundy(&["seq", "grundy", "--to", "100", "--checkpoint", &link_s]);
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(again.status.success(), "{err}");
    assert!(err.contains("resuming grundy"), "{err}");
    assert!(!dir.join("grundy.ck.lock").exists());
    // Saved through the link: the link is still a link.
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert!(std::fs::symlink_metadata(&real).unwrap().is_file());
}

/// A sweep long enough to be running when the test looks, into `out`.
const LONG_SWEEP: [&str; 6] = [
    "table",
    "0.[0-7][0-7][0-7]",
    "--to",
    "30000",
    "--threads",
    "1",
];

#[test]
fn a_table_file_another_run_writes_is_refused() {
    let dir = scratch_dir("claims-table");
    let out = dir.join("sweep.jsonl");
    let out_s = out.display().to_string();
    let sweep = [&LONG_SWEEP[..], &["--out", &out_s]].concat();
    let holder = start(&sweep, &out);
    fails(&sweep, "another grundy run is using it");
    kill(holder);
    let again = grundy(&["table", "0.07", "--to", "100", "--out", &out_s]);
    // The file is the other sweep's: refused as such, no longer as held.
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(err.contains("holds another sweep"), "{err}");
}

#[test]
fn a_checkpoint_through_a_link_to_nothing_yet_is_made_where_the_link_points() {
    let dir = scratch_dir("claims-link");
    let link = dir.join("ahead.ck");
    std::os::unix::fs::symlink("made-later.ck", &link).unwrap();
    let link_s = link.display().to_string();
    let args = ["seq", "officers", "--to", "300", "--checkpoint", &link_s];
    let first = grundy(&args);
    assert!(first.status.success());
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert!(dir.join("made-later.ck").is_file());
    let again = grundy(&args);
    assert_eq!(again.stdout, first.stdout);
    assert!(String::from_utf8_lossy(&again.stderr).contains("resuming officers"));
}

#[test]
fn a_hard_link_to_a_table_file_being_written_is_refused() {
    let dir = scratch_dir("claims-hard");
    let (out, hard) = (dir.join("sweep.jsonl"), dir.join("hard.jsonl"));
    let (out_s, hard_s) = (out.display().to_string(), hard.display().to_string());
    let holder = start(&[&LONG_SWEEP[..], &["--out", &out_s]].concat(), &out);
    std::fs::hard_link(&out, &hard).unwrap();
    let second = [&LONG_SWEEP[..], &["--out", &hard_s]].concat();
    fails(
        &second,
        "another grundy run is writing it (through another name)",
    );
    kill(holder);
}

#[test]
fn values_out_through_a_link_to_the_checkpoint_is_refused() {
    let dir = scratch_dir("claims-values");
    let ck = dir.join("run.ck");
    let link = dir.join("link");
    std::os::unix::fs::symlink("run.ck", &link).unwrap();
    let (ck, link) = (ck.display().to_string(), link.display().to_string());
    let same = "name the same file";
    let seq = ["seq", "0.07", "--to", "100"];
    fails(
        &[&seq[..], &["--checkpoint", &link, "--values-out", &ck]].concat(),
        same,
    );
    fails(
        &[&seq[..], &["--checkpoint", &ck, "--values-out", &link]].concat(),
        same,
    );
    // The files kept beside the checkpoint: the run removes or renames them.
    for kept in [".lock", ".tmp-checkpoint"] {
        let values = format!("{ck}{kept}");
        let args = [&seq[..], &["--checkpoint", &link, "--values-out", &values]].concat();
        fails(
            &args,
            "the run keeps the lock or the temporary file of --checkpoint there",
        );
    }
    // Two missing folders are not one folder.
    let (a, b) = (dir.join("no-a/f"), dir.join("no-b/f"));
    let (a, b) = (a.display().to_string(), b.display().to_string());
    let err = fails(
        &[&seq[..], &["--checkpoint", &a, "--values-out", &b]].concat(),
        "",
    );
    assert!(!err.contains(same), "{err}");
}

#[test]
fn a_run_stopped_while_its_values_file_fails_keeps_its_checkpoint() {
    let dir = scratch_dir("claims-full");
    let ck = dir.join("run.ck");
    let ck_s = ck.display().to_string();
    let args = ["--timeout", "0.05", "seq", "grundy", "--to", "9000000"];
    let files = [
        "--values-out",
        "/dev/full",
        "--values-width",
        "1",
        "--checkpoint",
        &ck_s,
    ];
    // The values file fails as the run streams values or as it stops (a
    // loaded machine may stop it before a value is computed): in every
    // case the checkpoint is saved.
    let err = fails(&[&args[..], &files].concat(), "");
    assert!(
        err.contains("/dev/full") || err.contains("time limit"),
        "{err}"
    );
    assert!(ck.is_file());
}

#[test]
fn a_run_whose_values_file_fails_keeps_its_checkpoint() {
    let dir = scratch_dir("claims-width");
    let (ck, narrow, wide) = (dir.join("run.ck"), dir.join("v.u8"), dir.join("v.u16"));
    let path = |p: &Path| p.display().to_string();
    let seq = ["seq", "sub-allbut:1", "--to", "600", "--checkpoint"];
    let (ck, narrow, wide) = (path(&ck), path(&narrow), path(&wide));
    let err = fails(
        &[
            &seq[..],
            &[&ck, "--values-out", &narrow, "--values-width", "1"],
        ]
        .concat(),
        "G(512) = 256 does not fit in 8 bits",
    );
    assert!(
        err.contains(&format!("; checkpoint saved to {ck} at n = ")),
        "{err}"
    );
    let again = grundy(&[&seq[..], &[&ck, "--values-out", &wide]].concat());
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(again.status.success(), "{err}");
    assert!(err.contains("resuming sub-allbut:1"), "{err}");
    let values = std::fs::read(&wide).unwrap();
    assert_eq!(values.len(), 2 * 601);
    assert_eq!(u16::from_le_bytes([values[1024], values[1025]]), 256);
}

/// `--checkpoint-every` alone would be ignored: refused instead.
#[test]
fn checkpoint_every_needs_a_checkpoint() {
    for args in [
        &["seq", "kayles", "--to", "10", "--checkpoint-every", "5"][..],
        &["quotient", "0.75", "--to", "8", "--checkpoint-every", "5"],
        &["value", "cram", "2x3", "--checkpoint-every", "5"],
    ] {
        fails(args, "--checkpoint <FILE>");
    }
}

/// A values file that cannot be written at the end (a full disk) is told
/// after the answer, which is printed whole, and the checkpoint is saved.
#[test]
fn a_values_file_that_fails_at_the_end_is_told_after_the_answer() {
    let dir = scratch_dir("claims-end");
    let ck = dir.join("run.ck").display().to_string();
    // 1001 values of two bytes stay in the writer's buffer until the end.
    let args = [
        "seq",
        "0.6",
        "--to",
        "1000",
        "--values-out",
        "/dev/full",
        "--checkpoint",
        &ck,
    ];
    let out = grundy(&args);
    let (stdout, err) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        stdout.contains("197 rare heaps, the last at n = 989"),
        "{stdout}"
    );
    assert_eq!(
        err.trim(),
        "error: cannot write /dev/full: No space left on device (os error 28) (the answer is printed in full)"
    );
    assert!(Path::new(&ck).is_file());
}
