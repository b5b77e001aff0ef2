//! `grundy play` on positions with too many moves to list: moves are
//! typed and checked by the rules, and the computer still moves.

mod support;

use support::*;

/// Nim with a heap of 10^12: `moves` says why nothing is listed, `#K`
/// is refused, a move past the heap is refused, a real one is played,
/// and the computer answers with the winning move.
#[test]
fn a_heap_of_a_trillion_is_played_by_typing_moves() {
    let (out, err, code) = run(
        &["play", "nim", "1000000000000", "7", "--moves"],
        "moves\nhelp\n#3\n1:1000000000001\n2:8\n1:999999999999\nquit\n",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("moves are not listed (listing the moves needs more than 200000 states"),
        "{out}"
    );
    assert!(out.contains("the moves are not numbered here"), "{out}");
    let help = "your move> help\nthis position's moves are not listed (listing the moves needs more than 200000 states; raise the limit (--max-states) to go further); type a move as the new text of a component";
    assert!(out.contains(help), "{out}");
    assert!(
        out.contains("`1:1000000000001` is not a move from 1000000000000 7"),
        "{out}"
    );
    assert!(
        out.contains("`2:8` is not a move from 1000000000000 7"),
        "{out}"
    );
    assert!(
        out.contains(
            "you: component 1: 1000000000000 -> 999999999999   (position now 999999999999 7)"
        ),
        "{out}"
    );
    // 999999999999 ^ 7 is won by taking the big heap to 7.
    assert!(
        out.contains("computer: component 1: 999999999999 -> 7   (position now 7 7)"),
        "{out}"
    );
}

/// Kayles (0.77) with heaps of about 10^12, lost for the computer: it
/// still finds a move (no listing: one option of a value it asks for),
/// and a split typed by the human is read as the rules allow it.
#[test]
fn a_lost_position_of_huge_heaps_still_gets_a_move() {
    let (out, err, code) = run(
        &[
            "play",
            "0.77",
            "399999999998",
            "599999999998",
            "--first",
            "computer",
            "--moves",
        ],
        "quit\n",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("(value 0, the player to move loses)"), "{out}");
    assert!(out.contains("computer: component "), "{out}");
    let (out, err, code) = run(
        &["play", "0.77", "1000000000000", "--moves"],
        "2+999999999996\n999999999996+2\n",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("you: component 1: 1000000000000 -> 2+999999999996"),
        "{out}"
    );
}

/// A small heap whose moves a budget of nothing keeps from being listed
/// says that budget, not that the heap has too many moves.
#[test]
fn moves_kept_unlisted_by_the_budget_name_it() {
    let (out, err, code) = run(
        &["play", "nim", "3", "--max-states", "0", "--moves"],
        "quit\n",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("this position's moves are not listed (listing the moves needs more than 0 states; raise the limit (--max-states)"),
        "{out}"
    );
}
