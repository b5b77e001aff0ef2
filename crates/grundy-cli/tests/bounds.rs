//! Computations stay within the machine: scripts are bounded in time and
//! memory, the memory budget (`--memory`) stops searches that grow, game
//! files are read within a size bound, and each overrun is one line with
//! exit code 2, soon.

mod support;

use std::time::{Duration, Instant};

use support::*;

/// `fails`, and within `secs` seconds.
fn fails_within(secs: u64, args: &[&str], needle: &str) {
    let start = Instant::now();
    fails(args, needle);
    let took = start.elapsed();
    assert!(took < Duration::from_secs(secs), "{args:?} took {took:?}");
}

fn script(name: &str, text: &str) -> String {
    format!("rules:{}", file(name, text))
}

#[test]
fn a_script_that_loops_on_slow_operations_stops_in_time() {
    // Pushing onto a large array costs more with every push, so the
    // operation limit alone lets this run for minutes.
    let pushes = script(
        "pushes.rhai",
        "fn moves(n) {\n  let a = [];\n  for i in 0..10000000 { a.push(i); }\n  []\n}\n",
    );
    fails_within(
        20,
        &["value", &pushes, "0"],
        "pushes.rhai: line 1 (in `fn moves`): `moves(0)` ran longer than 2 s, the limit for one call",
    );
    // The same inside a helper function: the message names the call.
    let nested = script(
        "nested.rhai",
        "fn f(a) { loop { a.push(1); } }\nfn moves(n) { f([]); [] }\n",
    );
    fails_within(
        20,
        &["value", &nested, "3"],
        "`moves(3)` ran longer than 2 s",
    );
}

#[test]
fn script_limits_are_named_in_user_words() {
    let strings = script(
        "strings.rhai",
        "fn moves(n) { let s = \"x\"; loop { s += s; } }\n",
    );
    fails(
        &["value", &strings, "1"],
        "strings grew past 1 MiB (a value's strings count together), the limit for scripts",
    );
    let deep = script("deep.rhai", "fn f(n) { f(n + 1) }\nfn moves(n) { f(0) }\n");
    fails(
        &["value", &deep, "1"],
        "function calls nested more than 64 deep, the limit for scripts",
    );
    // Positions in messages are written as users type them, never as
    // Rust's debug text (`Int(2)`).
    let draws = format!(
        "rules:{}/../../rules/draws.rhai",
        env!("CARGO_MANIFEST_DIR")
    );
    fails(
        &["seq", &draws, "--to", "5"],
        "the game graph has a cycle through `2`;",
    );
}

#[test]
fn searches_that_grow_stop_at_the_memory_budget() {
    // Each position is longer than the last: a hundred thousand states
    // hold gigabytes.
    let longer = script("longer.rhai", "fn moves(p) { [p + \"x\"] }\n");
    fails_within(
        30,
        &[
            "value",
            &longer,
            "x",
            "--max-states",
            "100000",
            "--memory",
            "64M",
        ],
        "this search needs more than 64 MiB of memory; raise the limit (--memory) to go further",
    );
    let endless = script("endless.rhai", "fn moves(n) { [n + 1] }\n");
    fails_within(
        30,
        &["value", &endless, "0", "--memory", "64M"],
        "needs more than 64 MiB of memory",
    );
    // The real Cutting Game's state graph from 8x8 fills gigabytes.
    fails_within(
        60,
        &[
            "graph",
            "cutting",
            "8x8",
            "--max-states",
            "100000000",
            "--memory",
            "64M",
        ],
        "needs more than 64 MiB of memory",
    );
}

#[test]
fn play_answers_at_once_where_the_state_graph_is_too_large() {
    // The state graph of 20x20 does not fit: play falls back on the
    // game's analysis instead of filling the memory.
    let start = Instant::now();
    let (out, err, code) = run(
        &["play", "cutting", "20x20", "--memory", "256M", "--moves"],
        "hint\n",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("position: 20x20   (value *, the player to move wins)"),
        "{out}"
    );
    assert!(
        start.elapsed() < Duration::from_secs(60),
        "{:?}",
        start.elapsed()
    );
    // A Hackenbush tree of 447 edges: every move lists a whole graph, so
    // exploring its state graph used to run for minutes before the prompt.
    let edges: String = (1..=447u64)
        .map(|i| format!("{} {i}\n", ((i * 2_654_435_761) >> 7) % i))
        .collect();
    let tree = file("tree447.txt", &edges);
    let start = Instant::now();
    let (out, err, code) = run(&["play", "hackenbush", &tree, "--moves"], "quit\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("your move> "), "{out}");
    assert!(
        start.elapsed() < Duration::from_secs(30),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn memory_sizes_are_checked() {
    fails(
        &["value", "nim", "1", "--memory", "4X"],
        "'4X' for '--memory <SIZE>'",
    );
    fails(
        &["value", "nim", "1", "--memory", "99999999999T"],
        "too large",
    );
    fails(
        &["value", "nim", "1", "--memory", "0"],
        "no computation fits in 0 bytes",
    );
    let out = text(&["value", "nim", "3", "--memory", "512M"]);
    assert!(out.contains("total: *3"), "{out}");
}

#[test]
fn game_files_that_are_not_text_are_refused_at_once() {
    fails_within(
        10,
        &["value", "graph:/dev/zero", "a"],
        "/dev/zero: not a text file (it holds NUL bytes)",
    );
    fails_within(10, &["value", "rules:/dev/urandom", "1"], "/dev/urandom: ");
    let latin1 = file("latin1.txt", "");
    std::fs::write(&latin1, b"0 1\n1 2\n\xe9\n").unwrap();
    fails(
        &["value", "hackenbush", &latin1],
        "latin1.txt: line 3: not UTF-8 text",
    );
}

#[cfg(unix)]
#[test]
fn a_pipe_nobody_writes_waits_only_as_long_as_the_time_limit() {
    // Opening a named pipe blocks until a writer comes: --timeout ends
    // the wait, which once outlived it.
    // Not written first: writing blocks on the pipe a run before left.
    let fifo = format!("{}/nobody.rhai", env!("CARGO_TARGET_TMPDIR"));
    let _ = std::fs::remove_file(&fifo);
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo here: nothing to check
    }
    fails_within(
        10,
        &["--timeout", "1", "value", &format!("graph:{fifo}"), "a"],
        "the time limit ran out (--timeout 1 s): ",
    );
    fails_within(
        10,
        &["--timeout", "1", "value", &format!("rules:{fifo}"), "1"],
        "nobody.rhai: stopped while waiting for it to be written (a pipe or a device)",
    );
}

#[test]
fn duplicate_options_of_a_script_are_one_move() {
    let dup = script(
        "dup.rhai",
        "fn moves(n) { if n > 0 { [n - 1, n - 1, n - 1] } else { [] } }\n",
    );
    let out = text(&["value", &dup, "3"]);
    assert!(
        out.contains("winning moves (1):\n  component 1: 3 -> 2\n"),
        "{out}"
    );
    let (out, err, code) = run(&["play", &dup, "3", "--moves"], "moves\nquit\n");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.matches("3 -> 2").count(), 1, "{out}");
}

#[test]
fn winning_moves_of_product_games_stay_within_the_memory_budget() {
    // A move of ruler x ruler from (10^6, 10^6) turns a rectangle of up
    // to 10^12 coins: the listing once aborted in allocating one. Within
    // 64 MiB it lists what fits and says it stopped; the value stands.
    let big = ["value", "product:ruler,ruler", "1000000,1000000", "--json"];
    let report = json_of(&[&big[..], &["--memory", "64M"]].concat());
    assert_eq!(report["moves_truncated"], true);
    assert!(!report["winning_moves"].as_array().unwrap().is_empty());
    let alone = json_of(&[&big[..], &["--max-moves", "0"]].concat());
    assert_eq!(report["grundy"], alone["grundy"]);
    // The nim-inverse of each row's value once took most of a minute for
    // a million of them; this listing of twins x twins is bounded by the
    // state budget as before, and its moves are right: each leaves a
    // position of value 0.
    let moves = json_of(&["value", "product:twins,twins", "1000,1000", "--json"]);
    for m in moves["winning_moves"].as_array().unwrap().iter().take(20) {
        let to = m["to"].as_str().unwrap();
        let left = json_of(&[
            "value",
            "product:twins,twins",
            to,
            "--json",
            "--max-moves",
            "0",
        ]);
        assert_eq!(left["grundy"], 0, "{to}");
    }
}

#[test]
fn a_time_limit_stops_any_computation_and_says_so() {
    // Searches that no state budget stops soon: a board search, a misère
    // search of canonical forms, a heap's genus among a million options.
    for args in [
        &["value", "cram", "7x7", "--max-moves", "0"][..],
        &["value", "0.07", "100", "--misere"],
        &["value", "0.07", "1000000", "1", "--misere"],
    ] {
        let started = Instant::now();
        let err = fails(&[args, &["--timeout", "0.5"]].concat(), "");
        assert!(
            err.starts_with("error: the time limit ran out (--timeout 0.5 s): "),
            "{err}"
        );
        assert!(started.elapsed() < Duration::from_secs(20), "{args:?}");
    }
    // A long run keeps what it has, as on Ctrl-C, and prints it.
    let ck = scratch("timeout.ckpt");
    let long = ["seq", "grundy", "--to", "9000000", "--timeout", "0.5"];
    let (out, err, code) = run(&[&long[..], &["--checkpoint", &ck]].concat(), "");
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: the time limit ran out (--timeout 0.5 s): stopped at n = "),
        "{err}"
    );
    assert!(out.starts_with("game: grundy\nG(0..="), "{out}");
    assert!(err.contains("checkpoint saved to"), "{err}");
    // A board search with a checkpoint says "stopped" after the limit.
    let ck = scratch("timeout-board.ck");
    let board = [
        "value",
        "node-kayles",
        "grid:9x9",
        "--checkpoint",
        &ck,
        "--timeout",
        "0.5",
    ];
    let said = "the time limit ran out (--timeout 0.5 s): stopped; checkpoint saved to ";
    fails(&board, said);
    // Its JSON says so too: `stopped`, absent from a finished run's.
    let (out, _, code) = run(
        &[
            "seq",
            "officers",
            "--to",
            "9000000",
            "--timeout",
            "0.5",
            "--json",
        ],
        "",
    );
    assert_eq!(code, Some(2));
    let v = serde_json::from_str::<serde_json::Value>(&out).unwrap();
    let stopped = v["stopped"].as_str().unwrap();
    let said = "the time limit ran out (--timeout 0.5 s): stopped at n = ";
    assert_eq!(
        stopped,
        format!("{said}{}", v["computed_to"].as_u64().unwrap() + 1)
    );
    assert!(std::path::Path::new(&ck).exists());
    // What prints what it finished still ends in the time limit's error.
    let seq = [
        "seq",
        "kayles",
        "--misere",
        "--to",
        "100000",
        "--timeout",
        "0.5",
    ];
    let (out, err, code) = run(&seq, "");
    assert_eq!(code, Some(2), "{err}");
    assert!(out.contains("stopped at heap"), "{out}");
    assert_eq!(
        err.trim_end(),
        "error: the time limit ran out (--timeout 0.5 s); what was finished is above"
    );
    // Where it stopped names the time limit, not an interruption, in
    // JSON too, and a table's sweep does not call it one either.
    let (out, _, code) = run(&[&seq[..], &["--json"]].concat(), "");
    assert_eq!(code, Some(2));
    let stopped = serde_json::from_str::<serde_json::Value>(&out).unwrap()["stopped"].clone();
    let stopped = stopped.as_str().unwrap();
    assert!(stopped.starts_with("stopped at heap "), "{stopped}");
    let cause = ": the time limit ran out (--timeout 0.5 s) while computing the genus of ";
    assert!(stopped.contains(cause), "{stopped}");
    let quotient = [
        "quotient",
        "0.137",
        "--to",
        "2000",
        "--json",
        "--timeout",
        "0.5",
    ];
    let (out, _, code) = run(&quotient, "");
    assert_eq!(code, Some(2));
    let v = serde_json::from_str::<serde_json::Value>(&out).unwrap();
    let reason = v["stopped"]["reason"].as_str().unwrap();
    assert!(
        reason.starts_with("the time limit ran out (--timeout 0.5 s) while "),
        "{reason}"
    );
    let table = ["table", "0.[0-7][0-7]", "--timeout", "0.5"];
    let (_, err, code) = run(&table, "");
    assert_eq!(code, Some(2), "{err}");
    let said = "error: the time limit ran out (--timeout 0.5 s): stopped: ";
    assert!(err.starts_with(said), "{err}");
    assert!(err.contains(" of 64 games finished"), "{err}");
    for command in [&["serve"][..], &["play", "nim", "3"]] {
        fails(
            &[command, &["--timeout", "5"]].concat(),
            "--timeout bounds a computation, not `serve`",
        );
    }
    for secs in ["0", "inf", "1e20"] {
        let args = ["value", "nim", "3", "--timeout", secs];
        fails(&args, "give a number of seconds from 0.001 to 1e9");
    }
}

#[test]
fn moves_left_unlisted_by_a_budget_name_it() {
    let out = text(&["value", "cram", "3x4", "--max-states", "0"]);
    let last = out.lines().last().unwrap();
    assert!(
        last.starts_with(
            "winning moves: not listed (none found within --max-states 0 and --memory "
        ),
        "{out}"
    );
}

#[test]
fn a_game_without_a_drawing_says_so_whatever_its_size() {
    // Asked before the moves are listed: a huge position is not refused
    // for the memory its moves would need.
    fails(
        &["draw", "welter", "1,4,6"],
        "welter is not drawn; `grundy value`",
    );
    fails(
        &["draw", "welter", "18446744073709551615", "--memory", "64M"],
        "welter is not drawn",
    );
    // A compound has no entry of its own: no reason is made up for it.
    fails(
        &["draw", "nim", "3", "--compound", "conjunctive"],
        "nim (conjunctive compound) has no drawing of 3; `grundy value`",
    );
    // A game that draws smaller positions says which sizes are drawn.
    fails(
        &["draw", "nim", "65"],
        "nim has no drawing of 65: heaps of more than 64 tokens",
    );
}

#[test]
fn explain_lines_up_long_components_without_failing() {
    // Rust's padding refuses widths past 65535: a component of 70,000
    // coins once made `explain` report an internal error.
    let coins = "H".repeat(70_000);
    let out = text(&["explain", "turtles", &coins]);
    assert!(out.starts_with("game: turtles\n"), "{}", &out[..100]);
    assert!(out.contains("winning moves"), "{}", &out[out.len() - 300..]);
}

/// A checkpoint that could not be saved is refused before any work (it
/// was found at the first save, after the work), and a pipe is refused
/// instead of blocking the reading for ever.
#[cfg(unix)]
#[test]
fn checkpoints_that_cannot_be_saved_are_refused_first() {
    let missing = format!("{}/x.ck", scratch("no-such-folder"));
    let missing = missing.as_str();
    for args in [
        &["seq", "grundy", "--to", "100"][..],
        &["quotient", "0.75", "--to", "12"],
        &["value", "cram", "3x3"],
    ] {
        let run = [args, &["--checkpoint", missing]].concat();
        fails(&run, "cannot write the checkpoint");
    }
    let pipe = scratch("pipe.ck");
    let _ = std::fs::remove_file(&pipe);
    let made = std::process::Command::new("mkfifo").arg(&pipe).status();
    if made.is_ok_and(|s| s.success()) {
        let pipe = pipe.as_str();
        fails(
            &["seq", "grundy", "--to", "100", "--checkpoint", pipe],
            "not a regular file (a folder, a device or a pipe)",
        );
    }
}

#[cfg(unix)]
#[test]
fn checkpoints_are_read_within_the_memory_budget() {
    // A device given as a checkpoint was read until the machine's memory
    // ran out: what is not a regular file is refused, and so is a file
    // larger than a run with that --memory can restore (read by its size
    // first: these are sparse files).
    for args in [
        &["value", "cram", "4x5", "--memory", "16M"][..],
        &["quotient", "0.75", "--to", "12", "--memory", "16M"],
    ] {
        let device = [args, &["--checkpoint", "/dev/zero"]].concat();
        fails(&device, "error: /dev/zero: not a regular file");
    }
    let big = |name: &str, bytes: u64| {
        let path = scratch(name);
        std::fs::File::create(&path)
            .unwrap()
            .set_len(bytes)
            .unwrap();
        path
    };
    let board = big("big-board.ck", 33 << 20);
    fails(
        &[
            "value",
            "cram",
            "4x5",
            "--memory",
            "16M",
            "--checkpoint",
            &board,
        ],
        "larger than 32 MiB, twice the memory budget",
    );
    let quotient = big("big-quotient.ck", 17 << 20);
    fails(
        &[
            "quotient",
            "0.75",
            "--to",
            "12",
            "--memory",
            "16M",
            "--checkpoint",
            &quotient,
        ],
        "larger than 16 MiB, the memory budget",
    );
    // A board checkpoint cut inside its header was called another
    // solve's, and given to `quotient` it was called damaged.
    let board = scratch("cram3x4.ck");
    grundy(&["value", "cram", "3x4", "--checkpoint", &board]).success();
    let bytes = std::fs::read(&board).unwrap();
    let cut = scratch("cram3x4-cut.ck");
    std::fs::write(&cut, &bytes[..50]).unwrap();
    fails(
        &["value", "cram", "3x4", "--checkpoint", &cut],
        "a checkpoint of this solve cut short inside its header",
    );
    fails(
        &["quotient", "0.75", "--to", "12", "--checkpoint", &board],
        "this file is not a grundy quotient checkpoint",
    );
    // An empty file is no checkpoint: saves are written whole.
    let empty = scratch("empty.ck");
    std::fs::write(&empty, b"").unwrap();
    fails(
        &["value", "cram", "3x4", "--checkpoint", &empty],
        "an empty file, not a checkpoint",
    );
}

#[test]
fn a_picture_that_cannot_fit_is_refused_before_it_is_made() {
    // The state graph of Kayles 16 (17.5 MB of SVG) fits 16 MiB as a
    // graph, not as a picture; PNG pixels are counted the same way. A
    // picture of ten million positions once took 2 GB beside a 1 GiB
    // budget, and one of Cram 5x5 aborted.
    let out = scratch("kayles16.svg");
    let args = [
        "graph",
        "kayles",
        "16",
        "--max-states",
        "100000",
        "--memory",
        "16M",
    ];
    fails(
        &[&args[..], &["-o", &out]].concat(),
        "error: the picture needs more than 16 MiB of memory",
    );
}

#[test]
fn a_value_past_its_memory_names_the_heaps_it_values() {
    // `value` asks for the heaps, not for a sequence.
    fails(
        &["value", "kayles", "20", "--memory", "1"],
        "error: valuing heaps up to 20 needs more than 1 byte of memory",
    );
}
