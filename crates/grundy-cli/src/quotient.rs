//! `grundy quotient GAME [--to N]`: the misère quotient of a heap game.

use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Args;
use grundy::heap::quotient::{
    MisereQuotient, Progress, QuotientAnswer, Snapshot, DEFAULT_QUOTIENT_TO,
};
use grundy::heap::HeapSequence;
use grundy::ruleset::{heap_moves, HeapQuestion};
use grundy::Limits;

use crate::longrun::HeapRunArgs;
use crate::output::{print, print_json};

/// Arguments of `grundy quotient`.
#[derive(Args, Debug)]
#[command(
    mut_arg("to", |a| a.help(
        "The largest heap: the quotient of every sum of heaps up to N (default 40)"
    )),
    mut_arg("checkpoint", |a| a.help(
        "Save the quotient proven so far here at intervals, on Ctrl-C and \
         at the end, and go on from it when it exists"
    ))
)]
pub struct QuotientArgs {
    /// A heap game, e.g. 0.75, sub:1,2, nim, rules:FILE.rhai.
    game: String,
    #[command(flatten)]
    run: HeapRunArgs,
}

/// Runs the command.
pub fn run(args: &QuotientArgs, limits: &Limits) -> anyhow::Result<()> {
    let game = grundy_files::parse_heap_game(&args.game, HeapQuestion::Quotient)?;
    let to = args.run.to()?.unwrap_or(DEFAULT_QUOTIENT_TO);
    let moves = heap_moves(&*game, HeapQuestion::Quotient)?;
    let every = args.run.every();
    let path = args.run.checkpoint.as_deref();
    let _claim = (path.map(|p| crate::checkpoint::claim(p, "--checkpoint"))).transpose()?;
    let start = path
        .map(|p| resume(p, moves, to, limits))
        .transpose()?
        .flatten();
    let mut bar = crate::output::Progress::new(to, "heap", args.run.progress);
    let mut saver = path.map(|path| Saver {
        path,
        name: moves.checkpoint_name(),
        every,
        saved: Instant::now(),
        heap: start.as_ref().map(Snapshot::heap),
        failed: None,
    });
    let reached = MisereQuotient::compute_reached(moves, to, limits, start, &mut |step| {
        told(step, &mut bar, saver.as_mut())
    });
    bar.finish();
    let reached = match reached {
        Ok(reached) => reached,
        Err(e) => return Err(saver.and_then(|s| s.failed).unwrap_or(e.into())),
    };
    // What is proven is kept, however the run ended; a save that fails
    // (a full disk) is told after the answer, never instead of it. The
    // last save makes any earlier failure moot.
    let saved = path.map(|p| save(p, &reached.quotient.snapshot(), &moves.checkpoint_name()));
    let interrupted = matches!(reached.stopped, Some((_, grundy::Error::Interrupted(_))));
    // A stop that no bound made is the game's fault: an error, said once,
    // by the error line.
    let fault = reached.fault();
    let mut report = reached.answer();
    if interrupted {
        report.stopped_by(&crate::stop_cause());
    }
    if args.run.json {
        print_json(&report)?;
    } else {
        print(&text(&report, fault.is_none()))?;
    }
    let unsaved = saved.and_then(Result::err);
    if let Some(fault) = fault {
        let unsaved = unsaved.map_or(String::new(), |e| {
            format!("; the checkpoint was not saved: {e:#}")
        });
        anyhow::bail!("{fault} (the quotient proven before it is printed above{unsaved})");
    }
    // Ctrl-C exits 130 as every long command does, after what is proven.
    let kept = match (&unsaved, path) {
        (Some(e), _) => format!("; the checkpoint was not saved: {e:#}"),
        (None, Some(p)) => format!(
            "; checkpoint saved to {}: run the same command again to resume",
            p.display()
        ),
        (None, None) => String::new(),
    };
    match (interrupted, unsaved) {
        (true, _) => Err(crate::longrun::Interrupted(format!(
            "{} while proving heap {}{kept}",
            crate::longrun::stop_word(),
            report.stopped.as_ref().map_or(0, |s| s.heap)
        ))
        .into()),
        (false, Some(e)) => Err(anyhow::anyhow!("{e:#} (what was proven is printed above)")),
        (false, None) => Ok(()),
    }
}

/// Shows a step of the computation on the progress bar and offers the
/// quotient proven so far to the checkpoint's saver.
fn told(step: Progress, bar: &mut crate::output::Progress, saver: Option<&mut Saver<'_>>) {
    let (heap, msg, proven) = match step {
        Progress::Proven {
            heap,
            order,
            snapshot,
        } => (heap, format!("order {order}"), snapshot),
        Progress::Repairing {
            heap,
            order,
            repair,
            proven,
        } => {
            let msg = format!("repairing heap {heap} (#{repair}), candidate of order {order}");
            (heap.saturating_sub(1), msg, proven)
        }
    };
    bar.show(heap, msg);
    if let Some(s) = saver {
        s.offer(heap, proven);
    }
}

/// The snapshot in the checkpoint at `path`, if the file exists.
/// One past `to` is refused: going on from it cannot answer `--to`, and
/// starting over would overwrite the longer work.
fn resume(
    path: &Path,
    moves: &dyn HeapSequence,
    to: u64,
    limits: &Limits,
) -> anyhow::Result<Option<Snapshot>> {
    let limit = "the memory budget, which a quotient checkpoint must fit to be restored; raise --memory to read it";
    let Some(bytes) = crate::output::read_within(path, limits.max_memory, limit)? else {
        return Ok(None);
    };
    let snapshot =
        Snapshot::read(&bytes, moves, limits).with_context(|| path.display().to_string())?;
    if snapshot.heap() > to {
        anyhow::bail!(
            "{}: the checkpoint holds the quotient to heap {}, past --to {to}; ask for --to {} or more, or give another file",
            path.display(),
            snapshot.heap(),
            snapshot.heap()
        );
    }
    sayln!(
        "resuming {} from {} at heap {}",
        moves.name(),
        path.display(),
        snapshot.heap()
    );
    Ok(Some(snapshot))
}

/// The checkpoint of a run, saved every `every` at the heaps proven and,
/// while a heap takes long, at its repairs, with the heaps proven before
/// it. (Saved at proven heaps only, a run of Dawson's Kayles, which
/// proves heaps up to 33 in its first second, saved nothing in the hours
/// heap 34 takes, and a kill lost them all.)
struct Saver<'p> {
    path: &'p Path,
    name: String,
    every: Duration,
    saved: Instant,
    /// The heap the file holds: the last saved, or the one resumed from.
    heap: Option<u64>,
    /// The first save that failed, reported when the run ends.
    failed: Option<anyhow::Error>,
}

impl Saver<'_> {
    /// Saves the state at `heap` that `snapshot` makes, when `every` has
    /// passed since the last save and the file holds an earlier heap.
    fn offer(&mut self, heap: u64, snapshot: &dyn Fn() -> Snapshot) {
        let due = self.saved.elapsed() >= self.every && self.heap.is_none_or(|h| h < heap);
        if due && self.failed.is_none() {
            self.failed = save(self.path, &snapshot(), &self.name).err();
            self.saved = Instant::now();
            self.heap = Some(heap);
        }
    }
}

/// Saves `snapshot` to the checkpoint at `path`, atomically.
fn save(path: &Path, snapshot: &Snapshot, name: &str) -> anyhow::Result<()> {
    crate::checkpoint::write_atomically(path, |w| snapshot.write(w, name))
}

/// The quotient as the literature prints it, then where it stopped short
/// (unless the error line says so: `stop_shown` false).
fn text(report: &QuotientAnswer, stop_shown: bool) -> String {
    let r = &report.quotient;
    let mut out = format!(
        "game: {}\nmisère quotient of the sums of heaps up to {}\norder: {}\n",
        r.game, r.heaps, r.order
    );
    let gens: Vec<String> = r
        .generators
        .iter()
        .map(|g| format!("{} = heap {}", g.name, g.heap))
        .collect();
    out += &format!("generators: {}\n", list(&gens));
    out += &format!("relations: {}\n", list(&r.relations));
    out += &format!(
        "P-portion ({}): {}\n",
        grundy::error::counted(r.p_portion_size as u64, "element"),
        r.p_portion.join(", ")
    );
    out += "heap elements:\n";
    for (n, e) in r.heap_elements.iter().enumerate() {
        out += &format!("  {n:>4}  {e}\n");
    }
    let settled = match r.stable {
        true => "stable",
        false => "not yet stable",
    };
    out += &format!("{settled}: unchanged since heap {}\n", r.stable_since);
    out += &format!("{}\n", r.proof);
    if let Some(s) = report.stopped.as_ref().filter(|_| stop_shown) {
        out += &format!(
            "Q_{} of order {} is proven; heap {} not finished: {}\n",
            r.heaps, r.order, s.heap, s.reason
        );
    }
    out
}

fn list(items: &[String]) -> String {
    match items.is_empty() {
        true => "none".to_string(),
        false => items.join(", "),
    }
}
