//! Perfect play: from an N-position the computer wins against every reply,
//! from a P-position it loses as slowly as possible, and the state graph
//! agrees with the games' own analysis.

use grundy::play::{advise, StateGraph};
use grundy::{Limits, Outcome, Ruleset, SpecOptions};

fn game(name: &str, misere: bool) -> Box<dyn Ruleset> {
    grundy::parse(
        name,
        SpecOptions {
            misere,
            ..SpecOptions::default()
        },
    )
    .unwrap()
}

fn texts(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// With the computer to move from `position`, does it win whatever the
/// human replies? Every reply is tried (a full search of the human's
/// choices); the computer plays `advise`'s move.
fn computer_wins(g: &dyn Ruleset, position: &[String], depth: usize) -> bool {
    assert!(depth < 200, "the game should end");
    let limits = Limits::default();
    let moves = g.position_moves(position, &limits).unwrap();
    if moves.is_empty() {
        // The computer cannot move: it loses, unless misère.
        return g.misere();
    }
    let advice = advise(g, position, &limits).unwrap();
    let best = advice.best.expect("a move exists");
    let replies = g.position_moves(&best.next, &limits).unwrap();
    if replies.is_empty() {
        return !g.misere();
    }
    replies.iter().all(|r| computer_wins(g, &r.next, depth + 1))
}

#[test]
fn the_computer_wins_every_line_from_n_positions() {
    for (name, misere, position) in [
        ("sub:1,3,4", false, vec!["8"]),
        ("nim", false, vec!["1", "2", "4"]),
        ("nim", true, vec!["2", "2", "1"]),
        ("kayles", false, vec!["4", "3"]),
        ("lasker", false, vec!["5", "2"]),
        ("moore:2", false, vec!["1", "2", "3"]),
        ("staircase", false, vec!["2", "1", "3"]),
        ("wythoff", false, vec!["2,4"]),
        ("turtles", false, vec!["THHTH"]),
        ("cutting", false, vec!["4x2", "3x3"]),
        ("hackenbush", false, vec!["0-1,1-2,1-3"]),
        ("grundy", false, vec!["7", "5"]),
    ] {
        let g = game(name, misere);
        let p = texts(&position);
        let a = advise(&*g, &p, &Limits::default()).unwrap();
        assert_eq!(a.outcome, Some(Outcome::N), "{name} {position:?}");
        assert!(a.exact);
        assert!(computer_wins(&*g, &p, 0), "{name} {position:?}");
    }
}

#[test]
fn the_state_graph_agrees_with_the_analysis() {
    let limits = Limits::default();
    for (name, position) in [
        ("sub:1,3,4", vec!["9", "3"]),
        ("kayles", vec!["6", "2"]),
        ("euclid", vec!["7,3", "5,2"]),
        ("ed", vec!["3,4"]),
        ("twins", vec!["HTHH"]),
    ] {
        let g = game(name, false);
        let p = texts(&position);
        let graph = StateGraph::build(&*g, &p, &limits).unwrap();
        let analysis = g.analyze(&p, &limits).unwrap();
        assert_eq!(graph.solved.outcome(0), analysis.outcome, "{name}");
        assert_eq!(Some(graph.solved.value(0)), analysis.grundy, "{name}");
        // Every position in the graph, valued by the game, has the graph's value.
        for (v, node) in graph.nodes.iter().enumerate().take(200) {
            let pos = node.position().expect("normal play has no dead end");
            let a = g.analyze(pos, &limits).unwrap();
            assert_eq!(
                Some(graph.solved.value(v as u32)),
                a.grundy,
                "{name} {pos:?}"
            );
        }
    }
}

#[test]
fn losing_positions_lose_slowly() {
    // Nim 3 3: P; the slowest loss takes one token (remoteness 6 -> 5).
    let g = game("nim", false);
    let a = advise(&*g, &texts(&["3", "3"]), &Limits::default()).unwrap();
    assert_eq!((a.outcome, a.remoteness), (Some(Outcome::P), Some(6)));
    let next = a.best.unwrap().next;
    assert!(next == texts(&["2", "3"]) || next == texts(&["3", "2"]));
}

/// Every game play and pictures can drive: the outcome of each position of
/// a small state graph (its moves are what play offers) is the outcome
/// `value` reports for it. Play and analysis come from different code
/// (`position_moves` against each game's theory), so this catches one
/// drifting from the other, as the Cutting Game's did on strips. Every
/// example of the registry is walked, and positions and options the
/// examples miss.
#[test]
fn play_and_value_agree_on_every_game() {
    let limits = Limits::default();
    let examples: Vec<(&str, bool, Vec<&str>)> = grundy::registry::GAMES
        .iter()
        .filter_map(|e| e.example)
        .map(|ex| (ex.game, false, ex.position.split(';').collect()))
        .collect();
    let more: &[(&str, bool, &[&str])] = &[
        ("nim", true, &["2", "2", "1"]),
        ("sub:1,3,4", false, &["6", "2"]),
        ("sub-allbut:2", false, &["5", "3"]),
        ("lasker", false, &["4", "2"]),
        ("moore:2", false, &["2", "2", "1"]),
        ("wythoff", false, &["3,5", "1,2"]),
        ("euclid", false, &["7,3", "5,2"]),
        ("hackenbush", false, &["0-1,1-2,2-0,2-3", "0-1"]),
        ("turtles", false, &["THTH", "HH"]),
        ("ruler", false, &["THHTH"]),
        ("twins", false, &["THHTH"]),
        ("cutting", false, &["3x2", "1x3"]),
        ("cutting", false, &["4x2", "2x2"]),
        ("4.07", false, &["5", "3"]),
        ("officers", false, &["6", "2"]),
        ("grundy", false, &["7", "4"]),
    ];
    let more = more.iter().map(|&(n, m, p)| (n, m, p.to_vec()));
    for (name, misere, position) in examples.into_iter().chain(more) {
        let g = game(name, misere);
        let graph = StateGraph::build(&*g, &texts(&position), &limits).unwrap();
        for (v, node) in graph.nodes.iter().enumerate().take(300) {
            let Some(pos) = node.position() else {
                continue;
            };
            let a = g.analyze(pos, &limits).unwrap();
            assert_eq!(
                graph.solved.outcome(v as u32),
                a.outcome,
                "{name} (misère {misere}) {pos:?}"
            );
        }
    }
}

/// Every way a player might type the new parts of a heap of `n`: nothing,
/// one heap, two or three (empty heaps and unsorted orders included),
/// each as texts.
fn typed_heaps(n: u64) -> Vec<Vec<String>> {
    let mut out = vec![texts(&["0"]), Vec::new()];
    for a in 0..=n + 1 {
        out.push(vec![a.to_string()]);
        for b in 0..=n + 1 - a.min(n + 1) {
            out.push(vec![a.to_string(), b.to_string()]);
            for c in 0..=(n + 1).saturating_sub(a + b) {
                out.push(vec![c.to_string(), a.to_string(), b.to_string()]);
            }
        }
    }
    out
}

/// A typed move is checked from the rules ([`Ruleset::move_to`]) exactly
/// as finding it in the listing of every move would (what play did,
/// which a heap of 10^12 cannot afford): the same move, with the same
/// next position, or none. Over codes with every kind of digit (splits
/// by digit 0, take-all bits, unequal splits, hex three-way splits),
/// Lasker's Nim, Nim in both plays, and Wythoff's pairs.
#[test]
fn a_typed_move_is_checked_as_the_listing_would() {
    let limits = Limits::default();
    let heaps = [
        ("nim", false),
        ("nim", true),
        ("lasker", false),
        ("0.07", false),
        ("0.07", true),
        ("4.07", false),
        ("0.137", false),
        ("8.0", false),
        ("4.0", false),
        ("0.4", false),
        ("0.F", false),
        ("0.8", false),
        ("0.77", false),
        ("0.6", false),
        ("0.b", false),
        ("0.123456789", false),
        ("0.4!", false),
        ("4!.6!", false),
        ("0.C!", false),
    ];
    let mut checked = 0;
    for (name, misere) in heaps {
        let g = game(name, misere);
        assert!(g.tells_moves(), "{name} checks moves by its rules");
        for n in 0..=9u64 {
            let position = texts(&["2", &n.to_string()]);
            for to in typed_heaps(n) {
                let fast = g.move_to(&position, 1, &to, &limits).unwrap();
                let listed = grundy::ruleset::listed_move_to(&*g, &position, 1, &to, &limits);
                assert_eq!(fast, listed.unwrap(), "{name} {n} -> {to:?}");
                checked += 1;
            }
        }
    }
    let g = game("wythoff", false);
    assert!(g.tells_moves());
    assert!(!game("cram", false).tells_moves());
    for (a, b) in [(0, 0), (3, 5), (4, 4), (6, 2)] {
        let position = texts(&[&format!("{a},{b}")]);
        for x in 0..=a + 1 {
            for y in 0..=b + 1 {
                let to = vec![format!("{x},{y}")];
                let fast = g.move_to(&position, 0, &to, &limits).unwrap();
                let listed = grundy::ruleset::listed_move_to(&*g, &position, 0, &to, &limits);
                let next = |m: Option<grundy::ruleset::PositionMove>| m.map(|m| m.next);
                assert_eq!(
                    next(fast),
                    next(listed.unwrap()),
                    "wythoff {a},{b} -> {to:?}"
                );
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

/// A heap of 10^12 has too many moves to list, but a move typed in it is
/// checked at once.
#[test]
fn a_move_in_a_huge_heap_is_checked_without_listing() {
    let limits = Limits::default();
    let g = game("nim", false);
    let position = texts(&["1000000000000", "5"]);
    let listing = Limits {
        max_states: 1000,
        ..Limits::default()
    };
    assert!(g.position_moves(&position, &listing).is_err());
    let to = texts(&["999999999999"]);
    let mv = g.move_to(&position, 0, &to, &limits).unwrap().unwrap();
    assert_eq!(mv.next, texts(&["999999999999", "5"]));
    assert!(g
        .move_to(&position, 0, &texts(&["1000000000001"]), &limits)
        .unwrap()
        .is_none());
    let g = game("0.77", false);
    let position = texts(&["1000000000000"]);
    let to = texts(&["500000000000", "499999999998"]);
    let mv = g.move_to(&position, 0, &to, &limits).unwrap().unwrap();
    assert_eq!(mv.mv.to, "499999999998+500000000000");
}

/// A lost position with too many moves to list still gets the computer's
/// move, the first its rules give, in every game that takes typed moves:
/// the mirror of two Nim heaps of 2^40 (no option of a small value), in
/// both plays, and a Wythoff P-pair beyond the value table. The first
/// move agrees with the first listed one on small positions.
#[test]
fn a_lost_huge_position_gets_a_move() {
    // Play's own budget: past it, the moves are not listed.
    let limits = Limits {
        max_states: 200_000,
        ..Limits::default()
    };
    let cases = [
        ("nim", false, vec!["1099511627776", "1099511627776"]),
        ("nim", true, vec!["1099511627776", "1099511627776"]),
        ("wythoff", false, vec!["161803398874,261803398874"]),
        ("0.77", false, vec!["399999999998", "599999999998"]),
    ];
    for (name, misere, position) in cases {
        let g = game(name, misere);
        let position = texts(&position);
        let best = advise(&*g, &position, &limits).unwrap().best;
        let best = best.unwrap_or_else(|| panic!("{name}: no move"));
        let component = best.mv.component.unwrap();
        let to = best.mv.parts.clone();
        assert_eq!(
            g.move_to(&position, component, &to, &limits).unwrap(),
            Some(best)
        );
    }
    for (name, misere) in [
        ("nim", false),
        ("nim", true),
        ("0.07", false),
        ("wythoff", false),
    ] {
        let g = game(name, misere);
        let small = match name {
            "wythoff" => texts(&["0,0", "2,3"]),
            _ => texts(&["0", "5", "3"]),
        };
        let first = g.first_move(&small, &limits).unwrap();
        let listed = g
            .position_moves(&small, &limits)
            .unwrap()
            .into_iter()
            .next();
        assert_eq!(first, listed, "{name}");
    }
}

/// Remoteness in misère play counts the game's moves only (the state
/// graph's move to its dead end is none): Nim 0 is over (0), Nim 1 ends
/// in one move, Kayles 3 (take two, leaving 1) in two, as `value
/// --compound` reports them; in normal play Kayles 3 takes three.
#[test]
fn misere_remoteness_counts_the_moves_of_the_game() {
    let limits = Limits::default();
    for (name, position, remoteness) in [("nim", "0", 0), ("nim", "1", 1), ("kayles", "3", 2)] {
        let g = game(name, true);
        let advice = advise(&*g, &texts(&[position]), &limits).unwrap();
        assert_eq!(advice.remoteness, Some(remoteness), "{name} {position}");
    }
    let advice = advise(&*game("kayles", false), &texts(&["3"]), &limits).unwrap();
    assert_eq!(advice.remoteness, Some(3));
}

/// A server keeps the computer's state graph small (`advise_within`), but
/// the analysis past it has the whole budget: a misère selective compound
/// of Kayles 7, 8 and 9 needs more than 20,000 states either way.
#[test]
fn the_analysis_past_a_small_graph_has_the_whole_budget() {
    use grundy::answer::compound::Compound;
    use grundy::compound::CompoundRuleset;
    let kayles = game("kayles", false);
    let g = CompoundRuleset::new(kayles, Compound::Selective, true).unwrap();
    let position = texts(&["7", "8", "9"]);
    let small = Limits {
        max_states: 20_000,
        ..Limits::default()
    };
    assert!(advise(&g, &position, &small).is_err());
    let advice = grundy::play::advise_within(&g, &position, 20_000, &Limits::default()).unwrap();
    assert_eq!(advice.outcome, Some(Outcome::N));
    assert!(advice.best.is_some());
}
