//! The text form of answers (a table of components, the total, the
//! outcome, the winning moves), shared by `value`, compounds, the cluster
//! and `play`, so that each prints an answer the same way.

use grundy::present::text::outcome_in_words;
use grundy::{Analysis, Value};

/// The human form of an analysis: where a first-player win has no move
/// listed (not looked for, or a budget stopped the listing), `why` says
/// why.
pub fn render_unlisted(a: Analysis, why: &str) -> String {
    let unlisted = a.moves_truncated && a.winning_moves.is_empty();
    // Moves listed and more left keep their heading's `more not listed`.
    let mut out = render(&Analysis {
        moves_truncated: a.moves_truncated && !unlisted,
        ..a
    });
    if unlisted {
        out.push_str(&format!("winning moves: not listed {why}\n"));
    }
    out
}

/// The line of a first-player win whose moves were not listed, when no
/// one says why (`value` names the budgets, [`render_unlisted`]).
pub const UNLISTED: &str = "winning moves: not listed (too many or too long to print)\n";

/// The line that opens a list of `n` winning moves.
pub fn moves_heading(n: usize, truncated: bool) -> String {
    let more = if truncated { ", more not listed" } else { "" };
    format!("winning moves ({n}{more}):\n")
}

/// The width of a column of `components`: lined up for components of
/// ordinary length; a longer one (a whole graph) just pushes its row along.
pub fn column_width(components: &[String]) -> usize {
    widest(components, 9)
}

/// The width of a text column: its widest cell, in characters, and at
/// least `least` (the width of its heading), but at most [`MAX_COLUMN`]:
/// a longer cell (a whole graph) just pushes its row along. Rust's
/// padding refuses widths past 65535, which a component of 70,000 coins
/// once asked of `explain`.
pub fn widest<S: AsRef<str>>(cells: impl IntoIterator<Item = S>, least: usize) -> usize {
    cells
        .into_iter()
        .map(|c| c.as_ref().chars().count())
        .fold(least, usize::max)
        .min(MAX_COLUMN)
}

/// The widest a text column is padded to.
pub const MAX_COLUMN: usize = 60;

/// A component's value as printed: `?` when it is not known.
pub fn nimber_text(v: &Option<Value>) -> String {
    match v {
        Some(Value::Finite(n)) => n.to_string(),
        Some(other) => other.to_string(),
        None => "?".to_string(),
    }
}

/// The human form: a table of components, the total, the outcome, moves.
pub fn render(a: &Analysis) -> String {
    let mut out = String::new();
    let play = match (a.misere, a.method) {
        (true, Some(method)) => format!(" (misère, decided by {method})"),
        (true, None) => " (misère)".to_string(),
        (false, _) => String::new(),
    };
    out.push_str(&format!("game: {}{play}\n", a.game));
    match &a.values {
        Some(values) => {
            // Columns line up for components of ordinary length; a longer
            // one (a whole graph) just pushes its value along.
            let w = column_width(&a.components);
            out.push_str(&format!("  #  {:<w$}  value\n", "component"));
            for (i, (c, v)) in a.components.iter().zip(values).enumerate() {
                out.push_str(&format!("{:>3}  {c:<w$}  {}\n", i + 1, nimber_text(v)));
            }
            out.push_str(&format!("total: {}\n", nimber_text(&a.grundy)));
        }
        None => out.push_str(&format!("position: {}\n", a.components.join(" "))),
    }
    out.push_str(&format!("outcome: {}\n", outcome_in_words(a.outcome)));
    if a.winning_moves.is_empty() && a.moves_truncated {
        out.push_str(UNLISTED);
    }
    if !a.winning_moves.is_empty() {
        out.push_str(&moves_heading(a.winning_moves.len(), a.moves_truncated));
        for m in &a.winning_moves {
            let note = m
                .note
                .as_ref()
                .map(|n| format!("   ({n})"))
                .unwrap_or_default();
            match m.component {
                Some(i) => out.push_str(&format!(
                    "  component {}: {} -> {}{note}\n",
                    i + 1,
                    a.components[i],
                    m.to
                )),
                None => out.push_str(&format!("  {} -> {}{note}\n", a.components.join(" "), m.to)),
            }
        }
    }
    out
}
