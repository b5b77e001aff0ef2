//! The games of a `table --out FILE` sweep under way, saved in the folder
//! `FILE.games` beside the file, so that a run killed in the middle of a
//! long game goes on with it where it was instead of starting it again.
//!
//! A game's save is its values so far, as `seq --checkpoint` saves them,
//! after one line with its code and the seconds it has run (its time
//! budget goes on from there). It is written whole or not at all every
//! [`EVERY`] and when Ctrl-C stops the game, and removed once the game's
//! row is in the file.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context;
use grundy::heap::{checkpoint, HeapSequence};

/// The time between two saves of a game.
pub const EVERY: Duration = Duration::from_secs(30);

/// The first word of a save: what the file is.
const MAGIC: &str = "grundy table game";

/// The folder of the saves of one `--out` file.
pub struct Saves {
    dir: PathBuf,
}

impl Saves {
    /// The saves of the sweep written to `out`.
    pub fn beside(out: &Path) -> Saves {
        let dir = crate::checkpoint::beside(&crate::checkpoint::resolve(out), ".games");
        Saves { dir }
    }

    /// The save of the game listed as `code`: its text with every
    /// character but letters, digits and points written as `_` and its
    /// hexadecimal byte, so that no two codes share a file.
    fn path(&self, code: &str) -> PathBuf {
        let mut name = String::new();
        for b in code.bytes() {
            match b {
                b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' | b'.' => name.push(b as char),
                _ => name.push_str(&format!("_{b:02x}")),
            }
        }
        self.dir.join(name + ".ckpt")
    }

    /// Restores into `seq` what was saved of the game `code`, and returns
    /// the time it had run; nothing saved is no time. A save that cannot
    /// be read is said on stderr and removed: the game starts afresh.
    pub fn restore(&self, code: &str, seq: &dyn HeapSequence) -> Duration {
        let path = self.path(code);
        match read(&path, code, seq) {
            Ok(Some(seconds)) => {
                sayln!(
                    "resuming {code} from {} at n = {}",
                    path.display(),
                    seq.stats().computed
                );
                Duration::from_secs_f64(seconds)
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
        let mut result = Ok(());
        seq.with_table(&mut |table| {
            result = crate::checkpoint::write_atomically(&self.path(code), |w| {
                writeln!(w, "{MAGIC}\t{code}\t{}", ran.as_secs_f64())?;
                checkpoint::write(&mut *w, &seq.checkpoint_name(), table)
            });
        });
        result
    }

    /// Removes the save of the game `code`, whose row is written.
    pub fn forget(&self, code: &str) {
        let _ = std::fs::remove_file(self.path(code));
    }

    /// Removes the folder once no save is left in it.
    pub fn tidy(&self) {
        let _ = std::fs::remove_dir(&self.dir);
    }
}

/// The seconds the save at `path` says its game ran, after restoring it
/// into `seq`; `None` when there is no save.
fn read(path: &Path, code: &str, seq: &dyn HeapSequence) -> anyhow::Result<Option<f64>> {
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    let damaged = || format!("{}: not a save of game {code}", path.display());
    let size = file.metadata()?.len();
    let mut input = BufReader::new(file);
    let mut first = Vec::new();
    input.by_ref().take(256).read_until(b'\n', &mut first)?;
    let line = std::str::from_utf8(&first)
        .ok()
        .and_then(|l| l.strip_suffix('\n'));
    let seconds = match line.map(|l| l.split('\t').collect::<Vec<_>>()).as_deref() {
        Some([MAGIC, c, s]) if *c == code => s.parse::<f64>().ok(),
        _ => None,
    };
    let seconds = seconds
        .filter(|s| s.is_finite() && *s >= 0.0)
        .with_context(damaged)?;
    let rest = size.saturating_sub(first.len() as u64);
    let table = checkpoint::read_sized(input, &seq.checkpoint_name(), rest)
        .and_then(|table| {
            seq.validate(&table)?;
            seq.restore(table);
            Ok(())
        })
        .with_context(|| path.display().to_string());
    table.map(|()| Some(seconds))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_a_file_of_its_own() {
        let saves = Saves::beside(Path::new("sweep.jsonl"));
        let name = |c: &str| saves.path(c).file_name().unwrap().to_owned();
        assert_eq!(name("0.07"), "0.07.ckpt");
        assert_eq!(name("4.3F"), "4.3F.ckpt");
        assert_ne!(name("0.1/2"), name("0.1_2f"));
        assert_eq!(name("0.1/2"), "0.1_2f2.ckpt");
    }
}
