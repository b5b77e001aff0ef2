//! The one list of games: every game grundy knows is one [`Entry`] in
//! [`GAMES`], written in the game's own file.
//!
//! `spec::parse` finds a name's entry here, `grundy games`, `/api/games`
//! (and so the web page) list the entries, and the tests walk them, so a
//! new game is one file and one line of [`GAMES`].

pub use crate::entry::{Accepts, Build, Entry, Example, Name, SpecOptions};
use crate::games::{
    chomp, coins, cram, cutting, ed, euclid, fib, graph_file, hackenbush, lasker, moore, mult, nim,
    node_kayles, octal, product, staircase, subtraction, welter, wythoff,
};

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
    &product::PRODUCT,
    &product::TURNING_CORNERS,
    &cutting::CUTTING,
    &cram::CRAM,
    &node_kayles::NODE_KAYLES,
    &chomp::CHOMP,
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

/// The known name closest to an unknown `name`, for a "did you mean":
/// the same name in lower case, or a name within two edits (one for
/// names of up to four letters), ignoring case.
pub(crate) fn did_you_mean(name: &str) -> Option<String> {
    let lower = name.to_lowercase();
    if lower != name && find(&lower).is_some() {
        return Some(lower);
    }
    let head = lower.split(':').next().unwrap_or_default();
    let (best, entry) = GAMES
        .iter()
        .filter_map(|e| {
            let pattern_head = e.pattern.split(':').next()?;
            pattern_head
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == '-')
                .then(|| (edits(head, pattern_head), e))
        })
        .min_by_key(|&(d, _)| d)?;
    let allowed = if head.chars().count() <= 4 { 1 } else { 2 };
    (best <= allowed).then(|| entry.pattern.to_string())
}

/// The Levenshtein distance between `a` and `b`.
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

fn patterns<'a>(entries: impl Iterator<Item = &'a &'static Entry>) -> String {
    entries.map(|e| e.pattern).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_misses_get_a_suggestion() {
        let near = |n: &str| did_you_mean(n);
        assert_eq!(near("kayls").as_deref(), Some("kayles"));
        assert_eq!(near("Nim").as_deref(), Some("nim"));
        assert_eq!(near("KAYLES").as_deref(), Some("kayles"));
        assert_eq!(near("Sub:1,2").as_deref(), Some("sub:1,2"));
        assert_eq!(near("dawson-kales").as_deref(), Some("dawson-kayles"));
        assert_eq!(did_you_mean("chess"), None);
        assert_eq!(did_you_mean("xyz"), None);
    }

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
        // Every finite game plays misère, by search.
        assert!(find("ed").unwrap().accepts.misere);
        assert!(find("hackenbush").unwrap().accepts.misere);
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
