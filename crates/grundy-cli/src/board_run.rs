//! Long board searches from `grundy value` (cram, node-kayles, chomp):
//! progress on stderr and checkpoints. The engine hands each search's
//! tables to a [`SearchWatch`]; a thread here samples their counters for
//! the progress line and saves snapshots of them atomically (a temporary
//! file renamed over the old one), and a run that finds its checkpoint
//! fills the tables from it before searching.
//!
//! A checkpoint file is a text header (`grundy board checkpoint 1`, then
//! `game: NAME` and `position: COMPONENTS`, so that another solve's file
//! is refused), then for each table scope a line `scope NAME`, a line
//! with the byte count, and the engine's snapshot bytes.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail};
use clap::Args;
use grundy::{Limits, SearchProgress, SearchTables, SearchWatch};

use crate::longrun::Interrupted;

/// The first line of a checkpoint, with its version.
const HEADER: &str = "grundy board checkpoint 1";

/// How often the thread wakes to draw progress and save.
const TICK: Duration = Duration::from_millis(100);

/// How long a search runs before its progress shows on a terminal (short
/// ones finish before a line would be read).
const QUIET_START: Duration = Duration::from_secs(1);

/// Options of `grundy value` for long board searches.
#[derive(Args, Clone, Debug)]
pub struct BoardRunArgs {
    /// Show the progress of board searches (cram, node-kayles, chomp) on
    /// stderr even when it is not a terminal (on a terminal it shows after
    /// a second), with a last line of what the search did; a rules:
    /// script's search shows the positions it has met, and a heap game the
    /// heaps it has valued.
    #[arg(long)]
    progress: bool,
    /// Save the tables of board searches to FILE at intervals and on
    /// Ctrl-C, and resume from FILE when it exists (it must be of the same
    /// game and position).
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Seconds between two saves of --checkpoint.
    #[arg(long, value_name = "SECS", allow_negative_numbers = true, default_value = "60", value_parser = crate::seconds::checkpoint_every, requires = "checkpoint")]
    checkpoint_every: crate::seconds::Seconds,
}

/// Which searches keep tables for `--checkpoint`.
const KEPT: &str = "only the board searches of cram, node-kayles and chomp (not misère play, compounds or sums of different games) keep tables to save";

impl BoardRunArgs {
    /// Says in one warning line that `--checkpoint`, if given, is neither
    /// read nor written: the position's search keeps no tables (misère
    /// play, a compound).
    pub fn warn_no_tables(&self) {
        if let Some(path) = &self.checkpoint {
            sayln!(
                "warning: nothing read from or saved to {}: {KEPT}",
                path.display()
            );
        }
    }

    /// These options without `--checkpoint`, after [`Self::warn_no_tables`].
    pub fn without_tables(&self) -> BoardRunArgs {
        self.warn_no_tables();
        BoardRunArgs {
            checkpoint: None,
            ..self.clone()
        }
    }

    /// The checkpoint held against other runs, when there is one.
    pub fn claim(&self) -> anyhow::Result<Option<crate::checkpoint::Claim>> {
        (self.checkpoint.as_deref())
            .map(|path| crate::checkpoint::claim(path, "--checkpoint"))
            .transpose()
    }

    /// The options for process `process` of a cluster of `processes`:
    /// each saves its own checkpoint, FILE.I, when there is more than one.
    #[cfg(feature = "cluster")]
    pub fn for_process(&self, process: usize, processes: usize) -> BoardRunArgs {
        let mut args = self.clone();
        if processes > 1 {
            args.checkpoint = (args.checkpoint.take()).map(|p| {
                let mut name = p.into_os_string();
                name.push(format!(".{process}"));
                PathBuf::from(name)
            });
        }
        args
    }
}

/// The tables searches attached, by scope, and the snapshots a
/// checkpoint holds for scopes not attached yet.
#[derive(Default)]
struct Watch {
    tables: Mutex<Vec<(String, Arc<dyn SearchTables>)>>,
    loaded: Mutex<Vec<(String, Vec<u8>)>>,
    failed: Mutex<Option<String>>,
    /// More to show on the progress line (a cluster's messages).
    extra: Mutex<Option<Extra>>,
    /// The positions a search without tables to hand over holds
    /// ([`Limits::stored`]): a script's or a graph's memo search.
    stored: Arc<AtomicU64>,
}

/// Text a front end adds to the progress line.
pub type Extra = Box<dyn Fn() -> String + Send>;

impl Watch {
    /// The engine's hold on this watch ([`grundy::SearchWatch`]).
    fn hook(self: &Arc<Self>) -> SearchWatch {
        let watch = self.clone();
        Arc::new(move |scope: &str, tables| watch.attach(scope, tables))
    }

    /// Restores the scope's snapshot, if the checkpoint has one, and keeps
    /// the scope's fullest tables (a graph's options get small ones).
    fn attach(&self, scope: &str, tables: Arc<dyn SearchTables>) {
        let mut loaded = self.loaded.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = loaded.iter().position(|(s, _)| s == scope) {
            let (_, snapshot) = loaded.swap_remove(i);
            let restored = tables.restore(&snapshot);
            crate::alloc::restored(snapshot.capacity() as u64);
            drop(snapshot);
            if let Err(e) = restored {
                *self.failed.lock().unwrap_or_else(|e| e.into_inner()) = Some(e.to_string());
            }
        }
        let mut kept = self.tables.lock().unwrap_or_else(|e| e.into_inner());
        match kept.iter_mut().find(|(s, _)| s == scope) {
            Some(old) if old.1.progress().filled < tables.progress().filled => old.1 = tables,
            Some(_) => {}
            None => kept.push((scope.to_string(), tables)),
        }
    }
}

impl Watch {
    fn progress(&self) -> SearchProgress {
        let kept = self.tables.lock().unwrap_or_else(|e| e.into_inner());
        kept.iter().fold(SearchProgress::default(), |a, (_, t)| {
            let p = t.progress();
            SearchProgress {
                solved: a.solved + p.solved,
                filled: a.filled + p.filled,
                slots: a.slots + p.slots,
                restored: a.restored + p.restored,
                bytes: a.bytes + p.bytes,
            }
        })
    }
}

/// A board search under way: its watch, the thread that samples it and
/// what to save where.
pub struct BoardRun {
    watch: Arc<Watch>,
    checkpoint: Option<(PathBuf, String)>,
    /// Progress is shown (asked for, or on a terminal).
    show: bool,
    /// Progress was asked for: the summary line is printed however
    /// short the search.
    forced: bool,
    done: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<anyhow::Result<()>>>,
    started: Instant,
    /// The checkpoint held against other runs, until this run's last save.
    _claim: Option<crate::checkpoint::Claim>,
}

impl BoardRun {
    /// Starts watching the searches of `game` on `position` (the limits to
    /// search with come back), loading the checkpoint if it exists; `claim`
    /// is [`BoardRunArgs::claim`]'s, taken before anything else is started
    /// (a cluster claims before it connects, so that a refusal does not
    /// leave the other processes waiting).
    pub fn start(
        args: &BoardRunArgs,
        claim: Option<crate::checkpoint::Claim>,
        game: &str,
        position: impl FnOnce() -> anyhow::Result<Vec<String>>,
        limits: &Limits,
    ) -> anyhow::Result<(BoardRun, Limits)> {
        let every = args.checkpoint_every.duration();
        let watch = Arc::new(Watch::default());
        let mut limits = limits.clone();
        let mut header = String::new();
        if let Some(path) = &args.checkpoint {
            let position = position()?.join(" ");
            header = format!("{HEADER}\ngame: {game}\nposition: {position}\n");
            let loaded = load(path, &header, limits.max_memory)?;
            if !loaded.is_empty() {
                sayln!("resuming {game} {position} from {}", path.display());
            }
            *watch.loaded.lock().unwrap() = loaded;
            limits.stop = Some(crate::stop_on_signal());
        }
        limits.watch = Some(watch.hook());
        limits.stored = Some(watch.stored.clone());
        let show = args.progress || std::io::stderr().is_terminal();
        let done = Arc::new(AtomicBool::new(false));
        let checkpoint = args.checkpoint.clone().map(|p| (p, header));
        // A sampler only when there is something to sample for: progress
        // to show, or a checkpoint to save.
        let thread = (show || checkpoint.is_some()).then(|| {
            let (watch, done, checkpoint) = (watch.clone(), done.clone(), checkpoint.clone());
            let lines = crate::output::ProgressLines::new(args.progress);
            std::thread::spawn(move || sample(&watch, &done, checkpoint, every, show, lines))
        });
        let run = BoardRun {
            watch,
            checkpoint,
            show,
            forced: args.progress,
            done,
            thread,
            started: Instant::now(),
            _claim: claim,
        };
        Ok((run, limits))
    }

    /// Adds `extra()` to each progress line (a cluster's messages).
    #[cfg(feature = "cluster")]
    pub fn also_show(&self, extra: Extra) {
        *self.watch.extra.lock().unwrap() = Some(extra);
    }

    /// Stops sampling, saves the checkpoint a last time and says what the
    /// search did; an interrupted search says how to resume (after
    /// "stopped" when the time limit stopped it: `main` names the limit).
    pub fn finish<T>(self, result: anyhow::Result<T>) -> anyhow::Result<T> {
        self.finish_stopped_by(result, crate::longrun::stop_word())
    }

    /// [`finish`](Self::finish), where an interruption is told as
    /// `stopped` (a cluster process stopped by another says so, not as if
    /// its own user had pressed Ctrl-C).
    pub fn finish_stopped_by<T>(
        mut self,
        result: anyhow::Result<T>,
        stopped: &str,
    ) -> anyhow::Result<T> {
        self.done.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            thread
                .join()
                .map_err(|_| anyhow!("the progress thread failed"))??;
        }
        if let Some(why) = self.watch.failed.lock().unwrap().take() {
            bail!(
                "{}: {why}",
                self.checkpoint
                    .as_ref()
                    .map_or(Path::new(""), |c| &c.0)
                    .display()
            );
        }
        let p = self.watch.progress();
        let interrupted = result.as_ref().is_err_and(|e| {
            matches!(
                e.downcast_ref::<grundy::Error>(),
                Some(grundy::Error::Interrupted(_))
            )
        });
        match &self.checkpoint {
            Some((path, header)) if p.slots > 0 => save(path, header, &self.watch)?,
            // Stopped before any search began (a cluster still connecting).
            Some(_) if interrupted => {}
            // A failure is told in one line, without the warning.
            Some((path, _)) if result.is_ok() => {
                sayln!("warning: nothing saved to {}: {KEPT}", path.display())
            }
            Some(_) | None => {}
        }
        let long = self.started.elapsed() >= QUIET_START;
        if p.slots > 0 && (self.forced || (self.show && long)) {
            sayln!(
                "board search: {} positions searched, {} values from the checkpoint, {}, {:.1} s",
                p.solved,
                p.restored,
                fill_text(&p),
                self.started.elapsed().as_secs_f64()
            );
        }
        let saved = p.slots > 0;
        match (result, &self.checkpoint) {
            (Err(_), Some((path, _))) if interrupted && p.slots == 0 => Err(Interrupted(format!(
                "{stopped}; nothing saved to {} (no table had been filled): run the same command again to start over",
                path.display()
            ))
            .into()),
            (Err(_), Some((path, _))) if interrupted => Err(Interrupted(format!(
                "{stopped}; checkpoint saved to {}: run the same command again to resume",
                path.display()
            ))
            .into()),
            // Ctrl-C on a cluster run without a checkpoint (elsewhere it
            // ends the process); a time limit says so in its own words.
            (Err(_), None) if interrupted && !crate::timed_out() => Err(Interrupted(format!(
                "{stopped}; nothing kept (--checkpoint FILE keeps the tables of a run)"
            ))
            .into()),
            // Any other failure (a lost peer, a budget) kept the tables too.
            (Err(e), Some((path, _))) if saved && !interrupted => Err(anyhow!(
                "{e:#}; checkpoint saved to {} (the same command resumes from it)",
                path.display()
            )),
            (r, _) => r,
        }
    }
}

/// `table 42% full of 12 MiB`.
fn fill_text(p: &SearchProgress) -> String {
    format!(
        "table {:.0}% full of {}",
        100.0 * p.filled as f64 / p.slots.max(1) as f64,
        grundy::error::bytes_text(p.bytes)
    )
}

/// The sampling thread: a progress line (drawn in place on a terminal,
/// printed as `lines` decides otherwise), and saves every `every`.
fn sample(
    watch: &Watch,
    done: &AtomicBool,
    checkpoint: Option<(PathBuf, String)>,
    every: Duration,
    show: bool,
    mut lines: crate::output::ProgressLines,
) -> anyhow::Result<()> {
    let started = Instant::now();
    let mut last_save = Instant::now();
    let mut drawn = false;
    while !done.load(Ordering::Relaxed) {
        std::thread::sleep(TICK);
        let Some(mut text) = progress_text(watch, started.elapsed()) else {
            continue;
        };
        if let Some(extra) = watch.extra.lock().unwrap().as_ref() {
            text.push_str(&format!(", {}", extra()));
        }
        if show && started.elapsed() >= QUIET_START {
            if lines.on() {
                lines.print(|| text);
            } else {
                say!("\r\x1b[K{text}");
                drawn = true;
            }
        }
        if let Some((path, header)) = &checkpoint {
            if last_save.elapsed() >= every {
                save(path, header, watch)?;
                last_save = Instant::now();
            }
        }
    }
    if drawn {
        say!("\r\x1b[K");
    }
    Ok(())
}

/// The progress line after `elapsed`: the board search's tables, or else
/// the positions a memo search holds; `None` before either has begun.
fn progress_text(watch: &Watch, elapsed: Duration) -> Option<String> {
    let p = watch.progress();
    let stored = watch.stored.load(Ordering::Relaxed);
    let count = if p.slots > 0 { p.solved } else { stored };
    let rate = count as f64 / elapsed.as_secs_f64().max(1e-9);
    // What the process holds, as `--memory` counts it: a cluster's
    // processes hold their network's buffers beside their tables.
    let held = grundy::error::bytes_text(crate::alloc::held());
    match (p.slots, stored) {
        (0, 0) => None,
        (0, _) => Some(format!("{stored} positions met, {rate:.0}/s, {held} held")),
        _ => Some(format!(
            "{} positions searched, {}, {rate:.0}/s, {held} held",
            p.solved,
            fill_text(&p)
        )),
    }
}

/// Writes the checkpoint atomically: a temporary file, synced, renamed
/// over the old one, so a kill leaves the old or the new file whole.
/// Each scope's snapshot goes to the file as soon as it is taken, one at
/// a time: the tables take three eighths of `--memory` and a snapshot
/// 10 bytes for each 8-byte slot in use, so the budget has room for one
/// snapshot beside them, not for a copy of every snapshot as well.
fn save(path: &Path, header: &str, watch: &Watch) -> anyhow::Result<()> {
    use std::io::Write;
    let kept: Vec<(String, Arc<dyn SearchTables>)> = watch.tables.lock().unwrap().clone();
    crate::checkpoint::write_atomically(path, |w| {
        w.write_all(header.as_bytes())?;
        for (scope, tables) in &kept {
            let snap = tables.snapshot();
            write!(w, "scope {scope}\n{}\n", snap.len())?;
            w.write_all(&snap)?;
        }
        Ok(())
    })
}

/// The snapshots of the checkpoint at `path` by scope (none if there is
/// no file), refused in one line when it is of another solve or damaged.
fn load(path: &Path, header: &str, max_memory: u64) -> anyhow::Result<Vec<(String, Vec<u8>)>> {
    // A snapshot takes a quarter more than its table, and snapshots are
    // set aside from the budget while they are restored: a run with
    // `--memory M` saves at most about 1.25 M.
    let limit = "twice the memory budget, more than a run with it saves; raise --memory to read it";
    let max = max_memory.saturating_mul(2);
    let Some(bytes) = crate::output::read_within(path, max, limit)? else {
        return Ok(Vec::new());
    };
    let name = path.display();
    if bytes.is_empty() {
        bail!("{name}: an empty file, not a checkpoint (saves are written whole); delete it, or give another --checkpoint file");
    }
    if header.as_bytes().starts_with(&bytes) {
        bail!("{name}: a checkpoint of this solve cut short inside its header (damaged: saves are written whole); delete it to start over");
    }
    let Some(rest) = bytes.strip_prefix(header.as_bytes()) else {
        // Bytes of a damaged header that are no text show as `?` (control
        // characters are escaped where every error is printed).
        let text =
            String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]).replace('\u{fffd}', "?");
        let mut lines = text.lines();
        if lines.next() != Some(HEADER) {
            bail!("{name}: not a grundy board checkpoint (it does not start with `{HEADER}`)");
        }
        let theirs: Vec<&str> = lines
            .take(2)
            .map(|l| l.split_once(": ").map_or(l, |p| p.1))
            .collect();
        bail!(
            "{name}: a checkpoint of `{}`, not of this solve (or a damaged one); give another --checkpoint file",
            theirs.join(" ")
        );
    };
    // Every section checked first, by its place in the file.
    let mut sections = Vec::new();
    let (mut rest, mut at) = (rest, bytes.len() - rest.len());
    while !rest.is_empty() {
        let (scope, len, after) = section(rest).ok_or_else(|| {
            anyhow!("{name}: damaged checkpoint (a scope is cut short, or bytes follow it); delete it to start over")
        })?;
        grundy::games::check_snapshot(&after[..len])
            .map_err(|e| anyhow!("{name}: damaged checkpoint: {e}; delete it to start over"))?;
        let start = at + (rest.len() - after.len());
        sections.push((scope, start..start + len));
        rest = &after[len..];
        at = start + len;
    }
    // Taken out of the file's bytes without a second copy of the whole
    // file: the later sections copied, the first kept where it is. Each is
    // left out of the memory held until restored.
    let mut out = Vec::with_capacity(sections.len());
    for (scope, range) in sections.drain(1..).rev() {
        out.push((scope, bytes[range].to_vec()));
    }
    if let Some((scope, range)) = sections.pop() {
        let mut bytes = bytes;
        bytes.truncate(range.end);
        bytes.drain(..range.start);
        out.push((scope, bytes));
    }
    out.reverse();
    for (_, snapshot) in &out {
        crate::alloc::set_aside(snapshot.capacity() as u64);
    }
    Ok(out)
}

/// A section `scope NAME\nLEN\n` and the bytes after it, if whole.
fn section(bytes: &[u8]) -> Option<(String, usize, &[u8])> {
    let line = |b: &[u8]| -> Option<(String, usize)> {
        let end = b.iter().position(|&c| c == b'\n')?;
        Some((String::from_utf8(b[..end].to_vec()).ok()?, end + 1))
    };
    let (first, used) = line(bytes)?;
    let scope = first.strip_prefix("scope ")?.to_string();
    let (len, used2) = line(&bytes[used..])?;
    let len: usize = len.parse().ok()?;
    let after = &bytes[used + used2..];
    (len <= after.len()).then_some((scope, len, after))
}
