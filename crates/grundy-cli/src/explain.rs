//! `grundy explain GAME COMPONENT...`: why a position has its value, in
//! the tutorials' notation. The reasoning is the engine's
//! ([`grundy::explain`]); this file only prints it.

use clap::Args;
use grundy::explain::{explain, explain_position, ComponentWhy, Explanation};
use grundy::present::text::outcome_in_words;
use grundy::{Limits, Outcome};

use crate::output::{print, print_json};
use crate::position::PositionArgs;

/// Arguments of `grundy explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs the command.
pub fn run(args: &ExplainArgs, limits: &Limits) -> anyhow::Result<()> {
    let game = args.position.ruleset()?;
    let why = match game.reads_files() {
        true => explain_position(&*game, &args.position.read_files(&*game)?, limits)?,
        false => explain(&*game, &args.position.components(&*game), limits)?,
    };
    if args.json {
        print_json(&why)
    } else {
        print(&render(&why))
    }
}

/// `G(x)`, the tutorials' name for the value of `x`.
fn g(x: &str) -> String {
    format!("G({x})")
}

/// The mex line of a component and, below it, its options by value, or
/// the theory its value comes from.
fn render_component(out: &mut String, i: usize, c: &ComponentWhy) {
    out.push_str(&format!("component {}: {}\n", i + 1, c.component));
    if let (Some(options), Some(groups)) = (&c.options, &c.groups) {
        let names: Vec<String> = options.iter().map(|o| g(&o.to)).collect();
        let set: Vec<String> = groups.iter().map(|gr| gr.value.to_string()).collect();
        // With no option, the set of their values is the same empty set.
        let values = match options.is_empty() {
            true => String::new(),
            false => format!(" = mex{{{}}}", set.join(",")),
        };
        out.push_str(&format!(
            "  {} = mex{{{}}}{values} = {}\n",
            g(&c.component),
            names.join(", "),
            c.value
        ));
        for gr in groups {
            let members: Vec<String> = gr.options.iter().map(|o| g(o)).collect();
            out.push_str(&format!("    value {}: {}\n", gr.value, members.join(", ")));
        }
    } else {
        out.push_str(&format!("  {} = {}\n", g(&c.component), c.value));
    }
    if let Some(t) = &c.theory {
        out.push_str(&format!("  by theory: {}\n", t.text));
    }
}

/// The human form: each component's mex, the sum in binary with its XOR,
/// the outcome and why each winning move wins.
pub fn render(why: &Explanation) -> String {
    let mut out = format!("game: {}\n", why.game);
    for (i, c) in why.components.iter().enumerate() {
        render_component(&mut out, i, c);
    }
    let labels: Vec<String> = why.components.iter().map(|c| g(&c.component)).collect();
    let w = crate::render::widest(&labels, 3);
    let vw = why.sum.total.to_string().len().max(
        why.components
            .iter()
            .map(|c| c.value.to_string().len())
            .max()
            .unwrap_or(1),
    );
    out.push_str("sum: the XOR of the values, bit by bit\n");
    for ((label, c), bits) in labels.iter().zip(&why.components).zip(&why.sum.binary) {
        out.push_str(&format!("  {label:<w$} = {:>vw$} = {bits}\n", c.value));
    }
    out.push_str(&format!(
        "  {:<w$} = {:>vw$} = {}\n",
        "XOR", why.sum.total, why.sum.total_binary
    ));
    let reason = match why.outcome {
        Outcome::P => "the XOR is 0, so every move changes one value and makes the XOR nonzero",
        _ => "the XOR is not 0, so a move can make it 0",
    };
    out.push_str(&format!(
        "outcome: {}: {reason}\n",
        outcome_in_words(why.outcome)
    ));
    if why.winning_moves.is_empty() && why.moves_truncated {
        out.push_str(crate::render::UNLISTED);
    }
    if !why.winning_moves.is_empty() {
        let more = if why.moves_truncated {
            ", more not listed"
        } else {
            ""
        };
        out.push_str(&format!(
            "winning moves ({}{more}): each makes the XOR 0\n",
            why.winning_moves.len()
        ));
    }
    for m in &why.winning_moves {
        let Some(i) = m.mv.component else { continue };
        out.push_str(&format!(
            "  component {}: {} -> {}   value {} -> {} = {} XOR {}, so the XOR becomes {}\n",
            i + 1,
            why.components[i].component,
            m.mv.to,
            m.value_before,
            m.value_after,
            m.value_before,
            why.sum.total,
            m.total_after
        ));
    }
    out
}
