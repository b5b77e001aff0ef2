//! How `play` reads a move typed as text: `#K`, `I:NEW`, the new text of
//! one component, the whole new position, compared with the moves by
//! what they leave, as the game writes it, or the move's note as `moves`
//! shows it (`cut 1-2`).

use grundy::answer::drawing::Figure;
use grundy::play::choose_by_keys;
use grundy::present::drawing::figure_text;
use grundy::ruleset::{read_typed, split_words, Move, PositionMove};
use grundy::{Limits, Ruleset};

/// What a wrong line is told: short, since `help` says the rest (the API
/// says it in its own terms).
pub(crate) const TRY: &str = "`moves` lists the moves, `help` says how to type one";

/// The components a typed text stands for, as the game writes them and
/// in order: a sum `4+6` is the same as `6+4`, and `04` is `4`.
fn typed_parts(game: &dyn Ruleset, text: &str) -> Vec<String> {
    let mut parts = read_typed(game, text);
    parts.sort_unstable();
    parts
}

/// `texts` as the game writes them (texts it cannot read kept as they
/// are), so that a position is compared with what was typed by meaning.
fn written(game: &dyn Ruleset, texts: &[String]) -> Vec<String> {
    texts
        .iter()
        .map(|t| game.canonical(t).unwrap_or_else(|_| t.clone()))
        .collect()
}

/// Whether `mv` moves one component to the parts `typed` (sorted, as the
/// game writes them), compared with the parts the move leaves, not its
/// printed text.
fn leaves(game: &dyn Ruleset, mv: &Move, typed: &[String]) -> bool {
    let mut left = written(game, &mv.parts);
    left.sort_unstable();
    mv.component.is_some() && left == typed
}

/// The human's move from a line, as `play` and `/api/move` read it: on a
/// position drawn as text with its coordinates (`figure`, when it has a
/// text form), what names its
/// parts is read as them first (`b1-b2`; `2,5` on coins turns coins 2
/// and 5); else, or when that names no move, as [`read_move`] reads it.
pub(crate) fn read_line(
    game: &dyn Ruleset,
    line: &str,
    position: &[String],
    moves: &[PositionMove],
    figure: Option<&Figure>,
) -> Result<PositionMove, String> {
    let typed = read_move(game, line, position, moves);
    let Some(figure) = figure.filter(|f| figure_text(f).is_some()) else {
        return typed;
    };
    match (choose_by_keys(figure, line), typed) {
        (Ok(Some(k)), _) => Ok(moves[k].clone()),
        (_, Ok(m)) => Ok(m),
        (Err(why), Err(_)) => Err(why),
        (Ok(None), Err(why)) => Err(why),
    }
}

/// The human's move from a line: `#K` (move K of `moves`), `I:NEW`
/// (component I, counted from 1, becomes NEW), the new text of one
/// component, or the whole new position.
fn read_move(
    game: &dyn Ruleset,
    line: &str,
    position: &[String],
    moves: &[PositionMove],
) -> Result<PositionMove, String> {
    if let Some(k) = line.strip_prefix('#') {
        return match k.trim().parse::<usize>() {
            Ok(k) if (1..=moves.len()).contains(&k) => Ok(moves[k - 1].clone()),
            _ => Err(format!(
                "there is no move `{line}`: `moves` lists #1 to #{}",
                moves.len()
            )),
        };
    }
    let words = split_words(line);
    if words.len() > 1 && words.iter().all(|w| numbered(w).is_some()) {
        return read_several(game, line, &words, position, moves);
    }
    if let Some((i, to)) = line.split_once(':') {
        return read_numbered(game, line, (i, to), position, moves);
    }
    if let Some(m) = whole_position(game, line, moves) {
        return Ok(m);
    }
    if let Some(m) = by_note(line, moves)? {
        return Ok(m);
    }
    // One component's new text, if only one component can become it.
    let to = typed_parts(game, line);
    let one_word = split_words(line).len() == 1;
    let fits = |m: &&PositionMove| one_word && leaves(game, &m.mv, &to);
    let mut components: Vec<usize> = moves
        .iter()
        .filter(fits)
        .filter_map(|m| m.mv.component)
        .collect();
    // A compound's moves are whole positions: the components that can
    // become the text, the others staying.
    let whole: Vec<(usize, &PositionMove)> = (0..position.len())
        .filter_map(|i| Some((i, with_component(game, position, i, line, moves)?)))
        .collect();
    components.extend(whole.iter().map(|(i, _)| i));
    components.dedup();
    match components[..] {
        [_] if !whole.is_empty() => Ok(whole[0].1.clone()),
        [_] => Ok(moves.iter().find(fits).expect("found above").clone()),
        [] => Err(format!(
            "`{}` is not a move from {}; {TRY}{}",
            shorten(line),
            shorten(&position.join(" ")),
            note_hint(moves)
        )),
        _ => {
            let which: Vec<usize> = components.iter().map(|i| i + 1).collect();
            let all = if which.len() == 2 { "both" } else { "all" };
            Err(format!(
                "components {} can {all} become `{line}`: say which, e.g. {}:{line}",
                grundy::error::listed(&which, "and"),
                which[0]
            ))
        }
    }
}

/// The move `I:NEW` typed as `line`: component I (from 1) becomes NEW.
fn read_numbered(
    game: &dyn Ruleset,
    line: &str,
    (i, to): (&str, &str),
    position: &[String],
    moves: &[PositionMove],
) -> Result<PositionMove, String> {
    let i = component_number(i, position.len())?;
    let to = to.trim();
    let typed = typed_parts(game, to);
    let found = moves
        .iter()
        .find(|m| m.mv.component == Some(i - 1) && leaves(game, &m.mv, &typed));
    let found = found
        .or_else(|| with_component(game, position, i - 1, to, moves))
        .or_else(|| noted(to, moves).find(|m| m.mv.component == Some(i - 1)));
    match found {
        Some(m) => Ok(m.clone()),
        // A compound's moves may have to move several components.
        None if moves.iter().any(|m| m.mv.component.is_none()) => Err(format!(
            "`{}` is not a move from {}: name each component the move changes (`1:NEW 2:NEW`); {TRY}",
            shorten(line),
            shorten(&position.join(" "))
        )),
        // Coordinates, or anything else that is no position of the game.
        None if typed.iter().any(|t| game.canonical(t).is_err()) => Err(format!(
            "`{}` is not a move from {}; {TRY}",
            shorten(line),
            shorten(&position.join(" "))
        )),
        None => Err(format!(
            "component {i} cannot become `{to}` in one move (it is {})",
            position[i - 1]
        )),
    }
}

/// The move to the whole position typed as `text`, if it is one. The
/// components of a sum of different games hold spaces (`kayles 3`), so a
/// position is also matched word for word as it is printed.
fn whole_position(game: &dyn Ruleset, text: &str, moves: &[PositionMove]) -> Option<PositionMove> {
    let whole = read_typed(game, text);
    let words = split_words(text);
    moves
        .iter()
        .find(|m| written(game, &m.next) == whole)
        .or_else(|| (moves.iter()).find(|m| split_words(&m.next.join(" ")) == words))
        .cloned()
}

/// The move of a compound (a whole position) that makes component `i`
/// (from 0) of `position` into `to`, the others staying, compared
/// component by component as the game writes them. In a sum of different
/// games `to` may leave out its game's name (`2:3` for `nim 4`).
fn with_component<'m>(
    game: &dyn Ruleset,
    position: &[String],
    i: usize,
    to: &str,
    moves: &'m [PositionMove],
) -> Option<&'m PositionMove> {
    let named = split_words(&position[i])
        .first()
        .filter(|_| split_words(&position[i]).len() > 1)
        .map(|name| format!("{name} {to}"));
    [Some(to.to_string()), named]
        .into_iter()
        .flatten()
        .find_map(|to| {
            let mut next = position.to_vec();
            next[i] = to;
            let want = written(game, &next);
            (moves.iter()).find(|m| m.mv.component.is_none() && written(game, &m.next) == want)
        })
}

/// The moves whose note (`cut 1-2`) is `line`, read without regard to
/// case or spacing.
fn noted<'m>(line: &str, moves: &'m [PositionMove]) -> impl Iterator<Item = &'m PositionMove> {
    let line = split_words(&line.to_lowercase()).join(" ");
    moves.iter().filter(move |m| {
        (m.mv.note.as_deref()).is_some_and(|n| split_words(&n.to_lowercase()).join(" ") == line)
    })
}

/// The one move whose note is `line`; an error when several components
/// have a move of that note, none when no move has it.
fn by_note(line: &str, moves: &[PositionMove]) -> Result<Option<PositionMove>, String> {
    let mut components: Vec<usize> = noted(line, moves).filter_map(|m| m.mv.component).collect();
    components.dedup();
    match components[..] {
        [] | [_] => Ok(noted(line, moves).next().cloned()),
        [i, ..] => Err(format!(
            "several components have the move `{line}`: say which, e.g. {}:{line}",
            i + 1
        )),
    }
}

/// What a refused line is told when the moves have notes: that a move is
/// also typed as its note, with the first one for an example.
fn note_hint(moves: &[PositionMove]) -> String {
    (moves.iter().find_map(|m| m.mv.note.as_deref()))
        .map(|n| format!("; a move is also typed as its note (`{n}`)"))
        .unwrap_or_default()
}

/// A word `I:NEW` split at its colon, when `I` is a number.
fn numbered(word: &str) -> Option<(&str, &str)> {
    word.split_once(':')
        .filter(|(i, _)| !i.is_empty() && i.bytes().all(|b| b.is_ascii_digit()))
}

/// A move of a compound in several components, typed `1:1+1 2:3`: each
/// named component becomes its new text, the others stay, and the whole
/// position so made must be one of the moves.
fn read_several(
    game: &dyn Ruleset,
    line: &str,
    words: &[&str],
    position: &[String],
    moves: &[PositionMove],
) -> Result<PositionMove, String> {
    let mut next = position.to_vec();
    let mut named = vec![false; position.len()];
    for (i, to) in words.iter().filter_map(|w| numbered(w)) {
        let i = component_number(i, position.len())?;
        if std::mem::replace(&mut named[i - 1], true) {
            return Err(format!("component {i} is named twice in `{line}`"));
        }
        next[i - 1] = to.to_string();
    }
    let want = written(game, &next);
    let found = (moves.iter())
        .find(|m| written(game, &m.next) == want)
        .cloned();
    found
        .or_else(|| whole_position(game, &next.join(" "), moves))
        .ok_or_else(|| {
            format!(
                "`{}` is not a move from {}; {TRY}",
                shorten(line),
                shorten(&position.join(" "))
            )
        })
}

/// The component numbered `i` (from 1) of `n`.
fn component_number(i: &str, n: usize) -> Result<usize, String> {
    match i.trim().parse::<usize>() {
        Ok(i) if (1..=n).contains(&i) => Ok(i),
        _ => Err(format!(
            "`{}` is not a component: they are numbered from 1 to {n}",
            i.trim()
        )),
    }
}

/// How a move is typed without a list of moves.
macro_rules! type_one {
    () => {
        "type a move as the new text of a component (`3`, or `2:4+6` for component 2)"
    };
}
pub(crate) use type_one;

/// How a move is typed where the position's moves are not listed (too many
/// for the budgets).
pub(crate) const HOW: &str = concat!("this position's moves are not listed; ", type_one!());

/// The human's move where the position has too many moves to list (a
/// Nim heap of 10^12): `I:NEW`, or the new text of one component, checked
/// by the game's rules ([`Ruleset::move_to`]) rather than found in a list.
pub(crate) fn read_unlisted(
    game: &dyn Ruleset,
    line: &str,
    position: &[String],
    limits: &Limits,
) -> Result<PositionMove, String> {
    if line.starts_with('#') {
        return Err(format!("the moves are not numbered here: {HOW}"));
    }
    let (components, to) = match line.split_once(':') {
        Some((i, to)) => {
            let i = component_number(i, position.len())?;
            (i - 1..i, to.trim())
        }
        None if split_words(line).len() == 1 => (0..position.len(), line),
        None => return Err(format!("`{}` is not read here: {HOW}", shorten(line))),
    };
    let parts = read_typed(game, to);
    let mut found = Vec::new();
    for i in components {
        match game.move_to(position, i, &parts, limits) {
            Ok(Some(m)) => found.push(m),
            Ok(None) => {}
            Err(e) => return Err(format!("cannot check that move: {e}")),
        }
    }
    match &found[..] {
        [m] => Ok(m.clone()),
        [] => Err(format!(
            "`{}` is not a move from {}; {HOW}",
            shorten(line),
            shorten(&position.join(" "))
        )),
        _ => Err(format!(
            "several components can become `{to}`: say which, e.g. {}:{to}",
            found[0].mv.component.map_or(1, |i| i + 1)
        )),
    }
}

/// A long text cut for an error line.
fn shorten(text: &str) -> String {
    grundy::error::shorten_quote(text)
}
