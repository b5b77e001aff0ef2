//! `grundy value` on graph files, inline graphs, coin strings and sheets of
//! paper: text, JSON, and errors that name the file, line or coin.

mod support;

use support::*;

use serde_json::{json, Value};

/// One text field of each winning move in `value --json` output.
fn move_fields<'a>(v: &'a Value, field: &str) -> Vec<&'a str> {
    v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m[field].as_str().unwrap())
        .collect()
}

#[test]
fn hackenbush_files_and_inline_graphs() {
    let girl = file(
        "girl.txt",
        "# a triangle on a stalk\n0 1\n1 2\n2 3   # top\n3 1\n",
    );
    let out = text(&["value", "hackenbush", &girl, "0-1,1-2"]);
    assert!(out.contains("girl.txt"), "{out}");
    assert!(out.contains("total: 0"), "{out}");
    assert!(out.contains("outcome: P"), "{out}");
    let v = json_of(&["value", "hackenbush", &girl, "0-1,0-2,2-3", "--json"]);
    assert_eq!(v["game"], "hackenbush");
    assert_eq!(v["components"], json!([girl, "0-1,0-2,2-3"]));
    assert_eq!(v["values"], json!([2, 3]));
    assert_eq!(v["grundy"], 1);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["moves_truncated"], false);
    // *2 + *3: the stalks 0-1 and 0-2-3 become *2 by cutting 0-1 (leaving
    // the stalk of 2) - the cut edge is marked - and the girl becomes *3
    // by cutting an edge of the triangle next to vertex 1 (a stalk of 3).
    let moves: Vec<(u64, &str)> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["component"].as_u64().unwrap(), m["to"].as_str().unwrap()))
        .collect();
    assert_eq!(
        moves,
        [
            (0, "0-1,~1-2,2-3,3-1"),
            (0, "0-1,1-2,2-3,~3-1"),
            (1, "~0-1,0-2,2-3")
        ]
    );
    assert_eq!(move_fields(&v, "note"), ["cut 1-2", "cut 3-1", "cut 0-1"]);
    // What a move prints reads back as a position.
    let again = text(&["value", "hackenbush", "0-1,~1-2,2-3,3-1", "0-1,0-2,2-3"]);
    assert!(again.contains("outcome: P"), "{again}");
    // The empty graph is the ground alone.
    let empty = json_of(&["value", "hackenbush", "~0-1", "0", "--json"]);
    assert_eq!(empty["values"], json!([0, 0]));
}

#[test]
fn hackenbush_ground_flag() {
    let v = json_of(&[
        "value",
        "hackenbush",
        "--ground",
        "1",
        "1-2,2-3,3-1",
        "--json",
    ]);
    assert_eq!(v["values"], json!([1]));
    assert_eq!(
        v["winning_moves"],
        json!([{"component": 0, "to": "1-2,~2-3,3-1", "note": "cut 2-3"}])
    );
    // Without --ground, vertex 0 is the ground and this graph is not on it.
    let v = json_of(&["value", "hackenbush", "1-2,2-3,3-1", "--json"]);
    assert_eq!(v["values"], json!([0]));
    fails(
        &["value", "nim", "3", "--ground", "1"],
        "--ground works with hackenbush",
    );
}

#[test]
fn hackenbush_errors_name_the_file_and_line() {
    let bad = file("bad.txt", "0 1\n# fine\n1\n");
    fails(
        &["value", "hackenbush", &bad],
        &format!("{bad}: line 3: expected two vertices `u v`, got `1`"),
    );
    let bad = file("bad2.txt", "0 1\n1 two\n");
    fails(
        &["value", "hackenbush", &bad],
        &format!("{bad}: line 2: `two` is not a vertex number"),
    );
    fails(
        &["value", "hackenbush", "0-1,1-x"],
        "graph item 2 `1-x`: `x` is not a vertex number",
    );
    // A folder is no drawing either (it was once read as one).
    // Its name is longer than the 40 characters paths were once cut to,
    // and a path past 80 is quoted by its start and its last 20: the end
    // of the name must be there in any checkout.
    let folder = scratch_dir("hackenbush-folder-whose-name-is-long-enough-to-be-cut");
    let folder = folder.to_str().unwrap();
    fails(
        &["value", "hackenbush", folder],
        "enough-to-be-cut` names no file grundy could read (one that exists, not a folder or device; the web page reads none), and is not an inline graph",
    );
    fails(
        &["value", "hackenbush", "no/such/tree.txt"],
        "`no/such/tree.txt` names no file grundy could read",
    );
}

#[test]
fn hackenbush_big_graphs() {
    // A tree of 10^6 edges: instant, with a winning cut listed.
    let mut tree = String::new();
    for i in 1..=1_000_000u64 {
        tree.push_str(&format!("{} {i}\n", i / 2));
    }
    let tree = file("million.txt", &tree);
    let v = json_of(&["value", "hackenbush", &tree, "--json"]);
    // The Colon principle, bottom up: g(v) = xor of (g(child) + 1).
    let mut g = vec![0u64; 1_000_001];
    for i in (1..=1_000_000usize).rev() {
        g[i / 2] ^= g[i] + 1;
    }
    assert_eq!(v["grundy"], g[0]);
    assert!(!v["winning_moves"].as_array().unwrap().is_empty());
    // One odd cycle of 200,001 edges through the ground: *1, and the only
    // winning cut (the middle edge) leaves a graph too long to print, so
    // the move names the file and the edge.
    let n = 200_001u64;
    let cycle: String = (0..n).map(|i| format!("{i} {}\n", (i + 1) % n)).collect();
    let cycle = file("cycle.txt", &cycle);
    let v = json_of(&["value", "hackenbush", &cycle, "--json"]);
    assert_eq!(v["values"], json!([1]));
    let to = format!("{cycle}~100000-100001");
    assert_eq!(
        v["winning_moves"],
        json!([{"component": 0, "to": to, "note": "cut 100000-100001"}])
    );
    assert_eq!(v["moves_truncated"], false);
    // ... which `value` reads back: the file with that edge cut.
    let v = json_of(&["value", "hackenbush", &to, "--json"]);
    assert_eq!(v["components"], json!([to]));
    assert_eq!(v["outcome"], "P");
    // Without the budget to look inside the cycle, nothing is claimed.
    let out = text(&["value", "hackenbush", &cycle, "--max-states", "1000"]);
    assert!(out.contains("winning moves: not listed"), "{out}");
    // Play lists every cut as a whole graph: on this one it says it would
    // cost too much instead of working for hours.
    let (_, err, code) = run(&["play", "hackenbush", &cycle], "hint\nquit\n");
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(
        err.trim(),
        "error: listing every cut of a Hackenbush graph of 200001 edges (each cut is a whole \
         graph: 200001 x 200001 edges, counted against the larger of --max-states and 10000000) \
         needs more than 10000000 states; raise the limit (--max-states) to go further"
    );
}

#[test]
fn moves_on_huge_files_are_named_and_read_back() {
    // Paths of 999,999 and 999,998 edges: *999999 + *999998 = *1. The
    // winning cut takes the last edge of the first path, leaving a graph
    // of almost a million edges: the move is `FILE~u-v`.
    let path = |n: u64| -> String { (0..n).map(|i| format!("{i} {}\n", i + 1)).collect() };
    let a = file("path-a.txt", &path(999_999));
    let b = file("path-b.txt", &path(999_998));
    let out = text(&["value", "hackenbush", &a, &b]);
    let to = format!("{a}~999998-999999");
    assert!(
        out.contains(&format!("component 1: {a} -> {to}   (cut 999998-999999)")),
        "{out}"
    );
    // Moves from a named cut extend the name; a cut line may also name the
    // edge the other way round.
    let v = json_of(&["value", "hackenbush", &to, &b, "--json"]);
    assert_eq!(v["outcome"], "P");
    let v = json_of(&[
        "value",
        "hackenbush",
        &format!("{a}~999999-999998~0-1"),
        "--json",
    ]);
    assert_eq!(v["values"], json!([0]));
    let v = json_of(&[
        "value",
        "hackenbush",
        &to,
        &format!("{b}~999996-999997"),
        "--json",
    ]);
    assert_eq!(v["values"], json!([999_998, 999_996]));
    assert_eq!(
        v["winning_moves"],
        json!([{"component": 0, "to": format!("{to}~999996-999997"), "note": "cut 999996-999997"}])
    );
    // A cut that leaves a small graph prints it in full, as ever.
    let v = json_of(&["value", "hackenbush", &format!("{a}~5-6"), "0-1", "--json"]);
    assert_eq!(v["values"], json!([5, 1]));
    assert_eq!(v["winning_moves"][0]["to"], "0-1,~1-2");
    // Play and pictures read the same names.
    let small = file("small.txt", "0 1\n1 2\n2 3\n3 1\n");
    let out = text(&["graph", "hackenbush", &format!("{small}~1-2")]);
    assert!(out.contains("hackenbush 0-1,2-3,3-1"), "{out}");
    // Cuts that do not fit the file are errors naming the component.
    fails(
        &["value", "hackenbush", &format!("{small}~2-0")],
        &format!("{small}~2-0: the cut `~2-0`: no edge `2 0` left to cut"),
    );
    // An editor's backup `small.txt~` is a file of its own, cuts and all.
    let backup = file("small.txt~", "0 1\n1 2\n0 2\n");
    // (Its triangle without 1-2 is two stalks: 0; small.txt without 1-2
    // would be a path of 3.)
    let v = json_of(&["value", "hackenbush", &format!("{backup}~1-2"), "--json"]);
    assert_eq!(v["values"], json!([0]));
    let v = json_of(&["value", "hackenbush", &backup, "--json"]);
    assert_eq!(v["values"], json!([1]));
    // A file that is not there, with cuts, is named as the missing file.
    fails(
        &["value", "hackenbush", "no-such-file~0-1"],
        "`no-such-file` names no file grundy could read (one that exists, not a folder or device; the web page reads none), and `no-such-file~0-1` is not an inline graph",
    );
    // Moves through parallel edges or loops are one move, listed once,
    // whether named or written out.
    let v = json_of(&["value", "hackenbush", "0-1,0-1,0-2", "--json"]);
    assert_eq!(move_fields(&v, "to"), ["~0-1,0-1,0-2", "0-1,0-1,~0-2"]);
    let loops = file("loops.txt", &"0 0\n".repeat(300_001));
    let v = json_of(&["value", "hackenbush", &loops, "--json"]);
    assert_eq!(
        v["winning_moves"],
        json!([{"component": 0, "to": format!("{loops}~0-0"), "note": "cut 0-0"}])
    );
    assert_eq!(v["moves_truncated"], false);
    fails(
        &["value", "hackenbush", &format!("{small}~1-x")],
        &format!("{small}~1-x: after the file `{small}`, cut edges are written `~u-v`, got `~1-x`"),
    );
}

#[test]
fn coin_strings() {
    let out = text(&["value", "turtles", "THHTH"]);
    assert!(out.contains("total: *4"), "{out}");
    assert!(
        out.contains("component 1: THHTH -> hHHTt   (turn 1,5)"),
        "{out}"
    );
    let v = json_of(&["value", "mock-turtles", "THHTH", "1", "--json"]);
    assert_eq!(v["game"], "mock-turtles");
    assert_eq!(v["values"], json!([14, 1]));
    let v = json_of(&["value", "ruler", "1,2,3", "8", "--json"]);
    assert_eq!(v["values"], json!([2, 8]));
    // A list of heads does not show the turned coins: the note names them.
    assert_eq!(
        v["winning_moves"],
        json!([{"component": 1, "to": "5,6,7", "note": "turn 5,6,7,8"}])
    );
    let v = json_of(&["value", "turtles", "2,7", "--json"]);
    assert_eq!(
        v["winning_moves"],
        json!([{"component": 0, "to": "0", "note": "turn 2,7"}])
    );
    let v = json_of(&["value", "twins", "TTT", "0", "--json"]);
    assert_eq!(v["outcome"], "P");
    let v = json_of(&["value", "coins:any:2,1", "THHTH", "--json"]);
    assert_eq!(v["game"], "coins:any:1,2");
    assert_eq!(v["values"], json!([4]));
    let v = json_of(&["value", "coins:run:2,3", "THTHHT", "--json"]);
    assert_eq!(v["values"], json!([3]));
    // All tails, written either way, is a finished row.
    let v = json_of(&["value", "turtles", "TTTT", "0", "--json"]);
    assert_eq!(v["values"], json!([0, 0]));
}

#[test]
fn coin_errors_name_the_coin() {
    fails(
        &["value", "turtles", "THxH"],
        "coin 3 of `THxH` is `x`: expected H (heads) or T (tails)",
    );
    fails(&["value", "ruler", "3,3"], "coin 3 is listed twice");
    fails(&["value", "ruler", "2,x"], "head 2 `x`");
    fails(&["value", "coins:left:2", "H"], "coins:any:S");
    fails(&["value", "coins", "H"], "needs arguments");
    fails(&["value", "coins:any:0", "H"], "from 1 to 32");
}

#[test]
fn cutting_game() {
    let out = text(&["value", "cutting", "4x2"]);
    assert!(out.contains("outcome: N"), "{out}");
    assert!(out.contains("component 1: 4x2 -> 2x2+2x2"), "{out}");
    let v = json_of(&["value", "cutting", "2x2", "3x2", "--json"]);
    assert_eq!(v["values"], json!([0, 0]));
    assert_eq!(v["outcome"], "P");
    // A square is won by halving it and mirroring.
    let v = json_of(&["value", "cutting", "1000x1000", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert!(v["grundy"].as_u64().unwrap() > 0);
    // A strip: the mover cuts out a 1x1 and wins at once; no value.
    let v = json_of(&["value", "cutting", "1x5", "4x2", "--json"]);
    assert_eq!(v["values"], json!([null, 1]));
    assert_eq!(v["grundy"], Value::Null);
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["winning_moves"],
        json!([{"component": 0, "to": "1x1+1x4"}])
    );
    // A 1x1 piece: someone already cut it out; the game is over.
    let v = json_of(&["value", "cutting", "1x1", "4x2", "--json"]);
    assert_eq!(v["outcome"], "P");
    fails(&["value", "cutting", "4"], "`WxH`");
    fails(&["value", "cutting", "0x3"], "`WxH`");
    fails(&["value", "cutting", "3x2000000"], "WxH");
    // Play follows the real rules, so it agrees with `value` on strips
    // and on finished games.
    let (out, _, code) = run(&["play", "cutting", "1x3"], "hint\nquit\n");
    assert_eq!(code, Some(0));
    assert!(out.contains("hint: component 1: 1x3 -> 1x1+1x2"), "{out}");
    assert!(out.contains("(this wins)"), "{out}");
    let (out, _, _) = run(&["play", "cutting", "4x2", "1x1"], "quit\n");
    assert!(out.contains("the player to move loses"), "{out}");
    assert!(out.contains("no move left"), "{out}");
    let (out, _, _) = run(&["play", "cutting", "2x2"], "hint\nquit\n");
    assert!(out.contains("hint: component 1: 2x2 -> 1x2+1x2"), "{out}");
    assert!(out.contains("every move loses"), "{out}");
}

#[test]
fn very_long_components_print() {
    // Text columns stop widening at some point rather than failing.
    let row = "H".repeat(70_000);
    let out = text(&["value", "mock-turtles", &row]);
    assert!(out.contains(&format!("  1  {row}  ")), "{}", &out[..200]);
    assert!(out.contains("total: "), "{}", &out[..200]);
}

#[test]
fn heaps_beyond_the_budget_are_refused_within_seconds() {
    let started = std::time::Instant::now();
    fails(
        &["value", "C.C", "1048576"],
        "heap 1048576 of C.C (no period is proven by n = ",
    );
    fails(
        &["value", "0.F7", "2147483648"],
        "heap 2147483648 of 0.F7 (no period is proven by n = ",
    );
    let err = fails(
        &[
            "value",
            "officers",
            "4611686018427387904",
            "--max-states",
            "100000",
        ],
        "heap 4611686018427387904 of officers (no period is proven by n = ",
    );
    let needs = ") needs more than 100000 states; raise the limit (--max-states)";
    assert!(err.contains(needs), "{err}");
    // Values that are not sparse cost the square of the heap: the search
    // for a proof stops where its estimated work passes the budget.
    fails(
        &["value", "0.007", "9223372036854775807"],
        "heap 9223372036854775807 of 0.007 (no period is proven by n = ",
    );
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
    // What a proven period answers is still answered.
    let v = json_of(&["value", "dawson-kayles", "4611686018427387904", "--json"]);
    assert!(v["values"][0].is_u64());
}
