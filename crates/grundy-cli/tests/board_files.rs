//! Cram boards and Node Kayles graphs read from files: the same values as
//! their inline forms, positions that read back, and one-line errors
//! naming the file and the line.

mod support;

use support::*;

#[test]
fn a_board_file_is_worth_its_inline_map() {
    let board = file(
        "cram-board.txt",
        "// a 3x5 with two holes\n..x..\n.....\n..x..\n",
    );
    let from_file = json_of(&["value", "cram", &board, "3x4", "--json"]);
    let inline = json_of(&["value", "cram", "..x../...../..x..", "3x4", "--json"]);
    assert_eq!(from_file["values"], inline["values"]);
    assert_eq!(from_file["grundy"], inline["grundy"]);
    assert_eq!(from_file["components"][0], board.as_str());
    // A full board read from a file is the rectangle: 3x4 is *1.
    let full = file("cram-full.txt", "....\n....\n....\n");
    assert_eq!(json_of(&["value", "cram", &full, "--json"])["grundy"], 1);
    // Every winning move prints a board that reads back as a lost one.
    let odd = file("cram-odd.txt", "....\n..x.\n");
    let v = json_of(&["value", "cram", &odd, "--json"]);
    assert_ne!(v["grundy"], 0);
    for m in v["winning_moves"].as_array().unwrap() {
        let to = m["to"].as_str().unwrap();
        assert_eq!(
            json_of(&["value", "cram", to, "--json"])["grundy"],
            0,
            "{to}"
        );
    }
}

#[test]
fn a_graph_file_is_worth_its_edge_list() {
    let cycle = file(
        "nk-cycle.txt",
        "# the cycle on 7 vertices\n1 2\n2-3\n3 4\n4 5\n5 6\n6 7\n7 1 # closing edge\n",
    );
    let from_file = json_of(&["value", "node-kayles", &cycle, "--json"]);
    let family = json_of(&["value", "node-kayles", "cycle:7", "--json"]);
    assert_eq!(from_file["grundy"], family["grundy"]);
    let lone = file("nk-lone.txt", "a b\nc\n");
    // An edge (*1) and a lone vertex (*1) cancel.
    assert_eq!(
        json_of(&["value", "node-kayles", &lone, "--json"])["grundy"],
        0
    );
    // play shows the file's graph inline, and moves lead to graphs that
    // read back.
    let (out, _, code) = run(&["play", "node-kayles", &lone], "moves\nquit\n");
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("position: a-b,c"), "{out}");
    // Misère: every move leaves the opponent the last move, and the
    // graphs moves leave read back.
    let misere = json_of(&["value", "node-kayles", &lone, "--misere", "--json"]);
    assert_eq!(misere["outcome"], "N");
    for m in misere["winning_moves"].as_array().unwrap() {
        let to = m["to"].as_str().unwrap();
        let back = json_of(&["value", "node-kayles", to, "--misere", "--json"]);
        assert_eq!(back["outcome"], "P", "{to}");
    }
    assert_eq!(misere["components"][0], lone.as_str());
    let svg = text(&["graph", "node-kayles", &lone]);
    assert!(svg.contains("a-b,c"), "{svg}");
}

#[test]
fn broken_files_are_one_line_errors_naming_file_and_line() {
    let odd = file("bad-char.txt", "...\n.o.\n");
    let err = fails(&["value", "cram", &odd], "line 2: `o` is neither");
    assert!(err.contains("bad-char.txt: "), "{err}");
    let ragged = file("ragged.txt", "...\n\n..\n");
    fails(
        &["value", "cram", &ragged],
        "ragged.txt: line 3: a row of 2 squares",
    );
    let edge = file("bad-edge.txt", "a b\nb c d\n");
    fails(
        &["value", "node-kayles", &edge],
        "bad-edge.txt: line 2: a line is an edge",
    );
    fails(&["play", "node-kayles", &edge], "bad-edge.txt: line 2:");
    fails(
        &["value", "cram", "no-such-board.txt"],
        "no file is named `no-such-board.txt`",
    );
    let binary = file("binary.txt", "..\0..\n");
    fails(&["value", "cram", &binary], "binary.txt: not a text file");
}

/// A file that an editor started with a UTF-8 byte-order mark reads like
/// the same file without one, for every game that reads files (one line
/// reader serves them all): a Node Kayles graph, a Cram board, a
/// Hackenbush drawing, a `graph:` file.
#[test]
fn a_byte_order_mark_changes_nothing() {
    for (game, text) in [
        ("node-kayles", "a b\r\nb c\r\n"),
        ("cram", "...\r\n..x\r\n"),
        ("hackenbush", "0 1\r\n1 2\r\n"),
    ] {
        let plain = file(&format!("plain-{game}.txt"), text);
        let marked = file(&format!("bom-{game}.txt"), &format!("\u{feff}{text}"));
        let value = |path: &str| json_of(&["value", game, path, "--json"])["total"].clone();
        assert_eq!(value(&marked), value(&plain), "{game}");
    }
    let graph = file("bom-graph.txt", "\u{feff}a b\nb c\n");
    let v = json_of(&["value", &format!("graph:{graph}"), "a", "--json"]);
    assert_eq!(v["outcome"], "P");
}
