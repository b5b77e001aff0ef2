//! `grundy play --blind`: practice without values or hints until the end.

mod support;

use support::*;

/// G(n) of sub:1,3,4 by hand: 0,1,0,1,2,3,2 repeating with period 7.
fn g134(n: u64) -> u64 {
    [0, 1, 0, 1, 2, 3, 2][(n % 7) as usize]
}

/// A value as `play` prints it: `0`, `*`, `*2`, ...
fn star(v: u64) -> String {
    match v {
        0 => "0".to_string(),
        1 => "*".to_string(),
        v => format!("*{v}"),
    }
}

#[test]
fn blind_play_hides_values_and_hints_until_the_game_ends() {
    // 7 10: G = 0 ^ 1, a win; 10 -> 9 leaves 0 ^ 0.
    let (out, err, code) = run(
        &["play", "sub:1,3,4", "7", "10", "--blind", "--moves"],
        "hint\n2:9\nquit\n",
    );
    assert_eq!(code, Some(0), "{err}");
    let (during, after) = out
        .split_once("the game with what was hidden:")
        .expect("the end shows what was hidden");
    assert!(!during.contains("(value "), "{during}");
    assert!(!during.contains("the player to move"), "{during}");
    assert!(!during.contains("this wins"), "{during}");
    assert!(during.contains("hint: hidden in blind play until the game ends"));
    assert!(during.contains("your move (new position, or #K from `moves`)> 2:9"));
    assert!(during.contains("you: component 2: 10 -> 9"), "{during}");
    let first = format!(
        "  7 10   (value {}, the player to move wins; you to move)",
        star(g134(7) ^ g134(10))
    );
    assert!(after.contains(&first), "{after}");
    let second = format!(
        "  7 9   (value {}, the player to move loses; computer to move)",
        star(g134(7) ^ g134(9))
    );
    assert!(after.contains(&second), "{after}");
    // Without --blind the values show at once.
    let (out, _, _) = run(&["play", "sub:1,3,4", "7", "10", "--moves"], "quit\n");
    assert!(out.contains("position: 7 10   (value *, the player to move wins)"));
    assert!(!out.contains("what was hidden"));
}

#[test]
fn blind_moves_are_typed_as_new_positions_or_list_numbers() {
    // `3` is the heap left (7 -> 3), not move #3; `#1` is the list's first.
    let (out, err, code) = run(&["play", "nim", "7", "--blind", "--moves"], "3\n#1\nquit\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("you: component 1: 7 -> 3"), "{out}");
    // The computer answers 3 -> 0 and the game ends: no second move.
    assert!(out.contains("no move left: the computer wins."), "{out}");
    // A position no move reaches: one line, and the same prompt again.
    let (out, _, _) = run(
        &["play", "nim", "2", "5", "--blind", "--moves"],
        "9\nquit\n",
    );
    assert!(out.contains("`9` is not a move from 2 5;"), "{out}");
    assert_eq!(
        out.matches("your move (new position, or #K from `moves`)> ")
            .count(),
        2,
        "{out}"
    );
}

#[test]
fn piped_lines_are_bounded_and_shown_without_control_characters() {
    // A line past 64 KiB is skipped, said in one line, and the game goes
    // on with the next line; a line of 64 KiB exactly is read.
    for (long, read) in [(65_537, false), (65_536, true)] {
        let input = "1".repeat(long) + "\n1:1\n";
        let (out, err, code) = run(&["play", "nim", "3", "5"], &input);
        assert_eq!(code, Some(0), "{err}");
        let skipped = "your move> (a line over 65536 bytes, not read)\ntype one move a line, of at most 65536 bytes\n";
        assert_eq!(out.contains(skipped), !read, "{long}: {out}");
        assert_eq!(out.contains("is not a move from 3 5"), read, "{long}");
        assert!(out.contains("you: component 1: 3 -> 1"), "{out}");
    }
    // A stream with no line end (`< /dev/zero`) once grew one line until
    // the allocation aborted: past 16 MiB more it ends the game in one line.
    let endless = "1".repeat((1 << 24) + (1 << 16) + 10);
    let (_, err, code) = run(&["play", "nim", "3", "5"], &endless);
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(
        err.trim_end(),
        "error: a line of input is longer than 65536 bytes; type one move a line"
    );
    // An escape character is echoed and quoted escaped, not sent to the
    // terminal.
    let (out, _, code) = run(&["play", "nim", "3", "5"], "1\u{1b}\nquit\n");
    assert_eq!(code, Some(0));
    assert!(out.contains("your move> 1\\u{1b}\n"), "{out}");
    assert!(out.contains("`1\\u{1b}` is not a move from 3 5"), "{out}");
    assert!(!out.contains('\u{1b}'), "{out}");
}
