//! The text-level face of every game: what the CLI and the web page call.
//!
//! Front ends know games only by name and positions only as text. A
//! [`Ruleset`] turns component texts into an [`Analysis`] (values, outcome,
//! winning moves), and heap games also into a Grundy sequence. Most games
//! are sums of independent components of one kind; they implement the typed
//! [`SumGame`] and get the text interface, the XOR rule and the winning
//! moves across components from [`SumRuleset`].

use rustc_hash::FxHashSet;

pub use crate::answer::{
    Analysis, ListedMove, Move, PositionMove, Value, MAX_LISTED_MOVES, MAX_LISTED_TEXT,
};
use crate::error::{Error, Result};
pub use crate::game::{list_options, parse_count, parse_pair, scan_options_with_value, SumGame};
use crate::game::{Limits, Outcome};
use crate::heap::{HeapGame, HeapRules, HeapSequence, SeqReport, SeqRequest};
use crate::nimber::Nimber;
use crate::solve::retro::StateTable;

/// A game that front ends can drive by name.
pub trait Ruleset: Send + Sync {
    /// The canonical name (what `spec::parse` accepts back).
    fn name(&self) -> String;

    /// Values, outcome and winning moves of the sum of `components`.
    fn analyze(&self, components: &[String], limits: &Limits) -> Result<Analysis>;

    /// The heap-game view, for games whose components are heaps: long runs,
    /// checkpoints and streaming go through it.
    fn heap(&self) -> Option<&dyn HeapSequence> {
        None
    }

    /// The Grundy sequence G(0), G(1), ... with its periodicity.
    fn sequence(&self, _req: &SeqRequest, _limits: &Limits) -> Result<SeqReport> {
        Err(Error::unsupported(format!(
            "{} is not a heap game, so it has no Grundy sequence; use `grundy value`",
            self.name()
        )))
    }

    /// Every move from the position `components`, for play and pictures of
    /// the state graph. Fails with [`Error::Limit`] rather than list more
    /// than `limits.max_states` moves.
    fn position_moves(&self, components: &[String], _limits: &Limits) -> Result<Vec<PositionMove>> {
        let _ = components;
        Err(Error::unsupported(format!(
            "{} cannot list its moves for play or pictures",
            self.name()
        )))
    }

    /// Whether the last player to move loses (misère play): play and
    /// pictures follow it.
    fn misere(&self) -> bool {
        false
    }

    /// Warnings about components that read well but are probably not
    /// what was meant (a Hackenbush graph that never touches its ground is
    /// worth 0), one line each, for front ends to show; `files[i]` is the
    /// path component `i` was read from. Errors are left to the analysis.
    fn warnings(&self, _components: &[String], _files: &[Option<String>]) -> Vec<String> {
        Vec::new()
    }

    /// Whether a component written `a+b` (as the `to` of a move that
    /// splits a component is written) means the sum of the parts `a` and
    /// `b`, so that front ends read every move they print back as a
    /// position (see [`split_sum`]). True for sums of independent
    /// components; games whose position is one whole (staircase, Moore's
    /// Nim) or whose texts may hold a `+` (vertex names) say no.
    fn reads_sums(&self) -> bool {
        true
    }

    /// Every position with its outcome, remoteness and generalized value,
    /// for games on a finite explicit graph (`grundy solve`). Other games
    /// have no such table.
    fn solve_table(&self, _limits: &Limits) -> Result<StateTable> {
        Err(Error::unsupported(format!(
            "`solve` needs a game on a finite explicit graph, such as graph:FILE; {} is not one (use `grundy value`)",
            self.name()
        )))
    }

    /// Whether a component may be given as the path of a file holding its
    /// text (a graph of a million edges does not fit on a command line).
    /// The engine does no I/O, so front ends read such files and call
    /// [`Ruleset::analyze_files`].
    fn components_from_files(&self) -> bool {
        false
    }

    /// The inline text of a component read from the file `path`, for
    /// front ends that pass positions around as texts (play, pictures).
    fn component_from_file(&self, text: &str, _path: &str) -> Result<String> {
        Ok(text.to_string())
    }

    /// [`Ruleset::analyze`] where `files[i]` is the path that component
    /// `i`'s text was read from (`None`: given inline). Reports name the
    /// path instead of repeating the file's text, and errors about a file
    /// start with its path.
    fn analyze_files(
        &self,
        components: &[String],
        files: &[Option<String>],
        limits: &Limits,
    ) -> Result<Analysis> {
        let mut analysis = self.analyze(components, limits)?;
        for (shown, file) in analysis.components.iter_mut().zip(files) {
            if let Some(path) = file {
                shown.clone_from(path);
            }
        }
        Ok(analysis)
    }
}

/// The [`Ruleset`] of a [`SumGame`]: parse, value each component, XOR, and
/// look for moves that make the total zero.
pub struct SumRuleset<G>(pub G);

impl<G: SumGame> Ruleset for SumRuleset<G> {
    fn name(&self) -> String {
        self.0.name()
    }

    fn analyze(&self, components: &[String], limits: &Limits) -> Result<Analysis> {
        analyze_sum(&self.0, components, limits)
    }

    fn position_moves(&self, components: &[String], limits: &Limits) -> Result<Vec<PositionMove>> {
        sum_position_moves(&self.0, components, limits)
    }
}

/// Every move of a sum: each option of each component, the component
/// replaced by the parts it becomes (a finished component keeps its text
/// for "nothing left", so positions keep their shape).
pub fn sum_position_moves<G: SumGame + ?Sized>(
    game: &G,
    components: &[String],
    limits: &Limits,
) -> Result<Vec<PositionMove>> {
    let comps = components
        .iter()
        .map(|t| game.parse_component(t))
        .collect::<Result<Vec<_>>>()?;
    let mut moves = Vec::new();
    let mut failure = None;
    for (i, c) in comps.iter().enumerate() {
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
            moves.push(PositionMove {
                next: mv.apply(components),
                mv,
            });
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
pub fn analyze_sum<G: SumGame + ?Sized>(
    game: &G,
    components: &[String],
    limits: &Limits,
) -> Result<Analysis> {
    let comps = components
        .iter()
        .map(|t| game.parse_component(t))
        .collect::<Result<Vec<_>>>()?;
    analyze_parsed(game, components, &comps, limits)
}

/// [`analyze_sum`] for components already parsed (`shown` are their texts
/// for the report), for games that read components in more than one way.
pub fn analyze_parsed<G: SumGame + ?Sized>(
    game: &G,
    shown: &[String],
    comps: &[G::Comp],
    limits: &Limits,
) -> Result<Analysis> {
    let values = comps
        .iter()
        .map(|c| game.value(c, limits))
        .collect::<Result<Vec<_>>>()?;
    let total: Nimber = values.iter().copied().sum();
    let mut winning_moves = Vec::new();
    let mut truncated = false;
    if total != Nimber::ZERO {
        for (i, (c, &g)) in comps.iter().zip(&values).enumerate() {
            let room = MAX_LISTED_MOVES - winning_moves.len();
            if room == 0 {
                truncated = true;
                break;
            }
            let (moves, more) = game.listed_options(c, g + total, limits, room)?;
            truncated |= more;
            let mut seen = FxHashSet::default();
            winning_moves.extend(
                moves
                    .into_iter()
                    .filter(|m| seen.insert(m.to.clone()))
                    .map(|m| m.in_component(i)),
            );
        }
    }
    Ok(Analysis {
        game: game.name(),
        components: shown.to_vec(),
        values: Some(values.iter().map(|&v| Some(Value::Finite(v))).collect()),
        grundy: Some(Value::Finite(total)),
        outcome: if total == Nimber::ZERO {
            Outcome::P
        } else {
            Outcome::N
        },
        winning_moves,
        moves_truncated: truncated,
        misere: false,
    })
}

/// The components as `game` reads them: each one written as a sum (`4+6`,
/// how a move that splits a heap is printed) becomes its parts, in games
/// where `+` means a sum ([`Ruleset::reads_sums`]). Every front end reads
/// positions through this, so a printed move reads back everywhere.
pub fn read_sums(game: &dyn Ruleset, components: &[String]) -> Vec<String> {
    let mut out = Vec::with_capacity(components.len());
    for c in components {
        match split_sum(c).filter(|_| game.reads_sums()) {
            Some(parts) => out.extend(parts.into_iter().map(str::to_string)),
            None => out.push(c.clone()),
        }
    }
    out
}

/// The parts of a component written as a sum `a+b+c`, or `None` when it
/// is not one: no `+` outside brackets and quotes (a script's position
/// `[1, 2]+"x+y"` has two parts), or an empty part, which the game's own
/// reader then explains.
pub fn split_sum(text: &str) -> Option<Vec<&str>> {
    let mut parts = Vec::new();
    let (mut depth, mut quoted, mut escaped, mut start) = (0i64, false, false, 0);
    for (i, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            '[' | '(' | '{' if !quoted => depth += 1,
            ']' | ')' | '}' if !quoted => depth -= 1,
            '+' if !quoted && depth == 0 => {
                parts.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    if parts.is_empty() {
        return None;
    }
    parts.push(text[start..].trim());
    (!parts.iter().any(|p| p.is_empty())).then_some(parts)
}

/// Heap games are sums of heaps that also have a Grundy sequence.
impl<R: HeapRules> Ruleset for HeapGame<R> {
    fn name(&self) -> String {
        SumGame::name(self)
    }

    fn analyze(&self, components: &[String], limits: &Limits) -> Result<Analysis> {
        analyze_sum(self, components, limits)
    }

    fn heap(&self) -> Option<&dyn HeapSequence> {
        Some(self)
    }

    fn position_moves(&self, components: &[String], limits: &Limits) -> Result<Vec<PositionMove>> {
        sum_position_moves(self, components, limits)
    }

    fn sequence(&self, req: &SeqRequest, limits: &Limits) -> Result<SeqReport> {
        HeapGame::sequence(self, req, limits)
    }
}

#[cfg(test)]
mod tests;
