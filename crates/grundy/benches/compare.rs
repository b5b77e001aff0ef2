//! `cargo bench --bench compare`: the fast engines against the naive mex,
//! measured in the same run, and the speed targets of the take-and-break
//! engine. Prints a table; asserts nothing (timings are not tests).
//!
//! Set `GRUNDY_BENCH_QUICK=1` for a short run (smaller inputs).

use std::time::Instant;

use grundy::games::octal::classic_code;
use grundy::heap::{Code, HeapGame, HeapSequence, HeapValues, SeqEngine};
use grundy::Limits;

/// The code of a game the benchmark names: the classic games by their
/// names (as the registry knows them), the others by their digits.
fn code(name: &str) -> Code {
    classic_code(name).unwrap_or_else(|| Code::parse(name).expect("a valid code"))
}

/// Seconds for an engine to compute G(0..=n), with no period shortcut.
fn engine_seconds(mut engine: Box<dyn SeqEngine>, n: usize) -> (f64, HeapValues) {
    let mut table = HeapValues::new();
    let t = Instant::now();
    while table.len() <= n {
        let v = engine.next(&table);
        table.push(v);
    }
    (t.elapsed().as_secs_f64(), table)
}

/// How many times each target is timed; the best time is kept, because
/// on a shared virtual machine the slow runs measure the neighbours.
const REPEATS: usize = 3;

/// The values of `name` up to heap `from`, to start timed runs from.
fn prefix(name: &str, from: u64) -> HeapValues {
    let game = HeapGame::new(code(name));
    game.extend_to(from, &Limits::with_max_states(u64::MAX))
        .expect("no limit");
    let mut table = None;
    game.with_table(&mut |t| table = Some(t.clone()));
    table.expect("with_table calls back")
}

/// The time for the whole game (sparse engine plus proven-period fill) to
/// go from the end of `start` to heap `to` in `pool`.
fn run_seconds(name: &str, start: &HeapValues, to: u64, pool: &rayon::ThreadPool) -> f64 {
    let limits = Limits::with_max_states(u64::MAX);
    let game = HeapGame::new(code(name));
    game.restore(start.clone());
    let t = Instant::now();
    pool.install(|| game.extend_to(to, &limits))
        .expect("no limit");
    t.elapsed().as_secs_f64()
}

/// The best of [`REPEATS`] times on each thread count in `threads`, the
/// counts alternating run by run, so that a slow spell of the machine
/// weighs on all of them alike.
fn game_seconds(name: &str, start: &HeapValues, to: u64, threads: &[usize]) -> Vec<f64> {
    let pools = pools(threads);
    let mut best = vec![f64::INFINITY; threads.len()];
    for _ in 0..REPEATS {
        for (b, pool) in best.iter_mut().zip(&pools) {
            *b = b.min(run_seconds(name, start, to, pool));
        }
    }
    best
}

/// A rayon pool for each thread count.
fn pools(threads: &[usize]) -> Vec<rayon::ThreadPool> {
    threads
        .iter()
        .map(|&n| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .expect("a thread pool")
        })
        .collect()
}

/// Stretches the thread counts' runs from `lo` to `hi` are cut into.
const SEGMENTS: u64 = 4;

/// [`game_seconds`] from `lo` to `hi`, cut into [`SEGMENTS`] stretches
/// each timed on every thread count in turn (best of [`REPEATS`]), the
/// totals summed: the machine's speed drifts over minutes, and whole
/// runs of a quarter of a minute each let one thread count meet a fast
/// spell that the other missed (ratios of one run from 1.5x to 2.0x).
fn segmented_seconds(name: &str, lo: u64, hi: u64, threads: &[usize]) -> Vec<f64> {
    let all = prefix(name, hi);
    let step = (hi - lo) / SEGMENTS;
    let mut total = vec![0.0; threads.len()];
    for s in 0..SEGMENTS {
        let from = lo + s * step;
        let mut start = all.clone();
        start.truncate(from as usize);
        let to = if s + 1 == SEGMENTS { hi } else { from + step };
        for (t, best) in total
            .iter_mut()
            .zip(game_seconds(name, &start, to, threads))
        {
            *t += best;
        }
    }
    total
}

fn main() {
    let quick = std::env::var_os("GRUNDY_BENCH_QUICK").is_some();
    let same_n: usize = if quick { 1 << 12 } else { 1 << 14 };
    println!("grundy engine benchmark: naive = the plain mex over every option (O(n^2)),");
    println!("fast = the sparse-space engine; both compute the same values in this run.\n");
    println!(
        "{:<15} {:>8} {:>11} {:>11} {:>9}",
        "game", "n", "naive (s)", "fast (s)", "ratio"
    );
    // Hexadecimal codes with three-heap moves are cubic in both engines
    // (three-heap splits are enumerated), so they get a smaller input.
    let games = [
        ("kayles", same_n),
        ("dawson-kayles", same_n),
        ("officers", same_n),
        ("grundy", same_n),
        ("0.16", same_n),
        ("0.F7", same_n / 16),
    ];
    for (name, same_n) in games {
        let c = code(name);
        let (naive, a) =
            engine_seconds(Box::new(grundy::heap::NaiveEngine::new(c.clone())), same_n);
        let (fast, b) = engine_seconds(grundy::heap::HeapRules::engine(&c), same_n);
        assert_eq!(a, b, "{name}: the engines disagree");
        println!(
            "{name:<15} {same_n:>8} {naive:>11.3} {fast:>11.4} {:>8.0}x",
            naive / fast
        );
    }
    println!("\ntargets (whole game: sparse engine, then the proven period once there is one)");
    let million = if quick { 100_000 } else { 1_000_000 };
    for name in ["kayles", "dawson-kayles"] {
        let s = game_seconds(name, &HeapValues::new(), million, &[1])[0];
        println!("{name:<15} G(0..={million}) in {s:.3} s");
    }
    let dk_plain = if quick { 20_000 } else { 100_000 };
    let (s, _) = engine_seconds(
        grundy::heap::HeapRules::engine(&code("dawson-kayles")),
        dk_plain,
    );
    println!(
        "{:<15} sparse engine alone (no period fill) G(0..={dk_plain}) in {s:.3} s: a third of its heaps are rare under the best partition",
        "dawson-kayles"
    );
    let (lo, hi) = if quick {
        (1 << 18, 1 << 19)
    } else {
        (1 << 20, 1 << 22)
    };
    println!(
        "(in {SEGMENTS} stretches, each the best of {REPEATS} runs, one and two threads alternating)"
    );
    for name in ["grundy", "officers"] {
        let best = segmented_seconds(name, lo, hi, &[1, 2]);
        let (one, two) = (best[0], best[1]);
        println!(
            "{name:<15} from {lo} to {hi}: {:.0} values/s on one core, {:.0} on two (speed-up {:.2}x)",
            (hi - lo) as f64 / one,
            (hi - lo) as f64 / two,
            one / two
        );
    }
}
