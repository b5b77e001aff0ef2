//! `grundy value --compound KIND` and `grundy value --sum 'GAME POS' ...`:
//! several games played at once, answered by the engine's
//! [`grundy::compound`], and the text form of its answer.

use grundy::answer::compound::{Compound, CompoundAnalysis, CompoundMove};
use grundy::compound::{analyze_texts, Answer};
use grundy::present::text::outcome_in_words;
use grundy::{Error, Limits};

use crate::board_run::BoardRun;
use crate::output::{print, print_json};
use crate::position::PositionArgs;

/// Answers the position of `position` as the compound it asks for (with
/// `--sum`, a sum of different games, each component `GAME POSITION`),
/// its progress shown by `run`.
pub fn run(
    position: &PositionArgs,
    json: bool,
    run: BoardRun,
    limits: &Limits,
) -> anyhow::Result<()> {
    let load = |path: &str| grundy_files::read_text(path).map_err(Error::parse);
    let answer = analyze_texts(&position.asked(), &position.texts(), &load, limits);
    let answer = run.finish(answer.map_err(anyhow::Error::from))?;
    // Why no move is listed of a position some move wins, as `value` says.
    let why = match limits.max_moves {
        0 => "(--max-moves 0)".to_string(),
        _ => format!(
            "(none found within --max-states {} and --memory {}: raise them to list the moves)",
            limits.max_states,
            grundy::error::bytes_text(limits.max_memory)
        ),
    };
    match (json, answer) {
        (true, answer) => print_json(&answer),
        (false, Answer::Sum(a)) => print(&crate::render::render_unlisted(a, &why)),
        (false, Answer::Compound(c)) => print(&render(&c, &why)),
    }
}

/// The human form: the rule, a table of the components' numbers, the
/// outcome and the winning moves (`why` none is listed of a position some
/// move wins).
pub fn render(a: &CompoundAnalysis, why: &str) -> String {
    let misere = if a.misere { ", misère" } else { "" };
    let mut out = format!("game: {} ({} compound{misere})\n", a.game, a.compound);
    out.push_str(&format!("rule: {}\n", a.rule));
    let w = crate::render::column_width(&a.components);
    let column = match a.compound {
        Compound::Conjunctive => "remoteness",
        Compound::Continued => "suspense",
        _ => "value",
    };
    let searched = a.method == "search";
    match searched {
        true => out.push_str(&format!("  #  {:<w$}  alone\n", "component")),
        false => out.push_str(&format!("  #  {:<w$}  alone  {column}\n", "component")),
    }
    for (i, (c, n)) in a.components.iter().zip(&a.numbers).enumerate() {
        let alone = n.outcome.map_or("?".to_string(), |o| o.to_string());
        let number = n
            .remoteness
            .or(n.suspense)
            .map(|x| x.to_string())
            .or(n.value.map(|x| grundy::Nimber(x).to_string()))
            .or(n.state.map(str::to_string))
            .unwrap_or_default();
        match searched {
            true => out.push_str(&format!("{:>3}  {c:<w$}  {alone}\n", i + 1)),
            false => out.push_str(&format!("{:>3}  {c:<w$}  {alone:<5}  {number}\n", i + 1)),
        }
    }
    out.push_str(&format!("outcome: {}\n", outcome_in_words(a.outcome)));
    if !a.winning_moves.is_empty() {
        out.push_str(&crate::render::moves_heading(
            a.winning_moves.len(),
            a.moves_truncated,
        ));
        for m in &a.winning_moves {
            out.push_str(&format!("  {}\n", move_text(a, m)));
        }
    } else if a.moves_truncated {
        // Cut by --max-moves 0, or by --max-states before the first was
        // found: a selective compound of eight Kayles heaps has 10^8 moves.
        out.push_str(&format!("winning moves: not listed {why}\n"));
    }
    out
}

/// A compound move as one line: each component's move, `;` between.
fn move_text(a: &CompoundAnalysis, m: &CompoundMove) -> String {
    let each: Vec<String> = m
        .moves
        .iter()
        .map(|mv| {
            let i = mv.component.unwrap_or(0);
            let note = mv
                .note
                .as_ref()
                .map(|n| format!("   ({n})"))
                .unwrap_or_default();
            format!(
                "component {}: {} -> {}{note}",
                i + 1,
                a.components[i],
                mv.to
            )
        })
        .collect();
    each.join("; ")
}
