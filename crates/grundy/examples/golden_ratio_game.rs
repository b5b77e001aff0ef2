//! Luogu P1290 (Euclid's game): subtract a positive multiple of the smaller
//! number from the larger; whoever makes a zero wins.
//!
//! Input: `C`, then `C` lines `M N`. Output: `Stan wins` when the first
//! player wins, `Ollie wins` otherwise.

mod common;

use grundy::games::euclid::euclid_value;

fn main() {
    let mut input = common::Tokens::from_stdin();
    let c: u64 = input.need("the number of games");
    for _ in 0..c {
        let m: u64 = input.need("M");
        let n: u64 = input.need("N");
        if euclid_value(m, n) != 0 {
            println!("Stan wins");
        } else {
            println!("Ollie wins");
        }
    }
}
