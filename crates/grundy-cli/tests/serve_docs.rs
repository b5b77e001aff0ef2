//! The replies shown in the book's `json-and-http.md` are what the server
//! answers, so the page cannot drift from the routes. A reply may leave
//! fields out with a line `...`, and shorten its picture with `...`
//! between the parts it shows.

mod serve_support;

use serde_json::Value;
use serve_support::Server;

const PAGE: &str = include_str!("../../../docs/book/src/json-and-http.md");

/// Each `$ curl 'http://127.0.0.1:8080/ROUTE'` of a `text` block with a
/// JSON reply: the route and the reply's lines.
fn examples() -> Vec<(String, Vec<&'static str>)> {
    let mut found = Vec::new();
    let mut lines = PAGE.lines();
    while let Some(line) = lines.next() {
        let Some(url) = line.strip_prefix("$ curl 'http://127.0.0.1:8080") else {
            continue;
        };
        let reply: Vec<&str> = lines
            .by_ref()
            .take_while(|l| !l.starts_with("```"))
            .collect();
        if reply.first() == Some(&"{") {
            found.push((url.trim_end_matches('\'').to_string(), reply));
        }
    }
    found
}

/// The parts of a shortened text, in order, are in the whole one.
fn shortens(shown: &str, whole: &str) -> bool {
    let mut rest = whole;
    shown.split("...").all(|part| match rest.find(part) {
        Some(at) => {
            rest = &rest[at + part.len()..];
            true
        }
        None => false,
    })
}

#[test]
fn the_pages_replies_are_the_servers() {
    let examples = examples();
    assert!(examples.len() >= 2, "the move and hint examples are found");
    let s = Server::start(&[]);
    for (route, reply) in examples {
        let elided = reply.iter().any(|l| l.trim() == "...");
        let text: Vec<&str> = reply.into_iter().filter(|l| l.trim() != "...").collect();
        let shown: Value = serde_json::from_str(&text.join("\n"))
            .unwrap_or_else(|e| panic!("{route}: the page's reply is not JSON: {e}"));
        let actual = s.json(&route);
        let (shown, actual) = (shown.as_object().unwrap(), actual.as_object().unwrap());
        for (key, value) in shown {
            let got = actual
                .get(key)
                .unwrap_or_else(|| panic!("{route}: no `{key}` in the reply"));
            match (value.as_str(), got.as_str()) {
                (Some(short), Some(whole)) if short.contains("...") => {
                    assert!(shortens(short, whole), "{route}: `{key}` is not {short}")
                }
                _ => assert_eq!(value, got, "{route}: `{key}`"),
            }
        }
        if !elided {
            let missing: Vec<&String> = actual.keys().filter(|k| !shown.contains_key(*k)).collect();
            assert!(
                missing.is_empty(),
                "{route}: the page leaves out {missing:?}"
            );
        }
    }
}
