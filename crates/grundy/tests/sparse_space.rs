//! The sparse space a sequence reports: the best linear partition of the
//! values it reports, whatever the engine did on the way (a longer table
//! restored, a period proven and its copies never reviewed).

use grundy::heap::{HeapSequence, SeqReport, SeqRequest};
use grundy::{Limits, Ruleset, SpecOptions};
use proptest::prelude::*;

fn game(name: &str) -> Box<dyn Ruleset> {
    grundy::parse(name, SpecOptions::default()).unwrap()
}

fn report(name: &str, to: u64) -> SeqReport {
    let to = Some(to);
    game(name)
        .sequence(&SeqRequest { to }, &Limits::default())
        .unwrap()
}

/// A table that goes past the heap asked for (a longer checkpoint
/// restored) reports the sparse space of a run that stopped there: its
/// partition was chosen from values that run never saw, and a resumed
/// `seq --to 1000` of Grundy's game printed another mask and 205 rare
/// heaps for 175.
#[test]
fn a_longer_table_reports_the_sparse_space_of_the_shorter_run() {
    for code in ["grundy", "officers", "0.07", "0.37", "0.6", "4.3", "0.44"] {
        let long = game(code);
        let seq: &dyn HeapSequence = long.heap().unwrap();
        seq.extend_to(30_000, &Limits::default()).unwrap();
        for to in [0, 2, 5, 100, 1_000, 5_000] {
            let fresh = report(code, to).sparse;
            let from_long = seq.report(to, None, &Limits::default()).unwrap().sparse;
            assert_eq!(from_long, fresh, "{code} to {to}");
        }
    }
}

/// Published figures: Grundy's game has 1274 rare values, the last at
/// n = 82860, and Officers 1584, the last at n = 20627 (REFERENCE.md).
#[test]
fn the_published_rare_heaps() {
    let grundy = report("grundy", 100_000).sparse.unwrap();
    assert_eq!((grundy.rare_count, grundy.last_rare), (1274, Some(82_860)));
    let officers = report("officers", 30_000).sparse.unwrap();
    assert_eq!(
        (officers.rare_count, officers.last_rare),
        (1584, Some(20_627))
    );
}

/// Whether heap `n` of value `g` is common under `mask`, with the heap's
/// parity counted when `parity`, the rule flipped when `flip`: written
/// here from the definition, not taken from the engine.
fn common(n: u64, g: u64, mask: u64, parity: bool, flip: bool) -> bool {
    ((g & mask).count_ones() % 2 == 1) ^ (parity && n % 2 == 1) ^ flip
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// For codes `0.d1d2d3` with a split: the reported partition leaves
    /// the fewest rare heaps from 1 on (heap 0 is in no split) of every
    /// linear one allowed (the heap's parity only when every split removes
    /// tokens of one parity `kappa`, the rule then flipped by `kappa`), and
    /// its rare heaps are exactly those it calls rare, heap 0 counted.
    #[test]
    fn the_reported_partition_is_the_best(d in prop::collection::vec(0u8..8, 3), to in 1u64..400) {
        let splits: Vec<usize> = (0..3).filter(|&k| d[k] & 4 != 0).map(|k| k + 1).collect();
        prop_assume!(!splits.is_empty());
        let code = format!("0.{}{}{}", d[0], d[1], d[2]);
        let r = report(&code, to);
        let values = r.values;
        let s = r.sparse.unwrap();
        let kappa = splits[0] % 2 == 1;
        let one_parity = splits.iter().all(|&k| (k % 2 == 1) == kappa);
        // At least one bit: when every value is 0, every rule is as good.
        let bits = (64 - values.iter().max().unwrap().leading_zeros()).max(1);
        let rare_under = |mask: u64, parity: bool| {
            let flip = parity && kappa;
            (1..values.len()).filter(|&n| !common(n as u64, values[n], mask, parity, flip)).count() as u64
        };
        let mut best = u64::MAX;
        for mask in 0..(1u64 << bits) {
            for parity in [false, true] {
                if (mask == 0 && !parity) || (parity && !one_parity) {
                    continue;
                }
                best = best.min(rare_under(mask, parity));
            }
        }
        let p = s.partition;
        prop_assert_eq!(rare_under(p.mask as u64, p.parity), best, "{}", code);
        let rare: Vec<u64> = (0..values.len() as u64)
            .filter(|&n| !common(n, values[n as usize], p.mask as u64, p.parity, p.flip))
            .collect();
        prop_assert_eq!(s.rare_count, rare.len() as u64);
        prop_assert_eq!(&s.rare, &rare);
        prop_assert_eq!(s.last_rare, rare.last().copied());
    }
}
