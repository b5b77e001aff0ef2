use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use super::*;
use crate::heap::HeapRules;

/// The options of heap `n` under `code`, each a sorted list of heaps,
/// enumerated from the digits' definition without the engine's code.
fn options(code: &Code, n: u64) -> BTreeSet<Vec<u64>> {
    let mut out = BTreeSet::new();
    code.for_each_option(n, &mut |parts| {
        let mut p = parts.to_vec();
        p.sort_unstable();
        out.insert(p);
        true
    });
    out
}

#[test]
fn same_game_is_exactly_the_same_options_for_every_heap() {
    let texts = pattern::up_to_digits(2).unwrap();
    let codes: Vec<Code> = texts.iter().map(|t| Code::parse(t).unwrap()).collect();
    let table: Vec<Vec<BTreeSet<Vec<u64>>>> = codes
        .iter()
        .map(|c| (0..=40).map(|n| options(c, n)).collect())
        .collect();
    let same = same_game(&codes);
    let mut aliases = 0;
    for i in 0..codes.len() {
        let brute_first = (0..i).find(|&j| table[j] == table[i]);
        assert_eq!(same[i], brute_first, "{}", texts[i]);
        aliases += usize::from(brute_first.is_some());
    }
    // 0.d0 is 0.d and 4.d0 is 4.d: 16 of the 144 codes.
    assert_eq!(aliases, 16);
    assert_eq!(
        same[texts.iter().position(|t| t == "0.70").unwrap()],
        Some(7)
    );
}

fn row(code: &str, budget: u64) -> Row {
    let (row, ended) = run_game(&Code::parse(code).unwrap(), budget, &Limits::default()).unwrap();
    assert_eq!(ended, Ended::Finished);
    row
}

#[test]
fn published_periods() {
    for (code, period, preperiod) in [("0.77", 12, 71), ("0.07", 34, 53), ("0.137", 34, 52)] {
        let r = row(code, 5000);
        assert_eq!(
            (
                r.periodicity.period,
                r.periodicity.preperiod,
                r.periodicity.proven
            ),
            (Some(period), Some(preperiod), true),
            "{code}"
        );
        assert!(
            r.periodicity.bound.starts_with("periodicity theorem"),
            "{}",
            r.periodicity.bound
        );
        assert_eq!(r.reason, None);
    }
    let kayles = row("0.77", 5000);
    // Kayles's period (REFERENCE.md) holds 8, its largest value.
    assert_eq!(kayles.max_value, 8);
}

#[test]
fn budgets_say_why_a_game_is_not_proven() {
    let officers = row("0.6", 1000);
    assert_eq!((officers.heaps, officers.periodicity.proven), (1001, false));
    assert_eq!(
        officers.reason.as_deref(),
        Some("heap budget: no period proven by heap 1000")
    );
    assert_eq!(officers.periodicity.bound, "heap budget 1000");
    // The best partition of G(1..=1000) (the engine worked with 0b11110,
    // chosen at heap 512).
    assert_eq!(officers.sparse.mask.as_deref(), Some("0b101110"));
    let grundy = row("4!.0", 300);
    assert_eq!(
        grundy.reason.as_deref(),
        Some("no periodicity theorem covers this game")
    );
    // Three-heap moves: heap n has about n^2/12 options, and the work
    // budget (64 visits per state) ends 0.8 well before 5000 heaps; the
    // reason names it (it once said "heap budget" at heap 225).
    let (hex, _) = run_game(
        &Code::parse("0.8").unwrap(),
        5000,
        &Limits::with_max_states(100_000),
    )
    .unwrap();
    assert!(hex.heaps < 5000, "{}", hex.heaps);
    assert_eq!(
        hex.reason,
        Some(format!(
            "work budget (--max-states 100000): no period proven by heap {}",
            hex.heaps - 1
        ))
    );
    assert_eq!(hex.periodicity.bound, "work budget (--max-states 100000)");
    let stop = Arc::new(AtomicBool::new(true));
    let limits = Limits::default().with_stop(stop);
    let (r, ended) = run_game(&Code::parse("0.6").unwrap(), 1000, &limits).unwrap();
    assert_eq!(
        (ended, r.heaps, r.reason.as_deref()),
        (Ended::Stopped, 1, Some("stopped after 1 heaps"))
    );
}

#[test]
fn aliases_carry_the_results_under_their_own_code() {
    let r = row("0.7", 100);
    let a = alias(&r, "0.70");
    assert_eq!(
        (a.code.as_str(), a.same_as.as_deref()),
        ("0.70", Some("0.7"))
    );
    assert_eq!(
        (a.periodicity.period, a.heaps),
        (r.periodicity.period, r.heaps)
    );
}

/// A game that goes on from values computed before (a save) ends with
/// the row of one run from heap 0: 0.16's period (149459, from heap
/// 105351) is proven at the first check of the doubling schedule past
/// heap 360163, at 524288 heaps, also when the run starts from 400000
/// (looking at once would prove it there, with another heap count), and
/// `between` is called every [`STEP`] heaps on the way.
#[test]
fn a_game_resumed_from_its_values_ends_as_one_run_whole() {
    let code = Code::parse("0.16").unwrap();
    let whole = row("0.16", 1 << 20);
    assert_eq!(whole.heaps, 524288);
    let game = HeapGame::new(code.clone());
    game.extend_to(399_999, &Limits::default()).unwrap();
    let mut calls = 0;
    let (resumed, ended) = run_game_on(&code, &game, 1 << 20, &Limits::default(), &mut || {
        calls += 1;
        true
    })
    .unwrap();
    assert_eq!(ended, Ended::Finished);
    assert_eq!(format!("{resumed:?}"), format!("{whole:?}"));
    assert_eq!(calls, (524288 - 400_000_u64).div_ceil(STEP));
    // `between` saying stop ends the row as the stop flag does.
    let game = HeapGame::new(code.clone());
    let (cut, ended) =
        run_game_on(&code, &game, 1 << 20, &Limits::default(), &mut || false).unwrap();
    assert_eq!(ended, Ended::Stopped);
    assert!(cut.heaps <= STEP, "{}", cut.heaps);
}
