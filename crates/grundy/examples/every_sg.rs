//! HDU 3595 "GG and MM" (contests' "Every-SG"): several Euclid games
//! (two piles; a move takes a multiple of the smaller pile from the
//! larger; a game ends when a pile is empty) played at once, a move made
//! in every game that has not ended; whoever moves last wins. This is the
//! continued conjunctive compound of Winning Ways, decided by the
//! greatest suspense number.
//!
//! Input: cases until the end, each a count `n` and `n` lines `a b`.
//! Output: `MM` when the first player (MM) wins, `GG` otherwise.

mod common;

use grundy::answer::compound::Compound;
use grundy::compound::{analyze, Answer, Part};
use grundy::{Limits, Outcome, SpecOptions};

fn main() {
    let mut input = common::Tokens::from_stdin();
    let euclid = grundy::parse("euclid", SpecOptions::default()).expect("euclid is a game");
    let limits = Limits::default();
    while let Some(n) = input.next::<usize>("a number of games") {
        let parts: Vec<Part<'_>> = (0..n)
            .map(|_| {
                let a: u64 = input.need("a pile");
                let b: u64 = input.need("a pile");
                Part {
                    game: &*euclid,
                    name: None,
                    components: vec![format!("{a},{b}")],
                }
            })
            .collect();
        let outcome = match analyze(&parts, Compound::Continued, false, &limits) {
            Ok(Answer::Compound(c)) => c.outcome,
            Ok(Answer::Sum(a)) => a.outcome,
            Err(e) => common::fail(&e.to_string()),
        };
        println!("{}", if outcome == Outcome::N { "MM" } else { "GG" });
    }
}
