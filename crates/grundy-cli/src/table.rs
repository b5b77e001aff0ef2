//! `grundy table PATTERN... [--digits N] [--file FILE]`: the sequence
//! analysis of many take-and-break games, one row per game, games in
//! parallel, resumable (`--out`) and shardable (`--shard`, `--merge`).

mod file;
mod pool;
mod render;
mod saved;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use anyhow::bail;
use clap::Args;
use grundy::heap::sweep::{self, pattern, Line, Row};
use grundy::heap::{Code, SeqRequest};
use grundy::Limits;

use crate::longrun::Interrupted;
use crate::output::print;
use file::{Header, Out, Sweep};
use pool::Pool;
use saved::Saves;

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
    /// Seconds between saves of each game under way (in FILE.games, beside
    /// the --out file), so that a killed sweep loses at most that much of each.
    #[arg(long, value_name = "SECS", allow_negative_numbers = true, default_value = "30", value_parser = crate::seconds::checkpoint_every, requires = "out")]
    checkpoint_every: crate::seconds::Seconds,
    /// Only the K-th of M parts of the sweep (K from 1).
    #[arg(long, value_name = "K/M", value_parser = parse_shard)]
    shard: Option<[usize; 2]>,
    /// Join the --out files of every shard into one table.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["patterns", "digits", "file", "out", "shard", "to", "time", "threads", "misere", "misere_to", "checkpoint_every"])]
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
    let misere_to = args.misere.then_some(args.misere_to);
    grundy::heap::sweep::check_request(args.to, misere_to, limits)?;
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
    let header = header(args, source, &codes, &plan, limits);
    let mut sink = resumed(args, &header, &plan, &codes)?;
    let jobs: Vec<usize> = plan
        .mine
        .iter()
        .copied()
        .filter(|&i| plan.same[i].is_none() && !sink.rows.contains_key(&i))
        .collect();
    let saves = (args.out.as_deref())
        .map(|out| Saves::beside(out, header.identity(), args.checkpoint_every.duration()));
    let pool = Pool {
        parsed: &parsed,
        jobs: &jobs,
        to: args.to,
        time: args.time.map(crate::seconds::Seconds::get),
        misere_to,
        limits,
        interrupt,
        saves: saves.as_ref(),
    };
    pool.run(threads, plan.mine.len(), &mut |i, row, keep| {
        sink.emit(i, row.clone(), keep)?;
        for &a in &plan.aliases[i] {
            sink.emit(a, sweep::alias(&row, &codes[a]), keep)?;
        }
        Ok(())
    })?;
    if let Some(saves) = &saves {
        saves.tidy();
    }
    ended(
        args,
        &sink,
        plan.mine.len(),
        interrupt.load(Ordering::Relaxed),
    )
}

/// The sweep's header in its `--out` file: what a resumed run must match.
fn header(
    args: &TableArgs,
    source: String,
    codes: &[String],
    plan: &Plan,
    limits: &Limits,
) -> Header {
    Header {
        sweep: Sweep {
            source,
            codes: codes.len(),
            fingerprint: file::fingerprint(codes),
            to: args.to,
            time: args.time.map(crate::seconds::Seconds::get),
            misere_to: args.misere.then_some(args.misere_to),
            max_states: Some(limits.max_states),
        },
        shard: args.shard.unwrap_or([1, 1]),
        games: plan.mine.len(),
        sealed: true,
    }
}

/// Where the rows go, holding the rows of the `--out` file's earlier runs
/// (said on stderr) and the aliases of those games.
fn resumed<'a>(
    args: &'a TableArgs,
    header: &Header,
    plan: &Plan,
    codes: &'a [String],
) -> anyhow::Result<Sink<'a>> {
    let (out, done) = match &args.out {
        Some(path) => {
            let (out, lines) = Out::open(path, header)?;
            (Some(out), lines)
        }
        None => (None, Vec::new()),
    };
    let mut sink = Sink::new(args, out, codes);
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
    Ok(sink)
}

/// The end of a sweep of `games` games: the text table, the games the
/// memory budget ended, and on Ctrl-C how far it got.
fn ended(args: &TableArgs, sink: &Sink, games: usize, interrupted: bool) -> anyhow::Result<()> {
    let finished = sink.rows.len();
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
            "{}: {finished} of {games} games finished{kept}",
            crate::longrun::stop_word()
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
