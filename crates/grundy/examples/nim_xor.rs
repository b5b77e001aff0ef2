//! Seed 001: Nim by the XOR rule, with a winning move `a_i -> a_i xor s`.
//!
//! Input: `n`, then `n` heap sizes. Output: `Second player wins` when the
//! XOR is zero, otherwise `First player wins` and one winning move as
//! `take K from heap I (A -> B)` (heaps numbered from 1).

mod common;

use grundy::heap::HeapGame;
use grundy::ruleset::SumRuleset;
use grundy::{games::nim::Nim, Limits, Ruleset};

fn main() {
    let mut input = common::Tokens::from_stdin();
    let n: usize = input.need("the number of heaps");
    let heaps: Vec<String> = (0..n)
        .map(|_| input.need::<u64>("a heap size").to_string())
        .collect();
    let analysis = SumRuleset(HeapGame::new(Nim))
        .analyze(&heaps, &Limits::default())
        .unwrap_or_else(|e| common::fail(&e.to_string()));
    match analysis.winning_moves.first() {
        None => println!("Second player wins"),
        Some(m) => {
            let i = m.component.expect("Nim moves are in one heap");
            let from: u64 = heaps[i].parse().expect("heaps were read as numbers");
            let to: u64 = m.to.parse().expect("a Nim move leaves one heap");
            println!("First player wins");
            println!("take {} from heap {} ({from} -> {to})", from - to, i + 1);
        }
    }
}
