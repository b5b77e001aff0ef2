//! `grundy value graph:FILE` and `grundy solve`: draws, infinite values,
//! the table of all vertices, and errors that name the file and line.

mod support;

use support::*;

use serde_json::json;

/// c is terminal (P); b moves to it (N, *1); a can only go to b (P, 0);
/// d may pass for ever or move to c (N, inf(0)); e may pass for ever or
/// move to b, which hands the opponent the win (a draw, inf(1)).
const LOOP: &str = "\
# a 2-cycle with an exit, a self-loop and a draw
start a
a b
b a
b c      # c has no moves
d d      # d may pass for ever...
d c      # ...or move to c
e e
e b      # leaving e hands the win to the opponent
";

fn game(name: &str) -> String {
    format!("graph:{}", file(name, LOOP))
}

#[test]
fn values_with_draws_and_infinities() {
    let g = game("loop-value.txt");
    let out = text(&["value", &g, "b", "e"]);
    assert!(out.contains("  1  b          *\n"), "{out}");
    assert!(out.contains("  2  e          inf(1)\n"), "{out}");
    assert!(out.contains("total: inf(0)"), "{out}");
    assert!(out.contains("outcome: N"), "{out}");
    assert!(out.contains("component 2: e -> b"), "{out}");
    let out = text(&["value", &g, "d", "e"]);
    assert!(out.contains("total: inf()"), "{out}");
    assert!(out.contains("outcome: D (a draw"), "{out}");
    assert!(!out.contains("winning moves"), "{out}");
}

#[test]
fn value_json_keeps_its_shape() {
    let g = game("loop-json.txt");
    let v = json_of(&["value", &g, "b", "e", "--json"]);
    assert_eq!(v["game"], g);
    assert_eq!(v["components"], json!(["b", "e"]));
    assert_eq!(v["values"], json!([1, "inf(1)"]));
    assert_eq!(v["grundy"], "inf(0)");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"], json!([{"component": 1, "to": "b"}]));
    assert_eq!(v["moves_truncated"], false);
    assert_eq!(v["misere"], false);
    let v = json_of(&["value", &g, "e", "--json"]);
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["winning_moves"], json!([]));
    let v = json_of(&["value", &g, "a", "c", "--json"]);
    assert_eq!(v["grundy"], 0);
    assert_eq!(v["outcome"], "P");
}

#[test]
fn solve_prints_every_vertex() {
    let g = game("loop-solve.txt");
    let out = text(&["solve", &g]);
    let expected = format!(
        "game: {g}\n\
         vertices: 5, edges: 7, start: a\n\
         vertex  outcome  remoteness  value\n\
         a       P        2           0\n\
         b       N        1           *\n\
         c       P        0           0\n\
         d       N        1           inf(0)\n\
         e       D        -           inf(1)\n"
    );
    assert_eq!(out, expected);
    let v = json_of(&["solve", &g, "--json"]);
    assert_eq!(v["game"], g);
    assert_eq!(v["vertices"], 5);
    assert_eq!(v["edges"], 7);
    assert_eq!(v["starts"], json!(["a"]));
    assert_eq!(
        v["table"][3],
        json!({"vertex": "d", "outcome": "N", "remoteness": 1, "value": "inf(0)"})
    );
    assert_eq!(
        v["table"][4],
        json!({"vertex": "e", "outcome": "D", "remoteness": null, "value": "inf(1)"})
    );
    assert_eq!(v["table"][0]["value"], 0);
}

#[test]
fn errors_name_the_file_and_line() {
    let bad = file("bad-graph.txt", "a b\n# fine\nb c d\n");
    fails(
        &["value", &format!("graph:{bad}"), "a"],
        &format!("{bad}: line 3: expected an edge `u v` (two vertex names), got `b c d`"),
    );
    fails(
        &["solve", &format!("graph:{bad}")],
        &format!("{bad}: line 3:"),
    );
    let g = game("loop-errors.txt");
    let path = g.strip_prefix("graph:").unwrap();
    fails(
        &["value", &g, "a", "zz"],
        &format!("{path} has no vertex `zz`"),
    );
    fails(
        &["value", "graph:no-such-file.txt", "a"],
        "no-such-file.txt: cannot read",
    );
    fails(&["value", "graph:", "a"], "needs a file");
    fails(
        &["solve", "nim"],
        "`solve` needs a game on a finite explicit graph",
    );
    fails(&["seq", &g], "not a heap game");
    // A graph is never a heap game: the questions about heaps say so
    // before reading the file (a 200 MB graph was once read first), so a
    // missing file gets the same answer.
    for cmd in [&["seq"][..], &["seq", "--misere"], &["quotient"]] {
        let mut args = cmd.to_vec();
        args.push("graph:no-such-file.txt");
        fails(&args, "graph:no-such-file.txt is not a heap game");
    }
    // Misère play is searched, and a cycle reached from `a` is refused.
    fails(
        &["value", &g, "a", "--misere"],
        "misère play (the last player to move loses) is analysed only for games that end",
    );
    fails(&["solve", &g, "--max-states", "3"], "more than 3 states");
}

#[test]
fn hackenbush_judge_files_read_and_warn() {
    // POJ 3710 input: one test case of two trees rooted at 1.
    let poj = file("poj3710.txt", "2\n4 4\n1 2\n2 3\n3 4\n4 2\n2 1\n1 2\n");
    let (out, err, code) = run(&["value", "hackenbush", &poj], "");
    assert_eq!(code, Some(0), "{err}");
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("total: *3"), "{out}");
    // Vertices from 1 without --ground 1: worth 0, and said so on stderr.
    let from1 = file("from1.txt", "4 4\n1 2\n2 3\n3 4\n4 2\n");
    let (out, err, code) = run(&["value", "hackenbush", &from1, "--json"], "");
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["grundy"], 0);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(lines
        .iter()
        .all(|l| l.starts_with("warning: ") && l.contains("from1.txt")));
    assert!(
        lines[0].contains("line 1 `4 4` is read as an edge"),
        "{err}"
    );
    assert!(lines[1].contains("say --ground 1"), "{err}");
    let (_, err, _) = run(&["play", "hackenbush", "1-2", "--moves"], "quit\n");
    assert!(
        err.starts_with("warning: 1-2: no edge touches the ground"),
        "{err}"
    );
}

/// `-o FILE.png` writes the SVG's picture as a PNG image, as `seq --plot`
/// does; a PNG goes to a file only.
#[test]
fn graph_writes_png() {
    let path = support::scratch("kayles-3.png");
    support::grundy(&["graph", "kayles", "3", "-o", &path]).success();
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    assert!(bytes.len() > 1000, "{} bytes", bytes.len());
    support::fails(&["graph", "nim", "2", "--format", "png"], "add -o FILE.png");
    support::fails(
        &["graph", "nim", "2", "-o", "x.gif"],
        "dot (-o FILE.dot, FILE.gv) or png (-o FILE.png); for another file name, use --format svg, dot or png",
    );
    // A file without an extension gets the SVG.
    let plain = support::scratch("kayles-3-plain");
    support::grundy(&["graph", "kayles", "3", "-o", &plain]).success();
    assert!(std::fs::read_to_string(&plain).unwrap().starts_with("<svg"));
}
