//! `grundy play GAME COMPONENT...`: a game against a perfect computer.
//!
//! At a terminal the moves are read with line editing and history; with
//! `--moves`, or when stdin is not a terminal, they are read from stdin one
//! per line, so sessions can be scripted and tested.

use std::collections::HashMap;
use std::io::{IsTerminal, Write};

use anyhow::bail;
use clap::{Args, ValueEnum};
use grundy::play::move_keys;
use grundy::play::{outcome_when_stuck, Advice};
use grundy::present::drawing::figure_text;
use grundy::ruleset::{Figure, PositionMove};
use grundy::{Limits, Outcome, Ruleset};

use crate::position::PositionArgs;
use crate::render::nimber_text;
use crate::seconds::{self, Seconds};

/// Who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// You move first.
    Human,
    /// The computer moves first.
    Computer,
}

/// Arguments of `grundy play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = First::Human)]
    first: First,
    /// Read moves from stdin, one per line, without line editing.
    #[arg(long)]
    moves: bool,
    /// Practice: hide values, outcomes and hints until the game ends,
    /// then show every position of the game with its value.
    #[arg(long)]
    blind: bool,
    /// The computer's thinking time per position, in seconds: it searches
    /// for the perfect move for most of it, then plays the first move a
    /// quick look proves winning (or, failing that, one it has not seen
    /// lose), and says so.
    #[arg(long, value_name = "SECS", default_value = think::DEFAULT_THINK, value_parser = seconds::timeout)]
    think: Seconds,
}

/// The state budget of play unless `--max-states` says otherwise: the
/// whole state graph of a position is searched for the perfect move, and
/// its positions are texts, so ten million of them would take gigabytes
/// and minutes; beyond this the computer plays from the game's analysis.
pub const DEFAULT_MAX_STATES: u64 = 200_000;

/// Why a position's moves are not listed (`why`, the budget they needed),
/// and how a move is typed instead: the greeting's, `help`'s and
/// `moves`'s words.
fn unlisted(why: &str) -> String {
    format!(
        "this position's moves are not listed ({why}); {}",
        typed::type_one!()
    )
}

/// Prints a line of the game. A closed stdout (`play ... | head`) comes
/// back as an error that [`run`] turns into a quiet end, as it is for the
/// other commands.
macro_rules! show {
    ($($arg:tt)*) => {
        writeln!(std::io::stdout(), $($arg)*)?
    };
}

/// The prompt of blind play, which says how a move is typed: a number
/// alone is a new position (`3` leaves the heap at 3); `#K` is move K of
/// the list.
const BLIND_PROMPT: &str = "your move (new position, or #K from `moves`)> ";

const HELP: &str = "type a move as the new position of a component (`3`, or `2:4+6` for \
component 2; components are numbered from 1), as `#K` for move K of `moves`, as the whole \
new position, or as its note where `moves` shows one (`cut 1-2`); or `moves`, `hint`, `undo`, `quit`";

/// What [`HELP`] adds for positions drawn with coordinates.
const BOARD_HELP: &str = "on the drawing, a move is also typed by what it takes: the two \
squares of a domino (`b1-b2`), the square bitten (`c2`), the coins turned (`2,5`); \
`2:b1-b2` in component 2";

mod input;
pub(crate) mod think;
pub(crate) mod typed;
use input::Input;
use typed::{read_line, read_unlisted};

fn describe(position: &[String], mv: &PositionMove) -> String {
    let note = mv
        .mv
        .note
        .as_ref()
        .map(|n| format!(" ({n})"))
        .unwrap_or_default();
    match mv.mv.component {
        Some(i) => format!(
            "component {}: {} -> {}{note}   (position now {})",
            i + 1,
            position[i],
            mv.mv.to,
            mv.next.join(" ")
        ),
        None => format!("{} -> {}", position.join(" "), mv.next.join(" ")),
    }
}

/// The value (when the game has one: a misère position has none, as in
/// `grundy value`) and who wins, and why the position was not solved when
/// it was not.
fn status(advice: &Advice, misere: bool, unsolved: Option<&str>) -> String {
    let value = advice
        .value
        .as_ref()
        .filter(|_| !misere)
        .map(|v| format!("value {}, ", nimber_text(&Some(v.clone()))))
        .unwrap_or_default();
    let outcome = match advice.outcome {
        Some(Outcome::N) => "the player to move wins",
        Some(Outcome::P) => "the player to move loses",
        Some(Outcome::D) => "a draw with correct play",
        None => "not solved",
    };
    match (unsolved, advice.outcome) {
        (None, _) => format!("{value}{outcome}"),
        (Some(why), Some(_)) => format!("{value}{outcome} by a quick look; {why}"),
        (Some(why), None) => format!("{outcome}: {why}"),
    }
}

/// A position's moves, its drawing and the computer's advice, worked out
/// once per position however many lines are typed (`moves`, `hint`, a
/// typo).
struct Known {
    position: Vec<String>,
    moves: Vec<PositionMove>,
    /// Why `moves` is empty although moves exist: too many to list.
    unlisted: Option<String>,
    /// The position's drawing and its text with coordinates, for
    /// positions drawn as text (boards and coins), which take moves typed
    /// as coordinates.
    board: Option<(Figure, String)>,
    advice: Advice,
    /// Why the perfect move was not found, when it was not (the advice
    /// is then a guess, or empty after a glance).
    unsolved: Option<String>,
    /// Whether the advice is only a glance that did not solve the
    /// position: it has no move yet.
    glanced: bool,
}

impl Known {
    /// What is known of `position` with the computer to move (thought
    /// over for up to `time`) or, when `glance`, with the human to move
    /// (looked at briefly, so that the prompt comes at once).
    fn of(
        game: &dyn Ruleset,
        position: &[String],
        limits: &Limits,
        time: Seconds,
        glance: bool,
    ) -> anyhow::Result<Known> {
        // Too many moves to list (a Nim heap of 10^12): a typed move is
        // checked by the rules instead, where the rules can check one.
        let (moves, unlisted) = match game.position_moves(position, limits) {
            Ok(moves) => (moves, None),
            Err(e @ (grundy::Error::Limit { .. } | grundy::Error::Memory { .. }))
                if game.tells_moves() =>
            {
                (Vec::new(), Some(e.to_string()))
            }
            Err(e) => return Err(e.into()),
        };
        let thought = match glance {
            true => think::glance(game, position, limits, time)?,
            false => think::think(game, position, limits, time)?,
        };
        let drawn = match unlisted {
            None => game.figure(position, &moves)?,
            Some(_) => None,
        };
        let board = drawn.and_then(|f| {
            let text = figure_text(&f)?;
            Some((f, text))
        });
        Ok(Known {
            position: position.to_vec(),
            board,
            moves,
            unlisted,
            glanced: glance && thought.unsolved.is_some(),
            advice: thought.advice,
            unsolved: thought.unsolved,
        })
    }

    /// Thinks for the whole of `time` when only a glance was taken and it
    /// did not solve the position: the computer's move and a hint need a
    /// move, if only a guess.
    fn think_fully(
        &mut self,
        game: &dyn Ruleset,
        limits: &Limits,
        time: Seconds,
    ) -> anyhow::Result<()> {
        if std::mem::take(&mut self.glanced) {
            let thought = think::think(game, &self.position, limits, time)?;
            self.advice = thought.advice;
            self.unsolved = thought.unsolved;
        }
        Ok(())
    }

    /// A move from this position as people read it, with how it is typed
    /// on the drawing first (`b1-b2: component 1: ...`).
    fn describe(&self, mv: &PositionMove) -> String {
        let keys = self
            .moves
            .iter()
            .position(|m| m.next == mv.next)
            .and_then(|k| self.keys(k))
            .map(|t| format!("{t}: "))
            .unwrap_or_default();
        format!("{keys}{}", describe(&self.position, mv))
    }

    /// How moves are typed here: with coordinates too when the position
    /// is drawn with them.
    fn help(&self) -> String {
        match (self.drawn(), &self.unlisted) {
            (_, Some(why)) => unlisted(why),
            (Some(_), None) => format!("{HELP}; {BOARD_HELP}"),
            (None, None) => HELP.to_string(),
        }
    }

    /// How move `k` is typed on the drawing (`b1-b2`), when the position
    /// is drawn as text (boards and coins, whose coordinates are shown).
    fn keys(&self, k: usize) -> Option<String> {
        move_keys(&self.board.as_ref()?.0, k)
    }

    /// The drawn position as text with coordinates: each board or row of
    /// coins, under its component's number when there are several.
    fn drawn(&self) -> Option<&str> {
        Some(&self.board.as_ref()?.1)
    }

    /// The human's move from a line, as [`read_line`] reads it (by the
    /// rules where the moves are too many to list).
    fn read(
        &self,
        game: &dyn Ruleset,
        line: &str,
        limits: &Limits,
    ) -> Result<PositionMove, String> {
        if self.unlisted.is_some() {
            return read_unlisted(game, line, &self.position, limits);
        }
        let figure = self.board.as_ref().map(|(figure, _)| figure);
        read_line(game, line, &self.position, &self.moves, figure)
    }
}

/// Runs the command.
pub fn run(args: &PlayArgs, limits: &Limits) -> anyhow::Result<()> {
    match play(args, limits) {
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            Ok(())
        }
        other => other,
    }
}

/// The game from its announcement to its end.
fn play(args: &PlayArgs, limits: &Limits) -> anyhow::Result<()> {
    let (game, position) = args.position.read()?;
    // Whatever fails on the first position (a bad component, a budget
    // passed within the first look at it) fails before the game is
    // announced.
    let known = Known::of(
        &*game,
        &position,
        limits,
        args.think,
        think::glances(args.first == First::Human, args.blind),
    )?;
    let scripted = args.moves || !std::io::stdin().is_terminal();
    let mut input = if scripted {
        Input::Lines(std::io::stdin().lock())
    } else {
        Input::Editor(Box::new(rustyline::DefaultEditor::new()?))
    };
    show!(
        "playing {}{}{} against the computer; {}",
        game.name(),
        if game.misere() {
            " (misère: whoever moves last loses)"
        } else {
            ""
        },
        if args.blind {
            " blind (values and hints hidden until the game ends)"
        } else {
            ""
        },
        known.help()
    );
    let mut session = Session {
        game: &*game,
        limits,
        think: args.think,
        position,
        known,
        human_turn: args.first == First::Human,
        history: Vec::new(),
        seen: HashMap::new(),
        arrived: true,
        blind: args.blind.then(Vec::new),
    };
    while let Turn::Again = session.turn(&mut input)? {}
    session.reveal()
}

/// Whether the game goes on after a turn.
enum Turn {
    Again,
    Over,
}

/// A game under way.
struct Session<'a> {
    game: &'a dyn Ruleset,
    limits: &'a Limits,
    /// The computer's thinking time per position.
    think: Seconds,
    position: Vec<String>,
    known: Known,
    human_turn: bool,
    /// Positions before each human move, for undo.
    history: Vec<Vec<String>>,
    /// Visits of each position with the player to move there.
    seen: HashMap<(Vec<String>, bool), u32>,
    /// Whether a move has just been made (a line that makes none, such as
    /// `moves` or a typo, is no new visit).
    arrived: bool,
    /// In blind play, each position that came up with what was hidden
    /// (its value and who wins), shown when the game ends.
    blind: Option<Vec<String>>,
}

impl Session<'_> {
    /// What a move leaves, for `moves`: the value of the position after it
    /// and who wins there (the outcome alone in misère play, which has no
    /// values). Nothing in blind play, which hides them, or when the
    /// analysis would exceed `limits` (the budget, or the thinking time
    /// that the whole listing shares: once it has run out, no more
    /// analyses are begun).
    fn leaves(&self, next: &[String], limits: &Limits) -> String {
        if self.blind.is_some() || limits.stopped() {
            return String::new();
        }
        let quick = Limits {
            max_moves: 0,
            ..limits.clone()
        };
        match self.game.analyze(next, &quick) {
            Ok(a) => match a.grundy {
                Some(v) => format!(
                    "   [leaves {}, {}]",
                    crate::render::nimber_text(&Some(v)),
                    a.outcome
                ),
                None => format!("   [leaves {}]", a.outcome),
            },
            Err(_) => String::new(),
        }
    }

    /// Shows the position, then ends the game, lets the computer move or
    /// answers one line of the human's.
    fn turn(&mut self, input: &mut Input) -> anyhow::Result<Turn> {
        let arrived = self.arrived;
        if self.third_visit() {
            show!("\nposition: {}", self.position.join(" "));
            show!("the same position has come up three times: a draw.");
            return Ok(Turn::Over);
        }
        // Moves and advice change only with the position, not with every
        // line typed (`moves`, `hint`, a typo).
        if self.known.position != self.position {
            self.known = Known::of(
                self.game,
                &self.position,
                self.limits,
                self.think,
                think::glances(self.human_turn, self.blind.is_some()),
            )?;
        }
        // The computer thinks before its status is shown (a move that
        // leaves the position as it was keeps the human's glance).
        if !self.human_turn {
            self.known.think_fully(self.game, self.limits, self.think)?;
        }
        let known = &self.known;
        let status = status(&known.advice, self.game.misere(), known.unsolved.as_deref());
        match &mut self.blind {
            Some(record) => {
                if arrived {
                    let mover = if self.human_turn { "you" } else { "computer" };
                    record.push(format!(
                        "{}   ({status}; {mover} to move)",
                        self.position.join(" ")
                    ));
                }
                show!("\nposition: {}", self.position.join(" "));
            }
            None => show!("\nposition: {}   ({status})", self.position.join(" ")),
        }
        if let Some(board) = self.known.drawn().filter(|_| arrived) {
            show!("{board}");
        }
        if self.known.moves.is_empty() && self.known.unlisted.is_none() {
            let mover_wins = outcome_when_stuck(self.game) == Outcome::N;
            if self.human_turn == mover_wins {
                show!("no move left: you win!");
            } else {
                show!("no move left: the computer wins.");
            }
            return Ok(Turn::Over);
        }
        if !self.human_turn {
            let Some(best) = self.known.advice.best.clone() else {
                bail!(
                    "the computer found no move from {}",
                    self.position.join(" ")
                );
            };
            // Blind play hides even whether the position was solved.
            let guessed = self.known.advice.outcome.is_none() && self.blind.is_none();
            let how = if guessed { " (a guess)" } else { "" };
            show!("computer{how}: {}", self.known.describe(&best));
            self.moved(best.next);
            return Ok(Turn::Again);
        }
        let prompt = if self.blind.is_some() {
            BLIND_PROMPT
        } else {
            "your move> "
        };
        let Some(line) = input.line(prompt)? else {
            show!("input ended: game stopped.");
            return Ok(Turn::Over);
        };
        self.answer(line.trim())
    }

    /// Whether the position just reached has come up for the third time
    /// with the same player to move: loopy games can go on for ever, and
    /// a third visit is a draw.
    fn third_visit(&mut self) -> bool {
        if !std::mem::take(&mut self.arrived) {
            return false;
        }
        let key = (self.position.clone(), self.human_turn);
        let repeats = self.seen.entry(key).or_insert(0);
        *repeats += 1;
        *repeats >= 3
    }

    /// The position after a move, with the other player to move.
    fn moved(&mut self, next: Vec<String>) {
        self.position = next;
        self.human_turn = !self.human_turn;
        self.arrived = true;
    }

    /// One line of the human's: a command or a move.
    fn answer(&mut self, line: &str) -> anyhow::Result<Turn> {
        match line {
            "" => {}
            "quit" | "exit" => {
                show!("game stopped.");
                return Ok(Turn::Over);
            }
            "help" | "?" => show!("{}", self.known.help()),
            "hint" if self.blind.is_some() => {
                show!("hint: hidden in blind play until the game ends")
            }
            "hint" => {
                self.known.think_fully(self.game, self.limits, self.think)?;
                show!("{}", self.hint())
            }
            // What each move leaves is worked out within the thinking
            // time: past it, the moves are listed without.
            "moves" if self.known.unlisted.is_some() => show!(
                "{}",
                unlisted(self.known.unlisted.as_deref().unwrap_or_default())
            ),
            "moves" => think::within(self.limits, self.think.duration(), |l| {
                for (k, m) in self.known.moves.iter().enumerate() {
                    show!(
                        "  {:>4}  {}{}",
                        format!("#{}", k + 1),
                        self.known.describe(m),
                        self.leaves(&m.next, l)
                    );
                }
                anyhow::Ok(())
            })?,
            "undo" => match self.history.pop() {
                Some(before) => {
                    self.position = before;
                    show!("undone: your last move and the computer's reply");
                }
                None => show!("nothing to undo"),
            },
            line => match self.known.read(self.game, line, self.limits) {
                Ok(mv) => {
                    show!("you: {}", self.known.describe(&mv));
                    self.history.push(self.position.clone());
                    self.moved(mv.next);
                }
                Err(why) => show!("{why}"),
            },
        }
        Ok(Turn::Again)
    }

    /// After blind play, every position that came up with its value and
    /// who won it, so the player sees where the game was decided.
    fn reveal(&self) -> anyhow::Result<()> {
        if let Some(record) = &self.blind {
            show!("\nthe game with what was hidden:");
            for line in record {
                show!("  {line}");
            }
        }
        Ok(())
    }

    /// The computer's advice to the human, with what it promises.
    fn hint(&self) -> String {
        let advice = &self.known.advice;
        let Some(best) = &advice.best else {
            return "hint: no move".to_string();
        };
        let promise = match advice.outcome {
            Some(Outcome::N) => "this wins",
            Some(Outcome::P) if advice.exact => {
                "every move loses against perfect play; this one loses slowest"
            }
            Some(Outcome::P) => "every move loses against perfect play",
            Some(Outcome::D) => "this keeps the draw",
            None => "a guess: no move was proven to win in the thinking time",
        };
        format!("hint: {} ({promise})", self.known.describe(best))
    }
}
