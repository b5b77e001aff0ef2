//! Chomp by the dense table against a memoised mex search written here,
//! against published facts, and on 1, 2 and 3 threads.

use std::collections::HashMap;

use grundy::solve::diagrams::Dense;
use grundy::{Limits, Ruleset, SearchTables, SpecOptions, Value};
use proptest::prelude::*;

fn chomp() -> Box<dyn Ruleset> {
    grundy::parse("chomp", SpecOptions::default()).unwrap()
}

fn value(g: &dyn Ruleset, text: &str) -> u64 {
    let a = g.analyze(&[text.to_string()], &Limits::default()).unwrap();
    match a.grundy {
        Some(Value::Finite(n)) => n.0,
        other => panic!("{text}: {other:?}"),
    }
}

/// The mex of every bite but the poisoned square, over row lengths
/// (trailing empty rows dropped).
fn brute(rows: &[u8], memo: &mut HashMap<Vec<u8>, u64>) -> u64 {
    if let Some(&v) = memo.get(rows) {
        return v;
    }
    let mut seen = Vec::new();
    for i in 0..rows.len() {
        for j in (i == 0) as u8..rows[i] {
            let mut next: Vec<u8> = rows.to_vec();
            for r in next[i..].iter_mut() {
                *r = (*r).min(j);
            }
            next.retain(|&r| r > 0);
            seen.push(brute(&next, memo));
        }
    }
    let v = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(rows.to_vec(), v);
    v
}

fn text(rows: &[u8]) -> String {
    let t: Vec<String> = rows.iter().map(u8::to_string).collect();
    t.join(",")
}

#[test]
fn rectangles_are_first_player_wins_and_two_rows_lose_at_a_a_minus_1() {
    let g = chomp();
    let mut memo = HashMap::new();
    for r in 1..=7u8 {
        for c in 1..=7u8 {
            let v = value(&*g, &format!("{r}x{c}"));
            assert_eq!(v, brute(&vec![c; r as usize], &mut memo), "{r}x{c}");
            assert_eq!(v == 0, (r, c) == (1, 1), "{r}x{c}");
        }
    }
    for a in 1..=20u8 {
        for b in 1..=a {
            assert_eq!(value(&*g, &text(&[a, b])) == 0, b + 1 == a, "{a},{b}");
        }
    }
}

#[test]
fn big_squares_keep_their_values() {
    let g = chomp();
    assert_eq!(value(&*g, "10x10"), 19);
    assert_eq!(value(&*g, "12x12"), 41);
    // Read from the table of 12x12 now: a diagram and its mirror.
    assert_eq!(value(&*g, "5,3,3,1"), value(&*chomp(), "4,3,3,1,1"));
}

#[test]
fn every_thread_count_fills_the_same_table() {
    let tables: Vec<Vec<u8>> = (1..=3)
        .map(|n| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .unwrap();
            pool.install(|| {
                let d = Dense::new(8, 9, &Limits::default()).unwrap();
                d.solve(&Limits::default()).unwrap();
                d.snapshot()
            })
        })
        .collect();
    assert_eq!(tables[0], tables[1]);
    assert_eq!(tables[0], tables[2]);
}

#[test]
fn a_restored_table_values_only_what_it_lacks() {
    let d = Dense::new(6, 7, &Limits::default()).unwrap();
    d.solve(&Limits::default()).unwrap();
    let mut bytes = d.snapshot();
    let body = bytes.len() - 4;
    // Forget the second half: the restore keeps the first.
    let half = 12 + (body - 12) / 2;
    bytes[half..body].fill(u8::MAX);
    let crc = crc32(&bytes[..body]);
    bytes[body..].copy_from_slice(&crc.to_le_bytes());
    let again = Dense::new(6, 7, &Limits::default()).unwrap();
    let restored = again.restore(&bytes).unwrap();
    assert_eq!(restored as usize, half - 12);
    again.solve(&Limits::default()).unwrap();
    assert_eq!(again.snapshot(), d.snapshot());
    assert_eq!(again.progress().solved, d.progress().solved - restored);
    let other = Dense::new(7, 6, &Limits::default()).unwrap();
    let err = other.restore(&bytes).unwrap_err().to_string();
    assert!(err.contains("of 6x7, not of 7x6"), "{err}");
    bytes[20] ^= 1;
    let err = other.restore(&bytes).unwrap_err().to_string();
    assert!(err.contains("does not match"), "{err}");
}

/// CRC-32 (IEEE), bit by bit: the check a snapshot ends with.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

#[test]
fn boxes_past_the_budget_are_refused_in_one_line() {
    let g = chomp();
    let l = Limits::with_max_states(1000);
    let err = g.analyze(&["9x9".to_string()], &l).unwrap_err().to_string();
    assert!(
        err.contains("box of 9x9") && err.contains("48620 bytes"),
        "{err}"
    );
    // A thin diagram of a huge box holds few diagrams: the split search.
    let mut rows = vec![1u8; 15];
    rows.insert(0, 120);
    let l = Limits::with_max_states(10_000);
    let a = g.analyze(&[text(&rows)], &l).unwrap();
    assert_eq!(
        a.grundy,
        Some(Value::Finite(grundy::Nimber(brute(
            &rows,
            &mut HashMap::new()
        ))))
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn diagrams_match_the_brute_force(mut rows in proptest::collection::vec(1u8..=8, 1..=6)) {
        rows.sort_unstable_by(|a, b| b.cmp(a));
        let v = value(&*chomp(), &text(&rows));
        prop_assert_eq!(v, brute(&rows, &mut HashMap::new()), "{:?}", rows);
    }
}
