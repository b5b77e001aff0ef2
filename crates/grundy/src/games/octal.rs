//! Take-and-break games by their codes (`0.77`, `4.07`, `0.F7`), and the
//! classic ones that have a name of their own (`kayles`). The rules and
//! their engine are in [`crate::heap::code`]; this file names them.

use crate::heap::{Code, HeapGame};
use crate::registry::{Accepts, Build, Entry, Example, Name};

/// Any octal or hexadecimal code, written as digits.
pub const CODE: Entry = Entry {
    pattern: "0.77, 4.07, 0.F7, ...",
    components: "heap sizes",
    about: "any octal or hexadecimal take-and-break code",
    example: Some(Example {
        game: "4.07",
        position: "5",
    }),
    name: Name::Code,
    accepts: Accepts::NONE,
    build: |b: &Build<'_>| Ok(Box::new(HeapGame::new(Code::parse(b.head)?))),
};

/// The game of `code`, shown to users under the name it was built from.
fn named(b: &Build<'_>, code: &str) -> crate::Result<Box<dyn crate::Ruleset>> {
    let code = Code::parse(code).expect("named codes are valid");
    Ok(Box::new(HeapGame::new(code.with_name(b.head))))
}

/// Kayles: 0.77.
pub const KAYLES: Entry = Entry::plain(
    "kayles",
    "heap sizes",
    "Kayles, 0.77: knock down one pin or two adjacent ones",
    "4;2",
    |b| named(b, "0.77"),
);

/// Dawson's Kayles: 0.07.
pub const DAWSON_KAYLES: Entry = Entry::plain(
    "dawson-kayles",
    "heap sizes",
    "Dawson's Kayles, 0.07",
    "7",
    |b| named(b, "0.07"),
);

/// Dawson's Chess: 0.137.
pub const DAWSON_CHESS: Entry = Entry::plain(
    "dawson-chess",
    "heap sizes",
    "Dawson's Chess, 0.137",
    "6",
    |b| named(b, "0.137"),
);

/// Officers: 0.6.
pub const OFFICERS: Entry = Entry::plain("officers", "heap sizes", "Officers, 0.6", "6", |b| {
    named(b, "0.6")
});

/// Grundy's game: 4!.0.
pub const GRUNDY: Entry = Entry::plain(
    "grundy",
    "heap sizes",
    "Grundy's game, 4!.0: split a heap into two unequal heaps",
    "7",
    |b| named(b, "4!.0"),
);

#[cfg(test)]
mod tests {
    use crate::spec::{parse, SpecOptions};
    use crate::Limits;

    #[test]
    fn named_codes_are_their_codes_under_their_names() {
        let heaps: Vec<String> = (0..40).map(|n| n.to_string()).collect();
        let values = |name: &str| {
            let game = parse(name, SpecOptions::default()).unwrap();
            let analysis = game.analyze(&heaps, &Limits::default()).unwrap();
            (game.name(), analysis.values)
        };
        for (name, code) in [
            ("kayles", "0.77"),
            ("dawson-kayles", "0.07"),
            ("dawson-chess", "0.137"),
            ("officers", "0.6"),
            ("grundy", "4!.0"),
        ] {
            let (shown, named) = values(name);
            assert_eq!(shown, name);
            assert_eq!(named, values(code).1, "{name}");
        }
    }
}
