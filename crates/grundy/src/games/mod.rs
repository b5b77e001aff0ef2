//! The built-in games, one file per family.
//!
//! Heap games implement [`crate::heap::HeapRules`]; the others implement
//! [`crate::ruleset::Game`], games that are not sums of independent parts
//! (Moore's Nim, staircase Nim, misère Nim) by its hooks for a whole
//! position. Each file also
//! holds the game's [`Entry`] in the registry ([`crate::registry::GAMES`]).

pub mod chomp;
pub mod coins;
pub mod cram;
pub mod cutting;
pub mod ed;
pub mod euclid;
pub mod fib;
pub mod graph_file;
pub mod grid;
pub mod hackenbush;
pub mod lasker;
pub mod moore;
pub mod mult;
pub mod nim;
pub mod node_kayles;
pub mod octal;
pub mod product;
#[cfg(feature = "scripts")]
pub mod rules;
pub mod staircase;
pub mod subtraction;
pub mod welter;
pub mod wythoff;

use crate::entry::{Accepts, Build, Entry, Name};

/// `rules:FILE.rhai`. The entry is here, not in `rules`, because that
/// module exists only with the `scripts` feature while the name is listed
/// in every build (a build without it says so).
pub const RULES: Entry = Entry {
    pattern: "rules:FILE.rhai",
    components: "positions: integers, strings, [lists]",
    about: "your own game: a Rhai script defining fn moves(p) (and optionally fn components(p))",
    example: None,
    name: Name::File {
        head: "rules",
        heaps: true,
    },
    accepts: Accepts::MISERE,
    build: build_rules,
};

#[cfg(feature = "scripts")]
fn build_rules(b: &Build<'_>) -> crate::Result<Box<dyn crate::Ruleset>> {
    let game = rules::RulesGame::compile(b.args, b.text)?;
    Ok(crate::ruleset::boxed(game))
}

#[cfg(not(feature = "scripts"))]
fn build_rules(_: &Build<'_>) -> crate::Result<Box<dyn crate::Ruleset>> {
    Err(crate::Error::unsupported(
        "this build of grundy has no script support (feature `scripts`)",
    ))
}

/// Whether `bytes` are a whole snapshot of some board search's table (the
/// split search's or Chomp's dense table, told apart by their first
/// bytes), for front ends that check a checkpoint before a search starts,
/// when a refusal can still be one line. The formats stay with their
/// games; a front end asks here.
pub fn check_snapshot(bytes: &[u8]) -> crate::Result<()> {
    if bytes.starts_with(crate::solve::diagrams::snapshot::MAGIC) {
        crate::solve::diagrams::snapshot::check(bytes)
    } else {
        crate::solve::split::checkpoint::check(bytes)
    }
}

/// `text` without the byte-order mark some editors start UTF-8 files
/// with: every reader of a file (a game file, a Rhai script) drops it
/// here.
pub(crate) fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// The lines of a game file (a graph, a board, a Hackenbush drawing)
/// that say something, numbered from 1 for errors: a byte-order mark
/// ([`without_bom`]), comments from `comment` on (`#`, or `//` for
/// boards, whose `#` is a blocked square), blank lines and the spaces
/// around a line dropped. Every file reader of lines uses this one, so a
/// file that reads in one game reads in all.
pub(crate) fn content_lines<'a>(
    text: &'a str,
    comment: &'a str,
) -> impl Iterator<Item = (usize, &'a str)> {
    let text = without_bom(text);
    text.lines().enumerate().filter_map(move |(n, raw)| {
        let line = raw
            .split_once(comment)
            .map_or(raw, |(before, _)| before)
            .trim();
        (!line.is_empty()).then_some((n + 1, line))
    })
}

/// The numbers of a comma list such as `1,4,6` (coins' heads, Welter's
/// squares), sorted: `number` reads each item (trimmed) or says what is
/// wrong with it, and the error names the item as `name(k, item)` does
/// (`k` from 1). Every list of numbered things reads and fails alike.
pub(crate) fn number_list(
    text: &str,
    name: impl Fn(usize, &str) -> String,
    number: impl Fn(&str) -> std::result::Result<u64, String>,
) -> crate::Result<Vec<u64>> {
    let mut numbers = text
        .split(',')
        .enumerate()
        .map(|(i, item)| {
            let item = item.trim();
            number(item).map_err(|why| crate::Error::parse(format!("{}: {why}", name(i + 1, item))))
        })
        .collect::<crate::Result<Vec<u64>>>()?;
    numbers.sort_unstable();
    Ok(numbers)
}

/// Limits whose stop flag is already set, for tests that check a long
/// loop notices it.
#[cfg(test)]
pub(crate) fn stopped_limits() -> crate::game::Limits {
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    crate::game::Limits {
        stop: Some(stop),
        ..crate::game::Limits::default()
    }
}

#[cfg(test)]
mod tests {
    use super::cutting::Cutting;
    use super::stopped_limits;
    use super::wythoff::Wythoff;
    use crate::error::Error;
    use crate::game::Limits;

    /// The pair games' value tables read the stop flag while they grow
    /// (Cutting's inside a row: rows 2 and 3 alone are long), and a table
    /// stopped part-way still answers.
    #[test]
    fn value_tables_stop_when_asked() {
        let (c, w) = (Cutting::default(), Wythoff::default());
        let stopped = [
            c.value_of(3, 5000, &stopped_limits()),
            w.value_of(3000, 5, &stopped_limits()),
        ];
        for r in stopped {
            let err = r.unwrap_err();
            assert!(matches!(err, Error::Interrupted(_)), "{err}");
        }
        assert_eq!(c.value_of(3, 2, &Limits::default()).unwrap(), 0);
        assert_eq!(w.value_of(3, 5, &Limits::default()).unwrap(), 0);
    }
}
