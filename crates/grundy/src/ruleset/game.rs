//! The one trait a game implements ([`Game`]): it reads, prints and
//! values a component and lists its options, and overrides the hooks for
//! what it can do beyond that (its own analysis of a position, misère
//! play, a heap sequence, an explicit graph, components read from files,
//! drawings). Every hook has a default, so a game states only what it
//! has; [`super::SumRuleset`] puts any `Game` behind the object-safe
//! [`super::Ruleset`] that front ends drive.

use std::fmt;
use std::hash::Hash;

use super::files::{not_a_file, FilePosition, FileRef, IsFile};
use super::misere::{self, Misere, MiserePlay};
use super::{analyze_parsed, boxed, figure, sum_position_moves, Parsed, Ruleset, SplitComponent};
use crate::answer::drawing::{Drawing, MAX_DRAWN_HEAP};
use crate::answer::{Analysis, ListedMove, PositionMove};
use crate::error::{Error, Result};
use crate::game::{Limits, Visit};
use crate::heap::HeapSequence;
use crate::nimber::Nimber;
use crate::solve::retro::StateTable;

/// A game: positions are sums of independent components of one kind
/// (`Comp`), or, for games played on the whole position, lists of
/// components that mean something only together. The required methods
/// read and print a component; the rest are hooks with defaults.
pub trait Game: Send + Sync {
    /// One component.
    type Comp: Clone + Eq + Hash + fmt::Debug;

    /// The canonical game name.
    fn name(&self) -> String;

    /// Reads a component; errors say what was expected.
    fn parse_component(&self, text: &str) -> Result<Self::Comp>;

    /// Writes a component the way [`Game::parse_component`] reads it.
    fn format_component(&self, c: &Self::Comp) -> String;

    /// The value of one component. Every game whose positions are sums
    /// gives it; the default is for games played on the whole position
    /// (Moore's Nim, staircase Nim, misère Nim), whose components mean
    /// something only together and so have no value of their own. A sum
    /// game that forgot it would fail `tests/play.rs`, which values every
    /// game's registry example.
    fn value(&self, _c: &Self::Comp, _limits: &Limits) -> Result<Nimber> {
        Err(whole_position_only(&self.name()))
    }

    /// Calls `f` with every option of `c` (the components it becomes; empty
    /// when nothing is left) until `f` returns `false`. The default, as
    /// for [`Game::value`], is for games played on the whole position.
    fn for_each_option(
        &self,
        _c: &Self::Comp,
        _limits: &Limits,
        _f: Visit<Self::Comp>,
    ) -> Result<()> {
        Err(whole_position_only(&self.name()))
    }

    /// The options of `c` whose value is `target`, at most `max` of them,
    /// and whether more exist (or the search was cut short).
    ///
    /// The default scans options with [`scan_options_with_value`]; games
    /// with huge components override it with their theory.
    fn options_with_value(
        &self,
        c: &Self::Comp,
        target: Nimber,
        limits: &Limits,
        max: usize,
    ) -> Result<(Vec<Vec<Self::Comp>>, bool)> {
        scan_options_with_value(self, c, target, limits, max)
    }

    /// Whether `parts` is an option of `c`, told from the rules without
    /// listing the options of `c` (so that a move typed in a position
    /// with too many to list is checked at once: [`Ruleset::move_to`]),
    /// with `parts` put in the order the game lists them; `None` when the
    /// game cannot tell so. Only games whose moves are the options of one
    /// component (not a whole-position rule) may answer.
    fn is_option(&self, _c: &Self::Comp, _parts: &mut [Self::Comp]) -> Option<bool> {
        None
    }

    /// Whether [`Game::is_option`] answers (it then answers for every
    /// component): play then takes typed moves in positions with too
    /// many to list, and refuses the others.
    fn tells_options(&self) -> bool {
        false
    }

    /// An option of `c` found at once (`None`: it has none), for games
    /// that tell options ([`Game::tells_options`]): the move of a player
    /// who loses anyway where there are too many to list. The default is
    /// the first that [`Game::for_each_option`] lists.
    fn first_option(&self, c: &Self::Comp, limits: &Limits) -> Option<Vec<Self::Comp>> {
        let mut first = None;
        self.for_each_option(c, limits, &mut |parts| {
            first = Some(parts.to_vec());
            false
        })
        .ok()?;
        first
    }

    /// The winning moves of `c` as they are reported: the options of value
    /// `target` (at most `max`), each as its `to` text and note, and
    /// whether more exist. The default writes each option out; a game
    /// whose options may be too long to print can name them instead.
    fn listed_options(
        &self,
        c: &Self::Comp,
        target: Nimber,
        limits: &Limits,
        max: usize,
    ) -> Result<(Vec<ListedMove>, bool)> {
        let (opts, more) = self.options_with_value(c, target, limits, max)?;
        Ok((list_options(self, &opts), more))
    }

    /// The move to `parts` in words, for [`Move::note`](crate::answer::Move::note).
    fn describe_option(&self, _parts: &[Self::Comp]) -> Option<String> {
        None
    }

    /// The text of an option made of `parts`.
    fn format_option(&self, parts: &[Self::Comp]) -> String {
        if parts.is_empty() {
            return "0".to_string();
        }
        let texts: Vec<String> = parts.iter().map(|p| self.format_component(p)).collect();
        texts.join("+")
    }

    /// The texts an option made of `parts` leaves in the position, one per
    /// component ([`Move::parts`](crate::answer::Move::parts)): a finished
    /// component keeps the text of "nothing left", so positions keep their
    /// shape.
    fn option_parts(&self, parts: &[Self::Comp]) -> Vec<String> {
        if parts.is_empty() {
            vec![self.format_option(parts)]
        } else {
            parts.iter().map(|p| self.format_component(p)).collect()
        }
    }

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
    /// [`Game::misere_play`] says; a game already played misère
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
    /// games whose position is one whole (staircase, Moore's Nim: their
    /// [`Game::misere_play`] says so, the one place a game declares it) or
    /// whose texts may hold a `+` (vertex names) say no.
    fn reads_sums(&self) -> bool {
        self.misere_play() != MiserePlay::WholePosition
    }

    /// `c` without the marks of the move that led to it (the coins it
    /// turned, the edge it cut): they are for display, not part of the
    /// position, so [`Ruleset::canonical`], which compares positions by
    /// meaning, leaves them out, and a state graph draws one node for
    /// positions reached by different moves.
    fn unmarked(&self, c: Self::Comp) -> Self::Comp {
        c
    }

    /// The game's heap sequence and moves of heaps, for heap games
    /// ([`Ruleset::heap`]).
    fn heap(&self) -> Option<&dyn HeapSequence> {
        None
    }

    /// The heap a component is, for games with [`Game::heap`]
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

    /// Whether a component may be given as the path of a file holding its
    /// text (a graph of a million edges does not fit on a command line),
    /// read by [`Game::parse_file`]. The engine does no I/O: front ends
    /// read the files ([`crate::ruleset::read_position`]).
    fn reads_files(&self) -> bool {
        false
    }

    /// The component the text of a file describes, in the game's own line
    /// format; the default, for games that read no files, refuses.
    fn parse_file(&self, _text: &str) -> Result<Self::Comp> {
        Err(Error::unsupported(format!(
            "{} reads no component from a file",
            self.name()
        )))
    }

    /// The file the component text `component` names, with the text its
    /// name adds to the file's (Hackenbush's `FILE~u-v` adds a cut line),
    /// or `None` when it names no file; `is_file` is the front end's answer
    /// to whether a path is a file. The default: a component names a file
    /// when the whole text is a path, and adds nothing to it.
    fn file_reference<'a>(&self, component: &'a str, is_file: IsFile) -> Result<FileRef<'a>> {
        let names_file = self.reads_files() && is_file(component);
        Ok(names_file.then(|| (component, String::new())))
    }

    /// The inline text of a component read from the file `path`, for
    /// front ends that pass positions around as texts (play, pictures);
    /// errors start with the path.
    fn component_from_file(&self, text: &str, path: &str) -> Result<String> {
        let c = self.parse_file(text).map_err(|e| in_file(path, e))?;
        Ok(self.format_component(&c))
    }

    /// Warnings about components of `position` that read well but are
    /// probably not what was meant (a Hackenbush graph that never touches
    /// its ground is worth 0), one line each, for front ends to show.
    /// Errors are left to the analysis.
    fn file_warnings(&self, _position: &FilePosition) -> Vec<String> {
        Vec::new()
    }

    /// [`Game::analyze_position`] of a position whose components may have
    /// been read from files. Reports name the path instead of repeating
    /// the file's text, errors about a file start with its path, and an
    /// inline text that reads as nothing but looks like a path says no
    /// file has that name.
    fn analyze_files(&self, position: &FilePosition, limits: &Limits) -> Result<Analysis> {
        let read = |text: &str, path: &str| self.parse_file(text).map_err(|e| in_file(path, e));
        let inline = |t: &str| self.parse_component(t).map_err(|e| not_a_file(t, e));
        let (shown, comps) = read_components(position, read, inline)?;
        self.analyze_position(Parsed::new(&shown, &comps), limits)
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
    /// drawing, each a set of the drawing's keys ([`Figure::marks`](crate::answer::drawing::Figure::marks)); the
    /// default, for heaps, is the lowest token taken.
    fn marks(&self, from: &Self::Comp, to: &[Self::Comp]) -> Vec<Vec<String>> {
        figure::heap_marks(self, from, to)
    }
}

/// Options written out as [`ListedMove`]s.
pub fn list_options<G: Game + ?Sized>(game: &G, opts: &[Vec<G::Comp>]) -> Vec<ListedMove> {
    opts.iter()
        .map(|parts| ListedMove {
            to: game.format_option(parts),
            note: game.describe_option(parts),
            parts: game.option_parts(parts),
        })
        .collect()
}

/// Scans the options of `c` for those of value `target`, valuing each
/// option as the XOR of its parts. Stops after `max` finds or after
/// `limits.max_states` options, reporting the cut as truncation.
pub fn scan_options_with_value<G: Game + ?Sized>(
    game: &G,
    c: &G::Comp,
    target: Nimber,
    limits: &Limits,
    max: usize,
) -> Result<(Vec<Vec<G::Comp>>, bool)> {
    options_where(game, c, limits, max, |parts| {
        let mut v = Nimber::ZERO;
        for p in parts {
            v += game.value(p, limits)?;
        }
        Ok(v == target)
    })
}

/// The options of `c` that `wanted` says yes to, at most `max` (and
/// whether more exist, or `limits.max_states` options were scanned
/// first); the first error stops the scan. A game that can tell an
/// option of the value it wants more cheaply than by valuing it (one
/// outcome search: is the option plus `*target` lost?) hands that test
/// here.
pub fn options_where<G: Game + ?Sized>(
    game: &G,
    c: &G::Comp,
    limits: &Limits,
    max: usize,
    mut wanted: impl FnMut(&[G::Comp]) -> Result<bool>,
) -> Result<(Vec<Vec<G::Comp>>, bool)> {
    let mut found = Vec::new();
    let mut truncated = false;
    let mut scanned: u64 = 0;
    let mut failure = None;
    game.for_each_option(c, limits, &mut |parts| {
        scanned += 1;
        if scanned > limits.max_states {
            truncated = true;
            return false;
        }
        match wanted(parts) {
            Ok(false) => true,
            Ok(true) if found.len() == max => {
                truncated = true;
                false
            }
            Ok(true) => {
                found.push(parts.to_vec());
                true
            }
            Err(e) => {
                failure = Some(e);
                false
            }
        }
    })?;
    failure.map_or(Ok((found, truncated)), Err)
}

/// The components of a position read from files
/// ([`Game::analyze_files`]), each read by `from_file(text, path)` when it
/// came from the file `path` and by `inline(text)` otherwise, with the
/// texts reports show for them (the path, or the inline text).
pub(crate) fn read_components<T>(
    position: &FilePosition,
    from_file: impl Fn(&str, &str) -> Result<T>,
    inline: impl Fn(&str) -> Result<T>,
) -> Result<(Vec<String>, Vec<T>)> {
    let mut shown = Vec::with_capacity(position.texts.len());
    let mut read = Vec::with_capacity(position.texts.len());
    for (i, text) in position.texts.iter().enumerate() {
        match position.files.get(i).and_then(Option::as_ref) {
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

/// `e` as an error of the file `path`.
pub(crate) fn in_file(path: &str, e: Error) -> Error {
    Error::parse(format!("{path}: {e}"))
}

pub(crate) fn whole_position_only(game: &str) -> Error {
    Error::unsupported(format!(
        "{game} is played on the whole position: a component has no value or options of its own"
    ))
}
