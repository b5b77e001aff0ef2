//! Play through `grundy serve`: `/api/move` and `/api/hint` over a whole
//! game, and on positions with too many moves to list, where games that
//! check a typed move by their rules take it typed (`typed=`) and the
//! others stay refused.

mod serve_support;

use serde_json::Value;
use serve_support::Server;

#[test]
fn a_move_too_many_to_list_is_typed_and_checked() {
    let s = Server::start(&[]);
    // Nim 10^12 and 5: the hint is the mirror move, and no move is listed.
    let h = s.json("/api/hint?game=nim&position=1000000000000;5");
    assert_eq!(h["move"]["next"], serde_json::json!(["5", "5"]), "{h}");
    assert_eq!(h["moves"], serde_json::json!([]), "{h}");
    assert_eq!(h["over"], false, "{h}");
    assert!(
        h["unlisted"]
            .as_str()
            .unwrap()
            .contains("has more than 1000 moves, too many to list; type a move"),
        "{h}"
    );
    // The player's move typed, then the computer's reply from it: heap 1
    // to 7, and the computer mirrors heap 2 at 5.
    let r = s.json("/api/move?game=nim&position=1000000000000;5&typed=1:7");
    assert_eq!(r["played"]["next"], serde_json::json!(["7", "5"]), "{r}");
    // The answer is about the position the typed move leaves: 7 + 5 = *2.
    assert_eq!(r["position"], serde_json::json!(["7", "5"]), "{r}");
    assert_eq!(r["value"], 2, "{r}");
    assert_eq!(r["after"], serde_json::json!(["5", "5"]), "{r}");
    assert_eq!(r["moves"].as_array().unwrap().len(), 10, "{r}");
    assert!(r.get("unlisted").is_none(), "{r}");
    // A one-word move goes to the one component that can become it; a
    // move the rules refuse is a 400 in the terminal's words.
    let r = s.json("/api/move?game=nim&position=1000000000000;5&typed=999");
    assert_eq!(r["played"]["component"], 0, "{r}");
    s.fails(
        "/api/move?game=nim&position=1000000000000;5&typed=1:2000000000000",
        400,
        "is not a move from",
    );
    s.fails(
        "/api/move?game=nim&position=1000000000000;5&typed=%235",
        400,
        "the moves are not numbered here",
    );
    // Where the moves are listed, a move is read as `grundy play` reads
    // it: `#K` among them, or a whole new position.
    let r = s.json("/api/move?game=kayles&position=5&typed=%233");
    assert_eq!(r["played"]["next"], serde_json::json!(["1", "3"]), "{r}");
    let r = s.json("/api/move?game=kayles&position=5&typed=1%2B2");
    assert_eq!(r["played"]["next"], serde_json::json!(["1", "2"]), "{r}");
    s.fails(
        "/api/move?game=kayles&position=5&typed=9",
        400,
        "`9` is not a move from 5; the `moves` of /api/hint at this position lists them",
    );
    // On a board drawn with coordinates, a move is named by them too, as
    // `play` reads it: the domino on b1 and b2, the square c2 of Chomp.
    let r = s.json("/api/move?game=cram&position=2x3&typed=b1-b2");
    assert_eq!(r["played"]["next"], serde_json::json!([".x./.x."]), "{r}");
    let r = s.json("/api/move?game=chomp&position=3x3&typed=c2");
    assert_eq!(r["played"]["next"], serde_json::json!(["3,2,2"]), "{r}");
    let cli = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["play", "cram", "2x3", "--first", "human"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(b"b1-b2\n")?;
            child.wait_with_output()
        })
        .unwrap();
    let played = String::from_utf8_lossy(&cli.stdout).into_owned();
    assert!(played.contains("(position now .x./.x.)"), "{played}");
    s.fails(
        "/api/move?game=kayles&position=5&typed=",
        400,
        "`typed` is empty",
    );
    // A typed move that ends the game: the computer is stuck and loses.
    let r = s.json("/api/move?game=nim&position=1000000000000&typed=0");
    assert_eq!(
        (r["over"].clone(), r["winner"].clone()),
        (true.into(), "human".into()),
        "{r}"
    );
    // The all-but subtraction game cannot check a typed move: a heap
    // with too many moves is refused as before.
    s.fails(
        "/api/hint?game=sub-allbut:1&position=5000",
        422,
        "too many to play on the page",
    );
}

#[test]
fn move_and_hint_play_a_whole_game() {
    // Kayles' misère quotient takes most of a second of the debug build's
    // time: a loaded CI machine must not stop it at the default 2 s limit,
    // which other tests check.
    let s = Server::start(&["--time-limit", "60"]);
    let first = s.json("/api/move?game=sub:1,3,4&position=10");
    assert_eq!(first["outcome"], "N");
    assert_eq!(first["value"], 1);
    assert_eq!(first["exact"], true);
    assert_eq!(first["after"], first["move"]["next"]);
    let after = first["after"][0].as_str().unwrap();
    assert!(after == "7" || after == "9", "{after}: a winning move");
    // The human's moves from there, each with the position it leads to.
    let moves = first["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        assert_eq!(m["component"], 0);
        assert_eq!(m["next"], serde_json::json!([m["to"]]));
    }
    // A whole game: the human takes the first move listed each time; the
    // computer started from an N-position, so it wins.
    let mut position = after.to_string();
    let mut turns = 0;
    let winner = loop {
        let h = s.json(&format!("/api/hint?game=sub:1,3,4&position={position}"));
        assert!(h.get("after").is_none());
        if h["over"] == true {
            break h["winner"].clone();
        }
        let mine = h["moves"][0]["next"][0].as_str().unwrap().to_string();
        let r = s.json(&format!("/api/move?game=sub:1,3,4&position={mine}"));
        if r["over"] == true {
            break r["winner"].clone();
        }
        position = r["after"][0].as_str().unwrap().to_string();
        turns += 1;
        assert!(turns < 20);
    };
    assert_eq!(winner, "computer");
    // When the computer has no move, the human has won.
    let end = s.json("/api/move?game=nim&position=0;0");
    assert_eq!(
        (
            end["over"].clone(),
            end["winner"].clone(),
            end["move"].clone()
        ),
        (Value::Bool(true), Value::from("human"), Value::Null)
    );
    // Misère: whoever cannot move has won.
    let misere = s.json("/api/hint?game=nim&position=0&misere=true");
    assert_eq!(misere["winner"], "human");
    // Remoteness counts the game's moves, misère as normal: Nim 1 ends in
    // one, Kayles 3 in two (take two, leave one).
    let misere = s.json("/api/hint?game=nim&position=1&misere=true");
    assert_eq!(misere["remoteness"], 1);
    let misere = s.json("/api/hint?game=kayles&position=3&misere=true");
    assert_eq!(misere["remoteness"], 2);
    // Past the computer's small state graph, the compound's analysis has
    // the request's whole budget, as `value` has.
    let compound = "game=kayles&position=7;8;9&compound=selective&misere=true";
    let value = s.json(&format!(
        "/api/value?{}",
        compound.replace("position", "components")
    ));
    let hint = s.json(&format!("/api/hint?{compound}"));
    assert_eq!(hint["outcome"], value["outcome"], "{hint}");
    assert!(hint["move"].is_object(), "{hint}");
    // Misère play has outcomes, not values, as `value --misere` says.
    let misere = s.json("/api/hint?game=nim&position=1;2&misere=true");
    assert_eq!(misere["outcome"], "N");
    assert_eq!(misere["value"], Value::Null);
    let misere = s.json("/api/value?game=nim&components=1;2&misere=true");
    assert_eq!(
        (misere["outcome"].clone(), misere["grundy"].clone()),
        (Value::from("N"), Value::Null)
    );
    // Every finite game plays misère: Kayles 4 is lost by the mover, 2 won
    // by leaving the last pin. Heaps up to 4 of Kayles are tame, so the
    // genus rule decides them; heap 5 is wild and Kayles' misère quotient
    // decides it.
    let misere = s.json("/api/value?game=kayles&components=4&misere=true");
    assert_eq!(
        (misere["outcome"].clone(), misere["method"].clone()),
        (Value::from("P"), Value::from("genus"))
    );
    let misere = s.json("/api/value?game=kayles&components=5;1&misere=true");
    assert_eq!(
        (misere["outcome"].clone(), misere["method"].clone()),
        (Value::from("P"), Value::from("quotient"))
    );
    let misere = s.json("/api/hint?game=kayles&position=2&misere=true");
    assert_eq!(misere["outcome"], "N");
    assert_eq!(misere["move"]["next"], serde_json::json!(["1"]));
    // A hint is the perfect move, not played.
    let h = s.json("/api/hint?game=nim&position=3;4;5");
    assert_eq!(h["move"]["next"], serde_json::json!(["1", "4", "5"]));
    assert_eq!(h["position"], serde_json::json!(["3", "4", "5"]));
    assert_eq!(h["moves"].as_array().unwrap().len(), 12);
}
