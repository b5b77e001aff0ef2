//! Nim, and Nim played misère.
//!
//! Normal Nim is the heap game where every smaller heap is an option, so
//! `G(n) = n` and the winning move is `a_i -> a_i xor s`. Misère Nim (the
//! last player to move loses) is not a sum in the Sprague-Grundy sense;
//! Bouton's rule decides it: while some heap has two or more tokens play as
//! in normal Nim, and once every heap is 0 or 1 the position is P iff the
//! number of 1-heaps is odd.

use crate::entry::{Accepts, Entry};
use crate::error::Result;
use crate::game::count_total;
use crate::game::Visit;
use crate::game::{Limits, Outcome};
use crate::heap::HeapGame;
use crate::heap::HeapRules;
use crate::heap::{offer_taking, ClosedForm};
use crate::ruleset::{boxed, sum_position_moves, Parsed};
use crate::ruleset::{parse_heap, Analysis, Game, Move, PositionMove};

/// Take any positive number of tokens from one heap.
#[derive(Clone, Debug, Default)]
pub struct Nim;

/// Nim, and with `--misere` misère Nim.
pub const NIM: Entry = Entry::plain("nim", "heap sizes", "1;2;3", |b| match b.options.misere {
    true => Ok(boxed(MisereNim)),
    false => Ok(boxed(HeapGame::new(Nim))),
})
.about("Nim: take any number from one heap (also misère play)")
.accepting(Accepts::MISERE);

/// Whether a Nim heap of `n` may become the heaps `parts` (none for
/// nothing left): one smaller heap that is not empty, or nothing.
pub(crate) fn nim_takes(n: u64, parts: &[u64]) -> bool {
    match parts {
        [] => n > 0,
        [m] => (1..n).contains(m),
        _ => false,
    }
}

impl HeapRules for Nim {
    fn name(&self) -> String {
        "nim".to_string()
    }

    fn for_each_option(&self, n: u64, f: Visit<u64>) {
        offer_taking(n, 1..=n, f);
    }

    fn is_option(&self, n: u64, parts: &[u64]) -> Option<bool> {
        Some(nim_takes(n, parts))
    }

    fn closed_form(&self) -> Option<ClosedForm> {
        Some(ClosedForm {
            value: Some,
            note: "G(n) = n",
        })
    }

    fn options_with_value(
        &self,
        n: u64,
        target: u64,
        _limits: &Limits,
        _max: usize,
    ) -> Option<(Vec<Vec<u64>>, bool)> {
        let found = match target {
            t if t >= n => vec![],
            0 => vec![vec![]],
            t => vec![vec![t]],
        };
        Some((found, false))
    }
}

/// Misère Nim: whoever takes the last token loses.
#[derive(Clone, Debug, Default)]
pub struct MisereNim;

impl MisereNim {
    /// Bouton's rule for misère Nim.
    pub fn outcome(heaps: &[u64]) -> Outcome {
        let big = heaps.iter().any(|&h| h >= 2);
        let xor = heaps.iter().fold(0, |a, &h| a ^ h);
        let ones = heaps.iter().filter(|&&h| h == 1).count();
        let p = if big { xor == 0 } else { ones % 2 == 1 };
        if p {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// Every move to a misère P-position, as (heap index, new size).
    ///
    /// With two or more big heaps some big heap survives any move, so the
    /// P-options are the normal-play ones; with exactly one big heap the only
    /// winning move shrinks it to 0 or 1 leaving an odd number of 1-heaps;
    /// with none, any 1-heap may be taken when their number is even.
    pub fn winning_moves(heaps: &[u64]) -> Vec<(usize, u64)> {
        let big: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] >= 2).collect();
        let ones = heaps.iter().filter(|&&h| h == 1).count();
        match big.len() {
            0 if ones % 2 == 0 => (0..heaps.len())
                .filter(|&i| heaps[i] == 1)
                .map(|i| (i, 0))
                .collect(),
            0 => vec![],
            1 => {
                // Leave an odd number of 1-heaps.
                let to = if ones % 2 == 0 { 1 } else { 0 };
                vec![(big[0], to)]
            }
            _ => {
                let s = heaps.iter().fold(0, |a, &h| a ^ h);
                (0..heaps.len())
                    .filter(|&i| heaps[i] ^ s < heaps[i])
                    .map(|i| (i, heaps[i] ^ s))
                    .collect()
            }
        }
    }
}

impl Game for MisereNim {
    type Comp = u64;

    fn name(&self) -> String {
        "nim".to_string()
    }

    fn parse_component(&self, text: &str) -> Result<u64> {
        parse_heap(text, u64::MAX)
    }

    fn format_component(&self, c: &u64) -> String {
        c.to_string()
    }

    fn misere(&self) -> bool {
        true
    }

    /// A component is a heap (drawn as a stack of tokens).
    fn as_heap(&self, c: &u64) -> Option<u64> {
        Some(*c)
    }

    fn is_option(&self, c: &u64, parts: &mut [u64]) -> Option<bool> {
        Some(nim_takes(*c, parts))
    }

    fn tells_options(&self) -> bool {
        true
    }

    fn first_option(&self, c: &u64, limits: &Limits) -> Option<Vec<u64>> {
        HeapGame::new(Nim).first_option(c, limits)
    }

    /// Nim's moves: misère play changes who wins, not how one moves.
    fn moves_of_position(&self, p: Parsed<'_, u64>, limits: &Limits) -> Result<Vec<PositionMove>> {
        limits.check_states(count_total(p.comps), "listing the moves")?;
        sum_position_moves(&HeapGame::new(Nim), p, limits)
    }

    fn analyze_position(&self, p: Parsed<'_, u64>, _limits: &Limits) -> Result<Analysis> {
        let winning_moves = Self::winning_moves(p.comps)
            .into_iter()
            .map(|(i, to)| Move::in_component(i, vec![to.to_string()], None))
            .collect();
        let outcome = Self::outcome(p.comps);
        Ok(Analysis {
            misere: true,
            method: Some("bouton"),
            ..Analysis::by_outcome(self.name(), p.texts, outcome, winning_moves)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::texts;
    use crate::Error;

    /// Misère Nim moves as Nim does: one heap to any smaller size, a heap
    /// taken whole leaving `0`; too many moves are refused before listing.
    #[test]
    fn misere_nim_moves_are_nims() {
        let game = boxed(MisereNim);
        let moves = game
            .position_moves(&texts(&["2", "1"]), &Limits::default())
            .unwrap();
        let seen: Vec<(Option<usize>, &str, Vec<String>)> = moves
            .iter()
            .map(|m| (m.mv.component, m.mv.to.as_str(), m.next.clone()))
            .collect();
        assert_eq!(
            seen,
            [
                (Some(0), "1", texts(&["1", "1"])),
                (Some(0), "0", texts(&["0", "1"])),
                (Some(1), "0", texts(&["2", "0"])),
            ]
        );
        let huge = game.position_moves(&texts(&["1000000000000"]), &Limits::default());
        assert!(matches!(huge, Err(Error::Limit { .. })), "{huge:?}");
    }
}
