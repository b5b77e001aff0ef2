//! Game names that refer to files (`graph:FILE`, `rules:FILE.rhai`) and
//! components that are files (boards, Hackenbush graphs): the engine does
//! no I/O, so the front ends that reach files (the command line and the
//! Python package) read them here, one way for both, within bounds, since
//! a path may name `/dev/zero` or a binary as easily as a game.

#![warn(missing_docs)]

pub mod memory;
mod read;

pub use read::{
    read_file_within, read_text, stop_waits_on_this_thread_with, stop_waits_with, MAX_FILE,
};
use std::path::Path;

use grundy::registry::Name;
use grundy::ruleset::{
    analyze_position, heap_moves, inline_position, read_position, read_sums, FileAccess,
    FilePosition, HeapQuestion,
};
use grundy::{Analysis, Error, Limits, Ruleset, SpecOptions};

/// The ruleset named `name`, reading any file the name refers to. Errors
/// name the file: `g.txt: cannot read: ...`, `g.txt: line 3: ...`.
pub fn parse_game(name: &str, opts: SpecOptions) -> grundy::Result<Box<dyn Ruleset>> {
    grundy::parse_with(name, opts, &|path: &str| {
        read_text(path).map_err(Error::parse)
    })
}

/// The game named `name`, in normal play, for a `question` only heap
/// games answer (`seq`, `seq --misere`, `quotient`), or the question's
/// refusal ([`HeapQuestion::refusal`]). A game read from a file that is
/// never played on heaps (`graph:FILE`, as its registry entry says) is
/// refused before the file is read: it may be hundreds of megabytes.
/// Other games are read as [`parse_game`] reads them, and asked.
pub fn parse_heap_game(name: &str, question: HeapQuestion) -> grundy::Result<Box<dyn Ruleset>> {
    let trimmed = name.trim();
    if let (Some(entry), Some((head, path))) =
        (grundy::registry::find(trimmed), trimmed.split_once(':'))
    {
        let never = matches!(entry.name, Name::File { heaps: false, .. });
        if never && !path.trim().is_empty() {
            return Err(question.refusal(&format!("{head}:{}", path.trim())));
        }
    }
    let game = parse_game(name, SpecOptions::default())?;
    heap_moves(&*game, question)?;
    Ok(game)
}

/// Files as the engine reaches them: a path names a file when it is
/// one, read by [`read_text`].
fn with_access<T>(work: impl FnOnce(&FileAccess<'_>) -> T) -> T {
    let is_file = |p: &str| Path::new(p).is_file();
    let read = |p: &str| read_text(p).map_err(Error::parse);
    work(&FileAccess {
        is_file: &is_file,
        read: &read,
    })
}

/// The position `components` of `game`, its file components read
/// ([`grundy::ruleset::read_position`]).
pub fn position(game: &dyn Ruleset, components: &[String]) -> grundy::Result<FilePosition> {
    with_access(|access| read_position(game, components, access))
}

/// The position `components` of `game` as component texts, files read
/// and written inline (a typed sum such as `4+6` split into its parts in
/// games that read no files), with the warnings of reading them: what the
/// commands on one position (`draw`, `graph`) start from, in the command
/// line and in Python alike.
pub fn inline(
    game: &dyn Ruleset,
    components: &[String],
) -> grundy::Result<(Vec<String>, Vec<String>)> {
    if !game.reads_files() {
        return Ok((read_sums(game, components), Vec::new()));
    }
    let p = position(game, components)?;
    Ok((inline_position(game, &p)?, p.warnings))
}

/// The analysis of `components` of `game`, file components read: what
/// `grundy value --json` prints and Python's `grundy.value` returns.
pub fn analyze(
    game: &dyn Ruleset,
    components: &[String],
    limits: &Limits,
) -> grundy::Result<(Analysis, Vec<String>)> {
    let p = position(game, components)?;
    Ok((analyze_position(game, &p, limits)?, p.warnings))
}
