//! Driving long sequence runs: chunks, progress, checkpoints, streaming.
//!
//! The engine computes; this module decides how far, shows progress on
//! stderr, saves checkpoints atomically (a temporary file renamed over the
//! old one) at intervals and on Ctrl-C, and streams values to a file.

use std::fs::{self, File, OpenOptions};
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use grundy::heap::{checkpoint, HeapSequence, Periodicity, Table};
use grundy::{Error, Limits};
use indicatif::{ProgressBar, ProgressStyle};

/// How far to go.
pub enum Target {
    /// Up to this heap, inclusive.
    To(u64),
    /// Until the period is proven, or this heap.
    UntilProven(u64),
}

/// Where the run keeps its state and output.
pub struct RunFiles {
    /// The checkpoint file, if any.
    pub checkpoint: Option<PathBuf>,
    /// The least time between two checkpoints.
    pub every: Duration,
    /// The raw values file, if any.
    pub values_out: Option<PathBuf>,
    /// Bytes per value in the values file (1 or 2).
    pub values_width: u8,
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

/// Raw values, appended as they are computed.
struct ValuesOut {
    file: BufWriter<File>,
    width: u8,
    written: u64,
    path: PathBuf,
}

impl ValuesOut {
    /// Opens the file so that it holds exactly the values already known:
    /// a longer file from an earlier run is cut back, a shorter one is
    /// rewritten.
    fn open(path: &Path, width: u8, table: &Table) -> anyhow::Result<ValuesOut> {
        let known = table.len() as u64;
        let have = fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        let mut file = OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(false)
            .open(path)
            .with_context(|| format!("cannot open {}", path.display()))?;
        let mut out = if have >= known * width as u64 && known > 0 {
            file.set_len(known * width as u64)?;
            file.seek(SeekFrom::End(0))?;
            ValuesOut {
                file: BufWriter::new(file),
                width,
                written: known,
                path: path.to_path_buf(),
            }
        } else {
            file.set_len(0)?;
            ValuesOut {
                file: BufWriter::new(file),
                width,
                written: 0,
                path: path.to_path_buf(),
            }
        };
        out.append(table)?;
        Ok(out)
    }

    /// Appends the values of `table` not yet written.
    fn append(&mut self, table: &Table) -> anyhow::Result<()> {
        for n in self.written as usize..table.len() {
            let v = table.get(n);
            let fits = match self.width {
                1 => v < 1 << 8,
                _ => v < 1 << 16,
            };
            if !fits {
                bail!(
                    "G({n}) = {v} does not fit in {} bits; use --values-width {}",
                    8 * self.width as u32,
                    if self.width == 1 {
                        "16"
                    } else {
                        "a wider format (values over 65535 are not supported)"
                    }
                );
            }
            if self.width == 1 {
                self.file.write_all(&[v as u8])?;
            } else {
                self.file.write_all(&(v as u16).to_le_bytes())?;
            }
        }
        self.written = table.len() as u64;
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
    let tmp = path.with_extension("tmp-checkpoint");
    let mut result = Ok(());
    seq.with_table(&mut |table| {
        result = (|| -> anyhow::Result<()> {
            let file = File::create(&tmp)?;
            let mut w = BufWriter::new(file);
            checkpoint::write(&mut w, &seq.name(), table)?;
            w.into_inner().map_err(|e| e.into_error())?.sync_all()?;
            Ok(())
        })();
    });
    result.with_context(|| format!("cannot write the checkpoint {}", tmp.display()))?;
    fs::rename(&tmp, path).with_context(|| format!("cannot replace {}", path.display()))?;
    Ok(())
}

/// Loads a checkpoint into `seq` if the file exists.
fn resume(path: &Path, seq: &dyn HeapSequence) -> anyhow::Result<()> {
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    let table = checkpoint::read(std::io::BufReader::new(file), &seq.name())
        .with_context(|| path.display().to_string())?;
    eprintln!(
        "resuming {} from {} at n = {}",
        seq.name(),
        path.display(),
        table.len()
    );
    seq.restore(table);
    Ok(())
}

fn progress_bar(target: u64) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(
        Some(target + 1),
        indicatif::ProgressDrawTarget::stderr_with_hz(4),
    );
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] n = {pos}/{len} {msg}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar
}

/// Runs the sequence to the target; returns the last heap to report and
/// the proven period, if the run was to prove one.
pub fn run(
    seq: &dyn HeapSequence,
    target: Target,
    files: &RunFiles,
    limits: &Limits,
) -> anyhow::Result<(u64, Option<Periodicity>)> {
    if let Some(path) = &files.checkpoint {
        resume(path, seq)?;
    }
    let mut values = None;
    if let Some(path) = &files.values_out {
        let mut opened = None;
        seq.with_table(&mut |t| opened = Some(ValuesOut::open(path, files.values_width, t)));
        values = Some(opened.expect("with_table calls back")?);
    }
    let (end, prove) = match target {
        Target::To(to) => (to, false),
        Target::UntilProven(cap) => (cap, true),
    };
    let bar = progress_bar(end);
    let started = Instant::now();
    let start_n = seq.stats().computed;
    let mut last_save = Instant::now();
    let mut chunk: u64 = 4096;
    let mut next_proof_check: u64 = 256;
    let mut proven = None;
    loop {
        let stats = seq.stats();
        if prove && stats.computed >= next_proof_check.min(end + 1) {
            proven = seq.prove();
            next_proof_check = stats.computed * 2;
        }
        if stats.computed > end || proven.is_some() {
            break;
        }
        let mut upto = (stats.computed + chunk - 1).min(end);
        if prove {
            // Stop where the proof is looked for next.
            upto = upto.min(next_proof_check.max(stats.computed + 1) - 1);
        }
        let t0 = Instant::now();
        let step = seq.extend_to(upto, limits);
        let spent = t0.elapsed();
        if let Some(v) = values.as_mut() {
            let mut r = Ok(());
            seq.with_table(&mut |t| r = v.append(t));
            r?;
        }
        let stats = seq.stats();
        let rate = (stats.computed - start_n) as f64 / started.elapsed().as_secs_f64().max(1e-9);
        let rare = stats
            .rare
            .map(|r| format!(", rare {r}"))
            .unwrap_or_default();
        bar.set_position(stats.computed);
        bar.set_message(format!("{rate:.0}/s{rare}, max {}", stats.max_value));
        match step {
            Err(Error::Interrupted(_)) => {
                bar.finish_and_clear();
                if let Some(v) = values.as_mut() {
                    v.flush()?;
                }
                let saved = match &files.checkpoint {
                    Some(path) => {
                        save(path, seq)?;
                        format!(
                            "; checkpoint saved to {}: run the same command again to resume",
                            path.display()
                        )
                    }
                    None => String::new(),
                };
                return Err(Interrupted(format!(
                    "interrupted at n = {}{saved}",
                    seq.stats().computed
                ))
                .into());
            }
            Err(e) => {
                bar.finish_and_clear();
                return Err(e.into());
            }
            Ok(()) => {}
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
        // Aim for chunks of about a quarter of a second.
        if spent < Duration::from_millis(100) {
            chunk = (chunk * 2).min(1 << 24);
        } else if spent > Duration::from_millis(400) && chunk > 1024 {
            chunk /= 2;
        }
    }
    bar.finish_and_clear();
    if let Some(v) = values.as_mut() {
        v.flush()?;
    }
    if let Some(path) = &files.checkpoint {
        save(path, seq)?;
    }
    let computed = seq.stats().computed;
    let last = match &proven {
        Some(p) => p.window_end().min(computed - 1),
        None => end.min(computed.saturating_sub(1)),
    };
    Ok((last, proven))
}
