//! `grundy solve graph:FILE --misere`: every vertex in misère play (the
//! player who cannot move wins), against a brute force written here.

mod support;

use std::collections::HashMap;

use serde_json::json;
use support::*;

/// A DAG on vertices 0..40: edges `i -> j` for `i < j` picked by a fixed
/// pseudo-random sequence, so that outcomes of both kinds and long plays
/// appear.
fn dag() -> Vec<(u32, u32)> {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut edges = Vec::new();
    for i in 0..40u32 {
        for j in i + 1..(i + 7).min(40) {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            if (seed >> 33).is_multiple_of(3) {
                edges.push((i, j));
            }
        }
    }
    edges
}

/// Misère outcome (`true`: the mover wins) and remoteness of `v` by plain
/// recursion: no move is a win with remoteness 0; a win takes the fastest
/// move to a loss, a loss the slowest move.
fn brute(v: u32, edges: &[(u32, u32)], memo: &mut HashMap<u32, (bool, u32)>) -> (bool, u32) {
    if let Some(&r) = memo.get(&v) {
        return r;
    }
    let options: Vec<(bool, u32)> = edges
        .iter()
        .filter(|e| e.0 == v)
        .map(|e| brute(e.1, edges, memo))
        .collect();
    let r = if options.is_empty() {
        (true, 0)
    } else if let Some(fastest) = options.iter().filter(|o| !o.0).map(|o| o.1).min() {
        (true, fastest + 1)
    } else {
        (false, options.iter().map(|o| o.1).max().unwrap() + 1)
    };
    memo.insert(v, r);
    r
}

#[test]
fn every_vertex_of_a_dag_agrees_with_a_brute_force() {
    let edges = dag();
    let lines: Vec<String> = edges.iter().map(|(a, b)| format!("{a} {b}")).collect();
    let path = file("solve-misere-dag.txt", &(lines.join("\n") + "\n"));
    let v = json_of(&["solve", &format!("graph:{path}"), "--misere", "--json"]);
    assert_eq!(v["misere"], true);
    let rows = v["table"].as_array().unwrap();
    let mut memo = HashMap::new();
    let mut seen = (0, 0);
    for row in rows {
        let vertex: u32 = row["vertex"].as_str().unwrap().parse().unwrap();
        let (wins, remoteness) = brute(vertex, &edges, &mut memo);
        let outcome = if wins { "N" } else { "P" };
        assert_eq!(row["outcome"], outcome, "vertex {vertex}");
        assert_eq!(row["remoteness"], remoteness, "vertex {vertex}");
        assert!(row["value"].is_null(), "{row}");
        if wins {
            seen.0 += 1
        } else {
            seen.1 += 1
        }
    }
    assert!(seen.0 > 5 && seen.1 > 5, "{seen:?}");
}

/// `a -> b -> c -> a` with an exit `a -> d`: in normal play `a` wins by
/// moving to `d`; in misère play `d` is a win for whoever must move there
/// (they cannot move), so nobody wants to leave the cycle: a, b and c are
/// draws. `x -> y` is lost by the mover at `x` (the opponent, stuck at
/// `y`, wins).
#[test]
fn a_cycle_makes_draws_in_misere_play_too() {
    let path = file(
        "solve-misere-cycle.txt",
        "a b\nb c\nc a\na d\nx y\nstart a\n",
    );
    let g = format!("graph:{path}");
    let out = text(&["solve", &g, "--misere"]);
    let expected = format!(
        "game: {g}, misère play (the player who cannot move wins; a draw is play that never ends)\n\
         vertices: 6, edges: 5, start: a\n\
         vertex  outcome  remoteness\n\
         a       D        -\n\
         b       D        -\n\
         c       D        -\n\
         d       N        0\n\
         x       P        1\n\
         y       N        0\n"
    );
    assert_eq!(out, expected);
    let v = json_of(&["solve", &g, "--misere", "--json"]);
    assert_eq!(v["game"], g);
    assert_eq!(v["vertices"], 6);
    assert_eq!(v["edges"], 5);
    assert_eq!(v["starts"], json!(["a"]));
    assert_eq!(v["misere"], true);
    assert_eq!(
        v["table"][0],
        json!({"vertex": "a", "outcome": "D", "remoteness": null, "value": null})
    );
    assert_eq!(
        v["table"][4],
        json!({"vertex": "x", "outcome": "P", "remoteness": 1, "value": null})
    );
    // Normal play of the same file is unchanged, and says so.
    let v = json_of(&["solve", &g, "--json"]);
    assert_eq!(v["misere"], false);
    assert_eq!(v["table"][0]["outcome"], "N");
}

#[test]
fn solve_misere_refuses_other_games_in_one_line() {
    fails(
        &["solve", "kayles", "--misere"],
        "`solve` needs a game on a finite explicit graph",
    );
    fails(
        &["solve", "cutting", "--misere"],
        "`cutting` has no misère play",
    );
    let path = file("solve-misere-small.txt", "a b\nb c\n");
    fails(
        &[
            "solve",
            &format!("graph:{path}"),
            "--misere",
            "--max-states",
            "2",
        ],
        "more than 2 states",
    );
}
