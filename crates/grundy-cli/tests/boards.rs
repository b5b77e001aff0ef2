//! Cram, Node Kayles and Chomp through every front end of the binary:
//! `value` (text, JSON, threads, misère), `graph`, `play`, and errors.

mod support;

use support::*;

#[test]
fn values_are_the_same_for_every_thread_count() {
    for threads in ["1", "2", "3"] {
        let v = json_of(&[
            "value",
            "cram",
            "4x5",
            "3x4",
            "--json",
            "--threads",
            threads,
        ]);
        // 4x5 = *2, 3x4 = *1 (Beling's table; see crates/grundy/tests/boards/main.rs).
        assert_eq!(
            v["values"],
            serde_json::json!([2, 1]),
            "--threads {threads}"
        );
        assert_eq!(v["grundy"], 3);
        let v = json_of(&["value", "chomp", "6x6", "--json", "--threads", threads]);
        assert_ne!(v["grundy"], 0);
    }
}

#[test]
fn moves_print_positions_that_read_back() {
    let v = json_of(&["value", "node-kayles", "path:5", "--json"]);
    // path:5 is Dawson's Kayles (0.07) at 6, *3: each winning move
    // prints a graph that reads back as a position of value 0.
    assert_eq!(v["grundy"], 3);
    assert!(!v["winning_moves"].as_array().unwrap().is_empty());
    for m in v["winning_moves"].as_array().unwrap() {
        let to = m["to"].as_str().unwrap();
        let back = json_of(&["value", "node-kayles", to, "--json"]);
        assert_eq!(back["grundy"], 0, "{to}");
    }
    let text = text(&["value", "cram", "..x/..."]);
    assert!(text.contains("..x/..."), "{text}");
}

#[test]
fn misere_graph_and_play_work() {
    let v = json_of(&["value", "cram", "1x4", "--misere", "--json"]);
    assert_eq!(v["outcome"], "N");
    let svg = text(&["graph", "chomp", "2,1"]);
    assert!(svg.contains("<svg"), "{svg}");
    // A game of play lists the boards a move leaves.
    let (out, _, code) = run(&["play", "cram", "2x3"], "moves\nquit\n");
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("x.."), "{out}");
}

#[test]
fn bad_input_is_one_line() {
    fails(&["value", "cram", "20x20"], "at most 120 squares");
    fails(&["value", "node-kayles", "tree:5"], "unknown graph family");
    fails(
        &["value", "chomp", "3,5"],
        "never longer than the one above",
    );
    fails(&["value", "cram", "3x3", "--threads", "0"], "--threads");
    fails(&["value", "cram", "5x5", "--memory", "10K"], "memory");
}
