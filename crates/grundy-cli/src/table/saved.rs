//! The games of a `table --out FILE` sweep under way, saved in the folder
//! `FILE.games` beside the file, so that a run killed in the middle of a
//! long game goes on with it where it was instead of starting it again.
//!
//! A game's save is its values so far, as `seq --checkpoint` saves them,
//! after one line with the sweep's identity, its code and the seconds it
//! has run (its time budget goes on from there). It is written whole or not at all every
//! `--checkpoint-every` seconds and when Ctrl-C stops the game, and removed once the game's
//! row is in the file.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context;
use grundy::heap::HeapSequence;

use crate::longrun::{restore_values, write_values};

/// The first word of a save: what the file is.
const MAGIC: &str = "grundy table game";

/// The longest file name of a save, well within every file system's.
const LONGEST_NAME: usize = 120;

/// The folder of the saves of one `--out` file.
pub struct Saves {
    dir: PathBuf,
    /// The sweep's identity ([`super::file::Header::identity`]): a save
    /// of another sweep is not resumed.
    sweep: String,
    /// The time between two saves of a game (`--checkpoint-every`).
    pub every: Duration,
}

impl Saves {
    /// The saves of the sweep `sweep` written to `out`.
    pub fn beside(out: &Path, sweep: String, every: Duration) -> Saves {
        let dir = crate::checkpoint::beside(&crate::checkpoint::resolve(out), ".games");
        Saves { dir, sweep, every }
    }

    /// The save of the game listed as `code`: its text with every
    /// character but letters, digits and points written as `_` and its
    /// hexadecimal byte, so that no two codes share a file; a long name
    /// is cut and ends with a checksum of the code (the save's first line
    /// names its code, so a clash would only start a game afresh).
    fn path(&self, code: &str) -> PathBuf {
        let mut name = String::new();
        for b in code.bytes() {
            match b {
                b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' | b'.' => name.push(b as char),
                _ => name.push_str(&format!("_{b:02x}")),
            }
        }
        if name.len() > LONGEST_NAME {
            name.truncate(LONGEST_NAME - 9);
            name.push_str(&format!("-{:08x}", crc32fast::hash(code.as_bytes())));
        }
        self.dir.join(name + ".ckpt")
    }

    /// Restores into `seq` what was saved of the game `code`, and returns
    /// the time it had run; nothing saved is no time. A save that cannot
    /// be read is said on stderr and removed: the game starts afresh.
    pub fn restore(&self, code: &str, seq: &dyn HeapSequence) -> Duration {
        let path = self.path(code);
        match self.read(&path, code, seq) {
            Ok(Some(ran)) => {
                sayln!(
                    "resuming {code} from {} at n = {}",
                    path.display(),
                    seq.stats().computed
                );
                ran
            }
            Ok(None) => Duration::ZERO,
            Err(e) => {
                sayln!("{e:#}: {code} starts afresh");
                let _ = std::fs::remove_file(&path);
                Duration::ZERO
            }
        }
    }

    /// Saves the game `code`, which has run for `ran`.
    pub fn save(&self, code: &str, seq: &dyn HeapSequence, ran: Duration) -> anyhow::Result<()> {
        std::fs::create_dir_all(&self.dir)
            .with_context(|| format!("cannot make the folder {}", self.dir.display()))?;
        crate::checkpoint::write_atomically(&self.path(code), |w| {
            writeln!(w, "{MAGIC}\t{}\t{code}\t{}", self.sweep, ran.as_secs_f64())?;
            write_values(w, seq)
        })
    }

    /// Removes the save of the game `code`, whose row is written.
    pub fn forget(&self, code: &str) {
        let _ = std::fs::remove_file(self.path(code));
    }

    /// Removes the folder once no save is left in it.
    pub fn tidy(&self) {
        let _ = std::fs::remove_dir(&self.dir);
    }

    /// The time the save at `path` says its game ran, after restoring it
    /// into `seq`; `None` when there is no save.
    fn read(
        &self,
        path: &Path,
        code: &str,
        seq: &dyn HeapSequence,
    ) -> anyhow::Result<Option<Duration>> {
        let file = match File::open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
        };
        let damaged = || {
            format!(
                "{}: not a save of game {code} of this sweep",
                path.display()
            )
        };
        let size = file.metadata()?.len();
        let mut input = BufReader::new(file);
        let mut first = Vec::new();
        let longest = MAGIC.len() + self.sweep.len() + code.len() + 64;
        input
            .by_ref()
            .take(longest as u64)
            .read_until(b'\n', &mut first)?;
        let line = std::str::from_utf8(&first)
            .ok()
            .and_then(|l| l.strip_suffix('\n'));
        let ran = match line.map(|l| l.split('\t').collect::<Vec<_>>()).as_deref() {
            Some([MAGIC, sweep, c, s]) if *sweep == self.sweep && *c == code => s
                .parse::<f64>()
                .ok()
                .and_then(|s| Duration::try_from_secs_f64(s).ok()),
            _ => None,
        };
        let ran = ran.with_context(damaged)?;
        let rest = size.saturating_sub(first.len() as u64);
        restore_values(input, rest, seq).with_context(|| path.display().to_string())?;
        Ok(Some(ran))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_a_file_of_its_own() {
        let saves = Saves::beside(
            Path::new("sweep.jsonl"),
            "0123abcd".to_string(),
            Duration::ZERO,
        );
        let name = |c: &str| saves.path(c).file_name().unwrap().to_owned();
        assert_eq!(name("0.07"), "0.07.ckpt");
        assert_eq!(name("4.3F"), "4.3F.ckpt");
        assert_ne!(name("0.1/2"), name("0.1_2f"));
        assert_eq!(name("0.1/2"), "0.1_2f2.ckpt");
        let long = format!("0.6{}", "0".repeat(300));
        let cut = name(&long).into_string().unwrap();
        assert_eq!(cut.len(), LONGEST_NAME + ".ckpt".len());
        assert_ne!(name(&long), name(&format!("{long}0")));
    }
}
