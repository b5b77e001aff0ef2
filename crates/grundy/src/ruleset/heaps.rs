//! The questions only heap games answer, and the one refusal of each for
//! any other game.

use super::Ruleset;
use crate::error::{Error, Result};
use crate::heap::HeapSequence;

/// A question asked of a game's heaps: the command line's `seq`, `seq
/// --misere` and `quotient` (and the same functions in Python), each
/// refused in its own words for a game not played on heaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeapQuestion {
    /// The Grundy sequence G(0), G(1), ... in normal play.
    Sequence,
    /// Each heap's misère value and genus.
    MisereSequence,
    /// The misère quotient of the heaps.
    Quotient,
}

impl HeapQuestion {
    /// The one-line refusal of this question for the game `name`, which is
    /// not played on heaps: what every front end says, whether it built
    /// the game or knew from its name alone (`graph:FILE`, whose file need
    /// not be read to refuse it).
    pub fn refusal(self, name: &str) -> Error {
        Error::unsupported(match self {
            HeapQuestion::Sequence => format!(
                "{name} is not a heap game, so it has no Grundy sequence; use `grundy value`"
            ),
            HeapQuestion::MisereSequence => format!(
                "{name} is not a heap game; seq --misere computes genera of heaps, for the games whose components are heap sizes (`grundy games` lists them)"
            ),
            HeapQuestion::Quotient => format!(
                "{name} is not a heap game, so it has no misère quotient of heaps; use `grundy value {name} ... --misere`"
            ),
        })
    }
}

/// The heap moves of `game` that `question` is asked of, or its refusal.
/// A game in misère play has no Grundy sequence (misère values do not add
/// up); the misère sequence and the quotient are asked of the game's own
/// moves, whichever play it was read in.
pub fn heap_moves<R: Ruleset + ?Sized>(
    game: &R,
    question: HeapQuestion,
) -> Result<&dyn HeapSequence> {
    if question == HeapQuestion::Sequence && game.misere() {
        return Err(Error::unsupported(format!(
            "misère {} has no Grundy sequence (misère values do not add up); `seq --misere` gives each heap's misère value and genus",
            game.name()
        )));
    }
    game.heap().ok_or_else(|| question.refusal(&game.name()))
}
