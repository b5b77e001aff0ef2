//! `grundy value --compound KIND` and `grundy value --sum`: the command
//! line's face of the engine's compounds (whose answers the engine's
//! tests check against a brute force).

mod support;

use support::{fails, json_of, run, text};

#[test]
fn a_conjunctive_compound_says_its_rule_and_numbers() {
    let out = text(&["value", "sub:1,2", "5", "3", "--compound", "conjunctive"]);
    assert!(
        out.contains("rule: the first player wins iff the least remoteness is odd"),
        "{out}"
    );
    // Heap 5 of sub:1,2 is N in 3 moves, heap 3 is P in 2: the least is
    // even, so the compound is lost by the player to move.
    assert!(out.contains("5          N      3"), "{out}");
    assert!(out.contains("3          P      2"), "{out}");
    assert!(out.contains("outcome: P"), "{out}");
    // A listing cut before its first move says what cut it.
    let args = [
        "value",
        "kayles",
        "3",
        "3",
        "3",
        "3",
        "3",
        "--compound",
        "selective",
    ];
    let out = text(&[&args[..], &["--max-states", "10"]].concat());
    let cut = "winning moves: not listed (none found within --max-states 10 and --memory";
    assert!(out.contains(cut), "{out}");
    let out = text(&[&args[..], &["--max-moves", "0"]].concat());
    assert!(
        out.contains("winning moves: not listed (--max-moves 0)"),
        "{out}"
    );
    // A sum of different games says it as `value` does.
    let sum = ["value", "--sum", "kayles 3", "nim 4", "--max-moves", "0"];
    let out = text(&sum);
    assert!(
        out.contains("winning moves: not listed (--max-moves 0)"),
        "{out}"
    );
}

#[test]
fn json_names_the_compound_and_each_components_numbers() {
    let v = json_of(&[
        "value",
        "euclid",
        "1,1",
        "3,2",
        "--compound",
        "every-sg",
        "--json",
    ]);
    assert_eq!(v["compound"], "continued");
    assert_eq!(v["method"], "theory");
    assert_eq!(v["numbers"][0]["suspense"], 1);
    assert_eq!(v["numbers"][1]["suspense"], 2);
    assert_eq!(v["outcome"], "P");
    let moves = json_of(&[
        "value",
        "euclid",
        "3,2",
        "3,2",
        "--compound",
        "continued",
        "--json",
    ]);
    assert_eq!(moves["outcome"], "P");
    let won = json_of(&[
        "value",
        "euclid",
        "1,1",
        "--compound",
        "continued",
        "--json",
    ]);
    assert_eq!(won["outcome"], "N");
    assert_eq!(won["winning_moves"][0]["moves"][0]["component"], 0);
}

#[test]
fn a_move_of_a_selective_compound_moves_in_several_components() {
    let out = text(&["value", "nim", "1", "1", "--compound", "selective"]);
    assert!(
        out.contains("component 1: 1 -> 0; component 2: 1 -> 0"),
        "{out}"
    );
    let misere = text(&[
        "value",
        "kayles",
        "3",
        "4",
        "--compound",
        "selective",
        "--misere",
    ]);
    assert!(misere.contains("decided by search"), "{misere}");
}

#[test]
fn a_sum_of_different_games_is_the_xor_of_their_values() {
    let v = json_of(&["value", "--sum", "kayles 3", "nim 4", "cram 3x4", "--json"]);
    assert_eq!(v["game"], "sum");
    assert_eq!(v["values"], serde_json::json!([3, 4, 1]));
    assert_eq!(v["grundy"], 6);
    assert_eq!(v["winning_moves"][0]["to"], "nim 2");
    // What a move prints reads back as a part.
    let after = json_of(&["value", "--sum", "kayles 3", "nim 2", "cram 3x4", "--json"]);
    assert_eq!(after["outcome"], "P");
}

/// `--ground` goes to the Hackenbush parts of a sum only; a sum with no
/// such part refuses it, as a game without a ground does.
#[test]
fn ground_goes_to_the_parts_that_have_one() {
    // Grounded at 1, the path 1-0,1-2 is two stalks of one edge: 0.
    let json = json_of(&[
        "value",
        "--sum",
        "hackenbush 1-0,1-2",
        "nim 3",
        "--ground",
        "1",
        "--json",
    ]);
    assert_eq!(json["values"][0], 0, "{json}");
    assert_eq!(json["values"][1], 3, "{json}");
    let json = json_of(&["value", "--sum", "hackenbush 1-0,1-2", "nim 3", "--json"]);
    assert_eq!(json["values"][0], 2, "{json}");
    fails(
        &["value", "--sum", "kayles 3", "nim 3", "--ground", "1"],
        "`kayles` has no ground vertex; --ground works with hackenbush",
    );
}

#[test]
fn bad_compounds_and_parts_are_one_line_errors() {
    fails(
        &["value", "nim", "3", "--compound", "conj"],
        "unknown compound `conj`",
    );
    fails(
        &["value", "--sum", "kayles"],
        "names a game but no position",
    );
    // A bare number is a position without its game, not a game.
    fails(
        &["value", "--sum", "3", "4"],
        "the part `3` has no game: write each part as a game and a position, such as `nim 3`",
    );
    fails(
        &["value", "--sum", "3 4", "nim 2"],
        "the part `3 4` has no game",
    );
    fails(
        &["value", "--sum", "0.07"],
        "the part `0.07` names a game but no position",
    );
    fails(
        &["value", "--sum", "nim 3", "nim 3 --misere"],
        "the part `nim 3 --misere` holds the option `--misere`: options are given once, for the whole sum",
    );
    fails(
        &["value", "--sum"],
        "--sum needs its parts, each a game and a position",
    );
    fails(
        &["value", "--sum", "kaylse 3", "nim 4"],
        "did you mean `kayles`",
    );
    // A game played on the whole position has no parts' moves: every
    // command refuses it as a compound's part, `play` and `graph` too
    // (they listed each component's moves as a position of its own).
    for args in [
        &["value", "moore:2", "1", "2", "--compound", "conjunctive"][..],
        &["play", "staircase", "3", "1", "--compound", "continued"],
        &["graph", "staircase", "3", "1", "--compound", "continued"],
        &["draw", "staircase", "3", "1", "--compound", "selective"],
        &["play", "--sum", "staircase 3 1", "nim 2"],
    ] {
        fails(
            args,
            "is played on the whole position: a component has no value",
        );
    }
    // The Cutting Game has no misère play: not alone, not as a part of a
    // misère sum or compound, whose answers would mean nothing.
    for args in [
        &["value", "cutting", "2x2", "--misere"][..],
        &[
            "value",
            "cutting",
            "2x2",
            "--misere",
            "--compound",
            "selective",
        ],
        &["value", "--sum", "cutting 2x2", "nim 1", "--misere"],
        &["play", "--sum", "cutting 2x2", "nim 1", "--misere"],
    ] {
        fails(args, "`cutting` has no misère play");
    }
    // A sum in misère play of a component that can cycle: no compound was
    // asked for, and the message does not say one was.
    let dir = std::env::temp_dir().join(format!("grundy-cycle-sum-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cycle = dir.join("cycle.txt");
    std::fs::write(&cycle, "a b\nb a\n").unwrap();
    let part = format!("graph:{} a", cycle.display());
    fails(
        &["value", "--sum", &part, "nim 3", "--misere"],
        "sums in misère play, are defined for games that end",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_component_of_a_million_options_stops_at_the_memory_budget() {
    // Each heap of Nim 10^6 lists up to a million options: the memory was
    // checked every 1024 positions, gigabytes apart (1.6 GB held under a
    // budget of 1 GiB, and growing, for minutes). Now it stops at the
    // budget (the first position's options take about 350 MB).
    let started = std::time::Instant::now();
    fails(
        &[
            "value",
            "nim",
            "1000000",
            "--compound",
            "diminished",
            "--memory",
            "420M",
        ],
        "exploring a component of the compound needs more than 420 MiB of memory",
    );
    assert!(started.elapsed().as_secs() < 60, "{:?}", started.elapsed());
}

/// `play` and `graph` play and draw a compound through the same facade
/// as a game: its moves are the compound's.
#[test]
fn play_and_graph_take_a_compound() {
    let dot = text(&[
        "graph",
        "sub:1,2",
        "2",
        "1",
        "--compound",
        "conjunctive",
        "--format",
        "dot",
    ]);
    assert!(dot.contains("sub:1,2 (conjunctive compound) 2 1"), "{dot}");
    // Both heaps move at once: 2 1 leads to 1 0 and 0 0 only.
    assert!(
        dot.contains("label=\"1 0") && dot.contains("label=\"0 0"),
        "{dot}"
    );
    assert!(!dot.contains("label=\"2 0"), "{dot}");
    // A selective move of both heaps, typed as the whole new position;
    // the computer then has no move and the human has won.
    let (out, err, code) = run(
        &["play", "nim", "1", "1", "--compound", "selective"],
        "0 0\n",
    );
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("you win"), "{out}");
    let (out, _, _) = run(
        &["play", "nim", "1", "1", "--compound", "conjunctive"],
        "moves\nquit\n",
    );
    assert!(
        out.contains("1 1 -> 0 0") && !out.contains("1 1 -> 0 1"),
        "{out}"
    );
    // A move in several components, each typed `I:NEW` (in any order):
    // Kayles 3 4 to 1+1 3 is a winning move of the conjunctive compound.
    for line in ["1:1+1 2:3\n", "2:3 1:1+1\n"] {
        let (out, err, code) = run(
            &[
                "play",
                "kayles",
                "3",
                "4",
                "--compound",
                "conjunctive",
                "--first",
                "human",
            ],
            line,
        );
        assert_eq!(code, Some(0), "{out}{err}");
        assert!(out.contains("you: 3 4 -> 1+1 3"), "{line}: {out}");
    }
    for (line, told) in [
        ("1:1+1 1:3\n", "component 1 is named twice"),
        ("1:2 3:1\n", "`3` is not a component"),
        ("1:3 2:3\n", "`1:3 2:3` is not a move from 3 4"),
    ] {
        let (out, _, _) = run(
            &["play", "kayles", "3", "4", "--compound", "conjunctive"],
            line,
        );
        assert!(out.contains(told), "{line}: {out}");
    }
    fails(
        &["explain", "nim", "3", "4", "--compound", "selective"],
        "nim (selective compound) is not decided by the XOR",
    );
}

/// `--sum` plays and draws too: each component keeps its game.
#[test]
fn play_and_graph_take_a_sum_of_different_games() {
    let dot = text(&["graph", "--sum", "sub:1,2 2", "nim 1", "--format", "dot"]);
    assert!(dot.contains("label=\"sub:1,2 1 nim 1"), "{dot}");
    let (out, err, code) = run(&["play", "--sum", "kayles 3", "nim 2"], "moves\nquit\n");
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("kayles 3 nim 2 -> kayles 1 1 nim 2"), "{out}");
    fails(
        &["graph", "--sum", "kayles", "nim 2"],
        "names a game but no position",
    );
}

/// A move typed back as `value` and `hint` print it, in a sum of
/// different games and in the compounds whose moves may change one
/// component: `C:NEW` (in a sum with or without the game's name), the
/// new text of one component, or the whole position as printed. Each was
/// refused before (a compound's moves are whole positions).
#[test]
fn moves_of_sums_and_compounds_are_typed_as_printed() {
    let sum = ["play", "--sum", "kayles 3", "nim 4"];
    for typed in ["2:nim 3", "2:3", "nim 3", "kayles 3 nim 3", "#4"] {
        let (out, err, code) = run(&sum, &format!("{typed}\nquit\n"));
        assert_eq!(code, Some(0), "{typed}: {err}");
        assert!(
            out.contains("computer: kayles 3 nim 3 ->"),
            "{typed}: {out}"
        );
    }
    // Kayles 3 -> 1+1 is printed `kayles 1 1`; typed either way.
    for typed in ["1:1+1", "1:kayles 1+1", "1:kayles 1 1", "kayles 1 1 nim 4"] {
        let (out, _, _) = run(&sum, &format!("{typed}\nquit\n"));
        assert!(
            out.contains("computer: kayles 1 1 nim 4 ->"),
            "{typed}: {out}"
        );
    }
    for kind in ["diminished", "selective", "shortened"] {
        let args = ["play", "kayles", "3", "4", "--compound", kind];
        for typed in ["2:3", "3 3", "2:3 1:3"] {
            let (out, err, code) = run(&args, &format!("{typed}\nquit\n"));
            assert_eq!(code, Some(0), "{kind} {typed}: {err}");
            assert!(out.contains("computer: 3 3 ->"), "{kind} {typed}: {out}");
        }
    }
    // Where every component moves, one component alone is no move, and
    // the message says how to type one.
    let args = ["play", "kayles", "3", "4", "--compound", "conjunctive"];
    let (out, _, _) = run(&args, "2:3\nquit\n");
    assert!(
        out.contains("name each component the move changes"),
        "{out}"
    );
}

/// A compound's long exploration shows its progress with `--progress`
/// (the positions met), and a time limit stops it in one line.
#[test]
fn a_long_compound_shows_its_progress() {
    let (_, err, code) = run(
        &[
            "--timeout",
            "3",
            "value",
            "0.07",
            "200",
            "--compound",
            "shortened",
            "--misere",
            "--progress",
        ],
        "",
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("positions met"), "{err}");
    assert!(
        err.contains("the time limit ran out (--timeout 3 s)"),
        "{err}"
    );
}
