//! Green Hackenbush against a brute force over edge deletions, written here
//! from the rules alone: cut one edge that reaches the ground, then drop
//! every edge that no longer does.

mod brute;

use brute::Mex;
use grundy::games::hackenbush::{after_cut, cuts_to_value, drawing_value, Drawing};
use grundy::{Game, Limits, Nimber, Outcome, SpecOptions};
use proptest::prelude::*;

/// The edges of `mask` that reach `ground` through edges of `mask`.
fn attached(edges: &[(u64, u64)], ground: u64, mask: u32) -> u32 {
    let mut reached = vec![ground];
    let mut kept = 0u32;
    loop {
        let mut grew = false;
        for (i, &(u, v)) in edges.iter().enumerate() {
            let bit = 1 << i;
            if mask & bit != 0 && kept & bit == 0 && (reached.contains(&u) || reached.contains(&v))
            {
                kept |= bit;
                reached.push(u);
                reached.push(v);
                grew = true;
            }
        }
        if !grew {
            return kept;
        }
    }
}

/// Every position after one cut, as masks of the surviving edges.
fn cuts(edges: &[(u64, u64)], ground: u64, mask: u32) -> Vec<(usize, u32)> {
    (0..edges.len())
        .filter(|&i| mask >> i & 1 == 1)
        .map(|i| (i, attached(edges, ground, mask & !(1 << i))))
        .collect()
}

fn brute_values(edges: &[(u64, u64)], ground: u64) -> impl FnMut(u32) -> u64 + '_ {
    let mut mex = Mex::new(move |&mask: &u32| {
        cuts(edges, ground, mask)
            .into_iter()
            .map(|(_, m)| vec![m])
            .collect()
    });
    move |mask| mex.g(&mask)
}

fn graphs() -> impl Strategy<Value = (u64, Vec<(u64, u64)>)> {
    (0u64..3, prop::collection::vec((0u64..6, 0u64..6), 0..=9))
}

#[test]
fn published_shapes() {
    let v = |t: &str| drawing_value(&Drawing::parse_inline(t, 0).unwrap()).0;
    // A triangle on a stalk of 1: the triangle fuses to three loops (*1),
    // and the Colon principle adds the stalk: *2.
    assert_eq!(v("0-1,1-2,2-3,3-1"), 2);
    // Stalks of 1 and 2 at the ground: *3. A triangle on the ground: *1.
    assert_eq!(v("0-1,0-2,2-3"), 3);
    assert_eq!(v("0-1,1-2,2-0"), 1);
}

#[test]
fn a_million_edges_value_fast() {
    // A caterpillar of triangles: 10^6 edges, mostly in cycles.
    let mut edges = Vec::new();
    let mut at = 0u64;
    let mut next = 1u64;
    while edges.len() + 4 <= 1_000_000 {
        edges.push((at, next));
        edges.push((next, next + 1));
        edges.push((next + 1, next + 2));
        edges.push((next + 2, next));
        at = next;
        next += 3;
    }
    let g = Drawing::from_edges(0, edges);
    let v = drawing_value(&g).0;
    // Each bead is an edge up to a triangle (three loops, *1) with the
    // beads below hanging from it: the bead adds (1 xor below) + 1.
    let mut expected = 0u64;
    for _ in 0..g.edge_count() / 4 {
        expected = (1 ^ expected) + 1;
    }
    assert_eq!(v, expected);
}

/// Graphs built around one long cycle: the cycle sits on a stalk (or on
/// the ground), chains may hang from its vertices, and a few random edges
/// may join anything. Plain cycles and cycles with something hanging below
/// are valued by different means when cut, so both must come up.
fn cycle_graphs() -> impl Strategy<Value = Vec<(u64, u64)>> {
    (
        1u64..40,
        0u64..3,
        prop::collection::vec((0u64..40, 1u64..4), 0..3),
        prop::collection::vec((0u64..8, 100u64..110), 0..3),
    )
        .prop_map(|(len, stalk, hangs, extra)| {
            let mut edges: Vec<(u64, u64)> = (0..stalk).map(|i| (i, i + 1)).collect();
            // Cycle vertices are `stalk` (its top) and 100 + 1..len.
            let at = |i: u64| {
                if i.is_multiple_of(len) {
                    stalk
                } else {
                    100 + i % len
                }
            };
            edges.extend((0..len).map(|i| (at(i), at(i + 1))));
            for (k, (v, l)) in hangs.into_iter().enumerate() {
                let base = 1000 * (k as u64 + 1);
                edges.push((at(v), base));
                edges.extend((0..l - 1).map(|j| (base + j, base + j + 1)));
            }
            edges.extend(extra.into_iter().map(|(a, b)| (at(a), b)));
            edges
        })
}

/// The graph as a file's lines.
fn lines(edges: &[(u64, u64)]) -> String {
    edges.iter().map(|(u, v)| format!("{u} {v}\n")).collect()
}

#[test]
fn huge_cycles_name_their_winning_cut() {
    // An odd cycle of 200,001 edges through the ground is *1; the only
    // move to 0 cuts the middle edge, leaving two paths of 100,000 edges.
    // Its graph is too long to print, so the move names the file.
    let n = 200_001u64;
    let text = lines(&(0..n).map(|i| (i, (i + 1) % n)).collect::<Vec<_>>());
    let game = grundy::parse("hackenbush", SpecOptions::default()).unwrap();
    let files = [Some("cycle.txt".to_string())];
    let limits = Limits::default();
    let a = game
        .analyze_files(&from_files(std::slice::from_ref(&text), &files), &limits)
        .unwrap();
    assert_eq!(a.grundy, Some(grundy::Value::Finite(Nimber(1))));
    assert!(!a.moves_truncated);
    assert_eq!(a.winning_moves.len(), 1);
    let m = &a.winning_moves[0];
    assert_eq!(m.to, "cycle.txt~100000-100001");
    assert_eq!(m.note.as_deref(), Some("cut 100000-100001"));
    // The name reads back as the file with a cut line.
    let after = format!("{text}~100000 100001\n");
    let files = [Some(m.to.clone())];
    let b = game
        .analyze_files(&from_files(&[after], &files), &limits)
        .unwrap();
    assert_eq!(b.outcome, Outcome::P);
    // Without the budget to look inside the cycle, nothing is claimed.
    let a = game
        .analyze_files(&from_files(&[text], &files), &Limits::with_max_states(1000))
        .unwrap();
    assert!(a.winning_moves.is_empty() && a.moves_truncated);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn fusion_matches_brute_force((ground, edges) in graphs()) {
        let g = Drawing::from_edges(ground, edges.iter().copied());
        let full = attached(&edges, ground, (1 << edges.len()) - 1);
        let mut brute = brute_values(&edges, ground);
        prop_assert_eq!(drawing_value(&g).0, brute(full));
    }

    #[test]
    fn winning_cuts_are_exactly_right((ground, edges) in graphs(), target in 0u64..6) {
        let g = Drawing::from_edges(ground, edges.iter().copied());
        let full = attached(&edges, ground, (1 << edges.len()) - 1);
        let mut brute = brute_values(&edges, ground);
        let expected: Vec<usize> = cuts(&edges, ground, full)
            .into_iter()
            .filter(|&(_, m)| brute(m) == target)
            .map(|(i, _)| i)
            .collect();
        let (got, more) = cuts_to_value(&g, Nimber(target), u64::MAX, usize::MAX);
        prop_assert!(!more);
        prop_assert_eq!(&got, &expected);
        for &e in &got {
            prop_assert_eq!(drawing_value(&after_cut(&g, e)).0, target);
        }
        // With no budget for revaluing parts, what is listed is still right
        // and anything skipped is reported.
        let (some, cut_short) = cuts_to_value(&g, Nimber(target), 0, usize::MAX);
        prop_assert!(some.iter().all(|e| expected.contains(e)));
        prop_assert!(some.len() == expected.len() || cut_short);
    }

    #[test]
    fn sums_list_moves_that_reach_p(
        a in graphs(),
        b in prop::collection::vec((0u64..5, 0u64..5), 0..=6),
    ) {
        let game = grundy::parse("hackenbush", SpecOptions { ground: Some(a.0), ..SpecOptions::default() }).unwrap();
        let ga = Drawing::from_edges(a.0, a.1.iter().copied());
        let gb = Drawing::from_edges(a.0, b.iter().copied());
        let texts = [ga.format_inline(), gb.format_inline()];
        let an = game.analyze(&texts, &Limits::default()).unwrap();
        let rules = grundy::games::hackenbush::Hackenbush::new(a.0);
        let total = drawing_value(&ga) + drawing_value(&gb);
        prop_assert_eq!(an.outcome == Outcome::P, total == Nimber::ZERO);
        for m in &an.winning_moves {
            let i = m.component.unwrap();
            let after = rules.parse_component(&m.to).unwrap();
            let other = drawing_value(if i == 0 { &gb } else { &ga });
            prop_assert_eq!(drawing_value(&after) + other, Nimber::ZERO, "{}", m.to);
        }
        prop_assert!(an.outcome == Outcome::P || !an.winning_moves.is_empty());
    }

    #[test]
    fn cuts_in_long_cycles_are_exactly_right(edges in cycle_graphs(), target in 0u64..8) {
        // Every cut (all edges reach the ground here), valued afresh by
        // fusing the graph it leaves: the valuation the small-graph tests
        // check against brute force.
        let g = Drawing::from_edges(0, edges.iter().copied());
        let expected: Vec<usize> = (0..g.edge_count())
            .filter(|&e| drawing_value(&after_cut(&g, e)).0 == target)
            .collect();
        let (got, more) = cuts_to_value(&g, Nimber(target), u64::MAX, usize::MAX);
        prop_assert!(!more);
        prop_assert_eq!(&got, &expected);
        // Each cut, written as a cut line after the file, reads back to a
        // graph of the target value.
        for &e in &got {
            let (u, v) = g.edge(e);
            let back = Drawing::parse_lines(&format!("{}~{u} {v}\n", lines(&edges)), 0).unwrap();
            prop_assert_eq!(drawing_value(&back).0, target);
        }
    }
}

/// The POJ 3710 sample's second test: a stalk 1-2 with a square 2-3-4 on
/// it, and the one-edge tree 1-2.
const POJ_SAMPLE: &str = "2\n4 4\n1 2\n2 3\n3 4\n4 2\n2 1\n1 2\n";

#[test]
fn poj_3710_files_are_one_graph_on_one_ground() {
    let game = grundy::spec::parse("hackenbush", SpecOptions::default()).unwrap();
    let files = [Some("trees.txt".to_string())];
    let a = game
        .analyze_files(
            &from_files(&[POJ_SAMPLE.to_string()], &files),
            &Limits::default(),
        )
        .unwrap();
    // The triangle fuses to a loop (*1) on the stalk: *2; the edge: *1.
    assert_eq!(a.grundy, Some(Nimber(3).into()));
    // The same trees written as an edge list rooted at 0 (tree 2's vertex
    // 2 numbered after tree 1's four vertices) read alike.
    let g = Drawing::parse_lines(POJ_SAMPLE, 0).unwrap();
    let edges = Drawing::parse_lines("0 2\n2 3\n3 4\n4 2\n0 6\n", 0).unwrap();
    assert_eq!(g, edges);
    // Cut lines and comments work as in edge lists.
    let cut = Drawing::parse_lines(&format!("# judge input\n{POJ_SAMPLE}~0 6\n"), 0).unwrap();
    assert_eq!(drawing_value(&cut), Nimber(2));
    // One test case per file; errors name the line.
    let two = format!("{POJ_SAMPLE}1\n2 1\n1 2\n");
    let err = Drawing::parse_lines(&two, 0).unwrap_err().to_string();
    assert!(
        err.starts_with("line 9: a second POJ 3710 test case"),
        "{err}"
    );
    let err = Drawing::parse_lines("1\n3 1\n1 5\n", 0)
        .unwrap_err()
        .to_string();
    assert_eq!(err, "line 3: vertex 5 is not one of 1..=3");
}

#[test]
fn graphs_that_miss_their_ground_are_warned_about() {
    // Vertices from 1, as judges write them, with the ground left at 0.
    let w = Drawing::warnings("1 2\n2 3\n3 1\n", true, 0);
    assert_eq!(
        w,
        ["no edge touches the ground (vertex 0), so the graph is worth 0; to root it at vertex 1, say --ground 1"]
    );
    assert!(Drawing::warnings("1 2\n2 3\n3 1\n", true, 1).is_empty());
    assert_eq!(Drawing::warnings("1-2,2-3", false, 0).len(), 1);
    // The empty graph and a lone vertex have nothing to warn about.
    assert!(Drawing::warnings("0", false, 0).is_empty());
    assert!(Drawing::warnings("7", false, 0).is_empty());
    // A judge's header `n m` before its edges is read as an edge: said.
    let w = Drawing::warnings("4 4\n1 2\n2 3\n3 4\n4 2\n", true, 1);
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].starts_with("line 1 `4 4` is read as an edge"), "{w:?}");
    assert!(Drawing::warnings("0 1\n1 2\n2 3\n", true, 0).is_empty());
    assert!(Drawing::warnings(POJ_SAMPLE, true, 0).is_empty());
}

/// The position of `texts`, each read from the file `files[i]` names.
fn from_files(texts: &[String], files: &[Option<String>]) -> grundy::ruleset::FilePosition {
    grundy::ruleset::FilePosition {
        texts: texts.to_vec(),
        files: files.to_vec(),
        warnings: Vec::new(),
    }
}
