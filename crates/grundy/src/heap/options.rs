//! The options of heaps, listed once and kept flat.

use rustc_hash::FxHashMap;

/// The options of the heaps kept, each option the heaps it leaves, in two
/// flat lists and an index. A game like Nim has as many options as the
/// square of its heaps (12.5 million for 5,000 heaps): a list of its own
/// for each option, a small allocation each, costs the allocator several
/// times the bytes the memory budget counts. The misère quotient keeps
/// heaps `0, 1, 2, ...` in order; the genus table keeps them as it meets
/// them.
#[derive(Clone, Debug, Default)]
pub struct HeapOptions {
    /// The heaps of every option, one option after another.
    parts: Vec<u64>,
    /// Where each option's heaps end in `parts`.
    option_ends: Vec<usize>,
    /// Each heap kept, with the range of its options in `option_ends`.
    heaps: FxHashMap<u64, (usize, usize)>,
}

impl HeapOptions {
    /// Keeps heap `h`'s options (`h` is not kept yet).
    pub fn insert(&mut self, h: u64, options: &[Vec<u64>]) {
        let first = self.option_ends.len();
        for o in options {
            self.parts.extend_from_slice(o);
            self.option_ends.push(self.parts.len());
        }
        self.heaps.insert(h, (first, self.option_ends.len()));
    }

    /// Keeps the options of the next heap, `len()`, of a store kept in
    /// order.
    pub fn push(&mut self, options: &[Vec<u64>]) {
        self.insert(self.len() as u64, options);
    }

    /// How many heaps' options are kept.
    pub fn len(&self) -> usize {
        self.heaps.len()
    }

    /// The options of heap `h`, each the heaps it leaves, if kept.
    pub fn get(&self, h: u64) -> Option<impl ExactSizeIterator<Item = &[u64]> + Clone + '_> {
        let &(first, end) = self.heaps.get(&h)?;
        Some((first..end).map(move |i| {
            let start = i.checked_sub(1).map_or(0, |j| self.option_ends[j]);
            &self.parts[start..self.option_ends[i]]
        }))
    }

    /// The options of heap `h` of a store kept in order, `h < len()`.
    pub fn of(&self, h: usize) -> impl ExactSizeIterator<Item = &[u64]> + Clone + '_ {
        self.get(h as u64).expect("the heaps below len() are kept")
    }

    /// Whether heap `h` of a store kept in order has no move.
    pub fn none(&self, h: usize) -> bool {
        self.of(h).len() == 0
    }

    /// The options of each heap in turn, of a store kept in order.
    pub fn each(&self) -> impl Iterator<Item = impl ExactSizeIterator<Item = &[u64]> + '_> {
        (0..self.len()).map(|h| self.of(h))
    }

    /// Keeps the options of heaps `0..heaps` only, of a store kept in
    /// order.
    pub fn truncate(&mut self, heaps: usize) {
        let Some(&(first, _)) = self.heaps.get(&(heaps as u64)) else {
            return;
        };
        self.heaps.retain(|&h, _| h < heaps as u64);
        self.option_ends.truncate(first);
        let parts = self.option_ends.last().copied().unwrap_or(0);
        self.parts.truncate(parts);
    }
}

#[cfg(test)]
mod tests {
    use super::HeapOptions;

    #[test]
    fn options_read_back_as_kept_and_truncate_by_heaps() {
        let heaps: Vec<Vec<Vec<u64>>> = vec![
            vec![],
            vec![vec![]],
            vec![vec![1], vec![]],
            vec![vec![1, 1], vec![2], vec![1]],
        ];
        let mut kept = HeapOptions::default();
        heaps.iter().for_each(|o| kept.push(o));
        let back: Vec<Vec<Vec<u64>>> = kept
            .each()
            .map(|o| o.map(|x| x.to_vec()).collect())
            .collect();
        assert_eq!(back, heaps);
        assert!(kept.none(0) && !kept.none(1));
        kept.truncate(2);
        assert_eq!(kept.len(), 2);
        kept.push(&[vec![0, 0]]);
        assert_eq!(kept.of(2).collect::<Vec<_>>(), [&[0u64, 0][..]]);
        // Out of order, as the genus table meets heaps.
        let mut met = HeapOptions::default();
        met.insert(7, &[vec![3, 3]]);
        met.insert(2, &[]);
        assert_eq!(met.get(7).unwrap().collect::<Vec<_>>(), [&[3u64, 3][..]]);
        assert_eq!(met.get(2).unwrap().len(), 0);
        assert!(met.get(3).is_none());
    }
}
