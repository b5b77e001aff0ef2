//! The analysis of a sum of tokens on a solved loopy graph: Smith's sum of
//! the components' generalized values, and the moves that win.
//!
//! Every loopy game reaches it this way (a token on a `graph:FILE`, a
//! script whose moves have cycles), so the rules for repeated options and
//! for the length of the list are the same for all of them.

use rustc_hash::FxHashSet;

use super::{sum_values, value_outcome, winning_targets, Solved};
use crate::answer::{Analysis, Move};

/// The analysis of the sum whose component `i` (shown as `components[i]`)
/// is vertex `starts[i]` of `solved`; `name(w)` is the text of vertex `w`
/// as a component. A move wins when it leaves a total of 0, which
/// [`winning_targets`] turns into the value each component's new vertex
/// must have. Repeated edges give one move, and at most `max_moves` are
/// listed (the rest are reported as truncated).
pub fn analyze_token_sum(
    game: String,
    components: &[String],
    solved: &Solved,
    starts: &[u32],
    name: &dyn Fn(u32) -> String,
    max_moves: usize,
) -> Analysis {
    let values: Vec<_> = starts.iter().map(|&v| solved.value(v)).collect();
    let total = sum_values(&values);
    let mut winning_moves = Vec::new();
    let mut truncated = false;
    for (i, (&v, target)) in starts.iter().zip(winning_targets(&values)).enumerate() {
        let Some(target) = target else { continue };
        let mut seen = FxHashSet::default();
        for &w in solved.graph().options(v) {
            if solved.nimber(w) != Some(target) || !seen.insert(w) {
                continue;
            }
            if winning_moves.len() == max_moves {
                truncated = true;
                break;
            }
            winning_moves.push(Move::in_component(i, vec![name(w)], None));
        }
    }
    Analysis {
        game,
        components: components.to_vec(),
        outcome: value_outcome(&total),
        values: Some(values.into_iter().map(Some).collect()),
        grundy: Some(total),
        winning_moves,
        moves_truncated: truncated,
        misere: false,
        method: None,
    }
}
