//! The registry walked end to end: every game `grundy::registry::GAMES`
//! lists is run, on its example, through `value` (text and JSON), `graph`,
//! a whole `play` of the computer against a player who follows the hints,
//! and the server's `/api/value`; all must agree on who wins, and on the
//! value wherever two of them report one. Games read from files have no
//! example: they are walked on small files written here.

mod serve_support;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use grundy::registry::{Entry, Name, GAMES};
use serde_json::Value;
use serve_support::{cli, enc, Server};

/// A game and position as the commands are given them.
struct Case {
    game: String,
    components: Vec<String>,
    /// Whether the server can build the game (it reads no files).
    served: bool,
}

/// A small file in the test scratch directory.
fn file(name: &str, contents: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, contents).unwrap();
    path.to_str().unwrap().to_string()
}

/// The case of an entry: its example, or for a game read from a file, a
/// file written here and a position in it.
fn case_of(entry: &Entry) -> Case {
    if let Some(ex) = entry.example {
        return Case {
            game: ex.game.to_string(),
            components: ex.position.split(';').map(String::from).collect(),
            served: true,
        };
    }
    let (game, components) = match entry.name {
        // From a the token enters the cycle b -> c -> d -> b and never
        // leaves: a draw; e -> f ends at once (*). Their sum is a draw, so
        // play must end by repetition.
        Name::File { head: "graph", .. } => {
            let path = file("registry-graph.txt", "a b\nb c\nc d\nd b\ne f\n");
            (
                format!("graph:{path}"),
                vec!["a".to_string(), "e".to_string()],
            )
        }
        // Subtraction of 1 or 2: G(n) = n mod 3, so 4 and 2 sum to *3.
        Name::File { head: "rules", .. } => {
            let script = "fn moves(n) { let m = []; if n >= 1 { m.push(n - 1); } \
                          if n >= 2 { m.push(n - 2); } m }\n";
            let path = file("registry-rules.rhai", script);
            (
                format!("rules:{path}"),
                vec!["4".to_string(), "2".to_string()],
            )
        }
        _ => panic!(
            "`{}` has no example: give it a small file in tests/registry.rs",
            entry.pattern
        ),
    };
    Case {
        game,
        components,
        served: false,
    }
}

/// What one route reports: the outcome (`P`, `N` or `D`) and the value of
/// the whole position when it has one, written as the text output writes
/// it (`0`, `*`, `*3`, `inf()`).
#[derive(Debug, PartialEq)]
struct Report {
    outcome: String,
    value: Option<String>,
}

fn nimber_text(v: &Value) -> Option<String> {
    match v {
        Value::Null => None,
        Value::Number(n) => Some(match n.as_u64().unwrap() {
            0 => "0".to_string(),
            1 => "*".to_string(),
            n => format!("*{n}"),
        }),
        Value::String(s) => Some(s.clone()),
        other => panic!("a value: {other}"),
    }
}

fn from_json(v: &Value) -> Report {
    Report {
        outcome: v["outcome"].as_str().unwrap().to_string(),
        value: nimber_text(&v["grundy"]),
    }
}

fn args<'a>(command: &'a str, case: &'a Case) -> Vec<&'a str> {
    let mut args = vec![command, case.game.as_str()];
    args.extend(case.components.iter().map(String::as_str));
    args
}

fn value_text(case: &Case) -> Report {
    let out = cli(&args("value", case));
    let field = |key: &str| {
        out.lines()
            .find_map(|l| l.strip_prefix(key))
            .map(|rest| rest.split_whitespace().next().unwrap().to_string())
    };
    Report {
        outcome: field("outcome: ").expect(&out),
        value: field("total: "),
    }
}

fn value_json(case: &Case) -> Report {
    let mut a = args("value", case);
    a.push("--json");
    from_json(&serde_json::from_str(&cli(&a)).unwrap())
}

/// The start's node in `graph`'s DOT picture (node 0): its outcome, by its
/// colour, and the value on its label.
fn graph(case: &Case, n: usize) -> Report {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("registry-{n}.dot"));
    let _ = std::fs::remove_file(&path);
    let mut a = args("graph", case);
    a.extend(["-o", path.to_str().unwrap()]);
    cli(&a);
    let dot = std::fs::read_to_string(&path).expect("graph writes its file");
    let start = dot
        .lines()
        .find(|l| l.trim_start().starts_with("0 ["))
        .unwrap_or_else(|| panic!("no start node in {dot}"));
    let outcome = [("#fbe3e1", "P"), ("#e3f1fa", "N"), ("#eeeeee", "D")]
        .iter()
        .find(|(fill, _)| start.contains(&format!("fillcolor=\"{fill}\"")))
        .unwrap_or_else(|| panic!("no outcome colour: {start}"))
        .1;
    let label = start.split("label=\"").nth(1).unwrap();
    let value = label
        .split('"')
        .next()
        .unwrap()
        .rsplit("\\n")
        .next()
        .unwrap();
    Report {
        outcome: outcome.to_string(),
        value: Some(value.to_string()),
    }
}

/// The lines a child prints, read on a thread so that a silent child
/// fails the test instead of hanging it.
fn lines_of(stdout: std::process::ChildStdout) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                return;
            }
        }
    });
    rx
}

/// A whole `play` game: the computer moves first, and the other side
/// plays the move `hint` gives, picked from `moves` by its number. Returns
/// the first position's status (outcome and value) and how the game ended.
fn play(case: &Case) -> (Report, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args("play", case))
        .args(["--moves", "--first", "computer"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let lines = lines_of(child.stdout.take().unwrap());
    let mut transcript = String::new();
    let mut status = None;
    let mut listed: Vec<(String, String)> = Vec::new();
    // Whether the player is to move and has not yet asked for moves.
    let mut to_ask = false;
    let ending = loop {
        let line = lines
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("play {} stopped:\n{transcript}", case.game));
        transcript.push_str(&line);
        transcript.push('\n');
        assert!(transcript.len() < 1 << 20, "play goes on: {transcript}");
        if let Some(position) = line.strip_prefix("position: ") {
            if status.is_none() {
                status = Some(play_status(position));
            }
            if to_ask {
                // The game may be over already: then nobody reads this.
                let _ = stdin.write_all(b"moves\nhint\n");
                to_ask = false;
            }
        } else if line.starts_with("no move left") || line.starts_with("the same position") {
            break line;
        } else if line.starts_with("computer: ") {
            to_ask = true;
        } else if let Some(hint) = line.strip_prefix("hint: ") {
            let (k, _) = listed
                .iter()
                .find(|(_, desc)| hint.starts_with(&format!("{desc} (")))
                .unwrap_or_else(|| panic!("the hint is not listed:\n{transcript}"));
            writeln!(stdin, "{k}").unwrap();
            listed.clear();
        } else if let Some((k, desc)) = line.trim_start().split_once("  ") {
            if k.starts_with('#') && line.starts_with(' ') {
                // What the move leaves follows the move, in brackets.
                let desc = desc.trim_start().split("   [leaves ").next().unwrap_or("");
                listed.push((k.to_string(), desc.to_string()));
            }
        }
    };
    drop(stdin);
    assert!(child.wait().unwrap().success(), "{transcript}");
    (status.expect("a first position"), ending)
}

/// `3 4   (value *7, the player to move wins)` as a report.
fn play_status(line: &str) -> Report {
    let status = line
        .rsplit_once("   (")
        .and_then(|(_, s)| s.strip_suffix(')'))
        .unwrap_or_else(|| panic!("no status: {line}"));
    let (value, who) = match status.split_once(", ") {
        Some((v, who)) => (v.strip_prefix("value ").map(String::from), who),
        None => (None, status),
    };
    let outcome = match who {
        "the player to move wins" => "N",
        "the player to move loses" => "P",
        "a draw with correct play" => "D",
        other => panic!("an outcome: {other}"),
    };
    Report {
        outcome: outcome.to_string(),
        value,
    }
}

fn api_value(server: &Server, case: &Case) -> Option<Report> {
    let path = format!(
        "/api/value?game={}&components={}",
        enc(&case.game),
        enc(&case.components.join(";"))
    );
    if !case.served {
        server.fails(&path, 400, "only the command line");
        return None;
    }
    Some(from_json(&server.json(&path)))
}

#[test]
fn every_game_agrees_with_itself_on_every_route() {
    let server = Server::start(&[]);
    for (n, entry) in GAMES.iter().enumerate() {
        let case = case_of(entry);
        let what = format!(
            "{} ({} {})",
            entry.pattern,
            case.game,
            case.components.join(" ")
        );
        let text = value_text(&case);
        let json = value_json(&case);
        assert_eq!(text, json, "{what}: value's text and JSON");
        let drawn = graph(&case, n);
        let (status, ending) = play(&case);
        if let Some(api) = api_value(&server, &case) {
            assert_eq!(api, json, "{what}: /api/value and value --json");
        }
        for (route, r) in [("graph", &drawn), ("play", &status)] {
            assert_eq!(r.outcome, json.outcome, "{what}: {route}");
        }
        // Play and the picture value the state graph itself: they agree
        // with each other, and with `value` except in the Cutting Game,
        // whose real rules end the whole game at a 1x1 piece, so that the
        // graph's values (*2 for 4x2) are not the reduced game's (*) by
        // which `value` adds pieces; only the outcomes must agree there.
        if let (Some(a), Some(b)) = (&drawn.value, &status.value) {
            assert_eq!(a, b, "{what}: graph's and play's values");
        }
        if entry.pattern != "cutting" {
            for (route, r) in [("graph", &drawn), ("play", &status)] {
                if let (Some(a), Some(b)) = (&r.value, &json.value) {
                    assert_eq!(a, b, "{what}: {route}'s value");
                }
            }
        }
        // Perfect play from the start ends as its outcome says: the
        // computer, to move first, wins from N and loses from P.
        let expected = match json.outcome.as_str() {
            "N" => "no move left: the computer wins.",
            "P" => "no move left: you win!",
            _ => "the same position has come up three times: a draw.",
        };
        assert_eq!(ending, expected, "{what}: the game played out");
    }
}
