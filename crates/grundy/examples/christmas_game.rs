//! POJ 3710 (Christmas Game): Green Hackenbush on trees rooted at vertex 1
//! with simple cycles hanging off them; Sally moves first.
//!
//! Input, to the end: `k` (the number of trees), then for each tree `n m`
//! and `m` edges `a b` (vertices `1..=n`, the root is 1). Output per test:
//! `Sally` if the first player wins, `Harry` otherwise. The engine's POJ
//! 3710 reader (the one `grundy value hackenbush FILE` uses on such files)
//! puts each test's trees on one ground; the value comes from the Fusion
//! principle (a cycle fuses to its edge-count parity) and the Colon
//! principle, and a sum of trees on one ground is their XOR.

mod common;

use grundy::games::hackenbush::poj::Poj3710;
use grundy::games::hackenbush::{drawing_value, Drawing};

fn main() {
    let text = std::io::read_to_string(std::io::stdin())
        .unwrap_or_else(|e| common::fail(&format!("cannot read stdin: {e}")));
    let mut tests = Poj3710::new(&text, 0);
    while let Some(test) = tests.next_test() {
        let edges = test.unwrap_or_else(|e| common::fail(&e.to_string()));
        let value = drawing_value(&Drawing::from_edges(0, edges)).value();
        println!("{}", if value != 0 { "Sally" } else { "Harry" });
    }
}
