//! Positions drawn and moves chosen on the drawing: every move of a board,
//! a Hackenbush graph, a Node Kayles graph or a row of coins is chosen by
//! its own keys, and what the keys say is checked against the position the
//! move leaves, read here independently of the engine (a domino covers two
//! adjacent free squares, a bite takes the squares below and right of the
//! one bitten, a cut removes an edge that was there, a vertex goes with
//! its neighbours, coins turned change face).

use grundy::answer::drawing::{Drawing, Figure, Square};
use grundy::play::{choose_by_keys, move_keys};
use grundy::present::drawing::{to_svg, to_text};
use grundy::ruleset::PositionMove;
use grundy::{Limits, Ruleset, SpecOptions};

fn game(name: &str) -> Box<dyn Ruleset> {
    grundy::parse(name, SpecOptions::default()).unwrap()
}

fn figure(g: &dyn Ruleset, position: &[String]) -> (Vec<PositionMove>, Figure) {
    let moves = g.position_moves(position, &Limits::default()).unwrap();
    let figure = g.figure(position, &moves).unwrap().expect("drawn");
    assert_eq!(figure.parts.len(), position.len());
    assert_eq!(figure.marks.len(), moves.len());
    (moves, figure)
}

/// Free squares of a board as written (`RxC` or a map), independently of
/// the engine: `(row, column)` pairs.
fn free_squares(text: &str) -> Vec<(usize, usize)> {
    if text == "0" {
        return Vec::new();
    }
    if let Some((r, c)) = text
        .split_once('x')
        .filter(|_| text.chars().all(|ch| ch.is_ascii_digit() || ch == 'x'))
    {
        let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
        return (0..r).flat_map(|i| (0..c).map(move |j| (i, j))).collect();
    }
    let mut out = Vec::new();
    for (i, row) in text.split('/').enumerate() {
        for (j, ch) in row.chars().enumerate() {
            if ch == '.' {
                out.push((i, j));
            }
        }
    }
    out
}

/// `b3` as `(row, column)` from 0: `(2, 1)`.
fn square(key: &str) -> (usize, usize) {
    let col = key.as_bytes()[0] - b'a';
    (key[1..].parse::<usize>().unwrap() - 1, col as usize)
}

/// Every move is typed back to itself by its keys, and every key is a
/// clickable part of the picture.
fn chosen_by_own_keys(figure: &Figure) {
    let svg = to_svg(figure);
    for k in 0..figure.marks.len() {
        let typed = move_keys(figure, k).expect("every move has keys");
        assert_eq!(choose_by_keys(figure, &typed), Ok(Some(k)), "{typed}");
        for key in figure.marks[k].iter().flatten() {
            assert!(svg.contains(&format!(r#"data-key="{key}""#)), "{key}");
        }
    }
}

#[test]
fn a_cram_domino_is_the_two_squares_it_covers() {
    let g = game("cram");
    let mut position = vec!["3x4".to_string()];
    // Play to the end, each time by the first move's keys.
    loop {
        let (moves, fig) = figure(&*g, &position);
        if moves.is_empty() {
            break;
        }
        chosen_by_own_keys(&fig);
        for (m, ways) in moves.iter().zip(&fig.marks) {
            let before = free_squares(&position[0]);
            let after = free_squares(&m.next[0]);
            let gone: Vec<_> = before
                .iter()
                .filter(|s| !after.contains(s))
                .copied()
                .collect();
            let keys: Vec<_> = ways[0].iter().map(|k| square(&k[2..])).collect();
            assert_eq!(gone, keys, "{} -> {}", position[0], m.next[0]);
            let (a, b) = (keys[0], keys[1]);
            assert_eq!(a.0.abs_diff(b.0) + a.1.abs_diff(b.1), 1, "adjacent");
        }
        position = moves[moves.len() / 2].next.clone();
    }
    assert_eq!(
        to_text(&figure(&*g, &["..x/.x.".to_string()]).1.parts[0]).unwrap(),
        "   a b c\n1  . . x\n2  . x ."
    );
}

#[test]
fn a_chomp_bite_is_the_square_bitten() {
    let g = game("chomp");
    let position = vec!["4x4".to_string()];
    let (moves, fig) = figure(&*g, &position);
    assert_eq!(moves.len(), 15, "every square but the poison");
    chosen_by_own_keys(&fig);
    let Drawing::Board { rows } = &fig.parts[0] else {
        panic!("a board")
    };
    assert_eq!(rows[0][0], Square::Poison);
    for (m, ways) in moves.iter().zip(&fig.marks) {
        let (r, c) = square(&ways[0][0][2..]);
        // Independently: rows from r on are cut to c squares.
        let expect: Vec<String> = (0..4)
            .map(|i| if i >= r { c } else { 4 })
            .filter(|&n| n > 0)
            .map(|n| n.to_string())
            .collect();
        let next = g.canonical(&expect.join(",")).unwrap();
        assert_eq!(m.next[0], next, "bite {}", ways[0][0]);
    }
}

#[test]
fn a_hackenbush_cut_is_an_edge_of_the_graph() {
    let g = game("hackenbush");
    let position = vec!["0-1,1-2,1-2,2-3,0-4,4-4".to_string()];
    let (moves, fig) = figure(&*g, &position);
    chosen_by_own_keys(&fig);
    let edges: Vec<&str> = position[0].split(',').collect();
    for ways in &fig.marks {
        assert_eq!(ways.len(), 1);
        let key = ways[0][0][2..].trim_end_matches("(2)");
        assert!(edges.contains(&key), "{:?}", ways);
    }
    // Each copy of the doubled edge is cut by its own key.
    assert_eq!(moves.len(), 6);
    let keys: Vec<String> = (0..6).filter_map(|k| move_keys(&fig, k)).collect();
    assert_eq!(keys, ["0-1", "1-2", "1-2(2)", "2-3", "0-4", "4-4"]);
}

#[test]
fn a_node_kayles_move_is_any_vertex_that_takes_what_it_takes() {
    let g = game("node-kayles");
    let position = vec!["a-b,c".to_string()];
    let (moves, fig) = figure(&*g, &position);
    chosen_by_own_keys(&fig);
    // Taking a or b leaves c: one move with two ways.
    let ways: Vec<usize> = fig.marks.iter().map(Vec::len).collect();
    assert_eq!(moves.len(), 2);
    assert_eq!(ways.iter().sum::<usize>(), 3);
    let path = vec!["path:5".to_string()];
    let (moves, fig) = figure(&*g, &path);
    chosen_by_own_keys(&fig);
    assert_eq!(moves.len(), 5);
}

#[test]
fn a_coin_move_is_the_coins_it_turns() {
    let g = game("turtles");
    let position = vec!["THTTH".to_string()];
    let (moves, fig) = figure(&*g, &position);
    chosen_by_own_keys(&fig);
    for (m, ways) in moves.iter().zip(&fig.marks) {
        let turned: Vec<usize> = ways[0].iter().map(|k| k[2..].parse().unwrap()).collect();
        let before: Vec<char> = position[0].chars().collect();
        let after: Vec<char> = m.next[0].to_uppercase().chars().collect();
        for i in 0..5 {
            assert_eq!(
                before[i] != after[i],
                turned.contains(&(i + 1)),
                "{}",
                m.next[0]
            );
        }
    }
    assert_eq!(to_text(&fig.parts[0]).unwrap(), "1 2 3 4 5\nT H T T H");
}

#[test]
fn a_heap_move_is_the_lowest_token_taken() {
    let g = game("nim");
    let position = vec!["3".to_string(), "2".to_string()];
    let (moves, fig) = figure(&*g, &position);
    chosen_by_own_keys(&fig);
    let typed: Vec<String> = (0..moves.len())
        .filter_map(|k| move_keys(&fig, k))
        .collect();
    assert_eq!(typed, ["1:3", "1:2", "1:1", "2:2", "2:1"]);
    // Huge heaps are not drawn.
    assert!(g.figure(&["1000".to_string()], &[]).unwrap().is_none());
}

/// The heaps left when the pins `gone` of a row of `n` are knocked
/// down, from the smallest: the runs of pins still standing.
fn rows_left(n: u64, gone: &[u64]) -> Vec<u64> {
    let mut left: Vec<u64> = Vec::new();
    let mut run = 0;
    for pin in 1..=n {
        if gone.contains(&pin) {
            left.extend((run > 0).then_some(run));
            run = 0;
        } else {
            run += 1;
        }
    }
    left.extend((run > 0).then_some(run));
    left.sort_unstable();
    left
}

/// Kayles and Dawson's Kayles: a heap is a row of pins, and every move is
/// chosen by the pins it knocks down, a run of them, which leave the
/// heaps the move leaves. Grundy's game takes nothing: a split is chosen
/// by the two tokens either side of the cut; Lasker's Nim also takes from
/// the top, chosen by the lowest token taken, one click, as in Nim.
#[test]
fn a_kayles_move_is_the_pins_knocked_down() {
    for (name, n) in [
        ("kayles", 7),
        ("dawson-kayles", 8),
        ("grundy", 9),
        ("lasker", 6),
    ] {
        let g = game(name);
        let (moves, fig) = figure(&*g, &[n.to_string()]);
        chosen_by_own_keys(&fig);
        for (m, ways) in moves.iter().zip(&fig.marks) {
            assert!(!ways.is_empty(), "{name} {n} -> {:?}", m.mv.parts);
            let mut parts: Vec<u64> = (m.mv.parts.iter())
                .map(|p| p.parse().unwrap())
                .filter(|&p| p > 0)
                .collect();
            parts.sort_unstable();
            for way in ways {
                let pins: Vec<u64> = way.iter().map(|k| k[2..].parse().unwrap()).collect();
                let left = match (name, &pins[..]) {
                    // The two tokens either side of the cut.
                    ("grundy" | "lasker", &[c, d]) => {
                        assert_eq!(d, c + 1, "either side of one cut");
                        let mut split = vec![c, n - c];
                        split.sort_unstable();
                        split
                    }
                    // Lasker's takes: the lowest token taken, and all above.
                    ("lasker", &[t]) => (t > 1).then_some(t - 1).into_iter().collect(),
                    _ => {
                        assert!(pins.windows(2).all(|w| w[1] == w[0] + 1), "a run");
                        rows_left(n, &pins)
                    }
                };
                assert_eq!(left, parts, "{name} {n} -> {:?}: {pins:?}", m.mv.parts);
            }
        }
    }
}

#[test]
fn a_token_on_a_directed_graph_moves_to_the_vertex_clicked() {
    let text = "a b\nb c\nc a\nb d\nb d\n";
    let g =
        grundy::parse_with("graph:g", SpecOptions::default(), &|_| Ok(text.to_string())).unwrap();
    let position = vec!["b".to_string()];
    let (moves, fig) = figure(&*g, &position);
    chosen_by_own_keys(&fig);
    let Drawing::Graph {
        vertices,
        edges,
        arrows,
        tokens,
        ..
    } = &fig.parts[0]
    else {
        panic!("a graph")
    };
    assert!(*arrows);
    assert_eq!(tokens, &[1], "the token is on b");
    assert_eq!(vertices.len(), 4);
    // The repeated edge b-d is one edge and one move.
    assert_eq!(edges.len(), 4);
    assert_eq!(moves.len(), 2);
    for (m, ways) in moves.iter().zip(&fig.marks) {
        assert_eq!(ways, &[vec![format!("1:{}", m.next[0])]]);
    }
}

#[test]
fn state_graphs_draw_each_position_in_its_node() {
    use grundy::play::StateGraph;
    use grundy::present::picture::{to_svg, to_svg_drawn};
    let g = game("cram");
    let position = vec!["2x3".to_string()];
    let graph = StateGraph::build(&*g, &position, &Limits::default()).unwrap();
    let plain = to_svg(&graph, "cram 2x3");
    let drawn = to_svg_drawn(&graph, "cram 2x3", &*g);
    let nodes = plain.matches(r#"<g class="node"#).count();
    assert_eq!(drawn.matches(r#"<g class="node"#).count(), nodes);
    // One board per node, inside the picture, and the same moves.
    assert_eq!(drawn.matches(r#"<svg class="position""#).count(), nodes);
    assert_eq!(
        drawn.matches(r#"class="move"#).count(),
        plain.matches(r#"class="move"#).count()
    );
    // Heaps keep their numbers, and a game without drawings gives the
    // plain picture.
    let nim = game("nim");
    let heaps = vec!["2".to_string(), "1".to_string()];
    let graph = StateGraph::build(&*nim, &heaps, &Limits::default()).unwrap();
    assert_eq!(to_svg_drawn(&graph, "n", &*nim), to_svg(&graph, "n"));
    let w = game("wythoff");
    let pair = vec!["1,2".to_string()];
    let graph = StateGraph::build(&*w, &pair, &Limits::default()).unwrap();
    assert_eq!(to_svg_drawn(&graph, "w", &*w), to_svg(&graph, "w"));
}
