//! Seed 002 (coin flipping): a row of coins per line; a move turns coins
//! allowed by the rule, the rightmost of them from heads to tails.
//!
//! Usage: `coin_flipping [GAME]`, GAME one of `turtles` (the default: turn
//! one or two coins), `mock-turtles`, `ruler`, `twins`, `coins:any:S` or
//! `coins:run:S`. Input: one coin string per line (`THHTH`, the leftmost
//! coin is coin 1; blank lines are skipped). Output per line: the
//! Sprague-Grundy value, then `turn` and the coins of one winning move
//! (numbered from 1, ascending), or `lose` when there is none: `4 turn 1 5`,
//! `0 lose`.

mod common;

use std::io::Read;

use grundy::games::coins::{CoinGame, Coins};
use grundy::{Game, Limits, Nimber};

fn main() {
    let game = match std::env::args().nth(1).as_deref() {
        None | Some("turtles") => CoinGame::turtles(),
        Some("mock-turtles") => CoinGame::mock_turtles(),
        Some("ruler") => CoinGame::ruler(),
        Some("twins") => CoinGame::twins(),
        Some(other) => match other.strip_prefix("coins:") {
            Some(args) => CoinGame::from_args(args).unwrap_or_else(|e| common::fail(&e.to_string())),
            None => common::fail(&format!(
                "unknown game `{other}`: use turtles, mock-turtles, ruler, twins, coins:any:S or coins:run:S"
            )),
        },
    };
    let mut text = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut text) {
        common::fail(&format!("cannot read stdin: {e}"));
    }
    let limits = Limits::default();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = |e: grundy::Error| -> ! { common::fail(&format!("line {}: {e}", n + 1)) };
        let coins = Coins::parse(line).unwrap_or_else(|e| at(e));
        let value = game.value(&coins, &limits).unwrap_or_else(|e| at(e));
        let (turns, _) = game
            .turns_to_value(&coins, Nimber::ZERO, &limits, 1)
            .unwrap_or_else(|e| at(e));
        match turns.first() {
            Some(set) => {
                let list: Vec<String> = set.iter().map(u64::to_string).collect();
                println!("{} turn {}", value.value(), list.join(" "));
            }
            None => println!("{} lose", value.value()),
        }
    }
}
