//! `grundy value ... --cluster HOSTS --process I`: 1 and 3 processes on
//! localhost give the same values and winning moves as `grundy value`
//! alone, each process resumes from its checkpoint, and the localhost
//! recipe of the guide runs. How clusters fail: `cluster_failures.rs`.

mod support;

use std::process::Command;

use serde_json::Value;
use support::cluster::{cluster, cluster_on, free_ports, hosts, process};
use support::json_of;

/// What `grundy value` answers, whatever runs it.
const ANSWER: [&str; 7] = [
    "values",
    "grundy",
    "outcome",
    "components",
    "game",
    "winning_moves",
    "moves_truncated",
];

/// Fails unless a cluster's JSON `got` for `args` answers as `grundy
/// value` alone does.
fn same_answer(args: &[&str], got: &Value) {
    let alone = json_of(&[args, &["--json"]].concat());
    for key in ANSWER {
        assert_eq!(got[key], alone[key], "{args:?} {key}");
    }
}

#[test]
fn one_and_three_processes_agree_with_value() {
    let boards: &[&[&str]] = &[
        &["value", "cram", "3x4"],
        &["value", "cram", "..../.x../..../....", "2x3"],
        &["value", "cram", "4x5", "--max-moves", "3"],
        &["value", "cram", "1x2", "1x3"],
        &["value", "node-kayles", "grid:3x3", "cycle:7", "kbip:2x3"],
        &["value", "node-kayles", "path:9"],
        &["value", "chomp", "4x5", "3,2,2"],
        &["value", "chomp", "3x3", "--max-moves", "0"],
    ];
    for (i, args) in boards.iter().enumerate() {
        let alone = json_of(&[&args[..], &["--json"]].concat());
        let one = cluster(&format!("one{i}.hosts"), 1, "1", args);
        let three = cluster(&format!("three{i}.hosts"), 3, "1", args);
        for key in ANSWER {
            assert_eq!(one[key], alone[key], "{args:?} {key}");
            assert_eq!(three[key], alone[key], "{args:?} {key}");
        }
        assert_eq!(three["cluster"]["processes"], 3);
        assert!(one["cluster"]["searched"].is_u64(), "{one}");
    }
}

/// `--cluster N` without a hosts file: `N` processes on this machine at
/// timely's own addresses for `-n N` (`localhost:2101`, ...).
#[test]
fn a_number_is_processes_on_this_machine() {
    let args = &["value", "cram", "4x5"];
    let two = cluster_on("2", 2, "1", args);
    same_answer(args, &two);
    assert_eq!(two["cluster"]["processes"], 2);
}

/// A board big enough that the processes' finds and shared values cross
/// in the middle of rounds.
#[test]
fn three_processes_value_a_real_board() {
    // Odd by odd: no symmetry decides it, so every round is searched.
    let args = &["value", "cram", "5x7"];
    let three = cluster("real.hosts", 3, "1", args);
    same_answer(args, &three);
    assert!(
        three["cluster"]["messages"].as_u64().unwrap() > 0,
        "{three}"
    );
    assert!(
        three["cluster"]["searched"].as_u64().unwrap() > 100_000,
        "{three}"
    );
}

/// A move the game's theory says is lost for the opponent (Node Kayles:
/// taking the middle of a 3x5 grid leaves it symmetric) ends round 0
/// without a search: one round to meet, then one per candidate value
/// from 1 (the value is 3), where round 0's blocks of tasks would reach
/// that move only after searching the moves before it.
#[test]
fn a_mirror_move_ends_round_zero_at_once() {
    let args = &["value", "node-kayles", "grid:3x5", "--max-moves", "0"];
    let three = cluster("mirror.hosts", 3, "1", args);
    same_answer(args, &three);
    assert_eq!(three["grundy"], 3, "{three}");
    assert_eq!(three["cluster"]["rounds"], 4, "{three}");
}

/// Each process of a cluster saves its own checkpoint (`FILE.I`), and a
/// second run of the same commands resumes from them.
#[test]
fn each_process_resumes_from_its_own_checkpoint() {
    let dir = std::env::temp_dir().join(format!("grundy-cluster-ck-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ck = dir.join("cram5x7");
    let ck = ck.to_str().unwrap();
    let run = |hosts: &str| -> Vec<(String, String)> {
        let args = ["value", "cram", "5x7", "--checkpoint", ck, "--progress"];
        let children: Vec<_> = (0..2).map(|i| process(&args, hosts, i)).collect();
        (children.into_iter())
            .map(|c| {
                let out = c.wait_with_output().unwrap();
                let err = String::from_utf8_lossy(&out.stderr).to_string();
                assert!(out.status.success(), "{err}");
                (String::from_utf8_lossy(&out.stdout).to_string(), err)
            })
            .collect()
    };
    let first = run(&hosts("ck1.hosts", 2));
    for i in 0..2 {
        assert!(
            std::path::Path::new(&format!("{ck}.{i}")).exists(),
            "{ck}.{i}"
        );
    }
    assert!(!std::path::Path::new(ck).exists(), "no shared file");
    let again = run(&hosts("ck2.hosts", 2));
    let answer = |out: &str| {
        out.lines()
            .take_while(|l| !l.starts_with("cluster:"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    for ((out1, _), (out2, err2)) in first.iter().zip(&again) {
        assert_eq!(answer(out1), answer(out2));
        // The end line, not a progress line (timely takes a second or so
        // to connect, long enough for one).
        let restored = err2
            .lines()
            .filter(|l| l.starts_with("board search:"))
            .find_map(|l| l.split(" positions searched, ").nth(1))
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse::<u64>().ok());
        assert!(restored.is_some_and(|n| n > 0), "{err2}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn threads_are_search_threads_of_each_process() {
    let args = &["value", "cram", "4x4"];
    let two = cluster("threads.hosts", 2, "2", args);
    same_answer(args, &two);
    assert_eq!(two["cluster"]["workers"], 4);
}

#[test]
fn text_says_what_the_cluster_did() {
    let hosts = hosts("text.hosts", 1);
    let out = support::text(&["value", "cram", "2x3", "--cluster", &hosts]);
    assert!(out.starts_with("game: cram\n"), "{out}");
    assert!(out.contains("total: *"), "{out}");
    assert!(out.contains("outcome: N (the next player wins)"), "{out}");
    assert!(out.contains("winning moves ("), "{out}");
    assert!(out.contains("cluster: 1 process, 1 thread"), "{out}");
    assert!(out.contains("positions searched: "), "{out}");
}

/// The guide's localhost recipe (`docs/book/examples/cluster-localhost.sh`,
/// shown whole in `cluster.md`) with 1 and 3 processes.
#[test]
fn the_localhost_recipe_runs() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let script = format!("{root}/docs/book/examples/cluster-localhost.sh");
    let text = std::fs::read_to_string(&script).unwrap();
    let book = std::fs::read_to_string(format!("{root}/docs/book/src/cluster.md")).unwrap();
    assert!(book.contains(&text), "cluster.md shows the script as it is");
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let alone = support::text(&["value", "cram", "4x5"]);
    for n in ["1", "3"] {
        let port = free_ports(1)[0].to_string();
        let out = Command::new("sh")
            .args([&script, n, "cram", "4x5"])
            .env("PATH", &path)
            .env("BASE_PORT", &port)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            text.starts_with(&alone),
            "{n} processes:\n{text}\nalone:\n{alone}"
        );
        let plural = if n == "1" { "process" } else { "processes" };
        assert!(text.contains(&format!("cluster: {n} {plural}")), "{text}");
    }
}
