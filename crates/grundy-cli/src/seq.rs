//! `grundy seq GAME [--to N] [--misere]`

mod misere;

use std::path::PathBuf;

use clap::Args;
use grundy::heap::{self, SeqReport, SeqRequest, SparseInfo};
use grundy::ruleset::HeapQuestion;
use grundy::Limits;

use crate::longrun::{self, HeapRunArgs, RunFiles};
use crate::output::{print, print_json};
use crate::plot;

/// Human output lists at most this many values; JSON has them all.
const SHOWN_VALUES: usize = 1000;

/// Arguments of `grundy seq`.
#[derive(Args, Debug)]
#[command(
    mut_arg("to", |a| a.help(
        "The last heap to compute; without it, games with a periodicity \
         theorem run until the period is proven (up to 2^20 heaps)"
    )),
    mut_arg("checkpoint", |a| a.help(
        "Save the run's state here at intervals and on Ctrl-C, and resume \
         from it when it exists"
    ))
)]
pub struct SeqArgs {
    /// A heap game, e.g. sub:1,3,4, kayles, 0.137, grundy.
    game: String,
    #[command(flatten)]
    run: HeapRunArgs,
    /// Stream the values to FILE: one little-endian unsigned integer per
    /// heap n = 0, 1, 2, ..., of --values-width bytes, nothing else.
    #[arg(long, value_name = "FILE")]
    values_out: Option<PathBuf>,
    /// Bytes per value in --values-out (1, 2 or 4).
    #[arg(
        long,
        value_name = "BYTES",
        default_value_t = 2,
        value_parser = parse_width,
        requires = "values_out"
    )]
    values_width: u8,
    /// Plot the values (n against G(n), rare values in red) to a .png or .svg file.
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    /// Misère play: each heap's misère value G-(n) and Conway's genus
    /// symbol, and up to which heap the game is tame (--to defaults to 30).
    #[arg(long)]
    misere: bool,
    /// Threads that value heaps together (default: every core). The values
    /// are the same for every count.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
}

/// Runs the command.
pub fn run(args: &SeqArgs, limits: &Limits) -> anyhow::Result<()> {
    if let Some(n) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n.into())
            .build_global()
            .map_err(|e| anyhow::anyhow!("--threads {n}: {e}"))?;
    }
    // Misère sequences too take the game's own moves, not its misère
    // form: genus is misère theory.
    let question = match args.misere {
        true => HeapQuestion::MisereSequence,
        false => HeapQuestion::Sequence,
    };
    let game = grundy_files::parse_heap_game(&args.game, question)?;
    let to = args.run.to()?;
    if let Some(path) = &args.plot {
        let others = [
            ("--checkpoint", args.run.checkpoint.as_deref()),
            ("--values-out", args.values_out.as_deref()),
        ];
        plot::check(path, &others)?;
    }
    if args.misere {
        return misere::run(args, &*game, to, limits);
    }
    let every = args.run.every();
    let req = SeqRequest { to };
    // The human form shows the table's head and last value: a run to 2^32
    // heaps is not copied whole to show them.
    let listed = (!args.run.json && args.plot.is_none()).then_some(SHOWN_VALUES as u64);
    if let (None, Some(to)) = (listed, to) {
        // JSON or a plot of every value: refused now when its copy alone
        // cannot fit, not at the end of the run.
        heap::check_report_room(to, None, limits).map_err(longrun::every_value_refused)?;
    }
    let (report, unsaved, stopped) = match game.heap() {
        Some(seq) if !seq.has_closed_form() => {
            check_files(args)?;
            let files = RunFiles {
                checkpoint: args.run.checkpoint.clone(),
                every,
                values_out: args.values_out.clone(),
                values_width: args.values_width,
                progress: args.run.progress,
                listed,
            };
            let ran = longrun::run(seq, &req, &files, limits)?;
            (ran.report, ran.unsaved, ran.stopped)
        }
        // A heap game with a closed form; other games are refused as not
        // heap games by the sequence itself.
        heap => {
            for (flag, given) in [
                ("--checkpoint", args.run.checkpoint.is_some()),
                ("--values-out", args.values_out.is_some()),
            ] {
                if given && heap.is_some() {
                    anyhow::bail!(
                        "{flag} is for computed take-and-break sequences; {} is answered by formula or theory (use --json for the values)",
                        game.name()
                    );
                }
            }
            let report = match listed {
                Some(k) => game.sequence_listing(&req, k, limits)?,
                None => game.sequence(&req, limits)?,
            };
            (report, None, None)
        }
    };
    shown(args, &report, unsaved, stopped)
}

/// The JSON of a sequence (`seq --json`, `/api/seq`): the report, and
/// why it stopped short of what was asked.
#[derive(serde::Serialize)]
pub struct SeqAnswer<'a> {
    #[serde(flatten)]
    pub report: &'a SeqReport,
    /// Present only when the run stopped short: a bound, the time limit
    /// or Ctrl-C (then the values computed are the start of the answer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
}

/// Prints `report` and writes its plot; then says what `stopped` the run
/// early, or which file could not be written (`unsaved`). The answer
/// comes first: a file that cannot be written is told after it.
fn shown(
    args: &SeqArgs,
    report: &SeqReport,
    unsaved: Option<anyhow::Error>,
    stopped: Option<anyhow::Error>,
) -> anyhow::Result<()> {
    if args.run.json {
        // Said as the error line says it, the time limit named first.
        let why = stopped.as_ref().map(|e| match crate::timed_out() {
            true => format!("{}: {e:#}", crate::stop_cause()),
            false => format!("{e:#}"),
        });
        print_json(&SeqAnswer {
            report,
            stopped: why,
        })?;
    } else {
        print(&render(report))?;
    }
    if let Some(stopped) = stopped {
        // The values above are the start of the answer, not all of it: no
        // plot is written of them.
        return Err(stopped);
    }
    if let Some(path) = &args.plot {
        plot::write(path, report)?;
    }
    match unsaved {
        Some(e) => Err(anyhow::anyhow!("{e:#} (the answer is printed in full)")),
        None => Ok(()),
    }
}

/// `--values-out` and `--checkpoint` are files of their own: neither is
/// the other, nor its lock or temporary file.
fn check_files(args: &SeqArgs) -> anyhow::Result<()> {
    let (Some(values), Some(checkpoint)) = (&args.values_out, &args.run.checkpoint) else {
        return Ok(());
    };
    if crate::checkpoint::same_file(values, checkpoint) {
        anyhow::bail!(
            "--values-out and --checkpoint name the same file, {}: each needs its own",
            values.display()
        );
    }
    if crate::checkpoint::beside_checkpoint(values, checkpoint) {
        anyhow::bail!(
            "--values-out {}: the run keeps the lock or the temporary file of --checkpoint there; give another name",
            values.display()
        );
    }
    Ok(())
}

/// `--values-width`: 1, 2 or 4 bytes per value.
fn parse_width(text: &str) -> Result<u8, String> {
    match text.trim() {
        "1" => Ok(1),
        "2" => Ok(2),
        "4" => Ok(4),
        _ => Err(format!(
            "`{}` is not 1, 2 or 4 (bytes per value)",
            grundy::error::shorten_quote(text)
        )),
    }
}

fn describe_sparse(s: &SparseInfo) -> String {
    let p = &s.partition;
    let rule = format!(
        "parity(G & {:#b}){}",
        p.mask,
        p.extra_terms(" xor (n mod 2)", " xor 1")
    );
    let last = s
        .last_rare
        .map(|n| format!(", the last at n = {n}"))
        .unwrap_or_default();
    format!(
        "sparse space: heap n is common when {rule} = 1; {}{last}\n",
        grundy::error::counted(s.rare_count, "rare heap")
    )
}

/// The human form: an aligned table ten values to a row, then the period.
pub fn render(r: &SeqReport) -> String {
    let mut out = format!("game: {}\nG(0..={}):\n", r.game, r.computed_to);
    // A table of up to SHOWN_VALUES + 1 values is shown whole, so that
    // `--to 1000` ends with G(1000); longer ones end with the value asked
    // for (the report may hold only those: `RunFiles::listed`).
    let total = usize::try_from(r.computed_to).map_or(usize::MAX, |n| n.saturating_add(1));
    let cut = if total > SHOWN_VALUES + 1 {
        SHOWN_VALUES
    } else {
        r.values.len()
    };
    let shown = &r.values[..cut];
    let w = crate::render::widest(shown.iter().map(u64::to_string), 2);
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
        let skipped = total - shown.len() - 1;
        let plural = if skipped == 1 { "" } else { "s" };
        out.push_str(&format!(
            "... {skipped} more value{plural} (use --json or --values-out to get them all)\nG({}) = {}\n",
            r.computed_to,
            r.values[r.values.len() - 1]
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
        _ if r.closed_form.is_none() => {
            out.push_str("period: none found\n");
            if let Some(why) = &r.proof {
                out.push_str(&format!("  {why}\n"));
            }
        }
        _ => {}
    }
    if let Some(s) = &r.sparse {
        out.push_str(&describe_sparse(s));
    }
    out
}
