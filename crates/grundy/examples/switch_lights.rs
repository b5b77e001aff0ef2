//! HDU 3404 "Switch lights" (Turning Corners): lights on a grid, a move
//! picks a lit light and a rectangle with it as the corner farthest from
//! the origin, and switches the rectangle's four corners; whoever cannot
//! move loses. By the Tartan theorem it is Twins times Twins, and a light
//! at `(x, y)` (counted from 0) is worth the nim product `x * y`.
//!
//! Input: a count of cases, each a count `n` and `n` lines `x y`. Output:
//! `Have a try, lxhgww.` when the first player wins, `Don't waste your
//! time.` otherwise.

mod common;

use grundy::{Limits, Outcome, SpecOptions};

fn main() {
    let mut input = common::Tokens::from_stdin();
    let corners = grundy::parse("turning-corners", SpecOptions::default()).expect("a game");
    let limits = Limits {
        max_moves: 0,
        ..Limits::default()
    };
    let cases: usize = input.need("a number of cases");
    for _ in 0..cases {
        let n: usize = input.need("a number of lights");
        // grundy counts coins from 1, the problem from 0.
        let heads: Vec<String> = (0..n)
            .map(|_| {
                let x: u64 = input.need("a coordinate");
                let y: u64 = input.need("a coordinate");
                format!("{},{}", x + 1, y + 1)
            })
            .collect();
        match corners.analyze(&heads, &limits) {
            Ok(a) if a.outcome == Outcome::N => println!("Have a try, lxhgww."),
            Ok(_) => println!("Don't waste your time."),
            Err(e) => common::fail(&e.to_string()),
        }
    }
}
