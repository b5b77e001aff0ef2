//! Moore's Nim_k: a move takes tokens from between 1 and `k` heaps.
//!
//! It is not a sum of independent heaps (one move touches several), so it
//! has no per-heap values. Moore's theorem decides it: a position is P iff
//! in every binary digit the number of heaps with that bit set is a
//! multiple of `k + 1`. Winning moves are all listed when the move count is
//! small, and otherwise one is built digit by digit as in Moore's proof.

use crate::entry::{Build, Entry, Example};
use crate::error::{Error, Result};
use crate::game::count_texts;
use crate::game::{Limits, Outcome};
use crate::ruleset::{boxed, MiserePlay, Parsed};
use crate::ruleset::{parse_heap, Analysis, Game, Move, PositionMove};

/// Positions with at most this many moves have all their winning moves
/// listed; larger ones get the constructed move.
const ENUMERATE_MOVES: u64 = 200_000;

/// Moore's Nim_k.
#[derive(Clone, Debug)]
pub struct Moore {
    k: u64,
}

/// `moore:K`.
pub const MOORE: Entry = Entry::with_args(
    "moore",
    "moore:K",
    "heap sizes",
    "Moore's Nim_k: take from 1 to K heaps at once",
    Example {
        game: "moore:2",
        position: "1;2;3",
    },
    |b: &Build<'_>| {
        let k = crate::ruleset::parse_count(b.args, "K in moore:K", u32::MAX as u64)?;
        Ok(boxed(Moore::new(k)?))
    },
);

impl Moore {
    /// The game where a move touches 1 to `k` heaps (`k >= 1`).
    pub fn new(k: u64) -> Result<Self> {
        if k == 0 {
            return Err(Error::parse(
                "moore:K needs K >= 1 (the most heaps one move may touch)",
            ));
        }
        Ok(Moore { k })
    }

    /// Moore's rule.
    pub fn outcome(&self, heaps: &[u64]) -> Outcome {
        let m = self.k.saturating_add(1);
        let balanced = (0..64).all(|b| {
            let count = heaps.iter().filter(|&&h| h >> b & 1 == 1).count() as u64;
            count.is_multiple_of(m)
        });
        if balanced {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// One winning move from an N-position, following Moore's proof: go
    /// from the top bit down; heaps already reduced ("touched") may take any
    /// lower bits, untouched heaps with the bit set may be reduced here.
    pub fn constructed_move(&self, heaps: &[u64]) -> Option<Vec<u64>> {
        if self.outcome(heaps) == Outcome::P {
            return None;
        }
        let m = self.k.saturating_add(1);
        let mut new = heaps.to_vec();
        let mut touched = vec![false; heaps.len()];
        let mut n_touched: u64 = 0;
        for b in (0..64).rev() {
            let bit = 1u64 << b;
            let untouched_set: Vec<usize> = (0..heaps.len())
                .filter(|&i| !touched[i] && heaps[i] & bit != 0)
                .collect();
            let r = untouched_set.len() as u64 % m;
            // Clear the bit in every touched heap; some get it back below.
            for i in 0..new.len() {
                if touched[i] {
                    new[i] &= !bit;
                }
            }
            if r + n_touched <= self.k {
                // Reduce r more heaps at this bit.
                for &i in untouched_set.iter().take(r as usize) {
                    touched[i] = true;
                    // Keep the higher bits; this bit and the lower ones are
                    // now free, which makes the heap smaller whatever follows.
                    new[i] = heaps[i] & !(bit | (bit - 1));
                }
                n_touched += r;
            } else {
                // Give the bit to m - r of the touched heaps.
                let mut need = m - r;
                for i in 0..new.len() {
                    if need == 0 {
                        break;
                    }
                    if touched[i] {
                        new[i] |= bit;
                        need -= 1;
                    }
                }
            }
        }
        Some(new)
    }

    /// Every move to a P-position, by enumeration (small positions only).
    fn all_winning_moves(&self, heaps: &[u64]) -> Vec<Vec<u64>> {
        let mut found = self.all_moves(heaps);
        found.retain(|next| self.outcome(next) == Outcome::P);
        found
    }

    /// Every move: each way to lower between 1 and `k` heaps (small
    /// positions only: there are up to the product of `heap + 1` of them).
    fn all_moves(&self, heaps: &[u64]) -> Vec<Vec<u64>> {
        let mut found = Vec::new();
        let mut cur = vec![0u64; heaps.len()];
        loop {
            let changed = cur.iter().zip(heaps).filter(|(c, h)| c < h).count() as u64;
            if changed >= 1 && changed <= self.k {
                found.push(cur.clone());
            }
            // Odometer over 0..=heaps[i].
            let mut i = 0;
            loop {
                if i == cur.len() {
                    return found;
                }
                if cur[i] < heaps[i] {
                    cur[i] += 1;
                    break;
                }
                cur[i] = 0;
                i += 1;
            }
        }
    }
}

impl Game for Moore {
    type Comp = u64;

    fn name(&self) -> String {
        format!("moore:{}", self.k)
    }

    fn parse_component(&self, text: &str) -> Result<u64> {
        parse_heap(text, u64::MAX)
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
        let bound = p
            .comps
            .iter()
            .fold(1u64, |acc, &h| acc.saturating_mul(h.saturating_add(1)));
        limits.check_states(bound, "listing the moves")?;
        Ok(self
            .all_moves(p.comps)
            .into_iter()
            .map(|next| PositionMove::whole(count_texts(&next)))
            .collect())
    }

    fn analyze_position(&self, p: Parsed<'_, u64>, _limits: &Limits) -> Result<Analysis> {
        let outcome = self.outcome(p.comps);
        let moves_bound = p
            .comps
            .iter()
            .fold(1u64, |acc, &h| acc.saturating_mul(h.saturating_add(1)));
        let (targets, truncated) = if outcome == Outcome::P {
            (vec![], false)
        } else if moves_bound <= ENUMERATE_MOVES {
            (self.all_winning_moves(p.comps), false)
        } else {
            (self.constructed_move(p.comps).into_iter().collect(), true)
        };
        let moves = targets
            .iter()
            .map(|t| Move::whole(count_texts(t)))
            .collect();
        Ok(Analysis {
            moves_truncated: truncated,
            ..Analysis::by_outcome(Game::name(self), p.texts, outcome, moves)
        })
    }
}
