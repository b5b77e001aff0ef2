//! The text-level face of every game: what the CLI and the web page call.
//!
//! Front ends know games only by name and positions only as text. A
//! [`Ruleset`] turns component texts into an [`Analysis`] (values, outcome,
//! winning moves), and heap games also into a Grundy sequence. Every game
//! plugs in one way: it implements the typed [`SumGame`] (parse, print and
//! value a component, list its options) and [`Capabilities`] (defaulted
//! hooks: its own analysis of a position, misère play, a heap sequence, an
//! explicit graph, components read from files), and the one adapter
//! [`SumRuleset`] gives front ends the text level.

use std::sync::Arc;

use rustc_hash::FxHashSet;

use crate::answer::drawing::MAX_DRAWN_HEAP;
pub use crate::answer::drawing::{Drawing, Figure};
pub use crate::answer::{
    Analysis, ListedMove, Move, PositionMove, Value, MAX_LISTED_MOVES, MAX_LISTED_TEXT,
};
use crate::error::{Error, Result};
use crate::game::Limits;
pub use crate::game::{list_options, parse_count, parse_pair, scan_options_with_value, SumGame};
use crate::heap::{HeapGame, HeapRules, HeapSequence, SeqReport, SeqRequest, SeqRun};
use crate::nimber::Nimber;
use crate::solve::compound::{explore_sum, ComponentGraph};
use crate::solve::retro::StateTable;
use crate::solve::split::Split;

mod figure;
mod files;
mod misere;
mod typed;
pub use files::{analyze_position, inline_position, read_position, FileAccess, FilePosition};
pub use misere::{
    misere_sequence_of, quotient_moves, Misere, MiserePlay, BY_GENUS, BY_QUOTIENT, BY_SEARCH,
};
pub use typed::{read_sums, read_typed, split_sum, split_words};

/// A game that front ends can drive by name: the object-safe text level.
///
/// A game plugs in only through [`SumRuleset`], by implementing the typed
/// [`SumGame`] and, for what it can do beyond values of components,
/// [`Capabilities`]; the one other implementation,
/// [`CompoundRuleset`](crate::compound::CompoundRuleset), puts a compound
/// of games behind the same facade so that play and pictures reach it. What only some games can do is reached through
/// methods that return `Option`, so that this interface stays the same
/// for every game.
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
    /// and `y` are one script string), or why it is no component.
    fn canonical(&self, component: &str) -> Result<String>;

    /// The heap-game view, for games whose components are heaps: long runs,
    /// checkpoints and streaming go through it.
    fn heap(&self) -> Option<&dyn HeapSequence>;

    /// The Grundy sequence G(0), G(1), ... with its periodicity, by the
    /// one sequence policy ([`SeqRun`]) over the heap-game view.
    fn sequence(&self, req: &SeqRequest, limits: &Limits) -> Result<SeqReport> {
        match self.heap() {
            Some(seq) => SeqRun::new(seq, req, limits).complete(limits),
            None => Err(Error::unsupported(format!(
                "{} is not a heap game, so it has no Grundy sequence; use `grundy value`",
                self.name()
            ))),
        }
    }

    /// The moves of heaps as heaps, for games whose components are heaps:
    /// misère theory (genus symbols, misère quotients) goes through it.
    fn heap_moves(&self) -> Option<&dyn HeapSequence>;

    /// Every position with its outcome, remoteness and generalized value
    /// (in misère play: outcome and remoteness), for games on a finite
    /// explicit graph whose every vertex can be solved at once (`grundy
    /// solve`); `None` for other games.
    fn solve_table(&self, limits: &Limits) -> Option<Result<StateTable>>;

    /// The way to components given as files, for games that accept them
    /// (the engine does no I/O: front ends read the files).
    fn files(&self) -> Option<&dyn ComponentFiles>;

    /// This game played misère (the last player to move loses), decided
    /// by search ([`Misere`]), or a one-line refusal saying why misère
    /// play means nothing for it. `spec` asks it for `--misere` of games
    /// without a misère theory of their own.
    fn into_misere(self: Box<Self>) -> Result<Box<dyn Ruleset>>;

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

/// Components that may be given as the path of a file holding their text
/// (a graph of a million edges does not fit on a command line).
pub trait ComponentFiles {
    /// The file the component text `component` names, and the text to add
    /// to the file's (Hackenbush's `FILE~u-v` adds a cut line), or `None`
    /// when it names no file; `is_file` is the front end's answer to
    /// whether a path is a file.
    fn file_reference<'a>(
        &self,
        component: &'a str,
        is_file: &dyn Fn(&str) -> bool,
    ) -> Result<Option<(&'a str, String)>>;

    /// The inline text of a component read from the file `path`, for
    /// front ends that pass positions around as texts (play, pictures).
    fn component_from_file(&self, text: &str, path: &str) -> Result<String>;

    /// Warnings about components that read well but are probably not
    /// what was meant (a Hackenbush graph that never touches its ground is
    /// worth 0), one line each, for front ends to show; `files[i]` is the
    /// path component `i` was read from. Errors are left to the analysis.
    fn warnings(&self, components: &[String], files: &[Option<String>]) -> Vec<String>;

    /// [`Ruleset::analyze`] where `files[i]` is the path that component
    /// `i`'s text was read from (`None`: given inline). Reports name the
    /// path instead of repeating the file's text, and errors about a file
    /// start with its path.
    fn analyze_files(
        &self,
        components: &[String],
        files: &[Option<String>],
        limits: &Limits,
    ) -> Result<Analysis>;
}

/// The components of [`ComponentFiles::analyze_files`], each read by
/// `from_file(text, path)` when `files` names the file its text came from
/// and by `inline(text)` otherwise, with the texts reports show for them
/// (the path, or the inline text).
pub(crate) fn read_components<T>(
    components: &[String],
    files: &[Option<String>],
    from_file: impl Fn(&str, &str) -> Result<T>,
    inline: impl Fn(&str) -> Result<T>,
) -> Result<(Vec<String>, Vec<T>)> {
    let mut shown = Vec::with_capacity(components.len());
    let mut read = Vec::with_capacity(components.len());
    for (i, text) in components.iter().enumerate() {
        match files.get(i).and_then(Option::as_ref) {
            Some(path) => {
                read.push(from_file(text, path)?);
                shown.push(path.clone());
            }
            None => {
                read.push(inline(text)?);
                shown.push(text.clone());
            }
        }
    }
    Ok((shown, read))
}

/// What a game can do beyond parsing, printing and valuing components
/// ([`SumGame`]): every method has a default, and a game overrides those
/// it needs. [`SumRuleset`] turns `SumGame + Capabilities` into a
/// [`Ruleset`]. They live here rather than in [`SumGame`] because some
/// answers (heap sequences, solved tables) are types of the layers above
/// the games' core.
pub trait Capabilities: SumGame {
    /// The analysis of the position `p`. The default
    /// is the sum rule ([`analyze_parsed`]); a game overrides it with its
    /// theory (Wythoff's huge pairs, Cutting's thin pieces), a rule for
    /// the whole position (Moore's Nim, staircase Nim, misère Nim) or a
    /// loopy analysis (scripts whose moves have cycles).
    fn analyze_position(&self, p: Parsed<'_, Self::Comp>, limits: &Limits) -> Result<Analysis> {
        analyze_parsed(self, p, limits)
    }

    /// Every move from the position `p`. The
    /// default moves one component to each of its options
    /// ([`sum_position_moves`]); whole-position games move the whole.
    fn moves_of_position(
        &self,
        p: Parsed<'_, Self::Comp>,
        limits: &Limits,
    ) -> Result<Vec<PositionMove>> {
        sum_position_moves(self, p, limits)
    }

    /// Whether the last player to move loses ([`Ruleset::misere`]).
    fn misere(&self) -> bool {
        false
    }

    /// How the game is played misère ([`Ruleset::into_misere`]): by
    /// default as a sum of independent components.
    fn misere_play(&self) -> MiserePlay {
        MiserePlay::Sums
    }

    /// This game played misère ([`Ruleset::into_misere`]), as
    /// [`Capabilities::misere_play`] says; a game already played misère
    /// stays as it is.
    fn into_misere(self) -> Result<Box<dyn Ruleset>>
    where
        Self: Sized + 'static,
    {
        match self.misere_play() {
            MiserePlay::Refused(why) => Err(misere::refusal(&self.name(), why)),
            _ => Ok(boxed(Misere::new(self))),
        }
    }

    /// Whether `a+b` means a sum of components ([`Ruleset::reads_sums`]):
    /// games whose position is one whole (staircase, Moore's Nim) or
    /// whose texts may hold a `+` (vertex names) say no.
    fn reads_sums(&self) -> bool {
        true
    }

    /// The heap-sequence capability ([`Ruleset::heap`]).
    fn heap(&self) -> Option<&dyn HeapSequence> {
        None
    }

    /// The heap-moves capability ([`Ruleset::heap_moves`]).
    fn heap_moves(&self) -> Option<&dyn HeapSequence> {
        None
    }

    /// The heap a component is, for games with [`Capabilities::heap_moves`]
    /// (`None`: a component that is no heap, such as a script's string).
    fn as_heap(&self, _c: &Self::Comp) -> Option<u64> {
        None
    }

    /// The whole graph solved, in normal or `misere` play (the player who
    /// cannot move wins), for games on a finite explicit graph
    /// ([`Ruleset::solve_table`]).
    fn solve_table(&self, _misere: bool, _limits: &Limits) -> Option<Result<StateTable>> {
        None
    }

    /// The file capability ([`Ruleset::files`]).
    fn files(&self) -> Option<&dyn ComponentFiles> {
        None
    }

    /// A component as keys of the split search
    /// ([`Ruleset::split_components`]), for games it plays.
    fn split_component(&self, _c: &Self::Comp) -> Option<SplitComponent> {
        None
    }

    /// How the component `c` is drawn (`None`: it is shown as its text).
    /// A game draws its own positions, as it parses and prints them; the
    /// default draws a heap as a stack of tokens when it is small enough
    /// to count.
    fn draw(&self, c: &Self::Comp) -> Option<Drawing> {
        let size = self.as_heap(c)?;
        (size <= MAX_DRAWN_HEAP).then_some(Drawing::Heap { size })
    }

    /// The ways to choose the move from `from` to the parts `to` on the
    /// drawing, each a set of the drawing's keys ([`Figure::marks`]); the
    /// default, for heaps, is the lowest token taken.
    fn marks(&self, from: &Self::Comp, to: &[Self::Comp]) -> Vec<Vec<String>> {
        figure::heap_marks(self, from, to)
    }
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
/// component, then hand the typed position to the game's
/// [`Capabilities`].
pub struct SumRuleset<G>(pub G);

/// `game` behind the text level, ready for front ends.
pub fn boxed<G: Capabilities + 'static>(game: G) -> Box<dyn Ruleset> {
    Box::new(SumRuleset(game))
}

impl<G: Capabilities> SumRuleset<G> {
    fn parse_all(&self, components: &[String]) -> Result<Vec<G::Comp>> {
        components
            .iter()
            .map(|t| self.0.parse_component(t))
            .collect()
    }
}

impl<G: Capabilities + 'static> Ruleset for SumRuleset<G> {
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
        Ok(self.0.format_component(&c))
    }

    fn reads_sums(&self) -> bool {
        self.0.reads_sums()
    }

    fn heap(&self) -> Option<&dyn HeapSequence> {
        self.0.heap()
    }

    fn heap_moves(&self) -> Option<&dyn HeapSequence> {
        self.0.heap_moves()
    }

    fn solve_table(&self, limits: &Limits) -> Option<Result<StateTable>> {
        self.0.solve_table(false, limits)
    }

    fn files(&self) -> Option<&dyn ComponentFiles> {
        self.0.files()
    }

    fn into_misere(self: Box<Self>) -> Result<Box<dyn Ruleset>> {
        self.0.into_misere()
    }

    fn split_components(&self, components: &[String]) -> Result<Option<Vec<SplitComponent>>> {
        let comps = self.parse_all(components)?;
        Ok(comps.iter().map(|c| self.0.split_component(c)).collect())
    }

    fn component_graph(&self, components: &[String], limits: &Limits) -> Result<ComponentGraph> {
        explore_sum(&self.0, &self.parse_all(components)?, limits)
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
}

/// Every move of a sum: each option of each component, the component
/// replaced by the parts it becomes (a finished component keeps its text
/// for "nothing left", so positions keep their shape).
pub fn sum_position_moves<G: SumGame + ?Sized>(
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
            let to = game.format_option(parts);
            if !seen.insert(to.clone()) {
                return true;
            }
            let mv = Move {
                component: Some(i),
                to,
                note: game.describe_option(parts),
                parts: game.option_parts(parts),
            };
            moves.push(PositionMove::new(mv, p.texts));
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
pub fn analyze_parsed<G: SumGame + ?Sized>(
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
fn values_of<G: SumGame + ?Sized>(
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
fn moves_reaching<G: SumGame + ?Sized>(
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
impl<R: HeapRules> Capabilities for HeapGame<R> {
    fn heap(&self) -> Option<&dyn HeapSequence> {
        Some(self)
    }

    fn heap_moves(&self) -> Option<&dyn HeapSequence> {
        Some(self)
    }

    fn as_heap(&self, c: &u64) -> Option<u64> {
        Some(*c)
    }
}

#[cfg(test)]
mod tests;
