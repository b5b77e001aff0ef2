//! `grundy graph` pictures and scripted `grundy play` sessions.

mod support;

use support::*;

#[test]
fn svg_picture_marks_p_positions_and_winning_moves() {
    let (svg, err, code) = run(&["graph", "sub:1,3,4", "7"], "");
    assert_eq!(code, Some(0), "{err}");
    assert!(svg.starts_with("<svg"));
    // Heaps 0..7: P at 0, 2, 7; winning moves 1>0 3>2 3>0 4>0 5>2 6>2.
    assert_eq!(svg.matches(r#"<g class="node P"#).count(), 3);
    assert_eq!(svg.matches(r#"<g class="node N"#).count(), 5);
    assert_eq!(svg.matches(r#"class="move win""#).count(), 6);
    for heap in 0..=7 {
        assert!(svg.contains(&format!(">{heap}</text>")), "heap {heap}");
    }
}

#[test]
fn dot_output_and_files() {
    let dir = std::env::temp_dir().join(format!("grundy-graph-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("nim.dot");
    let (_, err, code) = run(
        &["graph", "nim", "1", "2", "-o", path.to_str().unwrap()],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    let dot = std::fs::read_to_string(&path).unwrap();
    assert!(dot.starts_with("digraph"));
    // Positions reachable from (1, 2): 2 x 3 = 6.
    assert_eq!(dot.matches("label=").count(), 6);
    let (svg, _, _) = run(&["graph", "nim", "1", "2", "--format", "svg"], "");
    assert!(svg.contains("<svg"));
}

#[test]
fn too_large_graphs_are_refused_naming_the_limit() {
    let (_, err, code) = run(&["graph", "nim", "30", "30"], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("more than 500 positions"), "{err}");
    assert!(err.contains("--max-states"), "{err}");
    let (svg, _, code) = run(&["graph", "--max-states", "1000", "nim", "30", "30"], "");
    assert_eq!(code, Some(0));
    assert!(svg.contains("<svg"));
    // A path of 30 edges has 31 positions: drawn, though listing its cuts
    // costs more than the picture's 500 states.
    let path: Vec<String> = (0..30).map(|i| format!("{i}-{}", i + 1)).collect();
    let (svg, err, code) = run(&["graph", "hackenbush", &path.join(",")], "");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(svg.matches("<g class=\"node").count(), 31);
}

#[test]
fn graphs_of_few_positions_and_many_moves_name_the_moves() {
    // Nim 3000 has 3001 positions and 4.5 million moves: the text of the
    // moves passes its budget, and the error says so rather than that
    // the graph has more than 10000 positions.
    let err = fails(
        &["graph", "nim", "3000", "--max-states", "10000"],
        "listing the moves of the state graph (more than 16 MiB of position text",
    );
    assert!(!err.contains("positions, too many to draw"), "{err}");
    assert!(err.contains("--max-states"), "{err}");
}

/// The width of an SVG picture, from its root element.
fn svg_width(svg: &str) -> f64 {
    let rest = svg.split_once("width=\"").expect("a width").1;
    rest.split('"').next().unwrap().parse().unwrap()
}

#[test]
fn wide_state_graphs_wrap_into_rows_and_stay_readable() {
    // Cutting from 4x3 has 270 positions, 100 of them in one layer: one
    // row each made the picture 21,044 px wide.
    let (svg, err, code) = run(&["graph", "cutting", "4x3"], "");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(svg.matches("<g class=\"node").count(), 270);
    let width = svg_width(&svg);
    assert!((1000.0..=1600.0).contains(&width), "{width}");
    // A long position is shortened on its node, whole in its tooltip.
    let path: Vec<String> = (0..12).map(|i| format!("{i}-{}", i + 1)).collect();
    let path = path.join(",");
    let (svg, err, code) = run(&["graph", "hackenbush", &path], "");
    assert_eq!(code, Some(0), "{err}");
    assert!(svg_width(&svg) <= 1600.0, "{}", svg_width(&svg));
    assert!(svg.contains(&format!("<title>{path}</title>")), "{svg}");
    assert!(svg.contains(">0-1,1-2,2-3,3-4,4-5,5-6,6-7,7-8,8-9,9-10…</text>"));
}

#[test]
fn the_computer_wins_a_scripted_game() {
    // Nim 1 2, computer first: it moves to 1 1; we take one; it takes the last.
    let (out, err, code) = run(
        &["play", "nim", "1", "2", "--first", "computer", "--moves"],
        "1:0\n",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("computer: component 2: 2 -> 1"), "{out}");
    assert!(out.contains("no move left: the computer wins."), "{out}");
}

#[test]
fn hints_undo_and_a_human_win() {
    // sub:1,3,4 from 8 (N): the hint says 8 -> 7, which wins.
    let (out, _, code) = run(
        &["play", "sub:1,3,4", "8", "--moves"],
        "hint\n1:5\nundo\n1:7\n1\n",
    );
    assert_eq!(code, Some(0));
    assert!(out.contains("hint: component 1: 8 -> 7"), "{out}");
    assert!(out.contains("undone"), "{out}");
    assert!(out.contains("you: component 1: 8 -> 7"), "{out}");
    // After 7 the computer loses slowest (7 -> 6), we reply, and so on.
    assert!(out.contains("computer: component 1: 7 -> 6"), "{out}");
    let (win, _, _) = run(&["play", "nim", "3", "--moves"], "1:0\n");
    assert!(win.contains("no move left: you win!"), "{win}");
}

#[test]
fn bad_moves_are_explained_and_errors_are_one_line() {
    let (out, _, code) = run(&["play", "nim", "3", "4", "--moves"], "1:9\n5 5\nquit\n");
    assert_eq!(code, Some(0));
    assert!(out.contains("component 1 cannot become `9`"), "{out}");
    assert!(out.contains("`5 5` is not a move"), "{out}");
    let (_, err, code) = run(&["play", "nim", "-1"], "");
    assert_eq!(code, Some(2));
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn big_positions_play_from_the_analysis_and_say_no_more_than_they_know() {
    // Nim 100 100 100 has a million positions: more than play searches by
    // default, so the computer plays from the XOR rule at once.
    let (out, _, code) = run(&["play", "nim", "100", "100", "100"], "hint\nquit\n");
    assert_eq!(code, Some(0));
    assert!(out.contains("hint: component 1: 100 -> 0"), "{out}");
    // Two 5x5 sheets: a loss; unsolved, the hint does not claim the move
    // it suggests loses slowest.
    let (out, _, _) = run(&["play", "cutting", "5x5", "5x5"], "hint\nquit\n");
    assert!(
        out.contains("(every move loses against perfect play)"),
        "{out}"
    );
    // ... and with the budget to search them all, it does.
    let (out, _, _) = run(
        &["play", "cutting", "2x2", "3x2", "--max-states", "10000"],
        "hint\nquit\n",
    );
    assert!(out.contains("this one loses slowest"), "{out}");
}

#[test]
fn a_closed_stdout_ends_the_game_quietly() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["play", "cutting", "3x3", "--moves"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The reader goes away before the game has said anything.
    drop(child.stdout.take());
    use std::io::Write;
    let _ = child
        .stdin
        .take()
        .unwrap()
        .write_all(b"moves\nmoves\nquit\n");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_move_is_the_new_position_of_a_component_or_a_numbered_move() {
    // `2` is the heap's new size, not move number 2 (which was 5 -> 3).
    let (out, err, code) = run(&["play", "nim", "5", "--moves"], "2\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("you: component 1: 5 -> 2   (position now 2)"),
        "{out}"
    );
    // Move numbers are `#K`, as `moves` lists them.
    let (out, _, _) = run(&["play", "nim", "3", "4", "--moves"], "moves\n#9\n#2\n");
    assert!(
        out.contains("    #1  component 1: 3 -> 2   (position now 2 4)"),
        "{out}"
    );
    assert!(
        out.contains("there is no move `#9`: `moves` lists #1 to #7"),
        "{out}"
    );
    assert!(out.contains("you: component 1: 3 -> 1"), "{out}");
    // A size several components can take asks which; `I:NEW` says it.
    let (out, _, _) = run(&["play", "nim", "3", "4", "--moves"], "2\n2:2\n");
    assert!(
        out.contains("components 1 and 2 can both become `2`: say which, e.g. 1:2"),
        "{out}"
    );
    assert!(out.contains("you: component 2: 4 -> 2"), "{out}");
    // Components count from 1, and the prompt says so.
    let (out, _, _) = run(&["play", "nim", "5", "--moves"], "0:1\n3:1\n");
    assert!(out.contains("components are numbered from 1"), "{out}");
    assert!(
        out.contains("`0` is not a component: they are numbered from 1 to 1"),
        "{out}"
    );
    assert!(
        out.contains("`3` is not a component: they are numbered from 1 to 1"),
        "{out}"
    );
}

#[test]
fn a_move_is_also_typed_as_its_note() {
    // Hackenbush's moves are noted by the edge they cut; `1-2` alone is
    // no position reached, and the refusal says how a cut is typed.
    let (out, err, code) = run(
        &["play", "hackenbush", "0-1,1-2", "0-1", "--moves"],
        "1-2\ncut 0-1\n1:Cut  1-2\n",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("`1-2` is not a move from 0-1,1-2 0-1; `moves` lists the moves, `help` says how to type one; a move is also typed as its note (`cut 0-1`)"),
        "{out}"
    );
    assert!(
        out.contains("several components have the move `cut 0-1`: say which, e.g. 1:cut 0-1"),
        "{out}"
    );
    assert!(
        out.contains("you: component 1: 0-1,1-2 -> 0-1,~1-2 (cut 1-2)"),
        "{out}"
    );
}

#[test]
fn split_heaps_are_read_back_as_moves_and_positions() {
    // Kayles 8 -> 1+6 (knock one pin next to the first), written either way.
    for line in ["1:6+1", "1:1+6", "6+1", "1 6"] {
        let (out, err, code) = run(&["play", "kayles", "8", "--moves"], &format!("{line}\n"));
        assert_eq!(code, Some(0), "{err}");
        assert!(
            out.contains("you: component 1: 8 -> 1+6   (position now 1 6)"),
            "{line}: {out}"
        );
    }
    // What `value` prints as a move is a position `value`, `play` and
    // `graph` accept: the sum of its parts.
    let out = text(&["value", "kayles", "4+6"]);
    assert!(
        out.contains("  1  4          *\n  2  6          *3\n"),
        "{out}"
    );
    assert!(out.contains("total: *2"), "{out}");
    let out = text(&["value", "cutting", "2x2+2x2", "3x2"]);
    assert!(out.contains("total: 0"), "{out}");
    let (out, _, _) = run(&["play", "kayles", "1+1", "--moves"], "quit\n");
    assert!(out.contains("position: 1 1   (value 0"), "{out}");
    let svg = text(&["graph", "kayles", "1+1"]);
    assert_eq!(svg.matches("<g class=\"node").count(), 4);
    assert_eq!(svg, text(&["graph", "kayles", "1", "1"]));
    // A whole-position game has no sums; bad sums are the game's errors.
    fails(&["value", "staircase", "1+2"], "1+2");
    fails(&["value", "kayles", "4+"], "`4+`");
}

#[test]
fn misere_play_shows_the_outcome_as_value_does() {
    // Misère Nim has no Sprague-Grundy value for a sum: `value` gives the
    // outcome only, and so does play.
    let v = json_of(&["value", "--misere", "nim", "1", "2", "3", "--json"]);
    assert!(v["values"].is_null() && v["grundy"].is_null(), "{v}");
    assert_eq!(v["outcome"], "P");
    let (out, _, _) = run(
        &["play", "--misere", "nim", "1", "2", "3", "--moves"],
        "quit\n",
    );
    assert!(
        out.contains("position: 1 2 3   (the player to move loses)"),
        "{out}"
    );
    assert!(!out.contains("value"), "{out}");
}

#[test]
fn limits_name_the_budget_in_force_before_any_banner() {
    let cycle: String = (0..5000)
        .map(|i| format!("{i} {}\n", (i + 1) % 5000))
        .collect();
    let path = file("limits-cycle.txt", &cycle);
    let (out, err, code) = run(&["graph", "hackenbush", &path], "");
    assert_eq!(code, Some(2));
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains(
            "more than 500 positions, too many to draw (--max-states is 500, graph's default)"
        ),
        "{err}"
    );
    let (out, err, code) = run(&["play", "hackenbush", &path, "--moves"], "quit\n");
    assert_eq!(code, Some(2));
    assert!(out.is_empty(), "no banner before the error: {out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("Hackenbush graph of 5000 edges (each cut is a whole graph: 5000 x 5000 edges, counted against the larger of --max-states and 10000000) needs more than 10000000 states"),
        "{err}"
    );
    // Too many moves to list is no reason to refuse a game: moves are
    // typed and checked by the rules (`play_huge.rs`).
    let (out, err, code) = run(&["play", "nim", "1000000"], "moves\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("moves are not listed (listing the moves needs more than 200000 states"),
        "{out}"
    );
}

#[test]
fn misere_play_ends_with_the_last_mover_losing() {
    // Misère Nim 1 1, computer first: it takes one heap, we must take the last.
    let (out, _, _) = run(
        &[
            "play", "nim", "1", "1", "--misere", "--first", "computer", "--moves",
        ],
        "2:0\n1:0\n",
    );
    assert!(out.contains("no move left: the computer wins."), "{out}");
}

/// Drives scripted sessions through every line of human replies: after each
/// human move the computer answers, and at every human turn each listed
/// move is tried in its own session. The computer must win them all.
fn computer_wins_every_line(game: &[&str]) -> usize {
    let mut stack: Vec<Vec<String>> = vec![vec![]];
    let mut finished = 0;
    while let Some(script) = stack.pop() {
        let mut input = script.join("\n");
        input.push_str("\nmoves\n");
        let mut args = vec!["play"];
        args.extend_from_slice(game);
        args.extend(["--first", "computer", "--moves"]);
        let (out, err, code) = run(&args, &input);
        assert_eq!(code, Some(0), "{err}");
        assert!(
            !out.contains("you win"),
            "the human won after {script:?}:\n{out}"
        );
        if out.contains("the computer wins") {
            finished += 1;
            continue;
        }
        // The listing after the script: one line `#K ...` per move at
        // this turn.
        let listed = out
            .rsplit("your move> moves")
            .next()
            .unwrap()
            .lines()
            .filter(|l| {
                l.trim_start()
                    .strip_prefix('#')
                    .and_then(|l| l.split(' ').next())
                    .is_some_and(|k| k.parse::<usize>().is_ok())
            })
            .count();
        assert!(listed > 0, "no moves listed after {script:?}:\n{out}");
        for k in 1..=listed {
            let mut next = script.clone();
            next.push(format!("#{k}"));
            stack.push(next);
        }
    }
    finished
}

#[test]
fn the_computer_wins_against_every_human_line() {
    assert!(computer_wins_every_line(&["sub:1,3,4", "8"]) >= 3);
    assert!(computer_wins_every_line(&["nim", "1", "2", "2"]) >= 2);
    assert!(computer_wins_every_line(&["kayles", "5"]) >= 2);
}

/// A loopy game: x and y pass the token back and forth; leaving the loop
/// for w loses (the opponent moves on to z, where nothing is left).
const LOOP: &str = "x y\ny x\nx w\ny w\nw z\n";

/// `grundy play` on [`LOOP`] from x, the human typing `moves`.
fn play_loop(file_name: &str, moves: &str) -> String {
    let path = file(file_name, LOOP);
    let game = format!("graph:{path}");
    let (out, err, code) = run(&["play", &game, "x", "--moves"], moves);
    assert_eq!(code, Some(0), "{err}");
    out
}

#[test]
fn play_keeps_a_draw_in_a_loopy_game() {
    let out = play_loop("play-loop.txt", "y\ny\n");
    assert!(out.contains("a draw with correct play"), "{out}");
    // The computer stays in the loop instead of leaving for w.
    assert_eq!(out.matches("computer: ").count(), 2, "{out}");
    assert!(!out.contains("-> w"), "{out}");
    assert!(
        out.contains("the same position has come up three times: a draw."),
        "{out}"
    );
}

#[test]
fn play_punishes_leaving_the_loop() {
    let out = play_loop("play-loop-2.txt", "w\n");
    assert!(out.contains("w -> z"), "{out}");
    assert!(out.contains("no move left: the computer wins."), "{out}");
}

/// A typed move is read as the game reads positions: a vertex named `p+q`
/// is one vertex (graph:FILE reads no sums), a script's string `"a b"`
/// is one component, and `"y"` and `y` are one string.
#[test]
fn typed_moves_are_read_as_the_game_reads_positions() {
    let graph = file("plus-names.txt", "c p+q\nx y\na+b c\n");
    let game = format!("graph:{graph}");
    for line in ["1:p+q", "p+q", "p+q x"] {
        let (out, err, _) = run(
            &["play", &game, "c", "x", "--moves"],
            &format!("{line}\nquit\n"),
        );
        assert!(
            out.contains("you: component 1: c -> p+q"),
            "{line}: {out}{err}"
        );
    }
    let (out, _, _) = run(&["play", &game, "a+b", "x", "--moves"], "a+b y\nquit\n");
    assert!(out.contains("you: component 2: x -> y"), "{out}");
    let script = file(
        "spaces.rhai",
        r#"fn moves(p) { if p == "a b" { [" b", "y"] } else if p == "xy" { ["y"] } else { [] } }"#,
    );
    let game = format!("rules:{script}");
    for (line, moved) in [
        (r#""a b" y"#, r#"component 2: "xy" -> y"#),
        (r#"" b" "xy""#, r#"component 1: "a b" -> " b""#),
        (r#"2:"y""#, r#"component 2: "xy" -> y"#),
        ("2:y", r#"component 2: "xy" -> y"#),
    ] {
        let (out, err, _) = run(
            &["play", &game, r#""a b""#, r#""xy""#, "--moves"],
            &format!("{line}\nquit\n"),
        );
        assert!(out.contains(&format!("you: {moved}")), "{line}: {out}{err}");
    }
}
