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

/// The default marks of a heap game's move: the lowest token taken (the
/// heap keeps the tokens below it, in whatever parts the move leaves).
pub(crate) fn heap_marks<G: Game + ?Sized>(
    game: &G,
    from: &G::Comp,
    to: &[G::Comp],
) -> Vec<Vec<String>> {
    let Some(size) = game.as_heap(from) else {
        return Vec::new();
    };
    let left: Option<u64> = to
        .iter()
        .filter_map(|c| match game.as_heap(c) {
            Some(0) => None,
            other => Some(other),
        })
        .sum();
    match left {
        Some(left) if left < size => vec![vec![(left + 1).to_string()]],
        _ => Vec::new(),
    }
}
