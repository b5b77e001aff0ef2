//! The values of a heap game, stored as narrowly as they allow.
//!
//! Octal games have small values: 16 bits per heap keep a table of 2^30
//! heaps in 2 GiB and keep the working window of the sparse-space scan in
//! cache. Games whose values grow with the heap (sub-allbut) widen the
//! table to 32 bits the first time a value needs it.

/// The Grundy values of heaps `0..len()`, `G(0), G(1), ...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapValues {
    /// Every value fits in 16 bits.
    Narrow(Vec<u16>),
    /// Some value needed more than 16 bits.
    Wide(Vec<u32>),
}

impl Default for HeapValues {
    fn default() -> Self {
        HeapValues::Narrow(Vec::new())
    }
}

impl HeapValues {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many values are stored.
    pub fn len(&self) -> usize {
        match self {
            HeapValues::Narrow(v) => v.len(),
            HeapValues::Wide(v) => v.len(),
        }
    }

    /// Whether no value is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `G(n)`; `n` must be below `len()`.
    #[inline]
    pub fn get(&self, n: usize) -> u32 {
        match self {
            HeapValues::Narrow(v) => v[n] as u32,
            HeapValues::Wide(v) => v[n],
        }
    }

    /// Appends `G(len())`.
    #[inline]
    pub fn push(&mut self, value: u32) {
        match self {
            HeapValues::Narrow(v) => match u16::try_from(value) {
                Ok(x) => v.push(x),
                Err(_) => {
                    let mut wide: Vec<u32> = v.iter().map(|&x| x as u32).collect();
                    wide.push(value);
                    *self = HeapValues::Wide(wide);
                }
            },
            HeapValues::Wide(v) => v.push(value),
        }
    }

    /// Reserves room for `extra` more values.
    pub fn reserve(&mut self, extra: usize) {
        match self {
            HeapValues::Narrow(v) => v.reserve(extra),
            HeapValues::Wide(v) => v.reserve(extra),
        }
    }

    /// Keeps the first `len` values.
    pub fn truncate(&mut self, len: usize) {
        match self {
            HeapValues::Narrow(v) => v.truncate(len),
            HeapValues::Wide(v) => v.truncate(len),
        }
    }

    /// The values in `range` as `u64`s, for reports.
    pub fn to_u64(&self, range: std::ops::Range<usize>) -> Vec<u64> {
        match self {
            HeapValues::Narrow(v) => v[range].iter().map(|&x| x as u64).collect(),
            HeapValues::Wide(v) => v[range].iter().map(|&x| x as u64).collect(),
        }
    }

    /// The largest value stored.
    pub fn max(&self) -> u32 {
        match self {
            HeapValues::Narrow(v) => v.iter().copied().max().unwrap_or(0) as u32,
            HeapValues::Wide(v) => v.iter().copied().max().unwrap_or(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widens_when_needed() {
        let mut t = HeapValues::new();
        t.push(3);
        t.push(70_000);
        assert!(matches!(t, HeapValues::Wide(_)));
        assert_eq!((t.get(0), t.get(1), t.len()), (3, 70_000, 2));
        t.truncate(1);
        assert_eq!(t.to_u64(0..1), [3]);
    }
}
