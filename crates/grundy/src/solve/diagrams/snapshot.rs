//! The dense Chomp table handed to a front end ([`SearchTables`]): its
//! progress (diagrams valued out of the box's), and snapshots that a later
//! run of the same box restores, so a long solve killed half-way resumes
//! with the values it had.
//!
//! A snapshot is [`MAGIC`], the box (rows and columns, 2 bytes each,
//! little-endian), one byte per diagram by rank ([`UNKNOWN`] where not
//! valued yet), then a CRC-32 of everything before it (4 bytes), so a
//! damaged file is refused before any of it is used.

use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

use super::{box_name, Dense, UNKNOWN};
use crate::error::{Error, Result};
use crate::game::{Limits, SearchProgress, SearchTables};
use crate::solve::snapshot_body;

/// The first bytes of a snapshot, with its version: to be raised with
/// every change of what a rank means.
pub const MAGIC: &[u8; 8] = b"GRCHOMP1";

impl Dense {
    /// What the table's ranks mean: a box of one size.
    pub fn scope(&self) -> String {
        let (r, c) = self.dims();
        format!("chomp table {}", box_name(r, c))
    }

    /// Tells the watch of `limits`, once, of this table (which it may
    /// fill from a snapshot first).
    pub fn attach(self: &Arc<Self>, limits: &Limits) {
        if let Some(watch) = &limits.watch {
            if !self.attached.swap(true, Relaxed) {
                watch(&self.scope(), self.clone());
            }
        }
    }
}

impl SearchTables for Dense {
    fn progress(&self) -> SearchProgress {
        let (valued, restored) = (self.valued.load(Relaxed), self.restored.load(Relaxed));
        SearchProgress {
            solved: valued,
            filled: valued + restored,
            slots: self.values.len() as u64,
            restored,
            bytes: self.values.len() as u64,
        }
    }

    fn snapshot(&self) -> Vec<u8> {
        let (r, c) = self.dims();
        let mut out = MAGIC.to_vec();
        out.extend((r as u16).to_le_bytes());
        out.extend((c as u16).to_le_bytes());
        out.extend(self.values.iter().map(|v| v.load(Relaxed)));
        let crc = crc32fast::hash(&out);
        out.extend(crc.to_le_bytes());
        out
    }

    fn restore(&self, bytes: &[u8]) -> Result<u64> {
        let values = read(bytes)?;
        let (r, c) = self.dims();
        if values.0 != (r, c) || values.1.len() != self.values.len() {
            let (theirs, mine) = (box_name(values.0 .0, values.0 .1), box_name(r, c));
            return Err(Error::parse(format!(
                "a snapshot of the Chomp table of {theirs}, not of {mine}"
            )));
        }
        let mut count = 0;
        for (slot, &v) in self.values.iter().zip(values.1) {
            if v != UNKNOWN && slot.load(Relaxed) == UNKNOWN {
                slot.store(v, Relaxed);
                count += 1;
            }
        }
        self.restored.fetch_add(count, Relaxed);
        Ok(count)
    }
}

/// Whether `bytes` are a whole snapshot of a Chomp table, for front ends
/// that check a file before a search starts.
pub fn check(bytes: &[u8]) -> Result<()> {
    read(bytes).map(|_| ())
}

/// The box and the values of a snapshot, or why `bytes` are none.
fn read(bytes: &[u8]) -> Result<((usize, usize), &[u8])> {
    let damaged = |why: &str| Error::parse(format!("not a snapshot of a Chomp table: {why}"));
    let crc_of = |body: &[u8], crc: &[u8]| {
        crc32fast::hash(body) == u32::from_le_bytes(crc.try_into().expect("4 bytes"))
    };
    let body = snapshot_body(bytes, MAGIC, 4, crc_of, damaged)?;
    let dim = |at: usize| usize::from(u16::from_le_bytes([body[at], body[at + 1]]));
    Ok(((dim(0), dim(2)), &body[4..]))
}
