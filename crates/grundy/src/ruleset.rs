//! The text-level face of every game: what the CLI and the web page call.
//!
//! Front ends know games only by name and positions only as text. A
//! [`Ruleset`] turns component texts into an [`Analysis`] (values, outcome,
//! winning moves), and heap games also into a Grundy sequence. Every game
//! plugs in one way: it implements the typed [`Game`] (parse, print and
//! value a component, list its options, and defaulted hooks: its own
//! analysis of a position, misère play, a heap sequence, an explicit
//! graph, components read from files), and the one adapter [`SumRuleset`]
//! gives front ends the text level.

use std::sync::Arc;

use rustc_hash::FxHashSet;

pub use crate::answer::drawing::{Drawing, Figure};
pub use crate::answer::{
    Analysis, ListedMove, Move, PositionMove, Value, MAX_LISTED_MOVES, MAX_LISTED_TEXT,
};
use crate::error::{Error, Result};
use crate::game::Limits;
use crate::game::Visit;
pub use crate::game::{parse_count, parse_heap, parse_pair};
use crate::heap::MAX_HEAP;
use crate::heap::{HeapGame, HeapRules, HeapSequence, SeqReport, SeqRequest, SeqRun};
use crate::nimber::Nimber;
use crate::solve::compound::{explore_sum, ComponentGraph};
use crate::solve::retro::StateTable;
use crate::solve::split::Split;

mod figure;
mod files;
mod game;
mod heaps;
mod misere;
mod typed;
pub(crate) use files::NAMES_NO_FILE;
pub use files::{
    analyze_position, inline_position, read_position, FileAccess, FilePosition, FileRef, IsFile,
};
pub(crate) use game::{in_file, read_components, whole_position_only};
pub use game::{list_options, options_where, scan_options_with_value, Game};
pub use heaps::{heap_moves, HeapQuestion};
pub use misere::{misere_sequence_of, Misere, MiserePlay, BY_GENUS, BY_QUOTIENT, BY_SEARCH};
use typed::component_move;
pub use typed::{listed_move_to, read_sums, read_typed, split_sum, split_words};

/// A game that front ends can drive by name: the object-safe text level.
///
/// A game plugs in only through [`SumRuleset`], by implementing the typed
/// [`Game`]; the one other implementation,
/// [`CompoundRuleset`](crate::compound::CompoundRuleset), puts a compound
/// of games behind the same facade so that play and pictures reach it.
/// What only some games can do is reached through methods that return
/// `Option` or, for files, through [`Ruleset::reads_files`] and methods
/// with defaults, so that this interface stays the same for every game.
pub trait Ruleset: Send + Sync {
    /// The canonical name (what `spec::parse` accepts back).
    fn name(&self) -> String;

    /// Values, outcome and winning moves of the sum of `components`.
    fn analyze(&self, components: &[String], limits: &Limits) -> Result<Analysis>;

    /// Every move from the position `components`, for play and pictures of
    /// the state graph. Fails with [`Error::Limit`] rather than list more
    /// than `limits.max_states` moves.
    fn position_moves(&self, components: &[String], limits: &Limits) -> Result<Vec<PositionMove>>;

    /// Whether the last player to move loses (misère play): play and
    /// pictures follow it.
    fn misere(&self) -> bool;

    /// Whether a component written `a+b` (as the `to` of a move that
    /// splits a component is written) means the sum of the parts `a` and
    /// `b`, so that front ends read every move they print back as a
    /// position (see [`split_sum`]).
    fn reads_sums(&self) -> bool;

    /// A component's text as the game writes it back (`04` is `4`; `"y"`
    /// and `y` are one script string; the marks of a move, `tHh` or
    /// `~1-2`, left out), or why it is no component.
    fn canonical(&self, component: &str) -> Result<String>;

    /// The heap-game view, for games whose components are heaps: long runs,
    /// checkpoints and streaming go through it, and so does misère theory
    /// (genus symbols, misère quotients), which works on the game's own
    /// moves of heaps in both conventions.
    fn heap(&self) -> Option<&dyn HeapSequence>;

    /// The Grundy sequence G(0), G(1), ... with its periodicity, by the
    /// one sequence policy ([`SeqRun`]) over the heap-game view. Misère
    /// play has no such sequence (its values do not add up): it is
    /// refused with a pointer to the misère sequence.
    fn sequence(&self, req: &SeqRequest, limits: &Limits) -> Result<SeqReport> {
        SeqRun::new(heap_moves(self, HeapQuestion::Sequence)?, req, limits).complete(limits)
    }

    /// [`Ruleset::sequence`] as a human form shows it: the report lists
    /// the first `listed` values and the last only ([`SeqRun::listing`]),
    /// so that a long run is not copied whole to show a table's head.
    fn sequence_listing(
        &self,
        req: &SeqRequest,
        listed: u64,
        limits: &Limits,
    ) -> Result<SeqReport> {
        let run = SeqRun::new(heap_moves(self, HeapQuestion::Sequence)?, req, limits);
        run.listing(listed).complete(limits)
    }

    /// Every position with its outcome, remoteness and generalized value
    /// (in misère play: outcome and remoteness), for games on a finite
    /// explicit graph whose every vertex can be solved at once (`grundy
    /// solve`); `None` for other games.
    fn solve_table(&self, limits: &Limits) -> Option<Result<StateTable>>;

    /// Whether a component may be given as the path of a file holding its
    /// text ([`Game::reads_files`]); the engine does no I/O, front ends
    /// read the files ([`read_position`]).
    fn reads_files(&self) -> bool {
        false
    }

    /// The file a component text names and the text it adds to the
    /// file's, or `None` ([`Game::file_reference`]).
    fn file_reference<'a>(&self, component: &'a str, is_file: IsFile) -> Result<FileRef<'a>> {
        let _ = (component, is_file);
        Ok(None)
    }

    /// The inline text of a component read from the file `path`
    /// ([`Game::component_from_file`]).
    fn component_from_file(&self, text: &str, path: &str) -> Result<String> {
        let _ = text;
        Err(Error::unsupported(format!(
            "{} reads no component from a file such as {path}",
            self.name()
        )))
    }

    /// Warnings about components that read well but are probably not what
    /// was meant ([`Game::file_warnings`]).
    fn file_warnings(&self, position: &FilePosition) -> Vec<String> {
        let _ = position;
        Vec::new()
    }

    /// [`Ruleset::analyze`] of a position whose components may have been
    /// read from files ([`Game::analyze_files`]).
    fn analyze_files(&self, position: &FilePosition, limits: &Limits) -> Result<Analysis> {
        self.analyze(&position.texts, limits)
    }

    /// This game played misère (the last player to move loses), decided
    /// by search ([`Misere`]), or a one-line refusal saying why misère
    /// play means nothing for it. `spec` asks it for `--misere` of games
    /// without a misère theory of their own.
    fn into_misere(self: Box<Self>) -> Result<Box<dyn Ruleset>>;

    /// Why a position of the game cannot be a part of a compound (played
    /// misère when `misere`), as [`Game::misere_play`] says: a game played
    /// on the whole position (staircase) has no parts' moves of its own,
    /// and one without misère play refuses it as the game alone refuses
    /// `--misere`.
    fn part_refusal(&self, _misere: bool) -> Option<Error> {
        None
    }

    /// The components as keys of the split search, for front ends that
    /// value the keys themselves (`grundy-cluster` shares them among
    /// processes): `Ok(None)` for games the split search does not play.
    fn split_components(&self, components: &[String]) -> Result<Option<Vec<SplitComponent>>>;

    /// Every position reachable from the sum of `components`, as one
    /// component of a compound other than the sum (conjunctive,
    /// selective, ...), whose theories need more than its value. Fails
    /// past `limits.max_states` positions and for games that do not end.
    fn component_graph(&self, components: &[String], limits: &Limits) -> Result<ComponentGraph>;

    /// The value of the sum of `components` and up to `max` of its moves
    /// to a position of value `target` (with whether more exist): what a
    /// sum with components of other games needs of this one.
    fn moves_to_value(
        &self,
        components: &[String],
        target: Nimber,
        limits: &Limits,
        max: usize,
    ) -> Result<(Nimber, Vec<Move>, bool)>;

    /// The drawing of the position `components` and the keys that choose
    /// each of `moves` (moves listed from it), for front ends that draw
    /// positions and play by clicks or coordinates; `None` when the game
    /// (or one component) has no drawing.
    fn figure(&self, components: &[String], moves: &[PositionMove]) -> Result<Option<Figure>> {
        let _ = (components, moves);
        Ok(None)
    }

    /// Whether [`Ruleset::move_to`] checks a move by the rules, without
    /// listing the moves ([`Game::tells_options`]).
    fn tells_moves(&self) -> bool {
        false
    }

    /// The move that turns component `i` of `components` into the parts
    /// `to` (each a component's text; `0` alone for nothing left), or
    /// `None` when that is no move. A player types a move where the
    /// position has too many to list (a Nim heap of 10^12): games whose
    /// rules tell an option at once ([`Game::is_option`]) check it so, the
    /// others look for it among [`Ruleset::position_moves`], within its
    /// budget.
    fn move_to(
        &self,
        components: &[String],
        i: usize,
        to: &[String],
        limits: &Limits,
    ) -> Result<Option<PositionMove>> {
        listed_move_to(self, components, i, to, limits)
    }

    /// A move from `components` (`None`: there is none), found at once
    /// where the rules tell options ([`Ruleset::tells_moves`]), else the
    /// first listed: the move of a player who loses anyway.
    fn first_move(&self, components: &[String], limits: &Limits) -> Result<Option<PositionMove>> {
        Ok(self.position_moves(components, limits)?.into_iter().next())
    }
}

/// A component as the split search sees it: its value is the XOR of the
/// values of `keys` under `rules`. Keys mean something only under their
/// rules (a graph's vertex sets under its own edges), so each component
/// carries its own.
pub struct SplitComponent {
    /// The rules on keys: the options of a key as canonical parts.
    pub rules: Arc<dyn Split + Send>,
    /// The canonical keys of the component's parts (parts worth 0 may be
    /// left out).
    pub keys: Vec<u128>,
}

/// A position as the adapter hands it to a game: the component texts as
/// given (for reports, and for the moves' `next`) and the components they
/// read as, one per text.
#[derive(Debug)]
pub struct Parsed<'a, C> {
    /// The texts, as given.
    pub texts: &'a [String],
    /// The components the texts read as.
    pub comps: &'a [C],
}

impl<'a, C> Parsed<'a, C> {
    /// The position `texts`, read as `comps`.
    pub fn new(texts: &'a [String], comps: &'a [C]) -> Self {
        debug_assert_eq!(texts.len(), comps.len());
        Parsed { texts, comps }
    }
}

impl<C> Clone for Parsed<'_, C> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<C> Copy for Parsed<'_, C> {}

/// The one adapter from a typed game to the text level: parse every
/// component, then hand the typed position to the game
/// ([`Game::analyze_position`]).
pub struct SumRuleset<G>(pub G);

/// `game` behind the text level, ready for front ends.
pub fn boxed<G: Game + 'static>(game: G) -> Box<dyn Ruleset> {
    Box::new(SumRuleset(game))
}

impl<G: Game> SumRuleset<G> {
    fn parse_all(&self, components: &[String]) -> Result<Vec<G::Comp>> {
        components
            .iter()
            .map(|t| self.0.parse_component(t))
            .collect()
    }
}

impl<G: Game + 'static> Ruleset for SumRuleset<G> {
    fn name(&self) -> String {
        self.0.name()
    }

    fn analyze(&self, components: &[String], limits: &Limits) -> Result<Analysis> {
        let comps = self.parse_all(components)?;
        let a = self
            .0
            .analyze_position(Parsed::new(components, &comps), limits)?;
        a.checked(limits.max_moves, || {
            Ok(!self.position_moves(components, limits)?.is_empty())
        })
    }

    fn position_moves(&self, components: &[String], limits: &Limits) -> Result<Vec<PositionMove>> {
        let comps = self.parse_all(components)?;
        self.0
            .moves_of_position(Parsed::new(components, &comps), limits)
    }

    fn misere(&self) -> bool {
        self.0.misere()
    }

    fn canonical(&self, component: &str) -> Result<String> {
        let c = self.0.parse_component(component)?;
        Ok(self.0.format_component(&self.0.unmarked(c)))
    }

    fn reads_sums(&self) -> bool {
        self.0.reads_sums()
    }

    fn heap(&self) -> Option<&dyn HeapSequence> {
        self.0.heap()
    }

    fn solve_table(&self, limits: &Limits) -> Option<Result<StateTable>> {
        self.0.solve_table(false, limits)
    }

    fn reads_files(&self) -> bool {
        self.0.reads_files()
    }

    fn file_reference<'a>(&self, component: &'a str, is_file: IsFile) -> Result<FileRef<'a>> {
        self.0.file_reference(component, is_file)
    }

    fn component_from_file(&self, text: &str, path: &str) -> Result<String> {
        self.0.component_from_file(text, path)
    }

    fn file_warnings(&self, position: &FilePosition) -> Vec<String> {
        self.0.file_warnings(position)
    }

    fn analyze_files(&self, position: &FilePosition, limits: &Limits) -> Result<Analysis> {
        self.0.analyze_files(position, limits)
    }

    fn into_misere(self: Box<Self>) -> Result<Box<dyn Ruleset>> {
        self.0.into_misere()
    }

    fn part_refusal(&self, misere: bool) -> Option<Error> {
        match self.0.misere_play() {
            MiserePlay::WholePosition => Some(whole_position_only(&self.0.name())),
            MiserePlay::Refused(why) if misere => Some(misere::refusal(&self.0.name(), why)),
            _ => None,
        }
    }

    fn split_components(&self, components: &[String]) -> Result<Option<Vec<SplitComponent>>> {
        let comps = self.parse_all(components)?;
        Ok(comps.iter().map(|c| self.0.split_component(c)).collect())
    }

    fn component_graph(&self, components: &[String], limits: &Limits) -> Result<ComponentGraph> {
        let game = &self.0;
        let write = |to: &[G::Comp], parts: &[G::Comp]| ListedMove {
            to: game.format_option(to),
            note: game.describe_option(parts),
            parts: game.option_parts(to),
        };
        let comps = self.parse_all(components)?;
        explore_sum(
            &comps,
            &|c, l, f| game.for_each_option(c, l, f),
            &write,
            limits,
        )
    }

    fn moves_to_value(
        &self,
        components: &[String],
        target: Nimber,
        limits: &Limits,
        max: usize,
    ) -> Result<(Nimber, Vec<Move>, bool)> {
        let comps = self.parse_all(components)?;
        let values = values_of(&self.0, &comps, limits)?;
        let total: Nimber = values.iter().copied().sum();
        let (moves, more) = moves_reaching(&self.0, &comps, &values, total + target, limits, max)?;
        Ok((total, moves, more))
    }

    fn figure(&self, components: &[String], moves: &[PositionMove]) -> Result<Option<Figure>> {
        figure::figure_of(&self.0, &self.parse_all(components)?, moves)
    }

    fn tells_moves(&self) -> bool {
        self.0.tells_options()
    }

    fn first_move(&self, components: &[String], limits: &Limits) -> Result<Option<PositionMove>> {
        if !self.0.tells_options() {
            return Ok(self.position_moves(components, limits)?.into_iter().next());
        }
        let comps = self.parse_all(components)?;
        Ok(comps.iter().enumerate().find_map(|(i, c)| {
            let parts = self.0.first_option(c, limits)?;
            Some(component_move(&self.0, i, &parts, components))
        }))
    }

    fn move_to(
        &self,
        components: &[String],
        i: usize,
        to: &[String],
        limits: &Limits,
    ) -> Result<Option<PositionMove>> {
        let comps = self.parse_all(components)?;
        let (Some(c), false) = (comps.get(i), to.is_empty()) else {
            return Ok(None);
        };
        let nothing = self.0.format_option(&[]);
        let mut parts = match to {
            [t] if *t == nothing => Vec::new(),
            _ => match to.iter().map(|t| self.0.parse_component(t)).collect() {
                Ok(parts) => parts,
                Err(_) => return Ok(None),
            },
        };
        match self.0.is_option(c, &mut parts) {
            Some(true) => Ok(Some(component_move(&self.0, i, &parts, components))),
            Some(false) => Ok(None),
            None => listed_move_to(self, components, i, to, limits),
        }
    }
}

/// Every move of a sum: each option of each component, the component
/// replaced by the parts it becomes (a finished component keeps its text
/// for "nothing left", so positions keep their shape).
pub fn sum_position_moves<G: Game + ?Sized>(
    game: &G,
    p: Parsed<'_, G::Comp>,
    limits: &Limits,
) -> Result<Vec<PositionMove>> {
    let mut moves = Vec::new();
    let mut failure = None;
    for (i, c) in p.comps.iter().enumerate() {
        // A ruleset may list one option twice; it is one move.
        let mut seen = FxHashSet::default();
        game.for_each_option(c, limits, &mut |parts| {
            if let Err(e) = limits.check_states(moves.len() as u64 + 1, "listing the moves") {
                failure = Some(e);
                return false;
            }
            if !seen.insert(game.format_option(parts)) {
                return true;
            }
            moves.push(component_move(game, i, parts, p.texts));
            true
        })?;
        if let Some(e) = failure.take() {
            return Err(e);
        }
    }
    Ok(moves)
}

/// Values, outcome and winning moves of a sum of components.
///
/// A move in component `i` wins exactly when it reaches a value
/// `g_i ⊕ s`, where `s` is the total: the new total is then zero.
pub fn analyze_parsed<G: Game + ?Sized>(
    game: &G,
    p: Parsed<'_, G::Comp>,
    limits: &Limits,
) -> Result<Analysis> {
    let values = values_of(game, p.comps, limits)?;
    let total: Nimber = values.iter().copied().sum();
    let (winning_moves, truncated) = match total == Nimber::ZERO {
        true => (Vec::new(), false),
        false => moves_reaching(game, p.comps, &values, total, limits, limits.max_moves)?,
    };
    Ok(Analysis::of_sum(
        game.name(),
        p.texts.to_vec(),
        &values,
        winning_moves,
        truncated,
    ))
}

/// The value of each component.
fn values_of<G: Game + ?Sized>(
    game: &G,
    comps: &[G::Comp],
    limits: &Limits,
) -> Result<Vec<Nimber>> {
    comps.iter().map(|c| game.value(c, limits)).collect()
}

/// Up to `max` moves of a sum whose components have `values` that change
/// its value by `change` (a move in component `i` reaches value
/// `g_i ⊕ change`), and whether more exist: with `change` the total, the
/// winning moves.
fn moves_reaching<G: Game + ?Sized>(
    game: &G,
    comps: &[G::Comp],
    values: &[Nimber],
    change: Nimber,
    limits: &Limits,
    max: usize,
) -> Result<(Vec<Move>, bool)> {
    let mut found = Vec::new();
    let mut truncated = false;
    for (i, (c, &g)) in comps.iter().zip(values).enumerate() {
        let room = max.saturating_sub(found.len());
        if room == 0 {
            truncated = true;
            break;
        }
        let (moves, more) = game.listed_options(c, g + change, limits, room)?;
        truncated |= more;
        let mut seen = FxHashSet::default();
        found.extend(
            moves
                .into_iter()
                .filter(|m| seen.insert(m.to.clone()))
                .map(|m| m.in_component(i)),
        );
    }
    Ok((found, truncated))
}

/// Heap games are sums of heaps that also have a Grundy sequence.
impl<R: HeapRules> Game for HeapGame<R> {
    type Comp = u64;

    fn name(&self) -> String {
        self.rules().name()
    }

    fn parse_component(&self, text: &str) -> Result<u64> {
        parse_heap(text, MAX_HEAP)
    }

    fn format_component(&self, c: &u64) -> String {
        c.to_string()
    }

    fn value(&self, c: &u64, limits: &Limits) -> Result<Nimber> {
        self.value_of(*c, limits).map(Nimber)
    }

    fn for_each_option(&self, c: &u64, _: &Limits, f: Visit<u64>) -> Result<()> {
        self.rules().for_each_option(*c, f);
        Ok(())
    }

    fn options_with_value(
        &self,
        c: &u64,
        target: Nimber,
        limits: &Limits,
        max: usize,
    ) -> Result<(Vec<Vec<u64>>, bool)> {
        match self.rules().options_with_value(*c, target.0, limits, max) {
            Some(found) => Ok(found),
            None => scan_options_with_value(self, c, target, limits, max),
        }
    }

    fn is_option(&self, c: &u64, parts: &mut [u64]) -> Option<bool> {
        parts.sort_unstable();
        self.rules().is_option(*c, parts)
    }

    fn tells_options(&self) -> bool {
        self.rules().is_option(0, &[]).is_some()
    }

    fn heap(&self) -> Option<&dyn HeapSequence> {
        Some(self)
    }

    fn as_heap(&self, c: &u64) -> Option<u64> {
        Some(*c)
    }

    fn marks(&self, from: &u64, to: &[u64]) -> Vec<Vec<String>> {
        figure::row_marks(*from, to, self.rules().takes_inside())
    }
}

#[cfg(test)]
mod tests;
