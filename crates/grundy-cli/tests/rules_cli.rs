//! `rules:FILE.rhai` from the command line: every command works on a
//! script, and script errors are one line with exit code 2.

mod support;

use support::*;

use serde_json::Value;

fn rules(name: &str) -> String {
    format!("rules:{}/../../rules/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn value_and_seq_of_a_script() {
    let game = rules("subtraction_134.rhai");
    let (out, err, code) = run(&["value", &game, "7", "8", "--json"], "");
    assert_eq!(code, Some(0), "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["values"], serde_json::json!([0, 1]));
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 2);
    let (out, _, _) = run(&["seq", &game, "--to", "13", "--json"], "");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["values"],
        serde_json::json!([0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2])
    );
}

#[test]
fn draws_from_a_script() {
    let (out, _, code) = run(&["value", &rules("draws.rhai"), "5", "--json"], "");
    assert_eq!(code, Some(0));
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["values"], serde_json::json!(["inf()"]));
}

#[test]
fn play_and_graph_a_script() {
    let game = rules("cutting_game.rhai");
    let (out, err, code) = run(
        &["play", &game, "[4, 2]", "--first", "computer", "--moves"],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("computer: component 1: [4, 2] -> [2, 2]+[2, 2]"),
        "{out}"
    );
    assert!(out.contains("the computer wins"), "{out}");
    let (svg, err, code) = run(&["graph", &rules("draws.rhai"), "5"], "");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(svg.matches(r#"<g class="node D"#).count(), 3);
}

#[test]
fn script_errors_are_one_line() {
    let dir = std::env::temp_dir().join(format!("grundy-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The one line of `value` on a script of `text` written to `name`.
    let failure = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let (_, err, code) = run(&["value", &format!("rules:{}", path.display()), "3"], "");
        assert_eq!(code, Some(2), "{err}");
        err
    };
    let err = failure("bad.rhai", "fn moves(n) {\n  [n - ]\n}\n");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("bad.rhai: line 2, column"), "{err}");
    let (_, err, code) = run(&["value", "rules:/no/such/file.rhai", "3"], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("cannot read"), "{err}");
    let (_, err, code) = run(&["value", &rules("subtraction_134.rhai"), "[1,"], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("position `[1,`"), "{err}");
    // A function the sandbox lacks is named with its arguments' types in
    // the script's words, not Rust's.
    let err = failure(
        "files.rhai",
        "fn moves(n) { let f = open_file(\"/etc/passwd\"); [] }\n",
    );
    assert!(
        err.contains("Function not found: open_file (string)"),
        "{err}"
    );
    // A position that is a part of itself is a cycle of `components`,
    // not of the moves.
    let err = failure(
        "selfish.rhai",
        "fn moves(n) { if n > 0 { [n - 1] } else { [] } }\nfn components(p) { [p, p] }\n",
    );
    assert!(
        err.contains(
            "a position leads back to itself (by moves, or as a part `components` splits it into)"
        ),
        "{err}"
    );
}

/// A position typed as a sum that the script's `components` splits has
/// its value and its winning moves: a move is a move in one of the parts
/// (it used to call `moves` on the whole and fail).
#[test]
fn a_component_typed_as_a_sum_lists_its_winning_moves() {
    let game = rules("cutting_game.rhai");
    let out = text(&["value", &game, "[[2, 3], [2, 5]]"]);
    assert!(out.contains("total: *\n"), "{out}");
    assert!(
        out.contains("[[2, 3], [2, 5]] -> [2, 3]+[2, 2]+[2, 3]"),
        "{out}"
    );
}

/// A script whose moves are slow is searched with a progress line: the
/// positions met so far, rising (it once ran silent for as long as the
/// search took).
#[test]
fn a_slow_script_shows_the_positions_met() {
    let game = format!(
        "rules:{}",
        file(
            "slow.rhai",
            "fn moves(n) { let s = 0; for i in 0..20000 { s += i; } if n > 0 { [n - 1] } else { [] } }\n"
        )
    );
    let (out, err, code) = run(&["value", &game, "1500", "--progress"], "");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("total: 0"), "{out}");
    let met = positions_met(&err);
    assert!(!met.is_empty(), "{err}");
    assert!(
        met.windows(2).all(|w| w[0] <= w[1]) && met[met.len() - 1] <= 1501,
        "{err}"
    );
}
