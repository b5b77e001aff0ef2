//! Positions whose components may be files (`grundy value cram
//! board.txt`, a Hackenbush `FILE~u-v`): one reading for every front end
//! that reaches files (the command line, Python), so that the same
//! question gets the same answer. The engine does no I/O: a front end
//! passes in how it tells a file and reads one ([`FileAccess`]).

use super::typed::read_sums;
use super::Ruleset;
use crate::answer::Analysis;
use crate::error::{shorten_quote, Error, Result};
use crate::game::Limits;

/// How a front end reaches files: whether a path names one, and its text
/// (read within the front end's bounds, refused in one line otherwise).
pub struct FileAccess<'a> {
    /// Whether `path` names a file.
    pub is_file: &'a dyn Fn(&str) -> bool,
    /// The text of the file `path`.
    pub read: &'a dyn Fn(&str) -> Result<String>,
}

/// A component naming a file: the path, and the text its name adds to
/// the file's (Hackenbush's `FILE~u-v` adds a cut line); `None` when the
/// component names no file.
pub type FileRef<'a> = Option<(&'a str, String)>;

/// A front end's answer to whether a path names a file.
pub type IsFile<'a> = &'a dyn Fn(&str) -> bool;

/// A position as typed, with its file components read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FilePosition {
    /// Each component's text: a file's text (with the cut lines its name
    /// adds), or the typed text, a typed sum (`4+6`) split into its parts.
    pub texts: Vec<String>,
    /// For each of `texts`, the name it was typed as when it is a file.
    pub files: Vec<Option<String>>,
    /// Components that read well but are probably not what was meant (a
    /// Hackenbush graph that never touches its ground), one line each.
    pub warnings: Vec<String>,
}

/// The position `components` of `game` as typed: each component naming a
/// file, the way the game says components name files (Hackenbush's
/// `FILE~u-v~x-y` is the file's text with cut lines added), is read, and
/// its name kept for reports; the others are read as typed sums. A game
/// that takes no files reads every component as typed.
pub fn read_position(
    game: &dyn Ruleset,
    components: &[String],
    access: &FileAccess<'_>,
) -> Result<FilePosition> {
    let mut p = FilePosition {
        texts: Vec::with_capacity(components.len()),
        files: Vec::with_capacity(components.len()),
        warnings: Vec::new(),
    };
    if !game.reads_files() {
        p.texts = read_sums(game, components);
        p.files = vec![None; p.texts.len()];
        return Ok(p);
    }
    for c in components {
        let Some((path, cuts)) = game.file_reference(c, access.is_file)? else {
            let parts = read_sums(game, std::slice::from_ref(c));
            p.files.extend(parts.iter().map(|_| None));
            p.texts.extend(parts);
            continue;
        };
        let mut text = (access.read)(path)?;
        if !cuts.is_empty() {
            text.push('\n');
            text.push_str(&cuts);
        }
        p.texts.push(text);
        p.files.push(Some(c.clone()));
    }
    p.warnings = game.file_warnings(&p);
    Ok(p)
}

/// The position with its files turned into inline texts, for front ends
/// that pass positions around as texts (play, pictures, drawings).
pub fn inline_position(game: &dyn Ruleset, position: &FilePosition) -> Result<Vec<String>> {
    if !game.reads_files() {
        return Ok(position.texts.clone());
    }
    position
        .texts
        .iter()
        .zip(&position.files)
        .map(|(t, f)| match f {
            Some(path) => game.component_from_file(t, path),
            // A text the game cannot read that looks like a path says
            // that no file has that name, as the analysis does.
            None => (game.canonical(t).map(|_| t.clone())).map_err(|e| not_a_file(t, e)),
        })
        .collect()
}

/// The analysis of a position read by [`read_position`]: reports name a
/// file by its path instead of repeating its text, and a file's errors
/// start with its path. The answer is checked as every answer is
/// ([`Analysis::checked`]).
pub fn analyze_position(
    game: &dyn Ruleset,
    position: &FilePosition,
    limits: &Limits,
) -> Result<Analysis> {
    if !game.reads_files() {
        return game.analyze(&position.texts, limits);
    }
    let a = game.analyze_files(position, limits)?;
    // In normal play an N-position always has a move; a misère one may be
    // N for having none, which is not looked up here.
    let normal = !a.misere;
    a.checked(limits.max_moves, || Ok(normal))
}

/// What a game's own error says of a text it took for a missing file
/// (Hackenbush's `FILE~u-v`): [`not_a_file`] adds nothing to such an
/// error.
pub(crate) const NAMES_NO_FILE: &str = "names no file grundy could read";

/// `e`, saying that no file has the name `text` when it looks like a
/// path (a dot or a slash and letters no board has): a mistyped file name
/// is the likelier mistake. An error that says so already is kept.
pub(crate) fn not_a_file(text: &str, e: Error) -> Error {
    if e.to_string().contains(NAMES_NO_FILE) {
        return e;
    }
    let path_like = text.contains(['.', '/'])
        && text
            .chars()
            .any(|c| c.is_alphabetic() && !matches!(c, 'x' | 'X'));
    if path_like {
        Error::parse(format!(
            "{e} (and no file is named `{}`)",
            shorten_quote(text)
        ))
    } else {
        e
    }
}
