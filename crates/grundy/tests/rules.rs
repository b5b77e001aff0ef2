//! Games given by Rhai scripts: the shipped seed scripts equal the
//! built-ins, cycles are solved, and bad scripts fail with the place of
//! the error.
#![cfg(feature = "scripts")]

use grundy::heap::SeqRequest;
use grundy::{Error, Limits, Outcome, Ruleset, SpecOptions};

fn load(path: &str) -> grundy::Result<String> {
    let full = format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(full).map_err(|e| Error::parse(format!("{path}: {e}")))
}

fn script(path: &str) -> Box<dyn Ruleset> {
    grundy::parse_with(&format!("rules:{path}"), SpecOptions::default(), &load).unwrap()
}

/// A script given as text (written to a temporary file name).
fn inline(text: &str) -> grundy::Result<Box<dyn Ruleset>> {
    let text = text.to_string();
    grundy::parse_with("rules:test.rhai", SpecOptions::default(), &move |_| {
        Ok(text.clone())
    })
}

fn builtin(name: &str) -> Box<dyn Ruleset> {
    grundy::parse(name, SpecOptions::default()).unwrap()
}

fn grundy_of(g: &dyn Ruleset, comps: &[String]) -> u64 {
    g.analyze(comps, &Limits::default())
        .unwrap()
        .grundy
        .unwrap()
        .finite()
        .unwrap()
        .0
}

#[test]
fn subtraction_script_equals_the_builtin() {
    let s = script("rules/subtraction_134.rhai");
    let b = builtin("sub:1,3,4");
    let limits = Limits::default();
    let req = SeqRequest { to: Some(200) };
    assert_eq!(
        s.sequence(&req, &limits).unwrap().values,
        b.sequence(&req, &limits).unwrap().values
    );
    for comps in [["7", "8"], ["10", "3"], ["14", "0"]] {
        let comps: Vec<String> = comps.iter().map(|c| c.to_string()).collect();
        let (x, y) = (
            s.analyze(&comps, &limits).unwrap(),
            b.analyze(&comps, &limits).unwrap(),
        );
        assert_eq!((x.grundy, x.outcome), (y.grundy, y.outcome));
        assert_eq!(x.winning_moves, y.winning_moves);
    }
}

#[test]
fn multiplication_script_equals_the_builtin() {
    let s = script("rules/multiplication_game.rhai");
    let b = builtin("mult");
    for n in (0..400u64).chain([34_012_226, 1 << 40, 999_999_999_999]) {
        let c = vec![n.to_string()];
        assert_eq!(grundy_of(&*s, &c), grundy_of(&*b, &c), "n = {n}");
    }
}

#[test]
fn cutting_script_equals_the_builtin() {
    let s = script("rules/cutting_game.rhai");
    let b = builtin("cutting");
    for w in 2..=11 {
        for h in 2..=11 {
            let (sc, bc) = (vec![format!("[{w}, {h}]")], vec![format!("{w}x{h}")]);
            assert_eq!(grundy_of(&*s, &sc), grundy_of(&*b, &bc), "{w}x{h}");
        }
    }
    // Winning moves cut into sums of pieces.
    let a = s
        .analyze(&["[4, 2]".to_string()], &Limits::default())
        .unwrap();
    assert_eq!(a.winning_moves[0].to, "[2, 2]+[2, 2]");
}

#[test]
fn cycles_are_solved_with_draws() {
    let s = script("rules/draws.rhai");
    let limits = Limits::default();
    let outcome = |n: &str| s.analyze(&[n.to_string()], &limits).unwrap().outcome;
    assert_eq!(
        ["0", "1", "2", "3", "4", "5"].map(outcome),
        [
            Outcome::P,
            Outcome::N,
            Outcome::D,
            Outcome::D,
            Outcome::N,
            Outcome::D
        ]
    );
    let a = s.analyze(&["3".to_string()], &limits).unwrap();
    assert_eq!(a.values.unwrap()[0].as_ref().unwrap().to_string(), "inf(1)");
    // inf(1) + * = inf(0): the player to move wins by moving to 1.
    let sum = s
        .analyze(&["3".to_string(), "1".to_string()], &limits)
        .unwrap();
    assert_eq!(sum.outcome, Outcome::N);
    assert_eq!(sum.winning_moves.len(), 1);
    assert_eq!(sum.winning_moves[0].to, "1");
    // Sequences need finite values.
    let err = s
        .sequence(&SeqRequest { to: Some(5) }, &limits)
        .unwrap_err()
        .to_string();
    assert!(err.contains("cycle"), "{err}");
}

#[test]
fn script_errors_name_the_place() {
    let err = |text: &str| match inline(text) {
        Ok(g) => g
            .analyze(&["3".to_string()], &Limits::with_max_states(10_000))
            .unwrap_err()
            .to_string(),
        Err(e) => e.to_string(),
    };
    let syntax = err("fn moves(n) {\n  let x = ;\n}");
    assert!(syntax.starts_with("test.rhai: line 2, column"), "{syntax}");
    let missing = err("fn other(n) { [] }");
    assert!(missing.contains("must define `fn moves(p)`"), "{missing}");
    let runtime = err("fn moves(n) {\n  if n == 2 { throw \"no\"; }\n  [n - 1]\n}");
    assert!(runtime.contains("test.rhai: line 2"), "{runtime}");
    assert!(runtime.contains("moves(2)"), "{runtime}");
    let shape = err("fn moves(n) { 5 }");
    assert!(shape.contains("must return an array"), "{shape}");
    let kind = err("fn moves(n) { if n > 0 { [#{a: 1}] } else { [] } }");
    assert!(kind.contains("positions must be"), "{kind}");
    let forever = err("// a comment\nfn moves(n) { loop { } }");
    assert!(
        forever.contains("Rhai operations (an endless loop?)"),
        "{forever}"
    );
    // Rhai gives no position for the operation limit: the hook's line.
    assert!(
        forever.starts_with("test.rhai: line 2 (in `fn moves`)"),
        "{forever}"
    );
    // Ranges are named as scripts write them, not by their Rust types.
    for text in ["fn moves(n) { [1..3] }", "fn moves(n) { 1..3 }"] {
        let range = err(text);
        assert!(range.contains("not a range (list its numbers"), "{range}");
        assert!(!range.contains("::"), "{range}");
    }
    let unbounded = err("fn moves(n) { [n + 1] }");
    assert!(unbounded.contains("--max-states"), "{unbounded}");
    for text in [
        "fn moves(n) { import \"x\" as y; [] }",
        "fn moves(n) { eval(\"[1]\") }",
    ] {
        let sandboxed = err(text);
        assert!(sandboxed.starts_with("test.rhai"), "{sandboxed}");
    }
    // Rhai's `sleep` counts no operations: it once waited past every
    // budget and the time limit, however it was called.
    for text in [
        "fn moves(n) { sleep(0.5); [] }",
        "fn moves(n) { sleep(1000000); [] }",
        "fn moves(n) { call(Fn(\"sle\" + \"ep\"), 1000000); [] }",
    ] {
        let slept = err(text);
        assert!(slept.contains("`sleep` is not allowed"), "{slept}");
    }
}

#[test]
fn a_script_may_begin_with_a_byte_order_mark() {
    let g = inline("\u{feff}fn moves(n) { if n > 0 { [n - 1] } else { [] } }").unwrap();
    let a = g.analyze(&["3".to_string()], &Limits::default()).unwrap();
    assert_eq!(a.grundy.unwrap().finite().unwrap().0, 1);
}

#[test]
fn positions_may_be_strings_and_lists() {
    // Turning Turtles on a coin string, written from scratch.
    let turtles = inline(
        r#"
        fn moves(s) {
            let out = [];
            for i in 0..s.len() {
                if s[i] == 'H' {
                    let one = s.sub_string(0, i) + "T" + s.sub_string(i + 1);
                    out.push(one);
                    for j in 0..i {
                        let c = if one[j] == 'H' { "T" } else { "H" };
                        out.push(one.sub_string(0, j) + c + one.sub_string(j + 1));
                    }
                }
            }
            out
        }
    "#,
    )
    .unwrap();
    let b = builtin("turtles");
    for coins in ["THHTH", "HHHT", "TTTT", "HTHTHT"] {
        let c = vec![coins.to_string()];
        assert_eq!(grundy_of(&*turtles, &c), grundy_of(&*b, &c), "{coins}");
    }
}

/// A meter that reads more with every look, so that a budget is reached
/// inside a script's call rather than before it.
fn rising() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static READS: AtomicU64 = AtomicU64::new(0);
    READS.fetch_add(1, Ordering::Relaxed)
}

#[test]
fn script_calls_obey_the_memory_budget_and_the_stop_flag() {
    let spin = inline("fn moves(n) {\n  loop { }\n}").unwrap();
    let comps = vec!["5".to_string()];
    let limits = Limits::default().with_memory(1000, rising);
    let err = spin.analyze(&comps, &limits).unwrap_err();
    assert!(matches!(err, Error::Memory { limit: 1000, .. }), "{err}");
    assert_eq!(
        err.to_string(),
        "test.rhai: line 1 (in `fn moves`): `moves(5)` needs more than 1000 bytes of memory; raise the limit (--memory) to go further"
    );
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let err = spin
        .analyze(&comps, &Limits::default().with_stop(stop))
        .unwrap_err();
    assert!(matches!(err, Error::Interrupted(_)), "{err}");
}

#[test]
fn duplicate_options_are_one_move() {
    let dup = inline("fn moves(n) { if n > 0 { [n - 1, n - 1, n - 1] } else { [] } }").unwrap();
    let comps = vec!["3".to_string(), "0".to_string()];
    let a = dup.analyze(&comps, &Limits::default()).unwrap();
    let moves: Vec<_> = a.winning_moves.iter().map(|m| m.to.as_str()).collect();
    assert_eq!(moves, ["2"]);
    let all = dup.position_moves(&comps, &Limits::default()).unwrap();
    let next: Vec<_> = all.iter().map(|m| m.next.join(" ")).collect();
    assert_eq!(next, ["2 0"]);
}

/// A loopy script lists at most `MAX_LISTED_MOVES` winning moves and
/// says the list is cut, as the graph game does (the two share one
/// analysis).
#[test]
fn loopy_scripts_list_winning_moves_up_to_the_cap() {
    let wide = inline(
        "fn moves(n) {
            if n == 0 { let v = [2000]; for i in 1..1501 { v.push(i); } v }
            else if n == 2000 { [2001] } else if n == 2001 { [2000] } else { [] }
        }",
    )
    .unwrap();
    let a = wide
        .analyze(&["0".to_string()], &Limits::default())
        .unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.winning_moves.len(), grundy::ruleset::MAX_LISTED_MOVES);
    assert_eq!(a.winning_moves[0].to, "1");
    assert!(a.moves_truncated);
}

/// Positions are strings holding a `+`: the computer's move, taken from
/// the analysis when the state graph is over budget, replaces the moved
/// component by the position the move leaves, not by pieces of its text
/// split at the `+`.
#[test]
fn moves_to_positions_with_a_plus_stay_whole() {
    let plus = inline(r#"fn moves(s) { if s == "a+b" { ["c+d"] } else { [] } }"#).unwrap();
    let start = vec![r#""a+b""#.to_string(); 3];
    let advice = grundy::play::advise(&*plus, &start, &Limits::with_max_states(3)).unwrap();
    assert!(!advice.exact);
    let next = advice.best.unwrap().next;
    assert_eq!(next, [r#""c+d""#, r#""a+b""#, r#""a+b""#]);
}

#[test]
fn long_positions_are_quoted_short() {
    let long = inline("fn moves(s) { if s.len() < 5000 { [s + s] } else { 7.5 } }").unwrap();
    let err = long
        .analyze(&["x".to_string()], &Limits::default())
        .unwrap_err()
        .to_string();
    assert!(err.contains("must return an array of positions"), "{err}");
    assert!(err.len() < 200, "{err}");
}
