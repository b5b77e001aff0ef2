//! The games of a sweep computed on worker threads: time budgets,
//! progress, and the games under way saved beside the `--out` file.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use grundy::heap::sweep::{self, Ended, Row};
use grundy::heap::{Code, HeapGame};
use grundy::Limits;
use indicatif::ProgressBar;

use super::saved::Saves;

/// A game being computed, for the time budget and the progress line.
struct Running {
    code: String,
    started: Instant,
    /// The time it ran before this run (resumed from its save).
    ran: Duration,
    stop: Arc<AtomicBool>,
}

impl Running {
    /// The time the game has run, in this run and before.
    fn elapsed(&self) -> Duration {
        self.started.elapsed() + self.ran
    }
}

/// The workers' shared view of a sweep.
pub struct Pool<'a> {
    pub parsed: &'a [Code],
    pub jobs: &'a [usize],
    pub to: u64,
    pub time: Option<f64>,
    /// The heaps of each game's misère quotient, when asked for.
    pub misere_to: Option<u64>,
    pub limits: &'a Limits,
    pub interrupt: &'a Arc<AtomicBool>,
    /// Where the games under way are saved (with `--out`).
    pub saves: Option<&'a Saves>,
}

type Finished = (usize, anyhow::Result<(Row, Ended)>, Duration);

/// What is done with each finished row: its index, the row, and whether
/// it is the game's answer to keep in the `--out` file.
pub type Done<'a> = &'a mut dyn FnMut(usize, Row, bool) -> anyhow::Result<()>;

impl Pool<'_> {
    /// Computes every job on `threads` threads, handing each finished row
    /// to `done` in completion order; a game stopped by Ctrl-C is dropped.
    pub fn run(&self, threads: usize, total: usize, done: Done) -> anyhow::Result<()> {
        let next = AtomicUsize::new(0);
        let running: Mutex<Vec<Option<Running>>> = Mutex::new((0..threads).map(|_| None).collect());
        let (tx, rx) = mpsc::channel::<Finished>();
        let bar = progress_bar(self.jobs.len() as u64, total);
        let started = Instant::now();
        std::thread::scope(|s| {
            let mut result = Ok(());
            for w in 0..threads {
                let tx = tx.clone();
                let (next, running) = (&next, &running);
                let spawned = std::thread::Builder::new()
                    .spawn_scoped(s, move || self.work(w, next, running, &tx));
                if let Err(e) = spawned {
                    // The threads started stop at once; the failure is told.
                    self.interrupt.store(true, Ordering::Relaxed);
                    result = Err(anyhow::anyhow!("--threads {threads}: {e}"));
                    break;
                }
            }
            drop(tx);
            let mut count = 0u64;
            loop {
                match rx.recv_timeout(Duration::from_millis(100)) {
                    Ok((i, outcome, took)) => {
                        let step = self.finish(outcome, took).and_then(|row| match row {
                            Some((row, keep)) => {
                                done(i, row, keep)?;
                                // The row is in the file: its save is done
                                // with (one not kept goes on from it).
                                if let (Some(saves), true) = (self.saves, keep) {
                                    saves.forget(&self.parsed[i].to_string());
                                }
                                Ok(())
                            }
                            None => Ok(()),
                        });
                        if let Err(e) = step {
                            // Stop every game: the first failure is reported.
                            self.interrupt.store(true, Ordering::Relaxed);
                            if result.is_ok() {
                                result = Err(e);
                            }
                        }
                        count += 1;
                        bar.set_position(count);
                    }
                    Err(RecvTimeoutError::Timeout) => {}
                    Err(RecvTimeoutError::Disconnected) => break,
                }
                self.watch(&running, &bar, count, started);
            }
            bar.finish_and_clear();
            result
        })
    }

    /// One worker: takes jobs until there are none or Ctrl-C.
    fn work(
        &self,
        w: usize,
        next: &AtomicUsize,
        running: &Mutex<Vec<Option<Running>>>,
        tx: &mpsc::Sender<Finished>,
    ) {
        while !self.interrupt.load(Ordering::Relaxed) {
            let Some(&i) = self.jobs.get(next.fetch_add(1, Ordering::Relaxed)) else {
                break;
            };
            let stop = Arc::new(AtomicBool::new(false));
            let code = &self.parsed[i];
            let name = code.to_string();
            let game = HeapGame::new(code.clone());
            let ran = self
                .saves
                .map_or(Duration::ZERO, |s| s.restore(&name, &game));
            let t = Instant::now();
            running.lock().expect("no panic holds the lock")[w] = Some(Running {
                code: name.clone(),
                started: t,
                ran,
                stop: stop.clone(),
            });
            let limits = self.limits.clone().with_stop(stop.clone());
            let mut saves = self.saves;
            let mut saved_at = Instant::now();
            let mut between = || {
                if let Some(s) = saves.filter(|s| saved_at.elapsed() >= s.every) {
                    saved_at = Instant::now();
                    if let Err(e) = s.save(&name, &game, t.elapsed() + ran) {
                        // A save spares work; the game goes on without.
                        sayln!("{e:#}; {name} goes on unsaved");
                        saves = None;
                    }
                }
                true
            };
            let outcome = sweep::run_game_on(code, &game, self.to, &limits, &mut between)
                .map(|(row, ended)| self.quotient(code, row, ended, &limits))
                .map_err(|e| anyhow::anyhow!("{name}: {e}"));
            if self.interrupt.load(Ordering::Relaxed) {
                // Ctrl-C: the game goes on from here in the next run.
                if let (Some(s), Ok((_, Ended::Stopped))) = (saves, &outcome) {
                    if let Err(e) = s.save(&name, &game, t.elapsed() + ran) {
                        sayln!("{e:#}");
                    }
                }
            }
            running.lock().expect("no panic holds the lock")[w] = None;
            if tx.send((i, outcome, t.elapsed() + ran)).is_err() {
                break;
            }
        }
    }

    /// `row` with its game's misère quotient when the sweep asks for it,
    /// and how the game ended with it.
    fn quotient(
        &self,
        code: &Code,
        mut row: Row,
        mut ended: Ended,
        limits: &Limits,
    ) -> (Row, Ended) {
        if let Some(to) = self.misere_to {
            let (mut cell, cut) = sweep::quotient_cell(code, to, limits);
            match cut {
                // The process's memory, shared by the games.
                Ended::OutOfMemory if ended == Ended::Finished => {
                    ended = Ended::OutOfMemory;
                }
                // Cut short by Ctrl-C: not a result to keep.
                Ended::Stopped if self.interrupt.load(Ordering::Relaxed) => {
                    ended = Ended::Stopped;
                }
                Ended::Stopped => {
                    if let (Some(_), Some(why)) = (self.time, &cell.reason) {
                        cell.reason = Some(self.over_time(why));
                    }
                }
                _ => {}
            }
            row.quotient = Some(cell);
        }
        (row, ended)
    }

    /// The row of a finished game and whether to keep it (not when the
    /// process's memory, shared by the games, ended it), or `None` for one
    /// stopped by Ctrl-C.
    fn finish(
        &self,
        outcome: anyhow::Result<(Row, Ended)>,
        took: Duration,
    ) -> anyhow::Result<Option<(Row, bool)>> {
        let (mut row, ended) = outcome?;
        row.seconds = (took.as_secs_f64() * 1000.0).round() / 1000.0;
        if ended == Ended::Stopped {
            if self.interrupt.load(Ordering::Relaxed) {
                return Ok(None);
            }
            row.reason = Some(self.over_time(&row.reason.unwrap_or_default()));
        }
        Ok(Some((row, ended != Ended::OutOfMemory)))
    }

    /// Why a game (its sequence or its quotient) stopped at its time
    /// budget: `why` it has no answer, after the budget.
    fn over_time(&self, why: &str) -> String {
        let t = self.time.unwrap_or_default();
        format!("time budget ({t} s): {why}")
    }

    /// Stops games over their time budget (every game on Ctrl-C) and shows
    /// progress with the slowest game now running.
    fn watch(
        &self,
        running: &Mutex<Vec<Option<Running>>>,
        bar: &ProgressBar,
        count: u64,
        started: Instant,
    ) {
        let all = self.interrupt.load(Ordering::Relaxed);
        let budget = self.time.map(Duration::from_secs_f64);
        let running = running.lock().expect("no panic holds the lock");
        let mut slowest: Option<&Running> = None;
        for r in running.iter().flatten() {
            if all || budget.is_some_and(|b| r.elapsed() >= b) {
                r.stop.store(true, Ordering::Relaxed);
            }
            if slowest.is_none_or(|s| r.elapsed() > s.elapsed()) {
                slowest = Some(r);
            }
        }
        let rate = count as f64 / started.elapsed().as_secs_f64().max(1e-9);
        let slow = slowest
            .map(|r| {
                format!(
                    ", slowest now: {} ({:.0} s)",
                    r.code,
                    r.elapsed().as_secs_f64()
                )
            })
            .unwrap_or_default();
        bar.set_message(format!("{rate:.1} games/s{slow}"));
    }
}

/// The bar of a sweep of `jobs` games to compute of `total` rows.
fn progress_bar(jobs: u64, total: usize) -> ProgressBar {
    crate::output::progress_bar(
        jobs,
        &format!("{{pos}}/{{len}} games to compute ({total} rows)"),
    )
}
