//! `grundy value GAME COMPONENT...`

use clap::Args;
use grundy::ruleset::analyze_position;
use grundy::{Analysis, Limits, Ruleset};

use crate::board_run::{BoardRun, BoardRunArgs};
use crate::output::{print, print_json};
use crate::position::PositionArgs;
use crate::render::render_unlisted;

/// Arguments of `grundy value`.
#[derive(Args, Debug)]
pub struct ValueArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Threads that search together (default: every core); games searched
    /// by the split search (cram, node-kayles, chomp) use them. The answer
    /// is the same for every count.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// The most winning moves to list (default 1000). On a board every move
    /// is checked by a search of its own, together often costing more than
    /// the value: 0 lists none (the value alone).
    #[arg(long, value_name = "N")]
    max_moves: Option<usize>,
    #[command(flatten)]
    board: BoardRunArgs,
    #[command(flatten)]
    cluster: crate::cluster::ClusterArgs,
}

/// Runs the command.
pub fn run(args: &ValueArgs, limits: &Limits) -> anyhow::Result<()> {
    if !args.position.asked().is_one_game_sum() {
        let limits = &Limits {
            max_moves: args.max_moves.unwrap_or(limits.max_moves),
            ..limits.clone()
        };
        // A compound searches without the tables a checkpoint keeps; its
        // progress is the positions it has met.
        let board = args.board.without_tables();
        let (run, limits) = BoardRun::start(
            &board,
            None,
            "compound",
            || Ok(args.position.texts()),
            limits,
        )?;
        return crate::compound::run(&args.position, args.json, run, &limits);
    }
    if let Some(hosts) = &args.cluster.cluster {
        #[cfg(not(feature = "cluster"))]
        anyhow::bail!("this grundy was built without cluster mode (cargo feature `cluster`), so it cannot use the hosts file {hosts}; build it with the default features");
        #[cfg(feature = "cluster")]
        {
            let (game, comps) = args.position.read()?;
            let (threads, json) = (args.threads, args.json);
            let limits = &Limits {
                max_moves: args.max_moves.unwrap_or(limits.max_moves),
                ..limits.clone()
            };
            return crate::cluster::run(
                &args.cluster,
                hosts,
                &*game,
                &comps,
                threads,
                json,
                &args.board,
                limits,
            );
        }
    }
    if let Some(n) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n.into())
            .build_global()
            .map_err(|e| anyhow::anyhow!("--threads {n}: {e}"))?;
    }
    let game = args.position.ruleset()?;
    let limits = &Limits {
        max_moves: args.max_moves.unwrap_or(limits.max_moves),
        ..limits.clone()
    };
    // Misère play searches without the tables a checkpoint keeps.
    let board = match args.position.misere {
        true => args.board.without_tables(),
        false => args.board.clone(),
    };
    let (run, limits) = BoardRun::start(
        &board,
        board.claim()?,
        &game.name(),
        || args.position.position(&*game),
        limits,
    )?;
    let analysis = run.finish(analyze(&args.position, &*game, &limits))?;
    if args.json {
        return print_json(&analysis);
    }
    if args.max_moves == Some(0) {
        return print(&render_unlisted(analysis, "(--max-moves 0)"));
    }
    // No move listed, yet some win: the budgets the listing ran within.
    let why = format!(
        "(none found within --max-states {} and --memory {}: raise them to list the moves)",
        limits.max_states,
        grundy::error::bytes_text(limits.max_memory)
    );
    print(&render_unlisted(analysis, &why))
}

/// The analysis of the position, its failure returned rather than
/// propagated with `?` from [`run`]: a stop must reach
/// [`BoardRun::finish`], which saves the checkpoint and says how to
/// resume. (A `?` in `run` once let the stop of games that read no files,
/// Chomp's table among them, skip the save.)
fn analyze(
    position: &PositionArgs,
    game: &dyn Ruleset,
    limits: &Limits,
) -> anyhow::Result<Analysis> {
    if game.reads_files() {
        return Ok(analyze_position(game, &position.read_files(game)?, limits)?);
    }
    Ok(game.analyze(&position.components(game), limits)?)
}
