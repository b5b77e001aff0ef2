//! POJ 2311 (Cutting Game): cut a `W x H` sheet along grid lines, one piece
//! at a time; whoever cuts out a 1x1 piece wins.
//!
//! Input: lines `W H` to the end. Output per line: `WIN` if the first
//! player wins, `LOSE` otherwise. The values come from the reduced game
//! (cuts leaving a strip of width 1 lose at once) on one table that grows
//! with the largest sheet asked about.

mod common;

use grundy::games::cutting::Cutting;
use grundy::ruleset::SumRuleset;
use grundy::{Error, Limits, Outcome, Ruleset};

fn main() {
    let mut input = common::Tokens::from_stdin();
    let game = SumRuleset(Cutting::default());
    let limits = Limits::default();
    while let Some(w) = input.next::<u64>("W") {
        let h: u64 = input.need("H");
        if w == 0 || h == 0 {
            common::fail(&format!(
                "line {}: a sheet is at least 1x1, got `{w} {h}`",
                input.line()
            ));
        }
        let outcome = game
            .analyze(&[format!("{w}x{h}")], &limits)
            .unwrap_or_else(|e| {
                let why = match e {
                    // This program has no options to raise the limit with.
                    Error::Limit { .. } => format!("a {w}x{h} sheet is too large to solve here"),
                    e => e.to_string(),
                };
                common::fail(&format!("line {}: {why}", input.line()))
            })
            .outcome;
        println!("{}", if outcome == Outcome::N { "WIN" } else { "LOSE" });
    }
}
