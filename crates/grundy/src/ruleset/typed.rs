//! Positions as people type them: components separated by white space,
//! splits written `a+b`, quotes and brackets kept whole. Every front end
//! reads positions through these, so that a printed move reads back; and
//! the move a player types, made or found as the listing would have it.

use super::{Game, Ruleset};
use crate::answer::{Move, PositionMove};
use crate::error::Result;
use crate::game::Limits;

/// The components as `game` reads them: each one written as a sum (`4+6`,
/// how a move that splits a heap is printed) becomes its parts, in games
/// where `+` means a sum ([`Ruleset::reads_sums`]). Every front end reads
/// positions through this, so a printed move reads back everywhere.
pub fn read_sums(game: &dyn Ruleset, components: &[String]) -> Vec<String> {
    let mut out = Vec::with_capacity(components.len());
    for c in components {
        match split_sum(c).filter(|_| game.reads_sums()) {
            Some(parts) => out.extend(parts.into_iter().map(str::to_string)),
            // Blanks and line breaks around a component are no part of it
            // (`3\n` pasted from a file is `3`), so it is printed as read.
            None => out.push(c.trim().to_string()),
        }
    }
    out
}

/// The parts of a component written as a sum `a+b+c`, or `None` when it
/// is not one: no `+` outside brackets and quotes (a script's position
/// `[1, 2]+"x+y"` has two parts), or an empty part, which the game's own
/// reader then explains.
pub fn split_sum(text: &str) -> Option<Vec<&str>> {
    let parts: Vec<&str> = split_top_level(text, |c| c == '+')
        .into_iter()
        .map(str::trim)
        .collect();
    if parts.len() < 2 {
        return None;
    }
    (!parts.iter().any(|p| p.is_empty())).then_some(parts)
}

/// The components of a position typed on one line: words separated by
/// white space outside quotes and brackets, so that a script's string
/// `"a b"` or list `[1, 2]` stays one component.
pub fn split_words(text: &str) -> Vec<&str> {
    split_top_level(text, char::is_whitespace)
        .into_iter()
        .filter(|w| !w.is_empty())
        .collect()
}

/// `text` cut at every character `is_sep` accepts outside double quotes
/// (with backslash escapes) and brackets.
fn split_top_level(text: &str, is_sep: impl Fn(char) -> bool) -> Vec<&str> {
    let mut pieces = Vec::new();
    let (mut depth, mut quoted, mut escaped, mut start) = (0i64, false, false, 0);
    for (i, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            '[' | '(' | '{' if !quoted => depth += 1,
            ']' | ')' | '}' if !quoted => depth -= 1,
            c if !quoted && depth == 0 && is_sep(c) => {
                pieces.push(&text[start..i]);
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    pieces.push(&text[start..]);
    pieces
}

/// A position as a person types it (components separated by white space,
/// splits written `a+b`), each component written as the game writes it,
/// so that front ends compare what is typed with the moves they list by
/// meaning rather than spelling; a component the game cannot read is kept
/// as typed, for the game's own error to explain.
pub fn read_typed(game: &dyn Ruleset, text: &str) -> Vec<String> {
    let words: Vec<String> = split_words(text).into_iter().map(str::to_string).collect();
    read_sums(game, &words)
        .into_iter()
        .map(|c| game.canonical(&c).unwrap_or(c))
        .collect()
}

/// [`Ruleset::move_to`] by listing every move: the move of component `i`
/// whose parts read as `to` do, in any order.
pub fn listed_move_to<R: Ruleset + ?Sized>(
    game: &R,
    components: &[String],
    i: usize,
    to: &[String],
    limits: &Limits,
) -> Result<Option<PositionMove>> {
    let written = |texts: &[String]| -> Vec<String> {
        let mut w: Vec<String> = texts
            .iter()
            .map(|t| game.canonical(t).unwrap_or_else(|_| t.clone()))
            .collect();
        w.sort_unstable();
        w
    };
    let typed = written(to);
    Ok(game
        .position_moves(components, limits)?
        .into_iter()
        .find(|m| m.mv.component == Some(i) && written(&m.mv.parts) == typed))
}

/// The move of component `i` of the position `texts` to `parts`.
pub(crate) fn component_move<G: Game + ?Sized>(
    game: &G,
    i: usize,
    parts: &[G::Comp],
    texts: &[String],
) -> PositionMove {
    let mv = Move {
        component: Some(i),
        to: game.format_option(parts),
        note: game.describe_option(parts),
        parts: game.option_parts(parts),
    };
    PositionMove::new(mv, texts)
}
