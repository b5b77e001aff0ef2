//! Game names: from `sub:1,3,4` to a ready [`Ruleset`].
//!
//! Names are a public interface (the CLI, scripts and the web page use
//! them), so the grammar only ever grows: `NAME` or `NAME:ARGS`.

use crate::error::{Error, Result};
use crate::games::coins::CoinGame;
use crate::games::cutting::Cutting;
use crate::games::digraph::GraphGame;
use crate::games::hackenbush::Hackenbush;
use crate::games::{
    ed::Ed, euclid::Euclid, fib::Fibonacci, lasker::Lasker, moore::Moore, mult::Mult,
    nim::MisereNim, nim::Nim, staircase::Staircase, subtraction, wythoff::Wythoff,
};
use crate::heap::{Code, HeapGame};
use crate::ruleset::{boxed, parse_count, Ruleset};

/// How a game is to be played.
#[derive(Clone, Copy, Debug, Default)]
pub struct SpecOptions {
    /// Misère play: the last player to move loses.
    pub misere: bool,
    /// The ground vertex of graph games (`hackenbush`); `None` means 0.
    pub ground: Option<u64>,
}

/// One line per known game: the name pattern, its components, and what it
/// is. Shown by `grundy games` and offered by the web page.
pub const KNOWN_GAMES: &[(&str, &str, &str)] = &[
    (
        "nim",
        "heap sizes",
        "Nim: take any number from one heap (also misère play)",
    ),
    (
        "sub:S",
        "heap sizes",
        "subtraction game: take an amount in the set S, e.g. sub:1,3,4",
    ),
    (
        "sub-allbut:S",
        "heap sizes",
        "take any positive amount except those in S",
    ),
    (
        "fib",
        "heap sizes",
        "take a Fibonacci number 1,2,3,5,8,... (HDU 1848)",
    ),
    (
        "lasker",
        "heap sizes",
        "Lasker's Nim: take from a heap or split it in two",
    ),
    (
        "moore:K",
        "heap sizes",
        "Moore's Nim_k: take from 1 to K heaps at once",
    ),
    (
        "staircase",
        "coins on steps 1,2,3,...",
        "staircase Nim: move coins down one step",
    ),
    (
        "wythoff",
        "pairs a,b",
        "Wythoff: take from one pile or the same from both",
    ),
    (
        "euclid",
        "pairs a,b",
        "Euclid's game: subtract a multiple of the smaller (Luogu P1290)",
    ),
    (
        "ed",
        "pairs x,y",
        "E&D: drop one pile, split the other (Luogu P2148)",
    ),
    (
        "mult",
        "targets n",
        "multiplication game: reach a product >= n (POJ 2505)",
    ),
    (
        "hackenbush",
        "graph files or inline graphs 0-1,1-2",
        "Green Hackenbush: cut an edge; what loses the ground goes (--ground V)",
    ),
    (
        "turtles",
        "coin strings THHTH or heads 2,3,5",
        "Turning Turtles: turn one or two coins, the rightmost heads to tails",
    ),
    (
        "mock-turtles",
        "coin strings or heads",
        "Mock Turtles: turn one, two or three coins",
    ),
    (
        "ruler",
        "coin strings or heads",
        "Ruler: turn a run of consecutive coins ending at a head",
    ),
    (
        "twins",
        "coin strings or heads",
        "Twins: turn exactly two coins",
    ),
    (
        "coins:any:S",
        "coin strings or heads",
        "turn a head and k-1 coins left of it, k in S (any:1,2 is turtles)",
    ),
    (
        "coins:run:S",
        "coin strings or heads",
        "turn a run of length in S ending at a head",
    ),
    (
        "cutting",
        "pieces WxH",
        "Cutting Game: cut a piece in two; cutting out a 1x1 wins (POJ 2311)",
    ),
    (
        "graph:FILE",
        "vertex names",
        "a token on a vertex of a directed graph file slides along an edge; cycles allowed (draws)",
    ),
    (
        "rules:FILE.rhai",
        "positions: integers, strings, [lists]",
        "your own game: a Rhai script defining fn moves(p) (and optionally fn components(p))",
    ),
    (
        "0.77, 4.07, 0.F7, ...",
        "heap sizes",
        "any octal or hexadecimal take-and-break code",
    ),
    (
        "kayles",
        "heap sizes",
        "Kayles, 0.77: knock down one pin or two adjacent ones",
    ),
    ("dawson-kayles", "heap sizes", "Dawson's Kayles, 0.07"),
    ("dawson-chess", "heap sizes", "Dawson's Chess, 0.137"),
    ("officers", "heap sizes", "Officers, 0.6"),
    (
        "grundy",
        "heap sizes",
        "Grundy's game, 4!.0: split a heap into two unequal heaps",
    ),
];

/// Game names whose argument is the path of a file the game is read from
/// (`graph:FILE`). Only [`parse_with`] can build them.
pub const FILE_GAMES: &[&str] = &["graph", "rules"];

/// How a front end reads the file that a game name refers to: given the
/// path, the file's text, or an error that names the path. The engine
/// does no I/O; the CLI reads from disk, and a front end that must not
/// touch files passes [`no_files`].
pub type LoadFile<'a> = dyn Fn(&str) -> Result<String> + 'a;

/// The [`LoadFile`] of front ends that read no files: it refuses, saying
/// why.
pub fn no_files(path: &str) -> Result<String> {
    Err(Error::unsupported(format!(
        "`{path}` is a file, and only the command line reads files"
    )))
}

/// [`parse`], and also game names that refer to a file (see
/// [`FILE_GAMES`]), whose text `load` supplies. Errors about the file's
/// contents start with its path: `g.txt: line 3: ...`.
pub fn parse_with(name: &str, opts: SpecOptions, load: &LoadFile<'_>) -> Result<Box<dyn Ruleset>> {
    let trimmed = name.trim();
    let (head, path) = match trimmed.split_once(':') {
        Some((h, p)) if FILE_GAMES.contains(&h) => (h, p.trim()),
        _ => return parse(name, opts),
    };
    if opts.misere {
        return Err(Error::unsupported(format!(
            "`{trimmed}` has no misère analysis; --misere works with nim"
        )));
    }
    if opts.ground.is_some() {
        return Err(Error::unsupported(format!(
            "`{trimmed}` has no ground vertex; --ground works with hackenbush"
        )));
    }
    if path.is_empty() {
        return Err(Error::parse(format!(
            "`{head}` needs a file, as in `{head}:g.txt`"
        )));
    }
    let text = load(path)?;
    let in_file = |e: Error| match e {
        Error::Parse(m) => Error::Parse(format!("{path}: {m}")),
        Error::Unsupported(m) => Error::Unsupported(format!("{path}: {m}")),
        other => other,
    };
    match head {
        "graph" => Ok(boxed(GraphGame::parse(path, &text).map_err(in_file)?)),
        #[cfg(feature = "scripts")]
        "rules" => Ok(boxed(crate::games::rules::RulesGame::compile(path, &text)?)),
        #[cfg(not(feature = "scripts"))]
        "rules" => Err(Error::unsupported(
            "this build of grundy has no script support (feature `scripts`)",
        )),
        _ => unreachable!("every name in FILE_GAMES is handled"),
    }
}

/// The ruleset named by `name`. Names that refer to files (`graph:FILE`)
/// need [`parse_with`], which is given a way to read them.
pub fn parse(name: &str, opts: SpecOptions) -> Result<Box<dyn Ruleset>> {
    let name = name.trim();
    let (head, args) = match name.split_once(':') {
        Some((h, a)) => (h, Some(a)),
        None => (name, None),
    };
    let no_args = |game: Box<dyn Ruleset>| -> Result<Box<dyn Ruleset>> {
        match args {
            None => Ok(game),
            Some(_) => Err(Error::parse(format!(
                "`{head}` takes no arguments, got `{name}`"
            ))),
        }
    };
    let needs_args = |example: &str| -> Result<&str> {
        args.ok_or_else(|| Error::parse(format!("`{head}` needs arguments, as in `{example}`")))
    };
    if opts.misere && head != "nim" {
        return Err(Error::unsupported(format!(
            "`{name}` has no misère analysis; --misere works with nim"
        )));
    }
    if opts.ground.is_some() && head != "hackenbush" {
        return Err(Error::unsupported(format!(
            "`{name}` has no ground vertex; --ground works with hackenbush"
        )));
    }
    let looks_like_code = head.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        || (head.contains('.')
            && head
                .chars()
                .all(|c| c.is_ascii_hexdigit() || c == '.' || c == '!'));
    if looks_like_code && args.is_none() {
        return Ok(boxed(HeapGame::new(Code::parse(head)?)));
    }
    if let Some(code) = Code::named(head) {
        return no_args(boxed(HeapGame::new(code)));
    }
    match head {
        "nim" if opts.misere => no_args(boxed(MisereNim)),
        "nim" => no_args(boxed(HeapGame::new(Nim))),
        "sub" => {
            let set = subtraction::parse_set(needs_args("sub:1,3,4")?, "sub")?;
            Ok(boxed(HeapGame::new(subtraction::Subtraction::new(set))))
        }
        "sub-allbut" => {
            let set = subtraction::parse_set(needs_args("sub-allbut:2")?, "sub-allbut")?;
            Ok(boxed(HeapGame::new(subtraction::AllBut::new(set))))
        }
        "fib" => no_args(boxed(HeapGame::new(Fibonacci::default()))),
        "lasker" => no_args(boxed(HeapGame::new(Lasker))),
        "moore" => {
            let k = parse_count(needs_args("moore:2")?, "K in moore:K", u32::MAX as u64)?;
            Ok(boxed(Moore::new(k)?))
        }
        "staircase" => no_args(boxed(Staircase)),
        "wythoff" => no_args(boxed(Wythoff::default())),
        "euclid" => no_args(boxed(Euclid)),
        "ed" => no_args(boxed(Ed)),
        "mult" => no_args(boxed(Mult::default())),
        "hackenbush" => no_args(boxed(Hackenbush::new(opts.ground.unwrap_or(0)))),
        "turtles" => no_args(boxed(CoinGame::turtles())),
        "mock-turtles" => no_args(boxed(CoinGame::mock_turtles())),
        "ruler" => no_args(boxed(CoinGame::ruler())),
        "twins" => no_args(boxed(CoinGame::twins())),
        "coins" => Ok(boxed(CoinGame::from_args(needs_args("coins:any:1,2")?)?)),
        "cutting" => no_args(boxed(Cutting::default())),
        "graph" | "rules" => match needs_args("graph:g.txt")?.trim() {
            "" => Err(Error::parse(format!(
                "`{head}` needs a file, as in `{head}:FILE`"
            ))),
            _ => Err(Error::unsupported(format!(
                "`{name}` is read from a file, and only the command line reads files"
            ))),
        },
        "" => Err(Error::parse("the game name is empty; try `grundy games`")),
        _ => Err(Error::parse(format!(
            "unknown game `{name}`; known games: {}",
            KNOWN_GAMES
                .iter()
                .map(|g| g.0)
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name_of(s: &str) -> String {
        parse(s, SpecOptions::default()).unwrap().name()
    }

    #[test]
    fn names_are_canonical() {
        assert_eq!(name_of("sub:4,1,3,3"), "sub:1,3,4");
        assert_eq!(name_of(" nim "), "nim");
        assert_eq!(name_of("moore:2"), "moore:2");
        assert_eq!(name_of("sub-allbut:2"), "sub-allbut:2");
        assert_eq!(name_of("04.30"), "4.3");
        assert_eq!(name_of(".07"), "0.07");
        assert_eq!(name_of("kayles"), "kayles");
    }

    #[test]
    fn bad_names_say_why() {
        for (bad, needle) in [
            ("chess", "unknown game"),
            ("sub:", "needs a set"),
            ("sub", "needs arguments"),
            ("sub:1,x", "non-negative integer"),
            ("sub:0,1", "positive"),
            ("sub:-1", "negative"),
            ("nim:3", "takes no arguments"),
            ("moore:0", "K >= 1"),
            ("", "empty"),
            ("0.8x", "not a digit"),
            ("0.", "at least one digit"),
            ("kayles:3", "takes no arguments"),
        ] {
            let err = match parse(bad, SpecOptions::default()) {
                Ok(_) => panic!("{bad} parsed"),
                Err(e) => e.to_string(),
            };
            assert!(err.contains(needle), "{bad}: {err}");
            assert!(!err.contains('\n'));
        }
        let misere = SpecOptions {
            misere: true,
            ..SpecOptions::default()
        };
        assert!(parse("sub:1,2", misere).is_err());
        assert!(parse("nim", misere).is_ok());
    }

    #[test]
    fn file_games_need_a_loader() {
        let err = |r: Result<Box<dyn Ruleset>>| match r {
            Ok(g) => panic!("{} parsed", g.name()),
            Err(e) => e.to_string(),
        };
        let opts = SpecOptions::default();
        assert!(err(parse("graph:g.txt", opts)).contains("only the command line"));
        assert!(err(parse("graph", opts)).contains("needs arguments"));
        assert!(err(parse_with("graph:", opts, &no_files)).contains("needs a file"));
        assert!(err(parse_with("graph:g.txt", opts, &no_files)).contains("g.txt"));
        let load = |path: &str| -> Result<String> {
            match path {
                "g.txt" => Ok("a b\nb c\n".to_string()),
                "bad.txt" => Ok("a b\n\nc\n".to_string()),
                _ => Err(Error::parse(format!("{path}: cannot read"))),
            }
        };
        let game = parse_with(" graph:g.txt ", opts, &load).unwrap();
        assert_eq!(game.name(), "graph:g.txt");
        assert_eq!(
            err(parse_with("graph:bad.txt", opts, &load)),
            "bad.txt: line 3: expected an edge `u v` (two vertex names), got `c`"
        );
        assert_eq!(err(parse_with("graph:x", opts, &load)), "x: cannot read");
        let misere = SpecOptions {
            misere: true,
            ..opts
        };
        assert!(err(parse_with("graph:g.txt", misere, &load)).contains("misère"));
        // Names without files go through as with `parse`.
        assert_eq!(parse_with("nim", opts, &load).unwrap().name(), "nim");
    }
}
