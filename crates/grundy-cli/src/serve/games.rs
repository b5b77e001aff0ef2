//! `GET /api/games`: every name grundy knows, with an example to start from.
//!
//! The engine's registry gives each game's name pattern (`sub:S`,
//! `moore:K`) and the concrete game and position the page fills in when
//! one is chosen. Games read from files are listed too, without an
//! example (command line only), so the page can say why they are missing.

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
    /// Whether the game has a Grundy sequence of heaps (`/api/seq`,
    /// `/api/plot`), as its example says: the game decides, not the page.
    pub sequence: bool,
}

/// The list served by `/api/games`, in the registry's order.
pub fn list() -> Vec<GameEntry> {
    grundy::registry::GAMES
        .iter()
        .map(|g| GameEntry {
            name: g.pattern,
            components: g.components,
            about: g.about,
            example_game: g.example.map(|e| e.game),
            example_position: g.example.map(|e| e.position),
            sequence: g.example.is_some_and(|e| {
                grundy::spec::parse(e.game, grundy::SpecOptions::default())
                    .is_ok_and(|game| game.heap().is_some())
            }),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_parses_and_only_file_games_lack_one() {
        for g in list() {
            if let Some(game) = g.example_game {
                assert!(
                    grundy::spec::parse(game, grundy::SpecOptions::default()).is_ok(),
                    "{game}"
                );
            }
        }
        let missing: Vec<_> = list()
            .into_iter()
            .filter(|g| g.example_game.is_none())
            .map(|g| g.name)
            .collect();
        assert_eq!(missing, ["graph:FILE", "rules:FILE.rhai"]);
    }

    /// Heap games have a sequence; Moore's Nim, whose heaps are played
    /// together, and boards do not.
    #[test]
    fn the_games_with_a_sequence_are_the_heap_games() {
        let has = |name: &str| {
            list()
                .into_iter()
                .find(|g| g.name == name)
                .unwrap()
                .sequence
        };
        for name in ["nim", "sub:S", "fib", "lasker", "kayles", "grundy"] {
            assert!(has(name), "{name}");
        }
        for name in ["moore:K", "staircase", "cram", "wythoff", "graph:FILE"] {
            assert!(!has(name), "{name}");
        }
    }
}
