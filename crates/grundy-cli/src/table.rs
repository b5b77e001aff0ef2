//! `grundy table PATTERN... [--digits N] [--file FILE]`: the sequence
//! analysis of many take-and-break games, one row per game, games in
//! parallel, resumable (`--out`) and shardable (`--shard`, `--merge`).

mod file;
mod render;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::bail;
use clap::Args;
use grundy::heap::sweep::{self, pattern, Ended, Line, Row};
use grundy::heap::{Code, SeqRequest};
use grundy::Limits;
use indicatif::ProgressBar;

use crate::longrun::Interrupted;
use crate::output::print;
use file::{Header, Out, Sweep};

/// Arguments of `grundy table`.
#[derive(Args, Debug)]
pub struct TableArgs {
    /// Codes with digit classes or ranges: 0.[0-7][0-7], 4.0-7, [04].[13].
    #[allow(rustdoc::broken_intra_doc_links)] // Help text: brackets are literal.
    patterns: Vec<String>,
    /// Every code with 1 to N digits after the point and 0 or 4 before it.
    #[arg(long, value_name = "N")]
    digits: Option<u32>,
    /// A file of codes, one a line (`#` starts a comment).
    #[arg(long, value_name = "FILE")]
    file: Option<PathBuf>,
    /// The heap budget per game: a game whose period is not proven by heap
    /// N is given up (past the state budget, raise --max-states too).
    #[arg(long, value_name = "N", default_value_t = SeqRequest::AUTO_LIMIT)]
    to: u64,
    /// The time budget per game, in seconds: a game not proven by then is
    /// given up and says so (a few codes, such as 0.04, have no sparse
    /// space and take hours to reach the heap budget).
    #[arg(
        long,
        value_name = "SECS",
        allow_negative_numbers = true,
        default_value = "60",
        value_parser = crate::seconds::game_budget
    )]
    time: Option<crate::seconds::Seconds>,
    /// Games computed at once, each on one thread (default: every core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// Also each game's misère quotient, proven heap by heap to
    /// --misere-to within the same time budget: a column with its order
    /// and how far it is proven.
    #[arg(long)]
    misere: bool,
    /// The heaps of the quotients of --misere.
    #[arg(long, value_name = "N", default_value_t = 20, requires = "misere")]
    misere_to: u64,
    /// JSON lines, one object per game, as games finish.
    #[arg(long)]
    json: bool,
    /// Tab-separated values with a header line, as games finish.
    #[arg(long, conflicts_with = "json")]
    tsv: bool,
    /// Append finished rows to FILE; when it exists, skip its games.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Only the K-th of M parts of the sweep (K from 1).
    #[arg(long, value_name = "K/M", value_parser = parse_shard)]
    shard: Option<[usize; 2]>,
    /// Join the --out files of every shard into one table.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["patterns", "digits", "file", "out", "shard", "to", "time", "threads", "misere", "misere_to"])]
    merge: Vec<PathBuf>,
}

/// `K/M` with `1 <= K <= M`.
fn parse_shard(text: &str) -> Result<[usize; 2], String> {
    let parsed = text
        .split_once('/')
        .and_then(|(k, m)| Some([k.trim().parse().ok()?, m.trim().parse().ok()?]));
    match parsed {
        Some([k, m]) if (1..=m).contains(&k) => Ok([k, m]),
        _ => Err(format!(
            "`{}` is not K/M with 1 <= K <= M (the K-th of M parts)",
            grundy::error::shorten_quote(text)
        )),
    }
}

/// Runs the command; `interrupt` is set by Ctrl-C.
pub fn run(args: &TableArgs, limits: &Limits, interrupt: &Arc<AtomicBool>) -> anyhow::Result<()> {
    if !args.merge.is_empty() {
        let lines = file::merge(&args.merge)?;
        let rows: Vec<&Line> = lines.iter().collect();
        return show(args, &rows);
    }
    let (source, codes) = listed_codes(args)?;
    let parsed: Vec<Code> = codes
        .iter()
        // Rows show each code as listed (`0.70`), not in canonical form.
        .map(|c| Code::parse(c).map(|code| code.with_name(c)))
        .collect::<Result<_, _>>()?;
    if args.to == 0 {
        bail!("--to 0: give a heap budget of at least 1 per game");
    }
    if args.to >= limits.max_states {
        bail!(
            "--to {}: each game would need more than {} states; raise the limit (--max-states) to go further",
            args.to,
            limits.max_states
        );
    }
    if args.misere {
        grundy::heap::quotient::MisereQuotient::check_heaps(args.misere_to, limits)
            .map_err(|e| anyhow::anyhow!("--misere-to {}: {e}", args.misere_to))?;
    }
    let threads = match args.threads {
        Some(n) => n.into(),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    // The games are the parallel work: each values its heaps on its own
    // thread, so that `--threads N` keeps the sweep to N cores (each
    // game's sequence took every core beside the others before).
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build_global()
        .map_err(|e| anyhow::anyhow!("--threads {threads}: {e}"))?;
    let plan = Plan::new(&parsed, args.shard.unwrap_or([1, 1]));
    let header = Header {
        sweep: Sweep {
            source,
            codes: codes.len(),
            fingerprint: file::fingerprint(&codes),
            to: args.to,
            time: args.time.map(crate::seconds::Seconds::get),
            misere_to: args.misere.then_some(args.misere_to),
            max_states: Some(limits.max_states),
        },
        shard: args.shard.unwrap_or([1, 1]),
        games: plan.mine.len(),
        sealed: true,
    };
    let (out, done) = match &args.out {
        Some(path) => {
            let (out, lines) = Out::open(path, &header)?;
            (Some(out), lines)
        }
        None => (None, Vec::new()),
    };
    let mut sink = Sink::new(args, out, &codes);
    for line in done {
        if !plan.ours[line.index] || line.row.code != codes[line.index] {
            bail!(
                "{}: damaged row (code {} is not code {} of this sweep's shard)",
                args.out
                    .as_ref()
                    .map(|p| p.display().to_string())
                    .unwrap_or_default(),
                line.row.code,
                line.index
            );
        }
        sink.restore(line.index, line.row)?;
    }
    if let (Some(path), false) = (&args.out, sink.rows.is_empty()) {
        sayln!(
            "resuming the sweep from {}: {} of its {} games done",
            path.display(),
            sink.rows.len(),
            header.games
        );
    }
    // Aliases of games already done are written at once.
    for &i in &plan.mine {
        if let Some(rep) = plan.same[i] {
            if !sink.rows.contains_key(&i) {
                if let Some(r) = sink.rows.get(&rep).cloned() {
                    sink.emit(i, sweep::alias(&r, &codes[i]), true)?;
                }
            }
        }
    }
    let jobs: Vec<usize> = plan
        .mine
        .iter()
        .copied()
        .filter(|&i| plan.same[i].is_none() && !sink.rows.contains_key(&i))
        .collect();
    let pool = Pool {
        parsed: &parsed,
        jobs: &jobs,
        to: args.to,
        time: args.time.map(crate::seconds::Seconds::get),
        misere_to: args.misere.then_some(args.misere_to),
        limits,
        interrupt,
    };
    pool.run(threads, plan.mine.len(), &mut |i, row, keep| {
        sink.emit(i, row.clone(), keep)?;
        for &a in &plan.aliases[i] {
            sink.emit(a, sweep::alias(&row, &codes[a]), keep)?;
        }
        Ok(())
    })?;
    let finished = sink.rows.len();
    let interrupted = interrupt.load(Ordering::Relaxed);
    // JSON and TSV rows went out as they finished; the text table is
    // printed now, on Ctrl-C too, with the rows finished by then.
    if !args.json && !args.tsv && (finished > 0 || !interrupted) {
        let rows: Vec<&Row> = sink.rows.values().collect();
        print(&render::text(&rows))?;
    }
    if let (Some(path), 1..) = (&args.out, sink.unkept) {
        // The games share the process's memory: alone, or with more of it,
        // they may go further, so their rows are not the sweep's answer.
        sayln!(
            "{} ended by the memory budget, not kept in {}: the next run computes {} again (give more --memory or fewer --threads)",
            grundy::error::counted(sink.unkept as u64, "game"),
            path.display(),
            if sink.unkept == 1 { "it" } else { "them" }
        );
    }
    if interrupted {
        let kept = match &args.out {
            Some(p) => format!(
                " (kept in {}): run the same command again to go on",
                p.display()
            ),
            None => String::new(),
        };
        return Err(Interrupted(format!(
            "interrupted: {finished} of {} games finished{kept}",
            plan.mine.len()
        ))
        .into());
    }
    Ok(())
}

/// The codes of the patterns, `--digits` and `--file`, in that order, and
/// the words that name them.
fn listed_codes(args: &TableArgs) -> anyhow::Result<(String, Vec<String>)> {
    let mut codes = Vec::new();
    let mut source: Vec<String> = Vec::new();
    for p in &args.patterns {
        codes.extend(pattern::expand(p)?);
        source.push(p.clone());
    }
    if let Some(d) = args.digits {
        codes.extend(pattern::up_to_digits(d)?);
        source.push(format!("--digits {d}"));
    }
    if let Some(path) = &args.file {
        let name = path.display();
        let text = grundy_files::read_text(&path.to_string_lossy()).map_err(anyhow::Error::msg)?;
        for (n, line) in text.lines().enumerate() {
            let code = line.split('#').next().unwrap_or("").trim();
            if !code.is_empty() {
                Code::parse(code).map_err(|e| anyhow::anyhow!("{name} line {}: {e}", n + 1))?;
                codes.push(code.to_string());
            }
        }
        source.push(format!("--file {name}"));
    }
    if source.is_empty() {
        bail!("give a PATTERN (such as 0.[0-7][0-7]), --digits N or --file FILE");
    }
    if codes.is_empty() {
        bail!("{} holds no code", source.join(" "));
    }
    Ok((source.join(" "), codes))
}

/// Which codes are computed and which of them this shard writes.
struct Plan {
    /// For each code, the earlier code of the same game.
    same: Vec<Option<usize>>,
    /// The codes this shard writes, in the sweep's order.
    mine: Vec<usize>,
    /// Whether this shard writes each code.
    ours: Vec<bool>,
    /// For each code, the later codes of the same game.
    aliases: Vec<Vec<usize>>,
}

impl Plan {
    /// Distinct games are dealt to the `m` shards in turn, each with the
    /// codes that are the same game: shards share no computation.
    fn new(codes: &[Code], [k, m]: [usize; 2]) -> Plan {
        let same = sweep::same_game(codes);
        let mut game = vec![0usize; codes.len()];
        let mut distinct = 0;
        for i in 0..codes.len() {
            game[i] = match same[i] {
                Some(rep) => game[rep],
                None => {
                    distinct += 1;
                    distinct - 1
                }
            };
        }
        let ours: Vec<bool> = game.iter().map(|g| g % m == k - 1).collect();
        let mine = (0..codes.len()).filter(|&i| ours[i]).collect();
        let mut aliases = vec![Vec::new(); codes.len()];
        for (i, rep) in same.iter().enumerate() {
            if let (Some(rep), true) = (rep, ours[i]) {
                aliases[*rep].push(i);
            }
        }
        Plan {
            same,
            mine,
            ours,
            aliases,
        }
    }
}

/// Where finished rows go: the map of rows, the --out file, stdout.
struct Sink<'a> {
    rows: BTreeMap<usize, Row>,
    out: Option<Out>,
    json: bool,
    tsv: bool,
    /// Whether TSV lines carry the quotient's columns.
    misere: bool,
    codes: &'a [String],
    /// Rows shown but not written to the `--out` file.
    unkept: usize,
}

impl<'a> Sink<'a> {
    fn new(args: &TableArgs, out: Option<Out>, codes: &'a [String]) -> Self {
        if args.tsv {
            let _ = print(&format!("{}\n", render::tsv_header(args.misere)));
        }
        Sink {
            rows: BTreeMap::new(),
            out,
            json: args.json,
            tsv: args.tsv,
            misere: args.misere,
            codes,
            unkept: 0,
        }
    }

    /// Shows a finished row, and writes it to the `--out` file if `keep`.
    fn emit(&mut self, index: usize, row: Row, keep: bool) -> anyhow::Result<()> {
        debug_assert_eq!(self.codes[index], row.code);
        let line = Line { index, row };
        match &mut self.out {
            Some(out) if keep => out.append(&line)?,
            Some(_) => self.unkept += 1,
            None => {}
        }
        if self.json {
            print(&format!("{}\n", serde_json::to_string(&line)?))?;
        } else if self.tsv {
            print(&format!("{}\n", render::tsv(&line.row, self.misere)))?;
        }
        self.rows.insert(index, line.row);
        Ok(())
    }

    /// Takes a row found in the `--out` file: TSV shows every game, so
    /// it prints it now; JSON prints only the rows this run computes.
    fn restore(&mut self, index: usize, row: Row) -> anyhow::Result<()> {
        if self.tsv {
            print(&format!("{}\n", render::tsv(&row, self.misere)))?;
        }
        self.rows.insert(index, row);
        Ok(())
    }
}

/// Prints merged rows in the chosen format.
fn show(args: &TableArgs, lines: &[&Line]) -> anyhow::Result<()> {
    let mut text = String::new();
    if args.json {
        for l in lines {
            text.push_str(&serde_json::to_string(l)?);
            text.push('\n');
        }
    } else if args.tsv {
        let misere = lines.iter().any(|l| l.row.quotient.is_some());
        text.push_str(&render::tsv_header(misere));
        text.push('\n');
        for l in lines {
            text.push_str(&render::tsv(&l.row, misere));
            text.push('\n');
        }
    } else {
        let rows: Vec<&Row> = lines.iter().map(|l| &l.row).collect();
        text = render::text(&rows);
    }
    print(&text)
}

/// A game being computed, for the time budget and the progress line.
struct Running {
    code: String,
    started: Instant,
    stop: Arc<AtomicBool>,
}

/// The workers' shared view of a sweep.
struct Pool<'a> {
    parsed: &'a [Code],
    jobs: &'a [usize],
    to: u64,
    time: Option<f64>,
    /// The heaps of each game's misère quotient, when asked for.
    misere_to: Option<u64>,
    limits: &'a Limits,
    interrupt: &'a Arc<AtomicBool>,
}

type Finished = (usize, grundy::Result<(Row, Ended)>, Duration);

/// What is done with each finished row: its index, the row, and whether
/// it is the game's answer to keep in the `--out` file.
type Done<'a> = &'a mut dyn FnMut(usize, Row, bool) -> anyhow::Result<()>;

impl Pool<'_> {
    /// Computes every job on `threads` threads, handing each finished row
    /// to `done` in completion order; a game stopped by Ctrl-C is dropped.
    fn run(&self, threads: usize, total: usize, done: Done) -> anyhow::Result<()> {
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
                        let step = self.finish(i, outcome, took).and_then(|row| match row {
                            Some((row, keep)) => done(i, row, keep),
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
            let t = Instant::now();
            running.lock().expect("no panic holds the lock")[w] = Some(Running {
                code: self.parsed[i].to_string(),
                started: t,
                stop: stop.clone(),
            });
            let limits = self.limits.clone().with_stop(stop.clone());
            let code = &self.parsed[i];
            let outcome = sweep::run_game(code, self.to, &limits).map(|(mut row, mut ended)| {
                if let Some(to) = self.misere_to {
                    let (mut cell, cut) = sweep::quotient_cell(code, to, &limits);
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
            });
            running.lock().expect("no panic holds the lock")[w] = None;
            if tx.send((i, outcome, t.elapsed())).is_err() {
                break;
            }
        }
    }

    /// The row of a finished game and whether to keep it (not when the
    /// process's memory, shared by the games, ended it), or `None` for one
    /// stopped by Ctrl-C.
    fn finish(
        &self,
        i: usize,
        outcome: grundy::Result<(Row, Ended)>,
        took: Duration,
    ) -> anyhow::Result<Option<(Row, bool)>> {
        let (mut row, ended) = outcome.map_err(|e| anyhow::anyhow!("{}: {e}", self.parsed[i]))?;
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
            if all || budget.is_some_and(|b| r.started.elapsed() >= b) {
                r.stop.store(true, Ordering::Relaxed);
            }
            if slowest.is_none_or(|s| r.started < s.started) {
                slowest = Some(r);
            }
        }
        let rate = count as f64 / started.elapsed().as_secs_f64().max(1e-9);
        let slow = slowest
            .map(|r| {
                format!(
                    ", slowest now: {} ({:.0} s)",
                    r.code,
                    r.started.elapsed().as_secs_f64()
                )
            })
            .unwrap_or_default();
        bar.set_message(format!("{rate:.1} games/s{slow}"));
    }
}

fn progress_bar(jobs: u64, total: usize) -> ProgressBar {
    crate::output::progress_bar(
        jobs,
        &format!("{{pos}}/{{len}} games to compute ({total} rows)"),
    )
}
