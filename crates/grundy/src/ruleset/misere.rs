//! Misère play of any finite game, once for every game: [`Misere`] wraps a
//! game so that its positions are decided by the misère search
//! ([`crate::solve::misere`]) while its moves, texts and pictures stay the
//! game's own. `spec` wraps a game this way when `--misere` is asked and
//! the game has no misère theory of its own (misère Nim keeps Bouton's
//! rule).

mod heaps;
mod tame;

use std::sync::Mutex;

use rustc_hash::FxHashSet;

use super::{boxed, list_options, read_components, FilePosition, FileRef, Game, IsFile, Parsed};
use super::{heap_moves, HeapQuestion, Ruleset};
use crate::answer::drawing::Drawing;
use crate::answer::{Analysis, Move, PositionMove};
use crate::error::{Error, Result};
use crate::game::{Limits, Outcome, StateSpace, Visit};
use crate::heap::genus::{misere_sequence, MisereSeqReport, SeqProgress, DEFAULT_MISERE_TO};
use crate::heap::HeapSequence;
use crate::nimber::Nimber;
use crate::solve::misere::{MisereSearch, SumSpace};
use crate::solve::retro::StateTable;

/// How a game is played misère ([`Game::misere_play`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MiserePlay {
    /// A sum of independent components: searched as the sorted multiset
    /// of its components.
    Sums,
    /// One whole position (staircase, Moore's Nim): searched whole,
    /// through the game's moves of a position.
    WholePosition,
    /// Misère play means nothing for this game, for the reason given (a
    /// sentence that follows the game's name).
    Refused(&'static str),
}

/// The name of the method that decided a misère position, reported in
/// [`Analysis::method`]: search of the sum's multisets.
pub const BY_SEARCH: &str = "search";

/// [`Analysis::method`] of a sum of heaps decided by the game's misère
/// quotient (a product in a finite monoid, however many heaps).
pub const BY_QUOTIENT: &str = "quotient";

/// [`Analysis::method`] of a sum of hereditarily tame heaps decided by
/// Conway's genus rule (it plays like misère Nim, however many heaps).
pub const BY_GENUS: &str = "genus";

/// `G` played misère: the last player to move loses.
pub struct Misere<G> {
    /// The game.
    pub game: G,
    /// The misère quotient of a heap game, once computed, for the next
    /// question about a sum of heaps (play asks one a move).
    quotient: Mutex<Option<heaps::Known>>,
    /// The heaps found tame (or not) so far, for the genus rule.
    tame: Mutex<tame::TameHeaps>,
}

impl<G> Misere<G> {
    /// `game` played misère.
    pub fn new(game: G) -> Self {
        Misere {
            game,
            quotient: Mutex::new(None),
            tame: Mutex::default(),
        }
    }
}

impl<G: Game + 'static> Game for Misere<G> {
    type Comp = G::Comp;

    fn name(&self) -> String {
        self.game.name()
    }

    fn parse_component(&self, text: &str) -> Result<G::Comp> {
        self.game.parse_component(text)
    }

    fn format_component(&self, c: &G::Comp) -> String {
        self.game.format_component(c)
    }

    fn unmarked(&self, c: G::Comp) -> G::Comp {
        self.game.unmarked(c)
    }

    /// The normal-play value: misère analyses never add values up, but a
    /// component keeps its value for whoever asks for it.
    fn value(&self, c: &G::Comp, limits: &Limits) -> Result<Nimber> {
        self.game.value(c, limits)
    }

    fn for_each_option(&self, c: &G::Comp, limits: &Limits, f: Visit<G::Comp>) -> Result<()> {
        self.game.for_each_option(c, limits, f)
    }

    fn describe_option(&self, parts: &[G::Comp]) -> Option<String> {
        self.game.describe_option(parts)
    }

    fn is_option(&self, c: &G::Comp, parts: &mut [G::Comp]) -> Option<bool> {
        self.game.is_option(c, parts)
    }

    fn tells_options(&self) -> bool {
        self.game.tells_options()
    }

    fn format_option(&self, parts: &[G::Comp]) -> String {
        self.game.format_option(parts)
    }

    fn option_parts(&self, parts: &[G::Comp]) -> Vec<String> {
        self.game.option_parts(parts)
    }

    fn analyze_position(&self, p: Parsed<'_, G::Comp>, limits: &Limits) -> Result<Analysis> {
        match self.game.misere_play() {
            MiserePlay::Sums => self
                .by_heaps(p, limits)
                .unwrap_or_else(|| analyze_sum(&self.game, p, limits)),
            MiserePlay::WholePosition => analyze_whole(&self.game, p, limits),
            MiserePlay::Refused(why) => Err(refusal(&self.game.name(), why)),
        }
    }

    /// The game's own moves: misère play changes who wins, not how one
    /// moves.
    fn moves_of_position(
        &self,
        p: Parsed<'_, G::Comp>,
        limits: &Limits,
    ) -> Result<Vec<PositionMove>> {
        self.game.moves_of_position(p, limits)
    }

    fn misere(&self) -> bool {
        true
    }

    fn into_misere(self) -> Result<Box<dyn Ruleset>> {
        Ok(boxed(self))
    }

    fn reads_sums(&self) -> bool {
        self.game.reads_sums()
    }

    /// The game's own heaps: misère theory works on them (the facade
    /// refuses a misère Grundy sequence).
    fn heap(&self) -> Option<&dyn HeapSequence> {
        self.game.heap()
    }

    fn as_heap(&self, c: &G::Comp) -> Option<u64> {
        self.game.as_heap(c)
    }

    fn draw(&self, c: &G::Comp) -> Option<Drawing> {
        self.game.draw(c)
    }

    fn marks(&self, from: &G::Comp, to: &[G::Comp]) -> Vec<Vec<String>> {
        self.game.marks(from, to)
    }

    /// A game on an explicit graph is solved whole in misère play too.
    fn solve_table(&self, _misere: bool, limits: &Limits) -> Option<Result<StateTable>> {
        self.game.solve_table(true, limits)
    }

    /// Components read from files (Hackenbush graphs) are read as the
    /// game reads them, then played misère.
    fn reads_files(&self) -> bool {
        self.game.reads_files()
    }

    fn parse_file(&self, text: &str) -> Result<G::Comp> {
        self.game.parse_file(text)
    }

    fn file_reference<'a>(&self, component: &'a str, is_file: IsFile) -> Result<FileRef<'a>> {
        self.game.file_reference(component, is_file)
    }

    fn component_from_file(&self, text: &str, path: &str) -> Result<String> {
        self.game.component_from_file(text, path)
    }

    fn file_warnings(&self, position: &FilePosition) -> Vec<String> {
        self.game.file_warnings(position)
    }

    /// The components read inline, searched misère, and reported by the
    /// paths they were read from.
    fn analyze_files(&self, position: &FilePosition, limits: &Limits) -> Result<Analysis> {
        let from_file = |text: &str, path: &str| self.component_from_file(text, path);
        let (shown, inline) = read_components(position, from_file, |t| Ok(t.to_string()))?;
        let comps = inline
            .iter()
            .map(|t| self.parse_component(t))
            .collect::<Result<Vec<_>>>()?;
        let a = self.analyze_position(Parsed::new(&inline, &comps), limits)?;
        Ok(Analysis {
            components: shown,
            ..a
        })
    }
}

/// A misère sum of heaps of a heap game: what the genus rule and the
/// quotient need of it.
struct HeapSum<'a, C> {
    /// The position.
    p: Parsed<'a, C>,
    /// The game's heap moves.
    moves: &'a dyn HeapSequence,
    /// The position's heaps.
    heaps: Vec<u64>,
    /// The budget.
    limits: &'a Limits,
}

impl<G: Game + 'static> Misere<G> {
    /// A sum of heaps decided by theory, without search: Conway's genus
    /// rule when every heap is tame, else the game's misère quotient;
    /// `None` leaves the sum to search (or the game has no heaps).
    fn by_heaps(&self, p: Parsed<'_, G::Comp>, limits: &Limits) -> Option<Result<Analysis>> {
        let moves = self.game.heap()?;
        // Heap theory takes a heap of 0 for the empty game: a script may
        // give it moves, and is then searched as any sum.
        let mut zero = Vec::new();
        if moves.heap_options(0, limits, &mut zero).is_err() || !zero.is_empty() {
            return None;
        }
        let heaps: Option<Vec<u64>> = p.comps.iter().map(|c| self.game.as_heap(c)).collect();
        let sum = HeapSum {
            p,
            moves,
            heaps: heaps?,
            limits,
        };
        self.by_genus(&sum).or_else(|| self.by_quotient(&sum))
    }
}

/// The one-line refusal of misère play for the game `name`.
pub(crate) fn refusal(name: &str, why: &str) -> Error {
    Error::unsupported(format!("`{name}` has no misère play: {why}"))
}

/// The analysis of a misère position decided by `method`.
fn decided(
    name: String,
    p: Parsed<'_, impl Sized>,
    wins: bool,
    moves: Vec<Move>,
    method: &'static str,
) -> Analysis {
    let outcome = if wins { Outcome::N } else { Outcome::P };
    Analysis {
        misere: true,
        method: Some(method),
        ..Analysis::by_outcome(name, p.texts, outcome, moves)
    }
}

/// A sum decided by searching the multisets of its components; the
/// winning moves are the options that leave a position the opponent loses.
fn analyze_sum<G: Game>(game: &G, p: Parsed<'_, G::Comp>, limits: &Limits) -> Result<Analysis> {
    let options = |c: &G::Comp, l: &Limits, f: Visit<G::Comp>| game.for_each_option(c, l, f);
    let mut search = MisereSearch::new(SumSpace::new(&options, limits.clone()), limits.clone());
    let root = search.space().position(p.comps)?;
    let wins = search.mover_wins(&root)?;
    let (moves, truncated) = winning_moves(game, p, wins, limits, |i, parts| {
        let mut next = p.comps.to_vec();
        next.remove(i);
        next.extend_from_slice(parts);
        let pos = search.space().position(&next)?;
        Ok(!search.mover_wins(&pos)?)
    })?;
    Ok(Analysis {
        moves_truncated: truncated,
        ..decided(game.name(), p, wins, moves, BY_SEARCH)
    })
}

/// The winning moves of a position the mover wins (none when `wins` is
/// false): the options, in the order the game lists them, after which the
/// opponent loses (`loses(i, parts)`: component `i` replaced by `parts`),
/// at most `limits.max_moves` of them (and whether more were left out).
fn winning_moves<G: Game>(
    game: &G,
    p: Parsed<'_, G::Comp>,
    wins: bool,
    limits: &Limits,
    mut loses: impl FnMut(usize, &[G::Comp]) -> Result<bool>,
) -> Result<(Vec<Move>, bool)> {
    if wins && limits.max_moves == 0 {
        // A winning move exists: none is searched for.
        return Ok((Vec::new(), true));
    }
    let mut moves = Vec::new();
    // Options are checked as they are listed: a heap of a hundred million
    // has two hundred million, and the first winning ones end the list.
    let (mut truncated, mut failure) = (false, None);
    for (i, c) in p.comps.iter().enumerate().filter(|_| wins) {
        let (mut seen, mut scanned) = (FxHashSet::default(), 0u64);
        game.for_each_option(c, limits, &mut |parts| {
            scanned += 1;
            if scanned > limits.max_states {
                truncated = true;
                return false;
            }
            match loses(i, parts) {
                Err(e) => failure = Some(e),
                Ok(false) => return true,
                Ok(true) => {
                    let listed = list_options(game, &[parts.to_vec()]).remove(0);
                    if !seen.insert(listed.to.clone()) {
                        return true;
                    }
                    if moves.len() < limits.max_moves {
                        moves.push(listed.in_component(i));
                        return true;
                    }
                    truncated = true;
                }
            }
            false
        })?;
        if let Some(e) = failure {
            return Err(e);
        }
        if truncated {
            break;
        }
    }
    Ok((moves, truncated))
}

/// Whole positions (one text per component, in order) for the search,
/// moved by the game's own moves of a position.
struct WholeSpace<'a, G> {
    game: &'a G,
    limits: &'a Limits,
}

impl<G: Game> StateSpace for WholeSpace<'_, G> {
    type Position = Vec<String>;

    fn moves(&mut self, p: &Vec<String>, out: &mut Vec<Vec<String>>) -> Result<()> {
        let comps = p
            .iter()
            .map(|t| self.game.parse_component(t))
            .collect::<Result<Vec<_>>>()?;
        let moves = self
            .game
            .moves_of_position(Parsed::new(p, &comps), self.limits)?;
        out.extend(moves.into_iter().map(|m| m.next));
        Ok(())
    }
}

/// A whole position decided by search; the winning moves are the game's
/// moves that leave a position the opponent loses.
fn analyze_whole<G: Game>(game: &G, p: Parsed<'_, G::Comp>, limits: &Limits) -> Result<Analysis> {
    let space = WholeSpace { game, limits };
    let mut search = MisereSearch::new(space, limits.clone());
    let wins = search.mover_wins(&p.texts.to_vec())?;
    let mut moves = Vec::new();
    // With none to list, a winning move is known to exist unsearched.
    let mut truncated = wins && limits.max_moves == 0;
    if wins && !truncated {
        for m in game.moves_of_position(p, limits)? {
            if !search.mover_wins(&m.next)? {
                if moves.len() == limits.max_moves {
                    truncated = true;
                    break;
                }
                moves.push(m.mv);
            }
        }
    }
    Ok(Analysis {
        moves_truncated: truncated,
        ..decided(game.name(), p, wins, moves, BY_SEARCH)
    })
}

/// The misère sequence of `game`'s heaps up to `to` (by default
/// [`DEFAULT_MISERE_TO`]): what `seq --misere` answers on every front
/// end. `game` is the game as given, not its misère form (genus is misère
/// theory of the game's own moves); a game that is not played on heaps is
/// refused in one line. `on` hears of each heap found and of each step of
/// the quotient when the sequence turns to it (for a progress display).
pub fn misere_sequence_of(
    game: &dyn Ruleset,
    to: Option<u64>,
    limits: &Limits,
    on: &mut dyn FnMut(SeqProgress<'_>),
) -> Result<(MisereSeqReport, Option<Error>)> {
    let moves = heap_moves(game, HeapQuestion::MisereSequence)?;
    misere_sequence(moves, to.unwrap_or(DEFAULT_MISERE_TO), limits, on)
}
