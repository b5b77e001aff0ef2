//! A position's [`Figure`]: each component drawn by its game, and the keys
//! that choose each move, for front ends that draw positions and let
//! people move by clicking or by typing coordinates.

use super::Game;
use crate::answer::drawing::{figure_key, Drawing, Figure, MAX_DRAWN_ITEMS};
use crate::answer::PositionMove;
use crate::error::Result;

/// The figure of the position `comps` with the `moves` listed from it, or
/// `None` when some component has no drawing (or one too big to read),
/// so that front ends show the text instead.
pub(crate) fn figure_of<G: Game + ?Sized>(
    game: &G,
    comps: &[G::Comp],
    moves: &[PositionMove],
) -> Result<Option<Figure>> {
    let Some(parts) = comps
        .iter()
        .map(|c| game.draw(c).filter(|d| d.items() <= MAX_DRAWN_ITEMS))
        .collect::<Option<Vec<Drawing>>>()
    else {
        return Ok(None);
    };
    let mut marks = Vec::with_capacity(moves.len());
    for m in moves {
        marks.push(match m.mv.component {
            Some(i) if i < comps.len() => {
                let to =
                    m.mv.parts
                        .iter()
                        .map(|t| game.parse_component(t))
                        .collect::<Result<Vec<_>>>()?;
                game.marks(&comps[i], &to)
                    .into_iter()
                    .map(|way| way.iter().map(|k| figure_key(i, k)).collect())
                    .collect()
            }
            _ => Vec::new(),
        });
    }
    Ok(Some(Figure { parts, marks }))
}

/// The default marks of a heap game's move ([`row_marks`] of a game
/// that never takes from inside a heap).
pub(crate) fn heap_marks<G: Game + ?Sized>(
    game: &G,
    from: &G::Comp,
    to: &[G::Comp],
) -> Vec<Vec<String>> {
    let Some(size) = game.as_heap(from) else {
        return Vec::new();
    };
    let parts: Option<Vec<u64>> = to.iter().map(|c| game.as_heap(c)).collect();
    parts.map_or_else(Vec::new, |parts| row_marks(size, &parts, false))
}

/// The marks of a move from a heap of `size` to the heaps `parts`, its
/// tokens numbered from 1 at the bottom of the stack drawn. A move that
/// leaves one heap or none takes tokens from the top, marked by the lowest
/// taken (one click takes it and all above), or, in a game that also takes
/// from inside a heap (`inside`: Kayles, whose heap is a row of pins), the
/// run taken at either end. A move that leaves two heaps takes the run
/// between them, either way round, or when it takes nothing (Grundy's
/// game, Lasker's Nim) the two tokens either side of the cut (one token
/// alone is a move that takes from the top, in Lasker's Nim).
/// Three heaps: the lowest token taken, as one heap.
pub(crate) fn row_marks(size: u64, parts: &[u64], inside: bool) -> Vec<Vec<String>> {
    let parts: Vec<u64> = parts.iter().copied().filter(|&p| p > 0).collect();
    let left = parts.iter().try_fold(0u64, |a, &p| a.checked_add(p));
    let Some(taken) = left.and_then(|l| size.checked_sub(l)) else {
        return Vec::new();
    };
    let run = |below: u64, len: u64| (below + 1..=below + len).map(|t| t.to_string()).collect();
    let lowest = || vec![vec![(size - taken + 1).to_string()]];
    let mut ways: Vec<Vec<String>> = match (&parts[..], taken) {
        (_, 0) if parts.len() != 2 => Vec::new(),
        ([a, b], 0) => vec![run(a - 1, 2), run(b - 1, 2)],
        ([a, b], k) => vec![run(*a, k), run(*b, k)],
        ([_] | [], k) if inside => vec![run(size - k, k), run(0, k)],
        _ => lowest(),
    };
    ways.dedup();
    ways
}

#[cfg(test)]
mod tests {
    use super::row_marks;

    /// The ways as the tokens' numbers.
    fn marks(size: u64, parts: &[u64], inside: bool) -> Vec<Vec<u64>> {
        let ways = row_marks(size, parts, inside);
        ways.iter()
            .map(|w| w.iter().map(|t| t.parse().unwrap()).collect())
            .collect()
    }

    #[test]
    fn nim_takes_from_the_top_at_one_click() {
        assert_eq!(marks(5, &[3], false), [[4]]);
        assert_eq!(marks(5, &[], false), [[1]]);
        assert_eq!(marks(5, &[0], false), [[1]]);
        // Not a move of this heap.
        assert!(marks(5, &[6], false).is_empty());
        assert!(marks(5, &[5], false).is_empty());
    }

    /// Kayles: a heap of 6 is a row of pins; knocking down pin 3 leaves 2
    /// and 3, pins 3 and 4 leave 2 and 2, an end pin leaves 5.
    #[test]
    fn kayles_takes_the_pins_knocked_down() {
        assert_eq!(marks(6, &[2, 3], true), [vec![3], vec![4]]);
        assert_eq!(marks(6, &[2, 2], true), [vec![3, 4]]);
        assert_eq!(marks(6, &[5], true), [vec![6], vec![1]]);
        assert_eq!(marks(6, &[4], true), [vec![5, 6], vec![1, 2]]);
        assert_eq!(marks(2, &[], true), [vec![1, 2]]);
    }

    /// Grundy's game and Lasker's split: nothing is taken; the two tokens
    /// either side of the cut mark where the heap splits, apart from
    /// Lasker's takes (one token each: in a heap of 4, token 2 leaves 1).
    #[test]
    fn a_split_that_takes_nothing_is_marked_where_it_splits() {
        assert_eq!(marks(7, &[3, 4], false), [vec![3, 4], vec![4, 5]]);
        assert_eq!(marks(6, &[3, 3], false), [vec![3, 4]]);
        assert_eq!(marks(4, &[1], false), [vec![2]]);
        assert_eq!(marks(4, &[1, 3], false), [vec![1, 2], vec![3, 4]]);
        assert!(marks(7, &[1, 2, 4], false).is_empty());
        assert_eq!(marks(9, &[1, 2, 4], false), [vec![8]]);
    }
}
