//! Cluster mode itself: timely connects the processes and they value the
//! position together ([`grundy_cluster`]).

use std::sync::atomic::Ordering::Relaxed;

use anyhow::{anyhow, bail};
use grundy::{Analysis, Limits, Nimber, PositionMove, Ruleset};
use grundy_cluster::{Answer, Cluster, Hosts, MoveCheck, Question, Stats};
use serde::Serialize;

use crate::board_run::{BoardRun, BoardRunArgs};
use crate::output::{print, print_json};
use crate::render::render_unlisted;

use super::ClusterArgs;

/// A cluster's answer as JSON: `grundy value`'s fields and `cluster`.
#[derive(Serialize)]
struct Report<'a> {
    #[serde(flatten)]
    analysis: &'a Analysis,
    cluster: &'a Stats,
}

/// Values `components` of `game` on the cluster the hosts file `path`
/// lists, lists the winning moves (up to `limits.max_moves`), and prints
/// the answer. `board` gives each process its progress and checkpoint.
#[allow(clippy::too_many_arguments)]
pub fn run(
    args: &ClusterArgs,
    path: &str,
    game: &dyn Ruleset,
    components: &[String],
    threads: Option<u16>,
    json: bool,
    board: &BoardRunArgs,
    limits: &Limits,
) -> anyhow::Result<()> {
    if game.misere() {
        return Err(anyhow!(
            "--cluster values normal play only: drop --misere (grundy value {} --misere values it on one machine)",
            game.name()
        ));
    }
    let no_cluster = || {
        anyhow!(
            "{} has no cluster mode: --cluster values cram, node-kayles and chomp (normal play)",
            game.name()
        )
    };
    let keys = game.split_components(components)?.ok_or_else(no_cluster)?;
    let hosts = hosts(path)?;
    let n = hosts.addresses.len();
    let process = which_process(args, &hosts)?;
    // Processes listing different numbers of moves would part ways.
    let question = format!(
        "{} {} --max-moves {}",
        game.name(),
        components.join(" "),
        limits.max_moves
    );
    // Ctrl-C stops every process of the cluster, checkpoint or not: one
    // killed outright would leave the others waiting for it.
    let limits = &Limits {
        stop: Some(crate::stop_on_signal()),
        ..limits.clone()
    };
    let threads = threads.map_or(1, usize::from);
    let wait = args.wait.duration();
    let board = board.for_process(process, n);
    let cluster = Cluster::new(hosts, process, threads, wait, question)?;
    let moves = match limits.max_moves {
        0 => Vec::new(),
        _ => game.position_moves(components, limits)?,
    };
    let checks = move_checks(game, &moves).ok_or_else(no_cluster)??;
    // A checkpoint held or damaged fails every process at once, told over
    // the cluster: the others would otherwise wait for this one.
    let started = board.claim().and_then(|claim| {
        BoardRun::start(
            &board,
            claim,
            &game.name(),
            || Ok(components.to_vec()),
            limits,
        )
    });
    let (watch, limits) = match started {
        Ok(started) => started,
        // Ctrl-C while it waits for the others ends the wait, not the
        // process: it still says why it failed.
        Err(e) => return Err(cluster.refuse(format!("{e:#}"), limits).into()),
    };
    let traffic = cluster.traffic.clone();
    watch.also_show(Box::new(move || {
        let (sent, learned) = (traffic.sent.load(Relaxed), traffic.learned.load(Relaxed));
        format!("{sent} messages sent, {learned} values received")
    }));
    let question = Question {
        components: keys,
        moves: checks,
    };
    let answer = solve(&cluster, question, watch, &limits)?;
    let analysis = analysis(game, components, &moves, &answer, limits.max_moves)?;
    if json {
        return print_json(&Report {
            analysis: &analysis,
            cluster: &answer.stats,
        });
    }
    let mut out = render_unlisted(analysis, "(--max-moves 0)");
    out.push_str(&stats_text(&answer.stats));
    print(&out)
}

/// The cluster's answer to `question`, said as a board run says it:
/// the progress `watch` shows ended, the checkpoint saved.
fn solve(
    cluster: &Cluster,
    question: Question,
    watch: BoardRun,
    limits: &Limits,
) -> anyhow::Result<Answer> {
    let answer = cluster.solve(question, limits).map_err(|e| match e {
        // Told as the engine's own interruption: the run says how to resume.
        grundy_cluster::Error::Interrupted(why) => grundy::Error::Interrupted(why).into(),
        e => anyhow::Error::from(e),
    });
    // Stopped because another process was: said so, not as if this
    // process's user had pressed Ctrl-C.
    match limits.stopped() {
        true => watch.finish(answer),
        false => watch.finish_stopped_by(
            answer,
            "interrupted by another process of the cluster (its Ctrl-C or --timeout)",
        ),
    }
}

/// This process's index: `--process`, or 0 in a cluster of one.
fn which_process(args: &ClusterArgs, hosts: &Hosts) -> anyhow::Result<usize> {
    let n = hosts.addresses.len();
    match args.process {
        Some(i) => Ok(i),
        None if n == 1 => Ok(0),
        None => bail!(
            "{}: say which one this is with --process I (0 to {})",
            hosts.count(),
            n - 1
        ),
    }
}

/// The most processes a cluster has, on this machine or in a hosts file:
/// each process has a port, and each a slot in every message round.
const MAX_PROCESSES: usize = 1024;

/// The most bytes of a hosts file: a line per process.
const MAX_HOSTS_FILE: u64 = 1 << 20;

/// The hosts file at `path`, or for a number `N` (and no such file) the
/// `N` processes on this machine that timely's `-n N` gives.
fn hosts(path: &str) -> anyhow::Result<Hosts> {
    let local = path.parse::<u64>().ok();
    let hosts = match local.filter(|_| !std::path::Path::new(path).exists()) {
        Some(0) => bail!("--cluster 0: a cluster needs at least one process"),
        Some(n) => Hosts::local(n.min(MAX_PROCESSES as u64 + 1) as usize),
        None => Hosts::parse(&read_hosts(path)?, path)?,
    };
    if hosts.addresses.len() > MAX_PROCESSES {
        bail!("--cluster {path}: at most {MAX_PROCESSES} processes");
    }
    Ok(hosts)
}

/// The text of the hosts file at `path`, at most [`MAX_HOSTS_FILE`] bytes.
fn read_hosts(path: &str) -> anyhow::Result<String> {
    if path.trim().is_empty() {
        bail!("--cluster needs a hosts file (one host:port per process) or a number of processes on this machine, got nothing");
    }
    let limit = "the most a hosts file holds (one host:port per process)";
    let bytes = crate::output::read_within(std::path::Path::new(path), MAX_HOSTS_FILE, limit)
        .map_err(|e| anyhow!("the hosts file {e}"))?
        .ok_or_else(|| anyhow!("cannot read the hosts file {path}: no such file"))?;
    String::from_utf8(bytes).map_err(|_| anyhow!("the hosts file {path} is not UTF-8 text"))
}

/// Each move as what it leaves of its component, in split-search keys;
/// `None` when a move is not of one component or leaves what the split
/// search does not play.
fn move_checks(
    game: &dyn Ruleset,
    moves: &[PositionMove],
) -> Option<grundy::Result<Vec<MoveCheck>>> {
    let mut checks = Vec::with_capacity(moves.len());
    for m in moves {
        let parts = match game.split_components(&m.mv.parts) {
            Ok(parts) => parts?,
            Err(e) => return Some(Err(e)),
        };
        checks.push(MoveCheck {
            component: m.mv.component?,
            parts,
        });
    }
    Some(Ok(checks))
}

/// The answer as `grundy value` gives it: the values, the total, and the
/// first `max` winning moves, made by the engine's rule for a sum and
/// checked as every answer is.
fn analysis(
    game: &dyn Ruleset,
    components: &[String],
    moves: &[PositionMove],
    answer: &Answer,
    max: usize,
) -> grundy::Result<Analysis> {
    let values: Vec<Nimber> = answer.values.iter().map(|&v| Nimber(v)).collect();
    let winning = (answer.winning.iter())
        .map(|&i| moves[i].mv.clone())
        .collect();
    let total: Nimber = values.iter().copied().sum();
    let unlisted = max == 0 && total != Nimber::ZERO;
    Analysis::of_sum(game.name(), components.to_vec(), &values, winning, unlisted)
        .checked(max, || Ok(!moves.is_empty()))
}

/// The statistics, after the answer.
fn stats_text(s: &Stats) -> String {
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "cluster: {}, {}\npositions searched: {} (all processes)\nrounds: {}; messages: {}\n",
        plural(s.processes, "process", "processes"),
        plural(s.workers, "thread", "threads"),
        s.searched,
        s.rounds,
        s.messages
    )
}
