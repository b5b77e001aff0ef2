//! The files a long run saves its state to and resumes from (`--checkpoint`
//! of `seq`, `quotient` and the board searches; `table --out`): checked and
//! claimed before any work, written whole or not at all.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{BufWriter, ErrorKind};
use std::path::{Path, PathBuf};

use anyhow::Context;

/// A run's hold on its state file: while it lives, a second run given the
/// same file (or a link to it) is refused at once. Two runs saving over
/// each other would each resume the other's half and lose their own.
///
/// The hold is an advisory lock on a file beside it, `FILE.lock`, which
/// the run removes when it ends; a run killed leaves it behind, unlocked,
/// for the next run to take.
#[must_use = "the state file is held only while the claim lives"]
pub struct Claim {
    /// The locked file and its path; `None` where the file system has no
    /// locks (the run goes on unguarded, as it did before claims).
    held: Option<(File, PathBuf)>,
}

impl Drop for Claim {
    fn drop(&mut self) {
        // Removed while still locked: a run that opened it meanwhile gets
        // the lock only after this, finds the name no longer names its
        // file, and tries again (`lock`).
        if let Some((_, path)) = &self.held {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// Checks and claims the state file at `path`, named in messages as the
/// option `what` gives it (`--checkpoint`), for a run that replaces it at
/// each save: refuses a folder that does not exist or cannot be written,
/// a path that is not a regular file (a pipe would block its reading for
/// ever), a file another run holds, and one the run could not replace.
/// Found at the first save instead, the failure threw away everything
/// computed.
pub fn claim(path: &Path, what: &str) -> anyhow::Result<Claim> {
    let claim = hold(path, what)?;
    // Held first: the probe must not touch a holder's temporary file.
    can_write_beside(&resolve(path), ".tmp-checkpoint").map_err(|e| cannot(path, what, e))?;
    Ok(claim)
}

/// [`claim`] for a file the run appends to rather than replaces (`table
/// --out`): the same checks and lock, without the probe for a temporary
/// file beside it.
pub fn hold(path: &Path, what: &str) -> anyhow::Result<Claim> {
    let target = resolve(path);
    if let Ok(meta) = std::fs::metadata(&target) {
        if !meta.is_file() {
            anyhow::bail!(
                "{}: not a regular file (a folder, a device or a pipe); {what} names a file",
                path.display()
            );
        }
    }
    lock(path, &beside(&target, ".lock"), what, |e| {
        cannot(path, what, e)
    })
}

/// The failure to write the state file at `path`, the option `what`.
fn cannot(path: &Path, what: &str, e: std::io::Error) -> anyhow::Error {
    let noun = if what == "--checkpoint" {
        "the checkpoint "
    } else {
        ""
    };
    anyhow::anyhow!("cannot write {noun}{}: {e}", path.display())
}

/// Whether a file `path` + `suffix` can be made (and is then removed): a
/// probe of `path`'s folder before any work. One there already (left by a
/// run killed while saving) shows the folder writable too.
pub fn can_write_beside(path: &Path, suffix: &str) -> std::io::Result<()> {
    let probe = beside(path, suffix);
    match OpenOptions::new().write(true).create_new(true).open(&probe) {
        Ok(file) => {
            let replaceable = replaceable(path, &file);
            drop(file);
            let _ = std::fs::remove_file(&probe);
            replaceable
        }
        Err(e) if e.kind() == ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(e),
    }
}

/// Refuses a file at `path` that its folder's sticky bit (as on `/tmp`)
/// keeps this process from replacing: another user's file, which a save
/// (a new file renamed over it) could not replace after hours of work.
/// `probe`, a file this process just made, tells who the process is.
#[cfg(unix)]
fn replaceable(path: &Path, probe: &File) -> std::io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    let target = resolve(path);
    let folder = target.parent().filter(|d| !d.as_os_str().is_empty());
    let folder = folder.unwrap_or(Path::new("."));
    let found = (
        probe.metadata(),
        std::fs::metadata(&target),
        std::fs::metadata(folder),
    );
    let (Ok(me), Ok(file), Ok(dir)) = found else {
        return Ok(());
    };
    match sticky_refuses(me.uid(), file.uid(), dir.uid(), dir.mode()) {
        true => Err(std::io::Error::new(
            ErrorKind::PermissionDenied,
            format!(
                "it belongs to another user, and the sticky bit of {} lets only its owner replace it; give another file",
                folder.display()
            ),
        )),
        false => Ok(()),
    }
}

/// Nothing keeps a file from being replaced where its folder can be
/// written.
#[cfg(not(unix))]
fn replaceable(_path: &Path, _probe: &File) -> std::io::Result<()> {
    Ok(())
}

/// Whether a folder of owner `dir_owner` and mode `dir_mode` keeps user
/// `me` from replacing a file of `owner` in it: with the sticky bit, only
/// the file's owner, the folder's owner and root may (POSIX `rename`).
#[cfg(any(unix, test))]
fn sticky_refuses(me: u32, owner: u32, dir_owner: u32, dir_mode: u32) -> bool {
    dir_mode & 0o1000 != 0 && me != 0 && me != owner && me != dir_owner
}

/// Takes the lock at `lock` for the state file `path`; `cannot` tells a
/// folder where the lock file cannot be made.
fn lock(
    path: &Path,
    lock: &Path,
    what: &str,
    cannot: impl Fn(std::io::Error) -> anyhow::Error,
) -> anyhow::Result<Claim> {
    let cannot_lock = || format!("cannot lock {} (with {})", path.display(), lock.display());
    // Each try that finds the lock file replaced ends a run that held it:
    // a few are plenty.
    for _ in 0..16 {
        let made = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(lock);
        let file = match made {
            Ok(file) => file,
            // Left by another user's run: a lock needs no writing.
            Err(e) if e.kind() == ErrorKind::PermissionDenied && lock.is_file() => {
                File::open(lock).with_context(cannot_lock)?
            }
            Err(e) => return Err(cannot(e)),
        };
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => anyhow::bail!(
                "{}: another grundy run is using it (it holds {}); wait for that run to end, or give another {what}",
                path.display(),
                lock.display()
            ),
            // A file system without locks: the run goes on unguarded, as
            // before claims, and leaves no lock file behind.
            Err(TryLockError::Error(e)) if e.kind() == ErrorKind::Unsupported => {
                let _ = std::fs::remove_file(lock);
                return Ok(Claim { held: None });
            }
            Err(TryLockError::Error(e)) => return Err(e).with_context(cannot_lock),
        }
        if names(lock, &file) {
            return Ok(Claim {
                held: Some((file, lock.to_path_buf())),
            });
        }
    }
    anyhow::bail!(
        "{}: its lock {} keeps changing",
        path.display(),
        lock.display()
    )
}

/// Whether `path` still names the open `file` (its holder may have
/// removed it, and another run made a new one, since it was opened).
#[cfg(unix)]
fn names(path: &Path, file: &File) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(path), file.metadata()) {
        (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
        _ => false,
    }
}

/// Whether `path` still names the open `file`: elsewhere, a lock file is
/// not removed while open, so it does.
#[cfg(not(unix))]
fn names(_path: &Path, _file: &File) -> bool {
    true
}

/// Writes a checkpoint (or any state a later run resumes from) atomically:
/// a temporary file beside it, synced, then renamed over the old one, so
/// that a kill at any moment, SIGKILL included, leaves the old file or the
/// new one whole. A symbolic link is written through: the file it names
/// is replaced, and the link stays.
pub fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> std::io::Result<()>,
) -> anyhow::Result<()> {
    let target = resolve(path);
    let tmp = beside(&target, ".tmp-checkpoint");
    let written = (|| -> std::io::Result<()> {
        let mut w = BufWriter::new(File::create(&tmp)?);
        write(&mut w)?;
        w.into_inner().map_err(|e| e.into_error())?.sync_all()
    })();
    if let Err(e) = written {
        // Half a checkpoint (a full disk) would hold the space it lacked.
        let _ = std::fs::remove_file(&tmp);
        return Err(e).with_context(|| format!("cannot write the checkpoint {}", tmp.display()));
    }
    std::fs::rename(&tmp, &target).with_context(|| format!("cannot replace {}", path.display()))
}

/// Whether `a` and `b` name one file: through symbolic links, as `f` and
/// `./f` do, or as hard links when it exists.
pub fn same_file(a: &Path, b: &Path) -> bool {
    let (a, b) = (resolve(a), resolve(b));
    // The folder is there when the files are not yet (and when it is not
    // either, its name as written tells it).
    let place = |p: &Path| {
        let folder = p.parent().filter(|d| !d.as_os_str().is_empty());
        let folder = folder.unwrap_or(".".as_ref());
        let folder = std::fs::canonicalize(folder).unwrap_or(folder.to_path_buf());
        (folder, p.file_name().map(|n| n.to_owned()))
    };
    a == b || place(&a) == place(&b) || same_inode(&a, &b)
}

/// Whether `path` is one of the files a run keeps beside its checkpoint
/// `checkpoint`: its lock or its temporary file, which the run removes or
/// renames.
pub fn beside_checkpoint(path: &Path, checkpoint: &Path) -> bool {
    let target = resolve(checkpoint);
    [".lock", ".tmp-checkpoint"]
        .iter()
        .any(|suffix| same_file(path, &beside(&target, suffix)))
}

/// Whether `a` and `b` are one file on disk (hard links).
#[cfg(unix)]
fn same_inode(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
        _ => false,
    }
}

/// Whether `a` and `b` are one file on disk: not told apart elsewhere.
#[cfg(not(unix))]
fn same_inode(_a: &Path, _b: &Path) -> bool {
    false
}

/// The file `path` names, through any symbolic links (the last link when
/// it names nothing yet): a state file's temporary and lock go beside it.
pub fn resolve(path: &Path) -> PathBuf {
    let mut path = path.to_path_buf();
    // As the system does, a chain of links ends after 40.
    for _ in 0..40 {
        match std::fs::read_link(&path) {
            Ok(to) => path = path.parent().unwrap_or(Path::new("")).join(to),
            Err(_) => break,
        }
    }
    path
}

/// `path` with `suffix` after its whole name: `ck.0` and `ck.1` of two
/// cluster processes in one folder must not share a temporary file.
pub fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::sticky_refuses;

    /// `/tmp` (mode 1777, root's): only the file's owner and root may
    /// replace a file there. Tests run as root cannot meet the refusal
    /// itself, so the rule is checked here.
    #[test]
    fn a_sticky_folder_keeps_other_users_files() {
        let tmp = 0o41777;
        assert!(sticky_refuses(1000, 1001, 0, tmp));
        assert!(!sticky_refuses(1000, 1000, 0, tmp), "the file's owner");
        assert!(!sticky_refuses(0, 1001, 0, tmp), "root");
        assert!(!sticky_refuses(1000, 1001, 1000, tmp), "the folder's owner");
        assert!(!sticky_refuses(1000, 1001, 0, 0o40777), "no sticky bit");
    }
}
