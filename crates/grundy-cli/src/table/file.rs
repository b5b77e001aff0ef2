//! The files of `grundy table --out`: a header line that names the sweep,
//! then one finished row per line, appended as games finish.
//!
//! A row is written with one `write_all` of the whole line, so a run
//! killed with SIGKILL leaves at worst a last line without its newline:
//! that line is cut off when the file is read again and its game redone.
//! Any other line that does not read back is a damaged file, refused.
//!
//! Each row ends with the CRC-32 of the rest of its line (`"crc"`), so
//! that a flipped digit inside a line that is still valid JSON (a value,
//! a period) is refused rather than taken for a result. Files of older
//! versions, whose header does not say its rows are sealed so, are read
//! without the check.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use grundy::heap::sweep::Line;
use serde::{Deserialize, Serialize};

/// What makes two runs parts of the same sweep.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sweep {
    /// The patterns, `--digits N` or `--file FILE`, as given (shown only).
    pub source: String,
    /// How many codes the sweep expands to.
    pub codes: usize,
    /// A hash of the expanded codes, in order.
    pub fingerprint: String,
    /// The heap budget (`--to`).
    pub to: u64,
    /// The time budget per game (`--time`), in seconds.
    pub time: Option<f64>,
    /// The heaps of each game's misère quotient (`--misere --misere-to`);
    /// absent when the sweep has no quotient column.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub misere_to: Option<u64>,
    /// The state budget of each game (`--max-states`), which decides
    /// where a game gives up; absent in files of older versions, which
    /// go on under any budget.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_states: Option<u64>,
}

impl Sweep {
    /// Whether `other` is the same sweep (the source text aside, so that
    /// `0.[0-7]` and `0.0-7` agree).
    fn same(&self, other: &Sweep) -> bool {
        let states = match (self.max_states, other.max_states) {
            (Some(a), Some(b)) => a == b,
            _ => true,
        };
        states
            && (
                self.codes,
                &self.fingerprint,
                self.to,
                self.time,
                self.misere_to,
            ) == (
                other.codes,
                &other.fingerprint,
                other.to,
                other.time,
                other.misere_to,
            )
    }

    fn describe(&self) -> String {
        let time = self
            .time
            .map(|t| format!(" --time {t}"))
            .unwrap_or_default();
        let misere = self
            .misere_to
            .map(|m| format!(" --misere --misere-to {m}"))
            .unwrap_or_default();
        let states = (self.max_states)
            .filter(|&m| m != grundy::Limits::DEFAULT_MAX_STATES)
            .map(|m| format!(" --max-states {m}"))
            .unwrap_or_default();
        format!("{} --to {}{time}{misere}{states}", self.source, self.to)
    }
}

/// FNV-1a over the codes, one a line: a stable fingerprint of a code list.
pub fn fingerprint(codes: &[String]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in codes.iter().flat_map(|c| c.bytes().chain([b'\n'])) {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The first line of a file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// The sweep.
    pub sweep: Sweep,
    /// `[K, M]`: the K-th of M shards.
    pub shard: [usize; 2],
    /// How many rows the file holds when the shard is finished.
    pub games: usize,
    /// Whether every row carries its checksum (files of older versions
    /// do not, and are read without it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sealed: bool,
}

impl Header {
    /// What decides a game's row, in one word: the codes, the budgets and
    /// the shard. A save of a game under way resumes only in the sweep
    /// that made it (a file started afresh with other budgets must not
    /// take a game further than its `--to`).
    pub fn identity(&self) -> String {
        let s = &self.sweep;
        let [k, m] = self.shard;
        let key = format!(
            "{}|{}|{}|{:?}|{:?}|{:?}|{k}/{m}",
            s.codes, s.fingerprint, s.to, s.time, s.misere_to, s.max_states
        );
        format!("{:08x}", crc32fast::hash(key.as_bytes()))
    }
}

/// The end of a sealed row: its checksum, the last field of its object.
const SEAL: &str = ",\"crc\":\"";

/// `row` (a JSON object) with its checksum added as its last field.
fn seal(row: &str) -> String {
    debug_assert!(row.ends_with('}'), "a row is a JSON object");
    let body = row.strip_suffix('}').unwrap_or(row);
    format!("{body}{SEAL}{:08x}\"}}", crc32fast::hash(row.as_bytes()))
}

/// Checks the checksum of `line`, a row that reads as JSON; `Err` says
/// why the line is damaged. A line without one passes unless `sealed`
/// says every row has one.
fn check_seal(line: &str, sealed: bool) -> Result<(), &'static str> {
    let Some(at) = line.rfind(SEAL) else {
        return match sealed {
            true => Err("its checksum is missing; delete the line to compute its game again"),
            false => Ok(()),
        };
    };
    let (body, seal) = line.split_at(at);
    let hex = seal[SEAL.len()..]
        .strip_suffix("\"}")
        .filter(|h| h.len() == 8);
    match hex.and_then(|h| u32::from_str_radix(h, 16).ok()) {
        Some(crc) if crc == crc32fast::hash(format!("{body}}}").as_bytes()) => Ok(()),
        Some(_) => Err(
            "its checksum does not match what grundy wrote; delete the line to compute its game again",
        ),
        None => Err(
            "its checksum is not one grundy writes; delete the line to compute its game again",
        ),
    }
}

/// A file read back.
pub struct Contents {
    pub header: Header,
    pub lines: Vec<Line>,
}

/// The most bytes of a table's file of rows grundy reads back: a row is
/// about a hundred bytes, so millions of games.
const MAX_ROWS_FILE: u64 = 256 << 20;

/// What a file of rows past [`MAX_ROWS_FILE`] is told.
const ROWS_LIMIT: &str =
    "the most grundy reads of a table's rows; split the sweep with --shard to write smaller files";

/// Reads `path`; `repair` cuts a half-written last line off the file
/// (a run killed while writing it), otherwise such a line is refused.
pub fn read(path: &Path, repair: bool) -> anyhow::Result<Contents> {
    let name = path.display();
    let bytes = crate::output::read_within(path, MAX_ROWS_FILE, ROWS_LIMIT)?
        .with_context(|| format!("cannot read {name}: no such file"))?;
    let text =
        String::from_utf8(bytes).with_context(|| format!("cannot read {name}: not UTF-8 text"))?;
    let complete = text.rfind('\n').map_or(0, |i| i + 1);
    let mut lines = text[..complete].lines();
    let header: Header = match lines.next().map(serde_json::from_str) {
        Some(Ok(h)) => h,
        _ => bail!(
            "{name} is not a file of grundy table --out (its first line is not a sweep's header)"
        ),
    };
    let [k, m] = header.shard;
    if k == 0 || k > m {
        bail!("{name}: damaged header (shard {k}/{m})");
    }
    let mut rows = Vec::new();
    // The line of each game's row: a game has one.
    let mut line_of = std::collections::HashMap::new();
    for (i, line) in lines.enumerate() {
        let row: Line = serde_json::from_str(line).map_err(|e| {
            use serde_json::error::Category;
            let why = match e.classify() {
                Category::Eof => "cut short",
                Category::Syntax => "not JSON",
                Category::Data | Category::Io => "not a row grundy writes",
            };
            anyhow::anyhow!(
                "{name} line {}, column {}: damaged row ({why})",
                i + 2,
                e.column()
            )
        })?;
        check_seal(line, header.sealed)
            .map_err(|why| anyhow::anyhow!("{name} line {}: damaged row ({why})", i + 2))?;
        if row.index >= header.sweep.codes {
            bail!(
                "{name} line {}: damaged row (index {} of {} codes)",
                i + 2,
                row.index,
                header.sweep.codes
            );
        }
        if let Some(first) = line_of.insert(row.index, i + 2) {
            bail!(
                "{name} line {}: damaged file (the row of {} is on line {first} too); delete one of them",
                i + 2,
                row.row.code
            );
        }
        rows.push(row);
    }
    // Cut only once the rest reads as a sweep's file: nothing else is touched.
    if complete < text.len() {
        if !repair {
            bail!("{name} ends with a half-written row; run its sweep again with --out {name} to finish it");
        }
        let file = OpenOptions::new()
            .write(true)
            .open(path)
            .with_context(|| format!("cannot repair {name}"))?;
        file.set_len(complete as u64)
            .with_context(|| format!("cannot repair {name}"))?;
    }
    Ok(Contents {
        header,
        lines: rows,
    })
}

/// The `--out` file, opened to append rows.
pub struct Out {
    file: File,
    path: PathBuf,
    /// The file held against other runs until this one ends.
    _claim: crate::checkpoint::Claim,
}

impl Out {
    /// Opens `path` for `header`: creates it with the header, or reads the
    /// rows already in it (refusing another sweep's file).
    pub fn open(path: &Path, header: &Header) -> anyhow::Result<(Out, Vec<Line>)> {
        let name = path.display();
        let claim = crate::checkpoint::hold(path, "--out")?;
        let file = OpenOptions::new()
            .append(true)
            .create(true)
            .open(path)
            .with_context(|| format!("cannot write {name}"))?;
        // The rows' file itself is held too, before it is read (it is
        // appended to, never replaced): a hard link to it names another
        // lock file.
        if let Err(std::fs::TryLockError::WouldBlock) = file.try_lock() {
            bail!("{name}: another grundy run is writing it (through another name); wait for that run to end, or give another --out");
        }
        let mut first = serde_json::to_string(header)?;
        first.push('\n');
        // A file holding part of this header was cut while being created.
        let old = crate::output::read_within(path, MAX_ROWS_FILE, ROWS_LIMIT)?;
        let begun = old.is_some_and(|t| !first.as_bytes().starts_with(&t));
        let lines = if begun {
            let old = read(path, true)?;
            if !old.header.sweep.same(&header.sweep) || old.header.shard != header.shard {
                bail!(
                    "{name} holds another sweep ({}, shard {}/{}), not this one ({}, shard {}/{}); give another --out",
                    old.header.sweep.describe(),
                    old.header.shard[0],
                    old.header.shard[1],
                    header.sweep.describe(),
                    header.shard[0],
                    header.shard[1]
                );
            }
            old.lines
        } else {
            std::fs::write(path, first).with_context(|| format!("cannot write {name}"))?;
            Vec::new()
        };
        Ok((
            Out {
                file,
                path: path.to_path_buf(),
                _claim: claim,
            },
            lines,
        ))
    }

    /// Appends one finished row in a single write.
    pub fn append(&mut self, line: &Line) -> anyhow::Result<()> {
        let mut text = seal(&serde_json::to_string(line)?);
        text.push('\n');
        self.file
            .write_all(text.as_bytes())
            .with_context(|| format!("cannot write {}", self.path.display()))
    }
}

/// The rows of shard files joined, in the sweep's order, after checking
/// that they are every shard of one sweep, each finished.
pub fn merge(paths: &[PathBuf]) -> anyhow::Result<Vec<Line>> {
    let mut parts: Vec<(PathBuf, Contents)> = Vec::new();
    for p in paths {
        parts.push((p.clone(), read(p, false)?));
    }
    let (first_path, first) = &parts[0];
    let m = first.header.shard[1];
    let mut seen = vec![None; m];
    for (path, c) in &parts {
        let h = &c.header;
        if !h.sweep.same(&first.header.sweep) || h.shard[1] != m {
            bail!(
                "{} is from another sweep ({}, {} shards) than {} ({}, {m} shards)",
                path.display(),
                h.sweep.describe(),
                h.shard[1],
                first_path.display(),
                first.header.sweep.describe()
            );
        }
        let k = h.shard[0];
        if let Some(other) = seen[k - 1].replace(path) {
            bail!(
                "{} and {} are both shard {k}/{m}",
                other.display(),
                path.display()
            );
        }
        if c.lines.len() != h.games {
            bail!(
                "{} is unfinished (shard {k}/{m}: {} of {} rows); run it again with the same --out to finish it",
                path.display(),
                c.lines.len(),
                h.games
            );
        }
    }
    if let Some(k) = seen.iter().position(Option::is_none) {
        bail!("shard {}/{m} is missing", k + 1);
    }
    let mut lines: Vec<Line> = parts.into_iter().flat_map(|(_, c)| c.lines).collect();
    lines.sort_by_key(|l| l.index);
    Ok(lines)
}
