//! Unit tests of the text-level face: counts, values, sums and moves.

use super::*;
use crate::game::Visit;

/// A heap game whose one move, take one token, is listed twice.
struct Stutter;

impl Game for Stutter {
    type Comp = u64;
    fn name(&self) -> String {
        "stutter".into()
    }
    fn parse_component(&self, text: &str) -> Result<u64> {
        parse_count(text, "a heap", 100)
    }
    fn format_component(&self, c: &u64) -> String {
        c.to_string()
    }
    fn value(&self, c: &u64, _: &Limits) -> Result<Nimber> {
        Ok(Nimber(c % 2))
    }
    fn for_each_option(&self, c: &u64, _: &Limits, f: Visit<u64>) -> Result<()> {
        if *c > 0 {
            let _ = f(&[c - 1]) && f(&[c - 1]);
        }
        Ok(())
    }
}

#[test]
fn an_option_listed_twice_is_one_move() {
    let comps = ["3".to_string(), "2".to_string()];
    let a = SumRuleset(Stutter)
        .analyze(&comps, &Limits::default())
        .unwrap();
    let won: Vec<_> = a
        .winning_moves
        .iter()
        .map(|m| (m.component, &*m.to))
        .collect();
    assert_eq!(won, [(Some(0), "2"), (Some(1), "1")]);
    let all = SumRuleset(Stutter)
        .position_moves(&comps, &Limits::default())
        .unwrap();
    let next: Vec<_> = all.iter().map(|m| m.next.join(" ")).collect();
    assert_eq!(next, ["2 2", "3 1"]);
}

#[test]
fn counts_are_checked() {
    assert_eq!(parse_count("42", "a heap", 100).unwrap(), 42);
    for bad in ["-3", "", "4x", "+4", "1e3", "101"] {
        let err = parse_count(bad, "a heap", 100).unwrap_err().to_string();
        assert!(err.contains("a heap"), "{bad}: {err}");
    }
    assert_eq!(parse_pair("3, 5", "a pair", 10).unwrap(), (3, 5));
    assert!(parse_pair("3", "a pair", 10).is_err());
    assert!(parse_pair("1,2,3", "a pair", 10).is_err());
    let err = parse_pair("3,", "a Wythoff position", 10)
        .unwrap_err()
        .to_string();
    let said = "the second number of a Wythoff position must be a non-negative integer, got ``";
    assert_eq!(err, said);
}

#[test]
fn sums_split_outside_brackets_and_quotes() {
    assert_eq!(split_sum("4+6"), Some(vec!["4", "6"]));
    assert_eq!(split_sum(" 2x2 + 2x3+1x1"), Some(vec!["2x2", "2x3", "1x1"]));
    assert_eq!(
        split_sum(r#"[1, [2]]+"a+\"b"+c"#),
        Some(vec!["[1, [2]]", r#""a+\"b""#, "c"])
    );
    for whole in ["4", "[1+2]", r#""a+b""#, "+4", "4+", "4++6", ""] {
        assert_eq!(split_sum(whole), None, "{whole}");
    }
}

#[test]
fn values_print() {
    assert_eq!(Value::Finite(Nimber(3)).to_string(), "3");
    assert_eq!(Value::Infinite(vec![0, 2]).to_string(), "inf(0,2)");
    assert_eq!(Value::Infinite(vec![]).to_string(), "inf()");
}

/// `Ruleset::sequence` runs the one sequence policy over the heap view,
/// and games without one say so.
#[test]
fn sequences_come_from_the_heap_view() {
    let req = SeqRequest { to: Some(6) };
    let nim = crate::spec::parse("nim", crate::SpecOptions::default()).unwrap();
    let report = nim.sequence(&req, &Limits::default()).unwrap();
    assert_eq!(report.values, [0, 1, 2, 3, 4, 5, 6]);
    let wythoff = crate::spec::parse("wythoff", crate::SpecOptions::default()).unwrap();
    let err = wythoff.sequence(&req, &Limits::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "wythoff is not a heap game, so it has no Grundy sequence; use `grundy value`"
    );
}

/// A heap game played misère keeps its heaps for misère theory (genus,
/// quotients), but has no Grundy sequence.
#[test]
fn misere_heaps_have_no_grundy_sequence() {
    let kayles = crate::spec::parse("kayles", crate::SpecOptions::default()).unwrap();
    let misere = kayles.into_misere().unwrap();
    assert!(misere.heap().is_some());
    let q = crate::ruleset::heap_moves(&*misere, crate::ruleset::HeapQuestion::Quotient).unwrap();
    assert_eq!(q.name(), "kayles");
    let err = misere
        .sequence(&SeqRequest { to: Some(6) }, &Limits::default())
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("misère kayles has no Grundy sequence"),
        "{err}"
    );
}

/// Games played on the whole position read `+` as no sum: their misère
/// form says so, and reading follows it.
#[test]
fn whole_positions_are_no_sums() {
    let parse = |name| crate::spec::parse(name, crate::SpecOptions::default()).unwrap();
    assert!(parse("nim").reads_sums());
    assert!(!parse("staircase").reads_sums());
    assert!(!parse("moore:2").reads_sums());
}
