//! `GET /api/explain`: the JSON of `grundy explain --json`, under the
//! server's bounds.

mod serve_support;

use serve_support::{cli, enc, Server};

#[test]
fn explain_is_the_cli_json_byte_for_byte() {
    let s = Server::start(&[]);
    for (game, comps) in [
        ("sub:1,3,4", &["7", "10"][..]),
        ("nim", &["3", "4", "5"][..]),
        ("kayles", &["4+6", "3"][..]),
        ("nim", &["1000"][..]),
    ] {
        let path = format!(
            "/api/explain?game={}&components={}",
            enc(game),
            enc(&comps.join(";"))
        );
        let web = s.get(&path);
        assert_eq!(web.status, 200, "{path}: {}", web.body);
        let mut args = vec!["explain", game];
        args.extend(comps);
        args.push("--json");
        assert_eq!(web.body, cli(&args), "{path}");
    }
    // G(7) of sub:1,3,4 is mex{G(6), G(4), G(3)} = mex{2, 2, 1} = 0.
    let v = s.json("/api/explain?game=sub:1,3,4&components=7");
    assert_eq!(v["components"][0]["value"], 0);
    assert_eq!(v["sum"]["total_binary"], "0");
}

#[test]
fn explain_keeps_the_servers_refusals_and_time_limit() {
    // A budget big enough for a heap of Grundy's game that takes seconds.
    let s = Server::start(&["--time-limit", "0.3", "--max-states", "5000000"]);
    // Refusals speak of routes and parameters, not of the command line.
    for (path, needle) in [
        (
            "/api/explain?game=nim&components=1;2&misere=true",
            "use /api/value with `misere=true`",
        ),
        (
            "/api/explain?game=moore:2&components=1;2",
            "not decided by the XOR of its components' values: it has no values to explain; use /api/value for its outcome",
        ),
        (
            "/api/explain?game=kayles&components=3;4&compound=conjunctive",
            "kayles (conjunctive compound) is not decided by the XOR",
        ),
    ] {
        s.fails(path, 400, needle);
        let body = s.get(path).body;
        assert!(!body.contains("--") && !body.contains("`grundy "), "{body}");
    }
    s.fails("/api/explain?game=nim&components=1&to=3", 400, "to");
    s.fails(
        "/api/explain?game=grundy&components=4999999",
        503,
        "time limit of 0.3 s",
    );
    s.json("/api/games");
}
