//! The `grundy` binary: commands, JSON shape, errors.

mod support;

use support::*;

use serde_json::Value;

#[test]
fn value_text() {
    let out = grundy(&["value", "nim", "3", "4", "5"])
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("total: *2"), "{text}");
    assert!(text.contains("outcome: N"), "{text}");
    assert!(text.contains("component 1: 3 -> 1"), "{text}");
}

/// Blanks and a line break around a component (pasted from a file) are
/// no part of it: it is printed as read, on one line.
#[test]
fn a_component_is_printed_without_the_blanks_around_it() {
    let v = json_of(&["value", "nim", "3\n", " 4 ", "--json"]);
    assert_eq!(v["components"], serde_json::json!(["3", "4"]));
    let text = String::from_utf8(
        grundy(&["value", "nim", "3\n", "5"])
            .get_output()
            .stdout
            .clone(),
    )
    .unwrap();
    assert!(text.contains("  1  3          *3\n"), "{text}");
}

#[test]
fn value_json_shape() {
    let v = json_of(&["value", "sub:1,3,4", "7", "8", "--json"]);
    assert_eq!(v["game"], "sub:1,3,4");
    assert_eq!(v["components"], serde_json::json!(["7", "8"]));
    assert_eq!(v["values"], serde_json::json!([0, 1]));
    assert_eq!(v["grundy"], 1);
    assert_eq!(v["outcome"], "N");
    // 7 -> 3 (value 1) and 8 -> 7 (value 0) both leave a zero total.
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([{"component": 0, "to": "3"}, {"component": 1, "to": "7"}])
    );
    assert_eq!(v["moves_truncated"], false);
}

#[test]
fn value_json_for_whole_position_games() {
    let v = json_of(&["value", "moore:2", "1", "2", "3", "--json"]);
    assert_eq!(v["values"], Value::Null);
    assert_eq!(v["grundy"], Value::Null);
    assert_eq!(v["outcome"], "N");
    // Moore's rule: a move to P leaves every binary column summing to a
    // multiple of k + 1 = 3, taking from one or two heaps.
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        assert_eq!(m["component"], Value::Null);
        let to: Vec<u64> = m["to"]
            .as_str()
            .unwrap()
            .split(' ')
            .map(|h| h.parse().unwrap())
            .collect();
        let from = [1u64, 2, 3];
        assert_eq!(to.len(), 3);
        assert!(to.iter().zip(&from).all(|(t, f)| t <= f));
        let changed = to.iter().zip(&from).filter(|(t, f)| t != f).count();
        assert!((1..=2).contains(&changed), "{to:?}");
        for bit in 0..2 {
            assert_eq!(
                to.iter().map(|h| h >> bit & 1).sum::<u64>() % 3,
                0,
                "{to:?}"
            );
        }
    }
    let s = json_of(&["value", "staircase", "3", "1", "3", "--json"]);
    assert_eq!(s["outcome"], "P");
    assert_eq!(s["winning_moves"], serde_json::json!([]));
}

#[test]
fn misere_nim() {
    let v = json_of(&["value", "nim", "1", "1", "1", "--misere", "--json"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["misere"], true);
    let v = json_of(&["value", "nim", "2", "2", "--misere", "--json"]);
    assert_eq!(v["outcome"], "P");
}

#[test]
fn huge_numbers_answer_instantly() {
    // Each outcome against the game's classic rule, written here.
    let outcome = |wins: bool| if wins { "N" } else { "P" };
    // Euclid: the player to move wins with a >= 2b, or when the one
    // forced move (to (b, a - b)) loses.
    fn euclid_wins(a: u64, b: u64) -> bool {
        let (a, b) = (a.max(b), a.min(b));
        b != 0 && (a >= 2 * b || !euclid_wins(b, a - b))
    }
    let (a, b) = (u64::MAX, 12_345_678_912_345);
    let v = json_of(&["value", "euclid", &format!("{a},{b}"), "--json"]);
    assert_eq!(v["outcome"], outcome(euclid_wins(a, b)));
    // The multiplication game: divide by 18 while above 18.
    let mut n = u64::MAX;
    while n > 18 {
        n = n.div_ceil(18);
    }
    let v = json_of(&["value", "mult", &u64::MAX.to_string(), "--json"]);
    assert_eq!(v["outcome"], outcome(n <= 9));
    // E&D: the value of (x, y) is the lowest zero bit of (x-1) | (y-1).
    let (x, y) = (1u64 << 32, (1u64 << 32) + 1);
    let v = json_of(&["value", "ed", &format!("{x},{y}"), "--json"]);
    assert_eq!(v["grundy"], ((x - 1) | (y - 1)).trailing_ones());
    // Wythoff: P exactly at (floor(k phi), floor(k phi) + k).
    let (a, b) = (4_294_967_296u64, 6_949_403_065u64);
    let k = (b - a) as u128;
    let p = ((k + (5 * k * k).isqrt()) / 2) as u64 == a;
    let v = json_of(&["value", "wythoff", &format!("{a},{b}"), "--json"]);
    assert_eq!(v["outcome"], outcome(!p));
    let k = 1_640_531_527u128;
    let a = ((k + (5 * k * k).isqrt()) / 2) as u64;
    let b = a + k as u64;
    let v = json_of(&["value", "wythoff", &format!("{a},{b}"), "--json"]);
    assert_eq!(v["outcome"], "P");
}

#[test]
fn a_heap_of_ten_million() {
    // Within the default state limit, and the value a plain mex gives.
    let v = json_of(&["value", "fib", "10000000", "--json"]);
    let n = 10_000_000usize;
    let mut fibs = vec![1usize, 2];
    while fibs[fibs.len() - 1] + fibs[fibs.len() - 2] <= n {
        fibs.push(fibs[fibs.len() - 1] + fibs[fibs.len() - 2]);
    }
    let mut g = vec![0u8; n + 1];
    for h in 1..=n {
        let mut seen = 0u64;
        for &f in fibs.iter().take_while(|&&f| f <= h) {
            seen |= 1 << g[h - f];
        }
        g[h] = seen.trailing_ones() as u8;
    }
    assert_eq!(v["grundy"], u64::from(g[n]));
}

#[test]
fn seq_json_shape() {
    let v = json_of(&["seq", "sub:1,3,4", "--to", "20", "--json"]);
    assert_eq!(v["game"], "sub:1,3,4");
    assert_eq!(v["computed_to"], 20);
    let values: Vec<u64> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(values.len(), 21);
    assert_eq!(&values[..7], &[0, 1, 0, 1, 2, 3, 2]);
    assert_eq!(v["preperiod"], 0);
    assert_eq!(v["period"], 7);
    assert_eq!(v["proven"], true);
}

#[test]
fn seq_without_to_says_why_it_stopped() {
    // Proven: the run stops as soon as it can.
    let v = json_of(&["seq", "kayles", "--json"]);
    assert_eq!(
        (v["period"].as_u64(), v["proven"].as_bool()),
        (Some(12), Some(true))
    );
    // A limit reached without a proof says so.
    let v = json_of(&["seq", "0.007", "--max-states", "3000", "--json"]);
    assert_eq!(v["proven"], false);
    assert_eq!(v["computed_to"], 2999);
    let proof = v["proof"].as_str().unwrap();
    assert!(
        proof.contains("no period proven by n = 2999, the limit"),
        "{proof}"
    );
    // No theorem covers Grundy's game: a default stretch, and why.
    let v = json_of(&["seq", "grundy", "--json"]);
    assert_eq!(v["computed_to"], 100);
    let proof = v["proof"].as_str().unwrap();
    assert!(
        proof.contains("no periodicity theorem covers this game"),
        "{proof}"
    );
}

#[test]
fn seq_text_is_a_table() {
    let out = grundy(&["seq", "lasker", "--to", "12"])
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let row0 = text
        .lines()
        .find(|l| l.trim_start().starts_with("0 "))
        .unwrap();
    let cells: Vec<&str> = row0.split_whitespace().collect();
    assert_eq!(
        cells,
        ["0", "0", "1", "2", "4", "3", "5", "6", "8", "7", "9"]
    );
    assert!(text.contains("closed form"));
}

#[test]
fn games_lists_names() {
    let out = grundy(&["games"]).success().get_output().stdout.clone();
    let text = String::from_utf8(out).unwrap();
    for name in ["nim", "sub:S", "wythoff", "mult"] {
        assert!(text.contains(name));
    }
}

#[test]
fn errors_are_one_line_with_exit_2() {
    fails(&["value", "chess", "1"], "unknown game `chess`");
    fails(&["value", "kayls", "1"], "did you mean `kayles`?");
    fails(&["value", "Nim", "1"], "did you mean `nim`?");
    fails(
        &["nim", "3", "4", "5"],
        "ask for its value with `grundy value nim ...`",
    );
    fails(&["value", "sub:1,x", "3"], "non-negative integer");
    fails(&["value", "sub:", "3"], "needs a set");
    fails(&["value", "nim", "-3"], "must not be negative");
    fails(&["value", "nim", "abc"], "non-negative integer");
    fails(&["value", "nim", "99999999999999999999999"], "too large");
    fails(&["value", "cutting", "2,3", "--misere"], "no misère play");
    fails(&["value", "wythoff", "3"], "pair");
    // No --max-states helps here, and the message does not suggest it.
    fails(
        &["value", "wythoff", "100000,200000", "1,1"],
        "beyond the value table (piles up to 8192)",
    );
    fails(&["value", "ed", "0,3"], "positive");
    fails(&["seq", "wythoff", "--to", "5"], "not a heap game");
    fails(&["seq", "nim", "--to", "-5"], "must not be negative");
    // Usage errors keep clap's details on the one line.
    fails(&["value", "nim"], "not provided: <COMPONENTS>...");
    fails(
        &["graph", "nim", "3", "--format", "gif"],
        "[possible values: svg, dot, png]",
    );
    fails(&["frobnicate"], "unrecognized subcommand");
    fails(
        &["seq", "nim", "--to", "9", "--values-out", "v.bin"],
        "--values-out is for computed take-and-break sequences; nim",
    );
    fails(
        &["seq", "lasker", "--to", "9", "--checkpoint", "c.bin"],
        "--checkpoint is for computed",
    );
    fails(
        &["value", "--max-states", "100", "fib", "1000"],
        "--max-states",
    );
}

#[test]
fn numbers_that_do_not_read_are_refused_in_words() {
    // Rust's own words (`invalid digit found in string`) are not shown.
    for (args, words) in [
        (
            &["value", "nim", "3", "--max-states", "-1"][..],
            "'-1' for '--max-states <N>': expected a whole number (0, 1, 2, ...)",
        ),
        (
            &["value", "nim", "3", "--max-states", ""],
            "expected a whole number, got nothing",
        ),
        (
            &["value", "nim", "3", "--max-moves", "18446744073709551616"],
            "'--max-moves <N>': the number is too large",
        ),
        (
            &["table", "0.7", "--time", "x"],
            "'x' for '--time <SECS>': give a number of seconds from 0.001 to 1e9, e.g. 60 or 0.5",
        ),
        (
            &["seq", "kayles", "--to", "5", "--checkpoint-every", "soon"],
            "give 0 or a number of seconds from 0.001 to 31536000 (a year)",
        ),
    ] {
        let err = fails(args, words);
        assert!(!err.contains("string") && !err.contains("literal"), "{err}");
    }
}

#[test]
fn help_succeeds() {
    grundy(&["--help"]).success();
    grundy(&["value", "--help"]).success();
}

#[test]
fn no_arguments_print_the_usage_and_the_commands() {
    let out = grundy(&[]).code(2).get_output().clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(out.stdout.is_empty());
    assert!(err.contains("Usage: grundy [OPTIONS] <COMMAND>"), "{err}");
    assert!(err.contains("Commands:"), "{err}");
    for command in ["value", "seq", "solve", "graph", "play", "serve", "games"] {
        assert!(err.contains(&format!("\n  {command} ")), "{command}: {err}");
    }
}

#[test]
fn options_show_only_where_they_apply() {
    assert!(!text(&["games", "--help"]).contains("--max-states"));
    assert!(!text(&["help", "games"]).contains("--max-states"));
    assert!(text(&["value", "--help"]).contains("--max-states"));
    // Still accepted where it does nothing, as before.
    assert!(text(&["--max-states", "5", "games"]).contains("nim"));
}

#[test]
fn plot_errors_name_the_file_and_the_reason_in_words() {
    for path in ["/nonexistent-dir/plot.png", "/nonexistent-dir/plot.svg"] {
        fails(
            &["seq", "kayles", "--to", "20", "--plot", path],
            &format!("cannot write {path}: No such file or directory"),
        );
    }
    let dir = format!("{}/plot-dir.png", env!("CARGO_TARGET_TMPDIR"));
    std::fs::create_dir_all(&dir).unwrap();
    fails(
        &["seq", "kayles", "--to", "20", "--plot", &dir],
        "a folder; --plot names a file",
    );
    // The run's other files, which the plot would replace.
    let ck = format!("{}/plot-ck.svg", env!("CARGO_TARGET_TMPDIR"));
    for other in ["--checkpoint", "--values-out"] {
        fails(
            &["seq", "kayles", "--to", "20", other, &ck, "--plot", &ck],
            &format!("--plot and {other} name the same file"),
        );
    }
    // A plot that can be written is a real PNG.
    let png = file("plot.png", "");
    grundy(&["seq", "kayles", "--to", "20", "--plot", &png]).success();
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG\r\n"));
}

#[test]
fn errors_quote_a_short_excerpt_of_long_input() {
    let digits = "7".repeat(100_000);
    let out = grundy(&["value", "nim", &digits])
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1);
    assert!(err.len() < 200, "{} bytes", err.len());
    assert!(err.contains("heap size `7777"), "{err}");
    // clap's own errors keep naming the argument after the value.
    let junk = "x".repeat(100_000);
    let out = grundy(&["value", "--max-states", &junk, "nim", "3"])
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.len() < 300, "{} bytes", err.len());
    assert!(err.contains("for '--max-states <N>'"), "{err}");
    // Line breaks and terminal escapes in input stay inside the one line.
    fails(&["value", "nim", "3\n4\u{1b}[31m"], "`3\\n4\\u{1b}[31m`");
}

#[test]
fn positions_in_errors_are_written_as_typed() {
    // A sequence needs an acyclic game; the cycle is named as the user
    // writes positions, not in Rust's debug form (`Int(1)`).
    let script = file(
        "cycle.rhai",
        "fn moves(n) { if n > 0 { [n - 1, n] } else { [] } }\n",
    );
    fails(
        &["seq", &format!("rules:{script}"), "--to", "5"],
        "the game graph has a cycle through `1`;",
    );
}

#[test]
fn a_full_output_is_named() {
    let Ok(full) = std::fs::File::create("/dev/full") else {
        return; // not Linux
    };
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["value", "nim", "3"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: cannot write the standard output: No space left on device (os error 28)\n"
    );
}

/// Nim arithmetic below 2^64: published products, the JSON fields, and
/// 0 refused an inverse in one line.
#[test]
fn nim_arithmetic_commands() {
    assert_eq!(text(&["nim-product", "8", "8"]), "*8 x *8 = *13\n");
    assert_eq!(text(&["nim-sum", "3", "5"]), "*3 + *5 = *6\n");
    assert_eq!(text(&["nim-power", "2", "3"]), "*2 ^ 3 = *1\n");
    assert_eq!(text(&["nim-inverse", "2"]), "1 / *2 = *3\n");
    let v = json_of(&["nim-product", "18446744073709551615", "2", "--json"]);
    assert_eq!(v["operation"], "nim-product");
    assert_eq!(v["result"], 6148914691236517205u64);
    fails(&["nim-inverse", "0"], "0 has no nim-inverse");
    fails(&["nim-product", "2", "18446744073709551616"], "too large");
}

/// An error written to a closed stderr (`2>&1 | head`) once panicked in
/// the panic hook and aborted (exit 134); it is now lost quietly, with
/// exit code 2. A panic in the engine on the way there (a script that
/// split a position into itself overflowed the stack) is covered too.
#[test]
fn a_closed_stderr_keeps_exit_code_two() {
    use std::process::{Command, Stdio};
    let script = file(
        "self-split.rhai",
        "fn moves(n) { if n > 0 { [n - 1] } else { [] } }\nfn components(p) { [p, p] }\n",
    );
    let rules = format!("rules:{script}");
    let cases: [&[&str]; 3] = [
        &["value", "nim", "x"],
        &["seq", &rules, "--to", "5", "--misere"],
        &["value", &rules, "3", "--misere"],
    ];
    for args in cases {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let status = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
            .args(args)
            .stdout(Stdio::null())
            .stderr(writer)
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(2), "{args:?}");
    }
    fails(
        &["value", &rules, "3", "--misere"],
        "`components(3)` splits without end (a part split 64 times over)",
    );
}

#[test]
fn values_clap_would_misread_are_told_in_the_user_s_terms() {
    // A negative pair reads as short options to clap: named whole.
    let err = fails(
        &["value", "wythoff", "3,4", "-1,2"],
        "`-1,2` is not an option",
    );
    assert!(
        err.contains("never negative") && err.contains("-- -1,2"),
        "{err}"
    );
    fails(&["nim-product", "-1", "2"], "`-1` is not an option");
    // After an option that takes a value, it was meant as that value.
    fails(
        &["quotient", "kayles", "--memory", "-5M"],
        "error: invalid value `-5M` for `--memory`: a value that starts with `-` is read as an option (write `--memory=-5M` if it is meant)",
    );
    fails(
        &["value", "nim", "3", "--json", "-1"],
        "a heap size must not be negative",
    );
    // What they quote is escaped: a line break stays on the line.
    fails(&["value", "nim", "-0\n"], "`-0\\n` is not an option");
    // A script's negative position goes after `--`, as the error says.
    let script = format!(
        "rules:{}/../../rules/draws.rhai",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = text(&["value", &script, "--", "-1"]);
    assert!(text.contains("outcome: P"), "{text}");
    // `--bind` with a port is pointed to `--port`.
    fails(
        &["serve", "--bind", "127.0.0.1:18093"],
        "give `--bind 127.0.0.1 --port 18093`",
    );
    fails(&["serve", "--bind", "localhost"], "not an IP address");
}

/// `draw --json` writes to `-o FILE` as the pictures do (the file was
/// ignored, the JSON printed), and refuses a `--format` beside it.
#[test]
fn draw_json_goes_to_its_file() {
    let path = support::scratch("draw-cram.json");
    let printed = text(&["draw", "cram", "2x3", "--json"]);
    assert_eq!(text(&["draw", "cram", "2x3", "--json", "-o", &path]), "");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), printed);
    fails(
        &["draw", "cram", "2x3", "--json", "--format", "svg"],
        "'--json' cannot be used with '--format",
    );
}

/// An output file's extension names its format whatever its case
/// (`out.TXT`, `out.SVG`), as file systems that ignore case would have it.
#[test]
fn an_extension_in_capitals_names_its_format() {
    let path = support::scratch("draw-cram.TXT");
    let printed = text(&["draw", "cram", "2x2"]);
    assert_eq!(text(&["draw", "cram", "2x2", "-o", &path]), "");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), printed);
    let path = support::scratch("graph-nim.SVG");
    text(&["graph", "nim", "2", "-o", &path]);
    assert!(std::fs::read_to_string(&path).unwrap().starts_with("<svg"));
}
