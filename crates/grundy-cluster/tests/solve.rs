//! The library without the command line: the engine's keys, hosts files,
//! and a one-process cluster that agrees with the engine.

use std::time::Duration;

use grundy::{Limits, Nimber, Value};
use grundy_cluster::{Cluster, Error, Hosts, Question};

fn game(name: &str) -> Box<dyn grundy::Ruleset> {
    grundy::parse(name, grundy::SpecOptions::default()).unwrap()
}

fn texts(c: &[&str]) -> Vec<String> {
    c.iter().map(|s| s.to_string()).collect()
}

/// One process on a port the system picks (a listener is bound only
/// when there are processes above this one: none here).
fn alone(question: &str) -> Cluster {
    let hosts = Hosts::parse("127.0.0.1:1\n", "h.txt").unwrap();
    Cluster::new(hosts, 0, 2, Duration::from_secs(5), question.into()).unwrap()
}

#[test]
fn the_engine_gives_keys_to_board_games_only() {
    assert!(game("nim")
        .split_components(&texts(&["3"]))
        .unwrap()
        .is_none());
    let cram = game("cram")
        .split_components(&texts(&["2x3", "1x1"]))
        .unwrap()
        .unwrap();
    assert_eq!(cram.len(), 2);
    assert_eq!(cram[0].keys.len(), 1);
    assert!(cram[1].keys.is_empty(), "a lone square is worth 0");
    let err = game("chomp")
        .split_components(&texts(&["3,4"]))
        .err()
        .unwrap();
    assert!(err.to_string().contains("never longer"), "{err}");
}

#[test]
fn one_process_agrees_with_the_engine() {
    for (name, comps) in [
        ("cram", &["3x3", "2x5", "..x/..."][..]),
        ("node-kayles", &["path:9", "cycle:6", "a-b,b-c,c-d,d-a,a-c"]),
        ("chomp", &["3x4", "4,2,1"]),
    ] {
        let g = game(name);
        let comps = texts(comps);
        let keys = g.split_components(&comps).unwrap().unwrap();
        let question = Question {
            components: keys,
            moves: Vec::new(),
        };
        let answer = alone(name).solve(question, &Limits::default()).unwrap();
        let a = g.analyze(&comps, &Limits::default()).unwrap();
        let want: Vec<Option<Value>> = answer
            .values
            .iter()
            .map(|&v| Some(Value::Finite(Nimber(v))))
            .collect();
        assert_eq!(a.values.unwrap(), want, "{name}");
        assert!(answer.winning.is_empty(), "no move was asked of it");
        assert_eq!(answer.stats.workers, 2);
    }
}

#[test]
fn hosts_files_and_indices_are_checked() {
    let bad = |text: &str| match Hosts::parse(text, "h.txt") {
        Err(Error::Hosts(m)) => m,
        other => panic!("{other:?}"),
    };
    assert!(bad("a:1\nb\n").starts_with("h.txt line 2: expected host:port"));
    assert!(bad("a:99999\n").contains("line 1"));
    assert!(bad("a b:1\n").contains("line 1"));
    assert!(bad("# none\n\n").contains("lists no host"));
    let h = Hosts::parse("# cluster\nx:1\n\n y:2 \n", "h.txt").unwrap();
    assert_eq!(h.addresses, ["x:1", "y:2"]);
    let err = Cluster::new(h, 2, 1, Duration::from_secs(1), String::new()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "--process 2 is out of range: h.txt lists 2 processes (0 to 1)"
    );
}

#[test]
fn a_budget_too_small_stops_the_search() {
    let keys = game("chomp")
        .split_components(&texts(&["5x5"]))
        .unwrap()
        .unwrap();
    let question = Question {
        components: keys,
        moves: Vec::new(),
    };
    let limits = Limits {
        max_memory: 1000,
        ..Limits::default()
    };
    let err = alone("chomp 5x5").solve(question, &limits).unwrap_err();
    assert!(matches!(err, Error::Search(_)), "{err}");
    assert!(err.to_string().contains("(--memory)"), "{err}");
}
