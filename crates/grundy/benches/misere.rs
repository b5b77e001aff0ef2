//! `cargo bench --bench misere`: misère play of heap games. The misère
//! quotients of MisereSolver's rows beside its figures; a sum of 100 heaps of 0.75 decided
//! through the ruleset (`value --misere`: the quotient); and, as the
//! baseline measured in the same run, a sum that search can still do,
//! decided both ways. Prints a table; asserts nothing (timings are not
//! tests).
//!
//! Set `GRUNDY_BENCH_QUICK=1` for a short run (smaller inputs).

use std::time::Instant;

use grundy::games::octal::classic_code;
use grundy::heap::quotient::MisereQuotient;
use grundy::heap::{Code, HeapGame};
use grundy::solve::misere::{MisereSearch, SumSpace};
use grundy::{parse, Game, Limits, Outcome, Ruleset, SpecOptions};

/// How many times each target is timed; the best time is kept, because
/// on a shared virtual machine the slow runs measure the neighbours.
const REPEATS: usize = 3;

/// The best of [`REPEATS`] runs of `f`, in milliseconds, and its last
/// result.
fn best_ms<T>(mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::INFINITY;
    let mut last = None;
    for _ in 0..REPEATS {
        let t = Instant::now();
        let out = f();
        best = best.min(t.elapsed().as_secs_f64() * 1e3);
        last = Some(out);
    }
    (best, last.expect("REPEATS > 0"))
}

fn code(name: &str) -> Code {
    classic_code(name).unwrap_or_else(|| Code::parse(name).expect("a valid code"))
}

/// Siegel's MisereSolver on the same rows, as measured on this 2-core
/// machine beside grundy when issue 32 was filed (order / P-portion,
/// seconds; the slowest of its runs): the reference the quotient engine
/// must beat. MisereSolver is GPL and run, never linked; set
/// `MISERE_SOLVER` to a command that takes the code and the heap (a
/// wrapper around its Java sources built from CGSuite's, as in
/// docs/dev/performance.md, "MisereSolver run beside") to time it in this
/// run too.
const MISERE_SOLVER: [(&str, u64, usize, usize, f64); 11] = [
    ("0.75", 30, 8, 2, 0.6),
    ("0.31", 30, 6, 2, 0.7),
    ("0.77", 20, 24, 8, 1.0),
    ("0.77", 25, 32, 9, 1.0),
    ("0.77", 30, 40, 9, 1.0),
    ("0.07", 20, 24, 5, 0.3),
    ("0.07", 25, 144, 23, 1.3),
    ("0.07", 30, 360, 65, 14.0),
    ("4.7", 20, 122, 30, 17.0),
    ("4.7", 25, 210, 48, 17.0),
    ("4.7", 30, 322, 80, 17.0),
];

/// MisereSolver's time on a row, when `MISERE_SOLVER` names a command.
fn live_misere_solver(code: &str, to: u64) -> Option<f64> {
    let command = std::env::var("MISERE_SOLVER").ok()?;
    let t = Instant::now();
    let status = std::process::Command::new(command)
        .args([code, &to.to_string()])
        .stdout(std::process::Stdio::null())
        .status()
        .ok()?;
    status.success().then(|| t.elapsed().as_secs_f64())
}

/// The misère quotients of MisereSolver's rows, side by side with its
/// figures (and, when it can be run here, its time in this run).
fn quotients(quick: bool) {
    println!("misère quotients (Plambeck and Siegel) against MisereSolver, order / P-portion:");
    println!(
        "{:<6} {:>4} {:>11} {:>11} {:>12} {:>14} {:>12} {:>8}",
        "game", "to", "grundy", "MS", "grundy (s)", "MS issue (s)", "MS now (s)", "ratio"
    );
    let limits = Limits::default();
    for (name, to, order, p, ms_secs) in MISERE_SOLVER {
        if quick && to > 25 {
            continue;
        }
        let game = HeapGame::new(code(name));
        let (ms, q) = best_ms(|| MisereQuotient::compute(&game, to, &limits).expect("proven"));
        let r = q.report();
        let now = live_misere_solver(name, to);
        let reference = now.unwrap_or(ms_secs);
        println!(
            "{:<6} {:>4} {:>11} {:>11} {:>12.3} {:>14.1} {:>12} {:>7.0}x",
            name,
            to,
            format!("{} / {}", r.order, r.p_portion_size),
            format!("{order} / {p}"),
            ms / 1e3,
            ms_secs,
            now.map_or("-".to_string(), |s| format!("{s:.2}")),
            reference / (ms / 1e3).max(1e-4)
        );
    }
}

/// The misère outcome of `heaps` of 0.75 through the ruleset, as
/// `value 0.75 ... --misere` decides it, with the method it reports.
fn by_ruleset(game: &dyn Ruleset, heaps: &[u64]) -> (Outcome, &'static str) {
    let texts: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let a = game.analyze(&texts, &Limits::default()).expect("decided");
    (a.outcome, a.method.unwrap_or("none"))
}

/// The misère outcome of `heaps` of 0.75 by search of the whole sum.
fn by_search(heaps: &[u64]) -> Outcome {
    let game = HeapGame::new(code("0.75"));
    let limits = Limits::with_max_states(u64::MAX);
    let options = |c: &u64, l: &Limits, f: grundy::game::Visit<u64>| game.for_each_option(c, l, f);
    let mut search = MisereSearch::new(SumSpace::new(&options, limits.clone()), limits);
    let root = search.space().position(heaps).expect("a position");
    match search.mover_wins(&root).expect("within the limits") {
        true => Outcome::N,
        false => Outcome::P,
    }
}

fn main() {
    let quick = std::env::var_os("GRUNDY_BENCH_QUICK").is_some();
    quotients(quick);
    // Heaps 5.. of 0.75 are wild (its genus 1^431 at 5), so the genus rule
    // does not apply and the ruleset uses the quotient.
    let many: Vec<u64> = (0..100).map(|i| 5 + i % 20).collect();
    let small: Vec<u64> = if quick {
        vec![5, 6, 7, 8, 9]
    } else {
        vec![5, 6, 7, 8, 9, 10]
    };
    let options = SpecOptions {
        misere: true,
        ..SpecOptions::default()
    };
    println!("\nmisère sums of 0.75 (cold: a new ruleset, the quotient computed first; warm: it is kept):");
    println!(
        "{:<24} {:>8} {:>10} {:>12} {:>8}",
        "sum", "outcome", "method", "time (ms)", "ratio"
    );
    let (search_ms, searched) = best_ms(|| by_search(&small));
    let label = |hs: &[u64]| format!("{} heaps (5..={})", hs.len(), hs.iter().max().unwrap());
    println!(
        "{:<24} {:>8} {:>10} {:>12.2} {:>8}",
        label(&small),
        searched.to_string(),
        "search",
        search_ms,
        "1"
    );
    for (heaps, warm) in [
        (&small, false),
        (&small, true),
        (&many, false),
        (&many, true),
    ] {
        let kept = parse("0.75", options).expect("0.75");
        if warm {
            by_ruleset(&*kept, heaps);
        }
        let (ms, (outcome, method)) = best_ms(|| {
            let fresh;
            let game = match warm {
                true => &*kept,
                false => {
                    fresh = parse("0.75", options).expect("0.75");
                    &*fresh
                }
            };
            by_ruleset(game, heaps)
        });
        println!(
            "{:<24} {:>8} {:>10} {:>12.2} {:>8.0}",
            format!("{} {}", label(heaps), if warm { "warm" } else { "cold" }),
            outcome.to_string(),
            method,
            ms,
            search_ms / ms
        );
    }
}
