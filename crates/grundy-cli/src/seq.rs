//! `grundy seq GAME [--to N]`

use clap::Args;
use grundy::heap::{SeqReport, SeqRequest};
use grundy::{Limits, SpecOptions};

use crate::output::{print, print_json};

/// Human output lists at most this many values; JSON has them all.
const SHOWN_VALUES: usize = 1000;

/// Arguments of `grundy seq`.
#[derive(Args, Debug)]
pub struct SeqArgs {
    /// A heap game, e.g. sub:1,3,4, fib, lasker.
    game: String,
    /// The last heap to compute; without it, games with a periodicity
    /// theorem run until the period is proven.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    to: Option<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs the command.
pub fn run(args: &SeqArgs, limits: &Limits) -> anyhow::Result<()> {
    let game = grundy::parse(&args.game, SpecOptions::default())?;
    let to = args
        .to
        .as_deref()
        .map(|t| grundy::ruleset::parse_count(t, "--to", u32::MAX as u64 - 1))
        .transpose()?;
    let report = game.sequence(&SeqRequest { to }, limits)?;
    if args.json {
        print_json(&report)
    } else {
        print(&render(&report))
    }
}

/// The human form: an aligned table ten values to a row, then the period.
pub fn render(r: &SeqReport) -> String {
    let mut out = format!("game: {}\nG(0..={}):\n", r.game, r.computed_to);
    let shown = &r.values[..r.values.len().min(SHOWN_VALUES)];
    let w = shown
        .iter()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1)
        .max(2);
    let nw = (shown.len().saturating_sub(1)).to_string().len().max(2);
    out.push_str(&format!("{:>nw$} ", "n"));
    for c in 0..10 {
        out.push_str(&format!(" {:>w$}", format!("+{c}")));
    }
    out.push('\n');
    for (row, chunk) in shown.chunks(10).enumerate() {
        out.push_str(&format!("{:>nw$} ", row * 10));
        for v in chunk {
            out.push_str(&format!(" {v:>w$}"));
        }
        out.push('\n');
    }
    if shown.len() < r.values.len() {
        out.push_str(&format!(
            "... {} more values (use --json to get them all)\n",
            r.values.len() - shown.len()
        ));
    }
    if let Some(form) = &r.closed_form {
        out.push_str(&format!("closed form: {form}\n"));
    }
    match (r.period, r.preperiod) {
        (Some(p), Some(e)) => {
            let status = if r.proven { "proven" } else { "not proven" };
            out.push_str(&format!(
                "period: {p} from n = {e} (preperiod {e}), {status}\n"
            ));
            if let Some(proof) = &r.proof {
                out.push_str(&format!("  {proof}\n"));
            }
        }
        _ if r.closed_form.is_none() => out.push_str("period: none found\n"),
        _ => {}
    }
    out
}
