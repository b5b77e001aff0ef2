//! `grundy seq GAME --misere [--to N]`: the misère values and Conway's
//! genus of each heap, and how far the game is tame.

use grundy::error::Error;
use grundy::heap::genus::GenusTable;
use grundy::{Limits, SpecOptions};
use serde::Serialize;

use super::SeqArgs;
use crate::output::{print, print_json};

/// The last heap shown when `--to` is not given: enough to see where the
/// classic octal games turn wild (Kayles at heap 5, Dawson's Kayles at 10,
/// Grundy's game at 13), small enough to answer at once.
pub const DEFAULT_TO: u64 = 30;

/// The answer of `seq --misere`; its field names are the public `--json`.
#[derive(Serialize, Debug)]
struct MisereReport {
    game: String,
    /// The last heap computed (`None` when not even heap 0 was).
    computed_to: Option<u64>,
    /// Normal-play values `G+(n)`.
    values: Vec<u32>,
    /// Misère values `G-(n)`.
    misere_values: Vec<u32>,
    /// Genus symbols (`0^120`, `4^146`).
    genus: Vec<String>,
    /// Whether each heap is hereditarily tame.
    tame: Vec<bool>,
    /// The largest `m` with heaps `0..=m` all tame.
    tame_to: Option<u64>,
    /// Why the computation stopped before `--to`.
    stopped: Option<String>,
}

/// Runs `seq --misere`.
pub fn run(args: &SeqArgs, limits: &Limits) -> anyhow::Result<()> {
    for (flag, given) in [
        ("--checkpoint", args.checkpoint.is_some()),
        ("--values-out", args.values_out.is_some()),
        ("--plot", args.plot.is_some()),
    ] {
        if given {
            anyhow::bail!("{flag} is for normal-play sequences; it cannot be used with --misere");
        }
    }
    // The game's own moves, not its misère form: genus is misère theory.
    let game = crate::load::parse_game(&args.game, SpecOptions::default())?;
    let Some(moves) = game.heap_moves() else {
        anyhow::bail!(
            "{} is not a heap game; seq --misere computes genera of heaps (octal and hexadecimal codes, subtraction games, rules: heap games)",
            game.name()
        );
    };
    let to = match args.to.as_deref() {
        Some(t) => grundy::ruleset::parse_count(t, "--to", u32::MAX as u64 - 2)?,
        None => DEFAULT_TO,
    };
    let mut table = GenusTable::new(moves, limits.clone());
    let mut r = MisereReport {
        game: game.name(),
        computed_to: None,
        values: Vec::new(),
        misere_values: Vec::new(),
        genus: Vec::new(),
        tame: Vec::new(),
        tame_to: None,
        stopped: None,
    };
    // A fault of the game (a cycle), unlike a bound, fails the command
    // once the heaps before it are printed.
    let mut fault = None;
    for n in 0..=to {
        let found = table.heap(n).and_then(|g| Ok((g, table.is_tame(n)?)));
        let (genus, tame) = match found {
            Ok(found) => found,
            // What was computed stands, whatever stopped the next heap.
            Err(e) if n > 0 => {
                r.stopped = Some(format!("stopped at heap {n}: {e}"));
                let bound = matches!(
                    e,
                    Error::Limit { .. } | Error::Memory { .. } | Error::Interrupted(_)
                );
                fault = (!bound).then_some(e);
                break;
            }
            Err(e) => return Err(e.into()),
        };
        r.computed_to = Some(n);
        r.values.push(genus.normal);
        r.misere_values.push(genus.misere_value());
        r.genus.push(genus.symbol());
        r.tame.push(tame);
        if tame && r.tame_to.map_or(n == 0, |m| m + 1 == n) {
            r.tame_to = Some(n);
        }
    }
    if args.json {
        print_json(&r)?;
    } else {
        print(&render(&r))?;
    }
    match fault {
        Some(e) => Err(e.into()),
        None => Ok(()),
    }
}

/// The human form: a header, a table of heaps, where the game is tame, and
/// why it stopped early.
fn render(r: &MisereReport) -> String {
    let heaps = match r.computed_to {
        Some(m) => format!("heaps 0..={m}"),
        None => "no heap".to_string(),
    };
    let mut out = format!("game: {}, misère play: {heaps}\n", r.game);
    let cols = ["n", "G+(n)", "G-(n)", "genus", "tame"];
    let rows: Vec<[String; 5]> = (0..r.genus.len())
        .map(|n| {
            [
                n.to_string(),
                r.values[n].to_string(),
                r.misere_values[n].to_string(),
                r.genus[n].clone(),
                if r.tame[n] { "yes" } else { "no" }.to_string(),
            ]
        })
        .collect();
    let width = |c: usize| {
        rows.iter()
            .map(|row| row[c].chars().count())
            .chain([cols[c].len()])
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..cols.len()).map(width).collect();
    let line = |cells: [&str; 5]| {
        let mut l = String::new();
        for (c, cell) in cells.iter().enumerate() {
            // Numbers to the right, words to the left.
            if c < 3 {
                l.push_str(&format!("{cell:>w$}  ", w = widths[c]));
            } else {
                l.push_str(&format!("{cell:<w$}  ", w = widths[c]));
            }
        }
        l.trim_end().to_string() + "\n"
    };
    out.push_str(&line(cols));
    for row in &rows {
        out.push_str(&line(row.each_ref().map(String::as_str)));
    }
    out.push_str(&tame_line(r));
    if let Some(why) = &r.stopped {
        out.push_str(&format!("{why}\n"));
    }
    out
}

/// How far every heap is tame, in words.
fn tame_line(r: &MisereReport) -> String {
    let Some(last) = r.computed_to else {
        return String::new();
    };
    match r.tame_to {
        Some(m) if m == last => format!(
            "tame for every heap computed (0..={m}): every position reachable from them has the genus of a misère Nim position\n"
        ),
        Some(m) => format!(
            "tame up to heap {m}: every heap 0..={m} and every position reachable from it has the genus of a misère Nim position; heap {} is not tame\n",
            m + 1
        ),
        None => "heap 0 is not tame\n".to_string(),
    }
}
