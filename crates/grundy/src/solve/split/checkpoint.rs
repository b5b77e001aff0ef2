//! The split search's tables handed to a front end ([`SearchWatch`](crate::game::SearchWatch)):
//! progress counters, and snapshots as bytes that a later run restores,
//! so that a solve of hours killed half-way resumes with the values it
//! had found. The front end writes the bytes where it likes.
//!
//! A snapshot is [`MAGIC`], then for the value table and the wins table
//! each two lists, of the slots of packed keys and of the others: a count
//! (8 bytes, little-endian) and that many slots of 10 or 18 bytes (the
//! mixed key, 8 or 16 bytes; the value; the grade of work), then an
//! FNV-1a hash of everything before it (8 bytes), so a damaged file is
//! refused before any of it is used.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use super::table::{Slot, Table};
use super::{Solver, Split};
use crate::error::{Error, Result};
use crate::game::{Limits, SearchProgress, SearchTables};
use crate::solve::snapshot_body;

/// The first bytes of a snapshot, with its version: to be raised with
/// every change of what a key means (the canonical forms of `shape`, a
/// game's encoding), or old snapshots would give wrong values.
pub const MAGIC: &[u8; 8] = b"GRSPLIT2";

/// Bytes of a slot's key in a snapshot, packed or not.
fn key_bytes(narrow: bool) -> usize {
    if narrow {
        8
    } else {
        16
    }
}

/// FNV-1a, 64 bits: a check against damage, not against malice.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Solver {
    /// Tells the watch of `limits`, once, that this solver's tables hold
    /// the keys of `game` (which may fill them from a snapshot first).
    pub(super) fn attach<G: Split + ?Sized>(self: &Arc<Self>, game: &G, limits: &Limits) {
        if let Some(watch) = &limits.watch {
            if !self.attached.swap(true, Ordering::Relaxed) {
                watch(&game.scope(), self.clone());
            }
        }
    }

    fn tables(&self) -> [&Table; 2] {
        [&self.table, &self.wins]
    }
}

impl SearchTables for Solver {
    fn progress(&self) -> SearchProgress {
        SearchProgress {
            solved: self.stats.solved.load(Ordering::Relaxed),
            filled: self.tables().iter().map(|t| t.filled()).sum(),
            slots: self.tables().iter().map(|t| t.slots()).sum(),
            restored: self.stats.restored.load(Ordering::Relaxed),
            bytes: self.tables().iter().map(|t| t.bytes()).sum(),
        }
    }

    fn snapshot(&self) -> Vec<u8> {
        // Sized first (the search may add slots meanwhile: a sixteenth
        // more), so that the bytes never double as they grow: a snapshot
        // is taken beside full tables, within the same budget.
        let bytes: usize = (self.tables().iter())
            .flat_map(|t| t.slots_in_use())
            .map(|s| key_bytes(s.narrow) + 2)
            .sum();
        let mut out = Vec::with_capacity(MAGIC.len() + 40 + bytes + bytes / 16);
        out.extend_from_slice(MAGIC);
        for (table, narrow) in self
            .tables()
            .into_iter()
            .flat_map(|t| [(t, true), (t, false)])
        {
            let count_at = out.len();
            out.extend([0; 8]);
            let mut count = 0u64;
            for s in table.slots_in_use().filter(|s| s.narrow == narrow) {
                out.extend_from_slice(&s.mixed.to_le_bytes()[..key_bytes(narrow)]);
                out.extend([s.value as u8, s.grade]);
                count += 1;
            }
            out[count_at..count_at + 8].copy_from_slice(&count.to_le_bytes());
        }
        let hash = fnv(&out);
        out.extend(hash.to_le_bytes());
        out
    }

    fn restore(&self, bytes: &[u8]) -> Result<u64> {
        // Checked whole first (a damaged file is refused before any of it
        // is used), then read slot by slot into the tables: a list of
        // every slot would take three times the snapshot's bytes beside
        // it (a Cram 4x11 checkpoint of 51 MB resumed at `--memory 26M`
        // held 224 MB).
        let counts = read_snapshot(bytes, &mut |_, _| {})?;
        for (table, [narrow, wide]) in self.tables().into_iter().zip(counts) {
            table.reserve(narrow, wide);
        }
        let tables = self.tables();
        read_snapshot(bytes, &mut |t, slot| tables[t].restore(slot))?;
        let count = counts.iter().flatten().sum::<u64>();
        self.stats.restored.fetch_add(count, Ordering::Relaxed);
        Ok(count)
    }
}

/// Whether `bytes` are a whole snapshot, for front ends that check a file
/// before a search starts (when a refusal can still be one line).
pub fn check(bytes: &[u8]) -> Result<()> {
    read_snapshot(bytes, &mut |_, _| {}).map(|_| ())
}

/// Gives each slot of a snapshot to `slot` with its table (0 for values,
/// 1 for wins), once the whole snapshot has been checked; the counts of
/// packed and other slots of each table, or why `bytes` are no snapshot.
fn read_snapshot(bytes: &[u8], slot: &mut dyn FnMut(usize, Slot)) -> Result<[[u64; 2]; 2]> {
    let damaged = |why: &str| Error::parse(format!("not a snapshot of the split search: {why}"));
    let hash_of = |body: &[u8], hash: &[u8]| {
        fnv(body) == u64::from_le_bytes(hash.try_into().expect("8 bytes"))
    };
    let body = snapshot_body(bytes, MAGIC, 8, hash_of, damaged)?;
    // The four lists' places, checked before any slot is given.
    let mut lists = Vec::with_capacity(4);
    let mut rest = body;
    for list in 0..4 {
        let narrow = list % 2 == 0;
        let Some((count, after)) = rest.split_first_chunk::<8>() else {
            return Err(damaged("cut short"));
        };
        let count = u64::from_le_bytes(*count);
        let size = key_bytes(narrow) + 2;
        let len = (usize::try_from(count).ok())
            .and_then(|c| c.checked_mul(size))
            .filter(|&l| l <= after.len());
        let Some(len) = len else {
            return Err(damaged("cut short"));
        };
        lists.push((count, &after[..len]));
        rest = &after[len..];
    }
    if !rest.is_empty() {
        return Err(damaged("bytes after its tables"));
    }
    let mut counts = [[0; 2]; 2];
    for (list, (count, slots)) in lists.into_iter().enumerate() {
        let (table, narrow) = (list / 2, list % 2 == 0);
        counts[table][list % 2] = count;
        let key = key_bytes(narrow);
        for s in slots.chunks_exact(key + 2) {
            let mut mixed = [0; 16];
            mixed[..key].copy_from_slice(&s[..key]);
            let value = u64::from(s[key]);
            let (mixed, grade) = (u128::from_le_bytes(mixed), s[key + 1]);
            slot(
                table,
                Slot {
                    mixed,
                    narrow,
                    value,
                    grade,
                },
            );
        }
    }
    Ok(counts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::cram::{region_keys, CramMoves};
    use crate::games::grid::text::parse_board;

    fn solver() -> Arc<Solver> {
        Arc::new(Solver::new(&Limits::default(), 1 << 20).unwrap())
    }

    #[test]
    fn a_restored_solver_knows_what_the_first_found() {
        let keys = region_keys(&parse_board("3x5", "a board").unwrap());
        let l = Limits::default();
        let first = solver();
        let v = first.sum(&CramMoves, &keys, &l).unwrap();
        let searched = first.progress().solved;
        assert!(searched > 10 && first.progress().filled > 10);
        let bytes = first.snapshot();
        let second = solver();
        let restored = second.restore(&bytes).unwrap();
        // The fill counter is about right (threads racing for one empty
        // slot both count it); the snapshot holds exactly the slots in use.
        let in_use: usize = first
            .tables()
            .iter()
            .map(|t| t.slots_in_use().count())
            .sum();
        assert_eq!(restored, in_use as u64);
        assert!(first.progress().filled >= restored);
        assert_eq!(second.sum(&CramMoves, &keys, &l).unwrap(), v);
        assert_eq!(second.progress().solved, 0);
        assert_eq!(second.progress().restored, restored);
    }

    #[test]
    fn damaged_snapshots_are_refused_whole() {
        let s = solver();
        let keys = region_keys(&parse_board("2x4", "a board").unwrap());
        s.sum(&CramMoves, &keys, &Limits::default()).unwrap();
        let bytes = s.snapshot();
        let mut flipped = bytes.clone();
        flipped[20] ^= 1;
        let mut old = bytes.clone();
        old[7] = b'0';
        for (bad, why) in [
            (&flipped[..], "its check does not match"),
            (&bytes[..bytes.len() - 3], "check does not match"),
            (&old[..], "another version"),
            (&b"hello, world, not tables"[..], "does not start as one"),
        ] {
            let fresh = solver();
            let err = fresh.restore(bad).unwrap_err().to_string();
            assert!(err.contains(why), "{err}");
            assert_eq!(fresh.progress().filled, 0);
        }
    }
}
