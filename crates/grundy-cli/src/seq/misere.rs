//! `grundy seq GAME --misere [--to N]`: the misère values and Conway's
//! genus of each heap, and how far the game is tame.

use grundy::heap::genus::{MisereSeqReport, SeqProgress, DEFAULT_MISERE_TO};
use grundy::heap::quotient::Progress;
use grundy::ruleset::misere_sequence_of;
use grundy::{Limits, Ruleset};

use super::SeqArgs;
use crate::output::{print, print_json};

/// Runs `seq --misere`.
pub fn run(
    args: &SeqArgs,
    game: &dyn Ruleset,
    to: Option<u64>,
    limits: &Limits,
) -> anyhow::Result<()> {
    for (flag, given) in [
        ("--checkpoint", args.run.checkpoint.is_some()),
        ("--values-out", args.values_out.is_some()),
        ("--plot", args.plot.is_some()),
    ] {
        if given {
            anyhow::bail!("{flag} is for normal-play sequences; it cannot be used with --misere");
        }
    }
    // A fault of the game (a cycle), unlike a bound, fails the command
    // once the heaps before it are printed.
    let len = to.unwrap_or(DEFAULT_MISERE_TO);
    let mut bar = crate::output::Progress::new(len, "heap", args.run.progress);
    // The bar counts the heaps whose genus is known; the quotient, built
    // when the recurrence outgrows its share, is told in the message.
    let mut known = 0;
    let found = misere_sequence_of(game, to, limits, &mut |step| match step {
        SeqProgress::Heap {
            heap,
            read_off_quotient,
        } => {
            known = heap;
            let how = match read_off_quotient {
                true => "genus read off the misère quotient",
                false => "genus by the recurrence over sums",
            };
            bar.show(heap, how.to_string());
        }
        SeqProgress::Quotient(Progress::Proven { heap, order, .. }) => {
            let msg = format!("misère quotient proven to heap {heap}, order {order}");
            bar.show(known, msg);
        }
        SeqProgress::Quotient(Progress::Repairing { heap, order, .. }) => {
            let msg = format!("misère quotient: repairing heap {heap}, candidate of order {order}");
            bar.show(known, msg);
        }
    });
    bar.finish();
    let (mut r, fault) = found?;
    if limits.stopped() {
        r.stopped_by(&crate::stop_cause());
    }
    // The error line says where a fault stopped the table, once.
    let told = match (&fault, args.run.json) {
        (Some(_), false) => r.stopped.take(),
        _ => None,
    };
    if args.run.json {
        print_json(&r)?;
    } else {
        print(&render(&r))?;
    }
    match fault {
        Some(e) => match told {
            Some(at) => Err(anyhow::anyhow!(at)),
            None => Err(e.into()),
        },
        // Ctrl-C or a signal stopped it (a time limit is told by `main`).
        None if r.stopped.is_some() && limits.stopped() && !crate::timed_out() => Err(
            crate::longrun::Interrupted("interrupted; what was finished is above".to_string())
                .into(),
        ),
        None => Ok(()),
    }
}

/// The human form: a header, a table of heaps, where the game is tame, and
/// why it stopped early.
fn render(r: &MisereSeqReport) -> String {
    let heaps = match r.computed_to {
        Some(m) => format!("heaps 0..={m}"),
        None => "no heap".to_string(),
    };
    let mut out = format!("game: {}, misère play: {heaps}\n", r.game);
    let cols = ["n", "G+(n)", "G-(n)", "genus", "tame"];
    let rows: Vec<[String; 5]> = (0..r.genus.len())
        .map(|n| {
            [
                n.to_string(),
                r.values[n].to_string(),
                r.misere_values[n].to_string(),
                r.genus[n].clone(),
                if r.tame[n] { "yes" } else { "no" }.to_string(),
            ]
        })
        .collect();
    let width = |c: usize| crate::render::widest(rows.iter().map(|row| &row[c]), cols[c].len());
    let widths: Vec<usize> = (0..cols.len()).map(width).collect();
    let line = |cells: [&str; 5]| {
        let mut l = String::new();
        for (c, cell) in cells.iter().enumerate() {
            // Numbers to the right, words to the left.
            if c < 3 {
                l.push_str(&format!("{cell:>w$}  ", w = widths[c]));
            } else {
                l.push_str(&format!("{cell:<w$}  ", w = widths[c]));
            }
        }
        l.trim_end().to_string() + "\n"
    };
    out.push_str(&line(cols));
    for row in &rows {
        out.push_str(&line(row.each_ref().map(String::as_str)));
    }
    out.push_str(&tame_line(r));
    if let Some(why) = &r.stopped {
        out.push_str(&format!("{why}\n"));
    }
    out
}

/// How far every heap is tame, in words.
fn tame_line(r: &MisereSeqReport) -> String {
    let Some(last) = r.computed_to else {
        return String::new();
    };
    match r.tame_to {
        Some(m) if m == last => format!(
            "tame for every heap computed (0..={m}): every position reachable from them has the genus of a misère Nim position\n"
        ),
        Some(m) => format!(
            "tame up to heap {m}: every heap 0..={m} and every position reachable from it has the genus of a misère Nim position; heap {} is not tame\n",
            m + 1
        ),
        None => "heap 0 is not tame\n".to_string(),
    }
}
