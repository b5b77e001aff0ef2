//! The seed programs, fed their published sample inputs.
//!
//! `cargo test` builds the examples next to the test binaries
//! (`target/<profile>/examples/`), so the tests run the real programs.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps");
    let path = dir
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} not built; run `cargo test`",
        path.display()
    );
    path
}

fn run(name: &str, input: &str) -> (String, i32) {
    let mut child = Command::new(example(name))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("example starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn subtraction_134() {
    answers(
        "subtraction_134",
        "4\n0\n2\n7\n8\n",
        "Second player wins (P-position)\nSecond player wins (P-position)\n\
         Second player wins (P-position)\nFirst player wins (N-position)\n",
    );
}

#[test]
fn nim_xor() {
    answers(
        "nim_xor",
        "3\n3 4 5\n",
        "First player wins\ntake 2 from heap 1 (3 -> 1)\n",
    );
    answers("nim_xor", "2\n7 7\n", "Second player wins\n");
}

#[test]
fn fibonacci_again_hdu_1848() {
    answers("fibonacci_again", "1 1 1\n1 4 1\n0 0 0\n", "Fibo\nNacci\n");
}

#[test]
fn multiplication_game_poj_2505() {
    answers(
        "multiplication_game",
        "162\n17\n34012226\n",
        "Stan wins.\nOllie wins.\nStan wins.\n",
    );
}

#[test]
fn golden_ratio_game_luogu_p1290() {
    answers(
        "golden_ratio_game",
        "2\n25 7\n24 15\n",
        "Stan wins\nOllie wins\n",
    );
}

#[test]
fn e_and_d_luogu_p2148() {
    answers("e_and_d", "2\n4\n1 2 3 1\n6\n1 1 1 1 1 1\n", "YES\nNO\n");
}

/// The example answers `input` with exactly `expected` and exits with 0.
fn answers(name: &str, input: &str, expected: &str) {
    let (out, code) = run(name, input);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out, expected);
}

/// The example exits with code 2 after printing exactly `expected`
/// (its answers so far, then the one error line).
fn fails_with(name: &str, input: &str, expected: &str) {
    let (out, code) = run(name, input);
    assert_eq!(code, 2, "{out}");
    assert_eq!(out, expected);
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let (out, code) = run("subtraction_134", "2\n5\n-1\n");
    assert_eq!(code, 2);
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(out.ends_with("got `-1`\n"), "{out}");
    // Each example answers what came before the bad line, then says what
    // is wrong with it (naming its line) in one line.
    let cases = [
        (
            "golden_ratio_game",
            "1\n25\n",
            "error: input ended after line 2 where N was expected\n",
        ),
        (
            "christmas_game",
            "1\n3 2\n1 2\n2 x\n",
            "error: line 4: expected a vertex, got `x`\n",
        ),
        (
            "christmas_game",
            "1\n3 2\n1 2\n2 7\n",
            "error: line 4: vertex 7 is not one of 1..=3\n",
        ),
        (
            "christmas_game",
            "1\n3 2\n1 2\n",
            "error: input ended after line 3 where a vertex was expected\n",
        ),
        // A huge edge count is taken at its word only as far as edges come.
        (
            "christmas_game",
            "1\n2 1000000000000\n1 2\n",
            "error: input ended after line 3 where a vertex was expected\n",
        ),
        (
            "cutting_game",
            "2 2\n0 3\n",
            "LOSE\nerror: line 2: a sheet is at least 1x1, got `0 3`\n",
        ),
        (
            "cutting_game",
            "2 2\n1048576 1048576\n",
            "LOSE\nerror: line 2: a 1048576x1048576 sheet is too large to solve here\n",
        ),
    ];
    for (name, input, expected) in cases {
        fails_with(name, input, expected);
    }
    let (out, code) = run("cutting_game", "2 2\n3 2000000\n");
    assert_eq!(code, 2);
    assert!(out.starts_with("LOSE\nerror: line 2: "), "{out}");
}

#[test]
fn christmas_game_poj_3710() {
    answers(
        "christmas_game",
        "2\n2 1\n1 2\n4 4\n1 2\n2 3\n2 4\n3 4\n",
        "Sally\n",
    );
    // Two copies of the same tree cancel; a square on the root is worth 0.
    answers(
        "christmas_game",
        "2\n2 1\n1 2\n2 1\n1 2\n1\n4 4\n1 2\n2 3\n3 4\n4 1\n",
        "Harry\nHarry\n",
    );
}

#[test]
fn cutting_game_poj_2311() {
    answers("cutting_game", "2 2\n3 2\n4 2\n", "LOSE\nLOSE\nWIN\n");
}

#[test]
fn coin_flipping() {
    // Turning Turtles: heads 2, 3, 5 are worth 2 ^ 3 ^ 5 = 4; turning
    // coins 1 and 5 leaves heads 1, 2, 3: 1 ^ 2 ^ 3 = 0.
    answers(
        "coin_flipping",
        "THHTH\nTTT\n\nH\n",
        "4 turn 1 5\n0 lose\n1 turn 1\n",
    );
    let (out, code) = run("coin_flipping", "THHTH\nTHxH\n");
    assert_eq!(code, 2);
    assert!(
        out.ends_with("error: line 2: coin 3 of `THxH` is `x`: expected H (heads) or T (tails)\n"),
        "{out}"
    );
}

/// HDU 3595: the continued conjunctive compound (Every-SG) of Euclid
/// games. Three games `1 1` each last one move (suspense 1, odd: the
/// first player wins); `3 2` must go to `1 2`, from which the second
/// player takes the last move (suspense 2).
#[test]
fn every_sg_hdu_3595() {
    answers("every_sg", "3\n1 1\n1 1\n1 1\n1\n3 2\n", "MM\nGG\n");
}

/// HDU 3404: Turning Corners, valued by nim products. Lights (1,2) and
/// (2,1) are worth 1*2 = 2 each, cancelling; a light at (2,2) is worth
/// 2*2 = 3; lights (0,5) and (7,0) are worth 0.
#[test]
fn switch_lights_hdu_3404() {
    answers(
        "switch_lights",
        "3\n2\n1 2\n2 1\n1\n2 2\n2\n0 5\n7 0\n",
        "Don't waste your time.\nHave a try, lxhgww.\nDon't waste your time.\n",
    );
}
