//! Several games played at once: sums of components of different games
//! (`--sum 'kayles 3' 'nim 4'`), and the compounds other than the sum
//! (`--compound conjunctive`), for every front end.
//!
//! A component of a compound is a position of some game, itself possibly
//! a sum of that game's components (`kayles 3+4`). The sum of different
//! games is valued by the Sprague-Grundy theorem through each game's own
//! theory; every other compound explores its components and hands them to
//! [`crate::solve::compound`].

mod ruleset;

pub use ruleset::CompoundRuleset;

use serde::Serialize;

use crate::answer::compound::{Compound, CompoundAnalysis, CompoundMove};
use crate::answer::{Analysis, Move};
use crate::error::{shorten_quote, Error, Result};
use crate::game::Limits;
use crate::nimber::Nimber;
use crate::ruleset::{read_sums, split_words, Ruleset};
use crate::solve::compound::{decide, rule, ComponentGraph};
use crate::spec::{parse_with, LoadFile, SpecOptions};

/// One component of a compound: a position of a game.
pub struct Part<'a> {
    /// The game.
    pub game: &'a dyn Ruleset,
    /// The name the game was given by, when the parts are of different
    /// games (`None` in a compound of one game): moves are then written
    /// with it, so that they read back as parts.
    pub name: Option<String>,
    /// The position, as the game's components (a sum within the part).
    pub components: Vec<String>,
}

impl Part<'_> {
    /// The part as it is written: `kayles 3+4` in a sum of different
    /// games, `3+4` in a compound of one.
    pub fn text(&self) -> String {
        self.written(&self.components)
    }

    /// The part with the position `components`, as it is written.
    pub fn written(&self, components: &[String]) -> String {
        match &self.name {
            Some(name) => format!("{name} {}", components.join(" ")),
            None => components.join("+"),
        }
    }
}

/// A part of a sum of different games as it is typed, `GAME POSITION...`
/// (`kayles 3`, `sub:1,3,4 10 4`, `cram 3x4`): the game, its name as
/// given, and the components. The game is built with `opts` (misère play
/// is the compound's business, so callers pass normal play).
pub fn parse_part(
    text: &str,
    opts: SpecOptions,
    load: &LoadFile<'_>,
) -> Result<(Box<dyn Ruleset>, String, Vec<String>)> {
    let (name, rest) = split_part(text)?;
    let game = parse_with(name, opts, load)?;
    let texts: Vec<String> = rest.iter().map(|w| w.to_string()).collect();
    let components = read_sums(&*game, &texts);
    Ok((game, name.to_string(), components))
}

/// A part typed `GAME POSITION...` cut into the game's name and the
/// position's words: the one reading of that grammar.
fn split_part(text: &str) -> Result<(&str, Vec<&str>)> {
    let words = split_words(text);
    let Some((&name, rest)) = words.split_first() else {
        return Err(Error::parse(
            "a part of a sum is empty; write a game and a position, e.g. `kayles 3`",
        ));
    };
    // A position typed without its game (`3`, `3x4`): a digit starts no
    // game's name but a code's, and this is no code.
    if name.starts_with(|c: char| c.is_ascii_digit())
        && crate::spec::parse(name, SpecOptions::default()).is_err()
    {
        return Err(Error::parse(format!(
            "the part `{}` has no game: write each part as a game and a position, such as `nim 3` or `cram 3x4`",
            shorten_quote(text)
        )));
    }
    if rest.is_empty() {
        // The game's own example position (`cram 3x4`), where it has one.
        let example = crate::registry::find(name)
            .and_then(|entry| entry.example)
            .and_then(|ex| ex.position.split(';').next())
            .unwrap_or("3");
        return Err(Error::parse(format!(
            "the part `{name}` names a game but no position; write e.g. `{name} {example}`"
        )));
    }
    // An option typed inside the quotes (`'nim 3 --misere'`) is no
    // position: say where it goes rather than what it fails to be.
    if let Some(flag) = rest
        .iter()
        .find(|w| w.starts_with("--") && w[2..].starts_with(char::is_alphabetic))
    {
        return Err(Error::parse(format!(
            "the part `{}` holds the option `{flag}`: options are given once, for the whole sum, not inside a part",
            shorten_quote(text)
        )));
    }
    Ok((name, rest.to_vec()))
}

/// A position's game as every front end is asked for it (`grundy value
/// GAME ... --compound KIND --misere --ground V`, `/api/value?game=...`,
/// Python's `compound`): the one place that says which rules that names.
#[derive(Clone, Copy, Debug)]
pub struct Asked<'a> {
    /// The game's name; `None` for a sum of different games, each
    /// component typed `GAME POSITION...`.
    pub game: Option<&'a str>,
    /// How the components are played together.
    pub kind: Compound,
    /// Misère play: of the game itself in one game's sum, of the compound
    /// otherwise.
    pub misere: bool,
    /// Hackenbush's ground vertex, for the games that have one.
    pub ground: Option<u64>,
}

impl Asked<'_> {
    /// Whether the position is an ordinary sum of one game's components,
    /// which the game itself answers (its misère theory, its board search
    /// and checkpoints), not the compounds' search.
    pub fn is_one_game_sum(&self) -> bool {
        self.game.is_some() && self.kind == Compound::Disjunctive
    }

    /// The rules of the position `texts`: the game itself for one game's
    /// sum, the compound otherwise (`texts` are its parts for a sum of
    /// different games, and are otherwise not read).
    pub fn ruleset(&self, texts: &[String], load: &LoadFile<'_>) -> Result<Box<dyn Ruleset>> {
        match self.game {
            Some(name) if self.is_one_game_sum() => {
                let opts = SpecOptions {
                    misere: self.misere,
                    ground: self.ground,
                };
                parse_with(name, opts, load)
            }
            _ => Ok(Box::new(self.compound(texts, load)?)),
        }
    }

    /// The compound, every game built for normal play: misère play is the
    /// compound's.
    fn compound(&self, texts: &[String], load: &LoadFile<'_>) -> Result<CompoundRuleset> {
        let (kind, misere, ground) = (self.kind, self.misere, self.ground);
        match self.game {
            None => CompoundRuleset::of_parts(texts, kind, misere, ground, load),
            Some(name) => {
                let opts = SpecOptions {
                    misere: false,
                    ground,
                };
                CompoundRuleset::new(parse_with(name, opts, load)?, kind, misere)
            }
        }
    }
}

/// A compound as front ends receive it, in text: `asked` and one text
/// per component. The command line, the server and Python all ask this,
/// so the same question gets the same answer everywhere; one game's sum,
/// which they ask of the game itself ([`Asked::is_one_game_sum`]), is
/// answered here by the compounds' search.
pub fn analyze_texts(
    asked: &Asked<'_>,
    texts: &[String],
    load: &LoadFile<'_>,
    limits: &Limits,
) -> Result<Answer> {
    let compound = asked.compound(texts, load)?;
    analyze(&compound.parts(texts)?, asked.kind, asked.misere, limits)
}

/// What a compound's analysis is: an ordinary analysis for a sum (normal
/// play), a compound's otherwise. In JSON each keeps its own shape.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Answer {
    /// A sum, by the Sprague-Grundy theorem.
    Sum(Analysis),
    /// Any other compound, or a misère sum of different games.
    Compound(CompoundAnalysis),
}

/// Who wins the compound `kind` of `parts`, and by which moves.
pub fn analyze(
    parts: &[Part<'_>],
    kind: Compound,
    misere: bool,
    limits: &Limits,
) -> Result<Answer> {
    if kind == Compound::Disjunctive && !misere {
        return Ok(Answer::Sum(sum(parts, limits)?));
    }
    let graphs = parts
        .iter()
        .map(|p| p.game.component_graph(&p.components, limits))
        .collect::<Result<Vec<ComponentGraph>>>()?;
    let refs: Vec<&ComponentGraph> = graphs.iter().collect();
    let decided = decide(kind, misere, &refs, limits)?;
    let winning_moves = decided
        .winning
        .iter()
        .map(|next| CompoundMove {
            moves: (0..parts.len())
                .filter(|&i| next[i] != 0)
                .map(|i| part_move(&parts[i], i, &graphs[i], next[i]))
                .collect(),
        })
        .collect();
    Ok(Answer::Compound(CompoundAnalysis {
        game: game_name(parts),
        compound: kind,
        misere,
        components: parts.iter().map(Part::text).collect(),
        numbers: decided.numbers,
        outcome: decided.outcome,
        rule: rule(kind, misere).to_string(),
        method: if decided.by_theory {
            "theory"
        } else {
            "search"
        },
        winning_moves,
        moves_truncated: decided.truncated,
    }))
}

/// The move of part `i` to position `to` of its graph, as reported.
fn part_move(part: &Part<'_>, i: usize, graph: &ComponentGraph, to: u32) -> Move {
    let (_, listed) = graph
        .root_moves
        .iter()
        .find(|(v, _)| *v == to)
        .expect("a winning move is a move of the part");
    let mut mv = listed.clone().in_component(i);
    if part.name.is_some() {
        mv.to = part.written(&listed.parts);
    }
    // A compound's component stays one text, however many parts it holds.
    mv.parts = vec![mv.to.clone()];
    mv
}

fn game_name(parts: &[Part<'_>]) -> String {
    match parts.first() {
        Some(p) if p.name.is_none() => p.game.name(),
        _ => "sum".to_string(),
    }
}

/// The sum of `parts` in normal play: each part valued and searched for
/// moves by its own game; a winning move in part `i` reaches the value
/// `g_i ⊕ total`.
fn sum(parts: &[Part<'_>], limits: &Limits) -> Result<Analysis> {
    let values = parts
        .iter()
        .map(|p| {
            Ok(p.game
                .moves_to_value(&p.components, Nimber::ZERO, limits, 0)?
                .0)
        })
        .collect::<Result<Vec<Nimber>>>()?;
    let total: Nimber = values.iter().copied().sum();
    let (mut winning_moves, mut truncated) = (Vec::new(), false);
    if total != Nimber::ZERO {
        for (i, (p, &g)) in parts.iter().zip(&values).enumerate() {
            let room = limits.max_moves.saturating_sub(winning_moves.len());
            if room == 0 {
                truncated = true;
                break;
            }
            let (_, moves, more) = p
                .game
                .moves_to_value(&p.components, g + total, limits, room)?;
            truncated |= more;
            winning_moves.extend(moves.into_iter().map(|m| {
                let next = p.written(&m.apply(&p.components));
                Move {
                    component: Some(i),
                    to: next.clone(),
                    note: m.note,
                    parts: vec![next],
                }
            }));
        }
    }
    let texts = parts.iter().map(Part::text).collect();
    let analysis = Analysis::of_sum(game_name(parts), texts, &values, winning_moves, truncated);
    analysis.checked(limits.max_moves, || Ok(true))
}
