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
