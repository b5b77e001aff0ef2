//! Running the `grundy` binary in tests, shared by the CLI test files.
// Each test file uses some of these.
#![allow(dead_code)]

use std::path::PathBuf;

use assert_cmd::Command;
use serde_json::Value;

/// Runs `grundy args` for assertions.
pub fn grundy(args: &[&str]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("grundy").unwrap().args(args).assert()
}

/// The stdout of a successful run.
pub fn text(args: &[&str]) -> String {
    let out = grundy(args).success().get_output().stdout.clone();
    String::from_utf8(out).unwrap()
}

/// The JSON printed by a successful run.
pub fn json_of(args: &[&str]) -> Value {
    let out = grundy(args).success().get_output().stdout.clone();
    serde_json::from_slice(&out).expect("valid JSON")
}

/// The run fails with exit code 2 and one line `error: ...` containing
/// `needle`, printing nothing on stdout.
pub fn fails(args: &[&str], needle: &str) -> String {
    let out = grundy(args).code(2).get_output().clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains(needle), "`{needle}` not in: {err}");
    assert!(out.stdout.is_empty());
    err
}

/// Stdout, stderr and exit code of a run fed `stdin`.
pub fn run(args: &[&str], stdin: &str) -> (String, String, Option<i32>) {
    let out = Command::cargo_bin("grundy")
        .unwrap()
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code(),
    )
}

/// A file in the test scratch directory.
pub fn file(name: &str, contents: &str) -> String {
    let path: PathBuf = [env!("CARGO_TARGET_TMPDIR"), name].iter().collect();
    std::fs::write(&path, contents).unwrap();
    path.to_str().unwrap().to_string()
}

/// The positions searched and the values restored, from the summary line
/// `board search: N positions searched, M values from the checkpoint, ...`
/// of a board solve with `--progress`.
pub fn search_counts(stderr: &str) -> (u64, u64) {
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

/// Stdout, stderr and exit status of a run, whatever it did.
pub fn output(args: &[&str]) -> std::process::Output {
    Command::cargo_bin("grundy")
        .unwrap()
        .args(args)
        .output()
        .unwrap()
}

/// A fresh, empty folder in the tests' scratch folder.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir: PathBuf = [env!("CARGO_TARGET_TMPDIR"), name].iter().collect();
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A path in the tests' scratch folder, with no file there yet.
pub fn scratch(name: &str) -> String {
    let path = format!("{}/{name}", env!("CARGO_TARGET_TMPDIR"));
    let _ = std::fs::remove_file(&path);
    path
}

/// Starts `grundy args --checkpoint ck --checkpoint-every 0.2`, waits for
/// its first save, and kills it with SIGKILL while it still runs.
pub fn kill_after_checkpoint(args: &[&str], ck: &str) {
    kill_after_checkpoint_every(args, ck, "0.2");
}

/// [`kill_after_checkpoint`] with checkpoints `every` seconds apart.
pub fn kill_after_checkpoint_every(args: &[&str], ck: &str, every: &str) {
    use std::time::{Duration, Instant};
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .args(["--checkpoint", ck, "--checkpoint-every", every])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let t = Instant::now();
    while !std::path::Path::new(ck).exists() && t.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        child.try_wait().unwrap().is_none(),
        "the solve ended before the kill"
    );
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
}

/// The counts of the progress lines `progress: N positions met, ...` on
/// `stderr`, in order: what a memo search or a heap's sequence has met.
pub fn positions_met(stderr: &str) -> Vec<u64> {
    stderr
        .lines()
        .filter_map(|l| l.strip_prefix("progress: "))
        .filter_map(|l| l.split(" positions met").next()?.parse().ok())
        .collect()
}
pub mod cluster;
