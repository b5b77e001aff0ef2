//! Files read whole within a bound, one way for everything a front end
//! reads: game files (text, from pipes too) and its own files
//! (checkpoints, hosts files, a table's rows: regular files only). A path
//! may name `/dev/zero` or a binary as easily as a file meant for grundy,
//! so every reading stops at its bound, and at the first byte that shows
//! the file is not what it should be.

use std::cell::RefCell;
use std::io::{ErrorKind, Read};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, OnceLock};
use std::time::Duration;

use grundy::error::bytes_text;

/// The largest game file grundy reads: about twice the largest graph the
/// README measures (a 140 MB file of ten million edges).
pub const MAX_FILE: usize = 256 << 20;

/// The text of the file at `path`, refused in one line (naming the file)
/// when it cannot be read, is larger than [`MAX_FILE`], or is not text:
/// NUL bytes or bytes that are not UTF-8 stop the reading at once. A
/// pipe or a device is read as it is written, and the flag given to
/// [`stop_waits_with`] ends the wait.
pub fn read_text(path: &str) -> Result<String, String> {
    let stop = THREAD_STOP.with(|s| s.borrow().clone());
    let Some(stop) = stop
        .or_else(|| STOP.get().cloned())
        .filter(|_| !Path::new(path).is_file())
    else {
        return read_bounded(path, MAX_FILE);
    };
    let (done, result) = mpsc::channel();
    let owned = path.to_string();
    std::thread::spawn(move || done.send(read_bounded(&owned, MAX_FILE)));
    loop {
        match result.recv_timeout(Duration::from_millis(20)) {
            Ok(text) => return text,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(format!("{path}: cannot read: its reader failed"))
            }
            Err(mpsc::RecvTimeoutError::Timeout) if stop.load(Ordering::Acquire) => {
                return Err(format!(
                    "{path}: stopped while waiting for it to be written (a pipe or a device)"
                ))
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
    }
}

/// The flag that ends a wait in [`read_text`].
static STOP: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// Makes `flag` (a front end's `--timeout` or Ctrl-C) end [`read_text`]'s
/// wait on a pipe or a device: opening a named pipe that nobody writes
/// blocks until a writer comes, and a wait the user cannot bound is a
/// hang. The reading then goes on in a thread of its own, left behind
/// when the flag is raised. The first flag given stays.
pub fn stop_waits_with(flag: Arc<AtomicBool>) {
    let _ = STOP.set(flag);
}

thread_local! {
    /// The flag that ends a wait in [`read_text`] on this thread, before
    /// the process's.
    static THREAD_STOP: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// Makes `flag` end [`read_text`]'s wait on this thread (`None`: the
/// process's flag again): for a front end whose calls each have a stop
/// flag of their own, as Python's do (a Ctrl-C stops the call that was
/// running), where one flag for the process would stop them all.
pub fn stop_waits_on_this_thread_with(flag: Option<Arc<AtomicBool>>) {
    THREAD_STOP.with(|s| *s.borrow_mut() = flag);
}

/// The bytes of the file at `path`, or `None` when there is none. What is
/// not a regular file (a folder, `/dev/zero`, a pipe that would block) and
/// a file of more than `max` bytes are refused in one line, the latter
/// naming `limit` (the bound and how to raise it). For the files a front
/// end writes and reads back: `/dev/zero` given as a checkpoint was once
/// read until the machine's memory ran out.
pub fn read_file_within(path: &Path, max: u64, limit: &str) -> Result<Option<Vec<u8>>, String> {
    let name = path.display().to_string();
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{name}: cannot read: {e}")),
    };
    if !meta.is_file() {
        return Err(format!(
            "{name}: not a regular file (a folder, a device or a pipe)"
        ));
    }
    if meta.len() > max {
        return Err(too_big(&name, max, limit));
    }
    read_chunks(&name, path, max, limit, &mut |_, _| Ok(())).map(Some)
}

/// [`read_text`] with a bound of `max` bytes.
fn read_bounded(path: &str, max: usize) -> Result<String, String> {
    // `bytes[..valid]` is known to be UTF-8.
    let mut valid = 0;
    let mut check = |bytes: &[u8], new: usize| {
        if bytes[new..].contains(&0) {
            return Err(format!(
                "{path}: not a text file (it holds NUL bytes); game files are UTF-8 text"
            ));
        }
        match std::str::from_utf8(&bytes[valid..]) {
            Ok(_) => valid = bytes.len(),
            // A character cut at the end of the chunk: the next completes it.
            Err(e) if e.error_len().is_none() => valid += e.valid_up_to(),
            Err(e) => return Err(not_utf8(path, &bytes[..valid + e.valid_up_to()])),
        }
        Ok(())
    };
    let limit = "the most grundy reads from a game file";
    let bytes = read_chunks(path, Path::new(path), max as u64, limit, &mut check)?;
    String::from_utf8(bytes)
        .map_err(|e| not_utf8(path, &e.as_bytes()[..e.utf8_error().valid_up_to()]))
}

/// A look at the bytes read so far, given where the new ones start: an
/// error stops the reading.
type Check<'a> = dyn FnMut(&[u8], usize) -> Result<(), String> + 'a;

/// The bytes of the file at `path` (called `name` in errors), read 64 KiB
/// at a time: refused once they pass `max`, and shown to `check` after
/// each chunk (all bytes so far, and where the new ones start), which
/// stops the reading by failing. The file may grow while it is read, so
/// the bound is checked on what was read, not on the file's size.
fn read_chunks(
    name: &str,
    path: &Path,
    max: u64,
    limit: &str,
    check: &mut Check<'_>,
) -> Result<Vec<u8>, String> {
    let cannot = |e: std::io::Error| format!("{name}: cannot read: {e}");
    let mut file = std::fs::File::open(path).map_err(cannot)?;
    let mut bytes = Vec::new();
    let mut chunk = vec![0u8; 1 << 16];
    loop {
        let n = match file.read(&mut chunk) {
            Ok(0) => return Ok(bytes),
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(cannot(e)),
        };
        if (bytes.len() + n) as u64 > max {
            return Err(too_big(name, max, limit));
        }
        let new = bytes.len();
        bytes.extend_from_slice(&chunk[..n]);
        check(&bytes, new)?;
    }
}

/// The error for a file past `max` bytes, naming `limit`.
fn too_big(name: &str, max: u64, limit: &str) -> String {
    format!("{name}: larger than {}, {limit}", bytes_text(max))
}

/// The error for a file that stops being UTF-8 after `good`.
fn not_utf8(path: &str, good: &[u8]) -> String {
    let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
    format!("{path}: line {line}: not UTF-8 text; game files are UTF-8 text")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str, bytes: &[u8]) -> String {
        let dir = std::env::temp_dir().join(format!("grundy-load-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path.to_str().unwrap().to_string()
    }

    #[test]
    fn text_is_read_whole() {
        let text = "0 1\n# é, ü and ∞ across chunks\n".repeat(20_000);
        let path = scratch("ok.txt", text.as_bytes());
        assert_eq!(read_text(&path).unwrap(), text);
    }

    #[test]
    fn binary_and_oversized_files_are_refused() {
        let nul = scratch("nul.bin", b"0 1\n\0\0");
        assert!(read_text(&nul).unwrap_err().contains("NUL bytes"));
        let latin1 = scratch("latin1.txt", b"0 1\n1 2\n\xe9t\xe9\n");
        let err = read_text(&latin1).unwrap_err();
        assert!(
            err.ends_with("latin1.txt: line 3: not UTF-8 text; game files are UTF-8 text"),
            "{err}"
        );
        let big = scratch("big.txt", &[b'#'; 5000]);
        let err = read_bounded(&big, 4096).unwrap_err();
        assert!(err.contains("big.txt: larger than 4 KiB"), "{err}");
    }

    #[test]
    fn own_files_are_regular_files_within_their_bound() {
        let path = scratch("rows.jsonl", &[b'x'; 5000]);
        let path = Path::new(&path);
        let bytes = read_file_within(path, 5000, "raise it").unwrap();
        assert_eq!(bytes.map(|b| b.len()), Some(5000));
        let err = read_file_within(path, 4096, "raise --memory to read it").unwrap_err();
        assert!(
            err.ends_with("rows.jsonl: larger than 4 KiB, raise --memory to read it"),
            "{err}"
        );
        assert_eq!(
            read_file_within(&path.with_extension("gone"), 9, "").unwrap(),
            None
        );
        for odd in ["/dev/zero", "/tmp"] {
            let err = read_file_within(Path::new(odd), 1 << 20, "").unwrap_err();
            assert!(
                err.ends_with("not a regular file (a folder, a device or a pipe)"),
                "{err}"
            );
        }
    }

    #[test]
    fn devices_that_never_end_are_refused_at_once() {
        let err = read_text("/dev/zero").unwrap_err();
        assert_eq!(
            err,
            "/dev/zero: not a text file (it holds NUL bytes); game files are UTF-8 text"
        );
        let err = read_text("/dev/urandom").unwrap_err();
        assert!(err.starts_with("/dev/urandom: "), "{err}");
    }
}
