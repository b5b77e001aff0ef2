//! Checkpoints of long quotient runs: the quotient proven so far, so that
//! a run stopped (even by SIGKILL, the caller writing atomically) goes on
//! from its last proven heap instead of heap 1.
//!
//! Layout (integers little-endian; an array is its length as a u64, then
//! its items):
//!
//! | field |
//! | --- |
//! | magic `GRUNDYQT`, format version (u32, 1) |
//! | the game name (array of bytes) |
//! | the states checked (u64) |
//! | the order (u64), the table (array of u32), the P-portion (array of bytes) |
//! | each heap's element (array of u32) |
//! | each heap's option elements (array of arrays of u32) |
//! | each element's least sum (array of arrays of u64) |
//! | the generators (array of u64), the last change (u64) |
//! | CRC-32 of everything before it (u32) |
//!
//! The heaps' own options are not stored: they are the game's, listed
//! again on resume.

use std::io::Write;

use super::build::Build;
use super::monoid::Bipartite;
use crate::error::{Error, Result};
use crate::game::Limits;
use crate::heap::options::HeapOptions;
use crate::heap::HeapSequence;

const MAGIC: &[u8; 8] = b"GRUNDYQT";
const VERSION: u32 = 1;

/// A quotient run's state at a proven heap.
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub(super) built: Build,
    pub(super) checked: usize,
}

impl Snapshot {
    /// The state at the heap before `later`'s last: `base`, the copy
    /// [`Build::without_options`] made before that heap was added, with
    /// the heaps' options taken from `later` (the same for the heaps both
    /// hold), as [`Build::restored`] takes them but leaving `later` whole.
    pub(super) fn before(base: &Build, later: &Build, checked: usize) -> Snapshot {
        let mut built = base.clone();
        built.options = later.options.clone();
        built.options.truncate(built.heaps.len());
        Snapshot { built, checked }
    }

    /// The last heap proven.
    pub fn heap(&self) -> u64 {
        self.built.heaps.len() as u64 - 1
    }

    /// Writes the snapshot of the game `name`.
    pub fn write<W: Write>(&self, out: W, name: &str) -> std::io::Result<()> {
        let b = &self.built;
        let mut buf: Vec<u8> = Vec::new();
        buf.extend_from_slice(MAGIC);
        buf.extend_from_slice(&VERSION.to_le_bytes());
        put_bytes(&mut buf, name.as_bytes());
        put(&mut buf, self.checked as u64);
        put(&mut buf, b.monoid.order as u64);
        put_u32s(&mut buf, &b.monoid.mul);
        let p: Vec<u8> = b.monoid.p.iter().map(|&x| x as u8).collect();
        put_bytes(&mut buf, &p);
        put_u32s(&mut buf, &b.heaps);
        put(&mut buf, b.heap_options.len() as u64);
        b.heap_options.iter().for_each(|o| put_u32s(&mut buf, o));
        put(&mut buf, b.reps.len() as u64);
        b.reps.iter().for_each(|r| put_u64s(&mut buf, r));
        put_u64s(&mut buf, &b.generators);
        put(&mut buf, b.last_change);
        let crc = crc32fast::hash(&buf);
        buf.extend_from_slice(&crc.to_le_bytes());
        let mut out = out;
        out.write_all(&buf)?;
        out.flush()
    }

    /// Reads the snapshot in `bytes`, refusing one for another game, a
    /// damaged one, or one whose tables do not hold together; the heaps'
    /// options are listed again from `moves`.
    pub fn read(bytes: &[u8], moves: &dyn HeapSequence, limits: &Limits) -> Result<Snapshot> {
        // Another kind of file is named so before its checksum is read:
        // a board checkpoint was once called damaged.
        if bytes.get(..MAGIC.len()) != Some(&MAGIC[..]) {
            return Err(Error::parse(
                "this file is not a grundy quotient checkpoint",
            ));
        }
        let body = check_crc(bytes)?;
        let mut r = Reader { rest: body };
        r.take(MAGIC.len())?;
        let version = u32::from_le_bytes(r.take(4)?.try_into().expect("4 bytes"));
        if version != VERSION {
            return Err(Error::parse(format!(
                "quotient checkpoint format version {version} is not supported (this grundy writes {VERSION})"
            )));
        }
        let name =
            String::from_utf8(r.bytes()?.to_vec()).map_err(|_| corrupt("the name is not UTF-8"))?;
        if name != moves.checkpoint_name() {
            return Err(Error::parse(format!(
                "the checkpoint is for `{name}`, not `{}`",
                moves.checkpoint_name()
            )));
        }
        let checked = r.u64()? as usize;
        let order = r.u64()? as usize;
        let mul = r.numbers(u32::from_le_bytes)?;
        let p: Vec<bool> = r.bytes()?.iter().map(|&x| x != 0).collect();
        let heaps = r.numbers(u32::from_le_bytes)?;
        let heap_options = (0..r.len(8)?)
            .map(|_| r.numbers(u32::from_le_bytes))
            .collect::<Result<Vec<_>>>()?;
        let reps = (0..r.len(8)?)
            .map(|_| r.numbers(u64::from_le_bytes))
            .collect::<Result<Vec<_>>>()?;
        let generators = r.numbers(u64::from_le_bytes)?;
        let last_change = r.u64()?;
        let fits = |x: &u32| (*x as usize) < order;
        let sound = order >= 1
            && Some(mul.len()) == order.checked_mul(order)
            && p.len() == order
            && reps.len() == order
            && !heaps.is_empty()
            && heap_options.len() == heaps.len()
            && mul.iter().all(fits)
            && heaps.iter().all(fits)
            && heap_options.iter().flatten().all(fits)
            && r.rest.is_empty();
        if !sound {
            return Err(corrupt("its tables do not hold together"));
        }
        let mut options = HeapOptions::default();
        let mut opts = Vec::new();
        for n in 0..heaps.len() as u64 {
            opts.clear();
            moves.heap_options(n, limits, &mut opts)?;
            options.push(&opts, limits)?;
        }
        let monoid = Bipartite { order, mul, p };
        let built = Build {
            monoid,
            heaps,
            heap_options,
            reps,
            generators,
            last_change,
            options,
        };
        Ok(Snapshot { built, checked })
    }
}

fn put(buf: &mut Vec<u8>, x: u64) {
    buf.extend_from_slice(&x.to_le_bytes());
}

fn put_bytes(buf: &mut Vec<u8>, xs: &[u8]) {
    put(buf, xs.len() as u64);
    buf.extend_from_slice(xs);
}

fn put_u32s(buf: &mut Vec<u8>, xs: &[u32]) {
    put(buf, xs.len() as u64);
    xs.iter()
        .for_each(|x| buf.extend_from_slice(&x.to_le_bytes()));
}

fn put_u64s(buf: &mut Vec<u8>, xs: &[u64]) {
    put(buf, xs.len() as u64);
    xs.iter().for_each(|&x| put(buf, x));
}

fn corrupt(why: &str) -> Error {
    Error::parse(format!(
        "the quotient checkpoint is damaged ({why}); delete it to start over"
    ))
}

/// The bytes before the CRC, when it matches.
fn check_crc(bytes: &[u8]) -> Result<&[u8]> {
    let split = bytes
        .len()
        .checked_sub(4)
        .ok_or_else(|| corrupt("it ends too early"))?;
    let (body, crc) = bytes.split_at(split);
    match crc32fast::hash(body).to_le_bytes() == crc {
        true => Ok(body),
        false => Err(corrupt("the checksum does not match")),
    }
}

/// Reads fields off the front of a checked body; every length is checked
/// against what is left before anything is allocated for it.
struct Reader<'a> {
    rest: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        if n > self.rest.len() {
            return Err(corrupt("it ends too early"));
        }
        let (head, tail) = self.rest.split_at(n);
        self.rest = tail;
        Ok(head)
    }

    fn u64(&mut self) -> Result<u64> {
        Ok(u64::from_le_bytes(
            self.take(8)?.try_into().expect("8 bytes"),
        ))
    }

    /// An array's length, refused when its items (`width` bytes each, at
    /// least) cannot fit in what is left.
    fn len(&mut self, width: usize) -> Result<usize> {
        let n = self.u64()?;
        match n.checked_mul(width as u64) {
            Some(bytes) if bytes <= self.rest.len() as u64 => Ok(n as usize),
            _ => Err(corrupt("an array is longer than the file")),
        }
    }

    fn bytes(&mut self) -> Result<&'a [u8]> {
        let n = self.len(1)?;
        self.take(n)
    }

    /// An array of little-endian numbers of `N` bytes each, as `from_le`
    /// (`u32::from_le_bytes`) reads one.
    fn numbers<const N: usize, T>(&mut self, from_le: fn([u8; N]) -> T) -> Result<Vec<T>> {
        let n = self.len(N)?;
        let raw = self.take(n * N)?;
        Ok(raw
            .chunks_exact(N)
            .map(|c| from_le(c.try_into().expect("N bytes")))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::super::{MisereQuotient, Progress};
    use super::Snapshot;
    use crate::game::Limits;

    /// The snapshot a long heap's repairs offer is the run's state at the
    /// heap before: as it is, or saved and read back, it goes on to the
    /// quotient of a run never stopped (0.07's heap 25 takes 23 repairs).
    #[test]
    fn a_repairs_snapshot_resumes_to_the_same_quotient() {
        let game = crate::parse("0.07", Default::default()).unwrap();
        let moves = game.heap().unwrap();
        let limits = Limits::default();
        let mut offered = None;
        let whole = MisereQuotient::compute_reached(moves, 30, &limits, None, &mut |p| {
            if let Progress::Repairing {
                heap: 25, proven, ..
            } = p
            {
                offered = Some(proven());
            }
        })
        .unwrap();
        let offered = offered.expect("heap 25 is repaired");
        assert_eq!(offered.heap(), 24);
        let mut bytes = Vec::new();
        offered.write(&mut bytes, &moves.name()).unwrap();
        let read = Snapshot::read(&bytes, moves, &limits).unwrap();
        let report = |q: &MisereQuotient| format!("{:?}", q.report());
        // As read back, and as offered (with the heaps' options kept).
        for start in [read, offered] {
            let resumed =
                MisereQuotient::compute_reached(moves, 30, &limits, Some(start), &mut |_| {})
                    .unwrap();
            assert!(resumed.stopped.is_none());
            assert_eq!(report(&resumed.quotient), report(&whole.quotient));
        }
    }
}
