//! `grundy serve`: the real binary on a free port, every route with good and
//! bad input, the JSON against the command line's, the limits, and a load
//! of parallel clients. Connections, lanes and shutdown are tested in
//! `serve_limits.rs`, play (`/api/move`, `/api/hint`) in `serve_play.rs`.

mod serve_support;

use std::process::Command;
use std::time::{Duration, Instant};

use serve_support::{cli, enc, request, Server};

#[test]
fn prints_its_address_on_loopback_and_serves_the_page() {
    let s = Server::start(&[]);
    assert!(s.addr.starts_with("127.0.0.1:"), "{}", s.addr);
    let page = s.get("/");
    assert_eq!(page.status, 200);
    assert!(page.content_type.starts_with("text/html"));
    assert!(page.body.contains("grundy playground"));
    assert!(page.headers.contains("content-security-policy"));
    for (path, kind) in [
        ("/app.js", "text/javascript"),
        ("/play.js", "text/javascript"),
        ("/api.js", "text/javascript"),
        ("/style.css", "text/css"),
    ] {
        let r = s.get(path);
        assert_eq!(r.status, 200, "{path}");
        assert!(r.content_type.starts_with(kind), "{path}");
    }
    // No CDN: the page loads nothing from elsewhere.
    for path in ["/", "/app.js", "/api.js", "/play.js", "/style.css"] {
        assert!(!s.get(path).body.contains("http"), "{path} names no URL");
    }
}

#[test]
fn games_lists_every_known_game() {
    let s = Server::start(&[]);
    let v = s.json("/api/games");
    let games = v.as_array().unwrap();
    assert_eq!(games.len(), grundy::registry::GAMES.len());
    for (g, known) in games.iter().zip(grundy::registry::GAMES) {
        assert_eq!(g["name"], known.pattern);
        assert_eq!(g["about"], known.about);
    }
    let sub = games.iter().find(|g| g["name"] == "sub:S").unwrap();
    assert_eq!(sub["example_game"], "sub:1,3,4");
    // Every example answers on every route that takes a position.
    for g in games.iter().filter(|g| !g["example_game"].is_null()) {
        let game = enc(g["example_game"].as_str().unwrap());
        let pos = enc(g["example_position"].as_str().unwrap());
        s.json(&format!("/api/value?game={game}&components={pos}"));
        s.json(&format!("/api/hint?game={game}&position={pos}"));
        s.json(&format!("/api/move?game={game}&position={pos}"));
        let graph = s.get(&format!("/api/graph?game={game}&position={pos}"));
        assert_eq!(graph.status, 200, "{game} {pos}: {}", graph.body);
    }
}

#[test]
fn value_is_the_cli_json_byte_for_byte() {
    let s = Server::start(&[]);
    for (game, comps, extra) in [
        ("sub:1,3,4", &["7", "8"][..], ""),
        ("nim", &["3", "4", "5"][..], ""),
        ("nim", &["1", "1"][..], "&misere=true"),
        ("kayles", &["3", "5", "7"][..], "&misere=true"),
        ("cram", &["..x./..../.x.."][..], ""),
        ("euclid", &["25,7", "24,15"][..], ""),
        ("staircase", &["3", "1", "4"][..], ""),
        ("hackenbush", &["0-1,1-2,2-0", "0-1"][..], ""),
        ("hackenbush", &["1-2,2-3"][..], "&ground=1"),
        ("turtles", &["THHTH", "2,7"][..], ""),
        ("kayles", &["10", "20"][..], ""),
        // A split printed as a move (`4+6`) reads back as its parts.
        ("kayles", &["4+6", "3"][..], ""),
        ("cutting", &["2x2+2x2"][..], ""),
    ] {
        let path = format!(
            "/api/value?game={}&components={}{extra}",
            enc(game),
            enc(&comps.join(";"))
        );
        let web = s.get(&path);
        assert_eq!(web.status, 200, "{path}: {}", web.body);
        let mut args = vec!["value", game];
        args.extend(comps);
        args.push("--json");
        if extra.contains("misere") {
            args.push("--misere");
        }
        if extra.contains("ground") {
            args.extend(["--ground", "1"]);
        }
        assert_eq!(web.body, cli(&args), "{path}");
    }
    // The hint's and the picture's positions read sums too.
    let h = s.json("/api/hint?game=kayles&position=4%2B6");
    assert_eq!(h["position"], serde_json::json!(["4", "6"]));
    assert_eq!(s.get("/api/graph?game=kayles&position=1%2B2").status, 200);
    // `;` separates components; blanks around them do not matter.
    let v = s.json("/api/value?game=wythoff&components=3,5;%204,7%20;");
    assert_eq!(v["components"], serde_json::json!(["3,5", "4,7"]));
    // Every route takes the position by either name.
    let by_position = s.get("/api/value?game=nim&position=3;4;5");
    assert_eq!(
        by_position.body,
        s.get("/api/value?game=nim&components=3;4;5").body
    );
    let h = s.json("/api/hint?game=kayles&components=4%2B6");
    assert_eq!(h["position"], serde_json::json!(["4", "6"]));
    assert_eq!(s.get("/api/graph?game=kayles&components=3").status, 200);
    s.fails(
        "/api/value?game=nim&components=3&position=4",
        400,
        "not both",
    );
}

#[test]
fn seq_is_the_cli_json_byte_for_byte() {
    let s = Server::start(&[]);
    // With misère: the genus report of `seq --misere --json`.
    for (game, to, misere) in [
        ("sub:1,3,4", Some("20"), false),
        ("sub:1,3,4", None, false),
        ("kayles", None, false),
        ("nim", Some("10"), false),
        ("0.07", Some("200"), false),
        ("grundy", Some("1000"), false),
        ("fib", None, false),
        ("kayles", Some("20"), true),
        ("4.7", Some("16"), true),
        ("0.07", None, true),
    ] {
        let mut path = format!("/api/seq?game={}", enc(game));
        let mut args = vec!["seq", game, "--json"];
        if let Some(to) = to {
            path.push_str(&format!("&to={to}"));
            args.extend(["--to", to]);
        }
        if misere {
            path.push_str("&misere=true");
            args.push("--misere");
        }
        let web = s.get(&path);
        assert_eq!(web.status, 200, "{path}: {}", web.body);
        assert_eq!(web.body, cli(&args), "{path}");
    }
    s.fails("/api/seq?game=wythoff&misere=true", 400, "not a heap game");
    let v = s.json("/api/seq?game=sub:1,3,4");
    assert_eq!(v["values"].as_array().unwrap()[..7], [0, 1, 0, 1, 2, 3, 2]);
    assert_eq!(
        (v["period"].as_u64(), v["proven"].as_bool()),
        (Some(7), Some(true))
    );
    assert!(v.get("stopped").is_none());
}

#[test]
fn a_long_sequence_stops_at_the_time_limit_with_what_it_has() {
    // A budget big enough for a heap of Grundy's game that takes seconds.
    let s = Server::start(&["--time-limit", "0.3", "--max-states", "5000000"]);
    let started = Instant::now();
    // Three-heap splits: far too slow to reach 100000 in 0.3 s.
    let v = s.json("/api/seq?game=0.FFFF&to=100000");
    let took = started.elapsed();
    let stopped = v["stopped"].as_str().expect("a `stopped` field");
    assert!(
        stopped.starts_with("time limit of 0.3 s reached at n = "),
        "{stopped}"
    );
    let n = v["computed_to"].as_u64().unwrap();
    assert!(n > 0 && n < 100_000, "{n}");
    assert!(stopped.ends_with(&format!("n = {n}")), "{stopped}");
    assert_eq!(v["values"].as_array().unwrap().len() as u64, n + 1);
    assert!(took < Duration::from_secs(3), "answered in {took:?}");
    // The plot of the same request says it stopped, and draws what it has.
    let plot = s.get("/api/plot?game=0.FFFF&to=100000");
    assert_eq!(plot.status, 200);
    assert!(plot.headers.contains("x-grundy-stopped: time limit"));
    // Other routes name the limit in a 503. (A heap of 0.FFFF, whose
    // three-heap splits cost far more than the state budget allows, is
    // refused at once; Grundy's game to 4999999 is within it, and takes
    // seconds.)
    s.fails(
        "/api/value?game=grundy&components=4999999",
        503,
        "time limit of 0.3 s",
    );
    // And the server is still up.
    s.json("/api/games");
}

#[test]
fn graph_and_plot_are_svg() {
    let s = Server::start(&[]);
    let g = s.get("/api/graph?game=nim&position=1;2");
    assert_eq!(g.status, 200);
    assert!(g.content_type.starts_with("image/svg+xml"));
    assert_eq!(g.body, cli(&["graph", "nim", "1", "2"]));
    let p = s.get("/api/plot?game=kayles&to=300");
    assert_eq!(p.status, 200);
    assert!(p.content_type.starts_with("image/svg+xml"));
    assert!(p.body.starts_with("<svg") && p.body.trim_end().ends_with("</svg>"));
    assert!(!p.headers.contains("x-grundy-stopped"));
}

#[test]
fn bad_input_is_a_4xx_with_a_one_line_json_error() {
    let s = Server::start(&[]);
    s.fails("/api/value?game=0.8x&components=3", 400, "0.8x");
    s.fails("/api/value?game=chess&components=3", 400, "unknown game");
    s.fails("/api/value?game=nim&components=-3", 400, "negative");
    s.fails(
        "/api/value?game=nim&components=x",
        400,
        "non-negative integer",
    );
    s.fails("/api/value?game=nim&components=;;", 400, "empty");
    s.fails(
        "/api/value?game=nim",
        400,
        "needs the parameter `components`",
    );
    s.fails("/api/value?components=3", 400, "needs the parameter `game`");
    s.fails(
        "/api/value?game=nim&component=3",
        400,
        "no parameter `component`",
    );
    s.fails(
        "/api/value?game=nim&components=3&game=nim",
        400,
        "given twice",
    );
    s.fails(
        "/api/value?game=cutting&components=2,3&misere=true",
        400,
        "no misère play",
    );
    s.fails(
        "/api/value?game=nim&components=3&misere=maybe",
        400,
        "`misere`",
    );
    s.fails(
        "/api/value?game=graph:g.txt&components=a",
        400,
        "only the command line",
    );
    s.fails(
        "/api/value?game=rules:r.rhai&components=1",
        400,
        "only the command line",
    );
    s.fails("/api/seq?game=wythoff", 400, "not a heap game");
    s.fails(
        "/api/seq?game=nim&to=100001",
        400,
        "too large (at most 100000)",
    );
    s.fails("/api/seq?game=nim&to=-1", 400, "negative");
    s.fails("/api/seq?game=nim&to=ten", 400, "non-negative integer");
    s.fails("/api/plot?game=0.8x", 400, "0.8x");
    s.fails(
        "/api/graph?game=nim&position=20;20;20",
        422,
        "too many to draw",
    );
    s.fails("/api/graph?game=nim", 400, "`position`");
    // Past 1000 moves, games that cannot check a typed move refuse
    // (Nim's are typed instead: serve_play.rs).
    s.fails(
        "/api/hint?game=sub-allbut:1&position=5000",
        422,
        "more than 1000 moves",
    );
    s.fails(
        "/api/move?game=nim&position=abc",
        400,
        "non-negative integer",
    );
    s.fails("/api/nothing", 404, "no such page or route");
    // An empty component is refused, as on the command line; a `;` at the
    // end is only a separator left over.
    s.fails(
        "/api/value?game=nim&components=3;;4",
        400,
        "component 2 of `components` is empty",
    );
    assert_eq!(s.json("/api/value?game=nim&components=3;4;")["grundy"], 7);
    s.fails("/api/value?game=%FF&components=3", 400, "");
    let many = vec!["1"; 101].join(";");
    s.fails(
        &format!("/api/value?game=nim&components={many}"),
        400,
        "at most 100",
    );
    let long = "1".repeat(9000);
    s.fails(
        &format!("/api/value?game=nim&components={long}"),
        414,
        "at most 8192",
    );
    // A long path is refused too, and a 404 quotes a path only in part.
    s.fails(&format!("/{long}"), 414, "the path is 9001 bytes long");
    let path = format!("/api/{}", "x".repeat(500));
    s.fails(&path, 404, "no such page or route: /api/xxxx");
    assert!(s.get(&path).body.len() < 300);
    request(&s.addr, "POST", "/api/value").assert_error(405, "only GET", "POST");
    // The README promises 405 for every method but GET, HEAD included.
    for path in ["/api/value?game=nim&components=3", "/", "/api/games"] {
        let head = request(&s.addr, "HEAD", path);
        assert_eq!(head.status, 405, "HEAD {path}");
        assert!(head.headers.contains("allow: GET"), "{}", head.headers);
    }
    request(&s.addr, "DELETE", "/nothing").assert_error(405, "only GET", "DELETE");
    // `/api/games` takes no parameter, and says so.
    s.fails(
        "/api/games?x=1",
        400,
        "/api/games has no parameter `x`; it takes none",
    );
    // `misere` is `true` or `false`, as its error says.
    for bad in ["1", "0", "", "yes"] {
        s.fails(
            &format!("/api/value?game=nim&components=3&misere={bad}"),
            400,
            "`misere` must be true or false",
        );
    }
    // Errors speak of parameters and routes, not of command-line flags.
    for (path, needle) in [
        (
            "/api/value?game=cutting&components=2,3&misere=true",
            "`cutting` has no misère play: ",
        ),
        (
            "/api/value?game=nim&components=3&ground=1",
            "`ground` works with hackenbush",
        ),
        ("/api/seq?game=wythoff", "use /api/value"),
        ("/api/value?game=&components=3", "see /api/games"),
        // A file that exists is not read either, and is not said missing.
        (
            "/api/value?game=hackenbush&components=/etc/passwd",
            "names no file grundy could read (one that exists, not a folder or device; the web page reads none)",
        ),
    ] {
        s.fails(path, 400, needle);
        let body = s.get(path).body;
        assert!(!body.contains("--") && !body.contains("`grundy "), "{body}");
    }
    // A state budget overrun names the limit.
    let small = Server::start(&["--max-states", "1000"]);
    small.fails("/api/seq?game=kayles&to=5000", 422, "more than 1000 states");
    // The server survived all of it.
    s.json("/api/games");
}

#[test]
fn startup_errors_are_one_line() {
    let s = Server::start(&[]);
    let port = s.addr.rsplit(':').next().unwrap();
    for (args, needle) in [
        (vec!["serve", "--port", port], "cannot listen on 127.0.0.1:"),
        (vec!["serve", "--time-limit", "0"], "--time-limit"),
        (vec!["serve", "--bind", "nowhere"], "nowhere"),
        (vec!["serve", "--max-connections", "0"], "--max-connections"),
        (vec!["serve", "--idle-timeout", "0"], "--idle-timeout"),
        (vec!["serve", "--idle-timeout", "1e20"], "to 3600 (an hour)"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("error: ") && err.contains(needle), "{err}");
    }
}

#[test]
fn many_parallel_clients_lose_no_request() {
    let s = Server::start(&[]);
    const THREADS: usize = 50;
    const EACH: usize = 20;
    let paths = [
        "/api/value?game=nim&components=3;4;5",
        "/api/seq?game=sub:1,3,4&to=100",
        "/api/hint?game=sub:1,3,4&position=10",
        "/api/move?game=kayles&position=4;2",
        "/api/graph?game=nim&position=1;2",
        "/api/games",
        "/",
    ];
    let started = Instant::now();
    let handles: Vec<_> = (0..THREADS)
        .map(|t| {
            let addr = s.addr.clone();
            std::thread::spawn(move || {
                let mut ok = 0;
                for i in 0..EACH {
                    let path = paths[(t + i) % paths.len()];
                    let r = request(&addr, "GET", path);
                    assert_eq!(r.status, 200, "{path}: {}", r.body);
                    assert!(!r.body.is_empty());
                    ok += 1;
                }
                ok
            })
        })
        .collect();
    let answered: usize = handles.into_iter().map(|h| h.join().unwrap()).sum();
    assert_eq!(answered, THREADS * EACH);
    assert!(started.elapsed() < Duration::from_secs(120));
    // Still up, and still right.
    let v = s.json("/api/value?game=nim&components=3;4;5");
    assert_eq!(v["grundy"], 2);
}

/// Compounds and sums of different games: the same JSON as `grundy value
/// --compound` and `--sum`, byte for byte.
#[test]
fn compounds_and_sums_are_the_cli_json() {
    let s = Server::start(&[]);
    let cases: [(&str, &[&str], &[&str]); 4] = [
        (
            "game=sub%3A1%2C2&compound=conjunctive",
            &["5", "3"],
            &[
                "value",
                "sub:1,2",
                "5",
                "3",
                "--compound",
                "conjunctive",
                "--json",
            ],
        ),
        (
            "game=euclid&compound=every-sg&misere=true",
            &["3,2", "1,1"],
            &[
                "value",
                "euclid",
                "3,2",
                "1,1",
                "--compound",
                "every-sg",
                "--misere",
                "--json",
            ],
        ),
        (
            "sum=true",
            &["kayles 3", "nim 4", "cram 3x4"],
            &["value", "--sum", "kayles 3", "nim 4", "cram 3x4", "--json"],
        ),
        (
            "sum=true&compound=selective",
            &["kayles 3", "nim 2"],
            &[
                "value",
                "--sum",
                "kayles 3",
                "nim 2",
                "--compound",
                "selective",
                "--json",
            ],
        ),
    ];
    for (query, comps, args) in cases {
        let path = format!("/api/value?{query}&components={}", enc(&comps.join(";")));
        let web = s.get(&path);
        assert_eq!(web.status, 200, "{path}: {}", web.body);
        assert_eq!(web.body, cli(args), "{path}");
    }
    // The page's play and picture routes take the compound too.
    let mv = s.json(&format!(
        "/api/move?game=nim&compound=selective&position={}",
        enc("1;1")
    ));
    assert_eq!(mv["outcome"], "N", "{mv}");
    let graph = s.get(&format!(
        "/api/graph?game=nim&compound=conjunctive&position={}",
        enc("2;1")
    ));
    assert_eq!(graph.status, 200, "{}", graph.body);
    assert!(
        graph.body.contains("conjunctive compound"),
        "{}",
        graph.body
    );
    let mv = s.json(&format!(
        "/api/move?sum=true&position={}",
        enc("kayles 3;nim 4")
    ));
    assert_eq!(mv["outcome"], "N", "{mv}");
    let bad = s.get("/api/value?sum=true&game=nim&components=nim%204");
    assert_eq!(bad.status, 400);
    assert!(bad.body.contains("drop `game`"), "{}", bad.body);
    let bad = s.get("/api/value?game=nim&compound=conj&components=4");
    assert_eq!(bad.status, 400);
    assert!(bad.body.contains("unknown compound"), "{}", bad.body);
}

/// `drawings=true` draws each position of a board game in its node, as
/// `grundy graph --drawings` does, byte for byte.
#[test]
fn graph_drawings_are_the_cli_picture() {
    let s = Server::start(&[]);
    let page = s.get("/api/graph?game=cram&position=2x2&drawings=true");
    assert_eq!(page.status, 200);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["graph", "cram", "2x2", "--drawings"])
        .output()
        .unwrap();
    assert_eq!(page.body, String::from_utf8(out.stdout).unwrap());
    assert!(page.body.contains(r#"<svg class="position""#));
}
