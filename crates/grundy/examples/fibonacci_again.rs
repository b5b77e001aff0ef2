//! HDU 1848 "Fibonacci again and again": three heaps, a move takes a
//! Fibonacci number of tokens from one heap.
//!
//! Input: lines `m n p`, ending with `0 0 0`. Output: `Fibo` when the first
//! player wins, `Nacci` otherwise.

mod common;

use grundy::games::fib::Fibonacci;
use grundy::heap::HeapGame;
use grundy::Limits;

fn main() {
    let mut input = common::Tokens::from_stdin();
    let game = HeapGame::new(Fibonacci::default());
    let limits = Limits::default();
    while let Some(m) = input.next::<u64>("a heap size") {
        let n: u64 = input.need("a heap size");
        let p: u64 = input.need("a heap size");
        if (m, n, p) == (0, 0, 0) {
            break;
        }
        let total = [m, n, p]
            .iter()
            .try_fold(0, |acc, &h| game.value_of(h, &limits).map(|g| acc ^ g));
        match total {
            Ok(0) => println!("Nacci"),
            Ok(_) => println!("Fibo"),
            Err(e) => common::fail(&e.to_string()),
        }
    }
}
