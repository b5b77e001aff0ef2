//! A game and a position as the commands that take one read them
//! (`value`, `graph`, `play`).

use std::path::Path;

use anyhow::anyhow;
use clap::Args;
use grundy::ruleset::read_sums;
use grundy::{Ruleset, SpecOptions};

/// A game and the components of a position.
#[derive(Args, Debug)]
pub struct PositionArgs {
    /// The game, e.g. nim, sub:1,3,4, wythoff (see `grundy games`).
    pub game: String,
    /// The components of the position (heap sizes, pairs a,b, coin strings,
    /// graph files or inline graphs, FILE~u-v for a graph file with edge
    /// u-v cut, vertices of graph:FILE, ...).
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

    /// The components as the game reads them: a component written as a
    /// sum (`4+6`, how `value` prints a move that splits a heap) becomes
    /// its parts, in games where `+` means a sum.
    pub fn components(&self, game: &dyn Ruleset) -> Vec<String> {
        read_sums(game, &self.components)
    }

    /// For games that take files: each component naming an existing file is
    /// replaced by the file's text, and its path is kept for reports. A
    /// file followed by cuts, `FILE~u-v~x-y` (how moves on graphs too big
    /// to print are named), is the file's text with the cut lines `~u v`
    /// added, reported under the whole name. Other components are read as
    /// [`PositionArgs::components`] reads them.
    pub fn read_files(
        &self,
        game: &dyn Ruleset,
    ) -> anyhow::Result<(Vec<String>, Vec<Option<String>>)> {
        let mut texts = Vec::with_capacity(self.components.len());
        let mut files = Vec::with_capacity(self.components.len());
        for c in &self.components {
            let (path, cuts) = match split_cuts(c)? {
                Some(split) => split,
                None if Path::new(c).is_file() => (c.as_str(), String::new()),
                None => {
                    let parts = read_sums(game, std::slice::from_ref(c));
                    files.extend(parts.iter().map(|_| None));
                    texts.extend(parts);
                    continue;
                }
            };
            let mut text = crate::load::read_text(path).map_err(|e| anyhow!(e))?;
            if !cuts.is_empty() {
                text.push('\n');
                text.push_str(&cuts);
            }
            texts.push(text);
            files.push(Some(c.clone()));
        }
        for w in game
            .files()
            .map_or_else(Vec::new, |f| f.warnings(&texts, &files))
        {
            eprintln!("warning: {w}");
        }
        Ok((texts, files))
    }

    /// The position as component texts, files turned into inline texts.
    pub fn position(&self, game: &dyn Ruleset) -> anyhow::Result<Vec<String>> {
        let Some(from_files) = game.files() else {
            return Ok(self.components(game));
        };
        let (texts, files) = self.read_files(game)?;
        texts
            .iter()
            .zip(&files)
            .map(|(t, f)| match f {
                Some(path) => Ok(from_files.component_from_file(t, path)?),
                None => Ok(t.clone()),
            })
            .collect()
    }
}

/// Splits `FILE~u-v~x-y` into the file's path and its cuts as file lines
/// (`~u v`). The longest existing file before a `~` whose remainder is a
/// list of cuts wins, so that files whose own names hold a `~` (`p.txt~`,
/// an editor's backup) work too; a whole name that is a file is read
/// whole. Text after a file that is not a list of cuts is an error, not an
/// inline graph.
fn split_cuts(component: &str) -> anyhow::Result<Option<(&str, String)>> {
    if Path::new(component).is_file() {
        return Ok(None);
    }
    let mut unreadable = None;
    for (i, _) in component.rmatch_indices('~') {
        let path = &component[..i];
        if path.is_empty() || !Path::new(path).is_file() {
            continue;
        }
        match cut_lines(&component[i + 1..]) {
            Ok(lines) => return Ok(Some((path, lines))),
            Err(cut) => {
                unreadable.get_or_insert((path, cut));
            }
        }
    }
    match unreadable {
        Some((path, cut)) => Err(anyhow!(
            "{component}: after the file `{path}`, cut edges are written `~u-v`, got `~{cut}`"
        )),
        None => Ok(None),
    }
}

/// `u-v~x-y` as the file lines `~u v` and `~x y`, or the first piece that
/// is not a cut.
fn cut_lines(cuts: &str) -> Result<String, &str> {
    let mut lines = String::new();
    for cut in cuts.split('~') {
        let number = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit());
        match cut.split_once('-') {
            Some((u, v)) if number(u) && number(v) => lines.push_str(&format!("~{u} {v}\n")),
            _ => return Err(cut),
        }
    }
    Ok(lines)
}
