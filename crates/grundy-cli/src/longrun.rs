//! Driving long sequence runs: chunks, progress, checkpoints, streaming.
//!
//! The engine computes and decides how far ([`SeqRun`]); this module shows
//! progress on stderr, saves checkpoints atomically (a temporary file
//! renamed over the old one) at intervals and on Ctrl-C, and streams values
//! to a file.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use clap::Args;
use grundy::heap::{checkpoint, HeapSequence, HeapValues, SeqReport, SeqRequest, SeqRun};
use grundy::{Error, Limits};

use crate::output::Progress;

/// The options `seq` and `quotient` share: how far, the JSON form, and a
/// checkpoint saved at intervals. The help of `--to` and `--checkpoint`
/// is each command's own (`mut_arg` on its arguments), as what they
/// compute differs.
#[derive(Args, Debug)]
pub struct HeapRunArgs {
    // `--to`: the last heap, read by `to()`; help from the command.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    to: Option<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    // `--checkpoint FILE`: help from the command.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Seconds between checkpoints.
    #[arg(long, value_name = "SECS", allow_negative_numbers = true, default_value = "30", value_parser = crate::seconds::checkpoint_every, requires = "checkpoint")]
    checkpoint_every: crate::seconds::Seconds,
    /// Show the progress on stderr even when it is not a terminal (on a
    /// terminal it is drawn in place): a line a second, for runs left in
    /// the background
    #[arg(long)]
    pub progress: bool,
}

impl HeapRunArgs {
    /// `--to`, the last heap, as a count below 2^32 - 2, if given.
    pub fn to(&self) -> anyhow::Result<Option<u64>> {
        let to = self.to.as_deref();
        Ok(to
            .map(|t| grundy::ruleset::parse_count(t, "--to", u32::MAX as u64 - 2))
            .transpose()?)
    }

    /// `--checkpoint-every` as a duration.
    pub fn every(&self) -> Duration {
        self.checkpoint_every.duration()
    }
}

/// Where the run keeps its state and output.
pub struct RunFiles {
    /// The checkpoint file, if any.
    pub checkpoint: Option<PathBuf>,
    /// The least time between two checkpoints.
    pub every: Duration,
    /// The raw values file, if any.
    pub values_out: Option<PathBuf>,
    /// Bytes per value in the values file (1, 2 or 4).
    pub values_width: u8,
    /// Progress lines on a stderr that is not a terminal (`--progress`).
    pub progress: bool,
    /// The values the report lists: the first so many and the last
    /// ([`SeqRun::listing`], for the human form), or `None` for all.
    pub listed: Option<u64>,
}

/// A run stopped by Ctrl-C or a stop request, after saving its state.
#[derive(Debug)]
pub struct Interrupted(pub String);

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Interrupted {}

/// The word for a run the stop flag ended: "interrupted" for Ctrl-C or a
/// signal, "stopped" when `--timeout` raised it, since `main` then says
/// first that the time limit ran out ("the time limit ran out (--timeout
/// 2 s): stopped at n = 1015168").
pub fn stop_word() -> &'static str {
    if crate::timed_out() {
        "stopped"
    } else {
        "interrupted"
    }
}

/// Raw values, appended as they are computed.
struct ValuesOut {
    file: BufWriter<File>,
    width: u8,
    written: u64,
    path: PathBuf,
}

impl ValuesOut {
    /// Creates the file afresh and writes the first `cap` values already
    /// known (those of a checkpoint): whatever was there before, another
    /// run's values of another width or an unrelated file, is replaced.
    fn open(path: &Path, width: u8, table: &HeapValues, cap: u64) -> anyhow::Result<ValuesOut> {
        // `File::create` truncates regular files and leaves devices such
        // as /dev/null alone, which cannot be cut with `set_len`.
        let file =
            File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
        let mut out = ValuesOut {
            file: BufWriter::new(file),
            width,
            written: 0,
            path: path.to_path_buf(),
        };
        out.append(table, cap)?;
        Ok(out)
    }

    /// Appends the values of `table` not yet written, up to `cap` values
    /// in all (G(0..cap)).
    fn append(&mut self, table: &HeapValues, cap: u64) -> anyhow::Result<()> {
        let end = (table.len() as u64).min(cap);
        for n in self.written..end {
            let v = table.get(n as usize);
            let fits = self.width == 4 || v < 1 << (8 * self.width as u32);
            if !fits {
                let wider = if self.width == 1 { 2 } else { 4 };
                bail!(
                    "G({n}) = {v} does not fit in {} bits of {}; use --values-width {wider}",
                    8 * self.width as u32,
                    self.path.display()
                );
            }
            let bytes = v.to_le_bytes();
            self.file
                .write_all(&bytes[..self.width as usize])
                .with_context(|| format!("cannot write {}", self.path.display()))?;
        }
        self.written = self.written.max(end);
        Ok(())
    }

    fn flush(&mut self) -> anyhow::Result<()> {
        self.file
            .flush()
            .with_context(|| format!("cannot write {}", self.path.display()))
    }
}

/// Writes the checkpoint atomically: a temporary file, synced, then
/// renamed over the old one, so a crash leaves the old or the new file.
fn save(path: &Path, seq: &dyn HeapSequence) -> anyhow::Result<()> {
    crate::checkpoint::write_atomically(path, |w| write_values(w, seq))
}

/// Writes the values of `seq` to `w` as a checkpoint of its game (the
/// checkpoint of `seq` and the save of a `table` game under way).
pub fn write_values(w: &mut impl std::io::Write, seq: &dyn HeapSequence) -> std::io::Result<()> {
    let mut result = Ok(());
    seq.with_table(&mut |table| result = checkpoint::write(&mut *w, &seq.checkpoint_name(), table));
    result
}

/// Restores into `seq` the checkpoint of `size` bytes that `input` holds,
/// once it reads as values of `seq`'s game.
pub fn restore_values(
    input: impl std::io::Read,
    size: u64,
    seq: &dyn HeapSequence,
) -> grundy::Result<()> {
    let table = checkpoint::read_sized(input, &seq.checkpoint_name(), size)?;
    seq.validate(&table)?;
    seq.restore(table);
    Ok(())
}

/// Loads a checkpoint into `seq` if the file exists.
fn resume(path: &Path, seq: &dyn HeapSequence) -> anyhow::Result<()> {
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    let meta = file
        .metadata()
        .with_context(|| format!("cannot read {}", path.display()))?;
    // A folder or a pipe was refused by `checkpoint::claim` before this.
    let size = meta.len();
    restore_values(std::io::BufReader::new(file), size, seq)
        .with_context(|| path.display().to_string())?;
    let table = seq.stats().computed;
    sayln!(
        "resuming {} from {} at n = {table}",
        seq.name(),
        path.display(),
    );
    Ok(())
}

/// Stops an interrupted run: flushes the values, saves the checkpoint
/// and says how to resume.
fn interrupted(
    seq: &dyn HeapSequence,
    files: &RunFiles,
    values: Option<&mut ValuesOut>,
) -> anyhow::Error {
    match keep(seq, files, values) {
        Ok(saved) => {
            let saved = saved.map_or(String::new(), |path| {
                format!(
                    "; checkpoint saved to {}: run the same command again to resume",
                    path.display()
                )
            });
            Interrupted(format!(
                "{} at n = {}{saved}",
                stop_word(),
                seq.stats().computed
            ))
            .into()
        }
        Err(e) => e,
    }
}

/// A run stopped by a budget (`--memory`, `--max-states`) after it got
/// past `start_n` values: what it computed is kept as a stop by Ctrl-C
/// keeps it, so that the same command with a higher limit goes on from
/// there. Other failures are returned as they are.
fn bounded(
    e: Error,
    seq: &dyn HeapSequence,
    files: &RunFiles,
    values: Option<&mut ValuesOut>,
    start_n: u64,
) -> anyhow::Error {
    let budget = matches!(e, Error::Limit { .. } | Error::Memory { .. });
    let n = seq.stats().computed;
    let Some(path) = files
        .checkpoint
        .as_deref()
        .filter(|_| budget && n > start_n)
    else {
        return e.into();
    };
    match keep(seq, files, values) {
        Ok(_) => anyhow::anyhow!(
            "{e}; checkpoint saved to {} at n = {n}: run the same command with the higher limit to resume",
            path.display()
        ),
        Err(save_failed) => save_failed,
    }
}

/// What a stopped run keeps: the values file flushed and the checkpoint
/// saved; returns the checkpoint's path when there is one.
fn keep<'f>(
    seq: &dyn HeapSequence,
    files: &'f RunFiles,
    values: Option<&mut ValuesOut>,
) -> anyhow::Result<Option<&'f Path>> {
    // The checkpoint first: a values file that fails (a full disk) must
    // not cost what was computed.
    let path = files.checkpoint.as_deref();
    if let Some(path) = path {
        save(path, seq)?;
    }
    if let Some(v) = values {
        v.flush()?;
    }
    Ok(path)
}

/// Appends to the values file what `seq` has computed, up to `cap` values.
fn stream(seq: &dyn HeapSequence, values: Option<&mut ValuesOut>, cap: u64) -> anyhow::Result<()> {
    let Some(v) = values else { return Ok(()) };
    let mut r = Ok(());
    seq.with_table(&mut |t| r = v.append(t, cap));
    r
}

/// Runs `req` on `seq` by the engine's policy ([`SeqRun`]) and returns
/// its report; this side only shows progress, saves checkpoints (resuming
/// from one first) and streams the values the run says are settled.
///
/// The values file ends up holding exactly G(0..=last), the values
/// reported: a run to `--to N` streams at most N + 1 values (a checkpoint
/// may hold more), and a run until a proof writes its values once the
/// last one to report is known.
pub fn run(
    seq: &dyn HeapSequence,
    req: &SeqRequest,
    files: &RunFiles,
    limits: &Limits,
) -> anyhow::Result<Ran> {
    // Held until the run's last save.
    let _claim = match &files.checkpoint {
        Some(path) => {
            let claim = crate::checkpoint::claim(path, "--checkpoint")?;
            resume(path, seq)?;
            Some(claim)
        }
        None => None,
    };
    let start_n = seq.stats().computed;
    let mut run = SeqRun::new(seq, req, limits);
    if let Some(k) = files.listed {
        run = run.listing(k);
    }
    let mut values = None;
    if let Some(path) = &files.values_out {
        let mut opened = None;
        seq.with_table(&mut |t| {
            opened = Some(ValuesOut::open(path, files.values_width, t, run.settled()))
        });
        values = opened.transpose()?;
    }
    let mut bar = Progress::new(run.end() + 1, "n =", files.progress);
    let stepped = drive(&mut run, seq, files, values.as_mut(), &mut bar, limits);
    bar.finish();
    let stopped = match stepped? {
        Err(Error::Interrupted(_)) => interrupted(seq, files, values.as_mut()),
        Err(e @ Error::Memory { .. }) if start_n > run.end().saturating_add(1) => {
            return Err(past_checkpoint(e, files, start_n, run.end()))
        }
        Err(e @ (Error::Limit { .. } | Error::Memory { .. })) => {
            bounded(e, seq, files, values.as_mut(), start_n)
        }
        // A fault (a script's cycle, say) is no bound: told alone.
        Err(e) => return Err(bounded(e, seq, files, values.as_mut(), start_n)),
        Ok(()) => return finish(&run, seq, files, values, start_n, limits),
    };
    // What a bound or a stop left computed is printed before its reason,
    // when its report fits (it is the start of the same answer); a run
    // refused before it computed anything (its checkpoint's values aside)
    // prints nothing. The text form's report (a thousand values and the
    // last) gets a little room past a budget the run has just filled, so
    // that a run stopped by --memory shows it every time; a report of
    // every value gets none.
    let room = if files.listed.is_some() {
        LISTED_ROOM
    } else {
        0
    };
    let limits = Limits {
        max_memory: limits.max_memory.saturating_add(room),
        ..limits.unstopped()
    };
    match seq.stats().computed > start_n {
        false => Err(stopped),
        true => match run.report_so_far(&limits) {
            Ok(report) => Ok(Ran {
                report,
                unsaved: None,
                stopped: Some(stopped),
            }),
            Err(_) => Err(stopped),
        },
    }
}

/// The memory past its budget that the text form's report of a stopped
/// run may take: its thousand values and the last, with their rows.
const LISTED_ROOM: u64 = 1 << 20;

/// The end of a run that computed all it was asked: the files written
/// and the report made.
fn finish(
    run: &SeqRun<'_>,
    seq: &dyn HeapSequence,
    files: &RunFiles,
    mut values: Option<ValuesOut>,
    start_n: u64,
    limits: &Limits,
) -> anyhow::Result<Ran> {
    // The answer is computed: a file that cannot be written now (a full
    // disk) is told after the answer, never instead of it.
    let saved = match &files.checkpoint {
        Some(path) => save(path, seq),
        None => Ok(()),
    };
    let streamed = stream(seq, values.as_mut(), run.settled())
        .and_then(|()| values.as_mut().map_or(Ok(()), |v| v.flush()));
    let report = run.report(limits).map_err(|e| match e {
        Error::Memory { .. } if start_n > run.last().saturating_add(1) => {
            past_checkpoint(e, files, start_n, run.last())
        }
        Error::Memory { .. } if files.listed.is_none() => every_value_refused(e),
        e => e.into(),
    })?;
    Ok(Ran {
        report,
        unsaved: saved.and(streamed).err(),
        stopped: None,
    })
}

/// The memory budget `e`, hit by a run to heap `last` that restored
/// `restored` values from its checkpoint, more than it needs: a fresh run
/// might fit, so the checkpoint is named.
fn past_checkpoint(e: Error, files: &RunFiles, restored: u64, last: u64) -> anyhow::Error {
    anyhow::anyhow!(
        "{e}; the checkpoint {} holds G(0..={}), more than the {} values this run needs (another file starts afresh)",
        files.checkpoint.as_deref().unwrap_or(Path::new("")).display(),
        restored - 1,
        last + 1
    )
}

/// A finished run: its report, and the failure of a file it was to write
/// at the end (the checkpoint or the values), told after the report.
pub struct Ran {
    /// What the run computed.
    pub report: SeqReport,
    /// The first file that could not be written at the end.
    pub unsaved: Option<anyhow::Error>,
    /// What stopped the run before the heap it was asked for (Ctrl-C, a
    /// time limit, a budget): the report then holds what came before.
    pub stopped: Option<anyhow::Error>,
}

/// The refusal of a report of every value (for JSON or a plot), with what
/// to do instead: the text form needs no copy.
pub fn every_value_refused(e: Error) -> anyhow::Error {
    anyhow::anyhow!(
        "{e} (the text form, without --json and --plot, shows the first values and the last without it; --values-out writes every value as it comes)"
    )
}

/// Steps `run` to its end in chunks of about a quarter of a second: after
/// each step the settled values are streamed, the bar moves and a
/// checkpoint is saved when one is due. A step's failure is returned
/// inside, after the values it left are streamed.
fn drive(
    run: &mut SeqRun<'_>,
    seq: &dyn HeapSequence,
    files: &RunFiles,
    mut values: Option<&mut ValuesOut>,
    bar: &mut Progress,
    limits: &Limits,
) -> anyhow::Result<grundy::Result<()>> {
    let started = Instant::now();
    let start_n = seq.stats().computed;
    let mut last_save = Instant::now();
    let mut chunk: u64 = 4096;
    loop {
        let t0 = Instant::now();
        let step = run.step(chunk, limits);
        let spent = t0.elapsed();
        if let Ok(false) = step {
            return Ok(Ok(()));
        }
        if let Err(e) = stream(seq, values.as_deref_mut(), run.settled()) {
            // What was computed is kept for the run that fixes the failure
            // (a wider --values-width, room on the disk).
            if let Some(path) = &files.checkpoint {
                save(path, seq)?;
                return Err(anyhow::anyhow!(
                    "{e:#}; checkpoint saved to {} at n = {}: run the same command, with the values file fixed, to resume",
                    path.display(),
                    seq.stats().computed
                ));
            }
            return Err(e);
        }
        show_progress(bar, seq, started, start_n);
        if let Err(e) = step {
            return Ok(Err(e));
        }
        if let Some(path) = &files.checkpoint {
            if last_save.elapsed() >= files.every {
                let t = Instant::now();
                save(path, seq)?;
                last_save = Instant::now();
                // Never spend more than a tenth of the time saving.
                let cost = t.elapsed() * 10;
                if cost > files.every {
                    last_save += cost - files.every;
                }
            }
        }
        if spent < Duration::from_millis(100) {
            chunk = (chunk * 2).min(1 << 24);
        } else if spent > Duration::from_millis(400) && chunk > 1024 {
            chunk /= 2;
        }
    }
}

/// Moves the bar to what `seq` has computed, with the rate since the
/// run started at `start_n` values, the rare heaps and the largest value.
fn show_progress(bar: &mut Progress, seq: &dyn HeapSequence, started: Instant, start_n: u64) {
    let stats = seq.stats();
    let rate = (stats.computed - start_n) as f64 / started.elapsed().as_secs_f64().max(1e-9);
    let rare = stats
        .rare
        .map(|r| format!(", rare {r}"))
        .unwrap_or_default();
    bar.show(
        stats.computed,
        format!("{rate:.0}/s{rare}, max {}", stats.max_value),
    );
}
