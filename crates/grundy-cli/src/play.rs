//! `grundy play GAME COMPONENT...`: a game against a perfect computer.
//!
//! At a terminal the moves are read with line editing and history; with
//! `--moves`, or when stdin is not a terminal, they are read from stdin one
//! per line, so sessions can be scripted and tested.

use std::collections::HashMap;
use std::io::{BufRead, IsTerminal, Write};

use anyhow::bail;
use clap::{Args, ValueEnum};
use grundy::play::{advise, Advice};
use grundy::ruleset::PositionMove;
use grundy::{Limits, Outcome, Ruleset};

use crate::position::PositionArgs;
use crate::value::nimber_text;

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
}

/// The state budget of play unless `--max-states` says otherwise: the
/// whole state graph of a position is searched for the perfect move, and
/// its positions are texts, so ten million of them would take gigabytes
/// and minutes; beyond this the computer plays from the game's analysis.
pub const DEFAULT_MAX_STATES: u64 = 200_000;

/// Prints a line of the game; a closed stdout (`play ... | head`) ends
/// the game quietly, as it does for the other commands.
macro_rules! say {
    ($($arg:tt)*) => {
        if let Err(e) = writeln!(std::io::stdout(), $($arg)*) {
            return match e.kind() {
                std::io::ErrorKind::BrokenPipe => Ok(()),
                _ => Err(e.into()),
            };
        }
    };
}

const HELP: &str =
    "type a move as a number from `moves`, as COMPONENT:NEW (e.g. 2:5, components from 1), \
or as the whole new position; or `moves`, `hint`, `undo`, `quit`";

/// Where the human's lines come from.
enum Input {
    Editor(Box<rustyline::DefaultEditor>),
    Lines(std::io::StdinLock<'static>),
}

impl Input {
    fn line(&mut self, prompt: &str) -> Option<String> {
        match self {
            Input::Editor(ed) => match ed.readline(prompt) {
                Ok(line) => {
                    let _ = ed.add_history_entry(line.as_str());
                    Some(line)
                }
                Err(_) => None,
            },
            Input::Lines(lines) => {
                let mut line = String::new();
                match lines.read_line(&mut line) {
                    Ok(0) | Err(_) => None,
                    Ok(_) => {
                        let line = line.trim().to_string();
                        // A closed stdout shows at the next line the game says.
                        let _ = writeln!(std::io::stdout(), "{prompt}{line}");
                        Some(line)
                    }
                }
            }
        }
    }
}

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

fn status(advice: &Advice) -> String {
    let value = advice
        .value
        .as_ref()
        .map(|v| format!("value {}, ", nimber_text(&Some(v.clone()))))
        .unwrap_or_default();
    let outcome = match advice.outcome {
        Outcome::N => "the player to move wins",
        Outcome::P => "the player to move loses",
        Outcome::D => "a draw with correct play",
    };
    format!("{value}{outcome}")
}

/// The human's move from a line, if it is one.
fn read_move(
    line: &str,
    position: &[String],
    moves: &[PositionMove],
) -> Result<PositionMove, String> {
    if let Ok(k) = line.parse::<usize>() {
        if (1..=moves.len()).contains(&k) && !line.contains(':') {
            return Ok(moves[k - 1].clone());
        }
    }
    if let Some((i, to)) = line.split_once(':') {
        let i: usize = i
            .trim()
            .parse()
            .map_err(|_| format!("`{}` is not a component number", i.trim()))?;
        let to = to.trim();
        return moves
            .iter()
            .find(|m| m.mv.component == Some(i.wrapping_sub(1)) && m.mv.to == to)
            .cloned()
            .ok_or_else(|| format!("component {i} cannot become `{to}`"));
    }
    let whole: Vec<String> = line.split_whitespace().map(str::to_string).collect();
    moves
        .iter()
        .find(|m| m.next == whole)
        .cloned()
        .ok_or_else(|| format!("`{line}` is not a move from {}; {HELP}", position.join(" ")))
}

/// Runs the command.
pub fn run(args: &PlayArgs, limits: &Limits) -> anyhow::Result<()> {
    let game: Box<dyn Ruleset> = args.position.ruleset()?;
    let mut position = args.position.position(&*game)?;
    let scripted = args.moves || !std::io::stdin().is_terminal();
    let mut input = if scripted {
        Input::Lines(std::io::stdin().lock())
    } else {
        Input::Editor(Box::new(rustyline::DefaultEditor::new()?))
    };
    let misere = game.misere();
    say!(
        "playing {}{} against the computer; {HELP}",
        game.name(),
        if misere {
            " (misère: whoever moves last loses)"
        } else {
            ""
        }
    );
    let mut human_turn = args.first == First::Human;
    // Positions before each human move, for undo.
    let mut history: Vec<Vec<String>> = Vec::new();
    let mut seen: HashMap<(Vec<String>, bool), u32> = HashMap::new();
    let mut arrived = true;
    let mut known: Option<(Vec<String>, Vec<PositionMove>, Advice)> = None;
    loop {
        // Loopy games can go on for ever: a third visit is a draw.
        if arrived {
            arrived = false;
            let repeats = seen.entry((position.clone(), human_turn)).or_insert(0);
            *repeats += 1;
            if *repeats >= 3 {
                say!("\nposition: {}", position.join(" "));
                say!("the same position has come up three times: a draw.");
                return Ok(());
            }
        }
        // Moves and advice change only with the position, not with every
        // line typed (`moves`, `hint`, a typo).
        if known.as_ref().is_none_or(|k| k.0 != position) {
            let moves = game.position_moves(&position, limits)?;
            let advice = advise(&*game, &position, limits)?;
            known = Some((position.clone(), moves, advice));
        }
        let (_, moves, advice) = known.as_ref().expect("just filled");
        say!("\nposition: {}   ({})", position.join(" "), status(advice));
        if moves.is_empty() {
            // No move: the player to move loses (wins, misère).
            let human_wins = human_turn == misere;
            say!(
                "{}",
                if human_wins {
                    "no move left: you win!"
                } else {
                    "no move left: the computer wins."
                }
            );
            return Ok(());
        }
        if !human_turn {
            let Some(best) = &advice.best else {
                bail!("the computer found no move from {}", position.join(" "));
            };
            say!("computer: {}", describe(&position, best));
            position = best.next.clone();
            human_turn = true;
            arrived = true;
            continue;
        }
        let Some(line) = input.line("your move> ") else {
            say!("input ended: game stopped.");
            return Ok(());
        };
        match line.trim() {
            "" => continue,
            "quit" | "exit" => {
                say!("game stopped.");
                return Ok(());
            }
            "help" | "?" => say!("{HELP}"),
            "hint" => match &advice.best {
                Some(best) => say!(
                    "hint: {} ({})",
                    describe(&position, best),
                    match advice.outcome {
                        Outcome::N => "this wins",
                        Outcome::P if advice.exact =>
                            "every move loses against perfect play; this one loses slowest",
                        Outcome::P => "every move loses against perfect play",
                        Outcome::D => "this keeps the draw",
                    }
                ),
                None => say!("hint: no move"),
            },
            "moves" => {
                for (k, m) in moves.iter().enumerate() {
                    say!("  {:>3}. {}", k + 1, describe(&position, m));
                }
            }
            "undo" => match history.pop() {
                Some(before) => {
                    position = before;
                    say!("undone: your last move and the computer's reply");
                }
                None => say!("nothing to undo"),
            },
            line => match read_move(line, &position, moves) {
                Ok(mv) => {
                    say!("you: {}", describe(&position, &mv));
                    history.push(position.clone());
                    position = mv.next;
                    human_turn = false;
                    arrived = true;
                }
                Err(why) => say!("{why}"),
            },
        }
    }
}
