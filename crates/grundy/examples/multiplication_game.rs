//! POJ 2505 "A multiplication game": p starts at 1, players multiply it by
//! 2..9, whoever reaches p >= n wins.
//!
//! Input: one `n` per line to end of file. Output: `Stan wins.` when the
//! first player wins, `Ollie wins.` otherwise.

mod common;

use grundy::games::mult::Mult;
use grundy::{Game, Limits};

fn main() {
    let mut input = common::Tokens::from_stdin();
    let game = Mult::default();
    let limits = Limits::default();
    while let Some(n) = input.next::<u64>("a target n") {
        match game.value(&n, &limits) {
            Ok(g) if g.value() != 0 => println!("Stan wins."),
            Ok(_) => println!("Ollie wins."),
            Err(e) => common::fail(&e.to_string()),
        }
    }
}
