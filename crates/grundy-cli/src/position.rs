//! A game and a position as the commands that take one read them
//! (`value`, `graph`, `play`).

use std::path::Path;

use anyhow::anyhow;
use clap::Args;
use grundy::{Ruleset, SpecOptions};

/// A game and the components of a position.
#[derive(Args, Debug)]
pub struct PositionArgs {
    /// The game, e.g. nim, sub:1,3,4, wythoff (see `grundy games`).
    pub game: String,
    /// The components of the position (heap sizes, pairs a,b, coin strings,
    /// graph files or inline graphs, vertices of graph:FILE, ...).
    #[arg(required = true, allow_negative_numbers = true)]
    pub components: Vec<String>,
    /// Misère play: whoever moves last loses.
    #[arg(long)]
    pub misere: bool,
    /// The ground vertex of graph games (hackenbush); 0 by default.
    #[arg(long, value_name = "V")]
    pub ground: Option<u64>,
}

impl PositionArgs {
    /// The ruleset named by the arguments (reading files it names).
    pub fn ruleset(&self) -> anyhow::Result<Box<dyn Ruleset>> {
        Ok(crate::load::parse_game(
            &self.game,
            SpecOptions {
                misere: self.misere,
                ground: self.ground,
            },
        )?)
    }

    /// For games that take files: each component naming an existing file is
    /// replaced by the file's text, and its path is kept for reports.
    pub fn read_files(&self) -> anyhow::Result<(Vec<String>, Vec<Option<String>>)> {
        let mut texts = Vec::with_capacity(self.components.len());
        let mut files = Vec::with_capacity(self.components.len());
        for c in &self.components {
            if Path::new(c).is_file() {
                let text =
                    std::fs::read_to_string(c).map_err(|e| anyhow!("{c}: cannot read: {e}"))?;
                texts.push(text);
                files.push(Some(c.clone()));
            } else {
                texts.push(c.clone());
                files.push(None);
            }
        }
        Ok((texts, files))
    }

    /// The position as component texts, files turned into inline texts.
    pub fn position(&self, game: &dyn Ruleset) -> anyhow::Result<Vec<String>> {
        if !game.components_from_files() {
            return Ok(self.components.clone());
        }
        let (texts, files) = self.read_files()?;
        texts
            .iter()
            .zip(&files)
            .map(|(t, f)| match f {
                Some(path) => Ok(game.component_from_file(t, path)?),
                None => Ok(t.clone()),
            })
            .collect()
    }
}
