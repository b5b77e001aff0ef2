//! Malformed and extreme input fed to every parser of the real binary:
//! game names, the components of every game of the registry, flags,
//! graph files, Hackenbush files, Rhai scripts and `play`'s moves.
//!
//! Whatever the input, a run ends within ten seconds with exit code 0, or
//! with exit code 2 and exactly one short line `error: ...` on stderr; never
//! a panic (which `main` reports as an internal error) or an abort.

mod support;

use std::time::{Duration, Instant};

use grundy::registry::{Entry, Name, GAMES};
use proptest::prelude::*;
use support::file;

/// The most a run may take (the test kills it then).
const LIMIT: Duration = Duration::from_secs(10);
/// The longest error line accepted, in bytes.
const LINE_MAX: usize = 700;
/// Concurrent runs: the machine's cores are shared with other tests.
const THREADS: usize = 3;

/// What a case must do.
#[derive(Clone, Copy, PartialEq)]
enum Expect {
    /// Malformed input: exit code 2.
    Fails,
    /// Exit code 0 or 2, whichever is right for the input.
    Ends,
}

/// One run of `grundy args` with `stdin`.
struct Case {
    args: Vec<String>,
    stdin: String,
    expect: Expect,
}

fn case(args: &[&str], expect: Expect) -> Case {
    Case {
        args: args.iter().map(|a| a.to_string()).collect(),
        stdin: String::new(),
        expect,
    }
}

/// The first 120 characters of a case, for failure reports.
fn describe(c: &Case) -> String {
    let text = format!("{:?} <<< {:?}", c.args, c.stdin);
    text.chars().take(120).collect()
}

/// Why `c` broke the rules, if it did.
fn violation(c: &Case) -> Option<String> {
    let start = Instant::now();
    let out = assert_cmd::Command::cargo_bin("grundy")
        .unwrap()
        .args(&c.args)
        .write_stdin(c.stdin.as_bytes())
        .timeout(LIMIT)
        .output()
        .unwrap();
    let took = start.elapsed();
    let err = String::from_utf8_lossy(&out.stderr);
    let code = out.status.code();
    if took >= LIMIT {
        return Some(format!("still running after {took:?}"));
    }
    if err.contains("panicked")
        || err.contains("internal error")
        || err.contains("memory allocation")
    {
        return Some(format!(
            "crashed: {}",
            err.chars().take(300).collect::<String>()
        ));
    }
    match code {
        Some(2) => {
            if err.lines().count() != 1 || !err.starts_with("error: ") {
                return Some(format!("not one line `error: ...`: {err:?}"));
            }
            if err.len() > LINE_MAX {
                return Some(format!("an error line of {} bytes", err.len()));
            }
            None
        }
        Some(0) if c.expect == Expect::Ends => {
            if err.contains("error") {
                return Some(format!("exit 0 with an error: {err:?}"));
            }
            None
        }
        _ => Some(format!("exit code {code:?}: {err:?}")),
    }
}

/// Runs every case, a few at a time, and fails listing the cases that broke
/// the rules.
fn check_all(cases: Vec<Case>) {
    let chunk = cases.len().div_ceil(THREADS).max(1);
    let broken: Vec<String> = std::thread::scope(|s| {
        let workers: Vec<_> = cases
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    part.iter()
                        .filter_map(|c| violation(c).map(|v| format!("{}: {v}", describe(c))))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    });
    assert!(
        broken.is_empty(),
        "{} of {} cases broke the rules:\n{}",
        broken.len(),
        cases.len(),
        broken.join("\n")
    );
}

/// Junk that no parser should accept, and extremes that some accept.
fn junk() -> Vec<String> {
    let mut v: Vec<String> = [
        "",
        " ",
        ",",
        "-",
        ":",
        "~",
        "x",
        "-1",
        "0",
        "1",
        "3,4",
        "0,0",
        "2x3",
        "0x0",
        "THHT",
        "2,3,5",
        "0-1,1-2",
        "0-0",
        "[1,2]",
        "[",
        "\"s\"",
        "4+6",
        "1.5",
        "1e9",
        "é",
        "💥",
        "a\nb",
        "\u{1b}[31m",
        "18446744073709551615",
        "18446744073709551616",
        "99999999999999999999999",
        "9223372036854775808",
        "18446744073709551615,18446744073709551615",
        "1048576x1048576",
        "nonexistent.txt",
        "/",
        "/dev/null",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    v.push("7".repeat(100_000));
    v.push(format!("x{}", "é".repeat(50_000)));
    v
}

/// A concrete name for an entry of the registry: its example, or for a
/// game read from a file, the file written here.
fn concrete(entry: &Entry, files: &Files) -> String {
    match (entry.example, entry.name) {
        (Some(example), _) => example.game.to_string(),
        (None, Name::File { head: "graph", .. }) => format!("graph:{}", files.digraph),
        (None, Name::File { head: "rules", .. }) => format!("rules:{}", files.rules),
        _ => panic!("give `{}` a file in fuzz.rs", entry.pattern),
    }
}

/// Well-formed files that games read, so that their components are fuzzed.
struct Files {
    digraph: String,
    rules: String,
}

fn files() -> Files {
    Files {
        digraph: file("fuzz-digraph.txt", "a b\nb c\nc a\nc d\n"),
        rules: file(
            "fuzz-rules.rhai",
            "fn moves(n) { if n > 0 && n < 1000 { [n - 1] } else { [] } }\n",
        ),
    }
}

/// Every game of the registry, by a concrete name, and more codes than
/// the one example of the entry that stands for every code.
fn every_game(files: &Files) -> Vec<String> {
    let games: Vec<String> = GAMES.iter().map(|e| concrete(e, files)).collect();
    let codes = ["0.77", "0.F7", "4!.0"].map(String::from);
    games.into_iter().chain(codes).collect()
}

#[test]
fn components_of_every_game() {
    let files = files();
    let mut cases = Vec::new();
    for game in every_game(&files) {
        for comp in junk() {
            cases.push(case(&["value", &game, &comp], Expect::Ends));
        }
        for comp in ["x", "", "0-1", "2x3", "3,4"] {
            cases.push(case(
                &["value", "--misere", "--json", &game, comp],
                Expect::Ends,
            ));
            cases.push(case(
                &["graph", "--format", "dot", &game, comp],
                Expect::Ends,
            ));
            let mut play = case(&["play", "--moves", &game, comp], Expect::Ends);
            play.stdin = "x\n#99\n9:9\n0:1\n\n".into();
            cases.push(play);
        }
    }
    check_all(cases);
}

#[test]
fn malformed_game_names() {
    let names: Vec<String> = [
        "",
        ":",
        "nim:",
        "nim:3",
        "NIM",
        "sub:",
        "sub:0",
        "sub:-1",
        "sub:1,,2",
        "sub:x",
        "sub:99999999999999999999",
        "sub-allbut:",
        "moore:",
        "moore:0",
        "moore:x",
        "coins:",
        "coins:any:",
        "coins:any:0",
        "coins:foo:1",
        "coins:run:x",
        "graph:",
        "graph:nonexistent.txt",
        "graph:/",
        "rules:",
        "rules:nonexistent.rhai",
        "rules:/",
        "0.",
        "0.G",
        ".",
        "...",
        "é",
        "💥",
        "kayles:1",
        "a\nb",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain(["a".repeat(100_000), format!("sub:{}", "1,".repeat(50_000))])
    .collect();
    let mut cases = Vec::new();
    for name in &names {
        cases.push(case(&["value", name, "3"], Expect::Fails));
        cases.push(case(&["seq", name, "--to", "10"], Expect::Fails));
        cases.push(case(&["solve", name], Expect::Fails));
    }
    // Long codes are games, if odd ones.
    for code in [
        "0.FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF".to_string(),
        format!("0.{}", "7".repeat(100_000)),
    ] {
        cases.push(case(&["value", &code, "3"], Expect::Ends));
        cases.push(case(&["seq", &code, "--to", "10"], Expect::Ends));
    }
    check_all(cases);
}

#[test]
fn malformed_flags() {
    let dir = format!("{}/fuzz-plot-dir.png", env!("CARGO_TARGET_TMPDIR"));
    std::fs::create_dir_all(&dir).unwrap();
    let long = "9".repeat(100_000);
    let mut cases = Vec::new();
    let bad_numbers = [
        "",
        "x",
        "-1",
        "1.5",
        "1e3",
        "99999999999999999999999",
        long.as_str(),
    ];
    for n in bad_numbers {
        cases.push(case(&["seq", "kayles", "--to", n], Expect::Fails));
        cases.push(case(
            &["value", "--max-states", n, "nim", "3"],
            Expect::Fails,
        ));
        cases.push(case(
            &["seq", "kayles", "--to", "9", "--values-width", n],
            Expect::Fails,
        ));
        cases.push(case(&["serve", "--port", n], Expect::Fails));
        cases.push(case(
            &["value", "--ground", n, "hackenbush", "0-1"],
            Expect::Fails,
        ));
    }
    for secs in ["", "x", "nan", "-1", "inf", "-inf"] {
        cases.push(case(
            &["seq", "kayles", "--to", "9", "--checkpoint-every", secs],
            Expect::Fails,
        ));
        cases.push(case(&["serve", "--time-limit", secs], Expect::Fails));
    }
    for secs in ["0", "1e20", "3601"] {
        cases.push(case(&["serve", "--time-limit", secs], Expect::Fails));
    }
    cases.push(case(&["serve", "--bind", "x"], Expect::Fails));
    cases.push(case(&["serve", "--bind", "8.8.8.8"], Expect::Fails));
    for width in ["0", "3", "16", "4294967296"] {
        cases.push(case(
            &["seq", "kayles", "--to", "9", "--values-width", width],
            Expect::Fails,
        ));
    }
    for path in [
        "",
        "/",
        "x.txt",
        "/nonexistent-dir/p.png",
        "/nonexistent-dir/p.svg",
        &dir,
    ] {
        cases.push(case(
            &["seq", "kayles", "--to", "9", "--plot", path],
            Expect::Fails,
        ));
    }
    for path in ["", "/", "/nonexistent-dir/f"] {
        cases.push(case(
            &["seq", "kayles", "--to", "9", "--values-out", path],
            Expect::Fails,
        ));
        cases.push(case(
            &["seq", "kayles", "--to", "9", "--checkpoint", path],
            Expect::Fails,
        ));
        cases.push(case(&["graph", "nim", "3", "-o", path], Expect::Fails));
    }
    // Huge inputs that once ran for minutes: each must end in bounded time.
    for args in [
        vec!["value", "0.F7", "4294967296"],
        vec!["value", "officers", "4294967296", "--max-states", "100000"],
        vec!["value", "grundy", "4611686018427387904"],
        vec!["graph", "coins:run:2,3", "99999999999"],
    ] {
        cases.push(case(&args, Expect::Fails));
    }
    // Play glances at the position for at most a second before the human
    // moves: the state budget refuses it within that second (exit 2), but
    // on a loaded machine the glance may end first, unsolved, and the game
    // ends with the input (exit 0, as CI once saw in a debug build).
    cases.push(case(&["play", "coins:run:7", "99999999999"], Expect::Ends));
    cases.push(case(
        &["seq", "kayles", "--to", "9", "--checkpoint-every", "1e20"],
        Expect::Fails,
    ));
    for args in [
        vec!["graph", "nim", "3", "--format", "png"],
        vec!["graph", "nim", "3", "-o", "x.gif"],
        vec!["play", "--first", "nobody", "nim", "3"],
        vec!["value", "nim", "3", "--frobnicate"],
        vec!["value", "nim", "3", &long],
        vec!["frobnicate"],
        vec![&long],
        vec!["value"],
        vec!["seq"],
        vec!["games", "extra"],
    ] {
        cases.push(case(&args, Expect::Fails));
    }
    check_all(cases);
}

/// Contents that the graph readers and the script loader must refuse or
/// read, in one line either way.
fn file_contents() -> Vec<(&'static str, String)> {
    let mut v: Vec<(&str, String)> = [
        ("empty", ""),
        ("comments", "\n\n# nothing\n"),
        ("one-word", "a\n"),
        ("three-words", "0 1 2\n"),
        ("self-loop", "0 0\n"),
        ("crlf", "0 1\r\n1 2\r\n"),
        ("unicode", "é ü\n💥 é\n"),
        ("negative", "-1 2\n"),
        (
            "huge-vertex",
            "0 18446744073709551615\n0 99999999999999999999999\n",
        ),
        ("header", "4 4\n1 2\n2 3\n"),
        ("cut-lines", "0 1\n~0 1\n~5 6\n"),
        ("no-newline", "0 1"),
    ]
    .iter()
    .map(|&(n, c)| (n, c.to_string()))
    .collect();
    v.push(("long-line", "7".repeat(200_000)));
    v.push((
        "many-edges",
        (0..20_000).map(|i| format!("{i} {}\n", i + 1)).collect(),
    ));
    v
}

#[test]
fn malformed_files() {
    let mut cases = Vec::new();
    for (name, contents) in file_contents() {
        let path = file(&format!("fuzz-{name}.txt"), &contents);
        cases.push(case(&["solve", &format!("graph:{path}")], Expect::Ends));
        cases.push(case(
            &["value", &format!("graph:{path}"), "a"],
            Expect::Ends,
        ));
        cases.push(case(&["value", "hackenbush", &path], Expect::Ends));
        cases.push(case(
            &["value", "hackenbush", &format!("{path}~0-1")],
            Expect::Ends,
        ));
        cases.push(case(&["graph", "hackenbush", &path], Expect::Ends));
    }
    let binary = [0xffu8, 0xfe, 0, b'\n', 0x80];
    let binary_path = file("fuzz-binary.txt", "");
    std::fs::write(&binary_path, binary).unwrap();
    cases.push(case(
        &["solve", &format!("graph:{binary_path}")],
        Expect::Fails,
    ));
    cases.push(case(&["value", "hackenbush", &binary_path], Expect::Fails));
    for (i, script) in [
        "",
        "fn moves(n) { [n-1 }",
        "fn nomoves(n) { [] }",
        "fn moves(n) { throw \"boom\"; }",
        "fn moves(n) { 1 }",
        "fn moves(n) { [n / 0] }",
        "fn moves(n) { [()] }",
        "fn moves(n) { [#{a: 1}] }",
        "fn moves(n) { [1.5] }",
        "fn moves(n) { let x = [1]; x[10] }",
        "fn moves(n) { moves(n) }",
        "fn moves(n) { eval(\"1\") }",
        "fn moves(n) { if n > 0 { [n - 1] } else { [] } }\nfn components(p) { 5 }",
        "fn moves(n) { [n] }",
        "\u{0}\u{1}\u{2}",
    ]
    .iter()
    .enumerate()
    {
        let game = format!("rules:{}", file(&format!("fuzz-script-{i}.rhai"), script));
        for comp in [
            "3",
            "\"ab\"",
            "[1, [2]]",
            "[",
            "x y",
            "-1",
            "99999999999999999999",
        ] {
            cases.push(case(&["value", &game, comp], Expect::Ends));
        }
    }
    // Runaway scripts: each call is bounded in time and size.
    for (i, script) in [
        "fn moves(n) { let s = \"x\"; loop { s += s; } }",
        "fn moves(n) { let a = []; loop { a.push(n); } }",
        "fn moves(n) { loop { } }",
    ]
    .iter()
    .enumerate()
    {
        let game = format!("rules:{}", file(&format!("fuzz-runaway-{i}.rhai"), script));
        cases.push(case(&["value", &game, "3"], Expect::Fails));
    }
    check_all(cases);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, failure_persistence: None, ..ProptestConfig::default() })]

    /// Random text in every place a command reads text.
    #[test]
    fn random_text_anywhere(
        text in "[0-9a-zA-Z,:;x+~#\\-\\.\\[\\] é💥\n]{0,40}",
        game in prop::sample::select(vec!["nim", "sub:1,3,4", "wythoff", "hackenbush",
            "turtles", "cutting", "kayles", "staircase", "euclid"]),
        place in 0usize..5,
    ) {
        let args: Vec<&str> = match place {
            0 => vec!["value", game, &text],
            1 => vec!["value", &text, "3"],
            2 => vec!["seq", "kayles", "--to", &text],
            3 => vec!["graph", game, &text],
            _ => vec!["play", "--moves", game, "3"],
        };
        let mut c = case(&args, Expect::Ends);
        c.stdin = format!("{text}\n{text}\n");
        let broken = violation(&c);
        prop_assert!(broken.is_none(), "{}: {}", describe(&c), broken.unwrap_or_default());
    }
}
