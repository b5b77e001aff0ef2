//! `/api/move` and `/api/hint` on positions with too many moves to list:
//! in games that check a typed move by their rules the player types it
//! (`typed=`), in the others such positions stay refused.

mod serve_support;

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
            .contains("too many moves to list"),
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
        "`9` is not a move from 5",
    );
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
