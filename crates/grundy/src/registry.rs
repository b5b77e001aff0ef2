//! The one list of games: every game grundy knows is one [`Entry`] in
//! [`GAMES`], written in the game's own file.
//!
//! `spec::parse` finds a name's entry here, `grundy games`, `/api/games`
//! (and so the web page) list the entries, and the tests walk them, so a
//! new game is one file and one line of [`GAMES`].

use crate::error::{Error, Result};
use crate::games::{
    coins, cutting, ed, euclid, fib, graph_file, hackenbush, lasker, moore, mult, nim, octal,
    staircase, subtraction, welter, wythoff,
};
use crate::ruleset::Ruleset;

/// Every game, in the order `grundy games` lists them.
pub static GAMES: &[&Entry] = &[
    &nim::NIM,
    &subtraction::SUB,
    &subtraction::SUB_ALLBUT,
    &fib::FIB,
    &lasker::LASKER,
    &moore::MOORE,
    &staircase::STAIRCASE,
    &wythoff::WYTHOFF,
    &euclid::EUCLID,
    &ed::ED,
    &mult::MULT,
    &hackenbush::HACKENBUSH,
    &coins::TURTLES,
    &coins::MOCK_TURTLES,
    &coins::RULER,
    &coins::TWINS,
    &coins::COINS_ANY,
    &coins::COINS_RUN,
    &cutting::CUTTING,
    &welter::WELTER,
    &graph_file::GRAPH_FILE,
    &crate::games::RULES,
    &octal::CODE,
    &octal::KAYLES,
    &octal::DAWSON_KAYLES,
    &octal::DAWSON_CHESS,
    &octal::OFFICERS,
    &octal::GRUNDY,
];

/// How a game is to be played.
#[derive(Clone, Copy, Debug, Default)]
pub struct SpecOptions {
    /// Misère play: the last player to move loses.
    pub misere: bool,
    /// The ground vertex of graph games (`hackenbush`); `None` means 0.
    pub ground: Option<u64>,
}

/// One game: what the lists show, how its name is recognised, and how it
/// is built.
pub struct Entry {
    /// The name or pattern as `grundy games` prints it: `sub:S`.
    pub pattern: &'static str,
    /// What a component is: `heap sizes`.
    pub components: &'static str,
    /// What the game is, in one line.
    pub about: &'static str,
    /// A concrete game and a small position to start from; `None` for games
    /// read from files, which the web page cannot load.
    pub example: Option<Example>,
    /// How a name is recognised as this game.
    pub name: Name,
    /// The options the game takes beyond its name.
    pub accepts: Accepts,
    /// The game itself, from a name recognised by [`Entry::name`] and
    /// options that [`Entry::accepts`] allows.
    pub build: fn(&Build<'_>) -> Result<Box<dyn Ruleset>>,
}

impl Entry {
    /// The entry of a game named by one word, which is also its pattern and
    /// its example's name, with the example's `position`; its line about
    /// the game follows with [`Entry::about`], so that the short texts fit
    /// on the entry's first line.
    pub const fn plain(
        name: &'static str,
        components: &'static str,
        position: &'static str,
        build: fn(&Build<'_>) -> Result<Box<dyn Ruleset>>,
    ) -> Entry {
        Entry {
            pattern: name,
            components,
            about: "",
            example: Some(Example {
                game: name,
                position,
            }),
            name: Name::Plain(name),
            accepts: Accepts::NONE,
            build,
        }
    }

    /// The entry of a game named `HEAD:ARGS`; its example also shows how
    /// arguments are written when a name lacks them.
    pub const fn with_args(
        head: &'static str,
        pattern: &'static str,
        components: &'static str,
        about: &'static str,
        example: Example,
        build: fn(&Build<'_>) -> Result<Box<dyn Ruleset>>,
    ) -> Entry {
        Entry {
            pattern,
            components,
            about,
            example: Some(example),
            name: Name::Args { head },
            accepts: Accepts::NONE,
            build,
        }
    }

    /// This entry with `about` as its line about the game.
    pub const fn about(mut self, about: &'static str) -> Entry {
        self.about = about;
        self
    }

    /// This entry, accepting the options `accepts`.
    pub const fn accepting(mut self, accepts: Accepts) -> Entry {
        self.accepts = accepts;
        self
    }

    /// Whether the example's name, up to its last `:`, starts `name`:
    /// `coins:run:2,3` is spelled like `coins:run:1,2`.
    fn spells(&self, name: &str) -> bool {
        self.example
            .and_then(|ex| ex.game.rsplit_once(':'))
            .is_some_and(|(prefix, _)| name.starts_with(&format!("{prefix}:")))
    }
}

/// A concrete game and position, what the web page fills in when a game is
/// chosen and what the registry's tests play.
#[derive(Clone, Copy, Debug)]
pub struct Example {
    /// A name that [`crate::spec::parse`] accepts: `sub:1,3,4`.
    pub game: &'static str,
    /// The components, separated by `;`: `1;2;3`.
    pub position: &'static str,
}

/// How a game name is recognised. A name is `HEAD` or `HEAD:ARGS`.
#[derive(Clone, Copy, Debug)]
pub enum Name {
    /// Exactly this head, with no arguments: `nim`.
    Plain(&'static str),
    /// This head with arguments; without them, the error quotes the
    /// entry's example (see [`Entry::with_args`]).
    Args {
        /// The text before the first `:`.
        head: &'static str,
    },
    /// This head with the path of a file the game is read from
    /// (`graph:g.txt`); only [`crate::spec::parse_with`] can read it.
    File {
        /// The text before the first `:`.
        head: &'static str,
    },
    /// A take-and-break code written as digits: `0.77`, `4!.0`.
    Code,
}

impl Name {
    /// Whether a name with this head (and arguments or not) is this game.
    fn fits(&self, head: &str, args: Option<&str>) -> bool {
        match *self {
            Name::Plain(h) | Name::Args { head: h } | Name::File { head: h } => h == head,
            Name::Code => args.is_none() && looks_like_code(head),
        }
    }
}

/// A head written like a take-and-break code (`0.77`, `.07`, `4!.0`), not
/// like a game's name.
fn looks_like_code(head: &str) -> bool {
    head.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        || (head.contains('.')
            && head
                .chars()
                .all(|c| c.is_ascii_hexdigit() || c == '.' || c == '!'))
}

/// The options a game takes beyond its name; the others are refused.
#[derive(Clone, Copy, Debug)]
pub struct Accepts {
    /// `--misere`: the game has a misère analysis.
    pub misere: bool,
    /// `--ground V`: the game has a ground vertex.
    pub ground: bool,
}

impl Accepts {
    /// Neither option: most games.
    pub const NONE: Accepts = Accepts {
        misere: false,
        ground: false,
    };

    /// `--misere` only.
    pub const MISERE: Accepts = Accepts {
        misere: true,
        ..Accepts::NONE
    };

    /// `--ground V` only.
    pub const GROUND: Accepts = Accepts {
        ground: true,
        ..Accepts::NONE
    };
}

/// What an entry's `build` is given: the name taken apart, the options,
/// and for games read from a file, the file's text.
#[derive(Clone, Copy, Debug)]
pub struct Build<'a> {
    /// The text before the first `:` (the whole name if there is none).
    pub head: &'a str,
    /// The text after the first `:`, empty if there is none; for games
    /// read from a file, the file's path.
    pub args: &'a str,
    /// The options, already checked against [`Entry::accepts`].
    pub options: SpecOptions,
    /// The text of the file the name refers to; empty for other games.
    pub text: &'a str,
}

/// The entry a name (already trimmed) is recognised as, if any.
pub fn find(name: &str) -> Option<&'static Entry> {
    let (head, args) = match name.split_once(':') {
        Some((h, a)) => (h, Some(a)),
        None => (name, None),
    };
    // Several entries may share a head (`coins:any:S`, `coins:run:S`):
    // the one whose example starts like the name is the one meant.
    let fitting: Vec<&'static Entry> = GAMES
        .iter()
        .copied()
        .filter(|e| e.name.fits(head, args))
        .collect();
    let specific = fitting.iter().find(|e| e.spells(name));
    specific.or(fitting.first()).copied()
}

/// The patterns of the games that accept an option, for the messages that
/// refuse it elsewhere: `nim`.
pub(crate) fn accepting(option: fn(&Accepts) -> bool) -> String {
    patterns(GAMES.iter().filter(|e| option(&e.accepts)))
}

/// Every pattern, for the message about an unknown name.
pub(crate) fn all_patterns() -> String {
    patterns(GAMES.iter())
}

fn patterns<'a>(entries: impl Iterator<Item = &'a &'static Entry>) -> String {
    entries.map(|e| e.pattern).collect::<Vec<_>>().join(", ")
}

/// Puts a file's path in front of errors about its contents:
/// `g.txt: line 3: ...`.
pub(crate) fn in_file(path: &str) -> impl Fn(Error) -> Error + '_ {
    move |e| match e {
        Error::Parse(m) => Error::Parse(format!("{path}: {m}")),
        Error::Unsupported(m) => Error::Unsupported(format!("{path}: {m}")),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_is_found_as_its_own_entry() {
        for entry in GAMES {
            if let Some(ex) = entry.example {
                let found = find(ex.game).unwrap_or_else(|| panic!("{}", ex.game));
                assert!(
                    std::ptr::eq(found, *entry),
                    "{} found as {}",
                    ex.game,
                    found.pattern
                );
            }
        }
    }

    #[test]
    fn every_pattern_is_listed_once_and_only_files_lack_examples() {
        let mut seen: Vec<&str> = GAMES.iter().map(|e| e.pattern).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), GAMES.len());
        let without: Vec<&str> = GAMES
            .iter()
            .filter(|e| e.example.is_none())
            .map(|e| e.pattern)
            .collect();
        assert_eq!(without, ["graph:FILE", "rules:FILE.rhai"]);
        for entry in GAMES.iter().filter(|e| e.example.is_none()) {
            assert!(matches!(entry.name, Name::File { .. }), "{}", entry.pattern);
        }
    }

    /// `Entry::plain` leaves the line about the game to `Entry::about`:
    /// an entry that forgot it would list an empty line.
    #[test]
    fn every_entry_says_what_it_is() {
        for entry in GAMES {
            assert!(!entry.about.is_empty(), "{} has no about", entry.pattern);
            assert!(!entry.components.is_empty(), "{}", entry.pattern);
        }
        assert_eq!(
            find("nim").unwrap().about,
            "Nim: take any number from one heap (also misère play)"
        );
        assert!(find("nim").unwrap().accepts.misere);
        assert!(find("hackenbush").unwrap().accepts.ground);
        assert!(!find("ed").unwrap().accepts.misere);
    }

    #[test]
    fn names_sharing_a_head_go_to_the_entry_they_spell() {
        assert_eq!(find("coins:run:2,3").unwrap().pattern, "coins:run:S");
        assert_eq!(find("coins:any:2,3").unwrap().pattern, "coins:any:S");
        // An unknown kind goes to the first, whose build says what is allowed.
        assert_eq!(find("coins:left:2").unwrap().pattern, "coins:any:S");
        assert_eq!(find("0.77").unwrap().pattern, "0.77, 4.07, 0.F7, ...");
        assert!(find("0.77:3").is_none());
        assert!(find("chess").is_none());
    }
}
