//! Cram, Node Kayles and Chomp against searches written here, plain
//! memoised mex over whole positions (no parts, no symmetry, no table
//! limits), and against published values.

use std::collections::HashMap;

use grundy::games::cram;
use grundy::games::grid::shape::Region;
use grundy::{Limits, Ruleset, SpecOptions, Value};
use proptest::prelude::*;

mod brute;

use brute::{
    chomp_brute, cram_brute, map, mex, node_kayles_brute, sample_maps, snakes, symmetric_sets,
};

fn game(name: &str) -> Box<dyn Ruleset> {
    grundy::parse(name, SpecOptions::default()).unwrap()
}

/// The engine's value of one component.
fn value(g: &dyn Ruleset, text: &str) -> u64 {
    let a = g.analyze(&[text.to_string()], &Limits::default()).unwrap();
    match a.grundy {
        Some(Value::Finite(n)) => n.0,
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn cram_rectangles_match_the_brute_force() {
    let g = game("cram");
    for h in 1..=4 {
        for w in h..=(16 / h).min(6) {
            let want = cram_brute((1 << (h * w)) - 1, h, w);
            assert_eq!(value(&*g, &format!("{h}x{w}")), want, "{h}x{w}");
            assert_eq!(value(&*g, &format!("{w}x{h}")), want, "{w}x{h}");
        }
    }
}

/// Published values: 2xn is 0 for even n and *1 for odd n (Winning Ways,
/// chapter 15); even by even boards are 0 (symmetry) and even by odd ones
/// are N; 3x3 = 0, 3x4 = *1; 4x5 = *2, 4x6 = 0, 4x7 = *3, 5x5 = 0, 5x6 =
/// *2 (P. Beling, impartial-games README, "The results obtained so far",
/// https://github.com/beling/impartial-games; also Lemoine and Viennot,
/// Nimbers are inevitable, TCS 462 (2012)).
#[test]
fn cram_published_values() {
    let g = game("cram");
    for n in 1..=12 {
        assert_eq!(value(&*g, &format!("2x{n}")), n as u64 % 2, "2x{n}");
    }
    for (board, want) in [
        ("3x3", 0),
        ("3x4", 1),
        ("4x4", 0),
        ("4x5", 2),
        ("4x6", 0),
        ("4x7", 3),
        ("5x5", 0),
        ("5x6", 2),
    ] {
        assert_eq!(value(&*g, board), want, "{board}");
    }
    assert_ne!(value(&*g, "3x6"), 0);
}

#[test]
fn symmetric_cram_maps_match_the_brute_force() {
    let g = game("cram");
    for (h, w) in [(4, 4), (3, 5), (2, 6), (4, 3)] {
        for free in symmetric_sets(h, w) {
            let want = cram_brute(free, h, w);
            assert_eq!(value(&*g, &map(free, h, w)), want, "{}", map(free, h, w));
        }
    }
}

/// Checks that `rule` keeps Cram's value on sampled maps, and that it
/// changed at least `least` of them (a rule that never fires proves
/// nothing).
fn cram_rule_keeps_values(rule: fn(&Region, u128) -> u128, least: usize) {
    let mut changed = 0;
    for (h, w, seed) in [(3, 4, 1), (4, 4, 2), (2, 7, 3), (3, 5, 4), (4, 3, 5)] {
        for free in sample_maps(h, w, 300, seed) {
            let less = rule(
                &Region {
                    bits: free.into(),
                    h,
                    w,
                },
                free.into(),
            ) as u64;
            assert_eq!(less & !free, 0, "{}", map(free, h, w));
            if less != free {
                changed += 1;
                let (before, after) = (cram_brute(free, h, w), cram_brute(less, h, w));
                assert_eq!(after, before, "{} -> {}", map(free, h, w), map(less, h, w));
            }
        }
    }
    assert!(changed >= least, "the rule changed only {changed} maps");
}

#[test]
fn cram_extra_leaves_are_worth_nothing() {
    cram_rule_keeps_values(cram::without_extra_leaves, 100);
}

#[test]
fn cram_bridges_are_worth_nothing() {
    cram_rule_keeps_values(cram::without_bridges, 20);
}

#[test]
fn cram_pruned_maps_keep_their_values() {
    cram_rule_keeps_values(cram::pruned, 150);
    // A star of three leaves is one domino, and a bridge between two
    // stars is nothing: a path of five cells is worth 0.
    let r: Region = Region {
        bits: 0b11111,
        h: 1,
        w: 5,
    };
    assert_eq!(cram::pruned(&r, r.bits), 0b11011);
    let t: Region = Region {
        bits: 0b010_111,
        h: 2,
        w: 3,
    };
    assert_eq!(cram::pruned(&t, t.bits).count_ones(), 2);
}

#[test]
fn cram_corner_blocks_cut_regions_apart_without_changing_values() {
    let mut split = 0;
    for (h, w, seed) in [(3, 4, 11), (4, 4, 12), (2, 7, 13), (3, 5, 14), (4, 3, 15)] {
        for free in sample_maps(h, w, 400, seed) {
            let r: Region = Region {
                bits: free.into(),
                h,
                w,
            };
            let cut = cram::corner_blocks(&r, r.bits);
            if cut == 0 {
                continue;
            }
            let mut parts = Vec::new();
            grundy::games::grid::shape::for_each_part_cut(&r, r.bits, cut, |p| {
                parts.push(p as u64)
            });
            let whole = cram_brute(free, h, w);
            let sum = parts.iter().fold(0, |x, &p| x ^ cram_brute(p, h, w));
            assert_eq!(sum, whole, "{}", map(free, h, w));
            let mut plain = 0;
            grundy::games::grid::shape::for_each_part(&r, r.bits, |_| plain += 1);
            split += usize::from(parts.len() > plain);
        }
    }
    // The rule must fire for the test to mean anything.
    assert!(split >= 30, "only {split} maps were cut apart");
}

/// Cram depends only on which squares are neighbours, so a snake of `n`
/// squares is keyed as the straight strip of `n` squares (one table entry
/// for all) and is worth what the strip is worth: Dawson's Kayles; Node
/// Kayles likewise.
#[test]
fn cram_snakes_are_keyed_and_valued_as_strips() {
    let (g, kayles) = (game("cram"), game("node-kayles"));
    let mut bent = 0;
    for (h, w, seed) in [(4, 4, 21), (5, 6, 22), (6, 6, 23), (3, 8, 24)] {
        for free in snakes(h, w, 60, seed) {
            let n = free.count_ones() as usize;
            let r: Region = Region {
                bits: free.into(),
                h,
                w,
            };
            let strip: Region = Region {
                bits: (1u128 << n) - 1,
                h: 1,
                w: n,
            };
            let mut keys = [cram::region_keys(&r), cram::region_keys(&strip)];
            keys.iter_mut().for_each(|k| k.sort_unstable());
            let text = map(free, h, w);
            assert_eq!(keys[0], keys[1], "{text}");
            let want = cram_brute(free, h, w);
            assert_eq!(value(&*g, &text), want, "{text}");
            assert_eq!(cram_brute((1 << n) - 1, 1, n), want, "{text}");
            // Node Kayles keys its parts the same way (Dawson's chess).
            if n <= 16 {
                let all = (1u64 << n) - 1;
                let path: Vec<u64> = (0..n).map(|i| (1 << i >> 1 | 1 << i << 1) & all).collect();
                assert_eq!(value(&*kayles, &text), node_kayles_brute(&path), "{text}");
            }
            bent += usize::from(r.horizontal_pairs() != 0 && r.vertical_pairs() != 0);
        }
    }
    assert!(bent >= 100, "only {bent} snakes turn a corner");
}

#[test]
fn cram_winning_moves_are_the_options_of_the_right_value() {
    let g = game("cram");
    let mut found = 0;
    // A move in the first board wins when it leaves the second's value:
    // 3x4 = *1 + 1x4 = *2 wants *2, 4x5 = *2 + 1x1 wants 0, 2x5 = *1 +
    // 1x2 = *1 is lost (no move listed), 4x5 + 1x2 wants *1.
    for (board, h, w, other) in [
        ("3x4", 3, 4, "1x4"),
        ("4x5", 4, 5, "1x1"),
        ("2x5", 2, 5, "1x2"),
        ("4x5", 4, 5, "1x2"),
    ] {
        let a = g
            .analyze(&[board.to_string(), other.to_string()], &Limits::default())
            .unwrap();
        let lost = value(&*g, board) == value(&*g, other);
        let target = value(&*g, other);
        let mut listed: Vec<String> = a
            .winning_moves
            .iter()
            .filter(|m| m.component == Some(0))
            .map(|m| m.to.clone())
            .collect();
        listed.sort();
        let full: u64 = (1 << (h * w)) - 1;
        let mut want = Vec::new();
        for i in 0..h * w {
            for (ok, j) in [(i % w + 1 < w, i + 1), (i / w + 1 < h, i + w)] {
                let left = full & !(1 << i) & !(1 << j);
                if ok && !lost && cram_brute(left, h, w) == target {
                    want.push(map(left, h, w));
                }
            }
        }
        want.sort();
        assert_eq!(listed, want, "{board} + {other}");
        if lost {
            assert!(a.winning_moves.is_empty(), "{board} + {other}");
        }
        found += want.len();
    }
    assert!(found > 0);
}

#[test]
fn node_kayles_on_paths_is_dawsons_chess_and_cycles_follow() {
    let g = game("node-kayles");
    // A vertex of a path takes 1, 2 or 3 consecutive vertices: octal
    // 0.137 (Dawson's chess), whose value at n is Dawson's Kayles (0.07)
    // at n + 1, that is Cram on 1 x (n + 1).
    let cram = game("cram");
    for n in 1..=40 {
        assert_eq!(
            value(&*g, &format!("path:{n}")),
            value(&*cram, &format!("1x{}", n + 1)),
            "path:{n}"
        );
    }
    // Every first move on a cycle leaves the path of n - 3 vertices.
    for n in 3..=40 {
        let after = value(&*g, &format!("path:{}", n - 3).replace("path:0", "0"));
        assert_eq!(
            value(&*g, &format!("cycle:{n}")),
            u64::from(after == 0),
            "cycle:{n}"
        );
    }
}

/// Strips as long as boards go (120 cells), across the 64 bits of the
/// word small regions are searched on: Cram on 1 x n is Dawson's Kayles
/// at n (a domino on cells i, i + 1 leaves strips of i and n - i - 2),
/// computed here by that recurrence, and Node Kayles on a path of n
/// vertices is the same at n + 1. Cram 1x64 once came out *8 instead of
/// *4: on a 64-bit word the step to the next row shifted by 64.
#[test]
fn strips_on_either_side_of_a_word_are_dawsons_kayles() {
    let mut dk = vec![0u64; 122];
    for n in 2..dk.len() {
        dk[n] = mex((0..=n - 2).map(|i| dk[i] ^ dk[n - 2 - i]).collect());
    }
    let (cram, kayles) = (game("cram"), game("node-kayles"));
    for n in (2..=120).filter(|n| n % 8 == 0 || (56..=72).contains(n) || *n == 120) {
        assert_eq!(value(&*cram, &format!("1x{n}")), dk[n], "cram 1x{n}");
        assert_eq!(value(&*cram, &format!("{n}x1")), dk[n], "cram {n}x1");
        assert_eq!(value(&*kayles, &format!("path:{n}")), dk[n + 1], "path:{n}");
    }
    // A snake of 64 cells (five rows of 12 joined at alternate ends) is
    // keyed as the strip of 64.
    let rows: Vec<String> = (0..9)
        .map(|r| match r % 4 {
            0 | 2 => ".".repeat(12),
            1 => "x".repeat(11) + ".",
            _ => format!(".{}", "x".repeat(11)),
        })
        .collect();
    let snake = rows.join("/");
    assert_eq!(value(&*cram, &snake), dk[64], "{snake}");
}

/// The graph of the free cells of an `h` by `w` map (`free`'s bits, row
/// by row), numbered in that order, for the brute force: grid neighbours
/// that are both free are joined.
fn grid_adjacency(free: u64, h: usize, w: usize) -> Vec<u64> {
    let cells: Vec<usize> = (0..h * w).filter(|&i| free >> i & 1 == 1).collect();
    let index = |i: usize| cells.iter().position(|&c| c == i);
    let mut adj = vec![0u64; cells.len()];
    for (k, &i) in cells.iter().enumerate() {
        let (r, c) = (i / w, i % w);
        let right = (c + 1 < w).then(|| index(i + 1)).flatten();
        let down = (r + 1 < h).then(|| index(i + w)).flatten();
        for j in [right, down].into_iter().flatten() {
            adj[k] |= 1 << j;
            adj[j] |= 1 << k;
        }
    }
    adj
}

#[test]
fn node_kayles_grids_and_families_match_the_brute_force() {
    let g = game("node-kayles");
    for (h, w) in [(2, 2), (2, 5), (3, 3), (3, 4), (4, 4), (3, 6)] {
        let adj = grid_adjacency((1 << (h * w)) - 1, h, w);
        assert_eq!(
            value(&*g, &format!("grid:{h}x{w}")),
            node_kayles_brute(&adj),
            "{h}x{w}"
        );
    }
    // K(m, n): a vertex takes the whole other side, leaving the rest of
    // its own side as lone vertices (worth their parity): K(3, 4) has
    // options 0 (two left) and *1 (three left).
    assert_eq!(value(&*g, "kbip:3x4"), 2);
    assert_eq!(value(&*g, "kbip:2x2"), 0);
}

#[test]
fn node_kayles_on_three_row_grids_matches_the_published_values() {
    // OEIS A316632 (Brown et al., "Nimber Sequences of Node-Kayles
    // Games", J. Integer Sequences 23, 2020): 3 x n for n = 1 to 16.
    let published = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3];
    let g = game("node-kayles");
    for (n, &want) in (1..).zip(&published) {
        assert_eq!(value(&*g, &format!("grid:3x{n}")), want, "grid:3x{n}");
    }
}

/// On more than one thread the split search marks the components each
/// thread is on and puts off options another thread is searching: the
/// answers stay those of one thread, and the published ones.
#[test]
fn every_thread_count_gives_the_published_values() {
    let cases = [
        ("cram", "4x7", 3),
        ("cram", "5x6", 2),
        ("cram", "4x6", 0),
        ("node-kayles", "grid:3x12", 5),
        ("node-kayles", "grid:3x16", 3),
    ];
    for threads in [1, 2, 3, 4] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        for (name, board, want) in cases {
            let g = game(name);
            let got = pool.install(|| value(&*g, board));
            assert_eq!(got, want, "{name} {board} on {threads} threads");
        }
    }
}

#[test]
fn chomp_matches_the_brute_force_and_rectangles_are_first_player_wins() {
    let g = game("chomp");
    let mut memo = HashMap::new();
    for r in 1..=5u8 {
        for c in 1..=6u8 {
            let want = chomp_brute(&vec![c; r as usize], &mut memo);
            assert_eq!(value(&*g, &format!("{r}x{c}")), want, "{r}x{c}");
            // Strategy stealing: every bar but the poison alone is N.
            assert_eq!(want == 0, (r, c) == (1, 1), "{r}x{c}");
        }
    }
    // Two rows: the P-positions are exactly (a, a - 1).
    for a in 1..=12u8 {
        for b in 1..=a {
            let v = value(&*g, &format!("{a},{b}"));
            assert_eq!(v, chomp_brute(&[a, b], &mut memo), "{a},{b}");
            assert_eq!(v == 0, b + 1 == a, "{a},{b}");
        }
    }
    for rows in [
        vec![5u8, 3, 3, 1],
        vec![4, 4, 2, 1, 1],
        vec![6, 1, 1, 1, 1, 1, 1],
    ] {
        let text: Vec<String> = rows.iter().map(u8::to_string).collect();
        assert_eq!(value(&*g, &text.join(",")), chomp_brute(&rows, &mut memo));
    }
}

#[test]
fn larger_chomp_bars_are_first_player_wins() {
    let g = game("chomp");
    for (r, c) in [(6, 7), (7, 7), (8, 5)] {
        assert_ne!(value(&*g, &format!("{r}x{c}")), 0, "{r}x{c}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn cram_maps_match_the_brute_force(h in 1usize..=4, w in 1usize..=5, free in any::<u64>()) {
        let free = free & ((1 << (h * w)) - 1);
        let text = if free == 0 { "0".to_string() } else { map(free, h, w) };
        prop_assert_eq!(value(&*game("cram"), &text), cram_brute(free, h, w), "{}", text);
    }

    /// Maps the half turn maps onto themselves, which the mirror strategy
    /// decides without a search (even by even: 0; a lone centre cell:
    /// not 0), and random maps, against the brute force.
    #[test]
    fn symmetric_maps_match_the_brute_force(h in 1usize..=4, w in 1usize..=5, free in any::<u64>()) {
        let n = h * w;
        let half: u64 = (0..n).filter(|&i| free >> i & 1 == 1).fold(0, |m, i| m | 1 << i | 1 << (n - 1 - i));
        for board in [half, free & ((1 << n) - 1)] {
            let text = if board == 0 { "0".to_string() } else { map(board, h, w) };
            prop_assert_eq!(value(&*game("cram"), &text), cram_brute(board, h, w), "cram {}", text);
            if board != 0 {
                let adj = grid_adjacency(board, h, w);
                prop_assert_eq!(value(&*game("node-kayles"), &text), node_kayles_brute(&adj), "node-kayles {}", text);
            }
        }
    }

    #[test]
    fn node_kayles_edge_lists_match_the_brute_force(
        n in 1usize..=10,
        edges in proptest::collection::vec((0usize..10, 0usize..10), 0..20),
    ) {
        let mut adj = vec![0u64; n];
        let mut items: Vec<String> = (0..n).map(|v| format!("v{v}")).collect();
        for (u, v) in edges.into_iter().map(|(u, v)| (u % n, v % n)).filter(|(u, v)| u != v) {
            adj[u] |= 1 << v;
            adj[v] |= 1 << u;
            items.push(format!("v{u}-v{v}"));
        }
        // A lone vertex alone is written twice (a name alone is refused).
        let text = match items.len() {
            1 => format!("{0},{0}", items[0]),
            _ => items.join(","),
        };
        prop_assert_eq!(value(&*game("node-kayles"), &text), node_kayles_brute(&adj), "{}", text);
    }
}

#[test]
fn bad_boards_are_one_line_errors() {
    for (name, text, says) in [
        ("cram", "11x11", "at most 120 squares"),
        ("cram", "..o", "neither"),
        ("node-kayles", "star:4", "unknown graph family"),
        ("node-kayles", "a-", "vertex name"),
        ("chomp", "2,3", "never longer"),
    ] {
        let err = game(name)
            .analyze(&[text.to_string()], &Limits::default())
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(says) && !err.contains('\n'),
            "{name} {text}: {err}"
        );
    }
}

#[test]
fn a_budget_too_small_for_the_table_is_refused() {
    let limits = Limits::default().with_memory(100_000, || 0);
    let err = game("cram")
        .analyze(&["3x3".to_string()], &limits)
        .unwrap_err()
        .to_string();
    assert!(err.contains("the split search (its table takes"), "{err}");
}

#[test]
fn misere_play_is_searched() {
    let g = grundy::parse(
        "cram",
        SpecOptions {
            misere: true,
            ..SpecOptions::default()
        },
    )
    .unwrap();
    // Misère 1x2: the only move is the last, and loses.
    let a = g.analyze(&["1x2".to_string()], &Limits::default()).unwrap();
    assert_eq!(a.outcome, grundy::Outcome::P);
    let a = g.analyze(&["1x3".to_string()], &Limits::default()).unwrap();
    assert_eq!(a.outcome, grundy::Outcome::P);
    let a = g.analyze(&["1x4".to_string()], &Limits::default()).unwrap();
    assert_eq!(a.outcome, grundy::Outcome::N);
}

/// The split search keeps its own stack (up to two levels per cell):
/// the biggest boards and graphs it accepts, searched for a second on
/// one and on two threads whose stacks are 20 KiB (a hundredth of what a
/// thread gets by default), neither overflow (which would abort this
/// test) nor finish, and stop when asked. The search that recursed
/// overflowed 24 KiB.
#[test]
fn the_deepest_searches_fit_a_small_stack() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    // 120 vertices, each joined to the next and to the one 11 further on.
    let chords: Vec<String> = (0..120)
        .flat_map(|i| [(i, i + 1), (i, i + 11)])
        .filter(|&(_, j)| j < 120)
        .map(|(i, j)| format!("v{i}-v{j}"))
        .collect();
    let cases = [
        ("cram", "11x10".to_string()),
        ("node-kayles", "grid:8x15".to_string()),
        ("node-kayles", chords.join(",")),
    ];
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .stack_size(20 << 10)
            .build()
            .unwrap();
        for (name, board) in &cases {
            let stop = Arc::new(AtomicBool::new(false));
            let limits = Limits::with_max_states(u64::MAX).with_stop(stop.clone());
            let timer = {
                let stop = stop.clone();
                std::thread::spawn(move || {
                    std::thread::sleep(std::time::Duration::from_secs(1));
                    stop.store(true, Ordering::Relaxed);
                })
            };
            let g = game(name);
            let result = pool.install(|| g.analyze(std::slice::from_ref(board), &limits));
            timer.join().unwrap();
            let err = result.expect_err("a board this big is not solved in a second");
            assert!(
                matches!(err, grundy::Error::Interrupted(_)),
                "{name} on {threads} threads: {err}"
            );
        }
    }
}
