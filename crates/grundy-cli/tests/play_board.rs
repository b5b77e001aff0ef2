//! `grundy play` on a board in a terminal session: the board is drawn with
//! its coordinates after every move, and the human moves by typing the
//! squares a domino covers (`b3-b4`). The test reads each drawn board,
//! checks it against the position printed above it (read here, apart
//! from the engine), and answers with a domino it finds on the drawing.

use std::io::Write;
use std::process::{Command, Stdio};

/// Free squares of a Cram board written `RxC` or as rows `../.x`.
fn free_squares(text: &str) -> Vec<(usize, usize)> {
    if text == "0" {
        return Vec::new();
    }
    if text.chars().all(|c| c.is_ascii_digit() || c == 'x') {
        let (r, c) = text.split_once('x').unwrap();
        let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
        return (0..r).flat_map(|i| (0..c).map(move |j| (i, j))).collect();
    }
    let mut out = Vec::new();
    for (i, row) in text.split('/').enumerate() {
        out.extend(
            row.chars()
                .enumerate()
                .filter(|(_, ch)| *ch == '.')
                .map(|(j, _)| (i, j)),
        );
    }
    out
}

/// The free squares of a board drawn as text: a header of column letters,
/// then a row number and a mark per square.
fn drawn_squares(lines: &[String]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for line in &lines[1..] {
        let mut words = line.split_whitespace();
        let row: usize = words.next().unwrap().parse().unwrap();
        // Squares sit every two characters after the row number's column.
        let marks: Vec<char> = line.chars().skip(3).step_by(2).collect();
        for (col, mark) in marks.iter().enumerate() {
            if *mark == '.' {
                out.push((row - 1, col));
            }
        }
    }
    out
}

/// The transcript of `grundy play cram 3x4` with the human typing `lines`.
fn session(lines: &[String]) -> String {
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    play(&["cram", "3x4"], &input)
}

/// Every board drawn in `transcript`, checked against the position
/// printed above it; returns the free squares of the last one.
fn check_boards(transcript: &str) -> (usize, Vec<(usize, usize)>) {
    let lines: Vec<&str> = transcript.lines().collect();
    let (mut boards, mut last) = (0, Vec::new());
    for (i, line) in lines.iter().enumerate() {
        let Some(rest) = line.strip_prefix("position: ") else {
            continue;
        };
        let position = rest.split_whitespace().next().unwrap();
        let drawn: Vec<String> = lines[i + 1..]
            .iter()
            .take_while(|l| l.starts_with(' ') || l.starts_with(|c: char| c.is_ascii_digit()))
            .map(|l| l.to_string())
            .collect();
        if drawn.is_empty() {
            // A position shown again after a typo or `moves` is not
            // drawn again; the end (`0`) has no squares.
            continue;
        }
        assert_eq!(
            drawn_squares(&drawn),
            free_squares(position),
            "{transcript}"
        );
        boards += 1;
        last = drawn_squares(&drawn);
    }
    (boards, last)
}

/// The computer plays the same way every time, so a game is driven by
/// running the session again with one more line: each time the test reads
/// the last board drawn and types a domino it finds there.
#[test]
fn cram_3x4_is_played_to_the_end_by_coordinates() {
    let mut typed: Vec<String> = Vec::new();
    for _ in 0..8 {
        let transcript = session(&typed);
        assert!(!transcript.contains("is not a move"), "{transcript}");
        let (boards, last) = check_boards(&transcript);
        assert!(boards > typed.len(), "a board for every turn\n{transcript}");
        if transcript.contains("no move left") {
            assert!(
                transcript.contains("no move left: you win!")
                    || transcript.contains("no move left: the computer wins."),
                "{transcript}"
            );
            // Each move typed is echoed with the squares it covers.
            let echoed = transcript
                .lines()
                .filter(|l| l.starts_with("you: "))
                .count();
            assert_eq!(echoed, typed.len(), "{transcript}");
            return;
        }
        let (r, c) = *last
            .iter()
            .find(|&&(r, c)| last.contains(&(r, c + 1)) || last.contains(&(r + 1, c)))
            .expect("a domino fits while the game is on");
        let other = if last.contains(&(r, c + 1)) {
            (r, c + 1)
        } else {
            (r + 1, c)
        };
        let name = |(r, c): (usize, usize)| format!("{}{}", (b'a' + c as u8) as char, r + 1);
        typed.push(format!("{}-{}", name((r, c)), name(other)));
    }
    panic!("the game did not end: {typed:?}");
}

/// `grundy play GAME POSITION --moves` with `input`.
fn play(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["play"])
        .args(args)
        .arg("--moves")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn coins_are_turned_by_their_numbers_and_a_spent_board_keeps_the_others_coordinates() {
    // `3,5` on a row of coins turns coins 3 and 5 (not the position with
    // heads on them, which would turn coin 2).
    let out = play(&["turtles", "2,3,5"], "3,5\n");
    assert!(
        out.contains("you: 3,5: component 1: 2,3,5 -> 2 (turn 3,5)"),
        "{out}"
    );
    // A board with no square left is drawn as such, and the other one is
    // still played by its coordinates.
    let out = play(&["cram", "0", "1x4"], "2:a1-b1\n");
    assert!(
        out.contains("component 1:\n(no square left)\ncomponent 2:"),
        "{out}"
    );
    assert!(
        out.contains("you: 2:a1-b1: component 2: 1x4 -> xx.."),
        "{out}"
    );
    // Half a domino says what it is part of, in one short line.
    let out = play(&["cram", "2x2"], "a1\nquit\n");
    assert!(
        out.contains("`a1` is part of a move: a1-b1, a1-a2\n"),
        "{out}"
    );
}

/// Coordinates that name no move, or a move of several components, say
/// so in the user's words: the component a coordinate needs, and no
/// "cannot become" for coordinates that are no position at all.
#[test]
fn coordinates_say_what_is_missing() {
    let out = play(&["node-kayles", "grid:2x3", "path:2"], "b1\nquit\n");
    assert!(
        out.contains("`b1` is a move in components 1 and 2: say which, e.g. 1:b1\n"),
        "{out}"
    );
    let out = play(&["cram", "x../..."], "1:a1-b1\nquit\n");
    assert!(
        out.contains("`1:a1-b1` is not a move from x../...; `moves` lists the moves"),
        "{out}"
    );
    // A position of the game that is not one move away is said as such,
    // a sum typed as the greeting teaches too.
    let out = play(&["nim", "3", "4"], "1:5\nquit\n");
    assert!(
        out.contains("component 1 cannot become `5` in one move (it is 3)"),
        "{out}"
    );
    let out = play(&["kayles", "5", "4"], "1:1+1\nquit\n");
    assert!(
        out.contains("component 1 cannot become `1+1` in one move (it is 5)"),
        "{out}"
    );
}

/// A board too large to solve in the thinking time still gets a move:
/// the computer searches for `--think` seconds, then plays its guess and
/// says that the position was not solved (or that a quick look found the
/// win: the central domino, which a quick look proves, may or may not be
/// reached in the time). The human's `moves` are listed within the same
/// time.
#[test]
fn a_board_too_large_to_solve_is_played_within_the_thinking_time() {
    let out = play(
        &["cram", "11x10", "--first", "computer", "--think", "0.4"],
        "moves\nquit\n",
    );
    let first = out
        .lines()
        .find(|l| l.starts_with("position: 11x10"))
        .unwrap();
    assert!(
        first.ends_with("(not solved: the thinking time ran out, --think 0.4 s)")
            || first.ends_with(
                "(the player to move wins by a quick look; the thinking time ran out, --think 0.4 s)"
            ),
        "{first}"
    );
    let computer = out.lines().find(|l| l.starts_with("computer")).unwrap();
    assert!(computer.contains(": component 1: 11x10 -> "), "{computer}");
    // The human's listing has every move of the board left: 11 rows of 9
    // across and 10 columns of 10 down, less the squares taken.
    let listed = out
        .lines()
        .filter(|l| l.trim_start().starts_with('#'))
        .count();
    assert!((190..199).contains(&listed), "{listed} moves listed");
    assert!(out.ends_with("game stopped.\n"), "{out}");
}

/// On the human's turn the position is only glanced at (a second at
/// most) before the prompt, not thought over for the whole `--think`:
/// the status says the look did not solve it, and `hint` thinks for the
/// whole time (here cut short by the guess, which still gives a move).
#[test]
fn the_human_is_prompted_after_a_glance() {
    let out = play(&["cram", "11x10", "--think", "3"], "hint\nquit\n");
    let first = out
        .lines()
        .find(|l| l.starts_with("position: 11x10"))
        .unwrap();
    assert_eq!(
        first,
        "position: 11x10   (not solved: a glance of 1 s did not solve it; `hint` thinks for up to --think 3 s)"
    );
    let hint = out.lines().find(|l| l.contains("hint: ")).unwrap();
    assert!(hint.contains(": component 1: 11x10 -> "), "{hint}");
    assert!(out.ends_with("game stopped.\n"), "{out}");
}

#[test]
fn the_thinking_time_is_refused_unless_positive() {
    for bad in ["0", "-1", "soon"] {
        let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["play", "nim", "3", "--think", bad])
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}: {err}");
        assert!(err.contains("--think"), "{bad}: {err}");
        assert!(
            err.contains("give a number of seconds from 0.001"),
            "{bad}: {err}"
        );
    }
}
