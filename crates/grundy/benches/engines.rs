//! `cargo bench --bench engines`: divan micro-benchmarks of the engines,
//! each fast path next to its baseline on the same input.

use grundy::heap::{Code, HeapRules, HeapValues, NaiveEngine, SeqEngine};
use grundy::Limits;

fn main() {
    divan::main();
}

fn run(mut engine: Box<dyn SeqEngine>, n: usize) -> HeapValues {
    let mut table = HeapValues::new();
    while table.len() <= n {
        let v = engine.next(&table);
        table.push(v);
    }
    table
}

/// Kayles, Dawson's Kayles, Officers and Grundy's game, by their codes.
const GAMES: &[&str] = &["0.77", "0.07", "0.6", "4!.0"];

#[divan::bench(args = GAMES, sample_count = 10)]
fn sparse_4096(name: &str) -> HeapValues {
    run(Code::parse(name).unwrap().engine(), 4096)
}

#[divan::bench(args = GAMES, sample_count = 10)]
fn naive_4096(name: &str) -> HeapValues {
    run(Box::new(NaiveEngine::new(Code::parse(name).unwrap())), 4096)
}

#[divan::bench(sample_count = 10)]
fn memo_chain_subtraction() -> u64 {
    struct Sub;
    impl grundy::StateSpace for Sub {
        type Position = u64;
        fn moves(&mut self, p: &u64, out: &mut Vec<u64>) -> grundy::Result<()> {
            out.extend([1, 3, 4].iter().filter(|&&s| s <= *p).map(|s| p - s));
            Ok(())
        }
    }
    let mut m = grundy::solve::Memo::new(Sub, Limits::default());
    m.value(&100_000).unwrap().0
}
