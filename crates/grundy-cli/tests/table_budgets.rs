//! `grundy table` under its budgets: a game the memory budget ends gives
//! up its row with the reason, the sweep goes on, and an `--out` file does
//! not keep that row, so that the next run computes the game again;
//! `--merge` takes no budget.

mod support;

use serde_json::Value;
use support::run;

/// The JSON rows of stdout, by code.
fn by_code(stdout: &str) -> Vec<(String, Value)> {
    let mut rows: Vec<(String, Value)> = stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("a JSON line"))
        .map(|r| (r["code"].as_str().unwrap().to_string(), r))
        .collect();
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    rows
}

#[test]
fn a_game_out_of_memory_gives_up_its_row_and_the_sweep_goes_on() {
    // Officers' values to heap 300,000 take more than 1 MiB; 0.7 is proven
    // at once. One thread, so that nothing else shares the budget.
    let args = [
        "table",
        "0.6",
        "0.7",
        "--threads",
        "1",
        "--to",
        "300000",
        "--json",
    ];
    let (out, err, code) = run(&[&args[..], &["--memory", "1MB"]].concat(), "");
    assert_eq!(code, Some(0), "{err}");
    let rows = by_code(&out);
    assert_eq!(rows.len(), 2, "{out}");
    let officers = &rows[0].1;
    let reason = officers["reason"].as_str().unwrap();
    assert!(
        reason.starts_with("memory budget (--memory 1 MiB): no period proven by heap "),
        "{reason}"
    );
    assert_eq!(officers["proven"], false);
    // What was computed is reported: Officers' values up to heap 20,000
    // hold its published rare heaps (1584, the last at 20,627 is further).
    assert!(officers["heaps"].as_u64().unwrap() > 20_000, "{officers}");
    assert_eq!(rows[1].1["proven"], true, "{out}");
    assert!(err.is_empty(), "no --out, nothing to say: {err}");
}

#[test]
fn an_out_file_keeps_no_row_the_memory_budget_ended() {
    let dir = support::scratch_dir("table-budgets");
    let file = dir.join("rows.jsonl");
    let file = file.to_str().unwrap();
    let args = [
        "table",
        "0.6",
        "0.7",
        "--threads",
        "1",
        "--to",
        "300000",
        "--json",
        "--out",
        file,
    ];
    let (out, err, code) = run(&[&args[..], &["--memory", "1MB"]].concat(), "");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(by_code(&out).len(), 2, "both rows are shown: {out}");
    assert_eq!(
        err.trim(),
        format!(
            "1 game ended by the memory budget, not kept in {file}: the next run computes it again (give more --memory or fewer --threads)"
        )
    );
    let kept = std::fs::read_to_string(file).unwrap();
    assert!(!kept.contains("\"0.6\""), "{kept}");
    assert!(kept.contains("\"0.7\""), "{kept}");
    // The next run, with room, computes only Officers and keeps it.
    let (out, err, code) = run(&args, "");
    assert_eq!(code, Some(0), "{err}");
    let rows = by_code(&out);
    assert_eq!(rows.len(), 1, "0.7 was kept: {out}");
    assert_eq!(
        rows[0].1["reason"],
        "heap budget: no period proven by heap 300000"
    );
    assert!(
        err.starts_with(&format!(
            "resuming the sweep from {file}: 1 of its 2 games done"
        )),
        "{err}"
    );
    let kept = std::fs::read_to_string(file).unwrap();
    assert!(kept.contains("\"0.6\""), "{kept}");
}

/// `--merge` joins finished rows: a budget given with it would be
/// ignored, so it is refused in one line.
#[test]
fn merge_takes_no_budget() {
    for flag in [
        &["--to", "5"][..],
        &["--time", "1"],
        &["--threads", "1"],
        &["--misere"],
        &["--misere-to", "5"],
    ] {
        let args = [&["table", "--merge", "rows.jsonl"][..], flag].concat();
        support::fails(&args, &format!("cannot be used with '{}", flag[0]));
    }
}

/// A misère quotient the memory budget cuts short is not kept either:
/// with more memory it goes further.
#[test]
fn an_out_file_keeps_no_quotient_the_memory_budget_cut() {
    let dir = support::scratch_dir("table-quotient");
    let file = dir.join("rows.jsonl");
    let file = file.to_str().unwrap();
    // 0.07's quotient has order 638 at heap 33 and far more at heap 34.
    let args = [
        "table",
        "0.07",
        "0.75",
        "--misere",
        "--misere-to",
        "40",
        "--threads",
        "1",
        "--json",
        "--memory",
        "8MB",
        "--out",
        file,
    ];
    let (out, err, code) = run(&args, "");
    assert_eq!(code, Some(0), "{err}");
    let rows = by_code(&out);
    let cut = &rows[0].1["quotient"];
    assert!(
        cut["reason"].as_str().unwrap().contains("--memory"),
        "{cut}"
    );
    assert!(
        err.starts_with("1 game ended by the memory budget"),
        "{err}"
    );
    let kept = std::fs::read_to_string(file).unwrap();
    assert!(!kept.contains("\"0.07\""), "{kept}");
    assert!(kept.contains("\"0.75\""), "{kept}");
}

/// Games running at once share the memory budget: one that finishes
/// while another is past it still gives its row (its report used to be
/// refused, and the sweep with it), and a `!` code the budget stops says
/// both why it stopped and that no theorem could prove it.
#[test]
fn games_sharing_the_memory_budget_never_end_the_sweep() {
    let args = [
        "--memory",
        "2MB",
        "table",
        "0.[0-7][0-7]",
        "0.6!",
        "--to",
        "100000",
        "--threads",
        "4",
        "--json",
    ];
    let (out, err, code) = run(&args, "");
    assert_eq!(code, Some(0), "{err}");
    let rows = by_code(&out);
    assert_eq!(rows.len(), 65, "{out}");
    let bang = &rows.iter().find(|(c, _)| c == "0.6!").unwrap().1;
    let reason = bang["reason"].as_str().unwrap();
    assert!(
        reason.starts_with("memory budget (--memory 2 MiB): stopped after "),
        "{reason}"
    );
    assert!(
        reason.ends_with("; no periodicity theorem covers this game"),
        "{reason}"
    );
}
