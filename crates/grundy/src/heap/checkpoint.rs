//! Checkpoints of long sequence runs.
//!
//! A checkpoint is the game's name and every value computed so far, with a
//! CRC-32 over the whole file so that a truncated or damaged file is refused
//! rather than resumed from. The engine's derived state (rare heaps, the
//! partition, value counts) is rebuilt from the values on resume, so the
//! values are the whole state and a resumed run ends with exactly the values
//! of an uninterrupted one.
//!
//! Layout (all integers little-endian):
//!
//! | bytes | field |
//! | --- | --- |
//! | 8 | magic `GRUNDYCK` |
//! | 4 | format version (1) |
//! | 4 | length of the game name |
//! | ... | the game name, UTF-8 |
//! | 1 | bytes per value (2 or 4) |
//! | 8 | number of values |
//! | ... | the values |
//! | 4 | CRC-32 of everything before it |
//!
//! Writing goes to any `Write`; the caller makes it atomic (write a
//! temporary file, then rename it over the old one).

use std::io::{Read, Write};

use super::values::HeapValues;
use crate::error::{Error, Result};

const MAGIC: &[u8; 8] = b"GRUNDYCK";
const VERSION: u32 = 1;

/// A `Write` that also feeds a CRC.
struct Crc<W> {
    inner: W,
    crc: crc32fast::Hasher,
}

impl<W: Write> Write for Crc<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.crc.update(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// Writes a checkpoint of `table` for the game `name`.
pub fn write<W: Write>(out: W, name: &str, table: &HeapValues) -> std::io::Result<()> {
    let mut w = Crc {
        inner: out,
        crc: crc32fast::Hasher::new(),
    };
    w.write_all(MAGIC)?;
    w.write_all(&VERSION.to_le_bytes())?;
    w.write_all(&(name.len() as u32).to_le_bytes())?;
    w.write_all(name.as_bytes())?;
    let width: u8 = match table {
        HeapValues::Narrow(_) => 2,
        HeapValues::Wide(_) => 4,
    };
    w.write_all(&[width])?;
    w.write_all(&(table.len() as u64).to_le_bytes())?;
    let mut buf = Vec::with_capacity(1 << 16);
    for chunk_start in (0..table.len()).step_by(1 << 14) {
        buf.clear();
        for n in chunk_start..(chunk_start + (1 << 14)).min(table.len()) {
            match table {
                HeapValues::Narrow(v) => buf.extend_from_slice(&v[n].to_le_bytes()),
                HeapValues::Wide(v) => buf.extend_from_slice(&v[n].to_le_bytes()),
            }
        }
        w.write_all(&buf)?;
    }
    let crc = w.crc.clone().finalize();
    w.inner.write_all(&crc.to_le_bytes())?;
    w.inner.flush()
}

/// A `Read` that also feeds a CRC.
struct CrcRead<R> {
    inner: R,
    crc: crc32fast::Hasher,
}

impl<R: Read> CrcRead<R> {
    fn exact(&mut self, buf: &mut [u8]) -> Result<()> {
        self.inner
            .read_exact(buf)
            .map_err(|_| corrupt("it ends too early"))?;
        self.crc.update(buf);
        Ok(())
    }
}

fn corrupt(why: &str) -> Error {
    Error::parse(format!(
        "the checkpoint is damaged ({why}); delete it to start over"
    ))
}

/// Reads a checkpoint, refusing one for another game or a damaged one.
pub fn read<R: Read>(input: R, expected_name: &str) -> Result<HeapValues> {
    read_checked(input, expected_name, None)
}

/// [`read`] from a file of `file_len` bytes: a header whose count of
/// values does not match the file's length is refused before any value is
/// read.
pub fn read_sized<R: Read>(input: R, expected_name: &str, file_len: u64) -> Result<HeapValues> {
    read_checked(input, expected_name, Some(file_len))
}

fn read_checked<R: Read>(
    input: R,
    expected_name: &str,
    file_len: Option<u64>,
) -> Result<HeapValues> {
    let mut r = CrcRead {
        inner: input,
        crc: crc32fast::Hasher::new(),
    };
    let header = read_header(&mut r)?;
    let (width, count) = (header.width, header.count);
    // The header, the values, then the CRC: a size that the file does not
    // have is refused before anything is allocated for it.
    let expected_len = header
        .bytes
        .saturating_add(count.saturating_mul(width as u64))
        .saturating_add(4);
    if let Some(len) = file_len.filter(|&len| len != expected_len) {
        return Err(corrupt(&format!(
            "it claims {count} values of {width} bytes, which take {expected_len} bytes, but it has {len}"
        )));
    }
    if header.name != expected_name {
        // Another game's checkpoint only if the rest is whole: a name
        // damaged on disk reads as a damaged file, not as another game.
        skip_values(&mut r, width, count)?;
        check_tail(r)?;
        return Err(Error::parse(format!(
            "the checkpoint is for `{}`, not `{expected_name}`",
            header.name
        )));
    }
    let table = read_values(&mut r, width, count)?;
    check_tail(r)?;
    Ok(table)
}

/// Checks the checksum that ends a checkpoint, and that nothing follows.
fn check_tail<R: Read>(mut r: CrcRead<R>) -> Result<()> {
    let expected = r.crc.clone().finalize();
    let mut word = [0u8; 4];
    r.inner
        .read_exact(&mut word)
        .map_err(|_| corrupt("the checksum is missing"))?;
    if u32::from_le_bytes(word) != expected {
        return Err(corrupt("the checksum does not match"));
    }
    let mut extra = [0u8; 1];
    if r.inner.read(&mut extra).unwrap_or(0) != 0 {
        return Err(corrupt("there are bytes after the checksum"));
    }
    Ok(())
}

/// What a checkpoint's header says about the values that follow it.
struct Header {
    /// Bytes per value: 2 or 4.
    width: u8,
    /// How many values.
    count: u64,
    /// The header's own length in bytes.
    bytes: u64,
    /// The game the values are of.
    name: String,
}

/// Reads and checks magic, version, game name, width and count.
fn read_header<R: Read>(r: &mut CrcRead<R>) -> Result<Header> {
    let mut magic = [0u8; 8];
    r.exact(&mut magic)?;
    if &magic != MAGIC {
        return Err(Error::parse("this file is not a grundy checkpoint"));
    }
    let mut word = [0u8; 4];
    r.exact(&mut word)?;
    if u32::from_le_bytes(word) != VERSION {
        return Err(Error::parse(format!(
            "checkpoint format version {} is not supported (this grundy writes {VERSION})",
            u32::from_le_bytes(word)
        )));
    }
    r.exact(&mut word)?;
    let name_len = u32::from_le_bytes(word) as usize;
    if name_len > 4096 {
        return Err(corrupt("the game name is too long"));
    }
    let mut name = vec![0u8; name_len];
    r.exact(&mut name)?;
    let name = String::from_utf8(name).map_err(|_| corrupt("the game name is not UTF-8"))?;
    let mut width = [0u8; 1];
    r.exact(&mut width)?;
    if width[0] != 2 && width[0] != 4 {
        return Err(corrupt("unknown value width"));
    }
    let mut count = [0u8; 8];
    r.exact(&mut count)?;
    let count = u64::from_le_bytes(count);
    if count >= u32::MAX as u64 {
        return Err(corrupt("it claims too many values"));
    }
    Ok(Header {
        width: width[0],
        count,
        bytes: 8 + 4 + 4 + name_len as u64 + 1 + 8,
        name,
    })
}

/// Reads past `count` values of `width` bytes, into the checksum only.
fn skip_values<R: Read>(r: &mut CrcRead<R>, width: u8, count: u64) -> Result<()> {
    let mut buf = vec![0u8; (1 << 14) * width as usize];
    let mut left = count as usize;
    while left > 0 {
        let n = left.min(1 << 14);
        r.exact(&mut buf[..n * width as usize])?;
        left -= n;
    }
    Ok(())
}

/// Reads `count` values of `width` bytes, a block at a time.
fn read_values<R: Read>(r: &mut CrcRead<R>, width: u8, count: u64) -> Result<HeapValues> {
    let mut table = match width {
        2 => HeapValues::Narrow(Vec::new()),
        _ => HeapValues::Wide(Vec::new()),
    };
    let mut buf = vec![0u8; (1 << 14) * width as usize];
    let mut left = count as usize;
    while left > 0 {
        let n = left.min(1 << 14);
        let bytes = &mut buf[..n * width as usize];
        r.exact(bytes)?;
        match &mut table {
            HeapValues::Narrow(v) => v.extend(
                bytes
                    .chunks_exact(2)
                    .map(|c| u16::from_le_bytes([c[0], c[1]])),
            ),
            HeapValues::Wide(v) => v.extend(
                bytes
                    .chunks_exact(4)
                    .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
            ),
        }
        left -= n;
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> HeapValues {
        let mut t = HeapValues::new();
        for n in 0..50_000u32 {
            t.push(n % 7 + n / 10_000);
        }
        t
    }

    #[test]
    fn round_trip() {
        let mut bytes = Vec::new();
        write(&mut bytes, "kayles", &sample()).unwrap();
        assert_eq!(read(&bytes[..], "kayles").unwrap(), sample());
        let mut wide = sample();
        wide.push(100_000);
        bytes.clear();
        write(&mut bytes, "0.6", &wide).unwrap();
        assert_eq!(read(&bytes[..], "0.6").unwrap(), wide);
    }

    #[test]
    fn refuses_other_games_and_damage() {
        let mut bytes = Vec::new();
        write(&mut bytes, "kayles", &sample()).unwrap();
        let other = read(&bytes[..], "grundy").unwrap_err().to_string();
        assert!(other.contains("for `kayles`"), "{other}");
        let mut flipped = bytes.clone();
        flipped[100] ^= 1;
        assert!(read(&flipped[..], "kayles")
            .unwrap_err()
            .to_string()
            .contains("checksum"));
        let short = &bytes[..bytes.len() - 10];
        assert!(read(short, "kayles")
            .unwrap_err()
            .to_string()
            .contains("damaged"));
        assert!(read(&b"hello world, not a checkpoint"[..], "kayles").is_err());
        // A letter of the name flipped on disk: damage, not another game.
        let mut renamed = bytes.clone();
        renamed[8 + 4 + 4 + 1] = b'b';
        let err = read(&renamed[..], "kayles").unwrap_err().to_string();
        assert!(
            err.contains("damaged (the checksum does not match)"),
            "{err}"
        );
    }

    #[test]
    fn a_count_that_does_not_match_the_file_is_refused_before_reading() {
        let mut bytes = Vec::new();
        write(&mut bytes, "kayles", &sample()).unwrap();
        let len = bytes.len() as u64;
        assert_eq!(read_sized(&bytes[..], "kayles", len).unwrap(), sample());
        // The count sits after magic, version, name length, name, width.
        let at = 8 + 4 + 4 + "kayles".len() + 1;
        bytes[at..at + 8].copy_from_slice(&(1u64 << 31).to_le_bytes());
        let err = read_sized(&bytes[..], "kayles", len)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("claims 2147483648 values of 2 bytes, which take 4294967331 bytes, but it has 100035"),
            "{err}"
        );
    }
}
