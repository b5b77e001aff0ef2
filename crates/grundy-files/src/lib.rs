//! Game names that refer to files (`graph:FILE`, `rules:FILE.rhai`) and
//! components that are files (boards, Hackenbush graphs): the engine does
//! no I/O, so the front ends that reach files (the command line and the
//! Python package) read them here, one way for both, within bounds, since
//! a path may name `/dev/zero` or a binary as easily as a game.

#![warn(missing_docs)]

pub mod memory;
use std::io::{ErrorKind, Read};
use std::path::Path;

use grundy::error::bytes_text;
use grundy::ruleset::{
    analyze_position, inline_position, read_position, read_sums, FileAccess, FilePosition,
};
use grundy::{Analysis, Error, Limits, Ruleset, SpecOptions};

/// The largest game file grundy reads: about twice the largest graph the
/// README measures (a 140 MB file of ten million edges).
pub const MAX_FILE: usize = 256 << 20;

/// The ruleset named `name`, reading any file the name refers to. Errors
/// name the file: `g.txt: cannot read: ...`, `g.txt: line 3: ...`.
pub fn parse_game(name: &str, opts: SpecOptions) -> grundy::Result<Box<dyn Ruleset>> {
    grundy::parse_with(name, opts, &|path: &str| {
        read_text(path).map_err(Error::parse)
    })
}

/// The game named `name` for a question about heaps (`seq`, `quotient`,
/// `table`), in normal play. A `graph:FILE` game is never a heap game,
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

/// The text of the file at `path`, refused in one line (naming the file)
/// when it cannot be read, is larger than [`MAX_FILE`], or is not text:
/// NUL bytes or bytes that are not UTF-8 stop the reading at once.
pub fn read_text(path: &str) -> Result<String, String> {
    read_bounded(path, MAX_FILE)
}

fn read_bounded(path: &str, max: usize) -> Result<String, String> {
    let cannot = |e: std::io::Error| format!("{path}: cannot read: {e}");
    let mut file = std::fs::File::open(path).map_err(cannot)?;
    let mut bytes = Vec::new();
    let mut chunk = vec![0u8; 1 << 16];
    // `bytes[..valid]` is known to be UTF-8.
    let mut valid = 0;
    loop {
        let n = match file.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(cannot(e)),
        };
        if bytes.len() + n > max {
            return Err(format!(
                "{path}: larger than {}, the most grundy reads from a game file",
                bytes_text(max as u64)
            ));
        }
        if chunk[..n].contains(&0) {
            return Err(format!(
                "{path}: not a text file (it holds NUL bytes); game files are UTF-8 text"
            ));
        }
        bytes.extend_from_slice(&chunk[..n]);
        match std::str::from_utf8(&bytes[valid..]) {
            Ok(_) => valid = bytes.len(),
            // A character cut at the end of the chunk: the next completes it.
            Err(e) if e.error_len().is_none() => valid += e.valid_up_to(),
            Err(e) => return Err(not_utf8(path, &bytes[..valid + e.valid_up_to()])),
        }
    }
    String::from_utf8(bytes)
        .map_err(|e| not_utf8(path, &e.as_bytes()[..e.utf8_error().valid_up_to()]))
}

/// The error for a file that stops being UTF-8 after `good`.
fn not_utf8(path: &str, good: &[u8]) -> String {
    let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
    format!("{path}: line {line}: not UTF-8 text; game files are UTF-8 text")
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

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str, bytes: &[u8]) -> String {
        let dir = std::env::temp_dir().join(format!("grundy-load-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path.to_str().unwrap().to_string()
    }

    #[test]
    fn text_is_read_whole() {
        let text = "0 1\n# é, ü and ∞ across chunks\n".repeat(20_000);
        let path = scratch("ok.txt", text.as_bytes());
        assert_eq!(read_text(&path).unwrap(), text);
    }

    #[test]
    fn binary_and_oversized_files_are_refused() {
        let nul = scratch("nul.bin", b"0 1\n\0\0");
        assert!(read_text(&nul).unwrap_err().contains("NUL bytes"));
        let latin1 = scratch("latin1.txt", b"0 1\n1 2\n\xe9t\xe9\n");
        let err = read_text(&latin1).unwrap_err();
        assert!(
            err.ends_with("latin1.txt: line 3: not UTF-8 text; game files are UTF-8 text"),
            "{err}"
        );
        let big = scratch("big.txt", &[b'#'; 5000]);
        let err = read_bounded(&big, 4096).unwrap_err();
        assert!(err.contains("big.txt: larger than 4 KiB"), "{err}");
    }

    #[test]
    fn devices_that_never_end_are_refused_at_once() {
        let err = read_text("/dev/zero").unwrap_err();
        assert_eq!(
            err,
            "/dev/zero: not a text file (it holds NUL bytes); game files are UTF-8 text"
        );
        let err = read_text("/dev/urandom").unwrap_err();
        assert!(err.starts_with("/dev/urandom: "), "{err}");
    }
}
