//! `grundy table`: rows against a brute force written here, published
//! periods, resuming after SIGKILL, shards merged, one-line errors.

mod support;

use std::path::{Path, PathBuf};

use serde_json::Value;
use support::{fails, grundy, text};

/// A fresh directory for one test's files.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-table-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The JSON lines of a run.
fn rows(args: &[&str]) -> Vec<Value> {
    text(args)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// Rows in the sweep's order without `seconds`, the one field that
/// differs between equal runs, and without the checksum of a row of a
/// file, which `--json` does not print.
fn comparable(mut rows: Vec<Value>) -> Vec<Value> {
    rows.sort_by_key(|r| r["index"].as_u64());
    for r in &mut rows {
        r.as_object_mut().unwrap().remove("seconds");
        r.as_object_mut().unwrap().remove("crc");
    }
    rows
}

/// The rows of an --out file (its header skipped).
fn file_rows(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap();
    comparable(
        text.lines()
            .skip(1)
            .map(|l| serde_json::from_str(l).unwrap())
            .collect(),
    )
}

/// G(0..len) of an octal code by the definition: digit k (before the
/// point k = 0) bit 1 takes a whole heap of k, bit 2 leaves one heap,
/// bit 4 two non-empty heaps; mex over the options' XORs.
fn brute(code: &str, len: usize) -> Vec<u64> {
    let (before, after) = code.split_once('.').unwrap();
    let digits: Vec<u32> = before
        .chars()
        .chain(after.chars())
        .map(|c| c.to_digit(8).unwrap())
        .collect();
    let mut g: Vec<u64> = Vec::new();
    for n in 0..len {
        let mut seen = vec![false; n + 2];
        for (k, &d) in digits.iter().enumerate().filter(|&(k, _)| k <= n) {
            let m = n - k;
            let mut reach = |v: u64| {
                if (v as usize) < seen.len() {
                    seen[v as usize] = true;
                }
            };
            if d & 1 != 0 && m == 0 {
                reach(0);
            }
            if d & 2 != 0 && m > 0 && k > 0 {
                reach(g[m]);
            }
            if d & 4 != 0 {
                (1..=m / 2).for_each(|a| reach(g[a] ^ g[m - a]));
            }
        }
        g.push(seen.iter().position(|s| !s).unwrap() as u64);
    }
    g
}

/// Checks a row against the brute force: the largest value and where,
/// and a proven period and preperiod on the values computed.
fn check_row(r: &Value) {
    let code = r["code"].as_str().unwrap();
    let heaps = r["heaps"].as_u64().unwrap() as usize;
    let g = brute(code, heaps);
    let max = *g.iter().max().unwrap();
    assert_eq!(r["max_value"].as_u64(), Some(max), "{code}");
    assert_eq!(
        r["max_at"].as_u64(),
        Some(g.iter().position(|&v| v == max).unwrap() as u64),
        "{code}"
    );
    if r["proven"].as_bool().unwrap() {
        let (p, e) = (
            r["period"].as_u64().unwrap() as usize,
            r["preperiod"].as_u64().unwrap() as usize,
        );
        assert!(
            (e..heaps - p).all(|n| g[n + p] == g[n]),
            "{code}: period {p} from {e}"
        );
        assert!(
            e == 0 || g[e - 1 + p] != g[e - 1],
            "{code}: preperiod {e} is not the least"
        );
        // No shorter period from the same point.
        assert!(
            (1..p).all(|q| (e..heaps - q).any(|n| g[n + q] != g[n])),
            "{code}: period {p}"
        );
    } else {
        assert!(r["reason"].as_str().unwrap().contains(" budget"), "{r}");
    }
}

#[test]
fn rows_agree_with_a_brute_force() {
    let all = rows(&[
        "table",
        "--digits",
        "1",
        "0.07",
        "0.137",
        "0.51",
        "0.6",
        "4.7",
        "0.14",
        "--to",
        "600",
        "--json",
        "--threads",
        "2",
    ]);
    assert_eq!(all.len(), 16 + 6);
    all.iter().for_each(check_row);
    let officers = all.iter().find(|r| r["code"] == "0.6").unwrap();
    assert_eq!(officers["heaps"], 601);
    assert_eq!(officers["proven"], false);
}

#[test]
fn a_time_budget_gives_a_game_up_and_says_so() {
    let r = rows(&["table", "0.6", "--time", "0.05", "--json"]);
    let why = r[0]["reason"].as_str().unwrap();
    assert!(
        why.starts_with("time budget (0.05 s): stopped after "),
        "{why}"
    );
    assert!(r[0]["heaps"].as_u64().unwrap() < 1 << 20);
    assert_eq!(r[0]["proven"], false);
}

#[test]
fn published_periods() {
    let all = comparable(rows(&["table", "0.77", "0.07", "0.137", "--json"]));
    let got: Vec<(u64, u64)> = all
        .iter()
        .map(|r| {
            (
                r["period"].as_u64().unwrap(),
                r["preperiod"].as_u64().unwrap(),
            )
        })
        .collect();
    // REFERENCE.md: Kayles 12 from 71, Dawson's Kayles 34 from 53, Dawson's Chess 34 from 52.
    assert_eq!(got, [(12, 71), (34, 53), (34, 52)]);
    assert!(all.iter().all(|r| r["proven"] == true));
}

/// A heap budget past 2^20 (how far `seq` looks for a proof on its own)
/// is honoured: Officers, with no known period, computes all of it.
#[test]
fn heap_budgets_past_a_million_are_computed() {
    let row = &rows(&["table", "0.6", "--to", "1100000", "--json"])[0];
    assert_eq!(row["heaps"], 1_100_001, "{row}");
    assert_eq!(row["proven"], false, "{row}");
}

#[test]
fn every_code_with_one_digit() {
    let out = text(&["table", "--digits", "1", "--to", "2000"]);
    assert!(out.starts_with("code  period  preperiod  proven"), "{out}");
    assert!(out.ends_with("16 games, 15 proven\n"), "{out}");
    let officers = out.lines().find(|l| l.starts_with("0.6 ")).unwrap();
    assert!(
        officers.ends_with("heap budget: no period proven by heap 2000"),
        "{officers}"
    );
    let dir = temp_dir("file");
    let codes = dir.join("codes.txt");
    std::fs::write(&codes, "# two classics\n0.07  # Dawson's Kayles\n\n0.77\n").unwrap();
    let listed = rows(&[
        "table",
        "--file",
        codes.to_str().unwrap(),
        "--json",
        "--threads",
        "1",
    ]);
    let got: Vec<&str> = listed.iter().map(|r| r["code"].as_str().unwrap()).collect();
    assert_eq!(got, ["0.07", "0.77"]);
    // The same game twice is computed once.
    let dup = rows(&["table", "0.7", "0.70", "--json", "--threads", "1"]);
    assert_eq!(
        (dup[1]["same_as"].as_str(), dup[1]["period"].as_u64()),
        (Some("0.7"), Some(2))
    );
    // A code is shown as listed, even when it is computed itself.
    let listed = rows(&["table", "0.70", "04.3", "--json", "--threads", "1"]);
    assert_eq!(
        (listed[0]["code"].as_str(), listed[1]["code"].as_str()),
        (Some("0.70"), Some("04.3"))
    );
}

const SWEEP: &[&str] = &[
    "table",
    "0.[0-7]7",
    "4.[15]",
    "--to",
    "400",
    "--threads",
    "2",
];

fn sweep_with(extra: &[&str]) -> Vec<&'static str> {
    let mut args = SWEEP.to_vec();
    args.extend(extra.iter().map(|s| &*s.to_string().leak()));
    args
}

#[test]
fn a_sweep_killed_mid_row_ends_as_an_uninterrupted_one() {
    let dir = temp_dir("kill");
    let whole = dir.join("whole.jsonl");
    let cut = dir.join("cut.jsonl");
    text(&sweep_with(&["--out", whole.to_str().unwrap(), "--json"]));
    // SIGKILL while writing the sixth row: five rows and half a line.
    let content = std::fs::read_to_string(&whole).unwrap();
    let ends: Vec<usize> = content.match_indices('\n').map(|(i, _)| i + 1).collect();
    let half = ends[5] + (ends[6] - ends[5]) / 2;
    std::fs::write(&cut, &content[..half]).unwrap();
    let again = rows(&sweep_with(&["--out", cut.to_str().unwrap(), "--json"]));
    assert_eq!(
        again.len(),
        10 - 5,
        "only the games not in the file are run"
    );
    assert_eq!(file_rows(&cut), file_rows(&whole));
    // Killed while writing the header: the file is started afresh.
    std::fs::write(&cut, &content[..ends[0] / 2]).unwrap();
    assert_eq!(
        rows(&sweep_with(&["--out", cut.to_str().unwrap(), "--json"])).len(),
        10
    );
    assert_eq!(file_rows(&cut), file_rows(&whole));
    // Run once more: nothing left to do.
    assert_eq!(
        rows(&sweep_with(&["--out", cut.to_str().unwrap(), "--json"])).len(),
        0
    );
}

#[test]
fn three_shards_merged_equal_one_run() {
    let dir = temp_dir("shards");
    let one = comparable(rows(&sweep_with(&["--json"])));
    let mut files = Vec::new();
    for k in 1..=3 {
        let f = dir.join(format!("s{k}.jsonl"));
        text(&sweep_with(&[
            "--shard",
            &format!("{k}/3"),
            "--out",
            f.to_str().unwrap(),
            "--json",
        ]));
        files.push(f.to_str().unwrap().to_string());
    }
    let merged = rows(&[
        "table", "--json", "--merge", &files[0], &files[1], &files[2],
    ]);
    assert_eq!(comparable(merged.clone()), one);
    let indices: Vec<u64> = merged
        .iter()
        .map(|r| r["index"].as_u64().unwrap())
        .collect();
    assert_eq!(indices, (0..10).collect::<Vec<u64>>());
    fails(
        &["table", "--merge", &files[0], &files[2]],
        "shard 2/3 is missing",
    );
    fails(
        &["table", "--merge", &files[0], &files[0], &files[2]],
        "are both shard 1/3",
    );
    let other = dir.join("other.jsonl");
    text(&[
        "table",
        "0.7",
        "--shard",
        "2/3",
        "--out",
        other.to_str().unwrap(),
    ]);
    fails(
        &[
            "table",
            "--merge",
            &files[0],
            other.to_str().unwrap(),
            &files[2],
        ],
        "is from another sweep",
    );
}

#[test]
fn user_errors_are_one_line_and_lose_nothing() {
    fails(&["table", "0.[0-7"], "bad pattern `0.[0-7` at character 3");
    fails(&["table", "1.7"], "may only split");
    fails(&["table", "0.7", "--bogus"], "--bogus");
    fails(&["table"], "give a PATTERN");
    fails(&["table", "0.7", "--shard", "4/3"], "K/M");
    fails(&["table", "0.7", "--threads", "0"], "0 is not in 1..=1024");
    // As many as seq and value take: far more once aborted in allocating
    // every thread's slot.
    fails(
        &["table", "0.7", "--threads", "99999999999999"],
        "is not in 1..=1024",
    );
    fails(&["table", "0.7", "--to", "0"], "--to 0: give a heap budget");
    fails(
        &["table", "0.7", "--to", "20000000"],
        "--to 20000000: each game would need more than 10000000 states; raise the limit (--max-states)",
    );
    // A time no clock can wait (a `Duration` holds no 1e20 seconds) is
    // refused with its bound, as a negative one is.
    for t in ["-1", "1e20", "18446744073709551615"] {
        fails(
            &["table", "0.7", "--time", t],
            "for '--time <SECS>': give a number of seconds from 0.001 to 1e9",
        );
    }
    let dir = temp_dir("errors");
    let codes = dir.join("codes.txt");
    std::fs::write(&codes, "0.07 # Dawson\n\n0.x7\n").unwrap();
    fails(
        &["table", "--file", codes.to_str().unwrap()],
        "codes.txt line 3: bad game code `0.x7`",
    );
    // A file of rows is read whole, so one past 256 MiB (here sparse: no
    // disk is written) is refused before it is read.
    let huge = dir.join("huge.jsonl");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len((256 << 20) + 1)
        .unwrap();
    fails(
        &["table", "0.07", "--out", huge.to_str().unwrap()],
        "huge.jsonl: larger than 256 MiB, the most grundy reads of a table's rows; split the sweep with --shard",
    );
    let out = dir.join("out.jsonl");
    let path = out.to_str().unwrap();
    text(&["table", "0.[0-3]", "--to", "100", "--out", path]);
    let before = std::fs::read_to_string(&out).unwrap();
    fails(
        &["table", "0.[0-3]", "--to", "200", "--out", path],
        "holds another sweep (0.[0-3] --to 100",
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), before);
    // The state budget decides where a game gives up: another one is
    // another sweep; a file of a version that did not record it goes on.
    let budget = [
        "table",
        "0.[0-3]",
        "--to",
        "100",
        "--max-states",
        "5000",
        "--out",
        path,
    ];
    fails(
        &budget,
        "not this one (0.[0-3] --to 100 --time 60 --max-states 5000, shard 1/1)",
    );
    let old = before.replacen(",\"max_states\":10000000", "", 1);
    assert_ne!(old, before);
    std::fs::write(&out, &old).unwrap();
    text(&budget);
    std::fs::write(&out, &before).unwrap();
    // A damaged row that is not a half-written last line is refused.
    let damaged = before.replacen("\"proven\"", "\"pro", 1);
    std::fs::write(&out, &damaged).unwrap();
    // Its place is the file's line and the row's column, in the user's
    // words (the parser's own text named "line 1" of the row).
    let err = fails(
        &["table", "0.[0-3]", "--to", "100", "--out", path],
        "line 2, column ",
    );
    assert!(
        err.contains(": damaged row (not JSON)") && !err.contains("line 1"),
        "{err}"
    );
    fails(&["table", "--merge", path], "line 2, column ");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), damaged);
    grundy(&["table", "--merge", codes.to_str().unwrap()]).code(2);
    // Another program's file, even without a final newline, is left alone.
    let foreign = dir.join("notes.txt");
    std::fs::write(&foreign, "line one\nline two").unwrap();
    let foreign_s = foreign.to_str().unwrap();
    fails(
        &["table", "0.7", "--out", foreign_s],
        "notes.txt is not a file of grundy table --out",
    );
    assert_eq!(
        std::fs::read_to_string(&foreign).unwrap(),
        "line one\nline two"
    );
}

#[test]
fn ctrl_c_keeps_the_finished_rows() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let dir = temp_dir("ctrl-c");
    let out = dir.join("out.jsonl");
    let path = out.to_str().unwrap();
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    // Kayles is done at once; Officers runs for seconds to 2^20 heaps.
    let child = Command::new(bin)
        .args(["table", "0.77", "0.6", "--threads", "1", "--out", path])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let lines = || std::fs::read_to_string(&out).map_or(0, |t| t.lines().count());
    while lines() < 2 && started.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(200));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130));
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(
        err.contains("interrupted: 1 of 2 games finished (kept in"),
        "{err}"
    );
    let rows = file_rows(&out);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["code"], "0.77");
    // The text table shows the finished row too.
    let table = String::from_utf8(output.stdout).unwrap();
    assert!(table.lines().any(|l| l.starts_with("0.77")), "{table}");
    assert!(!table.lines().any(|l| l.starts_with("0.6 ")), "{table}");
}

/// `--misere` adds each game's misère quotient: 0.75 of order 8 and 0.31
/// of order 6 (as MisereSolver finds them), 0.71 of order 36, 0.03's
/// alias reports its game's; a bound stops a quotient short with the heap
/// it is proven to, a proven period `all`; `?` is any octal digit; TSV gets
/// four more columns;
/// a file of a sweep without the column is not resumed with it.
#[test]
fn misere_adds_a_quotient_column() {
    let got = rows(&[
        "table",
        "0.3",
        "0.03",
        "0.75",
        "0.71",
        "--misere",
        "--misere-to",
        "14",
        "--json",
    ]);
    let order = |code: &str| {
        let r = got.iter().find(|r| r["code"] == code).unwrap();
        (
            r["quotient"]["order"].as_u64(),
            r["quotient"]["heaps"].as_u64(),
            r["quotient"]["every_heap"].as_bool(),
        )
    };
    // 0.75's elements repeat with period 2 from heap 8: proven for every
    // heap at heap 21, past --misere-to 14.
    assert_eq!(order("0.75"), (Some(8), Some(14), Some(false)));
    assert_eq!(order("0.71"), (Some(36), Some(14), Some(false)));
    assert_eq!(order("0.3").0, order("0.03").0, "the same game");
    assert_eq!(order("0.3").2, Some(true), "T1, proven for every heap");
    let out = text(&["table", "0.?", "--misere", "--misere-to", "12"]);
    assert!(
        out.lines().next().unwrap().ends_with("quotient  note"),
        "{out}"
    );
    let line = out.lines().find(|l| l.starts_with("0.3 ")).unwrap();
    assert!(line.trim_end().ends_with(" 2 all"), "T1: {line}");
    assert!(out.ends_with("8 games, 7 proven\n"), "{out}");
    let q31 = rows(&["table", "0.31", "--misere", "--misere-to", "30", "--json"]);
    assert_eq!(
        q31[0]["quotient"],
        serde_json::json!({"order": 6, "heaps": 6, "reason": null, "every_heap": true})
    );
    let short = rows(&[
        "--max-states",
        "100000",
        "table",
        "0.07",
        "--to",
        "1000",
        "--misere",
        "--misere-to",
        "40",
        "--json",
    ]);
    assert_eq!(short[0]["quotient"]["order"], 638);
    assert_eq!(short[0]["quotient"]["heaps"], 33);
    assert!(short[0]["quotient"]["reason"]
        .as_str()
        .unwrap()
        .starts_with("heap 34 not finished"));
    let tsv = text(&["table", "0.75", "--misere", "--tsv"]);
    assert!(tsv.lines().next().unwrap().ends_with(
        "\treason\tquotient_order\tquotient_heaps\tquotient_reason\tquotient_every_heap"
    ));
    assert!(
        tsv.lines().nth(1).unwrap().ends_with("\t8\t20\t\tfalse"),
        "{tsv}"
    );
    let plain = text(&["table", "0.75", "--tsv"]);
    assert!(plain.lines().next().unwrap().ends_with("\treason"));
    let dir = temp_dir("misere");
    let out = dir.join("out.jsonl");
    let path = out.to_str().unwrap();
    text(&["table", "0.7", "--out", path]);
    fails(
        &["table", "0.7", "--misere", "--out", path],
        "holds another sweep",
    );
    fails(&["table", "0.7", "--misere-to", "5"], "--misere");
    // Quotients no budget can hold are refused before the sweep, as a
    // --to is: each game once showed `none`, the reason in JSON only.
    fails(
        &["table", "0.7", "--misere", "--misere-to", "18446744073709551615"],
        "--misere-to 18446744073709551615: the quotient of heaps up to 18446744073709551615 (a state for each heap at least) needs more than 10000000 states; raise the limit (--max-states)",
    );
}

/// A resumed TSV table shows every game, those found in the `--out` file
/// first (it printed only the ones it computed).
#[test]
fn a_resumed_tsv_table_shows_every_game() {
    let out = support::scratch("resumed.jsonl");
    // One thread: rows come as games finish, here in the sweep's order.
    let args = [
        "table",
        "0.[0-3]7",
        "--to",
        "500",
        "--threads",
        "1",
        "--tsv",
        "--out",
        &out,
    ];
    let codes = |tsv: String| -> Vec<String> {
        tsv.lines()
            .map(|l| l.split('\t').next().unwrap().to_string())
            .collect()
    };
    let first = codes(text(&args));
    assert_eq!(first, ["code", "0.07", "0.17", "0.27", "0.37"]);
    assert_eq!(codes(text(&args)), first);
}
