//! Luogu P2148 [SDOI2009] E&D: piles in pairs; a move drops one pile of a
//! pair and splits the other into two non-empty piles.
//!
//! Input: `T`, then per test `N` and `N` pile sizes (pairs are piles 1-2,
//! 3-4, ...). Output: `YES` when the first player wins, `NO` otherwise.

mod common;

use grundy::games::ed::ed_value;

fn main() {
    let mut input = common::Tokens::from_stdin();
    let tests: u64 = input.need("the number of tests");
    for _ in 0..tests {
        let n: usize = input.need("the number of piles");
        if !n.is_multiple_of(2) {
            common::fail(&format!("E&D needs an even number of piles, got {n}"));
        }
        let mut total = 0;
        for _ in 0..n / 2 {
            let x: u64 = input.need("a pile size");
            let y: u64 = input.need("a pile size");
            if x == 0 || y == 0 {
                common::fail("E&D pile sizes must be positive");
            }
            total ^= ed_value(x, y);
        }
        println!("{}", if total != 0 { "YES" } else { "NO" });
    }
}
