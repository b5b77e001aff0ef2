//! Seed 000: the subtraction game {1,3,4} by memoised P/N search.
//!
//! Input: `t`, then `t` starting states. Output per state:
//! `First player wins (N-position)` or `Second player wins (P-position)`.
//! The library proves the period (7) once, so any heap answers instantly.

mod common;

use grundy::games::subtraction::Subtraction;
use grundy::heap::HeapGame;
use grundy::Limits;

fn main() {
    let mut input = common::Tokens::from_stdin();
    let game = HeapGame::new(Subtraction::new(vec![1, 3, 4]));
    let limits = Limits::default();
    let t: u64 = input.need("the number of states");
    for _ in 0..t {
        let state: u64 = input.need("a state (a non-negative heap size)");
        match game.value_of(state, &limits) {
            Ok(0) => println!("Second player wins (P-position)"),
            Ok(_) => println!("First player wins (N-position)"),
            Err(e) => common::fail(&e.to_string()),
        }
    }
}
