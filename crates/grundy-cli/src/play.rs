//! `grundy play GAME COMPONENT...`: a game against a perfect computer.
//!
//! At a terminal the moves are read with line editing and history; with
//! `--moves`, or when stdin is not a terminal, they are read from stdin one
//! per line, so sessions can be scripted and tested.

use std::collections::HashMap;
use std::io::{IsTerminal, Write};

use anyhow::bail;
use clap::{Args, ValueEnum};
use grundy::play::{advise, outcome_when_stuck, Advice};
use grundy::play::{choose_by_keys, move_keys};
use grundy::present::drawing::figure_text;
use grundy::ruleset::{read_typed, split_words, Figure, Move, PositionMove};
use grundy::{Limits, Outcome, Ruleset};

use crate::position::PositionArgs;
use crate::render::nimber_text;

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
}

/// The state budget of play unless `--max-states` says otherwise: the
/// whole state graph of a position is searched for the perfect move, and
/// its positions are texts, so ten million of them would take gigabytes
/// and minutes; beyond this the computer plays from the game's analysis.
pub const DEFAULT_MAX_STATES: u64 = 200_000;

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
component 2; components are numbered from 1), as `#K` for move K of `moves`, or as the whole \
new position; or `moves`, `hint`, `undo`, `quit`";

/// What [`HELP`] adds for positions drawn with coordinates.
const BOARD_HELP: &str = "on the drawing, a move is also typed by what it takes: the two \
squares of a domino (`b1-b2`), the square bitten (`c2`), the coins turned (`2,5`); \
`2:b1-b2` in component 2";

/// What a wrong line is told: short, since `help` says the rest.
const TRY: &str = "`moves` lists the moves, `help` says how to type one";

mod input;
use input::Input;

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
/// `grundy value`) and who wins.
fn status(advice: &Advice, misere: bool) -> String {
    let value = advice
        .value
        .as_ref()
        .filter(|_| !misere)
        .map(|v| format!("value {}, ", nimber_text(&Some(v.clone()))))
        .unwrap_or_default();
    let outcome = match advice.outcome {
        Outcome::N => "the player to move wins",
        Outcome::P => "the player to move loses",
        Outcome::D => "a draw with correct play",
    };
    format!("{value}{outcome}")
}

/// The components a typed text stands for, as the game writes them and
/// in order: a sum `4+6` is the same as `6+4`, and `04` is `4`.
fn typed_parts(game: &dyn Ruleset, text: &str) -> Vec<String> {
    let mut parts = read_typed(game, text);
    parts.sort_unstable();
    parts
}

/// `texts` as the game writes them (texts it cannot read kept as they
/// are), so that a position is compared with what was typed by meaning.
fn written(game: &dyn Ruleset, texts: &[String]) -> Vec<String> {
    texts
        .iter()
        .map(|t| game.canonical(t).unwrap_or_else(|_| t.clone()))
        .collect()
}

/// Whether `mv` moves one component to the parts `typed` (sorted, as the
/// game writes them), compared with the parts the move leaves, not its
/// printed text.
fn leaves(game: &dyn Ruleset, mv: &Move, typed: &[String]) -> bool {
    let mut left = written(game, &mv.parts);
    left.sort_unstable();
    mv.component.is_some() && left == typed
}

/// The human's move from a line: `#K` (move K of `moves`), `I:NEW`
/// (component I, counted from 1, becomes NEW), the new text of one
/// component, or the whole new position.
fn read_move(
    game: &dyn Ruleset,
    line: &str,
    position: &[String],
    moves: &[PositionMove],
) -> Result<PositionMove, String> {
    if let Some(k) = line.strip_prefix('#') {
        return match k.trim().parse::<usize>() {
            Ok(k) if (1..=moves.len()).contains(&k) => Ok(moves[k - 1].clone()),
            _ => Err(format!(
                "there is no move `{line}`: `moves` lists #1 to #{}",
                moves.len()
            )),
        };
    }
    if let Some((i, to)) = line.split_once(':') {
        let n = position.len();
        let i = match i.trim().parse::<usize>() {
            Ok(i) if (1..=n).contains(&i) => i,
            _ => {
                return Err(format!(
                    "`{}` is not a component: they are numbered from 1 to {n}",
                    i.trim()
                ))
            }
        };
        let to = to.trim();
        let typed = typed_parts(game, to);
        return moves
            .iter()
            .find(|m| m.mv.component == Some(i - 1) && leaves(game, &m.mv, &typed))
            .cloned()
            .ok_or_else(|| {
                format!(
                    "component {i} cannot become `{to}` in one move (it is {})",
                    position[i - 1]
                )
            });
    }
    let whole = read_typed(game, line);
    if let Some(m) = moves.iter().find(|m| written(game, &m.next) == whole) {
        return Ok(m.clone());
    }
    // One component's new text, if only one component can become it.
    let to = typed_parts(game, line);
    let one_word = split_words(line).len() == 1;
    let fits = |m: &&PositionMove| one_word && leaves(game, &m.mv, &to);
    let mut components: Vec<usize> = moves
        .iter()
        .filter(fits)
        .filter_map(|m| m.mv.component)
        .collect();
    components.dedup();
    match components[..] {
        [_] => Ok(moves.iter().find(fits).expect("found above").clone()),
        [] => Err(format!(
            "`{}` is not a move from {}; {TRY}",
            shorten(line),
            shorten(&position.join(" "))
        )),
        _ => {
            let which: Vec<String> = components.iter().map(|i| (i + 1).to_string()).collect();
            let (last, rest) = which.split_last().expect("two or more");
            let (all, list) = match rest {
                [one] => ("both", format!("{one} and {last}")),
                _ => ("all", format!("{}, and {last}", rest.join(", "))),
            };
            Err(format!(
                "components {list} can {all} become `{line}`: say which, e.g. {}:{line}",
                which[0]
            ))
        }
    }
}

/// A long text cut for an error line.
fn shorten(text: &str) -> String {
    grundy::error::shorten_quote(text)
}

/// A position's moves, its drawing and the computer's advice, worked out
/// once per position however many lines are typed (`moves`, `hint`, a
/// typo).
struct Known {
    position: Vec<String>,
    moves: Vec<PositionMove>,
    /// The position's drawing and its text with coordinates, for
    /// positions drawn as text (boards and coins), which take moves typed
    /// as coordinates.
    board: Option<(Figure, String)>,
    advice: Advice,
}

impl Known {
    fn of(game: &dyn Ruleset, position: &[String], limits: &Limits) -> anyhow::Result<Known> {
        let moves = game.position_moves(position, limits)?;
        let board = game.figure(position, &moves)?.and_then(|f| {
            let text = figure_text(&f)?;
            Some((f, text))
        });
        Ok(Known {
            position: position.to_vec(),
            board,
            moves,
            advice: advise(game, position, limits)?,
        })
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
        match self.drawn() {
            Some(_) => format!("{HELP}; {BOARD_HELP}"),
            None => HELP.to_string(),
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

    /// The human's move from a line: by the keys of the drawing it names
    /// (`b1-b2`) when the position is drawn as text, else as
    /// [`read_move`] reads it.
    fn read(&self, game: &dyn Ruleset, line: &str) -> Result<PositionMove, String> {
        let typed = read_move(game, line, &self.position, &self.moves);
        let Some((figure, _)) = &self.board else {
            return typed;
        };
        // On a board drawn with its coordinates, what names its parts is
        // read as them first: `2,5` on coins turns coins 2 and 5.
        match (choose_by_keys(figure, line), typed) {
            (Ok(Some(k)), _) => Ok(self.moves[k].clone()),
            (_, Ok(m)) => Ok(m),
            (Err(why), Err(_)) => Err(why),
            (Ok(None), Err(why)) => Err(why),
        }
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
    // Whatever fails on the first position (a budget, a bad component)
    // fails before the game is announced.
    let known = Known::of(&*game, &position, limits)?;
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
    /// analysis would exceed the budget.
    fn leaves(&self, next: &[String]) -> String {
        if self.blind.is_some() {
            return String::new();
        }
        let quick = Limits {
            max_moves: 0,
            ..self.limits.clone()
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
            self.known = Known::of(self.game, &self.position, self.limits)?;
        }
        let status = status(&self.known.advice, self.game.misere());
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
        if self.known.moves.is_empty() {
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
            show!("computer: {}", self.known.describe(&best));
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
            "hint" => show!("{}", self.hint()),
            "moves" => {
                for (k, m) in self.known.moves.iter().enumerate() {
                    show!(
                        "  {:>4}  {}{}",
                        format!("#{}", k + 1),
                        self.known.describe(m),
                        self.leaves(&m.next)
                    );
                }
            }
            "undo" => match self.history.pop() {
                Some(before) => {
                    self.position = before;
                    show!("undone: your last move and the computer's reply");
                }
                None => show!("nothing to undo"),
            },
            line => match self.known.read(self.game, line) {
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
            Outcome::N => "this wins",
            Outcome::P if advice.exact => {
                "every move loses against perfect play; this one loses slowest"
            }
            Outcome::P => "every move loses against perfect play",
            Outcome::D => "this keeps the draw",
        };
        format!("hint: {} ({promise})", self.known.describe(best))
    }
}
