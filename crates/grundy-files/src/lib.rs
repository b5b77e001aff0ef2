//! Game names that refer to files (`graph:FILE`, `rules:FILE.rhai`) and
//! components that are files (boards, Hackenbush graphs): the engine does
//! no I/O, so the front ends that reach files (the command line and the
//! Python package) read them here, one way for both, within bounds, since
//! a path may name `/dev/zero` or a binary as easily as a game.

#![warn(missing_docs)]

pub mod memory;
mod read;

pub use read::{read_file_within, read_text, MAX_FILE};
use std::path::Path;

use grundy::ruleset::{
    analyze_position, inline_position, read_position, read_sums, FileAccess, FilePosition,
};
use grundy::{Analysis, Error, Limits, Ruleset, SpecOptions};

/// The ruleset named `name`, reading any file the name refers to. Errors
/// name the file: `g.txt: cannot read: ...`, `g.txt: line 3: ...`.
pub fn parse_game(name: &str, opts: SpecOptions) -> grundy::Result<Box<dyn Ruleset>> {
    grundy::parse_with(name, opts, &|path: &str| {
        read_text(path).map_err(Error::parse)
    })
}

/// The game named `name` for a question about heaps (`seq`, `seq
/// --misere`, `quotient`), in normal play. A `graph:FILE` game is never a heap game,
/// whatever its file holds, and the file may be hundreds of megabytes: it
/// is built on a stand-in graph of one vertex instead, so that the
/// question is refused in the engine's words (which name the game, not
/// the file's contents) before the file is read. Other games are read as
/// [`parse_game`] reads them.
pub fn parse_heap_game(name: &str) -> grundy::Result<Box<dyn Ruleset>> {
    let pattern = grundy::games::graph_file::GRAPH_FILE.pattern;
    if grundy::registry::find(name.trim()).is_some_and(|e| e.pattern == pattern) {
        let stand_in = |_: &str| Ok("v v\n".to_string());
        match grundy::parse_with(name, SpecOptions::default(), &stand_in) {
            // No heap game on the stand-in, so none on the file either.
            Ok(game) if game.heap().is_none() => return Ok(game),
            _ => {}
        }
    }
    parse_game(name, SpecOptions::default())
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
