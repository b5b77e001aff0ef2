//! The pictures of state graphs, in DOT and SVG.

use super::*;
use crate::spec::{parse, SpecOptions};
use crate::Limits;

fn graph(game: &str, position: &[&str]) -> StateGraph {
    let g = parse(game, SpecOptions::default()).unwrap();
    let p: Vec<String> = position.iter().map(|s| s.to_string()).collect();
    StateGraph::build(&*g, &p, &Limits::default()).unwrap()
}

#[test]
fn subtraction_picture_has_every_position_and_marks() {
    let g = graph("sub:1,3,4", &["7"]);
    assert_eq!(g.nodes.len(), 8);
    let svg = to_svg(&g, "sub:1,3,4");
    // Heaps 0..=7, of which 0, 2, 7 are P.
    assert_eq!(svg.matches(r#"<g class="node P"#).count(), 3);
    assert_eq!(svg.matches(r#"<g class="node N"#).count(), 5);
    assert!(svg.contains(r#"class="node P start""#));
    // Winning moves: 1->0, 3->2, 3->0, 4->0, 5->2, 6->2 (none from 7).
    assert_eq!(svg.matches(r#"class="move win""#).count(), 6);
    let dot = to_dot(&g, "sub:1,3,4");
    assert!(dot.starts_with("digraph \"sub:1,3,4\""));
    assert_eq!(dot.matches("penwidth=2.5").count(), 6);
    assert_eq!(dot.matches("label=").count(), 8);
}

#[test]
fn positions_are_escaped() {
    let g = graph("sub:1", &["2"]);
    assert!(to_svg(&g, "a<b&c").contains("a&lt;b&amp;c"));
}

/// Every edge lies inside the picture: arcs between nodes of one row
/// bend below it, and the bottom row's once left the picture (Hackenbush
/// `0-1,1-2,2-0`: arcs to y = 557 in a picture 538 high).
#[test]
fn every_edge_lies_inside_the_picture() {
    for (game, position) in [
        ("hackenbush", "0-1,1-2,2-0"),
        ("chomp", "3x4"),
        ("kayles", "6"),
    ] {
        let g = graph(game, &[position]);
        let sc = scene(&g, game);
        assert!(!sc.edges.is_empty(), "{game} {position}");
        for (x, y) in sc.edges.iter().flat_map(|e| e.curve.points()) {
            assert!((0.0..=sc.width).contains(&x), "{game} {position}: x = {x}");
            let y = y + sc.top;
            assert!((0.0..=sc.height).contains(&y), "{game} {position}: y = {y}");
        }
    }
}

/// A position reached by different moves is one node, and a move to it
/// one edge: the marks a move leaves on what it shows (the coins it
/// turned, the edge it cut) are no part of the position. Turtles on three
/// coins reach every one of the 8 rows of heads, turtles times turtles on
/// a 2x2 grid every one of its 16 sets of heads; three copies of `1-2`
/// drawn under `0-1` make the start and 4 graphs left.
#[test]
fn positions_reached_by_different_moves_are_one_node() {
    for (game, start, positions) in [
        ("turtles", "HHH", 8),
        ("ruler", "HHH", 8),
        ("mock-turtles", "HHHH", 16),
        ("hackenbush", "0-1,1-2,1-2,1-2", 5),
        ("turning-corners", "HHH/HHH", 4),
        ("product:turtles,turtles", "HH/HH", 16),
    ] {
        let g = graph(game, &[start]);
        assert_eq!(g.nodes.len(), positions, "{game} {start}");
        let dot = to_dot(&g, game);
        let edges: Vec<&str> = dot.lines().filter(|l| l.contains(" -> ")).collect();
        let mut once = edges.clone();
        once.sort_unstable();
        once.dedup();
        assert_eq!(edges.len(), once.len(), "{game}: an edge drawn twice");
        let texts: Vec<&str> = (g.nodes.iter())
            .flat_map(|n| n.position().unwrap_or_default())
            .map(String::as_str)
            .collect();
        let marked = |t: &&str| t.contains('~') || t.contains(['h', 't']);
        assert!(!texts.iter().any(marked), "{game}: {texts:?}");
    }
    let coins = parse("turtles", SpecOptions::default()).unwrap();
    assert_eq!(coins.canonical("tHh").unwrap(), "THH");
    let graphs = parse("hackenbush", SpecOptions::default()).unwrap();
    assert_eq!(graphs.canonical("0-1,~1-2,1-2").unwrap(), "0-1,1-2");
}
