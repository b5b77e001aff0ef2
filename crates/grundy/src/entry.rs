//! What one game is to the rest of grundy: an [`Entry`] says how the
//! game is listed (pattern, components, one line, an example), how its
//! name is recognised, which options it takes, and how it is built.
//!
//! Every game file writes its own entry; [`crate::registry::GAMES`]
//! lists them. The type lives below both, so that the games and the list
//! do not import each other.

use crate::error::{Error, Result};
use crate::ruleset::{boxed, Game, Ruleset};

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
    /// The entry of a game built as its default value, named by one
    /// word, as [`Entry::plain`]: most games need nothing more to be
    /// built.
    pub const fn of<G: Game + Default + 'static>(
        name: &'static str,
        components: &'static str,
        position: &'static str,
    ) -> Entry {
        Entry::plain(name, components, position, build_default::<G>)
    }

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
            accepts: Accepts::MISERE,
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
            accepts: Accepts::MISERE,
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
    pub(crate) fn spells(&self, name: &str) -> bool {
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
        /// Whether the game a file holds may be played on heaps (a script
        /// may be; a graph never is), so that a question only heap games
        /// answer is refused before a file that cannot answer it is read.
        heaps: bool,
    },
    /// A take-and-break code written as digits: `0.77`, `4!.0`.
    Code,
}

impl Name {
    /// Whether a name with this head (and arguments or not) is this game.
    pub(crate) fn fits(&self, head: &str, args: Option<&str>) -> bool {
        match *self {
            Name::Plain(h) | Name::Args { head: h } | Name::File { head: h, .. } => h == head,
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
    /// `--misere`: the game has a misère analysis (every finite game
    /// does, by search; the default of [`Entry::plain`] and
    /// [`Entry::with_args`]).
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

    /// Both: games on graphs with a ground that also play misère.
    pub const MISERE_AND_GROUND: Accepts = Accepts {
        misere: true,
        ground: true,
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

/// Puts a file's path in front of errors about its contents:
/// `g.txt: line 3: ...`.
pub(crate) fn in_file(path: &str) -> impl Fn(Error) -> Error + '_ {
    move |e| match e {
        Error::Parse(m) => Error::Parse(format!("{path}: {m}")),
        Error::Unsupported(m) => Error::Unsupported(format!("{path}: {m}")),
        other => other,
    }
}

/// A game built as its default value ([`Entry::of`]).
fn build_default<G: Game + Default + 'static>(_: &Build<'_>) -> Result<Box<dyn Ruleset>> {
    Ok(boxed(G::default()))
}
