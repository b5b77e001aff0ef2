//! Take-and-break games by their codes (`0.77`, `4.07`, `0.F7`), and the
//! classic ones that have a name of their own (`kayles`). The rules and
//! their engine are in [`crate::heap::code`]; this file names them.

use crate::entry::{Accepts, Build, Entry, Example, Name};
use crate::heap::{Code, HeapGame};
use crate::ruleset::boxed;

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
    accepts: Accepts::MISERE,
    build: |b: &Build<'_>| Ok(boxed(HeapGame::new(Code::parse(b.head)?))),
};

/// The classic codes with names of their own: name, code, what it is,
/// example position. Their entries below are made from these rows.
#[rustfmt::skip]
const CLASSICS: [(&str, &str, &str, &str); 5] = [
    ("kayles", "0.77", "Kayles, 0.77: knock down one pin or two adjacent ones", "4;2"),
    ("dawson-kayles", "0.07", "Dawson's Kayles, 0.07", "7"),
    ("dawson-chess", "0.137", "Dawson's Chess, 0.137", "6"),
    ("officers", "0.6", "Officers, 0.6", "6"),
    ("grundy", "4!.0", "Grundy's game, 4!.0: split a heap into two unequal heaps", "7"),
];

/// The entry of row `i` of [`CLASSICS`].
const fn classic(i: usize) -> Entry {
    let (name, _, about, position) = CLASSICS[i];
    Entry::plain(name, "heap sizes", position, build_classic).about(about)
}

/// A classic game: its row's code, shown to users under its name.
fn build_classic(b: &Build<'_>) -> crate::Result<Box<dyn crate::Ruleset>> {
    let code = classic_code(b.head).expect("the registry builds a classic only by its name");
    Ok(boxed(HeapGame::new(code)))
}

/// The code of the classic take-and-break game `name` (`kayles`), under
/// that name, or `None` if no classic has it: for code that needs the
/// rules themselves rather than a built game (benchmarks).
pub fn classic_code(name: &str) -> Option<Code> {
    let &(name, digits, ..) = CLASSICS.iter().find(|row| row.0 == name)?;
    Some(
        Code::parse(digits)
            .expect("the classic codes are valid")
            .with_name(name),
    )
}

/// Kayles.
pub const KAYLES: Entry = classic(0);
/// Dawson's Kayles.
pub const DAWSON_KAYLES: Entry = classic(1);
/// Dawson's Chess.
pub const DAWSON_CHESS: Entry = classic(2);
/// Officers.
pub const OFFICERS: Entry = classic(3);
/// Grundy's game.
pub const GRUNDY: Entry = classic(4);

#[cfg(test)]
mod tests {
    use crate::spec::{parse, SpecOptions};
    use crate::Limits;

    use super::{classic_code, CLASSICS};
    use crate::heap::{Code, HeapGame, HeapRules};

    #[test]
    fn named_codes_are_their_codes_under_their_names() {
        let heaps: Vec<String> = (0..40).map(|n| n.to_string()).collect();
        let values = |name: &str| {
            let game = parse(name, SpecOptions::default()).unwrap();
            let analysis = game.analyze(&heaps, &Limits::default()).unwrap();
            (game.name(), analysis.values)
        };
        for (name, code, ..) in CLASSICS {
            let (shown, named) = values(name);
            assert_eq!(shown, name);
            assert_eq!(named, values(code).1, "{name}");
        }
    }

    #[test]
    fn classic_codes_are_found_by_name_only() {
        let kayles = classic_code("kayles").unwrap();
        assert_eq!(HeapRules::name(&kayles), "kayles");
        let (named, digits) = (
            HeapGame::new(kayles),
            HeapGame::new(Code::parse("0.77").unwrap()),
        );
        for n in 0..40 {
            let l = Limits::default();
            assert_eq!(
                named.value_of(n, &l).unwrap(),
                digits.value_of(n, &l).unwrap()
            );
        }
        assert!(classic_code("0.77").is_none());
        assert!(classic_code("nim").is_none());
    }
}
