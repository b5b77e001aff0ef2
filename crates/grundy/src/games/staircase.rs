//! Staircase Nim: coins on steps 1, 2, 3, ...; a move slides any positive
//! number of coins from one step down to the next (from step 1 they leave
//! the staircase).
//!
//! The coins on even steps do not matter: any move of them to an odd step
//! can be undone by moving the same coins on down to an even step. So the
//! position is P iff the XOR of the odd steps is 0, and a winning move
//! either plays the Nim move on an odd step or tops an odd step up from the
//! even step above it.

use crate::entry::Entry;
use crate::error::Result;
use crate::game::{count_texts, count_total};
use crate::game::{Limits, Outcome};
use crate::ruleset::{parse_count, Analysis, Game, Move, PositionMove};
use crate::ruleset::{MiserePlay, Parsed};

/// Staircase Nim.
#[derive(Clone, Debug, Default)]
pub struct Staircase;

/// `staircase`.
pub const STAIRCASE: Entry =
    Entry::of::<Staircase>("staircase", "coins on steps 1,2,3,...", "2;1;1")
        .about("staircase Nim: move coins down one step");

impl Staircase {
    /// XOR of the coins on odd steps (`coins[0]` is step 1).
    pub fn odd_xor(coins: &[u64]) -> u64 {
        coins.iter().step_by(2).fold(0, |a, &c| a ^ c)
    }

    /// Every winning move as the new list of coins per step.
    pub fn winning_moves(coins: &[u64]) -> Vec<Vec<u64>> {
        let s = Self::odd_xor(coins);
        let mut found = Vec::new();
        if s == 0 {
            return found;
        }
        for (j, &c) in coins.iter().enumerate() {
            if j % 2 == 0 {
                // Odd step: move coins down to make it c ^ s.
                let to = c ^ s;
                if to < c {
                    let mut next = coins.to_vec();
                    next[j] = to;
                    if j > 0 {
                        next[j - 1] += c - to;
                    }
                    found.push(next);
                }
            } else {
                // Even step: slide coins onto the odd step below.
                let below = coins[j - 1];
                let want = below ^ s;
                if want > below && want - below <= c {
                    let mut next = coins.to_vec();
                    next[j] -= want - below;
                    next[j - 1] = want;
                    found.push(next);
                }
            }
        }
        found
    }
}

impl Game for Staircase {
    type Comp = u64;

    fn name(&self) -> String {
        "staircase".to_string()
    }

    /// Half the range, so that topping up a step cannot overflow.
    fn parse_component(&self, text: &str) -> Result<u64> {
        parse_count(text, "the number of coins on a step", u64::MAX / 2)
    }

    fn format_component(&self, c: &u64) -> String {
        c.to_string()
    }

    /// The position is one whole, not a sum of parts: `+` does not split
    /// it, and misère play searches it whole.
    fn misere_play(&self) -> MiserePlay {
        MiserePlay::WholePosition
    }

    fn moves_of_position(&self, p: Parsed<'_, u64>, limits: &Limits) -> Result<Vec<PositionMove>> {
        limits.check_states(count_total(p.comps), "listing the moves")?;
        let mut moves = Vec::new();
        for (j, &c) in p.comps.iter().enumerate() {
            for m in 1..=c {
                let mut next = p.comps.to_vec();
                next[j] -= m;
                if j > 0 {
                    next[j - 1] += m;
                }
                moves.push(PositionMove::whole(count_texts(&next)));
            }
        }
        Ok(moves)
    }

    fn analyze_position(&self, p: Parsed<'_, u64>, _limits: &Limits) -> Result<Analysis> {
        let outcome = if Self::odd_xor(p.comps) == 0 {
            Outcome::P
        } else {
            Outcome::N
        };
        let winning_moves = Self::winning_moves(p.comps)
            .iter()
            .map(|next| Move::whole(count_texts(next)))
            .collect();
        let name = Game::name(self);
        Ok(Analysis::by_outcome(name, p.texts, outcome, winning_moves))
    }
}
