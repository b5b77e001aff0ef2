//! Games given by rules in a Rhai script (`rules:FILE.rhai`).
//!
//! The script defines `fn moves(p)`, returning the positions one move away
//! from `p` (integers, booleans, strings or arrays), and optionally
//! `fn components(p)`, returning the independent parts of a position that
//! is a sum (or an empty array when it is not). Everything else comes from
//! the engine: values by memoised search (sums by XOR), winning moves,
//! sequences for integer positions, play and pictures. When the moves have
//! a cycle, the reachable positions are explored and solved as a loopy
//! game (outcomes P, N or D and Smith's values).

mod pos;
mod script;

use std::sync::{Arc, Mutex, OnceLock};

pub use pos::Pos;
pub use script::{Script, MAX_OPERATIONS};

use crate::error::{Error, Result};
use crate::game::Visit;
use crate::game::{Limits, StateSpace};
use crate::heap::{
    detect, options_within, FiniteBound, HeapSequence, HeapValues, Periodicity, SeqReport, SeqStats,
};
use crate::nimber::Nimber;
use crate::ruleset::{analyze_parsed, Analysis, Game, Parsed};
use crate::solve::retro::{analyze_token_sum, explore, Solved};
use crate::solve::Memo;

/// How many times over a part may itself be split by `components` while
/// listing one position's options: real splits are a few levels deep.
const MAX_SPLITS: u32 = 64;

/// The script as a [`StateSpace`]: a script's error ends the search.
#[derive(Clone)]
struct ScriptGame {
    script: Arc<Script>,
}

impl StateSpace for ScriptGame {
    type Position = Pos;

    fn moves(&mut self, p: &Pos, out: &mut Vec<Pos>) -> Result<()> {
        out.extend(self.script.moves(p)?);
        Ok(())
    }

    fn components(&mut self, p: &Pos, out: &mut Vec<Pos>) -> Result<bool> {
        match self.script.components(p)? {
            Some(parts) => {
                out.extend(parts);
                Ok(true)
            }
            None => Ok(false),
        }
    }
}

/// A scripted game.
pub struct RulesGame {
    name: String,
    game: ScriptGame,
    memo: Mutex<Option<Memo<ScriptGame>>>,
    table: Mutex<HeapValues>,
    /// Whether heap 0 has moves, once the script has said.
    zero_moves: OnceLock<bool>,
}

impl RulesGame {
    /// Compiles the script `text`, read from `path`.
    pub fn compile(path: &str, text: &str) -> Result<RulesGame> {
        let script = Script::compile(path, text)?;
        Ok(RulesGame {
            name: format!("rules:{path}"),
            game: ScriptGame {
                script: Arc::new(script),
            },
            memo: Mutex::new(None),
            table: Mutex::new(HeapValues::new()),
            zero_moves: OnceLock::new(),
        })
    }

    /// The value of `p` by memoised search; a cycle is [`Error::Cyclic`].
    pub fn finite_value(&self, p: &Pos, limits: &Limits) -> Result<Nimber> {
        self.game.script.set_limits(limits);
        let mut memo = self.memo.lock().unwrap_or_else(|e| e.into_inner());
        let m = memo.get_or_insert_with(|| Memo::new(self.game.clone(), limits.clone()));
        let result = m.value(p);
        if result.is_err() {
            // A search cut short leaves positions half-valued: start over.
            *memo = None;
        }
        result
    }

    /// The analysis of a sum whose moves have cycles: explore every
    /// position reachable from the components, solve, and add the
    /// components' generalized values by Smith's rules.
    fn analyze_loopy(
        &self,
        components: &[String],
        comps: &[Pos],
        limits: &Limits,
    ) -> Result<Analysis> {
        if self.game.script.has_components() {
            return Err(Error::unsupported(format!(
                "{}: a position leads back to itself (by moves, or as a part `components` splits it into), and loopy games split by `components` are not supported; drop `fn components` to solve the whole positions",
                self.game.script.path()
            )));
        }
        self.game.script.set_limits(limits);
        let explored = explore(&mut self.game.clone(), comps, limits)?;
        let solved = Solved::new(explored.graph.clone(), limits)?;
        let ids: Vec<u32> = comps
            .iter()
            .map(|c| explored.id(c).expect("the starts were explored"))
            .collect();
        Ok(analyze_token_sum(
            self.name.clone(),
            components,
            &solved,
            &ids,
            &|w| explored.position(w).to_string(),
            limits.max_moves,
        ))
    }
}

/// A script whose moves have a cycle is solved as a loopy game; integer
/// positions make a sequence.
impl Game for RulesGame {
    type Comp = Pos;

    fn name(&self) -> String {
        self.name.clone()
    }

    fn parse_component(&self, text: &str) -> Result<Pos> {
        Pos::parse(text)
    }

    fn format_component(&self, c: &Pos) -> String {
        c.to_string()
    }

    fn value(&self, c: &Pos, limits: &Limits) -> Result<Nimber> {
        self.finite_value(c, limits)
    }

    fn for_each_option(&self, c: &Pos, limits: &Limits, f: Visit<Pos>) -> Result<()> {
        self.game.script.set_limits(limits);
        self.options_split(c, limits, f, 0)
    }

    fn analyze_position(&self, p: Parsed<'_, Pos>, limits: &Limits) -> Result<Analysis> {
        match analyze_parsed(self, p, limits) {
            Err(Error::Cyclic(_)) => self.analyze_loopy(p.texts, p.comps, limits),
            other => other,
        }
    }

    fn heap(&self) -> Option<&dyn HeapSequence> {
        Some(self)
    }

    fn as_heap(&self, c: &Pos) -> Option<u64> {
        match c {
            Pos::Int(i) => u64::try_from(*i).ok(),
            _ => None,
        }
    }
}

impl RulesGame {
    /// The options of `c`, reached through `depth` splits by `components`
    /// (a script whose split never ends, such as one that returns the
    /// position as one of its own parts, is refused at [`MAX_SPLITS`]
    /// instead of overflowing the stack).
    fn options_split(&self, c: &Pos, limits: &Limits, f: Visit<Pos>, depth: u32) -> Result<()> {
        // A component typed as a sum (`[[2, 3], [2, 5]]` for a script whose
        // `components` splits it): a move is a move in one of its parts.
        if let Some(parts) = self.game.script.components(c)? {
            if depth == MAX_SPLITS {
                return Err(Error::parse(format!(
                    "{}: `components({c})` splits without end (a part split {MAX_SPLITS} times over); a part must be smaller than the position it comes from",
                    self.name
                )));
            }
            return self.for_each_option_of_sum(&parts, limits, f, depth + 1);
        }
        for option in self.game.script.moves(c)? {
            let go_on = match self.game.script.components(&option)? {
                Some(parts) => f(&parts),
                None => f(std::slice::from_ref(&option)),
            };
            if !go_on {
                break;
            }
        }
        Ok(())
    }

    /// Every option of the sum of `parts`: one part replaced by one of its
    /// options (itself split into its parts).
    fn for_each_option_of_sum(
        &self,
        parts: &[Pos],
        limits: &Limits,
        f: Visit<Pos>,
        depth: u32,
    ) -> Result<()> {
        let mut go_on = true;
        for (i, part) in parts.iter().enumerate() {
            self.options_split(
                part,
                limits,
                &mut |moved| {
                    let mut whole: Vec<Pos> = parts[..i].to_vec();
                    whole.extend_from_slice(moved);
                    whole.extend_from_slice(&parts[i + 1..]);
                    go_on = f(&whole);
                    go_on
                },
                depth,
            )?;
            if !go_on {
                break;
            }
        }
        Ok(())
    }
}

impl RulesGame {
    /// Refuses misère theory of heaps when the script gives heap 0 moves:
    /// that theory drops heaps of 0 as the empty game, which they are not
    /// then (a move to -1 from 0 made misère answers wrong). Normal play
    /// needs no such check, since a heap of 0 keeps its value there.
    fn zero_ends(&self, limits: &Limits) -> Result<()> {
        let moves = match self.zero_moves.get() {
            Some(&moves) => moves,
            None => {
                let mut moves = false;
                self.for_each_option(&Pos::Int(0), limits, &mut |_| {
                    moves = true;
                    false
                })?;
                *self.zero_moves.get_or_init(|| moves)
            }
        };
        match moves {
            false => Ok(()),
            true => Err(Error::unsupported(format!(
                "{} is not a heap game for misère play: heap 0 has moves, so a heap of 0 is not the end of a heap",
                self.name
            ))),
        }
    }
}

/// `grundy seq rules:FILE` values the integer positions 0, 1, 2, ...
///
/// A script whose integer positions move to integers (or sums of them) is
/// a heap game for misère theory; any other option is refused by name.
impl HeapSequence for RulesGame {
    fn name(&self) -> String {
        self.name.clone()
    }

    /// The name and the CRC-32 of the script: a checkpoint of the rules
    /// before an edit is refused, instead of extended by other rules.
    fn checkpoint_name(&self) -> String {
        format!(
            "{} (script crc32 {:08x})",
            self.name,
            self.game.script.digest()
        )
    }

    fn heap_options(&self, n: u64, limits: &Limits, out: &mut Vec<Vec<u64>>) -> Result<()> {
        self.zero_ends(limits)?;
        let from = Pos::Int(i64::try_from(n).map_err(|_| Error::limit("a heap", i64::MAX as u64))?);
        let mut bad = None;
        options_within(n, limits, out, |push| {
            self.for_each_option(&from, limits, &mut |parts| {
                let heaps: Option<Vec<u64>> = parts.iter().map(|p| self.as_heap(p)).collect();
                match heaps {
                    Some(h) => push(h.into_iter().filter(|&h| h > 0).collect()),
                    None => {
                        bad = Some(self.format_option(parts));
                        false
                    }
                }
            })
        })?;
        match bad {
            Some(to) => Err(Error::unsupported(format!(
                "{} is not a heap game: its move from {n} leaves {to}, which is not a sum of heaps",
                self.name
            ))),
            None => Ok(()),
        }
    }

    fn finite_bound(&self) -> Option<FiniteBound> {
        None
    }

    fn extend_to(&self, upto: u64, limits: &Limits) -> Result<()> {
        let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        crate::heap::check_sequence_states(limits, upto)?;
        while (table.len() as u64) <= upto {
            let n = table.len() as i64;
            let v = self.finite_value(&Pos::Int(n), limits)?;
            let v = u32::try_from(v.0)
                .map_err(|_| Error::limit(format!("G({n}) of {}", self.name), u32::MAX as u64))?;
            table.push(v);
        }
        Ok(())
    }

    fn has_closed_form(&self) -> bool {
        false
    }

    fn prove(&self) -> Option<Periodicity> {
        None
    }

    fn restore(&self, table: HeapValues) {
        *self.table.lock().unwrap_or_else(|e| e.into_inner()) = table;
    }

    fn with_table(&self, f: &mut dyn FnMut(&HeapValues)) {
        f(&self.table.lock().unwrap_or_else(|e| e.into_inner()))
    }

    fn stats(&self) -> SeqStats {
        let table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        SeqStats {
            computed: table.len() as u64,
            max_value: table.max(),
            rare: None,
        }
    }

    fn report(&self, to: u64, listed: Option<u64>, limits: &Limits) -> Result<SeqReport> {
        self.extend_to(to, limits)?;
        let table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        // Every value, for the period (a rules game's table is within its
        // state budget, far below the sizes `listed` is for).
        let all = table.to_u64(0..to as usize + 1);
        let periodicity = detect(&all, None);
        let values = crate::heap::report_values(to, listed, limits, |n| all[n as usize])?;
        Ok(SeqReport {
            game: self.name.clone(),
            computed_to: to,
            values,
            preperiod: periodicity.as_ref().map(|p| p.preperiod),
            period: periodicity.as_ref().map(|p| p.period),
            proven: false,
            proof: periodicity.map(|p| p.proof),
            closed_form: None,
            sparse: None,
        })
    }
}
