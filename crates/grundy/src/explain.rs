//! Why a position has its value, in the steps the tutorials teach: each
//! component's options and the mex of their values, the values of the sum
//! in binary and their XOR, and why each winning move wins.
//!
//! Everything is read through the [`Ruleset`] that `grundy value` uses
//! ([`Ruleset::analyze`] for the values, [`Ruleset::position_moves`] for a
//! component's options), so an explanation never disagrees with the
//! answer it explains. A component with too many options to read is
//! explained by the theory that gave its value instead: a closed form or a
//! proven period for heap games, the game's own valuation otherwise.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::answer::{Move, Value};
use crate::error::{Error, Result};
use crate::game::{Limits, Outcome};
use crate::nimber::mex;
use crate::ruleset::{inline_position, FilePosition, Ruleset};

/// A component with more options than this is explained by its theory,
/// not by a mex nobody would read.
pub const MAX_EXPLAINED_OPTIONS: usize = 40;

/// The most states listing a short component's options may count before
/// `explain` leaves them out: every move, and for coin games every coin
/// a move turns (Ruler's 40 moves from head 40 turn 820 coins).
const LISTING_STATES: u64 = 4096;

/// The longest component text listed within [`LISTING_STATES`]: every
/// move listed holds the text of what it leaves, so thousands of moves
/// of a row of 70,000 coins would hold hundreds of megabytes.
const SHORT_TEXT: usize = 256;

/// Why a whole position has its value and outcome (`grundy explain`).
/// Its JSON form is the public `explain --json` and `/api/explain` shape.
#[derive(Clone, Debug, Serialize)]
pub struct Explanation {
    /// The canonical game name.
    pub game: String,
    /// Why each component has its value, in the order given.
    pub components: Vec<ComponentWhy>,
    /// The values in binary and their XOR.
    pub sum: SumWhy,
    /// Who wins: P when the XOR is 0.
    pub outcome: Outcome,
    /// Each winning move with the values it changes.
    pub winning_moves: Vec<WinningWhy>,
    /// Whether more winning moves exist than are listed.
    pub moves_truncated: bool,
}

/// Why one component has its value.
#[derive(Clone, Debug, Serialize)]
pub struct ComponentWhy {
    /// The component, as given.
    pub component: String,
    /// Its value.
    pub value: u64,
    /// Its options in the game's order with their values, when there are
    /// at most [`MAX_EXPLAINED_OPTIONS`]; the value is then their mex.
    pub options: Option<Vec<OptionValue>>,
    /// The same options grouped by value, smallest value first: the set
    /// the mex is taken over is the list of these values.
    pub groups: Option<Vec<ValueGroup>>,
    /// The theory the value was read from, for components whose options
    /// are not listed or whose value no table holds (a closed form, a
    /// proven period); absent when the mex alone explains it.
    pub theory: Option<Theory>,
}

/// One option of a component: the position it leaves (the game's text,
/// parts of a split joined by `+`) and its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OptionValue {
    /// The option as the game prints it.
    pub to: String,
    /// Its value (the XOR of its parts' values).
    pub value: u64,
}

/// The options of one value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ValueGroup {
    /// The value they share.
    pub value: u64,
    /// The options, as the game prints them.
    pub options: Vec<String>,
}

/// The theory a value comes from, when a mex over listed options does not
/// show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Theory {
    /// `"closed_form"`, `"period"` (a proven period of a heap game),
    /// `"table"` (the heap game's computed values, each a mex over every
    /// option) or `"game"` (the game's own valuation).
    pub kind: &'static str,
    /// The theory in words.
    pub text: String,
    /// The values it reads: for a period, the heap inside the period
    /// whose value the component shares.
    pub reads: Vec<ReadValue>,
}

/// A value read by a theory.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReadValue {
    /// The heap read.
    pub heap: u64,
    /// Its value.
    pub value: u64,
}

/// The values of a sum, bit by bit, as the Nim tutorial writes them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SumWhy {
    /// The number of binary digits every row is written with.
    pub bits: usize,
    /// Each component's value in binary, in the order given.
    pub binary: Vec<String>,
    /// The XOR of the values.
    pub total: u64,
    /// The XOR in binary.
    pub total_binary: String,
}

/// A winning move and why it wins: it changes one value so that the XOR
/// becomes 0, a position the player to move loses.
#[derive(Clone, Debug, Serialize)]
pub struct WinningWhy {
    /// The move, as `grundy value` reports it.
    #[serde(flatten)]
    pub mv: Move,
    /// The value of the component before the move.
    pub value_before: u64,
    /// Its value after the move: `value_before XOR total`.
    pub value_after: u64,
    /// The XOR of the whole position after the move: always 0.
    pub total_after: u64,
}
/// [`explain`] of a position whose components may be files
/// ([`crate::ruleset::read_position`]): a component read from a file is
/// shown by its path, as every report names it.
pub fn explain_position(
    game: &dyn Ruleset,
    position: &FilePosition,
    limits: &Limits,
) -> Result<Explanation> {
    // A file's text is read as the game reads files, then explained as
    // the component it describes.
    let mut why = explain(game, &inline_position(game, position)?, limits)?;
    for (c, file) in why.components.iter_mut().zip(&position.files) {
        if let Some(path) = file {
            c.component = path.clone();
        }
    }
    Ok(why)
}

/// Why the position `components` of `game` has its value, or a one-line
/// refusal: misère play (values do not add up by XOR there), games played
/// on the whole position and loopy values have no mex and XOR to show.
pub fn explain(game: &dyn Ruleset, components: &[String], limits: &Limits) -> Result<Explanation> {
    if game.misere() {
        return Err(Error::unsupported(
            "explain shows normal-play values, and misère values do not add up by XOR: for who wins in misère play, use `grundy value` with --misere",
        ));
    }
    let analysis = game.analyze(components, limits)?;
    let values = finite_values(game, &analysis.values, components)?;
    let total = values.iter().fold(0, |a, v| a ^ v);
    let components_why = components
        .iter()
        .zip(&values)
        .map(|(c, &v)| explain_component(game, c, v, limits))
        .collect::<Result<Vec<_>>>()?;
    let winning_moves = analysis
        .winning_moves
        .into_iter()
        .filter_map(|mv| {
            let before = values[mv.component?];
            Some(WinningWhy {
                mv,
                value_before: before,
                value_after: before ^ total,
                total_after: 0,
            })
        })
        .collect();
    Ok(Explanation {
        game: analysis.game,
        components: components_why,
        sum: sum_in_binary(&values),
        outcome: analysis.outcome,
        winning_moves,
        moves_truncated: analysis.moves_truncated,
    })
}

/// The finite value of every component, or why there is none to explain.
fn finite_values(
    game: &dyn Ruleset,
    values: &Option<Vec<Option<Value>>>,
    components: &[String],
) -> Result<Vec<u64>> {
    let Some(values) = values else {
        return Err(Error::unsupported(format!(
            "{} is not decided by the XOR of its components' values: it has no values to explain; use `grundy value` for its outcome and winning moves",
            game.name()
        )));
    };
    values
        .iter()
        .zip(components)
        .map(|(v, c)| match v {
            Some(Value::Finite(n)) => Ok(n.0),
            Some(other) => Err(Error::unsupported(format!(
                "component `{c}` has the loopy value {other}: explain shows finite values only; use `grundy value`"
            ))),
            None => Err(Error::unsupported(format!(
                "component `{c}` has no known value to explain; use `grundy value`"
            ))),
        })
        .collect()
}

/// The values in binary, every row as wide as the widest, and their XOR.
pub fn sum_in_binary(values: &[u64]) -> SumWhy {
    let total = values.iter().fold(0, |a, v| a ^ v);
    let widest = values.iter().copied().max().unwrap_or(0).max(total);
    let bits = (64 - widest.leading_zeros() as usize).max(1);
    let bin = |v: u64| format!("{v:0bits$b}");
    SumWhy {
        bits,
        binary: values.iter().map(|&v| bin(v)).collect(),
        total,
        total_binary: bin(total),
    }
}

/// Why the component `text` has the value `value`.
fn explain_component(
    game: &dyn Ruleset,
    text: &str,
    value: u64,
    limits: &Limits,
) -> Result<ComponentWhy> {
    let listing = listed_options(game, text, limits)?;
    if let Ok(opts) = &listing {
        if mex(opts.iter().map(|o| o.value)) != value {
            return Err(Error::unsupported(format!(
                "component `{text}` has the value {value}, which is not the mex of its options' values (a game whose value is not a mex); use `grundy value`"
            )));
        }
    }
    let theory = theory(game, text, value, listing.as_ref().err(), limits)?;
    let options = listing.ok();
    Ok(ComponentWhy {
        component: text.to_string(),
        value,
        groups: options.as_deref().map(group_by_value),
        options,
        theory,
    })
}

/// The options of `text` with their values, or why they are not listed:
/// more than [`MAX_EXPLAINED_OPTIONS`] of them, or an option without a
/// finite value (a game that decides some positions by outcome alone).
fn listed_options(
    game: &dyn Ruleset,
    text: &str,
    limits: &Limits,
) -> Result<std::result::Result<Vec<OptionValue>, String>> {
    // A game may count more than its moves against the states (coin games
    // count the coins each move turns): the options are counted once
    // listed, within a budget that no short component of 40 options
    // needs. A long one lists at most 41 moves: each holds its text.
    let mut few = limits.clone();
    let budget = match text.len() <= SHORT_TEXT {
        true => LISTING_STATES,
        false => MAX_EXPLAINED_OPTIONS as u64 + 1,
    };
    few.max_states = few.max_states.min(budget);
    let moves = match game.position_moves(&[text.to_string()], &few) {
        Ok(moves) if moves.len() > MAX_EXPLAINED_OPTIONS => {
            return Ok(Err(format!("more than {MAX_EXPLAINED_OPTIONS} options")))
        }
        Ok(moves) => moves,
        Err(Error::Limit { .. }) => {
            return Ok(Err(format!(
                "more than {MAX_EXPLAINED_OPTIONS} options, or more than {} states to list them",
                few.max_states
            )))
        }
        Err(e) => return Err(e),
    };
    let mut out = Vec::with_capacity(moves.len());
    for m in moves {
        let parts = m.mv.component.map_or(m.next, |_| m.mv.parts);
        let analysis = match game.analyze(&parts, limits) {
            // A part decided at once (a Cutting Game strip beside other
            // games) has no value to list.
            Err(Error::Unsupported(_)) => {
                return Ok(Err(format!(
                    "the option {} has no value of its own",
                    m.mv.to
                )))
            }
            other => other?,
        };
        let value = match analysis.grundy {
            Some(Value::Finite(n)) => n.0,
            Some(loopy) => {
                return Ok(Err(format!(
                    "the option {} has the loopy value {loopy}",
                    m.mv.to
                )))
            }
            None => {
                return Ok(Err(format!(
                    "the option {} has no value of its own",
                    m.mv.to
                )))
            }
        };
        out.push(OptionValue { to: m.mv.to, value });
    }
    Ok(Ok(out))
}

/// Options grouped by value, smallest value first, each group in the
/// game's order.
pub fn group_by_value(options: &[OptionValue]) -> Vec<ValueGroup> {
    let mut groups: BTreeMap<u64, Vec<String>> = BTreeMap::new();
    for o in options {
        groups.entry(o.value).or_default().push(o.to.clone());
    }
    groups
        .into_iter()
        .map(|(value, options)| ValueGroup { value, options })
        .collect()
}

/// The theory behind the value of `text`, when the mex over its options
/// does not show it all (`unlisted`: why they are not listed): a heap
/// game's closed form, a proven period for a heap beyond the computed
/// table, the table itself or the game's own valuation.
fn theory(
    game: &dyn Ruleset,
    text: &str,
    value: u64,
    unlisted: Option<&String>,
    limits: &Limits,
) -> Result<Option<Theory>> {
    let listed = unlisted.is_none();
    let own = |why: &String| Theory {
        kind: "game",
        text: format!(
            "{why}: the value is the game's own (its theory or a search of every option)"
        ),
        reads: Vec::new(),
    };
    let heap = game
        .heap()
        .and_then(|seq| Some((seq, game.canonical(text).ok()?.parse::<u64>().ok()?)));
    let Some((seq, n)) = heap else {
        return Ok(unlisted.map(own));
    };
    if seq.has_closed_form() {
        let form = seq.report(0, None, limits)?.closed_form.unwrap_or_default();
        return Ok(Some(Theory {
            kind: "closed_form",
            text: format!("closed form {form}: G({n}) = {value}"),
            reads: Vec::new(),
        }));
    }
    let known = seq.stats().computed;
    if listed && n < known {
        return Ok(None);
    }
    if let Some(p) = seq.prove().filter(|p| n >= p.preperiod) {
        let m = p.preperiod + (n - p.preperiod) % p.period;
        return Ok(Some(Theory {
            kind: "period",
            text: format!(
                "proven period {} from heap {} ({}): G({n}) = G({m}) = {value}",
                p.period, p.preperiod, p.proof
            ),
            reads: vec![ReadValue { heap: m, value }],
        }));
    }
    if n >= known {
        return Ok(unlisted.map(own));
    }
    Ok(unlisted.map(|why| Theory {
        kind: "table",
        text: format!(
            "{why}: G({n}) = {value} is read from the table G(0..{known}), each value the mex over every option"
        ),
        reads: Vec::new(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::texts;

    #[test]
    fn rows_are_as_wide_as_the_widest_value_or_the_xor() {
        let sum = sum_in_binary(&[3, 4, 5]);
        assert_eq!(sum.binary, texts(&["011", "100", "101"]));
        assert_eq!((sum.total, sum.total_binary.as_str()), (2, "010"));
        // A sum of nothing, or of zeros, still writes one digit.
        assert_eq!(sum_in_binary(&[0, 0]).total_binary, "0");
        assert_eq!(sum_in_binary(&[]).bits, 1);
    }

    #[test]
    fn options_group_by_value_in_the_games_order() {
        let opt = |to: &str, value| OptionValue {
            to: to.to_string(),
            value,
        };
        let groups = group_by_value(&[opt("6", 2), opt("4", 2), opt("3", 1)]);
        assert_eq!(
            groups,
            vec![
                ValueGroup {
                    value: 1,
                    options: texts(&["3"])
                },
                ValueGroup {
                    value: 2,
                    options: texts(&["6", "4"])
                },
            ]
        );
    }

    #[test]
    fn a_lasker_heap_is_the_mex_of_its_takes_and_splits() {
        let game = crate::spec::parse("lasker", Default::default()).unwrap();
        let why = explain(&*game, &texts(&["3"]), &Limits::default()).unwrap();
        let c = &why.components[0];
        // Options 2, 1, 0 and the split 1+2 (worth 1 ^ 2 = 3): mex = 4.
        let options = c.options.as_ref().unwrap();
        assert_eq!(options.len(), 4);
        assert!(options.contains(&OptionValue {
            to: "1+2".to_string(),
            value: 3
        }));
        assert_eq!(c.value, 4);
    }
}
