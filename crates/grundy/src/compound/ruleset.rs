//! A compound of one game as a [`Ruleset`], so that everything that plays
//! or draws a position through the facade (`play`, `graph`, the page's
//! moves and hints) plays a compound unchanged.
//!
//! Its components are the compound's: each one text, a position of the
//! game (`1+3` is one component of a conjunctive compound of Kayles, the
//! sum of rows 1 and 3), never split. Its moves are the compound's moves,
//! each a move of the whole position.

use rustc_hash::FxHashSet;

use super::{analyze, parse_part, split_part, Answer, Part};
use crate::answer::compound::Compound;
use crate::answer::{Analysis, Move, PositionMove};
use crate::error::{shorten_quote, Error, Result};
use crate::game::Limits;
use crate::heap::HeapSequence;
use crate::nimber::Nimber;
use crate::ruleset::{read_sums, Ruleset, SplitComponent};
use crate::solve::compound::{for_each_choice, ComponentGraph};
use crate::solve::retro::StateTable;
use crate::spec::{takes_ground, LoadFile, SpecOptions};

/// The compound `kind` of positions of one game (built for normal play),
/// or of a game per component, played misère when `misere`.
pub struct CompoundRuleset {
    games: Games,
    kind: Compound,
    misere: bool,
}

/// Whose positions the components are.
enum Games {
    /// Every component a position of this game.
    One(Box<dyn Ruleset>),
    /// Each component a position of one of these games, written with
    /// its name (`kayles 3`), by which it is matched to its game.
    Each(Vec<(String, Box<dyn Ruleset>)>),
}

impl CompoundRuleset {
    /// The compound `kind` of `game`'s positions. `game` must be in normal
    /// play: misère play is the compound's.
    pub fn new(game: Box<dyn Ruleset>, kind: Compound, misere: bool) -> Result<CompoundRuleset> {
        refuse_part(misere, &*game)?;
        Ok(CompoundRuleset {
            games: Games::One(game),
            kind,
            misere,
        })
    }

    /// The compound `kind` of positions of different games, each typed
    /// `GAME POSITION...` (`kayles 3`, `nim 4`): what `--sum` plays. The
    /// components of every position it is asked about keep their games.
    pub fn of_parts(
        typed: &[String],
        kind: Compound,
        misere: bool,
        ground: Option<u64>,
        load: &LoadFile<'_>,
    ) -> Result<CompoundRuleset> {
        // `ground` goes to the parts whose games have a ground (Hackenbush
        // beside Nim); with none, every part is given it, so that the
        // first says why it takes none.
        let names = typed
            .iter()
            .map(|t| split_part(t).map(|(name, _)| name))
            .collect::<Result<Vec<_>>>()?;
        let grounded = names.iter().any(|name| takes_ground(name));
        let games = typed
            .iter()
            .zip(&names)
            .map(|(t, name)| {
                let opts = SpecOptions {
                    misere: false,
                    ground: ground.filter(|_| !grounded || takes_ground(name)),
                };
                parse_part(t, opts, load).map(|(game, name, _)| (name, game))
            })
            .collect::<Result<Vec<_>>>()?;
        for (_, game) in &games {
            refuse_part(misere, &**game)?;
        }
        Ok(CompoundRuleset {
            games: Games::Each(games),
            kind,
            misere,
        })
    }

    /// The parts of the position `components`.
    pub(super) fn parts<'a>(&'a self, components: &[String]) -> Result<Vec<Part<'a>>> {
        match &self.games {
            Games::One(game) => Ok(components
                .iter()
                .map(|c| Part {
                    game: &**game,
                    name: None,
                    components: read_sums(&**game, std::slice::from_ref(c)),
                })
                .collect()),
            Games::Each(games) => {
                // Each part names its game, so any of the sum's parts read
                // alone too: `explain` values a part's options by itself.
                let part = |c: &String| {
                    let (first, rest) = split_part(c)?;
                    let Some((name, game)) = games.iter().find(|(name, _)| name == first) else {
                        let names: Vec<&str> = games.iter().map(|(n, _)| n.as_str()).collect();
                        return Err(Error::parse(format!(
                            "the part `{}` is not a position of the sum's games ({}), written `GAME POSITION`",
                            shorten_quote(c),
                            names.join(", ")
                        )));
                    };
                    let texts: Vec<String> = rest.iter().map(|w| w.to_string()).collect();
                    Ok(Part {
                        game: &**game,
                        name: Some(name.clone()),
                        components: read_sums(&**game, &texts),
                    })
                };
                components.iter().map(part).collect()
            }
        }
    }

    fn not_here(&self, what: &str) -> Error {
        Error::unsupported(format!(
            "a {} compound has no {what}; ask its game",
            self.kind
        ))
    }
}

impl Ruleset for CompoundRuleset {
    /// The game's name and the compound: what `play` says it plays.
    fn name(&self) -> String {
        match (&self.games, self.kind) {
            (Games::One(game), kind) => format!("{} ({kind} compound)", game.name()),
            (Games::Each(_), Compound::Disjunctive) => "sum".to_string(),
            (Games::Each(_), kind) => format!("sum ({kind} compound)"),
        }
    }

    /// The compound's analysis, as a facade's analysis: no values, and
    /// each winning move a move of the whole position.
    fn analyze(&self, components: &[String], limits: &Limits) -> Result<Analysis> {
        let c = match analyze(&self.parts(components)?, self.kind, self.misere, limits)? {
            Answer::Compound(c) => c,
            Answer::Sum(a) => return Ok(a),
        };
        let winning_moves = c
            .winning_moves
            .iter()
            .map(|m| {
                let mut next = components.to_vec();
                for mv in &m.moves {
                    next[mv.component.unwrap_or(0)] = mv.to.clone();
                }
                Move::whole(next)
            })
            .collect();
        let mut a = Analysis::by_outcome(c.game, components, c.outcome, winning_moves);
        a.moves_truncated = c.moves_truncated;
        a.misere = self.misere;
        a.method = Some(c.method);
        Ok(a)
    }

    /// Every move of the compound: a choice, per component, of staying or
    /// of one of its options, as the compound's rules allow.
    fn position_moves(&self, components: &[String], limits: &Limits) -> Result<Vec<PositionMove>> {
        let mut options = Vec::with_capacity(components.len());
        for part in self.parts(components)? {
            let moves = part.game.position_moves(&part.components, limits)?;
            let mut seen = FxHashSet::default();
            let texts: Vec<String> = moves
                .into_iter()
                .map(|m| part.written(&m.next))
                .filter(|t| seen.insert(t.clone()))
                .collect();
            options.push(texts);
        }
        let counts: Vec<usize> = options.iter().map(Vec::len).collect();
        let (mut moves, mut failure) = (Vec::new(), None);
        for_each_choice(self.kind, &counts, &mut |choice| {
            if let Err(e) =
                limits.check_states(moves.len() as u64 + 1, "listing the compound's moves")
            {
                failure = Some(e);
                return false;
            }
            let next = choice
                .iter()
                .enumerate()
                .map(|(i, c)| c.map_or_else(|| components[i].clone(), |j| options[i][j].clone()))
                .collect();
            moves.push(PositionMove::whole(next));
            true
        });
        failure.map_or(Ok(moves), Err)
    }

    fn misere(&self) -> bool {
        self.misere
    }

    fn reads_sums(&self) -> bool {
        false
    }

    /// A component as its game writes it back: `3+4`, or in a sum of
    /// different games its game's name first (`kayles 1+1` is written
    /// `kayles 1 1`, as moves print it).
    fn canonical(&self, component: &str) -> Result<String> {
        let part = self.parts(&[component.to_string()])?.remove(0);
        let texts = (part.components.iter())
            .map(|p| part.game.canonical(p))
            .collect::<Result<Vec<_>>>()?;
        Ok(part.written(&texts))
    }

    fn heap(&self) -> Option<&dyn HeapSequence> {
        None
    }

    fn solve_table(&self, _: &Limits) -> Option<Result<StateTable>> {
        None
    }

    fn into_misere(self: Box<Self>) -> Result<Box<dyn Ruleset>> {
        Ok(Box::new(CompoundRuleset {
            misere: true,
            ..*self
        }))
    }

    fn split_components(&self, _: &[String]) -> Result<Option<Vec<SplitComponent>>> {
        Ok(None)
    }

    fn component_graph(&self, _: &[String], _: &Limits) -> Result<ComponentGraph> {
        Err(self.not_here("component graph: compounds do not nest"))
    }

    fn moves_to_value(
        &self,
        _: &[String],
        _: Nimber,
        _: &Limits,
        _: usize,
    ) -> Result<(Nimber, Vec<Move>, bool)> {
        Err(self.not_here("Sprague-Grundy value"))
    }
}

/// Fails when `game` cannot be a part of the compound: it is played on
/// the whole position, or the compound is played misère (`misere`) and
/// `game` has no misère play (the Cutting Game is won by cutting out a
/// 1x1 piece). Its answers would mean nothing.
fn refuse_part(misere: bool, game: &dyn Ruleset) -> Result<()> {
    match game.part_refusal(misere) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
