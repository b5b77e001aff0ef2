//! Unit tests of Green Hackenbush valuation and moves.
use super::*;

fn value_of(text: &str) -> u64 {
    drawing_value(&Drawing::parse_inline(text, 0).unwrap()).0
}

#[test]
fn stalks_trees_and_cycles() {
    for (text, value, why) in [
        ("0", 0, "the ground alone"),
        ("0-1,1-2,2-3", 3, "a stalk of 3"),
        ("0-1,1-2,0-3,3-4,4-5", 1, "stalks of 2 and 3: 2 xor 3"),
        ("0-1,1-2,2-0", 1, "a triangle fuses to three loops: *1"),
        ("0-1,1-2,2-3,3-0", 0, "a square: four loops, 0"),
        ("0-1,1-0", 0, "two parallel edges: a cycle of two, 0"),
        ("0-0", 1, "a loop at the ground is *1"),
        ("0-1,1-1", 2, "a loop on a stalk's top: a stalk of 2"),
        ("0-1,5-6,6-7", 1, "edges off the ground play no part"),
    ] {
        assert_eq!(value_of(text), value, "{text}: {why}");
    }
}

#[test]
fn poj_3710_sample() {
    let a = Drawing::from_edges(1, [(1, 2)]);
    let b = Drawing::from_edges(1, [(1, 2), (2, 3), (2, 4), (3, 4)]);
    assert_eq!(drawing_value(&a).0, 1);
    assert_eq!(drawing_value(&b).0, 2);
}

#[test]
fn cuts_reach_the_target() {
    let g = Drawing::parse_inline("0-1,1-2,1-3,3-4,0-5,5-6,6-0", 0).unwrap();
    let v = drawing_value(&g);
    for t in 0..v.0 {
        let (cuts, _) = cuts_to_value(&g, Nimber(t), u64::MAX, usize::MAX);
        assert!(!cuts.is_empty(), "no cut to {t}");
        for e in cuts {
            assert_eq!(drawing_value(&after_cut(&g, e)).0, t);
        }
    }
}

#[test]
fn after_cut_drops_what_falls_off() {
    let g = Drawing::parse_inline("0-1,1-2,2-3,0-4", 0).unwrap();
    assert_eq!(after_cut(&g, 1).format_inline(), "0-1,~1-2,0-4");
    let h = Drawing::parse_inline("0-1", 0).unwrap();
    assert_eq!(after_cut(&h, 0).format_inline(), "~0-1");
}

#[test]
fn a_long_path_needs_no_call_stack() {
    let n = 300_000u64;
    let g = Drawing::from_edges(0, (0..n).map(|i| (i, i + 1)));
    assert_eq!(drawing_value(&g).0, n);
    let (cuts, more) = cuts_to_value(&g, Nimber(7), 0, 10);
    assert_eq!(cuts, vec![7]);
    assert!(!more);
}
