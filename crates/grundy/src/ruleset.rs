//! The text-level face of every game: what the CLI and the web page call.
//!
//! Front ends know games only by name and positions only as text. A
//! [`Ruleset`] turns component texts into an [`Analysis`] (values, outcome,
//! winning moves), and heap games also into a Grundy sequence. Most games
//! are sums of independent components of one kind; they implement the typed
//! [`SumGame`] and get the text interface, the XOR rule and the winning
//! moves across components from [`SumRuleset`].

use std::fmt;
use std::hash::Hash;

use rustc_hash::FxHashSet;
use serde::{Serialize, Serializer};

use crate::error::{Error, Result};
use crate::game::{Limits, Outcome};
use crate::heap::{HeapSequence, SeqReport, SeqRequest};
use crate::nimber::Nimber;
use crate::solve::retro::StateTable;

/// At most this many winning moves are listed; the rest are counted as
/// truncated. A Lasker heap of a million has thousands of winning splits
/// and nobody reads past the first screen.
pub const MAX_LISTED_MOVES: usize = 1000;

/// Games whose options are long texts (graphs, coin strings) stop listing
/// winning moves once their texts would pass this many characters, and
/// report the rest as truncated: a screenful of one huge graph helps nobody.
pub const MAX_LISTED_TEXT: usize = 1 << 20;

/// A reported value: a nimber, or for loopy games Smith's infinity
/// `inf(K)` with `K` the finite values among its options.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// A finite Sprague-Grundy value.
    Finite(Nimber),
    /// An infinite generalized Sprague-Grundy value with its set `K`.
    Infinite(Vec<u64>),
}

impl Value {
    /// The finite nimber, if this value is finite.
    pub fn finite(&self) -> Option<Nimber> {
        match self {
            Value::Finite(n) => Some(*n),
            Value::Infinite(_) => None,
        }
    }
}

impl From<Nimber> for Value {
    fn from(n: Nimber) -> Self {
        Value::Finite(n)
    }
}

/// Finite values print as plain numbers (as in the JSON), infinite ones as
/// `inf(0,2)`.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Finite(n) => write!(f, "{}", n.0),
            Value::Infinite(k) => {
                let parts: Vec<String> = k.iter().map(u64::to_string).collect();
                write!(f, "inf({})", parts.join(","))
            }
        }
    }
}

/// JSON: a number when finite, the string `"inf(...)"` otherwise.
impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        match self {
            Value::Finite(n) => s.serialize_u64(n.0),
            Value::Infinite(_) => s.serialize_str(&self.to_string()),
        }
    }
}

/// One move of the whole position, as reported to users.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Move {
    /// The index of the component moved in, or `None` when the move
    /// involves the whole position (Moore's Nim, staircase Nim).
    pub component: Option<usize>,
    /// The component's new text (parts of a split joined by `+`), or the
    /// whole new position (components separated by spaces).
    pub to: String,
    /// The move in words, for games where the new text alone does not
    /// say it at a glance: the edge cut in Hackenbush (`cut 2-3`), the
    /// coins turned in a coin game (`turn 4,7`). Absent from JSON when
    /// there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Everything `grundy value` reports about a position.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    /// The canonical game name.
    pub game: String,
    /// The components, as given.
    pub components: Vec<String>,
    /// One value per component (null where unknown), or null when the game
    /// has no per-component values.
    pub values: Option<Vec<Option<Value>>>,
    /// The value of the whole position, when known.
    pub grundy: Option<Value>,
    /// Who wins.
    pub outcome: Outcome,
    /// Every move to a position the mover wins (up to [`MAX_LISTED_MOVES`]).
    pub winning_moves: Vec<Move>,
    /// Whether more winning moves exist than are listed.
    pub moves_truncated: bool,
    /// Whether the position is played misère (the last mover loses).
    pub misere: bool,
}

/// One move of a whole position: how it is reported, and where it leads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionMove {
    /// The move as `grundy value` reports winning moves.
    #[serde(flatten)]
    pub mv: Move,
    /// The whole position after the move, one text per component (a
    /// component that splits becomes several).
    pub next: Vec<String>,
}

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

/// A game whose positions are sums of independent components of one kind.
pub trait SumGame: Send + Sync {
    /// One component.
    type Comp: Clone + Eq + Hash + fmt::Debug;

    /// The canonical game name.
    fn name(&self) -> String;

    /// Reads a component; errors say what was expected.
    fn parse_component(&self, text: &str) -> Result<Self::Comp>;

    /// Writes a component the way [`SumGame::parse_component`] reads it.
    fn format_component(&self, c: &Self::Comp) -> String;

    /// The value of one component.
    fn value(&self, c: &Self::Comp, limits: &Limits) -> Result<Nimber>;

    /// Calls `f` with every option of `c` (the components it becomes; empty
    /// when nothing is left) until `f` returns `false`.
    fn for_each_option(
        &self,
        c: &Self::Comp,
        limits: &Limits,
        f: &mut dyn FnMut(&[Self::Comp]) -> bool,
    ) -> Result<()>;

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

    /// The move to `parts` in words, for [`Move::note`].
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
}

/// A move of one component as reported: its `to` text and its note.
pub type ListedMove = (String, Option<String>);

/// Options written out as [`ListedMove`]s.
pub fn list_options<G: SumGame + ?Sized>(game: &G, opts: &[Vec<G::Comp>]) -> Vec<ListedMove> {
    opts.iter()
        .map(|parts| (game.format_option(parts), game.describe_option(parts)))
        .collect()
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
            let mut next: Vec<String> = components[..i].to_vec();
            if parts.is_empty() {
                next.push(to.clone());
            } else {
                next.extend(parts.iter().map(|p| game.format_component(p)));
            }
            next.extend_from_slice(&components[i + 1..]);
            moves.push(PositionMove {
                mv: Move {
                    component: Some(i),
                    to,
                    note: game.describe_option(parts),
                },
                next,
            });
            true
        })?;
        if let Some(e) = failure.take() {
            return Err(e);
        }
    }
    Ok(moves)
}

/// Scans the options of `c` for those of value `target`, valuing each
/// option as the XOR of its parts. Stops after `max` finds or after
/// `limits.max_states` options, reporting the cut as truncation.
pub fn scan_options_with_value<G: SumGame + ?Sized>(
    game: &G,
    c: &G::Comp,
    target: Nimber,
    limits: &Limits,
    max: usize,
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
        let mut v = Nimber::ZERO;
        for p in parts {
            match game.value(p, limits) {
                Ok(x) => v += x,
                Err(e) => {
                    failure = Some(e);
                    return false;
                }
            }
        }
        if v == target {
            if found.len() == max {
                truncated = true;
                return false;
            }
            found.push(parts.to_vec());
        }
        true
    })?;
    match failure {
        Some(e) => Err(e),
        None => Ok((found, truncated)),
    }
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
                    .filter(|(to, _)| seen.insert(to.clone()))
                    .map(|(to, note)| Move {
                        component: Some(i),
                        to,
                        note,
                    }),
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

/// Parses an unsigned integer component with a message that names the game.
///
/// Negative numbers, signs, garbage and values beyond `max` are all refused
/// with a sentence a user can act on.
pub fn parse_count(text: &str, what: &str, max: u64) -> Result<u64> {
    let t = text.trim();
    if t.starts_with('-') {
        return Err(Error::parse(format!(
            "{what} must not be negative, got `{t}`"
        )));
    }
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::parse(format!(
            "{what} must be a non-negative integer, got `{t}`"
        )));
    }
    match t.parse::<u64>() {
        Ok(v) if v <= max => Ok(v),
        _ => Err(Error::parse(format!(
            "{what} `{t}` is too large (at most {max})"
        ))),
    }
}

/// Parses `a,b` (two counts separated by a comma).
pub fn parse_pair(text: &str, what: &str, max: u64) -> Result<(u64, u64)> {
    let mut parts = text.trim().split(',');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(a), Some(b), None) => Ok((parse_count(a, what, max)?, parse_count(b, what, max)?)),
        _ => Err(Error::parse(format!(
            "{what} must be a pair `a,b`, got `{}`",
            text.trim()
        ))),
    }
}

#[cfg(test)]
mod tests;
