//! Node Kayles: texts, listings and winning moves.

use super::*;

#[test]
fn graphs_read_and_print_back() {
    let g = NodeKayles::default();
    for text in [
        "path:5",
        "grid:3x4",
        "..x/.x.",
        "1-2,1-3,2-3",
        "a-b,c",
        "0",
        "0,0",
    ] {
        let c = g.parse_component(text).unwrap();
        assert_eq!(g.format_component(&c), text);
    }
    let c = g.parse_component("cycle:4").unwrap();
    assert_eq!(g.format_component(&c), "1-2,1-4,2-3,3-4");
    crate::testing::refuses(
        |t| g.parse_component(t),
        &[
            ("cycle:2", "from 3"),
            ("star:3", "unknown graph family"),
            ("a-b,c d", "vertex name"),
            ("grid:20x20", "at most 120"),
            ("kbip:61x60", "at most 120"),
            ("grid:1x121", "at most 120"),
            ("grid:0x3", "two positive sizes"),
            ("kbip:99999999999999999999999x1", "at most 120"),
            ("kbip:18446744073709551615x1", "at most 120"),
            // One word that is a size or a family run into its size is a
            // typo, not one lone vertex worth `*`.
            ("path5", "did you mean `path:5`?"),
            ("Grid3x3", "did you mean `grid:3x3`?"),
            ("cycle12", "did you mean `cycle:12`?"),
            ("kbip2x3", "did you mean `kbip:2x3`?"),
            ("5", "a path of 5 vertices is `path:5`"),
            ("3x", "two positive sizes"),
            ("0x0", "two positive sizes"),
            ("99999x2", "too many squares"),
            (
                "121",
                "`121` alone would be one lone vertex: a lone vertex alone is written twice",
            ),
        ],
    );
    // A word alone, like a number alone, is refused (more often a file's
    // name mistyped than a lone vertex meant); written twice it is one.
    for word in ["pathway", "grid", "v", "x1", "X2", "mygraph"] {
        let err = g.parse_component(word).unwrap_err().to_string();
        let twice = format!("a lone vertex alone is written twice, `{word},{word}`");
        assert!(err.contains(&twice), "{err}");
        assert_eq!(
            g.format_component(&g.parse_component(&format!("{word},{word}")).unwrap()),
            format!("{word},{word}")
        );
    }
    assert!(g.parse_component("5,5").is_ok());
    // A grid has M x N vertices, a complete bipartite graph M + N: each
    // bound is its own (kbip:11x11 was refused as 121 vertices).
    for text in ["kbip:11x11", "kbip:60x60", "grid:1x120", "grid:10x12"] {
        assert!(g.parse_component(text).is_ok(), "{text}");
    }
}

#[test]
fn winning_moves_by_outcome_are_those_by_value() {
    // One outcome search per option against valuing each option.
    let g = NodeKayles::default();
    let l = Limits::default();
    for text in [
        "grid:3x5",
        "grid:4x4",
        "..x/.../x..",
        "cycle:9",
        "1-2,2-3,3-4,4-1,4-5",
    ] {
        let c = g.parse_component(text).unwrap();
        for t in 0..4 {
            let by_outcome = g.options_with_value(&c, Nimber(t), &l, usize::MAX).unwrap();
            let by_value =
                crate::ruleset::scan_options_with_value(&g, &c, Nimber(t), &l, usize::MAX);
            assert_eq!(by_outcome, by_value.unwrap(), "{text} *{t}");
        }
    }
}

#[test]
fn both_builds_of_the_grid_listing_agree() {
    // As Cram's: the listing as the processor runs it against the
    // default build inlined here, on 64-bit words and on 128.
    let mut rng = crate::testing::Xorshift(0x2545_F491_4F6C_DD1D);
    for (h, w) in [(3, 7), (5, 6), (4, 11), (8, 8), (9, 12), (11, 11)] {
        for _ in 0..30 {
            let bits = u128::from(rng.next()) << 64 | u128::from(rng.next());
            let r = Region {
                bits: bits & ones(h * w),
                h,
                w,
            }
            .cropped();
            if r.bits == 0 {
                continue;
            }
            let key = canonical(r);
            let (mut run, mut plain) = (OptionList::default(), OptionList::default());
            NkMoves { adj: &[] }.options(key, &mut run);
            let r = Region::from_key(key);
            match r.fits_u64() {
                true => grid_options(r.narrow::<u64>(), &mut plain),
                false => grid_options(r, &mut plain),
            }
            assert_eq!((run.parts, run.ends), (plain.parts, plain.ends), "{r:?}");
        }
    }
}
