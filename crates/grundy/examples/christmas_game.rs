//! POJ 3710 (Christmas Game): Green Hackenbush on trees rooted at vertex 1
//! with simple cycles hanging off them; Sally moves first.
//!
//! Input, to the end: `k` (the number of trees), then for each tree `n m`
//! and `m` edges `a b` (vertices `1..=n`, the root is 1). Output per test:
//! `Sally` if the first player wins, `Harry` otherwise. Each tree's value
//! comes from the Fusion principle (a cycle fuses to its edge-count parity)
//! and the Colon principle; the sum is their XOR.

mod common;

use grundy::games::hackenbush::{graph_value, Graph};

fn main() {
    let mut input = common::Tokens::from_stdin();
    while let Some(trees) = input.next::<u64>("the number of trees") {
        let mut total = 0u64;
        for _ in 0..trees {
            let n: u64 = input.need("the number of vertices");
            let m: u64 = input.need("the number of edges");
            let mut vertex = || {
                let v: u64 = input.need("a vertex");
                if !(1..=n).contains(&v) {
                    common::fail(&format!(
                        "line {}: vertex {v} is not one of 1..={n}",
                        input.line()
                    ));
                }
                v
            };
            // Grown edge by edge: `m` is the input's word, not a promise,
            // so nothing is reserved for it up front.
            let mut edges = Vec::new();
            for _ in 0..m {
                edges.push((vertex(), vertex()));
            }
            total ^= graph_value(&Graph::from_edges(1, edges)).value();
        }
        println!("{}", if total != 0 { "Sally" } else { "Harry" });
    }
}
