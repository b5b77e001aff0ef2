//! Game names: from `sub:1,3,4` to a ready [`Ruleset`].
//!
//! Names are a public interface (the CLI, scripts and the web page use
//! them), so the grammar only ever grows: `NAME` or `NAME:ARGS`. Which
//! names exist is the registry's business ([`crate::registry::GAMES`]);
//! this module checks a name against its entry and builds the game.

use crate::error::{Error, Result};
use crate::registry::{accepting, all_patterns, did_you_mean, find, Build, Entry, Name};
use crate::ruleset::Ruleset;

pub use crate::registry::SpecOptions;

/// How a front end reads the file that a game name refers to: given the
/// path, the file's text, or an error that names the path. The engine
/// does no I/O; the CLI reads from disk, and a front end that must not
/// touch files passes [`no_files`].
pub type LoadFile<'a> = dyn Fn(&str) -> Result<String> + 'a;

/// The [`LoadFile`] of front ends that read no files: it refuses, saying
/// why.
pub fn no_files(path: &str) -> Result<String> {
    Err(Error::unsupported(format!(
        "`{path}` names a file, and only the command line reads files"
    )))
}

/// [`parse`], and also game names that refer to a file (`graph:FILE`),
/// whose text `load` supplies. Errors about the file's contents start
/// with its path: `g.txt: line 3: ...`.
pub fn parse_with(name: &str, opts: SpecOptions, load: &LoadFile<'_>) -> Result<Box<dyn Ruleset>> {
    build(name, opts, Some(load))
}

/// The ruleset named by `name`. Names that refer to files (`graph:FILE`)
/// need [`parse_with`], which is given a way to read them.
pub fn parse(name: &str, opts: SpecOptions) -> Result<Box<dyn Ruleset>> {
    build(name, opts, None)
}

/// The walk behind both: the name's entry in the registry, the options and
/// arguments checked against it, then the entry's `build`.
fn build(name: &str, opts: SpecOptions, load: Option<&LoadFile<'_>>) -> Result<Box<dyn Ruleset>> {
    let name = name.trim();
    let Some(entry) = find(name) else {
        return Err(match name {
            "" => Error::parse("the game name is empty; try `grundy games`"),
            _ => match did_you_mean(name) {
                Some(near) => Error::parse(format!(
                    "unknown game `{name}`; did you mean `{near}`? (`grundy games` lists them all)"
                )),
                None => Error::parse(format!(
                    "unknown game `{name}`; known games: {}",
                    all_patterns()
                )),
            },
        });
    };
    check_options(entry, name, opts)?;
    let (head, args) = match name.split_once(':') {
        Some((h, a)) => (h, Some(a)),
        None => (name, None),
    };
    let mut b = Build {
        head,
        args: args.unwrap_or_default(),
        options: opts,
        text: "",
    };
    let text;
    match (entry.name, args) {
        (Name::Plain(_), Some(_)) => {
            return Err(Error::parse(format!(
                "`{head}` takes no arguments, got `{name}`"
            )))
        }
        (Name::Args { .. }, None) => {
            let example = entry.example.map_or(entry.pattern, |e| e.game);
            return Err(Error::parse(format!(
                "`{head}` needs arguments, as in `{example}`"
            )));
        }
        (Name::File { .. }, None) => {
            return Err(Error::parse(format!(
                "`{head}` needs arguments, as in `{head}:g.txt`"
            )))
        }
        (Name::File { .. }, Some(path)) => {
            b.args = path.trim();
            if b.args.is_empty() {
                return Err(Error::parse(format!(
                    "`{head}` needs a file, as in `{head}:g.txt`"
                )));
            }
            let Some(load) = load else {
                return Err(Error::unsupported(format!(
                    "`{name}` is read from a file, and only the command line reads files"
                )));
            };
            text = load(b.args)?;
            b.text = &text;
        }
        _ => {}
    }
    let game = (entry.build)(&b)?;
    if opts.misere && !game.misere() {
        // No misère theory of its own: decided by search.
        return game.into_misere();
    }
    Ok(game)
}

/// Whether the game `name` takes a ground vertex (`--ground`): a sum of
/// different games gives it to those parts only.
pub fn takes_ground(name: &str) -> bool {
    find(name.trim()).is_some_and(|entry| entry.accepts.ground)
}

/// Refuses the options the game does not take, naming the games that do.
fn check_options(entry: &Entry, name: &str, opts: SpecOptions) -> Result<()> {
    if opts.misere && !entry.accepts.misere {
        return Err(Error::unsupported(format!(
            "`{name}` has no misère analysis"
        )));
    }
    if opts.ground.is_some() && !entry.accepts.ground {
        return Err(Error::unsupported(format!(
            "`{name}` has no ground vertex; --ground works with {}",
            accepting(|a| a.ground)
        )));
    }
    Ok(())
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
        // An unknown name is told every game the registry lists.
        let unknown = parse("chess", SpecOptions::default()).err().unwrap();
        for entry in crate::registry::GAMES {
            assert!(unknown.to_string().contains(entry.pattern), "{unknown}");
        }
        let misere = SpecOptions {
            misere: true,
            ..SpecOptions::default()
        };
        // Every finite game plays misère; the Cutting Game, which is won by
        // a cut and not by the last move, says why it does not.
        assert!(parse("sub:1,2", misere).unwrap().misere());
        assert!(parse("nim", misere).unwrap().misere());
        let cutting = parse("cutting", misere).err().unwrap().to_string();
        assert!(
            cutting.starts_with("`cutting` has no misère play: "),
            "{cutting}"
        );
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
        // Each file game shows its own name (`rules` once showed `graph:`).
        assert!(err(parse("rules", opts)).ends_with("as in `rules:g.txt`"));
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
        // An acyclic graph file is searched misère.
        assert!(parse_with("graph:g.txt", misere, &load).unwrap().misere());
        // Names without files go through as with `parse`.
        assert_eq!(parse_with("nim", opts, &load).unwrap().name(), "nim");
    }
}
