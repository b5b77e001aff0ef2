//! Game names that refer to files (`graph:FILE`): the engine does no I/O,
//! so the command line hands it a way to read them.

use grundy::{Error, Ruleset, SpecOptions};

/// The ruleset named `name`, reading any file the name refers to. Errors
/// name the file: `g.txt: cannot read: ...`, `g.txt: line 3: ...`.
pub fn parse_game(name: &str, opts: SpecOptions) -> grundy::Result<Box<dyn Ruleset>> {
    grundy::parse_with(name, opts, &|path: &str| {
        std::fs::read_to_string(path).map_err(|e| Error::parse(format!("{path}: cannot read: {e}")))
    })
}
