//! The memory meter: a global allocator that counts the bytes the process
//! holds, so that the engine can refuse a computation before it exhausts
//! the machine (`--memory`) instead of being killed by the allocator. The
//! command line and the Python package each install [`Counting`] as their
//! global allocator and give the engine [`held`] as its meter, with the
//! same [`default_budget`].

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

/// The system allocator, counting: install it with `#[global_allocator]`.
pub struct Counting;

static HELD: AtomicU64 = AtomicU64::new(0);

/// The bytes an allocation of `size` takes from the system allocator
/// (glibc's malloc): a chunk with an 8-byte header, in steps of 16 bytes,
/// 32 at least; from 128 KiB on, pages of their own. Counting the sizes
/// asked for alone let a search of many small keys (a misère search of 20
/// coins) hold 1.6 GB under `--memory 1G`.
fn charged(size: usize) -> u64 {
    const MMAP_FROM: usize = 128 * 1024;
    let bytes = if size >= MMAP_FROM {
        size.saturating_add(16 + 4095) & !4095
    } else {
        (size + 8 + 15).max(32) & !15
    };
    bytes as u64
}

// SAFETY: every call is forwarded to `System` unchanged; the counter only
// observes sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            HELD.fetch_add(charged(layout.size()), Ordering::Relaxed);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            HELD.fetch_add(charged(layout.size()), Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        HELD.fetch_sub(charged(layout.size()), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            HELD.fetch_add(charged(new_size), Ordering::Relaxed);
            HELD.fetch_sub(charged(layout.size()), Ordering::Relaxed);
        }
        p
    }
}

/// Bytes of a checkpoint's snapshots read and not yet restored into
/// their tables ([`set_aside`]).
static SET_ASIDE: AtomicU64 = AtomicU64::new(0);

/// The bytes the process holds on the heap now, less those set aside.
pub fn held() -> u64 {
    HELD.load(Ordering::Relaxed)
        .saturating_sub(SET_ASIDE.load(Ordering::Relaxed))
}

/// Leaves `bytes` of snapshots read from a checkpoint out of [`held`]
/// until [`restored`] says they are gone. Tables are sized from what the
/// budget leaves when they are made, which is before the snapshots are
/// restored into them: counted, the snapshots made the tables of a
/// resumed run a fraction of the run's before (Cram 5x9 at `--memory
/// 12M`: 0.8 MiB of tables instead of 4.5). The budget has room for both:
/// the tables take three eighths of it, and a snapshot 10 bytes for
/// each 8-byte slot in use.
pub fn set_aside(bytes: u64) {
    SET_ASIDE.fetch_add(bytes, Ordering::Relaxed);
}

/// Counts again `bytes` set aside, once their snapshot is restored and
/// dropped.
pub fn restored(bytes: u64) {
    SET_ASIDE.fetch_sub(bytes, Ordering::Relaxed);
}

/// The default budget: half the machine's memory (what a computation may
/// take without pushing the rest of the machine into swap or the OOM
/// killer), at most [`MAX_DEFAULT`]; [`FALLBACK`] where the machine's
/// memory cannot be read.
pub fn default_budget() -> u64 {
    let total = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| mem_total(&text));
    match total {
        Some(bytes) => (bytes / 2).min(MAX_DEFAULT),
        None => FALLBACK,
    }
}

/// The most the default budget allows, however large the machine.
pub const MAX_DEFAULT: u64 = 1 << 30;
/// The default budget where the machine's memory is unknown.
pub const FALLBACK: u64 = 1 << 30;

/// `MemTotal` of `/proc/meminfo`, in bytes.
fn mem_total(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// Reads a size as `--memory` takes it: bytes, or a number with `K`, `M`,
/// `G` or `T` (powers of 1024; `KB`, `MiB`, ... also read). Zero is
/// refused here, where the user typed it: no computation fits in it, and a
/// budget of nothing is more likely a slip than a wish.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (num, unit) = t.split_at(digits);
    let bad = || "expected a size such as 512M, 4G or a number of bytes".to_string();
    let n: u64 = num.parse().map_err(|_| bad())?;
    let shift = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        "T" | "TB" | "TIB" => 40,
        _ => return Err(bad()),
    };
    match n.checked_mul(1 << shift) {
        Some(0) => Err("no computation fits in 0 bytes: give a size such as 512M".to_string()),
        Some(bytes) => Ok(bytes),
        None => Err("too large: at most 16 EiB".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(parse_size("4G"), Ok(4 << 30));
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("64m"), Ok(64 << 20));
        assert_eq!(parse_size("1000"), Ok(1000));
        assert_eq!(parse_size("2KiB"), Ok(2048));
        assert!(parse_size("G").is_err());
        assert!(parse_size("-1G").is_err());
        assert!(parse_size("4X").is_err());
        assert!(parse_size("99999999999T").is_err());
        assert!(parse_size("0").is_err());
        assert!(parse_size("0G").is_err());
    }

    /// Small allocations cost their chunk (a 4-byte key costs 32 bytes),
    /// large ones whole pages.
    #[test]
    fn allocations_cost_their_chunks() {
        assert_eq!(charged(1), 32);
        assert_eq!(charged(24), 32);
        assert_eq!(charged(25), 48);
        assert_eq!(charged(1000), 1008);
        assert_eq!(charged(128 * 1024), 128 * 1024 + 4096);
        assert_eq!(charged(usize::MAX) % 4096, 0);
    }

    #[test]
    fn the_machine_memory_is_read_from_meminfo() {
        let info = "MemTotal:       24683520 kB\nMemFree:  1 kB\n";
        assert_eq!(mem_total(info), Some(24683520 * 1024));
        assert_eq!(mem_total("nothing"), None);
    }
}
