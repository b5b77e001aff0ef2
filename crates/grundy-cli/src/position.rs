//! A game and a position as the commands that take one read them
//! (`value`, `graph`, `play`).

use clap::Args;
use grundy::answer::compound::Compound;
use grundy::compound::Asked;
use grundy::ruleset::{read_sums, FilePosition};
use grundy::Ruleset;

/// A game and the components of a position.
#[derive(Args, Debug)]
pub struct PositionArgs {
    /// The game, e.g. nim, sub:1,3,4, wythoff (see `grundy games`).
    pub game: String,
    /// The components of the position (heap sizes, pairs a,b, coin strings,
    /// board or graph files, inline boards or graphs, FILE~u-v for a graph
    /// file with edge u-v cut, vertices of graph:FILE, ...).
    #[arg(required_unless_present = "sum", allow_negative_numbers = true)]
    pub components: Vec<String>,
    /// The position is a sum of positions of different games, each
    /// written GAME POSITION...: `--sum 'kayles 3' 'nim 4' 'cram 3x4'`
    /// (the first one takes the place of the game).
    #[arg(long)]
    pub sum: bool,
    /// How the components are played together: disjunctive (the sum, by
    /// default), diminished, conjunctive, continued (Every-SG), selective
    /// or shortened; with --misere where the last mover loses.
    #[arg(long, value_name = "KIND")]
    pub compound: Option<Compound>,
    /// Misère play: whoever moves last loses.
    #[arg(long)]
    pub misere: bool,
    /// The ground vertex of graph games (hackenbush); 0 by default.
    #[arg(long, value_name = "V")]
    pub ground: Option<u64>,
}

impl PositionArgs {
    /// The game as the arguments ask for it.
    pub fn asked(&self) -> Asked<'_> {
        Asked {
            game: (!self.sum).then_some(self.game.as_str()),
            kind: self.compound.unwrap_or(Compound::Disjunctive),
            misere: self.misere,
            ground: self.ground,
        }
    }

    /// The ruleset named by the arguments (reading files it names).
    pub fn ruleset(&self) -> anyhow::Result<Box<dyn Ruleset>> {
        let load = |path: &str| grundy_files::read_text(path).map_err(grundy::Error::parse);
        Ok(self.asked().ruleset(&self.texts(), &load)?)
    }

    /// The components as the game reads them: a component written as a
    /// sum (`4+6`, how `value` prints a move that splits a heap) becomes
    /// its parts, in games where `+` means a sum.
    pub fn components(&self, game: &dyn Ruleset) -> Vec<String> {
        match self.sum {
            true => self.typed_parts(),
            false => read_sums(game, &self.components),
        }
    }

    /// With `--sum`, the parts as typed, `GAME POSITION...` each: the
    /// first took the place of the game.
    fn typed_parts(&self) -> Vec<String> {
        std::iter::once(&self.game)
            .chain(&self.components)
            .cloned()
            .collect()
    }

    /// The components as typed, one text each: the parts with `--sum`.
    pub fn texts(&self) -> Vec<String> {
        match self.sum {
            true => self.typed_parts(),
            false => self.components.clone(),
        }
    }

    /// The position as typed, file components read
    /// ([`grundy::ruleset::read_position`]: the game says how a component
    /// names a file, and Hackenbush's `FILE~u-v~x-y`, how moves on graphs
    /// too big to print are named, is the file's text with cut lines
    /// added); its warnings are printed.
    pub fn read_files(&self, game: &dyn Ruleset) -> anyhow::Result<FilePosition> {
        let p = grundy_files::position(game, &self.components)?;
        for w in &p.warnings {
            sayln!("warning: {w}");
        }
        Ok(p)
    }

    /// The ruleset and the position it reads: what a command on one
    /// position starts from.
    pub fn read(&self) -> anyhow::Result<(Box<dyn Ruleset>, Vec<String>)> {
        let game = self.ruleset()?;
        let position = self.position(&*game)?;
        Ok((game, position))
    }

    /// The position as component texts, files turned into inline texts.
    pub fn position(&self, game: &dyn Ruleset) -> anyhow::Result<Vec<String>> {
        if self.sum {
            return Ok(self.components(game));
        }
        let (texts, warnings) = grundy_files::inline(game, &self.components)?;
        for w in &warnings {
            sayln!("warning: {w}");
        }
        Ok(texts)
    }
}
