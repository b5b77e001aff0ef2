//! Chomp: a bar of chocolate whose top-left square is poisoned; a move
//! bites a square and every square below it and to its right, and whoever
//! must take the poisoned square loses. Equivalently (what grundy plays):
//! normal play on the other squares, so the bar `1x1` (the poison alone)
//! is the finished game, worth 0.
//!
//! A position is a Young diagram: `RxC` (a full bar of R rows and C
//! columns) or its row lengths from the top, each at most the one above
//! (`5,3,3,1`). The square of row `i` and column `j` (from 0) is bitten
//! by cutting every row from `i` down to at most `j` squares.
//!
//! A diagram is valued in its box (its rows by its top row's length) by a
//! dense table of every diagram of the box ([`dense`]), on every core,
//! kept for the next question (a diagram of a box already valued, or its
//! mirror in the diagonal, is read from it). A diagram whose box has no
//! room in the budget but which holds few diagrams itself (a long thin
//! one) goes to the split search ([`crate::solve::split`]), keyed as its
//! row lengths, one byte each, and the least of that and its transpose's
//! key (a diagram and its mirror are the same game); the cluster and
//! misère play use that search too.

use std::sync::{Arc, Mutex};

use crate::answer::drawing::{square_key, Drawing, Square};
use crate::entry::Entry;
use crate::error::{shorten_quote, Error, Result};
use crate::game::{Limits, Visit};
use crate::games::grid::text::{read_dims, Dims, NOT_POSITIVE};
use crate::nimber::Nimber;
use crate::ruleset::{Game, SplitComponent};
use crate::solve::diagrams::{self as dense, Dense};
use crate::solve::split::{OptionList, SolverCell, Split};

/// The most squares a diagram may have: a value is at most the number of
/// bites, and the search stores values up to 254.
pub const MAX_SQUARES: usize = 255;

/// The most rows (or, for a diagram with more rows, columns) a diagram
/// may have: one byte each in a 128-bit key.
pub const MAX_SHORT_SIDE: usize = 16;

/// Chomp on sums of diagrams.
#[derive(Default)]
pub struct Chomp {
    /// The split search, for diagrams whose box has no room for a table.
    solver: SolverCell,
    /// The table of the last box valued.
    dense: Mutex<Option<Arc<Dense>>>,
}

/// `chomp`.
pub const CHOMP: Entry = Entry::of::<Chomp>("chomp", "bars RxC or row lengths 5,3,1", "3x4")
    .about("Chomp: bite a square and all below and right of it; the top-left square is poisoned");

/// `PREFIX[n]`: a 1 in each of the low `n` bytes.
const PREFIX: [u128; 17] = {
    let mut t = [0u128; 17];
    let mut n = 1;
    while n <= 16 {
        t[n] = t[n - 1] | (1u128 << (8 * (n - 1)));
        n += 1;
    }
    t
};

/// The key of the transposed diagram of `key` (at most 16 rows of at
/// most 16 squares): column `j` is the number of rows longer than `j`.
fn transpose(key: u128) -> u128 {
    let mut cols = 0;
    let mut rows = key;
    while rows != 0 {
        cols += PREFIX[(rows & 0xFF) as usize];
        rows >>= 8;
    }
    cols
}

/// The key of the class of a diagram whose rows fit the key.
fn canonical(key: u128) -> u128 {
    if key & 0xFF <= MAX_SHORT_SIDE as u128 {
        key.min(transpose(key))
    } else {
        key
    }
}

/// The rows as a key (each row one byte, top row lowest).
fn pack(rows: &[u8]) -> u128 {
    rows.iter()
        .rev()
        .fold(0u128, |k, &r| (k << 8) | u128::from(r))
}

/// The rows of the transposed diagram.
fn columns(rows: &[u8]) -> Vec<u8> {
    (0..rows[0])
        .map(|j| rows.iter().filter(|&&r| r > j).count() as u8)
        .collect()
}

/// The key of a diagram for the split search.
fn key_of(rows: &[u8]) -> u128 {
    if rows.len() <= MAX_SHORT_SIDE {
        canonical(pack(rows))
    } else {
        canonical(pack(&columns(rows)))
    }
}

/// The rules of Chomp on keys, for the split search.
pub struct ChompMoves;

impl Split for ChompMoves {
    /// A bite leaves one diagram: nothing to split.
    fn splits(&self) -> bool {
        false
    }

    fn options(&self, key: u128, out: &mut OptionList) {
        let rows = key.to_le_bytes();
        let n = rows.iter().take_while(|&&r| r > 0).count();
        for i in 0..n {
            for j in (i == 0) as u8..rows[i] {
                let mut next = rows;
                for r in next[i..n].iter_mut().take_while(|r| **r > j) {
                    *r = j;
                }
                let k = u128::from_le_bytes(next);
                // The poison alone is worth 0: nothing to search.
                if k != 1 {
                    out.parts.push(canonical(k));
                }
                out.end_option();
            }
        }
    }
}

/// The diagrams inside `rows` (the empty one included): what the split
/// search may have to store. Row by row from the bottom, `tails[v]`
/// counts the tails under a row of `v` squares.
fn diagrams_inside(rows: &[u8]) -> u128 {
    let top = usize::from(rows[0]);
    let mut tails = vec![1u128; top + 1];
    for &len in rows.iter().rev() {
        let mut sum = 0u128;
        let below = tails.clone();
        for (v, t) in tails.iter_mut().enumerate() {
            if v <= usize::from(len) {
                sum = sum.saturating_add(below[v]);
            }
            *t = sum;
        }
    }
    tails[top]
}

/// Bytes a diagram of the split search's table takes.
const SPLIT_BYTES: u128 = 32;

impl Chomp {
    /// The table that values `rows` and the diagram to look up there
    /// (`rows` or its mirror): the last one if it holds either, else a new
    /// one for the box of `rows`. `None` when that box has no room in
    /// `limits` but the split search has for the diagrams inside `rows`;
    /// an error naming the box when neither has.
    fn table(&self, rows: &[u8], limits: &Limits) -> Result<Option<(Arc<Dense>, Vec<u8>)>> {
        let mut cell = self.dense.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(d) = cell.as_ref() {
            if d.holds(rows) {
                return Ok(Some((d.clone(), rows.to_vec())));
            }
            let mirror = columns(rows);
            if d.holds(&mirror) {
                return Ok(Some((d.clone(), mirror)));
            }
        }
        let (r, c) = (rows.len(), usize::from(rows[0]));
        match dense::check_budget(r, c, limits) {
            Ok(()) if r * c <= MAX_SQUARES => {
                *cell = None;
                let d = Arc::new(Dense::new(r, c, limits)?);
                *cell = Some(d.clone());
                Ok(Some((d, rows.to_vec())))
            }
            Ok(()) => Ok(None),
            Err(e) => {
                let free = limits
                    .max_memory
                    .saturating_sub(limits.meter.map_or(0, |m| m()));
                let inside = diagrams_inside(rows);
                let fits = inside <= u128::from(limits.max_states)
                    && inside.saturating_mul(SPLIT_BYTES) <= u128::from(free);
                if fits {
                    Ok(None)
                } else {
                    Err(e)
                }
            }
        }
    }
}

/// Chomp is a sum of bars and plays misère by the generic search.
impl Game for Chomp {
    type Comp = Vec<u8>;

    fn name(&self) -> String {
        "chomp".to_string()
    }

    fn parse_component(&self, text: &str) -> Result<Vec<u8>> {
        let t = text.trim();
        let bad = |why: &str| {
            Error::parse(format!(
                "a Chomp bar is `RxC` (e.g. `4x7`) or row lengths from the top, each at most the one above (e.g. `5,3,3,1`), at most {MAX_SQUARES} squares with at most {MAX_SHORT_SIDE} rows or columns: {why}, got `{}`",
                shorten_quote(t)
            ))
        };
        let rows: Vec<usize> = match read_dims(t) {
            // More rows than squares are refused below as too many
            // squares: the list stops there, however many were asked.
            Dims::Sides(r, c) => vec![c; r.min(MAX_SQUARES + 1)],
            Dims::NotPositive => return Err(bad(NOT_POSITIVE)),
            Dims::Number(row) => vec![row],
            Dims::NotASize => t
                .split(',')
                .map(|s| s.trim().parse::<usize>())
                .collect::<std::result::Result<_, _>>()
                .map_err(|_| bad("not a list of row lengths"))?,
        };
        if rows.contains(&0) || rows.windows(2).any(|w| w[1] > w[0]) {
            return Err(bad(
                "rows must be positive and never longer than the one above",
            ));
        }
        let squares = rows.iter().try_fold(0usize, |a, &r| a.checked_add(r));
        if squares.is_none_or(|n| n > MAX_SQUARES) {
            return Err(bad("too many squares"));
        }
        if rows.len() > MAX_SHORT_SIDE && rows[0] > MAX_SHORT_SIDE {
            return Err(bad("too many rows and columns"));
        }
        Ok(rows.into_iter().map(|r| r as u8).collect())
    }

    fn format_component(&self, rows: &Vec<u8>) -> String {
        if rows.iter().all(|&r| r == rows[0]) {
            return format!("{}x{}", rows.len(), rows[0]);
        }
        let lens: Vec<String> = rows.iter().map(u8::to_string).collect();
        lens.join(",")
    }

    fn value(&self, rows: &Vec<u8>, limits: &Limits) -> Result<Nimber> {
        let key = key_of(rows);
        if key == 1 {
            return Ok(Nimber::ZERO);
        }
        if let Some((table, diagram)) = self.table(rows, limits)? {
            table.attach(limits);
            return Ok(Nimber(u64::from(table.value(&diagram, limits)?)));
        }
        let cap = diagrams_inside(rows).saturating_mul(SPLIT_BYTES);
        let solver = self
            .solver
            .get(limits, u64::try_from(cap).unwrap_or(u64::MAX))?;
        Ok(Nimber(solver.sum(&ChompMoves, &[key], limits)?))
    }

    /// Every bite but the poisoned square, row by row from the top.
    fn for_each_option(&self, rows: &Vec<u8>, _: &Limits, f: Visit<Vec<u8>>) -> Result<()> {
        for i in 0..rows.len() {
            for j in (i == 0) as u8..rows[i] {
                let mut next: Vec<u8> = rows.iter().map(|&r| r.min(j)).collect();
                next[..i].copy_from_slice(&rows[..i]);
                next.retain(|&r| r > 0);
                if !f(&[next]) {
                    return Ok(());
                }
            }
        }
        Ok(())
    }

    /// The bar as written: the first row on top, the poison at `a1`.
    fn draw(&self, rows: &Vec<u8>) -> Option<Drawing> {
        let width = rows.first().copied().unwrap_or(0);
        let rows = rows
            .iter()
            .enumerate()
            .map(|(r, &len)| {
                (0..width)
                    .map(|c| match (r, c) {
                        (0, 0) => Square::Poison,
                        _ if c < len => Square::Free,
                        _ => Square::Gone,
                    })
                    .collect()
            })
            .collect();
        Some(Drawing::Board { rows })
    }

    /// A bite is chosen by the square bitten: the first square gone, in
    /// the first row that lost any.
    fn marks(&self, from: &Vec<u8>, to: &[Vec<u8>]) -> Vec<Vec<String>> {
        let after = to.first().map_or(&[][..], Vec::as_slice);
        (0..from.len())
            .find_map(|r| {
                let left = after.get(r).copied().unwrap_or(0);
                (left < from[r]).then(|| vec![vec![square_key(r, usize::from(left))]])
            })
            .unwrap_or_default()
    }

    /// One key, none for the poison alone (worth 0).
    fn split_component(&self, rows: &Vec<u8>) -> Option<SplitComponent> {
        let key = key_of(rows);
        Some(SplitComponent {
            rules: std::sync::Arc::new(ChompMoves),
            keys: if key == 1 { Vec::new() } else { vec![key] },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_see_the_mirror_image() {
        assert_eq!(key_of(&[3, 1]), key_of(&[2, 1, 1]));
        assert_eq!(transpose(pack(&[3, 3, 1])), pack(&[3, 2, 2]));
        assert_eq!(key_of(&[1; 20]), key_of(&[20]));
    }

    #[test]
    fn bars_read_and_print_back() {
        let c = Chomp::default();
        for text in ["3x4", "5,3,3,1", "1x1", "1x7"] {
            let rows = c.parse_component(text).unwrap();
            assert_eq!(c.format_component(&rows), text);
        }
        crate::testing::refuses(
            |t| c.parse_component(t),
            &[
                ("3,4", "never longer"),
                ("3,0", "positive"),
                ("16x16", "too many squares"),
                (
                    "18446744073709551615,18446744073709551615",
                    "too many squares",
                ),
                ("a", "row lengths"),
                ("0x0", "`RxC` needs two positive sizes"),
                ("1x9223372036854775807", "too many squares"),
                ("99999999999999999999999x1", "too many squares"),
                ("x3", "`RxC` needs two positive sizes"),
            ],
        );
    }
}
