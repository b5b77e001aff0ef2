//! The rows of `grundy table --out` files carry checksums: a row changed
//! after it was written is refused by name, while files of versions that
//! wrote no checksums still resume. Games under way are saved beside the
//! file and go on from their saves.

mod support;

use serde_json::Value;
use support::{fails, run, scratch_dir, text};

/// A finished sweep's file, and the arguments that resume it.
fn finished(name: &str) -> (String, Vec<String>) {
    let path = scratch_dir(name).join("out.jsonl");
    let path = path.to_str().unwrap().to_string();
    let args: Vec<String> = ["table", "0.[0-3]7", "--to", "200", "--out", &path]
        .map(String::from)
        .to_vec();
    text(&args.iter().map(String::as_str).collect::<Vec<_>>());
    (path, args)
}

/// A row of a file without its time and checksum, the fields in which
/// two runs of one game differ.
fn comparable(line: &str) -> Value {
    let mut v: Value = serde_json::from_str(line).unwrap();
    let fields = v.as_object_mut().unwrap();
    fields.remove("seconds");
    fields.remove("crc");
    v
}

/// `text` with `line` left out.
fn without(text: &str, line: &str) -> String {
    text.lines()
        .filter(|l| *l != line)
        .map(|l| l.to_string() + "\n")
        .collect()
}

#[test]
fn a_row_changed_after_it_was_written_is_refused() {
    let (path, args) = finished("table-sealed");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let merge = ["table", "--merge", &path];
    let before = std::fs::read_to_string(&path).unwrap();
    assert!(before
        .lines()
        .next()
        .unwrap()
        .ends_with(",\"sealed\":true}"));
    let row = before.lines().nth(1).unwrap();
    assert!(row.contains(",\"crc\":\""), "{row}");
    // A value changed by one digit still reads as a row.
    let max = row.split("\"max_value\":").nth(1).unwrap();
    let digit = max.chars().next().unwrap().to_digit(10).unwrap();
    let changed = row.replacen(
        &format!("\"max_value\":{digit}"),
        &format!("\"max_value\":{}", (digit + 1) % 10),
        1,
    );
    assert_ne!(changed, row);
    std::fs::write(&path, before.replacen(row, &changed, 1)).unwrap();
    for args in [&args[..], &merge[..]] {
        let err = fails(args, "line 2: damaged row (its checksum does not match");
        assert!(err.contains("delete the line"), "{err}");
    }
    // A sealed file's row without its checksum is refused too, and so is
    // a checksum that is no hexadecimal CRC-32.
    let bare = row.split(",\"crc\":").next().unwrap().to_string() + "}";
    std::fs::write(&path, before.replacen(row, &bare, 1)).unwrap();
    fails(
        &args,
        "line 2: damaged row (its checksum is missing; delete the line",
    );
    let odd = bare.trim_end_matches('}').to_string() + ",\"crc\":\"xyz\"}";
    std::fs::write(&path, before.replacen(row, &odd, 1)).unwrap();
    fails(
        &args,
        "line 2: damaged row (its checksum is not one grundy writes; delete the line",
    );
    // A row there twice (a file pasted onto itself) is refused by its
    // line, for the run and the merge alike, rather than counted twice.
    std::fs::write(&path, format!("{before}{row}\n")).unwrap();
    let lines = before.lines().count() + 1;
    let code = comparable(row)["code"].as_str().unwrap().to_string();
    for args in [&args[..], &merge[..]] {
        fails(
            args,
            &format!("line {lines}: damaged file (the row of {code} is on line 2 too); delete one of them"),
        );
    }
    // The line deleted, the sweep computes that game again, as it was.
    std::fs::write(&path, without(&before, row)).unwrap();
    text(&args);
    let again = std::fs::read_to_string(&path).unwrap();
    let redone = again.lines().skip(1).map(comparable);
    assert!(
        redone.filter(|r| *r == comparable(row)).count() == 1,
        "{again}"
    );
}

#[test]
fn files_of_versions_without_checksums_resume() {
    let (path, args) = finished("table-unsealed");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let before = std::fs::read_to_string(&path).unwrap();
    let old: String = before
        .replacen(",\"sealed\":true", "", 1)
        .lines()
        .map(|l| {
            l.split(",\"crc\":")
                .next()
                .unwrap()
                .trim_end_matches('}')
                .to_string()
                + "}\n"
        })
        .collect();
    assert!(!old.contains("crc"));
    std::fs::write(&path, &old).unwrap();
    assert!(text(&["table", "--merge", &path]).contains("\n4 games"));
    let (out, err, code) = run(&args, "");
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("4 of its 4 games done"), "{err}");
    assert!(out.contains("\n4 games"), "{out}");
    // A row appended to such a file is sealed, and checked when read.
    let last_old = old.lines().last().unwrap();
    std::fs::write(&path, without(&old, last_old)).unwrap();
    text(&args);
    let resumed = std::fs::read_to_string(&path).unwrap();
    let appended = resumed.lines().last().unwrap();
    assert!(appended.contains(",\"crc\":\""), "{resumed}");
    let changed = appended.replacen("\"heaps\":", "\"heaps\": ", 1);
    assert_ne!(changed, appended);
    std::fs::write(&path, resumed.replacen(appended, &changed, 1)).unwrap();
    fails(&args, "line 5: damaged row (its checksum does not match");
}

/// Runs `args` and stops it with Ctrl-C after a second, while its game
/// is under way (Officers to heap 10^6 takes about two seconds).
fn stopped_mid_game(args: &[&str]) -> String {
    use std::process::{Command, Stdio};
    use std::time::Duration;
    let child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1000));
    let pid = child.id().to_string();
    assert!(Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .unwrap()
        .success());
    let stopped = child.wait_with_output().unwrap();
    assert_eq!(stopped.status.code(), Some(130));
    String::from_utf8(stopped.stderr).unwrap()
}

/// The row of the game of a file of one game, without its index.
fn only_row(path: &std::path::Path) -> Value {
    let file = std::fs::read_to_string(path).unwrap();
    let mut row = comparable(file.lines().nth(1).unwrap());
    row.as_object_mut().unwrap().remove("index");
    row
}

/// A game stopped by Ctrl-C is saved in `FILE.games` beside the file,
/// and the next run goes on with it from there and ends with the row of a
/// run never stopped. A save of another sweep (here another `--to`) or
/// one that cannot be read (seconds past any clock) is said, and its game
/// starts afresh. The folder goes once the sweep is done.
#[test]
fn a_game_stopped_mid_way_goes_on_from_its_save() {
    let sweep = ["table", "0.6", "--to", "1000000", "--threads", "1"];
    let mut want = comparable(&text(&[&sweep[..], &["--json"]].concat()));
    want.as_object_mut().unwrap().remove("index");
    let dir = scratch_dir("table-game-saved");
    let out = dir.join("out.jsonl");
    let path = out.to_str().unwrap();
    let saved = dir.join("out.jsonl.games").join("0.6.ckpt");
    let args = [&sweep[..], &["--out", path]].concat();
    let err = stopped_mid_game(&args);
    assert!(saved.exists(), "{err}");
    let (_, err, code) = run(&args, "");
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("resuming 0.6 from"), "{err}");
    assert_eq!(only_row(&out)["heaps"], 1000001);
    assert_eq!(only_row(&out), want);
    assert!(!saved.parent().unwrap().exists());
    // The file started afresh for another sweep: the save is not its.
    std::fs::remove_file(&out).unwrap();
    stopped_mid_game(&args);
    std::fs::remove_file(&out).unwrap();
    let other = [
        "table",
        "0.6",
        "--to",
        "500000",
        "--threads",
        "1",
        "--out",
        path,
    ];
    let (_, err, code) = run(&other, "");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains("not a save of game 0.6 of this sweep"),
        "{err}"
    );
    assert_eq!(only_row(&out)["heaps"], 500001);
    // A damaged save: said, and the game starts afresh.
    std::fs::remove_file(&out).unwrap();
    std::fs::create_dir_all(saved.parent().unwrap()).unwrap();
    let first = std::fs::read_to_string(dir.join("out.jsonl.games").join("0.6.ckpt"));
    assert!(first.is_err(), "the foreign save was removed");
    stopped_mid_game(&args);
    let bytes = std::fs::read(&saved).unwrap();
    let cut = bytes.iter().position(|&b| b == b'\n').unwrap();
    let line = String::from_utf8(bytes[..cut].to_vec()).unwrap();
    let (head, _) = line.rsplit_once('\t').unwrap();
    let mut damaged = format!("{head}\t1e20").into_bytes();
    damaged.extend_from_slice(&bytes[cut..]);
    std::fs::write(&saved, damaged).unwrap();
    let (_, err, code) = run(&args, "");
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("0.6 starts afresh"), "{err}");
    assert_eq!(only_row(&out), want);
}

/// `--checkpoint-every` sets how often a game under way is saved: a game
/// saved every fifth of a second has a save within seconds (the default of
/// 30 would have none), and killed outright then (SIGKILL, no chance to
/// save) the sweep goes on from it. Without `--out` there is nothing to
/// save beside, and the option is refused.
#[test]
fn a_sweep_killed_outright_goes_on_from_its_last_save() {
    use std::process::{Command, Stdio};
    use std::time::Duration;
    let sweep = ["table", "0.6", "--to", "1000000", "--threads", "1"];
    let mut want = comparable(&text(&[&sweep[..], &["--json"]].concat()));
    want.as_object_mut().unwrap().remove("index");
    let dir = scratch_dir("table-game-killed");
    let out = dir.join("out.jsonl");
    let path = out.to_str().unwrap();
    let saved = dir.join("out.jsonl.games").join("0.6.ckpt");
    let args = [&sweep[..], &["--out", path, "--checkpoint-every", "0.2"]].concat();
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The game takes seconds; its first save comes a fifth of a second in.
    let start = std::time::Instant::now();
    while !saved.exists() && start.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(saved.exists(), "no save in 20 s");
    let (_, err, code) = run(&args, "");
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("resuming 0.6 from"), "{err}");
    assert_eq!(only_row(&out), want);
    let (_, err, code) = run(&[&sweep[..], &["--checkpoint-every", "5"]].concat(), "");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--out"), "{err}");
}
