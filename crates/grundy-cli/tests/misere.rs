//! `--misere` on every game of the registry: each example is decided in
//! misère play by `value` (text and JSON), and `graph` colours its start
//! and `play` announces the same winner; a game without a misère form
//! refuses in one line.

mod support;

use grundy::registry::GAMES;
use support::*;

/// The outcome colour of the start node of `graph --misere`'s DOT file.
fn graph_outcome(args: &[&str], n: usize) -> &'static str {
    let path = file(&format!("misere-{n}.dot"), "");
    let mut a = vec!["graph"];
    a.extend_from_slice(args);
    a.extend(["--misere", "-o", &path]);
    text(&a);
    let dot = std::fs::read_to_string(&path).unwrap();
    let start = dot
        .lines()
        .find(|l| l.trim_start().starts_with("0 ["))
        .unwrap_or_else(|| panic!("no start node in {dot}"));
    [("#fbe3e1", "P"), ("#e3f1fa", "N")]
        .iter()
        .find(|(fill, _)| start.contains(&format!("fillcolor=\"{fill}\"")))
        .unwrap_or_else(|| panic!("no outcome colour: {start}"))
        .1
}

#[test]
fn every_example_plays_misere_or_refuses_in_one_line() {
    let mut decided = 0;
    for (n, entry) in GAMES.iter().enumerate() {
        let Some(ex) = entry.example else { continue };
        let mut args = vec![ex.game];
        args.extend(ex.position.split(';'));
        let mut value = vec!["value"];
        value.extend_from_slice(&args);
        value.push("--misere");
        if ex.game == "cutting" {
            fails(&value, "won by cutting out a 1x1 piece");
            continue;
        }
        let mut json = value.clone();
        json.push("--json");
        let v = json_of(&json);
        assert_eq!(v["misere"], true, "{}", ex.game);
        assert!(v["grundy"].is_null() && v["values"].is_null(), "{v}");
        // Sums of hereditarily tame heaps are decided by the genus rule:
        // subtraction games are tame, and the examples of the other heap
        // games are small heaps below their first wild one (`seq GAME
        // --misere` shows where that is, e.g. heap 5 for Kayles).
        let method = match ex.game {
            "nim" => "bouton",
            "sub:1,3,4" | "sub-allbut:2" | "fib" | "lasker" | "4.07" | "kayles"
            | "dawson-kayles" | "dawson-chess" | "officers" | "grundy" => "genus",
            _ => "search",
        };
        assert_eq!(v["method"], method, "{}", ex.game);
        let outcome = v["outcome"].as_str().unwrap();
        let words = text(&value);
        assert!(
            words.contains(&format!("outcome: {outcome} ")),
            "{}: {words}",
            ex.game
        );
        assert!(words.contains(&format!("(misère, decided by {method})")));
        assert_eq!(graph_outcome(&args, n), outcome, "{}", ex.game);
        decided += 1;
    }
    assert!(decided >= 20, "{decided}");
}

/// Misère Kayles by search: `4` is lost by the mover (Winning Ways ch. 13
/// lists 1, 4, 9, 12, 20 as the misère P-heaps to 20), `4+3` is won by
/// moving to `3+3`, `1+2+3` or `1+1+3`, and the moves read back.
#[test]
fn misere_kayles_sums() {
    let v = json_of(&["value", "kayles", "4", "--misere", "--json"]);
    assert_eq!(v["outcome"], "P");
    let v = json_of(&["value", "kayles", "4", "3", "--misere", "--json"]);
    assert_eq!(v["outcome"], "N");
    let to: Vec<(u64, &str)> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["component"].as_u64().unwrap(), m["to"].as_str().unwrap()))
        .collect();
    assert_eq!(to, [(0, "3"), (0, "1+2"), (1, "1+1")]);
    let v = json_of(&["value", "kayles", "1+2", "3", "--misere", "--json"]);
    assert_eq!(v["outcome"], "P");
    // Equal heaps do not cancel: 1+1 is a win for the mover.
    let v = json_of(&["value", "kayles", "1", "1", "--misere", "--json"]);
    assert_eq!(v["outcome"], "N");
    fails(
        &[
            "value",
            "kayles",
            "40",
            "41",
            "--misere",
            "--max-states",
            "50",
        ],
        "more than 50 states",
    );
}

/// `play --misere` ends with the last mover losing, whatever the game:
/// from a Kayles row of 2 the computer knocks down one pin and leaves us
/// the last (misère: 2 is won by the mover, 1 lost).
#[test]
fn play_follows_misere_play() {
    let (out, _, code) = run(
        &[
            "play", "kayles", "2", "--misere", "--first", "computer", "--moves",
        ],
        "0\n",
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("computer: component 1: 2 -> 1"), "{out}");
    assert!(out.contains("no move left: the computer wins."), "{out}");
}

/// Components read from files play misère too, reported by their paths:
/// a Hackenbush path of two edges is won by cutting the top edge (the
/// last edge is then the opponent's to cut), two of them are lost.
#[test]
fn hackenbush_files_play_misere() {
    let path = file("misere-path.txt", "0 1\n1 2\n");
    let v = json_of(&["value", "hackenbush", &path, "--misere", "--json"]);
    assert_eq!(v["components"], serde_json::json!([path]));
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0]["note"], "cut 1-2");
    let v = json_of(&["value", "hackenbush", &path, &path, "--misere", "--json"]);
    assert_eq!(v["outcome"], "P");
}

/// A script is searched misère while its moves end (subtraction of 1:
/// odd heaps are lost by the mover), and refused in one line once they
/// have a cycle.
#[test]
fn scripts_play_misere_until_they_cycle() {
    let finite = file(
        "misere-sub1.rhai",
        "fn moves(n) { if n > 0 { [n - 1] } else { [] } }\n",
    );
    let game = format!("rules:{finite}");
    let v = json_of(&["value", &game, "3", "--misere", "--json"]);
    assert_eq!(
        (v["outcome"].as_str(), v["method"].as_str()),
        (Some("P"), Some("genus"))
    );
    let v = json_of(&["value", &game, "4", "--misere", "--json"]);
    assert_eq!(v["outcome"], "N");
    let cyclic = file(
        "misere-cycle.rhai",
        "fn moves(n) { if n > 0 { [n - 1, n + 1] } else { [] } }\n",
    );
    fails(
        &["value", &format!("rules:{cyclic}"), "2", "--misere"],
        "the moves have a cycle",
    );
}

/// The strongest method that applies decides a sum, and the report names
/// it: 0.75's heaps 0..=4 are tame (genus rule), its heap 5 is not (genus
/// `1^431`) so a sum with it goes to the proven quotient of order 8;
/// Kayles' heaps 5 (genus `4^146`, wild) and 20 (a P-heap in Winning
/// Ways, ch. 13) go to Kayles' repaired quotient, and Dawson's Kayles'
/// heap 40 lies beyond its quotient's budget (which grows past order 638
/// at heap 34), so it is searched.
#[test]
fn misere_methods_in_order_genus_quotient_search() {
    for (game, heaps, outcome, method) in [
        ("0.75", &["3", "4"][..], "N", "genus"),
        ("0.75", &["5", "7"][..], "P", "quotient"),
        ("0.75", &["5", "4", "2"][..], "N", "quotient"),
        ("kayles", &["5", "1"][..], "P", "quotient"),
        ("kayles", &["20"][..], "P", "quotient"),
        ("0.07", &["40"][..], "P", "search"),
    ] {
        let mut args = vec!["value", game];
        args.extend_from_slice(heaps);
        args.extend(["--misere", "--json"]);
        let v = json_of(&args);
        assert_eq!(
            (v["outcome"].as_str(), v["method"].as_str()),
            (Some(outcome), Some(method)),
            "{game} {heaps:?}"
        );
        args.pop();
        let words = text(&args);
        assert!(words.contains(&format!("decided by {method}")), "{words}");
    }
}

/// A coin string of 20 heads has a million components below it, and
/// their canonical forms once took minutes under `--max-states 1000`
/// (which counted only the search's own positions): the components met
/// count as states too.
#[test]
fn many_components_are_bounded_by_max_states() {
    let heads = "H".repeat(20);
    for game in ["twins", "turtles"] {
        fails(
            &["--max-states", "1000", "value", game, &heads, "--misere"],
            "listing this misère search's components needs more than 1000 states; raise the limit (--max-states)",
        );
    }
}

/// A heap of any size is decided at once by a quotient proven periodic:
/// Kayles' heap of a million was first walked for tameness (a square of
/// the heap in options: hours), and a heap past the quotient's state
/// budget went to a search that ran out of memory. Its moves are listed
/// as they are checked, the first winning ones ending the list, and each
/// leaves a P-position: checked on heaps brought down by the period of
/// Kayles' quotient elements (12 from heap 71, Plambeck and Siegel).
#[test]
fn huge_heaps_are_decided_by_a_periodic_quotient() {
    let down = |h: u64| if h >= 71 { 71 + (h - 71) % 12 } else { h };
    for heap in [1_000_000u64, 100_000_000] {
        let n = heap.to_string();
        let v = json_of(&[
            "--timeout",
            "60",
            "value",
            "kayles",
            &n,
            "--misere",
            "--max-moves",
            "5",
            "--json",
        ]);
        assert_eq!(
            (&v["outcome"], &v["method"], &v["moves_truncated"]),
            (&"N".into(), &"quotient".into(), &true.into()),
            "{v}"
        );
        let moves = v["winning_moves"].as_array().unwrap();
        assert_eq!(moves.len(), 5, "{v}");
        for m in moves {
            let parts: Vec<u64> = (m["to"].as_str().unwrap().split('+'))
                .map(|p| p.parse().unwrap())
                .collect();
            let left: u64 = parts.iter().sum();
            assert!(left + 1 == heap || left + 2 == heap, "{m}");
            let small: Vec<String> = parts.iter().map(|&h| down(h).to_string()).collect();
            let mut args = vec!["value", "kayles"];
            args.extend(small.iter().map(String::as_str));
            args.extend(["--misere", "--json"]);
            assert_eq!(json_of(&args)["outcome"], "P", "{m}: {small:?}");
        }
    }
}

/// A script's heap whose walk for tameness lists more options than its
/// bound allows (Nim by a script: heap 1500 lists a million options on
/// the way) is left to the next method, which plays misère Nim: move to
/// a heap of 1. The walk's room once went below zero here.
#[test]
fn a_script_s_long_walk_for_tameness_ends_at_its_bound() {
    let nim = file(
        "walk-nim.rhai",
        "fn moves(n) { let v = []; for i in 0..n { v.push(i); } v }\n",
    );
    let v = json_of(&[
        "value",
        &format!("rules:{nim}"),
        "1500",
        "--misere",
        "--json",
    ]);
    assert_eq!(v["outcome"], "N", "{v}");
    assert_eq!(v["winning_moves"][0]["to"], "1", "{v}");
    assert_eq!(v["winning_moves"].as_array().map(Vec::len), Some(1), "{v}");
}
