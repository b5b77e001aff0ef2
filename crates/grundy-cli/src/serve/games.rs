//! `GET /api/games`: every name grundy knows, with an example to start from.
//!
//! The engine's list gives name patterns (`sub:S`, `moore:K`); the page
//! needs a concrete game and position to fill in when one is chosen, so
//! each pattern gets an example here. Games read from files are listed too,
//! marked as command-line only, so the page can say why they are missing.

use serde::Serialize;

/// One entry of `/api/games`.
#[derive(Serialize)]
pub struct GameEntry {
    /// The name or pattern, as `grundy games` prints it.
    pub name: &'static str,
    /// What a component is.
    pub components: &'static str,
    /// What the game is.
    pub about: &'static str,
    /// A concrete game name to start from (`null`: command line only).
    pub example_game: Option<&'static str>,
    /// A small position of that game, components separated by `;`.
    pub example_position: Option<&'static str>,
}

/// A concrete game and a small position for each pattern of
/// [`grundy::spec::KNOWN_GAMES`]; patterns missing here read files.
const EXAMPLES: &[(&str, &str, &str)] = &[
    ("nim", "nim", "1;2;3"),
    ("sub:S", "sub:1,3,4", "10"),
    ("sub-allbut:S", "sub-allbut:2", "7"),
    ("fib", "fib", "3;5"),
    ("lasker", "lasker", "4"),
    ("moore:K", "moore:2", "1;2;3"),
    ("staircase", "staircase", "2;1;1"),
    ("wythoff", "wythoff", "3,5"),
    ("euclid", "euclid", "7,3"),
    ("ed", "ed", "3,5"),
    ("mult", "mult", "20"),
    ("hackenbush", "hackenbush", "0-1,1-2,2-0"),
    ("turtles", "turtles", "THTH"),
    ("mock-turtles", "mock-turtles", "THTH"),
    ("ruler", "ruler", "THTH"),
    ("twins", "twins", "THTH"),
    ("coins:any:S", "coins:any:1,2", "THTH"),
    ("coins:run:S", "coins:run:1,2", "THTH"),
    ("cutting", "cutting", "4x2"),
    ("welter", "welter", "2,5;1,3"),
    ("0.77, 4.07, 0.F7, ...", "4.07", "5"),
    ("kayles", "kayles", "4;2"),
    ("dawson-kayles", "dawson-kayles", "7"),
    ("dawson-chess", "dawson-chess", "6"),
    ("officers", "officers", "6"),
    ("grundy", "grundy", "7"),
];

/// The list served by `/api/games`, in the engine's order.
pub fn list() -> Vec<GameEntry> {
    grundy::spec::KNOWN_GAMES
        .iter()
        .map(|&(name, components, about)| {
            let example = EXAMPLES.iter().find(|e| e.0 == name);
            GameEntry {
                name,
                components,
                about,
                example_game: example.map(|e| e.1),
                example_position: example.map(|e| e.2),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_is_a_known_pattern_and_parses() {
        for (pattern, game, _) in EXAMPLES {
            assert!(
                grundy::spec::KNOWN_GAMES.iter().any(|g| g.0 == *pattern),
                "{pattern} is not in KNOWN_GAMES"
            );
            assert!(
                grundy::spec::parse(game, grundy::SpecOptions::default()).is_ok(),
                "{game}"
            );
        }
        let missing: Vec<_> = list()
            .into_iter()
            .filter(|g| g.example_game.is_none())
            .map(|g| g.name)
            .collect();
        assert_eq!(missing, ["graph:FILE", "rules:FILE.rhai"]);
    }
}
